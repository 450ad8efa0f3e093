"""Lesson helpers for the trick-taking games: a trick table drawn from one player's view, and
the lesson module's position quiz and stepped replay drawing it.

Every verdict comes from ``game.explain``; the quiz never changes the game, and tables are
drawn from ``state.view(player)``, so other players' hands never reach the page.

>>> import danish_nb as dn
>>> g = dn.setup("bastard", {"hands": [["2H", "AS"], ["KH", "3C"], ["4H"]], "trump": "spades",
...                          "trick": ["QH"], "leader": 2, "won": [[], [], [["2C", "3D", "4D"]]]})
>>> quiz = TrickQuiz(g, try_moves=["P1 play AS"])
>>> [b.description for b in quiz.buttons]
['P1 play 2♥', 'P1 play A♠']
>>> print(quiz.answer("P1 play AS"))
illegal: you must follow hearts: you hold 2♥ (rule BA-10)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from IPython.display import HTML

from ..core import DanishNbError, Game, Text
from ..families.tricks import TrickView
from ..render.tricks import last_trick_html, scores_html, table_html
from .lesson import PositionQuiz, Replay
from .tricks_board import TRICKS_CSS


def trick_view_html(view: TrickView, *, scores: bool = False, last: bool = True) -> str:
    """A trick table from ``view`` (seats named ``P1 (you)``, ``P2``...), with the last trick
    (``last``) and the score table (``scores``) if asked. Raises :class:`DanishNbError` for a
    view of another family."""
    if not isinstance(view, TrickView):
        raise DanishNbError(f"trick tables draw trick-taking games only, not {type(view).__name__}")
    names = [f"P{seat + 1}" + (" (you)" if seat == view.me else "") for seat in range(view.players)]
    extra = last_trick_html(view.last_trick, names) if last and view.last_trick is not None else ""
    table = table_html(view, names)
    return (f'<div class="dn-lesson"><style>{TRICKS_CSS}</style>{table}{extra}'
            f'{scores_html(view) if scores else ""}</div>')


def show_trick_table(game: Game, player: int | None = None, *, scores: bool = False) -> HTML:
    """The table as ``player`` sees it (default: the player to move)."""
    seat = game.current_player if player is None else player
    return HTML(trick_view_html(game.state.view(seat), scores=scores))


class TrickQuiz(PositionQuiz):
    """The lesson :class:`~danish_nb.widgets.lesson.PositionQuiz` ("what may you play, and
    why?") with the table drawn by :func:`trick_view_html`."""

    def __init__(self, game: Game, try_moves: Iterable[Any] = (), *, player: int | None = None,
                 prompt: str = "What may you play? Click a move to see what the rules say."):
        super().__init__(game, try_moves, player=player, prompt=prompt, render=trick_view_html)


def _with_scores(view: TrickView) -> str:
    return trick_view_html(view, scores=True)


class TrickReplay(Replay):
    """The lesson :class:`~danish_nb.widgets.lesson.Replay` (controls, slider, step texts) over a
    trick game: each step draws the trick table, the last trick and the score table.
    """

    def __init__(self, game: Game, comments: Sequence[Text] | None = None, *, player: int | None = None,
                 reveal_hands: bool = False):
        super().__init__(game, comments, player=player, reveal_hands=reveal_hands, render=_with_scores)


__all__ = ["TrickQuiz", "TrickReplay", "show_trick_table", "trick_view_html"]

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

from ..cards import Card
from ..core import DanishNbError, Game
from ..families.tricks import TrickView
from ..render.tricks import last_trick_html, scores_html, table_html
from .lesson import PositionQuiz, Replay
from .tricks_board import HIDDEN_REASON, TRICKS_CSS


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


def hidden_in_step(before: Any, move: Any, viewer: int | None) -> set[Card]:
    """The cards ``viewer`` (``None``: a spectator) may not see in the step that plays ``move``
    from state ``before``: other players' hands and cards laid aside face down (a skat, a
    Sjavs discard), less the card the move plays face up and, when that play ends the deal,
    the cards out of play (the scoring counts them openly).

    >>> import danish_nb as dn
    >>> g = dn.setup("sjavs", {"hands": [["QC", "AH"], ["KH", "10S"], ["AS", "KS", "10D", "AD"]],
    ...                        "skat": [], "contract": "play", "soloist": 2, "phase": "discard"})
    >>> sorted(map(str, hidden_in_step(g.state, g.parse_move("P3 discard 10D AD"), 0)))
    ['10♠', '10♦', 'A♠', 'A♦', 'K♠', 'K♥']
    """
    view = before.view(viewer)
    hidden = {card for seat, hand in enumerate(before.hands) if seat != viewer for card in hand}
    if getattr(view, "skat", None) is None:
        hidden.update(getattr(before, "skat", ()) or ())
    if getattr(move, "action", None) == "play":
        hidden.discard(move.card)
        if sum(map(len, before.hands)) == 1:  # the deal's last card
            hidden.difference_update(getattr(before, "skat", ()) or ())
    return hidden


class TrickReplay(Replay):
    """The lesson :class:`~danish_nb.widgets.lesson.Replay` (controls, slider, step texts) over a
    trick game: each step draws the trick table, the last trick and the score table.

    Unless ``reveal_hands``, a step's text names no card hidden from ``player`` (see
    :func:`hidden_in_step`): such a card is written ``?`` (a Sjavs discard: ``P1 discard ? ?``),
    and a computer's reason naming one is replaced by :data:`HIDDEN_REASON`.
    """

    def __init__(self, game: Game, comments: Sequence[str] | None = None, *, player: int | None = None,
                 reveal_hands: bool = False):
        super().__init__(game, comments, player=player, reveal_hands=reveal_hands, render=_with_scores)

    def step_text(self, step: int) -> str:
        """The base step text (move, comment, verdict, events), hidden cards masked."""
        text = super().step_text(step)
        if self.reveal_hands or step == 0:
            return text
        move = self.game.history[step - 1].move
        hidden = hidden_in_step(self.states[step - 1], move, self.player)
        names_cards = bool(getattr(move, "card", None) or getattr(move, "cards", ()))
        lines = text.split("\n")
        for i, line in enumerate(lines):
            if line.startswith("why: ") and any(str(card) in line for card in hidden):
                lines[i] = f"why: {HIDDEN_REASON}"
            elif line.startswith("rules: ") and not names_cards:
                continue  # the verdict on a bid or trump call states a rule (e.g. a suit's trumps)
            for card in hidden:
                lines[i] = lines[i].replace(str(card), "?")
        return "\n".join(lines)


__all__ = ["TrickQuiz", "TrickReplay", "hidden_in_step", "show_trick_table", "trick_view_html"]

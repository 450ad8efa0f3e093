"""Lesson helpers for the trick-taking games: a trick table drawn from one player's view, a
position quiz and a stepped replay (the lesson module's own draw shedding tables only).

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

from collections.abc import Iterable
from html import escape
from typing import Any

import ipywidgets as widgets
from IPython.display import HTML

from ..core import DanishNbError, Game, Verdict
from ..families.tricks import TrickView
from ..render.html import verdict_html
from ..render.tricks import last_trick_html, scores_html, table_html
from .lesson import Replay, style_html
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


class TrickQuiz(widgets.VBox):
    """"Here is the table: what may you play, and why?" for a trick game.

    The table from the view of the player to move (or ``player``) and one button per candidate
    move: every legal move plus the tempting ``try_moves``, sorted by notation. A click shows
    the engine's verdict with each rule quoted; only the offered moves can be asked about.
    """

    def __init__(self, game: Game, try_moves: Iterable[Any] = (), *, player: int | None = None,
                 prompt: str = "What may you play? Click a move to see what the rules say."):
        self.game = game
        seat = game.current_player if player is None else player
        tried = [game.parse_move(m) if isinstance(m, str) else m for m in try_moves]
        self.moves: tuple[Any, ...] = tuple(sorted(dict.fromkeys(game.legal_moves() + tried), key=str))
        self.verdict: Verdict | None = None
        self.table = widgets.HTML(style_html() + trick_view_html(game.state.view(seat)))
        self.buttons = tuple(widgets.Button(description=str(move), tooltip=f"try {move}",
                                            layout=widgets.Layout(width="auto")) for move in self.moves)
        for button, move in zip(self.buttons, self.moves):
            button.on_click(lambda _b, move=move: self.answer(move))
        self.verdict_box = widgets.HTML()
        super().__init__([self.table, widgets.HTML(f"<b>{escape(prompt)}</b>"),
                          widgets.HBox(list(self.buttons), layout=widgets.Layout(flex_flow="row wrap")),
                          self.verdict_box])

    def answers(self) -> str:
        """Every offered move's verdict, one line each (the widget is untouched)."""
        return "\n".join(f"{move} -> {self.game.explain(move)}" for move in self.moves)

    def answer(self, move: Any) -> Verdict:
        """The verdict on one offered move (a move or its notation), shown under the buttons.
        Raises :class:`DanishNbError` for a move the quiz did not offer."""
        if isinstance(move, str):
            move = self.game.parse_move(move)
        if move not in self.moves:
            raise DanishNbError(f"{move} is not one of this quiz's moves: {', '.join(map(str, self.moves))}")
        verdict = self.game.explain(move)
        self.verdict = verdict
        with self.hold_sync():
            self.verdict_box.value = verdict_html(verdict)
            self.buttons[self.moves.index(move)].button_style = "success" if verdict.legal else "danger"
        return verdict


class TrickReplay(Replay):
    """The lesson :class:`~danish_nb.widgets.lesson.Replay` (controls, slider, step texts) over a
    trick game: each step draws the trick table, the last trick and the score table."""

    def _draw(self, step: int) -> None:
        state = self.states[step]
        view = state.view(self.player, reveal_hands=True) if self.reveal_hands else state.view(self.player)
        lines = self.step_text(step).split("\n")
        info = f"<b>{escape(lines[0])}</b><ul>" + "".join(f"<li>{escape(x)}</li>" for x in lines[1:]) + "</ul>"
        with self.hold_sync():
            self.table.value = style_html() + trick_view_html(view, scores=True)
            self.info.value = info


__all__ = ["TrickQuiz", "TrickReplay", "show_trick_table", "trick_view_html"]

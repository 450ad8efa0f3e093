"""An interactive board for Rat Bastard 17 (any game of the ``rat-bastard`` family).

It is the shedding board (:class:`~danish_nb.widgets.board.ShedBoard`) with a Rat Bastard
table: seats, computer players, step-through, hot-seat screen, teaching mode, undo, the
forged-message checks and the single :class:`~danish_nb.widgets.pad.HtmlPad` model are
inherited; the table (running total, hole-card row, deck count, the draw for first player)
and how a click becomes a move are its own. Everything comes from the engine: ``legal_moves``
(playable cards, the wild card's values, the swap buttons), ``explain`` (the verdict shown
before playing) and ``view`` (all that is drawn: face-down hole cards are never sent).

>>> import danish_nb as dn
>>> g = dn.setup("rat-bastard-17", {"hands": [["8H", "4C", "RJ"], ["9S"]], "pile": ["6C", "5D"],
...                                 "holes": [["2D"], ["3D"]]})
>>> board = RatBoard(g, step_mode=True)
>>> board.click_card("8H").legal                 # 11 + 8 = 19: over 17
False
>>> [b for b in ("=1", "=6") if f'data-move="P1 play RJ{b}"' in board.html]   # no wild selected yet
[]
>>> board.click_card("RJ").legal, 'data-move="P1 play RJ=6"' in board.html  # its values are offered
(True, True)
>>> board.play("P1 play RJ=6").legal and board.game.state.total
0
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core import Game, Verdict
from ..games.rat_bastard_17 import ACTIONS, RatMove, is_wild, value_table
from ..render.board import button_html, nav_html
from ..render.rat import DRAW_EVENTS, table_html
from .board import ShedBoard

#: What a move button says (the rest: the move without its player).
LABELS = {"take": "Take (no card fits)", "keep": "Keep: done swapping"}


def move_label(move: RatMove) -> str:
    """A button's label.

    >>> from danish_nb.cards import Card
    >>> move_label(RatMove(0, "swap", Card.parse("7H"), other=Card.parse("KS")))
    '7♥ face up for K♠'
    >>> move_label(RatMove(0, "play", Card.parse("RJ"), value=4)), move_label(RatMove(1, "keep"))
    ('RJ as 4', 'Keep: done swapping')
    """
    if move.action == "swap":
        return f"{move.card} face up for {move.other}"
    if move.value is not None:
        return f"{move.card if move.card is not None else f'position {move.position}'} as {move.value}"
    return LABELS.get(move.action, str(move).split(" ", 1)[1])


class RatBoard(ShedBoard):
    """A board for one Rat Bastard 17 game; ``seats`` says who plays each seat.

    Click a hand card or a face-up hole card to see the verdict of playing it (``dn-verdict``),
    then "Play selected"; a wild card offers one button per value that fits. A face-down hole
    card is played blind by clicking it. The swap phase, keep and take are buttons. The Python
    methods are the shedding board's: ``click_card("7H")``, ``play_selected()``,
    ``click_closed(slot)`` (a face-down hole card, slot = position - 1), ``play("P1 take")``,
    ``step_computer()``, ``first/back/forward/last()``, ``verdict_text``, ``message``.
    """

    def __init__(self, game: Game, seats: Sequence[str] | None = None, *, teaching: bool = False,
                 step_mode: bool = False):
        super().__init__(game, seats, teaching=teaching, step_mode=step_mode)
        with self.widget.hold_sync():
            self.widget._anywidget_id = f"{__name__}.RatBoard"

    # ------------------------------------------------------------------ clicks to moves
    def _shown_state(self) -> Any:
        return self.game.states()[self.position] if self.position is not None else self.game.state

    def _spot_move(self, spot: tuple[str, int]) -> RatMove:
        """The move a click on one of the viewer's cards makes: a hand card is played, a hole
        card is played from its position. A wild card takes the highest value that fits (the
        other values are buttons); with none, the move without a value (its verdict says why)."""
        zone, index = spot
        state = self.game.state
        if zone == "hand":
            card = state.hands[self.viewer][index]
            move = RatMove(self.viewer, "play", card)
        else:
            card = state.holes[self.viewer][index]
            move = RatMove(self.viewer, "hole", position=index + 1)
        if is_wild(card, state.options):
            values = self._wild_moves(move)
            if values:
                return values[-1]
        return move

    def _wild_moves(self, move: RatMove) -> list[RatMove]:
        """The legal moves that play ``move``'s card with a chosen value, lowest value first."""
        return sorted((m for m in self._my_moves() if m.value is not None and m.action == move.action
                       and m.card == move.card and m.position == move.position), key=lambda m: m.value)

    def _toggle(self, spot: tuple[str, int]) -> Verdict | None:
        """Select a card (or unselect it) and show the verdict of playing it."""
        self.message = ""
        self.selection = [] if spot in self.selection else [spot]
        self.verdict = self._selection_verdict()
        self._render()
        return self.verdict

    def _selected_move(self) -> RatMove | None:
        return self._spot_move(self.selection[-1]) if self.selection else None

    def click_closed(self, index: int) -> Verdict | None:
        """Play your face-down hole card at slot ``index`` (position ``index + 1``) blind."""
        if index not in self._offer.get("closed", ()):
            return self._refuse(f"there is no face-down hole card of yours at position {index + 1} to play now")
        return self._try(RatMove(self.viewer, "hole", position=index + 1))

    # ------------------------------------------------------------------ drawing
    def _board_html(self) -> str:
        view = self._shown_state().view(self.viewer, reveal_hands=self.teaching)
        moves = self._my_moves()
        cards: dict[tuple[str, int], str] = {}
        closed: set[int] = set()
        playable: set[tuple[str, int]] = set()
        if moves and moves[0].action not in ("swap", "keep"):
            me = self.viewer
            hand = view.hands[me]
            fitting = {m.card for m in moves if m.action == "play"}
            holes = {m.position - 1 for m in moves if m.action == "hole"}
            for i, card in enumerate(hand):
                cards["hand", i] = card.code
                if card in fitting:
                    playable.add(("hand", i))
            for slot, (up, down) in enumerate(zip(view.hole_up[me], view.hole_down[me])):
                if up is not None:
                    cards["hole", slot] = up.code
                elif down:
                    closed.add(slot)
                if slot in holes:
                    playable.add(("hole" if up is not None else "down", slot))
        self.selection = [s for s in self.selection if s in cards]
        buttons, offered = self._move_buttons(moves, view)
        step = self.live and not self.screened and self.game.current_player in self.agents
        self._offer = {"cards": cards, "closed": closed, "moves": offered, "play": bool(self.selection),
                       "step": step, "nav": True}
        table = table_html(view, self.names(), clickable=bool(cards), playable=playable,
                           selected=set(self.selection), down_clickable=bool(closed),
                           draw_events=self._draw_events(), values=value_table(self.game.options))
        return (f"{table}{self._controls_html(buttons, step)}"
                f"{nav_html(self._shown(), len(self.game.history))}{self._log_html()}")

    def _move_buttons(self, moves: list[RatMove], view: Any) -> tuple[list[str], dict[str, RatMove]]:
        """Swap and keep before play; take (shown whenever there is a pile, disabled while a card
        fits, so a click can say why); one button per value of a selected wild card."""
        if not moves:
            return [], {}
        listed = [m for m in moves if m.action in ("swap", "keep", "take")]
        if not listed:
            if view.pile:
                listed.append(RatMove(self.viewer, "take"))
            if self.selection:
                listed += self._wild_moves(self._spot_move(self.selection[-1]))
        offered = {str(m): m for m in listed}
        buttons = [button_html(move_label(m), "move", css=_button_class(m), move=text, enabled=m in moves,
                               title=ACTIONS.get(m.action, "")) for text, m in offered.items()]
        return buttons, offered

    def _draw_events(self) -> list[Any]:
        """The events of the draw for first player up to the position shown (RB-9, RB-10)."""
        events: list[Any] = []
        for step in self.game.history[:self._shown()]:
            events += [e for e in step.events if e.kind in DRAW_EVENTS]
            if any(e.kind == "start" for e in step.events):
                break
        return events


def _button_class(move: RatMove) -> str:
    """``dn-move dn-<action>``; take is also ``dn-take`` (the DOM contract), a wild card's value
    ``dn-wild-value``."""
    extra = " dn-wild-value" if move.value is not None else ""
    return f"dn-move dn-{move.action}{extra}"


__all__ = ["RatBoard", "move_label"]

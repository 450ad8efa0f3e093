"""The running-total family's board (Rat Bastard 17): the adapter saying which clicks make
which moves (:class:`RatBoard`) and how the table (running total, hole-card row, deck count, the
draw for first player) is drawn (:class:`RatDrawing`); everything else is
:class:`~danish_nb.widgets.board.Board` and :class:`~danish_nb.widgets.drawing.Drawing`. Everything comes
from the engine: ``legal_moves`` (playable cards, the wild card's values, the swap buttons),
``explain`` (the verdict shown before playing) and ``view`` (all that is drawn: face-down hole
cards are never sent).

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

from dataclasses import dataclass
from typing import Any

from ..core import Text
from ..families.running_total import RatMove, RatView
from ..i18n import N_, M, Message
from ..render.rat import DRAW_EVENTS, table_html
from .board import Board
from .drawing import Button, Drawing, Frame, Spot, Spots

#: The name of the radio group of a wild card's values (each option is the value, in digits).
VALUE_GROUP = N_("Value of the wild card")


def move_label(move: RatMove) -> Text:
    """A button's words, the move's own.

    >>> from danish_nb.cards import Card
    >>> str(move_label(RatMove(0, "play", Card.parse("RJ"), value=4))), str(move_label(RatMove(1, "keep")))
    ('Play the red joker as a 4', 'Finish swapping and start play')
    >>> move_label(RatMove(0, "hole", position=2, value=7)).render("de")
    'Lochkarte 2 als 7 spielen'
    """
    return move.words()


@dataclass(frozen=True, slots=True)
class RatShown:
    """What Rat Bastard 17's drawing reads besides the frame: the card values and the events
    of the draw for first player (while the viewer has not played since)."""

    values: Any
    draw_events: tuple[Any, ...] = ()


class RatDrawing(Drawing):
    """How a Rat Bastard 17 table is drawn: the viewer's hand and face-up hole cards clickable,
    the selection marked, face-down hole cards clickable when one may be played blind, and the
    draw for first player until the viewer's first card after it (``frame.family``: the card
    values)."""

    def table_html(self, frame: Frame) -> str:
        spots = frame.spots
        return table_html(frame.view, frame.names, clickable=bool(spots.cards), playable=spots.playable,
                          selected=set(frame.selection), down_clickable=bool(spots.closed),
                          refused=self._refused(frame),
                          draw_events=list(frame.family.draw_events), values=frame.family.values, lang=frame.lang)


class RatBoard(Board):
    """A board for one Rat Bastard 17 game (see :class:`~danish_nb.widgets.board.Board`).

    Click a hand card or a face-up hole card to see the verdict of playing it (``dn-verdict``),
    then "Play selected"; a wild card offers one button per value that fits. A face-down hole
    card is played blind by clicking it (``click_closed(slot)``, slot = position - 1). Before
    play, a swap is a hand card and a face-up hole card clicked together, then "Swap these
    two"; "Done swapping" and "Take the pile" are buttons.
    """

    DRAWING = RatDrawing

    # ------------------------------------------------------------------ clicks to moves
    def _spots(self, view: RatView, moves: list[RatMove]) -> Spots:
        spots = Spots()
        me = self.viewer
        if moves[0].action in ("swap", "keep"):
            swaps = [m for m in moves if m.action == "swap"]
            for i, card in enumerate(view.hands[me]):
                spots.cards["hand", i] = card.code
                if any(m.card == card for m in swaps):
                    spots.playable.add(("hand", i))
            for slot, up in enumerate(view.hole_up[me]):
                if up is not None:
                    spots.cards["hole", slot] = up.code
                    if any(m.other == up for m in swaps):
                        spots.playable.add(("hole", slot))
            return spots
        fitting = {m.card for m in moves if m.action == "play"}
        holes = {m.position - 1 for m in moves if m.action == "hole"}
        for i, card in enumerate(view.hands[me]):
            spots.cards["hand", i] = card.code
            if card in fitting:
                spots.playable.add(("hand", i))
        for slot, (up, down) in enumerate(zip(view.hole_up[me], view.hole_down[me])):
            if up is not None:
                spots.cards["hole", slot] = up.code
            elif down:
                spots.closed.add(slot)
            if slot in holes:
                spots.playable.add(("hole" if up is not None else "down", slot))
            elif up is None and down:  # refused now: why, for its description
                spots.refused["down", slot] = self._refusal(self._closed_move(slot)) or ""
        return spots

    def _spot_move(self, spot: Spot) -> RatMove:
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
        if self.game.rules.is_wild(card, state.options):
            values = self._wild_moves(move)
            if values:
                return values[-1]
        return move

    def _wild_moves(self, move: RatMove) -> list[RatMove]:
        """The legal moves that play ``move``'s card with a chosen value, lowest value first."""
        return sorted((m for m in self._my_moves() if m.value is not None and m.action == move.action
                       and m.card == move.card and m.position == move.position), key=lambda m: m.value)

    def _swapping(self) -> bool:
        return any(m.action == "keep" for m in self._my_moves())

    def _select(self, spot: Spot) -> list[Spot]:
        """While swapping: one hand card and one face-up hole card; else the card alone."""
        return [s for s in self.selection if s[0] != spot[0]] + [spot] if self._swapping() else [spot]

    def _incomplete(self) -> str | Message:
        if not self._swapping() or len(self.selection) == 2:
            return ""
        if self.selection[0][0] == "hand":
            return M("Now choose a face-up hole card to swap it with.")
        return M("Now choose a hand card to swap it with.")

    def _play_label(self) -> str:
        return N_("Swap these two") if self._swapping() else N_("Play selected")

    def _selected_move(self) -> RatMove:
        if self._swapping():
            spots = dict(self.selection)
            state = self.game.state
            return RatMove(self.viewer, "swap", state.hands[self.viewer][spots["hand"]],
                           other=state.holes[self.viewer][spots["hole"]])
        return self._spot_move(self.selection[-1])

    def _closed_move(self, index: int) -> RatMove:
        return RatMove(self.viewer, "hole", position=index + 1)

    def _move_buttons(self, view: RatView, moves: list[RatMove]) -> list[Button]:
        """Done swapping before play; take (shown whenever there is a pile, muted while a card
        fits, so choosing it says why); a selected wild card's values as one radio group (the
        value "Play selected" plays checked: the highest that fits)."""
        listed = [m for m in moves if m.action in ("keep", "take")]
        if not listed:
            if view.pile:
                listed.append(RatMove(self.viewer, "take"))
            if self.selection:
                listed += self._wild_moves(self._spot_move(self.selection[-1]))
        buttons = [Button(move_label(m), _button_class(m), move=m, enabled=m in moves,
                       shortcut="t" if m.action == "take" else "") for m in listed]
        values = [m for m in listed if m.value is not None]  # one radio group, the highest checked
        return [Button(str(m.value), _button_class(m), move=m, group=VALUE_GROUP, checked=m == values[-1])
                if m.value is not None else b for m, b in zip(listed, buttons)]

    def _family_frame(self) -> RatShown:
        """The card values (the game's own table, from its options) and the draw for first
        player, for the drawing."""
        return RatShown(self.game.rules.value_table(self.game.options), self._draw_events())

    def _draw_events(self) -> tuple[Any, ...]:
        """The events of the draw for first player up to the position shown (RB-9, RB-10), until
        the viewer's first card after it (the draw's cards are shown face up to all)."""
        shown = len(self.game.history) if self.position is None else self.position
        events: list[Any] = []
        for step in self.game.history[:shown]:
            if any(e.kind == "start" for e in events) and step.move.player == self.viewer:
                return ()  # the viewer has played since: the draw stays in the log only
            events += [e for e in step.events if e.kind in DRAW_EVENTS]
        return tuple(events)


def _button_class(move: RatMove) -> str:
    """``dn-move dn-<action>``; take is also ``dn-take`` (the DOM contract), a wild card's value
    ``dn-wild-value``."""
    extra = " dn-wild-value" if move.value is not None else ""
    return f"dn-move dn-{move.action}{extra}"


__all__ = ["VALUE_GROUP", "RatBoard", "RatDrawing", "RatShown", "move_label"]

"""The shedding family's board (Danish Bastard, Le danish): the adapter saying which clicks make
which moves and how the table is drawn; everything else is :class:`~danish_nb.widgets.board.Board`.

Cards of the hand and the face-up cards on the table are selected (several of a rank together,
or the three face-up cards chosen before play) and played with one button; a face-down card is
played blind by clicking it; take, stock and any other move are buttons.

>>> import danish_nb as dn
>>> board = ShedBoard(dn.new_game("danish-bastard", players=3, seed=7))
>>> board.click_card(board.game.state.hands[0][0].code).legal is False  # swap phase: choose 3
True
>>> board.play(str(board.game.legal_moves()[0])).legal   # then the computers reply
True
>>> board.game.current_player
0
"""

from __future__ import annotations

from collections import Counter

from ..core import DanishNbError
from ..families.shedding import ACTIONS, ShedMove, ShedView
from ..render.shedding import table_html
from .board import Board
from .drawing import Button, Spot, Spots

#: Move actions chosen by selecting cards, and the zones their cards come from.
CARD_ACTIONS = {"face-up": ("hand", "open"), "play": ("hand",), "open": ("open",)}
#: Buttons with a class of their own (the DOM contract); other actions get ``dn-move``.
BUTTON_CLASS = {"take": "dn-take", "stock": "dn-stock"}
BUTTON_LABEL = {"take": "Take the pile", "stock": "Play the stock card"}


class ShedBoard(Board):
    """A board for one shedding game (see :class:`~danish_nb.widgets.board.Board`)."""

    def _spots(self, view: ShedView, moves: list[ShedMove]) -> Spots:
        zones = {z for m in moves for z in CARD_ACTIONS.get(m.action, ())} or {"hand", "open"}
        fitting = {(z, c) for m in moves for z in CARD_ACTIONS.get(m.action, ()) for c in m.cards}
        spots = Spots(closed=set(range(view.closed_counts[self.viewer])))
        for zone in ("hand", "open"):
            for i, card in enumerate((view.hands if zone == "hand" else view.open)[self.viewer]):
                spots.cards[zone, i] = card.code
                if zone in zones and (zone, card) in fitting:
                    spots.playable.add((zone, i))
        return spots

    def _card_action(self, zone: str) -> str:
        actions = {m.action for m in self._my_moves()}
        if "face-up" in actions:
            return "face-up"
        return "play" if zone == "hand" else "open"

    def _select(self, spot: Spot) -> list[Spot]:
        """Cards of the zones the clicked card's move takes cards from, plus that card."""
        zones = CARD_ACTIONS.get(self._card_action(spot[0]), (spot[0],))
        return [s for s in self.selection if s[0] in zones] + [spot]

    def _selected_move(self) -> ShedMove:
        view = self.game.state.view(self.viewer)
        cards = [(view.hands if zone == "hand" else view.open)[self.viewer][index] for zone, index in self.selection]
        action = self._card_action(self.selection[-1][0])
        for move in self._my_moves():  # the engine's own order of the same cards
            if move.action == action and Counter(move.cards) == Counter(cards):
                return move
        return ShedMove(self.viewer, action, tuple(cards))

    def _closed_move(self, index: int) -> ShedMove:
        return ShedMove(self.viewer, "closed", (), index)

    def _play_label(self) -> str:
        return "Leave these face up" if self._card_action("hand") == "face-up" else "Play selected"

    def _move_buttons(self, view: ShedView, moves: list[ShedMove]) -> list[Button]:
        """Buttons for the moves not chosen by selecting cards; take and stock (if the game has
        them) are shown even when illegal, disabled, so a click can say why."""
        extra = {}
        if view.stock_count and self._game_has("stock"):
            extra["stock"] = ShedMove(self.viewer, "stock")
        if view.pile and self._game_has("take"):
            extra["take"] = ShedMove(self.viewer, "take")
        listed = [m for m in moves if m.action not in CARD_ACTIONS and m.action != "closed"]
        listed += [m for a, m in extra.items() if all(x.action != a for x in listed)]
        return [Button(BUTTON_LABEL.get(m.action, str(m).split(" ", 1)[1]), BUTTON_CLASS.get(m.action, "dn-move"),
                       move=m, enabled=m in moves, title=ACTIONS.get(m.action, "")) for m in listed]

    def _game_has(self, action: str) -> bool:
        try:
            self.game.parse_move(f"P1 {action}")
        except DanishNbError:
            return False
        return True

    def _table_html(self, view: ShedView, spots: Spots) -> str:
        return table_html(view, self.names(), clickable=bool(spots.cards), playable=spots.playable,
                          selected=set(self.selection), closed_clickable=bool(spots.closed))


__all__ = ["CARD_ACTIONS", "ShedBoard"]

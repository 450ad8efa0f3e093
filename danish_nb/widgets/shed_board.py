"""The shedding family's board (Danish Bastard, Le danish): the adapter saying which clicks make
which moves (:class:`ShedBoard`) and how the table is drawn (:class:`ShedDrawing`); everything
else is :class:`~danish_nb.widgets.board.Board` and :class:`~danish_nb.widgets.drawing.Drawing`.

Cards of the hand and the face-up cards on the table are selected (several of a rank together,
or the three face-up cards chosen before play) and played with one button; a face-down card is
played blind by clicking it; take, stock and any other move are buttons in words. Once hand
and stock are empty in Le danish, clicking a face-up card picks them all up.

>>> import danish_nb as dn
>>> board = ShedBoard(dn.new_game("danish-bastard", players=3, seed=7))
>>> board.click_card(board.game.state.hands[0][0].code) is None  # swap phase: choose 3
True
>>> board.message
'Choose 2 more cards to leave face up.'
>>> board.play(str(board.game.legal_moves()[0])).legal   # then the computers reply
True
>>> board.game.current_player
0
"""

from __future__ import annotations

from collections import Counter

from ..core import DanishNbError, Text
from ..families.shedding import ShedMove, ShedView
from ..i18n import N_, Message, _n
from ..render.shedding import table_html
from .board import Board
from .drawing import Button, Drawing, Frame, Spot, Spots

#: Move actions chosen by selecting cards, and the zones their cards come from.
CARD_ACTIONS = {"face-up": ("hand", "open"), "play": ("hand",), "open": ("open",)}
#: Buttons with a class of their own (the DOM contract); other actions get ``dn-move``.
BUTTON_CLASS = {"take": "dn-take", "stock": "dn-stock"}
#: What "pass" declines, by phase.
PASS_LABEL = {"offer": N_("Pass: do not complete the four"), "chain": N_("Pass: turn no more face-down cards")}
#: The key that chooses a move button.
SHORTCUT = {"take": "t", "pick-up-open": "t"}


def move_label(move: ShedMove, phase: str = "") -> Text:
    """A move button's words (never notation): the move's own words, a pass saying what it
    declines.

    >>> from danish_nb.cards import parse_cards
    >>> str(move_label(ShedMove(0, "send", (), 1))), move_label(ShedMove(0, "pass"), "offer")
    ('Send the pile to P2', 'Pass: do not complete the four')
    >>> move_label(ShedMove(2, "complete", parse_cards("7H 7D"))).render("fr")
    'Compléter le carré avec le sept de cœur et le sept de carreau'
    """
    if move.action == "pass" and phase in PASS_LABEL:
        return PASS_LABEL[phase]
    return move.words()


class ShedDrawing(Drawing):
    """How a shedding game's table is drawn: the viewer's hand and face-up cards clickable,
    the selection marked, the face-down cards clickable when one may be played blind."""

    def table_html(self, frame: Frame) -> str:
        spots = frame.spots
        return table_html(frame.view, frame.names, clickable=bool(spots.cards), playable=spots.playable,
                          selected=set(frame.selection), closed_clickable=bool(spots.closed),
                          refused=self._refused(frame), lang=frame.lang)


class ShedBoard(Board):
    """A board for one shedding game (see :class:`~danish_nb.widgets.board.Board`)."""

    DRAWING = ShedDrawing

    def _spots(self, view: ShedView, moves: list[ShedMove]) -> Spots:
        zones = {z for m in moves for z in CARD_ACTIONS.get(m.action, ())} or {"hand", "open"}
        fitting = {(z, c) for m in moves for z in CARD_ACTIONS.get(m.action, ()) for c in m.cards}
        if any(m.action == "pick-up-open" for m in moves):  # the face-up cards go to the hand
            fitting |= {("open", c) for c in view.open[self.viewer]}
        spots = Spots(closed={m.index for m in moves if m.action == "closed"})
        for zone in ("hand", "open"):
            for i, card in enumerate((view.hands if zone == "hand" else view.open)[self.viewer]):
                spots.cards[zone, i] = card.code
                if zone in zones and (zone, card) in fitting:
                    spots.playable.add((zone, i))
        return spots

    def _card_action(self, zone: str) -> str:
        actions = {m.action for m in self._my_moves()}
        for action in ("face-up", "pick-up-open"):
            if action in actions:
                return action
        return "play" if zone == "hand" else "open"

    def _select(self, spot: Spot) -> list[Spot]:
        """Cards of the zones the clicked card's move takes cards from, plus that card."""
        action = self._card_action(spot[0])
        if action == "pick-up-open":
            return [s for s in self._offer.cards if s[0] == "open"]
        zones = CARD_ACTIONS.get(action, (spot[0],))
        return [s for s in self.selection if s[0] in zones] + [spot]

    def _incomplete(self) -> str | Message:
        """While choosing the face-up cards: how many more to choose."""
        if self._card_action("hand") != "face-up":
            return ""
        wanted = max((len(m.cards) for m in self._my_moves() if m.action == "face-up"), default=0)
        more = wanted - len(self.selection)
        return _n("Choose {n} more card to leave face up.", "Choose {n} more cards to leave face up.", more) \
            if more > 0 else ""

    def _selected_move(self) -> ShedMove:
        view = self.game.state.view(self.viewer)
        cards = [(view.hands if zone == "hand" else view.open)[self.viewer][index] for zone, index in self.selection]
        action = self._card_action(self.selection[-1][0])
        if action == "pick-up-open":
            return ShedMove(self.viewer, action)
        for move in self._my_moves():  # the engine's own order of the same cards
            if move.action == action and Counter(move.cards) == Counter(cards):
                return move
        return ShedMove(self.viewer, action, tuple(cards))

    def _closed_move(self, index: int) -> ShedMove:
        return ShedMove(self.viewer, "closed", (), index)

    def _play_label(self) -> str:
        action = self._card_action("hand")
        return {"face-up": N_("Leave these face up"), "pick-up-open": N_("Pick up the face-up cards")}.get(
            action, N_("Play selected"))

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
        phase = getattr(self.game.state, "phase", "")
        return [Button(move_label(m, phase), BUTTON_CLASS.get(m.action, "dn-move"), move=m, enabled=m in moves,
                       shortcut=SHORTCUT.get(m.action, "")) for m in listed]

    def _game_has(self, action: str) -> bool:
        try:
            self.game.parse_move(f"P1 {action}")
        except DanishNbError:
            return False
        return True


__all__ = ["CARD_ACTIONS", "ShedBoard", "ShedDrawing", "move_label"]

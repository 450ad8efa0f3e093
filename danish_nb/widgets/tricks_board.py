"""An interactive board for the trick-taking games (Bastard; any game of the ``tricks`` family).

It is the shedding board (:class:`~danish_nb.widgets.board.ShedBoard`) with a trick table:
seats, computer players, step-through, hot-seat screen, teaching mode, undo, forged-message
checks and the single :class:`~danish_nb.widgets.pad.HtmlPad` model are inherited; what a
trick game draws and how a card click becomes a move are its own. Everything comes from the
engine: ``legal_moves`` (playable cards, buttons for the other kinds of move such as the trump
call), ``explain`` (the verdict shown before playing) and ``view`` (all that is drawn).

>>> import danish_nb as dn
>>> board = TrickBoard(dn.new_game("bastard", players=4, seed=3))
>>> board.click_card("8C").legal            # trumps first
False
>>> board.play("P1 trump none").legal and board.game.state.trumps.name
'no trumps'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from ..cards import Card
from ..core import Game, Verdict
from ..render.board import button_html, log_html, nav_html
from ..render.tricks import scores_html, table_html
from .board import ShedBoard
from .drawing import LOG_LENGTH

#: What the trump-call buttons say (other moves show their notation after the player).
TRUMP_LABELS = {"none": "No trumps"}


def move_label(move: Any) -> str:
    """A button's label: ``'Trumps: hearts'``, ``'No trumps'``, else the move without its player.

    >>> from danish_nb.families.tricks import TrickMove
    >>> from danish_nb.cards import Suit
    >>> move_label(TrickMove(0, "trump", None, Suit.HEARTS)), move_label(TrickMove(0, "trump"))
    ('Trumps: hearts', 'No trumps')
    """
    words = str(move).split(" ", 2)
    if len(words) == 3 and words[1] == "trump":
        return TRUMP_LABELS.get(words[2], f"Trumps: {words[2]}")
    return " ".join(words[1:])


class TrickBoard(ShedBoard):
    """A board for one trick-taking game; ``seats`` says who plays each seat.

    Click a card to see the verdict of playing it (``dn-verdict``), then "Play selected" (the
    cards of a discard are clicked together, then "Discard selected"); the trump call and any
    other kind of move (bids, passes) are buttons. The log is the viewer's own history: a
    discard is named to its owner only. ``show_last_trick()`` shows the last
    finished trick; the score table explains every finished deal. The Python methods are the
    shedding board's: ``click_card("7H")``, ``play_selected()``, ``play("P1 trump hearts")``,
    ``step_computer()``, ``first/back/forward/last()``, ``verdict_text``, ``message``.
    """

    def __init__(self, game: Game, seats: Sequence[str] | None = None, *, teaching: bool = False,
                 step_mode: bool = False):
        self.show_last = False
        super().__init__(game, seats, teaching=teaching, step_mode=step_mode)
        with self.widget.hold_sync():
            self.widget._anywidget_id = f"{__name__}.TrickBoard"

    # ------------------------------------------------------------------ card clicks
    def _card_moves(self) -> list[Any]:
        """The viewer's legal moves made by choosing cards: one (``play``) or several (``discard``)."""
        return [m for m in self._my_moves() if _cards_of(m)]

    def _card_action(self, zone: str) -> str:
        """The action a card click makes: that of the legal moves naming cards (``play``)."""
        moves = self._card_moves()
        return moves[0].action if moves else "play"

    def _several(self) -> bool:
        """Whether the cards of one move are chosen together (a discard), not one card."""
        return any(getattr(m, "cards", ()) for m in self._card_moves())

    def _toggle(self, spot: tuple[str, int]) -> Verdict | None:
        """Select a card (or unselect it) and show the verdict of the move it makes."""
        self.message = ""
        if spot in self.selection:
            self.selection.remove(spot)
        else:
            self.selection = (self.selection if self._several() else []) + [spot]
        self.verdict = self._selection_verdict()
        self._render()
        return self.verdict

    def _selected_move(self) -> Any:
        if not self.selection:
            return None
        hand = self.game.state.view(self.viewer).hands[self.viewer]
        cards = [hand[index] for _, index in self.selection]
        action = self._card_action("hand")
        for move in self._card_moves():
            if move.action == action and Counter(_cards_of(move)) == Counter(cards):
                return move
        return self.game.parse_move(f"P{self.viewer + 1} {action} {' '.join(c.code for c in cards)}")

    # ------------------------------------------------------------------ the last trick
    def show_last_trick(self, on: bool | None = None) -> None:
        """Show (or hide; default: toggle) the last finished trick of the deal shown."""
        if not self._offer.get("last"):
            self._refuse("there is no finished trick to show")
            return
        self.show_last = (not self.show_last) if on is None else bool(on)
        self.message = ""
        self._render()

    def _on_msg(self, widget: Any, content: Any, buffers: Any) -> None:
        if isinstance(content, dict) and content.get("act") == "lasttrick":
            self.show_last_trick()
            return
        super()._on_msg(widget, content, buffers)

    # ------------------------------------------------------------------ drawing
    def _shown_state(self) -> Any:
        return self.game.states()[self.position] if self.position is not None else self.game.state

    def _board_html(self) -> str:
        view = self._shown_state().view(self.viewer, reveal_hands=self.teaching)
        moves = self._my_moves()
        cards: dict[tuple[str, int], str] = {}
        playable: set[int] = set()
        if moves:
            fitting = {card for m in self._card_moves() for card in _cards_of(m)}
            for i, card in enumerate(view.hands[self.viewer]):
                cards["hand", i] = card.code
                if card in fitting:
                    playable.add(i)
        self.selection = [s for s in self.selection if s in cards]
        buttons, offered = self._move_buttons(moves, view)
        last = view.last_trick is not None
        buttons.append(button_html("Hide the last trick" if self.show_last and last else "Show the last trick",
                                   "lasttrick", css="dn-last-trick-toggle", enabled=last))
        step = self.live and not self.screened and self.game.current_player in self.agents
        self._offer = {"cards": cards, "closed": set(), "moves": offered, "play": bool(self.selection),
                       "step": step, "nav": True, "last": last}
        table = table_html(view, self.names(), clickable=bool(cards), playable=playable,
                           selected={i for _, i in self.selection}, show_last=self.show_last and last)
        controls = self._controls_html(buttons, step)
        if self._card_action("hand") != "play":  # e.g. "Discard selected"
            controls = controls.replace(">Play selected<", f">{self._card_action('hand').capitalize()} selected<", 1)
        return (f"{table}{controls}"
                f"{nav_html(self._shown(), len(self.game.history))}{scores_html(view)}{self._log_html()}")

    def _move_buttons(self, moves: list[Any], view: Any) -> tuple[list[str], dict[str, Any]]:
        """A button for every legal move that is not a card click (the trump call, bids...)."""
        offered = {str(m): m for m in moves if not _cards_of(m)}
        buttons = [button_html(move_label(m), "move", css=f"dn-move dn-{m.action}", move=text)
                   for text, m in offered.items()]
        return buttons, offered

    def _log_html(self) -> str:
        """The moves of the deal shown (older deals are summed up in the score table), each
        written as the viewer may read it."""
        states = self.game.states()
        deal = states[self._shown()].view(None).deal
        start = end = self._shown()
        while start > 0 and states[start - 1].view(None).deal == deal:
            start -= 1
        while end < len(self.game.history) and states[end].view(None).deal == deal:
            end += 1
        first = max(start, end - LOG_LENGTH)
        viewer, reveal = self._log_reader()
        entries = [self._log_entry(i, viewer, reveal) for i in range(first, end)]
        return log_html(entries, position=self.position, hidden=first - start)


def _cards_of(move: Any) -> tuple[Card, ...]:
    """The cards a move names: its ``card`` or its ``cards`` (none for a trump call or a bid)."""
    card = getattr(move, "card", None)
    return (card,) if card is not None else tuple(getattr(move, "cards", ()) or ())


__all__ = ["TrickBoard", "move_label"]

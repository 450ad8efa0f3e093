"""The trick-taking family's board (Bastard, Sjavs): the adapter saying which clicks make which
moves (:class:`TrickBoard`) and how the trick table is drawn (:class:`TrickDrawing`); everything
else is :class:`~danish_nb.widgets.board.Board` and :class:`~danish_nb.widgets.drawing.Drawing`.
Everything comes from the engine: ``legal_moves`` (playable cards, buttons for the other kinds
of move such as the trump call or a bid), ``explain`` (the verdict shown before playing) and
``view`` (all that is drawn).

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
from dataclasses import dataclass
from html import escape
from typing import Any

from ..cards import Card
from ..core import Game, Text
from ..families.tricks import Play, TrickRecord, TrickView
from ..i18n import N_, M, Message, _n, title_in, translator
from ..render.tricks import last_trick_html, scores_html, table_html
from .board import Board
from .drawing import Button, Drawing, Frame, Spot, Spots


def move_label(move: Any) -> Text:
    """A button's words, the move's own: ``'Make hearts trumps'``, ``'Play without trumps'``,
    ``'Bid Strike'``, ``'Pass'``.

    >>> from danish_nb.families.tricks import TrickMove
    >>> from danish_nb.cards import Suit
    >>> str(move_label(TrickMove(0, "trump", None, Suit.HEARTS))), move_label(TrickMove(0, "trump")).render("fr")
    ('Make hearts trumps', 'Jouer sans atout')
    """
    return move.words()


@dataclass(frozen=True)
class TrickShown:
    """What a trick game's drawing reads besides the frame: whether the last trick is shown,
    and, while a deal just ended waits for "Next deal", its last trick (``last``: the cards in
    the order played, who took it and why; ``None`` for a deal thrown in)."""

    show_last: bool = False
    deal_over: bool = False
    last: TrickRecord | None = None


class TrickDrawing(Drawing):
    """How a trick game's table is drawn: the trick, the viewer's hand clickable, the last trick
    if asked for, the end of a deal (its last trick and score lines) while it waits, and the
    scores after the step-through bar."""

    def table_html(self, frame: Frame) -> str:
        shown: TrickShown = frame.family
        over = self._deal_over_html(frame) if shown.deal_over else ""
        return over + table_html(frame.view, frame.names, clickable=bool(frame.spots.cards),
                                 playable={i for _, i in frame.spots.playable},
                                 selected={i for _, i in frame.selection},
                                 refused={i: why for (_, i), why in self._refused(frame).items()},
                                 show_last=shown.show_last and frame.view.last_trick is not None, lang=frame.lang)

    def after_nav_html(self, frame: Frame) -> str:
        return scores_html(frame.view, frame.lang)

    @staticmethod
    def _deal_over_html(frame: Frame) -> str:
        """The deal just ended: its last trick (the cards in the order played, who took it and
        why) and its score lines, as the viewer may read them."""
        trick = frame.family.last
        last = last_trick_html(trick, frame.names, frame.lang) if trick is not None else ""
        tr = translator(frame.lang)
        score = frame.view.deal_scores[-1]
        lines = "".join(f"<li>{escape(line)}</li>" for line in score.explanation(lang=frame.lang))
        head = escape(tr("Deal {deal} is over.", deal=score.deal + 1))
        return f'<div class="dn-deal-over" role="status"><b>{head}</b>{last}<ul>{lines}</ul></div>'


class TrickBoard(Board):
    """A board for one trick-taking game (see :class:`~danish_nb.widgets.board.Board`).

    Click a card to see the verdict of playing it (``dn-verdict``), then "Play selected" (the
    cards of a discard are clicked together, then "Discard selected"); the trump call and any
    other kind of move (bids, passes) are buttons in words: a click shows the verdict, a second
    click or "Confirm" plays it. The log covers the deal shown (older deals
    are summed up in the score table). ``show_last_trick()`` shows the last finished trick.
    """

    FAMILY_ACTS = {"lasttrick": "show_last_trick", "nextdeal": "next_deal"}
    DRAWING = TrickDrawing

    def __init__(self, game: Game, seats: Sequence[str] | None = None, **options: Any):
        self.show_last = False
        #: The number of moves played when a deal ended and its last trick and score are shown,
        #: until "Next deal" (``None``: play goes on).
        self.deal_over: int | None = None
        super().__init__(game, seats, **options)

    # ------------------------------------------------------------------ the end of a deal
    def _paused(self) -> bool:
        """A deal just ended (the match goes on): its last trick and score stay on the table, and
        nobody plays, until "Next deal"; a board without a person at it never waits."""
        if self.deal_over is not None and self.deal_over != len(self.game.history):
            self.deal_over = None  # undone, or played on from Python
        return self.deal_over is not None

    def _on_step(self) -> None:
        """After each move: wait at the end of a deal that is not the match's last."""
        step = self.game.history[-1]
        if "human" in self.seats and not self.game.is_over and any(e.kind == "deal-scored" for e in step.events):
            self.deal_over = len(self.game.history)

    def next_deal(self) -> None:
        """Go on to the next deal (the computers play up to the learner's turn)."""
        if "nextdeal" not in self._offer.acts:
            self._refuse(M("no deal is waiting to be closed"))
            return
        self.deal_over = None
        self.message = ""
        if not self.step_mode:
            self._run_computers()
        self._follow_turn()
        self._render()

    def _family_frame(self) -> TrickShown:
        """Whether the last trick is shown; at the end of a deal that waits, its last trick (the
        cards were played face up: the viewer's view before the last move has the trick's
        earlier cards, the last move the card that closed it)."""
        if not (self.live and self._paused()):
            return TrickShown(self.show_last)
        end, before = self.game.history[-1], self.game.states()[-2].view(self.viewer)
        trick = next((e for e in end.events if e.kind == "trick"), None)
        last = None
        if trick is not None and end.move.action == "play":  # not a deal thrown in
            last = TrickRecord(tuple(before.trick) + (Play(end.move.player, end.move.card),), trick.player, trick.text)
        return TrickShown(self.show_last, True, last)

    # ------------------------------------------------------------------ card clicks
    def _card_moves(self) -> list[Any]:
        """The viewer's legal moves made by choosing cards: one (``play``) or several (``discard``)."""
        return [m for m in self._my_moves() if _cards_of(m)]

    def _card_action(self) -> str:
        """The action a card click makes: that of the legal moves naming cards (``play``)."""
        moves = self._card_moves()
        return moves[0].action if moves else "play"

    def _spots(self, view: TrickView, moves: list[Any]) -> Spots:
        fitting = {card for m in self._card_moves() for card in _cards_of(m)}
        hand = view.hands[self.viewer]
        return Spots(cards={("hand", i): card.code for i, card in enumerate(hand)},
                     playable={("hand", i) for i, card in enumerate(hand) if card in fitting})

    def _select(self, spot: Spot) -> list[Spot]:
        """One card, or one more of the cards of a move that takes several (a discard)."""
        several = any(getattr(m, "cards", ()) for m in self._card_moves())
        return (self.selection if several else []) + [spot]

    def _selected_move(self) -> Any:
        hand = self.game.state.view(self.viewer).hands[self.viewer]
        cards = [hand[index] for _, index in self.selection]
        action = self._card_action()
        for move in self._card_moves():
            if move.action == action and Counter(_cards_of(move)) == Counter(cards):
                return move
        return self.game.parse_move(f"P{self.viewer + 1} {action} {' '.join(c.code for c in cards)}")

    def _incomplete(self) -> str | Message:
        """While choosing the cards of a discard: how many more to choose."""
        wanted = max((len(getattr(m, "cards", ()) or ()) for m in self._card_moves()), default=0)
        more = wanted - len(self.selection)
        if more <= 0:
            return ""
        if self._card_action() == "discard":
            return _n("Choose {n} more card to discard.", "Choose {n} more cards to discard.", more)
        return _n("Choose {n} more card to play.", "Choose {n} more cards to play.", more)

    def _play_label(self) -> str:
        return N_("Discard selected") if self._card_action() == "discard" else N_("Play selected")

    def _move_buttons(self, view: TrickView, moves: list[Any]) -> list[Button]:
        """A button for every legal move that is not a card click (the trump call, bids...)."""
        return [Button(move_label(m), f"dn-move dn-{m.action}", move=m, title=self._rule_title(m))
                for m in moves if not _cards_of(m)]

    def _rule_title(self, move: Any) -> str:
        """What a bid or call means, from the rule its verdict rests on (a tooltip; the verdict
        itself shows when the button is chosen)."""
        reasons = self.game.state.explain(move).reasons
        return "; ".join(f"{title_in(r.rule_id, r.rule.title, self.lang)} ({r.rule_id})" for r in reasons[:1])

    # ------------------------------------------------------------------ the last trick
    def _family_buttons(self, view: TrickView) -> list[Button]:
        last = view.last_trick is not None
        label = N_("Hide the last trick") if self.show_last and last else N_("Show the last trick")
        buttons = [Button(label, "dn-last-trick-toggle", act="lasttrick", enabled=last)]
        if self.live and self._paused():
            buttons.insert(0, Button(N_("Next deal"), "dn-next-deal dn-primary", act="nextdeal", shortcut="n"))
        return buttons

    def show_last_trick(self, on: bool | None = None) -> None:
        """Show (or hide; default: toggle) the last finished trick of the deal shown."""
        if "lasttrick" not in self._offer.acts:
            self._refuse(M("there is no finished trick to show"))
            return
        self.show_last = (not self.show_last) if on is None else bool(on)
        self.message = ""
        self._render()

    # ------------------------------------------------------------------ the log
    def _log_span(self) -> tuple[int, int]:
        """The moves of the deal shown."""
        states = self.game.states()
        deal = states[self._shown()].view(None).deal
        start = end = self._shown()
        while start > 0 and states[start - 1].view(None).deal == deal:
            start -= 1
        while end < len(self.game.history) and states[end].view(None).deal == deal:
            end += 1
        return start, end


def _cards_of(move: Any) -> tuple[Card, ...]:
    """The cards a move names: its ``card`` or its ``cards`` (none for a trump call or a bid)."""
    card = getattr(move, "card", None)
    return (card,) if card is not None else tuple(getattr(move, "cards", ()) or ())


__all__ = ["TrickBoard", "TrickDrawing", "TrickShown", "move_label"]

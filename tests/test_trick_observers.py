"""What a player may know in Bastard, Sjavs and Rat Bastard 17: no event or move text names a
card hidden from its reader, and (``sample_world``) worlds sampled from a player's view agree
with everything that player knows.

"Hidden" is derived from ``state.view(viewer)``: the cards of the places the view masks
(another player's hand, a skat not shown, face-down hole cards, the deck).
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import danish_nb as dn
from danish_nb.cards import Card

#: (game id, players, options) played at random: every player count and the variants that deal
#: or lay cards aside differently.
TABLES = [
    ("bastard", 3, None), ("bastard", 4, None),
    ("sjavs", 3, None), ("sjavs", 3, {"red_queens": False}), ("sjavs", 3, {"farvesjavs": True}),
    ("sjavs", 4, None), ("sjavs", 4, {"four_player_deal": "no-skat"}),
    ("rat-bastard-17", 2, None), ("rat-bastard-17", 2, {"wild": "jokers+twos"}),
]


def hidden(state: Any, viewer: int | None, reveal_hands: bool = False) -> set[Card]:
    """The cards of ``state`` in the places ``state.view(viewer, reveal_hands)`` masks."""
    view = state.view(viewer, reveal_hands)
    cards = {card for seat, hand in enumerate(view.hands) if hand is None for card in state.hands[seat]}
    if getattr(view, "skat", ()) is None:
        cards.update(state.skat)
    if hasattr(view, "hole_down"):
        cards.update(state.deck)
        cards.update(card for row, downs in zip(state.holes, view.hole_down)
                     for card, down in zip(row, downs) if down)
    return cards


def turned_up(before: Any, move: Any) -> set[Card]:
    """The card a move puts face up for all to see: a card played (from the hand or the hole)."""
    if move.action == "hole":
        return {before.holes[move.player][move.position - 1]}
    return {move.card} if move.action == "play" else set()


def hidden_after(before: Any, move: Any, after: Any, viewer: int | None, reveal_hands: bool) -> set[Card]:
    """The cards hidden from ``viewer`` before ``move``, not turned up by it, and hidden after it.
    A move that ends a deal shows what the scoring counts openly (the cards out of play)."""
    was = hidden(before, viewer, reveal_hands) - turned_up(before, move)
    match = getattr(before, "match", None)
    if match is None or (after.match.deal == match.deal and not after.is_over):
        return was & hidden(after, viewer, reveal_hands)
    if before.phase == "play":
        return was - set(before.skat if hasattr(before, "skat") else ())
    return was  # a throw-in: nothing is shown


def named(text: str, cards: set[Card]) -> list[str]:
    return [str(card) for card in cards if str(card) in text]


def random_game(game_id: str, players: int, options: dict | None, seed: int, max_moves: int = 150):
    """(state before, move, events, state after) of a seeded random game, step by step."""
    state = dn.new_game(game_id, players=players, seed=seed, options=options).state
    rng = random.Random(seed)
    for _ in range(max_moves):
        if state.is_over:
            return
        move = rng.choice(state.legal_moves())
        after, events = state.apply(move)
        yield state, move, events, after
        state = after


@pytest.mark.parametrize("game_id, players, options", TABLES)
@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_no_text_names_a_hidden_card(game_id, players, options, seed):
    """Every event's ``text_for(viewer)`` and every move's ``text_for(viewer)`` names only cards
    the viewer saw (teaching mode: hands shown, never cards laid aside or face down)."""
    viewers = [None, *range(players)]
    for before, move, events, after in random_game(game_id, players, options, seed):
        for viewer in viewers:
            for reveal in (False, True):
                secret = hidden_after(before, move, after, viewer, reveal)
                texts = [move.text_for(viewer, reveal)] + [e.text_for(viewer, reveal) for e in events]
                for text in texts:
                    assert not named(text, secret), (viewer, reveal, text)


def test_a_discard_names_its_cards_to_its_owner_only():
    g = dn.setup("sjavs", {"hands": [["QC", "AH"], ["KH", "10S"], ["AS", "KS", "10D", "AD"]], "skat": [],
                           "contract": "play", "soloist": 2, "phase": "discard"})
    (event,) = g.play("P3 discard 10D AD")
    assert event.text_for(2) == "P3 discards 10♦ A♦ face down; P1 (eldest) leads (rule SJ-8)"
    assert event.text_for(0) == event.text_for(0, reveal_hands=True) == \
        "P3 discards 2 cards face down; P1 (eldest) leads (rule SJ-8)"


def test_the_skat_taken_up_is_named_to_the_soloist():
    g = dn.setup("sjavs", {"hands": [["QC", "AH"], ["KH", "10S"], ["AS", "KS"]], "skat": ["10D", "AD"],
                           "bids": ["pass", "pass"]})
    events = g.play("P3 bid play")
    skat = next(e for e in events if e.kind == "skat")
    assert skat.text_for(2) == "P3 takes the skat (10♦ A♦) and will discard as many (rule SJ-8)"
    assert skat.text_for(1) == "P3 takes the skat (2 cards) and will discard as many (rule SJ-8)"


def test_a_refill_names_the_drawn_cards_to_the_drawer_only():
    g = dn.setup("rat-bastard-17", {"hands": [["2H", "3H", "4H", "5H", "6H"], ["2C", "3C", "4C", "5C", "6C"]],
                                    "deck": ["KS", "QS"], "holes": [["7D"], ["8D"]]})
    events = g.play("P1 play 2H")
    refill = next(e for e in events if e.kind == "refill")
    assert refill.text_for(0) == "P1 draws Q♠ from the deck to hold 5 (rule RB-12)"
    assert refill.text_for(1) == refill.text_for(None) == "P1 draws 1 from the deck to hold 5 (rule RB-12)"

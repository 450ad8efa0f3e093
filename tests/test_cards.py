"""Cards: notation (ASCII and Unicode, 10 as 10 or T, jokers), errors, packs, seeded shuffles."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from danish_nb.cards import (
    BLACK_JOKER,
    JOKERS,
    RANKS,
    RED_JOKER,
    SUITS,
    Card,
    CardParseError,
    Rank,
    Suit,
    card_counts,
    format_cards,
    packs,
    parse_cards,
    shuffled,
    sort_key,
    standard_pack,
)

ALL_CARDS = standard_pack(jokers=2)


@pytest.mark.parametrize("card", ALL_CARDS, ids=str)
def test_every_card_round_trips_through_both_notations(card):
    assert Card.parse(str(card)) == card
    assert Card.parse(card.code) == card
    assert Card.parse(card.code.lower()) == card
    assert card.code.isascii()


@pytest.mark.parametrize("text, rank, suit", [
    ("7H", Rank.SEVEN, Suit.HEARTS), ("7h", Rank.SEVEN, Suit.HEARTS), ("7♥", Rank.SEVEN, Suit.HEARTS),
    ("10S", Rank.TEN, Suit.SPADES), ("TS", Rank.TEN, Suit.SPADES), ("ts", Rank.TEN, Suit.SPADES),
    ("10♠", Rank.TEN, Suit.SPADES), ("T♠", Rank.TEN, Suit.SPADES), ("qc", Rank.QUEEN, Suit.CLUBS),
    ("A♦", Rank.ACE, Suit.DIAMONDS), (" 2C ", Rank.TWO, Suit.CLUBS), ("JD", Rank.JACK, Suit.DIAMONDS),
    ("KH", Rank.KING, Suit.HEARTS),
])
def test_parse_reads_ascii_unicode_and_ten_as_T(text, rank, suit):
    assert Card.parse(text) == Card(rank, suit)


def test_format_uses_suit_symbols_and_10_and_codes_are_ascii():
    assert str(Card.parse("TH")) == "10♥"
    assert Card.parse("10♥").code == "10H"
    assert str(Card(Rank.QUEEN, Suit.CLUBS)) == "Q♣"
    assert repr(Card.parse("AS")) == "Card('A♠')"


@pytest.mark.parametrize("text, joker", [("RJ", RED_JOKER), ("BJ", BLACK_JOKER), ("rj", RED_JOKER),
                                         (" bj", BLACK_JOKER)])
def test_jokers(text, joker):
    card = Card.parse(text)
    assert card == joker and card.is_joker and card.rank is Rank.JOKER
    assert str(card) == card.code == text.strip().upper()
    assert JOKERS[text.strip().upper()] is joker


def test_jokers_have_colours_and_rank_above_ace():
    assert RED_JOKER.suit.is_red and not BLACK_JOKER.suit.is_red
    assert Rank.JOKER > Rank.ACE > Rank.KING > Rank.TEN > Rank.TWO
    assert not Card.parse("AS").is_joker


@pytest.mark.parametrize("text", ["", " ", "7", "H", "1H", "11H", "0S", "7X", "H7", "77H", "10", "♥",
                                  "JJ", "RJX", "GJ", "7HH", "10 H", "1O♥", "JOKER"])
def test_bad_card_text_raises_a_clear_value_error(text):
    with pytest.raises(CardParseError) as info:
        Card.parse(text)
    assert isinstance(info.value, ValueError)
    assert f"“{text.strip()}” is not a card" in str(info.value) and "“7H”" in str(info.value)


def test_parse_and_format_card_lists_round_trip():
    cards = parse_cards("7H, 7♦ 10s TC  RJ,BJ")
    assert cards == (Card.parse("7H"), Card.parse("7D"), Card.parse("10S"), Card.parse("10C"),
                     RED_JOKER, BLACK_JOKER)
    assert format_cards(cards) == "7♥ 7♦ 10♠ 10♣ RJ BJ"
    assert parse_cards(format_cards(cards)) == cards
    assert parse_cards("") == ()
    with pytest.raises(CardParseError):
        parse_cards("7H 7Z")


def test_standard_pack():
    pack = standard_pack()
    assert len(pack) == 52 == len(set(pack))
    assert set(pack) == {Card(r, s) for r in RANKS for s in SUITS}
    assert standard_pack(jokers=1)[-1] == RED_JOKER
    assert standard_pack(jokers=2)[-2:] == (RED_JOKER, BLACK_JOKER)
    assert len(standard_pack(jokers=2)) == 54
    for bad in (-1, 3):
        with pytest.raises(ValueError):
            standard_pack(jokers=bad)


def test_several_packs_hold_equal_cards_as_a_multiset():
    two = packs(2, jokers=2)
    assert len(two) == 108
    counts = card_counts(two)
    assert set(counts.values()) == {2} and len(counts) == 54
    assert Card.parse("7H") == Card.parse("7♥")  # two 7♥ from two packs compare equal
    with pytest.raises(ValueError):
        packs(0)


def test_seeded_shuffle_is_deterministic_and_a_permutation():
    deck = packs(2, jokers=2)
    a, b = shuffled(deck, 7), shuffled(deck, 7)
    assert a == b
    assert Counter(a) == Counter(deck)
    assert a != deck
    assert shuffled(deck, 8) != a


def test_shuffle_leaves_the_global_rng_alone():
    random.seed(123)
    expected = random.random()
    random.seed(123)
    shuffled(standard_pack(), 99)
    assert random.random() == expected


def test_sort_key_orders_by_rank_then_suit():
    hand = parse_cards("KS 2C RJ 7H 7C AS")
    assert format_cards(sorted(hand, key=sort_key)) == "2♣ 7♣ 7♥ K♠ A♠ RJ"

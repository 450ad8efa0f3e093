"""Cards, packs, notation and seeded shuffling.

A card is an immutable ``(rank, suit)`` pair. Jokers have the rank ``JOKER`` and the
"suit" ``RED`` or ``BLACK`` (their colour). Several packs hold equal cards: two ``7♥``
from two packs compare equal, so card counts are multisets, not sets.

>>> Card.parse("10h"), Card.parse("A♠"), Card.parse("RJ")
(Card('10♥'), Card('A♠'), Card('RJ'))
>>> str(Card(Rank.QUEEN, Suit.CLUBS))
'Q♣'
>>> len(standard_pack(jokers=2))
54
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable
from enum import Enum, IntEnum
from typing import NamedTuple

from .core import DanishNbError, _short
from .i18n import M, Message, _n


class Rank(IntEnum):
    """Card ranks with aces high; ``JOKER`` sorts above all."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14
    JOKER = 15

    @property
    def symbol(self) -> str:
        """``'2'`` ... ``'10'``, ``'J'``, ``'Q'``, ``'K'``, ``'A'``; ``'J*'`` for the joker rank."""
        return _RANK_SYMBOLS[self]


class Suit(str, Enum):
    """The four suits, plus the two joker colours (used only by jokers)."""

    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"
    RED = "R"
    BLACK = "B"

    @property
    def symbol(self) -> str:
        """``'♣'``, ``'♦'``, ``'♥'``, ``'♠'``; ``'R'`` / ``'B'`` for joker colours."""
        return _SUIT_SYMBOLS[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.DIAMONDS, Suit.HEARTS, Suit.RED)


SUITS: tuple[Suit, ...] = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
RANKS: tuple[Rank, ...] = tuple(r for r in Rank if r is not Rank.JOKER)

_RANK_SYMBOLS = {r: str(int(r)) for r in Rank if r <= Rank.TEN}
_RANK_SYMBOLS.update({Rank.JACK: "J", Rank.QUEEN: "Q", Rank.KING: "K", Rank.ACE: "A", Rank.JOKER: "J*"})
_SUIT_SYMBOLS = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠",
                 Suit.RED: "R", Suit.BLACK: "B"}
_RANK_BY_TEXT = {"2": Rank.TWO, "3": Rank.THREE, "4": Rank.FOUR, "5": Rank.FIVE, "6": Rank.SIX,
                 "7": Rank.SEVEN, "8": Rank.EIGHT, "9": Rank.NINE, "10": Rank.TEN, "T": Rank.TEN,
                 "J": Rank.JACK, "Q": Rank.QUEEN, "K": Rank.KING, "A": Rank.ACE}
_SUIT_BY_TEXT = {"C": Suit.CLUBS, "D": Suit.DIAMONDS, "H": Suit.HEARTS, "S": Suit.SPADES,
                 "♣": Suit.CLUBS, "♦": Suit.DIAMONDS, "♥": Suit.HEARTS, "♠": Suit.SPADES}


class CardParseError(DanishNbError):
    """Text that does not name a card (a :class:`~danish_nb.core.DanishNbError`, so a ValueError)."""

#: The longest text :meth:`Card.parse` reads (``' 10♠ '`` with room for spaces).
MAX_CARD_TEXT = 12


class Card(NamedTuple):
    """A playing card: ``Card(Rank.SEVEN, Suit.HEARTS)`` is ``7♥``; jokers are ``RJ`` and ``BJ``."""

    rank: Rank
    suit: Suit

    @property
    def is_joker(self) -> bool:
        return self.rank is Rank.JOKER

    @property
    def code(self) -> str:
        """ASCII notation: ``'7H'``, ``'10S'``, ``'RJ'``."""
        if self.rank is Rank.JOKER:
            return self.suit.value + "J"
        return self.rank.symbol + self.suit.value

    def __str__(self) -> str:
        text = _TEXTS.get(self)
        if text is not None:
            return text
        if self.rank is Rank.JOKER:
            return self.suit.value + "J"
        return self.rank.symbol + self.suit.symbol

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read ``'7H'``, ``'7h'``, ``'7♥'``, ``'10S'``, ``'TS'``, ``'RJ'`` or ``'BJ'``.

        >>> Card.parse("qc") == Card(Rank.QUEEN, Suit.CLUBS)
        True
        """
        if not isinstance(text, str):
            raise CardParseError(M("a card is written as text like '7H', not a {kind}", kind=type(text).__name__))
        cleaned = text.strip().upper() if len(text) <= MAX_CARD_TEXT else ""
        if cleaned in ("RJ", "BJ"):
            return JOKERS[cleaned]
        rank = _RANK_BY_TEXT.get(cleaned[:-1])
        suit = _SUIT_BY_TEXT.get(cleaned[-1:])
        if rank is None or suit is None:
            raise CardParseError(
                M("{text} is not a card: write a rank (2-10, J, Q, K, A) then a suit (C, D, H, S or ♣ ♦ ♥ ♠), e.g. '7H', '10♠'; jokers are 'RJ' and 'BJ'", text=_short(text)))
        return _CARDS[rank, suit]


_CARDS = {(r, s): Card(r, s) for r in RANKS for s in SUITS}
RED_JOKER = Card(Rank.JOKER, Suit.RED)
BLACK_JOKER = Card(Rank.JOKER, Suit.BLACK)
JOKERS = {"RJ": RED_JOKER, "BJ": BLACK_JOKER}
#: Every card's text, looked up rather than built (cards are written on every move's events).
_TEXTS: dict[Card, str] = {}
_TEXTS.update({card: str(card) for card in (*_CARDS.values(), RED_JOKER, BLACK_JOKER)})


def parse_cards(text: str) -> tuple[Card, ...]:
    """Read cards separated by spaces or commas.

    >>> parse_cards("7H, 7♦")
    (Card('7♥'), Card('7♦'))
    """
    return tuple(Card.parse(part) for part in text.replace(",", " ").split())


def format_cards(cards: Iterable[Card]) -> str:
    """Cards as text, separated by spaces: ``'7♥ 7♦'``."""
    texts = _TEXTS
    return " ".join([texts.get(card) or str(card) for card in cards])


def n_cards(count: int) -> Message:
    """``'1 card'``, ``'3 cards'``: a count of cards in words that read right (a message, shown in
    the reader's language).

    >>> str(n_cards(1)), str(n_cards(0)), n_cards(2).render("de")
    ('1 card', '0 cards', '2 Karten')
    """
    return _n("{n} card", "{n} cards", count)


def standard_pack(jokers: int = 0) -> tuple[Card, ...]:
    """One 52-card pack (suit by suit, 2 to A) with 0, 1 or 2 jokers (red first).

    >>> standard_pack()[:2], standard_pack(jokers=2)[-2:]
    ((Card('2♣'), Card('3♣')), (Card('RJ'), Card('BJ')))
    """
    if jokers not in (0, 1, 2):
        raise DanishNbError(M("a pack has 0, 1 or 2 jokers, not {jokers}", jokers=_short(jokers)))
    pack = [_CARDS[r, s] for s in SUITS for r in RANKS]
    return tuple(pack) + (RED_JOKER, BLACK_JOKER)[:jokers]


def packs(count: int, jokers: int = 0) -> tuple[Card, ...]:
    """``count`` standard packs shuffled together (unshuffled here: see ``shuffled``)."""
    if count < 1:
        raise DanishNbError(M("need at least one pack, not {count}", count=_short(count)))
    return standard_pack(jokers) * count


def shuffled(cards: Iterable[Card], seed: int) -> tuple[Card, ...]:
    """The cards in an order fixed by ``seed`` (its own RNG: never the global one).

    >>> shuffled(standard_pack(), 7) == shuffled(standard_pack(), 7)
    True
    """
    order = list(cards)
    random.Random(seed).shuffle(order)
    return tuple(order)


def card_counts(cards: Iterable[Card]) -> Counter[Card]:
    """A multiset of cards, for checking that nothing was lost or duplicated."""
    return Counter(cards)


def sort_key(card: Card) -> tuple[Rank, Suit]:
    """Order cards by rank, then suit (by its letter: a suit is a ``str`` enum): a tidy hand."""
    return (card.rank, card.suit)

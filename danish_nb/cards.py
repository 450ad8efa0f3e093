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

That notation is what records and moves speak; a learner reads a card in words, in their
language (a card given to a message is rendered so):

>>> Card.parse("QS").text_in("en"), Card.parse("QS").text_in("fr"), Card.parse("QS").text_in("de")
('the queen of spades', 'la dame de pique', 'Pik-Dame')
>>> face_letter(Rank.QUEEN, "fr"), face_letter(Rank.JACK, "de")
('D', 'B')
"""

from __future__ import annotations

import _random
from collections import Counter
from collections.abc import Iterable
from enum import Enum, IntEnum
from functools import lru_cache
from typing import Any, NamedTuple

from . import i18n
from .errors import DanishNbError, _short
from .i18n import DEFAULT, N_, Forms, Listed, M, Message, _n, french_after


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
    """Text that does not name a card (a :class:`~danish_nb.errors.DanishNbError`, so a ValueError)."""

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

    def text_in(self, lang: str = DEFAULT) -> Forms:
        """The card in words for a reader of ``lang``, as a message shows it: "the six of
        hearts", "le six de cœur", "Herz-Sechs" (with the forms a translation may ask for: see
        :func:`card_forms`)."""
        return card_forms(self, lang)

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read ``'7H'``, ``'7h'``, ``'7♥'``, ``'10S'``, ``'TS'``, ``'RJ'`` or ``'BJ'``.

        >>> Card.parse("qc") == Card(Rank.QUEEN, Suit.CLUBS)
        True
        """
        if not isinstance(text, str):
            raise CardParseError(M("a card is written as text like “7H”, not a {kind}", kind=type(text).__name__))
        cleaned = text.strip().upper() if len(text) <= MAX_CARD_TEXT else ""
        if cleaned in ("RJ", "BJ"):
            return JOKERS[cleaned]
        rank = _RANK_BY_TEXT.get(cleaned[:-1])
        suit = _SUIT_BY_TEXT.get(cleaned[-1:])
        if rank is None or suit is None:
            raise CardParseError(
                M("“{text}” is not a card: write a rank (2-10, J, Q, K, A) then a suit (C, D, H, S or ♣ ♦ ♥ ♠), "
                  "e.g. “7H” or “10♠”, or a joker, “RJ” or “BJ”", text=text.strip()[:MAX_CARD_TEXT]))
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


@lru_cache(maxsize=256)
def n_cards(count: int) -> Message:
    """``'1 card'``, ``'3 cards'``: a count of cards in words that read right (a message, shown in
    the reader's language; made once per count, as events say counts on every move).

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
    """The cards in an order fixed by ``seed`` (its own RNG: never the global one): the order
    ``random.Random(seed).shuffle`` gives, drawn as it draws (Fisher-Yates, each index by
    ``getrandbits`` of its bit length, redrawn while too high), inline. It runs on every deal:
    a C generator seeded once (``random.Random(seed)`` seeds twice, in ``__new__`` and in
    ``__init__``) and no Python call per card halve its cost.

    >>> import random
    >>> pack = standard_pack()
    >>> order = list(pack)
    >>> random.Random(7).shuffle(order)
    >>> shuffled(pack, 7) == tuple(order) != shuffled(pack, 8)
    True
    """
    order = list(cards)
    draw = _random.Random(seed).getrandbits
    bits = _BITS if len(order) <= len(_BITS) else [(i + 1).bit_length() for i in range(len(order))]
    for i in range(len(order) - 1, 0, -1):
        k = bits[i]
        j = draw(k)
        while j > i:
            j = draw(k)
        order[i], order[j] = order[j], order[i]
    return tuple(order)


#: The bit length of ``i + 1``: how many bits :func:`shuffled` draws for its ``i``-th swap.
_BITS = [(i + 1).bit_length() for i in range(256)]


def card_counts(cards: Iterable[Card]) -> Counter[Card]:
    """A multiset of cards, for checking that nothing was lost or duplicated."""
    return Counter(cards)


def sort_key(card: Card) -> tuple[Rank, Suit]:
    """Order cards by rank, then suit (by its letter: a suit is a ``str`` enum): a tidy hand."""
    return (card.rank, card.suit)


# --------------------------------------------------------------------------- cards in words

#: Ranks in words (a card's name without its article: "seven of hearts").
RANK_WORDS = {Rank.TWO: N_("two"), Rank.THREE: N_("three"), Rank.FOUR: N_("four"), Rank.FIVE: N_("five"),
              Rank.SIX: N_("six"), Rank.SEVEN: N_("seven"), Rank.EIGHT: N_("eight"), Rank.NINE: N_("nine"),
              Rank.TEN: N_("ten"), Rank.JACK: N_("jack"), Rank.QUEEN: N_("queen"), Rank.KING: N_("king"),
              Rank.ACE: N_("ace")}
#: Ranks in words, several of them ("four sevens in a row").
RANK_PLURALS = {Rank.TWO: N_("twos"), Rank.THREE: N_("threes"), Rank.FOUR: N_("fours"), Rank.FIVE: N_("fives"),
                Rank.SIX: N_("sixes"), Rank.SEVEN: N_("sevens"), Rank.EIGHT: N_("eights"), Rank.NINE: N_("nines"),
                Rank.TEN: N_("tens"), Rank.JACK: N_("jacks"), Rank.QUEEN: N_("queens"), Rank.KING: N_("kings"),
                Rank.ACE: N_("aces")}
#: The suits in words.
SUIT_WORDS = {Suit.CLUBS: N_("clubs"), Suit.DIAMONDS: N_("diamonds"), Suit.HEARTS: N_("hearts"),
              Suit.SPADES: N_("spades")}
#: Each rank's card as a sentence names it, the suit filled in: "the six of {suit}". A language
#: puts its article here (French "le six de {suit}", "la dame de {suit}", "l’as de {suit}");
#: German names a card without one ("{suit}-Sechs").
NAMED = {Rank.TWO: N_("the two of {suit}"), Rank.THREE: N_("the three of {suit}"),
         Rank.FOUR: N_("the four of {suit}"), Rank.FIVE: N_("the five of {suit}"),
         Rank.SIX: N_("the six of {suit}"), Rank.SEVEN: N_("the seven of {suit}"),
         Rank.EIGHT: N_("the eight of {suit}"), Rank.NINE: N_("the nine of {suit}"),
         Rank.TEN: N_("the ten of {suit}"), Rank.JACK: N_("the jack of {suit}"),
         Rank.QUEEN: N_("the queen of {suit}"), Rank.KING: N_("the king of {suit}"),
         Rank.ACE: N_("the ace of {suit}")}
#: The jokers in words, without and with the article.
JOKER_WORDS = {Suit.RED: N_("red joker"), Suit.BLACK: N_("black joker")}
JOKER_NAMED = {Suit.RED: N_("the red joker"), Suit.BLACK: N_("the black joker")}
#: The letter on a court card's or an ace's face (English J Q K A, French V D R A, German B D K A).
# TRANSLATORS: the letter on the face of a jack, a queen, a king, an ace (French V D R A, German B D K A).
FACE_LETTERS = {Rank.JACK: N_("J"), Rank.QUEEN: N_("Q"), Rank.KING: N_("K"), Rank.ACE: N_("A")}


def card_words(card: Card) -> Message:
    """A card in words without an article, as a message (a French reader reads "sept de
    cœur", a German one "Herz-Sieben"): what a screen reader says for a card's face.

    >>> [card_words(Card.parse(c)).render(lang) for c, lang in (("7H", "fr"), ("QS", "de"), ("RJ", "fr"))]
    ['sept de cœur', 'Pik-Dame', 'joker rouge']
    """
    if card.is_joker:
        return M(JOKER_WORDS[card.suit])
    return M("{rank} of {suit}", rank=M(RANK_WORDS[card.rank]), suit=M(SUIT_WORDS[card.suit]))


def face_letter(rank: Rank, lang: str = DEFAULT) -> str:
    """The rank as the card's face shows it in ``lang``: ``'7'``, ``'Q'`` (French ``'D'``,
    German ``'D'``), ``'J'`` (French ``'V'``, German ``'B'``).

    >>> [face_letter(r, "fr") for r in (Rank.TEN, Rank.JACK, Rank.KING)]
    ['10', 'V', 'R']
    """
    letter = FACE_LETTERS.get(rank)
    return i18n._catalogue(lang).gettext(letter) if letter else rank.symbol


def _german(text: str, case: str) -> str:
    """A German card name in the nominative, in the accusative or dative: a suit card is named
    without an article ("spielt Herz-König"), a jack declines weakly ("legt Kreuz-Buben ab"); a
    joker is named with its article, which declines with its adjective (der rote Joker, den
    roten Joker, dem roten Joker).

    >>> _german("der rote Joker", "acc"), _german("der schwarze Joker", "dat"), _german("Herz-König", "acc")
    ('den roten Joker', 'dem schwarzen Joker', 'Herz-König')
    >>> _german("Kreuz-Bube", "acc"), _german("Kreuz-Bube", "dat")
    ('Kreuz-Buben', 'Kreuz-Buben')
    """
    article, _, rest = text.partition(" ")
    if article == "der" and rest:
        adjective, _, noun = rest.partition(" ")
        return f"{'den' if case == 'acc' else 'dem'} {adjective}n {noun}"
    return text + "n" if text.endswith("Bube") else text


def card_forms(card: Card, lang: str = DEFAULT) -> Forms:
    """``card`` in words in ``lang``, as a sentence names it (English "the six of hearts", French
    "le six de cœur", German "Herz-Sechs"), with the forms a translation may ask for: ``bare``
    (no article: "six of hearts"), in French ``de`` and ``à`` ("du six de cœur", "au six de
    cœur"), in German ``acc`` and ``dat`` (only a joker changes: "den roten Joker").

    >>> f = card_forms(Card.parse("AS"), "fr")
    >>> str(f), f.form("de"), f.form("bare")
    ('l’as de pique', 'de l’as de pique', 'as de pique')
    >>> card_forms(Card.parse("RJ"), "de").form("acc")
    'den roten Joker'
    """
    return _card_forms(card, lang, i18n._catalogue(lang))


@lru_cache(maxsize=1024)
def _card_forms(card: Card, lang: str, catalogue: Any) -> Forms:
    """:func:`card_forms` with the catalogue it reads (one per language: cached per card)."""
    if card.is_joker:
        text = catalogue.gettext(JOKER_NAMED[card.suit])
    else:
        text = catalogue.gettext(NAMED[card.rank]).format(suit=catalogue.gettext(SUIT_WORDS[card.suit]))
    forms = {"bare": card_words(card).render(lang)}
    if lang == "fr":
        forms.update({"de": french_after(text, "de"), "à": french_after(text, "à")})
    elif lang == "de":
        forms.update({"acc": _german(text, "acc"), "dat": _german(text, "dat")})
    return Forms(text, **forms)


def cards_text(cards: Iterable[Card]) -> Listed:
    """Cards in words, as a list a message says in the reader's language ("the four of
    diamonds and the jack of clubs"; an empty list says nothing).

    >>> cards_text(parse_cards("4D JC")).text_in("fr")
    'le quatre de carreau et le valet de trèfle'
    """
    return Listed(cards)


def rank_words(rank: Rank, plural: bool = False) -> Message:
    """A rank in words, as a message: "seven", or "sevens" with ``plural``.

    >>> rank_words(Rank.QUEEN, plural=True).render("de"), str(rank_words(Rank.TEN))
    ('Damen', 'ten')
    """
    return M((RANK_PLURALS if plural else RANK_WORDS)[rank])

"""A fixed, stable action space per game: every move is one whole number below ``codec.size``.

Both bridges (OpenSpiel, PettingZoo) use it. A move's number depends only on the move (its kind
and the cards, suit, bid, position or player it names), never on the state, so the same number
means the same move everywhere in a game. The space is a sequence of segments, one per kind of
move, each of a fixed size:

========================  =============================================  ==========================
form                      moves                                          size
========================  =============================================  ==========================
``none``                  ``take``, ``stock``, ``keep``, ``pass``, ...  1
``index(n)``              ``closed 2`` (face-down position), ``send P3``  n
``rank(P)``               ``play 7H 7H 7S``: equal cards of one rank      14 ranks x (P + 1)^4
``cards(k)``              ``face-up 4D 7D 8D``, ``discard 10C AC``        multisets of k of 54 cards
``card``                  ``play QS`` (tricks)                            54
``card_value``            ``play RJ=7`` (a wild card's value, 0 = none)   54 x 11
``hole_value``            ``hole 5`` / ``hole 5=7``                       5 x 11
``card_pair``             ``swap 4D AH``                                  54 x 54
``suit``                  ``trump hearts`` / ``trump none``               5
``bid``                   ``bid strike``                                  one per bid
========================  =============================================  ==========================

Cards are numbered clubs, diamonds, hearts, spades (2 to ace each), then the red and black
jokers (0-53). A set of equal cards (``rank``) is its rank and how many of each suit it holds
(jokers count in the first two suit places), so several packs (``P`` of them) fit; a multiset
of ``k`` cards is its rank in the combinatorial number system.

>>> import danish_nb as dn
>>> codec = codec_for("sjavs", 4)
>>> g = dn.new_game("sjavs", players=4, seed=1)
>>> move = g.legal_moves()[-1]
>>> str(move), codec.encode(move), codec.describe(codec.encode(move))
('P1 bid slam', 3, 'bid slam')
>>> codec.size
1548
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from numbers import Integral
from typing import Any

from ..cards import RANKS, SUITS, Card, Rank, Suit, format_cards, sort_key
from ..core import DanishNbError

#: Card numbers: 2 to ace of clubs, diamonds, hearts, spades (0-51), red joker 52, black joker 53.
CARD_COUNT = 54
_SUIT_SLOT = {**{suit: i for i, suit in enumerate(SUITS)}, Suit.RED: 0, Suit.BLACK: 1}
_RANK_SLOT = {**{rank: i for i, rank in enumerate(RANKS)}, Rank.JOKER: len(RANKS)}
_BY_NUMBER = [Card(rank, suit) for suit in SUITS for rank in RANKS] + [Card.parse("RJ"), Card.parse("BJ")]
_SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades", "none")
#: Values a Rat Bastard 17 move may name for a wild card (0 stands for no value).
VALUES = 11
HOLES = 5


def card_number(card: Card) -> int:
    """A card's number, 0-53.

    >>> card_number(Card.parse("2C")), card_number(Card.parse("AS")), card_number(Card.parse("BJ"))
    (0, 51, 53)
    """
    if card.rank is Rank.JOKER:
        return 52 + (card.suit is Suit.BLACK)
    return _SUIT_SLOT[card.suit] * len(RANKS) + _RANK_SLOT[card.rank]


#: Card -> its number (:func:`card_number`), for speed.
CARD_NUMBERS = {card: card_number(card) for card in _BY_NUMBER}


def card_of(number: int) -> Card:
    """The card numbered ``number`` (the inverse of :func:`card_number`)."""
    return _BY_NUMBER[number]


def multiset_number(numbers: Iterable[int]) -> int:
    """The rank of a multiset of card numbers among the multisets of its size (combinatorial
    number system on ``n_i + i`` of the sorted numbers).

    >>> multiset_number([0, 0]), multiset_number([0, 1]), multiset_number([1, 1])
    (0, 1, 2)
    """
    return sum(math.comb(n + i, i + 1) for i, n in enumerate(sorted(numbers)))


def multiset_of(number: int, size: int) -> list[int]:
    """The multiset of ``size`` card numbers whose :func:`multiset_number` is ``number``.

    >>> multiset_of(multiset_number([3, 3, 40]), 3)
    [3, 3, 40]
    """
    out = []
    for i in range(size, 0, -1):
        top = i - 1
        while math.comb(top + 1, i) <= number:
            top += 1
        number -= math.comb(top, i)
        out.append(top - (i - 1))
    return out[::-1]


@dataclass(frozen=True)
class Segment:
    """One kind of move (``action``) and its form; ``arg`` is the form's size parameter."""

    action: str
    form: str
    arg: int = 0

    @property
    def size(self) -> int:
        return {"none": 1, "index": self.arg, "rank": (len(RANKS) + 1) * (self.arg + 1) ** 4,
                "cards": math.comb(CARD_COUNT + self.arg - 1, self.arg), "card": CARD_COUNT,
                "card_value": CARD_COUNT * VALUES, "hole_value": HOLES * VALUES,
                "card_pair": CARD_COUNT * CARD_COUNT, "suit": 5, "bid": self.arg}[self.form]


class Codec:
    """A game's action space: ``encode(move) -> int`` and ``describe(int) -> str``."""

    def __init__(self, game_id: str, segments: Iterable[Segment], bids: tuple[str, ...] = ()):
        self.game_id = game_id
        self.segments = tuple(segments)
        self.bids = bids
        self.offsets: dict[str, int] = {}
        offset = 0
        for seg in self.segments:
            self.offsets[seg.action] = offset
            offset += seg.size
        self.size = offset
        #: action -> (segment, its offset, its size)
        self._by_action = {seg.action: (seg, self.offsets[seg.action], seg.size) for seg in self.segments}
        #: move -> its number, for the moves encoded so far (a game has a few thousand at most)
        self._numbers: dict[Any, int] = {}

    def __getstate__(self) -> dict[str, Any]:
        return {**self.__dict__, "_numbers": {}}  # a pickled codec leaves its memory behind

    def encode(self, move: Any) -> int:
        """The move's number. Raises :class:`DanishNbError` for a move outside the space."""
        number = self._numbers.get(move)
        if number is None:
            number = self._numbers[move] = self._encode(move)
        return number

    def _encode(self, move: Any) -> int:
        found = self._by_action.get(getattr(move, "action", None))
        if found is None:
            raise DanishNbError(f"{self.game_id} has no action number for the move {move}")
        seg, offset, size = found
        local = self._local(seg, move)
        if not 0 <= local < size:
            raise DanishNbError(f"{self.game_id}: the move {move} is outside its {seg.form} segment")
        return offset + local

    def _local(self, seg: Segment, move: Any) -> int:
        form = seg.form
        if form == "none":
            return 0
        if form == "index":
            return move.index
        if form == "rank":
            ranks = {card.rank for card in move.cards}
            if len(ranks) != 1:
                raise DanishNbError(f"{self.game_id}: the move {move} plays cards of several ranks")
            counts = [0, 0, 0, 0]
            for card in move.cards:
                counts[_SUIT_SLOT[card.suit]] += 1
            if max(counts) > seg.arg:
                raise DanishNbError(f"{self.game_id}: the move {move} holds more than {seg.arg} equal cards")
            digits = 0
            for count in counts:
                digits = digits * (seg.arg + 1) + count
            return _RANK_SLOT[ranks.pop()] * (seg.arg + 1) ** 4 + digits
        if form == "cards":
            if len(move.cards) != seg.arg:
                raise DanishNbError(f"{self.game_id}: the move {move} names {len(move.cards)} cards, not {seg.arg}")
            return multiset_number(card_number(card) for card in move.cards)
        if form == "card":
            return card_number(move.card)
        if form == "card_value":
            return card_number(move.card) * VALUES + (move.value or 0)
        if form == "hole_value":
            return (move.position - 1) * VALUES + (move.value or 0)
        if form == "card_pair":
            return card_number(move.card) * CARD_COUNT + card_number(move.other)
        if form == "suit":
            return 4 if move.suit is None else _SUIT_SLOT[move.suit]
        return self.bids.index(move.bid)  # "bid"

    def describe(self, action: int) -> str:
        """The move numbered ``action``, written without its player (``'play 7♥ 7♠'``).

        Raises :class:`DanishNbError` for a number outside ``0 .. size - 1``.
        """
        if isinstance(action, bool) or not isinstance(action, Integral) or not 0 <= action < self.size:
            raise DanishNbError(f"{self.game_id}: an action is a whole number from 0 to {self.size - 1}, "
                                f"not {action!r}")
        action = int(action)
        seg = next(s for s in reversed(self.segments) if self.offsets[s.action] <= action)
        local = action - self.offsets[seg.action]
        form, head = seg.form, seg.action
        if form == "none":
            return head
        if form == "index":
            return f"{head} {'P' if head == 'send' else ''}{local + 1}"
        if form == "rank":
            rank_slot, digits = divmod(local, (seg.arg + 1) ** 4)
            counts = []
            for _ in range(4):
                digits, count = divmod(digits, seg.arg + 1)
                counts.append(count)
            rank = (*RANKS, Rank.JOKER)[rank_slot]
            suits = (Suit.RED, Suit.BLACK) if rank is Rank.JOKER else SUITS
            cards = [Card(rank, suit) for suit, count in zip(suits, reversed(counts)) for _ in range(count)]
            return f"{head} {format_cards(sorted(cards, key=sort_key))}"
        if form == "cards":
            return f"{head} {format_cards(sorted((card_of(n) for n in multiset_of(local, seg.arg)), key=sort_key))}"
        if form == "card":
            return f"{head} {card_of(local)}"
        if form == "card_value":
            number, value = divmod(local, VALUES)
            return f"{head} {card_of(number)}{f'={value}' if value else ''}"
        if form == "hole_value":
            position, value = divmod(local, VALUES)
            return f"{head} {position + 1}{f'={value}' if value else ''}"
        if form == "card_pair":
            first, second = divmod(local, CARD_COUNT)
            return f"{head} {card_of(first)} {card_of(second)}"
        if form == "suit":
            return f"{head} {_SUIT_NAMES[local]}"
        return f"{head} {self.bids[local]}"


def codec_for(game_id: str, players: int, options: Any = None) -> Codec:
    """The action space of ``game_id`` played by ``players`` players with ``options`` (a dict
    or the game's options value; the sizes of some segments depend on them).

    Raises :class:`DanishNbError` for an unknown game, a player count it does not take or bad
    options.
    """
    import danish_nb as dn

    game = dn.new_game(game_id, players, 0, options)
    return _codec(game_id, players, game.options)


@cache
def _codec(game_id: str, players: int, options: Any) -> Codec:
    import danish_nb as dn

    parts = dn.GAMES[game_id].info.parts
    if parts.actions is None:
        raise DanishNbError(f"no action space is defined for the game {game_id!r}: its GameParts declare no actions")
    dealt = dn.new_game(game_id, players, 0, options).state
    return Codec(game_id, [Segment(*segment) for segment in parts.actions(dealt, players)], bids=parts.bids)

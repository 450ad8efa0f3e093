"""Dealing the cards a player has not seen into the places they cannot see (other hands, a skat,
a deck, face-down cards), for ``view.sample_world(rng)``: a complete world consistent with a
player's view, as search players and a coach use it (determinization).

Each place takes a number of cards and may refuse some kinds of card (a player who did not
follow suit holds no card of that suit). :func:`deal_unseen` places the cards one at a time in
random order, each into a random place that still leaves a way to place the rest, so every
assignment consistent with the counts and refusals can come out (not all equally often).

>>> import random
>>> from ..cards import Suit, parse_cards
>>> cards = parse_cards("7H 8H 9S 10S")
>>> hands = deal_unseen(cards, [2, 2], lambda c: c.suit, [{Suit.HEARTS}, set()], random.Random(1))
>>> [sorted(c.suit.value for c in hand) for hand in hands]
[['S', 'S'], ['H', 'H']]
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Collection, Hashable, Sequence
from itertools import combinations

from ..cards import Card
from ..core import DanishNbError

__all__ = ["deal_unseen"]


def deal_unseen(cards: Sequence[Card], sizes: Sequence[int], kind: Callable[[Card], Hashable] | None = None,
                refused: Sequence[Collection[Hashable]] | None = None,
                rng: random.Random | None = None) -> list[list[Card]]:
    """``cards`` dealt at random into places of the given ``sizes``; place ``i`` takes no card
    whose ``kind(card)`` is in ``refused[i]``. Raises :class:`DanishNbError` if the counts or
    the refusals leave no way to do it.

    >>> deal_unseen([], [0, 0])
    [[], []]
    """
    rng = rng or random.Random()
    if sum(sizes) != len(cards):
        raise DanishNbError(f"{len(cards)} unseen cards do not fill hidden places of {sum(sizes)}")
    order = list(cards)
    rng.shuffle(order)
    places: list[list[Card]] = [[] for _ in sizes]
    if kind is None or not refused or not any(refused):
        start = 0
        for place, size in zip(places, sizes):
            place += order[start:start + size]
            start += size
        return places
    room = list(sizes)
    left = Counter(kind(card) for card in order)
    if not _fits(left, room, refused):
        raise DanishNbError("no way to deal the unseen cards: a place refuses too many of them")
    for card in order:
        k = kind(card)
        left[k] -= 1
        choices = [i for i, free in enumerate(room) if free and k not in refused[i]]
        rng.shuffle(choices)
        for i in choices:
            room[i] -= 1
            if _fits(left, room, refused):
                places[i].append(card)
                break
            room[i] += 1
        else:  # pragma: no cover - _fits held before this card, so some choice keeps it
            raise DanishNbError("no way to deal the unseen cards")
    return places


def _fits(left: Counter, room: Sequence[int], refused: Sequence[Collection[Hashable]]) -> bool:
    """Whether the cards still to deal (counted by kind) fit the room left: for every set of
    kinds, the places taking at least one of them have room for all of them (Hall's condition)."""
    kinds = [k for k, n in left.items() if n > 0]
    for size in range(1, len(kinds) + 1):
        for group in combinations(kinds, size):
            need = sum(left[k] for k in group)
            space = sum(free for free, no in zip(room, refused) if not all(k in no for k in group))
            if need > space:
                return False
    return True

"""A bare plain-list playout of Danish Bastard: the speed a Python engine without objects,
explanations, events or histories reaches, as the yardstick of ``benchmarks.engine``.

Cards are ints (2-14, 15 the red joker, 16 the black joker), piles are lists mutated in
place, a move is a ``(kind, rank, count)`` tuple. It plays the default rules' decisions (face-up
choice, equal or higher, the 7, the 2, the 10 and four of a kind burning, jokers, the stock card,
taking the pile, open then closed cards, refilling to three, the turn limit) but not the
repetition draw, and it counts several cards of one rank by their number, not their suits: a
reference for speed, not a second engine.

>>> plain_game(3, seed=1) > 0
True
"""

from __future__ import annotations

import random

RED, BLACK = 15, 16
TURN_LIMIT = 2000


def fits(card: int, top: int | None) -> bool:
    if top is None or card >= RED or card == 2 or top == 2 or top == RED:
        return True
    if top == BLACK:
        return False
    return card <= 7 if top == 7 else card >= top


def plain_game(players: int, seed: int) -> int:
    """Play one random game; return the number of moves (decisions) played."""
    rng = random.Random(seed)
    deck = [r for r in range(2, 15) for _ in range(4)] * ((players + 3) // 4)
    deck += [RED, BLACK] * ((players + 3) // 4)
    rng.shuffle(deck)
    closed = [deck[i * 9:i * 9 + 3] for i in range(players)]
    table = [deck[i * 9 + 3:i * 9 + 9] for i in range(players)]
    stock = deck[players * 9:]
    hands, opens = [], []
    for cards in table:  # the face-up choice: one decision per player
        rng.shuffle(cards)
        opens.append(cards[:3])
        hands.append(cards[3:])
    pile: list[int] = []
    out = [False] * players
    left, p, moves = players, 0, players
    while left > 1 and moves < TURN_LIMIT:
        hand, top = hands[p], (pile[-1] if pile else None)
        source = hand if (stock or hand) else opens[p] if opens[p] else None
        options: list[tuple[str, int, int]] = []
        if source is not None:
            for rank in set(source):
                if fits(rank, top):
                    options += [("play", rank, n) for n in range(1, source.count(rank) + 1)]
            if source is hand and stock:
                options.append(("stock", 0, 0))
            if not options and pile:
                options.append(("take", 0, 0))
            if source is not hand and not options:
                options.append(("play", source[0], 1))
        else:
            options.append(("closed", 0, 0))
        kind, rank, count = rng.choice(options)
        moves += 1
        if kind == "take":
            hand += pile
            pile = []
            p = _next(p, out)
            continue
        if kind == "play":
            cards = [rank] * count
            for _ in range(count):
                source.remove(rank)
        else:
            cards = [stock.pop() if kind == "stock" else closed[p].pop()]
        if not fits(cards[0], top):
            hand += pile + cards
            pile = []
            p = _next(p, out)
            continue
        pile += cards
        again = cards[0] == 10 or (len(pile) >= 4 and pile[-4:].count(pile[-1]) == 4 and pile[-1] < RED)
        if again:
            pile = []
        while stock and len(hand) < 3:
            hand.append(stock.pop())
        if not (stock or hand or opens[p] or closed[p]):
            out[p] = True
            left -= 1
        if not again or out[p]:
            p = _next(p, out)
    return moves


def _next(p: int, out: list[bool]) -> int:
    for _ in out:
        p = (p + 1) % len(out)
        if not out[p]:
            break
    return p

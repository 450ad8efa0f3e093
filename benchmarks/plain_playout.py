"""Bare plain-list playouts of the five games: the speed a Python engine without objects,
explanations, events or histories reaches, as the yardstick of ``benchmarks.engine``.

Danish Bastard's cards are ints ``rank * 4 + suit`` (ranks 2-14, 15 the red joker, 16 the
black joker; two packs repeat them), piles are lists mutated in place. It plays the default
rules' decisions as the engine lists them (``tests/test_plain_playout.py`` holds them equal):
the face-up choice; from the hand, each distinct set of one kind's cards that fits (DB-13 to
DB-23: equal or higher, the 7, the 2 and the red joker, the 10 not on a 7 or a joker, the black
joker), the stock card by choice but not as the game's first card, taking the pile only when
nothing fits and the stock is gone or a black joker is on top; the 10 and four of a kind burning
and the burner playing again in reversed order; refilling to three; then the face-up cards (of
one rank together) and the face-down ones blind; the repetition draw (the same position a third
time when the pile is taken) and the turn limit. A reference for speed, not a second engine.

>>> plain_game(3, seed=1) > 0
True
"""

from __future__ import annotations

import random
from itertools import combinations

RED, BLACK = 15, 16
TURN_LIMIT = 2000
TURN_LIMIT_RB = 1000  # Rat Bastard 17's default turn limit (ruling RB-p)


def fits(rank: int, top: int | None) -> bool:
    """Whether a card of ``rank`` may go on a ``top`` rank (``None``: an empty pile) under
    Danish Bastard's default options (DB-13 to DB-23; the engine's ``placement``)."""
    if top is None or rank >= RED:
        return True
    if top == BLACK:
        return False
    if rank == 10:
        return top != 7 and top != RED
    if top == 7:
        return rank <= 7
    return rank == 2 or top == 2 or top == RED or rank >= top


def plain_game(players: int, seed: int) -> int:
    """Play one random game of Danish Bastard; return the number of moves (decisions) played."""
    rng = random.Random(seed)
    deck = (list(range(8, 60)) + [RED * 4, BLACK * 4]) * ((players + 3) // 4)
    rng.shuffle(deck)
    closed = [deck[i * 9:i * 9 + 3] for i in range(players)]
    hands, opens = [], []
    for i in range(players):  # the face-up choice: one decision per player
        cards = deck[i * 9 + 3:i * 9 + 9]
        rng.shuffle(cards)
        opens.append(cards[:3])
        hands.append(cards[3:])
    stock = deck[players * 9:]
    sets = _ld_sets if players > 4 else _one_pack_sets
    pile: list[int] = []
    out = [False] * players
    finished = 0
    positions: list[tuple] = []
    p, direction, turn, burned = 0, 1, players, False
    while True:
        hand, top = hands[p], (pile[-1] >> 2 if pile else None)
        taken: list[int] | None = None
        if stock or hand:
            groups: dict[int, list[int]] = {}
            for card in hand:
                if fits(card >> 2, top):
                    groups.setdefault(card >> 2, []).append(card)
            options: list = [cards for group in groups.values() for cards in sets(group)]
            if stock and (not options or turn > players or pile or burned):  # DB-12, DB-24, ruling DB-s
                options.append("stock")
            if pile and not groups and (top == BLACK or not stock):  # DB-32, DB-21, DB-24
                options.append("take")
            pick = rng.choice(options)
            if pick == "take":
                taken = pile
            elif pick == "stock":
                cards = [stock.pop()]
                if not fits(cards[0] >> 2, top):
                    taken = pile + cards
            else:
                cards = list(pick)
                for card in cards:
                    hand.remove(card)
        elif opens[p]:
            table = opens[p]
            groups = {}
            for card in table:
                groups.setdefault(card >> 2, []).append(card)
            fitting = [cards for rank, group in groups.items() if fits(rank, top) for cards in sets(group)]
            cards = list(rng.choice(fitting or [(card,) for card in dict.fromkeys(table)]))  # DB-27, DB-28
            for card in cards:
                table.remove(card)
            if not fitting:
                taken = pile + cards
        else:
            cards = [closed[p].pop(rng.randrange(len(closed[p])))]  # DB-29, DB-30
            if not fits(cards[0] >> 2, top):
                taken = pile + cards
        turn += 1
        if taken is not None:  # the pile goes into the hand; the next player starts a new one (DB-24)
            hand += taken
            pile = []
            p = _next(p, out, direction)
            key = (tuple(stock), p, direction, *(tuple(sorted(h)) for h in hands), *(tuple(sorted(o)) for o in opens),
                   *(tuple(c) for c in closed))
            positions.append(key)
            if positions.count(key) >= 3 or turn >= TURN_LIMIT:  # the repetition draw (DB-1), the turn limit
                return turn
            continue
        pile += cards
        rank = cards[0] >> 2
        burn = rank == 10 or (len(pile) >= 4 and rank < RED and pile[-4] >> 2 == rank and pile[-3] >> 2 == rank
                              and pile[-2] >> 2 == rank)  # DB-17, DB-18
        if burn:
            pile = []
            burned = True
        if stock and len(hand) < 3:  # DB-26
            drawn = stock[max(0, len(stock) - 3 + len(hand)):]
            del stock[len(stock) - len(drawn):]
            hand += drawn
        if not (stock or hand or opens[p] or closed[p]):
            out[p] = True
            finished += 1
            if players - finished <= 1:  # DB-31
                return turn
        if burn:  # the burner plays again, then the order reverses (DB-19, ruling DB-d)
            direction = -direction
            if out[p]:
                p = _next(p, out, direction)
        else:
            p = _next(p, out, direction)
        if turn >= TURN_LIMIT:
            return turn


def _next(p: int, out: list[bool], direction: int = 1) -> int:
    """The next seat in ``direction`` whose player still holds cards."""
    for _ in out:
        p = (p + direction) % len(out)
        if not out[p]:
            break
    return p


def _one_pack_sets(group: list[int]) -> list[tuple[int, ...]]:
    """Each non-empty set of ``group``'s cards (one pack: no card twice)."""
    if len(group) == 1:
        return [(group[0],)]
    return [c for n in range(1, len(group) + 1) for c in combinations(group, n)]


# --------------------------------------------------------------------------- Le danish

def _ld_fits(rank: int, top: int | None) -> bool:
    """Le danish's default placement: a 2 on anything and anything on a 2 (wild), 7 or lower on
    a 7, else equal or higher (a 10 only on a lower or equal card)."""
    if top is None or rank == 2 or top == 2:
        return True
    return rank <= 7 if top == 7 else rank >= top


def plain_le_danish(players: int, seed: int) -> int:
    """One random game of Le danish under the default rules (the face-up choice, equal or
    higher, the 7, the wild 2, the 10 removing the pile and its player playing again, the Ace
    sending the pile to a chosen player, the 8 skipping a player per card, picking up the pile
    and the last player to put cards down leading, face-up cards taken into the hand, face-down
    cards blind, refilling to three, ending at the first player out, the repetition draw: the
    same position a third time when the pile goes into a hand, LD-o). Cards are ``rank * 4 +
    suit`` (two packs repeat them); a play is any distinct set of one rank's cards in the hand
    (LD-11, LD-12: the player chooses which cards, as the engine's moves do). Returns the moves
    (decisions) played."""
    rng = random.Random(seed)
    deck = [r * 4 + s for r in range(2, 15) for s in range(4)] * (1 if players <= 5 else 2)
    rng.shuffle(deck)
    closed = [deck[i * 9:i * 9 + 3] for i in range(players)]
    hands, opens = [], []
    for i in range(players):
        cards = deck[i * 9 + 3:i * 9 + 9]
        rng.shuffle(cards)
        opens.append(cards[:3])
        hands.append(cards[3:])
    stock = deck[players * 9:]
    pile: list[int] = []
    positions: list[tuple] = []
    p, last, moves = 0, None, players
    while moves < 3000:
        hand = hands[p]
        top = pile[-1] >> 2 if pile else None
        moves += 1
        if not hand:
            if opens[p]:  # the face-up cards go into the hand
                hand += opens[p]
                opens[p] = []
                continue
            card = closed[p].pop(rng.randrange(len(closed[p])))
            if not _ld_fits(card >> 2, top):
                hand += pile + [card]
                pile = []
                p = last if last is not None else (p + 1) % players
                if _ld_repeated(positions, stock, p, hands, opens, closed):
                    break
                continue
            cards = [card]
        else:
            groups: dict[int, list[int]] = {}
            for card in hand:
                group = groups.get(card >> 2)
                if group is not None:
                    group.append(card)
                elif _ld_fits(card >> 2, top):
                    groups[card >> 2] = [card]
            if not groups:  # pick up the pile: the last player to put cards down leads
                hand += pile
                pile = []
                p = last if last is not None else (p + 1) % players
                if _ld_repeated(positions, stock, p, hands, opens, closed):
                    break
                continue
            if players > 5:  # two packs: equal cards give each set once
                cards = rng.choice([cards for group in groups.values() for cards in _ld_sets(group)])
            else:  # one pack: a group of k cards has 2**k - 1 sets, the i-th one read off i's bits
                cards = _ld_set(groups, rng.randrange(sum((1 << len(group)) - 1 for group in groups.values())))
            for card in cards:
                hand.remove(card)
        rank, count = cards[0] >> 2, len(cards)
        pile += cards
        last = p
        while stock and len(hand) < 3:
            hand.append(stock.pop())
        if not (hand or opens[p] or closed[p]):
            break  # the Danish: the first player out wins
        if rank == 10:
            pile = []
            continue
        if rank == 14:  # the Ace: its player sends the pile to another player, then leads
            moves += 1
            hands[rng.choice([t for t in range(players) if t != p])] += pile
            pile = []
            if _ld_repeated(positions, stock, p, hands, opens, closed):
                break
            continue
        p = (p + 1 + (count if rank == 8 else 0)) % players
    return moves


def _ld_repeated(positions: list[tuple], stock: list[int], p: int, hands: list[list[int]], opens: list[list[int]],
                 closed: list[list[int]]) -> bool:
    """The pile went into a hand and ``p`` leads: whether this position comes a third time (the
    repetition draw, ruling LD-o; ``positions`` the ones seen at such moments)."""
    key = (tuple(stock), p, *(tuple(sorted(h)) for h in hands), *map(tuple, opens), *map(tuple, closed))
    positions.append(key)
    return positions.count(key) >= 3


def _ld_set(groups: dict[int, list[int]], pick: int) -> list[int]:
    """The ``pick``-th set of cards of one rank from ``groups`` (each rank's cards, one pack: no
    card twice), counting each group's ``2**k - 1`` sets in turn, a set read off the bits of
    its number (LD-11, LD-12).

    >>> [_ld_set({7: [28, 29], 9: [36]}, i) for i in range(4)]
    [[28], [29], [28, 29], [36]]
    """
    for group in groups.values():
        count = (1 << len(group)) - 1
        if pick < count:
            return [c for i, c in enumerate(group) if (pick + 1) >> i & 1]
        pick -= count
    raise IndexError(pick)


def _ld_sets(group: list[int]) -> list[tuple[int, ...]]:
    """Each distinct non-empty set of ``group``'s cards (cards of one rank), as the engine's
    :func:`~danish_nb.families.shedding.group_moves` lists them (LD-11, LD-12).

    >>> _ld_sets([28, 29])
    [(28,), (29,), (28, 29)]
    """
    if len(group) == 1:
        return [(group[0],)]
    group = sorted(group)
    return list(dict.fromkeys(c for n in range(1, len(group) + 1) for c in combinations(group, n)))


# --------------------------------------------------------------------------- Rat Bastard 17

#: Rat Bastard 17's value of each card (``None``: a joker, wild 1 to 10; RB-1, ruling RB-a):
#: an Ace 1, 2-10 at face value, the courts 0.
RB_WORTH: list[int | None] = [1 if r == 14 else 0 if r > 10 else r for r in range(2, 15) for _ in range(4)] + [None] * 2
#: A card's value when drawing for first player: a joker counts 10 (ruling RB-k).
RB_DRAW = [10 if w is None else w for w in RB_WORTH]


def plain_rat_bastard_17(players: int, seed: int) -> int:
    """One random game of Rat Bastard 17 under the default rules; ``players`` is 2. Returns the
    moves (see :func:`rat_bastard_17_game`).

    >>> plain_rat_bastard_17(2, seed=1) > 0
    True
    """
    return rat_bastard_17_game(seed)[0]


def rat_bastard_17_game(seed: int) -> tuple[int, list[list[int]], list[list[int | None]], list[int], list[int],
                                            list[int], int | None]:
    """One random game of Rat Bastard 17 under the default rules, as the engine plays them: the
    swap phase (each face-up hole card replaced at most once, RB-7, ruling RB-j), the draw for
    the first player (RB-9, RB-10), a running total that may not pass 17 (RB-15), jokers wild 1
    to 10, courts 0 (RB-1), refilling to five from the deck (RB-12), 17 discarding the pile and
    its player starting again while the deck lasts (RB-17), the other player topping up to five
    from the pile after it (RB-18), taking the pile when nothing fits (RB-16; ruling RB-g after
    the deck), the outer hole cards, face-down ones blind (RB-20, RB-21, rulings RB-m, RB-q),
    the win (RB-22, ruling RB-o), the repetition draw and the turn limit (ruling RB-p).

    Cards are ints: ``(rank - 2) * 4 + suit`` (suits C, D, H, S), 52 and 53 the red and black
    jokers; :data:`RB_WORTH` gives each its value. Returns ``(moves, hands, holes, deck, pile,
    discard, winner)`` at the end (``winner`` ``None`` for a draw).

    >>> moves, hands, holes, deck, pile, discard, winner = rat_bastard_17_game(3)
    >>> len(deck + pile + discard + [c for h in hands + holes for c in h if c is not None])
    54
    """
    rng = random.Random(seed)
    deck = list(range(54))
    rng.shuffle(deck)
    holes: list[list[int | None]] = [list(deck[i * 10:i * 10 + 5]) for i in range(2)]
    hands = [deck[i * 10 + 5:i * 10 + 10] for i in range(2)]
    deck = deck[20:]
    discard: list[int] = []
    moves = 0
    for p in range(2):  # the swap phase (RB-7): each face-up hole card replaced at most once (RB-j)
        for slot in (1, 3):
            if rng.random() < 0.5:
                i = rng.randrange(5)
                hands[p][i], holes[p][slot] = holes[p][slot], hands[p][i]
                moves += 1
        moves += 1
    p = None
    while p is None and len(deck) >= 2:  # the draw for first player (RB-9, RB-10): a joker counts 10 (RB-k)
        one, two = deck.pop(), deck.pop()
        discard += (one, two)
        v1, v2 = RB_DRAW[one], RB_DRAW[two]
        p = None if v1 == v2 else 0 if v1 > v2 else 1
    p = p or 0
    total, pile = 0, []
    winner = None
    seen: dict[tuple, int] = {}

    def repeated(p: int) -> bool:
        """A position back for the third time when the pile empties: a draw (ruling RB-p)."""
        key = (tuple(deck), p, tuple(sorted(hands[0])), tuple(sorted(hands[1])), tuple(holes[0]), tuple(holes[1]))
        seen[key] = times = seen.get(key, 0) + 1
        return times >= 3

    while moves < TURN_LIMIT_RB:
        hand, row = hands[p], holes[p]
        moves += 1
        room = 17 - total
        if hand:  # any hand card that keeps the total at or under 17 (RB-15, ruling RB-e)
            options = []
            for c in hand:
                w = RB_WORTH[c]
                if w is None:
                    options += [(c, v) for v in range(1, min(10, room) + 1)]
                elif w <= room:
                    options.append((c, w))
        else:  # the outer hole cards (RB-20): face-down ones always, blind (RB-q, a joker: RB-m)
            filled = [i for i, c in enumerate(row) if c is not None]
            options = []
            for i in {filled[0], filled[-1]}:
                w = RB_WORTH[row[i]]  # type: ignore[index]
                if i not in (1, 3):
                    options.append((-1 - i, min(10, room) if w is None else w))
                elif w is None:
                    options += [(-1 - i, v) for v in range(1, min(10, room) + 1)]
                elif w <= room:
                    options.append((-1 - i, w))
        if not options:  # nothing fits: the other player starts again from 0
            if hand and deck:  # RB-16: the whole pile into the hand
                hand += pile
            else:  # after the deck (ruling RB-g) or from the hole (RB-q): from the top until 5 in hand
                count = min(len(pile), max(0, 5 - len(hand)))
                hand += pile[len(pile) - count:]
                discard += pile[:len(pile) - count]
            pile, total, p = [], 0, 1 - p
            if repeated(p):
                break
            continue
        card, value = rng.choice(options)
        if card < 0:
            slot = -1 - card
            card, row[slot] = row[slot], None  # type: ignore[assignment]
        else:
            hand.remove(card)
        pile.append(card)
        total += value
        deck_gone = not deck  # judged before the refill (ruling RB-n)
        while deck and len(hand) < 5:
            hand.append(deck.pop())
        if total > 17:  # over with a blind hole card: picked up, even the last one (RB-21, rulings RB-l, RB-o)
            hand += pile[-5:]
            discard += pile[:-5]
            pile, total, p = [], 0, 1 - p
            if repeated(p):
                break
        elif not hand and all(c is None for c in row):  # RB-22
            winner = p
            break
        elif total == 17 and not deck_gone:  # RB-17: the pile is discarded, the same player starts again
            discard += pile
            pile, total = [], 0
            if repeated(p):
                break
        elif total == 17:  # RB-18: the other player tops up to 5 from the top, the rest is discarded
            other = hands[1 - p]
            count = min(len(pile), max(0, 5 - len(other)))
            other += pile[len(pile) - count:]
            discard += pile[:len(pile) - count]
            pile, total = [], 0
            if repeated(p):
                break
        else:
            p = 1 - p
    return moves, hands, holes, deck, pile, discard, winner


# --------------------------------------------------------------------------- trick games

def _trick_winner(trick: list[int], strength) -> int:
    """The index in ``trick`` of the card that takes it (``strength(card, led)``)."""
    led = trick[0]
    best = 0
    for i in range(1, len(trick)):
        if strength(trick[i], led) > strength(trick[best], led):
            best = i
    return best


def _play_tricks(rng: random.Random, hands: list[list[int]], leader: int, suit_of, strength) -> list[list[int]]:
    """Play out a deal's tricks at random, following suit when possible; the cards each won."""
    players = len(hands)
    won: list[list[int]] = [[] for _ in hands]
    for _ in range(len(hands[0])):
        trick: list[int] = []
        for k in range(players):
            hand = hands[(leader + k) % players]
            if trick:
                led = suit_of(trick[0])
                follow = [c for c in hand if suit_of(c) == led]
                card = rng.choice(follow or hand)
            else:
                card = rng.choice(hand)
            hand.remove(card)
            trick.append(card)
        leader = (leader + _trick_winner(trick, strength)) % players
        won[leader] += trick
    return won


#: Bastard's jack penalties by suit (clubs, diamonds, hearts, spades; BA-14, ruling BA-e).
BA_JACKS = (-2, -3, -4, -1)
BA_CHARM, BA_NASTY = 0 * 16 + 7, 1 * 16 + 7  # the seven of clubs and the seven of diamonds


def plain_bastard(players: int, seed: int) -> int:
    """One random match of Bastard under the default rules; returns the moves (see
    :func:`bastard_match`).

    >>> plain_bastard(3, seed=1)
    156
    """
    return bastard_match(players, seed)[0]


def bastard_match(players: int, seed: int) -> tuple[int, list[int]]:
    """One random match of Bastard under the default rules, as the engine plays them: one deal
    per player, the last seat dealing first and the deal passing left (ruling BA-i), the pack
    without the queen of spades for three (BA-5), the player left of the dealer naming trumps
    or no trumps and leading (BA-8, BA-9), following suit (BA-10), the highest trump or else
    the highest card of the suit led taking the trick (BA-11), a point a trick, the jacks' -1
    to -4, the seven of diamonds doubling them or paying 2 a trick without jacks, the seven of
    clubs cancelling the doubling or paying 4 a trick without jacks (BA-13 to BA-18). Cards are
    ``suit * 16 + rank`` (clubs, diamonds, hearts, spades). Returns the moves and the totals.

    >>> bastard_match(4, seed=2)[0]
    212
    """
    rng = random.Random(seed)
    pack = [s * 16 + r for s in range(4) for r in range(2, 15) if players == 4 or (s, r) != (3, 12)]
    scores = [0] * players
    moves = 0
    for deal in range(players):
        rng.shuffle(pack)
        hands = [pack[k::players] for k in range(players)]
        trump = rng.choice((0, 1, 2, 3, None))
        moves += 1

        def strength(card: int, led: int, trump: int | None = trump) -> int:
            suit = card >> 4
            return (card & 15) + (40 if suit == trump else 20 if suit == led >> 4 else 0)
        won = _play_tricks(rng, hands, deal % players, lambda c: c >> 4, strength)
        moves += len(pack) // players * players
        for seat, cards in enumerate(won):
            tricks = len(cards) // players
            jacks = [BA_JACKS[c >> 4] for c in cards if c & 15 == 11]
            nasty, charm = BA_NASTY in cards, BA_CHARM in cards
            if jacks:
                scores[seat] += tricks + sum(jacks) * (2 if nasty and not charm else 1)
            else:
                scores[seat] += tricks * (4 if charm else 2 if nasty else 1)
    return moves, scores


#: Sjavs's six permanent trumps, highest first (SJ-1): the black queens, then the jacks (clubs,
#: spades, hearts, diamonds).
SJ_PERMANENT = (0 * 16 + 12, 3 * 16 + 12, 0 * 16 + 11, 3 * 16 + 11, 2 * 16 + 11, 1 * 16 + 11)
SJ_POINTS = {10: 10, 11: 2, 12: 3, 13: 4, 14: 11}  # card points (SJ-3)


def plain_sjavs(players: int, seed: int) -> int:
    """One random match of Sjavs under the default rules for three; returns the moves (see
    :func:`sjavs_match`).

    >>> plain_sjavs(3, seed=1) > 0
    True
    """
    return sjavs_match(players, seed)[0]


def sjavs_match(players: int, seed: int) -> tuple[int, list[int], int]:
    """One random match of Sjavs (Klørsjavs) for three players with the 20-card pack under the
    default rules, as the engine plays them: the last seat dealing first, six cards each and a
    skat of two (SJ-4, SJ-5); the auction from eldest, each bid higher, a pass final, an obliged
    bid with four trumps while nobody has bid, ending when all but the highest bidder passed or
    at a Slam (SJ-6, SJ-7, ruling SJ-b); everyone passing: the same dealer deals again (ruling
    SJ-c); a Play's soloist taking the skat and discarding two, which count for them (SJ-8,
    SJ-10); eldest leading to a Play, the soloist to a Strike or Slam (SJ-12); following the
    trump suit (the six permanent trumps in it) or the suit led (SJ-13, SJ-14); card points,
    61 to win, a Slam every trick; the opponents deducting 5, 10 under 31, 15 without a trick,
    a lost soloist 5, 10 or 15 (SJ-16 to SJ-18); until someone is at zero or 200 deals (SJ-19,
    ruling SJ-j); the deal passing left. Cards are ``suit * 16 + rank`` (clubs 0). Returns the
    moves, the game points and the deals played.

    >>> sjavs_match(3, seed=4)[1:]
    ([20, 65, 0], 8)
    """
    rng = random.Random(seed)
    pack = [s * 16 + r for s in range(4) for r in (10, 11, 12, 13, 14)]
    permanent = SJ_PERMANENT

    def suit_of(card: int) -> int:
        return 0 if card in permanent else card >> 4

    def strength(card: int, led: int) -> int:
        if card in permanent:
            return 100 - permanent.index(card)
        return (card & 15) + (50 if card >> 4 == 0 else 20 if card >> 4 == suit_of(led) else 0)

    scores = [65] * players
    moves = 0
    dealer = players - 1
    deal = 0
    while deal < 200:
        deal += 1
        rng.shuffle(pack)
        eldest = (dealer + 1) % players
        hands = [pack[k * 6:k * 6 + 6] for k in range(players)]
        skat = pack[18:20]
        soloist, contract, passed = None, -1, set()
        seat = eldest
        while len(passed) < players and not (contract >= 0 and len(passed) == players - 1) and contract < 2:
            moves += 1
            obliged = contract < 0 and sum(suit_of(c) == 0 for c in hands[seat]) >= 4
            choice = rng.choice(([] if obliged else [None]) + list(range(contract + 1, 3)))
            if choice is None:
                passed.add(seat)
            else:
                soloist, contract = seat, choice
            seat = next((s for s in ((seat + k) % players for k in range(1, players + 1)) if s not in passed), seat)
        if soloist is None:  # a throw-in: the same dealer deals again
            continue
        dealer = eldest
        aside = skat
        if contract == 0:
            hand = hands[soloist] + skat
            aside = list(rng.choice(list(combinations(hand, 2))))
            hands[soloist] = [c for c in hand if c not in aside]
            moves += 1
        won = _play_tricks(rng, hands, eldest if contract == 0 else soloist, suit_of, strength)
        moves += 6 * players
        mine = sum(SJ_POINTS[c & 15] for c in won[soloist] + aside)
        their_tricks = 6 - len(won[soloist]) // players
        if (their_tricks == 0) if contract == 2 else mine >= 61:
            for s in range(players):
                if s != soloist:
                    scores[s] -= 15 if their_tricks == 0 else 10 if 120 - mine < 31 else 5
        else:
            scores[soloist] -= (5, 10, 15)[contract]
        if min(scores) <= 0:
            break
    return moves, scores, deal


#: Per game id, its plain playout: ``playout(players, seed)`` -> moves played.
PLAIN = {"danish-bastard": plain_game, "le-danish": plain_le_danish, "rat-bastard-17": plain_rat_bastard_17,
         "bastard": plain_bastard, "sjavs": plain_sjavs}

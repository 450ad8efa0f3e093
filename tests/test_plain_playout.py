"""The plain playouts of ``benchmarks.plain_playout`` play the engine's rules.

Rat Bastard 17's plain playout is replayed through the engine in lockstep: its random source
deals the engine's cards, and at each of its decisions the options it lists must be the
engine's legal moves (read as its cards and values) and its choice is applied to the engine; a take the
plain playout makes without a decision must be the engine's only legal move; at the end both
hold the same cards in the same places and agree on who won. Danish Bastard's and Le danish's
plain playouts are replayed in lockstep the same way over whole games at several player counts
(one and two packs), and Le danish's plays of a hand are also checked alone (each distinct set
of one rank's cards). Bastard's and Sjavs's plain playouts are replayed in lockstep over whole
matches (every deal's cards, the trump call, the auction, the discards, every card, and the match
totals at the end).
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations
from types import SimpleNamespace
from typing import Any

import pytest
from hypothesis import given, settings, strategies as st

from benchmarks import plain_playout
from danish_nb.cards import Card, Rank, Suit
from danish_nb.families.running_total import RatMove
from danish_nb.families.shedding import ShedMove, group_moves
from danish_nb.games.rat_bastard_17 import Options, RatBastard17, blind_value, card_value

UP_SLOTS = (1, 3)


def code(card: Card) -> int:
    """The plain playout's int for a card: ``(rank - 2) * 4 + suit``, the jokers 52 and 53."""
    if card.is_joker:
        return 52 if card.suit is Suit.RED else 53
    return (int(card.rank) - 2) * 4 + "CDHS".index(card.suit.value)


class Lockstep(random.Random):
    """The plain playout's random source, driving the engine alongside it (see the module)."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.state: Any = RatBastard17().new_state(2, seed, Options())
        s = self.state
        self.order = [c for p in range(2) for c in (*s.holes[p], *s.hands[p])] + list(s.deck)
        self.hands = [list(s.hands[p]) for p in range(2)]  # the plain playout's hand order, as cards
        self.draws = 0  # the swap phase's calls to random(): (P1, 2), (P1, 4), (P2, 2), (P2, 4)
        self.swaps: list[tuple[int, int, int]] = []
        self.swapping = True
        self.decisions = 0

    def shuffle(self, x: list) -> None:  # type: ignore[override]
        x[:] = [code(c) for c in self.order]

    def random(self) -> float:
        self.draws += 1
        return super().random()

    def randrange(self, *args: Any, **kwargs: Any) -> int:
        p, slot = divmod(self.draws - 1, 2)
        draws = self.draws  # a subclass overriding random() draws through it in randrange
        i = super().randrange(*args, **kwargs)
        self.draws = draws
        self.swaps.append((p, UP_SLOTS[slot], i))
        return i

    def apply(self, move: RatMove) -> None:
        assert move in self.state.legal_moves(), (move, self.state.legal_moves())
        self.state = self.state.apply(move)[0]

    def settle_swaps(self) -> None:
        """Play the swap phase the plain playout chose, then keep (the engine draws for first)."""
        if not self.swapping:
            return
        self.swapping = False
        for p in range(2):
            for q, slot, i in self.swaps:
                if q == p:
                    card, other = self.hands[p][i], self.state.holes[p][slot]
                    self.hands[p][i] = other
                    self.apply(RatMove(p, "swap", card, other=other))
            self.apply(RatMove(p, "keep"))

    def takes(self) -> None:
        """The takes the plain playout made without a decision: the engine's only move."""
        while not self.state.is_over and [m.action for m in self.state.legal_moves()] == ["take"]:
            self.apply(self.state.legal_moves()[0])

    def as_option(self, move: RatMove) -> tuple[int, int]:
        s = self.state
        if move.action == "play":
            return code(move.card), move.value if move.value is not None else card_value(move.card, s.options)
        slot = move.position - 1
        card = s.holes[move.player][slot]
        if slot not in UP_SLOTS:
            return -1 - slot, blind_value(card, s.total, s.options)
        return -1 - slot, move.value if move.value is not None else card_value(card, s.options)

    def choice(self, options: Any) -> Any:
        self.settle_swaps()
        self.takes()
        legal = {self.as_option(m): m for m in self.state.legal_moves()}
        assert set(options) == set(legal), (self.state, options, sorted(legal))
        picked = super().choice(options)
        self.apply(legal[picked])
        self.decisions += 1
        return picked


def codes(cards: Any) -> list[int]:
    return sorted(code(c) for c in cards)


def replay(monkeypatch: pytest.MonkeyPatch, seed: int) -> tuple[tuple, Lockstep]:
    """Rat Bastard 17's plain playout of ``seed`` in lockstep with the engine: its result and
    the random source holding the engine's state at the end."""
    sources: list[Lockstep] = []

    def make(seed: int) -> Lockstep:
        sources.append(Lockstep(seed))
        return sources[-1]

    monkeypatch.setattr(plain_playout, "random", SimpleNamespace(Random=make))
    result = plain_playout.rat_bastard_17_game(seed)
    sources[0].settle_swaps()
    sources[0].takes()
    return result, sources[0]


@pytest.mark.parametrize("seed", range(12))
def test_rat_bastard_17_plain_playout_plays_the_engine_rules(monkeypatch: pytest.MonkeyPatch, seed: int) -> None:
    (moves, hands, holes, deck, pile, discard, winner), rng = replay(monkeypatch, seed)
    s = rng.state
    assert rng.decisions > 20
    assert s.is_over and moves == s.turn
    assert (winner is None) == s.result.draw and (winner is None or s.result.order[0] == winner)
    assert [sorted(h) for h in hands] == [codes(h) for h in s.hands]
    assert holes == [[None if c is None else code(c) for c in row] for row in s.holes]
    assert deck == [code(c) for c in s.deck] and pile == [code(c) for c in s.pile]
    assert sorted(discard) == codes(s.discard)
    every = deck + pile + discard + [c for h in hands + holes for c in h if c is not None]
    assert sorted(every) == list(range(54)) == codes(s.all_cards())


def test_rat_bastard_17_plain_playout_reaches_the_rules_it_was_missing(monkeypatch: pytest.MonkeyPatch) -> None:
    """Over the replayed seeds the engine goes through RB-18 (17 after the deck), a top-up that
    takes nothing (5 or more in hand) and a last hole card over 17 picked up (ruling RB-o), so
    the lockstep test above checks the plain playout on each."""
    seen: Counter[str] = Counter()
    original = RatBastard17().new_state(2, 0, Options()).__class__.apply

    def watch(state: Any, move: Any) -> Any:
        after, events = original(state, move)
        kinds = {event.kind for event in events if event.rule and event.rule.id == "RB-18"}
        if kinds:  # a taker holding five already picks up none: no "take", the whole pile discarded
            seen["RB-18 none" if "discard" in kinds and "take" not in kinds else "RB-18"] += 1
        for event in events:
            if event.kind == "over" and not any(c is not None for c in after.holes[move.player]) \
                    and len(after.hands[move.player]) <= 5 and not state.hands[move.player]:
                seen["RB-o"] += 1
        return after, events

    monkeypatch.setattr(RatBastard17().new_state(2, 0, Options()).__class__, "apply", watch)
    for seed in range(60):
        replay(monkeypatch, seed)
    assert seen["RB-18"] and seen["RB-18 none"] and seen["RB-o"], seen


def _le_danish_card(card: int) -> Card:
    return Card(Rank(card >> 2), list(Suit)[card & 3])


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from([r * 4 + s for r in (2, 7, 14) for s in range(4)]), min_size=1, max_size=6))
def test_le_danish_plain_playout_lists_the_engine_plays(hand: list[int]) -> None:
    """For a hand (two packs may repeat a card), the plain playout's plays of one rank are the
    engine's: each distinct set of that rank's cards (LD-11, LD-12)."""
    rank = hand[0] >> 2
    group = [c for c in hand if c >> 2 == rank]
    mine = Counter(tuple(sorted(map(_le_danish_card, s))) for s in plain_playout._ld_sets(group))
    cards = sorted(map(_le_danish_card, group))
    engine = Counter(tuple(sorted(m.cards)) for m in group_moves(0, "play", [cards]))
    assert mine == engine
    assert all(v == 1 for v in mine.values())
    assert len(mine) == len(set(c for n in range(1, len(group) + 1) for c in combinations(sorted(group), n)))


@settings(max_examples=200, deadline=None)
@given(st.sets(st.sampled_from([r * 4 + s for r in (2, 7, 8, 14) for s in range(4)]), min_size=1, max_size=9))
def test_le_danish_plain_playout_picks_among_the_engine_plays(hand: set[int]) -> None:
    """One pack: the plain playout's numbered sets (its random pick draws one number) are the
    engine's plays of the same cards, each once (LD-11, LD-12)."""
    groups: dict[int, list[int]] = {}
    for card in sorted(hand):
        groups.setdefault(card >> 2, []).append(card)
    count = sum((1 << len(g)) - 1 for g in groups.values())
    mine = Counter(tuple(sorted(map(_le_danish_card, plain_playout._ld_set(groups, i)))) for i in range(count))
    engine = Counter(tuple(sorted(m.cards)) for m in
                     group_moves(0, "play", [sorted(map(_le_danish_card, g)) for g in groups.values()]))
    assert mine == engine and set(mine.values()) == {1}
    with pytest.raises(IndexError):
        plain_playout._ld_set(groups, count)


# --------------------------------------------------------------------------- Danish Bastard

def db_code(card: Card) -> int:
    """Danish Bastard's plain playout's int for a card: ``rank * 4 + suit``, the jokers 60 and 64."""
    if card.is_joker:
        return (plain_playout.RED if card.suit is Suit.RED else plain_playout.BLACK) * 4
    return int(card.rank) * 4 + "CDHS".index(card.suit.value)


class DanishLockstep(random.Random):
    """Danish Bastard's plain playout's random source, driving the engine alongside it: its deck
    is the engine's deal; each face-up choice, and each decision's options (read as the cards
    they play) must be the engine's legal moves, and its pick is played by the engine."""

    def __init__(self, seed: int, players: int) -> None:
        super().__init__(seed)
        self.state: Any = dn_new(players, seed)
        self.shuffles = 0
        self.decisions = 0
        self.cards = {db_code(c): c for c in self.state.all_cards()}

    def shuffle(self, x: list) -> None:  # type: ignore[override]
        s = self.state
        self.shuffles += 1
        if self.shuffles == 1:  # the deal: each seat's closed cards, then its six others, then the stock
            x[:] = [db_code(c) for p in range(s.players) for c in (*s.closed[p], *s.open[p], *s.hands[p])] \
                + [db_code(c) for c in s.stock]
            return
        super().shuffle(x)
        p = s.current_player
        self.apply(s.legal_move(ShedMove(p, "face-up", tuple(self.cards[c] for c in x[:3]))))

    def apply(self, move: Any) -> None:
        assert move is not None and move in self.state.legal_moves(), (move, self.state.legal_moves())
        self.state = self.state.apply(move)[0]
        self.decisions += 1

    def choice(self, options: Any) -> Any:
        legal = {}
        for move in self.state.legal_moves():
            key = tuple(sorted(db_code(c) for c in move.cards)) if move.action in ("play", "open") else move.action
            assert key not in legal, key
            legal[key] = move
        mine = [option if isinstance(option, str) else tuple(sorted(option)) for option in options]
        assert sorted(map(str, mine)) == sorted(map(str, legal)) and len(set(mine)) == len(mine), \
            (self.state, mine, sorted(legal, key=str))
        picked = super().choice(options)
        self.apply(legal[picked if isinstance(picked, str) else tuple(sorted(picked))])
        return picked

    def randrange(self, *args: Any, **kwargs: Any) -> int:  # a face-down card: any position (DB-29)
        index = super().randrange(*args, **kwargs)
        moves = self.state.legal_moves()
        assert [m.action for m in moves] == ["closed"] * args[0], moves
        self.apply(moves[index])
        return index


def dn_new(players: int, seed: int) -> Any:
    import danish_nb as dn
    return dn.new_game("danish-bastard", players=players, seed=seed).state


def db_replay(monkeypatch: pytest.MonkeyPatch, players: int, seed: int) -> tuple[int, DanishLockstep]:
    """Danish Bastard's plain playout of ``seed`` in lockstep with the engine: its moves and the
    random source holding the engine's state at the end."""
    sources: list[DanishLockstep] = []

    def make(seed: int) -> DanishLockstep:
        sources.append(DanishLockstep(seed, players))
        return sources[-1]

    monkeypatch.setattr(plain_playout, "random", SimpleNamespace(Random=make))
    return plain_playout.plain_game(players, seed), sources[0]


@pytest.mark.parametrize(("players", "seed"), [(p, s) for p in (2, 3, 4, 6) for s in range(6)])
def test_danish_bastard_plain_playout_plays_the_engine_rules(monkeypatch: pytest.MonkeyPatch, players: int,
                                                            seed: int) -> None:
    moves, rng = db_replay(monkeypatch, players, seed)
    assert rng.state.is_over and moves == rng.state.turn == rng.decisions


def test_danish_bastard_plain_playout_reaches_every_ending(monkeypatch: pytest.MonkeyPatch) -> None:
    """Over replayed seeds the games end by a player left holding cards, the repetition draw
    and the turn limit, so the lockstep test checks the plain playout on each."""
    ends = Counter(db_replay(monkeypatch, players, seed)[1].state.result.reason_id
                   for players in (2, 4) for seed in range(6))
    assert ends["out-of-cards"] and ends["repetition"] and ends["turn-limit"], ends


# --------------------------------------------------------------------------- Le danish in lockstep

def ld_code(card: Card) -> int:
    """Le danish's plain playout's int for a card: ``rank * 4 + suit``."""
    return int(card.rank) * 4 + list(Suit).index(card.suit)


class LeDanishLockstep(random.Random):
    """Le danish's plain playout's random source, driving the engine alongside it: its deck is
    the engine's deal; each face-up choice, and at each decision the options it lists (read as
    the cards played, the face-down card turned or the player sent the pile) must be the engine's
    legal moves, and its pick is played by the engine. A move the plain playout makes without a
    decision (taking the pile, taking the face-up cards into the hand) must be the engine's only
    legal move."""

    def __init__(self, seed: int, players: int) -> None:
        super().__init__(seed)
        import danish_nb as dn
        self.state: Any = dn.new_game("le-danish", players=players, seed=seed).state
        self.shuffles = 0
        self.decisions = 0
        self.seen: Counter[str] = Counter()
        self.cards = {ld_code(c): c for c in self.state.all_cards()}

    def apply(self, move: Any) -> None:
        assert move is not None and move in self.state.legal_moves(), (move, self.state.legal_moves())
        before = self.state
        self.state, events = before.apply(move)
        self.seen.update(event.kind for event in events)
        self.seen[move.action] += 1
        if move.action == "closed" and before.hands[move.player] == self.state.hands[move.player]:
            self.seen["closed fits"] += 1

    def forced(self) -> None:
        """The moves the plain playout makes without a decision: the engine's only legal move."""
        while not self.state.is_over:
            moves = self.state.legal_moves()
            if len(moves) != 1 or moves[0].action not in ("take", "pick-up-open"):
                return
            self.apply(moves[0])

    def legal(self, action: str) -> dict[Any, Any]:
        self.forced()
        moves = self.state.legal_moves()
        assert moves and all(m.action == action for m in moves), (action, self.state, moves)
        legal = {}
        for move in moves:
            key = move.index if action in ("send", "closed") else tuple(sorted(ld_code(c) for c in move.cards))
            assert key not in legal, key
            legal[key] = move
        return legal

    def shuffle(self, x: list) -> None:  # type: ignore[override]
        s = self.state
        self.shuffles += 1
        if self.shuffles == 1:  # the deal: each seat's face-down cards, then its six others, then the stock
            x[:] = [ld_code(c) for p in range(s.players) for c in (*s.closed[p], *s.open[p], *s.hands[p])] \
                + [ld_code(c) for c in s.stock]
            return
        super().shuffle(x)
        p = s.current_player
        self.apply(s.legal_move(ShedMove(p, "face-up", tuple(self.cards[c] for c in x[:3]))))

    def choice(self, options: Any) -> Any:  # two packs' plays, or where the Ace sends the pile
        action = "send" if isinstance(options[0], int) else "play"
        legal = self.legal(action)
        mine = [o if action == "send" else tuple(sorted(o)) for o in options]
        assert sorted(mine) == sorted(legal) and len(set(mine)) == len(mine), (self.state, mine, sorted(legal))
        picked = super().choice(options)
        self.apply(legal[picked if action == "send" else tuple(sorted(picked))])
        self.decisions += 1
        return picked

    def randrange(self, *args: Any, **kwargs: Any) -> int:  # a face-down card, or one pack's play
        index = super().randrange(*args, **kwargs)
        self.forced()
        assert not self.state.is_over, self.state.result
        if self.state.legal_moves()[0].action == "closed":
            legal = self.legal("closed")
            assert sorted(legal) == list(range(args[0])), (self.state, args)
            self.apply(legal[index])
            self.decisions += 1
        return index

    def play_set(self, groups: dict[int, list[int]], pick: int) -> list[int]:
        """One pack's play (:func:`~benchmarks.plain_playout._ld_set`): its numbered sets are the
        engine's plays; the picked one is played."""
        count = sum((1 << len(g)) - 1 for g in groups.values())
        mine = [tuple(sorted(_LD_SET(groups, i))) for i in range(count)]
        legal = self.legal("play")
        assert sorted(mine) == sorted(legal) and len(set(mine)) == len(mine), (self.state, mine, sorted(legal))
        picked = _LD_SET(groups, pick)
        self.apply(legal[tuple(sorted(picked))])
        self.decisions += 1
        return picked


_LD_SET = plain_playout._ld_set


def ld_replay(monkeypatch: pytest.MonkeyPatch, players: int, seed: int) -> tuple[int, LeDanishLockstep]:
    """Le danish's plain playout of ``seed`` in lockstep with the engine: its moves and the
    random source holding the engine's state at the end (the forced moves after its last
    decision played too)."""
    sources: list[LeDanishLockstep] = []

    def make(seed: int) -> LeDanishLockstep:
        sources.append(LeDanishLockstep(seed, players))
        return sources[-1]

    monkeypatch.setattr(plain_playout, "random", SimpleNamespace(Random=make))
    monkeypatch.setattr(plain_playout, "_ld_set", lambda groups, pick: sources[0].play_set(groups, pick))
    moves = plain_playout.plain_le_danish(players, seed)
    sources[0].forced()
    return moves, sources[0]


@pytest.mark.parametrize(("players", "seed"), [(p, s) for p in (2, 3, 5, 6, 8) for s in range(5)] + [(2, 65)])
def test_le_danish_plain_playout_plays_the_engine_rules(monkeypatch: pytest.MonkeyPatch, players: int,
                                                        seed: int) -> None:
    moves, rng = ld_replay(monkeypatch, players, seed)
    s = rng.state
    assert rng.decisions > 10
    assert s.is_over and moves == s.turn


def test_le_danish_plain_playout_reaches_every_rule(monkeypatch: pytest.MonkeyPatch) -> None:
    """Over replayed seeds the engine goes through the 10, the Ace, the 8, taking the pile,
    taking the face-up cards, face-down cards that fit and that fail, and ends by a Danish, the
    repetition draw and the turn limit, so the lockstep test checks the plain playout on each."""
    seen: Counter[str] = Counter()
    for players, seed in [(p, s) for p in (2, 3, 6) for s in range(5)] + [(2, 65)]:  # seed 65: the turn limit
        rng = ld_replay(monkeypatch, players, seed)[1]
        seen.update(rng.seen)
        seen[rng.state.result.reason_id] += 1
    for kind in ("burn", "send", "skip", "take", "pick-up-open", "closed fits", "fail", "out-of-cards",
                 "repetition", "turn-limit"):
        assert seen[kind], (kind, seen)


# --------------------------------------------------------------------------- Bastard and Sjavs

def trick_code(card: Card) -> int:
    """The trick games' plain playouts' int for a card: ``suit * 16 + rank`` (clubs, diamonds,
    hearts, spades)."""
    return "CDHS".index(card.suit.value) * 16 + int(card.rank)


class TrickLockstep(random.Random):
    """A trick game's plain playout's random source, driving the engine alongside it: each
    shuffle deals the engine's cards of the deal it is at (``deal(state)``: the codes in the
    plain playout's order); at each decision the plain playout's options, read as moves
    (``key(move)``), must be the engine's legal moves, and its pick is played by the engine."""

    def __init__(self, seed: int, game: str, players: int) -> None:
        super().__init__(seed)
        import danish_nb as dn
        self.state: Any = dn.new_game(game, players=players, seed=seed).state
        self.decisions = 0
        self.deals = 0

    def deal(self) -> list[int]:
        raise NotImplementedError

    def key(self, move: Any) -> Any:
        raise NotImplementedError

    def shuffle(self, x: list) -> None:  # type: ignore[override]
        assert not self.state.is_over and not self.state.trick and not any(self.state.won or ())
        self.deals += 1
        x[:] = self.deal()

    def choice(self, options: Any) -> Any:
        legal: dict[Any, Any] = {}
        for move in self.state.legal_moves():
            assert self.key(move) not in legal, move
            legal[self.key(move)] = move
        mine = [frozenset(o) if isinstance(o, tuple) else o for o in options]
        assert len(set(mine)) == len(mine) and set(mine) == set(legal), (self.state, options, list(legal))
        picked = super().choice(options)
        move = legal[frozenset(picked) if isinstance(picked, tuple) else picked]
        self.state = self.state.apply(move)[0]
        self.decisions += 1
        return picked


class BastardLockstep(TrickLockstep):
    def deal(self) -> list[int]:  # seat k's hand is the plain playout's pack[k::players]
        hands = self.state.hands
        return [trick_code(hands[k][i]) for i in range(len(hands[0])) for k in range(len(hands))]

    def key(self, move: Any) -> Any:
        if move.action == "trump":
            return None if move.suit is None else "CDHS".index(move.suit.value)
        return trick_code(move.card)


class SjavsLockstep(TrickLockstep):
    def deal(self) -> list[int]:  # seat k's hand is the plain playout's pack[6k:6k + 6], then the skat
        return [trick_code(c) for hand in self.state.hands for c in hand] + [trick_code(c) for c in self.state.skat]

    def key(self, move: Any) -> Any:
        if move.action in ("bid", "pass"):
            return None if move.action == "pass" else ("play", "strike", "slam").index(move.bid)
        if move.action == "discard":
            return frozenset(map(trick_code, move.cards))
        return trick_code(move.card)


def trick_replay(monkeypatch: pytest.MonkeyPatch, kind: type[TrickLockstep], game: str, players: int,
                 seed: int) -> tuple[tuple, TrickLockstep]:
    """A trick game's plain playout of ``seed`` in lockstep with the engine: its result and the
    random source holding the engine's state at the end."""
    sources: list[TrickLockstep] = []

    def make(seed: int) -> TrickLockstep:
        sources.append(kind(seed, game, players))
        return sources[-1]

    monkeypatch.setattr(plain_playout, "random", SimpleNamespace(Random=make))
    run = plain_playout.bastard_match if game == "bastard" else plain_playout.sjavs_match
    return run(players, seed), sources[0]


@pytest.mark.parametrize(("players", "seed"), [(p, s) for p in (3, 4) for s in range(5)])
def test_bastard_plain_playout_plays_the_engine_rules(monkeypatch: pytest.MonkeyPatch, players: int,
                                                      seed: int) -> None:
    (moves, scores), rng = trick_replay(monkeypatch, BastardLockstep, "bastard", players, seed)
    s = rng.state
    assert s.is_over and rng.deals == players and moves == rng.decisions
    assert tuple(scores) == s.scores == s.result.scores


def test_bastard_plain_playout_scores_every_case(monkeypatch: pytest.MonkeyPatch) -> None:
    """Over the replayed matches the deals score every line of BA-13 to BA-18 (jacks plain and
    doubled, the sevens with and without jacks), so the lockstep test checks the plain
    playout's scoring on each."""
    matches = [trick_replay(monkeypatch, BastardLockstep, "bastard", players, seed)[1].state
               for players in (3, 4) for seed in range(5)]
    rules = Counter(line.rule_id for s in matches for deal in s.deal_scores for line in deal.lines)
    assert all(rules[f"BA-{n}"] for n in range(13, 19)), rules


#: Seeds whose matches, together, reach every rule of the scoring (see the test below).
SJAVS_SEEDS = (*range(8), 20, 22)


@pytest.mark.parametrize("seed", SJAVS_SEEDS)
def test_sjavs_plain_playout_plays_the_engine_rules(monkeypatch: pytest.MonkeyPatch, seed: int) -> None:
    (moves, scores, deals), rng = trick_replay(monkeypatch, SjavsLockstep, "sjavs", 3, seed)
    s = rng.state
    assert s.is_over and rng.deals == deals == len(s.deal_scores) and moves == rng.decisions
    assert tuple(scores) == s.scores == s.result.scores


def test_sjavs_plain_playout_reaches_every_rule(monkeypatch: pytest.MonkeyPatch) -> None:
    """Over the replayed matches the engine goes through a throw-in, each bid won and lost, a
    Play's discards, the opponents deducting 5, 10 and 15 and a match ending at zero, so the
    lockstep test checks the plain playout on each."""
    seen: Counter[str] = Counter()
    for seed in SJAVS_SEEDS:
        s = trick_replay(monkeypatch, SjavsLockstep, "sjavs", 3, seed)[1].state
        for deal in s.deal_scores:
            seen.update(f"{line.rule_id} {line.points}" for line in deal.lines if line.points or line.rule_id == "SJ-6")
        seen[s.result.reason_id] += 1
    wanted = ["SJ-6 0", "SJ-17 -5", "SJ-17 -10", "SJ-17 -15", "SJ-18 -5", "SJ-18 -10", "points"]
    assert all(seen[k] for k in wanted), seen

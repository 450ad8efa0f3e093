"""Exact endgames for the trick games (Bastard, Sjavs): a double-dummy solver.

With every hand open (a world sampled from a view, or the real table in teaching mode), the
last tricks are a game of perfect information. :func:`solve` searches it to the end of the deal
with alpha-beta and a transposition table, and gives each legal card the value it secures for
the player to move's side against the best defence:

- **Bastard** (each for themselves): the player's points for the deal (rules BA-13 to BA-18:
  tricks, jacks, the sevens), counted by the game's own ``score_player``; the others are
  assumed to play against the player (the *paranoid* reading of a many-player game: what the
  player can be sure of, whatever the others do).
- **Sjavs** (the soloist against the others): the card points (SJ-3) the side takes in its
  tricks by the end of the deal; the soloist's side maximises them, the other side minimises them.

The search runs on a compact position (:class:`_Solver`): hands as bitmasks, the deal's trump
order (the trick family's ``Trumps``: suit for following, strength) turned into masks once, so
following suit and beating a card are bit operations; touching cards are one move; a
transposition table with bounds between tricks; null-window searches (MTD(f)) for each card's
exact value. The tests compare it with brute force over the real engine. :func:`endgame_choice`
averages the values over worlds sampled from a view (one world when the view shows every hand:
then the answer is exact).

>>> import danish_nb as dn
>>> g = dn.setup("bastard", {"players": 3, "trump": "none", "hands": [["AH", "2H"], ["KH", "JD"], ["3H", "4H"]]})
>>> s = solve(g.state)
>>> str(s.move), s.value, s.unit
('P1 play A♥', 1, 'points')
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..cards import Card
from ..core import GAMES, DanishNbError, Private, Text, View, get_game
from ..i18n import M, Message, Number, _n, in_turn

if TYPE_CHECKING:  # the trick family's rules are imported when a deal is solved (a shedding game's coach never is)
    from ..families.tricks import TrickMove

#: The strong player and the coach solve exactly once this many tricks (or fewer) remain.
ENDGAME_TRICKS = 5
#: Worlds sampled from a view for an endgame decision (the values are averaged over them).
ENDGAME_WORLDS = 8


@dataclass(frozen=True)
class Solution:
    """The best card for ``player`` and what each legal card secures (in ``unit``)."""

    player: int
    move: TrickMove
    value: float
    values: dict[TrickMove, float]
    unit: str
    worlds: int = 1
    why: Text = ""


#: Bounds wider than any deal's value.
_INF = 10 ** 6


class _Solver:
    """Alpha-beta over open hands on a compact position (see the module).

    Every card still in play (in a hand or on the table) gets a bit, in the order (suit for
    following, strength): a hand is a bitmask, the cards that may follow a suit are the hand
    masked by that suit's bits, and ``beats[i]`` holds the cards that beat card ``i`` on a
    trick it is winning. Owners never change, so the cards left (one int) and the leader say
    everything about a position between tricks; the transposition table keeps lower and upper
    bounds there. Touching cards of one hand (no card in play between them) that score alike
    are one move. The side to optimise gains ``gain`` in tricks it wins (Sjavs' card points,
    additive: the value of the tricks left, so the table needs no past) or carries ``acc``
    (Bastard: tricks and counting cards won, scored at the end by the game's own rules).
    """

    def __init__(self, state: Any, player: int) -> None:
        self.players = state.players
        trumps = state.trumps
        hands = [tuple(h) for h in state.hands]
        owners = {card: p for p, hand in enumerate(hands) for card in hand}
        owners.update({play.card: play.player for play in state.trick})
        suits = sorted({trumps.suit_of(c) for c in owners}, key=lambda s: s.value)
        self.cards = cards = sorted(owners, key=lambda c: (suits.index(trumps.suit_of(c)), trumps.strength(c)))
        index = {card: i for i, card in enumerate(cards)}
        self.suit_mask = {s: sum(1 << i for i, c in enumerate(cards) if trumps.suit_of(c) is s) for s in suits}
        self.card_suit = [self.suit_mask[trumps.suit_of(c)] for c in cards]
        trump_bits = sum(1 << i for i, c in enumerate(cards) if trumps.is_trump(c))
        self.beats = [(self.card_suit[i] & ~((2 << i) - 1)) | (0 if trump_bits >> i & 1 else trump_bits)
                      for i in range(len(cards))]
        self.hands = [sum(1 << index[c] for c in hand) for hand in hands]
        self.start_left = sum(self.hands)
        self.start_table = [(play.player, index[play.card]) for play in state.trick]
        self.leader = state.leader
        self.table: dict[Any, tuple[int, int, int]] = {}  # (low, high, best lead) between tricks
        self.first = -1  # the lead to try first (set by lead), then the best lead found (set by play)
        self.limits: dict[Any, tuple[int, int]] = {}
        self.nodes = 0
        scoring = get_game(state.game_id).info.parts.endgame
        if scoring is None:
            raise DanishNbError(f"the endgame solver does not play {state.game_id!r}: "
                                "the game declares no endgame scoring")
        s = scoring(state, player, cards, index)
        self.side, self.klass, self.gain, self.counting, self.scoring = s.side, s.klass, s.gain, s.counting, s.scoring
        self.scored_at_end, self.start, self.acc0 = s.scored_at_end, s.start, s.acc0
        self.final, self.unit = s.final, s.unit

    def moves(self, hand: int, led: int, live: int) -> list[int]:
        """The cards of ``hand`` worth trying (one of each run of touching equivalent cards), as indices."""
        if led:
            follow = hand & led
            hand = follow or hand
        out = []
        last = -1
        klass = self.klass
        while hand:
            low = hand & -hand
            i = low.bit_length() - 1
            hand ^= low
            if last >= 0 and self.card_suit[i] == self.card_suit[last] and klass[i] == klass[last] \
                    and not live & ((1 << i) - (2 << last)):
                last = i
                continue
            out.append(i)
            last = i
        return out

    def lead(self, left: int, leader: int, acc: int, alpha: int, beta: int) -> int:
        """The value of the tricks left (``left``: the cards in hands) with ``leader`` to lead."""
        if not left:
            return self.final(acc)
        if left.bit_count() == self.players:  # the last trick plays itself
            trick, win, winner = [], -1, leader
            for k in range(self.players):
                p = (leader + k) % self.players
                i = (left & self.hands[p]).bit_length() - 1
                trick.append(i)
                if win < 0 or self.beats[win] >> i & 1:
                    win, winner = i, p
            return self.finish(0, trick, winner, acc, alpha, beta)
        key = (left, leader, acc)
        entry = self.table.get(key)
        if entry is None:
            low, high = self.bounds(left, acc)
            first = -1
        else:
            low, high, first = entry
        if low >= beta:
            return low
        if high <= alpha:
            return high
        a, b = max(alpha, low), min(beta, high)
        self.first = first
        best = self.play(left, leader, acc, [], 0, -1, leader, a, b)
        if best <= a:
            high = best
        elif best >= b:
            low = best
        else:
            low = high = best
        self.table[key] = (low, high, self.first)
        return best

    def bounds(self, left: int, acc: int) -> tuple[int, int]:
        """The lowest and the highest value any play of the tricks left could give."""
        scoring = left & self.scoring
        tricks = left.bit_count() // self.players
        key = (scoring, acc, tricks)
        known = self.limits.get(key)
        if known is None:
            if self.scored_at_end:
                bits = [1 << (i + 8) for i in range(len(self.cards)) if scoring >> i & 1]
                outcomes = [self.final(acc)]
                for k in range(1, tricks + 1):
                    for chosen in range(1 << len(bits)):
                        outcomes.append(self.final(acc + k + sum(b for j, b in enumerate(bits) if chosen >> j & 1)))
                known = min(outcomes), max(outcomes)
            else:
                known = 0, sum(self.gain[i] for i in range(len(self.cards)) if scoring >> i & 1)
            self.limits[key] = known
        return known

    def play(self, left: int, leader: int, acc: int, trick: list[int], on_table: int, win: int, winner: int,
             alpha: int, beta: int, only: int = -1) -> int:
        """The value with ``trick`` (card indices, ``win`` the one winning so far, played by
        ``winner``) on the table and the next player to play (``only``: that card)."""
        self.nodes += 1
        p = (leader + len(trick)) % self.players
        hand = left & self.hands[p]
        led = self.card_suit[trick[0]] if trick else 0
        ours = p in self.side
        beats = self.beats
        candidates = [only] if only >= 0 else self.moves(hand, led, left | on_table)
        if trick:
            winning = [i for i in candidates if beats[win] >> i & 1]
            losing = [i for i in candidates if not beats[win] >> i & 1]
            candidates = winning + losing
        else:
            candidates.reverse()
            if self.first in candidates:
                candidates.remove(self.first)
                candidates.insert(0, self.first)
        best = -_INF if ours else _INF
        chosen = -1
        last = len(trick) + 1 == self.players
        for i in candidates:
            bit = 1 << i
            if not trick or beats[win] >> i & 1:
                w, who = i, p
            else:
                w, who = win, winner
            if last:
                v = self.finish(left ^ bit, trick + [i], who, acc, alpha, beta)
            else:
                v = self.play(left ^ bit, leader, acc, trick + [i], on_table | bit, w, who, alpha, beta)
            if ours:
                if v > best:
                    best, chosen = v, i
                    if v > alpha:
                        alpha = v
            elif v < best:
                best, chosen = v, i
                if v < beta:
                    beta = v
            if alpha >= beta:
                break
        if not trick:
            self.first = chosen
        return best

    def finish(self, left: int, trick: list[int], winner: int, acc: int, alpha: int, beta: int) -> int:
        """The value once ``trick`` is complete and ``winner`` takes it and leads."""
        if winner not in self.side:
            return self.lead(left, winner, acc, alpha, beta)
        gain = sum(self.gain[i] for i in trick)
        acc += 1 + sum(1 << (i + 8) for i in trick if self.counting >> i & 1)
        return gain + self.lead(left, winner, acc, alpha - gain, beta - gain)

    def root(self) -> dict[Card, int]:
        """Every legal card of the player to move and its exact value (touching equivalent cards share one)."""
        trick = [i for _, i in self.start_table]
        win, winner = -1, self.leader
        for p, i in self.start_table:
            if win < 0 or self.beats[win] >> i & 1:
                win, winner = i, p
        p = (self.leader + len(trick)) % self.players
        left = self.start_left
        on_table = sum(1 << i for i in trick)
        led = self.card_suit[trick[0]] if trick else 0
        hand = left & self.hands[p]
        follow = hand & led if led else 0
        legal = follow or hand
        values: dict[Card, int] = {}
        guess = 0
        tried = self.moves(hand, led, left | on_table)
        for i in tried:
            lower, upper = -_INF, _INF
            while lower < upper:  # MTD(f): null-window searches close in on the value
                beta = guess + 1 if guess == lower else guess
                guess = self.play(left, self.leader, self.acc0, trick, on_table, win, winner, beta - 1, beta, i)
                if guess < beta:
                    upper = guess
                else:
                    lower = guess
            values[self.cards[i]] = self.start + guess
        for i in range(len(self.cards)):  # the cards skipped share the value of the run's first card tried
            if legal >> i & 1 and self.cards[i] not in values:
                first = max(j for j in tried if j < i)
                values[self.cards[i]] = values[self.cards[first]]
        return values


def endgame_position(game_id: str, players: int, seed: int, tricks: int,
                     options: dict[str, Any] | None = None) -> Any:
    """The state of a seeded game played by rule-of-thumb players until at most ``tricks``
    tricks of the first deal remain, stopped at a seeded point of the trick (for tests,
    benchmarks and lessons).

    >>> s = endgame_position("sjavs", 4, seed=3, tricks=2, options={"four_player_deal": "no-skat"})
    >>> tricks_left(s), s.options.four_player_deal
    (2, 'no-skat')
    """
    from .. import new_game
    from .base import make_agent
    state = new_game(game_id, players=players, seed=seed, options=options).state
    stop = random.Random(seed).randrange(players)
    agents = [make_agent("rule-of-thumb", game_id, seed + s) for s in range(players)]
    while not (solvable(state) and tricks_left(state) <= tricks and len(state.trick) >= stop):
        state = state.apply(agents[state.current_player].choose(state).move)[0]
    return state


def tricks_left(state: Any) -> int:
    """How many tricks of the deal are still to be finished (the one on the table included)."""
    return max(len(hand) for hand in state.hands)


def solvable(state: Any) -> bool:
    """Whether ``state`` is a trick game's card play (the solver's domain)."""
    return _plays(getattr(state, "game_id", None)) and not state.is_over and state.phase == "play"


def _plays(game_id: Any) -> bool:
    """Whether the solver plays ``game_id`` (the game declares its endgame scoring)."""
    return game_id in GAMES and GAMES[game_id].info.parts.endgame is not None


def solve(state: Any, player: int | None = None) -> Solution:
    """Solve the deal's remaining tricks with every hand of ``state`` open: each legal card of
    the player to move and the value it secures for ``player``'s side (default: the mover's).

    >>> import danish_nb as dn
    >>> g = dn.setup("bastard", {"players": 3, "trump": "none", "hands": [["AH", "2H"], ["KH", "JD"], ["3H", "4H"]]})
    >>> {str(m): v for m, v in solve(g.state).values.items()}  # 2♥ gives the lead away: no trick
    {'P1 play 2♥': 0, 'P1 play A♥': 1}
    """
    if not solvable(state):
        raise DanishNbError("the endgame solver needs the card play of a trick game that declares its endgame scoring")
    from ..families.tricks import TrickMove, playable

    mover = state.current_player
    player = mover if player is None else player
    solver = _Solver(state, player)
    by_card = solver.root()
    values = {TrickMove(mover, "play", card): by_card[card]
              for card in playable(state.hands[mover], state.trick, state.trumps)}
    pick = max if mover in solver.side else min
    move = pick(values, key=lambda m: values[m])
    return Solution(player, move, values[move], values, solver.unit)


def endgame_choice(view: View, game_id: str, rng: random.Random, worlds: int = ENDGAME_WORLDS,
                   tricks: int = ENDGAME_TRICKS) -> Solution | None:
    """The best card for the viewer by the solver, averaged over ``worlds`` worlds sampled from
    ``view`` (each distinct world solved once: one world when the view shows every hand, which
    makes it exact), or ``None`` outside a trick game's last ``tricks`` tricks."""
    if not _plays(game_id):
        return None
    first = view.sample_world(rng)
    if not solvable(first) or tricks_left(first) > tricks or first.current_player != view.me:
        return None
    seen: dict[Any, int] = {}
    samples = [first] + [view.sample_world(rng) for _ in range(worlds - 1)]
    totals: dict[TrickMove, float] = {}
    unit = "points"
    for world in samples:
        key = tuple(tuple(h) for h in world.hands)
        seen[key] = seen.get(key, 0) + 1
    for world in samples:
        key = tuple(tuple(h) for h in world.hands)
        weight = seen.pop(key, 0)
        if not weight:
            continue
        solution = solve(world)
        unit = solution.unit
        for move, v in solution.values.items():
            totals[move] = totals.get(move, 0) + weight * v
    values = {move: total / len(samples) for move, total in totals.items()}
    move = max(values, key=lambda m: (values[m], -list(values).index(m)))
    distinct = len({tuple(tuple(h) for h in w.hands) for w in samples})
    return Solution(view.me, move, values[move], values, unit, distinct, _why(view.me, move, values, unit, distinct))


#: The solver's units in texts for learners (translated where shown), and a value in them.
UNIT_TEXTS = {"points": M("points"), "card points": M("card points")}


def amount(value: float, unit: str) -> Message:
    """A value in the solver's unit, in words: ``'1 point'``, ``'12.5 card points'``.

    >>> str(amount(1, "points")), amount(12.5, "card points").render("de")
    ('1 point', '12,5 Kartenpunkte')
    """
    rounded = float(f"{value:.3g}")
    count = int(rounded) if rounded.is_integer() else 2
    if unit == "points":
        return _n("{value} point", "{value} points", count, value=Number(value))
    return _n("{value} card point", "{value} card points", count, value=Number(value))


def _why(me: int, move: TrickMove, values: dict[TrickMove, float], unit: str, worlds: int) -> Text:
    """The solver's reason: the chosen card's value and the others', the cards a secret of the player.

    >>> from danish_nb.cards import Card
    >>> from danish_nb.core import render_text
    >>> from danish_nb.families.tricks import TrickMove
    >>> a, b = TrickMove(0, "play", Card.parse("AH")), TrickMove(0, "play", Card.parse("2H"))
    >>> why = _why(0, a, {a: 1, b: 0}, "points", 1)
    >>> render_text(why, 0)
    'exact endgame: it secures 1 point by the end of the deal (with every hand open); the two of hearts: 0 points'
    >>> render_text(why, 1, lang="de")
    'exaktes Endspiel: die beste von 2 Karten, bis zum Ende der Runde gelöst'
    """
    where = M("with every hand open") if worlds == 1 else \
        _n("on average over {n} imagined deal played open", "on average over {n} imagined deals played open", worlds)
    ranked = sorted(values, key=lambda m: -values[m])
    shown: list[Any] = [M("exact endgame: it secures {amount} by the end of the deal ({where})",
                          amount=amount(values[move], unit), where=where)]
    for m in ranked:
        if m != move:
            shown.append(M("{card}: {amount}", card=m.card, amount=amount(values[m], unit)))
    public = M("exact endgame: the best of {n} cards, solved to the end of the deal", n=len(values))
    return (Private((), me, public, in_hand=False, text=in_turn(shown)),)

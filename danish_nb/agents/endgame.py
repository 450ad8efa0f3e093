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

Legal cards and trick winners come from the trick family (``playable``, ``trick_winner``), the
same functions the games use. :func:`endgame_choice` averages the values over worlds sampled from
a view (one world when the view shows every hand: then the answer is exact).

>>> import danish_nb as dn
>>> g = dn.setup("bastard", {"players": 3, "trump": "none", "hands": [["AH", "2H"], ["KH", "JD"], ["3H", "4H"]]})
>>> s = solve(g.state)
>>> str(s.move), s.value, s.unit
('P1 play A♥', 1, 'points')
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from ..cards import Card
from ..core import DanishNbError, Private, Text
from ..families.tricks import Play, TrickMove, playable, trick_winner

#: The strong player and the coach solve exactly once this many tricks (or fewer) remain.
ENDGAME_TRICKS = 5
#: Worlds sampled from a view for an endgame decision (the values are averaged over them).
ENDGAME_WORLDS = 8
#: The games the solver plays.
TRICK_GAMES = ("bastard", "sjavs")


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


class _Solver:
    """Alpha-beta over open hands with a transposition table (bounds per position)."""

    def __init__(self, state: Any, player: int) -> None:
        self.players = state.players
        self.trumps = state.trumps
        self.table: dict[Any, tuple[float, float]] = {}
        self.nodes = 0
        game = state.game_id
        if game == "bastard":
            from ..games.bastard import CHARM, JACKS, NASTY, score_player
            self.side = frozenset({player})
            relevant = frozenset(JACKS) | {CHARM, NASTY}
            taken = [c for trick in state.won[player] for c in trick if c in relevant]
            self.start: Any = (len(state.won[player]), frozenset(taken))
            self.unit = "points"

            def add(acc: Any, ours: bool, cards: tuple[Card, ...]) -> Any:
                if not ours:
                    return acc
                return acc[0] + 1, acc[1] | {c for c in cards if c in relevant}

            def value(acc: Any) -> float:
                return sum(line.points for line in score_player(player, tuple(acc[1]), acc[0], state.options))
        elif game == "sjavs":
            from ..games.sjavs import card_points
            soloist = state.soloist
            self.side = frozenset({soloist}) if player == soloist else \
                frozenset(range(self.players)) - {soloist}
            self.start = sum(card_points(trick) for seat in self.side for trick in state.won[seat])
            self.unit = "card points"

            def add(acc: Any, ours: bool, cards: tuple[Card, ...]) -> Any:
                return acc + card_points(cards) if ours else acc

            def value(acc: Any) -> float:
                return acc
        else:
            raise DanishNbError(f"the endgame solver plays Bastard and Sjavs, not {game!r}")
        self.add, self.value = add, value

    def search(self, hands: tuple[tuple[Card, ...], ...], trick: tuple[Play, ...], leader: int, acc: Any,
               alpha: float, beta: float) -> float:
        """The value of the position for the side, within the window ``alpha``..``beta``."""
        if not trick and not any(hands):
            return self.value(acc)
        key = (hands, trick, leader, acc)
        low, high = self.table.get(key, (-1e9, 1e9))
        if low >= beta:
            return low
        if high <= alpha:
            return high
        alpha, beta = max(alpha, low), min(beta, high)
        self.nodes += 1
        p = (leader + len(trick)) % self.players
        ours = p in self.side
        best = -1e9 if ours else 1e9
        a, b = alpha, beta
        for card in playable(hands[p], trick, self.trumps):
            v = self._after(hands, trick, leader, acc, p, card, a, b)
            if ours:
                best = max(best, v)
                a = max(a, v)
            else:
                best = min(best, v)
                b = min(b, v)
            if a >= b:
                break
        if best <= alpha:
            self.table[key] = (low, best)
        elif best >= beta:
            self.table[key] = (best, high)
        else:
            self.table[key] = (best, best)
        return best

    def _after(self, hands: tuple[tuple[Card, ...], ...], trick: tuple[Play, ...], leader: int, acc: Any,
               p: int, card: Card, alpha: float, beta: float) -> float:
        """The value after ``p`` plays ``card``."""
        hand = tuple(c for c in hands[p] if c != card)
        hands = hands[:p] + (hand,) + hands[p + 1:]
        trick = trick + (Play(p, card),)
        if len(trick) < self.players:
            return self.search(hands, trick, leader, acc, alpha, beta)
        winner = trick_winner(trick, self.trumps)[0].player
        acc = self.add(acc, winner in self.side, tuple(play.card for play in trick))
        return self.search(hands, (), winner, acc, alpha, beta)


def tricks_left(state: Any) -> int:
    """How many tricks of the deal are still to be finished (the one on the table included)."""
    return max(len(hand) for hand in state.hands)


def solvable(state: Any) -> bool:
    """Whether ``state`` is a trick game's card play (the solver's domain)."""
    return getattr(state, "game_id", None) in TRICK_GAMES and not state.is_over and state.phase == "play"


def solve(state: Any, player: int | None = None) -> Solution:
    """Solve the deal's remaining tricks with every hand of ``state`` open: each legal card of
    the player to move and the value it secures for ``player``'s side (default: the mover's).

    >>> import danish_nb as dn
    >>> g = dn.setup("bastard", {"players": 3, "trump": "none", "hands": [["AH", "2H"], ["KH", "JD"], ["3H", "4H"]]})
    >>> {str(m): v for m, v in solve(g.state).values.items()}  # 2♥ gives the lead away: no trick
    {'P1 play 2♥': 0, 'P1 play A♥': 1}
    """
    if not solvable(state):
        raise DanishNbError("the endgame solver needs the card play of a Bastard or Sjavs deal")
    mover = state.current_player
    player = mover if player is None else player
    solver = _Solver(state, player)
    hands = tuple(tuple(h) for h in state.hands)
    trick = tuple(state.trick)
    maximize = mover in solver.side
    values: dict[TrickMove, float] = {}
    for card in playable(hands[mover], trick, state.trumps):
        values[TrickMove(mover, "play", card)] = solver._after(hands, trick, state.leader, solver.start, mover,
                                                               card, -1e9, 1e9)
    pick = max if maximize else min
    move = pick(values, key=lambda m: values[m])
    return Solution(player, move, values[move], values, solver.unit)


def endgame_choice(view: Any, game_id: str, rng: random.Random, worlds: int = ENDGAME_WORLDS,
                   tricks: int = ENDGAME_TRICKS) -> Solution | None:
    """The best card for the viewer by the solver, averaged over ``worlds`` worlds sampled from
    ``view`` (each distinct world solved once: one world when the view shows every hand, which
    makes it exact), or ``None`` outside a trick game's last ``tricks`` tricks."""
    if game_id not in TRICK_GAMES:
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


def _why(me: int, move: TrickMove, values: dict[TrickMove, float], unit: str, worlds: int) -> Text:
    """The solver's reason: the chosen card's value and the others', the cards a secret of the player."""
    where = "with every hand open" if worlds == 1 else f"on average over {worlds} imagined deals played open"
    ranked = sorted(values, key=lambda m: -values[m])
    others = "; ".join(f"{m.card}: {values[m]:.3g}" for m in ranked if m != move)
    text = f"{move.card} secures {values[move]:.3g} {unit} by the end of the deal ({where})"
    shown = text + (f"; {others}" if others else "")
    return ("exact endgame: ", Private((shown,), me, f"the best of {len(values)} cards, solved to the end of the deal",
                                      in_hand=False))

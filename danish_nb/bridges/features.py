"""What the bridges show a player and pay them, from our own observers and results.

- :func:`observation_text`: the player's view (``state.view(p).to_dict()``) as canonical JSON;
- :func:`observation_tensor`: the same view as a fixed-length float vector (:func:`tensor_size`):
  counts of the 54 cards in each place the player can see (their hand, each seat's face-up cards,
  the pile, the trick, ...), seats counted from the player (0 = themselves, 1 = next, ...);
- :func:`returns`: the result as a zero-sum payoff in ``[-1, 1]`` (:func:`returns` explains);
- :func:`seed_of`: the deal's seed from the chance outcomes that chose it.

>>> import danish_nb as dn
>>> g = dn.new_game("bastard", players=3, seed=1)
>>> len(observation_tensor(g.state, 0)) == tensor_size("bastard", 3)
True
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import numpy as np

from ..cards import SUITS, Card
from ..core import DanishNbError, Result, get_game
from .actions import CARD_COUNT, card_number

#: Every phase a game's view may name, in the order of the tensor's one-hot phase part.
PHASES = ("swap", "play", "send", "offer", "chain", "keep", "bid", "trump", "discard", "over")
#: Chance outcomes per chance node (one byte), and chance nodes per deal: a 32-bit seed.
SEED_BASE = 256
SEED_DIGITS = 4


def seed_of(digits: Sequence[int]) -> int:
    """The seed chosen by the chance outcomes ``digits`` (most significant first).

    >>> seed_of([0, 0, 1, 2])
    258
    """
    seed = 0
    for digit in digits:
        seed = seed * SEED_BASE + digit
    return seed


def observation_text(state: Any, player: int) -> str:
    """The player's view as canonical JSON: everything they may know, nothing else."""
    return json.dumps(state.view(player).to_dict(), sort_keys=True, ensure_ascii=False, separators=(",", ":"))


# --------------------------------------------------------------------------- tensors

def _cards(cards: Iterable[Card] | None) -> np.ndarray:
    counts = np.zeros(CARD_COUNT, np.float32)
    for card in cards or ():
        counts[card_number(card)] += 1
    return counts


def _seat(value: int | None, players: int, me: int) -> np.ndarray:
    """A one-hot seat counted from ``me`` (all zero for no seat)."""
    out = np.zeros(players, np.float32)
    if value is not None:
        out[(value - me) % players] = 1
    return out


def _seats(values: Sequence[Any], me: int) -> list[Any]:
    """Per-seat values reordered to start at ``me``."""
    return [values[(me + k) % len(values)] for k in range(len(values))]


def _phase(phase: str) -> np.ndarray:
    if phase not in PHASES:
        raise DanishNbError(f"the view names a phase {phase!r} the tensor does not know: {', '.join(PHASES)}")
    return np.eye(len(PHASES), dtype=np.float32)[PHASES.index(phase)]


def _numbers(values: Iterable[Any]) -> np.ndarray:
    return np.array([0 if v is None else v for v in values], np.float32)


def _shedding(v: Any) -> list[np.ndarray]:
    me, n = v.me, v.players
    return [_cards(v.hands[me]), *map(_cards, _seats(v.open, me)), *map(_cards, _seats(v.known, me)),
            _cards(v.pile), _cards(v.pile[-1:]), _cards(v.burned),
            _numbers(_seats(v.hand_counts, me)), _numbers(_seats(v.closed_counts, me)),
            _numbers([v.stock_count, v.burned_count, v.direction, v.turn]),
            sum((_seat(p, n, me) for p in v.finished), np.zeros(n, np.float32)), _seat(v.current, n, me),
            _phase(v.phase)]


def _tricks(v: Any) -> list[np.ndarray]:
    me, n = v.me, v.players
    trick = {play.player: play.card for play in v.trick}
    suit = np.zeros(5, np.float32)
    trump = v.trumps.suit if v.trumps is not None else None
    suit[4 if trump is None else SUITS.index(trump)] = 1
    parts = [_cards(v.hands[me]), *(_cards([trick[p]] if p in trick else ()) for p in _seats(range(n), me)),
             *(_cards(c for t in won for c in t) for won in _seats(v.won, me)),
             *(np.array([s in voids for s in SUITS], np.float32) for voids in _seats(v.voids, me)),
             suit, _numbers(_seats(v.hand_counts, me)), _numbers(_seats(v.tricks_won, me)),
             _numbers(_seats(v.scores, me)), _seat(v.current, n, me), _seat(v.leader, n, me),
             _seat(v.dealer, n, me), _numbers([v.deal]), _phase(v.phase)]
    if hasattr(v, "contract"):  # Sjavs' auction
        from ..games.sjavs import BIDS

        contract = np.zeros(len(BIDS), np.float32)
        if v.contract is not None:
            contract[BIDS.index(v.contract)] = 1
        parts += [_cards(v.skat), contract, _seat(v.soloist, n, me), _numbers(_seats(v.card_points, me))]
    return parts


def _running_total(v: Any) -> list[np.ndarray]:
    me, n = v.me, v.players
    holes = [_cards([card] if card is not None else ()) for seat in _seats(v.hole_up, me) for card in seat]
    return [_cards(v.hands[me]), *holes, _numbers(flag for seat in _seats(v.hole_down, me) for flag in seat),
            *map(_cards, _seats(v.known, me)), _cards(v.pile), _cards(v.discard),
            _numbers(_seats(v.hand_counts, me)), _numbers([v.total, v.deck_count, v.discard_count, v.turn]),
            _seat(v.current, n, me), _phase(v.phase)]


_PARTS: dict[str, Callable[[Any], list[np.ndarray]]] = {
    "shedding": _shedding, "tricks": _tricks, "running-total": _running_total}


def observation_tensor(state: Any, player: int) -> np.ndarray:
    """The player's view as a float32 vector of :func:`tensor_size` numbers."""
    view = state.view(player)
    return np.concatenate(_PARTS[get_game(view.game).info.family](view))


def tensor_size(game_id: str, players: int) -> int:
    """The length of :func:`observation_tensor` for ``game_id`` with ``players`` players."""
    import danish_nb as dn

    return len(observation_tensor(dn.new_game(game_id, players=players, seed=0).state, 0))


# --------------------------------------------------------------------------- payoffs

def returns(result: Result | None, players: int) -> list[float]:
    """A zero-sum payoff in ``[-1, 1]`` per seat: first place ``+1``, last ``-1``, places between
    spaced evenly; seats that tie (equal scores, or players still holding cards when a shedding
    game ends) share the average of the places they cover. A declared draw without scores (a
    repetition, a turn limit) pays everyone 0; an unfinished game pays 0.

    >>> returns(Result(order=(2, 0, 1), loser=1), 3)
    [0.0, -1.0, 1.0]
    >>> returns(Result(order=(0, 1, 2), scores=(5, 5, 1), draw=True), 3)
    [0.5, 0.5, -1.0]
    >>> returns(Result(order=(1,)), 3), returns(Result(draw=True), 2)
    ([-0.5, 1.0, -0.5], [0.0, 0.0])
    """
    if result is None or players < 2 or (result.draw and result.scores is None):
        return [0.0] * players
    if result.scores is not None:
        groups: dict[Any, list[int]] = {}
        for seat in result.order:
            groups.setdefault(result.scores[seat], []).append(seat)
        tiers = list(groups.values())
    else:
        rest = [seat for seat in range(players) if seat not in result.order]
        tiers = [[seat] for seat in result.order] + ([rest] if rest else [])
    place = [1 - 2 * i / (players - 1) for i in range(players)]
    out = [0.0] * players
    start = 0
    for tier in tiers:
        share = sum(place[start:start + len(tier)]) / len(tier)
        for seat in tier:
            out[seat] = share
        start += len(tier)
    return out


def info_state_text(initial: str, moves: Iterable[str], current: str) -> str:
    """A player's information state: their first view, every move as they saw it, their view now."""
    return "\n".join([initial, *moves, current])


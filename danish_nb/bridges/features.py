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
from .actions import CARD_COUNT, CARD_NUMBERS

#: Seats of each game when none are asked for (OpenSpiel's default ``players``, PettingZoo's ``env``).
DEFAULT_PLAYERS = {"danish-bastard": 3, "le-danish": 3, "rat-bastard-17": 2, "bastard": 3, "sjavs": 4}
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

class _Tensor:
    """A float32 vector written part after part: only its non-zero entries are listed."""

    def __init__(self, me: int, players: int):
        self.me, self.players, self.size = me, players, 0
        self.index: list[int] = []
        self.value: list[float] = []

    def _put(self, index: int, value: float) -> None:
        self.index.append(self.size + index)
        self.value.append(value)

    def cards(self, cards: Iterable[Card] | None) -> None:
        """Counts of the 54 cards."""
        for card in cards or ():
            self._put(CARD_NUMBERS[card], 1.0)
        self.size += CARD_COUNT

    def numbers(self, values: Iterable[Any]) -> None:
        values = list(values)
        for k, value in enumerate(values):
            if value:
                self._put(k, float(value))
        self.size += len(values)

    def one_hot(self, index: int | None, size: int) -> None:
        if index is not None:
            self._put(index, 1.0)
        self.size += size

    def seat(self, seat: int | None) -> None:
        """A seat counted from the viewer (0 = themselves), all zero for no seat."""
        self.one_hot(None if seat is None else (seat - self.me) % self.players, self.players)

    def seats(self, values: Sequence[Any]) -> list[Any]:
        """Per-seat values reordered to start at the viewer."""
        return [values[(self.me + k) % len(values)] for k in range(len(values))]

    def phase(self, phase: str) -> None:
        if phase not in PHASES:
            raise DanishNbError(f"the view names a phase {phase!r} the tensor does not know: {', '.join(PHASES)}")
        self.one_hot(PHASES.index(phase), len(PHASES))

    def array(self) -> np.ndarray:
        return np.bincount(self.index, self.value, minlength=self.size).astype(np.float32)


def _shedding(v: Any, t: _Tensor) -> None:
    t.cards(v.hands[v.me])
    for cards in (*t.seats(v.open), *t.seats(v.known), v.pile, v.pile[-1:], v.burned):
        t.cards(cards)
    t.numbers(t.seats(v.hand_counts))
    t.numbers(t.seats(v.closed_counts))
    t.numbers([v.stock_count, v.burned_count, v.direction, v.turn])
    t.numbers(seat in v.finished for seat in t.seats(range(v.players)))
    t.seat(v.current)
    t.phase(v.phase)


def _tricks(v: Any, t: _Tensor) -> None:
    trick = {play.player: play.card for play in v.trick}
    t.cards(v.hands[v.me])
    for seat in t.seats(range(v.players)):
        t.cards([trick[seat]] if seat in trick else ())
    for won in t.seats(v.won):
        t.cards(card for taken in won for card in taken)
    for voids in t.seats(v.voids):
        t.numbers(suit in voids for suit in SUITS)
    trump = v.trumps.suit if v.trumps is not None else None
    t.one_hot(4 if trump is None else SUITS.index(trump), 5)
    for values in (v.hand_counts, v.tricks_won, v.scores):
        t.numbers(t.seats(values))
    for seat in (v.current, v.leader, v.dealer):
        t.seat(seat)
    t.numbers([v.deal])
    t.phase(v.phase)
    if hasattr(v, "contract"):  # Sjavs' auction
        from ..games.sjavs import BIDS

        t.cards(v.skat)
        t.one_hot(None if v.contract is None else BIDS.index(v.contract), len(BIDS))
        t.seat(v.soloist)
        t.numbers(t.seats(v.card_points))


def _running_total(v: Any, t: _Tensor) -> None:
    t.cards(v.hands[v.me])
    for seat in t.seats(v.hole_up):
        for card in seat:
            t.cards([card] if card is not None else ())
    t.numbers(flag for seat in t.seats(v.hole_down) for flag in seat)
    for cards in (*t.seats(v.known), v.pile, v.discard):
        t.cards(cards)
    t.numbers(t.seats(v.hand_counts))
    t.numbers([v.total, v.deck_count, v.discard_count, v.turn])
    t.seat(v.current)
    t.phase(v.phase)


_PARTS: dict[str, Callable[[Any, _Tensor], None]] = {
    "shedding": _shedding, "tricks": _tricks, "running-total": _running_total}


def observation_tensor(state: Any, player: int) -> np.ndarray:
    """The player's view as a float32 vector of :func:`tensor_size` numbers."""
    view = state.view(player)
    tensor = _Tensor(view.me, view.players)
    _PARTS[get_game(view.game).info.family](view, tensor)
    return tensor.array()


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


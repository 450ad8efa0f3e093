"""What the bridges show a player and pay them, from our own observers and results.

- :func:`observation_text`: the player's view (``state.view(p).to_dict()``) as canonical JSON
  (``None``: a spectator's, what everyone sees); :func:`private_text` what the player alone
  knows (:func:`private_parts`: their hand, cards they alone saw go into a hand, cards laid
  aside they see);
- :func:`observation_tensor`: the same view as a fixed-length float vector (:func:`tensor_size`):
  counts of the 54 cards in each place the player can see (their hand, each seat's face-up cards,
  the pile, the trick, ...), seats counted from the player (0 = themselves, 1 = next, ...);
  :func:`private_tensor` what the player alone knows;
- :func:`compact_view`: a view as one line of ASCII (OpenSpiel's observation string);
  :func:`move_token`: one move of a player's information state, as they saw it (its action number
  and the cards it showed them): :func:`info_state_text`; :class:`Record`: the same moves as rows
  of the information-state tensor;
- :func:`returns`: the result as a zero-sum payoff in ``[-1, 1]`` (:func:`returns` explains);
- :func:`seed_of`: the deal's seed from the chance outcomes that chose it.

>>> import danish_nb as dn
>>> g = dn.new_game("bastard", players=3, seed=1)
>>> len(observation_tensor(g.state, 0)) == tensor_size("bastard", 3)
True
>>> len(observation_tensor(g.state, None, seat=0)) == tensor_size("bastard", 3)
True
>>> private_text(g.state, 0)[:40]
'{"hand":["2C","3C","5C","7C","10C","KC",'
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import numpy as np

from ..cards import SUITS, Card
from ..core import DanishNbError, Result, get_game
from ..core.texts import Private
from ..families.common import card_codes
from ..families.shedding import without
from ..i18n import Listed, Message
from .actions import CARD_COUNT, CARD_NUMBERS, card_of

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


def _json(data: Any) -> str:
    return json.dumps(data, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def max_length(game_id: str, players: int, options: Any) -> int:
    """A bound on the moves of a game (chance nodes included), from its limits: the turn limit,
    the number of deals."""
    if hasattr(options, "turn_limit"):
        return 2 * options.turn_limit + 10 * players + SEED_DIGITS
    bound = get_game(game_id).info.parts.max_moves
    if bound is None:
        raise DanishNbError(f"the game {game_id!r} has no turn_limit option and declares no max_moves: "
                            "its length is unbounded")
    return bound(players, options) + SEED_DIGITS


def observation_string(state: Any, player: int | None) -> str:
    """The player's view as one line of ASCII (:func:`compact_view`), OpenSpiel's observation string
    (``None``: a spectator's view)."""
    return compact_view(state.view(player))


def observation_text(state: Any, player: int | None) -> str:
    """The player's view as canonical JSON: everything they may know, nothing else (``None``:
    a spectator's view, what everyone sees)."""
    return _json(state.view(player).to_dict())


def private_parts(state: Any, player: int) -> dict[str, Any]:
    """What ``player`` knows that a spectator does not: ``hand``, their own hand; ``known`` (the
    games whose views track cards seen going into hands), per seat, the cards they alone saw go
    there (a hand they passed on); ``skat`` (Sjavs), the cards laid aside once they see them and
    a spectator does not (else ``()``).

    >>> import danish_nb as dn
    >>> parts = private_parts(dn.new_game("rat-bastard-17", players=2, seed=1).state, 1)
    >>> sorted(parts), len(parts["hand"]), parts["known"]
    (['hand', 'known'], 5, ((), ()))
    """
    mine, public = state.view(player), state.view(None)
    parts: dict[str, Any] = {"hand": mine.hands[player]}
    if hasattr(mine, "known"):
        theirs = public.known or ((),) * mine.players
        parts["known"] = tuple(without(seen, everyone) for seen, everyone in zip(mine.known or theirs, theirs))
    if hasattr(mine, "skat"):
        parts["skat"] = mine.skat if mine.skat is not None and public.skat is None else ()
    return parts


def _codes(parts: dict[str, Any]) -> dict[str, Any]:
    """Cards as codes, less an empty ``known`` or ``skat``."""
    out = {"hand": card_codes(parts["hand"])}
    if any(parts.get("known", ())):
        out["known"] = [card_codes(cards) for cards in parts["known"]]
    if parts.get("skat"):
        out["skat"] = card_codes(parts["skat"])
    return out


def private_text(state: Any, player: int) -> str:
    """:func:`private_parts` as canonical JSON (cards as codes; ``known`` and ``skat`` only when
    they hold cards)."""
    return _json(_codes(private_parts(state, player)))


#: Suit symbols and letters in the compact strings (ASCII only: pyspiel crosses them without re-encoding).
_ASCII = str.maketrans({"♣": "C", "♦": "D", "♥": "H", "♠": "S"})
#: What the compact view leaves out: the game's name and seats (fixed for a game), and the words for learners
#: (``note``, a trick's ``why``, a deal's score ``lines``), which follow from the rest.
_UNWRITTEN = frozenset({"game", "players", "me", "note", "why", "lines"})
#: The parts of a view that only record cards the viewer saw in the trick before (tricks taken, the last
#: trick) or none (the result): left out of the count of the cards a move showed, with the viewer's own seat
#: of ``known`` (their hand again).
_HISTORY = frozenset({"tricks", "last_trick", "won", "result"})
#: Skipped when counting a view's cards (settings and helpers, not what the table shows).
_NOT_SHOWN = frozenset({"options", "table", "_unseen", "note", "game"})


def _card(code: str) -> str:
    """A card code in two characters: ``10H`` -> ``TH``."""
    return "T" + code[2:] if code.startswith("10") else code


#: Every card code (``10H``, ``RJ``) -> its two characters (``TH``, ``RJ``).
_CODES = {card_of(number).code: _card(card_of(number).code) for number in range(CARD_COUNT)}


def _compact(value: Any) -> str:
    """A value of ``view.to_dict()`` in few ASCII characters: cards as two characters each, run together
    when a list holds cards only; lists in ``[]``, dicts in ``{}``, ``None`` as ``-``."""
    kind = type(value)
    if kind is str:
        code = _CODES.get(value)
        if code is not None:
            return code
        return value if value.isascii() else value.translate(_ASCII).encode("ascii", "backslashreplace").decode()
    if kind is list or kind is tuple:
        try:
            return "".join([_CODES[item] for item in value])
        except (KeyError, TypeError):
            return "[" + ",".join([_compact(item) for item in value]) + "]"
    if value is None:
        return "-"
    if kind is bool:
        return "1" if value else "0"
    if kind is dict:
        return "{" + ",".join([f"{key}={_compact(item)}" for key, item in value.items()
                               if key not in _UNWRITTEN]) + "}"
    return str(value)


def compact_view(view: Any) -> str:
    """A view (``state.view(p)``) as one line of ASCII: ``key=value`` for every part of
    ``view.to_dict()`` but the words for learners and the game's fixed facts; cards in two
    characters (``TH`` is the ten of hearts, ``RJ``/``BJ`` the jokers).

    >>> import danish_nb as dn
    >>> compact_view(dn.new_game("rat-bastard-17", players=2, seed=1).state.view(0))[:46]
    'hands=[4D5H7DJCQS,-] hand_counts=[5,5] holes=['
    """
    return " ".join(f"{key}={_compact(value)}" for key, value in view.to_dict().items() if key not in _UNWRITTEN)


def _count_cards(value: Any, into: dict[Card, int], viewer: int | None) -> None:
    """Count the cards in ``value`` (nested tuples, dataclasses, texts naming cards) that ``viewer`` may read."""
    if type(value) is Card:
        into[value] = into.get(value, 0) + 1
    elif isinstance(value, (tuple, list)):
        for item in value:
            if type(item) is Card:  # most items are cards: counted here, without a call
                into[item] = into.get(item, 0) + 1
            elif item is not None and not isinstance(item, (int, str)):
                _count_cards(item, into, viewer)
    elif isinstance(value, Message):
        _count_cards(tuple(value.params.values()), into, viewer)
    elif isinstance(value, Listed):
        _count_cards(value.items, into, viewer)
    elif isinstance(value, Private):
        if value.seen_by(viewer):
            _count_cards(value.cards, into, viewer)
    elif hasattr(value, "__dataclass_fields__"):
        for name in value.__dataclass_fields__:
            _count_cards(getattr(value, name), into, viewer)


def shown_cards(view: Any) -> dict[Card, int]:
    """How many of each card ``view`` shows its viewer now (their hand, face-up cards, the pile,
    the trick, ...), records of cards seen before (:data:`_HISTORY`) left out.

    >>> import danish_nb as dn
    >>> sum(shown_cards(dn.new_game("danish-bastard", players=2, seed=1).state.view(0)).values())  # 3 + 2 x 3
    9
    """
    counts: dict[Card, int] = {}
    for name in view.__dataclass_fields__:
        if name not in _HISTORY and name not in _NOT_SHOWN:
            value = getattr(view, name)
            if name == "known" and value and view.me is not None:
                value = value[:view.me] + value[view.me + 1:]
            _count_cards(value, counts, view.me)
    return counts


def newly_shown(before: dict[Card, int], after: dict[Card, int]) -> list[Card]:
    """The cards ``after`` (:func:`shown_cards` after a move) shows more of than ``before``, by card number.

    >>> from danish_nb.cards import parse_cards
    >>> a, b, c = parse_cards("3H 6D KS")
    >>> newly_shown({a: 1, c: 1}, {a: 1, b: 1, c: 2})
    [Card('6♦'), Card('K♠')]
    """
    shown = [card for card, count in after.items() if count > before.get(card, 0)
             for _ in range(count - before.get(card, 0))]
    return sorted(shown, key=CARD_NUMBERS.__getitem__)


def move_token(move: Any, number: int, viewer: int | None, shown: Sequence[Card]) -> str:
    """One move of ``viewer``'s information state, in a few ASCII characters: the move's action
    number (:mod:`.actions`) in base 36, or, when the viewer does not see the whole move (a
    discard laid aside), the move's text as they read it (spaces as ``_``); then ``+`` and the
    cards the move showed them that their view did not show before (:func:`newly_shown`), if any.

    >>> import danish_nb as dn
    >>> from danish_nb.bridges.actions import codec_for
    >>> def stock_played(stock):
    ...     g = dn.setup("danish-bastard", {"hands": [["9S"], ["4C"]], "closed": [["QS"], ["QD"]],
    ...                                     "stock": [stock], "pile": ["KC"]})
    ...     move = g.parse_move("P1 stock")
    ...     after, _ = g.state.apply(move)
    ...     number = codec_for("danish-bastard", 2, g.options).encode(move)
    ...     return move_token(move, number, 1, newly_shown(shown_cards(g.state.view(1)), shown_cards(after.view(1))))
    >>> stock_played("3H"), stock_played("6D")  # P2 saw which card P1 turned over
    ('lqj+3H', 'lqj+6D')
    """
    text = move.text_for(viewer)
    token = _base36(number) if text == str(move) else text.translate(_ASCII).replace(" ", "_").encode(
        "ascii", "backslashreplace").decode("ascii")
    if shown:
        token += "+" + "".join(_card(card.code) for card in shown)
    return token


def _base36(number: int) -> str:
    digits = ""
    while True:
        number, digit = divmod(number, 36)
        digits = "0123456789abcdefghijklmnopqrstuvwxyz"[digit] + digits
        if not number:
            return digits


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


def _hand(v: Any) -> tuple[Card, ...] | None:
    """The viewer's own hand (``None`` for a spectator)."""
    return None if v.me is None else v.hands[v.me]


def _shedding(v: Any, t: _Tensor) -> None:
    t.cards(_hand(v))
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
    t.cards(_hand(v))
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
    if hasattr(v, "contract"):  # an auction with a skat
        bids = get_game(v.game).info.parts.bids
        t.cards(v.skat)
        t.one_hot(None if v.contract is None else bids.index(v.contract), len(bids))
        t.seat(v.soloist)
        t.numbers(t.seats(v.card_points))


def _running_total(v: Any, t: _Tensor) -> None:
    t.cards(_hand(v))
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


def observation_tensor(state: Any, player: int | None, seat: int | None = None) -> np.ndarray:
    """The player's view as a float32 vector of :func:`tensor_size` numbers, seats counted from
    them. ``player=None``: a spectator's view, what everyone sees (its hand part empty), seats
    counted from ``seat``."""
    view = state.view(player)
    tensor = _Tensor(player if player is not None else seat or 0, view.players)
    _PARTS[get_game(view.game).info.family](view, tensor)
    return tensor.array()


def private_tensor(state: Any, player: int) -> np.ndarray:
    """:func:`private_parts` as a float32 vector: the hand's cards, then (where the game has them)
    the cards ``player`` alone knows in each seat's hand (seats counted from them) and the cards
    laid aside they alone see."""
    parts = private_parts(state, player)
    tensor = _Tensor(player, len(state.view(None).hand_counts))
    tensor.cards(parts["hand"])
    for cards in tensor.seats(parts.get("known", ())):
        tensor.cards(cards)
    if "skat" in parts:
        tensor.cards(parts["skat"])
    return tensor.array()


def all_players_tensor(state: Any, seat: int) -> np.ndarray:
    """Everything on the table, for a privileged critic (OpenSpiel's ``ALL_PLAYERS`` observer,
    PettingZoo's ``state()``): the public observation tensor (:func:`observation_tensor` of a
    spectator, seats counted from ``seat``), then every seat's :func:`private_tensor`, from ``seat`` on.
    The cards still face down or in the stock stay out: no player ever saw them.

    >>> import danish_nb as dn
    >>> s = dn.new_game("bastard", players=3, seed=1).state
    >>> len(all_players_tensor(s, 0)) == tensor_size("bastard", 3) + 3 * len(private_tensor(s, 0))
    True
    """
    players = len(state.view(None).hand_counts)
    return np.concatenate([observation_tensor(state, None, seat=seat),
                           *(private_tensor(state, (seat + k) % players) for k in range(players))])


def all_players_string(state: Any, seat: int) -> str:
    """:func:`all_players_tensor` as text: the public view (:func:`compact_view`), then each seat's
    :func:`private_text` on a line of its own, from ``seat`` on."""
    players = len(state.view(None).hand_counts)
    return "\n".join([compact_view(state.view(None)),
                      *(f"P{(seat + k) % players + 1} {private_text(state, (seat + k) % players)}"
                        for k in range(players))])


def tensor_size(game_id: str, players: int) -> int:
    """The length of :func:`observation_tensor` for ``game_id`` with ``players`` players."""
    import danish_nb as dn

    return len(observation_tensor(dn.new_game(game_id, players=players, seed=0).state, 0))


# --------------------------------------------------------------------------- payoffs

def returns(result: Result | None, players: int) -> list[float]:
    """A zero-sum payoff in ``[-1, 1]`` per seat: first place ``+1``, last ``-1``, places between
    spaced evenly; seats that tie (equal scores, or players still holding cards when a shedding
    game ends) share the average of the places they cover. A declared draw without scores (a
    repetition, a turn limit) is a draw among the players still holding cards: those who went out
    before keep their places (its ``order``), the rest share the places left, so with nobody out
    everyone gets 0 (rulings DB-p, LD-o, RB-p); an unfinished game pays 0.

    >>> returns(Result(order=(2, 0, 1), loser=1), 3)
    [0.0, -1.0, 1.0]
    >>> returns(Result(order=(0, 1, 2), scores=(5, 5, 1), draw=True), 3)
    [0.5, 0.5, -1.0]
    >>> returns(Result(order=(1,)), 3), returns(Result(draw=True), 2)
    ([-0.5, 1.0, -0.5], [0.0, 0.0])
    >>> returns(Result(order=(0,), draw=True, reason_id="turn-limit"), 3)  # P1 went out, then the limit
    [1.0, -0.5, -0.5]
    """
    if result is None or players < 2:
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
    """An information state: the first view (:func:`compact_view`), every move as it was seen
    (:func:`move_token`, on one line), the view now.

    >>> info_state_text("hands=[9S]", ["1+3H", "7"], "hands=[]")
    'hands=[9S]\\n1+3H 7\\nhands=[]'
    """
    return "\n".join([initial, " ".join(moves), current])


# --------------------------------------------------------------------------- information-state record

#: Segment forms whose moves name cards (the rest are told apart by their number in the segment).
_CARD_FORMS = frozenset({"rank", "cards", "card", "card_value", "card_pair"})


class Record:
    """The fixed-size record of what a player saw happen, the second part of the information-state
    tensor (:func:`info_state_size`): one row per move, ``slots`` rows (the game's longest play),
    zeros after the last move. A row, its parts in this order:

    - ``seat`` (``players``): who moved, counted from the viewer (0 = themselves);
    - ``kind`` (one per segment of the action space, :mod:`.actions`): the kind of move;
    - ``named`` (54): the cards the move names, if the viewer sees them;
    - ``detail`` (the largest segment without cards): the move's number in its segment (a position,
      a player sent to, a suit, a bid), one-hot, for moves that name no cards;
    - ``value`` (1): a wild card's value / 10 (Rat Bastard 17);
    - ``shown`` (54): the cards the move showed the viewer that their view did not show before
      (:func:`shown_cards`: a card turned over, drawn, passed on);
    - ``hidden`` (1): 1 if the viewer does not see the whole move (cards laid aside), its cards then unnamed.

    >>> from danish_nb.bridges.actions import codec_for
    >>> record = Record(codec_for("bastard", 3), 3, slots=10)
    >>> record.width, record.size
    (120, 1200)
    """

    def __init__(self, codec: Any, players: int, slots: int):
        self.codec, self.players, self.slots = codec, players, slots
        self.kinds = {seg.action: k for k, seg in enumerate(codec.segments)}
        self.details = max([seg.size for seg in codec.segments if seg.form not in _CARD_FORMS] or [0])
        self.named = players + len(self.kinds)
        self.detail = self.named + CARD_COUNT
        self.value = self.detail + self.details
        self.shown = self.value + 1
        self.hidden = self.shown + CARD_COUNT
        self.width = self.hidden + 1
        self.size = self.width * slots

    def row(self, move: Any, number: int, viewer: int, seen: bool, shown: Iterable[Card]) -> list[tuple[int, float]]:
        """The non-zero entries of one move's row: (index in the row, value)."""
        seg = next(s for s in reversed(self.codec.segments) if self.codec.offsets[s.action] <= number)
        out = [((move.player - viewer) % self.players, 1.0), (self.players + self.kinds[seg.action], 1.0)]
        if not seen:
            out.append((self.hidden, 1.0))
        elif seg.form in _CARD_FORMS:
            cards = list(getattr(move, "cards", None) or ()) or [c for c in (move.card, getattr(move, "other", None))
                                                                  if c is not None]
            counts: dict[int, float] = {}
            for card in cards:
                counts[CARD_NUMBERS[card]] = counts.get(CARD_NUMBERS[card], 0.0) + 1.0
            out += [(self.named + n, c) for n, c in counts.items()]
            if getattr(move, "value", None):
                out.append((self.value, move.value / 10))
        else:
            out.append((self.detail + number - self.codec.offsets[seg.action], 1.0))
        counts = {}
        for card in shown:
            counts[CARD_NUMBERS[card]] = counts.get(CARD_NUMBERS[card], 0.0) + 1.0
        out += [(self.shown + n, c) for n, c in counts.items()]
        return out

    def write(self, rows: Sequence[list[tuple[int, float]]], out: np.ndarray) -> None:
        """Write ``rows`` (the first ``slots`` of them) into ``out`` (``size`` zeros)."""
        for slot, row in enumerate(rows[:self.slots]):
            base = slot * self.width
            for index, value in row:
                out[base + index] = value

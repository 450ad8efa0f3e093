"""What the shedding games (Danish Bastard, Le danish) share: moves and their notation, the
table layout (hand, face-up and face-down cards, stock, pile), views, and small helpers for
turn order, drawing, burning and set-up positions.

Players are numbered from 0 in code and from 1 in notation (``P1`` is player 0), since
learners count from one.

>>> m = parse_shed_move("P2 play 7H 7♦")
>>> m.player, m.action, str(m)
(1, 'play', 'P2 play 7♥ 7♦')
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations, groupby
from operator import itemgetter
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple, Self

from ..cards import (
    BLACK_JOKER,
    RANKS,
    RED_JOKER,
    Card,
    CardParseError,
    Rank,
    Suit,
    cards_text,
    format_cards,
    parse_cards,
    shuffled,
)
from ..checks import Step, Why, verdict
from ..core import (
    NOT_WELL_FORMED,
    Catalogue,
    DanishNbError,
    Event,
    MoveParseError,
    OptionsError,
    Result,
    RulesState,
    Text,
    Verdict,
    View,
    check_keys,
)
from ..i18n import N_, Listed, M, _n
from .common import (
    card_codes,
    copies,
    options_cache,
    parse_number,
    parse_player,
    position_cards,
    position_seats,
    quoted_notation,
    remove_cards,
    replace_at,
    sorted_cards,
)

#: Move actions and what they mean (the notation's verbs).
ACTIONS = {
    "face-up": N_("choose the three cards to leave face up before play (the rest is the hand)"),
    "play": N_("play one or more cards of one rank from the hand"),
    "stock": N_("play the top card of the stock blind"),
    "open": N_("play one or more face-up table cards"),
    "closed": N_("play a face-down table card blind (by its position, counting from 1)"),
    "take": N_("take the pile into the hand"),
    "send": N_("send the pile to another player (an Ace's effect)"),
    "complete": N_("complete a four out of turn"),
    "pass": N_("decline an offer"),
    "pick-up-open": N_("take one's own face-up cards into the hand (once hand and stock are empty)"),
}

#: Actions written with nothing after them.
BARE_ACTIONS = ("stock", "take", "pass", "pick-up-open")

#: More cards than any shedding move holds (all copies of one rank), and more players or
#: positions than any table has: a move beyond them is not well formed.
MAX_MOVE_CARDS = 64
MAX_NUMBER = 1000


class ShedMove(NamedTuple):
    """A shedding-game move: who, what, which cards, and a position or target player.

    ``index`` is a face-down card's position (0-based) for ``closed``, or the target player
    for ``send``.
    """

    player: int
    action: str
    cards: tuple[Card, ...] = ()
    index: int | None = None  # type: ignore[assignment]  # the record format's name; hides tuple.index

    def __str__(self) -> str:
        problem = move_problem(self)
        if problem is not None:
            return f"a malformed move ({problem})"
        head = f"P{self.player + 1} {self.action}"
        if self.cards:
            return f"{head} {format_cards(self.cards)}"
        if self.index is not None and self.action in ("closed", "send"):
            return f"{head} {'P' if self.action == 'send' else ''}{self.index + 1}"
        return head

    def text_for(self, viewer: int | None, reveal_hands: bool = False) -> str:
        """The move's notation as ``viewer`` may read it: every part of a shedding move is seen by all."""
        return str(self)

    def words(self) -> Text:
        """The move in words, as a button or a verdict says it (a message, rendered in the
        reader's language: see :func:`danish_nb.words.move_words`).

        >>> m = parse_shed_move("P1 play 7H 7D")
        >>> str(m.words()), m.words().render("fr"), m.words().render("de")  # doctest: +NORMALIZE_WHITESPACE
        ('Play the seven of hearts and the seven of diamonds', 'Jouer le sept de cœur et le sept de carreau',
         'Herz-Sieben und Karo-Sieben spielen')
        """
        if move_problem(self) is not None:
            return NOT_WELL_FORMED
        if self.action in _CARD_WORDS and self.cards:
            return M(_CARD_WORDS[self.action], cards=Listed(self.cards))
        if self.action == "closed" and self.index is not None:
            return M("Turn over face-down card {index}", index=self.index + 1)
        if self.action == "send" and self.index is not None:
            return M("Send the pile to P{player}", player=self.index + 1)
        return M(_BARE_WORDS[self.action])

    def phrase(self) -> Text:
        """The move as the infinitive phrase a practice question is built around ("may you
        play the seven of hearts?": see :func:`danish_nb.practice.words.move_words`).

        >>> parse_shed_move("P2 closed 2").phrase().render("de")
        'die verdeckte Karte 2 blind aufdecken'
        """
        cards = Listed(self.cards)
        return {"play": M("play {cards}", cards=cards), "open": M("play {cards} from the face-up cards", cards=cards),
                "complete": M("complete the four with {cards}", cards=cards),
                "face-up": M("leave {cards} face up", cards=cards),
                "closed": M("turn over face-down card {n} blind", n=(self.index or 0) + 1),
                "send": M("send the pile to P{seat}", seat=(self.index or 0) + 1),
                "stock": M("play the top card of the stock blind"), "take": M("take the pile into the hand"),
                "pass": M("say pass"), "pick-up-open": M("take the face-up cards into the hand")}[self.action]

    @property
    def blind(self) -> bool:
        """Whether the move plays a card nobody saw before (the top of the stock, a face-down card)."""
        return self.action in ("stock", "closed")


#: What a move with cards says, by action (``{cards}``: the cards in words).
_CARD_WORDS = {"face-up": N_("Leave {cards} face up"), "play": N_("Play {cards}"),
               "open": N_("Play {cards} from the face-up cards"), "complete": N_("Complete the four with {cards}")}
#: What a move without cards says, by action.
_BARE_WORDS = {"stock": N_("Turn over the top stock card"), "take": N_("Take the pile"), "pass": N_("Pass"),
               "pick-up-open": N_("Pick up the face-up cards"), "face-up": N_("Leave these cards face up"),
               "play": N_("Play these cards"), "open": N_("Play these face-up cards"),
               "complete": N_("Complete the four"), "closed": N_("Turn over a face-down card"),
               "send": N_("Send the pile")}


def move_problem(move: ShedMove) -> str | None:
    """What is wrong with the fields of a shedding move, or ``None`` if they have the right types.

    >>> move_problem(ShedMove(0, "play", "7H"))
    "its cards must be a tuple of Card values (e.g. parse_cards('7H')), not str '7H'"
    >>> move_problem(ShedMove(0, "take")) is None
    True
    """
    player, action, cards, index = move
    if type(player) is int and 0 <= player < MAX_NUMBER and type(action) is str and action in ACTIONS \
            and type(cards) is tuple and len(cards) <= MAX_MOVE_CARDS and all(type(c) is Card for c in cards) \
            and (index is None or (type(index) is int and 0 <= index < MAX_NUMBER)):
        return None
    if not _small_whole(player):
        return f"its player must be a whole number from 0 (P1) to {MAX_NUMBER - 1}, not {_kind(player)}"
    if not isinstance(action, str) or action not in ACTIONS:
        return f"its action must be one of {', '.join(ACTIONS)}, not {_kind(action)}"
    if not isinstance(cards, tuple) or not all(isinstance(c, Card) for c in cards[:MAX_MOVE_CARDS]):
        return f"its cards must be a tuple of Card values (e.g. parse_cards('7H')), not {_kind(cards)}"
    if len(cards) > MAX_MOVE_CARDS:
        return f"it holds {len(cards)} cards; a move holds at most {MAX_MOVE_CARDS}"
    if index is not None and not _small_whole(index):
        return f"its index must be None or a whole number from 0 to {MAX_NUMBER - 1}, not {_kind(index)}"
    return None


def _small_whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < MAX_NUMBER


def _kind(value: Any) -> str:
    """A short description of a bad field: its type, and its value if short."""
    if (isinstance(value, (bool, int, float)) and abs(value) < MAX_NUMBER) \
            or (isinstance(value, str) and len(value) <= 20):
        return f"{type(value).__name__} {value!r}"
    return type(value).__name__


def canonical(move: Any) -> Any:
    """A shedding move with its cards in hand order (the order legal moves list them), so that
    ``P1 play 7D 7H`` and ``P1 play 7H 7D`` are the same move; anything else is returned as is."""
    if isinstance(move, ShedMove) and isinstance(move.cards, tuple) and len(move.cards) > 1 \
            and move_problem(move) is None:
        return move._replace(cards=sorted_cards(move.cards))
    return move


def parse_shed_move(text: str, actions: Iterable[str] = ACTIONS) -> ShedMove:
    """Read a move written as ``str(move)`` writes it: ``'P1 play 7H 7D'``, ``'P3 closed 2'``,
    ``'P2 take'``, ``'P1 send P3'``. Raises :class:`MoveParseError` with what was expected."""
    if not isinstance(text, str):
        raise MoveParseError(M("a move is text like “P1 play 7H”, not {kind}", kind=type(text).__name__))
    allowed = tuple(actions)
    words = text.split()
    usage = M("write a player then an action, e.g. “P1 play 7H 7D” (the actions are {actions})",
              actions=quoted_notation(allowed))
    if len(words) < 2:
        raise MoveParseError(M("“{text}” is not a move: {usage}", text=text, usage=usage))
    who, action, args = words[0], words[1].lower(), words[2:]
    player = parse_player(who, text, usage)
    if action not in allowed:
        raise MoveParseError(M("In “{text}”, “{words}” is an unknown action: {usage}", text=text, words=words[1],
                               usage=usage))
    if action in BARE_ACTIONS:
        if args:
            raise MoveParseError(M("In “{text}”, “{action}” takes nothing after it", text=text, action=action))
        return ShedMove(player, action)
    if action == "closed":
        index = parse_number(args[0]) if len(args) == 1 else None
        if index is None or index < 1:
            raise MoveParseError(M("In “{text}”, “closed” takes a face-down card's position, "
                                   "1 or more, e.g. “P1 closed 2”", text=text))
        return ShedMove(player, action, (), index - 1)
    if action == "send":
        if len(args) != 1:
            raise MoveParseError(M("In “{text}”, “send” takes the player who gets the pile, e.g. “P1 send P3”",
                                   text=text))
        return ShedMove(player, action, (), parse_player(args[0], text, usage))
    if not args:
        raise MoveParseError(M("In “{text}”, “{action}” needs at least one card, e.g. “P1 {action} 7H”",
                               text=text, action=action))
    try:
        cards = parse_cards(" ".join(args))
    except CardParseError as exc:
        raise MoveParseError(M("In “{text}”, {error}", text=text, error=exc)) from None
    return ShedMove(player, action, cards)


# --------------------------------------------------------------------------- table helpers

#: The joker rank as a module constant (an enum member read off its class costs ten times more).
_JOKER = Rank.JOKER
#: A card's rank, read at C speed (a card is the pair rank, suit).
_RANK_OF = itemgetter(0)


def top_run(pile: Sequence[Card]) -> int:
    """How many cards of the top card's rank lie in a row on top of the pile (jokers break runs
    and are never counted)."""
    if not pile or pile[-1][0] is _JOKER:
        return 0
    rank = pile[-1].rank
    run = 0
    for card in reversed(pile):
        if card.rank != rank:
            break
        run += 1
    return run


def next_seat(current: int, direction: int, out: Sequence[bool], steps: int = 1) -> int:
    """The seat ``steps`` places away in ``direction``, skipping players who are out."""
    players = len(out)
    seat = current
    for _ in range(steps):
        for _ in range(players):
            seat = (seat + direction) % players
            if not out[seat]:
                break
    return seat


def next_in(current: int, direction: int, finished: tuple[int, ...], players: int) -> int:
    """The next seat in ``direction`` whose player is not in ``finished``: :func:`next_seat`
    for one step, without building the ``out`` list (it is on every move's path).

    >>> next_in(0, 1, (), 3), next_in(0, 1, (1,), 3), next_in(0, -1, (2,), 3)
    (1, 2, 1)
    """
    seat = (current + direction) % players
    if not finished:
        return seat
    for _ in range(players - 1):
        if seat not in finished:
            break
        seat = (seat + direction) % players
    return seat


def subsets(group: Sequence[Card]) -> list[tuple[Card, ...]]:
    """Every distinct non-empty set of cards from one group; equal cards from several packs
    give each set once.

    >>> [format_cards(s) for s in subsets(parse_cards("7H 7H 7S"))]
    ['7♥', '7♠', '7♥ 7♥', '7♥ 7♠', '7♥ 7♥ 7♠']
    """
    return list(_subsets(tuple(group)))


@lru_cache(maxsize=4096)
def _subsets(group: tuple[Card, ...]) -> tuple[tuple[Card, ...], ...]:
    """:func:`subsets`, cached (a rank's few cards come back often)."""
    combos = (combo for size in range(1, len(group) + 1) for combo in combinations(group, size))
    return tuple(dict.fromkeys(combos) if len(set(group)) < len(group) else combos)


#: Moves without cards (``P1 take``, ``P1 stock``), one object each.
_BARE_MOVES: dict[tuple[int, str], ShedMove] = {}


def bare_move(player: int, action: str) -> ShedMove:
    """The move ``P<player+1> <action>`` with no cards (one shared object).

    >>> str(bare_move(1, "take")), bare_move(1, "take") is bare_move(1, "take")
    ('P2 take', True)
    """
    move = _BARE_MOVES.get((player, action))
    if move is None:
        move = _BARE_MOVES[player, action] = ShedMove(player, action)
    return move


def group_moves(player: int, action: str, groups: Iterable[Sequence[Card]]) -> list[ShedMove]:
    """The moves playing each distinct set of cards (see :func:`subsets`) of each group, in order.

    >>> [str(m) for m in group_moves(0, "play", [parse_cards("7H 7S"), parse_cards("9C")])]
    ['P1 play 7♥', 'P1 play 7♠', 'P1 play 7♥ 7♠', 'P1 play 9♣']
    """
    return [move for group in groups for move in kind_moves(player, action, tuple(group))]


@lru_cache(maxsize=16384)
def kind_moves(player: int, action: str, group: tuple[Card, ...]) -> tuple[ShedMove, ...]:
    """The moves playing each distinct set of ``group``'s cards (cards of one kind, in hand
    order), one shared object each (moves are immutable; a history holds the ones played); the
    last one plays the whole group. Cached: a kind's few cards come back often, and a hit is
    read at C speed.

    >>> [str(m) for m in kind_moves(0, "play", parse_cards("7H 7S"))]
    ['P1 play 7♥', 'P1 play 7♠', 'P1 play 7♥ 7♠']
    >>> kind_moves(0, "play", parse_cards("7H")) is kind_moves(0, "play", parse_cards("7H"))
    True
    """
    new = tuple.__new__
    return tuple(new(ShedMove, (player, action, combo, None)) for combo in _subsets(group))


#: A hand's kinds (see :func:`hand_kinds`): per kind of card, the moves playing cards of it.
Kinds = dict[Any, tuple[ShedMove, ...]]


def kind_groups(cards: Sequence[Card], kinds: frozenset | None) -> dict[Any, list[Card]]:
    """The cards of ``kinds`` (ranks, or jokers by colour; ``None``: all), grouped by kind in
    the cards' order (the kinds in the order they first come).

    >>> {str(k): format_cards(g) for k, g in kind_groups(parse_cards("7H 9C 7S RJ"), None).items()}
    {'7': '7♥ 7♠', '9': '9♣', 'RJ': 'RJ'}
    """
    groups: dict[Any, list[Card]] = {}
    for card in cards:
        kind: Card | Rank = card[0]
        if kind is _JOKER:
            kind = card
        if kinds is None or kind in kinds:
            group = groups.get(kind)
            if group is None:
                groups[kind] = [card]
            else:
                group.append(card)
    return groups


def hand_kinds(p: int, hand: tuple[Card, ...]) -> Kinds:
    """Per kind of card in ``hand`` (a rank, or a joker by colour), in hand order: the moves
    playing cards of that kind (:func:`kind_moves`; the last one plays them all).

    A tidy hand (:func:`~danish_nb.families.common.sorted_cards`, as hands are kept) holds each
    kind's cards side by side, grouped at C speed; any other order is grouped card by card.
    """
    kinds: Kinds = {}
    for rank, run in groupby(hand, _RANK_OF):
        if rank is _JOKER:  # jokers are kinds by colour
            for joker, jokers in groupby(run):
                if joker in kinds:
                    return _hand_kinds_any_order(p, hand)
                kinds[joker] = kind_moves(p, "play", tuple(jokers))
        elif rank in kinds:
            return _hand_kinds_any_order(p, hand)
        else:
            kinds[rank] = kind_moves(p, "play", tuple(run))
    return kinds


def _hand_kinds_any_order(p: int, hand: tuple[Card, ...]) -> Kinds:
    """:func:`hand_kinds` of a hand in any order."""
    return {kind: kind_moves(p, "play", tuple(group)) for kind, group in kind_groups(hand, None).items()}


def kinds_after_play(kinds: Kinds, p: int, cards: tuple[Card, ...]) -> Kinds:
    """:func:`hand_kinds` of a hand after ``p`` played ``cards`` (of one kind) from it, from
    the hand's ``kinds``: only that kind's entry changes.

    >>> kinds = kinds_after_play(hand_kinds(0, parse_cards("7H 7S 9C")), 0, parse_cards("7S"))
    >>> kinds == hand_kinds(0, parse_cards("7H 9C"))
    True
    """
    kinds = dict(kinds)
    card = cards[0]
    kind: Card | Rank = card[0]
    if kind is _JOKER:
        kind = card
    group = kinds[kind][-1].cards
    if len(group) == len(cards):
        del kinds[kind]
    elif len(cards) == 1:  # the usual case: one card of several
        at = group.index(card)
        kinds[kind] = kind_moves(p, "play", group[:at] + group[at + 1:])
    else:
        kinds[kind] = kind_moves(p, "play", without(group, cards))
    return kinds


def hand_moves(kinds: Kinds, fitting: frozenset) -> list[ShedMove]:
    """The moves playing a hand's cards of the ``fitting`` kinds, read off its :func:`hand_kinds`:
    :func:`group_moves` of those cards grouped by kind, in hand order.

    >>> kinds = hand_kinds(0, parse_cards("5C 9H 9S KD"))
    >>> [str(m) for m in hand_moves(kinds, frozenset({Rank.NINE, Rank.KING}))]
    ['P1 play 9♥', 'P1 play 9♠', 'P1 play 9♥ 9♠', 'P1 play K♦']
    """
    moves: list[ShedMove] = []
    for kind, moves_of_kind in kinds.items():
        if kind in fitting:
            moves += moves_of_kind
    return moves


#: The options :func:`fitting_kinds` last read, and their
#: :func:`~danish_nb.families.common.options_cache` (a game reads one options object move after move).
_FITTING_MEMO: list = [None, None]


def fitting_kinds(top: Card | None, options: Any, placement: Callable[[Card, Card | None, Any], Step]) -> frozenset:
    """The kinds of card (ranks, and jokers by colour) that may go on ``top``: those the game's
    ``placement(card, top, options)`` lets go there, worked out once per top and options value
    (cached), so that the legal moves are read off the rule with one look-up per position.

    >>> ok = lambda card, top, options: (Why.of(card.rank >= top.rank, "X-1", ""),)
    >>> sorted(kind.name if isinstance(kind, Rank) else str(kind) for kind in fitting_kinds(Card.parse("KS"), (), ok))
    ['ACE', 'BJ', 'KING', 'RJ']
    """
    memo = _FITTING_MEMO
    if memo[0] is options:
        cache = memo[1]
    else:
        cache = options_cache(options)
        memo[:] = options, cache
    kinds = cache.get(top)
    if kinds is None:
        kinds = [joker for joker in (RED_JOKER, BLACK_JOKER) if placement(joker, top, options)[0].ok]
        kinds += [rank for rank in RANKS if placement(Card(rank, Suit.SPADES), top, options)[0].ok]
        kinds = cache[top] = frozenset(kinds)
    return kinds


def finishing_result(finished: tuple[int, ...], players: int, loser_name: Text) -> Result:
    """The result once at most one player holds cards: the order, and the loser if any."""
    remaining = [p for p in range(players) if p not in finished]
    order = finished + tuple(remaining)
    loser = remaining[0] if remaining else None
    names = ", ".join(f"P{p + 1}" for p in order)
    text = M("P{order} wins; finishing order {names}", order=order[0] + 1, names=names)
    if loser is not None:
        text = M("{text}; P{loser} is the {loser_name}", text=text, loser=loser + 1, loser_name=loser_name)
    return Result(order=order, loser=loser, reason=text, reason_id="out-of-cards")


# --------------------------------------------------------------------------- what players know

#: Cards known to be in each hand: one row per player (what that player knows of every hand),
#: then the public row (what a spectator knows); ``()`` while nothing is known of any hand.
Known = tuple[tuple[tuple[Card, ...], ...], ...]


def learn(known: Known, players: int, seat: int, cards: tuple[Card, ...]) -> Known:
    """Everyone saw ``cards`` go into ``seat``'s hand (a pile picked up or sent, face-up cards
    taken back): they are known to be there until played.

    >>> k = learn((), 2, 1, parse_cards("7H"))
    >>> [format_cards(row[1]) for row in k]
    ['7♥', '7♥', '7♥']
    """
    if not cards:
        return known
    rows = known or (((),) * players,) * (players + 1)
    if rows.count(rows[0]) == len(rows):  # every player knows the same (see _shared): the usual case
        return (replace_at(rows[0], seat, sorted_cards(rows[0][seat] + cards)),) * len(rows)
    return tuple(replace_at(row, seat, sorted_cards(row[seat] + cards)) for row in rows)


def forget(known: Known, seat: int, played: Sequence[Card]) -> Known:
    """``seat`` played ``played`` from the hand: known cards among them are no longer there.

    >>> k = forget(learn((), 2, 1, parse_cards("7H 8C")), 1, parse_cards("7H 9S"))
    >>> format_cards(k[0][1])
    '8♣'
    """
    if not known:
        return known
    row = known[0]
    if known.count(row) == len(known):  # every player knows the same (see _shared): the usual case
        held = row[seat]
        if not held:
            return known
        if len(played) == 1:  # the usual case: one card
            card = played[0]
            if card not in held:
                return known
            at = held.index(card)
            rest = held[:at] + held[at + 1:]
        else:
            rest = without(held, played)
            if len(rest) == len(held):
                return known
        return (replace_at(row, seat, rest),) * len(known)
    return tuple(replace_at(row, seat, without(row[seat], played)) if row[seat] else row for row in known)


def _shared(rows: Known) -> bool:
    """Whether every player knows the same (one row object for all: the usual case)."""
    return rows.count(rows[0]) == len(rows)  # equal rows count as one: the result is the same


def pass_known(known: Known, players: int, receiver: Mapping[int, int],
               hands: tuple[tuple[Card, ...], ...]) -> Known:
    """Each seat ``s`` in ``receiver`` handed its hand to ``receiver[s]``: what was known of it
    moves with it, and every passer now knows the whole hand it passed (privately)."""
    rows = known or (((),) * players,) * (players + 1)
    moved = []
    for viewer, row in enumerate(rows):
        new = list(row)
        for seat, to in receiver.items():
            new[to] = hands[seat] if seat == viewer else row[seat]
        moved.append(tuple(new))
    return tuple(moved)


def without(cards: tuple[Card, ...], used: Sequence[Card]) -> tuple[Card, ...]:
    """``cards`` less those in ``used`` (a multiset difference that ignores what is missing)."""
    rest = list(cards)
    for card in used:
        if card in rest:
            rest.remove(card)
    return tuple(rest)


# --------------------------------------------------------------------------- views

@dataclass(frozen=True, slots=True)
class ShedView:
    """What one player (or a spectator, ``me=None``) may know of a shedding table.

    Hands are shown only for ``me`` (or for everyone in teaching mode); face-down cards and
    the stock are only ever counted, even for their owner. ``known`` lists, per seat, the cards
    ``me`` saw go into that hand (a pile picked up, ...) and not yet played; ``burned`` the cards
    out of play (all were played face up); ``public`` the other public fields of the state
    (whose turn it is, a game's own bookkeeping). :meth:`sample_world` deals the rest.
    """

    game: str
    players: int
    me: int | None
    hands: tuple[tuple[Card, ...] | None, ...]
    hand_counts: tuple[int, ...]
    open: tuple[tuple[Card, ...], ...]
    closed_counts: tuple[int, ...]
    stock_count: int
    pile: tuple[Card, ...]
    burned_count: int
    current: int | None
    direction: int
    phase: str
    finished: tuple[int, ...]
    turn: int
    result: Result | None
    note: Text = ""
    burned: tuple[Card, ...] = ()
    known: tuple[tuple[Card, ...], ...] = ()
    options: Any = None
    public: tuple[tuple[str, Any], ...] = ()
    table: type | None = field(default=None, compare=False, repr=False)
    _unseen: tuple[Card, ...] | None = field(default=None, init=False, compare=False, repr=False)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able dict (cards as codes like ``'7H'``), e.g. to send to a browser."""
        return {
            "game": self.game, "players": self.players, "me": self.me,
            "hands": [None if h is None else card_codes(h) for h in self.hands],
            "hand_counts": list(self.hand_counts),
            "open": [card_codes(o) for o in self.open],
            "closed_counts": list(self.closed_counts),
            "stock_count": self.stock_count, "pile": card_codes(self.pile),
            "burned_count": self.burned_count, "current": self.current,
            "direction": self.direction, "phase": self.phase,
            "finished": list(self.finished), "turn": self.turn,
            "result": None if self.result is None else str(self.result),
            "note": str(self.note),
            # what the viewer saw and remembers: cards seen going into each hand, burned cards' faces
            "known": [card_codes(k) for k in self.known], "burned": card_codes(self.burned),
            "public": {name: list(value) if isinstance(value, tuple) else value for name, value in self.public},
        }

    def unseen(self) -> list[Card]:
        """The cards of the game's deck this viewer has not seen anywhere (each hidden card is
        one of them): the full deck less shown hands, known hand cards, face-up cards, the pile
        and the burned cards."""
        if self._unseen is None:
            seen: list[Card] = [*self.pile, *self.burned]
            for seat in range(self.players):
                hand = self.hands[seat]
                seen += hand if hand is not None else self.known[seat]
                seen += self.open[seat]
            deck = self.table.deck_for(self.players)  # type: ignore[union-attr]  # a view is made with its table
            unseen = tuple((Counter(deck) - Counter(seen)).elements())
            object.__setattr__(self, "_unseen", unseen)
        return list(self._unseen)

    def sample_world(self, rng: random.Random) -> ShedTable:
        """A complete state of this game that this viewer could be in: everything they see or
        know is as it is, and the unseen cards are dealt at random into the hidden places
        (other hands beyond their known cards, every face-down card, the stock).

        Other players' private knowledge is not rebuilt (in the sampled world everyone knows
        what this viewer knows), nor the positions remembered for the repetition draw.

        >>> import danish_nb as dn
        >>> state = dn.new_game("danish-bastard", players=3, seed=1).state
        >>> world = state.view(0).sample_world(random.Random(5))
        >>> world.view(0) == state.view(0), sorted(world.all_cards()) == sorted(state.all_cards())
        (True, True)
        """
        if self.table is None:
            raise DanishNbError("this view does not say which game it is from: take it from state.view(p)")
        pool = self.unseen()
        rng.shuffle(pool)
        needed = sum(self.closed_counts) + self.stock_count + sum(
            count - len(known) for hand, count, known in zip(self.hands, self.hand_counts, self.known)
            if hand is None)
        if needed > len(pool):
            raise DanishNbError(f"this position hides {needed} cards but only {len(pool)} are unseen")
        dealt = 0

        def draw(count: int) -> tuple[Card, ...]:
            nonlocal dealt
            dealt += count
            return tuple(pool[dealt - count:dealt])

        hands = tuple(hand if hand is not None else sorted_cards(known + draw(count - len(known)))
                      for hand, count, known in zip(self.hands, self.hand_counts, self.known))
        closed = tuple(draw(count) for count in self.closed_counts)
        known_rows = (self.known,) * (self.players + 1) if any(self.known) else ()
        return self.table(self.options, self.players, hands, self.open, closed, draw(self.stock_count),
                          self.pile, self.burned, direction=self.direction, phase=self.phase,
                          finished=self.finished, turn=self.turn, result=self.result, known=known_rows,
                          **dict(self.public))


if TYPE_CHECKING:  # mypy checks that the views implement the View protocol
    _SHEDVIEW: type[View] = ShedView


# --------------------------------------------------------------------------- the table

@dataclass(frozen=True, slots=True)
class ShedTable(RulesState):
    """The state every shedding game shares; a game's state extends it with its own fields,
    ``game_id``, ``_note()`` (a line for the board) and ``_generate_moves()``.

    ``stock[-1]`` is the top of the stock and ``pile[-1]`` the top of the pile; players who
    are out are listed in ``finished`` in the order they finished. ``pickups_seen`` remembers
    positions at pick-ups (to end games that loop); ``known`` what each player knows of the
    hands (see :data:`Known`); ``_legal`` caches the legal moves. ``_hand_cache`` is a game's
    own cache of what it read off each hand: per seat, ``None`` or a pair (the hand, what was
    read), which is valid only while that seat's hand is that same tuple object; copies carry
    it. A game lists its own public fields in ``public_fields`` and its deck in :meth:`deck_for`.
    """

    options: Any
    players: int
    hands: tuple[tuple[Card, ...], ...]
    open: tuple[tuple[Card, ...], ...]
    closed: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    pile: tuple[Card, ...]
    burned: tuple[Card, ...]
    current: int
    direction: int = 1
    phase: str = "play"
    finished: tuple[int, ...] = ()
    turn: int = 0
    result: Result | None = None
    pickups_seen: tuple[tuple, ...] = field(default=(), compare=False, repr=False, metadata={"memory": True})
    known: Known = field(default=(), compare=False, repr=False, metadata={"knowledge": True})
    _hand_cache: tuple = field(default=(), compare=False, repr=False)
    _legal: list | None = field(default=None, init=False, compare=False, repr=False)

    game_id: ClassVar[str] = ""
    move_type: ClassVar[type] = ShedMove
    public_fields: ClassVar[tuple[str, ...]] = ("current",)
    catalogue: ClassVar[Catalogue]
    #: The rule and ruling ids each shared mechanic cites in this game: "not-a-move", "over",
    #: "face-up" (the choice), "face-up-count", "start" (after the last choice), "draw"
    #: (refilling the hand), "end", "repetition" and "turn-limit" (the draws).
    cites: ClassVar[Mapping[str, tuple[str, str | None]]] = {}
    #: The game's words: "game" (its title), "start", "repetition" (when the position is kept).
    words: ClassVar[Mapping[str, Text]] = {}

    @classmethod
    def deck_for(cls, players: int) -> tuple[Card, ...]:
        """Every card a game of ``players`` players is dealt from."""
        raise NotImplementedError

    def drop_caches(self) -> None:
        """Forget the legal moves and :attr:`_hand_cache`."""
        object.__setattr__(self, "_legal", None)
        object.__setattr__(self, "_hand_cache", ())

    @property
    def current_player(self) -> int | None:
        return None if self.result is not None else self.current

    @property
    def is_over(self) -> bool:
        return self.result is not None

    @property
    def top(self) -> Card | None:
        return self.pile[-1] if self.pile else None

    def all_cards(self) -> list[Card]:
        """Every card of the game, wherever it lies (for checking nothing is lost)."""
        cards = list(self.stock) + list(self.pile) + list(self.burned)
        for seat in range(self.players):
            cards += self.hands[seat] + self.open[seat] + self.closed[seat]
        return cards

    def view(self, player: int | None, reveal_hands: bool = False) -> ShedView:
        """What ``player`` may know (``None``: a spectator). Face-down cards and the stock are
        counted, never shown; other players' hands only in teaching mode (``reveal_hands``)."""
        hands = tuple(h if (reveal_hands or seat == player) else None for seat, h in enumerate(self.hands))
        known = self.known[self.players if player is None else player] if self.known else ((),) * self.players
        return ShedView(
            game=self.game_id, players=self.players, me=player, hands=hands,
            hand_counts=tuple(map(len, self.hands)), open=self.open,
            closed_counts=tuple(map(len, self.closed)), stock_count=len(self.stock), pile=self.pile,
            burned_count=len(self.burned), current=self.current_player, direction=self.direction,
            phase=self.phase, finished=self.finished, turn=self.turn, result=self.result,
            note=self._note(), burned=self.burned, known=known, options=self.options,
            public=tuple((name, getattr(self, name)) for name in self.public_fields), table=type(self))

    def normalize(self, move: Any) -> Any:
        """The move written as :meth:`legal_moves` lists it (cards in hand order)."""
        return canonical(move)

    def well_formed(self, move: Any) -> bool:
        """A :class:`ShedMove` whose fields have the right types (see :func:`move_problem`)."""
        return isinstance(move, ShedMove) and move_problem(move) is None

    def _note(self) -> Text:
        return self.result.text if self.result is not None else ""

    def _generate_moves(self) -> list[ShedMove]:
        if self.result is not None:
            return []
        if self.phase == "swap":
            return self._face_up_moves()
        return self._turn_moves(self.current)

    def _turn_moves(self, p: int) -> list[ShedMove]:
        """The legal moves of ``p``, whose turn it is, once the face-up cards are chosen."""
        raise NotImplementedError

    def _check(self, move: Any) -> list[Step]:
        """The ordered steps of the rule check; the last one decides."""
        if not self.well_formed(move):
            rule_id, ruling = self.cites["not-a-move"]
            problem = move_problem(move) if isinstance(move, ShedMove) else f"{_kind(move)} is not a ShedMove"
            return [(Why.of(False, rule_id,
                            N_("not a move of {game}: {problem}"), ruling), self.words['game'], problem)]
        if self.result is not None:
            rule_id, ruling = self.cites["over"]
            return [(Why.of(False, rule_id, N_("the game is over: {reason}"), ruling), self.result.text)]
        if move.player != self.current:
            return [self._wrong_player(move.player)]
        if self.phase == "swap":
            return self._check_face_up(move)
        return self._check_turn(move)

    def _kinds(self, p: int) -> Kinds:
        """:func:`hand_kinds` of ``p``'s hand, kept in :attr:`_hand_cache` for that hand (a
        play from it works out the next hand's from it: :meth:`_cache_after_play`)."""
        hand = self.hands[p]
        cache = self._hand_cache
        if cache:
            entry = cache[p]
            if entry is not None and entry[0] is hand:
                return entry[1]
        else:
            cache = (None,) * self.players
        kinds = hand_kinds(p, hand)
        object.__setattr__(self, "_hand_cache", replace_at(cache, p, (hand, kinds)))
        return kinds

    def _cache_after_play(self, p: int, hand: tuple[Card, ...], left: tuple[Card, ...],
                          cards: tuple[Card, ...]) -> tuple:
        """:attr:`_hand_cache` once ``p`` played ``cards`` from ``hand``, leaving ``left``
        (before any refill): the kinds of ``left`` worked out from ``hand``'s, if they were read."""
        cache = self._hand_cache
        entry = cache[p] if cache else None
        if entry is None or entry[0] is not hand:
            return cache
        changed = list(cache)
        changed[p] = left, kinds_after_play(entry[1], p, cards)
        return tuple(changed)

    def _wrong_player(self, player: int) -> Step:
        """The step refusing a move by ``player`` when it is not their turn."""
        raise NotImplementedError

    def _check_turn(self, move: ShedMove) -> list[Step]:
        """The steps for a well-formed move by the current player after the face-up choice."""
        raise NotImplementedError

    def _final_result(self) -> Result | None:
        """How the game ends now that a move was played, if it does (not counting draws)."""
        raise NotImplementedError

    @classmethod
    def deal(cls, players: int, seed: int, options: Any) -> Self:
        """Shuffle the deck and deal 3 face down, 3 face up on them and 3 in hand to each player
        (the rest makes the stock); players then choose their face-up cards, P1 first."""
        deck = shuffled(cls.deck_for(players), seed)
        closed = tuple(deck[i * 9:i * 9 + 3] for i in range(players))
        opens = tuple(sorted_cards(deck[i * 9 + 3:i * 9 + 6]) for i in range(players))
        hands = tuple(sorted_cards(deck[i * 9 + 6:i * 9 + 9]) for i in range(players))
        return cls(options, players, hands, opens, closed, deck[players * 9:], (), (), 0, 1, "swap")

    @classmethod
    def from_position(cls, t: TablePosition, options: Any, **extra: Any) -> Self:
        """The state of a checked set-up position (ended at once if it is over)."""
        state = cls(options, t.players, t.hands, t.open, t.closed, t.stock, t.pile, t.burned, t.current,
                    t.direction, t.phase, t.finished, **extra)
        return state._settle([])[0]

    # -- explanations
    def explain(self, move: Any) -> Verdict:
        """Whether ``move`` is legal here, with the reasons and the rules they rest on."""
        steps = self._check(self.normalize(move))
        return verdict(move, steps, self.catalogue)

    @classmethod
    def _event(cls, kind: str, player: int | None, text: Text, cards: tuple[Card, ...], mechanic: str,
               with_ruling: bool = True) -> Event:
        """An event of a shared mechanic, citing this game's rule (and ruling) for it."""
        rule_id, ruling_id = cls.cites[mechanic]
        ruling = cls.catalogue.rulings[ruling_id] if ruling_id and with_ruling else None
        return Event(kind, player, text, cards, cls.catalogue.rules[rule_id], ruling)

    # -- choosing the face-up cards
    def _face_up_moves(self) -> list[ShedMove]:
        p = self.current
        table = sorted_cards(self.hands[p] + self.open[p])
        return [ShedMove(p, "face-up", combo) for combo in dict.fromkeys(combinations(table, len(self.open[p])))]

    def _check_face_up(self, move: ShedMove) -> list[Step]:
        p = move.player
        rule_id, ruling = self.cites["face-up"]
        if move.action != "face-up":
            return [(Why.of(False, rule_id, N_("P{p} first chooses which cards stay face up"), ruling), p + 1)]
        size = len(self.open[p])
        if len(move.cards) != size or move.index is not None:
            return [(Why.of(False, self.cites["face-up-count"][0],
                            N_("choose exactly {size} cards to leave face up")), size)]
        if remove_cards(self.hands[p] + self.open[p], move.cards) is None:
            return [(Why.of(False, rule_id,
                            N_("{cards} are not all among P{p}'s hand and face-up cards")),
             cards_text(move.cards), p + 1)]
        return [(Why.of(True, rule_id,
                        N_("P{p} leaves {cards} face up and keeps the rest in hand"), ruling),
         p + 1, cards_text(move.cards))]

    def _apply_face_up(self, move: ShedMove) -> tuple[Self, tuple[Event, ...]]:
        """The face-up choice: face-up cards taken into the hand are seen going there."""
        p = move.player
        hand = remove_cards(self.hands[p] + self.open[p], move.cards)
        watched = self._watched  # events only when someone reads them (RulesState)
        events = [] if not watched else [self._event("face-up", p, M("P{p} leaves {cards} face up",
                                              p=p + 1, cards=cards_text(move.cards)), move.cards,
                              "face-up", with_ruling=False)]
        last = p == self.players - 1
        if last and watched:
            events.append(self._event("start", 0, self.words["start"], (), "start"))
        state = self.copy(hands=replace_at(self.hands, p, sorted_cards(hand)),
                          open=replace_at(self.open, p, sorted_cards(move.cards)),
                          current=0 if last else p + 1, phase="play" if last else "swap", turn=self.turn + 1,
                          known=learn(self.known, self.players, p, without(self.open[p], move.cards)))
        return state._settle(events)

    # -- shared mechanics of play
    def _refill(self, p: int, hands: tuple[tuple[Card, ...], ...], stock: tuple[Card, ...],
                events: list[Event]) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
        """After playing, ``p`` draws from the stock back up to three cards in hand."""
        missing = 3 - len(hands[p])
        if not stock or missing <= 0:
            return hands, stock
        drawn = stock[max(0, len(stock) - missing):]
        if self._watched:  # events only when someone reads them (RulesState)
            events.append(self._draw_event(p, len(drawn)))
        return replace_at(hands, p, sorted_cards(hands[p] + drawn)), stock[:len(stock) - len(drawn)]

    @classmethod
    @lru_cache(maxsize=256)
    def _draw_event(cls, p: int, count: int) -> Event:
        """``p`` draws ``count`` cards from the stock: one shared event per game, seat and count
        (an event is immutable, so a history holds each once)."""
        return cls._event("draw", p, _n("P{p} draws {n} card from the stock", "P{p} draws {n} cards from the stock",
                                        count, p=p + 1), (), "draw")

    def _pile_taken(self, events: list[Event], **changes: Any) -> tuple[Self, tuple[Event, ...]]:
        """The pile went into a hand (``changes`` say how the table now lies): a new pile starts;
        the same position coming back a third time at such a moment is a draw."""
        # the position itself, not its hash(): a Card's hash changes between processes
        # (PYTHONHASHSEED), and a state restored elsewhere must recognise the positions it saw; one
        # flat tuple, the stock first, compares fastest (positions with other stocks differ at once)
        get = changes.get
        key = (get("stock", self.stock), get("current", self.current), get("direction", self.direction),
               *get("hands", self.hands), *get("open", self.open), *get("closed", self.closed))
        seen = self.pickups_seen + (key,)
        state = self.copy(pile=(), phase="play", turn=self.turn + 1, pickups_seen=seen, **changes)
        if seen.count(key) >= 3:
            result = Result(order=self.finished, draw=True, reason=M("draw: the same position came back a "
                                                                     "third time {repetition}, so the game "
                                                                     "would go round forever",
                                                                     repetition=self.words['repetition']),
                            reason_id="repetition")
            if self._watched:
                events.append(self._event("draw", None, result.text, (), "repetition"))
            return state.copy(phase="over", result=result), tuple(events)
        if state.turn < self.options.turn_limit:  # nobody finishes by taking cards: only the turn limit ends it
            return state, tuple(events)
        return state._settle(events)

    def _settle(self, events: list[Event]) -> tuple[Self, tuple[Event, ...]]:
        """End the game if it is over (:meth:`_final_result`), or a draw at the turn limit."""
        result = self._final_result()
        if result is not None:
            kind, why = "end", "end"
        elif self.turn >= self.options.turn_limit:
            result = Result(order=self.finished, draw=True,
                            reason=M("draw: the turn limit of {turn_limit} moves was reached",
                                     turn_limit=self.options.turn_limit), reason_id="turn-limit")
            kind, why = "draw", "turn-limit"
        else:
            return self, tuple(events)
        if self._watched:
            events.append(self._event(kind, None, result.text, (), why))
        return self.copy(phase="over", result=result), tuple(events)


def action_space(actions: Sequence[str]) -> Callable[[ShedTable, int], tuple[tuple[str, str, int], ...]]:
    """The bridges' action space (see :attr:`~danish_nb.core.GameParts.actions`) of a shedding
    game whose moves are ``actions``: the face-up choice of 3 cards, a rank (as many copies as
    the deck holds) for a play of cards, a position for a face-down card, a player for a send,
    nothing for the rest.

    >>> import danish_nb as dn
    >>> action_space(("face-up", "play", "closed", "send", "take"))(dn.new_game("le-danish", players=3).state, 3)
    (('face-up', 'cards', 3), ('play', 'rank', 1), ('closed', 'index', 3), ('send', 'index', 3), ('take', 'none', 0))
    """
    def space(dealt: ShedTable, players: int) -> tuple[tuple[str, str, int], ...]:
        packs = copies(dealt.all_cards())
        sizes = {"face-up": ("cards", 3), "play": ("rank", packs), "open": ("rank", packs),
                 "complete": ("rank", packs), "closed": ("index", 3), "send": ("index", players)}
        return tuple((action, *sizes.get(action, ("none", 0))) for action in actions)
    return space


# --------------------------------------------------------------------------- positions

@dataclass(frozen=True, slots=True)
class TablePosition:
    """The parts of a set-up position every shedding game reads (see :func:`read_table_position`)."""

    players: int
    hands: tuple[tuple[Card, ...], ...]
    open: tuple[tuple[Card, ...], ...]
    closed: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    pile: tuple[Card, ...]
    burned: tuple[Card, ...]
    current: int
    direction: int
    phase: str
    finished: tuple[int, ...]


TABLE_KEYS = frozenset({"players", "hands", "open", "closed", "stock", "pile", "burned", "current",
                        "direction", "phase", "finished"})


def read_table_position(position: Mapping[str, Any], min_players: int, max_players: int,
                        deck_for: Callable[[int], tuple[Card, ...]],
                        extra_keys: Iterable[str] = ()) -> TablePosition:
    """Read and check a set-up position: ``hands``, ``open``, ``closed`` (a card list per
    player), ``stock`` and ``pile`` (top card last), ``burned``, ``current`` (0-based),
    ``direction`` (1 or -1), ``phase`` ("play" or "swap"), ``finished``; missing = empty.
    No card may appear more often than in the game's deck (``deck_for(players)``).
    Raises :class:`OptionsError` naming what is wrong."""
    check_keys(position, TABLE_KEYS | set(extra_keys))
    hands_in = position.get("hands")
    players = position.get("players", len(hands_in) if isinstance(hands_in, list) else None)
    if not isinstance(players, int) or isinstance(players, bool) or not min_players <= players <= max_players:
        raise OptionsError(M("a position needs 'hands' for {min_players} to {max_players} players (or 'players')",
                             min_players=min_players, max_players=max_players))
    current = position.get("current", 0)
    direction = position.get("direction", 1)
    phase = position.get("phase", "play")
    finished = position.get("finished", [])
    if not isinstance(current, int) or isinstance(current, bool) or not 0 <= current < players:
        raise OptionsError(M("position['current'] must be a player from 0 to {players}", players=players - 1))
    if type(direction) is not int or direction not in (1, -1):
        raise OptionsError(M("position['direction'] is 1 (clockwise) or -1"))
    if phase not in ("play", "swap"):
        raise OptionsError(M("position['phase'] is 'play' or 'swap'"))
    if not isinstance(finished, list) or any(f not in range(players) or isinstance(f, bool) for f in finished) \
            or current in finished:
        raise OptionsError(M("position['finished'] lists players (0-based) who are out, not the current one"))
    table = TablePosition(
        players, tuple(sorted_cards(h) for h in position_seats(position, "hands", players)),
        tuple(sorted_cards(o) for o in position_seats(position, "open", players)),
        position_seats(position, "closed", players), position_cards(position, "stock"),
        position_cards(position, "pile"), position_cards(position, "burned"), current, direction, phase,
        tuple(finished))
    for seat in table.finished:
        if table.hands[seat] or table.open[seat] or table.closed[seat]:
            raise OptionsError(M("P{seat} is listed as finished but still has cards", seat=seat + 1))
    cards = Counter(table.stock + table.pile + table.burned)
    for zone in (table.hands, table.open, table.closed):
        for group in zone:
            cards.update(group)
    deck = Counter(deck_for(players))
    for card, count in cards.items():
        if count > deck[card]:
            raise OptionsError(M("the position holds {count} × {card} but the deck for {players} players has {deck}",
                                 count=count, card=str(card), players=players, deck=deck[card]))
    return table

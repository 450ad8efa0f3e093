"""Rat Bastard 17, from ``3-rat-bastard-17.en.txt`` (a two-player house game: a running
total that may not pass 17).

The module reads like the document: the rule catalogue (each rule-bearing sentence with an id),
the rulings where the text is unclear (no public reference exists for this game, so every
reading is ours and is written down), the options that select among readings, then the state
and its moves.

The moves, their notation (``P1 play 7H``, ``P1 hole 1``, ``P1 take`` ...), the row of hole
cards and the view of a table belong to the running-total family
(:mod:`danish_nb.families.running_total`).

>>> import danish_nb as dn
>>> g = dn.setup("rat-bastard-17", {"hands": [["8H", "4C"], ["9S"]], "pile": ["6C", "5D"],
...                                 "holes": [["2D"], ["3D"]]})
>>> print(g.explain("P1 play 4C"))
legal. The four of clubs (value 4) brings the total from 11 to 15, not over 17 (rule RB-15)
>>> print(g.explain("P1 play 8H"))
illegal. The eight of hearts (value 8) would take the total from 11 to 19: the total may not go over 17 (rule RB-15)
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, ClassVar, NamedTuple

from ..cards import Card, Rank, Suit, n_cards, shuffled, standard_pack
from ..checks import Step, Why, verdict
from ..core import (
    Catalogue,
    Event,
    GameParts,
    OptionsError,
    Private,
    Result,
    Rule,
    RulesState,
    Ruling,
    Text,
    Verdict,
    Working,
    check_keys,
    option,
    register,
)
from ..families.common import options_cache, position_cards, replace_at, sorted_cards
from ..families.running_total import (
    ACTIONS,
    ROW,
    UP_SLOTS,
    Hole,
    RatMove,
    RatView,
    is_whole,
    move_problem,
    outer_slots,
    parse_move,
)
from ..i18n import N_, M, Message, _n

__all__ = ["ACTIONS", "CATALOGUE", "GAME", "HAND_SIZE", "ROW", "TARGET", "UP_SLOTS", "Options", "RatBastardState",
           "RatMove", "RatView", "card_value", "is_wild", "outer_slots", "pack", "parse_move", "value_table"]

SOURCE = "3-rat-bastard-17.en.txt"
PLAYERS = 2
TARGET = 17
HAND_SIZE = 5
#: The longest turn limit the ``turn_limit`` option allows (ruling RB-p).
MAX_TURNS = 100_000


def _rule(rule_id: str, title: str, quote: str, **extra: Any) -> Rule:
    return Rule(rule_id, quote, source=SOURCE, title=title, **extra)


# --------------------------------------------------------------------------- rule catalogue

RULES = (
    _rule("RB-1", "Card values", "Card Values range from 0 to 10. Wild cards can be any value from 1 to "
          "10 of the players’ choice."),
    _rule("RB-2", "Object", "The objective of the game is to get rid of all his cards."),
    _rule("RB-3", "Hole cards", "Deal each player three cards face down and two cards face up as shown "
          "below. These five cards will be referred to as the ‘hole cards.’"),
    _rule("RB-4", "Face down, unseen", "Neither player may look at their face down hole cards until they "
          "are used."),
    _rule("RB-5", "Hole cards last", "The hole cards may not be used until all cards in the players hand "
          "have been used."),
    _rule("RB-6", "The hand", "Deal five more cards to each player. These are the cards in their hand and "
          "the players may each look at their own five cards."),
    _rule("RB-7", "Swapping", "The players may, at this point only, choose to replace one or both of the "
          "two face up hole cards with any of the five in their hand."),
    _rule("RB-8", "The deck", "Place the remaining cards aside. These cards form the deck."),
    _rule("RB-9", "Drawing for first", "Each player takes a single card from the top of the deck. If the "
          "players have cards of equal value, both players pick another card and repeat until one has "
          "higher than the other."),
    _rule("RB-10", "Who starts", "The player with the highest card goes first. Cards picked this way are "
          "then discarded."),
    _rule("RB-11", "Turns", "The game begins with each player putting a card down alternately in turns."),
    _rule("RB-12", "Five in hand", "While cards remain in the deck, each player must have a minimum of five "
          "cards in their hand at all times. If a player has less than five cards in his hand he must "
          "immediately pick another from the deck."),
    _rule("RB-13", "Running total", "As each card is put down, its value is added to the total value of "
          "any previous cards."),
    _rule("RB-14", "Saying the total", "After a player puts his card down he must say this total value.",
          enforced=False, note="Nothing to enforce on a screen: every play event states the new total "
          "and the board always shows it (ruling RB-i)."),
    _rule("RB-15", "Not over 17", "The total amount in the centre may not go over seventeen."),
    _rule("RB-16", "Taking the pile", "Until all cards in the deck are gone: … If a player cannot go lower "
          "than or equal to seventeen then he must pick up all the cards in the pile. The other player "
          "then puts a new card down starting from zero again."),
    _rule("RB-17", "Seventeen", "Until all cards in the deck are gone: … If seventeen is reached, all "
          "cards in the pile are discarded and the player that reached seventeen puts a new card down "
          "starting from zero again."),
    _rule("RB-18", "Seventeen after the deck", "When all cards in the deck are gone: When seventeen is "
          "reached, the player that did not reach seventeen must pick up cards from the top of the pile "
          "until they have five in their hand. Any remaining cards are discarded."),
    _rule("RB-19", "Using hole cards", "While a player has no cards in his hand, he may use his hole "
          "cards."),
    _rule("RB-20", "Outer hole cards", "Only the outer hole cards may be used in each turn, i.e. any hole "
          "card that has a card on both its’ left and right may not be used."),
    _rule("RB-21", "A hole card over 17", "If the total goes over seventeen when using a hole card, that "
          "player must pick up cards from the top of the pile up to a maximum of five cards in their "
          "hand."),
    _rule("RB-22", "Winning", "The player wins when all his hole cards are used. He then must call the "
          "other player a ‘Rat Bastard.’"),
)

RULINGS = (
    Ruling("RB-a", "Which cards are worth what (“values range from 0 to 10”), and which are wild?",
           "The ace counts 1, the 2 to the 10 their face value, the jacks, queens and kings 0 (the only "
           "way to reach 0); the two jokers are wild and take a value from 1 to 10 chosen when played. "
           "The court cards' value and the wild cards are options.",
           option="court_value",
           rules=("RB-1",)),
    Ruling("RB-b", "Which pack?", "One 52-card pack plus its 2 jokers (without jokers when the "
           "wild-card option says none): 10 cards dealt to each player, 34 form the deck.", rules=("RB-3", "RB-8")),
    Ruling("RB-c", "How are the hole cards laid out? (the diagram “shown below” is missing)",
           "In one row, positions 1 to 5 from the player's left: down, up, down, up, down. A position keeps "
           "its number as cards leave; “outer” means either end of what is left of the row. Face-down "
           "cards are played blind: turned over as they are played.", rules=("RB-3", "RB-4", "RB-20")),
    Ruling("RB-d", "How many cards per turn?", "One.", rules=("RB-11",)),
    Ruling("RB-e", "Must a player play if a card keeps the total at or under 17?",
           "Yes: the pile is taken only when no card fits. Any fitting card may be chosen.",
           rules=("RB-16", "RB-15")),
    Ruling("RB-f", "What happens when exactly 17 is reached?",
           "While the deck lasts the pile is discarded and the same player starts again from 0. After the "
           "deck is gone the other player first takes cards from the top of the pile until they hold 5 "
           "(none if they already hold 5 or more), the rest is discarded, and the player who reached 17 "
           "starts again from 0.", rules=("RB-17", "RB-18")),
    Ruling("RB-g", "Going over 17 from the hand after the deck is gone (the text only says what a hole "
           "card does)", "Same as a hole card: the player picks up from the top of the pile until 5 in "
           "hand, the rest is discarded, and the other player starts from 0.", option="over_after_deck",
           rules=("RB-16", "RB-21")),
    Ruling("RB-h", "Who starts?", "As written: each draws the top card of the deck (P1 first), the higher "
           "value starts, equal values draw again, and the drawn cards are discarded. The draws are chance "
           "events fixed by the seed and shown in the history.", rules=("RB-9", "RB-10")),
    Ruling("RB-i", "Saying the total", "The engine says it: every play event states the new total and the "
           "board always shows it; lessons may quiz it.", rules=("RB-14",)),
    Ruling("RB-j", "Swapping face-up hole cards: in what order, how often?",
           "Turn by turn before the draw for first player: P1 makes its swaps (a hand card for a "
           "face-up hole card, each face-up position at most once, so one or both), then says it is "
           "done; then P2 the same. P2 sees P1's new face-up cards, which are public anyway.", rules=("RB-7",)),
    Ruling("RB-k", "What does a drawn wild card count when drawing for first player? What if the deck runs "
           "out of cards while drawing?", "A wild card counts 10, the most its player could choose. If "
           "the deck runs out before the tie is broken (only possible in a set-up position), P1 starts.",
           rules=("RB-9", "RB-1")),
    Ruling("RB-l", "After going over 17 (from a hole card, or from the hand after the deck is gone), what "
           "happens to the rest of the pile, and who plays next?", "The rest is discarded, as after 17, "
           "and the other player starts from 0, as after taking the pile.", rules=("RB-21", "RB-16")),
    Ruling("RB-m", "What value does a wild card take when it is turned over blind from the hole?",
           "The best one for its player, chosen at once: 17 minus the total when that is at most 10, else "
           "10. It always fits.", rules=("RB-1", "RB-4")),
    Ruling("RB-n", "When is “the deck gone”?", "Judged when the card is put down, before the player "
           "refills the hand: a play made while the deck still held cards follows the “until the deck is "
           "gone” rules even if its refill empties the deck.", rules=("RB-16", "RB-17", "RB-18")),
    Ruling("RB-o", "Winning: the hole cards are used, but is a card that went over 17 and was picked up "
           "“used”?", "A player wins when hand and hole cards are all gone (RB-2). A last hole card that "
           "goes over 17 is picked up again, so the game goes on.", rules=("RB-22", "RB-2")),
    Ruling("RB-p", "Games that would loop forever.", "A position repeated for the third time when the pile "
           "is emptied (hands, hole cards, deck and the player to start all the same), or the turn limit, "
           "ends the game as a draw (options: the turn limit and the repetitions).", option="turn_limit",
           rules=("RB-2",)),
    Ruling("RB-q", "Which hole card may a player choose, and what if none can be played?",
           "Any outer card: a face-down one may always be tried blind, even when a face-up one fits. A "
           "face-up card's value is known, so it may not take the total over 17. A player whose outer "
           "cards are all face up and too high picks up from the top of the pile until 5 in hand; the rest "
           "is discarded and the other player starts from 0.", rules=("RB-20", "RB-21", "RB-15")),
)

CATALOGUE = Catalogue(RULES, RULINGS)
R = CATALOGUE.rules
RULING = CATALOGUE.rulings


# --------------------------------------------------------------------------- options

@dataclass(frozen=True, slots=True)
class Options:
    """Rule options of Rat Bastard 17: each settles a ruling of RULINGS.md (section 3).

    The value table is ``court_value`` with ``wild``: A = 1, 2-10 at face value.
    """

    court_value: int = option(0, "Value of the jacks, queens and kings: 0 (values then run 0 to 10) or 10.",
                              ruling="RB-a", choices={0: N_("0: values run 0 to 10"), 10: N_("10")})
    wild: str = option("jokers", "Wild cards (any value 1-10, chosen when played): the pack's 2 jokers, the "
                       "jokers and the 2s, or none (no jokers in the pack).", ruling="RB-a",
                       choices={"jokers": N_("the 2 jokers"), "jokers+twos": N_("the jokers and the 2s"),
                                "none": N_("none: no jokers in the pack")})
    over_after_deck: str = option("top-up", "After the deck is gone, a player whose hand cards all go over "
                                  "17 picks up from the top of the pile until 5 in hand, the rest is "
                                  "discarded; or picks up the whole pile.", ruling="RB-g",
                                  choices={"top-up": N_("pick up from the top until 5 in hand"),
                                           "whole-pile": N_("pick up the whole pile")})
    turn_limit: int = option(1000, "The game is declared a draw after this many moves ({low} to {high:,}).",
                             ruling="RB-p", low=1, high=MAX_TURNS)
    repetitions: int = option(3, "A position that comes back this many times when the pile is emptied ends "
                              "the game as a draw (at most {high}); 0: never (only the turn limit).", ruling="RB-p",
                              low=0, high=100)


def repetition_text(times: int) -> Message:
    """Why a game is drawn when a position came back, the ``times``-th time (option ``repetitions``).

    >>> str(repetition_text(3))
    'draw: the same position came back a third time when the pile was emptied, so the game would go round forever'
    >>> str(repetition_text(2))
    'draw: the same position came up 2 times when the pile was emptied, so the game would go round forever'
    """
    if times == 3:
        return M("draw: the same position came back a third time when the pile was emptied, so the game would go "
                 "round forever")
    return _n("draw: the same position came up {n} time when the pile was emptied, so the game would go round "
              "forever", "draw: the same position came up {n} times when the pile was emptied, so the game would "
              "go round forever", times)


def is_wild(card: Card, options: Options) -> bool:
    """Whether ``card`` is wild under ``options`` (ruling RB-a).

    >>> is_wild(Card.parse("RJ"), Options()), is_wild(Card.parse("2H"), Options(wild="jokers+twos"))
    (True, True)
    """
    rank = card[0]
    return rank is _JOKER or (rank is _TWO and options.wild == "jokers+twos")


def card_value(card: Card, options: Options) -> int | None:
    """A card's fixed value, or ``None`` for a wild card (RB-1, ruling RB-a).

    >>> card_value(Card.parse("AS"), Options()), card_value(Card.parse("KD"), Options(court_value=10))
    (1, 10)
    """
    if is_wild(card, options):
        return None
    rank = card[0]
    if rank is _ACE:
        return 1
    if rank >= _JACK:
        return options.court_value
    return int(rank)


#: Ranks read on every move's path, as module constants: an enum member read off its class
#: (``Rank.TWO``) goes through the enum's metaclass, ten times the cost of a global.
_JOKER, _TWO, _ACE, _JACK = Rank.JOKER, Rank.TWO, Rank.ACE, Rank.JACK


def value_table(options: Options) -> dict[str, str]:
    """The value table as text, rank by rank, for a settings panel or a lesson.

    >>> value_table(Options())["K"], value_table(Options())["J*"]
    ('0', 'wild (1-10)')
    """
    ranks = [Rank.ACE] + [r for r in Rank if Rank.TWO <= r <= Rank.KING]
    if options.wild != "none":
        ranks.append(Rank.JOKER)
    table = {}
    for rank in ranks:
        value = card_value(Card(rank, Suit.RED if rank is Rank.JOKER else Suit.CLUBS), options)
        table[rank.symbol] = N_("wild (1-10)") if value is None else str(value)
    return table


def pack(options: Options) -> tuple[Card, ...]:
    """The pack: 52 cards plus the 2 jokers unless ``wild`` is 'none' (ruling RB-b; made once per
    options value, in their :class:`_Table`)."""
    return _table(options).pack


def draw_value(card: Card, options: Options) -> int:
    """A card's value when drawing for first player: a wild card counts 10 (ruling RB-k)."""
    value = card_value(card, options)
    return 10 if value is None else value


def blind_value(card: Card, total: int, options: Options) -> int:
    """The value of a card turned over blind: a wild card takes the best value (ruling RB-m)."""
    value = card_value(card, options)
    return min(10, TARGET - total) if value is None else value


# --------------------------------------------------------------------------- state

@dataclass(frozen=True, slots=True)
class RatBastardState(RulesState):
    """A Rat Bastard 17 position. Immutable: :meth:`apply` returns a new one.

    ``holes[p]`` has 5 slots (``None`` once used; slots 1 and 3 face up); ``deck[-1]`` is the
    top of the deck and ``pile[-1]`` the top of the pile; ``total`` is the running total;
    ``swapped`` lists the slots the current player has already replaced in the swap phase;
    ``known[p]`` the cards of ``p``'s hand everyone saw go there (picked up, swapped in).
    """

    options: Options
    hands: tuple[tuple[Card, ...], ...]
    holes: tuple[Hole, ...]
    deck: tuple[Card, ...]
    pile: tuple[Card, ...]
    total: int
    discard: tuple[Card, ...]
    current: int
    phase: str = "play"
    swapped: tuple[int, ...] = ()
    turn: int = 0
    result: Result | None = None
    seen: tuple[tuple, ...] = field(default=(), compare=False, repr=False, metadata={"memory": True})
    known: tuple[tuple[Card, ...], ...] = field(default=((), ()), metadata={"knowledge": True})
    _legal: list | None = field(default=None, init=False, compare=False, repr=False)

    move_type: ClassVar[type] = RatMove

    game_id = "rat-bastard-17"
    players = PLAYERS

    # -- reading
    @property
    def current_player(self) -> int | None:
        return None if self.result is not None else self.current

    @property
    def is_over(self) -> bool:
        return self.result is not None

    def all_cards(self) -> list[Card]:
        """Every card of the game, wherever it lies (for checking nothing is lost)."""
        cards = list(self.deck) + list(self.pile) + list(self.discard)
        for seat in range(PLAYERS):
            cards += list(self.hands[seat]) + [c for c in self.holes[seat] if c is not None]
        return cards

    def view(self, player: int | None, reveal_hands: bool = False) -> RatView:
        """What ``player`` may know (``None``: a spectator). Face-down hole cards and the deck are
        counted, never shown; the other hand only in teaching mode (``reveal_hands``)."""
        hands = tuple(h if (reveal_hands or seat == player) else None for seat, h in enumerate(self.hands))
        hole_up = tuple(tuple(c if i in UP_SLOTS else None for i, c in enumerate(row)) for row in self.holes)
        hole_down = tuple(tuple(c is not None and i not in UP_SLOTS for i, c in enumerate(row))
                          for row in self.holes)
        return RatView(game=self.game_id, players=PLAYERS, me=player, hands=hands,
                       hand_counts=tuple(map(len, self.hands)), hole_up=hole_up, hole_down=hole_down,
                       deck_count=len(self.deck), pile=self.pile, total=self.total,
                       discard_count=len(self.discard), current=self.current_player, phase=self.phase,
                       turn=self.turn, result=self.result, note=self._note(), known=self.known,
                       discard=self.discard, options=self.options, swapped=self.swapped)

    def _note(self) -> Text:
        if self.result is not None:
            return self.result.text
        p = self.current
        if self.phase == "swap":
            return M("P{p} may swap face-up hole cards with hand cards, then keep", p=p + 1)
        room = TARGET - self.total
        where = M("from the hand") if self.hands[p] else M("from the outer hole cards")
        return M("total {total}: P{p} plays {where} a card worth at most {min}",
                 total=self.total, p=p + 1, where=where, min=min(room, 10))

    # -- legal moves (fast path; the contract tests check it agrees with explain)
    def _generate_moves(self) -> list[RatMove]:
        """The legal moves, derived from the checks: the swaps :meth:`_check_swap` passes, then
        keep; in play, each hand card (the hand empty: each outer hole card) at each value the
        total's check allows (:func:`_total_step`, read from the options' :class:`_Table`), a
        face-down one as :meth:`_check_hole` allows it; if none, taking the pile."""
        if self.result is not None:
            return []
        p = self.current
        hand = self.hands[p]
        if self.phase == "swap":
            return self._swaps(p, hand) + [_KEEPS[p]]
        if hand:
            last, options = _LAST, self.options  # the options' table (see _table), read inline
            plays = (last[1] if last[0] is options else _table(options)).plays[p][self.total]  # one pack: no card twice
            moves: list[RatMove] = []
            for card in hand:
                moves += plays[card]
            return moves or [_TAKES[p]]
        row, ups, total = self.holes[p], _table(self.options).ups[p], self.total
        moves = []
        for slot in outer_slots(row):
            if slot in UP_SLOTS:
                moves += ups[slot][total][row[slot]]
            elif self._check_hole(_BLINDS[p][slot])[-1][0].ok:
                moves.append(_BLINDS[p][slot])
        return moves or [_TAKES[p]]

    def _swaps(self, p: int, hand: tuple[Card, ...]) -> list[RatMove]:
        """The swaps :meth:`_check_swap` passes: each hand card for each face-up hole card whose
        position was not replaced yet (ruling RB-j). A swap is made once a game: its moves are made
        as tuples, not shared."""
        row, moves = self.holes[p], []
        for slot in UP_SLOTS:
            other = row[slot]
            if other is not None and slot not in self.swapped:
                moves += [_new(RatMove, (p, "swap", card, None, None, other)) for card in hand]
        return moves

    # -- explanations (any candidate move)
    def well_formed(self, move: Any) -> bool:
        """Whether ``move`` is a :class:`RatMove` whose fields have their types (so ``RatMove(True,
        'keep')``, equal to ``RatMove(1, 'keep')`` as a tuple, is refused)."""
        return move_problem(move) is None

    def explain(self, move: Any) -> Verdict:
        """Whether ``move`` is legal here, with the reasons and the rules they rest on."""
        steps = self._check(move)
        return verdict(move, steps, CATALOGUE)

    def _check(self, move: Any) -> list[Step]:
        """The ordered steps of the rule check; the last one decides."""
        problem = move_problem(move)
        if problem:
            return [(Why.of(False, "RB-11", N_("not a Rat Bastard 17 move: {problem}")), problem)]
        if self.result is not None:
            return [(Why.of(False, "RB-22", N_("the game is over: {reason}")), self.result.text)]
        p = self.current
        if move.player != p:
            return [(Why.of(False, "RB-11", N_("it is P{p}'s turn, not P{player}'s")), p + 1, move.player + 1)]
        check = _CHECKS.get(move.action)
        if check is None:
            return [(Why.of(False, "RB-11", N_("{action!r} is not a move of Rat Bastard 17")), move.action[:20])]
        if self.phase == "swap" and move.action not in ("swap", "keep"):
            return [(Why.of(False, "RB-7",
                            N_("before play P{p} may swap a hand card for a face-up hole card, or be done "
                               "swapping"), "RB-j"), p + 1)]
        if self.phase != "swap" and move.action in ("swap", "keep"):
            return [(Why.of(False, "RB-7", N_("face-up hole cards may be swapped at the deal only, not once play has "
                                              "begun")),)]
        return check(self, move)

    def _check_swap(self, move: RatMove) -> list[Step]:
        p, row = move.player, self.holes[move.player]
        if move.card is None or move.other is None or move.value is not None or move.position is not None:
            return [(_SWAP_NAMES,)]
        if move.card not in self.hands[p]:
            return [(_SWAP_NOT_HELD, p + 1, move.card)]
        for slot in UP_SLOTS:
            if row[slot] == move.other:
                break
        else:
            return [(_NOT_FACE_UP, move.other, p + 1)]
        if slot in self.swapped:
            return [(_REPLACED, slot + 1)]
        return [(_SWAPS, p + 1, move.card, slot + 1, move.other)]

    def _check_keep(self, move: RatMove) -> list[Step]:
        if move.card or move.other or move.value is not None or move.position is not None:
            return [(Why.of(False, "RB-7", N_("'keep' takes nothing after it")),)]
        return [(Why.of(True, "RB-7", N_("P{player} ends the swapping"), "RB-j"), move.player + 1)]

    def _check_play(self, move: RatMove) -> list[Step]:
        p, hand = move.player, self.hands[move.player]
        if not hand:
            return [(Why.of(False, "RB-19",
                            N_("P{p} has no cards in hand: play a hole card at one end of the row")), p + 1)]
        if move.card is None or move.other is not None or move.position is not None:
            return [(Why.of(False, "RB-11", N_("a play names one card from the hand"), "RB-d"),)]
        if move.card not in hand:
            return [(Why.of(False, "RB-6", N_("P{p} does not hold {card}")), p + 1, move.card)]
        return self._value_steps(move.card, move.value)

    def _check_hole(self, move: RatMove) -> list[Step]:
        p, row = move.player, self.holes[move.player]
        if self.hands[p]:
            return [(Why.of(False, "RB-5", N_("the hole cards may not be used until all cards in the hand have been "
                                              "used; P{p} still holds {hands}")), p + 1, len(self.hands[p]))]
        if move.card is not None or move.other is not None or move.position not in _POSITIONS:
            return [(Why.of(False, "RB-20", N_("a hole card is named by its position, 1 to 5: 'P1 hole 1'"), "RB-c"),)]
        slot = move.position - 1
        if row[slot] is None:
            return [(Why.of(False, "RB-20",
                            N_("there is no hole card at position {position} any more"), "RB-c"), move.position)]
        if slot not in outer_slots(row):
            return [(Why.of(False, "RB-20", N_("the hole card at position {position} has a card on both its left and "
                                               "right: only the outer hole cards may be used"), "RB-c"), move.position)]
        first: list[Step] = [(_HAND_EMPTY, p + 1), (_AT_AN_END, move.position)]
        if slot not in UP_SLOTS:
            return [*first, (_NO_BLIND_VALUE,) if move.value is not None else (_BLIND, p + 1, move.position)]
        return first + self._value_steps(row[slot], move.value)

    def _value_steps(self, card: Card, given: int | None) -> list[Step]:
        """Whether ``card`` played at the value ``given`` (``None``: its own) keeps the total at or
        under 17 (RB-15), with the wild card's choice of value first (RB-1)."""
        value = card_value(card, self.options)
        if value is None:
            if given is None:
                return [(_WILD_CHOOSE, card)]
            if given not in _WILD_VALUES:
                return [(_WILD_RANGE, card, given)]
            value = given
            steps: list[Step] = [(_WILD_CHOSEN, card, self.current + 1, given)]
        elif given is not None:
            return [(_NOT_WILD, card, value)]
        else:
            steps = []
        steps.append(_total_step(card, value, self.total, bool(self.deck), self.current))
        return steps

    def _check_take(self, move: RatMove) -> list[Step]:
        p = move.player
        if move.card or move.other or move.value is not None or move.position is not None:
            return [(Why.of(False, "RB-16", N_("'take' takes nothing after it")),)]
        if not self.pile:
            return [(Why.of(False, "RB-16", N_("there is no pile to take: any card may start from 0")),)]
        playable = [m for m in self.legal_moves() if m.action != "take"]
        if playable:
            first = playable[0]
            if first.action == "hole" and first.position - 1 not in UP_SLOTS:
                return [(Why.of(False, "RB-4", N_("the face-down hole card at position {position} may be tried blind: "
                                                  "a player who can play must"), "RB-q"), first.position)]
            what = first.card if first.card is not None else M("the hole card at position {position}",
                                                                 position=first.position)
            return [(Why.of(False, "RB-16", N_("{what} keeps the total at or under 17: the pile is taken only when no "
                                               "card fits"), "RB-e"), what)]
        other, take = 2 - p, self._take(p)
        if take == "whole-pile":
            return [(_TAKES_WHY[take], p + 1, M("over after deck"), other)]
        return [(_TAKES_WHY[take], p + 1, other)]

    def _take(self, p: int) -> str:
        """Which take applies when no card of ``p`` fits: the whole pile while the deck lasts
        (``"pile"``, RB-16) or, after it, by the option ``over_after_deck`` (``"whole-pile"`` or
        ``"top-up"``, ruling RB-g); from the hole cards, topping up (``"hole"``, ruling RB-q)."""
        if not self.hands[p]:
            return "hole"
        return "pile" if self.deck else self.options.over_after_deck

    # -- applying
    def _apply(self, move: Any) -> tuple[RatBastardState, tuple[Event, ...]]:
        """The next state and what happened (``move`` is legal: see :meth:`RulesState.apply`)."""
        p, action, card, given, position, _ = move  # a RatMove's fields at once
        if action != "play" and action != "hole":
            return self._apply_take(p) if action == "take" else self._apply_swap(move)
        hands, holes, known, total, options = self.hands, self.holes, self.known, self.total, self.options
        last = _LAST  # the options' table (see _table), read inline
        own_values = (last[1] if last[0] is options else _table(options)).values
        hand = list(hands[p])
        if action == "play":
            hand.remove(card)
            mine = known[p]
            if mine and card in mine:  # a card everyone saw go into the hand leaves it
                i = mine.index(card)
                mine = mine[:i] + mine[i + 1:]
                known = (mine, known[1]) if p == 0 else (known[0], mine)
            value = own_values[card] if given is None else given  # a legal move gives a wild card's value
        else:
            slot = position - 1
            row = list(holes[p])
            card, row[slot] = row[slot], None
            holes = (tuple(row), holes[1]) if p == 0 else (holes[0], tuple(row))
            value = given if given is not None else own_values[card] if slot in UP_SLOTS else \
                blind_value(card, total, options)
        total += value
        pile = self.pile + (card,)
        deck = self.deck  # self.deck stays the deck as the card went down (ruling RB-n)
        watched = self._watched  # events only when someone reads them (RulesState)
        events = [_play_event(move, card, value, total, own_values[card] is None)] if watched else []
        if deck and len(hand) < HAND_SIZE:
            cut = len(deck) - HAND_SIZE + len(hand)
            if cut < 0:
                cut = 0
            drawn, deck = deck[cut:], deck[:cut]
            for drawn_card in drawn:  # the hand stays in order (a card or two: no sort)
                insort(hand, drawn_card)
            if watched:
                events.append(_refill_event(p, drawn))
        hands = (tuple(hand), hands[1]) if p == 0 else (hands[0], tuple(hand))
        turn = self.turn + 1
        if total < TARGET and (hand or any(holes[p])):  # the usual case: the other player's turn, one copy
            if isinstance(self, Working):  # a working copy plays in place: plain writes, not its generic copy
                self.hands, self.holes, self.deck, self.pile, self.total = hands, holes, deck, pile, total  # type: ignore[misc]
                self.turn, self.known, self.current, self._legal = turn, known, 1 - p, None  # type: ignore[misc]
                state = self
            else:
                state = self.copy(hands=hands, holes=holes, deck=deck, pile=pile, total=total, turn=turn, known=known,
                                  current=1 - p)
            return state._settle(events) if turn >= options.turn_limit else (state, tuple(events))
        if total > TARGET:
            if watched:
                events.append(Event("over", p, M("the total went over 17 with a blind hole card"), (), R["RB-21"]))
            return self._empty_pile(events, hands, holes, deck, pile, known, turn, p, 1 - p, "RB-21", "RB-l")
        if not hand and not any(holes[p]):  # no card in hand, none in the hole row (a card is never falsy)
            result = Result(order=(p, 1 - p), loser=1 - p,
                            reason=M("P{p} has got rid of all their cards and wins: P{x} is the Rat Bastard",
                                     p=p + 1, x=2 - p), reason_id="out-of-cards")
            if watched:
                events.append(Event("win", p, result.text, (), R["RB-22"], RULING["RB-o"]))
            return self.copy(hands=hands, holes=holes, deck=deck, pile=pile, total=total, turn=turn, known=known,
                             current=p, phase="over", result=result), tuple(events)
        if self.deck:  # the deck was not gone when the card went down, even if the refill emptied it (RB-n)
            if watched:
                events.append(Event("discard", p, M("17! The pile ({pile}) is discarded; P{p} starts again from 0",
                                                    pile=n_cards(len(pile)), p=p + 1),
                                    pile, R["RB-17"], RULING["RB-f" if deck else "RB-n"]))
            return self._empty_pile(events, hands, holes, deck, pile, known, turn, p, p)
        return self._empty_pile(events, hands, holes, deck, pile, known, turn, 1 - p, p, "RB-18", "RB-f")

    def _apply_take(self, p: int) -> tuple[RatBastardState, tuple[Event, ...]]:
        take, pile = self._take(p), self.pile
        whole = take == "pile" or take == "whole-pile"
        events = [Event("take", p, M("P{p} picks up all the pile ({pile}); P{x} starts again from 0", p=p + 1,
                                     pile=n_cards(len(pile)), x=2 - p), pile, R["RB-16"])] \
            if whole and self._watched else []
        rule, ruling = ("", "") if whole else ("RB-16", "RB-g") if take == "top-up" else ("RB-21", "RB-q")
        return self._empty_pile(events, self.hands, self.holes, self.deck, pile, self.known, self.turn + 1, p, 1 - p,
                                rule, ruling, whole)

    def _empty_pile(self, events: list[Event], hands: tuple[tuple[Card, ...], ...], holes: tuple[Hole, ...],
                    deck: tuple[Card, ...], pile: tuple[Card, ...], known: tuple[tuple[Card, ...], ...], turn: int,
                    taker: int, current: int, rule: str = "", ruling: str = "",
                    whole: bool = False) -> tuple[RatBastardState, tuple[Event, ...]]:
        """The pile is emptied and ``current`` starts again from 0, in one copy of this state with
        these fields: ``taker`` takes the whole pile (``whole``, RB-16), or with a ``rule`` (read by
        ``ruling``: RB-l after going over with a hole card, RB-q when no face-up hole card fits,
        RB-g when no hand card fits after the deck is gone, RB-f after 17) picks up from its top
        until 5 in hand, or else (17 while the deck lasts) takes none; the rest is discarded. The
        position is recorded for the repetition draw (:meth:`_settle`)."""
        held = hands[taker]
        count = len(pile) if whole else min(len(pile), max(0, HAND_SIZE - len(held))) if rule else 0
        cut = len(pile) - count
        if rule and self._watched:
            taken, rest = pile[cut:], pile[:cut]
            if taken:
                events.append(Event("take", taker, M("P{taker} picks up {count} from the top of the pile",
                                                     taker=taker + 1, count=n_cards(count)),
                                    taken, R[rule], RULING[ruling]))
            if rest:  # a taker who already holds enough picks up none: the whole pile goes (RB-f)
                said = M("the rest of the pile ({rest}) is discarded", rest=n_cards(len(rest))) if taken else \
                    M("P{taker} already holds {held} and picks up none; the whole pile ({rest}) is discarded",
                      taker=taker + 1, held=n_cards(len(held)), rest=n_cards(len(rest)))
                events.append(Event("discard", None, said, rest, R[rule], RULING[ruling]))
            who_restarts = "RB-l" if ruling == "RB-g" else ruling  # RB-l: after going over, the other starts
            events.append(_restart_event(current, rule, who_restarts))
        if count:
            taken = pile[cut:]
            hands = (tuple(sorted(held + taken)), hands[1]) if taker == 0 else (hands[0], tuple(sorted(held + taken)))
            known = (known[0] + taken, known[1]) if taker == 0 else (known[0], known[1] + taken)  # all saw them go
        key, seen = None, self.seen
        if self.options.repetitions > 0:
            # the position itself, not its hash(): a Card's hash changes between processes
            # (PYTHONHASHSEED), and a state restored elsewhere must recognise the positions it saw.
            # In play the deck and the hole cards only shrink, so a position seen with other ones
            # never comes back: those are dropped (and positions differ first in the hands)
            key = (deck, holes, current, hands)
            seen = (*seen, key) if seen and seen[-1][0] == deck and seen[-1][1] == holes else (key,)
        discard = self.discard + pile[:cut]
        if isinstance(self, Working):  # a working copy plays in place (as in _apply)
            self.hands, self.holes, self.deck, self.pile, self.total = hands, holes, deck, (), 0  # type: ignore[misc]
            self.discard, self.current, self.known, self.seen, self.turn = discard, current, known, seen, turn  # type: ignore[misc]
            self._legal = None  # type: ignore[misc]
            return self._settle(events, key)
        return self.copy(hands=hands, holes=holes, deck=deck, pile=(), total=0, discard=discard, current=current,
                         known=known, seen=seen, turn=turn)._settle(events, key)

    def _settle(self, events: list[Event], key: tuple | None = None) -> tuple[RatBastardState, tuple[Event, ...]]:
        """End the game as a draw when the position ``key`` (recorded when the pile emptied, see
        :meth:`_empty_pile`) came ``repetitions`` times (a third time by default), or at the turn limit."""
        options = self.options
        if key is not None and self.seen.count(key) >= options.repetitions:
            result = Result(draw=True, reason=repetition_text(options.repetitions), reason_id="repetition")
        elif self.turn >= options.turn_limit:
            result = Result(draw=True, reason=M("draw: the turn limit of {turn_limit} moves was reached",
                                                turn_limit=options.turn_limit), reason_id="turn-limit")
        else:
            return self, tuple(events)
        if self._watched:
            events.append(Event("draw", None, result.text, (), R["RB-2"], RULING["RB-p"]))
        return self.copy(phase="over", result=result), tuple(events)

    def _apply_swap(self, move: RatMove) -> tuple[RatBastardState, tuple[Event, ...]]:
        p, action, card, _, _, other = move
        turn, watched, hands, holes, known = self.turn + 1, self._watched, self.hands, self.holes, self.known
        if action == "keep":
            events = [Event("keep", p, M("P{p} is done swapping", p=p + 1), (), R["RB-7"])] if watched else []
            if p == 0:
                return self.copy(current=1, swapped=(), turn=turn)._settle(events)
            return self._draw_for_first(events, swapped=(), turn=turn, phase="play")
        row, hand, mine = list(holes[p]), list(hands[p]), list(known[p])
        slot = UP_SLOTS[0] if row[UP_SLOTS[0]] == other else UP_SLOTS[1]
        row[slot] = card
        hand.remove(card)
        insort(hand, other)  # type: ignore[misc]  # the hand stays in order (a legal swap names both cards)
        if card in mine:  # one pack: each card once
            mine.remove(card)
        mine.append(other)
        events = [Event("swap", p, M("P{p} puts {card} face up at position {slot} and takes {other} into the hand",
                                     p=p + 1, card=card, slot=slot + 1, other=other), (card, other), R["RB-7"])] \
            if watched else []
        return self.copy(hands=replace_at(hands, p, tuple(hand)), holes=replace_at(holes, p, tuple(row)),
                         swapped=self.swapped + (slot,), turn=turn,
                         known=replace_at(known, p, tuple(mine)))._settle(events)

    def _draw_for_first(self, events: list[Event], **changes: Any) -> tuple[RatBastardState, tuple[Event, ...]]:
        """Each player draws the top card of the deck until one is higher (RB-9, RB-10, ruling RB-h)."""
        deck, drawn = self.deck, ()
        first = 0
        watched = self._watched  # events only when someone reads them (RulesState)
        while True:
            if len(deck) < 2:
                if watched:
                    events.append(Event("start", 0, M("the deck ran out before the tie was broken: P1 starts"),
                                        (), R["RB-10"], RULING["RB-k"]))
                break
            one, two = deck[-1], deck[-2]
            deck, drawn = deck[:-2], drawn + (one, two)
            v1, v2 = draw_value(one, self.options), draw_value(two, self.options)
            if watched:
                wild = is_wild(one, self.options) or is_wild(two, self.options)
                events.append(Event("pick", None, M("to decide who starts, P1 draws {one}, worth {v1}, and P2 "
                                                    "draws {two}, worth {v2}", one=one, v1=v1, two=two,
                                                    v2=v2), (one, two), R["RB-9"], RULING["RB-k" if wild else "RB-h"]))
            if v1 != v2:
                first = 0 if v1 > v2 else 1
                if watched:
                    events.append(Event("start", first, M("P{first} has the higher card and goes first; the drawn "
                                                          "cards are discarded",
                                                          first=first + 1), drawn, R["RB-10"], RULING["RB-h"]))
                break
            if watched:
                events.append(Event("tie", None, M("equal values: both draw again"), (), R["RB-9"]))
        return self.copy(deck=deck, discard=self.discard + drawn, current=first, **changes)._settle(events)


def _total_step(card: Card | None, value: int, total: int, deck: bool, current: int) -> Step:
    """Whether ``card`` at ``value`` may go on ``total``: the total may not go over 17 (RB-15);
    reaching 17 discards the pile (RB-17), after the deck is gone the other player picks up (RB-18)."""
    new = total + value
    if new > TARGET:
        return _OVER, card, value, total, new
    if new < TARGET:
        return _UNDER, card, value, total, new
    if deck:
        return _SEVENTEEN, card, value, current + 1
    return _SEVENTEEN_LATE, card, value, 2 - current, current + 1


class _Table(NamedTuple):
    """What the options decide on every move's path, made once per options value (:func:`_table`):
    each card's value (:func:`card_value`); per total, the values each card may be played at
    (``fits[total][card]``: ``(None,)`` for its own value, the values a wild card may take, or
    none), those the total's check allows (:func:`_allowed_values`); and each seat's hand plays
    of them (``plays[seat][total][card]``: the legal hand moves are read from it).

    >>> [str(m) for m in _table(Options()).plays[0][15][Card.parse("RJ")]], _table(Options()).fits[15][Card.parse("3S")]
    (['P1 play RJ=1', 'P1 play RJ=2'], ())
    >>> [str(m) for m in _table(Options()).ups[1][3][12][Card.parse("5S")]]
    ['P2 hole 4']
    """

    pack: tuple[Card, ...]
    values: dict[Card, int | None]
    fits: tuple[dict[Card, tuple[int | None, ...]], ...]
    plays: tuple[tuple[dict[Card, tuple[RatMove, ...]], ...], ...]
    #: The same for a face-up hole card: ``ups[seat][slot][total][card]``.
    ups: tuple[dict[int, tuple[dict[Card, tuple[RatMove, ...]], ...]], ...]


def _make_table(options: Options) -> _Table:
    cards = standard_pack(jokers=0 if options.wild == "none" else 2)  # the pack (ruling RB-b)
    values = {card: card_value(card, options) for card in standard_pack(jokers=2)}
    fits = tuple({card: tuple(v for v in _WILD_VALUES if v in allowed) if value is None else
                  (None,) if value in allowed else () for card, value in values.items()}
                 for allowed in map(_allowed_values, range(TARGET)))
    plays = tuple(tuple({card: tuple(_move(p, "play", card, v) for v in fit[card]) for card in values} for fit in fits)
                  for p in range(PLAYERS))
    ups = tuple({slot: tuple({card: tuple(_move(p, "hole", None, v, slot + 1) for v in fit[card]) for card in values}
                             for fit in fits) for slot in UP_SLOTS} for p in range(PLAYERS))
    return _Table(cards, values, fits, plays, ups)


#: The options last asked about and their table: a playout asks about one options object over and over.
_LAST: tuple[Any, Any] = (None, None)


def _table(options: Options) -> _Table:
    """The :class:`_Table` of ``options``, kept with them (:func:`~danish_nb.families.common.options_cache`)."""
    global _LAST
    last = _LAST
    if last[0] is not options:
        cache = options_cache(options)
        table = cache.get("table") or cache.setdefault("table", _make_table(options))
        last = _LAST = (options, table)
    return last[1]


@lru_cache(maxsize=32)
def _allowed_values(total: int) -> frozenset[int]:
    """The values a card may have on ``total``: those :func:`_total_step` allows (cached per total).

    >>> sorted(_allowed_values(14))
    [0, 1, 2, 3]
    """
    return frozenset(value for value in range(11) if _total_step(None, value, total, True, 0)[0].ok)


# Why a swap is allowed or not (:meth:`RatBastardState._check_swap`).
_SWAP_NAMES = Why(False, "RB-7", N_("a swap names a hand card then a face-up hole card: 'P1 swap 7H KS'"))
_SWAP_NOT_HELD = Why(False, "RB-7", N_("P{p} does not hold {card}"))
_NOT_FACE_UP = Why(False, "RB-7", N_("{other} is not one of P{p}'s face-up hole cards"), "RB-c")
_REPLACED = Why(False, "RB-7", N_("position {slot} was already replaced: each face-up hole card may be replaced once "
                                  "('one or both')"), "RB-j")
_SWAPS = Why(True, "RB-7", N_("P{p} puts {card} face up at position {slot} and takes {other} into the hand"), "RB-j")

# Why a hole card may be played (:meth:`RatBastardState._check_hole`).
_HAND_EMPTY = Why(True, "RB-19", N_("P{p}'s hand is empty, so the hole cards may be used"))
_AT_AN_END = Why(True, "RB-20", N_("position {position} is at an end of the row"), "RB-c")
_NO_BLIND_VALUE = Why(False, "RB-4", N_("a face-down hole card is played blind: its value cannot be chosen beforehand "
                                        "(a wild one takes the best value)"), "RB-m")
_BLIND = Why(True, "RB-4", N_("P{p} turns over the face-down card at position {position} blind; if it takes the "
                              "total over 17, P{p} picks up from the top of the pile up to 5 cards by rule RB-21"),
             "RB-c")

#: The hole positions, 1 to 5 (ruling RB-c).
_POSITIONS = range(1, ROW + 1)

#: The values a wild card may be given (RB-1, ruling RB-a).
_WILD_VALUES = tuple(range(1, 11))

# Why a card may be played at a value or not (:meth:`RatBastardState._value_steps`).
_WILD_CHOOSE = Why(False, "RB-1", N_("{card} is wild: choose its value from 1 to 10"), "RB-a")
_WILD_RANGE = Why(False, "RB-1", N_("{card} is wild: its value is from 1 to 10, not {given}"), "RB-a")
_WILD_CHOSEN = Why(True, "RB-1", N_("{card} is wild: P{current} chooses {given}"), "RB-a")
_NOT_WILD = Why(False, "RB-1", N_("{card} is not wild: its value is {value}, so write no value after it"), "RB-a")
_OVER = Why(False, "RB-15", N_("{card} (value {value}) would take the total from {total} to {new}: the total may "
                               "not go over 17"))
_SEVENTEEN = Why(True, "RB-17", N_("{card} (value {value}) reaches exactly 17: the pile is discarded and P{current} "
                                   "starts again from 0"), "RB-f")
_SEVENTEEN_LATE = Why(True, "RB-18", N_("{card} (value {value}) reaches exactly 17 after the deck is gone: P{x} picks "
                                        "up from the top of the pile until 5 in hand, the rest is discarded, and "
                                        "P{current} starts again from 0"), "RB-f")
_UNDER = Why(True, "RB-15", N_("{card} (value {value}) brings the total from {total} to {new}, not over 17"))

# Why taking the pile is allowed, per take (:meth:`RatBastardState._take`).
_TAKES_WHY = {
    "pile": Why(True, "RB-16", N_("no card in P{p}'s hand keeps the total at or under 17: P{p} picks up all the pile "
                                  "and P{other} starts again from 0"), "RB-e"),
    "whole-pile": Why(True, "RB-16", N_("no card fits and the deck is gone: P{p} picks up the whole pile (option "
                                        "“{option}”) and P{other} starts again from 0"), "RB-g"),
    "top-up": Why(True, "RB-16", N_("no card fits and the deck is gone: P{p} picks up from the top of the pile until 5 "
                                    "in hand, the rest is discarded, and P{other} starts again from 0"), "RB-g"),
    "hole": Why(True, "RB-21", N_("P{p}'s outer hole cards are face up and all too high: P{p} picks up from the top of "
                                  "the pile up to 5 cards, the rest is discarded, and P{other} starts again from 0"),
                "RB-q"),
}

_CHECKS = {"swap": RatBastardState._check_swap, "keep": RatBastardState._check_keep,
           "play": RatBastardState._check_play, "hole": RatBastardState._check_hole,
           "take": RatBastardState._check_take}


# Moves and events that recur are shared objects (both are immutable): a history holds each once.

@lru_cache(maxsize=2048)
def _move(player: int, action: str, card: Card | None = None, value: int | None = None,
          position: int | None = None, other: Card | None = None) -> RatMove:
    """``RatMove(player, action, card, value, position, other)``, shared.

    >>> _move(0, "take") is _move(0, "take"), str(_move(1, "hole", None, None, 5))
    (True, 'P2 hole 5')
    """
    return RatMove(player, action, card, value, position, other)


#: Each seat's blind play of each hole slot (a face-down card: ruling RB-c).
_BLINDS = tuple(tuple(_move(p, "hole", None, None, slot + 1) for slot in range(ROW)) for p in range(PLAYERS))
#: Each seat's take, the move when no card fits, and its keep, the move ending its swaps.
_TAKES, _KEEPS = (_move(0, "take"), _move(1, "take")), (_move(0, "keep"), _move(1, "keep"))
#: A tuple of a class (a move made without a call of the class's own ``__new__``).
_new = tuple.__new__


@lru_cache(maxsize=4096)
def _play_event(move: RatMove, card: Card, value: int, total: int, wild_card: bool) -> Event:
    """The event of ``move`` putting ``card`` down as ``value`` (a wild card: ``wild_card``),
    making ``total``: it says the total (ruling RB-i), or a blind wild card's value (ruling RB-m).

    >>> str(_play_event(_move(0, "play", Card.parse("9H")), Card.parse("9H"), 9, 12, False))
    'P1 plays the nine of hearts: the total is 12 (rule RB-13) [ruling RB-i]'
    """
    p = move.player
    said = dict(p=p + 1, card=card, total=total, value=value)
    blind_wild = wild_card and move.action == "hole" and move.position - 1 not in UP_SLOTS
    if move.action == "play":
        text = M("P{p} plays {card} as {value}: the total is {total}", **said) if wild_card else \
            M("P{p} plays {card}: the total is {total}", **said)
    elif move.position - 1 in UP_SLOTS:
        text = M("P{p} plays the face-up hole card {card} as {value}: the total is {total}", **said) if wild_card \
            else M("P{p} plays the face-up hole card {card}: the total is {total}", **said)
    elif blind_wild:
        text = M("P{p} turns over the face-down hole card at position {position}, {card}, and plays it as "
                 "{value} (its best value): the total is {total}", position=move.position, **said)
    else:
        text = M("P{p} turns over the face-down hole card at position {position}, {card}: the total is {total}",
                 position=move.position, **said)
    return Event("play", p, text, (card,), R["RB-13"], RULING["RB-m" if blind_wild else "RB-i"])


@lru_cache(maxsize=1024)
def _refill_event(p: int, drawn: tuple[Card, ...]) -> Event:
    """The event of ``p`` drawing ``drawn`` from the deck (seen by ``p`` only)."""
    text = M("P{p} draws {cards} from the deck to hold 5", p=p + 1,
             cards=Private(drawn, owner=p, public=n_cards(len(drawn))))
    return Event("refill", p, text, (), R["RB-12"])


@lru_cache(maxsize=64)
def _restart_event(current: int, rule: str, ruling: str) -> Event:
    """The event of ``current`` starting again from 0 (by ``rule``, read by ``ruling``)."""
    return Event("restart", current, M("P{current} starts again from 0", current=current + 1), (), R[rule],
                 RULING[ruling])


# --------------------------------------------------------------------------- the game

class RatBastard17:
    """The rules object registered as ``"rat-bastard-17"``. Besides the rules, the running-total
    family's board asks a game which cards are wild and for its value table."""

    id = "rat-bastard-17"
    title = "Rat Bastard 17"
    source = SOURCE
    family = "running-total"
    catalogue = CATALOGUE
    options_type = Options
    min_players = PLAYERS
    max_players = PLAYERS
    is_wild = staticmethod(is_wild)
    value_table = staticmethod(value_table)

    def new_state(self, players: int, seed: int, options: Options) -> RatBastardState:
        """Shuffle and deal: 5 hole cards in a row and 5 in hand each; the rest is the deck
        (RB-3, RB-6, RB-8). Play starts with the swap phase, P1 first (ruling RB-j)."""
        if players != PLAYERS:
            raise OptionsError(M("Rat Bastard 17 is a game for exactly 2 players, not {players}", players=players))
        cards = shuffled(pack(options), seed)  # a tuple: its slices are tuples
        holes = (cards[0:5], cards[10:15])
        hands = (sorted_cards(cards[5:10]), sorted_cards(cards[15:20]))
        return RatBastardState(options, hands, holes, cards[20:], (), 0, (), 0, "swap")

    def setup_state(self, position: Mapping[str, Any], options: Options) -> RatBastardState:
        """A position from a dict: ``hands`` (two card lists), ``holes`` (per player up to 5 cards
        for positions 1-5, ``None`` for a used position; positions 2 and 4 are the face-up ones),
        ``deck`` and ``pile`` (top card last), ``total`` (needed if the pile holds a wild card),
        ``discard``, ``current`` (0 or 1), ``phase`` ("play" or "swap"), ``swapped`` (positions);
        missing = empty.

        >>> s = RatBastard17().setup_state({"hands": [["7H"], ["8C"]], "pile": ["9S"]}, Options())
        >>> s.total, s.holes[0]
        (9, (None, None, None, None, None))
        """
        known = {"players", "hands", "holes", "deck", "pile", "total", "discard", "current", "phase",
                 "swapped"}
        check_keys(position, known)
        if not is_whole(position.get("players", PLAYERS)) or position.get("players", PLAYERS) != PLAYERS:
            raise OptionsError(M("Rat Bastard 17 is a game for exactly 2 players"))
        hands = tuple(sorted_cards(h) for h in _seats(position, "hands"))
        holes = tuple(_hole_row(row, p) for p, row in enumerate(_seats(position, "holes", raw=True)))
        deck, pile, discard = (position_cards(position, key) for key in ("deck", "pile", "discard"))
        current, phase = position.get("current", 0), position.get("phase", "play")
        if not is_whole(current) or current not in (0, 1):
            raise OptionsError(M("position['current'] is 0 (P1) or 1 (P2)"))
        if phase not in ("play", "swap"):
            raise OptionsError(M("position['phase'] is 'play' or 'swap'"))
        swapped = position.get("swapped", [])
        if not isinstance(swapped, list) or any(not is_whole(s) or s not in (2, 4) for s in swapped) or \
                (swapped and phase != "swap"):
            raise OptionsError(M("position['swapped'] lists face-up positions (2, 4) already replaced, "
                                 "in the swap phase"))
        state = RatBastardState(options, hands, holes, deck, pile, 0, discard, current, phase,
                                tuple(s - 1 for s in swapped))
        _check_cards(state, options)
        values = [card_value(c, options) for c in pile]
        total = position.get("total", None if None in values else sum(values))
        if total is None:
            raise OptionsError(M("the pile holds a wild card: give position['total']"))
        fixed, wilds = sum(v for v in values if v is not None), values.count(None)
        if isinstance(total, bool) or not isinstance(total, int) or not 0 <= total < TARGET or \
                not fixed + wilds <= total <= fixed + 10 * wilds:
            raise OptionsError(M("position['total'] must be the pile's total, from 0 to 16 "
                                 "(17 empties the pile), not {total!r}", total=total))
        for p in range(PLAYERS):
            if deck and len(hands[p]) < HAND_SIZE:
                raise OptionsError(M("while the deck lasts each hand holds at least 5 cards (RB-12): P{p} has {count}",
                                     p=p + 1, count=len(hands[p])))
            if phase == "play" and not hands[p] and all(c is None for c in holes[p]):
                raise OptionsError(M("P{p} has no cards: that game is already over", p=p + 1))
        return state.copy(total=total)._settle([])[0]

    def parse_move(self, text: str) -> RatMove:
        return parse_move(text)

    def deal_events(self, state: RatBastardState) -> tuple[Event, ...]:
        """What the deal did (for the log of a new game; empty for other positions)."""
        cards = len(pack(state.options))  # all the game's cards, once dealt
        if state.phase != "swap" or state.turn or len(state.deck) != cards - 20 or \
                not all(len(hand) == HAND_SIZE and None not in row for hand, row in zip(state.hands, state.holes)):
            return ()
        cache = options_cache(state.options)  # the deal says the same for every game of these options
        if "deal" not in cache:
            cache["deal"] = (Event("deal", None, M("{all_cards} cards: {pack}; each player gets 5 hole cards in a row "
                                                   "(down, up, down, up, down) and 5 in hand; {deck} form the deck",
                                                   all_cards=cards, deck=len(state.deck),
                                                   pack=M("one pack") if state.options.wild == "none"
                                                   else M("one pack and its 2 jokers")),
                                   (), R["RB-8"], RULING["RB-b"]),)
        return cache["deal"]

    def pack(self, options: Options) -> tuple[Card, ...]:
        """The cards of the game (for :meth:`RatView.sample_world`)."""
        return pack(options)

    def world(self, view: RatView, hands: tuple[tuple[Card, ...], ...], holes: tuple[Hole, ...],
              deck: tuple[Card, ...]) -> RatBastardState:
        """The state whose public part is ``view``'s, with these hands, hole cards and deck (for
        :meth:`RatView.sample_world`)."""
        return RatBastardState(view.options, hands, holes, deck, view.pile, view.total, view.discard,
                               current=view.current if view.current is not None else 0, phase=view.phase,
                               swapped=view.swapped, turn=view.turn, result=view.result, known=view.known)


def _seats(position: Mapping[str, Any], key: str, raw: bool = False) -> tuple:
    value = position.get(key)
    if value is None:
        return ((),) * PLAYERS
    if not isinstance(value, Sequence) or isinstance(value, str) or len(value) != PLAYERS:
        raise OptionsError(M("position[{key!r}] must list one group of cards per player (2)", key=key))
    return tuple(value) if raw else tuple(position_cards({key: v}, key) for v in value)


def _hole_row(row: Any, player: int) -> Hole:
    """Five slots from a position's list (shorter lists are padded with used slots)."""
    if isinstance(row, str) or not isinstance(row, Sequence) or len(row) > ROW:
        raise OptionsError(M("position['holes'][{player}] lists at most 5 cards (None for a used position)",
                             player=player))
    slots = tuple(None if c is None else position_cards({"hole": [c]}, "hole")[0] for c in row)
    slots += (None,) * (ROW - len(slots))
    filled = [i for i, c in enumerate(slots) if c is not None]
    if filled and filled[-1] - filled[0] + 1 != len(filled):
        raise OptionsError(M("P{player}'s hole cards have a gap: cards leave the row only from its ends (RB-20)",
                             player=player + 1))
    return slots


def _check_cards(state: RatBastardState, options: Options) -> None:
    counts: dict[Card, int] = {}
    for card in state.all_cards():
        counts[card] = counts.get(card, 0) + 1
    allowed = set(pack(options))
    for card, count in counts.items():
        if card not in allowed:
            raise OptionsError(M("{card} is not in the pack (option wild is {wild!r})", card=card, wild=options.wild))
        if count > 1:
            raise OptionsError(M("{card} appears {count} times: the game uses one pack", card=card, count=count))


ACTION_SPACE = (("swap", "card_pair", 0), ("keep", "none", 0), ("play", "card_value", 0), ("hole", "hole_value", 0),
                ("take", "none", 0))

# two rule-of-thumb players with seed 2 end the sample in a win, with takes and wild cards
GAME = register(RatBastard17(), GameParts(
    players=2, agents={"rule-of-thumb": "danish_nb.games.rat_bastard_17_player:RatRuleOfThumb"}, iterations=200,
    move_budget=9000, actions=lambda dealt, players: ACTION_SPACE, sample=(2, 2),
    practice="danish_nb.games.rat_bastard_17_practice:PRACTICE"))

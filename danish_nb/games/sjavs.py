"""Sjavs (Klørsjavs), from ``5-sjavs-penguin-p77.en.txt``: the Danish three-player game with a
20-card pack, an auction (Play, Strike, Slam), a skat, and game points counted down from 65;
with the variants of the page (without the red queens, four players, Farvesjavs).

The module reads like the page: the rule catalogue (each sentence with an id), the rulings
where the page is silent or cut off, the options that select among readings, then the pack,
the scoring, the state and its moves.

>>> import danish_nb as dn
>>> g = dn.setup("sjavs", {"hands": [["AS", "QS"], ["KS", "AH"], ["10S", "KH"]],
...                        "skat": ["AD", "KD"], "contract": "strike", "soloist": 1})
>>> g.current_player
1
>>> _ = g.play("P2 play KS")
>>> print(g.explain("P3 play KH"))
illegal. You must follow spades: you hold the ten of spades (rule SJ-13)
>>> print(g.explain("P1 play QS"))
illegal. P3 plays next (clockwise), not P1 (rule SJ-13)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache, partial
from itertools import combinations, filterfalse, repeat
from typing import Any, NamedTuple

from ..cards import SUITS, Card, Rank, Suit, cards_text, n_cards, parse_cards, shuffled
from ..checks import Step, Why, verdict
from ..core import (
    Catalogue,
    Event,
    GameParts,
    OptionsError,
    Private,
    Result,
    Rule,
    Ruling,
    Text,
    Verdict,
    option,
    register,
)
from ..families.common import position_cards
from ..families.tricks import (
    BID_NAMES,
    SCORE_REASONS,
    SHOWS_WHO,
    SUIT_TEXTS,
    AuctionView,
    CardPlay,
    DealScore,
    EndgameScoring,
    Hands,
    Match,
    MatchState,
    Play,
    ScoreLine,
    TrickMove,
    TrickRecord,
    Trumps,
    Won,
    by_suit,
    cards_won,
    check_even,
    check_pack,
    deal_score,
    n_tricks,
    parse_trick_move,
    parse_trump,
    played_by,
    position_hands,
    position_players,
    position_seat,
    position_seed,
    position_trick,
    position_whole,
    position_won,
    score_line,
    score_reason,
    seat_name,
    seat_points,
    step_words,
    tricks_won,
)
from ..glossary import Named
from ..i18n import N_, Listed, M, Nn_, _n, joined

SOURCE = "5-sjavs-penguin-p77.en.txt"


def _rule(rule_id: str, title: str, quote: str, english: str = "", **extra: Any) -> Rule:
    return Rule(rule_id, quote, english=english or None, source=SOURCE, title=title, **extra)


# --------------------------------------------------------------------------- rule catalogue

RULES = (
    _rule("SJ-1", "Trumps", "permanent trumps Q Q J J J J A K - T",
          "Trumps from the top: the queens of clubs and spades, the jacks of clubs, spades, hearts and "
          "diamonds (the six permanent trumps), then the ace, king and ten of clubs; the permanent trumps "
          "belong to the trump suit, not to their printed suit."),
    _rule("SJ-2", "Plain suits", "in non-trump suits A K (Q) T",
          "In the other suits the cards rank ace, king, (queen), ten, the queen existing only in the red suits."),
    _rule("SJ-3", "Card points", "card-points 3 3 2 2 2 2 11 4 (3) 10",
          "Card points: ace 11, ten 10, king 4, queen 3, jack 2 (120 in the pack)."),
    _rule("SJ-4", "The deal", "If three play, deal six cards each in batches of 3-(2)-3.",
          "Three players are dealt six cards each: three, then two to the skat, then three."),
    _rule("SJ-5", "The skat", "The (2) are dealt face down as a skat."),
    _rule("SJ-6", "The auction", "Each in turn may pass or make a higher bid than any that has gone before."),
    _rule("SJ-7", "Obliged to bid", "A player holding four or more trumps is obliged to bid (sic; but "
          "presumably only if no one has already done so)."),
    _rule("SJ-8", "Play", "The basic bid, ‘Play’, is to take at least 61 card- points in tricks after "
          "discarding any two cards and taking the skat in their place.",
          "Play, the lowest bid: the soloist takes the skat, discards two cards, and must take at "
          "least 61 card points."),
    _rule("SJ-9", "Strike", "This can be overcal ed by ‘Strike’ (Jeg stryger) – indicated by thumping "
          "the skat with one’s fist – which is to win without exchanging cards.",
          "Strike outbids Play: the same target, without exchanging cards with the skat."),
    _rule("SJ-10", "Cards out of play", "In either case, the two cards out of play eventual y count to "
          "the soloist as if he had won them in tricks.",
          "The skat (or, after a Play, the two discards) counts for the soloist."),
    _rule("SJ-11", "Slam", "‘Strike’ can be overcal ed by ‘Slam’ (Tout), an undertaking to win al six "
          "tricks without exchanging.",
          "Slam outbids Strike: the soloist must win all six tricks, without exchanging."),
    _rule("SJ-12", "The first lead", "Eldest leads to a simple game, the soloist to a Strike or Slam.",
          "The player left of the dealer leads to a Play; the soloist leads to a Strike or a Slam."),
    _rule("SJ-13", "Following suit", "Players must fol ow suit if possible, otherwise may play any card.",
          "Players must follow suit if they can (the permanent trumps count as trumps), otherwise "
          "they may play any card."),
    _rule("SJ-14", "Winning a trick", "The trick is taken by the highest card of the suit led, or by the "
          "highest trump if any are played,"),
    _rule("SJ-15", "The next lead", "and the winner of each trick leads to the next."),
    _rule("SJ-16", "Game points", "Each player starts with 65 game points."),
    _rule("SJ-17", "The soloist wins", "If the soloist wins, the opponents each deduct 5 from their "
          "game-points, or 10 if they failed to reach 31, or 15 if they lost every trick."),
    _rule("SJ-18", "The soloist loses", "If unsuccessful, the soloist deducts 5 for losing a simple game, "
          "10 for a strike or 15 for a slam."),
    _rule("SJ-19", "The loser", "The first to reach zero loses the game."),
    _rule("SJ-20", "Last game points", "In some circles, a player down to his last game-points cannot be "
          "brought to zero except by becoming the soloist and losing his bid.",
          "An optional rule (the option ‘last points’): a player down to the last game points is not "
          "brought to zero as an opponent, only by losing as the soloist."),
    _rule("SJ-21", "Without the red queens", "Variant Omit the red Queens, and deal five each with three "
          "to the skat.",
          "A variant: without the queens of hearts and diamonds (18 cards), five cards each and three to the skat."),
    _rule("SJ-22", "Its target", "The soloist must take at least 59, and wins double if the opponents "
          "fail to reach 29.",
          "Without the red queens the soloist needs 59 card points; the opponents deduct double "
          "(10) if they took under 29."),
    _rule("SJ-23", "Four players", "Four players Omit the red Queens and deal 2-(2)-2.",
          "Four players: without the red queens, two cards each, two to the skat, two each."),
    _rule("SJ-24", "Four players, no skat", "Alternatively, retain the red Queens and deal five each with "
          "no skat."),
    _rule("SJ-25", "Farvesjavs", "Farvesjavs (farve = ‘suit’) is the same, except that the suit of which "
          "A-K-T are trumps below the permanent Jacks and Queens is not necessarily",
          "Farvesjavs: the same game, but the suit whose ace, king, (queen) and ten are trumps below the "
          "six permanent trumps is not always clubs (the page is cut off here)."),
)

RULINGS = (
    Ruling("SJ-a", "Pack and order: which cards, and which suit does a permanent trump follow?",
           "20 cards, the ace, king, queen, jack and ten of each suit; trumps from the top: the queens of "
           "clubs and spades, the jacks of clubs, spades, hearts and diamonds, then the ace, king and ten "
           "of clubs; plain suits ace, king, (queen), ten; the permanent trumps belong to the trump suit "
           "when following (the queen of spades is a trump and does not follow spades).",
           rules=("SJ-1", "SJ-2", "SJ-3")),
    Ruling("SJ-b", "How does the auction run, and when must a player bid?",
           "Eldest (left of the dealer) speaks first, then each in turn clockwise; a bid must be higher "
           "(Play < Strike < Slam); a pass is final; the auction ends when all but the highest bidder "
           "have passed, or at once on a Slam. A player holding four or more trumps may not pass while "
           "nobody has bid (in Farvesjavs: four or more in the suit that would give the most).",
           rules=("SJ-6", "SJ-7")),
    Ruling("SJ-c", "Everyone passes (the page is silent).",
           "The cards are thrown in and the same dealer deals again; the new shuffle is fixed by the "
           "match seed and the deal number, and the throw-in is listed in the score table with no "
           "points.", rules=("SJ-6",)),
    Ruling("SJ-d", "Targets and the cards out of play.",
           "Play and Strike: at least 61 of 120 card points (59 of 114 without the red queens); "
           "Slam: every trick. The skat, or after a Play the discards, counts for the soloist. The "
           "soloist of a Play takes the skat, then discards as many cards as it held.",
           rules=("SJ-8", "SJ-9", "SJ-10", "SJ-11")),
    Ruling("SJ-e", "Who leads?", "Eldest leads to a Play, the soloist to a Strike or a Slam; the winner "
           "of each trick leads to the next.", rules=("SJ-12", "SJ-15")),
    Ruling("SJ-f", "Scoring and the end of the match.",
           "Everyone starts with 65. The soloist wins: each opponent deducts 5, 10 if the opponents took "
           "under 31 card points together (29 without the red queens), 15 if they took no trick. The "
           "soloist loses: the soloist deducts 5 (Play), 10 (Strike) or 15 (Slam). A player at zero or "
           "below loses; if a deal brings several there, the lowest loses (equal lowest share the "
           "loss). Last game points (option, a documented guess): as an opponent a player never falls "
           "below the threshold, so only a lost game as the soloist brings them to zero.",
           option="last_points", rules=("SJ-16", "SJ-17", "SJ-18", "SJ-19", "SJ-20")),
    Ruling("SJ-g", "The variant without the red queens.",
           "18 cards; three players get five each in batches 3-(3)-2 (the page gives only the counts); "
           "target 59; the opponents deduct double (10) if they took under 29.",
           option="red_queens", rules=("SJ-21", "SJ-22")),
    Ruling("SJ-h", "Four players.",
           "One soloist against three. Either the red queens are left out and the deal is 2-(2)-2 "
           "(target 59 and 29, as in the variant without them), or they are kept and five each are "
           "dealt in batches of 3 and 2 with no skat (target 61 and 31; a Play then has nothing to "
           "exchange).", option="four_player_deal", rules=("SJ-23", "SJ-24")),
    Ruling("SJ-i", "Farvesjavs: how is the trump suit named? (the page is cut off)",
           "When the auction ends the soloist names any suit (a move of its own), before taking the "
           "skat; its ace, king, (queen) and ten are trumps below the six permanent ones, and clubs "
           "become a plain suit: ace, king, ten.", option="farvesjavs", rules=("SJ-25", "SJ-7")),
    Ruling("SJ-j", "The first dealer, and a match that never ends (with last game points everyone may "
           "become safe as an opponent).",
           "The last seat deals first, so P1 is eldest; the deal passes to the left after each played "
           "deal. A match stops after the number of deals the option “max deals” sets (throw-ins "
           "counted): the fewest game points then lose.", option="max_deals", rules=("SJ-4", "SJ-19")),
)

CATALOGUE = Catalogue(RULES, RULINGS)
R = CATALOGUE.rules
RULING = CATALOGUE.rulings

#: The bids, lowest first (SJ-8, SJ-9, SJ-11), with their names and the rule of each.
BIDS = ("play", "strike", "slam")
BID_TEXTS = {"play": Named("bid-play"), "strike": Named("bid-strike"), "slam": Named("bid-slam")}
BID_NAMES.update(BID_TEXTS)
BID_RULES = {"play": "SJ-8", "strike": "SJ-9", "slam": "SJ-11"}
#: What the soloist deducts for losing each bid (SJ-18).
LOSS = {"play": 5, "strike": 10, "slam": 15}
#: The six permanent trumps, highest first (SJ-1).
PERMANENT = parse_cards("QC QS JC JS JH JD")
RED_QUEENS = parse_cards("QH QD")
#: Card points (SJ-3).
CARD_POINTS = {Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2}
#: The order within a suit below the permanent trumps, lowest first: 10, (Q), K, A (SJ-1, SJ-2).
PLAIN_ORDER = (Rank.TEN, Rank.QUEEN, Rank.KING, Rank.ACE)
TRUMPS = {suit: Trumps(suit, permanent=PERMANENT, order=PLAIN_ORDER) for suit in SUITS}
START_POINTS = 65
#: The most deals the ``max_deals`` option allows (ruling SJ-j).
MAX_DEALS = 1000
PASS = "pass"
#: The trumps that oblige a player to bid while nobody has (SJ-7, ruling SJ-b).
OBLIGED_TRUMPS = 4
#: The ruling that reads each way of dealing: who deals (SJ-j), without the red queens (SJ-g),
#: four players (SJ-h).
DEAL_RULINGS = {"SJ-4": "SJ-j", "SJ-21": "SJ-g", "SJ-23": "SJ-h", "SJ-24": "SJ-h"}


def card_points(cards: Sequence[Card]) -> int:
    """The card points of ``cards`` (SJ-3).

    >>> card_points(parse_cards("AC 10H KD QH JS"))
    30
    """
    return sum(map(_POINTS.__getitem__, cards))


#: Each card's points (read per card, with no loop in Python).
_POINTS = {Card(rank, suit): points for rank, points in CARD_POINTS.items() for suit in SUITS}


# --------------------------------------------------------------------------- options

@dataclass(frozen=True, slots=True)
class Options:
    """Rule options of Sjavs: each settles a ruling of RULINGS.md (section 5)."""

    red_queens: bool = option(True, "Three players: keep the queens of hearts and diamonds (20 cards, 6 each, "
                              "a 2-card skat, target 61); without them 18 cards, 5 each, a 3-card skat, "
                              "target 59. Four players: see the four-player deal.", ruling="SJ-g")
    four_player_deal: str = option("2-(2)-2", "Four players: without the red queens, 4 each and a 2-card "
                                   "skat, or all 20 cards, 5 each and no skat.", ruling="SJ-h",
                                   label=N_("four-player deal"),
                                   choices={"2-(2)-2": N_("without the red queens: 4 each, a 2-card skat"),
                                            "no-skat": N_("all 20 cards: 5 each, no skat")})
    farvesjavs: bool = option(False, "Farvesjavs: the soloist names the suit whose ace, king, (queen) and "
                              "ten are trumps below the six permanent ones (in Klørsjavs, always clubs).",
                              ruling="SJ-i")
    last_points: int = option(0, "Last game points: an opponent never falls below this many game "
                              "points (0 turns it off, as in the page's main rule).", ruling="SJ-f",
                              choices={0: N_("off: the page's main rule"), 5: N_("5"), 10: N_("10")})
    max_deals: int = option(200, "A match stops after this many deals (throw-ins counted; {low} to {high:,}); "
                            "the fewest game points then lose.", ruling="SJ-j", low=1, high=MAX_DEALS)


# --------------------------------------------------------------------------- the pack and the deal

class Layout(NamedTuple):
    """How a player count and the options deal: the pack, the batches each player gets (the
    skat is dealt after the first batch), the skat's size, the target and the 'double' line."""

    pack: tuple[Card, ...]
    batches: tuple[int, ...]
    skat: int
    target: int
    double_under: int
    rule_id: str

    @property
    def hand_size(self) -> int:
        return sum(self.batches)

    @property
    def total(self) -> int:
        return card_points(self.pack)


FULL_PACK = tuple(Card(rank, suit) for suit in SUITS for rank in (Rank.TEN, Rank.JACK, Rank.QUEEN,
                                                                   Rank.KING, Rank.ACE))
SHORT_PACK = tuple(c for c in FULL_PACK if c not in RED_QUEENS)


def layout(players: int, options: Options) -> Layout:
    """The deal for ``players`` under ``options`` (SJ-4, SJ-21, SJ-23, SJ-24; rulings SJ-g, SJ-h).

    >>> layout(3, Options())
    Layout(pack=..., batches=(3, 3), skat=2, target=61, double_under=31, rule_id='SJ-4')
    >>> layout(4, Options(four_player_deal="no-skat")).hand_size
    5
    """
    if players == 4:
        return _LAYOUTS["SJ-24" if options.four_player_deal == "no-skat" else "SJ-23"]
    return _LAYOUTS["SJ-4" if options.red_queens else "SJ-21"]


#: The four ways of dealing, by the rule that states each (one object each: a state reads its own often).
_LAYOUTS = {plan.rule_id: plan for plan in (
    Layout(FULL_PACK, (3, 2), 0, 61, 31, "SJ-24"), Layout(SHORT_PACK, (2, 2), 2, 59, 29, "SJ-23"),
    Layout(FULL_PACK, (3, 3), 2, 61, 31, "SJ-4"), Layout(SHORT_PACK, (3, 2), 3, 59, 29, "SJ-21"))}


def deal(players: int, options: Options, seed: int, eldest: int) -> tuple[Hands, tuple[Card, ...]]:
    """The hands and the skat of one deal: the pack shuffled by ``seed``, dealt in batches from
    eldest, the skat after the first batch (SJ-4, SJ-5)."""
    plan = layout(players, options)
    deck = shuffled(plan.pack, seed)[::-1]  # dealt from the top: the shuffled order's end
    first, second = plan.batches
    skat = players * first  # where the skat lies, then the second batch
    rest = skat + plan.skat
    hands: list[tuple[Card, ...]] = [()] * players
    for k in range(players):  # the k-th player from eldest
        hands[(eldest + k) % players] = by_suit(deck[k * first:(k + 1) * first] +
                                                deck[rest + k * second:rest + (k + 1) * second])
    return tuple(hands), by_suit(deck[skat:rest])


def best_trump_count(hand: Sequence[Card], farvesjavs: bool) -> tuple[int, Suit]:
    """The trumps a bidder holds (and in which suit): clubs, or in Farvesjavs the suit that would
    give the most (ruling SJ-b).

    >>> best_trump_count(parse_cards("JD AH KH 10H AS KS"), True)
    (4, <Suit.HEARTS: 'H'>)
    """
    if not farvesjavs:
        return TRUMPS[Suit.CLUBS].count(hand), Suit.CLUBS
    return max((TRUMPS[suit].count(hand), suit) for suit in SUITS)


# --------------------------------------------------------------------------- scoring

# The auction's moves and events and the first lead's event recur: each is one shared object (events are
# immutable), so a history holds it once.

#: ``_NEW_MOVE(fields)``: a :class:`TrickMove` from a tuple of its six fields, made in C.
_NEW_MOVE = partial(tuple.__new__, TrickMove)
#: Per seat, the auction's candidate moves, the pass then the bids: one shared move each (a
#: history keeps the move played).
_AUCTION_MOVES = tuple((TrickMove(p, PASS), *(TrickMove(p, "bid", bid=bid) for bid in BIDS)) for p in range(4))


@lru_cache(maxsize=256)
def _auction_event(kind: str, p: int, bid: str | None) -> Event:
    """``p`` passes (``kind`` "pass"), bids ``bid`` ("bid"), or is the soloist playing ``bid``
    ("auction").

    >>> str(_auction_event("pass", 0, None)), str(_auction_event("auction", 2, "play"))
    ('P1 passes (rule SJ-6)', 'P3 is the soloist and plays a Play (rule SJ-8)')
    """
    if kind == "pass":
        return Event(kind, p, M("{who} passes", who=f"P{p + 1}"), (), R["SJ-6"])
    if kind == "bid":
        return Event(kind, p, M("{who} bids {bid_name}", who=f"P{p + 1}", bid_name=BID_TEXTS[bid]), (),
                     R[BID_RULES[bid]])
    return Event(kind, p, M("P{soloist} is the soloist and plays a {bid_name}", soloist=p + 1,
                            bid_name=BID_TEXTS[bid]), (), R[BID_RULES[bid]])


@lru_cache(maxsize=64)
def _lead_event(leader: int, eldest: bool) -> Event:
    """``leader`` (``eldest``, else the soloist) leads the deal's first trick."""
    whose = M("eldest") if eldest else M("the soloist")
    return Event("lead", leader, M("P{leader} ({whose}) leads", leader=leader + 1, whose=whose), (), R["SJ-12"])


def _in_hand_order(move: Any) -> Any:
    """A discard with its cards in hand order (as legal moves list them): the order they are
    named in does not matter."""
    if isinstance(move, TrickMove) and move.action == "discard" and isinstance(move.cards, tuple) \
            and all(isinstance(c, Card) for c in move.cards):
        return move._replace(cards=by_suit(move.cards))
    return move


@lru_cache(maxsize=64)
def _seats(seats: tuple[int, ...]) -> Listed:
    """``P2 and P3``: ``seats`` named together, one shared message per tuple of seats."""
    return joined(f"P{s + 1}" for s in seats)


def score_deal(*, soloist: int, contract: str, won: Won, out_of_play: tuple[Card, ...], exchanged: bool,
               match: Match, plan: Layout, options: Options) -> DealScore:
    """The deal's score, line by line: card points counted, the target, the deductions
    (SJ-10, SJ-17, SJ-18, SJ-20, SJ-22; ruling SJ-f). Points are negative: game points lost."""
    players = match.players
    who = f"P{soloist + 1}"
    opponents = (*range(soloist), *range(soloist + 1, players))  # every seat but the soloist's
    counts = tricks_won(won)
    trick_points = [*map(card_points, map(cards_won, won))]  # C loops: scoring runs on every deal
    aside = card_points(out_of_play)
    mine = trick_points[soloist] + aside
    theirs = sum(trick_points) - trick_points[soloist]
    their_tricks = sum(counts) - counts[soloist]
    counted = (_COUNTED_DISCARDS if exchanged else _COUNTED_SKAT) if out_of_play else _COUNTED
    lines = [score_line((soloist, 0, (counted, who, contract, counts[soloist], sum(counts), trick_points[soloist],
                                      out_of_play, aside, mine))),
             score_line((soloist, 0, (_OPPONENTS, opponents, their_tricks, theirs)))]
    if contract == "slam":
        won_it = counts[soloist] == sum(counts)
        lines.append(score_line((soloist, 0, (_SLAM, who, counts[soloist], sum(counts), won_it))))
    else:
        won_it = mine >= plan.target
        lines.append(score_line((soloist, 0, (_TARGETS["SJ-22" if plan.target != 61 else BID_RULES[contract]],
                                              who, mine, plan.target))))
    points = [0] * players
    if not won_it:
        loss = LOSS[contract]
        lines.append(score_line((soloist, -loss, (_SOLOIST_LOSES, who, loss, contract))))
        points[soloist] = -loss
    else:
        if their_tricks == 0:
            loss, why = 15, (_NO_TRICK_TAKEN,)
        elif theirs < plan.double_under:
            loss, why = 10, (_UNDER if plan.double_under != 31 else _UNDER_31, theirs, plan.double_under)
        else:
            loss, why = 5, (_AT_LEAST, theirs, plan.double_under)
        deducts = _DEDUCTS[SCORE_REASONS[why[0]].rule_id]  # the rule the deduction rests on
        for seat in opponents:
            have = match.scores[seat]
            floor = options.last_points
            if floor and have - loss < floor:
                kept = max(0, have - floor)
                lines.append(score_line((seat, -kept, (_LAST_POINTS, seat + 1, kept, loss, floor))))
                points[seat] = -kept
            else:
                lines.append(score_line((seat, -loss, (deducts, seat + 1, loss, who, contract, why))))
                points[seat] = -loss
    return deal_score(match.deal, match.dealer, tuple(points), tuple(lines))


def _counted(key: str, msgids: tuple[str, str], rule_id: str, ruling_id: str | None) -> str:
    """Why the soloist's card points are what they are (the discards or skat counted for them, if any)."""
    return score_reason(key, Why(True, rule_id, "", ruling_id, words=lambda who, bid, n, total, points, cards, aside,
                                 mine: _n(*msgids, n, who=who, name=BID_TEXTS[bid], total=total, points=points,
                                          cards=cards_text(cards), aside=aside, mine=mine)))


# Why a deal scores what it scores (:func:`score_deal`): the words made only when read.
# (one sentence each, its count of tricks through the plural forms: "1 pli sur 6")
_COUNTED = _counted("SJ counted", Nn_("{who} ({name}): {n} of {total} tricks, {points} card points",
                                      "{who} ({name}): {n} of {total} tricks, {points} card points"), "SJ-3", None)
_COUNTED_DISCARDS = _counted("SJ discards", Nn_(
    "{who} ({name}): {n} of {total} tricks, {points} card points, plus {aside} in the discards ({cards}), making "
    "{mine} in all", "{who} ({name}): {n} of {total} tricks, {points} card points, plus {aside} in the discards "
    "({cards}), making {mine} in all"), "SJ-10", "SJ-d")
_COUNTED_SKAT = _counted("SJ skat", Nn_(
    "{who} ({name}): {n} of {total} tricks, {points} card points, plus {aside} in the skat ({cards}), making {mine} "
    "in all", "{who} ({name}): {n} of {total} tricks, {points} card points, plus {aside} in the skat ({cards}), "
    "making {mine} in all"), "SJ-10", "SJ-d")
_OPPONENTS = score_reason("SJ opponents", Why(
    True, "SJ-3", N_("the opponents ({seats}): {n_tricks}, {theirs} card points"),
    shows={"seats": _seats, "n_tricks": n_tricks}))
_SLAM = score_reason("SJ slam", Why(
    True, "SJ-11", N_("In a Slam {who} must win every trick, and won {counts} of {sum}: {x}"),
    shows={"x": lambda won_it: M("won") if won_it else M("lost")}))


def _target_words(who: str, mine: int, target: int) -> dict[str, Any]:
    verdict = M("won") if mine >= target else M("lost, {short} short", short=target - mine)
    return dict(who=who, mine=mine, target=target, verdict=verdict)


_TARGETS = {rule_id: score_reason(f"SJ target {rule_id}", Why(
    True, rule_id, N_("{who} took {mine} against a target of {target}: {verdict}"), ruling_id, make=_target_words))
    for rule_id, ruling_id in (("SJ-8", "SJ-d"), ("SJ-9", "SJ-d"), ("SJ-22", "SJ-g"))}
_SOLOIST_LOSES = score_reason("SJ soloist loses", Why(
    True, "SJ-18", N_("{who} deducts {loss} for losing a {name}"), "SJ-f", shows={"name": BID_TEXTS.__getitem__}))
_LAST_POINTS = score_reason("SJ last points", Why(
    True, "SJ-20", N_("P{seat} deducts {kept}, not {loss}: down to the last game points ({floor}), an opponent is "
                      "not brought lower"), "SJ-f"))
_DEALS_AGAIN = score_reason("SJ deals again", Why(
    True, "SJ-6", N_("everyone passed: the cards are thrown in and P{dealer} deals again"), "SJ-c"))
_THROWN_IN = score_reason("SJ thrown in", Why(True, "SJ-6", N_("{text} (ruling SJ-c)"), shows={"text": step_words}))
#: Why the opponents deduct what they deduct, by the rule that says so (a step given to the line that says it).
_NO_TRICK_TAKEN = score_reason("SJ no trick", Why(True, "SJ-17", N_("the opponents lost every trick")))
_UNDER_31 = score_reason("SJ under 31", Why(True, "SJ-17", N_("the opponents took {theirs}, under {under}")))
_UNDER = score_reason("SJ under", Why(True, "SJ-22", N_("the opponents took {theirs}, under {under}")))
_AT_LEAST = score_reason("SJ at least", Why(True, "SJ-17", N_("the opponents took {theirs}, at least {under}")))
_DEDUCTS = {rule_id: score_reason(f"SJ deducts {rule_id}", Why(
    True, rule_id, N_("P{seat} deducts {loss}: {who} won the {name}; {why}"), ruling_id,
    shows={"name": BID_TEXTS.__getitem__, "why": step_words}))
    for rule_id, ruling_id in (("SJ-17", "SJ-f"), ("SJ-22", "SJ-g"))}


def match_result(scores: tuple[int, ...], capped: int | None = None) -> Result:
    """The player at zero or below loses (SJ-19); several: the lowest; equal lowest share the
    loss (ruling SJ-f). ``capped``: the match stopped after that many deals (ruling SJ-j)."""
    order = tuple(sorted(range(len(scores)), key=lambda seat: (-scores[seat], seat)))
    low = min(scores)
    losers = tuple(seat for seat in range(len(scores)) if scores[seat] == low)
    table = seat_points(scores)
    if len(losers) == 1:
        loss = (M("P{loser} has the fewest game points ({low}) and loses", loser=losers[0] + 1, low=low)
                if capped is not None else M("P{loser} reaches zero ({low}) and loses", loser=losers[0] + 1, low=low))
    else:
        loss = (M("{seats} have the fewest game points together ({low}) and share the loss", seats=_seats(losers),
                  low=low) if capped is not None
                else M("{seats} reach zero together ({low}) and share the loss", seats=_seats(losers), low=low))
    reason = M("{loss}; game points: {table}", loss=loss, table=table)
    if capped is not None:
        reason = M("the match stops after {deals} (ruling SJ-j): {reason}",
                   deals=_n("{n} deal", "{n} deals", capped), reason=reason)
    if len(losers) == 1:
        return Result(order=order, loser=losers[0], scores=scores, reason=reason, reason_id="points")
    return Result(order=order, scores=scores, draw=True, reason=reason, reason_id="tie")


# --------------------------------------------------------------------------- state

PHASES = ("bid", "trump", "discard", "play", "over")
#: The rule a trick is taken by (SJ-14).
_TAKES = R["SJ-14"]


@dataclass(frozen=True, slots=True)
class SjavsState(MatchState):
    """A Sjavs position within a match. Immutable: :meth:`apply` returns a new one.

    ``phase`` is ``'bid'`` (the auction), ``'trump'`` (Farvesjavs: the soloist names trumps),
    ``'discard'`` (a Play's soloist lays cards aside), ``'play'`` or ``'over'``. ``skat`` holds
    the cards out of play: the skat as dealt, empty while a Play's soloist holds it, then the
    discards. ``bids`` lists ``(seat, 'pass' | bid)`` in order; ``soloist`` and ``contract``
    are the highest bid so far. ``turn`` is whose turn it is outside the trick play. ``tricks``
    lists the tricks played this deal, in order.
    """

    options: Options
    players: int
    match: Match
    hands: Hands
    skat: tuple[Card, ...]
    phase: str
    turn: int
    bids: tuple[tuple[int, str], ...] = ()
    soloist: int | None = None
    contract: str | None = None
    trumps: Trumps | None = None
    trick: tuple[Play, ...] = ()
    leader: int = 0
    won: Won = ()
    result: Result | None = None
    tricks: tuple[TrickRecord, ...] = ()
    _legal: list | None = field(default=None, init=False, compare=False, repr=False)

    game_id = "sjavs"
    card_play = CardPlay(first_lead="SJ-12", lead="SJ-15", follow="SJ-13", first_leader=M("leads the first trick"),
                         who_leads="SJ-e", lead_ruling="SJ-e")

    # -- reading
    @property
    def current_player(self) -> int | None:
        if self.result is not None:
            return None
        if self.phase == "play":
            return (self.leader + len(self.trick)) % self.players
        return self.turn

    @property
    def layout(self) -> Layout:
        return layout(self.players, self.options)

    @property
    def eldest(self) -> int:
        """The player left of the dealer: first to bid, and leads to a Play (SJ-12)."""
        return self.match.first_player

    @property
    def passed(self) -> frozenset[int]:
        return _passed(self.bids)

    @property
    def exchanged(self) -> bool:
        """Whether the cards out of play are a Play's discards (not the skat as dealt)."""
        return self.contract == "play" and self.layout.skat > 0 and self.phase in ("play", "over")

    def trumps_for(self, suit: Suit) -> Trumps:
        """The trump order if ``suit`` were trumps (clubs in Klørsjavs), for naming trumps."""
        return TRUMPS[suit]

    def all_cards(self) -> list[Card]:
        """Every card of the current deal, wherever it lies (for checking nothing is lost)."""
        cards = [play.card for play in self.trick] + list(self.skat)
        for seat in range(self.players):
            cards += self.hands[seat]
            cards += cards_won(self.won[seat]) if self.won else ()
        return cards

    def target_text(self) -> Text:
        """What the soloist must do, e.g. ``'P2 plays a Strike and must take at least 61 card points'``."""
        if self.contract is None or self.phase == "bid":
            return ""
        soloist, bid_name = self.soloist + 1, BID_TEXTS[self.contract]
        if self.contract == "slam":
            return M("P{soloist} plays a {bid_name} and must win every trick", soloist=soloist, bid_name=bid_name)
        return M("P{soloist} plays a {bid_name} and must take at least {target} card points", soloist=soloist,
                 bid_name=bid_name, target=self.layout.target)

    def view(self, player: int | None, reveal_hands: bool = False) -> AuctionView:
        """What ``player`` may know (``None``: a spectator): their own hand, the bids, the trick and
        the last trick, won tricks' counts and card points; the cards out of play only to the
        soloist who discarded them, or when the match is over. Teaching mode (``reveal_hands``)
        shows every hand, never the skat: it is dealt face down (SJ-5), cards laid aside."""
        hands = tuple(h if (reveal_hands or seat == player) else None for seat, h in enumerate(self.hands))
        sees_skat = self.is_over or (self.exchanged and player == self.soloist)
        won = self.won or ((),) * self.players
        return AuctionView(
            game=self.game_id, players=self.players, me=player, hands=hands,
            hand_counts=tuple(map(len, self.hands)), trick=self.trick, leader=self.leader,
            trumps=self.trumps, tricks_won=tricks_won(won), last_trick=self.last_trick,
            scores=self.scores, deal_scores=self.deal_scores, deal=self.match.deal, deals=None,
            dealer=self.match.dealer, current=self.current_player, phase=self.phase, result=self.result,
            note=self._note(), bids=self.bids, soloist=self.soloist, contract=self.contract,
            skat=self.skat if sees_skat else None, skat_count=len(self.skat), target=self.target_text(),
            card_points=tuple(card_points(cards_won(w)) for w in won), won=won, tricks=self.tricks,
            options=self.options)

    def _phase_note(self, p: int) -> Text:
        if self.phase == "bid":
            if self.contract is None:
                return M("P{p} bids or passes (nobody has bid yet)", p=p + 1)
            return M("P{p} bids higher than P{soloist}'s {bid_name} or passes",
                     p=p + 1, soloist=self.soloist + 1, bid_name=BID_TEXTS[self.contract])
        if self.phase == "trump":
            return M("P{p} names the trump suit", p=p + 1)
        return M("P{p} took the skat and discards {skat} cards", p=p + 1, skat=self.layout.skat)

    def _lead_note(self) -> Text:
        return M("{target_text}; trumps {name}", target_text=self.target_text(), name=self.trumps.text)

    # -- legal moves (the trick play's are the family's)
    def _phase_moves(self, p: int) -> Sequence[TrickMove]:
        """The candidates before the trick play (the check keeps the legal ones): the pass and
        the bids, the trump calls (Farvesjavs) or the discards."""
        if self.phase == "bid":
            return _AUCTION_MOVES[p]
        if self.phase == "trump":
            return [TrickMove(p, "trump", None, suit) for suit in SUITS]
        # TrickMove(p, "discard", cards=combo) for every combo, each made in C (a NamedTuple's __new__ runs in Python)
        return [*map(_NEW_MOVE, zip(repeat(p), repeat("discard"), repeat(None), repeat(None),
                                    combinations(self.hands[p], self.layout.skat), repeat(None)))]

    # -- explanations (any candidate move)
    def normalize(self, move: Any) -> Any:
        """The move written as :meth:`legal_moves` lists it (cards in hand order)."""
        return _in_hand_order(move)

    def explain(self, move: Any) -> Verdict:
        """Whether ``move`` is legal here, with the reasons and the rules they rest on."""
        return verdict(move, (self._check(_in_hand_order(move)),), CATALOGUE)

    def _check(self, move: Any) -> Step:
        """The one step that decides any candidate move."""
        problem = self._malformed(move, ("bid", PASS, "trump", "discard", "play"))
        if problem:
            return (Why.of(False, "SJ-6", N_("not a Sjavs move: {problem}; write e.g. 'P1 bid play', 'P1 pass', 'P1 "
                                             "trump hearts', 'P1 discard 10H KD' or 'P1 play AS'")), problem)
        if self.result is not None:
            return (Why.of(False, "SJ-19", N_("the match is over: {reason}")), self.result.text)
        return self._check_phase(move)

    def _check_phase(self, move: TrickMove) -> Step:
        """The step deciding a well-formed move while the match goes on, by phase."""
        if self.phase == "bid":
            return self._check_bid(move)
        if move.action == "trump":
            return self._check_trump(move)
        if self.phase == "trump":
            return (Why.of(False, "SJ-25",
                           N_("first P{soloist}, the soloist, names the trump suit"), "SJ-i"), self.soloist + 1)
        if self.phase == "discard":
            return self._check_discard(move)
        if move.action != "play":
            return (Why.of(False, "SJ-6",
                           N_("the auction is over: {target_text}; now cards are played"), "SJ-b"), self.target_text())
        return self._check_card(move)

    def _check_bid(self, move: TrickMove) -> Step:
        p = self.turn  # the auction's turn (current_player, read inline)
        player, action, card, suit, cards, bid = move  # the fields read once (the auction's candidates pass here)
        if action not in ("bid", PASS):
            return _AUCTION_FIRST, p + 1
        if player != p:
            return _SPEAKS_NEXT, p + 1, player
        if card is not None or suit is not None or cards:
            return (_NOT_A_BID,)
        if action == PASS:
            if bid is not None:
                return (_JUST_PASS,)
            if self.contract is not None:
                return _PASSES, p
            count, best = best_trump_count(self.hands[p], self.options.farvesjavs)
            if count >= OBLIGED_TRUMPS:  # nobody has bid and they hold four or more trumps (SJ-7, ruling SJ-b)
                return _MUST_BID, p, count, best if self.options.farvesjavs else None
            return _PASSES_FEW_TRUMPS, p, count
        if bid not in BIDS:
            return _NO_SUCH_BID, bid
        if self.contract is not None and BIDS.index(bid) <= BIDS.index(self.contract):
            return _NOT_HIGHER, self.soloist + 1, BID_TEXTS[self.contract]
        return _BIDS[bid], p, bid, self  # the words read the state's layout

    def _check_trump(self, move: TrickMove) -> Step:
        if not self.options.farvesjavs:
            return (Why.of(False, "SJ-1", N_("in Sjavs (Klørsjavs) clubs are always trumps and nobody names "
                                             "them; Farvesjavs is an option")),)
        if self.phase != "trump":
            trumps = M("not named yet") if self.trumps is None else self.trumps.text
            return (Why.of(False, "SJ-25",
                           N_("the soloist names trumps once, when the auction ends (trumps: {trumps})"), "SJ-i"),
             trumps)
        p, who = self.current_player, f"P{move.player + 1}"
        if move.player != p:
            return (Why.of(False, "SJ-25",
                           N_("P{p}, the soloist, names the trump suit, not {who}"), "SJ-i"), p + 1, who)
        if move.suit not in SUITS or move.card is not None or move.cards or move.bid is not None:
            return (Why.of(False, "SJ-25", N_("Farvesjavs has trumps: name one of the four suits"), "SJ-i"),)
        ranks = [c for c in self.layout.pack if c.suit is move.suit and c not in PERMANENT]
        ranks.sort(key=lambda c: -TRUMPS[move.suit].strength(c))
        return (Why.of(True, "SJ-25",
                       N_("{who} names {suit_name}: {ranks} are trumps below the six permanent trumps"), "SJ-i"),
         who, SUIT_TEXTS[move.suit], cards_text(ranks))

    def _check_discard(self, move: TrickMove) -> Step:
        p, k = self.turn, self.layout.skat  # the soloist's turn (current_player, read inline)
        player, action, card, suit, cards, bid = move  # the fields read once (every discard candidate passes here)
        if action != "discard":
            return _DISCARD_FIRST, p + 1, k
        if player != p:
            return _SOLOIST_DISCARDS, p + 1, player
        if card is not None or suit is not None or bid is not None or len(cards) != k:
            return _DISCARD_EXACTLY, p, k
        missing = [*filterfalse(self.hands[p].__contains__, cards)]
        if missing:
            return _NOT_HELD, p, missing
        if len(set(cards)) != k:
            return _NOT_DIFFERENT, p, k, cards
        return _DISCARDS, p, cards

    def _first_lead_text(self, who: str) -> Text:
        whose = M("eldest leads to a Play") if self.contract == "play" else \
            M("the soloist leads to a {bid_name}", bid_name=BID_TEXTS[self.contract])
        return M("{whose}: {who} may lead any card", whose=whose, who=who)

    def _follow_ruling(self, card: Card, legal: bool) -> str | None:
        """A permanent trump follows the trump suit (ruling SJ-a)."""
        return "SJ-a" if card in PERMANENT else None

    # -- applying
    def _apply(self, move: Any) -> tuple[SjavsState, tuple[Event, ...]]:
        """The next state and what happened (``move`` is legal: see :meth:`RulesState.apply`)."""
        if self.phase == "play":
            return self._play_card(move, _TAKES, card_points)
        if self.phase == "bid":
            return self._apply_bid(move)
        if self.phase == "trump":
            state, events = self.copy(trumps=TRUMPS[move.suit])._after_trumps()
            if not self._watched:
                return state, events
            named = Event("trump", move.player, M("P{player} names {suit_name} as trumps",
                                                  player=move.player + 1, suit_name=SUIT_TEXTS[move.suit]),
                          (), R["SJ-25"])
            return state, (named,) + events
        p = move.player  # the discard
        hand = tuple(c for c in self.hands[p] if c not in move.cards)
        state = self.copy(hands=self._hands_with(p, hand), skat=move.cards, phase="play", leader=self.eldest)
        if not self._watched:
            return state, ()
        aside = Private(move.cards, owner=p, public=n_cards(len(move.cards)), in_hand=False)
        text = M("P{p} discards {cards} face down; P{eldest} (eldest) leads", p=p + 1, cards=aside,
                 eldest=self.eldest + 1)
        return state, (Event("discard", p, text, (), R["SJ-8"]),)

    def _hands_with(self, seat: int, hand: tuple[Card, ...]) -> Hands:
        return self.hands[:seat] + (hand,) + self.hands[seat + 1:]

    def _apply_bid(self, move: TrickMove) -> tuple[SjavsState, tuple[Event, ...]]:
        p = move.player
        bids = self.bids + ((p, move.bid or PASS),)
        watched = self._watched  # events only when someone reads them (RulesState)
        if move.action == PASS:
            event = _auction_event("pass", p, None) if watched else None
            soloist, contract = self.soloist, self.contract
        else:
            event = _auction_event("bid", p, move.bid) if watched else None
            soloist, contract = p, move.bid
        passed, players = _passed(bids), self.players
        if contract is None and len(passed) == players:
            return self.copy(bids=bids)._throw_in(event)
        if contract == "slam" or (contract is not None and len(passed) == players - 1):
            state, events = self.copy(bids=bids, soloist=soloist, contract=contract)._after_auction()
            return state, (event, _auction_event("auction", soloist, contract)) + events if event else ()
        turn = next(filterfalse(passed.__contains__, _SEATS_AFTER[players][p]))  # the next not to have passed
        return self.copy(bids=bids, soloist=soloist, contract=contract, turn=turn), (event,) if event else ()

    def _after_auction(self) -> tuple[SjavsState, tuple[Event, ...]]:
        """The soloist names trumps (Farvesjavs), else the exchange or the play begins."""
        if self.options.farvesjavs:
            return self.copy(phase="trump", turn=self.soloist), ()
        return self._after_trumps()

    def _after_trumps(self) -> tuple[SjavsState, tuple[Event, ...]]:
        """A Play with a skat: the soloist takes it; otherwise the first lead (SJ-8, SJ-12)."""
        s = self.soloist
        if self.contract == "play" and self.skat:
            hand = by_suit(self.hands[s] + self.skat)
            taken = Private(self.skat, owner=s, public=n_cards(len(self.skat)))
            state = self.copy(hands=self._hands_with(s, hand), skat=(), phase="discard", turn=s)
            if not self._watched:  # events only when someone reads them (RulesState)
                return state, ()
            text = M("P{s} takes the skat ({cards}) and will discard as many", s=s + 1, cards=taken)
            return state, (Event("skat", s, text, (), R["SJ-8"]),)
        eldest = self.contract == "play"
        leader = self.eldest if eldest else s
        state = self.copy(phase="play", leader=leader)
        return state, (_lead_event(leader, eldest),) if self._watched else ()

    def _throw_in(self, event: Event | None) -> tuple[SjavsState, tuple[Event, ...]]:
        """Everyone passed: the same dealer deals again (ruling SJ-c)."""
        m = self.match
        line = ScoreLine(self.eldest, 0, (_THROWN_IN, (_DEALS_AGAIN, m.dealer + 1)))
        match = m.scored(DealScore(m.deal, m.dealer, (0,) * self.players, (line,)))
        watched = self._watched  # events only when someone reads them (RulesState)
        events = [event, Event("throw-in", None, step_words(line.step[1]), (), R["SJ-6"], RULING["SJ-c"])] \
            if watched else []
        if match.deal + 1 >= self.options.max_deals:
            return self._finish(match, events, capped=True)
        state = deal_state(self.options, self.players, Match(m.seed, m.deal + 1, m.dealer, match.scores,
                                                             match.history), self)
        if watched:
            events.append(Event("deal", state.eldest, M("deal {deal}: P{dealer} deals again; P{eldest} bids first",
                                                        deal=state.match.deal + 1, dealer=m.dealer + 1,
                                                        eldest=state.eldest + 1), (), R["SJ-4"], RULING["SJ-c"]))
        return state, tuple(events)

    def _end_deal(self, events: list[Event]) -> tuple[SjavsState, tuple[Event, ...]]:
        """Score the deal line by line, then deal again or end the match (SJ-16 to SJ-20)."""
        score = score_deal(soloist=self.soloist, contract=self.contract, won=self.won, out_of_play=self.skat,
                           exchanged=self.exchanged, match=self.match, plan=self.layout, options=self.options)
        match = self.match.scored(score)
        watched = self._watched  # events only when someone reads them (RulesState)
        if watched:
            events += [line.event(CATALOGUE) for line in score.lines]
            events.append(Event("deal-scored", None, M("deal {deal}: {lost}; game points: {totals}",
                                                       deal=match.deal + 1, lost=seat_points(score.points, True),
                                                       totals=seat_points(match.scores)),
                                (), R["SJ-16"]))
        if min(match.scores) <= 0:
            return self._finish(match, events)
        if match.deal + 1 >= self.options.max_deals:
            return self._finish(match, events, capped=True)
        state = deal_state(self.options, self.players, match.next_deal(), self)
        if watched:
            events.append(Event("deal", state.eldest, M("deal {deal}: P{dealer} deals; P{eldest} bids first",
                                                        deal=state.match.deal + 1, dealer=state.match.dealer + 1,
                                                        eldest=state.eldest + 1), (), R[state.layout.rule_id],
                                RULING[DEAL_RULINGS[state.layout.rule_id]]))
        return state, tuple(events)

    def _finish(self, match: Match, events: list[Event], capped: bool = False) -> tuple[SjavsState, tuple[Event, ...]]:
        result = match_result(match.scores, match.deal + 1 if capped else None)
        if self._watched:
            events.append(Event("end", result.loser, result.text, (), R["SJ-19"],
                                RULING["SJ-j" if capped else "SJ-f"]))
        return self.copy(match=match, phase="over", result=result), tuple(events)




def _bid_words(who: str, bid: str, plan: Layout) -> Text:
    """What a bid undertakes, for ``plan``'s target and skat."""
    if bid == "play":
        what = (M("to take at least {target} card points after taking the skat and discarding {skat}",
                  target=plan.target, skat=plan.skat) if plan.skat else
                M("to take at least {target} card points (there is no skat to exchange)", target=plan.target))
    elif bid == "strike":
        what = M("to take at least {target} card points without exchanging", target=plan.target)
    else:
        what = M("to win all {n} tricks without exchanging", n=plan.hand_size)
    return M("{who} bids {bid_name}: {what}", who=who, bid_name=BID_TEXTS[bid], what=what)


# Why a bid, a pass or a discard is allowed or not (:meth:`SjavsState._check_bid`, ``_check_discard``).
_AUCTION_FIRST = Why(False, "SJ-6", N_("the auction comes first: P{p} bids or passes"), "SJ-b")
_SPEAKS_NEXT = Why(False, "SJ-6", N_("P{p} speaks next in the auction, not {who}"), "SJ-b", shows=SHOWS_WHO)
_NOT_A_BID = Why(False, "SJ-6", N_("a bid is 'P1 bid play', 'P1 bid strike', 'P1 bid slam' or 'P1 pass'"), "SJ-b")
_JUST_PASS = Why(False, "SJ-6", N_("a pass is just 'P1 pass'"), "SJ-b")
_MUST_BID = Why(False, "SJ-7", N_("{who} holds {count} trumps{where} and nobody has bid: {who} must bid"), "SJ-b",
                make=lambda who, count, suit: dict(who=seat_name(who), count=count, where="" if suit is None else M(
                    " (if {suit_name} were trumps)", suit_name=SUIT_TEXTS[suit])))
_PASSES_FEW_TRUMPS = Why(True, "SJ-6", "", "SJ-b", words=lambda who, count: _n(
    "{who} passes (a pass is final); {who} holds {n} trump, fewer than four, so need not bid",
    "{who} passes (a pass is final); {who} holds {n} trumps, fewer than four, so need not bid", count,
    who=seat_name(who)))
_PASSES = Why(True, "SJ-6", N_("{who} passes (a pass is final)"), "SJ-b", shows=SHOWS_WHO)
_NO_SUCH_BID = Why(False, "SJ-6", N_("{bid!r} is not a bid: Play, Strike or Slam"), "SJ-b")
_NOT_HIGHER = Why(False, "SJ-6", N_("a bid must be higher than any before: P{soloist} bid {bid_name}"), "SJ-b")
_BIDS = {bid: Why(True, BID_RULES[bid], "", "SJ-d",
                  words=lambda who, bid, state: _bid_words(seat_name(who), bid, state.layout)) for bid in BIDS}
_DISCARD_FIRST = Why(False, "SJ-8", N_("P{p} took the skat and first discards {k} cards"), "SJ-d")
_SOLOIST_DISCARDS = Why(False, "SJ-8", N_("P{p}, the soloist, discards, not {who}"), "SJ-d", shows=SHOWS_WHO)
_DISCARD_EXACTLY = Why(False, "SJ-8", N_("{who} discards exactly {k} cards (as many as the skat held)"), "SJ-d",
                       shows=SHOWS_WHO)
_NOT_HELD = Why(False, "SJ-8", N_("{who} does not hold {shown:nor}"), "SJ-d", shows={**SHOWS_WHO, "shown": cards_text})
_NOT_DIFFERENT = Why(False, "SJ-8", N_("{who} discards {k} different cards, not {shown}"), "SJ-d",
                     shows={**SHOWS_WHO, "shown": cards_text})
_DISCARDS = Why(True, "SJ-8", N_("{who} discards {cards}: any cards may be discarded, and they count for {who} at the "
                                 "end, like the skat"), "SJ-d", shows={**SHOWS_WHO, "cards": cards_text})


def deal_state(options: Options, players: int, match: Match, base: SjavsState | None = None) -> SjavsState:
    """A fresh deal of the match: shuffled by the deal's seed, eldest to bid (SJ-4, SJ-6).
    ``base``: a state of the match to copy (a working copy deals in place)."""
    eldest = match.first_player
    hands, skat = deal(players, options, match.shuffle_seed, eldest)
    trumps = None if options.farvesjavs else TRUMPS[Suit.CLUBS]
    if base is not None:
        return base.copy(match=match, hands=hands, skat=skat, phase="bid", turn=eldest, bids=(), soloist=None,
                         contract=None, trumps=trumps, trick=(), leader=eldest, won=((),) * players,
                         tricks=())
    return SjavsState(options, players, match, hands, skat, "bid", eldest, trumps=trumps,
                      leader=eldest, won=((),) * players)


# --------------------------------------------------------------------------- the game

_POSITION_KEYS = {"players", "hands", "skat", "bids", "contract", "soloist", "phase", "trump", "trick",
                  "leader", "won", "dealer", "deal", "scores", "seed"}


class Sjavs:
    """The rules object registered as ``"sjavs"``."""

    id = "sjavs"
    title = "Sjavs"
    source = SOURCE
    family = "tricks"
    catalogue = CATALOGUE
    options_type = Options
    min_players = 3
    max_players = 4

    def new_state(self, players: int, seed: int, options: Options) -> SjavsState:
        """The first deal of a match: the last seat deals, P1 bids first (ruling SJ-j)."""
        return deal_state(options, players, Match(seed, 0, players - 1, (START_POINTS,) * players))

    def setup_state(self, position: Mapping[str, Any], options: Options) -> SjavsState:
        """A position from a dict. Keys: ``hands`` (one card list per player), ``skat`` (the cards
        out of play), ``dealer``, ``deal``, ``scores`` (game points), ``seed`` (later deals);
        an auction: ``bids`` (words from eldest on, e.g. ``["pass", "play"]``); after it:
        ``contract`` and ``soloist``, ``phase`` (``'trump'``, ``'discard'`` or ``'play'``, the
        default), ``trump`` (Farvesjavs), ``trick`` (from ``leader``), ``won`` (per player).

        >>> s = Sjavs().setup_state({"hands": [["QC"], ["AH"], ["KH"]], "skat": ["AD", "KD"],
        ...                          "contract": "strike", "soloist": 2}, Options())
        >>> s.phase, s.current_player, s.trumps.name
        ('play', 2, 'clubs')
        """
        players = position_players(position, _POSITION_KEYS, "Sjavs")
        plan = layout(players, options)
        hands = position_hands(position, players)
        skat = by_suit(position_cards(position, "skat"))
        dealer = position_seat(position, "dealer", players - 1, players)
        deal_no = position_whole(position, "deal", 0)
        seed = position_seed(position)
        scores = position.get("scores", [START_POINTS] * players)
        if not isinstance(scores, list) or len(scores) != players or \
                any(isinstance(s, bool) or not isinstance(s, int) or s <= 0 for s in scores):
            raise OptionsError(M("position['scores'] lists {players} game points, each above zero", players=players))
        match = Match(seed, deal_no, dealer, tuple(scores))
        eldest = match.first_player
        _check_cards(plan, players, hands, skat)
        base = SjavsState(options, players, match, hands, skat, "bid", eldest,
                          trumps=None if options.farvesjavs else TRUMPS[Suit.CLUBS], leader=eldest,
                          won=((),) * players)
        if "contract" not in position:
            return _setup_auction(base, position)
        return _setup_contract(base, position)

    def parse_move(self, text: str) -> TrickMove:
        return parse_trick_move(text, ("bid", PASS, "trump", "discard", "play"), bids=BIDS)

    def pack(self, players: int, options: Options) -> tuple[Card, ...]:
        """The cards dealt (for :meth:`AuctionView.sample_world`)."""
        return layout(players, options).pack

    def world(self, view: AuctionView, hands: Hands, skat: tuple[Card, ...], seed: int) -> SjavsState | None:
        """The state whose public part is ``view``'s, with these hands and cards out of play, or
        ``None`` if a pass in the auction rules them out: a player who passed while nobody had bid
        held fewer than four trumps (SJ-7), so their hand then, the cards they still hold and the
        cards they have played since, must too (for :meth:`AuctionView.sample_world`; ``seed``
        shuffles the later deals)."""
        farve = view.options.farvesjavs
        for seat in _passed_unbid(view.bids):
            if best_trump_count(hands[seat] + played_by(view.tricks, view.trick, seat), farve)[0] >= OBLIGED_TRUMPS:
                return None
        match = Match(seed, view.deal, view.dealer, view.scores, view.deal_scores)
        turn = view.soloist if view.current is None or view.phase == "play" else view.current
        return SjavsState(view.options, view.players, match, hands, skat if view.skat is None else view.skat,
                          view.phase, turn if turn is not None else view.leader, bids=view.bids,
                          soloist=view.soloist, contract=view.contract, trumps=view.trumps, trick=view.trick,
                          leader=view.leader, won=view.won, result=view.result,
                          tricks=view.tricks)


#: Per player count and seat, the seats after it clockwise, itself last (who speaks next in the auction).
_SEATS_AFTER = {n: tuple(tuple((p + k) % n for k in range(1, n + 1)) for p in range(n)) for n in (3, 4)}


def _passed(bids: tuple[tuple[int, str], ...]) -> frozenset[int]:
    """The players who passed (a pass is final: SJ-6)."""
    return frozenset([seat for seat, bid in bids if bid == PASS])


def _passed_unbid(bids: Sequence[tuple[int, str]]) -> list[int]:
    """The players who passed while nobody had bid (SJ-7: they held fewer than four trumps)."""
    seats = []
    for seat, bid in bids:
        if bid != PASS:
            break
        seats.append(seat)
    return seats


def _setup_auction(base: SjavsState, position: Mapping[str, Any]) -> SjavsState:
    """An auction position: the deal as given, the ``bids`` replayed through the rules."""
    for key in ("soloist", "phase", "trump", "trick", "leader", "won"):
        if key in position:
            raise OptionsError(M("position[{key!r}] needs a 'contract' (the auction is over then)", key=key))
    _same_sizes(base.hands, base.layout, skat=len(base.skat))
    bids = position.get("bids", [])
    if not isinstance(bids, list) or not all(isinstance(b, str) for b in bids):
        raise OptionsError(M("position['bids'] lists the words said so far from eldest on, e.g. ['pass', 'play']"))
    state = base
    for word in bids:
        text = f"P{state.current_player + 1} {'pass' if word.lower() == PASS else 'bid ' + word}"
        try:
            state, _ = state.apply(Sjavs().parse_move(text))
        except ValueError as exc:
            raise OptionsError(M("position['bids']: {error}", error=exc)) from None
        if state.phase != "bid" or state.match != base.match:
            raise OptionsError(M("position['bids'] ends the auction: give 'contract' and 'soloist' instead"))
    return state


def _setup_contract(base: SjavsState, position: Mapping[str, Any]) -> SjavsState:
    """A position after the auction: the contract, soloist, trumps, and the trick play so far."""
    players, plan, options = base.players, base.layout, base.options
    contract = position["contract"]
    if contract not in BIDS:
        raise OptionsError(M("position['contract'] is one of {items}", items=', '.join(BIDS)))
    soloist = position_seat(position, "soloist", -1, players)
    phase = position.get("phase", "play")
    if phase not in ("trump", "discard", "play"):
        raise OptionsError(M("position['phase'] after the auction is 'trump', 'discard' or 'play'"))
    if phase == "trump" and not options.farvesjavs:
        raise OptionsError(M("only Farvesjavs has a 'trump' phase (option farvesjavs)"))
    if phase == "discard" and (contract != "play" or not plan.skat):
        raise OptionsError(M("only a Play with a skat has a 'discard' phase"))
    trumps = base.trumps
    if "trump" in position:
        text = position["trump"]
        if not isinstance(text, str):
            raise OptionsError(M("position['trump'] is a suit name, e.g. 'hearts'"))
        try:
            suit = parse_trump(text)
        except ValueError as exc:
            raise OptionsError(M("position['trump']: {error}", error=exc)) from None
        if suit is None or (not options.farvesjavs and suit is not Suit.CLUBS) or phase == "trump":
            raise OptionsError(M("position['trump']: clubs are trumps (with Farvesjavs, "
                                 "any suit before the 'trump' phase)"))
        trumps = TRUMPS[suit]
    elif options.farvesjavs and phase != "trump":
        raise OptionsError(M("a Farvesjavs position after the trump call needs 'trump'"))
    state = base.copy(soloist=soloist, contract=contract, phase=phase, turn=soloist, trumps=trumps)
    if phase != "play":
        for key in ("trick", "leader", "won"):
            if key in position:
                raise OptionsError(M("position[{key!r}] belongs to the 'play' phase", key=key))
        if phase == "discard":
            if base.skat:
                raise OptionsError(M("in the 'discard' phase the soloist holds the skat: 'skat' is empty"))
            sizes = [len(h) - (plan.skat if seat == soloist else 0) for seat, h in enumerate(base.hands)]
            if len(set(sizes)) != 1 or not sizes[0]:
                raise OptionsError(M("in the 'discard' phase the soloist holds {skat} cards more "
                                     "than each other player", skat=plan.skat))
        else:
            _same_sizes(base.hands, plan, skat=len(base.skat))
        return state
    if len(base.skat) != plan.skat:
        raise OptionsError(M("position['skat'] holds the {skat} cards out of play", skat=plan.skat))
    won = position_won(position, players)
    first = base.eldest if contract == "play" else soloist
    leader = position_seat(position, "leader", first, players)
    if not any(won) and leader != first:
        raise OptionsError(M("before any trick is won, P{first} leads (rule SJ-12)", first=first + 1))
    trick = position_trick(position, leader, players)
    check_even(base.hands, trick)
    cards = [c for w in won for c in cards_won(w)] + [play.card for play in trick]
    _no_repeats(cards + base.all_cards(), plan, players)
    return state.copy(trick=trick, leader=leader, won=won)


def _same_sizes(hands: Hands, plan: Layout, skat: int) -> None:
    if len({len(h) for h in hands}) != 1 or not hands[0]:
        raise OptionsError(M("hands must be even and not empty: each player holds as many cards as the others"))
    if skat != plan.skat:
        raise OptionsError(M("position['skat'] holds the {skat} cards of the skat", skat=plan.skat))


def _check_cards(plan: Layout, players: int, hands: Hands, skat: tuple[Card, ...]) -> None:
    _no_repeats([c for h in hands for c in h] + list(skat), plan, players)
    if any(len(h) > plan.hand_size + plan.skat for h in hands):
        raise OptionsError(M("a hand holds at most {hand_size} cards (plus a Play's skat)", hand_size=plan.hand_size))


def _no_repeats(cards: list[Card], plan: Layout, players: int) -> None:
    check_pack(cards, plan.pack, M("this Sjavs pack of {n} cards ({players} players; rules SJ-1, SJ-21, SJ-23)",
                                   n=len(plan.pack), players=players))


def endgame_scoring(state: SjavsState, player: int, cards: list[Card], index: dict[Card, int]) -> EndgameScoring:
    """The exact endgame solver's scoring (see :class:`~danish_nb.families.tricks.EndgameScoring`):
    the soloist against the others, the card points (SJ-3) the player's side takes by the end of
    the deal."""
    soloist = state.soloist
    side = frozenset({soloist}) if player == soloist else frozenset(range(state.players)) - {soloist}
    gain = [card_points((c,)) for c in cards]
    return EndgameScoring(side, gain, gain, 0, sum(1 << i for i, g in enumerate(gain) if g), False,
                          sum(card_points(trick) for seat in side for trick in state.won[seat]), 0, lambda acc: 0,
                          "card points")


def action_space(dealt: SjavsState, players: int) -> tuple[tuple[str, str, int], ...]:
    """The bridges' action space (see :attr:`~danish_nb.core.GameParts.actions`)."""
    return (("pass", "none", 0), ("bid", "bid", len(BIDS)), ("trump", "suit", 0),
            ("discard", "cards", dealt.view(0).skat_count), ("play", "card", 0))


#: What taking a card is worth to the rule-of-thumb player: its card points (SJ-3).
CARD_VALUES = {Card(rank, suit): points for suit in SUITS
               for rank, points in ((Rank.ACE, 11), (Rank.TEN, 10), (Rank.KING, 4), (Rank.QUEEN, 3), (Rank.JACK, 2))}

# nine deals in the sample: Plays and a Strike, opponents deducting 5, 10 and 15
GAME = register(Sjavs(), GameParts(
    players=4, iterations=200, margin=(0.5, 30), card_values=CARD_VALUES, endgame=endgame_scoring,
    actions=action_space, bids=BIDS, max_moves=lambda players, options: 50 * options.max_deals, sample=(3, 2),
    practice="danish_nb.games.sjavs_practice:PRACTICE"))

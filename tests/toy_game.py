"""Tiny Tricks, a toy sixth game in one module: the example of "Adding a game" (README.md).

It is made up, to show that a game needs nothing but its module: importing this module
registers it (``register(Rules(), GameParts(...))``), and from then on the contract suite, the
bridges, ``sim.simulate``, the computer players and the boards take it like the five real
games. The tests import it in a fixture that unregisters it again, or in a pytest subprocess
(``-p toy_game``): the registry is process-wide, and other tests must not see a sixth game.

Its source document is one made-up paragraph (:data:`SOURCE_TEXT`):

>>> import danish_nb as dn
>>> g = dn.setup(ID, {"hands": [["AH", "9S"], ["KH", "QS"], ["9H"]], "trick": ["10H"], "leader": 2})
>>> print(g.explain("P1 play 9S"))
illegal. You must follow hearts: you hold the ace of hearts (rule TT-2)
>>> print(g.explain("P1 play AH"))
legal. The ace of hearts follows hearts (rule TT-2)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from danish_nb.cards import Card, Rank, shuffled, standard_pack
from danish_nb.checks import verdict
from danish_nb.core import (
    GAMES,
    Catalogue,
    Event,
    GameParts,
    OptionsError,
    Reason,
    Result,
    Rule,
    Verdict,
    option,
    register,
)
from danish_nb.families.tricks import (
    CardPlay,
    DealScore,
    Hands,
    Match,
    MatchState,
    Play,
    TrickMove,
    TrickRecord,
    TrickView,
    Trumps,
    Won,
    by_suit,
    cards_won,
    parse_trick_move,
    position_hands,
    position_players,
    position_seat,
    position_trick,
    position_won,
    tricks_won,
)
from danish_nb.i18n import M, joined

ID = "tiny-tricks"
#: The source's file name says its language (``en``); the text itself lives here, not in the package.
SOURCE = "6-tiny-tricks.en.txt"
SOURCE_TEXT = ("Tiny Tricks is played with the twenty-four cards from nine to ace. Deal them all out. "
               "Follow suit if you can. The highest card of the suit led wins the trick and leads next. "
               "Whoever wins the most tricks wins.")


def _rule(rule_id: str, title: str, quote: str) -> Rule:
    return Rule(rule_id, quote, source=SOURCE, title=title)


CATALOGUE = Catalogue((
    _rule("TT-1", "The deal", "Tiny Tricks is played with the twenty-four cards from nine to ace. Deal them all out."),
    _rule("TT-2", "Following suit", "Follow suit if you can."),
    _rule("TT-3", "Winning a trick", "The highest card of the suit led wins the trick and leads next."),
    _rule("TT-4", "The winner", "Whoever wins the most tricks wins."),
))
R = CATALOGUE.rules
#: No trumps, ever: the highest card of the suit led wins (TT-3).
NO_TRUMPS = Trumps(None)
#: The pack: nine to ace of each suit (TT-1).
PACK = tuple(card for card in standard_pack() if card.rank >= Rank.NINE)


@dataclass(frozen=True, slots=True)
class Options:
    """One option, so that the contract suite has a schema to draw from."""

    deals: int = option(2, "Deals in a match; the tricks of all deals count.", low=1, high=3)


@dataclass(frozen=True, slots=True)
class TinyState(MatchState):
    """A Tiny Tricks position: the hands, the trick on the table from ``leader``, the tricks won."""

    options: Options
    players: int
    match: Match
    hands: Hands
    trumps: Trumps
    trick: tuple[Play, ...]
    leader: int
    won: Won
    last_trick: TrickRecord | None = None
    result: Result | None = None
    tricks: tuple[TrickRecord, ...] = ()
    _legal: list | None = field(default=None, init=False, compare=False, repr=False)

    game_id = ID
    card_play = CardPlay(first_lead="TT-3", lead="TT-3", follow="TT-2", first_leader=M("leads"), who_leads="")

    @property
    def current_player(self) -> int | None:
        return None if self.result is not None else (self.leader + len(self.trick)) % self.players

    @property
    def phase(self) -> str:
        return "over" if self.result is not None else "play"

    def all_cards(self) -> list[Card]:
        return [play.card for play in self.trick] + [c for hand in self.hands for c in hand] + \
            [c for tricks in self.won for c in cards_won(tricks)]

    def view(self, player: int | None, reveal_hands: bool = False) -> TrickView:
        hands = tuple(h if (reveal_hands or seat == player) else None for seat, h in enumerate(self.hands))
        return TrickView(
            game=ID, players=self.players, me=player, hands=hands, hand_counts=tuple(map(len, self.hands)),
            trick=self.trick, leader=self.leader, trumps=self.trumps, tricks_won=tricks_won(self.won),
            last_trick=self.last_trick, scores=self.scores, deal_scores=self.deal_scores, deal=self.match.deal,
            deals=self.options.deals, dealer=self.match.dealer, current=self.current_player, phase=self.phase,
            result=self.result, note=self._note(), won=self.won, tricks=self.tricks, options=self.options)

    def explain(self, move: Any) -> Verdict:
        problem = self._malformed(move, ("play",))
        if problem:
            return Verdict(move, False, (Reason(R["TT-2"], M("not a Tiny Tricks move: {problem}; write e.g. "
                                                             "'P1 play 9H'", problem=problem)),))
        if self.result is not None:
            return Verdict(move, False, (Reason(R["TT-4"], M("the match is over: {reason}", reason=self.result.text)),))
        return verdict(move, (self._check_card(move),), CATALOGUE)  # the family's card check, as a step

    def _apply(self, move: Any) -> tuple[TinyState, tuple[Event, ...]]:
        return self._play_card(move, R["TT-3"])

    def _end_deal(self, events: list[Event]) -> tuple[TinyState, tuple[Event, ...]]:
        """Each trick is a point (TT-4); deal again, or the most points win."""
        points = tricks_won(self.won)
        match = self.match.scored(DealScore(self.match.deal, self.match.dealer, points, ()))
        if match.deal + 1 < self.options.deals:
            return deal(self.options, self.players, match.next_deal()), tuple(events)
        best = max(match.scores)
        order = tuple(sorted(range(self.players), key=lambda seat: (-match.scores[seat], seat)))
        top = [seat for seat in order if match.scores[seat] == best]
        reason = M("P{top} wins with {best} tricks", top=top[0] + 1, best=best) if len(top) == 1 else \
            M("{names} share first place with {best} tricks", names=joined(f"P{seat + 1}" for seat in top), best=best)
        result = Result(order=order, scores=match.scores, draw=len(top) > 1, reason_id="points", reason=reason)
        return self.copy(match=match, result=result), (*events, Event("end", None, result.text, (), R["TT-4"]))


def deal(options: Options, players: int, match: Match) -> TinyState:
    """Shuffle the 24 cards and deal them all out, one at a time (TT-1)."""
    cards = shuffled(PACK, match.shuffle_seed)
    hands = tuple(by_suit(cards[seat::players]) for seat in range(players))
    return TinyState(options, players, match, hands, NO_TRUMPS, (), match.first_player, ((),) * players)


class TinyTricks:
    """The rules object registered as ``"tiny-tricks"``."""

    id = ID
    title = "Tiny Tricks"
    source = SOURCE
    family = "tricks"
    catalogue = CATALOGUE
    options_type = Options
    min_players = 2
    max_players = 4

    def new_state(self, players: int, seed: int, options: Options) -> TinyState:
        if not self.min_players <= players <= self.max_players:
            raise OptionsError(M("Tiny Tricks is for 2 to 4 players, not {players}", players=players))
        return deal(options, players, Match(seed, 0, players - 1, (0,) * players))

    def setup_state(self, position: Mapping[str, Any], options: Options) -> TinyState:
        """``hands``, ``trick`` (from ``leader``), ``leader``, ``won``, as in the other trick games."""
        players = position_players(position, {"players", "hands", "trick", "leader", "won"}, "Tiny Tricks")
        leader = position_seat(position, "leader", 0, players)
        return TinyState(options, players, Match(0, 0, players - 1, (0,) * players), position_hands(position, players),
                         NO_TRUMPS, position_trick(position, leader, players), leader,
                         position_won(position, players))

    def parse_move(self, text: str) -> TrickMove:
        return parse_trick_move(text, ("play",))

    def pack(self, players: int, options: Options) -> tuple[Card, ...]:
        return PACK

    def world(self, view: TrickView, hands: Hands, skat: tuple[Card, ...], seed: int) -> TinyState:
        match = Match(seed, view.deal, view.dealer, view.scores, view.deal_scores)
        return TinyState(view.options, view.players, match, hands, view.trumps, view.trick, view.leader, view.won,
                         view.last_trick, view.result, view.tricks)


#: Everything the rest of the package needs: seats by default, the bridges' action space (one
#: kind of move: a card) and a bound on a match's moves (OpenSpiel's game length).
PARTS = GameParts(players=3, actions=lambda dealt, players: (("play", "card", 0),),
                  max_moves=lambda players, options: len(PACK) * options.deals)

if ID not in GAMES:
    GAME = register(TinyTricks(), PARTS)

"""Bastard ("hässlich"), from ``4-bastard-haesslich.de.txt``: an Australian trick-taking game
of the Knaves family, in a rough German machine translation.

The module reads like the document: the rule catalogue (each German sentence with an id and
an English rendering of what it means), the rulings where the text is unclear, the options
that select among readings, then the scoring, the state and its moves.

>>> import danish_nb as dn
>>> g = dn.setup("bastard", {"hands": [["2H", "AS"], ["KH", "3C"], ["4H"]],
...                          "trump": "spades", "trick": ["QH"], "leader": 2,
...                          "won": [[], [], [["2C", "3D", "4D"]]]})
>>> print(g.explain("P1 play AS"))
illegal. You must follow hearts: you hold the two of hearts (rule BA-10)
>>> print(g.explain("P1 play 2H"))
legal. The two of hearts follows hearts (rule BA-10)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from itertools import chain
from operator import itemgetter
from typing import Any

from ..cards import SUITS, Card, shuffled, standard_pack
from ..checks import Step, Why, verdict
from ..core import Catalogue, Event, GameParts, OptionsError, Result, Rule, Ruling, Text, Verdict, option, register
from ..families.tricks import (
    SHOWS_WHO,
    SUIT_TEXTS,
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
    TrickView,
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
    position_hands,
    position_players,
    position_seat,
    position_seed,
    position_trick,
    position_whole,
    position_won,
    score_line,
    score_reason,
    seat_points,
    tricks_won,
)
from ..i18n import N_, M, _n, joined

SOURCE = "4-bastard-haesslich.de.txt"


def _rule(rule_id: str, title: str, quote: str, english: str, **extra: Any) -> Rule:
    return Rule(rule_id, quote, english=english, source=SOURCE, title=title, **extra)


# --------------------------------------------------------------------------- rule catalogue

RULES = (
    _rule("BA-1", "One pack", "Anzahl der Decks: 1 Anzahl der Karten in einem Spiel: 52",
          "One pack of 52 cards."),
    _rule("BA-2", "Players", "Anzahl der Spieler: 3 - 4", "Three or four players."),
    _rule("BA-3", "Ranks", "Precedence - Karte 2, 3, 4, 5, 6, 7, 8, 9, 10, B, D, K, T",
          "Cards rank 2 (low) up to 10, jack, queen, king, ace (high)."),
    _rule("BA-4", "Object", "Ziel des Spiels: ein Tor , die meisten Punkte.",
          "The aim of the game is to score the most points."),
    _rule("BA-5", "Three players", "Wenn Sie eine Möglichkeit zu spielen, ist es aus dem Deck der "
          "Pik - Dame entfernt.",
          "With three players the queen of spades is taken out of the pack."),
    _rule("BA-6", "The dealer", "Deliverer wird durch das Los bestimmt.",
          "The first dealer is chosen by lot.", enforced=False,
          note="Lots are not drawn: the last seat deals first, then the deal passes left (ruling BA-i)."),
    _rule("BA-7", "The deal", "Das Deck ist gut gemischt, und wenn Sie 4 Spieler spielen, dann wird "
          "jeder 13 Karten ausgeteilt, wenn sie von drei Spielern gespielt, jeder Spieler 17 Karten "
          "ausgeteilt.",
          "The pack is shuffled well; with 4 players each is dealt 13 cards, with three players each "
          "is dealt 17 cards."),
    _rule("BA-8", "Naming trumps", "Dann wird der Spieler, der auf der linken Seite Zusteller im "
          "Uhrzeigersinn sitzt Trumpffarbe bestellt, hat der Spieler das Recht , nicht die "
          "Trumpfkarte zu erklären, ist das Spiel nicht-Trumpf.",
          "Then the player sitting to the dealer's left (clockwise) names the trump suit; that player "
          "may instead declare no trumps, and the deal is then played without trumps."),
    _rule("BA-9", "The first lead", "Erster Schritt gehört auch zu den Spieler, der mit jedem Ihrer "
          "Karte zu gehen,",
          "The first lead also belongs to that player, who may lead any card."),
    _rule("BA-10", "Following suit", "und jeder nächste Spieler im Uhrzeigersinn um die Karte der "
          "gleichen Farbe zu setzen, eine solche Klage , wenn die Karte nicht vorhanden ist, jede "
          "Karte zu setzen.",
          "Each next player clockwise must play a card of the same suit; a player without a card "
          "of that suit may play any card."),
    _rule("BA-11", "Winning a trick", "Nachdem jeder Spieler eine Karte setzt, der Gewinner ermittelt "
          "Schmiergelder ist, die diese Karten nimmt sich, werden sie den Spieler, der die höchste "
          "Karte in der Farbe der ersten Turn - Karte setzt, oder die einen Trumpf setzen, oder wenn "
          "es ein paar Trümpfe gebucht wurde, wer oben Trumpf ehrt legen.",
          "When everyone has played a card, the trick's winner takes those cards: the player of the "
          "highest card of the suit led, or the one who played a trump, or, if several trumps were "
          "played, the one who played the highest trump."),
    _rule("BA-12", "The next lead", "Der Gewinner eines Bestechung, beginnt eine neue Karte ziehen "
          "(Bestechungsgelder).",
          "The winner of a trick leads to the next trick."),
    _rule("BA-13", "Counting", "alle Karten, zählen die Spieler die Punkte in der Auslosung Nach dem "
          "Spielen.",
          "After all the cards have been played, the players count the points in their tricks."),
    _rule("BA-14", "Jacks", "Für jede Buchse vergeben negative Punkte: Pikbube - minus einem Punkt; "
          "Bube - minus 2 Punkte; Jack of Diamonds - minus 3 Punkte; Jack of hearts - minus 4 Punkte.",
          "Each jack taken costs points: jack of spades -1, jack of clubs -2, jack of diamonds -3, "
          "jack of hearts -4."),
    _rule("BA-15", "The nasty card", "Wenn ein Spieler an der Verlosung sieben Diamanten hat ( \"nasty "
          "Karte\"), verdoppelt sie die negativen Punkte der jeweils eine Buchse genommen.",
          "A player whose tricks hold the seven of diamonds (the ‘nasty card’) scores each jack they "
          "took double."),
    _rule("BA-16", "The nasty card without jacks", "Wenn ein Spieler an der Verlosung gibt es sieben "
          "von Diamanten und keine Buchse sind, wird der Spieler belohnt für jeden ein Bestechungsgeld "
          "von zwei positive Punkte gemacht.",
          "A player who took the seven of diamonds and no jack scores two points for each trick "
          "they won."),
    _rule("BA-17", "The charm card", "Wenn ein Spieler eine Karte von Clubs sieben ( \"Charm - Karte\") "
          "und einem Sieben von Diamanten zu ziehen, die sieben von Vereinen Bricht für Buchsen "
          "negative Punkte zu verdoppeln.",
          "If a player took both the seven of clubs (the ‘charm card’) and the seven of diamonds, "
          "the seven of clubs cancels the doubling of their jack penalties."),
    _rule("BA-18", "The charm card without jacks", "Wenn ein Spieler, der eine sieben von Vereinen und "
          "keine Buchse hat, dann für jeden ein Bestechungsgeld genommen , die Spieler positiv 4 "
          "Punkte geladen ist.",
          "A player who took the seven of clubs and no jack scores four points for each trick "
          "they won."),
    _rule("BA-19", "The winner", "Ein Spieler, der nach seinem Tor die meisten Punkte erreicht , ist "
          "Sieger.",
          "The player with the most points at the end is the winner."),
)

RULINGS = (
    Ruling("BA-a", "Players and deal: which card goes with three players?",
           "4 players: the full pack, 13 cards each; 3 players: the queen of spades is removed and "
           "the other 51 cards deal 17 each.", rules=("BA-5", "BA-7")),
    Ruling("BA-b", "Who names trumps, and who leads?",
           "The player left of the dealer names a suit or no trumps (a move), then leads the first "
           "trick with any card.", rules=("BA-8", "BA-9")),
    Ruling("BA-c", "Must a player who cannot follow suit play a trump?",
           "No: follow suit if possible, otherwise any card; there is no obligation to trump.",
           rules=("BA-10",)),
    Ruling("BA-d", "Is a trick worth points? (the text only implies it: “the most points”, and the "
           "sevens pay “for each trick”)",
           "Each trick won scores 1 point; the sevens' 2 or 4 per trick replace it.",
           option="points_per_trick", rules=("BA-13",)),
    Ruling("BA-e", "Which jack is the unqualified “Bube: minus 2”?",
           "The jack of clubs: jack of spades -1, jack of clubs -2, jack of diamonds -3, jack of hearts -4 "
           "(the Knaves family's values).",
           rules=("BA-14",)),
    Ruling("BA-f", "The 7♦: whose penalties does it double, and what does it pay without jacks?",
           "It doubles the penalties of the jacks its taker took; a taker with no jack scores 2 per "
           "trick instead of the usual point per trick.", rules=("BA-15", "BA-16")),
    Ruling("BA-g", "The 7♣: with jacks, without jacks, together with the 7♦?",
           "Taken with the 7♦ and jacks: it cancels the doubling. Taken with no jacks: 4 per trick. "
           "Taken with jacks but not the 7♦: no effect. Taken with the 7♦ and no jacks the text is "
           "silent: 4 per trick by default (the charm cancels the nasty card), or 2 or 6.",
           option="both_sevens_per_trick", rules=("BA-17", "BA-18")),
    Ruling("BA-h", "How long is a match?",
           "One deal per player, so each deals once; the highest total wins. Alternatives: a number "
           "of deals, or deals until someone reaches a target score.", option="deals",
           rules=("BA-19", "BA-4")),
    Ruling("BA-i", "The dealer is chosen “by lot”: how, turn by turn?",
           "The last seat deals first, so P1 (on the dealer's left) names trumps; the deal then "
           "passes to the left each deal. Each deal's shuffle is fixed by the match seed and the "
           "deal number.", rules=("BA-6", "BA-8")),
    Ruling("BA-j", "Two players tie for the most points.",
           "They share first place and the result is marked a draw.", rules=("BA-19",)),
)

CATALOGUE = Catalogue(RULES, RULINGS)
R = CATALOGUE.rules
RULING = CATALOGUE.rulings
#: The rule a trick is taken by (BA-11).
_TAKES = R["BA-11"]
#: The trump orders a deal may name (a suit, or ``None``: no trumps), built once: a history keeps one per deal.
_TRUMPS = {suit: Trumps(suit) for suit in (*SUITS, None)}

#: The jacks, in the order their penalties are listed, and what each costs (BA-14, ruling BA-e).
JACKS: dict[Card, int] = {Card.parse("JS"): -1, Card.parse("JC"): -2, Card.parse("JD"): -3,
                          Card.parse("JH"): -4}
NASTY = Card.parse("7D")
CHARM = Card.parse("7C")
#: The cards that change a player's score: the jacks and the two sevens.
_SCORING = frozenset((*JACKS, NASTY, CHARM))
#: Most deals a match plays: the longest the ``deals`` option allows, and the deals a target-score
#: match plays before the highest total wins anyway (ruling BA-h).
MAX_DEALS = 60
#: The highest target score (a deal pays at most 17 tricks × 6 points, so 60 deals can reach it).
MAX_TARGET = 1000


# --------------------------------------------------------------------------- options

@dataclass(frozen=True, slots=True)
class Options:
    """Rule options of Bastard: each settles a ruling of RULINGS.md (section 4)."""

    points_per_trick: int = option(1, "Points for each trick won (when no seven pays more), or none: only "
                                   "jacks and sevens score.", ruling="BA-d",
                                   choices={1: N_("1 point a trick"), 0: N_("none: only jacks and sevens score")})
    both_sevens_per_trick: int = option(4, "Points per trick for a player who took the seven of clubs and the "
                                        "seven of diamonds and no jack: 4 (the charm wins), 2 (the nasty card "
                                        "wins) or 6 (both pay).", ruling="BA-g",
                                        choices={4: N_("4: the charm wins"), 2: N_("2: the nasty card wins"),
                                                 6: N_("6: both pay")})
    deals: int = option(0, "Deals in a match (at most {high}); 0: one per player, so each deals once.",
                        ruling="BA-h", low=0, high=MAX_DEALS)
    target_score: int = option(0, "Above 0 (at most {high:,}): play deals until someone's total reaches "
                               f"this score (at most {MAX_DEALS} deals); the deals option is then ignored.",
                               ruling="BA-h", low=0, high=MAX_TARGET)


def match_deals(players: int, options: Options) -> int | None:
    """How many deals the match has (``None``: until the target score)."""
    if options.target_score:
        return None
    return options.deals or players


# --------------------------------------------------------------------------- pack and scoring

#: The pack for 3 and for 4 players: without the queen of spades for 3 (BA-5, ruling BA-a).
PACKS = {4: standard_pack(), 3: tuple(c for c in standard_pack() if c != Card.parse("QS"))}


def pack_for(players: int) -> tuple[Card, ...]:
    """52 cards for 4 players; without the queen of spades for 3 (BA-5, ruling BA-a)."""
    return PACKS[players]


def score_player(player: int, cards: Iterable[Card], tricks: int, options: Options) -> list[ScoreLine]:
    """One player's points for a deal, line by line, from the cards of the tricks they won.

    >>> from ..cards import parse_cards
    >>> [str(line.text) for line in score_player(0, parse_cards("JD 7D 2C 3C"), 1, Options())]
    ['P1: 1 trick × 1 point = +1', 'P1: the jack of diamonds -3, doubled by the seven of diamonds to -6']
    """
    who = f"P{player + 1}"
    if tricks == 0:
        return [score_line((player, 0, (_NO_TRICKS, who)))]
    held = _SCORING.intersection(cards)  # the jacks and sevens taken (no set of every card)
    jacks = [*filter(held.__contains__, JACKS)]
    nasty, charm = NASTY in held, CHARM in held
    if not jacks:
        if nasty and charm:
            per = options.both_sevens_per_trick
            return [score_line((player, tricks * per, (_BOTH_SEVENS_PAY, who, tricks, per, tricks * per)))]
        if charm:
            return [score_line((player, tricks * 4, (_CHARM_PAYS, who, tricks, tricks * 4)))]
        if nasty:
            return [score_line((player, tricks * 2, (_NASTY_PAYS, who, tricks, tricks * 2)))]
    per = options.points_per_trick
    lines = [score_line((player, tricks * per, (_PER_TRICK, who, tricks, per, tricks * per)))]
    for jack in jacks:
        value = JACKS[jack]
        if nasty and not charm:
            lines.append(score_line((player, 2 * value, (_DOUBLED, who, jack, value, 2 * value))))
        elif nasty:
            lines.append(score_line((player, value, (_NOT_DOUBLED, who, jack, value))))
        else:
            lines.append(score_line((player, value, (_JACK, who, jack, value))))
    if charm and not nasty:
        lines.append(score_line((player, 0, (_CHARM_IDLE, who))))
    return lines


# Why a player scores what they score (:func:`score_player`): the words made only when read.
_TRICKS = {"n_tricks": n_tricks}


def _per_trick_words(who: str, tricks: int, per: int, x: int) -> dict[str, Any]:
    return dict(who=who, n_tricks=n_tricks(tricks), per=per, unit=M("point") if per == 1 else M("points"), x=x)


_NO_TRICKS = score_reason("BA no tricks", Why(True, "BA-13", N_("{who}: no tricks, no points"), "BA-d"))
_BOTH_SEVENS_PAY = score_reason("BA both sevens", Why(
    True, "BA-18", N_("{who}: the seven of clubs and the seven of diamonds but no jack, {n_tricks} × {per} points = "
                      "{x:+d}"), "BA-g", shows=_TRICKS))
_CHARM_PAYS = score_reason("BA charm", Why(
    True, "BA-18", N_("{who}: the seven of clubs but no jack, {n_tricks} × 4 points = {x:+d}"), "BA-g", shows=_TRICKS))
_NASTY_PAYS = score_reason("BA nasty", Why(
    True, "BA-16", N_("{who}: the seven of diamonds but no jack, {n_tricks} × 2 points = {x:+d}"), "BA-f",
    shows=_TRICKS))
_PER_TRICK = score_reason("BA per trick", Why(True, "BA-13", N_("{who}: {n_tricks} × {per} {unit} = {x:+d}"), "BA-d",
                                              make=_per_trick_words))
_DOUBLED = score_reason("BA doubled", Why(
    True, "BA-15", N_("{who}: {jack} {value}, doubled by the seven of diamonds to {x}"), "BA-f"))
_NOT_DOUBLED = score_reason("BA not doubled", Why(
    True, "BA-17", N_("{who}: {jack} {value}, not doubled, as the seven of clubs cancels the seven of diamonds"),
    "BA-g"))
_JACK = score_reason("BA jack", Why(True, "BA-14", N_("{who}: {jack} {value}"), "BA-e"))
_CHARM_IDLE = score_reason("BA charm idle", Why(
    True, "BA-17", N_("{who}: the seven of clubs has no effect with jacks and without the seven of diamonds"), "BA-g"))


#: A score line's points.
_POINTS = itemgetter(1)


def score_deal(won: Won, deal: int, dealer: int, options: Options) -> DealScore:
    """The whole deal's score: every player's lines and points (BA-13 to BA-18)."""
    lines: list[ScoreLine] = []
    points = []
    for seat, tricks in enumerate(won):
        mine = score_player(seat, chain.from_iterable(tricks), len(tricks), options)
        lines += mine
        points.append(sum(map(_POINTS, mine)))  # C loops, no comprehension
    return deal_score(deal, dealer, tuple(points), tuple(lines))


def match_result(scores: tuple[int, ...]) -> Result:
    """The highest total wins (BA-19); equal highest totals share first place (ruling BA-j)."""
    order = tuple(sorted(range(len(scores)), key=lambda seat: (-scores[seat], seat)))
    best = scores[order[0]]
    top = [seat for seat in order if scores[seat] == best]
    totals = seat_points(scores)
    if len(top) > 1:
        names = joined(f"P{seat + 1}" for seat in top)
        reason = _n("{names} share first place with {best} point; totals: {totals}",
                    "{names} share first place with {best} points; totals: {totals}", abs(best),
                    names=names, best=best, totals=totals)
    else:
        reason = _n("P{top} wins with {best} point; totals: {totals}",
                    "P{top} wins with {best} points; totals: {totals}", abs(best), top=top[0] + 1, best=best,
                    totals=totals)
    return Result(order=order, scores=scores, draw=len(top) > 1, reason=reason,
                  reason_id="tie" if len(top) > 1 else "points")


# --------------------------------------------------------------------------- state

@dataclass(frozen=True, slots=True)
class BastardState(MatchState):
    """A Bastard position within a match. Immutable: :meth:`apply` returns a new one.

    ``trumps`` is ``None`` until the player left of the dealer names them; ``trick`` holds the
    cards played to the current trick from ``leader`` on; ``won[p]`` lists the tricks player
    ``p`` won this deal and ``tricks`` the tricks played this deal, in order (a set-up position
    may list won tricks without their order); ``match`` carries the deal number, dealer and
    running scores.
    """

    options: Options
    players: int
    match: Match
    hands: Hands
    trumps: Trumps | None
    trick: tuple[Play, ...]
    leader: int
    won: Won
    result: Result | None = None
    tricks: tuple[TrickRecord, ...] = ()
    _legal: list | None = field(default=None, init=False, compare=False, repr=False)

    game_id = "bastard"
    card_play = CardPlay(first_lead="BA-9", lead="BA-12", follow="BA-10", first_leader=M("named trumps and leads"),
                         who_leads="BA-b")

    # -- reading
    @property
    def current_player(self) -> int | None:
        return None if self.result is not None else (self.leader + len(self.trick)) % self.players

    @property
    def phase(self) -> str:
        """``'trump'`` (trumps to be named), ``'play'`` or ``'over'``."""
        if self.result is not None:
            return "over"
        return "trump" if self.trumps is None else "play"

    @property
    def deals(self) -> int | None:
        """Deals in this match (``None``: until the target score)."""
        return match_deals(self.players, self.options)

    def all_cards(self) -> list[Card]:
        """Every card of the current deal, wherever it lies (for checking nothing is lost)."""
        cards = [play.card for play in self.trick]
        for seat in range(self.players):
            cards += self.hands[seat]
            cards += cards_won(self.won[seat])
        return cards

    def view(self, player: int | None, reveal_hands: bool = False) -> TrickView:
        """What ``player`` may know (``None``: a spectator): their own hand, the trick on the table,
        tricks won counts and the last trick; other hands only in teaching mode (``reveal_hands``)."""
        hands = tuple(h if (reveal_hands or seat == player) else None for seat, h in enumerate(self.hands))
        return TrickView(
            game=self.game_id, players=self.players, me=player, hands=hands,
            hand_counts=tuple(map(len, self.hands)), trick=self.trick, leader=self.leader,
            trumps=self.trumps, tricks_won=tricks_won(self.won), last_trick=self.last_trick,
            scores=self.scores, deal_scores=self.deal_scores, deal=self.match.deal, deals=self.deals,
            dealer=self.match.dealer, current=self.current_player, phase=self.phase, result=self.result,
            note=self._note(), won=self.won, tricks=self.tricks, options=self.options)

    def _phase_note(self, p: int) -> Text:
        return M("P{p} names trumps (or no trumps), then leads", p=p + 1)

    def _follow_note(self) -> Text:
        led_trumps = self.trumps.suit is not None and self.trumps.suit_of(self.trick[0].card) is self.trumps.suit
        return "" if led_trumps else M(" (trumps: {name})", name=self.trumps.text)

    def _phase_moves(self, p: int) -> list[TrickMove]:
        """Before the play: the trump call (a suit or no trumps), one shared move each."""
        return list(_CALL_MOVES[p])

    # -- explanations (any candidate move)
    def explain(self, move: Any) -> Verdict:
        """Whether ``move`` is legal here, with the reasons and the rules they rest on."""
        return verdict(move, (self._check(move),), CATALOGUE)

    def _check(self, move: Any) -> Step:
        """The one step that decides any candidate move."""
        problem = self._malformed(move, ("play", "trump"))
        if problem:
            return _NOT_A_MOVE, problem
        if self.result is not None:
            return _MATCH_OVER, self.result.text
        return self._check_phase(move)

    def _check_phase(self, move: TrickMove) -> Step:
        """The step deciding a well-formed move while the match goes on: the trump call, then the cards."""
        if self.trumps is None:
            p = self.current_player  # the caller, on the dealer's left
            if move.player != p:
                return _CALLER, p + 1, move.player
            if move.action == "play":
                return _CALL_FIRST, p
            if move.card is not None or (move.suit is not None and move.suit not in SUITS):
                return (_CALL_A_SUIT,)
            if move.suit is None:
                return _NO_TRUMPS, p
            return _CALLS, p, move.suit
        if move.action == "trump":
            return _CALLED, self.trumps
        return self._check_card(move)

    def _follow_ruling(self, card: Card, legal: bool) -> str | None:
        """A legal card of another suit than the one led cites ruling BA-c (no need to trump)."""
        return "BA-c" if legal and self.trumps.suit_of(card) is not self.trumps.suit_of(self.trick[0].card) else None

    # -- applying
    def _apply(self, move: Any) -> tuple[BastardState, tuple[Event, ...]]:
        """The next state and what happened (``move`` is legal: see :meth:`RulesState.apply`)."""
        if self.trumps is not None:  # the trick play
            return self._play_card(move, _TAKES)
        p = move.player  # the trump call
        trumps = _TRUMPS[move.suit]
        if not self._watched:  # events only when someone reads them (RulesState)
            return self.copy(trumps=trumps), ()
        text = M("P{p} declares no trumps", p=p + 1) if move.suit is None else \
            M("P{p} names {name} as trumps", p=p + 1, name=trumps.text)
        return self.copy(trumps=trumps), (Event("trump", p, text, (), R["BA-8"]),)

    def _end_deal(self, events: list[Event]) -> tuple[BastardState, tuple[Event, ...]]:
        """Score the deal (line by line), then deal again or end the match."""
        match = self.match
        score = score_deal(self.won, match.deal, match.dealer, self.options)
        match = match.scored(score)
        watched = self._watched  # events only when someone reads them (RulesState)
        if watched:
            events += [line.event(CATALOGUE) for line in score.lines]
            events.append(Event("deal-scored", None, M("deal {deal}: {deal_text}; totals: {totals}",
                                                       deal=match.deal + 1, deal_text=seat_points(score.points, True),
                                                       totals=seat_points(match.scores)),
                                (), R["BA-13"]))
        if self._match_over(match):
            result = match_result(match.scores)
            if watched:
                events.append(Event("end", None, result.text, (), R["BA-19"],
                                    RULING["BA-j" if result.draw else "BA-h"]))
            return self.copy(match=match, result=result), tuple(events)
        state = deal_state(self.options, self.players, match.next_deal(), self)
        caller = state.leader
        if watched:
            events.append(Event("deal", caller, M("deal {deal}: P{dealer} deals; P{caller} names trumps",
                                                  deal=state.match.deal + 1, dealer=state.match.dealer + 1,
                                                  caller=caller + 1), (), R["BA-7"], RULING["BA-i"]))
        return state, tuple(events)

    def _match_over(self, match: Match) -> bool:
        if self.options.target_score:
            return max(match.scores) >= self.options.target_score or match.deal + 1 >= MAX_DEALS
        return match.deal + 1 >= match_deals(self.players, self.options)


# Why a move is allowed or not before the trick play (:meth:`BastardState._check`).
_NOT_A_MOVE = Why(False, "BA-10", N_("not a Bastard move: {problem}; write e.g. 'P1 play 7H' or 'P1 trump hearts'"))
_MATCH_OVER = Why(False, "BA-19", N_("the match is over: {reason}"))
_CALLER = Why(False, "BA-8", N_("P{p}, on the dealer's left, names trumps, not {who}"), "BA-b", shows=SHOWS_WHO)
_CALL_FIRST = Why(False, "BA-8", N_("first {who} names trumps (or no trumps), then leads"), "BA-b", shows=SHOWS_WHO)
_CALL_A_SUIT = Why(False, "BA-8", N_("a trump call names one of the four suits or none"), "BA-b")
_NO_TRUMPS = Why(True, "BA-8", N_("{who} may declare no trumps: the deal is played without"), "BA-b", shows=SHOWS_WHO)
_CALLS = Why(True, "BA-8", N_("{who}, on the dealer's left, names {suit_name} as trumps"), "BA-b",
             shows={**SHOWS_WHO, "suit_name": SUIT_TEXTS.__getitem__})
_CALLED = Why(False, "BA-8", N_("trumps were named already for this deal: {name}"), "BA-b",
              shows={"name": lambda trumps: trumps.text})


#: Per seat, the trump calls (the four suits, then no trumps): one shared move each (a history keeps the move played).
_CALL_MOVES = tuple(tuple(TrickMove(p, "trump", None, suit) for suit in (*SUITS, None)) for p in range(4))


def deal_state(options: Options, players: int, match: Match, base: BastardState | None = None) -> BastardState:
    """A fresh deal of the match: the pack shuffled by the deal's seed, dealt one card at a time
    from the dealer's left (BA-7, ruling BA-i); trumps still to be named. ``base``: a state of
    the match to copy (a working copy deals in place)."""
    deck = shuffled(pack_for(players), match.shuffle_seed)
    first = (match.dealer + 1) % players
    hands = [()] * players
    for k in range(players):
        hands[(first + k) % players] = by_suit(deck[k::players])
    if base is not None:
        return base.copy(match=match, hands=tuple(hands), trumps=None, trick=(), leader=first,
                         won=((),) * players, tricks=())
    return BastardState(options, players, match, tuple(hands), trumps=None, trick=(), leader=first,
                        won=((),) * players)


# --------------------------------------------------------------------------- the game

_POSITION_KEYS = {"players", "hands", "trump", "trick", "leader", "won", "dealer", "deal", "scores", "seed"}


class Bastard:
    """The rules object registered as ``"bastard"``."""

    id = "bastard"
    title = "Bastard"
    source = SOURCE
    family = "tricks"
    catalogue = CATALOGUE
    options_type = Options
    min_players = 3
    max_players = 4

    def new_state(self, players: int, seed: int, options: Options) -> BastardState:
        """The first deal of a match: the last seat deals, P1 names trumps (ruling BA-i)."""
        return deal_state(options, players, Match(seed, 0, players - 1, (0,) * players))

    def setup_state(self, position: Mapping[str, Any], options: Options) -> BastardState:
        """A position from a dict: ``hands`` (one card list per player), ``trump`` (a suit name or
        ``"none"``; missing: still to be named), ``trick`` (cards on the table in the order played,
        from ``leader``), ``leader`` (0-based), ``won`` (per player, the tricks won this deal),
        ``dealer``, ``deal`` (from 0), ``scores`` (match totals), ``seed`` (for later deals).

        >>> s = Bastard().setup_state({"hands": [["7H"], ["8C"], ["9S"]], "trump": "none"}, Options())
        >>> s.current_player, s.trumps.name
        (0, 'no trumps')
        """
        players = position_players(position, _POSITION_KEYS, "Bastard")
        hands = position_hands(position, players)
        won = position_won(position, players)
        dealer = position_seat(position, "dealer", players - 1, players)
        leader = position_seat(position, "leader", (dealer + 1) % players, players)
        deal = position_whole(position, "deal", 0)
        seed = position_seed(position)
        scores = position.get("scores", [0] * players)
        if not isinstance(scores, list) or len(scores) != players or \
                any(isinstance(s, bool) or not isinstance(s, int) for s in scores):
            raise OptionsError(M("position['scores'] lists {players} whole numbers, the match totals", players=players))
        deals = match_deals(players, options)
        if deals is not None and deal >= deals:
            raise OptionsError(M("position['deal'] counts from 0: this match has {deals} deals", deals=deals))
        trick = position_trick(position, leader, players)
        trump_text = position.get("trump")
        trumps = None
        if trump_text is not None:
            if not isinstance(trump_text, str):
                raise OptionsError(M("position['trump'] is a suit name (e.g. 'hearts') or 'none'"))
            try:
                trumps = Trumps(parse_trump(trump_text))
            except ValueError as exc:
                raise OptionsError(M("position['trump']: {error}", error=exc)) from None
        elif trick or any(won):
            raise OptionsError(M("without 'trump' the position is before the trump call: no trick and no won tricks"))
        if not any(won) and leader != (dealer + 1) % players:
            raise OptionsError(M("before any trick is won, the leader is the dealer's left-hand player, "
                                 "who names trumps (set 'dealer' or list the tricks 'won')"))
        _check_cards(players, hands, won, trick)
        match = Match(seed, deal, dealer, tuple(scores))
        return BastardState(options, players, match, hands, trumps=trumps, trick=trick, leader=leader, won=won)

    def parse_move(self, text: str) -> TrickMove:
        return parse_trick_move(text, ("play", "trump"))

    def deal_events(self, state: BastardState) -> tuple[Event, ...]:
        """What the first deal did (for the log of a new game; empty for other positions)."""
        n = state.players
        if state.match.deal or state.trumps is not None or sum(map(len, state.hands)) != len(pack_for(n)):
            return ()
        pack = M("52 cards") if n == 4 else M("51 cards: the queen of spades is taken out with three players")
        return (Event("deal", None, M("{pack}; P{dealer} deals {hands} to each",
                                      pack=pack, dealer=state.match.dealer + 1, hands=len(state.hands[0])),
                      (), R["BA-7"], RULING["BA-a"]),)

    def pack(self, players: int, options: Options) -> tuple[Card, ...]:
        """The cards dealt (for :meth:`TrickView.sample_world`)."""
        return pack_for(players)

    def world(self, view: TrickView, hands: Hands, skat: tuple[Card, ...], seed: int) -> BastardState:
        """The state whose public part is ``view``'s, with these hands (for
        :meth:`TrickView.sample_world`; ``seed`` shuffles the later deals)."""
        match = Match(seed, view.deal, view.dealer, view.scores, view.deal_scores)
        return BastardState(view.options, view.players, match, hands, trumps=view.trumps, trick=view.trick,
                            leader=view.leader, won=view.won, result=view.result,
                            tricks=view.tricks)


def _check_cards(players: int, hands: Hands, won: Won, trick: tuple[Play, ...]) -> None:
    """Every card once, from this player count's pack; hands even, allowing for the trick."""
    cards = [play.card for play in trick] + [c for h in hands for c in h] + \
        [c for tricks in won for c in cards_won(tricks)]
    check_pack(cards, pack_for(players), M("the {players}-player pack (BA-1, BA-5)", players=players))
    check_even(hands, trick)


def endgame_scoring(state: BastardState, player: int, cards: list[Card], index: dict[Card, int]) -> EndgameScoring:
    """The exact endgame solver's scoring (see :class:`~danish_nb.families.tricks.EndgameScoring`):
    each for themselves, the player's points for the deal (BA-13 to BA-18: tricks, jacks, the
    sevens) counted at the end by :func:`score_player`."""
    before = tuple(c for trick in state.won[player] for c in trick if c in _SCORING)
    counting = sum(1 << index[c] for c in cards if c in _SCORING)
    scores: dict[int, int] = {}

    def final(acc: int) -> int:
        if acc not in scores:
            taken = before + tuple(c for i, c in enumerate(cards) if acc >> (i + 8) & 1)
            scores[acc] = sum(line.points for line in score_player(player, taken, acc & 255, state.options))
        return scores[acc]
    return EndgameScoring(frozenset({player}), [i + 1 if counting >> i & 1 else 0 for i in range(len(cards))],
                          [0] * len(cards), counting, counting, True, 0, len(state.won[player]), final, "points")


def max_moves(players: int, options: Options) -> int:
    """A bound on a match's moves: 60 per deal (a match to a target score: 60 deals)."""
    return 60 * (60 if options.target_score else options.deals or players)


#: What taking a card is worth to the rule-of-thumb player (rough, for play only; not scoring).
CARD_VALUES = {Card.parse("JS"): -1, Card.parse("JC"): -2, Card.parse("JD"): -3, Card.parse("JH"): -4,
               Card.parse("7C"): 3, Card.parse("7D"): -1}

GAME = register(Bastard(), GameParts(
    players=3, iterations=150, card_values=CARD_VALUES, endgame=endgame_scoring,
    actions=lambda dealt, players: (("trump", "suit", 0), ("play", "card", 0)), max_moves=max_moves,
    practice="danish_nb.games.bastard_practice:PRACTICE"))

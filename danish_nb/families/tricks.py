"""What the trick-taking games (Bastard, Sjavs) share: trump orders, following suit, the
winner of a trick, moves and their notation, views, and matches of several deals.

A :class:`Trumps` value says, for every card, which suit it belongs to when following and how
strong it is. Cards may belong to a suit other than their printed one: in Sjavs the jacks and
the black queens are permanent trumps, so ``J♥`` follows clubs when clubs are trumps.

>>> from ..cards import parse_cards
>>> t = Trumps(Suit.CLUBS, permanent=parse_cards("QC QS JC JS JH JD"))
>>> t.suit_of(Card.parse("JH")), t.is_trump(Card.parse("QH"))
(<Suit.CLUBS: 'C'>, False)
>>> trick = tuple(Play(p, c) for p, c in enumerate(parse_cards("AC JH 10C")))
>>> winner, why = trick_winner(trick, t)
>>> winner.player, str(why)
(1, 'the jack of hearts is the highest trump')
>>> str(parse_trick_move("P2 trump none")), str(parse_trick_move("p1 play 7h"))
('P2 trump none', 'P1 play 7♥')
"""

from __future__ import annotations

import hashlib
import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache, partial
from itertools import chain
from operator import add, itemgetter
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple, cast

from ..cards import RANKS, SUITS, Card, CardParseError, Rank, Suit, cards_text, format_cards, n_cards, standard_pack
from ..checks import Step, Why, made
from ..core import (
    NOT_WELL_FORMED,
    Catalogue,
    DanishNbError,
    Event,
    MoveParseError,
    OptionsError,
    Private,
    Rule,
    RulesState,
    Text,
    View,
    builder,
    check_keys,
    get_game,
    render_text,
)
from ..i18n import N_, Listed, M, Message, _n, joined
from .common import CODES, card_codes, parse_player, position_cards, quoted_notation
from .worlds import deal_unseen

SUIT_NAMES = {Suit.CLUBS: "clubs", Suit.DIAMONDS: "diamonds", Suit.HEARTS: "hearts", Suit.SPADES: "spades"}
SUIT_SINGULAR = {Suit.CLUBS: "club", Suit.DIAMONDS: "diamond", Suit.HEARTS: "heart", Suit.SPADES: "spade"}
_SUIT_WORDS = {**{name: s for s, name in SUIT_NAMES.items()}, **{name: s for s, name in SUIT_SINGULAR.items()},
               **{s.value.lower(): s for s in SUITS}, **{s.symbol: s for s in SUITS}}
_NO_TRUMP_WORDS = ("none", "no-trumps", "notrumps", "nt")
#: The suits' names in texts for learners (translated where shown; SUIT_NAMES is notation).
SUIT_TEXTS = {Suit.CLUBS: M("clubs"), Suit.DIAMONDS: M("diamonds"), Suit.HEARTS: M("hearts"), Suit.SPADES: M("spades")}
#: Why the highest card of the suit led wins a trick, per suit (a message template: ``{card}``).
_LED_WINS = {Suit.CLUBS: N_("{card} is the highest club, the suit led"),
             Suit.DIAMONDS: N_("{card} is the highest diamond, the suit led"),
             Suit.HEARTS: N_("{card} is the highest heart, the suit led"),
             Suit.SPADES: N_("{card} is the highest spade, the suit led")}


# --------------------------------------------------------------------------- trump orders

@dataclass(frozen=True, slots=True)
class Trumps:
    """The trump suit (``None``: no trumps), permanent trumps and the rank order of the deal.

    ``permanent`` lists cards, highest first, that are trumps whatever their printed suit and
    rank above every other card; they belong to the trump suit when following. ``order`` ranks
    every other card within its suit, lowest first (aces high by default).

    >>> Trumps(Suit.HEARTS).strength(Card.parse("KH")) > Trumps(Suit.HEARTS).strength(Card.parse("QH"))
    True
    >>> Trumps(None).name
    'no trumps'
    """

    suit: Suit | None = None
    permanent: tuple[Card, ...] = ()
    order: tuple[Rank, ...] = RANKS
    _suits: dict = field(init=False, compare=False, repr=False)
    _strengths: dict = field(init=False, compare=False, repr=False)
    #: Per card led, per seat, the moves playing a card that follows it (card -> move; see :func:`playable_moves`).
    _follow_moves: dict = field(init=False, compare=False, repr=False)
    #: Per suit led, each card's power to take the trick: trumps above the suit led, any other card below both.
    _power: dict = field(init=False, compare=False, repr=False)
    #: Whether a card is a trump (``frozenset.__contains__``; no trumps: none is).
    _trump: Callable[[Card], bool] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        if self.suit is not None and self.suit not in SUITS:
            raise OptionsError(M("trumps are one of the four suits, not {suit!r}", suit=self.suit))
        if self.permanent and self.suit is None:
            raise OptionsError(M("permanent trumps need a trump suit to belong to"))
        suits: dict[Card, Suit] = {}
        strengths: dict[Card, int] = {}
        top = len(self.order)
        for card in standard_pack():
            if card in self.permanent:
                suits[card] = self.suit  # type: ignore[assignment]  # permanent trumps come with a trump suit
                strengths[card] = top + len(self.permanent) - self.permanent.index(card)
            elif card.rank in self.order:
                suits[card] = card.suit
                strengths[card] = self.order.index(card.rank)
        members = {suit: tuple({c: _PLAY_MOVES[p][c] for c in suits if suits[c] is suit} for p in range(4))
                   for suit in SUITS}
        top = 2 * (top + len(self.permanent))
        power = {led: {c: strengths[c] + (2 * top if suits[c] is self.suit else top if suits[c] is led else 0)
                       for c in suits} for led in SUITS}
        object.__setattr__(self, "_suits", suits)
        object.__setattr__(self, "_strengths", strengths)
        object.__setattr__(self, "_follow_moves", {card: members[suit] for card, suit in suits.items()})
        object.__setattr__(self, "_power", power)
        object.__setattr__(self, "_trump", frozenset(c for c in suits if suits[c] is self.suit).__contains__)

    @property
    def name(self) -> str:
        """``'hearts'`` or ``'no trumps'``."""
        return "no trumps" if self.suit is None else SUIT_NAMES[self.suit]

    @property
    def text(self) -> Message:
        """The name in a text for learners (translated where shown)."""
        return M("no trumps") if self.suit is None else SUIT_TEXTS[self.suit]

    def suit_of(self, card: Card) -> Suit:
        """The suit ``card`` belongs to for following (a permanent trump: the trump suit)."""
        return self._suits[card]

    def count(self, cards: Iterable[Card]) -> int:
        """How many of ``cards`` are trumps.

        >>> from ..cards import parse_cards
        >>> Trumps(Suit.HEARTS).count(parse_cards("2H AS KH")), Trumps(None).count(parse_cards("2H"))
        (2, 0)
        """
        return sum(map(self._trump, cards))

    def is_trump(self, card: Card) -> bool:
        return self._trump(card)

    def strength(self, card: Card) -> int:
        """How high ``card`` ranks within its suit (higher wins); permanent trumps top all."""
        return self._strengths[card]

    def suit_label(self, suit: Suit) -> Message:
        """``'trumps (hearts)'`` for the trump suit, else the suit's name."""
        return M("trumps ({suit})", suit=SUIT_TEXTS[suit]) if suit is self.suit else SUIT_TEXTS[suit]



def parse_trump(text: str) -> Suit | None:
    """A trump call's word: ``'hearts'``, ``'H'``, ``'♥'`` or ``'none'`` (no trumps, ``None``).

    >>> parse_trump("Hearts"), parse_trump("none")
    (<Suit.HEARTS: 'H'>, None)
    """
    word = text.strip().lower()
    if word in _NO_TRUMP_WORDS:
        return None
    if word in _SUIT_WORDS:
        return _SUIT_WORDS[word]
    raise MoveParseError(M("“{text}” is not a trump call: write “clubs”, “diamonds”, “hearts” or “spades” (or C D H "
                           "S, ♣ ♦ ♥ ♠), or “none” for no trumps", text=text))


# --------------------------------------------------------------------------- tricks

class Play(NamedTuple):
    """One card put on a trick, and who put it there."""

    player: int
    card: Card

    def __str__(self) -> str:
        return f"P{self.player + 1} {self.card}"


class TrickRecord(NamedTuple):
    """A finished trick: the cards in the order played, who won it, and why."""

    plays: tuple[Play, ...]
    winner: int
    why: Text

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple([play.card for play in self.plays])


#: One hand per player.
Hands = tuple[tuple[Card, ...], ...]
#: Per player, the tricks won this deal (each trick's cards in the order played).
Won = tuple[tuple[tuple[Card, ...], ...], ...]


def by_suit(cards: Iterable[Card]) -> tuple[Card, ...]:
    """A tidy hand: grouped by printed suit (clubs, diamonds, hearts, spades), low to high.

    >>> from ..cards import parse_cards
    >>> by_suit(parse_cards("AS 2H 10C 3H"))
    (Card('10♣'), Card('2♥'), Card('3♥'), Card('A♠'))
    """
    return tuple(sorted(cards, key=_SUIT_ORDER.__getitem__))


#: Each card's place in :func:`by_suit` order, a number (read on every deal: numbers compare
#: faster than the ``(suit letter, rank)`` pairs they are sorted by).
_SUIT_ORDER = {card: place for place, card in enumerate(sorted((Card(r, s) for s in Suit for r in Rank),
                                                              key=lambda card: (card.suit.value, card.rank)))}


def led_suit(trick: Sequence[Play], trumps: Trumps) -> Suit | None:
    """The suit to follow (the first card's suit for following), or ``None`` before the lead."""
    return trumps.suit_of(trick[0].card) if trick else None


def playable_moves(seat: int, hand: Sequence[Card], trick: Sequence[Play], trumps: Trumps) -> list[TrickMove]:
    """The moves of ``seat`` putting a card of ``hand`` on ``trick``: the led suit if held, else
    any card (the one statement of the rule; one shared move per seat and card).

    >>> from ..cards import parse_cards
    >>> [str(m) for m in playable_moves(1, parse_cards("2H 9H AS"), (Play(0, Card.parse("KH")),), Trumps(None))]
    ['P2 play 2♥', 'P2 play 9♥']
    """
    if trick:  # on every move's path: one look-up a card, no loop in Python
        follows = [*filter(None, map(trumps._follow_moves[trick[0][1]][seat].get, hand))]
        if follows:
            return follows
    return list(map(_PLAY_MOVES[seat].__getitem__, hand))


def playable(hand: Sequence[Card], trick: Sequence[Play], trumps: Trumps) -> tuple[Card, ...]:
    """The cards of ``hand`` that may go on ``trick`` (:func:`playable_moves`).

    >>> t = Trumps(Suit.SPADES)
    >>> from ..cards import parse_cards
    >>> playable(parse_cards("2H 9H AS"), (Play(0, Card.parse("KH")),), t)
    (Card('2♥'), Card('9♥'))
    """
    return tuple([cast(Card, move[2]) for move in playable_moves(0, hand, trick, trumps)])


def _counted(card: Card, trumps: Trumps) -> Text:
    """``, as J♥ counts as clubs`` for a card that follows another suit than its own, else nothing."""
    mine = trumps.suit_of(card)
    return M(", as {card} counts as {suit}", card=card, suit=trumps.suit_label(mine)) if mine is not card.suit else ""


# Why a card may go on a trick or not (a follow step's values: the card, the trick's trumps, the cards held).
_LEADS = Why(True, "", N_("{card} leads the trick: any card may lead"))
_FOLLOWS = Why(True, "", N_("{card} follows {suit}{counted}"),
               make=lambda card, trumps, held: dict(card=card, suit=trumps.suit_label(trumps.suit_of(card)),
                                                     counted=_counted(card, trumps)))
_MUST_FOLLOW = Why(False, "", N_("you must follow {suit}: you hold {cards}{counted}"),
                   make=lambda card, trumps, held: dict(suit=trumps.suit_label(trumps.suit_of(held[0])),
                                                         cards=cards_text(held), counted=_counted(card, trumps)))
_NO_SUIT_TRUMP = Why(True, "", N_("no {suit} in hand, so any card may be played: {card}, a trump"),
                     make=lambda card, trumps, led: dict(suit=trumps.suit_label(led), card=card))
_NO_SUIT = Why(True, "", N_("no {suit} in hand, so any card may be played: {card}"),
               make=lambda card, trumps, led: dict(suit=trumps.suit_label(led), card=card))


def follow_step(hand: Sequence[Card], card: Card, trick: Sequence[Play], trumps: Trumps) -> tuple[Any, ...]:
    """Whether ``card`` (held in ``hand``) may go on ``trick``, as a step ``(why, *values)``
    (:class:`~danish_nb.checks.Why`; its rule is the game's, see :class:`CardPlay`): decided
    by :func:`playable`, the one statement of the rule, the words made only when read."""
    led = led_suit(trick, trumps)
    if led is None:
        return _LEADS, card
    allowed = playable(hand, trick, trumps)
    if card not in allowed:
        return _MUST_FOLLOW, card, trumps, allowed
    if trumps.suit_of(card) is led:
        return _FOLLOWS, card, trumps, allowed
    return (_NO_SUIT_TRUMP if trumps.is_trump(card) else _NO_SUIT), card, trumps, led


def follow_check(hand: Sequence[Card], card: Card, trick: Sequence[Play], trumps: Trumps) -> tuple[bool, Message]:
    """Whether ``card`` (held in ``hand``) may go on ``trick``, and why in a sentence (:func:`follow_step`).

    >>> from ..cards import parse_cards
    >>> ok, why = follow_check(parse_cards("2H AS"), Card.parse("AS"), (Play(0, Card.parse("KH")),), Trumps(None))
    >>> ok, str(why), why.render("de")
    (False, 'you must follow hearts: you hold the two of hearts', 'du musst Herz bedienen: du hast Herz-Zwei')
    """
    why, *values = follow_step(hand, card, trick, trumps)
    return why.ok, cast(Message, why.text(values))


def trick_winner(trick: Sequence[Play], trumps: Trumps) -> tuple[Play, Message]:
    """The play that wins a complete trick, and why: the highest trump if any trump was played,
    else the highest card of the suit led.

    >>> from ..cards import parse_cards
    >>> trick = tuple(Play(p, c) for p, c in enumerate(parse_cards("AS 2H KS")))
    >>> str(trick_winner(trick, Trumps(Suit.HEARTS))[1]), trick_winner(trick, Trumps(None))[1].render("de")
    ('the two of hearts is the only trump', 'Pik-Ass ist die höchste Karte in Pik, der ausgespielten Farbe')
    """
    if not trick:
        raise ValueError("an empty trick has no winner")
    cards = [play.card for play in trick]
    best, why = taken_by(cards, trumps)
    return trick[best], why


def taken_by(cards: Sequence[Card], trumps: Trumps) -> tuple[int, Message]:
    """Which of the ``cards`` of a trick (in the order played) takes it, and why (see :func:`trick_winner`)."""
    suits, trump = trumps._suits, trumps.suit  # read inline: once a trick
    led = suits[cards[0]]
    best = max(cards, key=trumps._power[led].__getitem__)  # the first of equal cards (several packs)
    if trump is not None and suits[best] is trump:
        return cards.index(best), _why(_ONLY_TRUMP if trumps.count(cards) == 1 else _HIGHEST_TRUMP, best)
    return cards.index(best), _why(_LED_WINS[led], best)


_ONLY_TRUMP = N_("{card} is the only trump")
_HIGHEST_TRUMP = N_("{card} is the highest trump")


@lru_cache(maxsize=1024)
def _why(template: str, card: Card) -> Message:
    """Why ``card`` won a trick (one of :func:`trick_winner`'s templates), one shared message
    per template and card (a history holds each once)."""
    return Message(template, card=card)


def seat_name(seat: int) -> str:
    """A seat (from 0) as the words of a check name it, made only when read: ``seat_name(0)`` is ``'P1'``."""
    return f"P{seat + 1}"


#: A check's words showing a seat as ``P1`` (a :class:`~danish_nb.checks.Why`'s ``shows``).
SHOWS_WHO = {"who": seat_name}


def tricks_won(won: Sequence[Sequence[Sequence[Card]]]) -> tuple[int, ...]:
    """How many tricks each player has won, from each player's won tricks."""
    return tuple(map(len, won))


def cards_won(tricks: Sequence[Sequence[Card]]) -> tuple[Card, ...]:
    """Every card of one player's won tricks (joined in C: scoring reads it once a deal per player)."""
    return tuple([*chain.from_iterable(tricks)])


def voids(tricks: Iterable[TrickRecord], trick: Sequence[Play], trumps: Trumps | None,
          players: int) -> tuple[frozenset[Suit], ...]:
    """Per player, the suits they showed they hold none of by not following them this deal
    (finished ``tricks`` and the ``trick`` on the table): public knowledge.

    >>> from ..cards import parse_cards
    >>> trick = tuple(Play(p, c) for p, c in enumerate(parse_cards("KH AS 2H")))
    >>> voids((), trick, Trumps(None), 3)
    (frozenset(), frozenset({<Suit.HEARTS: 'H'>}), frozenset())
    """
    out: list[set[Suit]] = [set() for _ in range(players)]
    for plays in [t.plays for t in tricks] + [tuple(trick)]:
        if plays:
            led = trumps.suit_of(plays[0].card)  # type: ignore[union-attr]  # no trick before the trumps
            for play in plays[1:]:
                if trumps.suit_of(play.card) is not led:  # type: ignore[union-attr]
                    out[play.player].add(led)
    return tuple(map(frozenset, out))


def played_by(tricks: Iterable[TrickRecord], trick: Sequence[Play], seat: int) -> tuple[Card, ...]:
    """The cards ``seat`` played this deal, to finished ``tricks`` and the ``trick`` on the table."""
    return tuple(play.card for plays in [t.plays for t in tricks] + [tuple(trick)]
                 for play in plays if play.player == seat)


# --------------------------------------------------------------------------- moves

class TrickMove(NamedTuple):
    """A trick-game move: ``P1 play 7♥`` (a card on the trick), ``P1 trump hearts`` /
    ``P1 trump none`` (name the trump suit, or no trumps); in games with an auction also
    ``P1 bid strike`` (a bid), ``P1 pass`` and ``P1 discard 10♥ K♦`` (lay cards aside).

    >>> str(TrickMove(0, "bid", bid="slam")), str(TrickMove(2, "discard", cards=(Card.parse("10H"), Card.parse("KD"))))
    ('P1 bid slam', 'P3 discard 10♥ K♦')
    """

    player: int
    action: str
    card: Card | None = None
    suit: Suit | None = None
    cards: tuple[Card, ...] = ()
    bid: str | None = None

    def __str__(self) -> str:
        problem = move_problem(self)
        if problem:
            return f"malformed move ({problem})"
        head = f"P{self.player + 1} {self.action}"
        if self.action == "play":
            return f"{head} {self.card}"
        if self.action == "trump":
            return f"{head} {'none' if self.suit is None else SUIT_NAMES[self.suit]}"
        if self.action == "bid":
            return f"{head} {self.bid}"
        if self.action == "discard":
            return f"{head} {format_cards(self.cards)}"
        return head

    def text_for(self, viewer: int | None, reveal_hands: bool = False, lang: str = "en") -> str:
        """The move as ``viewer`` may read it (in ``lang``): cards laid aside are seen by their owner only.

        >>> TrickMove(2, "discard", cards=(Card.parse("10H"), Card.parse("KD"))).text_for(0)
        'P3 discard 2 cards'
        """
        if self.action == "discard" and viewer != self.player:
            return render_text(M("P{player} discard {cards}", player=self.player + 1, cards=n_cards(len(self.cards))),
                               lang=lang)
        return str(self)

    def words(self) -> Text:
        """The move in words, as a button or a verdict says it (a message, rendered in the
        reader's language: see :func:`danish_nb.words.move_words`); the cards of a discard
        are the player's secret (the others read how many).

        >>> m = TrickMove(2, "discard", cards=(Card.parse("10H"), Card.parse("KD")))
        >>> render_text(m.words(), viewer=2), render_text(m.words(), viewer=0, lang="fr")
        ('Discard the ten of hearts and the king of diamonds', 'Écarter 2 cartes')
        >>> str(TrickMove(0, "trump", suit=Suit.HEARTS).words()), TrickMove(0, "trump").words().render("de")
        ('Make hearts trumps', 'Ohne Trumpf spielen')
        """
        if move_problem(self):
            return NOT_WELL_FORMED
        if self.action == "play" and self.card is not None:
            return M("Play {card}", card=self.card)
        if self.action == "trump":
            if self.suit is None:
                return M("Play without trumps")
            return M("Make {suit} trumps", suit=SUIT_TEXTS[self.suit])
        if self.action == "bid" and self.bid is not None:
            return M("Bid {bid}", bid=BID_NAMES.get(self.bid, self.bid))
        if self.action == "discard" and self.cards:
            return (Private(self.cards, self.player, M("Discard {cards}", cards=n_cards(len(self.cards))),
                            in_hand=False, text=M("Discard {cards}", cards=Listed(self.cards))),)
        return M("Pass") if self.action == "pass" else NOT_WELL_FORMED

    def phrase(self) -> Text:
        """The move as the infinitive phrase a practice question is built around ("may you
        declare no trumps?": see :func:`danish_nb.practice.words.move_words`); a bid by the
        name its game registers (:data:`BID_NAMES`).

        >>> TrickMove(0, "trump").phrase().render("en"), TrickMove(0, "bid", bid="strike").phrase().render("en")
        ('declare no trumps', 'bid Strike')
        """
        action = self.action
        if action == "play":
            return M("play {cards}", cards=Listed((self.card,)))
        if action == "bid":
            return M("bid {bid}", bid=BID_NAMES[self.bid or ""])
        if action == "trump":
            if self.suit is None:
                return M("declare no trumps")
            return M("name {suit} as trumps", suit=SUIT_TEXTS[self.suit])
        if action == "discard":
            return M("lay aside {cards}", cards=Listed(self.cards))
        return M("say pass")

    @property
    def blind(self) -> bool:
        """Whether the move plays a card nobody saw before: never in a trick game."""
        return False


#: The bids of the trick games with an auction, in words (a game registers its own: Sjavs's
#: Play, Strike and Slam); a bid's name is one word in each language.
BID_NAMES: dict[str, Message] = {}


def move_problem(move: Any) -> str | None:
    """What is wrong with the fields of a would-be :class:`TrickMove`, or ``None``.

    >>> move_problem(TrickMove(True, "pass")), move_problem(TrickMove(0, "play", "7H"))
    ('its player is not a whole number', 'its card is not a card')
    """
    if not isinstance(move, TrickMove):
        return f"a {type(move).__name__} is not a trick-game move"
    if isinstance(move.player, bool) or not isinstance(move.player, int):
        return "its player is not a whole number"
    if not isinstance(move.action, str):
        return "its action is not a word"
    if move.card is not None and not isinstance(move.card, Card):
        return "its card is not a card"
    if move.suit is not None and move.suit not in SUITS:
        return "its suit is not one of the four suits"
    if move.cards != () and (not isinstance(move.cards, tuple) or not all(isinstance(c, Card) for c in move.cards)):
        return "its cards are not a tuple of cards"
    if move.bid is not None and not isinstance(move.bid, str):
        return "its bid is not a word"
    uses = FIELDS_USED.get(move.action, ())
    extra = [name for name in ("card", "suit", "cards", "bid") if name not in uses and getattr(move, name)]
    if move.action in FIELDS_USED and extra:
        return f"a {move.action} move has no {extra[0]}"
    return None


#: The fields each action fills (the others stay empty): ``P1 trump hearts`` names a suit only.
FIELDS_USED = {"play": ("card",), "trump": ("suit",), "bid": ("bid",), "discard": ("cards",), "pass": ()}


def parse_trick_move(text: str, actions: Iterable[str] = ("play", "trump"),
                     bids: Sequence[str] = ()) -> TrickMove:
    """Read ``'P1 play 7H'`` (or ``7♥``), ``'P2 trump hearts'``, ``'P2 trump none'``; where
    ``actions`` allow them, ``'P1 bid strike'`` (one of ``bids``), ``'P1 pass'`` and
    ``'P1 discard 10H KD'`` (cards written in :func:`by_suit` order whatever order they are
    typed in, so one discard has one notation).

    Raises :class:`MoveParseError` saying what was expected.

    >>> str(parse_trick_move("p2 discard kd 10h", ("discard",)))
    'P2 discard K♦ 10♥'
    >>> str(parse_trick_move("P1 bid Strike", ("bid", "pass"), bids=("play", "strike")))
    'P1 bid strike'
    """
    if not isinstance(text, str):
        raise MoveParseError(M("a move is text like “P1 play 7H”, not {kind}", kind=type(text).__name__))
    allowed = tuple(actions)
    usage = M("write a player then an action, e.g. “P1 play 7H” or “P1 trump hearts” (the actions are {actions})",
              actions=quoted_notation(allowed))
    words = text.split()
    if len(words) < 2:
        raise MoveParseError(M("“{text}” is not a move: {usage}", text=text, usage=usage))
    who, action, args = words[0], words[1].lower(), words[2:]
    player = parse_player(who, text, usage)
    if action not in allowed:
        raise MoveParseError(M("In “{text}”, “{words}” is an unknown action: {usage}", text=text, words=words[1],
                               usage=usage))
    if action == "play":
        if len(args) != 1:
            raise MoveParseError(M("In “{text}”, “play” takes exactly one card, e.g. “P1 play 7H”", text=text))
        try:
            return TrickMove(player, action, Card.parse(args[0]))
        except CardParseError as exc:
            raise MoveParseError(M("In “{text}”, {error}", text=text, error=exc)) from None
    if action == "trump":
        if len(args) != 1:
            raise MoveParseError(M("In “{text}”, “trump” takes a suit or “none”, e.g. “P1 trump hearts”", text=text))
        return TrickMove(player, action, None, parse_trump(args[0]))
    if action == "bid":
        if len(args) != 1 or args[0].lower() not in bids:
            raise MoveParseError(M("In “{text}”, “bid” takes one bid ({bids}), e.g. “P1 bid {first}”",
                                   text=text, bids=quoted_notation(bids), first=bids[0])
                                 if bids else M("In “{text}”, “bid” is not a move: this game has no bids", text=text))
        return TrickMove(player, action, bid=args[0].lower())
    if action == "discard":
        if not args:
            raise MoveParseError(M("In “{text}”, “discard” takes the cards laid aside, e.g. “P1 discard 10H KD”",
                                   text=text))
        try:
            cards = tuple(Card.parse(arg) for arg in args)
        except CardParseError as exc:
            raise MoveParseError(M("In “{text}”, {error}", text=text, error=exc)) from None
        return TrickMove(player, action, cards=by_suit(cards))
    if args:
        raise MoveParseError(M("In “{text}”, “{action}” takes nothing after it", text=text, action=action))
    return TrickMove(player, action)


# --------------------------------------------------------------------------- matches

#: The reasons score lines give, by key (see :func:`score_reason`).
SCORE_REASONS: dict[str, Why] = {}


def score_reason(key: str, why: Why) -> str:
    """Register ``why`` (a :class:`~danish_nb.checks.Why`: a rule, a ruling, words made when read)
    as the reason of score lines under ``key``, and return the key: a line names its reason by
    key, so a state kept or sent (pickled) holds no function and compares equal when restored."""
    SCORE_REASONS[key] = why
    return key


class ScoreLine(NamedTuple):
    """One line of a deal's score explanation: whose points, how many, and why, as a step
    ``(reason, *values)`` (a key of :func:`score_reason`: the rule and ruling the line rests on,
    and its words, made only when read, so scoring a deal builds no text).

    >>> line = ScoreLine(0, 3, (score_reason("X-1 tricks", Why(True, "X-1", "{who}: 3 tricks", "X-a")), "P1"))
    >>> str(line.text), line.rule_id, line.ruling_id
    ('P1: 3 tricks', 'X-1', 'X-a')
    """

    player: int
    points: int
    step: Step

    @property
    def text(self) -> Text:
        """The line in words (a message, translated when shown)."""
        return step_words(self.step)

    @property
    def rule_id(self) -> str:
        return SCORE_REASONS[self.step[0]].rule_id

    @property
    def ruling_id(self) -> str | None:
        return SCORE_REASONS[self.step[0]].ruling_id

    def event(self, catalogue: Catalogue) -> Event:
        """The ``'score'`` event of this line, citing its rule and ruling from ``catalogue``."""
        ruling = catalogue.ruling(self.ruling_id) if self.ruling_id else None
        return Event("score", self.player, self.text, (), catalogue[self.rule_id], ruling)


#: ``score_line((player, points, step))`` is ``ScoreLine(player, points, step)`` made by one C call
#: (a NamedTuple's ``__new__`` runs in Python; every deal builds several lines).
score_line = cast(Callable[[tuple[int, int, Step]], ScoreLine], partial(tuple.__new__, ScoreLine))


def step_words(step: Step) -> Text:
    """The words of a score step ``(reason, *values)`` (also a value a reason shows)."""
    return SCORE_REASONS[step[0]].text(step[1:])


def seat_points(points: Sequence[int], signed: bool = False) -> Listed:
    """Each seat's points as a list joined as the reader's language joins one (``signed``: a
    deal's points, written ``+3``).

    >>> str(seat_points((3, -1, 5))), seat_points((3, -1, 5), signed=True).text_in("fr")
    ('P1 3, P2 -1 and P3 5', 'P1 +3, P2 -1 et P3 +5')
    """
    if signed:
        return joined(M("P{seat} {points:+d}", seat=seat + 1, points=pts) for seat, pts in enumerate(points))
    return joined(M("P{seat} {points}", seat=seat + 1, points=pts) for seat, pts in enumerate(points))


@lru_cache(maxsize=64)
def n_tricks(count: int) -> Message:
    """``'1 trick'``, ``'3 tricks'`` (a message, shown in the reader's language; one shared
    message per count).

    >>> str(n_tricks(1)), str(n_tricks(0))
    ('1 trick', '0 tricks')
    """
    return _n("{n} trick", "{n} tricks", count)


@dataclass(frozen=True)
class EndgameScoring:
    """What a trick game tells the exact endgame solver (``agents/endgame.py``) about a deal,
    from ``player``'s side (its :attr:`~danish_nb.core.GameParts.endgame` hook): the seats on
    that side; per card (in the solver's order) its class (cards of one class that touch are one
    move) and what winning it gains the side now (``gain``); the bit masks of the cards scored at
    the end (``counting``) and of every card that scores (``scoring``); whether the value is
    scored at the end from what the side carried (``final(acc)``: the tricks in the low 8 bits,
    card ``i``'s bit at ``i + 8``) or summed as it goes (from ``start``); the tricks carried at
    the start (``acc0``); and the value's unit."""

    side: frozenset[int]
    klass: list[int]
    gain: list[int]
    counting: int
    scoring: int
    scored_at_end: bool
    start: int
    acc0: int
    final: Callable[[int], int]
    unit: str


@dataclass(frozen=True, slots=True)
class DealScore:
    """The score of one deal (numbered from 0), with its explanation line by line."""

    deal: int
    dealer: int
    points: tuple[int, ...]
    lines: tuple[ScoreLine, ...]

    def explanation(self, player: int | None = None, lang: str = "en") -> list[str]:
        """The lines of one player (or everyone's), each player's ending with their deal total (in ``lang``).

        >>> line = ScoreLine(0, 3, (score_reason("X-1", Why(True, "X-1", "P1: 3 tricks: +3")),))
        >>> DealScore(0, 2, (3, 0), (line,)).explanation()
        ['P1: 3 tricks: +3', 'P1: deal total +3', 'P2: deal total +0']
        """
        seats = range(len(self.points)) if player is None else (player,)
        text: list[str] = []
        for seat in seats:
            text += [render_text(line.text, lang=lang) for line in self.lines if line.player == seat]
            text.append(render_text(M("P{seat}: deal total {points:+d}", seat=seat + 1, points=self.points[seat]),
                                    lang=lang))
        return text


#: A row of the running score table: deal number (from 1), that deal's points, totals after it.
ScoreRow = tuple[int, tuple[int, ...], tuple[int, ...]]


def score_table(scores: tuple[int, ...], history: Sequence[DealScore]) -> list[ScoreRow]:
    """The running score table: per finished deal, (deal number from 1, its points, the totals
    after it). ``scores`` are the totals now (a set-up match may start from other totals).

    >>> score_table((4, 1), [DealScore(0, 1, (3, -1), ()), DealScore(1, 0, (1, 2), ())])
    [(1, (3, -1), (3, -1)), (2, (1, 2), (4, 1))]
    """
    running = [total - sum(d.points[seat] for d in history) for seat, total in enumerate(scores)]
    rows = []
    for deal in history:
        running = [a + b for a, b in zip(running, deal.points)]
        rows.append((deal.deal + 1, deal.points, tuple(running)))
    return rows


def deal_seed(seed: int, deal: int) -> int:
    """The shuffle seed of deal number ``deal`` (from 0) of a match started with ``seed``: a pure
    function, so a record (seed + moves) replays every re-deal.

    >>> deal_seed(7, 1) == deal_seed(7, 1) != deal_seed(7, 2)
    True
    """
    digest = hashlib.sha256(f"danish-nb/deal/{seed}/{deal}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


@dataclass(frozen=True, slots=True)
class Match:
    """The running match around the deals: deal number (from 0), dealer, seed for re-deals,
    cumulative scores and every finished deal's :class:`DealScore`.

    >>> m = Match(seed=7, deal=0, dealer=2, scores=(0, 0, 0))
    >>> m2 = m.scored(DealScore(0, 2, (3, -1, 5), ())).next_deal()
    >>> m2.deal, m2.dealer, m2.scores
    (1, 0, (3, -1, 5))
    """

    seed: int
    deal: int
    dealer: int
    scores: tuple[int, ...]
    history: tuple[DealScore, ...] = ()

    @property
    def players(self) -> int:
        return len(self.scores)

    @property
    def shuffle_seed(self) -> int:
        """The seed of this deal's shuffle."""
        return deal_seed(self.seed, self.deal)

    @property
    def first_player(self) -> int:
        """The player left of (clockwise after) the dealer."""
        return (self.dealer + 1) % self.players

    def scored(self, score: DealScore) -> Match:
        """The match with a finished deal's points added to the totals."""
        totals = tuple([*map(add, self.scores, score.points)])  # a C loop
        return _match(self.seed, self.deal, self.dealer, totals, self.history + (score,))

    def next_deal(self) -> Match:
        """The next deal: its number, and the deal passes to the left."""
        return _match(self.seed, self.deal + 1, (self.dealer + 1) % len(self.scores), self.scores, self.history)


# Every deal builds a DealScore and two Matches: by :func:`~danish_nb.core.builder`, a quarter
# of the cost of the dataclass's ``__init__``.
_match = builder(Match)
#: ``deal_score(deal, dealer, points, lines)`` is ``DealScore(deal, dealer, points, lines)``, built fast.
deal_score = builder(DealScore)


# --------------------------------------------------------------------------- views

#: How many dealings :meth:`TrickView.sample_world` tries before giving up (a dealing is
#: refused only when it breaks a rule the play showed, e.g. a pass that was an obligation to bid).
MAX_SAMPLE_TRIES = 10_000


@dataclass(frozen=True, slots=True)
class TrickView:
    """What one player (or a spectator, ``me=None``) may know of a trick-taking table.

    Only the viewer's own hand is shown (every hand in teaching mode); won tricks are counted,
    and only the last finished trick stays visible.
    """

    game: str
    players: int
    me: int | None
    hands: tuple[tuple[Card, ...] | None, ...]
    hand_counts: tuple[int, ...]
    trick: tuple[Play, ...]
    leader: int
    trumps: Trumps | None
    tricks_won: tuple[int, ...]
    last_trick: TrickRecord | None
    scores: tuple[int, ...]
    deal_scores: tuple[DealScore, ...]
    deal: int
    deals: int | None
    dealer: int
    current: int | None
    phase: str
    result: Any
    note: Text = ""
    won: tuple[tuple[tuple[Card, ...], ...], ...] = ()
    tricks: tuple[TrickRecord, ...] = ()
    options: Any = None

    @property
    def hand(self) -> tuple[Card, ...] | None:
        """The viewer's own hand (``None`` for a spectator)."""
        return None if self.me is None else self.hands[self.me]

    def score_table(self) -> list[ScoreRow]:
        """Per finished deal: (deal number from 1, its points, the running totals)."""
        return score_table(self.scores, self.deal_scores)

    @property
    def trump_name(self) -> str:
        """``'hearts'``, ``'no trumps'``, or ``''`` before trumps are named."""
        return "" if self.trumps is None else self.trumps.name

    @property
    def voids(self) -> tuple[frozenset[Suit], ...]:
        """Per player, the suits they showed they hold none of (see :func:`voids`)."""
        return voids(self.tricks, self.trick, self.trumps, self.players)

    def seen_cards(self) -> list[Card]:
        """Every card of the deal the viewer sees or saw: hands shown, the trick, won tricks."""
        cards = [play.card for play in self.trick] + [c for tricks in self.won for c in cards_won(tricks)]
        return cards + [c for hand in self.hands if hand is not None for c in hand]

    def hidden_places(self) -> list[tuple[str, int, frozenset[Suit]]]:
        """(place, how many cards, suits it cannot hold) for every place the viewer cannot see:
        ``'hand 2'`` is player 2's hand (0-based), which holds no suit that player failed to follow."""
        gaps = self.voids
        return [(f"hand {seat}", self.hand_counts[seat], gaps[seat])
                for seat, hand in enumerate(self.hands) if hand is None]

    def sample_world(self, rng: random.Random) -> Any:
        """A complete state of this game consistent with everything the viewer knows: their hand,
        the cards played this deal, trumps, the bids and a skat they saw; the cards they have not
        seen are dealt at random into the places they cannot see, with the right counts, and no
        hand gets a suit its player failed to follow. The game's ``world(view, hands, skat,
        seed)`` builds the state, or refuses (``None``) a dealing the play rules out in another
        way (a Sjavs pass that would have broken the obligation to bid); the match seed, which
        shuffles later deals, is drawn afresh.

        >>> import danish_nb as dn
        >>> g = dn.new_game("bastard", players=3, seed=2)
        >>> _ = g.play("P1 trump hearts"); _ = g.play(g.legal_moves()[0])
        >>> world = g.state.view(1).sample_world(random.Random(0))
        >>> world.view(1) == g.state.view(1), world.hands[1] == g.state.hands[1]
        (True, True)
        """
        rules = get_game(self.game)
        places = self.hidden_places()
        pack: Counter[Card] = Counter(rules.pack(self.players, self.options))
        pack.subtract(self.seen_cards())
        unseen = list(pack.elements())
        kind = self.trumps.suit_of if self.trumps is not None else None
        for _ in range(MAX_SAMPLE_TRIES):
            dealt = deal_unseen(unseen, [size for _, size, _ in places], kind, [no for _, _, no in places], rng)
            filled = {name: by_suit(cards) for (name, _, _), cards in zip(places, dealt)}
            hands = tuple(hand if hand is not None else filled[f"hand {seat}"]
                          for seat, hand in enumerate(self.hands))
            world = rules.world(self, hands, filled.get("skat", ()), rng.getrandbits(64))
            if world is not None:
                return world
        raise DanishNbError(f"no world agrees with this view after {MAX_SAMPLE_TRIES} tries")

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able dict (cards as codes like ``'7H'``), e.g. to send to a browser."""
        def plays(trick: Iterable[Play]) -> list[list]:
            return [[p.player, CODES[p.card]] for p in trick]
        last = self.last_trick
        return {
            "game": self.game, "players": self.players, "me": self.me,
            "hands": [None if h is None else card_codes(h) for h in self.hands],
            "hand_counts": list(self.hand_counts), "trick": plays(self.trick), "leader": self.leader,
            "trump": self.trump_name, "tricks_won": list(self.tricks_won),
            "last_trick": None if last is None else {"plays": plays(last.plays), "winner": last.winner,
                                                     "why": str(last.why)},
            "scores": list(self.scores),
            "deal_scores": [{"deal": d.deal, "points": list(d.points), "lines": d.explanation()}
                            for d in self.deal_scores],
            "score_table": [[deal, list(points), list(totals)] for deal, points, totals in self.score_table()],
            "deal": self.deal, "deals": self.deals, "dealer": self.dealer, "current": self.current,
            "phase": self.phase, "result": None if self.result is None else str(self.result),
            "note": str(self.note),
            # what the viewer saw and remembers: every finished trick of this deal
            "tricks": [{"plays": plays(t.plays), "winner": t.winner} for t in self.tricks],
        }


@dataclass(frozen=True, slots=True)
class AuctionView(TrickView):
    """A :class:`TrickView` of a game with an auction and a skat (Sjavs): the bids so far, the
    soloist and contract, and the cards out of play, shown only to whom may see them.

    ``skat`` is ``None`` when the viewer may not see the cards out of play (``skat_count``
    still says how many there are); ``card_points`` counts each player's won tricks, which
    everyone saw.
    """

    bids: tuple[tuple[int, str], ...] = ()
    soloist: int | None = None
    contract: str | None = None
    skat: tuple[Card, ...] | None = None
    skat_count: int = 0
    target: Text = ""
    card_points: tuple[int, ...] = ()

    def seen_cards(self) -> list[Card]:
        """The :meth:`TrickView.seen_cards` and the cards out of play if the viewer sees them."""
        return TrickView.seen_cards(self) + list(self.skat or ())

    def hidden_places(self) -> list[tuple[str, int, frozenset[Suit]]]:
        """The :meth:`TrickView.hidden_places` and the ``'skat'`` (the cards out of play) unless
        the viewer sees it."""
        places = TrickView.hidden_places(self)
        if self.skat is None and self.skat_count:
            places.append(("skat", self.skat_count, frozenset()))
        return places

    def to_dict(self) -> dict[str, Any]:
        """The :meth:`TrickView.to_dict` fields plus the auction's."""
        data = TrickView.to_dict(self)
        data.update({
            "bids": [[seat, bid] for seat, bid in self.bids], "soloist": self.soloist,
            "contract": self.contract, "skat": None if self.skat is None else card_codes(self.skat),
            "skat_count": self.skat_count, "target": str(self.target), "card_points": list(self.card_points),
        })
        return data


if TYPE_CHECKING:  # mypy checks that the views implement the View protocol
    _TRICKVIEW: type[View] = TrickView
    _AUCTIONVIEW: type[View] = AuctionView


# --------------------------------------------------------------------------- positions

def position_players(position: Mapping[str, Any], keys: Iterable[str], title: str) -> int:
    """The player count (3 or 4) of a set-up position: ``position['players']`` or the number of
    hands; refuses keys other than ``keys``."""
    check_keys(position, keys)
    hands = position.get("hands")
    players = position.get("players", len(hands) if isinstance(hands, list) else None)
    if isinstance(players, bool) or not isinstance(players, int) or players not in (3, 4):
        raise OptionsError(M("a {title} position needs 'hands' for 3 or 4 players", title=title))
    return players


def position_seed(position: Mapping[str, Any]) -> int:
    """The match seed of a set-up position (it shuffles the later deals)."""
    seed = position.get("seed", 0)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise OptionsError(M("position['seed'] is a whole number"))
    return seed


def position_trick(position: Mapping[str, Any], leader: int, players: int) -> tuple[Play, ...]:
    """The unfinished trick of a set-up position (``position['trick']``, played from ``leader``)."""
    cards = position_cards(position, "trick")
    if len(cards) >= players:
        raise OptionsError(M("position['trick'] holds the cards of an unfinished trick: fewer than {players}",
                             players=players))
    return tuple(Play((leader + i) % players, card) for i, card in enumerate(cards))


def check_pack(cards: Iterable[Card], pack: Iterable[Card], which: Message) -> None:
    """Refuse a position that holds a card twice or a card not in ``pack`` (``which`` names it)."""
    counts = Counter(cards)
    twice = sorted(str(c) for c, n in counts.items() if n > 1)
    if twice:
        raise OptionsError(M("the position holds {items} more than once", items=', '.join(twice[:10])))
    allowed = set(pack)
    foreign = sorted(str(c) for c in counts if c not in allowed)
    if foreign:
        raise OptionsError(M("{items} is not in {which}", items=', '.join(foreign[:10]), which=which))


def check_even(hands: Sequence[Sequence[Card]], trick: Sequence[Play]) -> None:
    """Refuse a position whose hands are uneven (allowing for the cards on the ``trick``) or empty."""
    played = {play.player for play in trick}
    if len({len(hand) + (seat in played) for seat, hand in enumerate(hands)}) != 1:
        raise OptionsError(M("hands must be even: each player holds as many cards as the others, "
                             "one fewer for those who have played to the trick"))
    if not any(hands):
        raise OptionsError(M("a position needs cards in hand: the deal is over"))


def position_seat(position: Mapping[str, Any], key: str, default: int, players: int) -> int:
    """A player (0-based) named under ``key`` of a set-up position."""
    value = position.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < players:
        raise OptionsError(M("position[{key!r}] is a player from 0 to {players}", key=key, players=players - 1))
    return value


def position_whole(position: Mapping[str, Any], key: str, default: int) -> int:
    """A whole number (0 or more) under ``key`` of a set-up position."""
    value = position.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise OptionsError(M("position[{key!r}] is a whole number from 0", key=key))
    return value


def position_hands(position: Mapping[str, Any], players: int) -> tuple[tuple[Card, ...], ...]:
    """One hand per player under ``position['hands']``."""
    value = position.get("hands")
    if not isinstance(value, Sequence) or isinstance(value, str) or len(value) != players:
        raise OptionsError(M("position['hands'] must list one hand per player ({players})", players=players))
    return tuple(by_suit(position_cards({"hand": h}, "hand")) for h in value)


def position_won(position: Mapping[str, Any], players: int) -> tuple[tuple[tuple[Card, ...], ...], ...]:
    """Per player, the tricks already won (``position['won']``: a list of tricks per player, each
    a list of card codes or one string); every trick has one card per player."""
    value = position.get("won")
    if value is None:
        return ((),) * players
    if not isinstance(value, Sequence) or isinstance(value, str) or len(value) != players:
        raise OptionsError(M("position['won'] must list each player's won tricks ({players} lists)", players=players))
    won = []
    for seat, tricks in enumerate(value):
        if not isinstance(tricks, Sequence) or isinstance(tricks, str):
            raise OptionsError(M("position['won'][{seat}] is a list of tricks, e.g. [['AH', '2H', '3H']]", seat=seat))
        cards = tuple(position_cards({"trick": t}, "trick") for t in tricks)
        if any(len(t) != players for t in cards):
            raise OptionsError(M("position['won'][{seat}]: every trick has {players} cards, one per player",
                                 seat=seat, players=players))
        won.append(cards)
    return tuple(won)


class CardPlay(NamedTuple):
    """How a trick game cites the play of a card: the rules of the first lead, the later leads
    and following suit, what the first leader did (``'named trumps and leads'``), the ruling
    on who leads (cited for the first lead) and the one cited for later leads, if any."""

    first_lead: str
    lead: str
    follow: str
    first_leader: Message
    who_leads: str
    lead_ruling: str | None = None


#: What a wrong player is told the right one does, after the first trick.
_LEADS_NEXT, _PLAYS_NEXT = M("won the last trick and leads"), M("plays next (clockwise)")


class MatchState(RulesState):
    """What the state of every trick-taking match shares (a mixin for a frozen dataclass with
    the fields ``match``, ``result``, ``tricks`` and ``_legal``; see :class:`~danish_nb.core.RulesState`)."""

    __slots__ = ()

    @property
    def is_over(self) -> bool:
        return self.result is not None

    @property
    def scores(self) -> tuple[int, ...]:
        """The match totals so far (deals finished)."""
        return self.match.scores

    @property
    def last_trick(self) -> TrickRecord | None:
        """The deal's last finished trick (``None`` before the first)."""
        return self.tricks[-1] if self.tricks else None

    @property
    def deal_scores(self) -> tuple[DealScore, ...]:
        """Every finished deal's score, each with its explanation line by line."""
        return self.match.history

    move_type = TrickMove

    def well_formed(self, move: Any) -> bool:
        """Whether ``move`` is a :class:`TrickMove` whose fields have their types (a card play
        is checked inline: it is on every move's path)."""
        if type(move) is TrickMove and type(move.player) is int and type(move.card) is Card and \
                move.action == "play" and move.suit is None and move.cards == () and move.bid is None:
            return True
        return move_problem(move) is None

    def _malformed(self, move: Any, actions: Sequence[str]) -> str | None:
        """What makes ``move`` no move of this game (its fields, or an action it does not have)."""
        problem = move_problem(move)
        if problem is None and move.action not in actions:
            problem = f"it has no action {move.action[:20]!r}"
        return problem

    #: The game's rules for playing a card (see :class:`CardPlay`).
    card_play: ClassVar[CardPlay]

    def _generate_moves(self) -> list[TrickMove]:
        """The legal moves: in the trick play, the moves :func:`playable_moves` allows (the rule the
        card check decides by); before it, those of the game's candidates ``_phase_moves(p)``
        (a trump call, bids, discards ...) that its check ``_check`` passes."""
        if self.result is not None:
            return []
        trick = self.trick
        if trick or self.phase == "play":  # one shared move per card
            p = (self.leader + len(trick)) % self.players  # current_player in the trick play, read inline
            return playable_moves(p, self.hands[p], trick, self.trumps)
        check = self._check_phase
        return [move for move in self._phase_moves(self.current_player) if check(move)[0].ok]  # passes(step)

    def _check_phase(self, move: TrickMove) -> Step:
        """The step deciding a well-formed move while the match goes on (each game writes its own)."""
        raise NotImplementedError

    def _note(self) -> Text:
        """A line on what happens now: the result, who leads or follows what, or the game's
        ``_phase_note(p)`` before the trick play."""
        if self.result is not None:
            return self.result.text
        p = self.current_player
        if self.phase != "play":
            return self._phase_note(p)
        if not self.trick:
            return M("P{p} leads ({lead_note})", p=p + 1, lead_note=self._lead_note())
        led = self.trumps.suit_of(self.trick[0].card)
        return M("P{p} follows {suit_label} if possible{follow_note}",
                 p=p + 1, suit_label=self.trumps.suit_label(led), follow_note=self._follow_note())

    def _lead_note(self) -> Text:
        return self.trumps.text

    def _follow_note(self) -> Text:
        return ""

    def _first_lead_text(self, who: str) -> Text:
        """Why ``who`` may lead the deal's first trick with any card."""
        return M("{who} {first_leader} the first trick: any card may lead",
                 who=who, first_leader=self.card_play.first_leader)

    def _follow_ruling(self, card: Card, legal: bool) -> str | None:
        """The ruling a verdict on following suit with ``card`` cites, if any."""
        return None

    def _check_card(self, move: TrickMove) -> Step:
        """Whether ``move`` may play its card now: whose turn, a card held, the lead or following
        suit (the trick-play phase of any trick game), as a step citing the game's rule."""
        rules = self.card_play
        p, who = self.current_player, f"P{move.player + 1}"
        leading = not self.trick
        first_lead = leading and not any(self.won)
        rule_id = (rules.first_lead if first_lead else rules.lead) if leading else rules.follow
        if move.player != p:
            turn = (rules.first_leader if first_lead else _LEADS_NEXT) if leading else _PLAYS_NEXT
            return (Why.of(False, rule_id,
                           N_("P{p} {turn}, not {who}"), rules.who_leads if first_lead else None), p + 1, turn, who)
        card = move.card
        if not isinstance(card, Card) or move.suit is not None or move.cards or move.bid is not None:
            return (Why.of(False, rule_id, N_("a play names one card")),)
        if card not in self.hands[p]:
            return (Why.of(False, rule_id, N_("{who} does not hold {card}")), who, card)
        if first_lead:
            return Why.of(True, rule_id, "", rules.who_leads, words=made), self._first_lead_text, who
        if leading:
            return (Why.of(True, rule_id,
                           N_("{who} won the last trick and leads: any card may lead"), rules.lead_ruling), who)
        follow, *values = follow_step(self.hands[p], card, self.trick, self.trumps)
        return Why.of(follow.ok, rule_id, "", self._follow_ruling(card, follow.ok), words=made), follow.text, values

    def _play_card(self, move: TrickMove, rule: Rule, points: Any = None) -> tuple[Any, tuple[Event, ...]]:
        """The state after ``move`` puts its card on the trick, and what happened: a full trick
        is won (by ``rule``; ``points(cards)`` adds the trick's card points to the event), its
        winner leads, and after the last trick the game's ``_end_deal(events)`` scores the deal."""
        p = move[0]  # player and card (a NamedTuple's fields by name go through descriptors)
        card = move[2]
        hands = list(self.hands)
        hand = hands[p]
        at = hand.index(card)
        hands[p] = hand[:at] + hand[at + 1:]
        trick = self.trick + (_PLAYS[p][card],)  # type: ignore[index]  # a legal play names its card
        watched = self._watched  # events only when someone reads them (RulesState)
        if len(trick) < self.players:
            return self.copy(hands=tuple(hands), trick=trick), _played(p, card) if watched else ()
        cards = tuple([*map(_CARD, trick)])  # a C loop (a comprehension makes a function each trick)
        best, why = taken_by(cards, self.trumps)
        w = trick[best][0]
        record = _RECORD(TrickRecord, (trick, w, why))  # TrickRecord(trick, w, why), without its __new__ in Python
        won = list(self.won)
        won[w] += (cards,)
        events = []
        if watched:
            worth = _worth(points(cards)) if points else ""
            text = M("P{w} wins the trick ({worth}): {why}; P{w} leads next", w=w + 1, worth=worth, why=why) \
                if worth else M("P{w} wins the trick: {why}; P{w} leads next", w=w + 1, why=why)
            events = [*_played(p, card), Event("trick", w, text, cards, rule)]
        state = self.copy(hands=tuple(hands), trick=(), leader=w, won=tuple(won), tricks=self.tricks + (record,))
        return state._end_deal(events) if not hands[0] else (state, tuple(events))


#: Per seat (a trick game seats at most four), each card's move playing it and its ``Play``:
#: one shared object each (legal moves list the move, a history keeps it; a trick holds the play).
_PLAY_MOVES = tuple({card: TrickMove(p, "play", card) for card in standard_pack()} for p in range(4))
_PLAYS = tuple({card: Play(p, card) for card in standard_pack()} for p in range(4))
#: A tuple subclass made from its fields (on every trick's path: a C call). A trick's cards and a
#: player's won cards are tuples made from lists: made from an iterator, a tuple keeps unused room
#: (20 bytes a step of a history: tests/test_engine_history.py).
_RECORD = tuple.__new__
#: A play's card.
_CARD = itemgetter(1)


@lru_cache(maxsize=512)
def _played(player: int, card: Card) -> tuple[Event]:
    """The events of ``player`` putting ``card`` on a trick (before it is won): one event,
    shared with its tuple (events are immutable).

    >>> [str(event) for event in _played(1, Card.parse("QS"))]
    ['P2 plays the queen of spades']
    """
    return (Event("play", player, M("P{p} plays {card}", p=player + 1, card=card), (card,)),)


@lru_cache(maxsize=256)
def _worth(points: int) -> Message:
    """``'12 card points'``: a won trick's card points, one shared message per count."""
    return _n("{n} card point", "{n} card points", points)

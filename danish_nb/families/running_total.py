"""The running-total family (Rat Bastard 17): cards are put on a pile whose running total may
not pass a target; each player holds a hand and a row of hole cards, some face up, some face
down. This module holds the family's moves and their notation, the row of hole cards and the
view of a table (with :meth:`RatView.sample_world`); the game's rules, values and options live
in :mod:`danish_nb.games.rat_bastard_17`.

Move notation (players count from 1; cards as in :mod:`danish_nb.cards`)::

    P1 swap 7H K♠     before play: 7H from the hand goes face up where the hole card K♠ lay,
                      and K♠ goes to the hand (each face-up hole card at most once)
    P1 keep           before play: done swapping
    P1 play 7H        play a card from the hand
    P1 play RJ=7      play a wild card from the hand as a 7 (wild values are 1 to 10)
    P1 hole 1         play the hole card at position 1 (positions 1-5 from the left as dealt:
                      down, up, down, up, down; a face-down card is played blind)
    P1 hole 2=7       play a face-up wild hole card as a 7
    P1 take           no card fits: pick up (all of the pile, or from its top up to 5 in hand)

>>> str(parse_move("p1 hole 2=7"))
'P1 hole 2=7'
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

from ..cards import Card, CardParseError
from ..core import NOT_WELL_FORMED, MoveParseError, Result, Text, View, get_game
from ..i18n import N_, Listed, M
from .common import CODES, card_codes, parse_number, parse_player, sorted_cards
from .worlds import deal_unseen

#: Hole-card slots 0-4 (positions 1-5): down, up, down, up, down (Rat Bastard 17's ruling RB-c).
UP_SLOTS = (1, 3)
ROW = 5


# --------------------------------------------------------------------------- hole cards

Hole = tuple[Card | None, ...]


def outer_slots(row: Hole) -> tuple[int, ...]:
    """The slots (0-based) that may be played: the ends of what is left of the row (RB-20).

    >>> outer_slots((None, Card.parse("7H"), Card.parse("8H"), Card.parse("9H"), None))
    (1, 3)
    >>> outer_slots((None, None, Card.parse("8H"), None, None)), outer_slots((None,) * 5)
    ((2,), ())
    """
    first, last = 0, len(row) - 1
    while first <= last and row[first] is None:
        first += 1
    while last > first and row[last] is None:
        last -= 1
    return () if first > last else (first,) if first == last else (first, last)


# --------------------------------------------------------------------------- moves

ACTIONS = {
    "swap": N_("before play: put a hand card face up in place of a face-up hole card"),
    "keep": N_("before play: done swapping"),
    "play": N_("play a card from the hand (a wild card with its value: RJ=7)"),
    "hole": N_("play the hole card at a position 1-5 (a face-up wild one with its value: 2=7)"),
    "take": N_("no card fits: pick up from the pile"),
}


class RatMove(NamedTuple):
    """A Rat Bastard 17 move (see the module docstring for the notation).

    ``card`` is the hand card (``play``, ``swap``), ``other`` the face-up hole card a ``swap``
    replaces, ``position`` a hole position 1-5, ``value`` a wild card's chosen value.

    >>> str(RatMove(0, "play", Card.parse("RJ"), value=7)), str(RatMove(1, "hole", position=5))
    ('P1 play RJ=7', 'P2 hole 5')
    """

    player: int
    action: str
    card: Card | None = None
    value: int | None = None
    position: int | None = None
    other: Card | None = None

    def __str__(self) -> str:
        problem = move_problem(self)
        if problem:
            return f"malformed move ({problem})"
        head = f"P{self.player + 1} {self.action}"
        tail = f"={self.value}" if self.value is not None else ""
        if self.action == "swap":
            return f"{head} {self.card} {self.other}"
        if self.card is not None:
            return f"{head} {self.card}{tail}"
        if self.position is not None:
            return f"{head} {self.position}{tail}"
        return head

    def text_for(self, viewer: int | None, reveal_hands: bool = False) -> str:
        """The move's notation as ``viewer`` may read it: every part of a Rat Bastard 17 move is seen by all."""
        return str(self)

    def words(self) -> Text:
        """The move in words, as a button or a verdict says it (a message, rendered in the
        reader's language: see :func:`danish_nb.words.move_words`).

        >>> play, hole = RatMove(0, "play", Card.parse("RJ"), value=7), RatMove(1, "hole", position=5)
        >>> str(play.words()), hole.words().render("fr")
        ('Play the red joker as a 7', 'Jouer la carte de trou n°\u202f5')
        """
        if move_problem(self):
            return NOT_WELL_FORMED
        if self.action == "swap" and self.card is not None and self.other is not None:
            return M("Put {card} face up in place of {other}", card=self.card, other=self.other)
        if self.action == "play" and self.card is not None:
            if self.value is not None:
                return M("Play {card} as a {value}", card=self.card, value=self.value)
            return M("Play {card}", card=self.card)
        if self.action == "hole" and self.position is not None:
            if self.value is not None:
                return M("Play hole card {position} as a {value}", position=self.position, value=self.value)
            return M("Play hole card {position}", position=self.position)
        if self.action == "keep":
            return M("Finish swapping and start play")
        return M("Take from the pile") if self.action == "take" else NOT_WELL_FORMED

    def phrase(self) -> Text:
        """The move as the infinitive phrase a practice question is built around ("may you
        play the red joker as a 7?": see :func:`danish_nb.practice.words.move_words`); a hole
        card face up or face down as the layout says (:data:`UP_SLOTS`).

        >>> RatMove(0, "play", Card.parse("RJ"), 7).phrase().render("en"), RatMove(0, "hole", position=1).phrase()
        ('play the red joker as a 7', Message('turn over the face-down hole card at position {n} blind', n=1))
        """
        action, value = self.action, self.value
        if action == "play":
            if value is not None:
                return M("play {cards} as a {value}", cards=Listed((self.card,)), value=value)
            return M("play {cards}", cards=Listed((self.card,)))
        if action == "hole":
            if not self.blind:
                if value is not None:
                    return M("play the face-up hole card at position {n} as a {value}", n=self.position, value=value)
                return M("play the face-up hole card at position {n}", n=self.position)
            return M("turn over the face-down hole card at position {n} blind", n=self.position)
        if action == "swap":
            return M("put {card} face up in place of {other}", card=Listed((self.card,)), other=Listed((self.other,)))
        return {"keep": M("stop swapping"), "take": M("pick up from the pile")}[action]

    @property
    def blind(self) -> bool:
        """Whether the move turns over a face-down hole card (a card nobody saw before it is played)."""
        return self.action == "hole" and self.position is not None and self.position - 1 not in UP_SLOTS


def parse_move(text: str) -> RatMove:
    """Read a move as ``str(move)`` writes it. Raises :class:`MoveParseError` saying what is expected.

    >>> parse_move("p2 play rj=7") == RatMove(1, "play", Card.parse("RJ"), 7)
    True
    """
    if not isinstance(text, str):
        raise MoveParseError(M("a move is text like “P1 play 7H”, not {kind}", kind=type(text).__name__))
    usage = M("write a player then an action, e.g. “P1 play 7H”, “P1 play RJ=7”, “P1 hole 1”, “P1 take”, "
              "“P1 swap 7H KS” or “P1 keep”")
    words = text.split()
    if len(words) < 2:
        raise MoveParseError(M("“{text}” is not a move: {usage}", text=text, usage=usage))
    who, action, args = words[0], words[1].lower(), words[2:]
    player = parse_player(who, text, usage)
    if action not in ACTIONS:
        raise MoveParseError(M("In “{text}”, “{words}” is an unknown action: {usage}", text=text, words=words[1],
                               usage=usage))
    if action in ("keep", "take"):
        if args:
            raise MoveParseError(M("In “{text}”, “{action}” takes nothing after it", text=text, action=action))
        return RatMove(player, action)
    if action == "swap":
        if len(args) != 2:
            raise MoveParseError(M("In “{text}”, “swap” takes a hand card then a face-up hole card, "
                                   "e.g. “P1 swap 7H KS”", text=text))
        return RatMove(player, action, _card(args[0], text), other=_card(args[1], text))
    if len(args) != 1:
        raise MoveParseError(M("In “{text}”, a turn plays one card (ruling RB-d), e.g. “P1 {action} {value}”",
                               text=text, action=action, value='7H' if action == 'play' else '1'))
    word, _, value_text = args[0].partition("=")
    value = parse_number(value_text) if "=" in args[0] else None
    if "=" in args[0] and value is None:
        raise MoveParseError(M("In “{text}”, a wild card's value is a whole number from 1 to 10, "
                               "e.g. “RJ=7”, not “{value_text}”", text=text, value_text=value_text[:20]))
    if action == "play":
        return RatMove(player, action, _card(word, text), value)
    slot = parse_number(word)
    if slot is None or not 1 <= slot <= ROW:
        raise MoveParseError(M("In “{text}”, “hole” takes a position 1 to 5, e.g. “P1 hole 1”", text=text))
    return RatMove(player, action, None, value, slot)


def _card(word: str, text: str) -> Card:
    try:
        return Card.parse(word)
    except CardParseError as exc:
        raise MoveParseError(M("In “{text}”, {error}", text=text, error=exc)) from None


def is_whole(value: Any) -> bool:
    """An int, not a bool or a float: moves and positions count players and places in whole numbers."""
    return isinstance(value, int) and not isinstance(value, bool)


def move_problem(move: Any) -> str | None:
    """What is wrong with the fields of a would-be :class:`RatMove` (a player number, an action
    word, cards, whole numbers), or ``None``.

    >>> move_problem(RatMove(0, "keep")), move_problem(RatMove(True, "keep"))
    (None, 'its player is not a whole number')
    """
    if not isinstance(move, RatMove):
        return f"a {type(move).__name__} is not a running-total move"
    if not is_whole(move.player):
        return "its player is not a whole number"
    if not isinstance(move.action, str):
        return "its action is not a word"
    if (move.card is not None and not isinstance(move.card, Card)) or \
            (move.other is not None and not isinstance(move.other, Card)):
        return "its cards are not cards"
    if (move.value is not None and not is_whole(move.value)) or \
            (move.position is not None and not is_whole(move.position)):
        return "its value and position are not whole numbers"
    return None


# --------------------------------------------------------------------------- views

@dataclass(frozen=True, slots=True)
class RatView:
    """What one player (or a spectator, ``me=None``) may know of a Rat Bastard 17 table.

    ``hole_up[p][i]`` is the face-up card at position ``i + 1`` (else ``None``) and
    ``hole_down[p][i]`` whether a face-down card lies there: face-down cards are never shown,
    not even to their owner. The other player's hand only in teaching mode; ``known[p]`` lists
    the cards of player ``p``'s hand that everyone saw go there (picked up from the pile, or a
    face-up hole card swapped in). ``discard`` holds cards that were all seen face up;
    ``swapped`` the slots the current player already replaced in the swap phase.
    """

    game: str
    players: int
    me: int | None
    hands: tuple[tuple[Card, ...] | None, ...]
    hand_counts: tuple[int, ...]
    hole_up: tuple[tuple[Card | None, ...], ...]
    hole_down: tuple[tuple[bool, ...], ...]
    deck_count: int
    pile: tuple[Card, ...]
    total: int
    discard_count: int
    current: int | None
    phase: str
    turn: int
    result: Result | None
    note: Text = ""
    known: tuple[tuple[Card, ...], ...] = ()
    discard: tuple[Card, ...] = ()
    options: Any = None
    swapped: tuple[int, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able dict (cards as codes like ``'7H'``; a face-down hole card is ``'down'``)."""
        holes = [[CODES[up] if up is not None else ("down" if down else None) for up, down in zip(ups, downs)]
                 for ups, downs in zip(self.hole_up, self.hole_down)]
        return {
            "game": self.game, "players": self.players, "me": self.me,
            "hands": [None if h is None else card_codes(h) for h in self.hands],
            "hand_counts": list(self.hand_counts), "holes": holes, "deck_count": self.deck_count,
            "pile": card_codes(self.pile), "total": self.total, "discard_count": self.discard_count,
            "current": self.current, "phase": self.phase, "turn": self.turn,
            "result": None if self.result is None else str(self.result), "note": str(self.note),
            # what the viewer saw and remembers: cards seen going into each hand, the discards' faces
            "known": [card_codes(k) for k in self.known],
            "discard": card_codes(self.discard), "swapped": list(self.swapped),
        }

    def hidden_places(self) -> list[tuple[str, int]]:
        """(place, how many cards) for every place the viewer cannot see: ``'hand 1'`` (the
        cards of player 1's hand nobody saw go there), ``'deck'`` and ``'hole 0 2'`` (player 0's
        face-down card at position 3)."""
        places = [(f"hand {seat}", self.hand_counts[seat] - len(self.known[seat]))
                  for seat, hand in enumerate(self.hands) if hand is None]
        places.append(("deck", self.deck_count))
        return places + [(f"hole {seat} {slot}", 1) for seat, downs in enumerate(self.hole_down)
                         for slot, down in enumerate(downs) if down]

    def seen_cards(self) -> list[Card]:
        """Every card the viewer sees or saw: hands shown, cards known in hidden hands, face-up
        hole cards, the pile and the discards."""
        cards = [c for seat, hand in enumerate(self.hands) for c in (hand if hand is not None else self.known[seat])]
        cards += [c for row in self.hole_up for c in row if c is not None]
        return cards + list(self.pile) + list(self.discard)

    def sample_world(self, rng: random.Random) -> Any:
        """A complete state consistent with everything the viewer knows: hands shown, cards seen
        picked up, face-up hole cards, the pile, its total and the discards; the cards nobody
        (or not the viewer) has seen are dealt at random into the other hand, the deck (in a
        random order) and the face-down hole cards. The game's ``world(view, hands, holes, deck)``
        builds the state (its record of past positions for the repetition draw starts afresh).

        >>> import danish_nb as dn
        >>> g = dn.new_game("rat-bastard-17", players=2, seed=1)
        >>> world = g.state.view(0).sample_world(random.Random(0))
        >>> world.view(0) == g.state.view(0), world.hands[0] == g.state.hands[0], world.deck == g.state.deck
        (True, True, False)
        """
        rules = get_game(self.game)
        places = self.hidden_places()
        pack: Counter[Card] = Counter(rules.pack(self.options))
        pack.subtract(self.seen_cards())
        dealt = dict(zip((name for name, _ in places),
                         deal_unseen(list(pack.elements()), [size for _, size in places], rng=rng)))
        hands = tuple(hand if hand is not None else sorted_cards(self.known[seat] + tuple(dealt[f"hand {seat}"]))
                      for seat, hand in enumerate(self.hands))
        holes = tuple(tuple(up if up is not None else dealt[f"hole {seat} {slot}"][0] if down else None
                            for slot, (up, down) in enumerate(zip(ups, downs)))
                      for seat, (ups, downs) in enumerate(zip(self.hole_up, self.hole_down)))
        return rules.world(self, hands, holes, tuple(dealt["deck"]))


if TYPE_CHECKING:  # mypy checks that the views implement the View protocol
    _RATVIEW: type[View] = RatView

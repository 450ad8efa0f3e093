"""What a game declares for practice: its scenes, the rules left out, the questions its events
support. A game names its :class:`PracticePart` in its
:class:`~danish_nb.core.GameParts` (``practice="module:object"``, loaded when first needed);
a game without one practises what the generic code can (random play, every rule of its
catalogue, who takes a trick and who wins).

>>> practice_part("rat-bastard-17").who["start"], practice_part("bastard").outcomes
('starter', {})
>>> PracticePart().who
{'end': 'winner'}
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from ..core import Event, Game, get_game, load_object

#: A stream of practice positions: ``scene(rng, options, players)`` (see :mod:`.scenes`).
Scene = Callable[[random.Random, Mapping[str, Any], int | None], Iterator[Game]]
#: ``number(state, after, move, events, event)``: a number question on what a legal ``move`` did
#: (``event`` one of its ``events``, ``after`` the state it left), as ``(question, seat, answer)``
#: (a key of :data:`~danish_nb.practice.words.QUESTIONS`), or ``None``.
NumberAsk = Callable[[Any, Any, Any, Sequence[Event], Event], tuple[str, int | None, int] | None]
#: ``(event kind, decides(state, after, move, events))``: a rule asked through the question of
#: that kind of event (``"next"``: who plays next) wherever ``decides`` says it decides the answer.
Through = tuple[str, Callable[[Any, Any, Any, Sequence[Event]], bool]]
#: ``ask(state)``: number questions on the position itself, before any move, that a rule the
#: engine never cites decides and the board does not show (a layout): each ``(question, answer,
#: why)``, ``why`` an event of the rule (its seat the one asked about, its text the feedback's line).
PositionAsk = Callable[[Any], Sequence[tuple[str, int, Event]]]


@dataclass(frozen=True)
class PracticePart:
    """A game's practice facts, as data (every field has a default a new game may keep):

    - ``scenes``: ``(scene, weight, rules)``, where practice positions come from (``rules``: the
      rules a scene is for; ``None``: every rule); none: random play from a seeded deal;
    - ``left_out``: the rules not practised, each with its reason (a message of
      :mod:`.catalogue`); ``when``: rules practised only under some options, as
      ``(options value, player count or None) -> bool``;
    - ``actions``: the actions of its notation a learner could reach for besides playing cards
      (:mod:`.candidates`): a shedding game's ``open``, ``stock``, ``take``, ``pick-up-open``, a
      trick game's ``bid`` (and pass) and ``trump`` calls; none: only cards are played;
    - ``who``: event kinds to a "who" question of :data:`~danish_nb.practice.words.QUESTIONS`
      (``"end"``: ``"winner"`` or ``"loser"``; ``"starter"`` asks who the draws made start);
      a trick's taker is asked in every game;
    - ``number``: the number questions its events support (:data:`NumberAsk`);
    - ``outcomes``: the event kinds "what happens then?" may offer, each with its rule;
    - ``hand_size``: rules that say what a legal move does to the hand's size afterwards
      (drawing or not), cited after the rule that allows the move: asked as "how many cards
      does the player hold then?" (never as "which rule decides?", which another rule answers);
    - ``through``: rules the engine never cites as deciding a move, asked all the same through
      the question of an event where they decide it (:data:`Through`): an order of the cards
      through who takes a trick, the object of the game through who wins or loses at its end,
      the direction of play through who plays next (``"next"``, after any legal move);
    - ``position``: rules the engine never cites asked by a number question on the position
      itself (:data:`PositionAsk`), where nothing on the board says the answer: a layout of the
      deal through what the cards gone from it were;
    - ``numbers``: the numbers a number question of the game offers besides its answer, by
      question (``numbers[question](answer)``; default: near the answer);
    - ``fixed``: the practised rules whose answer cannot vary, each with the reason (a message of
      :mod:`.catalogue`): a rule that only forbids or only allows, one that always makes the
      same thing happen, a seat the deal's order fixes (the positions, players and moves vary).
    """

    scenes: Sequence[tuple[Scene, float, frozenset[str] | None]] = ()
    left_out: Mapping[str, str] = field(default_factory=dict)
    when: Mapping[str, Callable[[Any, int | None], bool]] = field(default_factory=dict)
    actions: tuple[str, ...] = ()
    who: Mapping[str, str] = field(default_factory=lambda: {"end": "winner"})
    number: NumberAsk | None = None
    outcomes: Mapping[str, str] = field(default_factory=dict)
    hand_size: frozenset[str] = frozenset()
    through: Mapping[str, Through] = field(default_factory=dict)
    position: Mapping[str, PositionAsk] = field(default_factory=dict)
    fixed: Mapping[str, str] = field(default_factory=dict)
    numbers: Mapping[str, Callable[[int], Sequence[int]]] = field(default_factory=dict)


#: What a game without a declared part practises.
GENERIC = PracticePart()


def practice_part(game_id: str) -> PracticePart:
    """The practice part of ``game_id`` (its ``GameParts.practice``, else :data:`GENERIC`)."""
    path = get_game(game_id).info.parts.practice
    return _load(path) if path else GENERIC


@cache
def _load(path: str) -> PracticePart:
    part = load_object(path)
    if not isinstance(part, PracticePart):
        raise TypeError(f"{path} is not a PracticePart")
    return part


def last_score(after: Any, event: Event) -> Any:
    """The deal score a ``score`` or ``deal-scored`` event reports (the match's last), or
    ``None`` when there is none to ask about (no score yet, or a score event of no player)."""
    score = after.match.history[-1] if after.match.history else None
    if score is None or (event.player is None and event.kind == "score"):
        return None
    return score


def always(state: Any, after: Any, move: Any, events: Sequence[Event]) -> bool:
    """A :data:`Through` test for a rule that decides every such event (the object of a game at its end)."""
    return True


def order_decides(plain: bool = False) -> Callable[[Any, Any, Any, Sequence[Event]], bool]:
    """A :data:`Through` test for an order of the cards: the trick just completed holds another
    card of the winning card's suit, so the order says which of them wins (``plain``: only where
    the winning card is not a trump, for an order of the plain suits).

    >>> import danish_nb as dn
    >>> def ask(trick):  # P3 completes the trick with the 9 of clubs, no trumps
    ...     g = dn.setup("bastard", {"hands": [[], [], ["9C"]], "trick": trick, "leader": 0, "trump": "none"})
    ...     move = g.parse_move("P3 play 9C")
    ...     after, events = g.state.apply(move)
    ...     return order_decides()(g.state, after, move, events)
    >>> ask(["KH", "2H"]), ask(["KH", "2S"])  # the king beats the 2 of its suit; nothing to compare
    (True, False)
    """
    def decides(state: Any, after: Any, move: Any, events: Sequence[Event]) -> bool:
        trick = next((e for e in events if e.kind == "trick"), None)
        if trick is None:
            return False
        trumps = state.trumps
        plays = [(p.player, p.card) for p in state.trick] + [(move.player, move.card)]
        card = next(c for p, c in plays if p == trick.player)
        suit = trumps.suit_of(card)
        if plain and trumps.is_trump(card):
            return False
        return sum(1 for _, c in plays if trumps.suit_of(c) is suit) > 1
    return decides

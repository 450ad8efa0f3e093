"""Practice items: a position in which one rule decides, and a question about it.

:func:`make_item` draws positions from seeded scenes (:mod:`danish_nb.practice.scenes`) under
the table's options until one has a move the rule decides, and asks one of five kinds of
question about it:

- ``pick``: which of these cards may you play? (the cards of the player's hand, or face-up
  cards once the hand is gone; the rule decides at least one of them);
- ``legal``: may the player make this move, and which rule decides? (the rule is the
  verdict's first reason; the other rules offered are not among its reasons; legal for odd
  seeds and illegal for even ones where the rule gives both);
- ``effect``: what happens after this move? (an event of the rule: the pile burns, the order
  reverses, ...; the other outcomes offered do not happen);
- ``who``: who takes this trick, leads next, plays next, starts, wins or loses the match? (also
  how the rules the engine never cites are asked: an order of the cards, the direction of
  play, the object of the game: the practice part's ``through``)
- ``number``: the running total, a deal's points, the game points lost; also asked on the
  position itself, before any move, for a layout the board does not show (the part's
  ``position``: how many of a player's hole cards dealt face down have been played).

Every answer is the engine's: ``explain`` for the verdicts, the events of ``apply`` for what
happens. An item holds its position as a game record (replayed and checked when loaded); a page
is sent its table (from the asked player's view), question and choices, never its answer
(:func:`danish_nb.render.practice.item_html`).

>>> item = make_item("danish-bastard", "DB-23", seed=3)
>>> item.rule, item.kind in KINDS, item.game().rules.id
('DB-23', True, 'danish-bastard')
>>> feedback = item.check(item.answer)
>>> feedback.correct
True
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..cards import card_words
from ..core import DanishNbError, Event, Game, Ruling, Text, Verdict, cited, get_game, load_record, make_options
from ..i18n import M, Message
from .candidates import card_of, tries
from .catalogue import active_rules
from .part import PracticePart, practice_part
from .scenes import scene_for
from .words import (
    QUESTIONS,
    VERDICT_WORDS,
    Rendered,
    blind_words,
    draws_words,
    move_words,
    outcome_words,
    rule_words,
    seat_words,
)

KINDS = ("pick", "legal", "effect", "who", "number")
#: How many scenes :func:`make_item` tries before it says no item could be made.
SCENE_TRIES = 60
#: How many positions it looks at in all.
POSITION_TRIES = 4000
#: How many more positions it looks at for the verdict a "may you ...?" item of its seed asks for
#: (legal for odd seeds, illegal for even ones), when the first position found has only the other.
VARY_TRIES = 100


class NoItem(DanishNbError):
    """No practice item could be made for this rule (under these options)."""


@dataclass(frozen=True, slots=True)
class Choice:
    """One answer a learner may choose: ``key`` is what an answer message names (a card code,
    ``legal``, a rule id, ``P2``, a number), ``text`` what the learner reads. ``group`` is the
    question it answers (``answer``; ``rule`` for the second question of a ``legal`` item)."""

    key: str
    text: Text
    group: str = "answer"


@dataclass(frozen=True, slots=True)
class Feedback:
    """The verdict on an answer: right or not, the right answer, and what the engine says
    (verdicts or events, in words), the rule and its ruling (quoted where shown)."""

    item: Item
    chosen: frozenset[str]
    correct: bool
    lines: tuple[Text, ...]
    rulings: tuple[Ruling, ...] = ()
    #: The rules the answer counts on, each right or not (:meth:`Item.credits`).
    credits: dict[str, bool] = field(default_factory=dict)


@dataclass(frozen=True, eq=False)
class Item:
    """A practice item (see the module docstring). ``record`` is the position (a game record:
    the deal or set-up position and the moves to it); ``move`` the move asked about, in
    notation (never shown); ``player`` whose view the table shows; ``note`` a line the question
    needs (the card a blind move turned over). ``id`` names it (the same position and question
    give the same id)."""

    id: str
    game_id: str
    rule: str
    kind: str
    question: Text
    record: dict[str, Any]
    player: int
    choices: tuple[Choice, ...]
    answer: frozenset[str]
    move: str | None = None
    note: Text = ""
    seed: int = 0
    #: For a ``pick`` item: each card's key and the rule that decides it (credited or blamed for it).
    deciders: tuple[tuple[str, str], ...] = ()
    _game: list = field(default_factory=list, repr=False)
    _options: list = field(default_factory=list, repr=False)

    @property
    def multiple(self) -> bool:
        """Whether several answers may be chosen (a ``pick`` item's cards)."""
        return self.kind == "pick"

    @property
    def question_key(self) -> str | None:
        """Which question of :data:`~danish_nb.practice.words.QUESTIONS` the item asks."""
        msgid = getattr(self.question, "msgid", None)
        return next((key for key, text in QUESTIONS.items() if text == msgid), None)

    @property
    def groups(self) -> tuple[str, ...]:
        """The questions of the item, in order (``answer``, and ``rule`` for a ``legal`` item)."""
        return tuple(dict.fromkeys(choice.group for choice in self.choices))

    def game(self) -> Game:
        """The position as a game (replayed from the record once, then kept)."""
        if not self._game:
            self._game.append(load_record(self.record))
        return self._game[0]

    def view(self) -> Any:
        """What the learner sees: the view of the player asked about, without the board's turn
        note (it may state the constraint the question asks about: "after a 7: play a 7 or lower")."""
        view = self.game().state.view(self.player)
        if getattr(view, "note", "") and dataclasses.is_dataclass(view):
            view = dataclasses.replace(view, note="")
        return view

    def check(self, chosen: Iterable[str]) -> Feedback:
        """The feedback on the answer ``chosen`` (choice keys). Raises :class:`DanishNbError` for
        keys that are not this item's choices (a forged answer)."""
        if isinstance(chosen, str) or not isinstance(chosen, Iterable):
            raise DanishNbError(M("an answer is a list of choices, not {kind}", kind=type(chosen).__name__))
        chosen = list(chosen)
        keys = {choice.key for choice in self.choices}
        if len(chosen) > len(keys) or not all(isinstance(key, str) and key in keys for key in chosen):
            raise DanishNbError(M("that answer names something this question does not offer"))
        chosen_set = frozenset(chosen)
        lines, rulings = explanation(self)
        return Feedback(self, chosen_set, chosen_set == self.answer, lines, rulings, self.credits(chosen_set))

    def credits(self, chosen: frozenset[str]) -> dict[str, bool]:
        """Each rule the answer ``chosen`` is counted on, right or not: a ``pick`` item's cards
        on the rule that decides each (a rule is right if every card it decides is), else the
        item's rule. The item's rule comes first.

        >>> item = make_item("danish-bastard", "DB-13", seed=1)
        >>> list(item.credits(item.answer).items())[0]
        ('DB-13', True)
        """
        if not self.deciders:
            return {self.rule: chosen == self.answer}
        result = {self.rule: True}
        for key, rule in self.deciders:
            result[rule] = result.get(rule, True) and ((key in chosen) == (key in self.answer))
        return result

    def deciding_options(self) -> tuple[tuple[Any, Any], ...]:
        """The table's options that change this item's answer, each with its value here (an
        :class:`~danish_nb.core.OptionInfo` and the value): the item is replayed under each
        other value of each option, and an option counts when the answer would differ (an
        option under which the moves to the position are not all legal is not known to matter:
        it is left out). Shown with the item, since the learner cannot answer without them.

        >>> item = make_item("danish-bastard", "DB-23", seed=11)
        >>> [info.name for info, _ in item.deciding_options()]
        ['seven_allows_equal']
        """
        if not self._options:
            self._options.append(_deciding_options(self))
        return self._options[0]

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able form (with the answer: for the learner's own record and the teacher)."""
        return {"id": self.id, "game": self.game_id, "rule": self.rule, "kind": self.kind, "seed": self.seed,
                "record": self.record, "player": self.player, "move": self.move}


# --------------------------------------------------------------------------- making items

@dataclass(frozen=True, slots=True)
class _Ask:
    """A question a position supports: its kind, the move asked about, what the answer is read from."""

    kind: str
    move: Any = None
    verdict: Verdict | None = None
    events: tuple[Event, ...] = ()
    event: Event | None = None
    question: str = ""
    number: int | None = None
    seat: int | None = None


def make_item(game_id: str, rule_id: str, seed: int = 0, options: Mapping[str, Any] | None = None,
              players: int | None = None, kinds: Sequence[str] = KINDS) -> Item:
    """A practice item for rule ``rule_id`` of game ``game_id``, made under ``options`` (the
    table's; default: the game's defaults) from ``seed``: the same arguments give the same item.
    ``players`` fixes the player count; ``kinds`` limits the kinds of question.

    Raises :class:`DanishNbError` for an unknown game or options, :class:`NoItem` for a rule that
    is not practised under these options (a rule of the deal, or one an option switches off)
    or for which no position was found.
    """
    rules = get_game(game_id)
    opts = make_options(rules.options_type, dict(options or {}))
    plain = {name: getattr(opts, name) for name in opts.__dataclass_fields__}
    if not isinstance(rule_id, str) or rule_id not in rules.catalogue.rules:
        raise NoItem(M("{game} has no rule {rule}", game=rules.title, rule=repr(rule_id)[:30]))
    active = active_rules(game_id, plain, players)
    if rule_id not in active:
        raise NoItem(M("rule {rule} is not practised under these options: it decides no move here",
                       rule=rule_id))
    rng = random.Random(f"{game_id}|{rule_id}|{seed}|{json.dumps(plain, sort_keys=True)}|{players}")
    looked, fallback, since = 0, None, 0
    want = bool(seed % 2)  # the verdict a "may you ...?" item of this seed asks for, where the rule gives both
    for _ in range(SCENE_TRIES):
        for game in scene_for(game_id, rule_id, rng, plain, players):
            looked += 1
            asks = [a for a in _asks(game, rule_id, active) if a.kind in kinds]
            if asks:
                kind = rng.choice(sorted({a.kind for a in asks}))
                pool = [a for a in asks if a.kind == kind]
                if kind == "legal" and not any(a.verdict is not None and a.verdict.legal == want for a in pool):
                    if fallback is None:  # kept (replayed from its record), while later positions may have the other
                        fallback, since = _item(game, rule_id, rng.choice(pool), rng, active, seed), looked
                        fallback._game.clear()
                    if looked - since < VARY_TRIES:
                        continue
                    return fallback
                if kind == "legal":  # alternate the verdicts over seeds
                    pool = [a for a in pool if a.verdict is not None and a.verdict.legal == want]
                return _item(game, rule_id, rng.choice(pool), rng, active, seed)
            if fallback is not None and looked - since >= VARY_TRIES:
                return fallback
            if looked >= POSITION_TRIES:
                break
        if looked >= POSITION_TRIES:
            break
    if fallback is not None:
        return fallback
    raise NoItem(M("no position found in which rule {rule} decides (seed {seed})", rule=rule_id, seed=seed))


def _asks(game: Game, rule_id: str, active: Sequence[str]) -> list[_Ask]:
    """Every question the current position supports about ``rule_id``."""
    state = game.state
    if state.current_player is None:
        return []
    verdicts = [(move, state.explain(move)) for move in tries(state)]
    asks = [_Ask("legal", move, verdict) for move, verdict in verdicts if decider(verdict) == rule_id]
    picks = _pick_moves(verdicts)
    if len(picks) > 1 and any(decider(v) == rule_id for _, v in picks) and len({v.legal for _, v in picks}) == 2:
        asks.append(_Ask("pick"))
    part = practice_part(game.rules.id)
    if rule_id in part.position:  # a layout the board does not show, asked on the position itself
        asks += [_Ask("number", question=question, seat=why.player, number=number, events=(why,))
                 for question, number, why in part.position[rule_id](state)]
    for move, verdict in verdicts:
        if verdict.legal:
            asks += _event_asks(game, move, rule_id, active)
            if rule_id in part.hand_size and rule_id in verdict.rule_ids[1:]:
                after = state.apply(move)[0]
                asks.append(_Ask("number", move, verdict, question="hand-size", seat=state.current_player,
                                 number=len(after.hands[state.current_player])))
    return asks


def decider(verdict: Verdict) -> str | None:
    """The rule that decides a verdict: its first reason (what the move does afterwards, a
    consequence, comes later), ``None`` for a verdict with no reason."""
    return verdict.reasons[0].rule_id if verdict.reasons else None


def _pick_moves(verdicts: list[tuple[Any, Verdict]]) -> list[tuple[Any, Verdict]]:
    """One move per card of one zone (the zone of a legal single play, else the first tried):
    the legal one for that card if there is one (a wild card's first value), else the plain play."""
    singles = [(m, v) for m, v in verdicts if card_of(m) is not None]
    if not singles:
        return []
    zone = next((m.action for m, v in singles if v.legal), singles[0][0].action)
    by_card: dict[Any, tuple[Any, Verdict]] = {}
    for move, verdict in singles:
        card = card_of(move)
        if move.action == zone and (card not in by_card or (verdict.legal and not by_card[card][1].legal)):
            by_card[card_of(move)] = (move, verdict)
    return list(by_card.values())


def _event_asks(game: Game, move: Any, rule_id: str, active: Sequence[str]) -> list[_Ask]:
    """The questions about what ``move`` (legal) does, where an event of ``rule_id`` says it."""
    state = game.state
    after, events = state.apply(move)
    part = practice_part(game.rules.id)
    ours = [e for e in events if e.rule is not None and e.rule.id == rule_id]
    asks = []
    if rule_id in part.through:  # asked only through its event's question, where it decides
        via, decides = part.through[rule_id]
        ours = []
        if decides(state, after, move, events):
            ours = [e for e in events if e.kind == via]
            if via == "next":
                asks.append(_Ask("who", move, events=events, question="next", seat=after.current_player))
    for event in ours:
        kind = event.kind
        if kind == "trick":
            asks.append(_Ask("who", move, events=events, event=event, question="trick", seat=event.player))
        elif kind == "end" and "end" in part.who:
            result = after.result
            if result is not None and not result.draw:
                seat = result.loser if part.who["end"] == "loser" else result.order[0]
                if seat is not None:
                    asks.append(_Ask("who", move, events=events, event=event, question=part.who["end"], seat=seat))
        elif kind in part.who:
            question = part.who[kind]
            seat = next(e for e in events if e.kind == "start").player if question == "starter" else event.player
            asks.append(_Ask("who", move, events=events, event=event, question=question, seat=seat))
        elif part.number is not None and (asked := part.number(state, after, move, events, event)) is not None:
            question, seat, number = asked
            asks.append(_Ask("number", move, events=events, event=event, question=question, seat=seat, number=number))
        elif kind in part.outcomes and _distractors(part, events, active):
            asks.append(_Ask("effect", move, events=events, event=event))
    return list({(a.kind, str(a.move), a.question): a for a in asks}.values())


def _distractors(part: PracticePart, events: Sequence[Event], active: Sequence[str]) -> list[str]:
    """The outcomes of the game (its part's) that did not happen after a move, of rules practised
    under the options (what "what happens then?" may offer besides what happened)."""
    happened = {e.kind for e in events}
    return [kind for kind, rule in part.outcomes.items() if kind not in happened and rule in active]


def _item(game: Game, rule_id: str, ask: _Ask, rng: random.Random, active: Sequence[str], seed: int) -> Item:
    state = game.state
    player = state.current_player
    who = seat_words(player)  # the learner's seat: the question says "you"
    record = game.to_record()
    note: Text = ""
    deciders: tuple[tuple[str, str], ...] = ()
    move_text = str(ask.move) if ask.move is not None else None
    if ask.kind == "pick":
        picks = _pick_moves([(m, state.explain(m)) for m in tries(state)])
        choices = tuple(Choice(card_of(m).code, card_words(card_of(m))) for m, _ in picks)
        answer = frozenset(card_of(m).code for m, v in picks if v.legal)
        deciders = tuple((card_of(m).code, decider(v) or rule_id) for m, v in picks)
        question: Text = Message(QUESTIONS["pick"], who=who)
    elif ask.kind == "legal":
        verdict = ask.verdict
        others = [r for r in active if r not in verdict.rule_ids]
        rules = [rule_id] + rng.sample(others, min(2, len(others)))
        rng.shuffle(rules)
        catalogue = game.rules.catalogue
        choices = (Choice("legal", Message(VERDICT_WORDS["legal"])),
                   Choice("illegal", Message(VERDICT_WORDS["illegal"]))) + \
            tuple(Choice(r, rule_words(catalogue[r]), "rule") for r in rules)
        answer = frozenset(("legal" if verdict.legal else "illegal", rule_id))
        question = Message(QUESTIONS["legal"], who=who, move=move_words(ask.move))
    elif ask.kind == "effect":
        others = _distractors(practice_part(game.rules.id), ask.events, active)
        wrong = rng.sample(others, min(2, len(others)))
        keys = [ask.event.kind] + wrong
        rng.shuffle(keys)
        choices = tuple(Choice(k, outcome_words(k, ask.event.player if k == ask.event.kind else _other(state, rng)))
                        for k in keys)
        answer = frozenset((ask.event.kind,))
        question = Message(QUESTIONS["effect"], who=who, move=move_words(ask.move))
        note = _revealed(ask)
    elif ask.kind == "who":
        choices = tuple(Choice(f"P{s + 1}", seat_words(s, player)) for s in range(state.players))
        answer = frozenset((f"P{ask.seat + 1}",))
        if ask.question == "starter":
            question = Message(QUESTIONS["starter"], who=who, move=draws_words(ask.events))
        else:
            question = Message(QUESTIONS[ask.question], who=who, move=move_words(ask.move))
        note = _revealed(ask)
    else:
        numbers = _numbers(ask.number, ask.question, rng, practice_part(game.rules.id))
        choices = tuple(Choice(str(n), str(n)) for n in numbers)
        answer = frozenset((str(ask.number),))
        move = {} if ask.move is None else {"move": move_words(ask.move)}
        question = Message(QUESTIONS[ask.question], who=who, seat=(ask.seat or 0) + 1, **move)
        note = _revealed(ask)
    digest = hashlib.sha256(json.dumps([record, ask.kind, move_text, [c.key for c in choices], rule_id],
                                       sort_keys=True).encode()).hexdigest()[:16]
    return Item(digest, game.rules.id, rule_id, ask.kind, question, record, player, choices, answer,
                move_text, note, seed, deciders, [game])


def _signature(state: Any, parse: Callable[[str], Any], item: Item) -> Any:
    """What decides the item's answer in ``state`` (its position replayed under some options;
    ``parse`` reads a move's notation)."""
    if item.kind == "pick":
        picks = _pick_moves([(m, state.explain(m)) for m in tries(state)])
        return frozenset((card_of(m).code, v.legal) for m, v in picks)
    if item.move is None:
        return tuple(str(why) for why in _position_asks(item, state))
    verdict = state.explain(parse(item.move))
    if item.kind == "legal" or not verdict.legal:
        return (verdict.legal, decider(verdict))
    return tuple(str(event) for event in state.apply(verdict.move)[1])


def _replayed(record: dict[str, Any], moves: Sequence[Any]) -> Any | None:
    """The position ``record`` reaches under its options, its ``moves`` (the record's, parsed)
    played state by state as :func:`~danish_nb.core.load_record` plays them but without a game's
    history; ``None`` where the record does not replay (a move not legal there, or the rules
    failing on it, which ``load_record`` reports as the record's error)."""
    try:
        state = load_record({**record, "moves": []}).state
    except DanishNbError:
        return None
    for move in moves:
        try:
            found = state.legal_move(move)
            if found is None:
                return None
            state = state._apply(found)[0]
        except Exception:  # noqa: BLE001 - load_record's RecordError: the record does not replay
            return None
    return state


def _deciding_options(item: Item) -> tuple[tuple[Any, Any], ...]:
    """:meth:`Item.deciding_options`: each other value of each option replays the record's moves
    (parsed once: a move's notation reads the same under any options) from the record's start."""
    game = item.game()
    here = _signature(game.state, game.parse_move, item)
    values = dict(item.record.get("options") or {})
    moves = [game.parse_move(text) for text in item.record["moves"]]
    found = []
    for info in game.rules.info.options:
        others = [v for v in (info.choices or ((True, False) if isinstance(info.default, bool) else ()))
                  if v != values.get(info.name, info.default)]
        for value in others:
            state = _replayed({**item.record, "options": {**values, info.name: value}}, moves)
            try:
                changed = state is not None and _signature(state, game.parse_move, item) != here
            except DanishNbError:  # the question cannot be asked there (its move not a move of that table)
                changed = False
            if changed:
                found.append((info, values.get(info.name, info.default)))
                break
    return tuple(found)


def _other(state: Any, rng: random.Random) -> int:
    return rng.randrange(state.players)


def _revealed(ask: _Ask) -> Text:
    """The card a blind move turned over, said in the question (it is public once played)."""
    if not getattr(ask.move, "blind", False):
        return ""
    card = next((e.cards[0] for e in ask.events if e.cards), None)
    return blind_words(card) if card is not None else ""


def _numbers(answer: int, question: str, rng: random.Random, part: PracticePart) -> list[int]:
    """Four numbers to choose from, the answer among them, in order: the game's own for its
    questions (its part's ``numbers``), else near the answer."""
    if question in part.numbers:
        pool = list(part.numbers[question](answer))
    elif question == "hand-size":
        pool = [n for n in (answer + d for d in (-3, -2, -1, 1, 2, 3)) if n >= 0]
    else:
        pool = [answer + d for d in (-4, -3, -2, -1, 1, 2, 3, 4)] + ([answer * 2, -answer] if answer else [])
    others = [n for n in dict.fromkeys(pool) if n != answer]
    chosen = rng.sample(others, min(3, len(others))) + [answer]
    return sorted(dict.fromkeys(chosen))


def explanation(item: Item) -> tuple[tuple[Text, ...], tuple[Ruling, ...]]:
    """What the engine says about the item's question, line by line (rendered where shown), and
    the rulings that read the item's rule there."""
    game = item.game()
    state = game.state
    if item.kind == "pick":
        verdicts = [v for _, v in _pick_moves([(m, state.explain(m)) for m in tries(state)])]
        steps: list[Any] = [r for v in verdicts for r in v.reasons]
        lines = tuple(_verdict_text(v) for v in verdicts)
    elif item.move is None:  # a question on the position itself: the rule's reading of it
        steps = _position_asks(item, state)
        lines = tuple(cited(e.text, e.rule, e.ruling) for e in steps)
    else:
        verdict = state.explain(game.parse_move(item.move))
        steps = list(verdict.reasons)
        lines = (_verdict_text(verdict),)
        if item.kind != "legal":
            events = state.apply(verdict.move)[1]
            steps += events
            lines = tuple(cited(e.text, e.rule, e.ruling) for e in events)
            if item.rule in verdict.rule_ids:  # a consequence the verdict states (the hand's size)
                lines = (_verdict_text(verdict),) + lines
            if item.question_key == "next":  # the direction of play says it, with no event of its own
                rule = game.rules.catalogue[item.rule]
                lines += (cited(M("P{p} plays next", p=state.apply(verdict.move)[0].current_player + 1), rule),)
    rulings = tuple(dict.fromkeys(step.ruling for step in steps
                                  if step.ruling is not None and step.rule is not None and step.rule.id == item.rule))
    return lines, rulings


def _position_asks(item: Item, state: Any) -> list[Event]:
    """The events saying the answer of an item asked on the position itself (no move), for its seat."""
    asked = practice_part(item.game_id).position[item.rule](state)
    seat = getattr(item.question, "params", {})["seat"] - 1
    return [why for question, _, why in asked if question == item.question_key and why.player == seat]


def _verdict_text(verdict: Verdict) -> Text:
    said = {"move": move_words(verdict.move), "reasons": Rendered(verdict.reasons_in)}
    return M("{move} — legal; {reasons}", **said) if verdict.legal else M("{move} — illegal; {reasons}", **said)

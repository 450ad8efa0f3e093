"""The game-agnostic protocol: rules and rulings, reasons and verdicts, events, errors,
rule options, and the ``Game`` session (play, explain, undo, redo, records).

Every game module provides a :class:`GameRules` object; a :class:`Game` session drives one
immutable state after another through it. Nothing here knows a particular game.

>>> rule = Rule("X-1", "You must follow suit.", source="example.txt")
>>> Verdict(None, True, (Reason(rule, "7♥ follows hearts"),)).legal
True
"""

from __future__ import annotations

import dataclasses
from importlib import import_module, resources
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol, TypeVar

from ..i18n import DEFAULT, Listed, M, Message, _, rule_rendering, ruling_text


# --------------------------------------------------------------------------- errors

class DanishNbError(ValueError):
    """Base of every error the package raises on bad input. Its text may be a message
    (:class:`~danish_nb.i18n.Message`): ``str()`` is the English, :meth:`text_in` a reader's language.

    >>> error = DanishNbError(_("nothing to redo"))
    >>> str(error), error.text_in("fr"), error.text_in("de")
    ('nothing to redo', 'rien à rétablir', 'nichts wiederherzustellen')
    """

    def __init__(self, *args: Any):
        super().__init__(*(str(a) if isinstance(a, Message) else a for a in args))
        self.message: str | Message = args[0] if len(args) == 1 and isinstance(args[0], Message) else str(self)

    def text_in(self, lang: str = DEFAULT) -> str:
        """The error's text in ``lang`` (its English if it is plain text)."""
        return self.message.render(lang) if isinstance(self.message, Message) else str(self)


#: What a move that is not well formed says in words (a move's ``words()``; its verdict says why).
NOT_WELL_FORMED = M("a move that is not well formed")


class MoveParseError(DanishNbError):
    """Text that is not a move of this game."""


class IllegalMove(DanishNbError):
    """A move the rules forbid. Carries the :class:`Verdict` that says why; nothing changed.
    Its text says it once: the move's notation and the reasons (``str``); a learner reads the
    reasons in words (:meth:`text_in`), a move that is not well formed only what is wrong with it.

    >>> import danish_nb as dn
    >>> g = dn.setup("danish-bastard", {"hands": [["8H", "4C"], ["9S"]], "pile": ["6C"]})
    >>> error = IllegalMove(g.explain("P1 play 4C"))
    >>> str(error)
    'illegal move P1 play 4♣: the four of clubs on the six of clubs: lower than the card before (rule DB-13)'
    >>> error.text_in("fr")
    'coup refusé : le quatre de trèfle sur le six de trèfle : plus faible que la carte précédente (règle DB-13)'
    """

    def __init__(self, verdict: Verdict):
        self.verdict = verdict
        reasons = verdict.reasons_in()
        super().__init__(reasons if self._malformed() else f"illegal move {move_text(verdict.move)}: {reasons}")

    def _malformed(self) -> bool:
        """Whether the move is not a well-formed move (its one reason says what is wrong)."""
        words = getattr(self.verdict.move, "words", None)
        return not callable(words) or words() == NOT_WELL_FORMED

    def text_in(self, lang: str = DEFAULT) -> str:
        reasons = self.verdict.reasons_in(lang)
        return reasons if self._malformed() else _("move refused: {reasons}", reasons=reasons).render(lang)


class OptionsError(DanishNbError):
    """Rule options, player counts or set-up positions that cannot make a game."""


class RecordError(DanishNbError):
    """A game record that is malformed, tampered with, or does not replay."""


# --------------------------------------------------------------------------- input bounds

#: The longest move text read (a real move is under 80 characters).
MAX_MOVE_TEXT = 400
#: How deeply a position, options or record may nest lists and dicts (real ones nest 4 deep).
MAX_DEPTH = 12
#: How many values (lists, dicts, strings, numbers) options or a record may hold.
MAX_ITEMS = 400_000
#: How many values a set-up position may hold: checked before any card is read, so a position
#: listing 200,000 cards is refused at once (the largest game deals 216 cards).
MAX_POSITION_ITEMS = 2_000


def _short(value: Any, limit: int = 40) -> str:
    """``repr(value)`` cut to ``limit`` characters, so an error never echoes huge input.

    >>> _short("x" * 100)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…"
    """
    if isinstance(value, str) and len(value) > limit:
        value = value[:limit]
    elif isinstance(value, (list, tuple, dict, set, frozenset)) and len(value) > limit:
        return f"<{type(value).__name__} of {len(value)} items>"
    try:
        text = repr(value)
    except (RecursionError, ValueError):
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[:limit - 1] + "…"


def check_keys(given: Mapping[str, Any], known: Iterable[str], what: str = "position keys") -> None:
    """Refuse (:class:`OptionsError`) keys of ``given`` not in ``known``, naming a few of them.

    >>> check_keys({"hands": [], "seats": 2, "x": 1}, ("hands", "pile"))
    Traceback (most recent call last):
    danish_nb.core.texts.OptionsError: unknown position keys ['seats', 'x']; use ['hands', 'pile']
    """
    known = set(known)
    unknown = [key for key in given if key not in known]
    if unknown:
        names = sorted(str(key)[:20] for key in unknown[:5])
        more = f" and {len(unknown) - 5} more" if len(unknown) > 5 else ""
        raise OptionsError(M("unknown {what} {names}{more}; use {sorted}", what=what, names=names, more=more, sorted=sorted(known)))


def move_text(move: Any) -> str:
    """A move as notation for a message, or a short description if it cannot be written.

    >>> move_text(None), move_text("P1 take")
    ('None', "'P1 take'")
    """
    if isinstance(move, str):
        return _short(move)
    try:
        text = str(move)
    except Exception:  # noqa: BLE001 - a move object with fields of the wrong types cannot write itself
        return _short(move)
    return text if len(text) <= MAX_MOVE_TEXT else _short(move)


def check_plain(value: Any, what: str, error: type[DanishNbError], *, max_depth: int = MAX_DEPTH,
                max_items: int = MAX_ITEMS) -> None:
    """Refuse (with ``error``) a nested value deeper than ``max_depth`` or larger than
    ``max_items`` values, or holding a dict key that is not a ``str``; iterative, so no input
    can exhaust the stack.

    >>> check_plain({"hands": [["7H"], ["8C"]]}, "a position", OptionsError)
    >>> check_plain([[[[1]]]], "a position", OptionsError, max_depth=3)
    Traceback (most recent call last):
    danish_nb.core.texts.OptionsError: a position nests lists or dicts more than 3 deep
    """
    todo: list[tuple[Any, int]] = [(value, 0)]
    seen = 0
    while todo:
        item, depth = todo.pop()
        seen += 1
        if seen > max_items:
            raise error(f"{what} holds more than {max_items} values")
        if isinstance(item, (list, tuple, dict)):
            if depth >= max_depth:
                raise error(f"{what} nests lists or dicts more than {max_depth} deep")
            if len(item) > max_items:
                raise error(f"{what} holds more than {max_items} values")
            if isinstance(item, dict):
                bad = next((k for k in item if not isinstance(k, str)), None)
                if bad is not None:
                    raise error(f"{what} has a key that is not text: {_short(bad)}")
                item = item.values()
            todo.extend((child, depth + 1) for child in item)


# --------------------------------------------------------------------------- rules

@dataclass(frozen=True, slots=True)
class Rule:
    """One rule-bearing sentence of a source document.

    ``quote`` is the sentence as the document says it; ``english`` is an English rendering for
    documents in another language. ``enforced=False`` marks a sentence the engine cannot enforce
    (``note`` says why and what it does instead).
    """

    id: str
    quote: str
    english: str | None = None
    source: str = ""
    title: str = ""
    enforced: bool = True
    note: str = ""

    @property
    def language(self) -> str:
        """The language of the quote, from the document's name (``2-le-danish.fr.txt``: ``fr``).

        >>> Rule("X-1", "q", source="4-bastard-haesslich.de.txt").language, Rule("X-2", "q").language
        ('de', 'en')
        """
        parts = self.source.split(".")
        return parts[-2] if len(parts) >= 3 else "en"

    def rendering(self, lang: str) -> str | None:
        """The rule in ``lang`` for a reader of that language: ``None`` if the quote is already in
        it; the English rendering in English; else the catalogue's (``None`` if it has none)."""
        if lang == self.language:
            return None
        if lang == DEFAULT:
            return self.english
        return rule_rendering(self.id, self.english or self.quote, lang)

    def cite(self, lang: str = DEFAULT) -> str:
        """The quote as a learner reads it: in its own language, with the English rendering and,
        for a reader of another language, a rendering in theirs.

        >>> Rule("X-1", "Der Geber gibt.", "The dealer deals.", source="x.de.txt").cite()
        'X-1: “Der Geber gibt.” (in English: “The dealer deals.”)'
        """
        text = f"{self.id}: “{self.quote}”"
        if self.english:
            text += f" (in English: “{self.english}”)" if lang == DEFAULT else f" (“{self.english}”)"
        own = self.rendering(lang) if lang != DEFAULT else None
        if own:
            text += f" — “{own}”"
        return text


@dataclass(frozen=True, slots=True)
class Ruling:
    """A point where the source is silent, ambiguous or contradicts itself, and how we read it.

    ``option`` names the rule option that selects the alternatives, if there is one.
    """

    id: str
    question: str
    reading: str
    option: str | None = None
    rules: tuple[str, ...] = ()

    def reading_in(self, lang: str = DEFAULT) -> str:
        """Our reading in ``lang`` (the English reading if the catalogue has none).

        >>> Ruling("X-a", "?", "We read it so.").reading_in("fr")
        'We read it so.'
        """
        return ruling_text(self.id, self.reading, lang)

    def question_in(self, lang: str = DEFAULT) -> str:
        """The question in ``lang`` (the English question if the catalogue has none)."""
        return ruling_text(self.id, self.question, lang)

    def cite(self) -> str:
        where = f" (option `{self.option}`)" if self.option else " (documented ruling)"
        return f"ruling {self.id}{where}: {self.question} We read it as: {self.reading}"


def source_text(name: str) -> str:
    """The full text of a source document shipped with the package (``Rule.source`` names it).

    >>> source_text("1-danish-bastard.en.txt").startswith("Original Post Date")
    True
    """
    folder = resources.files("danish_nb") / "sources"
    if "/" in name or "\\" in name or not (folder / name).is_file():
        raise DanishNbError(f"no source document {name!r}")
    return (folder / name).read_text(encoding="utf-8")


class Catalogue:
    """A game's rules (in document order) and rulings, looked up by id.

    >>> c = Catalogue([Rule("A-1", "x")], [Ruling("A-a", "q?", "r.")])
    >>> c["A-1"].quote, c.ruling("A-a").reading, [r.id for r in c]
    ('x', 'r.', ['A-1'])
    """

    def __init__(self, rules: Iterable[Rule], rulings: Iterable[Ruling] = ()):
        self.rules: dict[str, Rule] = {}
        for rule in rules:
            if rule.id in self.rules:
                raise DanishNbError(f"rule id {rule.id} appears twice")
            self.rules[rule.id] = rule
        self.rulings: dict[str, Ruling] = {r.id: r for r in rulings}

    def __getitem__(self, rule_id: str) -> Rule:
        return self.rules[rule_id]

    def __iter__(self) -> Iterator[Rule]:
        return iter(self.rules.values())

    def __len__(self) -> int:
        return len(self.rules)

    def ruling(self, ruling_id: str) -> Ruling:
        return self.rulings[ruling_id]


@dataclass(frozen=True, slots=True)
class Reason:
    """One step of an explanation: what happened or why, and the rule (and ruling) behind it."""

    rule: Rule
    text: Text
    ruling: Ruling | None = None

    @property
    def rule_id(self) -> str:
        return self.rule.id

    def text_in(self, lang: str = DEFAULT) -> str:
        """The step in ``lang``, with its rule (and ruling) id."""
        return render_text(cited(self.text, self.rule, self.ruling), lang=lang)

    def __str__(self) -> str:
        return self.text_in()


@dataclass(frozen=True, slots=True)
class Verdict:
    """Whether a candidate move is legal, with the ordered reasons that decide it."""

    move: Any
    legal: bool
    reasons: tuple[Reason, ...]

    @property
    def rule_ids(self) -> tuple[str, ...]:
        return tuple(r.rule_id for r in self.reasons)

    def reasons_in(self, lang: str = DEFAULT) -> str:
        """The reasons in ``lang``, one after another, each with its rule."""
        return "; ".join(r.text_in(lang) for r in self.reasons)

    def summary(self, lang: str = DEFAULT) -> str:
        """One line: ``'legal: the eight of hearts on the six of clubs: equal or higher (rule DB-13)'``, in ``lang``."""
        reasons = self.reasons_in(lang)
        return render_text(_("legal: {reasons}", reasons=reasons) if self.legal
                           else _("illegal: {reasons}", reasons=reasons), lang=lang)

    def __str__(self) -> str:
        return self.summary()


@dataclass(frozen=True, slots=True)
class Private:
    """Cards named in a text that only their ``owner`` may see; everyone else reads ``public``.

    ``in_hand`` marks cards held in the owner's hand, which teaching mode shows to all; cards
    laid aside (a discard, a skat) stay private even then. ``text``, if given, is what the owner
    reads instead of the card list (words that would give the cards away, such as their points).

    >>> from danish_nb.cards import parse_cards
    >>> secret = Private(parse_cards("10H KD"), owner=0, public="2 cards", in_hand=False)
    >>> render_text(("P1 lays aside ", secret), viewer=1), render_text(("P1 lays aside ", secret), viewer=0)
    ('P1 lays aside 2 cards', 'P1 lays aside the ten of hearts and the king of diamonds')
    """

    cards: tuple
    owner: int
    public: str | Message
    in_hand: bool = True
    text: str | Message = ""

    def seen_by(self, viewer: int | None, reveal_hands: bool = False) -> bool:
        """Whether ``viewer`` (``None``: a spectator) may read the cards."""
        return viewer == self.owner or (reveal_hands and self.in_hand)

    def __str__(self) -> str:
        """What the owner reads: ``text`` if given (words that reveal the cards), else the cards."""
        return str(self.text) or str(Listed(self.cards))


#: A text for learners: plain words, a :class:`~danish_nb.i18n.Message` (translated when shown,
#: its parameters may be texts too), or a tuple of words, messages and :class:`Private` cards.
Text = str | Message | tuple["str | Message | Private", ...]


def cited(text: Text, rule: Rule | None, ruling: Ruling | None = None) -> Text:
    """``text`` followed by the rule (and ruling) it rests on, as a text to render.

    >>> str(cited("P1 plays", Rule("X-1", "q"), Ruling("X-a", "?", ".")))
    'P1 plays (rule X-1) [ruling X-a]'
    """
    if rule is not None:
        text = _("{text} (rule {rule})", text=text, rule=rule.id)
    return text if ruling is None else _("{text} [ruling {ruling}]", text=text, ruling=ruling.id)


def render_text(text: Text, viewer: int | None = None, reveal_hands: bool = False, *,
                omniscient: bool = False, lang: str = DEFAULT) -> str:
    """``text`` as ``viewer`` may read it, in ``lang``: private cards they may not see read as
    their public wording. ``omniscient=True`` names every card (for tests, records and debugging).

    >>> from danish_nb.i18n import _
    >>> render_text("P1 takes the pile"), render_text(_("New game"), lang="fr")
    ('P1 takes the pile', 'Nouvelle partie')
    """
    def part(item: Any) -> str:
        if isinstance(item, str):
            return item
        if isinstance(item, Message):
            return item.render(lang, part)
        if type(item) is tuple:  # a text of parts (a Card is a tuple too, read as itself)
            return "".join(map(part, item))
        if isinstance(item, Private):
            shown = omniscient or item.seen_by(viewer, reveal_hands)
            return (part(item.text) or part(Listed(item.cards))) if shown else part(item.public)
        text_in = getattr(item, "text_in", None)  # cards in words, lists, errors
        return text_in(lang) if callable(text_in) else str(item)
    return part(text)


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened when a move was applied (cards moved, pile burned, ...).

    ``text`` may name private cards (see :class:`Private`); :meth:`text_for` renders it for one
    viewer, ``str(event)`` for an all-seeing reader.
    """

    kind: str
    player: int | None
    text: Text
    cards: tuple = ()
    rule: Rule | None = None
    ruling: Ruling | None = None

    def text_for(self, viewer: int | None, reveal_hands: bool = False, *, omniscient: bool = False,
                 lang: str = DEFAULT) -> str:
        """What ``viewer`` reads in the log, in ``lang``: the text with what they may see, and its rule."""
        return render_text(cited(self.text, self.rule, self.ruling), viewer, reveal_hands,
                           omniscient=omniscient, lang=lang)

    def __str__(self) -> str:
        return self.text_for(None, omniscient=True)


@dataclass(frozen=True, slots=True)
class Result:
    """How a game ended: a finishing order (first = best), scores, or a declared draw.

    ``reason_id`` says why in a word a program reads (``reason`` is the sentence for learners):
    one of :data:`REASON_IDS`.

    >>> Result(draw=True, reason="draw: the turn limit of 9 moves was reached", reason_id="turn-limit").reason_id
    'turn-limit'
    """

    order: tuple[int, ...] = ()
    loser: int | None = None
    scores: tuple[int, ...] | None = None
    draw: bool = False
    reason: str = ""
    #: ``reason`` as a text to translate (given as ``reason=``; ``reason`` keeps its English).
    message: Text = field(default="", compare=False, repr=False)
    reason_id: str = ""

    def __post_init__(self) -> None:
        if self.reason_id not in REASON_IDS:
            raise DanishNbError(f"a result's reason_id is one of {', '.join(REASON_IDS)}, not {_short(self.reason_id)}")
        if not isinstance(self.reason, str) or isinstance(self.reason, Message):
            object.__setattr__(self, "message", self.reason)
            object.__setattr__(self, "reason", render_text(self.reason))

    @property
    def text(self) -> Text:
        """Why the game ended, as a text to render (translated where shown)."""
        return self.message or self.reason

    def reason_in(self, lang: str = DEFAULT) -> str:
        """Why the game ended, in ``lang``.

        >>> Result(draw=True, reason=_("New game")).reason_in("fr")
        'Nouvelle partie'
        """
        return render_text(self.text, lang=lang)

    def __str__(self) -> str:
        return self.reason_in()


#: Why a game ends, as :attr:`Result.reason_id` says it: ``"out-of-cards"`` (players got rid of
#: their cards: a finishing order), ``"points"`` (a match decided on its scores), ``"tie"``
#: (equal best or equal worst scores share the place: a draw), ``"repetition"`` (a position came
#: back too often: a draw), ``"turn-limit"`` (a draw); ``""`` if not said (a result built by hand).
REASON_IDS = ("", "out-of-cards", "points", "tie", "repetition", "turn-limit")


# --------------------------------------------------------------------------- options

def option(default: Any, help: str, ruling: str | None = None, choices: Sequence[Any] | Mapping[Any, str] | None = None,
           *, label: str | None = None, low: int | None = None, high: int | None = None) -> Any:
    """A rule-option field: its default, a line of help, the ruling it settles, allowed values
    (``choices``, or a whole-number range ``low``..``high``), and a short ``label`` for a settings
    panel (default: the name in words). ``choices`` may map each value to its words (what a
    settings panel offers, translated where shown); values without words are shown as they are."""
    words = tuple(choices.values()) if isinstance(choices, Mapping) else None
    meta = {"help": help, "ruling": ruling, "choices": tuple(choices) if choices else None,
            "label": label, "low": low, "high": high, "choice_labels": words}
    return field(default=default, metadata=meta)


@dataclass(frozen=True, slots=True)
class OptionInfo:
    """What a settings panel (and the checks of :func:`make_options`) know of one rule option."""

    name: str
    default: Any
    help: str
    ruling: str | None
    choices: tuple[Any, ...] | None
    label: str = ""
    low: int | None = None
    high: int | None = None
    #: Each choice in words, in the order of ``choices`` (``None``: the values are their own words).
    choice_labels: tuple[str, ...] | None = None

    def choice_label(self, value: Any) -> str:
        """A value's words (English; translate where shown), or the value itself as text.

        >>> import danish_nb as dn
        >>> dn.GAMES["le-danish"].info.option("after_pickup").choice_label("last-player")
        'the last player who put cards down'
        """
        if self.choices and self.choice_labels and value in self.choices:
            return self.choice_labels[self.choices.index(value)]
        return str(value)

    def check(self, value: Any) -> None:
        """Raise :class:`OptionsError` naming the problem if ``value`` is not allowed."""
        expected = type(self.default)
        if isinstance(value, bool) != isinstance(self.default, bool) or (
                self.default is not None and not isinstance(value, expected)):
            raise OptionsError(M("option {name!r} takes a {kind}, not {kind2} {value}", name=self.name, kind=expected.__name__, kind2=type(value).__name__, value=_short(value)))
        if self.choices and value not in self.choices:
            raise OptionsError(M("option {name!r} must be one of {choices}, not {value}", name=self.name, choices=self.choices, value=_short(value)))
        if (self.low is not None and value < self.low) or (self.high is not None and value > self.high):
            raise OptionsError(M("option {name!r} must be from {low} to {high}, not {value}", name=self.name, low=self.low, high=self.high, value=_short(value)))


OptionsT = TypeVar("OptionsT")


def option_infos(options_type: type) -> tuple[OptionInfo, ...]:
    """The documented fields of an options dataclass, in declaration order."""
    return tuple(OptionInfo(f.name, f.default, f.metadata.get("help", ""), f.metadata.get("ruling"),
                            f.metadata.get("choices"), f.metadata.get("label") or f.name.replace("_", " "),
                            f.metadata.get("low"), f.metadata.get("high"), f.metadata.get("choice_labels"))
                 for f in dataclasses.fields(options_type))


def make_options(options_type: type[OptionsT], given: Mapping[str, Any] | OptionsT | None) -> OptionsT:
    """Build an options value from a dict, checking names, types, choices and ranges.

    Raises :class:`OptionsError` naming the bad entry; unknown names are errors, not ignored.
    """
    if given is None:
        return options_type()
    if isinstance(given, options_type):
        given = dataclasses.asdict(given)  # type: ignore[call-overload]  # options types are dataclasses
    if not isinstance(given, Mapping):
        raise OptionsError(M("options must be a dict, not {kind}", kind=type(given).__name__))
    known = {info.name: info for info in option_infos(options_type)}
    values: dict[str, Any] = {}
    for name, value in given.items():
        info = known.get(name) if isinstance(name, str) else None
        if info is None:
            raise OptionsError(M("unknown option {name}; this game's options are: {items}", name=_short(name), items=', '.join(known)))
        info.check(value)
        values[name] = value
    return options_type(**values)


# --------------------------------------------------------------------------- protocol

class State(Protocol):
    """What every game's immutable state offers (see DESIGN.md)."""

    @property
    def current_player(self) -> int | None: ...
    @property
    def is_over(self) -> bool: ...
    @property
    def result(self) -> Result | None: ...
    def legal_moves(self) -> list[Any]: ...
    def explain(self, move: Any) -> Verdict: ...
    def normalize(self, move: Any) -> Any: ...
    def apply(self, move: Any) -> tuple[State, tuple[Event, ...]]: ...
    def view(self, player: int | None) -> Any: ...
    def all_cards(self) -> list: ...


class RulesState:
    """The part of the protocol every game's state shares (a mixin for a frozen dataclass).

    The dataclass declares ``_legal: list | None = field(default=None, init=False,
    compare=False, repr=False)`` (the legal-move cache, never copied) and a ``move_type``; it
    implements ``_generate_moves()``, ``explain(move)`` and ``_apply(move)`` (``move`` already
    checked and normalized). Legality is decided here, once, for every game: ``apply`` plays
    exactly the moves ``legal_moves`` lists, and refuses anything else with the verdict of
    ``explain``.
    """

    __slots__ = ()
    move_type: ClassVar[type] = object

    def legal_moves(self) -> list[Any]:
        """The legal moves (a fast path; the contract tests check it agrees with ``explain``)."""
        legal = self._legal
        if legal is None:
            legal = self._generate_moves()
            object.__setattr__(self, "_legal", legal)
        return list(legal)

    def normalize(self, move: Any) -> Any:
        """The same move written the one way ``legal_moves`` lists it (e.g. cards in hand
        order), so histories and records read the same however it was made."""
        return move

    def well_formed(self, move: Any) -> bool:
        """Whether ``move`` is a move of this game with fields of the right types (a family
        checks its fields; ``explain`` refuses what is not well formed)."""
        return isinstance(move, self.move_type)

    def legal_move(self, move: Any) -> Any | None:
        """The legal move ``move`` is, as :meth:`legal_moves` lists it, or ``None`` if it is
        not legal (not well formed, or not listed once normalized). A move taken from
        :meth:`legal_moves` is found by identity, without checking its fields again."""
        legal = self._legal
        if legal is None:
            legal = self._generate_moves()
            object.__setattr__(self, "_legal", legal)
        try:
            found = legal[legal.index(move)]
        except ValueError:
            found = None
        if found is move:
            return found
        if not self.well_formed(move):
            return None
        if found is None:
            move = self.normalize(move)
            try:
                found = legal[legal.index(move)]
            except ValueError:
                return None
        return found

    def is_legal(self, move: Any) -> bool:
        return self.legal_move(move) is not None

    def apply(self, move: Any) -> tuple[Any, tuple[Event, ...]]:
        """The next state and what happened. Raises :class:`IllegalMove` (this state unchanged)."""
        return self.apply_move(move)[1:]

    def apply_move(self, move: Any) -> tuple[Any, Any, tuple[Event, ...]]:
        """:meth:`apply`, also returning the move as :meth:`legal_moves` lists it (what a
        history records). Raises :class:`IllegalMove` (this state unchanged)."""
        found = self.legal_move(move)
        if found is None:
            raise IllegalMove(self.explain(move))
        return (found, *self._apply(found))

    def drop_caches(self) -> None:
        """Forget what this state cached (the legal moves; a game may cache more), as a state
        kept in a history does."""
        object.__setattr__(self, "_legal", None)

    def copy(self, **changes: Any) -> Any:
        """This state with some fields changed (the one way states are copied; caches are not).
        Like ``dataclasses.replace``, by a function generated once per class (it is on every
        move's path): one slot write per field. The class's first copy sets that function as
        the class's own ``copy``, so later copies call it directly."""
        cls = type(self)
        copier = _COPIERS.get(cls)
        if copier is None:
            copier = _COPIERS[cls] = _copier(cls)
            if "copy" not in cls.__dict__:
                type.__setattr__(cls, "copy", copier)
        return copier(self, **changes)


#: Per state class, its copy function (see :func:`_copier`).
_COPIERS: dict[type, Callable[..., Any]] = {}


def _copier(cls: type) -> Callable[..., Any]:
    """``copy(state, **changes)`` for a slotted dataclass ``cls``, generated as
    ``dataclasses`` generates ``__init__``: each ``__init__`` field taken from ``changes`` or
    the state, each other field (a cache) reset to its default. An unknown field is a
    ``TypeError``, as for any call. A state of a subclass (which inherits this function as its
    ``copy``) is copied by its own class's function. The copy is written in :func:`_builder`'s
    class with plain attribute writes, then becomes a ``cls``."""
    fields = dataclasses.fields(cls)
    names = [f.name for f in fields if f.init]
    caches = {f.name: None if f.default is dataclasses.MISSING else f.default for f in fields if not f.init}
    spaces: dict[str, Any] = {"_new": object.__new__, "_cls": cls, "_builder": _builder(cls), "_keep": _KEEP,
                              "_other": _copy_other}
    lines = [f"def copy(_self_, *, {', '.join(f'{n}=_keep' for n in names)}):",
             "    if type(_self_) is not _cls:",
             f"        return _other(_self_, {{{', '.join(f'{n!r}: {n}' for n in names)}}})",
             "    new = _new(_builder)"]
    for i, name in enumerate([*names, *caches]):
        value = f"_self_.{name} if {name} is _keep else {name}" if name in names else f"_default{i}"
        spaces[f"_default{i}"] = caches.get(name)
        lines.append(f"    new.{name} = {value}")
    lines += ["    new.__class__ = _cls", "    return new"]
    exec("\n".join(lines), spaces)  # noqa: S102 - code built from the class's own field names
    return spaces["copy"]


#: A field left as it is in :meth:`RulesState.copy`.
_KEEP = object()


def _builder(cls: type) -> type:
    """A subclass of ``cls`` that adds no slots and drops the frozen ``__setattr__``, in which a
    copy is written by plain attribute writes (Python's fastest: half the cost of a copy) before
    it becomes a ``cls`` by ``__class__`` assignment (which Python allows: the layout is the same,
    however many layers of slots ``cls`` has).

    >>> import danish_nb as dn
    >>> _builder(type(dn.new_game("le-danish", players=3).state)).__name__
    '_BuildingLeDanishState'
    """
    return type(f"_Building{cls.__name__}", (cls,), {"__slots__": (), "__setattr__": object.__setattr__,
                                                      "__delattr__": object.__delattr__})


def _copy_other(state: Any, given: dict[str, Any]) -> Any:
    """``state.copy(**given)`` by the copy function of ``state``'s own class, ``given`` less the
    fields left as they are."""
    return RulesState.copy(state, **{name: value for name, value in given.items() if value is not _KEEP})


#: The game families (what a family module and a board adapter share), by name.
FAMILIES = ("shedding", "tricks", "running-total")
#: Language codes of the source documents (``1-danish-bastard.en.txt`` is in English).
LANGUAGES = {"en": "English", "fr": "French", "de": "German"}


def load_object(path: str) -> Any:
    """The object a ``"module:name"`` path names, its module imported (how a game declares what
    lives above it, such as its board, without importing it).

    >>> load_object("danish_nb.cards:Card").__name__
    'Card'
    """
    module, _, name = path.partition(":")
    return getattr(import_module(module), name)


@dataclass(frozen=True, slots=True)
class GameParts:
    """What the rest of the package needs about a game besides its rules, declared once in the
    game's module (``register(Rules(), GameParts(...))``) and read as ``dn.GAMES[id].info.parts``.
    Every field has a default a new game may keep:

    - ``players``: the seats when none are asked for (the bridges; default: the fewest);
    - ``agents``: computer players made for this game, by name, as ``"module:Class"`` paths (a
      class taking a seed); otherwise its family's players play it;
    - ``iterations``, ``move_budget``, ``margin``: the strong player's search budget (per decision;
      playout moves per decision; the weight of the point margin in a playout's value and the
      margin that counts fully), see ``agents/search.py``;
    - ``card_values``: what taking a card is worth to the trick family's rule-of-thumb player;
    - ``endgame``: for a trick game, ``endgame(state, player, cards, index)`` giving the exact
      endgame solver its scoring (``families.tricks.EndgameScoring``); none: no solver;
    - ``actions``: ``actions(dealt state, players)``, the bridges' action space as
      ``(action, form, size)`` segments (``bridges/actions.py``), and ``bids``, an auction's bids;
    - ``max_moves``: ``max_moves(players, options)``, a bound on a game's moves (OpenSpiel's
      game length; default: from a ``turn_limit`` option);
    - ``board``: the board widget as a ``"module:Class"`` path (default: its family's board);
    - ``sample``: ``(players, seed)`` of the sample record its lesson loads.

    >>> import danish_nb as dn
    >>> dn.GAMES["sjavs"].info.parts.players, GameParts().iterations
    (4, 150)
    """

    players: int | None = None
    agents: Mapping[str, str] = field(default_factory=dict)
    iterations: int = 150
    move_budget: int | None = None
    margin: tuple[float, float] = (0.0, 1.0)
    card_values: Mapping[Any, int] = field(default_factory=dict)
    endgame: Callable[..., Any] | None = None
    actions: Callable[[Any, int], Sequence[tuple[str, str, int]]] | None = None
    bids: tuple[str, ...] = ()
    max_moves: Callable[[int, Any], int] | None = None
    board: str | None = None
    sample: tuple[int, int] | None = None


@dataclass(frozen=True, slots=True)
class GameInfo:
    """What a game is, as data: for menus, settings panels, the rulings page and the contract
    tests. ``dn.GAMES[game_id].info``.

    >>> import danish_nb as dn
    >>> info = dn.GAMES["le-danish"].info
    >>> info.title, info.family, (info.min_players, info.max_players), info.language
    ('Le danish', 'shedding', (2, 11), 'fr')
    >>> info.option("turn_limit").label
    'turn limit'
    """

    id: str
    title: str
    family: str
    min_players: int
    max_players: int
    source: str
    language: str
    options: tuple[OptionInfo, ...]
    parts: GameParts = GameParts()

    @property
    def default_players(self) -> int:
        """The seats when none are asked for (:attr:`GameParts.players`, else the fewest)."""
        return self.parts.players or self.min_players

    @property
    def language_name(self) -> str:
        """``'English'``, ``'French'``, ``'German'``."""
        return LANGUAGES[self.language]

    @property
    def player_counts(self) -> range:
        return range(self.min_players, self.max_players + 1)

    def option(self, name: str) -> OptionInfo:
        """One option of the schema, by name. Raises :class:`OptionsError`."""
        for info in self.options:
            if info.name == name:
                return info
        raise OptionsError(M("{title} has no option {name}", title=self.title, name=_short(name)))

    @classmethod
    def of(cls, rules: Any, parts: GameParts = GameParts()) -> GameInfo:
        """Read a rules object's attributes (``id``, ``title``, ``family``, ``source``,
        ``options_type``, ``min_players``, ``max_players``) and take its ``parts``; the language
        is the source file name's suffix. Raises :class:`DanishNbError` for a rules object that
        lacks one."""
        family = rules.family
        language = rules.source.rsplit(".", 2)[-2] if rules.source.count(".") >= 2 else ""
        if family not in FAMILIES or language not in LANGUAGES:
            raise DanishNbError(f"game {rules.id!r}: family {family!r} must be one of {FAMILIES} and "
                                f"its source named like '1-name.en.txt' (language one of {', '.join(LANGUAGES)})")
        return cls(rules.id, rules.title, family, rules.min_players, rules.max_players, rules.source,
                   language, option_infos(rules.options_type), parts)


class GameRules(Protocol):
    """A game: its identity, source, rule catalogue, options and how to start a state.

    :func:`register` adds :attr:`info`, the game's :class:`GameInfo`, built from the other
    attributes and the :class:`GameParts` the game declares with it.
    """

    id: str
    title: str
    family: str
    source: str
    catalogue: Catalogue
    options_type: type
    min_players: int
    max_players: int
    info: GameInfo

    def new_state(self, players: int, seed: int, options: Any) -> State: ...
    # optional: def deal_events(self, state) -> tuple[Event, ...]: what the deal did, with its rules
    def setup_state(self, position: Mapping[str, Any], options: Any) -> State: ...
    def parse_move(self, text: str) -> Any: ...


@dataclass(frozen=True, slots=True)
class GameCard:
    """What a menu shows of a game before its module is imported: declared with the module's
    name (``danish_nb/games/__init__.py``), read from the game's :class:`GameInfo` once it is
    registered (a test checks that the two agree).

    >>> import danish_nb as dn
    >>> dn.GAMES.card("bastard")
    GameCard(id='bastard', title='Bastard', family='tricks', max_players=4)
    """

    id: str
    title: str
    family: str
    max_players: int


class GameRegistry(Mapping[str, GameRules]):
    """:data:`GAMES`, the games by id, in the order they were declared or registered. A game
    declared with its module's name is imported when it is first looked up (its module
    registers it): a page that plays one game imports one.

    >>> registry = GameRegistry()
    >>> registry.declare("demo", "no.such.module", GameCard("demo", "Demo", "tricks", 4))
    >>> list(registry), registry.card("demo").title, "demo" in registry
    (['demo'], 'Demo', True)
    """

    def __init__(self) -> None:
        self._rules: dict[str, GameRules] = {}
        self._declared: dict[str, tuple[str, GameCard]] = {}

    def declare(self, game_id: str, module: str, card: GameCard) -> None:
        """Name the module that registers ``game_id`` (imported on first lookup) and its card."""
        self._declared[game_id] = (module, card)

    def add(self, game: GameRules) -> None:
        """Hold a registered game (:func:`register` does this)."""
        self._rules[game.id] = game

    def remove(self, game_id: str) -> None:
        """Forget a game registered or declared under ``game_id`` (a test's own game, when it ends)."""
        self._rules.pop(game_id, None)
        self._declared.pop(game_id, None)

    def card(self, game_id: str) -> GameCard:
        """A game's card, without importing its module. Raises ``KeyError``."""
        if game_id in self._rules:
            info = self._rules[game_id].info
            return GameCard(info.id, info.title, info.family, info.max_players)
        return self._declared[game_id][1]

    def cards(self) -> list[GameCard]:
        """Every game's card, in order, importing none."""
        return [self.card(game_id) for game_id in self]

    def __getitem__(self, game_id: str) -> GameRules:
        if game_id not in self._rules and game_id in self._declared:
            import_module(self._declared[game_id][0])
        return self._rules[game_id]

    def __contains__(self, game_id: object) -> bool:
        return game_id in self._rules or game_id in self._declared

    def __iter__(self) -> Iterator[str]:
        return iter({**dict.fromkeys(self._declared), **dict.fromkeys(self._rules)})

    def __len__(self) -> int:
        return len(self._declared.keys() | self._rules.keys())


GAMES = GameRegistry()


def register(game: GameRules, parts: GameParts = GameParts()) -> GameRules:
    """Add a game to :data:`GAMES` under its id, with its :class:`GameInfo` (``parts``, what the
    rest of the package needs about it, included) as ``game.info``: registering is all a new game
    needs to be listed, offered, played by the computer players and the bridges, and covered by
    the contract tests."""
    game.info = GameInfo.of(game, parts)
    GAMES.add(game)
    return game


def get_game(game_id: str) -> GameRules:
    """The registered game ``game_id``. Raises :class:`OptionsError` naming the games."""
    if not isinstance(game_id, str):
        raise OptionsError(M("a game id is text like 'danish-bastard', not a {kind}", kind=type(game_id).__name__))
    try:
        return GAMES[game_id]
    except KeyError:
        raise OptionsError(M("unknown game {game_id}; the games are: {items}", game_id=_short(game_id), items=', '.join(GAMES))) from None


# --------------------------------------------------------------------------- session

class Step:
    """One played move: the move, what happened, and the state after it.

    A history keeps the state of every :data:`KEEP_EVERY`-th step and of the last one; any
    other step's state is rebuilt when asked for, by replaying its moves from the kept state
    before it (the rules are deterministic), and kept from then on. So a long game's history
    holds moves and events, not thousands of states.

    >>> import danish_nb as dn
    >>> g = dn.new_game("rat-bastard-17", players=2, seed=1)
    >>> for _ in range(3): _ = g.play(g.legal_moves()[0])
    >>> g.history[0].state == g.initial_state.apply(g.history[0].move)[0]
    True
    """

    __slots__ = ("move", "events", "_state", "_before")

    def __init__(self, move: Any, events: tuple[Event, ...], state: Any, before: Any = None):
        self.move = move
        self.events = events
        self._state = state
        #: The step before this one, or the game's first state: where a dropped state is rebuilt from.
        self._before = before

    @property
    def state(self) -> Any:
        state = self._state
        if state is None:
            before = self._before
            previous = before.state if isinstance(before, Step) else before
            state = self._state = previous._apply(self.move)[0]
        return state

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Step):
            return NotImplemented
        return (self.move, self.events, self.state) == (other.move, other.events, other.state)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Step(move={self.move!r}, events={self.events!r}, state={self.state!r})"


#: A history keeps the state of every this many steps (see :class:`Step`).
KEEP_EVERY = 32


def _no_events(state: Any) -> tuple[Event, ...]:
    return ()


class Game:
    """A game session: the current state, its history, undo and redo, explanations, records.

    >>> import danish_nb as dn
    >>> g = dn.new_game("danish-bastard", players=3, seed=7)
    >>> move = g.legal_moves()[0]
    >>> _ = g.play(move); _ = g.undo(); _ = g.redo(); len(g.history)
    1
    """

    def __init__(self, rules: GameRules, state: Any, *, options: Any, players: int,
                 seed: int | None = None, position: Mapping[str, Any] | None = None):
        self.rules = rules
        self.options = options
        self.players = players
        self.seed = seed
        self.position = dict(position) if position is not None else None
        self.initial_state = state
        self.opening_events: tuple[Event, ...] = tuple(getattr(rules, "deal_events", _no_events)(state))
        self.history: list[Step] = []
        self._redo: list[Step] = []
        self.listeners: list[Callable[[Game], None]] = []

    # -- reading
    @property
    def state(self) -> Any:
        history = self.history
        if not history:
            return self.initial_state
        last = history[-1]
        return last._state or last.state

    @property
    def current_player(self) -> int | None:
        return self.state.current_player

    @property
    def is_over(self) -> bool:
        history = self.history  # as :attr:`state` reads it (this is on every move's path)
        if history:
            last = history[-1]
            return (last._state or last.state).is_over
        return self.initial_state.is_over

    @property
    def result(self) -> Result | None:
        return self.state.result

    @property
    def catalogue(self) -> Catalogue:
        return self.rules.catalogue

    def states(self) -> list[Any]:
        """Every state from the first to the current one."""
        return [self.initial_state] + [step.state for step in self.history]

    def legal_moves(self) -> list[Any]:
        history = self.history
        if history:
            last = history[-1]
            return (last._state or last.state).legal_moves()
        return self.initial_state.legal_moves()

    def explain(self, move: Any) -> Verdict:
        return self.state.explain(self.parse_move(move) if isinstance(move, str) else move)

    def parse_move(self, text: str) -> Any:
        """A move from its notation. Raises :class:`MoveParseError` (text too long or not a move)."""
        if not isinstance(text, str):
            raise MoveParseError(M("a move's notation is text like 'P1 take', not a {kind}", kind=type(text).__name__))
        if len(text) > MAX_MOVE_TEXT:
            raise MoveParseError(M("a move is at most {MAX_MOVE_TEXT} characters, not {count}: {text}", MAX_MOVE_TEXT=MAX_MOVE_TEXT, count=len(text), text=_short(text)))
        return self.rules.parse_move(text)

    # -- changing
    def play(self, move: Any) -> tuple[Event, ...]:
        """Play a move (a move value or its notation). Raises :class:`IllegalMove`; nothing changes then."""
        if isinstance(move, str):
            move = self.parse_move(move)
        history = self.history
        if history:
            last = history[-1]
            before = last._state or last.state
        else:
            last = before = self.initial_state
        found = before.legal_move(move)  # what apply_move does, without its call and tuple
        if found is None:
            raise IllegalMove(before.explain(move))
        state, events = before._apply(found)
        if history and len(history) % KEEP_EVERY and last._before is not None:
            last._state = None  # rebuilt when asked for (see Step)
        else:
            before.drop_caches()  # a state the history keeps keeps no cache (history stays small)
        history.append(Step(found, events, state, last))
        if self._redo:
            self._redo.clear()
        if self.listeners:
            self._notify()
        return events

    def undo(self) -> Step:
        """Take back the last move (it can be redone until another move is played)."""
        if not self.history:
            raise DanishNbError(M("nothing to undo: no move has been played"))
        step = self.history.pop()
        self._redo.append(step)
        self._notify()
        return step

    def redo(self) -> Step:
        if not self._redo:
            raise DanishNbError(M("nothing to redo"))
        step = self._redo.pop()
        self.history.append(step)
        self._notify()
        return step

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def _notify(self) -> None:
        for listener in list(self.listeners):
            listener(self)

    # -- records
    def to_record(self) -> dict[str, Any]:
        """A JSON-able record: game, players, seed (or set-up position), options, moves;
        :func:`danish_nb.records.load_record` reads it back."""
        record: dict[str, Any] = {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "game": self.rules.id,
            "players": self.players,
            "options": dataclasses.asdict(self.options),
            "moves": [str(step.move) for step in self.history],
        }
        if self.position is not None:
            record["position"] = self.position
        else:
            record["seed"] = self.seed
        return record


#: What :meth:`Game.to_record` writes as ``"format"`` and ``"version"``.
RECORD_FORMAT = "danish-nb/record"
RECORD_VERSION = 1


def _whole_number(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise OptionsError(M("{what} must be a whole number, not {kind} {value}", what=what, kind=type(value).__name__, value=_short(value)))
    return value


def new_game(game_id: str, players: int, seed: int = 0, options: Mapping[str, Any] | None = None) -> Game:
    """Deal a new game: ``new_game("danish-bastard", players=3, seed=7)``.

    Raises :class:`OptionsError` for an unknown game, a player count it does not allow, or
    bad options.
    """
    rules = get_game(game_id)
    if _whole_number(players, "players") not in rules.info.player_counts:
        raise OptionsError(M("{title} takes {min_players} to {max_players} players, not {players}", title=rules.title, min_players=rules.min_players, max_players=rules.max_players, players=_short(players)))
    _whole_number(seed, "seed")
    opts: Any = make_options(rules.options_type, options)
    return Game(rules, rules.new_state(players, seed, opts), options=opts, players=players, seed=seed)


def setup(game_id: str, position: Mapping[str, Any], options: Mapping[str, Any] | None = None) -> Game:
    """A game from a plain-dict position (see each game's ``setup_state`` for the keys).

    Raises :class:`OptionsError` for a position that is not a dict with text keys, nests too
    deeply or is too large, or that the game refuses.
    """
    rules = get_game(game_id)
    if not isinstance(position, Mapping):
        raise OptionsError(M("a position is a dict, not {kind}", kind=type(position).__name__))
    if len(position) > MAX_POSITION_ITEMS:
        raise OptionsError(M("a position holds more than {MAX_POSITION_ITEMS} values", MAX_POSITION_ITEMS=MAX_POSITION_ITEMS))
    position = dict(position)
    check_plain(position, "a position", OptionsError, max_items=MAX_POSITION_ITEMS)
    opts: Any = make_options(rules.options_type, options)
    state = rules.setup_state(position, opts)
    return Game(rules, state, options=opts, players=state.players, position=position)

"""Rules and texts: the rules and rulings of a source, the reasons and verdicts that cite them,
the events a move makes and the result a game ends with, and the texts for learners they carry
(words, messages, private cards), rendered for one reader in one language.

>>> rule = Rule("X-1", "You must follow suit.", source="example.txt")
>>> Verdict(None, True, (Reason(rule, "7♥ follows hearts"),)).legal
True
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from importlib import resources
from typing import Any, NamedTuple

from ..errors import DanishNbError, _short
from ..i18n import DEFAULT, N_, Listed, Message, _, _part, in_turn, note_text, rule_rendering, ruling_text


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
        """The rule in ``lang`` for a reader of that language: the English rendering in English
        (``None`` if the quote is English); else the catalogue's, ``None`` if it has none (a
        document quoted in the reader's own language has none, unless its words need restating:
        the Bastard document is a machine translation into German, restated in clear German).

        >>> from danish_nb import GAMES
        >>> GAMES["le-danish"].catalogue["LD-1"].rendering("fr") is None
        True
        >>> GAMES["bastard"].catalogue["BA-2"].rendering("de")
        'Drei oder vier Personen spielen.'
        """
        if lang == DEFAULT:
            return self.english
        return rule_rendering(self.id, self.english or self.quote, lang)

    def note_in(self, lang: str = DEFAULT) -> str:
        """The note (why the engine cannot enforce the rule, and what it does) in ``lang``
        (looked up in context ``note <id>``; the English if the catalogue has none).

        >>> from danish_nb import GAMES
        >>> GAMES["le-danish"].catalogue["LD-7"].note_in("de")
        'Ein Rat, keine Regel: der Computerspieler „Faustregel“ befolgt ihn.'
        """
        return note_text(self.id, self.note, lang) if self.note else ""

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
        """The reasons in ``lang``, one after another, each with its rule (joined as the
        language writes it: "a ; b" in French)."""
        return render_text(in_turn(cited(r.text, r.rule, r.ruling) for r in self.reasons), lang=lang)

    def summary(self, lang: str = DEFAULT) -> str:
        """One line in ``lang``: whether the move is legal, then its reasons as a sentence of their own
        (``'legal. The eight of hearts on the six of clubs: equal or higher (rule DB-13)'``: a reason's
        own colon is then the only one in its sentence)."""
        reasons = self.reasons_in(lang)
        return render_text(_("legal. {reasons:cap}", reasons=reasons) if self.legal
                           else _("illegal. {reasons:cap}", reasons=reasons), lang=lang)

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


#: A rule cited after a text that ends in a parenthesis of its own (never two side by side).
_BY_RULE = N_("{text}, by rule {rule}")


class _Cited(Message):
    """``text (rule X-1)``, or ``text, by rule X-1`` where ``text`` as read ends in a parenthesis
    of its own, so a reader never meets two parentheses side by side ("P1 picks up the pile
    (2 cards), by rule LD-23", never "(2 cards) (rule LD-23)")."""

    __slots__ = ()

    def render(self, lang: str = DEFAULT, part: Any = None) -> str:
        text = self.params["text"]
        shown = part(text) if part else text.render(lang) if isinstance(text, Message) else _part(text, lang)
        msgid = _BY_RULE if shown.endswith(")") else self.msgid
        return Message(msgid, text=shown, rule=self.params["rule"]).render(lang, part)


def cited(text: Text, rule: Rule | None, ruling: Ruling | None = None) -> Text:
    """``text`` followed by the rule (and ruling) it rests on, as a text to render.

    >>> str(cited("P1 plays", Rule("X-1", "q"), Ruling("X-a", "?", ".")))
    'P1 plays (rule X-1) [ruling X-a]'
    >>> str(cited("P1 picks up the pile (2 cards)", Rule("X-1", "q"))), cited("x (y)", Rule("X-1", "q")).render("fr")
    ('P1 picks up the pile (2 cards), by rule X-1', 'x (y), selon la règle X-1')
    """
    if rule is not None:
        text = _Cited(N_("{text} (rule {rule})"), text=text, rule=rule.id)
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
        return _part(item, lang)  # cards in words, lists, errors, truth values as words
    return part(text)


class Event(NamedTuple):
    """Something that happened when a move was applied (cards moved, pile burned, ...).

    ``text`` may name private cards (see :class:`Private`); :meth:`text_for` renders it for one
    viewer, ``str(event)`` for an all-seeing reader. Immutable; a named tuple, since every move
    builds one or more (a third of the cost of a frozen dataclass).

    >>> Event("burn", 0, "the pile is burned").cards
    ()
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

    A ``reason`` given as a message is kept as ``message`` and written in English only when
    ``reason`` is read (a playout ends many games nobody reads): the same text, later.

    >>> from danish_nb.i18n import M
    >>> later = Result(draw=True, reason=M("draw: the turn limit of {n} moves was reached", n=9))
    >>> later.reason, later == Result(draw=True, reason="draw: the turn limit of 9 moves was reached")
    ('draw: the turn limit of 9 moves was reached', True)
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
        reason = _REASON.__get__(self)
        if not isinstance(reason, str) or isinstance(reason, Message):
            object.__setattr__(self, "message", reason)
            _REASON.__set__(self, _LATER)

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


#: :attr:`Result.reason`'s slot, and what it holds until a reason given as a message is read.
_REASON: Any = Result.__dict__["reason"]
_LATER = object()


def _reason(result: Result) -> str:
    """:attr:`Result.reason`: the English of ``message``, written the first time it is read."""
    reason = _REASON.__get__(result)
    if reason is _LATER:
        reason = render_text(result.message)
        _REASON.__set__(result, reason)
    return reason


type.__setattr__(Result, "reason", property(_reason, _REASON.__set__, doc="Why the game ended, in English."))


#: Why a game ends, as :attr:`Result.reason_id` says it: ``"out-of-cards"`` (players got rid of
#: their cards: a finishing order), ``"points"`` (a match decided on its scores), ``"tie"``
#: (equal best or equal worst scores share the place: a draw), ``"repetition"`` (a position came
#: back too often: a draw), ``"turn-limit"`` (a draw); ``""`` if not said (a result built by hand).
REASON_IDS = ("", "out-of-cards", "points", "tie", "repetition", "turn-limit")

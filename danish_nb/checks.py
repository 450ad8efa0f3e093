"""Rule checks: the steps a game's explainer takes on a candidate move, each a :class:`Check`
(legal so far or not, the rule and ruling it rests on, and why in words) or a step of a
:class:`Why` (the same, as data whose words are made only when read). A game's checks return
them in order; the last one decides, and :func:`verdict` turns them into the
:class:`~danish_nb.core.Verdict` a learner reads.

>>> from danish_nb.core import Catalogue, Rule
>>> from danish_nb.i18n import M
>>> steps = [Check(True, "X-1", M("two cards of one value go down together")),
...          Check(False, "X-2", M("lower than the card before"))]
>>> v = verdict("P1 play 7H 7D", steps, Catalogue([Rule("X-1", "pairs"), Rule("X-2", "higher")]))
>>> v.legal, v.rule_ids
(False, ('X-1', 'X-2'))
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from string import Formatter
from typing import Any, NamedTuple

from .core import Catalogue, Reason, Text, Verdict
from .i18n import Message

__all__ = ["Check", "Step", "Why", "verdict"]


class Check(NamedTuple):
    """One step of a rule check: whether the move passes it (``ok``), the rule it rests on
    (``rule_id``), why in words (``text``, translated when read) and the ruling that settles a
    doubt, if any (``ruling_id``). Immutable, with named and typed fields; a named tuple rather
    than a frozen dataclass because explaining builds many (a frozen dataclass made
    ``explain`` up to a third slower: ``benchmarks/engine.py``'s explain figures).

    >>> from danish_nb.i18n import M
    >>> step = Check(False, "DB-14", M("play at least one card"))
    >>> step.ok, step.rule_id, str(step.text), step.ruling_id
    (False, 'DB-14', 'play at least one card', None)

    A game's own explainer may unpack a shared family check (as the toy game in
    ``tests/toy_game.py`` does):

    >>> ok, rule_id, text, ruling_id = step
    >>> ok, rule_id
    (False, 'DB-14')
    """

    ok: bool
    rule_id: str
    text: Text
    ruling_id: str | None = None

    def reason(self, catalogue: Catalogue) -> Reason:
        """The step as a :class:`~danish_nb.core.Reason`, with its rule (and ruling) looked up in ``catalogue``."""
        ruling = catalogue.rulings[self.ruling_id] if self.ruling_id else None
        return Reason(catalogue.rules[self.rule_id], self.text, ruling)


class Why:
    """A reason a rule check gives, as data: whether a move meeting it passes (``ok``), the rule
    and ruling it cites, and its words, an English template marked for translation whose
    parameters the check gives as values, in the order the template first names them (or as
    ``names`` lists them). A check returns a step ``(why, *values)``, a plain tuple, and so
    decides without building any text: the words are made only when a verdict is explained
    (:meth:`text`), and the legal moves can be derived from the same checks at no cost in words.
    ``shows`` turns a value into what the words show (e.g. cards into a list in words), when
    read; ``make``, if given, makes all the template's parameters from the values instead, and
    ``words``, if given, the whole text (e.g. a plural message: ``msgid`` is then ``""``).

    >>> from danish_nb.cards import Card
    >>> LOWER = Why(False, "X-1", "{card} on {top}: lower than the card before")
    >>> step = (LOWER, Card.parse("4C"), Card.parse("6C"))
    >>> step[0].ok, step[0].text(step[1:]).render("de")
    (False, 'Kreuz-Vier auf Kreuz-Sechs: niedriger als die Karte davor')
    """

    __slots__ = ("ok", "rule_id", "msgid", "ruling_id", "names", "shows", "make", "words")

    def __init__(self, ok: bool, rule_id: str, msgid: str, ruling_id: str | None = None, *,
                 names: tuple[str, ...] | None = None, shows: Mapping[str, Callable[[Any], Any]] | None = None,
                 make: Callable[..., dict[str, Any]] | None = None, words: Callable[..., Text] | None = None):
        self.ok = ok
        self.rule_id = rule_id
        self.msgid = msgid
        self.ruling_id = ruling_id
        self.names = names if names is not None else \
            tuple(dict.fromkeys(field for _, field, _, _ in Formatter().parse(msgid) if field))
        self.shows = dict(shows or {})
        self.make = make
        self.words = words

    def text(self, values: Sequence[Any]) -> Text:
        """The words of a step with these ``values`` (a message, translated when shown)."""
        if self.words is not None:
            return self.words(*values)
        if self.make is not None:
            return Message(self.msgid, **self.make(*values))
        shows = self.shows
        return Message(self.msgid, **{name: shows[name](value) if name in shows else value
                                      for name, value in zip(self.names, values, strict=True)})

    def __repr__(self) -> str:
        return f"Why({self.ok}, {self.rule_id!r}, {self.msgid!r})"


#: A step of a check: a :class:`Check`, or a :class:`Why` and its values (``(why, *values)``).
Step = Check | tuple[Any, ...]


def verdict(move: Any, steps: Sequence[Step], catalogue: Catalogue) -> Verdict:
    """The verdict ``steps`` give on ``move``: legal if the last step passes, with every step's
    reason in order (rules and rulings looked up in ``catalogue``; a :class:`Why`'s words made here)."""
    rules, rulings = catalogue.rules, catalogue.rulings
    reasons = []
    for step in steps:  # a loop, not a comprehension: explaining is frequent
        why = step[0]
        if type(why) is Why:
            rule_id, text, ruling_id = why.rule_id, why.text(step[1:]), why.ruling_id
        else:
            _, rule_id, text, ruling_id = step
        reasons.append(Reason(rules[rule_id], text, rulings[ruling_id] if ruling_id else None))
    last = steps[-1][0]
    return Verdict(move, last.ok if type(last) is Why else last, tuple(reasons))


def passes(step: Step) -> bool:
    """Whether a step passes (a :class:`Check`'s ``ok``, or its :class:`Why`'s)."""
    first = step[0]
    return first.ok if type(first) is Why else first

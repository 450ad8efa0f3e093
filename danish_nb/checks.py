"""Rule checks: the steps a game's explainer takes on a candidate move, each a step
``(why, *values)`` of a :class:`Why` (legal so far or not, the rule and ruling it rests on, and
why in words, made only when read) and its values. A game's checks return them in order; the
last one decides, and :func:`verdict` turns them into the :class:`~danish_nb.core.Verdict` a
learner reads.

>>> from danish_nb.core import Catalogue, Rule
>>> from danish_nb.i18n import N_
>>> steps = [(Why.of(True, "X-1", N_("two cards of one value go down together")),),
...          (Why.of(False, "X-2", N_("{card} is lower than the card before")), "4C")]
>>> v = verdict("P1 play 7H 7D", steps, Catalogue([Rule("X-1", "pairs"), Rule("X-2", "higher")]))
>>> v.legal, v.rule_ids
(False, ('X-1', 'X-2'))
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from string import Formatter
from typing import Any

from .core import Catalogue, Reason, Text, Verdict
from .i18n import Message

__all__ = ["Step", "Why", "made", "passes", "verdict"]


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

    @staticmethod
    @lru_cache(maxsize=1024)
    def of(ok: bool, rule_id: str, msgid: str, ruling_id: str | None = None, *,
           words: Callable[..., Text] | None = None) -> Why:
        """``Why(ok, rule_id, msgid, ruling_id, words=words)``, made once and shared: a check
        written where it decides (``return [(Why.of(False, "RB-6", N_("P{p} does not hold
        {card}")), p + 1, card)]``) builds no text and, after its first use, no reason.

        >>> from danish_nb.i18n import N_
        >>> Why.of(False, "X-1", N_("no {card}")) is Why.of(False, "X-1", N_("no {card}"))
        True
        """
        return Why(ok, rule_id, msgid, ruling_id, words=words)


#: A step of a check: a :class:`Why` and its values, ``(why, *values)``.
Step = tuple[Any, ...]


def made(make: Callable[..., Text], *values: Any) -> Text:
    """The words ``make(*values)``: a :class:`Why`'s ``words`` when a method of the game says
    them (the method and its values are the step's values, so it is called only when read)."""
    return make(*values)


def verdict(move: Any, steps: Sequence[Step], catalogue: Catalogue) -> Verdict:
    """The verdict ``steps`` give on ``move``: legal if the last step passes, with every step's
    reason in order (rules and rulings looked up in ``catalogue``; a :class:`Why`'s words made here)."""
    rules, rulings = catalogue.rules, catalogue.rulings
    reasons = []
    for step in steps:  # a loop, not a comprehension: explaining is frequent
        why = step[0]
        ruling_id = why.ruling_id
        reasons.append(Reason(rules[why.rule_id], why.text(step[1:]), rulings[ruling_id] if ruling_id else None))
    return Verdict(move, steps[-1][0].ok, tuple(reasons))


def passes(step: Step) -> bool:
    """Whether a step passes (its :class:`Why`'s ``ok``)."""
    return step[0].ok

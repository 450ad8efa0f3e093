"""Rule checks: the steps a game's explainer takes on a candidate move, each a :class:`Check`
(legal so far or not, the rule and ruling it rests on, and why in words). A game's checks
return them in order; the last one decides, and :func:`verdict` turns them into the
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

from collections.abc import Sequence
from typing import Any, NamedTuple

from .core import Catalogue, Reason, Text, Verdict

__all__ = ["Check", "verdict"]


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


def verdict(move: Any, steps: Sequence[Check], catalogue: Catalogue) -> Verdict:
    """The verdict ``steps`` give on ``move``: legal if the last step passes, with every step's
    reason in order (rules and rulings looked up in ``catalogue``)."""
    rules, rulings = catalogue.rules, catalogue.rulings
    reasons = []
    for _, rule_id, text, ruling_id in steps:  # a loop, not a comprehension: explaining is frequent
        reasons.append(Reason(rules[rule_id], text, rulings[ruling_id] if ruling_id else None))
    return Verdict(move, steps[-1].ok, tuple(reasons))

"""How practice adapts: a Leitner schedule per learner and rule.

Each rule a learner has met sits in a box, 0 to :data:`TOP`. A wrong answer, or an illegal move
the rule forbids tried in play, puts it back in box 0, due at once. A right answer given when
the rule is due moves it up a box, due again after that box's interval (:data:`INTERVALS`: ten
minutes, a day, three days, a week, three weeks); a right answer given before it is due keeps
it where it is. So a rule reaches box :data:`LEARNED` ("learned") only after a run of right
answers spread over days, and one wrong answer starts the run again. The mastery shown is the
box over :data:`TOP`.

Why Leitner and not Bayesian knowledge tracing: "learned after a run of right answers spread
over time" is the Leitner rule itself, while knowledge tracing has no notion of time (spacing
and "overdue" would have to be bolted on); tracing needs four parameters per rule (prior,
learn, guess, slip) fitted on answers this project does not have, and the guess rate differs
from one kind of question to another (a yes or no and a rule, three to five cards to pick);
and a box is something a learner and a teacher can read ("box 2 of 5, due tomorrow").

The next rule (:func:`next_rule`) comes from the weakest and most overdue: rules got wrong and
due again first, then rules never met, then due rules by box (lowest first) and by how long
overdue, then, when nothing is due, the rule due soonest; never the rule just asked when
another one is there.

>>> p = answered(RuleProgress("DB-13"), True, now=0.0)
>>> p.box, p.due
(1, 600.0)
>>> answered(p, True, now=60.0).box     # early: no promotion
1
>>> answered(p, False, now=60.0).box
0
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace

#: Seconds a rule waits in each box before it is due again (box 0: due at once).
INTERVALS = (0.0, 600.0, 86_400.0, 3 * 86_400.0, 7 * 86_400.0, 21 * 86_400.0)
#: The highest box.
TOP = len(INTERVALS) - 1
#: The box from which a rule counts as learned: four right answers in a row, each given when
#: due, so spread over at least ten minutes, a day and three days.
LEARNED = 4


@dataclass(frozen=True, slots=True)
class RuleProgress:
    """One learner's progress on one rule: its box, when it is due, answers right and wrong,
    when it was last answered (``None``: never)."""

    rule: str
    box: int = 0
    due: float = 0.0
    right: int = 0
    wrong: int = 0
    last: float | None = None

    @property
    def seen(self) -> int:
        return self.right + self.wrong

    @property
    def mastery(self) -> float:
        """0.0 (box 0) to 1.0 (the top box)."""
        return self.box / TOP

    @property
    def learned(self) -> bool:
        return self.box >= LEARNED


def answered(progress: RuleProgress, correct: bool, now: float) -> RuleProgress:
    """The progress after an answer at time ``now`` (seconds): see the module docstring."""
    if not correct:
        return replace(progress, box=0, due=now, wrong=progress.wrong + 1, last=now)
    box = min(progress.box + 1, TOP) if now >= progress.due else progress.box
    return replace(progress, box=box, due=now + INTERVALS[box], right=progress.right + 1, last=now)


def next_rule(rules: Sequence[str], progress: Mapping[str, RuleProgress], now: float, *,
              last: str | None = None, focus: Iterable[str] = ()) -> str:
    """The rule to practise next, among ``rules`` (in catalogue order, which breaks ties).
    ``focus`` (e.g. the rules broken in the last game) is chosen from first while it holds a
    rule other than ``last``.

    >>> progress = {"A": RuleProgress("A", box=0, due=10.0, wrong=1), "B": RuleProgress("B", box=2, due=5.0, right=2)}
    >>> next_rule(["A", "B", "C"], progress, now=20.0)      # A was got wrong: first
    'A'
    >>> next_rule(["A", "B", "C"], progress, now=20.0, last="A")   # then C, never met
    'C'
    """
    if not rules:
        raise ValueError("no rules to choose from")
    focus = [rule for rule in focus if rule in rules and rule != last]
    pool = focus or [rule for rule in rules if rule != last] or list(rules)
    order = {rule: index for index, rule in enumerate(rules)}

    def key(rule: str) -> tuple:
        p = progress.get(rule)
        if p is None or not p.seen:
            return (1, 0, 0.0, order[rule])
        if p.due <= now:
            weak = 0 if p.box == 0 and p.wrong else 2
            return (weak, p.box, p.due - now, order[rule])
        return (3, 0, p.due - now, order[rule])
    return min(pool, key=key)


def summary(rules: Sequence[str], progress: Mapping[str, RuleProgress]) -> dict[str, float]:
    """A game's progress in three numbers: the share of its rules met, learned, and the mean
    mastery over all of them.

    >>> summary(["A", "B"], {"A": RuleProgress("A", box=5, right=5)})
    {'met': 0.5, 'learned': 0.5, 'mastery': 0.5}
    """
    met = [progress[r] for r in rules if r in progress and progress[r].seen]
    total = len(rules) or 1
    return {"met": len(met) / total, "learned": sum(p.learned for p in met) / total,
            "mastery": sum(p.mastery for p in met) / total}

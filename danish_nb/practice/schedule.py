"""How practice adapts: one FSRS card per learner and rule, scheduled by the ``fsrs`` library.

Each rule a learner has met has a card of the Free Spaced Repetition Scheduler (FSRS, the
scheduler Anki ships; the maintained ``fsrs`` package, :data:`SCHEDULER`). A right answer is
rated *Good*, a wrong one, or an illegal move the rule forbids tried in play, *Again*; the
library keeps the card's stability (the days over which recall stays likely) and difficulty,
and says when it is due again. A review given before the card is due is credited by the time
actually elapsed (the library's own handling of early reviews: its stability can only grow on a
right answer); it never moves the due time later (:func:`answered`), so practising more never
postpones anything.

The mastery shown is the library's probability of recall now (:meth:`RuleProgress.recall`), in
words (:func:`recall_words`: "likely to remember", ...); a rule is *learned* once its card is in
review with a stability of at least :data:`LEARNED_DAYS` (recall likely for a week).

One card per rule, not per rule and question kind: the kinds are ways of asking the same rule
(a learner who can tell which cards the rule allows can say whether one move is legal), illegal
moves tried in play have no kind, and five cards per rule would need five times the reviews
before a learner saw any rule learned.

Only due rules and rules never met are served (:func:`next_rule`): those got wrong and due again
first, then due rules by recall (lowest first), then new ones in catalogue order; never the rule
just asked when another one is there. When nothing is due it returns ``None`` (the learner is
told so; "practise anyway" asks for the rule due soonest).

>>> p = answered(RuleProgress("DB-13"), True, now=0.0)
>>> p.learned, round(p.stability, 2), p.due / 86_400     # in review, due in two days
(False, 2.31, 2.0)
>>> later = answered(p, True, now=2 * 86_400.0)
>>> later.learned, later.due / 86_400                     # learned: due again 11 days later
(True, 13.0)
>>> answered(later, False, now=3 * 86_400.0).learned
False
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from typing import Any

from fsrs import Card, Rating, Scheduler, State

from ..i18n import N_

#: The scheduler: the library's default parameters and desired retention (0.9), one learning
#: and one relearning step of ten minutes (a rule got wrong comes back in the same session),
#: no fuzzing (the same answers give the same schedule, which the tests and benchmark compare).
SCHEDULER = Scheduler(learning_steps=(timedelta(minutes=10),), relearning_steps=(timedelta(minutes=10),),
                      enable_fuzzing=False)
#: A rule is learned once its card's stability is at least this many days.
LEARNED_DAYS = 7.0
#: Wrong answers in a row after which practice changes approach (a worked example, then an
#: easier item of the rule).
STRUGGLE = 2


def moment(seconds: float) -> datetime:
    """A time in seconds since the epoch as the timezone-aware UTC datetime the library needs."""
    return datetime.fromtimestamp(seconds, tz=UTC)


@dataclass(frozen=True, slots=True)
class RuleProgress:
    """One learner's progress on one rule: its FSRS ``card`` (``None``: never met), answers
    right and wrong, when it was last answered (``None``: never), and the wrong answers in a
    row (``streak``)."""

    rule: str
    card: Card | None = None
    right: int = 0
    wrong: int = 0
    last: float | None = None
    streak: int = 0

    @property
    def seen(self) -> int:
        return self.right + self.wrong

    @property
    def due(self) -> float:
        """When the rule is due (seconds since the epoch; 0.0: never met, due at once)."""
        return self.card.due.timestamp() if self.card is not None and self.seen else 0.0

    @property
    def stability(self) -> float:
        """The card's stability in days (0.0: never met)."""
        return float(self.card.stability or 0.0) if self.card is not None else 0.0

    @property
    def learned(self) -> bool:
        """In review with a stability of at least :data:`LEARNED_DAYS`."""
        return self.card is not None and self.card.state == State.Review and self.stability >= LEARNED_DAYS

    @property
    def struggling(self) -> bool:
        """Got wrong :data:`STRUGGLE` times in a row (or more)."""
        return self.streak >= STRUGGLE

    def recall(self, now: float) -> float:
        """The library's probability that the learner recalls the rule at ``now`` (0.0: never met)."""
        if self.card is None or not self.seen:
            return 0.0
        return float(SCHEDULER.get_card_retrievability(self.card, current_datetime=moment(max(now, self.last or now))))

    def is_due(self, now: float) -> bool:
        return self.due <= now

    def card_json(self) -> str:
        """The card as the JSON the store keeps (``""``: never met)."""
        return self.card.to_json() if self.card is not None else ""

    @classmethod
    def from_row(cls, rule: str, card: str | None, right: int, wrong: int, last: float | None,
                 streak: int = 0) -> RuleProgress:
        """From a stored row (the card as JSON)."""
        return cls(rule, Card.from_json(card) if card else None, right, wrong, last, streak)


def answered(progress: RuleProgress, correct: bool, now: float) -> RuleProgress:
    """The progress after an answer at ``now`` (seconds): the card reviewed by the library
    (*Good* or *Again*). A right answer before the card is due keeps its due time."""
    card = progress.card if progress.card is not None else Card(card_id=1, due=moment(now))
    reviewed, _log = SCHEDULER.review_card(card, Rating.Good if correct else Rating.Again, review_datetime=moment(now))
    if correct and progress.seen and progress.due > now:
        reviewed.due = min(reviewed.due, card.due)
    if correct:
        return replace(progress, card=reviewed, right=progress.right + 1, last=now, streak=0)
    return replace(progress, card=reviewed, wrong=progress.wrong + 1, last=now, streak=progress.streak + 1)


def next_rule(rules: Sequence[str], progress: Mapping[str, RuleProgress], now: float, *,
              last: str | None = None, focus: Iterable[str] = (), anyway: bool = False,
              hold: Collection[str] = ()) -> str | None:
    """The rule to practise next among ``rules`` (in catalogue order, which breaks ties), or
    ``None`` when none is due. ``focus`` (the rules broken in the last game, which the learner
    asked to practise: due or not) is chosen from first while it holds a rule other than
    ``last``; ``hold`` are rules not to serve now (got wrong, past their share of the learner's
    last items); ``anyway``: when nothing is due, the rule due soonest.

    >>> progress = {"A": answered(RuleProgress("A"), False, now=0.0), "B": answered(RuleProgress("B"), True, now=0.0)}
    >>> next_rule(["A", "B", "C"], progress, now=900.0)       # A was got wrong and is due again
    'A'
    >>> next_rule(["A", "B", "C"], progress, now=900.0, last="A")   # then C, never met (B is not due)
    'C'
    >>> next_rule(["B"], progress, now=900.0) is None, next_rule(["B"], progress, 900.0, anyway=True)
    (True, 'B')
    """
    if not rules:
        raise ValueError("no rules to choose from")
    order = {rule: index for index, rule in enumerate(rules)}
    fresh = RuleProgress("")

    def due(rule: str) -> bool:
        return progress.get(rule, fresh).is_due(now)

    def key(rule: str) -> tuple:
        p = progress.get(rule, fresh)
        if not p.seen:
            return (2, 0.0, order[rule])
        return (0 if p.streak else 1, p.recall(now), order[rule])

    open_rules = [rule for rule in rules if rule not in hold]
    focused = [rule for rule in focus if rule in open_rules and rule != last]
    if focused:
        return focused[0]
    pool = [rule for rule in open_rules if due(rule)]
    pool = [rule for rule in pool if rule != last] or pool
    if pool:
        return min(pool, key=key)
    if not anyway:
        return None
    pool = [rule for rule in open_rules if rule != last] or open_rules or list(rules)
    return min(pool, key=lambda rule: (progress.get(rule, fresh).due, order[rule]))


def next_due(rules: Sequence[str], progress: Mapping[str, RuleProgress]) -> float | None:
    """When the next of ``rules`` falls due (``None``: one was never met, so one is due now)."""
    dues = [progress[rule].due for rule in rules if rule in progress and progress[rule].seen]
    return min(dues) if len(dues) == len(rules) and dues else None


def summary(rules: Sequence[str], progress: Mapping[str, RuleProgress], now: float) -> dict[str, float]:
    """A game's progress in three numbers: the share of its rules met, learned, and the mean
    probability of recall now over all of them.

    >>> p = answered(answered(RuleProgress("A"), True, 0.0), True, 2 * 86_400.0)
    >>> summary(["A", "B"], {"A": p}, now=2 * 86_400.0)
    {'met': 0.5, 'learned': 0.5, 'recall': 0.5}
    """
    met = [progress[r] for r in rules if r in progress and progress[r].seen]
    total = len(rules) or 1
    return {"met": len(met) / total, "learned": sum(p.learned for p in met) / total,
            "recall": round(sum(p.recall(now) for p in met) / total, 4)}


#: Recall now, in words, from the highest threshold down.
RECALL_WORDS = ((0.9, N_("likely to remember")), (0.7, N_("may be forgetting")), (0.0, N_("likely to forget")))


def recall_words(progress: RuleProgress | None, now: float) -> str:
    """The mastery of a rule in words (a catalogue message id: translate it where shown).

    >>> recall_words(None, 0.0), recall_words(answered(RuleProgress("A"), True, 0.0), 60.0)
    ('not met yet', 'likely to remember')
    """
    if progress is None or not progress.seen:
        return N_("not met yet")
    if progress.streak:
        return N_("got wrong last time")
    recall = progress.recall(now)
    return next(words for floor, words in RECALL_WORDS if recall >= floor)


def to_dict(progress: RuleProgress) -> dict[str, Any]:
    """A JSON-able form (the learner's own record)."""
    return {"rule": progress.rule, "card": progress.card.to_dict() if progress.card is not None else None,
            "right": progress.right, "wrong": progress.wrong, "last": progress.last, "streak": progress.streak}

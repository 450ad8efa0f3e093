"""The teacher's view of a room's practice, per game: rules x learners (each cell the learner's
probability of recall now, from their FSRS card), the rules most learners struggle with, each
learner's last errors with their positions, and the table as CSV.

"Hardest" counts learners, not answers: a learner struggles with a rule when they got it wrong
at least :data:`STRUGGLES` times and have not learned it since, so one learner's hundred wrong
answers weigh as one learner.

Reading a room's records is the teacher's call only: the widget asks for a report after the
teacher key was checked (:func:`danish_nb.tables.keys.check_teacher_key`); a learner's own
screen reads their own key only (:class:`danish_nb.practice.progress.ProgressStore`).

>>> from danish_nb.tables import open_store
>>> from danish_nb.practice.progress import Learner, ProgressStore
>>> progress = ProgressStore(open_store("sqlite:///:memory:"))
>>> ada = Learner.local("ada-s-token", room="5B", name="Ada")
>>> for now in (1.0, 2.0):
...     _ = progress.record(ada, "bastard", "BA-10", correct=False, now=now)
>>> report = room_report(progress, "5B", "bastard", now=60.0)
>>> [l.name for l in report.learners], report.cell(report.learners[0], "BA-10").wrong
(['Ada'], 2)
>>> report.hardest()[0]
('BA-10', 1, 1)
>>> report_csv(report).splitlines()[1]
'Ada,BA-10,Following suit,100,got wrong last time,1970-01-01T00:10:02+00:00,0,2,no'
"""

from __future__ import annotations

import csv
import io
import json
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..core import get_game
from .catalogue import active_rules
from .progress import ProgressStore
from .schedule import RuleProgress, moment, recall_words

#: How many of a learner's last errors the report keeps.
LAST_ERRORS = 5
#: Wrong answers (not learned since) from which a learner counts as struggling with a rule.
STRUGGLES = 2


@dataclass(frozen=True, slots=True)
class LearnerRow:
    """A learner as the teacher sees them: a name (or "learner 3"), in a class seat or not."""

    key: str
    name: str
    kind: str
    code: str | None
    seat: int | None


@dataclass(frozen=True)
class Report:
    """A room's practice of one game (see the module docstring)."""

    game: str
    room: str
    now: float
    rules: tuple[str, ...]
    learners: tuple[LearnerRow, ...]
    cells: dict[tuple[str, str], RuleProgress] = field(default_factory=dict)
    errors: dict[str, list[dict[str, Any]]] = field(default_factory=dict)

    def cell(self, learner: LearnerRow, rule: str) -> RuleProgress | None:
        return self.cells.get((learner.key, rule))

    def recall(self, learner: LearnerRow, rule: str) -> float | None:
        """The learner's probability of recalling ``rule`` now (``None``: never met)."""
        p = self.cell(learner, rule)
        return p.recall(self.now) if p is not None and p.seen else None

    def hardest(self, count: int = 5) -> list[tuple[str, int, int]]:
        """The rules most learners struggle with (see the module docstring), as ``(rule,
        learners struggling, learners who met it)``, most first; rules nobody struggles with
        are left out."""
        counts = []
        for rule in self.rules:
            met = [p for (_, r), p in self.cells.items() if r == rule and p.seen]
            struggling = sum(p.wrong >= STRUGGLES and not p.learned for p in met)
            if struggling:
                counts.append((rule, struggling, len(met)))
        return sorted(counts, key=lambda row: (-row[1], -row[1] / row[2], self.rules.index(row[0])))[:count]

    def sort_by(self, rule: str | None = None) -> list[LearnerRow]:
        """The learners by their recall of ``rule`` now (weakest first, never met first), or by name."""
        if rule is None:
            return sorted(self.learners, key=lambda one: (one.name.lower(), one.key))

        def recall(one: LearnerRow) -> float:
            value = self.recall(one, rule)
            return -1.0 if value is None else value
        return sorted(self.learners, key=lambda one: (recall(one), one.name.lower(), one.key))


def room_report(progress: ProgressStore, room: str, game: str, options: Mapping[str, Any] | None = None,
                now: float | None = None) -> Report:
    """The report of ``room`` for ``game`` (its rules practised under ``options``) at ``now``
    (seconds; default: the time now)."""
    store = progress.store
    now = time.time() if now is None else now
    rules = active_rules(game, options)
    rows = store.read("SELECT learner, name, kind, code, seat FROM dn_practice_learners WHERE room = ? "
                      "ORDER BY created, learner", (room,))
    learners = tuple(LearnerRow(key, name or f"learner {number}", kind, code, seat)
                     for number, (key, name, kind, code, seat) in enumerate(rows, start=1))
    cells = {}
    for key, rule, card, right, wrong, last, streak in store.read(
            "SELECT c.learner, c.rule, c.card, c.right_answers, c.wrong_answers, c.last, c.streak "
            "FROM dn_practice_cards c JOIN dn_practice_learners l ON l.learner = c.learner "
            "WHERE l.room = ? AND c.game = ?", (room, game)):
        cells[(key, rule)] = RuleProgress.from_row(rule, card, right, wrong, last, streak)
    errors: dict[str, list[dict[str, Any]]] = {}
    for learner in learners:
        found = store.read("SELECT at, rule, kind, item FROM dn_practice_answers WHERE learner = ? AND game = ? "
                           "AND NOT correct ORDER BY at DESC LIMIT ?", (learner.key, game, LAST_ERRORS))
        errors[learner.key] = [{"at": at, "rule": rule, "kind": kind, "item": json.loads(item)}
                               for at, rule, kind, item in found]
    return Report(game, room, now, rules, learners, cells, errors)


def report_csv(report: Report) -> str:
    """The rules x learners table as CSV: one row per learner and rule met (name, rule, its
    title, recall now in per cent and in words, when it is due, right and wrong answers, learned)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["learner", "rule", "title", "recall", "words", "due", "right", "wrong", "learned"])
    catalogue = get_game(report.game).catalogue
    for learner in report.sort_by():
        for rule in report.rules:
            p = report.cell(learner, rule)
            if p is not None and p.seen:
                writer.writerow([_cell_text(learner.name), rule, catalogue[rule].title,
                                 round(100 * p.recall(report.now)), recall_words(p, report.now),
                                 moment(p.due).isoformat(timespec="seconds"), p.right, p.wrong,
                                 "yes" if p.learned else "no"])
    return out.getvalue()


def _cell_text(text: str) -> str:
    """A learner's name as a CSV cell a spreadsheet will not read as a formula.

    >>> _cell_text("=SUM(A1)"), _cell_text("Ada")
    ("'=SUM(A1)", 'Ada')
    """
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text

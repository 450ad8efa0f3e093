"""The teacher's view of a room's practice, per game: rules x learners (each cell a box and its
mastery), the rules the class finds hardest, each learner's last errors with their positions,
and the table as CSV.

Reading a room's records is the teacher's call only: the widget asks for a report after the
teacher key was checked (:func:`danish_nb.tables.keys.check_teacher_key`); a learner's own
screen reads their own key only (:class:`danish_nb.practice.progress.ProgressStore`).

>>> from danish_nb.tables import open_store
>>> from danish_nb.practice.progress import Learner, ProgressStore
>>> progress = ProgressStore(open_store("sqlite:///:memory:"))
>>> ada = Learner.local("ada-s-token", room="5B", name="Ada")
>>> _ = progress.record(ada, "bastard", "BA-10", correct=False, now=1.0)
>>> report = room_report(progress, "5B", "bastard")
>>> [l.name for l in report.learners], report.cell(report.learners[0], "BA-10").wrong
(['Ada'], 1)
>>> report.hardest()[0]
('BA-10', 1.0)
>>> report_csv(report).splitlines()[1]
'Ada,BA-10,Following suit,0,0,0,1,no'
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..core import get_game
from .catalogue import active_rules
from .progress import ProgressStore
from .schedule import TOP, RuleProgress

#: How many of a learner's last errors the report keeps.
LAST_ERRORS = 5


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
    rules: tuple[str, ...]
    learners: tuple[LearnerRow, ...]
    cells: dict[tuple[str, str], RuleProgress] = field(default_factory=dict)
    errors: dict[str, list[dict[str, Any]]] = field(default_factory=dict)

    def cell(self, learner: LearnerRow, rule: str) -> RuleProgress | None:
        return self.cells.get((learner.key, rule))

    def hardest(self, count: int = 5) -> list[tuple[str, float]]:
        """The rules most answers get wrong (share of wrong answers among all, highest first;
        rules nobody answered are left out)."""
        shares = []
        for rule in self.rules:
            met = [p for (_, r), p in self.cells.items() if r == rule and p.seen]
            right, wrong = sum(p.right for p in met), sum(p.wrong for p in met)
            if right + wrong:
                shares.append((rule, wrong / (right + wrong)))
        return sorted(shares, key=lambda pair: (-pair[1], self.rules.index(pair[0])))[:count]

    def sort_by(self, rule: str | None = None) -> list[LearnerRow]:
        """The learners by their mastery of ``rule`` (weakest first), or by name."""
        if rule is None:
            return sorted(self.learners, key=lambda one: (one.name.lower(), one.key))
        return sorted(self.learners, key=lambda one: (self.cells[(one.key, rule)].box if (one.key, rule) in self.cells
                                                      else -1, one.name.lower(), one.key))


def room_report(progress: ProgressStore, room: str, game: str, options: Mapping[str, Any] | None = None) -> Report:
    """The report of ``room`` for ``game`` (its rules practised under ``options``)."""
    store = progress.store
    rules = active_rules(game, options)
    rows = store.read("SELECT learner, name, kind, code, seat FROM dn_practice_learners WHERE room = ? "
                      "ORDER BY created, learner", (room,))
    learners = tuple(LearnerRow(key, name or f"learner {number}", kind, code, seat)
                     for number, (key, name, kind, code, seat) in enumerate(rows, start=1))
    cells = {}
    for key, rule, box, due, right, wrong, last in store.read(
            "SELECT r.learner, r.rule, r.box, r.due, r.right_answers, r.wrong_answers, r.last FROM dn_practice_rules r "
            "JOIN dn_practice_learners l ON l.learner = r.learner WHERE l.room = ? AND r.game = ?", (room, game)):
        cells[(key, rule)] = RuleProgress(rule, box, due, right, wrong, last)
    errors: dict[str, list[dict[str, Any]]] = {}
    for learner in learners:
        found = store.read("SELECT at, rule, kind, item FROM dn_practice_answers WHERE learner = ? AND game = ? "
                           "AND NOT correct ORDER BY at DESC LIMIT ?", (learner.key, game, LAST_ERRORS))
        errors[learner.key] = [{"at": at, "rule": rule, "kind": kind, "item": json.loads(item)}
                               for at, rule, kind, item in found]
    return Report(game, room, rules, learners, cells, errors)


def report_csv(report: Report) -> str:
    """The rules x learners table as CSV: one row per learner and rule met (name, rule, its
    title, box, mastery in per cent, right and wrong answers, learned)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["learner", "rule", "title", "box", "mastery", "right", "wrong", "learned"])
    catalogue = get_game(report.game).catalogue
    for learner in report.sort_by():
        for rule in report.rules:
            p = report.cell(learner, rule)
            if p is not None:
                writer.writerow([_cell_text(learner.name), rule, catalogue[rule].title, p.box, round(100 * p.box / TOP),
                                 p.right, p.wrong, "yes" if p.learned else "no"])
    return out.getvalue()


def _cell_text(text: str) -> str:
    """A learner's name as a CSV cell a spreadsheet will not read as a formula.

    >>> _cell_text("=SUM(A1)"), _cell_text("Ada")
    ("'=SUM(A1)", 'Ada')
    """
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text

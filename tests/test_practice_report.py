"""The teacher's report of a room's practice (issue 38): "hardest rules" counts learners who
struggle, not pooled answers; per learner the recall of each rule now, the last errors with
their positions, the CSV; bad input refused with no record changed."""

from __future__ import annotations

import csv
import io

import pytest

from danish_nb.errors import DanishNbError
from danish_nb.practice import Learner, PracticeSession, ProgressStore, StaleItem, room_report
from danish_nb.practice.report import report_csv
from danish_nb.render.practice import report_html
from danish_nb.tables import open_store

DAY = 86_400.0


@pytest.fixture
def progress() -> ProgressStore:
    return ProgressStore(open_store("sqlite:///:memory:"))


def learners(count: int) -> list[Learner]:
    return [Learner.local(f"token-of-learner-{n}", room="5B", name=f"L{n}") for n in range(count)]


def test_hardest_counts_learners_who_struggle_not_pooled_answers(progress: ProgressStore) -> None:
    one, *others = learners(4)
    for k in range(100):  # one learner gets BA-10 wrong a hundred times
        progress.record(one, "bastard", "BA-10", correct=False, now=DAY + k)
    for learner in others:  # three get BA-11 wrong twice, then right once
        for k, correct in enumerate((False, False, True)):
            progress.record(learner, "bastard", "BA-11", correct=correct, now=DAY + k)
        progress.record(learner, "bastard", "BA-10", correct=True, now=DAY)
    report = room_report(progress, "5B", "bastard", now=2 * DAY)
    assert report.hardest() == [("BA-11", 3, 3), ("BA-10", 1, 4)]
    html = report_html(report, [("bastard", "Bastard")])
    assert "3 learners of 3 struggle" in html and "1 learner of 4 struggles" in html


def test_per_learner_recall_now_last_errors_with_positions_and_the_csv(progress: ProgressStore) -> None:
    ada = Learner.local("ada-s-token-123", room="5B", name="=Ada")
    now = [10 * DAY]
    session = PracticeSession("danish-bastard", learner=ada, progress=progress, seed=4, clock=lambda: now[0])
    asked = []
    for n in range(6):
        item = session.next_item()
        wrong = n % 3 == 0
        session.answer(item.id, [c.key for c in item.choices if c.key not in item.answer][:1] if wrong
                       else sorted(item.answer))
        asked.append((item, wrong))
        now[0] += 60
    report = room_report(progress, "5B", "danish-bastard", now=now[0] + 3 * DAY)
    (row,) = report.learners
    for item, _ in asked:
        p = report.cell(row, item.rule)
        assert report.recall(row, item.rule) == p.recall(now[0] + 3 * DAY) < 1.0
    errors = report.errors[row.key]
    assert [e["rule"] for e in errors] == [item.rule for item, wrong in reversed(asked) if wrong]
    assert all(e["item"]["record"] == item.record for e, (item, _) in zip(errors, [a for a in reversed(asked) if a[1]]))
    assert "dn-error-position" in report_html(report, [("danish-bastard", "Danish Bastard")])
    rows = list(csv.DictReader(io.StringIO(report_csv(report))))
    assert {r["rule"] for r in rows} == {item.rule for item, _ in asked}
    assert all(r["learner"] == "'=Ada" for r in rows)  # not a formula in a spreadsheet
    wrong_rules = {item.rule for item, wrong in asked if wrong}
    assert {r["rule"] for r in rows if r["words"] == "got wrong last time"} == wrong_rules
    assert all(0 <= int(r["recall"]) <= 100 for r in rows)


def test_bad_input_is_refused_and_changes_no_record(progress: ProgressStore) -> None:
    ada = Learner.local("ada-s-token-123", room="5B", name="Ada")
    session = PracticeSession("bastard", learner=ada, progress=progress, seed=2, clock=lambda: DAY)
    item = session.next_item()
    before = progress.export(ada)
    with pytest.raises(DanishNbError, match="no rule"):
        progress.record(ada, "bastard", "BA-99", correct=False)
    with pytest.raises(DanishNbError):
        progress.record(ada, "poker", "BA-10", correct=False)
    with pytest.raises(DanishNbError):  # a forged answer
        session.answer(item.id, ["not-a-choice"])
    with pytest.raises(StaleItem):  # a stale item
        session.answer("0123456789abcdef", sorted(item.answer))
    assert progress.export(ada) == before and session.progress == {}
    assert session.answer(item.id, sorted(item.answer)).correct
    assert progress.rules(ada, "bastard")[item.rule].right == 1

"""A lesson served to a class (Voila: a kernel per page, every kernel the server's account):
each browser's learner keeps their own practice record and quiz answers, which no other page
reads or erases; a learner who joined the class is their roster self in lessons too.

Pages are simulated here by their keepers' reports (one :class:`PageLearner` per kernel);
``tests/test_classroom_pages.py`` has the same in Chromium against a served lesson.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import danish_nb as dn
from danish_nb.practice.progress import Learner, ProgressStore
from danish_nb.tables import open_store
from danish_nb.tables.roster import Roster
from danish_nb.widgets import learner_keeper
from danish_nb.widgets.lesson import PositionQuiz
from danish_nb.widgets.practice import PracticeWidget


@pytest.fixture
def served(monkeypatch: pytest.MonkeyPatch, tmp_path) -> Iterator[str]:
    """A served kernel's environment: Voila's kernel id, a class room and its store file."""
    url = f"sqlite:///{tmp_path / 'class.sqlite3'}"
    monkeypatch.setenv(learner_keeper.SERVED_ENV, "k-1")
    monkeypatch.setenv("DANISH_NB_STORE", url)
    monkeypatch.setenv("DANISH_NB_ROOM", "5B")
    monkeypatch.setattr(learner_keeper, "_PAGE", [])
    yield url


def new_page(report: dict) -> PracticeWidget:
    """A new page's kernel: its practice, once its keeper reported ``report``."""
    learner_keeper._PAGE.clear()  # another kernel: a page learner of its own
    practice = PracticeWidget.for_notebook("danish-bastard", seed=3)
    assert practice.keeper is not None and practice.session.learner is None  # not known before the report
    practice.keeper._on_report(None, {"act": "stored", **report}, [])
    return practice


def answer_right(practice: PracticeWidget) -> None:
    item = practice.item
    assert item is not None
    assert practice.answer(item.id, sorted(item.answer)).correct
    practice.next()


def test_two_browsers_keep_two_records_and_neither_sees_or_erases_the_other(served: str) -> None:
    ada = new_page({"token": "a" * 24})
    answer_right(ada)
    answer_right(ada)
    bo = new_page({"token": "b" * 24})
    assert bo.session.learner.key != ada.session.learner.key
    assert bo.session.progress == {} and "root" not in bo.html()  # not the first learner's record
    answer_right(bo)
    bo.confirm_erase()
    with open_store(served) as store:
        progress = ProgressStore(store)
        assert len(progress.answers(ada.session.learner)) == 2  # Bo's Erase left Ada's record alone
        assert progress.answers(bo.session.learner) == []
        rooms = store.read("SELECT room FROM dn_practice_learners WHERE learner = ?", (ada.session.learner.key,))
    assert rooms == [("5B",)]  # in the class's report, for its teacher


def test_a_reload_of_the_same_browser_is_the_same_learner(served: str) -> None:
    first = new_page({"token": "c" * 24})
    answer_right(first)
    again = new_page({"token": "c" * 24})
    assert again.session.learner == first.session.learner and again.session.progress


def test_a_browser_with_no_token_is_given_one_to_keep(served: str) -> None:
    practice = new_page({"token": None})
    sent = []
    practice.keeper.send = sent.append  # (already sent; a new report is ignored)
    assert practice.session.learner.kind == "local" and practice.keeper.token
    assert new_page({"token": practice.keeper.token}).session.learner == practice.session.learner


def test_a_learner_of_the_class_is_their_roster_self_in_the_lesson(served: str) -> None:
    with open_store(served) as store:
        ada = Roster(store, "5B").enrol("5B", "Ada")
        other_class = Roster(store, "6A").enrol("6A", "Cy")
    practice = new_page({"token": "d" * 24, "member": ada.key})
    assert practice.session.learner == Learner.in_class(ada.learner, room="5B", name="Ada")
    stranger = new_page({"token": "e" * 24, "member": other_class.key})  # another class's key: not 5B's Cy
    assert stranger.session.learner.kind == "local"


def test_a_quiz_answer_is_kept_for_the_page_learner_only(served: str) -> None:
    game = dn.setup("danish-bastard", {"hands": [["8H", "4C"], ["9S"]], "pile": ["6C"]})
    quiz = PositionQuiz(game, try_moves=["P1 take"])
    quiz.answer("P1 take")  # before the page said whose it is: kept for nobody
    practice = new_page({"token": "f" * 24})
    quiz.answer("P1 take")
    quiz.answer("P1 play 8H")
    with open_store(served) as store:
        kept = ProgressStore(store).answers(practice.session.learner)
    assert [(a["kind"], a["rule"], a["correct"]) for a in kept] == [("quiz", "DB-13", True), ("quiz", "DB-32", False)]


def test_a_notebook_of_ones_own_is_still_its_user(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:
    monkeypatch.delenv(learner_keeper.SERVED_ENV, raising=False)
    monkeypatch.setenv("DANISH_NB_STORE", f"sqlite:///{tmp_path / 'own.sqlite3'}")
    practice = PracticeWidget.for_notebook("danish-bastard", seed=1)
    assert practice.keeper is None and practice.session.learner == Learner.this_user()

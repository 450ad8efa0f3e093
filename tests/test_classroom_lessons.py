"""A lesson served to a class (Voila: a kernel per page, every kernel the server's account):
each browser's learner keeps their own practice record and quiz answers, which no other page
reads or erases; a learner who joined the class is their roster self in lessons too.

Pages are simulated here by their keepers' reports (one :class:`PageLearner` per kernel);
``tests/test_classroom_pages.py`` has the same in Chromium against a served lesson.
"""

from __future__ import annotations

import contextlib
import os
import re
import subprocess
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

import danish_nb as dn
from danish_nb import app_server
from danish_nb.practice.progress import Learner, ProgressStore
from danish_nb.practice.session import PracticeSession
from danish_nb.tables import open_store
from danish_nb.tables.roster import Roster
from danish_nb.widgets import learner_keeper
from danish_nb.widgets.lesson import PositionQuiz
from danish_nb.widgets.practice import PracticeWidget

TIMEOUT = 120_000

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
    first.set_name("Cy")
    again = new_page({"token": "c" * 24})
    assert again.session.learner == first.session.learner and again.session.progress
    assert again.session.learner.name == "Cy"


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


def test_a_page_known_before_its_practice_makes_the_first_question_once(served: str,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """The practice cell of a lesson whose page said whose it is already makes its first question
    once, as that learner: the question a practice made before the report is given then."""
    told = new_page({"token": "g" * 24})  # the practice made first, then told whose it is
    made: list[object] = []
    next_item = PracticeSession.next_item
    monkeypatch.setattr(PracticeSession, "next_item", lambda self, **kw: made.append(self) or next_item(self, **kw))
    known = PracticeWidget.for_notebook("danish-bastard", seed=3)  # the same kernel: its page is known
    assert len(made) == 1 and known.keeper is told.keeper
    assert known.session.learner == told.session.learner and known.session.progress is not None
    assert known.item is not None and told.item is not None and known.item.id == told.item.id
    assert known.html() == told.html()


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


# --------------------------------------------------------------------------- in Chromium

LESSON_CELLS = [
    "import danish_nb as dn\nfrom danish_nb.widgets.lesson import PositionQuiz\n"
    "from danish_nb.widgets.practice import PracticeWidget",
    'PositionQuiz(dn.setup("danish-bastard", {"hands": [["8H", "4C"], ["9S"]], "pile": ["6C"]}), '
    'try_moves=["P1 take"])',
    'PracticeWidget.for_notebook("danish-bastard")',
]


@contextlib.contextmanager
def served_lesson(folder: Path, *extra: str, **options: Any) -> Iterator[SimpleNamespace]:
    """The classroom server serving a folder with one short lesson (a quiz and the practice, as
    the lessons end), its own store file and class, in ``folder``: ``options`` go to
    :func:`app_server.command`, ``extra`` arguments after them; its log is ``folder/voila.log``."""
    import nbformat

    notebooks = folder / "lessons"
    notebooks.mkdir()
    nbformat.write(nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in LESSON_CELLS]),
                   notebooks / "lesson.ipynb")
    url = f"sqlite:///{folder / 'class.sqlite3'}"
    port = app_server.free_port()
    argv = [*app_server.command(port, notebook=notebooks, preheat=False, max_kernels=6, per_address=6, **options),
            *extra]
    env = {**os.environ, "DANISH_NB_STORE": url, "DANISH_NB_ROOM": "5B"}
    log = folder / "voila.log"
    with open(log, "w", encoding="utf-8") as out:
        proc = app_server.start(argv, stdout=out, stderr=subprocess.STDOUT, env=env)
        try:
            app_server.wait_ready(app_server.url(port), 120, proc)
            yield SimpleNamespace(url=app_server.url(port) + "voila/render/lesson.ipynb", store=url, log=log)
        finally:
            app_server.stop(proc)


@pytest.fixture(scope="module")
def lesson_server(chromium_path: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[SimpleNamespace]:
    """The short lesson served as ``danish-nb`` serves a folder (:func:`served_lesson`)."""
    with served_lesson(tmp_path_factory.mktemp("served-lesson")) as server:
        yield server


def lesson_page(context: BrowserContext, url: str) -> Page:
    page = context.new_page()
    page.set_default_timeout(TIMEOUT)
    page.goto(url, timeout=TIMEOUT)
    expect(page.locator(".dn-practice .dn-question").first).to_be_visible()
    expect(page.locator(".dn-name-field input")).to_be_visible()  # kept: the page said whose it is
    return page


def answer_first_choices(page: Page) -> None:
    groups = page.locator(".dn-practice-item .dn-choices")
    for index in range(groups.count()):
        groups.nth(index).locator(".dn-choice").first.click()
    page.locator(".dn-practice-item .dn-check").click()
    expect(page.locator(".dn-feedback")).to_be_visible()


@pytest.mark.browser
def test_two_browsers_of_a_served_lesson_keep_two_records(browser: Browser, lesson_server: SimpleNamespace) -> None:
    met = re.compile(r": ([1-9]\d*) of \d+ rules met")
    ada_context, bo_context = browser.new_context(), browser.new_context()
    try:
        ada = lesson_page(ada_context, lesson_server.url)
        answer_first_choices(ada)
        expect(ada.locator(".dn-summary").first).to_have_text(met)
        ada.locator(".dn-name-field input").fill("Ada")
        ada.locator(".dn-name-field input").press("Enter")
        ada.locator(".dn-name-field input").blur()
        expect(ada.locator(".dn-practice .dn-message")).to_contain_text("Ada")
        ada.locator(".dn-quiz button", has_text="Take the pile").click()
        expect(ada.locator(".dn-quiz")).to_contain_text("Illegal: Take the pile")
        bo = lesson_page(bo_context, lesson_server.url)  # another browser: nothing of Ada's
        expect(bo.locator(".dn-summary").first).to_have_text(re.compile(r": 0 of \d+ rules met"))
        expect(bo.locator(".dn-name-field input")).to_have_value("")
        assert "root" not in bo.locator(".dn-practice").inner_text()
        answer_first_choices(bo)
        bo.locator(".dn-erase").click()
        bo.locator(".dn-erase-yes").click()
        expect(bo.locator(".dn-practice .dn-message")).to_be_visible()
        ada.close()
        ada = lesson_page(ada_context, lesson_server.url)  # Ada reloads: her record, untouched by Bo's Erase
        expect(ada.locator(".dn-summary").first).to_have_text(met)
        expect(ada.locator(".dn-name-field input")).to_have_value("Ada")
    finally:
        ada_context.close()
        bo_context.close()
    with open_store(lesson_server.store) as store:
        learners = store.read("SELECT learner, kind, room, name FROM dn_practice_learners ORDER BY name")
        kept = {key: [(a["kind"], a["correct"]) for a in ProgressStore(store).answers(Learner(key, kind))]
                for key, kind, _room, _name in learners}
    ada_key = next(key for key, kind, room, name in learners if (kind, room, name) == ("local", "5B", "Ada"))
    assert ("quiz", False) in kept[ada_key] and any(kind == "item" for kind, _ in kept[ada_key])
    assert all(not answers for key, answers in kept.items() if key != ada_key)  # Bo's: erased, Ada's kept

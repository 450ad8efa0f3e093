"""The Practice tab in real Chromium pages against the classroom server (its own SQLite file):
in English, French and German a question is answered by keyboard alone, the live region says
whether it was right, and axe-core finds no WCAG A/AA violation before and after the answer and
with the list of rules not practised open; a
reload resumes the learner's progress (their token kept in the browser); the teacher's view
opens with the teacher key and lists the learner.
"""

from __future__ import annotations

import os
import re
import subprocess
from collections.abc import Iterator
from types import SimpleNamespace

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from danish_nb import app_server
from danish_nb.i18n import LANGUAGE_NAMES, LANGUAGES, translator
from test_a11y import assert_no_violations

pytestmark = pytest.mark.browser
TIMEOUT = 60_000
expect.set_options(timeout=TIMEOUT)
#: The Practice switch, "Right!" and "Not quite." in each language, as its catalogue says them
#: (French puts a narrow no-break space before "!").
WORDS = {lang: tuple(translator(lang)(text) for text in ("Practice", "Right!", "Not quite.")) for lang in LANGUAGES}
FOCUS = "document.activeElement && document.activeElement.matches({!r})"


@pytest.fixture(scope="module")
def served(chromium_path: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[SimpleNamespace]:
    """The classroom server with its own store file and teacher key."""
    folder = tmp_path_factory.mktemp("practice-browser")
    port = app_server.free_port()
    argv = app_server.command(port, pool_size=1, max_kernels=6, per_address=6)
    env = {**os.environ, "DANISH_NB_STORE": f"sqlite:///{folder / 'tables.sqlite3'}", "DANISH_NB_TEACHER_KEY": "sesame"}
    log = folder / "voila.log"
    with open(log, "w", encoding="utf-8") as out:
        proc = app_server.start(argv, stdout=out, stderr=subprocess.STDOUT, env=env)
        try:
            app_server.wait_ready(app_server.url(port), 120, proc)
            yield SimpleNamespace(url=app_server.url(port), log=log)
        finally:
            app_server.stop(proc)


def practice_page(context: BrowserContext, url: str, lang: str = "en") -> Page:
    """A page of the app switched to ``lang`` and to its Practice screen, a question shown."""
    page = context.new_page()
    page.set_default_timeout(TIMEOUT)
    page.goto(url)
    expect(page.locator(".dn-board .dn-card").first).to_be_visible()
    if lang != "en":
        page.locator(".dn-settings-toggle").click()
        page.locator(".dn-language select").select_option(label=LANGUAGE_NAMES[lang])
        page.locator(".dn-settings-toggle").click()
    page.get_by_role("button", name=WORDS[lang][0], exact=True).click()
    expect(page.locator(".dn-practice .dn-question").first).to_be_visible()
    return page


def tab_to(page: Page, selector: str) -> None:
    """Press Tab until the keyboard focus is on an element matching ``selector``."""
    for _ in range(150):
        if page.evaluate(FOCUS.format(selector)):
            return
        page.keyboard.press("Tab")
    pytest.fail(f"Tab never reached {selector}")


def answer_by_keyboard(page: Page) -> None:
    """Press the first choice of each question of the item, then Check my answer: Tab and Enter."""
    groups = page.locator(".dn-practice-item .dn-choices")
    for index in range(groups.count()):
        first = groups.nth(index).locator(".dn-choice").first
        key = first.get_attribute("data-key")
        tab_to(page, f".dn-choice[data-key='{key}']")
        page.keyboard.press("Enter")
        expect(page.locator(f".dn-choice[data-key='{key}']")).to_have_attribute("aria-pressed", "true")
        assert page.evaluate(FOCUS.format(f"[data-key='{key}']")), "the focus left the choice just pressed"
    tab_to(page, ".dn-check")
    page.keyboard.press("Enter")
    expect(page.locator(".dn-feedback")).to_be_visible()


@pytest.mark.parametrize("lang", list(WORDS))
def test_a_question_is_answered_by_keyboard_and_axe_finds_no_violation(context: BrowserContext, served: SimpleNamespace,
                                                                      lang: str) -> None:
    page = practice_page(context, served.url, lang)
    try:
        _, right, wrong = WORDS[lang]
        assert_no_violations(page, f"the Practice tab in {lang}, a question")
        notes = page.locator(".dn-practice-notes").first  # the rules not practised, each with its reason
        notes.locator("summary").click()
        expect(notes.locator("li").first).to_be_visible()
        expect(notes.locator("summary")).to_have_text(translator(lang)("Rules not practised, and why"))
        assert_no_violations(page, f"the Practice tab in {lang}, the rules not practised")
        question = page.locator(".dn-practice-item .dn-question").first.inner_text()
        answer_by_keyboard(page)
        expect(page.locator(".dn-practice-widget .dn-live[role=status]")).to_have_text(
            re.compile(f"^({re.escape(right)}|{re.escape(wrong)})"))
        expect(page.locator(".dn-feedback .dn-rule")).to_be_visible()
        assert_no_violations(page, f"the Practice tab in {lang}, the feedback")
        assert page.evaluate(FOCUS.format(".dn-next")), "the focus is not on Next question after the answer"
        page.keyboard.press("Enter")
        expect(page.locator(".dn-practice-item .dn-check")).to_be_visible()
        expect(page.locator(".dn-practice-item .dn-question").first).not_to_have_text(question)
    finally:
        page.close(run_before_unload=True)


def test_a_reload_resumes_and_the_teacher_sees_the_learner(context: BrowserContext, served: SimpleNamespace) -> None:
    page = practice_page(context, served.url)
    try:
        met = re.compile(r": ([1-9]\d*) of \d+ rules met")
        answer_by_keyboard(page)
        expect(page.locator(".dn-summary").first).to_have_text(met)
        page.locator(".dn-name-field input").fill("Ada")
        page.locator(".dn-name-field input").press("Enter")
        page.locator(".dn-name-field input").blur()
        expect(page.locator(".dn-practice .dn-message")).to_contain_text("Ada")
    finally:
        page.close(run_before_unload=True)
    page = practice_page(context, served.url)  # a reload: a new kernel, the same browser
    try:
        expect(page.locator(".dn-summary").first).to_have_text(met)
        page.locator(".dn-practice-key input").fill("wrong")
        page.locator(".dn-practice-teacher").click()
        expect(page.locator(".dn-practice-report")).to_contain_text("not the teacher key")
        expect(page.locator(".dn-report-table")).to_have_count(0)
        page.locator(".dn-practice-key input").fill("sesame")
        page.locator(".dn-practice-teacher").click()
        expect(page.locator(".dn-report-table")).to_contain_text("Ada")
        assert_no_violations(page, "the teacher's view of practice")
    finally:
        page.close(run_before_unload=True)

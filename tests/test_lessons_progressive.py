"""A lesson served by Voila as ``danish-nb --lessons`` serves it: progressively (the page at once,
each cell's output as soon as it ran), so a learner's first quiz comes before the lesson's last
cells ran. The quiz still answers from the engine: its first move tried shows the verdict.
(``python -m benchmarks.app --lesson 3 --busy`` measures the waits.)"""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import BrowserContext, expect

from danish_nb import app_server
from danish_nb.server.pages import RETRY_CALL
from helpers import voila_serving
from test_app_server import started  # noqa: F401 (a fixture)

NOTEBOOKS = Path(__file__).parents[1] / "notebooks"
LESSON_TIMEOUT = 300_000


def test_the_lessons_command_renders_progressively_and_the_app_does_not(started: list) -> None:  # noqa: F811
    """``danish-nb --lessons``: progressive, no preheated kernel; the app: preheated, whole pages
    (Voila cannot do both)."""
    assert app_server.main(["--lessons", str(NOTEBOOKS)]) == 1
    assert app_server.main([]) == 1
    (lessons, _), (app, _) = started
    assert "--VoilaConfiguration.progressive_rendering=True" in lessons and "--preheat_kernel=False" in lessons
    assert "--VoilaConfiguration.progressive_rendering=False" in app and "--preheat_kernel=True" in app


def test_a_lesson_rendered_progressively_shows_its_quiz_and_answers_from_the_engine(
        context: BrowserContext, tmp_path: Path) -> None:
    port = app_server.free_port()
    argv = app_server.command(port, notebook=NOTEBOOKS, preheat=False, progressive=True, max_kernels=2, per_address=2)
    with open(tmp_path / "voila.log", "w", encoding="utf-8") as log, voila_serving(argv, port, log) as url:
        page = context.new_page()
        page.set_default_timeout(LESSON_TIMEOUT)
        loads: list[str] = []
        page.on("load", lambda loaded: loads.append(loaded.url))
        html = page.goto(f"{url}voila/render/01-danish-bastard.ipynb", timeout=LESSON_TIMEOUT).text()
        quiz = page.locator(".dn-quiz").first
        quiz.locator("button").first.click()
        expect(quiz.locator(".dn-verdict")).to_contain_text(re.compile("legal", re.IGNORECASE))
        # the whole lesson ran (the page is sent once every cell did): the server must not take a
        # page whose outputs came over the socket for a page without the app, and reload it
        assert html.rstrip().endswith("</html>") and RETRY_CALL not in html, "the lesson's page was told to reload"
        expect(quiz.locator(".dn-verdict")).to_contain_text(re.compile("legal", re.IGNORECASE))
        assert len(loads) == 1, f"the lesson's page reloaded: {loads}"
        page.close(run_before_unload=True)

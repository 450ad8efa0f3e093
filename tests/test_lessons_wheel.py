"""The lessons from a clean install, in Chromium: the wheel built from this checkout, installed in
a fresh virtual environment (``uv venv`` + ``uv pip install``, offline from uv's cache when it
can), ``danish-nb --lessons --lang LANG`` run from there, and every lesson the index links
opened as a learner opens it: no cell error, no traceback, every widget drawn, the first quiz
answered, and nothing asked of another host.

``make test`` runs a sample (the plain wheel: each language's index, one lesson per language and
a lesson whose extra is missing, which says so in words). ``make lessons-check`` runs them all
(``DANISH_NB_WHEEL_LESSONS=all``: the wheel with its ``sim`` and ``rl`` extras, every lesson in
English, French and German).
"""

from __future__ import annotations

import json
import os
import queue
import re
import shutil
import signal
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import BrowserContext, Page, TimeoutError as PlaywrightTimeout, expect

from danish_nb import app_server, lessons
from danish_nb.i18n import LANGUAGES, translator
from test_browser import CELL_ERROR

pytestmark = pytest.mark.browser
REPO = Path(__file__).resolve().parents[1]
#: Every lesson in every language (``make lessons-check``), or the sample ``make test`` runs.
FULL = os.environ.get("DANISH_NB_WHEEL_LESSONS") == "all"
SAMPLE = {"en": "01-danish-bastard.ipynb", "fr": "02-le-danish.ipynb", "de": "04-bastard.ipynb"}
#: A lesson runs whole before its page has loaded (lesson 06 simulates for a minute or more).
LESSON_TIMEOUT = 600_000
WIDGET = "application/vnd.jupyter.widget-view+json"
#: The widget views a lesson's page has drawn (the output areas of its cells holding a widget, each
#: drawn and none saying it could not be), compared with the views its notebook shows.
VIEWS = """() => [...document.querySelectorAll('.jp-OutputArea-output:not([data-mime-type])')]
  .filter((area) => !area.parentElement.closest('.jupyter-widgets'))
  .map((area) => area.firstElementChild && !/Error displaying widget/.test(area.textContent))"""
#: A Python error's marks in any output.
ERRORS = re.compile(r"Traceback|\b\w+(Error|Exception)\b:|Error displaying widget")


def _uv() -> str:
    found = shutil.which("uv", path=str(Path(sys.executable).parent)) or shutil.which("uv")
    if found is None:
        pytest.fail("uv is missing: make setup installs it in .venv")
    return found


def _offline_first(argv: list[str]) -> None:
    """Run ``argv`` (a uv command) offline from uv's cache, and online if the cache lacks something."""
    done = subprocess.run([*argv, "--offline"], capture_output=True, text=True, check=False)
    if done.returncode:
        done = subprocess.run(argv, capture_output=True, text=True, check=False)
    assert done.returncode == 0, f"{' '.join(argv)} failed:\n{done.stderr}"


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh venv holding the wheel built from this checkout (its ``sim`` and ``rl`` extras too
    for the full check); returns its ``bin`` folder."""
    uv, where = _uv(), tmp_path_factory.mktemp("wheel")
    # uv builds the sdist, then the wheel from the sdist: what a clean checkout would ship
    _offline_first([uv, "build", "--quiet", "--out-dir", str(where / "dist"), str(REPO)])
    wheel = next((where / "dist").glob("danish_nb-*.whl"))
    venv = where / "venv"
    subprocess.run([uv, "venv", "--quiet", "--python", sys._base_executable, str(venv)], check=True)
    _offline_first([uv, "pip", "install", "--quiet", "--python", str(venv / "bin" / "python"),
                    f"{wheel}[sim,rl]" if FULL else str(wheel)])
    imported = subprocess.run([str(venv / "bin" / "python"), "-c", "import danish_nb; print(danish_nb.__file__)"],
                              cwd=where, env=_clean_env(), capture_output=True, text=True, check=True).stdout
    assert Path(imported).is_relative_to(venv), f"the venv imports danish_nb from {imported}"
    return venv / "bin"


def _clean_env() -> dict[str, str]:
    """The environment without anything pointing at this checkout or its venv."""
    return {key: value for key, value in os.environ.items()
            if key not in {"PYTHONPATH", "VIRTUAL_ENV", "JUPYTER_PATH", "JUPYTER_DATA_DIR"}}


@contextmanager
def danish_nb_lessons(bin_dir: Path, lang: str, cwd: Path) -> Iterator[str]:
    """``danish-nb --lessons --lang LANG`` from the venv, on a free port, while the block runs;
    yields the index's address once the command prints it."""
    port = app_server.free_port()
    proc = subprocess.Popen([str(bin_dir / "danish-nb"), "--lessons", "--lang", lang, "--port", str(port)],
                            cwd=cwd, env=_clean_env(), stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            text=True, start_new_session=True)
    lines: queue.Queue[str] = queue.Queue()
    threading.Thread(target=lambda: [lines.put(line) for line in proc.stdout or ()] + [lines.put("")],
                     daemon=True).start()
    said = []
    try:
        while True:
            line = lines.get(timeout=180)
            said.append(line)
            found = re.search(r"the lessons are at (\S+)", line)
            if found:
                break
            assert line, "danish-nb --lessons stopped before serving:\n" + "".join(said)
        yield found[1]
    finally:
        proc.send_signal(signal.SIGTERM)  # the command stops its Voila and kernels
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(5)


def widget_views(notebook: Path) -> int:
    """The widget views a built lesson shows (its stored outputs)."""
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    return sum(WIDGET in out.get("data", {}) for cell in cells if cell["cell_type"] == "code"
               for out in cell.get("outputs", ()))


def check_lesson(page: Page, address: str, notebook: Path) -> None:
    """The lesson at ``address`` (built from ``notebook``) as a learner opens it: every cell ran, no
    error or traceback in any output, every widget view drawn, the first quiz answered in words."""
    html = page.goto(address, timeout=LESSON_TIMEOUT).text()
    assert CELL_ERROR not in html, f"{address} raised"
    expected = widget_views(notebook)
    try:
        page.wait_for_function(f"() => {{ const drawn = ({VIEWS})(); return drawn.length === {expected} "
                               f"&& drawn.every(Boolean); }}", timeout=LESSON_TIMEOUT)
    except PlaywrightTimeout:
        raise AssertionError(f"{address}: widget views drawn {page.evaluate(VIEWS)}, {expected} expected") from None
    # every cell's text, drawn or not (the page leaves a cell out of sight undrawn, and innerText skips it)
    text = page.evaluate("() => [...document.querySelectorAll('.jp-Cell')].map((cell) => cell.textContent).join('\\n')")
    assert CELL_ERROR not in text and not ERRORS.search(text), f"{address}: {ERRORS.search(text)}"
    quiz = page.locator(".dn-quiz").first
    if page.locator(".dn-quiz").count():
        quiz.locator("button").first.click()  # a move, or a card to pick
        if quiz.locator("button.dn-quiz-check").count():
            quiz.locator("button.dn-quiz-check").click()
        expect(quiz.locator(".dn-verdict")).to_contain_text(re.compile(r"\w{3}"))


def elsewhere_than(home: str, url: str) -> str | None:
    """The host ``url`` asks if it is not ``home``'s (a ``blob:`` of the page's own origin, or a
    ``data:`` URL, asks none).

    >>> home = "http://127.0.0.1:9/"
    >>> elsewhere_than(home, "blob:http://127.0.0.1:9/x"), elsewhere_than(home, "data:,")
    (None, None)
    >>> elsewhere_than(home, "https://cdn.example/font.css")
    'cdn.example'
    """
    parts = urlsplit(url.removeprefix("blob:"))
    return None if parts.scheme == "data" or parts.netloc == urlsplit(home).netloc else parts.netloc


def to_check(lang: str, lesson: lessons.Lesson) -> bool:
    return FULL or lesson.file == SAMPLE[lang] or lesson.extra == "rl"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_installed_wheel_serves_every_lesson_in_each_language(installed: Path, context: BrowserContext,
                                                                  tmp_path: Path, lang: str) -> None:
    tr = translator(lang)
    package = Path(subprocess.run([str(installed / "python"), "-c", "from danish_nb import lessons; "
                                   "print(lessons.folder())"], cwd=tmp_path, env=_clean_env(), capture_output=True,
                                  text=True, check=True).stdout.strip())
    page = context.new_page()
    page.set_default_timeout(LESSON_TIMEOUT)
    elsewhere: list[str] = []
    try:
        with danish_nb_lessons(installed, lang, tmp_path) as index:
            home = index.split("voila/", 1)[0]
            page.on("request", lambda request: None if elsewhere_than(home, request.url) is None
                    else elsewhere.append(request.url))
            page.goto(home)  # the server's root leads to our index
            assert page.url == index
            expect(page.locator("h1")).to_contain_text(tr(lessons.INDEX_TITLE))
            links = page.locator(".dn-lesson-list a")
            expect(links).to_have_count(len(lessons.LESSONS))
            hrefs = [links.nth(i).get_attribute("href") or "" for i in range(len(lessons.LESSONS))]
            titles = [links.nth(i).inner_text() for i in range(len(lessons.LESSONS))]
            for lesson, href, title in zip(lessons.LESSONS, hrefs, titles):
                assert tr(lesson.title) in title
                if lang != "en":
                    assert href.startswith(f"{lang}/"), f"the index links {href}, not the lesson in {lang}"
                if not to_check(lang, lesson):
                    continue
                address = index.rsplit("/", 1)[0] + "/" + href
                if lesson.extra and not FULL:  # the plain wheel lacks the extra: the page says which
                    page.goto(address)
                    expect(page.locator("body")).to_contain_text(f"pip install 'danish-nb[{lesson.extra}]'")
                    assert not ERRORS.search(page.locator("body").inner_text())
                else:
                    check_lesson(page, address, package / href)
    finally:
        page.close(run_before_unload=True)
    assert not elsewhere, f"pages asked other hosts: {elsewhere}"

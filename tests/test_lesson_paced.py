"""A progressive page paces its cells (:mod:`danish_nb.server.paced`): the page says when it caught
up with each cell, and from the first widget on the server sends a cell with outputs only once the
page caught up with all but the last :data:`~danish_nb.server.paced.AHEAD` of them; a page that does not ask gets every
cell as Voila sends it. The cells up to the first widget ran before the page asked
(:mod:`danish_nb.server.head_start`). ``python -m benchmarks.app --lesson 3 --busy --before DIR`` measures what
it saves (an answer clicked while the lesson still arrives)."""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import nbformat
import pytest
from playwright.sync_api import Browser, WebSocket, expect

from danish_nb import app_server
from danish_nb.server import no_math
from danish_nb.server.paced import AHEAD, caught_up_to, shows_widget

TIMEOUT = 120_000
CELLS = 8
BEFORE = 3


def test_the_page_must_have_caught_up_with_all_but_the_last_cells_with_outputs() -> None:
    assert [caught_up_to([2, 5, 9][:n], ahead=1) for n in range(4)] == [-1, -1, 2, 5]
    assert caught_up_to([2, 5, 9], ahead=0) == 9


def test_pacing_starts_with_the_first_output_showing_a_widget() -> None:
    view = {"application/vnd.jupyter.widget-view+json": {"model_id": "0a1b", "version_major": 2}}
    assert shows_widget([{"output_type": "stream", "text": "x"}, {"output_type": "display_data", "data": view}])
    assert not shows_widget([{"output_type": "display_data", "data": {"text/html": "<p>DB-1</p>"}}])
    assert not shows_widget([{"output_type": "stream", "text": "x"}]) and not shows_widget([])


def notebook_folder(folder: Path) -> Path:
    """A lesson of :data:`CELLS` code cells, each drawing a widget, a text cell between them,
    after :data:`BEFORE` cells of HTML (a lesson's rules before its first quiz)."""
    cells = [nbformat.v4.new_markdown_cell("# Paced")]
    cells.append(nbformat.v4.new_code_cell("import time\nimport ipywidgets as widgets\n"
                                           "from IPython.display import HTML\nprint(time.time())"))
    cells += [nbformat.v4.new_code_cell(f"HTML('<p class=\"rule\">rule {n}</p>')") for n in range(BEFORE)]
    for n in range(CELLS):
        cells.append(nbformat.v4.new_markdown_cell(f"Cell {n}"))
        cells.append(nbformat.v4.new_code_cell(f"widgets.HTML('<b class=\"drawn\">drawn {n}</b>')"))
    lessons = folder / "lessons"
    lessons.mkdir()
    nbformat.write(nbformat.v4.new_notebook(cells=cells), lessons / "paced.ipynb")
    boxed = [nbformat.v4.new_code_cell(BOXED_FIRST), nbformat.v4.new_code_cell(BOXED_NEXT)]
    nbformat.write(nbformat.v4.new_notebook(cells=boxed), lessons / "boxed.ipynb")
    return lessons


#: A lesson whose first widget (made while the page loads, by the head start) a later cell puts in
#: a box, then keeps the kernel busy: the page cannot ask the kernel for the first widget meanwhile.
BOXED_FIRST = "import time\nimport ipywidgets as widgets\ninner = widgets.HTML('<b class=\"inner\">inner</b>')\ninner"
BOXED_NEXT = "display(widgets.VBox([inner, widgets.HTML('<b class=\"boxed\">boxed</b>')]))\ntime.sleep(4)"


@contextlib.contextmanager
def serving(lessons: Path, log: Path) -> Iterator[str]:
    """``lessons`` served as the lessons are (progressive, a warm kernel); yields the lesson's URL."""
    port = app_server.free_port()
    argv = app_server.command(port, notebook=lessons, preheat=False, progressive=True, warm=1)
    with open(log, "w", encoding="utf-8") as out:
        proc = app_server.start(argv, stdout=out, stderr=subprocess.STDOUT, env=dict(os.environ))
        try:
            app_server.wait_ready(app_server.url(port), 120, proc)
            yield app_server.url(port) + "voila/render/paced.ipynb"
        finally:
            app_server.stop(proc)


@pytest.fixture(scope="module")
def lesson(chromium_path: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    folder = tmp_path_factory.mktemp("paced")
    with serving(notebook_folder(folder), folder / "voila.log") as url:
        yield url


def visit(browser: Browser, url: str, unpaced: bool = False,
          sent_at: list[float] | None = None) -> list[tuple[str, dict]]:
    """The frames of the page's execution websocket, in order, as ("sent" | "received", message),
    once every cell is drawn; ``unpaced``: the pacing script kept out of the page's way;
    ``sent_at``: gets when (``time.time()``) the page sent each frame."""
    frames: list[tuple[str, dict]] = []

    def sent(payload: str | bytes) -> None:
        frames.append(("sent", json.loads(payload)))
        if sent_at is not None:
            sent_at.append(time.time())

    def watch(ws: WebSocket) -> None:
        if "/voila/execution/" in ws.url:
            ws.on("framesent", sent)
            ws.on("framereceived", lambda payload: frames.append(("received", json.loads(payload))))

    context = browser.new_context()
    page = context.new_page()
    if unpaced:  # the pacing script cannot put its WebSocket in place
        page.add_init_script("Object.defineProperty(window, 'WebSocket', {value: window.WebSocket, writable: false})")
    page.on("websocket", watch)
    page.goto(url, timeout=TIMEOUT)
    expect(page.locator(".drawn")).to_have_count(CELLS, timeout=TIMEOUT)
    expect(page.locator(".drawn").last).to_have_text(f"drawn {CELLS - 1}")
    page.close(run_before_unload=True)
    context.close()
    return frames


@pytest.mark.browser
def test_from_the_first_widget_the_server_sends_a_cell_only_once_the_page_caught_up(browser: Browser,
                                                                                  lesson: str) -> None:
    frames = visit(browser, lesson)
    execute = [message for way, message in frames if way == "sent" and message["action"] == "execute"]
    assert len(execute) == 1 and execute[0]["payload"]["paced"] is True
    caught_up: set[int] = set()
    with_outputs: list[int] = []
    for way, message in frames:
        if way == "sent" and message["action"] == "caught_up":
            caught_up.add(message["payload"]["cell_index"])
        elif way == "received" and message["action"] == "execution_result" and \
                shows_widget(message["payload"]["output_cell"].get("outputs") or []):
            # of the cells with widgets sent before this one, the page had caught up with all but the
            # last AHEAD (the kernel runs this cell while the page draws those)
            assert caught_up_to(with_outputs) in caught_up | {-1}
            with_outputs.append(message["payload"]["cell_index"])
    assert len(with_outputs) == CELLS and len(caught_up) >= CELLS - AHEAD


@pytest.mark.browser
def test_a_page_that_does_not_ask_gets_every_cell_unpaced(browser: Browser, lesson: str) -> None:
    frames = visit(browser, lesson, unpaced=True)
    sent = [message for way, message in frames if way == "sent"]
    assert [message["action"] for message in sent] == ["execute"] and "paced" not in sent[0]["payload"]
    results = [message for way, message in frames if way == "received" and message["action"] == "execution_result"]
    assert len(results) == 2 + BEFORE + 2 * CELLS


@pytest.mark.browser
def test_the_cells_up_to_the_first_widget_ran_before_the_page_asked_and_each_comes_once(browser: Browser,
                                                                                       lesson: str) -> None:
    sent_at: list[float] = []
    frames = visit(browser, lesson, sent_at=sent_at)
    asked = sent_at[[message["action"] for way, message in frames if way == "sent"].index("execute")]
    results = [message["payload"] for way, message in frames
               if way == "received" and message["action"] == "execution_result"]
    assert [result["cell_index"] for result in results] == list(range(2 + BEFORE + 2 * CELLS))
    printed = results[1]["output_cell"]["outputs"][0]["text"]
    assert float(printed) < asked  # the kernel ran the first code cell before the page asked for it


@pytest.mark.browser
def test_the_page_typesets_no_mathematics_and_loads_no_mathjax(browser: Browser, lesson: str) -> None:
    context = browser.new_context()
    page = context.new_page()
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    with page.expect_request(lambda request: no_math.PATH in request.url, timeout=TIMEOUT):
        page.goto(lesson, timeout=TIMEOUT)  # its first HTML output (a rule) goes to the typesetter
    expect(page.locator(".drawn")).to_have_count(CELLS, timeout=TIMEOUT)
    expect(page.locator(".rule").first).to_have_text("rule 0")
    page.close(run_before_unload=True)
    context.close()
    # the typesetter is a MathJax 2 that typesets nothing (the stand-in), and no MathJax was asked for
    assert [url.split("?")[0] for url in requests if "math" in url.lower()] == \
        [lesson.split("voila/render/")[0] + no_math.PATH], requests


@pytest.mark.browser
def test_a_widget_made_before_the_page_connected_can_be_put_in_a_box_by_a_later_cell(browser: Browser,
                                                                                    lesson: str) -> None:
    """The cells after the head start wait until the page drew its widget: a box made earlier held a
    widget the page did not know yet ("widget model not found"), one page in six on a busy machine."""
    context = browser.new_context()
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(lesson.replace("paced.ipynb", "boxed.ipynb"), timeout=TIMEOUT)
    expect(page.locator(".boxed")).to_have_text("boxed", timeout=TIMEOUT)
    expect(page.locator(".inner")).to_have_count(2)  # on its own, and in the box
    page.close(run_before_unload=True)
    context.close()
    assert errors == [], errors

"""What a learner sees when the app does not come: a message, then the page retries by itself.

A notebook whose committed output is a widget but whose code shows none stands for a page that
lost the app's widget under load (Voila's IOPub wait ran out). The app's own page, in Chromium,
shows no message and frees its kernel when closed (the beacon carries the page's cookies); tabs
closed, with or without their beacon, free their places at once and their kernels within
seconds; after a server restart the page says so and reloads back to the app by itself.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import signal
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from danish_nb import app_server
from danish_nb.server.pages import NOT_STARTED, WIDGET_IN_DOM, texts
from helpers import open_app, start_app_game, wait_until
from learner_client import Server, request
from test_browser import OPEN, choose_face_up, codes

TIMEOUT = 60_000
#: Counts the response bodies the page has read as JSON (``window.dnAnswersRead``): the page's own
#: callbacks on a body run in the same turn, before any ``page.evaluate`` can look (a wait on the
#: watchdog's reading its kernel's state, not on a guess of how long the answer takes).
ANSWERS_COUNTED = """(() => {
  const json = Response.prototype.json;
  window.dnAnswersRead = 0;
  Response.prototype.json = function () {
    const read = json.call(this);
    read.then(() => { window.dnAnswersRead += 1; }, () => {});
    return read;
  };
})()"""


def lost_app(folder: Path, source: str) -> Path:
    """A notebook committed with a widget output, whose code ``source`` now shows none."""
    notebook = folder / "lost.ipynb"
    widget = {"output_type": "display_data", "metadata": {}, "data": {
        "application/vnd.jupyter.widget-view+json": {"model_id": "0" * 32, "version_major": 2,
                                                     "version_minor": 0},
        "text/plain": ["VBox()"]}}
    notebook.write_text(json.dumps({
        "cells": [{"cell_type": "code", "execution_count": 1, "id": "app", "metadata": {},
                   "outputs": [widget], "source": [source]}],
        "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python",
                                    "name": "python3"}},
        "nbformat": 4, "nbformat_minor": 5}), encoding="utf-8")
    return notebook


@pytest.fixture(scope="module")
def blank_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """Serves a notebook that lost its app (its widget output)."""
    folder = tmp_path_factory.mktemp("blank")
    notebook = lost_app(folder, "None")
    log = folder / "voila.log"
    with open(log, "w", encoding="utf-8") as out, \
            app_server.serving(app_server.free_port(), timeout=120, log=out, notebook=notebook,
                               preheat=False) as url:
        yield Server(url, log)


def test_a_page_without_the_app_says_so_and_retries(blank_server: Server) -> None:
    page = request(blank_server.url)
    assert page.status == 200 and page.kind == "busy"
    assert "location.reload()" in page.html
    assert "went out without the app" in blank_server.log.read_text(encoding="utf-8")


def test_a_page_whose_cell_never_ends_says_so_and_retries(tmp_path: Path) -> None:
    notebook = lost_app(tmp_path, "import time; time.sleep(3600)")
    log = tmp_path / "voila.log"
    with open(log, "w", encoding="utf-8") as out, \
            app_server.serving(app_server.free_port(), timeout=120, log=out, notebook=notebook,
                               preheat=False, cell_timeout=5) as url:
        page = request(url, timeout=120)
        assert page.status == 200 and page.kind == "busy"
        assert "Traceback" not in page.html


@pytest.mark.browser
def test_in_a_browser_the_message_shows_and_the_page_reloads_itself(
        context: BrowserContext, blank_server: Server) -> None:
    page = context.new_page()
    loads: list[str] = []
    page.on("load", lambda p: loads.append(p.url))
    page.goto(blank_server.url)
    first = page.evaluate("JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId")
    expect(page.locator("#dn-server-notice")).to_contain_text(NOT_STARTED, timeout=TIMEOUT)
    expect(page.locator("#dn-server-notice")).to_contain_text("tries again by itself")
    page.wait_for_event("load", timeout=TIMEOUT)  # the reload, with no click
    assert len(loads) >= 2
    assert blank_server.wait_kernel_gone(first, 30), "the failed page's kernel outlived the reload"
    page.close(run_before_unload=True)


@pytest.mark.browser
def test_the_app_page_shows_no_message_and_closing_it_frees_its_kernel(
        context: BrowserContext, app_url: str, voila_log: Path) -> None:
    server = Server(app_url, voila_log)
    page = context.new_page()
    page.goto(app_url)
    expect(page.locator(".dn-seat.dn-me .dn-card").first).to_be_visible(timeout=TIMEOUT)
    assert page.locator(WIDGET_IN_DOM).count() >= 1  # what the watchdog looks for
    expect(page.locator("#dn-server-notice")).to_have_count(0)
    config = json.loads(page.locator("#jupyter-config-data").text_content())
    kernel = config["kernelId"]
    assert re.fullmatch(r"[0-9a-f-]{36}", kernel) and kernel in server.kernels()
    page.close(run_before_unload=True)
    assert server.wait_kernel_gone(kernel, 30), "closing the page did not free its kernel"


def kernel_of(page: Page) -> str:
    return page.evaluate("JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId")


@pytest.fixture(scope="module")
def personal_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """The app as ``danish-nb`` serves one person by default: a pool of 1, at most 3 kernels."""
    log = tmp_path_factory.mktemp("personal") / "voila.log"
    with open(log, "w", encoding="utf-8") as out, \
            app_server.serving(app_server.free_port(), timeout=120, log=out, pool_size=app_server.PERSONAL_POOL,
                               max_kernels=app_server.PERSONAL_KERNELS,
                               per_address=app_server.PERSONAL_KERNELS) as url:
        yield Server(url, log)


@pytest.mark.browser
def test_closed_tabs_free_their_places_and_kernels_so_new_tabs_open(
        context: BrowserContext, personal_server: Server) -> None:
    """Issue 28: open the most tabs, close two, open one: "Too many games from this computer"
    (HTTP 429) until the idle cull freed the closed tabs' kernels, 76 s later."""
    url = personal_server.url
    pages = [open_app(context, url) for _ in range(app_server.PERSONAL_KERNELS)]
    kernels = [kernel_of(page) for page in pages]
    answers: list[int] = []
    context.on("response", lambda response: answers.append(response.status) if response.url == url else None)
    pages[0].close(run_before_unload=True)  # a tab closed: its shutdown beacon goes out
    pages[1].close()  # no beforeunload (a crashed tab): its websocket just closes
    for kernel in kernels[:2]:
        assert personal_server.wait_kernel_gone(kernel, 30), "a closed tab's kernel is still running"
    again = [open_app(context, url) for _ in range(2)]
    assert answers == [200, 200], answers  # no "room is full" page on the way
    assert kernels[2] in personal_server.kernels()  # the tab left open keeps its game
    for page in (pages[2], *again):
        page.close(run_before_unload=True)


@pytest.mark.browser
def test_after_a_server_restart_the_page_says_so_and_comes_back_by_itself(
        context: BrowserContext, tmp_path: Path) -> None:
    """Issue 28: after a restart the open pages still said "connected" and clicks did nothing.
    Issue 40: back, the page was a fresh deal; it is now the game it was playing, where it was."""
    port = app_server.free_port()
    log = tmp_path / "voila.log"
    with open(log, "w", encoding="utf-8") as out, \
            app_server.serving(port, timeout=120, log=out, pool_size=1, max_kernels=3) as url:
        page = open_app(context, url)
        before = kernel_of(page)
        start_app_game(page, 4242)
        chosen = choose_face_up(page)  # three moves in: P1's and the computers' face-up cards
    notice = page.locator("#dn-server-notice")
    expect(notice).to_have_text(texts()["en"]["lost"])  # the server stopped: the page says so
    loads: list[str] = []
    page.on("load", lambda p: loads.append(p.url))
    with open(log, "a", encoding="utf-8") as out, \
            app_server.serving(port, timeout=120, log=out, pool_size=1, max_kernels=3):
        expect(page.locator(".dn-seat.dn-me .dn-card").first).to_be_visible(timeout=TIMEOUT)
        page.wait_for_function(f"JSON.parse(document.getElementById('jupyter-config-data').textContent)"
                               f".kernelId !== {json.dumps(before)}", timeout=TIMEOUT)
        assert loads, "the page did not reload itself"
        expect(notice).to_have_count(0)
        expect(page.locator(".dn-app-message")).to_contain_text("seed 4242")  # the same game, not a fresh deal
        expect(page.locator(".dn-position")).to_have_text("move 3 of 3")  # where it was
        assert sorted(codes(page.locator(OPEN))) == sorted(chosen)
        page.close(run_before_unload=True)


def kernel_process(server: Server, kernel_id: str) -> int:
    """The process id of one of ``server``'s kernels."""
    for pid in filter(str.isdigit, os.listdir("/proc")):
        with contextlib.suppress(OSError):
            if f"kernel-{kernel_id}.json" in Path(f"/proc/{pid}/cmdline").read_text(errors="replace"):
                return int(pid)
    raise LookupError(f"no process for kernel {kernel_id}")


@pytest.mark.browser
def test_a_page_whose_kernel_died_reloads_into_a_kernel_that_ran_the_app(
        context: BrowserContext, personal_server: Server) -> None:
    """Jupyter restarts a kernel that died under the same id, without the notebook: the page's
    widgets had nothing behind them (clicks did nothing; a page still loading showed "Error
    displaying widget: model not found"). The server shuts such a kernel down; the page reloads."""
    page = open_app(context, personal_server.url)
    before = kernel_of(page)
    os.kill(kernel_process(personal_server, before), signal.SIGKILL)  # as the out-of-memory killer would
    page.wait_for_function(f"JSON.parse(document.getElementById('jupyter-config-data').textContent)"
                           f".kernelId !== {json.dumps(before)}", timeout=TIMEOUT)
    expect(page.locator(".dn-seat.dn-me .dn-card").first).to_be_visible(timeout=TIMEOUT)
    assert personal_server.wait_kernel_gone(before, 30)  # not kept, empty, beside the new one
    assert "died and was restarted without its notebook" in personal_server.log.read_text(encoding="utf-8")
    page.close(run_before_unload=True)


@pytest.mark.browser
def test_a_lesson_whose_kernel_died_while_it_loaded_comes_back_with_every_widget(
        context: BrowserContext, tmp_path: Path) -> None:
    """Issue 28 item 5: a served lesson showed 20 of its 27 quiz rows and "Error: widget model not
    found", as when the page's widgets are restored from a kernel that lost them. The kernel dies
    (SIGKILL) as the page starts its widgets; the page comes back with all of them."""
    lesson = Path(__file__).resolve().parents[1] / "notebooks"
    log = tmp_path / "voila.log"
    with open(log, "w", encoding="utf-8") as out, \
            app_server.serving(app_server.free_port(), timeout=120, log=out, notebook=lesson, preheat=False,
                               max_kernels=3, per_address=3) as url:
        server = Server(url, log)
        page = context.new_page()
        html = page.goto(f"{url}voila/render/02-le-danish.ipynb", timeout=300_000).text()
        before = kernel_of(page)
        os.kill(kernel_process(server, before), signal.SIGKILL)
        quizzes = page.locator(".dn-quiz")
        expect(quizzes).to_have_count(html.count("danish_nb.widgets.lesson.PositionQuiz object"), timeout=300_000)
        assert kernel_of(page) != before and server.wait_kernel_gone(before, 30)
        expect(page.locator("text=Error displaying widget")).to_have_count(0)
        page.close(run_before_unload=True)


@pytest.mark.browser
@pytest.mark.parametrize("state, key", [("busy", "busy"), ("starting", "busy"), ("idle", "drawing")])
def test_a_slow_page_blames_the_server_only_while_its_kernel_works(context: BrowserContext, state: str,
                                                                   key: str) -> None:
    """Issue 40: pages said "the server is busy" when the browser was slow: once the kernel is
    idle (the app ran), a page still without it says the browser is still drawing it."""
    from danish_nb.server.pages import watchdog

    page = context.new_page()
    config = json.dumps({"baseUrl": "/", "kernelId": "k1"})
    html = (f'<html><head>{watchdog()}</head><body><script id="jupyter-config-data" type="application/json">'
            f"{config}</script></body></html>")
    page.route("http://dn.test/", lambda route: route.fulfill(body=html, content_type="text/html"))
    page.route("http://dn.test/api/kernels/k1", lambda route: route.fulfill(
        body=json.dumps({"id": "k1", "execution_state": state}), content_type="application/json"))
    page.add_init_script(ANSWERS_COUNTED)
    page.clock.install()
    page.goto("http://dn.test/")
    page.clock.run_for(1500)  # the first check of the kernel: its answer arrives on the real clock
    wait_until(lambda: page.evaluate("window.dnAnswersRead"), 60, "the page read its kernel's state", every=0.02)
    page.clock.run_for(15_000)
    expect(page.locator("#dn-server-notice")).to_have_text(texts()["en"][key])
    page.close()

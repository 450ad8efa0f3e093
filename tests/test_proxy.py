"""Past one server (issue 28, item 9): two ``danish-nb`` servers behind HAProxy, started with the
shipped ``deploy/haproxy.cfg`` as it is (sticky by cookie, websockets proxied), sharing one
PostgreSQL (the throwaway cluster of ``pg_fixture``).

Learner A's browser is on server 1 and learner B's on server 2 (the proxy's cookie, set before
they arrive): they sit at one table, and each move reaches the other; a teacher on either
server sees both; server 1 is killed, and A's page notices, reloads through the proxy onto
server 2, sits A down again and loses no move. Without HAProxy the test is skipped, unless
``CI=true`` (then it fails; ``.ci/run`` installs it).
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import signal
import subprocess
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from types import SimpleNamespace

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from danish_nb import app_server
from danish_nb.server.pages import texts
from danish_nb.tables import open_store
from learner_client import Server
from test_tables_browser import POSITION, STATUS, create_bastard, join, play_next, tables_page

pytestmark = pytest.mark.browser
pytest_plugins = ("pg_fixture",)
TIMEOUT = 60_000
DEPLOY = Path(__file__).resolve().parents[1] / "deploy" / "haproxy.cfg"
KEY = "proxy-test-teacher-key"
ROOM = "past-one-server"
COOKIE = "DNSERVER"  # the proxy's stickiness cookie (deploy/haproxy.cfg), its values s1 and s2


@pytest.fixture(scope="session")
def haproxy_path() -> str:
    """Debian's HAProxy; skips the test without it (fails under ``CI=true``)."""
    found = shutil.which("haproxy")
    if found is None:
        why = "no haproxy on PATH: install it with `apt-get install -y haproxy` to run the proxy test"
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"CI=true but {why}")
        pytest.skip(why)
    return found


@dataclass
class Backend:
    """One ``danish-nb`` server behind the proxy."""

    proc: subprocess.Popen
    server: Server

    def kill(self) -> None:
        """As a crash: SIGKILL to the server's process group, no goodbye to anyone."""
        os.killpg(self.proc.pid, signal.SIGKILL)
        self.proc.wait(30)


@contextlib.contextmanager
def proxied(haproxy_path: str, postgres_url: str, folder: Path, max_kernels: int,
            pool_size: int | None = None) -> Iterator[SimpleNamespace]:
    """Two servers (each holding ``max_kernels`` games, preheating ``pool_size``, default up to
    2) behind HAProxy, sharing the store."""
    env = {**os.environ, "DANISH_NB_STORE": postgres_url, "DANISH_NB_TEACHER_KEY": KEY, "DANISH_NB_ROOM": ROOM}
    backends: list[Backend] = []
    proxy: subprocess.Popen | None = None
    logs = []
    try:
        for n in (1, 2):
            port = app_server.free_port()
            log = folder / f"server{n}.log"
            logs.append(open(log, "w", encoding="utf-8"))  # noqa: SIM115 - closed in the finally below
            argv = app_server.command(port, pool_size=pool_size or min(2, max_kernels), max_kernels=max_kernels,
                                      per_address=max_kernels, behind_proxy=True)
            proc = app_server.start(argv, stdout=logs[-1], stderr=subprocess.STDOUT, env=env)
            backends.append(Backend(proc, Server(app_server.url(port), log)))
        for backend in backends:
            app_server.wait_ready(backend.server.url, 120, backend.proc)
        port = app_server.free_port()
        logs.append(open(folder / "haproxy.log", "w", encoding="utf-8"))  # noqa: SIM115 - closed below
        proxy = app_server.start(  # (bound to this process, as the servers: it dies with the run)
            [haproxy_path, "-f", str(DEPLOY)], stdout=logs[-1], stderr=subprocess.STDOUT,
            env={**os.environ, "DN_BIND": f"127.0.0.1:{port}",
                 **{f"DN_SERVER_{n}": b.server.url[len("http://"):].rstrip("/") for n, b in enumerate(backends, 1)}})
        app_server.wait_ready(app_server.url(port), 60, proxy)
        with open_store(postgres_url) as store:
            yield SimpleNamespace(url=app_server.url(port), backends=backends, store=store, folder=folder)
    finally:
        if proxy is not None:
            app_server.stop(proxy)
        for backend in backends:
            app_server.stop(backend.proc)
        for log in logs:
            log.close()


@pytest.fixture(scope="module")
def classroom(chromium_path: str, haproxy_path: str, postgres_url: str,
              tmp_path_factory: pytest.TempPathFactory) -> Iterator[SimpleNamespace]:
    with proxied(haproxy_path, postgres_url, tmp_path_factory.mktemp("proxy"), max_kernels=10) as running:
        yield running


def on_server(browser: Browser, classroom: SimpleNamespace, n: int) -> BrowserContext:
    """A browser context whose pages the proxy sends to server ``n`` (its cookie, set in advance)."""
    context = browser.new_context()
    context.add_cookies([{"name": COOKIE, "value": f"s{n}", "url": classroom.url}])
    return context


def kernel_of(page: Page) -> str:
    return page.evaluate("JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId")


def served_by(classroom: SimpleNamespace, page: Page) -> int:
    """Which server (1 or 2) runs the page's kernel."""
    kernel = kernel_of(page)
    found = [n for n, backend in enumerate(classroom.backends, 1) if kernel in backend.server.kernels()]
    assert len(found) == 1, f"kernel {kernel} runs on servers {found}"
    return found[0]


def teacher_sees(browser: Browser, classroom: SimpleNamespace, n: int, code: str, names: list[str]) -> None:
    context = on_server(browser, classroom, n)
    try:
        teacher = tables_page(context, classroom.url)
        assert served_by(classroom, teacher) == n
        teacher.locator(".dn-teacher-key input").fill(KEY)
        teacher.locator(".dn-teacher-view").click()
        row = teacher.locator(f'.dn-room-table[data-code="{code}"]')
        for name in names:
            expect(row).to_contain_text(name)
    finally:
        context.close()


def test_two_servers_behind_the_proxy_share_a_table_and_survive_one_dying(
        browser: Browser, classroom: SimpleNamespace, record_property) -> None:
    expect.set_options(timeout=TIMEOUT)
    ada_context, bo_context = on_server(browser, classroom, 1), on_server(browser, classroom, 2)
    try:
        ada = tables_page(ada_context, classroom.url)
        said: list[str] = []  # what the page's watchdog says, reloads included
        ada.on("console", lambda message: said.append(message.text))
        code = create_bastard(ada, "Ada")
        bo = tables_page(bo_context, classroom.url)
        join(bo, code, "Bo")
        assert (served_by(classroom, ada), served_by(classroom, bo)) == (1, 2)
        expect(ada.locator(STATUS)).to_contain_text("Bo")  # Bo's seat reaches server 1's page
        seats: dict[int, Page] = {0: ada, 1: bo}
        delays: list[float] = []
        while len(delays) < 4:  # moves from both servers reach the other one (the computer's by themselves)
            play_next(seats, [ada, bo], classroom.store, code, delays)
        record_property("seconds from a learner's move stored to both servers' pages showing it",
                        [round(d, 2) for d in delays])
        for n in (1, 2):
            teacher_sees(browser, classroom, n, code, ["Ada", "Bo"])

        before, first_kernel = classroom.store.moves(code), kernel_of(ada)
        classroom.backends[0].kill()  # server 1 dies, with Ada's kernel
        killed = time.monotonic()
        ada.wait_for_function("JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId"
                              f" !== {first_kernel!r}", timeout=TIMEOUT)  # the page reloaded by itself
        expect(ada.locator(STATUS)).to_contain_text("you are P1")  # through the proxy: the seat is back
        record_property("seconds from server 1's death to Ada at her seat on server 2",
                        round(time.monotonic() - killed, 1))
        assert f"danish-nb: {texts()['en']['lost']}" in said, said  # it said so first
        expect(ada.locator(POSITION)).to_have_text(re.compile(rf"of {len(before)}$"))
        assert served_by(classroom, ada) == 2
        assert classroom.store.moves(code)[:len(before)] == before  # nothing lost
        moved = 0
        while moved < 2:  # the game goes on, Ada's moves included
            if play_next(seats, [ada, bo], classroom.store, code) == 0:  # Ada's (a computer's, Bo's: on)
                moved += 1
    finally:
        ada_context.close()
        bo_context.close()


def test_two_servers_each_for_half_a_class_queue_the_learners_of_the_one_that_dies(
        browser: Browser, chromium_path: str, haproxy_path: str, postgres_url: str, tmp_path: Path,
        record_property) -> None:
    """Issue 40: a learner whose server died met the other, full, server's 429 for minutes with
    no word. Each server holds one game here: Ada's server dies, her page lands on the full one
    and waits in line, saying so and counting down; once Bo closes his tab she is back at her seat."""
    expect.set_options(timeout=TIMEOUT)
    with proxied(haproxy_path, postgres_url, tmp_path, max_kernels=1) as classroom:
        ada_context, bo_context = on_server(browser, classroom, 1), on_server(browser, classroom, 2)
        try:
            ada = tables_page(ada_context, classroom.url)
            code = create_bastard(ada, "Ada")
            bo = tables_page(bo_context, classroom.url)
            join(bo, code, "Bo")
            assert (served_by(classroom, ada), served_by(classroom, bo)) == (1, 2)
            classroom.backends[0].kill()  # server 1 dies: server 2 is full (Bo)
            notice = ada.locator("#dn-server-notice")
            expect(notice).to_contain_text("The room is full.")  # not a silent refusal
            expect(notice).to_contain_text("You are next")
            shown = int(ada.locator("#dn-countdown").inner_text())
            expect(ada.locator("#dn-countdown")).not_to_have_text(str(shown))  # counting down
            bo.close(run_before_unload=True)  # a place frees: the first in line takes it
            freed = time.monotonic()
            expect(ada.locator(STATUS)).to_contain_text("you are P1")
            record_property("seconds from a free place to the queued learner at her seat",
                            round(time.monotonic() - freed, 1))
            assert served_by(classroom, ada) == 2
        finally:
            ada_context.close()
            bo_context.close()

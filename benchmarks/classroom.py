"""A class arriving at the ``danish-nb`` server: do all learners get a board, how fast, how fast
does a click come back with everyone connected, at what memory, does the pool stay under its
cap, and how soon are the kernels of departed learners freed? (Issues 13 and 28.)

Run ``python -m benchmarks.classroom [--learners 30] [--browsers 5] [--raw 30] [--clicks 20] [--one-address]``
(needs the system Chromium for the browser part). Everything runs on 127.0.0.1, browsers and
server on the same (2-core) box, as in issue 19. Two servers, one after the other, each sized by
``danish-nb --class-size LEARNERS`` (pool = LEARNERS, at most LEARNERS + 25% kernels):

1. lightweight learners (no browser: HTTP, then the kernel websocket the page would open):
   LEARNERS page requests at once from distinct loopback addresses: seconds to the page with
   its board (median, p90, max), and the most kernels seen meanwhile; then each of them opens
   its kernel's websocket, finds its board model and clicks a card ``--clicks`` times (about one
   click a second each, all at once): click-to-update, the time from the click message to the
   board's redrawn HTML (median, p95, max); kernels and memory (PSS per session) with all of
   them connected; then ``--raw`` requests at once from one address (the per-address cap,
   default 4, answers the rest with the "room is full" page);
2. ``--browsers`` real Chromium pages (one browser, a fresh context each) opened at once: for
   each page, seconds to its HTML, to its ``load`` event (the page's JavaScript fetched) and to
   its first board (median, p90, max); reloads done by the page itself, or nothing (a silent
   failure); the most kernels seen; then half the pages close with their beacon and half
   without it (as a killed browser): seconds until their kernels are gone, and how many kernels
   are left.

Figures are printed, never asserted. Targets (issue 28): 60 learners arriving together on this
2-core box, every board within 10 s and click-to-update p95 <= 300 ms; 20 Chromium learners, all
boards within 30 s; kernels of closed and killed pages freed within 5 s; never more kernels
than the cap (LEARNERS + 25%).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from playwright.async_api import Page, async_playwright

from danish_nb import app_server
from danish_nb.server.app import KERNEL_COOKIE

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from learner_client import KernelSocket, Server, Visit, message, request

BOARD = ".dn-seat.dn-me .dn-card"
PAGE_TIMEOUT = 300.0


@dataclass
class Running:
    """A server started for the benchmark, with its process (for its memory)."""

    proc: subprocess.Popen
    server: Server

    def pids(self) -> tuple[list[int], int]:
        """The server's and its kernels' process ids, and how many kernels there are."""
        kernels = self.server.kernels()
        return [self.proc.pid] + [int(p.name) for p in Path("/proc").iterdir() if p.name.isdigit()
                                  and any(f"kernel-{k}.json" in _cmdline(p) for k in kernels)], len(kernels)

    def memory_mb(self) -> tuple[float, int]:
        """PSS (MB) of the server and its kernels, and how many kernels there are."""
        pids, kernels = self.pids()
        return sum(_pss_mb(pid) for pid in pids), kernels

    def settle(self, deadline: float, idle: float = 0.1) -> None:
        """Wait until the server and its kernels use less than ``idle`` of a core (over 3 s):
        Voila's own pool says "filled" once its kernels have started, before they have run the
        notebook, and a pool still running it is not the preheated pool a class meets."""
        before = self.cpu_seconds()
        while time.monotonic() < deadline:
            time.sleep(3)
            now = self.cpu_seconds()
            if now - before < 3 * idle:
                return
            before = now

    def cpu_seconds(self) -> float:
        """CPU seconds (user + system) used so far by the server and its running kernels."""
        return sum(_cpu_seconds(pid) for pid in self.pids()[0])


def _cmdline(proc: Path) -> str:
    try:
        return (proc / "cmdline").read_bytes().decode(errors="replace")
    except OSError:
        return ""


def _cpu_seconds(pid: int) -> float:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def load() -> str:
    """The machine's 1-minute load average (2 cores, shared)."""
    return f"load {os.getloadavg()[0]:.1f}"


def _pss_mb(pid: int) -> float:
    try:
        rollup = Path(f"/proc/{pid}/smaps_rollup").read_text()
    except OSError:
        return 0.0
    found = re.search(r"^Pss:\s+(\d+) kB", rollup, re.M)
    return int(found.group(1)) / 1024 if found else 0.0


#: The servers ``--compare`` can run: as shipped before the gentle refill (Voila's own pool
#: refill), as shipped now, and either with Unix sockets between the server and its kernels.
VARIANTS = {"before": {"transport": "tcp", "extra": ("--ClassroomVoila.gentle_refill=False",)},
            "after": {},  # as shipped: gentle refill, Unix sockets between server and kernels
            "after-tcp": {"transport": "tcp"}}  # loopback TCP between server and kernels instead


def launch(folder: Path, learners: int, per_address: int, transport: str = app_server.TRANSPORT,
           extra: tuple[str, ...] = ()) -> Running:
    """A server sized like ``danish-nb --class-size learners``; returns once its pool is full."""
    port = app_server.free_port()
    log = folder / f"voila-{port}.log"
    argv = app_server.command(port, pool_size=learners, max_kernels=learners + (learners + 3) // 4,
                              per_address=per_address, transport=transport) + list(extra)
    with open(log, "w", encoding="utf-8") as out:  # the server writes to its own copy
        proc = app_server.start(argv, stdout=out, stderr=subprocess.STDOUT)
    app_server.wait_ready(app_server.url(port), 120, proc)
    deadline = time.monotonic() + 300
    while "Kernel pool of" not in log.read_text(errors="replace") and time.monotonic() < deadline:
        time.sleep(0.5)
    running = Running(proc, Server(app_server.url(port), log))
    running.settle(deadline)
    return running


def raw_burst(running: Running, count: int, distinct: bool) -> tuple[str, list[Visit]]:
    """``count`` plain GETs at once; a summary of what they got and what the server holds, and
    the visits that got a board."""
    sources = [f"127.0.1.{i + 1}" if distinct else "127.0.0.1" for i in range(count)]
    start = time.monotonic()

    def one(source: str) -> tuple[str, float, Visit | None]:
        try:
            visit = request(running.server.url, source=source, timeout=PAGE_TIMEOUT)
        except OSError:  # refused, reset, or no answer within PAGE_TIMEOUT
            return "no answer", time.monotonic() - start, None
        return visit.kind, time.monotonic() - start, visit

    with ThreadPoolExecutor(count) as pool, Peak(running.server) as peak:
        results = list(pool.map(one, sources))
    kinds = [kind for kind, _, _ in results]
    boards = [t for kind, t, _ in results if kind == "board"]
    mb, kernels = running.memory_mb()
    summary = ", ".join(f"{kinds.count(k)} {k}" for k in ("board", "busy", "full", "error", "blank", "no answer")
                        if kinds.count(k))
    timing = f"page with its board: {spread(boards, 90)}; " if boards else ""
    return (f"{summary}; {timing}all answered in {max(t for _, t, _ in results):.1f} s; {kernels} kernels "
            f"(at most {peak.most} meanwhile), {mb:.0f} MB PSS"), [v for kind, _, v in results
                                                                   if kind == "board" and v is not None]


class Peak:
    """The most kernel processes of ``server`` seen while the ``with`` block runs (every 0.5 s)."""

    def __init__(self, server: Server) -> None:
        self.server = server
        self.most = 0
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._watch, daemon=True)

    def _watch(self) -> None:
        while not self._done.is_set():
            self.most = max(self.most, len(self.server.kernels()))
            self._done.wait(0.5)

    def __enter__(self) -> Peak:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._done.set()
        self._thread.join()


def spread(values: list[float], high: int, unit: str = "s", scale: float = 1.0) -> str:
    """``median 1.2 s, p90 2.0 s, max 2.5 s`` (``high``: the upper percentile shown)."""
    ordered = sorted(v * scale for v in values)
    top = ordered[min(len(ordered) - 1, max(0, -(-high * len(ordered) // 100) - 1))]
    digits = 0 if unit == "ms" else 2
    return (f"median {statistics.median(ordered):.{digits}f} {unit}, p{high} {top:.{digits}f} {unit}, "
            f"max {ordered[-1]:.{digits}f} {unit}")


CARD_SPOT = re.compile(r'data-act="card" data-idx="(\d+)"[^>]*data-zone="(\w+)"')


class BoardClient:
    """One lightweight learner: its page's kernel websocket, driving the board's own messages."""

    def __init__(self, server: Server, visit: Visit):
        self.socket = KernelSocket(server.url, visit.kernel_id, {KERNEL_COOKIE: visit.cookies[KERNEL_COOKIE]},
                                   timeout=PAGE_TIMEOUT)
        self.socket.send(message("comm_open", {"comm_id": "control", "target_name": "jupyter.widget.control",
                                               "data": {}}, metadata={"version": "1.0.0"}))
        self.socket.send(message("comm_msg", {"comm_id": "control", "data": {"method": "request_states"}}))
        states = self.socket.until(lambda m: m.get("msg_type") == "comm_msg"
                                   and m["content"]["data"].get("method") == "update_states",
                                   PAGE_TIMEOUT)["content"]["data"]["states"]
        boards = [(mid, s["state"]["html"]) for mid, s in states.items()
                  if 'data-act="card"' in str(s.get("state", {}).get("html", ""))]
        if not boards:
            raise RuntimeError("the page shows no board with a card to click")
        self.board, html = boards[0]
        idx, zone = CARD_SPOT.search(html).groups()
        self.click_msg = {"act": "card", "zone": zone, "idx": idx}

    def click(self) -> float:
        """Click the card (it toggles) and wait for the board's redrawn HTML: seconds."""
        self.socket.send(message("comm_msg", {"comm_id": self.board, "data": {
            "method": "custom", "content": self.click_msg}}))
        start = time.monotonic()
        while time.monotonic() - start < 60:  # KernelSocket.until reads in 2 s slices: too coarse here
            self.socket.ws.settimeout(60)
            frame = self.socket.ws.recv()
            msg = json.loads(frame if isinstance(frame, str) else frame.decode("utf-8", "replace"))
            content = msg.get("content", {})
            if (msg.get("msg_type") == "comm_msg" and content.get("comm_id") == self.board
                    and "html" in content.get("data", {}).get("state", {})):
                return time.monotonic() - start
        raise TimeoutError("the board did not redraw within 60 s")


def clicks_under_load(running: Running, visits: list[Visit], clicks: int) -> list[str]:
    """Every visit's learner clicks its board ``clicks`` times (about once a second), all at once."""
    with ThreadPoolExecutor(len(visits)) as pool:
        clients = list(pool.map(lambda v: BoardClient(running.server, v), visits))
        mb, kernels = running.memory_mb()

        def learner_clicks(client: BoardClient) -> list[float]:
            times = []
            for _ in range(clicks):
                took = client.click()
                times.append(took)
                time.sleep(max(0.0, 1.0 - took))
            return times

        times = [t for batch in pool.map(learner_clicks, clients) for t in batch]
    for client in clients:
        client.socket.close()
    return [f"{len(clients)} connected, {len(times)} clicks: click-to-update {spread(times, 95, 'ms', 1000)}",
            f"{kernels} kernels ({len(clients)} learners + refilled pool), {mb:.0f} MB PSS "
            f"(server included), {mb / max(1, kernels):.0f} MB per kernel"]


async def learner(page: Page, url: str) -> dict[str, float]:
    """Open the app: seconds to its HTML (``html``), to its first ``load`` event and to its first
    board (``board``, missing if none within the timeout), and the reloads it did by itself."""
    seen: dict[str, float] = {"reloads": -1}
    start = time.monotonic()

    def loaded(_page: Page) -> None:
        seen["reloads"] += 1
        seen.setdefault("load", time.monotonic() - start)

    page.on("load", loaded)
    page.on("requestfinished", lambda request: seen.setdefault("html", time.monotonic() - start)
            if request.url == url else None)
    try:
        await page.goto(url, wait_until="commit", timeout=PAGE_TIMEOUT * 1000)
        await page.locator(BOARD).first.wait_for(timeout=PAGE_TIMEOUT * 1000)
    except Exception:  # noqa: BLE001 -- a timeout or a crashed page: no board
        return seen
    seen["board"] = time.monotonic() - start
    return seen


async def class_arrives(running: Running, learners: int, chromium: str, pool: int) -> list[str]:
    rows = []
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=chromium)
        contexts = [await browser.new_context() for _ in range(learners)]
        pages = [await c.new_page() for c in contexts]
        cpu = running.cpu_seconds()
        with Peak(running.server) as peak:
            results = await asyncio.gather(*(learner(page, running.server.url) for page in pages))
        boards = [seen["board"] for seen in results if "board" in seen]
        reloads = sum(max(0, int(seen["reloads"])) for seen in results)
        log = running.server.log.read_text(errors="replace")
        rows.append(f"{len(boards)}/{learners} boards, {learners - len(boards)} without a board after "
                    f"{PAGE_TIMEOUT:.0f} s; {reloads} reloads by the pages themselves; server log: "
                    f"{log.count('Timeout waiting for IOPub')} IOPub timeouts, "
                    f"{log.count('went out without the app')} pages sent without the app")
        for key, what in (("html", "HTML"), ("load", "load event"), ("board", "first board")):
            times = [seen[key] for seen in results if key in seen]
            if times:
                rows.append(f"{what}: {spread(times, 90)}")
        rows.append(f"{running.cpu_seconds() - cpu:.0f} CPU s (server and kernels) while they arrived; at most "
                    f"{peak.most} kernels; {load()}")
        mb, kernels = running.memory_mb()
        rows.append(f"all connected: {kernels} kernels ({learners} learners + refilled pool), {mb:.0f} MB PSS")
        kernel_ids = [await page.evaluate(
            "JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId")
            for page in pages]
        half = learners // 2
        start = time.monotonic()
        for page in pages[:half]:
            await page.close(run_before_unload=True)
        beacon = await asyncio.to_thread(_gone_after, running.server, kernel_ids[:half], start, 60, 0.2)
        rows.append(f"{half} pages closed with their beacon: kernels freed after {beacon}")
        start = time.monotonic()
        for context in contexts[half:]:
            await context.close()  # no beforeunload: as a killed browser
        culled = await asyncio.to_thread(_gone_after, running.server, kernel_ids[half:], start, 200, 0.2)
        rows.append(f"{learners - half} pages closed without it: kernels freed after {culled}")
        _, kernels = running.memory_mb()
        rows.append(f"after the pages closed: {kernels} kernels (the preheated pool is {pool})")
        await browser.close()
    return rows


def _gone_after(server: Server, kernel_ids: list[str], start: float, timeout: float, every: float = 1.0) -> str:
    """Seconds from ``start`` until none of ``kernel_ids`` runs (or how many still do)."""
    while time.monotonic() - start < timeout:
        left = set(kernel_ids) & server.kernels()
        if not left:
            return f"{time.monotonic() - start:.1f} s"
        time.sleep(every)
    return f"> {timeout:.0f} s ({len(left)} still running)"


def lightweight(running: Running, learners: int, clicks: int, raw: int,
                one_address: bool = False) -> list[tuple[str, str]]:
    """Part 1: the class arrives without browsers (from one address each, or all from one, as
    behind a school's NAT), clicks with everyone connected, then a raw burst."""
    mb, kernels = running.memory_mb()
    rows = [("idle, pool full", f"{kernels} kernels, {mb:.0f} MB PSS; {load()}")]
    cpu = running.cpu_seconds()
    summary, visits = raw_burst(running, learners, distinct=not one_address)
    where = " from one address" if one_address else ""
    rows.append((f"{learners} learners arrive{where} (no browser)",
                 f"{summary}; {running.cpu_seconds() - cpu:.0f} CPU s (server and kernels); {load()}"))
    if visits:
        cpu = running.cpu_seconds()
        for row in clicks_under_load(running, visits, clicks):
            rows.append((f"{learners} learners clicking", row))
        rows.append((f"{learners} learners clicking", f"{running.cpu_seconds() - cpu:.0f} CPU s "
                     f"(server and kernels, refills included); {load()}"))
    if raw:
        rows.append((f"{raw} raw GETs, one address", raw_burst(running, raw, distinct=False)[0]))
    return rows


def compare(folder: Path, sizes: list[int], clicks: int, names: list[str]) -> list[tuple[str, str]]:
    """Part 1 on the server before (Voila's refill) and after (gentle refill), or other
    :data:`VARIANTS`, interleaved: for each class size the servers run one after the other,
    in turn first."""
    rows: list[tuple[str, str]] = []
    for n, size in enumerate(sizes):
        for name in names[n % len(names):] + names[:n % len(names)]:
            running = launch(folder, size, app_server.PER_ADDRESS, **VARIANTS[name])
            try:
                rows += [(f"{name}: {label}", value) for label, value in lightweight(running, size, clicks, 0)]
            finally:
                app_server.stop(running.proc)
    return rows


#: What a page shows of where it is, read in one go (its kernel, its seat, its solo game).
WHERE_JS = """() => {
  const text = (selector) => { const el = document.querySelector(selector); return el ? el.innerText : ""; };
  const config = document.getElementById("jupyter-config-data");
  return {kernel: config ? JSON.parse(config.textContent).kernelId : null, status: text(".dn-table-status"),
          position: text(".dn-app .dn-position"), message: text(".dn-app-message"),
          board: Boolean(document.querySelector(".dn-seat.dn-me .dn-card"))};
}"""


#: Run in every page of the restart benchmark from its first script on: records, with the page's
#: own clock (ms since the epoch), each change of what :data:`WHERE_JS` reads, so the moment a page
#: is back is known even while the benchmark waits on another, still loading, page.
RECORDER_JS = """(() => {
  const where = """ + WHERE_JS + """;
  const seen = JSON.parse(sessionStorage.getItem("dn-seen") || "[]");
  let last = "";
  setInterval(() => {
    const now = where(), key = JSON.stringify(now);
    if (key !== last) { last = key; seen.push({t: Date.now(), ...now});
                        sessionStorage.setItem("dn-seen", JSON.stringify(seen)); }
  }, 100);
  window.dnSeen = () => seen;
})();"""


def restart(folder: Path, learners: int, extra: tuple[str, ...] = ()) -> list[tuple[str, str]]:
    """Issue 40: ``learners`` Chromium pages on a server sized for them (its own store), half
    seated in pairs at class tables, half three moves into a solo game; the server is stopped
    and started again on the same port: seconds until each page is back at its seat or in its
    game (a new kernel, the seat's status line, the game's seed and position), from the stop and
    from the server answering again; and how many solo games were not back where they were (a fresh
    deal) within 120 s."""
    from playwright.sync_api import sync_playwright

    from helpers import open_app, start_app_game
    from test_browser import choose_face_up
    from test_tables_browser import create_bastard, join, tables_page

    port = app_server.free_port()
    argv = app_server.command(port, pool_size=learners, max_kernels=learners + (learners + 3) // 4,
                              per_address=learners + (learners + 3) // 4) + list(extra) + [
        "--ClassroomVoila.log_format=%(asctime)s.%(msecs)03d %(message)s", "--ClassroomVoila.log_datefmt=%H:%M:%S"]
    env = {**os.environ, "DANISH_NB_STORE": f"sqlite:///{folder / 'restart.sqlite3'}", "DANISH_NB_ROOM": "R1"}
    log = open(folder / "voila-restart.log", "w", encoding="utf-8")  # noqa: SIM115 -- both servers write to it
    url = app_server.url(port)

    def serve() -> subprocess.Popen:
        proc = app_server.start(argv, stdout=log, stderr=subprocess.STDOUT, env=env)
        app_server.wait_ready(url, 120, proc)
        return proc

    proc = serve()
    rows: list[tuple[str, str]] = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=shutil.which("chromium"))
        try:
            def context() -> Any:
                made = browser.new_context()
                made.add_init_script(RECORDER_JS)
                return made

            pages, expected = [], []
            for n in range(learners // 2 // 2):  # pairs at Bastard tables
                first = tables_page(context(), url)
                code = create_bastard(first, f"A{n}")
                second = tables_page(context(), url)
                join(second, code, f"B{n}")
                pages += [first, second]
                expected += [("seat", first.locator(".dn-table-status").inner_text().split("you are ")[1][:2]),
                             ("seat", second.locator(".dn-table-status").inner_text().split("you are ")[1][:2])]
            while len(pages) < learners:  # solo games, three moves in
                page = open_app(context(), url)
                seed = 4242 + len(pages)
                start_app_game(page, seed)
                choose_face_up(page)
                pages.append(page)
                expected.append(("solo", f"seed {seed}"))
            before = [page.evaluate(WHERE_JS)["kernel"] for page in pages]

            def back_at(i: int, seen: list[dict[str, Any]]) -> float | None:
                """When (s since the epoch) page ``i`` first showed its seat or its game again."""
                kind, mark = expected[i]
                for where in seen:
                    if where["kernel"] == before[i] or not where["board"]:
                        continue
                    if (kind == "seat" and f"you are {mark}" in where["status"]) or (
                            kind == "solo" and mark in where["message"] and where["position"] == "move 3 of 3"):
                        return where["t"] / 1000
                return None

            stopped = time.time()
            app_server.stop(proc)
            down = time.time()
            proc = serve()
            ready = time.time()
            back: dict[int, float] = {}
            deadline = time.monotonic() + 120
            while len(back) < len(pages) and time.monotonic() < deadline:
                for i, page in enumerate(pages):
                    if i in back:
                        continue
                    try:
                        at = back_at(i, page.evaluate("() => window.dnSeen ? window.dnSeen() : []"))
                    except Exception:  # noqa: BLE001 -- the page is reloading: not back yet
                        continue
                    if at is not None:
                        back[i] = at
                time.sleep(0.2)
            fresh = sum(kind == "solo" and i not in back for i, (kind, _mark) in enumerate(expected))
            since_stop = [back[i] - stopped for i in back]
            since_ready = [back[i] - ready for i in back]
            rows.append(("restart: server down and up again",
                         f"{ready - stopped:.1f} s (stopped in {down - stopped:.1f} s, answering "
                         f"{ready - down:.1f} s later); {load()}"))
            rows.append((f"restart: {len(back)} of {learners} back, from the stop", spread(since_stop, 90)))
            rows.append(("restart: from the server answering", spread(since_ready, 90)))
            answered = time.strftime("%H:%M:%S", time.localtime(ready))
            rows.append(("restart: each back, s from the answer",
                         " ".join(f"{t:.1f}" for t in sorted(since_ready)) + f" (answering at {answered})"))
            rows.append(("restart: solo games not back where they were (120 s)",
                         f"{fresh} of {learners - learners // 2 // 2 * 2}"))
        finally:
            browser.close()
            app_server.stop(proc)
            log.close()
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--learners", type=int, default=30, help="learners arriving together (no browser)")
    parser.add_argument("--browsers", type=int, default=5, help="real Chromium pages arriving together")
    parser.add_argument("--raw", type=int, default=30, help="plain requests from one address")
    parser.add_argument("--clicks", type=int, default=20, help="clicks per learner under load")
    parser.add_argument("--one-address", action="store_true",
                        help="the learners all arrive from one address (a school's NAT), on a server sized "
                             "as `danish-nb --class-size LEARNERS` sizes it (the whole class per address)")
    parser.add_argument("--compare", metavar="SIZES", default="",
                        help="instead: part 1 only, before (Voila's refill) and after (gentle refill) "
                             "interleaved, for each class size (e.g. 10,30)")
    parser.add_argument("--variants", default="before,after",
                        help=f"servers compared (of {', '.join(VARIANTS)}; default %(default)s)")
    parser.add_argument("--restart", type=int, default=0, metavar="N",
                        help="instead: N Chromium learners (half at class tables, half in solo games) "
                             "through a restart of their server")
    parser.add_argument("--server-option", action="append", default=[], metavar="OPTION",
                        help="with --restart: an option added to the server's command (repeatable), "
                             "e.g. --server-option=--GentlePool.max_starting=3")
    args = parser.parse_args(argv)
    chromium = shutil.which("chromium")
    tmp = Path(tempfile.mkdtemp(prefix="classroom-"))  # kept: the servers' logs
    if args.restart:
        rows = restart(tmp, args.restart, tuple(args.server_option)) + [("server logs", str(tmp))]
        for name, value in rows:
            print(f"{name:<45}  {value}", flush=True)
        return 0
    if args.compare:
        rows = compare(tmp, [int(n) for n in args.compare.split(",")], args.clicks, args.variants.split(","))
        args.browsers = 0
    else:
        cap = args.learners + (args.learners + 3) // 4
        running = launch(tmp, args.learners, cap if args.one_address else app_server.PER_ADDRESS)
        try:
            rows = lightweight(running, args.learners, args.clicks, args.raw, args.one_address)
        finally:
            app_server.stop(running.proc)
    if chromium is None:
        print("benchmarks.classroom: no chromium on PATH: browser part skipped", file=sys.stderr)
    elif args.browsers:
        running = launch(tmp, args.browsers, args.browsers)
        try:
            for row in asyncio.run(class_arrives(running, args.browsers, chromium, args.browsers)):
                rows.append((f"{args.browsers} browsers at once", row))
        finally:
            app_server.stop(running.proc)
    rows.append(("server logs", str(tmp)))
    width = max(len(name) for name, _ in rows)
    for name, value in rows:
        print(f"{name:<{width}}  {value}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

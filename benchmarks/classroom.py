"""A class arriving at the ``danish-nb`` server: do all learners get a board, how fast, at what
memory, and how soon are the kernels of departed learners freed?

Run ``python -m benchmarks.classroom [--learners 20] [--raw 30]`` (needs the system Chromium for
the browser part). Everything runs on 127.0.0.1, browsers and server on the same (2-core) box, as
in issue 19. Two servers, one after the other, each sized by ``danish-nb --class-size LEARNERS``
(pool = LEARNERS, at most LEARNERS + 25% visitor kernels):

1. raw HTTP clients (no browser): ``--raw`` requests at once from one address (the per-address
   cap, default 4, answers the rest with the "room is full" page), then LEARNERS requests at
   once from distinct loopback addresses; kernels and memory after each;
2. LEARNERS Chromium pages (one browser, a fresh context each) opened at once; the per-address
   cap is raised to LEARNERS since they all come from 127.0.0.1. Per page: time to the first board,
   reloads done by the page itself, or nothing (a silent failure); then half the pages close with
   their beacon and half without it (as a killed browser): seconds until their kernels are gone.

Figures are printed, never asserted.
"""

from __future__ import annotations

import argparse
import asyncio
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from playwright.async_api import Page, async_playwright

from danish_nb import app_server

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from learner_client import Server, request  # noqa: E402

BOARD = ".dn-seat.dn-me .dn-card"
PAGE_TIMEOUT = 300.0


@dataclass
class Running:
    """A server started for the benchmark, with its process (for its memory)."""

    proc: subprocess.Popen
    server: Server

    def memory_mb(self) -> tuple[float, int]:
        """PSS (MB) of the server and its kernels, and how many kernels there are."""
        kernels = self.server.kernels()
        pids = [self.proc.pid] + [int(p.name) for p in Path("/proc").iterdir() if p.name.isdigit()
                                  and any(f"kernel-{k}.json" in _cmdline(p) for k in kernels)]
        return sum(_pss_mb(pid) for pid in pids), len(kernels)


def _cmdline(proc: Path) -> str:
    try:
        return (proc / "cmdline").read_bytes().decode(errors="replace")
    except OSError:
        return ""


def _pss_mb(pid: int) -> float:
    try:
        rollup = Path(f"/proc/{pid}/smaps_rollup").read_text()
    except OSError:
        return 0.0
    found = re.search(r"^Pss:\s+(\d+) kB", rollup, re.M)
    return int(found.group(1)) / 1024 if found else 0.0


def launch(folder: Path, learners: int, per_address: int) -> Running:
    """A server sized like ``danish-nb --class-size learners``; returns once its pool is full."""
    port = app_server.free_port()
    log = folder / f"voila-{port}.log"
    argv = app_server.command(port, pool_size=learners, max_kernels=learners + (learners + 3) // 4,
                              per_address=per_address)
    proc = app_server.start(argv, stdout=open(log, "w", encoding="utf-8"), stderr=subprocess.STDOUT)
    app_server.wait_ready(app_server.url(port), 120, proc)
    deadline = time.monotonic() + 300
    while "Kernel pool of" not in log.read_text(errors="replace") and time.monotonic() < deadline:
        time.sleep(0.5)
    return Running(proc, Server(app_server.url(port), log))


def raw_burst(running: Running, count: int, distinct: bool) -> str:
    """``count`` plain GETs at once; a summary of what they got and what the server holds."""
    sources = [f"127.0.1.{i + 1}" if distinct else "127.0.0.1" for i in range(count)]
    start = time.monotonic()

    def one(source: str) -> tuple[str, float]:
        try:
            kind = request(running.server.url, source=source, timeout=PAGE_TIMEOUT).kind
        except OSError:  # refused, reset, or no answer within PAGE_TIMEOUT
            kind = "no answer"
        return kind, time.monotonic() - start

    with ThreadPoolExecutor(count) as pool:
        results = list(pool.map(one, sources))
    kinds = [kind for kind, _ in results]
    done = max(t for _, t in results)
    mb, kernels = running.memory_mb()
    summary = ", ".join(f"{kinds.count(k)} {k}" for k in ("board", "busy", "full", "error", "blank", "no answer")
                        if kinds.count(k))
    return f"{summary}; all answered in {done:.1f} s; {kernels} kernels, {mb:.0f} MB PSS"


async def learner(page: Page, url: str) -> tuple[float | None, int]:
    """Open the app; seconds to the first board (None: never within the timeout), reloads."""
    loads = 0

    def loaded(_page: Page) -> None:
        nonlocal loads
        loads += 1

    page.on("load", loaded)
    start = time.monotonic()
    try:
        await page.goto(url, wait_until="commit", timeout=PAGE_TIMEOUT * 1000)
        await page.locator(BOARD).first.wait_for(timeout=PAGE_TIMEOUT * 1000)
    except Exception:  # noqa: BLE001 -- a timeout or a crashed page: no board
        return None, max(0, loads - 1)
    return time.monotonic() - start, max(0, loads - 1)


async def class_arrives(running: Running, learners: int, chromium: str) -> list[str]:
    rows = []
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=chromium)
        contexts = [await browser.new_context() for _ in range(learners)]
        pages = [await c.new_page() for c in contexts]
        results = await asyncio.gather(*(learner(page, running.server.url) for page in pages))
        boards = [t for t, _ in results if t is not None]
        reloads = sum(r for _, r in results)
        log = running.server.log.read_text(errors="replace")
        rows.append(f"{len(boards)}/{learners} boards, {learners - len(boards)} without a board after "
                    f"{PAGE_TIMEOUT:.0f} s; {reloads} reloads by the pages themselves; server log: "
                    f"{log.count('Timeout waiting for IOPub')} IOPub timeouts, "
                    f"{log.count('went out without the app')} pages sent without the app")
        if boards:
            rows.append(f"first board: median {statistics.median(boards):.1f} s, max {max(boards):.1f} s")
        mb, kernels = running.memory_mb()
        rows.append(f"all connected: {kernels} kernels ({learners} learners + refilled pool), {mb:.0f} MB PSS")
        kernel_ids = [await page.evaluate(
            "JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId")
            for page in pages]
        half = learners // 2
        start = time.monotonic()
        for page in pages[:half]:
            await page.close(run_before_unload=True)
        beacon = await asyncio.to_thread(_gone_after, running.server, kernel_ids[:half], start, 60)
        rows.append(f"{half} pages closed with their beacon: kernels freed after {beacon}")
        start = time.monotonic()
        for context in contexts[half:]:
            await context.close()  # no beforeunload: as a killed browser
        culled = await asyncio.to_thread(_gone_after, running.server, kernel_ids[half:], start, 200)
        rows.append(f"{learners - half} pages closed without it: kernels freed after {culled}")
        await browser.close()
    return rows


def _gone_after(server: Server, kernel_ids: list[str], start: float, timeout: float) -> str:
    """Seconds from ``start`` until none of ``kernel_ids`` runs (or how many still do)."""
    while time.monotonic() - start < timeout:
        left = set(kernel_ids) & server.kernels()
        if not left:
            return f"{time.monotonic() - start:.0f} s"
        time.sleep(1)
    return f"> {timeout:.0f} s ({len(left)} still running)"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--learners", type=int, default=20, help="learners arriving together")
    parser.add_argument("--raw", type=int, default=30, help="plain requests from one address")
    args = parser.parse_args(argv)
    chromium = shutil.which("chromium")
    rows: list[tuple[str, str]] = []
    tmp = tempfile.mkdtemp(prefix="classroom-")  # kept: the servers' logs
    running = launch(Path(tmp), args.learners, app_server.PER_ADDRESS)
    try:
        mb, kernels = running.memory_mb()
        rows.append(("idle, pool full", f"{kernels} kernels, {mb:.0f} MB PSS"))
        rows.append((f"{args.raw} raw GETs, one address", raw_burst(running, args.raw, distinct=False)))
        rows.append((f"{args.learners} raw GETs, distinct addresses",
                     raw_burst(running, args.learners, distinct=True)))
    finally:
        app_server.stop(running.proc)
    if chromium is None:
        print("benchmarks.classroom: no chromium on PATH: browser part skipped", file=sys.stderr)
    else:
        running = launch(Path(tmp), args.learners, args.learners)
        try:
            for row in asyncio.run(class_arrives(running, args.learners, chromium)):
                rows.append((f"{args.learners} browsers at once", row))
        finally:
            app_server.stop(running.proc)
    rows.append(("server logs", tmp))
    width = max(len(name) for name, _ in rows)
    for name, value in rows:
        print(f"{name:<{width}}  {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

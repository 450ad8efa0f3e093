"""The static site (``make site``) in a real Chromium: how big it is, what a first visit fetches,
and how long the first board takes. Run ``make site`` first, then ``python -m benchmarks.site``.

It prints:

- site size: files and MB on disk, by part (Pyodide's core, the danish_nb wheel, the app's own
  files, the lessons), without the precompressed copies (what a visitor's offline copy keeps, what
  a host that serves none sends), then with them (the folder deployed);
- first board, cold: from ``page.goto`` to the viewer's cards on screen in a new browser profile
  (empty caches, no service worker), with where the worker's start went (its steps, seconds) and
  when the page asked for the worker, heard that Python was ready and drew the first board;
  and the bytes the server sent for that first visit once it has settled (the service worker
  holding the whole site, the worker its files), by part;
- first board, warm: a second visit in the same profile (the service worker answers) and the
  bytes sent then;
- New game: from the click to the new seed shown (the engine and board in the worker).

Each run is a cold visit then a warm one in a new profile; several sites (``--site``, repeated)
take turns, so that a busy machine slows them alike. ``--slow F`` runs the whole browser (every
process: the page, its Web Worker, the network service) in a CPU cgroup whose quota is 1/F of
this machine's cores, as a device F times slower would be (DevTools' CPU throttling slows only
a page's main thread, not its worker); it needs root and a cgroup ``cpu`` controller (v1 or v2).
Bytes and requests "before the first board" are what the server answered from the navigation
to the first board on screen (the precompressed copies' bytes when the browser takes them, as
a host serving them sends). ``--steps N`` measures instead, N times per
site in turns, the CPU seconds of each step of the worker's start in Pyodide under Node.js
(site_steps.mjs): the build's snapshot restored, the first board, the files after it, and a fresh
start for comparison (older sites: Pyodide, the wheel, the imports, the snapshot, a restore). A proxy for the
worker that a busy machine disturbs less than wall time (no page, no WebAssembly code cache).
``--coach N`` measures the wall-clock seconds of the coach's Hint and "Review my game" in the
site's Python under Node.js (site_coach.mjs), N runs per site in turns (``--slow`` applies).

The browser resolves no host but 127.0.0.1; requests to other hosts are counted (not routed:
Playwright's routing would turn the HTTP cache off). The server sends files uncompressed.
Targets (measured, never asserted): first board <= 4 s cold and <= 1.5 s warm with the browser
slowed 4x (``--slow 4``); <= 6 MB before the first board; a site of <= 15 MB; nothing from another
host. The page's marks ("since the navigation") and the worker's steps say where a first board's
time went.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from collections import Counter
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

from playwright.sync_api import BrowserContext, Playwright, sync_playwright

from site_build.serve import OFFLINE_CHROMIUM_ARGS, SiteServer, only_this_host, serving

from .report import print_rows

SITE = Path(__file__).resolve().parent.parent / "site"
APP_PAGE = "index.html"
BOARD = ".dn-seat.dn-me .dn-card"
TIMEOUT = 180_000
MB = 1e6
#: A first visit has settled when the service worker holds the site and the worker its files (the
#: standard library and the wheels after the first board; older sites: the snapshot saved).
SETTLED = """async () => {
  await navigator.serviceWorker.ready;
  const done = (data) => data.pythonSettled || data.snapshotSaved;
  for (let i = 0; i < 600 && !done(document.documentElement.dataset); i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}"""


def part(path: str) -> str:
    """Which part of the site a path (relative, without leading slash) belongs to.

    >>> part("pyodide/pyodide.asm.wasm"), part("pyodide/danish_nb-0.1.0-py3-none-any.whl"), part("pyodide/snapshot.bin")
    ('Pyodide core', 'danish_nb wheel', 'start-up snapshot')
    >>> part("lessons/01-danish-bastard.html"), part("app.js"), part("")
    ('lessons', 'app', 'app')
    """
    if path.startswith("pyodide/"):
        if path.endswith(".bin"):
            return "start-up snapshot"
        return "danish_nb wheel" if path.endswith(".whl") else "Pyodide core"
    if path.startswith("lessons/"):
        return "lessons"
    return "app"


def site_size(site: Path) -> tuple[int, Counter[str], Counter[str]]:
    """(files, bytes by part, bytes of the precompressed copies by suffix) of the built site. The
    site's size is its files without the copies: what a visitor's offline copy keeps and what a
    host that serves no precompressed file sends; each copy is one of those files in another
    content coding, which a host sends in its place."""
    files = [p for p in site.rglob("*") if p.is_file() and p.suffix not in (".br", ".gz") and p.name != ".inputs"]
    sizes: Counter[str] = Counter()
    for path in files:
        sizes[part(path.relative_to(site).as_posix())] += path.stat().st_size
    copies: Counter[str] = Counter()
    for path in site.rglob("*"):
        if path.suffix in (".br", ".gz"):
            copies[path.suffix] += path.stat().st_size
    return len(files), sizes, copies


def by_part(sent: Counter[str]) -> Counter[str]:
    out: Counter[str] = Counter()
    for path, size in sent.items():
        out[part(path.lstrip("/"))] += size
    return out


def visit(context: BrowserContext, server: SiteServer, settle: bool) -> dict[str, Any]:
    """One visit: seconds to the load event and to the first board, the worker's start steps,
    and the bytes the server sent (once settled, if ``settle``: the first visit's whole cost)."""
    logged = len(server.log)
    page = context.new_page()
    t0 = time.perf_counter()
    page.goto(server.url + APP_PAGE, timeout=TIMEOUT)
    loaded = time.perf_counter() - t0
    page.locator(BOARD).first.wait_for(timeout=TIMEOUT)
    board = time.perf_counter() - t0
    board_at = page.evaluate("performance.timeOrigin / 1000 + performance.getEntriesByName('danish-nb: first board')"
                             "[0].startTime / 1000")
    early = [(path, size) for arrived, path, size in server.log[logged:] if arrived <= board_at]
    at_board: Counter[str] = Counter()
    for path, size in early:
        at_board[path] += size
    asked_at_board = sum(1 for _, size in early if size == 0)
    steps = json.loads(page.locator("html").get_attribute("data-python-steps") or "{}")
    marks = page.evaluate("performance.getEntriesByType('mark').filter((m) => m.name.startsWith('danish-nb: '))"
                          ".map((m) => [m.name.slice(11), m.startTime / 1000])")
    start = page.locator("html").get_attribute("data-python-start")
    if settle:
        page.evaluate(SETTLED)
    page.close()
    sent: Counter[str] = Counter()
    for _, path, size in server.log[logged:]:
        sent[path] += size
    return {"loaded": loaded, "board": board, "steps": steps, "start": start, "marks": dict(marks),
            "sent": sent, "at_board": at_board, "asked_at_board": asked_at_board}


def new_game_s(context: BrowserContext, server: SiteServer) -> float:
    """Seconds from pressing New game (seed 99) to the app saying so."""
    page = context.new_page()
    page.goto(server.url + APP_PAGE, timeout=TIMEOUT)
    page.locator(BOARD).first.wait_for(timeout=TIMEOUT)
    page.locator(".dn-settings-toggle").click()
    page.locator(".dn-seed input").fill("99")
    page.locator(".dn-seed input").press("Enter")
    t0 = time.perf_counter()
    page.locator(".dn-new-game").click()
    page.locator(".dn-app-message", has_text="seed 99").wait_for(timeout=TIMEOUT)
    elapsed = time.perf_counter() - t0
    page.close()
    return elapsed


@contextmanager
def slowed(program: str, factor: float) -> Iterator[str]:
    """A script starting ``program`` (with its arguments) in a new CPU cgroup whose quota is
    ``1/factor`` of this machine's cores, for as long as the block runs; ``factor`` <= 1: ``program``."""
    if factor <= 1:
        yield program
        return
    period = 100_000
    quota = int(period * (os.cpu_count() or 1) / factor)
    v1, v2 = Path("/sys/fs/cgroup/cpu"), Path("/sys/fs/cgroup")
    name = f"danish-nb-bench-{uuid.uuid4().hex[:8]}"
    if (v1 / "cpu.cfs_quota_us").exists():
        group = v1 / name
        group.mkdir()
        (group / "cpu.cfs_period_us").write_text(str(period))
        (group / "cpu.cfs_quota_us").write_text(str(quota))
    elif "cpu" in (v2 / "cgroup.controllers").read_text().split():
        group = v2 / name
        group.mkdir()
        (group / "cpu.max").write_text(f"{quota} {period}")
    else:
        raise SystemExit("benchmarks.site --slow: no cgroup cpu controller to write to (root needed)")
    with tempfile.TemporaryDirectory(prefix="slow-") as folder:
        script = Path(folder) / Path(program).name
        script.write_text(f'#!/bin/sh\necho $$ > "{group}/cgroup.procs"\nexec "{program}" "$@"\n')
        script.chmod(0o755)
        try:
            yield str(script)
        finally:
            for _ in range(50):  # the browser's processes are gone a moment after it closes
                try:
                    group.rmdir()
                    break
                except OSError:
                    time.sleep(0.1)


def profile(p: Playwright, chromium: str, folder: str) -> BrowserContext:
    """A browser with its own profile in ``folder``: a disk cache and a service worker as a
    visitor's browser has them."""
    return p.chromium.launch_persistent_context(folder, executable_path=chromium, args=list(OFFLINE_CHROMIUM_ARGS))


def load() -> str:
    return "load " + " ".join(f"{x:.1f}" for x in os.getloadavg())


def measure(p: Playwright, chromium: str, servers: dict[str, SiteServer], visits: int) -> tuple[list[tuple], list[str]]:
    """Rows for ``visits`` cold + warm pairs on each site (each pair in a new browser profile),
    the sites taking turns; and the URLs asked of other hosts."""
    rows: list[tuple] = []
    blocked: list[list[str]] = []
    runs: dict[tuple[str, str], list[dict[str, Any]]] = {}
    loads = []
    for _ in range(visits):
        for name, server in servers.items():
            with tempfile.TemporaryDirectory(prefix="site-profile-") as folder:
                loads.append(os.getloadavg()[0])
                context = profile(p, chromium, folder)
                blocked.append(only_this_host(context, server.url, abort=False))
                runs.setdefault((name, "cold"), []).append(visit(context, server, settle=True))
                runs.setdefault((name, "warm"), []).append(visit(context, server, settle=False))
                context.close()
    for (name, label), found in runs.items():
        prefix = f"{name}: " if len(servers) > 1 else ""
        boards = [run["board"] for run in found]
        steps = {step: statistics.median(run["steps"].get(step, 0) for run in found) for step in found[0]["steps"]}
        rows.append((f"{prefix}first board, {label} (s)", f"{statistics.median(boards):.2f} median",
                     " ".join(f"{b:.2f}" for b in boards) + " (load event "
                     + " ".join(f"{run['loaded']:.2f}" for run in found) + ")"))
        rows.append((f"{prefix}  worker's start, {label} (s)", f"{sum(steps.values()):.2f} median",
                     f"Python {found[0]['start']}: " + ", ".join(f"{step} {s:.2f}" for step, s in steps.items())))
        marks = {mark: statistics.median(run["marks"][mark] for run in found) for mark in found[0]["marks"]}
        rows.append((f"{prefix}  page, {label} (s)", "median", "since the navigation: " + ", ".join(
            f"{mark} {at:.2f}" for mark, at in marks.items())))
        at_board = [sum(run["at_board"].values()) for run in found]
        early = by_part(found[0]["at_board"]).most_common()
        top = ", ".join(f"{part_name} {size / MB:.2f}" for part_name, size in early)
        rows.append((f"{prefix}fetched before the first board, {label} (MB)", f"{statistics.median(at_board) / MB:.2f}",
                     f"{found[0]['asked_at_board']} requests: {top}"))
        sent = found[0]["sent"]
        top = ", ".join(f"{part_name} {size / MB:.2f}" for part_name, size in by_part(sent).most_common())
        what = "the whole first visit, service worker's copy included" if label == "cold" else "second visit"
        rows.append((f"{prefix}fetched, {label} (MB)", f"{sum(sent.values()) / MB:.2f}", f"{what}: {top}"))
    for name, server in servers.items():
        with tempfile.TemporaryDirectory(prefix="site-profile-") as folder:
            context = profile(p, chromium, folder)
            blocked.append(only_this_host(context, server.url, abort=False))
            prefix = f"{name}: " if len(servers) > 1 else ""
            rows.append((f"{prefix}New game -> board (s)", f"{new_game_s(context, server):.2f}", "seed 99"))
            context.close()
    rows.append(("machine load during the visits", f"{statistics.median(loads):.1f} median",
                 f"1-minute load averages {min(loads):.1f}-{max(loads):.1f} on {os.cpu_count()} cores; now {load()}"))
    return rows, [url for urls in blocked for url in urls]


def node_runs(program: str, script: str, sites: list[Path], rounds: int, *args: str) -> dict[Path, list[dict]]:
    """Run ``script`` (a Node.js script beside this module) on each site ``rounds`` times, the
    sites taking turns; each run's last line of output read as JSON."""
    runs: dict[Path, list[dict]] = {site: [] for site in sites}
    path = Path(__file__).with_name(script)
    for _ in range(rounds):
        for site in sites:
            done = subprocess.run([program, path, site, *args], capture_output=True, text=True)
            if done.returncode:
                raise SystemExit(f"{script} failed on {site}: {done.stderr[-500:]}")
            runs[site].append(json.loads(done.stdout.splitlines()[-1]))
    return runs


def steps_rows(sites: list[Path], rounds: int) -> list[tuple]:
    """Rows of median CPU seconds per start-up step (site_steps.mjs), the sites taking turns."""
    runs = node_runs("node", "site_steps.mjs", sites, rounds)
    rows = []
    for site, found in runs.items():
        prefix = f"{site}: " if len(sites) > 1 else ""
        medians = {step: statistics.median(run[step] for run in found) for step in found[0]}
        total = medians.pop("to the first board")
        rows.append((f"{prefix}start-up CPU to the first board, Node (s)", f"{total:.2f} median",
                     ", ".join(f"{step} {value:.2f}" for step, value in medians.items())))
    rows.append(("machine load", load(), f"{os.cpu_count()} cores"))
    return rows


def coach_rows(sites: list[Path], rounds: int, games: str, factor: float) -> list[tuple]:
    """Rows of median wall-clock seconds of the coach's Hint and Review in each site's Python
    (site_coach.mjs: Pyodide under Node.js, slowed ``factor`` times), the sites taking turns."""
    with slowed(shutil.which("node") or "node", factor) as program:
        runs = node_runs(program, "site_coach.mjs", sites, rounds, games)
    rows = []
    for site, found in runs.items():
        prefix = f"{site}: " if len(sites) > 1 else ""
        for key in found[0]:
            values = [run[key] for run in found]
            unit = "" if key.endswith("findings") else " (s)"
            rows.append((f"{prefix}{key}{unit}", f"{statistics.median(values):g} median", " ".join(map(str, values))))
    slow = f"; Node slowed {factor:g}x" if factor > 1 else ""
    rows.append(("machine load", load(), f"{os.cpu_count()} cores{slow}"))
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--visits", type=int, default=3, help="cold + warm visit pairs per site")
    parser.add_argument("--site", type=Path, action="append", dest="sites",
                        help="a built site (repeat to compare several, visited in turns; default: site/)")
    parser.add_argument("--slow", type=float, default=1, metavar="F",
                        help="run the whole browser at 1/F of this machine's CPU (a cgroup quota; root)")
    parser.add_argument("--steps", type=int, default=0, metavar="N",
                        help="instead: CPU seconds of each start-up step under Node.js, N runs per site")
    parser.add_argument("--coach", type=int, default=0, metavar="N",
                        help="instead: the coach's Hint and Review (s) in the site's Python under Node.js, N runs")
    parser.add_argument("--games", default="le-danish,rat-bastard-17", help="the games --coach plays (comma-separated)")
    args = parser.parse_args(argv)
    sites = args.sites or [SITE]
    if args.coach:
        print_rows(coach_rows(sites, args.coach, args.games, args.slow), value_width=12)
        return 0
    if args.steps:
        print_rows(steps_rows(sites, args.steps), value_width=12)
        return 0
    chromium = shutil.which("chromium")
    if chromium is None or not all((site / APP_PAGE).exists() for site in sites):
        print("benchmarks.site: needs chromium on PATH and a built site (make site)", file=sys.stderr)
        return 1
    rows = []
    for site in sites:
        files, sizes, copies = site_size(site)
        prefix = f"{site}: " if len(sites) > 1 else ""
        rows.append((f"{prefix}site size (MB)", f"{sum(sizes.values()) / MB:.2f}",
                     f"{files} files: " + ", ".join(f"{name} {size / MB:.2f}" for name, size in sizes.most_common())))
        deployed = (sum(sizes.values()) + sum(copies.values())) / MB
        rows.append((f"{prefix}  with the precompressed copies (MB)", f"{deployed:.2f}", "the folder deployed: "
                     + ", ".join(f"{suffix} copies {size / MB:.2f}" for suffix, size in sorted(copies.items()))))
    with ExitStack() as stack, sync_playwright() as p:
        servers = {str(site): stack.enter_context(serving(site)) for site in sites}
        browser = stack.enter_context(slowed(chromium, args.slow))
        measured, blocked = measure(p, browser, servers, args.visits)
        if args.slow > 1:
            quota = f"a CPU cgroup quota of {os.cpu_count()}/{args.slow:g} cores"
            measured.insert(0, ("browser slowed", f"{args.slow:g}x", quota))
    rows += measured
    rows.append(("requests to other hosts", str(len(blocked)), " ".join(blocked[:3])))
    print_rows(rows, value_width=12)
    return 0


if __name__ == "__main__":
    sys.exit(main())

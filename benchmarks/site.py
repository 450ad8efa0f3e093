"""The static site (``make site``) in a real Chromium: how big it is, what a visit fetches, and
how long the first board takes. Run ``make site`` first, then ``python -m benchmarks.site``.

It prints:

- site size: files and MB on disk, by part (Pyodide, browser wheels, voici app, extensions, ...);
- first board, cold: from ``page.goto`` to the viewer's cards on screen in a fresh browser
  browser profile (empty cache), with the page's ``load`` event time beside it; and the bytes the server
  sent for that visit, by part (what dominates);
- first board, warm: a second visit in the same browser profile (its disk cache, as the stdlib
  server leaves it: Last-Modified, no Cache-Control) and the bytes sent then;
- drive requests: the kernel's synchronous file-system calls through JupyterLite's service
  worker (the site leaves the worker out: 0; about 90 per visit with it);
- New game: from the click to the new seed shown (the engine and board in Pyodide).

``--steps N`` measures instead, N times per site in turns, the CPU seconds of each step of the
Python start-up in Pyodide under Node.js (site_steps.mjs): Pyodide, the preloaded packages, the
kernel's imports, the app's import. A proxy for the page's worker, steadier than wall time on a
busy machine (no page, no widgets' front end, no wasm code cache).

The browser resolves no host but 127.0.0.1; requests to other hosts are counted (not routed:
Playwright's routing would turn the HTTP cache off). The stdlib server sends files uncompressed.
Targets (measured, never asserted): first board <= 8 s cold, <= 4 s warm; <= 25 MB fetched cold.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from contextlib import ExitStack
from pathlib import Path
from typing import Any

from playwright.sync_api import BrowserContext, Playwright, sync_playwright

from site_build.serve import OFFLINE_CHROMIUM_ARGS, SiteServer, only_this_host, serving

from .report import print_rows

SITE = Path(__file__).resolve().parent.parent / "site"
APP_PAGE = "voici/render/app.html"
BOARD = ".dn-seat.dn-me .dn-card"
TIMEOUT = 180_000
MB = 1e6


def part(path: str) -> str:
    """Which part of the site a path (relative, without leading slash) belongs to.

    >>> part("static/pyodide/pyodide.asm.wasm"), part("static/pyodide/comm-0.2.3-py3-none-any.whl")
    ('Pyodide core', 'browser wheels')
    >>> part("voici/build/123.js"), part("extensions/anywidget/static/x.js"), part("lessons/index.html")
    ('voici app', 'lab extensions', 'lessons')
    """
    if path.startswith("static/pyodide/"):
        return "browser wheels" if path.endswith(".whl") else "Pyodide core"
    if path.startswith("static/fontawesome/"):
        return "Font Awesome"
    if path.startswith("voici/"):
        return "voici app"
    if path.startswith("extensions/"):
        return "lab extensions"
    if path.startswith("lessons/"):
        return "lessons"
    return "other"


def site_size(site: Path) -> tuple[int, Counter[str]]:
    """(files, bytes by part) of the built site."""
    files = [p for p in site.rglob("*") if p.is_file()]
    sizes: Counter[str] = Counter()
    for path in files:
        sizes[part(path.relative_to(site).as_posix())] += path.stat().st_size
    return len(files), sizes


def by_part(sent: Counter[str]) -> Counter[str]:
    out: Counter[str] = Counter()
    for path, size in sent.items():
        out[part(path.lstrip("/"))] += size
    return out


def visit(context: BrowserContext, server: SiteServer) -> tuple[float, float, Counter[str], int]:
    """(seconds to the load event, seconds to the first board, bytes sent by path, drive
    requests) of one visit. Drive requests: the kernel's synchronous file-system calls that
    JupyterLite's service worker answers from the page (``/api/drive``; none without it)."""
    before = server.sent.copy()
    drive: list[str] = []

    def seen(request: Any) -> None:
        if "/api/drive" in request.url:
            drive.append(request.url)

    context.on("request", seen)
    page = context.new_page()
    t0 = time.perf_counter()
    page.goto(server.url + APP_PAGE, timeout=TIMEOUT)
    loaded = time.perf_counter() - t0
    page.locator(BOARD).first.wait_for(timeout=TIMEOUT)
    board = time.perf_counter() - t0
    page.close()
    context.remove_listener("request", seen)
    return loaded, board, server.sent - before, len(drive)


def new_game_s(context: BrowserContext, server: SiteServer) -> float:
    """Seconds from pressing New game (seed 99) to the app saying so."""
    page = context.new_page()
    page.goto(server.url + APP_PAGE, timeout=TIMEOUT)
    page.locator(BOARD).first.wait_for(timeout=TIMEOUT)
    page.get_by_text("Settings", exact=True).click()
    page.locator(".dn-seed input").fill("99")
    page.locator(".dn-seed input").press("Enter")
    t0 = time.perf_counter()
    page.locator(".dn-new-game").click()
    page.locator(".dn-app-message", has_text="seed 99").wait_for(timeout=TIMEOUT)
    elapsed = time.perf_counter() - t0
    page.close()
    return elapsed


def profile(p: Playwright, chromium: str, folder: str) -> BrowserContext:
    """A browser with its own profile in ``folder``: a disk cache as a visitor's browser has
    (an incognito context's cache in memory keeps no 8.6 MB file, Pyodide's WebAssembly)."""
    return p.chromium.launch_persistent_context(folder, executable_path=chromium, args=list(OFFLINE_CHROMIUM_ARGS))


def measure(p: Playwright, chromium: str, servers: dict[str, SiteServer], visits: int) -> tuple[list[tuple], list[str]]:
    """Rows for ``visits`` cold + warm pairs on each site (each pair in a new browser profile),
    the sites taking turns (so that a busy machine slows them alike); and the URLs asked of
    other hosts."""
    rows: list[tuple] = []
    blocked: list[list[str]] = []  # one list per context, filled as its pages run
    runs: dict[tuple[str, str], list] = {}
    for _ in range(visits):
        for name, server in servers.items():
            with tempfile.TemporaryDirectory(prefix="site-profile-") as folder:
                context = profile(p, chromium, folder)
                blocked.append(only_this_host(context, server.url, abort=False))
                runs.setdefault((name, "cold"), []).append(visit(context, server))
                runs.setdefault((name, "warm"), []).append(visit(context, server))
                context.close()
    for (name, label), pairs in runs.items():
        prefix = f"{name}: " if len(servers) > 1 else ""
        boards = [board for _, board, _, _ in pairs]
        rows.append((f"{prefix}first board, {label} (s)", f"{statistics.median(boards):.1f} median",
                     " ".join(f"{b:.1f}" for b in boards) + " (load event "
                     + " ".join(f"{loaded:.1f}" for loaded, _, _, _ in pairs) + ")"))
        sent = pairs[0][2]
        top = ", ".join(f"{part_name} {size / MB:.1f}" for part_name, size in by_part(sent).most_common())
        rows.append((f"{prefix}fetched, {label} (MB)", f"{sum(sent.values()) / MB:.1f}", top))
        rows.append((f"{prefix}drive requests, {label}", str(pairs[0][3]), "synchronous, through the service worker"))
    for name, server in servers.items():
        with tempfile.TemporaryDirectory(prefix="site-profile-") as folder:
            context = profile(p, chromium, folder)
            blocked.append(only_this_host(context, server.url, abort=False))
            prefix = f"{name}: " if len(servers) > 1 else ""
            rows.append((f"{prefix}New game -> board (s)", f"{new_game_s(context, server):.2f}", "seed 99"))
            context.close()
    return rows, [url for urls in blocked for url in urls]


def steps_rows(sites: list[Path], rounds: int) -> list[tuple]:
    """Rows of median CPU seconds per start-up step (site_steps.mjs), the sites taking turns."""
    runs: dict[Path, list[dict[str, float]]] = {site: [] for site in sites}
    script = Path(__file__).with_name("site_steps.mjs")
    for _ in range(rounds):
        for site in sites:
            done = subprocess.run(["node", script, site / "static" / "pyodide"], capture_output=True, text=True)
            if done.returncode:
                raise SystemExit(f"site_steps.mjs failed on {site}: {done.stderr[-500:]}")
            runs[site].append(json.loads(done.stdout.splitlines()[-1]))
    rows = []
    for site, found in runs.items():
        prefix = f"{site}: " if len(sites) > 1 else ""
        medians = {step: statistics.median(run[step] for run in found) for step in found[0]}
        rows.append((f"{prefix}start-up CPU, Node (s)", f"{sum(medians.values()):.2f} median",
                     ", ".join(f"{step} {value:.2f}" for step, value in medians.items())))
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--visits", type=int, default=3, help="cold + warm visit pairs per site")
    parser.add_argument("--site", type=Path, action="append", dest="sites",
                        help="a built site (repeat to compare several, visited in turns; default: site/)")
    parser.add_argument("--steps", type=int, default=0, metavar="N",
                        help="instead: CPU seconds of each start-up step under Node.js, N runs per site")
    args = parser.parse_args(argv)
    sites = args.sites or [SITE]
    if args.steps:
        print_rows(steps_rows(sites, args.steps), value_width=12)
        return 0
    chromium = shutil.which("chromium")
    if chromium is None or not all((site / APP_PAGE).exists() for site in sites):
        print("benchmarks.site: needs chromium on PATH and a built site (make site)", file=sys.stderr)
        return 1
    rows = []
    for site in sites:
        files, sizes = site_size(site)
        prefix = f"{site}: " if len(sites) > 1 else ""
        rows.append((f"{prefix}site size (MB)", f"{sum(sizes.values()) / MB:.1f}",
                     f"{files} files: " + ", ".join(f"{name} {size / MB:.1f}" for name, size in sizes.most_common())))
    with ExitStack() as stack, sync_playwright() as p:
        servers = {str(site): stack.enter_context(serving(site)) for site in sites}
        measured, blocked = measure(p, chromium, servers, args.visits)
    rows += measured
    rows.append(("requests to other hosts", str(len(blocked)), " ".join(blocked[:3])))
    print_rows(rows, value_width=12)
    return 0


if __name__ == "__main__":
    sys.exit(main())

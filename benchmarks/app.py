"""The Voila app in a real Chromium: how fast it opens and answers, and what one session costs.

Run ``python -m benchmarks.app`` (needs the system Chromium). It prints a table of:

- first board: from ``page.goto`` to the viewer's cards on screen, in a fresh browser context
  (cold cache), with and without preheated kernels (median of a few visits);
- click -> board updated: a card click (select / unselect, the verdict re-shown) until the
  board's DOM changed and a frame was painted, measured inside the page (median, p95 of 30);
- play -> board updated: a card played with ``dn-play`` (computers answer in the same update;
  when no card fits, a legal move button such as "Take the pile" is chosen and played, untimed:
  buttons are found by the move they carry, ``data-move``, not by their words);
- websocket comm messages and bytes per click (both directions);
- memory of the session's kernel (RSS, PSS, USS from /proc), after opening and after the moves.

``--lesson N`` measures instead a lesson served by Voila (``danish-nb --lessons``: progressive
rendering, no preheated kernel): from opening lesson 01 in a fresh context to its first quiz's
buttons on screen, then from a click on an answer to the engine's verdict shown (up to three
answers while the lesson's later cells still arrive, and one once every cell ran), and to every
cell drawn; N visits with a kernel started for the page and with a warm kernel
(:mod:`danish_nb.server.warm`) in turns (or, with
``--before DIR``, the code of a checkout against this one, both with a warm kernel), on a quiet
machine or with a CPU hog per core beside the server (``--busy``); and the memory a waiting warm
kernel holds. ``--phases`` adds when each page reached each step (its HTML, scripts, websockets,
first cells, first widget model, first quiz), to see where the wait goes, and how long the page's
main thread was busy and how much CPU the browser used until its first quiz and until every cell
was drawn (its work, which load stretches less than the wait, the CPU time least). Targets: first quiz
<= 3 s busy, answers <= 0.5 s.

Targets (measured, never asserted): click median <= 100 ms, p95 <= 150 ms, first board
<= 3.5 s preheated, <= 2 comm messages per move, <= 80 MB per session.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import re
import shutil
import statistics
import struct
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, WebSocket, sync_playwright

from danish_nb import app_server

from .report import print_rows

ME = ".dn-seat.dn-me"
TIMEOUT = 60_000
#: The viewer's move buttons that are legal now ("Take the pile", "Play the stock", ...), found by
#: what they carry (a move's notation, no "not legal" mark), not by their words.
LEGAL_MOVE_BUTTONS = ".dn-controls button[data-move]:not(.dn-not-legal):not([disabled])"
#: A verdict that says the chosen move is legal.
LEGAL_VERDICT = ".dn-verdict .dn-verdict-legal"

#: Clicks a card of the viewer and resolves, in ms, once the board's DOM changed and the next
#: frame was painted.
CLICK_JS = """async (selector) => {
  const root = document.querySelector('.dn-board');
  const target = root.querySelector(selector);
  return await new Promise((resolve) => {
    const t0 = performance.now();
    const seen = new MutationObserver(() => {
      seen.disconnect();
      requestAnimationFrame(() => resolve(performance.now() - t0));
    });
    seen.observe(root, {childList: true, subtree: true, attributes: true, characterData: true});
    target.click();
  });
}"""


@dataclass
class Frames:
    """Websocket frames of one page, as (direction, msg_type, bytes)."""

    log: list[tuple[str, str, int]] = field(default_factory=list)
    kernel_id: str = ""

    def watch(self, ws: WebSocket) -> None:
        found = re.search(r"/api/kernels/([0-9a-f-]+)/channels", ws.url)
        if found:
            self.kernel_id = found.group(1)
        ws.on("framereceived", lambda payload: self.log.append(("in", *_describe(payload))))
        ws.on("framesent", lambda payload: self.log.append(("out", *_describe(payload))))


def _describe(payload: str | bytes) -> tuple[str, int]:
    """(msg_type, size) of a Jupyter websocket frame: JSON text, or the binary v1 protocol
    (uint64 count, uint64 offsets, then channel, header, parent header, ...)."""
    if isinstance(payload, str):
        return json.loads(payload).get("header", {}).get("msg_type", "?"), len(payload.encode())
    count = struct.unpack_from("<Q", payload, 0)[0]
    offsets = struct.unpack_from(f"<{count}Q", payload, 8)
    header = json.loads(payload[offsets[1]:offsets[2]])
    return header.get("msg_type", "?"), len(payload)


def kernel_memory_mb(kernel_id: str) -> dict[str, float]:
    """Memory (MB) of the kernel process whose connection file names ``kernel_id``: resident
    (``rss``), proportional (``pss``: shared pages split among users) and private (``uss``:
    what ending the session frees), from ``/proc/<pid>/smaps_rollup``."""
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            if f"kernel-{kernel_id}.json" not in (proc / "cmdline").read_bytes().decode(errors="replace"):
                continue
            rollup = (proc / "smaps_rollup").read_text()
        except OSError:
            continue
        kb = {key: int(value) for key, value in re.findall(r"^(\w+):\s+(\d+) kB", rollup, re.M)}
        return {"rss": kb["Rss"] / 1024, "pss": kb["Pss"] / 1024,
                "uss": (kb["Private_Clean"] + kb["Private_Dirty"]) / 1024}
    return {"rss": float("nan"), "pss": float("nan"), "uss": float("nan")}


def wait_for_pool(log_path: Path, fills: int, timeout: float = 120.0) -> None:
    """Wait until Voila's log says its kernel pool was filled ``fills`` times."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if log_path.read_text(errors="replace").count("Kernel pool of") >= fills:
            return
        time.sleep(0.2)
    raise TimeoutError("the kernel pool was not refilled in time")


def first_board_s(browser: Browser, url: str) -> float:
    """Seconds from opening the app in a fresh context to the viewer's cards on screen."""
    context = browser.new_context()
    page = context.new_page()
    t0 = time.perf_counter()
    page.goto(url)
    page.locator(f"{ME} .dn-card").first.wait_for(timeout=TIMEOUT)
    elapsed = time.perf_counter() - t0
    page.close(run_before_unload=True)
    context.close()
    return elapsed


def first_boards(browser: Browser, preheat: bool, visits: int, log_path: Path) -> list[float]:
    port = app_server.free_port()
    times = []
    with open(log_path, "w", encoding="utf-8") as log, \
            app_server.serving(port, timeout=120, log=log, preheat=preheat) as url:
        for visit in range(visits):
            if preheat:
                wait_for_pool(log_path, visit + 1)
            else:
                time.sleep(3)  # let the previous visit's kernel shut down
            times.append(first_board_s(browser, url))
    return times


def clicks(page: Page, frames: Frames, count: int) -> tuple[list[float], list[int], list[int]]:
    """``count`` select/unselect clicks on the viewer's first card: latency (ms), comm
    messages and bytes per click."""
    latencies, messages, sizes = [], [], []
    code = page.locator(f"{ME} .dn-card[data-card]").first.get_attribute("data-card")
    for _ in range(count):
        start = len(frames.log)
        latencies.append(page.evaluate(CLICK_JS, f".dn-me .dn-card-{code}"))
        page.wait_for_timeout(150)  # the kernel's trailing status messages
        batch = frames.log[start:]
        messages.append(sum(1 for _, kind, _ in batch if kind == "comm_msg"))
        sizes.append(sum(size for _, _, size in batch))
    return latencies, messages, sizes


def face_up(page: Page) -> None:
    """Leave the first three cards face up so that play starts."""
    for _ in range(3):
        page.locator(f"{ME} .dn-card.dn-playable:not(.dn-selected)").first.click()
        page.wait_for_timeout(100)
    page.locator(".dn-play").click()
    page.locator('.dn-slider[max="3"]').wait_for(timeout=TIMEOUT)  # the three face-up choices made


def plays(page: Page, frames: Frames, count: int) -> tuple[list[float], list[int], list[str]]:
    """Playing a playable hand card with ``dn-play`` (the computers answer in the same update):
    latency (ms) until the board redrew, and comm messages of the play click. When no hand card
    fits, a legal move button (take the pile, play the stock) is chosen and played (not timed;
    the third list names those moves)."""
    latencies, messages, by_button = [], [], []
    for _ in range(4 * count):
        card = page.locator(f"{ME} .dn-hand-row .dn-card.dn-playable").first
        button = page.locator(LEGAL_MOVE_BUTTONS).first
        if len(latencies) == count or not (card.count() or button.count()):  # done, or the game is over
            break
        if not card.count():
            move = button.get_attribute("data-move")
            by_button.append(move)
            shown = page.locator(".dn-position").inner_text()
            button.click()  # a move button plays at once (the app's default: no "confirm moves")
            page.wait_for_function("(shown) => document.querySelector('.dn-position')?.innerText !== shown",
                                   arg=shown, timeout=TIMEOUT)
            continue
        card.click()
        page.locator(LEGAL_VERDICT).wait_for(timeout=TIMEOUT)
        start = len(frames.log)
        latencies.append(page.evaluate(CLICK_JS.replace("root.querySelector(selector)",
                                                        "document.querySelector(selector)"),
                                       ".dn-play"))
        page.wait_for_timeout(200)
        messages.append(sum(1 for _, kind, _ in frames.log[start:] if kind == "comm_msg"))
    return latencies, messages, by_button


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


LESSON = "voila/render/01-danish-bastard.ipynb"
QUIZ_BUTTON = ".dn-quiz button"
#: The lesson's last cell (its practice) drawn: every cell has run.
LESSON_DONE = ".dn-practice"
WARM_READY = re.compile(r"Warm kernel ([0-9a-f-]+) ready")
#: The server's log once it rendered the lessons' pages ahead (:mod:`danish_nb.server.rendered`).
RENDERED_AHEAD = re.compile(r"Pages of \d+ notebooks rendered ahead")


@dataclass
class Phases:
    """When (s from ``page.goto``) a lesson's page reached each step: its HTML's first byte and
    last, the page's load event, the kernel's websocket, the first code cell's output and the
    first quiz's (their ``execution_result``), the first widget model (``comm_open``), the
    first quiz's buttons on screen."""

    t0: float = 0.0
    seen: dict[str, float] = field(default_factory=dict)

    def mark(self, what: str) -> None:
        self.seen.setdefault(what, time.perf_counter() - self.t0)

    def watch(self, page: Page) -> None:
        page.on("response", lambda r: self.mark("HTML first byte") if r.url.endswith(LESSON) else None)
        page.on("requestfinished", lambda r: self.mark("HTML received") if r.url.endswith(LESSON) else None)
        page.on("load", lambda: self.mark("scripts loaded"))
        page.on("websocket", self._socket)

    def _socket(self, ws: WebSocket) -> None:
        if "/voila/execution/" in ws.url:
            self.mark("websockets open")
            ws.on("framereceived", self._result)
        else:
            ws.on("framereceived", lambda payload: self.mark("first widget model") if _describe(payload)[0] ==
                  "comm_open" else None)

    def _result(self, payload: str | bytes) -> None:
        message = json.loads(payload)
        if message.get("action") == "execution_result":
            index = message["payload"]["cell_index"]
            if index == FIRST_CODE_CELL:
                self.mark("first code cell ran")
            elif index == FIRST_QUIZ_CELL:
                self.mark("first quiz cell ran")


#: Lesson 01's first code cell (imports, styles) and its first quiz's cell.
FIRST_CODE_CELL, FIRST_QUIZ_CELL = 1, 6


def browser_cpu_s() -> float:
    """CPU seconds (user and system) the browser this process started has used so far, all its
    processes (renderers, GPU, network): its work, which a loaded machine hardly changes."""
    tick = os.sysconf("SC_CLK_TCK")
    parents, cpu = {}, {}
    for proc in Path("/proc").iterdir():
        try:
            fields = (proc / "stat").read_text().rsplit(")", 1)
            name, rest = fields[0].split("(", 1)[1], fields[1].split()
        except (OSError, IndexError):
            continue
        parents[proc.name] = rest[1]
        if name.startswith("chrom"):
            cpu[proc.name] = (int(rest[11]) + int(rest[12])) / tick

    def mine(pid: str) -> bool:
        while pid in parents:
            if pid == str(os.getpid()):
                return True
            pid = parents[pid]
        return False
    return sum(seconds for pid, seconds in cpu.items() if mine(pid))


def main_thread_s(cdp: Any) -> float:
    """Seconds the page's main thread has been busy running tasks (scripts, style, layout, paint)
    so far: its work, which a busy machine stretches much less than the wall time it takes."""
    metrics = {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}
    return float(metrics["TaskDuration"])


def answer_s(page: Page, button_index: int) -> float:
    """Seconds from a click on the first quiz's ``button_index``-th answer to its verdict shown."""
    quiz_box = page.locator(".dn-quiz").first
    before = quiz_box.inner_html()
    t0 = time.perf_counter()
    quiz_box.locator("button").nth(button_index).click()
    page.wait_for_function("([box, before]) => box.innerHTML !== before", arg=[quiz_box.element_handle(), before],
                           timeout=TIMEOUT * 3)
    return time.perf_counter() - t0


#: Answers clicked while the lesson's later cells still arrive (at most; fewer if it is drawn first).
LOADING_ANSWERS = 3


def lesson_visit(browser: Browser, url: str, from_index: bool = False,
                 phases: Phases | None = None) -> tuple[float, list[float], float, float]:
    """Seconds from opening lesson 01 in a fresh context (cold cache; ``from_index``: from the
    lessons' index, whose page left Voila's scripts in the cache) to its first quiz's buttons on
    screen; from each click on an answer (the first and second in turns, up to
    :data:`LOADING_ANSWERS` of them) to its verdict shown while the lesson's later cells still
    arrive; to every cell drawn (its last cell on screen); and from a click on another answer
    once every cell ran."""
    context = browser.new_context()
    page = context.new_page()
    if from_index:
        page.goto(url + "voila/render/index.ipynb", timeout=TIMEOUT * 3)
        page.wait_for_load_state("load")
    cdp = None
    if phases is not None:
        phases.watch(page)
        cdp = context.new_cdp_session(page)
        cdp.send("Performance.enable")
        cpu0 = browser_cpu_s()
    t0 = time.perf_counter()
    if phases is not None:
        phases.t0 = t0
    page.goto(url + LESSON, timeout=TIMEOUT * 3)
    page.locator(QUIZ_BUTTON).first.wait_for(timeout=TIMEOUT * 3)
    quiz = time.perf_counter() - t0
    if phases is not None:
        phases.mark("first quiz on screen")
        phases.seen["page's main thread busy to first quiz"] = main_thread_s(cdp)
        phases.seen["browser's CPU to first quiz"] = browser_cpu_s() - cpu0
    loading = [answer_s(page, 0)]
    while len(loading) < LOADING_ANSWERS and not page.locator(LESSON_DONE).count():
        loading.append(answer_s(page, len(loading) % 2))
    page.locator(LESSON_DONE).first.wait_for(timeout=TIMEOUT * 3)
    drawn = time.perf_counter() - t0
    if phases is not None:
        phases.seen["page's main thread busy to every cell drawn"] = main_thread_s(cdp)
        phases.seen["browser's CPU to every cell drawn"] = browser_cpu_s() - cpu0
    later = answer_s(page, len(loading) % 2)
    page.close(run_before_unload=True)
    context.close()
    return quiz, loading, drawn, later


def wait_for_warm(log_path: Path, timeout: float = 180.0) -> str:
    """The id of the server's first warm kernel, once its log says it is ready."""
    return wait_for_log(log_path, WARM_READY, timeout).group(1)


def wait_for_log(log_path: Path, pattern: re.Pattern[str], timeout: float = 180.0) -> re.Match[str]:
    """The first match of ``pattern`` in the server's log, once there is one."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = pattern.search(log_path.read_text(errors="replace"))
        if found:
            return found
        time.sleep(0.2)
    raise TimeoutError(f"the server's log never matched {pattern.pattern!r}")


@contextlib.contextmanager
def lessons_served(folder: Path, log_path: Path, warm: int, code: Path | None = None) -> Iterator[str]:
    """Serve the lessons of ``folder`` as ``danish-nb --lessons`` does (progressive, no
    preheating) with ``warm`` warm kernels; ``code``: a checkout whose ``danish_nb`` the server
    and its kernels import instead (the code before a change). Yields the URL; with ``warm``,
    once a warm kernel is ready."""
    port = app_server.free_port()
    env = dict(os.environ)
    if code is not None:
        env["PYTHONPATH"] = os.pathsep.join(p for p in (str(code), env.get("PYTHONPATH", "")) if p)
    argv = app_server.command(port, notebook=folder, preheat=False, progressive=True, warm=warm)
    with open(log_path, "w", encoding="utf-8") as log:
        # run from ``code``: ``python -m`` puts the working directory first on the path, before PYTHONPATH
        proc = app_server.start(argv, stdout=log, stderr=subprocess.STDOUT, env=env, cwd=code or Path.cwd())
        try:
            app_server.wait_ready(app_server.url(port), 180, proc)
            yield app_server.url(port)
        finally:
            app_server.stop(proc)


def renders_ahead(code: Path | None) -> bool:
    """Whether the server of ``code`` (a checkout; ``None``: this code) renders the lessons' pages
    ahead (:mod:`danish_nb.server.rendered`): a visit waits until it has, or the rendering (seconds
    of the server's CPU, in a thread) slows that visit's page and not the other code's.

    >>> renders_ahead(None), renders_ahead(Path("/nowhere"))
    (True, False)
    """
    return code is None or (code / "danish_nb" / "server" / "rendered.py").exists()


def lesson_rows(browser: Browser, visits: int, busy: bool, before: Path | None = None,
                from_index: bool = False, phases: bool = False) -> list[tuple[str, str, str]]:
    """Rows of the first quiz and the answers' seconds in two modes taken in turns, each visit
    on a fresh server (a warm one: once its kernel is ready): a kernel started for the page and
    a warm kernel (:mod:`danish_nb.server.warm`), or with ``before`` (a checkout of the code
    before) that code against this one with its warm kernel; and the memory a waiting warm
    kernel holds; ``phases``: when each visit's page reached each step (:class:`Phases`), as
    medians. Each server is visited once it rendered the lessons' pages ahead, if it does (as a
    class's server has, which starts before the lesson)."""
    from danish_nb import lessons

    modes = {"before, warm kernel": (1, before), "this code, warm kernel": (1, None)} if before else \
        {"kernel started for the page": (0, None), "warm kernel": (1, None)}
    found: dict[str, list[tuple[float, list[float], float, float]]] = {label: [] for label in modes}
    steps: dict[str, list[dict[str, float]]] = {label: [] for label in modes}
    memory: list[dict[str, float]] = []
    hogs = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(os.cpu_count() or 1)] \
        if busy else []
    try:
        with tempfile.TemporaryDirectory() as tmp:
            folder = lessons.prepare(Path(tmp) / "lessons")
            log_path = Path(tmp) / "voila.log"
            for _ in range(visits):
                for label, (warm, code) in modes.items():
                    with lessons_served(folder, log_path, warm, code) as url:
                        if warm:
                            kernel_id = wait_for_warm(log_path)
                            if renders_ahead(code):  # its pages rendered first (they take its CPU meanwhile)
                                wait_for_log(log_path, RENDERED_AHEAD)
                            time.sleep(1)  # its warm-up reply and the refill's bookkeeping
                            memory.append(kernel_memory_mb(kernel_id))
                        seen = Phases() if phases else None
                        found[label].append(lesson_visit(browser, url, from_index, seen))
                        if seen is not None:
                            steps[label].append(seen.seen)
    finally:
        for hog in hogs:
            hog.kill()
            hog.wait()
    where = ("busy: a CPU hog per core beside the server" if busy else "quiet") + (", from the index" if from_index
                                                                                     else ", cold cache")
    rows = []
    for label, runs in found.items():
        quiz, loading = [r[0] for r in runs], [a for r in runs for a in r[1]]
        rows.append((f"lesson 01 first quiz, {label} (s)", f"{statistics.median(quiz):.2f} median",
                     " ".join(f"{v:.2f}" for v in quiz) + f" ({where})"))
        rows.append((f"lesson 01 answers while cells arrive, {label} (s)", f"{statistics.median(loading):.2f} median",
                     f"max {max(loading):.2f}: " + " ".join(f"{v:.2f}" for v in loading)))
        for index, what in ((2, "every cell drawn"), (3, "answer once all ran")):
            values = [r[index] for r in runs]  # type: ignore[misc]
            rows.append((f"lesson 01 {what}, {label} (s)", f"{statistics.median(values):.2f} median",
                         " ".join(f"{v:.2f}" for v in values)))
    for label, visits_seen in steps.items():
        for step in (visits_seen[0] if visits_seen else {}):
            values = [seen[step] for seen in visits_seen if step in seen]
            rows.append((f"  {label}: {step} (s)", f"{statistics.median(values):.2f} median",
                         " ".join(f"{v:.2f}" for v in values)))
    each = "per kernel of the pool (1 by default, the class size with --class-size)"
    rows += [(f"a waiting warm kernel {key.upper()} (MB)", f"{statistics.median(m[key] for m in memory):.1f} median",
              each) for key in ("rss", "pss", "uss")]
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--visits", type=int, default=3, help="page loads per kernel mode")
    parser.add_argument("--clicks", type=int, default=30)
    parser.add_argument("--lesson", type=int, default=0, metavar="N",
                        help="instead: lesson 01's first quiz and answers served by Voila, N visits per kernel mode")
    parser.add_argument("--busy", action="store_true", help="with --lesson: a CPU hog per core beside the server")
    parser.add_argument("--from-index", action="store_true",
                        help="with --lesson: open the lesson from the lessons' index (Voila's scripts cached)")
    parser.add_argument("--phases", action="store_true",
                        help="with --lesson: when each page reached each step (HTML, scripts, websockets, cells, quiz)")
    parser.add_argument("--before", type=Path, metavar="DIR",
                        help="with --lesson: a checkout of the code before (e.g. `git archive REV danish_nb | tar -x "
                             "-C DIR`), served in turns with this code")
    args = parser.parse_args(argv)
    chromium = shutil.which("chromium")
    if chromium is None:
        print("benchmarks.app: no chromium on PATH", file=sys.stderr)
        return 1
    if args.lesson:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium)
            print_rows(lesson_rows(browser, args.lesson, args.busy, args.before, args.from_index,
                                        args.phases), value_width=12)
            browser.close()
        return 0
    rows: list[tuple[str, str, str]] = []
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium)
        for preheat in (True, False):
            times = first_boards(browser, preheat, args.visits, Path(tmp) / f"voila-{preheat}.log")
            label = "preheated" if preheat else "cold kernel"
            rows.append((f"first board, {label} (s)", f"{statistics.median(times):.2f} median",
                         " ".join(f"{t:.2f}" for t in times)))
        log_path = Path(tmp) / "voila.log"
        port = app_server.free_port()
        with open(log_path, "w", encoding="utf-8") as log, \
                app_server.serving(port, timeout=120, log=log) as url:
            wait_for_pool(log_path, 1)
            frames = Frames()
            context = browser.new_context()
            page = context.new_page()
            page.on("websocket", frames.watch)
            page.goto(url)
            page.locator(f"{ME} .dn-card").first.wait_for(timeout=TIMEOUT)
            page.wait_for_timeout(1000)
            mem_open = kernel_memory_mb(frames.kernel_id)
            latencies, messages, sizes = clicks(page, frames, args.clicks)
            face_up(page)
            play_ms, play_messages, by_button = plays(page, frames, 10)
            mem_after = kernel_memory_mb(frames.kernel_id)
            page.close(run_before_unload=True)
            context.close()
        browser.close()
    rows += [
        (f"click -> board updated (ms, {len(latencies)} clicks)",
         f"{statistics.median(latencies):.0f} median", f"p95 {percentile(latencies, 0.95):.0f}"),
        (f"play -> board updated (ms, {len(play_ms)} moves)",
         f"{statistics.median(play_ms):.0f} median" if play_ms else "-",
         f"p95 {percentile(play_ms, 0.95):.0f}" if play_ms else ""),
        ("moves by a button between them (not timed)", str(len(by_button)), ", ".join(by_button)),
        ("comm messages per click", f"{statistics.median(messages):.0f} median", f"max {max(messages)}"),
        ("comm messages per play", f"{statistics.median(play_messages):.0f} median" if play_messages
         else "-", f"max {max(play_messages)}" if play_messages else ""),
        ("websocket bytes per click", f"{statistics.median(sizes):.0f} median", f"max {max(sizes)}"),
        *((f"session kernel {key.upper()} (MB)", f"{mem_open[key]:.1f} opened",
           f"{mem_after[key]:.1f} after the moves") for key in ("rss", "pss", "uss")),
    ]
    print_rows(rows, value_width=16)
    return 0


if __name__ == "__main__":
    sys.exit(main())

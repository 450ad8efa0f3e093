"""A class hour in Chromium on a busy machine (issue 28): a teacher and six learners (browser
contexts, named and nameless) on the classroom server with a CPU hog running beside it.

The teacher opens the teacher view; the learners join three tables (one types a wrong code
first) and play; everyone idles a minute and stays connected; one closes the tab (away everywhere
within 15 s) and comes back; one reloads; two pages of one seat click at once; lessons 01 and 05
open with every widget; the teacher watches a table and closes another while a learner is
choosing a move. Each step asserts what that person sees.

The tests run in order and share one server, its store and the pages (``room``); a step that
fails leaves the later ones failing too.

Issue 40's class hour has two tests of their own, after the hog stopped, each with its own servers
and a PostgreSQL cluster of this module (skipped, saying why, without PostgreSQL; the second also without
HAProxy): the class joins from the address ``danish-nb`` printed and from the join screen's QR
code with the class code and a name, the teacher frees, moves and locks, and PostgreSQL restarts
during play; then one of two servers behind HAProxy is killed during play. Both compare the
stored record with the moves the learners made (none lost, none twice). Run alone: ``.venv/bin/python -m pytest -q
tests/test_journeys.py`` (about 4-5 minutes here; Chromium needed, see tests/conftest.py).
"""

from __future__ import annotations

import contextlib
import os
import re
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import nbformat
import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from danish_nb import app_server
from danish_nb.tables import open_store, replay
from helpers import expect_lesson_widgets, lesson_widgets, voila_serving
from test_proxy import KEY as PROXY_KEY, haproxy_path, kernel_of, on_server, proxied, served_by  # noqa: F401 (a fixture)
from test_tables_browser import (
    MOVE_BUTTON,
    POSITION,
    STATUS,
    click_now,
    create_bastard,
    join,
    moves_shown,
    play_next,
    play_turns,
    seat_of,
    shows_at_least,
    tables_page,
    wait_for_moves,
)

pytestmark = pytest.mark.browser
TIMEOUT = 60_000
expect.set_options(timeout=TIMEOUT)
NOTEBOOKS = Path(__file__).parents[1] / "notebooks"
#: A lesson's cells reach its page one by one (progressive rendering): minutes on a busy machine.
LESSON_TIMEOUT = 300_000
#: A closed page is away everywhere within this many seconds (the issue's promise).
AWAY_WITHIN = 15
MESSAGE = ".dn-table-message"
BOARD_MESSAGE = ".dn-tables .dn-board .dn-message"


@pytest.fixture(scope="module")
def cpu_hog() -> Iterator[subprocess.Popen]:
    """One process spinning on a core through issue 28's class hour (a busy classroom server),
    until :func:`quiet_machine` stops it; it stops by itself when this test process is gone (a run
    stopped with Ctrl-C, a worker killed), not left spinning on a shared machine."""
    hog = subprocess.Popen([sys.executable, "-c", f"import os\nwhile os.getppid() == {os.getpid()}: pass"])
    try:
        yield hog
    finally:
        hog.kill()
        hog.wait(timeout=30)


@pytest.fixture(scope="module")
def quiet_machine(cpu_hog: subprocess.Popen) -> None:
    """Issue 40's journeys run without the hog: they kill and restart servers and the database
    of their own, and the hog, spinning through them too, took a core from the rest of ``make
    test`` for minutes (issue 28's class hour, which needs a busy machine, runs before them)."""
    cpu_hog.kill()
    cpu_hog.wait(timeout=30)


@pytest.fixture(scope="module")
def server(chromium_path: str, cpu_hog: subprocess.Popen,
           tmp_path_factory: pytest.TempPathFactory) -> Iterator[SimpleNamespace]:
    """The classroom server (its own SQLite store, a teacher key) as a class would start it,
    and Voila serving the lessons; ``store`` reads the class's tables."""
    folder = tmp_path_factory.mktemp("journeys")
    db = folder / "tables.sqlite3"
    port, lessons_port = app_server.free_port(), app_server.free_port()
    # every page comes from 127.0.0.1 here: the per-address cap must let a whole class through
    argv = app_server.command(port, pool_size=4, max_kernels=16, per_address=16)
    env = {**os.environ, "DANISH_NB_STORE": f"sqlite:///{db}", "DANISH_NB_TEACHER_KEY": "sesame",
           "DANISH_NB_ROOM": "5B"}
    # the lessons as ``danish-nb --lessons`` serves them to a class: progressively, from warm kernels
    lessons = app_server.command(lessons_port, notebook=NOTEBOOKS, preheat=False, progressive=True, warm=1,
                                 max_kernels=4, per_address=4)
    with open(folder / "voila.log", "w", encoding="utf-8") as out, \
            open(folder / "lessons.log", "w", encoding="utf-8") as lessons_out:
        proc = app_server.start(argv, stdout=out, stderr=subprocess.STDOUT, env=env)
        try:
            app_server.wait_ready(app_server.url(port), 120, proc)
            with voila_serving(lessons, lessons_port, lessons_out) as lessons_url, \
                    open_store(f"sqlite:///{db}") as store:
                yield SimpleNamespace(url=app_server.url(port), lessons=lessons_url, store=store)
        finally:
            app_server.stop(proc)


@pytest.fixture(scope="module")
def room(browser: Browser, server: SimpleNamespace) -> Iterator[SimpleNamespace]:
    """The people of the class hour: a browser context each (``contexts``), their pages, the
    table codes; filled in by the tests in turn."""
    people = ("teacher", "ada", "anon_a", "bo", "cy", "anon_c", "eve")
    contexts = {who: browser.new_context() for who in people}
    yield SimpleNamespace(server=server, contexts=contexts, pages={}, codes={})
    for context in contexts.values():
        context.close()


def open_teacher_view(page: Page) -> None:
    page.locator(".dn-teacher-key input").fill("sesame")
    page.locator(".dn-teacher-view").click()


def status(page: Page) -> str:
    return page.locator(STATUS).inner_text()


def seat_line(seat: int, name: str, state: str) -> re.Pattern:
    """The status line's entry of a seat: ``P2: Cy connected``, ``P2: Learner 2 (you) connected``."""
    return re.compile(rf"P{seat}: {re.escape(name)}( \(you\))?\s+{state}")


def play_until_turn_of(page: Page, pages: list[Page], store: Any, code: str, limit: int = 12) -> None:
    """Play on at table ``code`` until it is ``page``'s seat's turn, and its page shows it."""
    seat = seat_of(page)
    for _ in range(limit):
        if store.table(code).turn == seat:
            break
        play_turns(pages, 1, store, code)
    info = store.table(code)
    assert info.turn == seat, f"after {limit} moves it is still P{info.turn + 1}'s turn, not P{seat + 1}'s"
    expect(page.locator(POSITION)).to_have_text(re.compile(rf"of {info.moves}$"))
    expect(page.locator(f"{STATUS} .dn-turn")).to_contain_text("(you)")


def test_the_class_arrives_and_sits_at_three_tables(room: SimpleNamespace):
    url, pages, codes = room.server.url, room.pages, room.codes
    teacher = pages["teacher"] = tables_page(room.contexts["teacher"], url)
    open_teacher_view(teacher)
    expect(teacher.locator(".dn-room-list")).to_contain_text("No tables in this room yet")

    ada = pages["ada"] = tables_page(room.contexts["ada"], url)
    codes["A"] = create_bastard(ada, "Ada")
    anon_a = pages["anon_a"] = tables_page(room.contexts["anon_a"], url)
    join(anon_a, codes["A"], "")  # no name given
    expect(anon_a.locator(STATUS)).to_contain_text(seat_line(2, "Learner 2", "connected"))
    expect(ada.locator(STATUS)).to_contain_text(seat_line(2, "Learner 2", "connected"))
    expect(ada.locator(".dn-tables .dn-board")).to_contain_text("P2 (Learner 2)")
    assert "free" not in status(ada)

    bo = pages["bo"] = tables_page(room.contexts["bo"], url)
    codes["B"] = create_bastard(bo, "Bo")
    cy = pages["cy"] = tables_page(room.contexts["cy"], url)
    join(cy, codes["B"], "Cy")
    expect(bo.locator(STATUS)).to_contain_text(seat_line(2, "Cy", "connected"))

    anon_c = pages["anon_c"] = tables_page(room.contexts["anon_c"], url)
    codes["C"] = create_bastard(anon_c, "")
    expect(anon_c.locator(STATUS)).to_contain_text(seat_line(1, "Learner 1", "connected"))
    eve = pages["eve"] = tables_page(room.contexts["eve"], url)
    eve.locator(".dn-table-name input").fill("Eve")
    eve.locator(".dn-table-code input").fill("ZZZZZZ")  # a code no table has
    eve.locator(".dn-join-table").click()
    expect(eve.locator(MESSAGE)).to_contain_text("no table has the code 'ZZZZZZ'")
    assert eve.locator(STATUS).is_hidden()  # still at the menu, nothing taken
    join(eve, codes["C"], "Eve")
    expect(anon_c.locator(STATUS)).to_contain_text(seat_line(2, "Eve", "connected"))

    for code, seats in ((codes["A"], "P1 Ada, P2 Learner 2, P3 rule of thumb"),
                        (codes["B"], "P1 Bo, P2 Cy, P3 rule of thumb"),
                        (codes["C"], "P1 Learner 1, P2 Eve, P3 rule of thumb")):
        expect(teacher.locator(f'.dn-room-table[data-code="{code}"]')).to_contain_text(seats)
    assert "free" not in teacher.locator(".dn-room-list").inner_text()


def test_they_play_then_idle_a_minute_and_stay_connected(room: SimpleNamespace):
    pages, store = room.pages, room.server.store
    tables = {"A": [pages["ada"], pages["anon_a"]], "B": [pages["bo"], pages["cy"]],
              "C": [pages["anon_c"], pages["eve"]]}
    for table, people in tables.items():
        held = play_turns(people, 4, store, room.codes[table])
        assert store.table(room.codes[table]).moves == held >= 4
    learners = [page for people in tables.values() for page in people]
    teacher = pages["teacher"]
    # a minute without a move: every page (its own seat included) and the teacher's list keep
    # saying connected, checked all along and once more at the end
    end = time.monotonic() + 60
    rounds = 0
    while True:
        for page in learners:
            shown = status(page)
            assert "away" not in shown and shown.count("connected") == 2, shown  # both learners
            assert ", away)" not in page.locator(".dn-tables .dn-board").inner_text()
        assert "away" not in teacher.locator(".dn-room-list").inner_text()
        rounds += 1
        if time.monotonic() >= end:
            break
        teacher.wait_for_timeout(5000)
    assert rounds >= 5


def test_a_tab_closed_and_back_a_reload_and_two_clicks_at_once(room: SimpleNamespace):
    pages, contexts, codes, store = room.pages, room.contexts, room.codes, room.server.store
    bo, teacher = pages["bo"], pages["teacher"]
    # Cy closes his tab: away on Bo's page, Bo's board and the teacher's list within 15 s
    pages.pop("cy").close(run_before_unload=True)
    expect(bo.locator(STATUS)).to_contain_text(seat_line(2, "Cy", "away"), timeout=AWAY_WITHIN * 1000)
    expect(bo.locator(".dn-tables .dn-board")).to_contain_text("P2 (Cy, away)", timeout=2000)
    expect(teacher.locator(f'.dn-room-table[data-code="{codes["B"]}"]')).to_contain_text("P2 Cy (away)",
                                                                                      timeout=3000)
    # ... and comes back: the browser sits him down at his seat again
    cy = pages["cy"] = tables_page(contexts["cy"], room.server.url)
    expect(cy.locator(MESSAGE)).to_contain_text(f"Welcome back to table {codes['B']}: you are P2")
    expect(bo.locator(STATUS)).to_contain_text(seat_line(2, "Cy", "connected"))

    # Ada reloads mid-game: her seat, the position and her name come back
    ada = pages["ada"]
    held = moves_shown(ada)
    ada.reload()
    expect(ada.locator(MESSAGE)).to_contain_text(f"Welcome back to table {codes['A']}: you are P1")
    expect(ada.locator(POSITION)).to_have_text(re.compile(rf"of {held}$"))
    expect(ada.locator(STATUS)).to_contain_text(seat_line(1, "Ada", "connected"))
    ada.locator(".dn-leave-table").click()
    expect(ada.locator(".dn-table-name input")).to_have_value("Ada")  # not asked again
    join(ada, codes["A"], "Ada")
    expect(ada.locator(STATUS)).to_contain_text("you are P1")

    # Eve opens a second tab (her seat again) and both tabs confirm a move at once
    eve, anon_c = pages["eve"], pages["anon_c"]
    second = tables_page(contexts["eve"], room.server.url)
    expect(second.locator(STATUS)).to_contain_text("you are P2")
    play_until_turn_of(eve, [anon_c, eve], store, codes["C"])
    expect(second.locator(f"{STATUS} .dn-turn")).to_contain_text("(you)")
    before = store.table(codes["C"]).moves
    if eve.locator(MOVE_BUTTON).count():  # a move button plays with one click: both clicks leave at once
        for page in (eve, second):
            click_now(page, MOVE_BUTTON)
    else:  # a card: each tab selects it and sees its verdict, then both Play clicks leave at once
        for page in (eve, second):
            page.locator(".dn-tables .dn-seat.dn-me .dn-playable").first.click()
        for page in (eve, second):
            expect(page.locator(".dn-tables button.dn-play")).to_be_enabled()
        for page in (eve, second):  # (the second may find its button gone)
            click_now(page, ".dn-tables button.dn-play")
    for page in (eve, second, anon_c):
        expect(page.locator(POSITION)).not_to_have_text(re.compile(rf"of {before}$"))
    stored = store.moves(codes["C"])
    eves = [move for move in stored[before:] if move.startswith("P2 ")]
    assert len(eves) == 1, stored[before:]  # one click played, the other not
    said = " ".join(page.locator(BOARD_MESSAGE).inner_text() for page in (eve, second))
    assert ("came first" in said or "played this move first" in said) and "nothing is selected" not in said, said
    held = len(store.moves(codes["C"]))
    for page in (eve, second):  # both show the position with the one move played
        expect(page.locator(POSITION)).to_have_text(re.compile(rf"of {held}$"))
    second.close(run_before_unload=True)


def widgets_shown(lesson: Path) -> dict[str, int]:
    """How many quizzes, replays and boards ``lesson`` shows, counted in its stored outputs (the
    notebooks are committed executed, and nbval holds those outputs to the lessons' code)."""
    shown = [output["data"].get("text/plain", "") for cell in nbformat.read(lesson, as_version=4).cells
             if cell.cell_type == "code" for output in cell.get("outputs", [])
             if "application/vnd.jupyter.widget-view+json" in output.get("data", {})]
    return lesson_widgets("\n".join("".join(plain) for plain in shown))


def lesson_opens_with_every_widget(context: BrowserContext, url: str, lesson: str) -> None:
    """Open ``lesson`` served as the lessons are (progressively) and wait until every quiz, replay
    and board it shows is drawn."""
    page = context.new_page()
    page.set_default_timeout(LESSON_TIMEOUT)
    console: list[str] = []
    page.on("console", lambda message: console.append(f"{message.type}: {message.text}"))
    try:
        page.goto(f"{url}voila/render/{lesson}", timeout=LESSON_TIMEOUT)
        counts = widgets_shown(NOTEBOOKS / lesson)
        assert counts["quiz"] and counts["board"], counts
        try:
            expect_lesson_widgets(page, counts, LESSON_TIMEOUT)
        except AssertionError as short:
            raise AssertionError(f"{lesson}: {short}\nthe browser's console:\n" + "\n".join(console)) from None
        assert not [line for line in console if "model not found" in line], console
    finally:
        page.close(run_before_unload=True)


@pytest.mark.parametrize("lesson", ["01-danish-bastard.ipynb", "05-sjavs.ipynb"])
def test_lessons_open_with_every_widget(room: SimpleNamespace, lesson: str):
    lesson_opens_with_every_widget(room.contexts["bo"], room.server.lessons, lesson)


def test_the_teacher_watches_a_table_and_closes_one_mid_move(room: SimpleNamespace):
    pages, codes, store = room.pages, room.codes, room.server.store
    teacher = pages["teacher"]
    teacher.locator(".dn-table-picker select").select_option(label=f"{codes['B']} (Bastard)")
    teacher.locator(".dn-open-table").click()
    expect(teacher.locator(STATUS)).to_contain_text("watching")
    expect(teacher.locator(".dn-tables .dn-board .dn-seat .dn-card").first).to_be_visible()  # every hand shows
    assert teacher.locator(MOVE_BUTTON).count() == 0 and teacher.locator(".dn-tables .dn-playable").count() == 0
    teacher.locator(".dn-leave-table").click()
    # at table A the learner to move chooses a move, and the teacher closes the table meanwhile
    ada, anon_a = pages["ada"], pages["anon_a"]
    learners = {seat_of(page): page for page in (ada, anon_a)}
    for _ in range(12):
        if store.table(codes["A"]).turn in learners:
            break
        play_turns([ada, anon_a], 1, store, codes["A"])
    mover = learners[store.table(codes["A"]).turn]
    expect(mover.locator(f"{STATUS} .dn-turn")).to_contain_text("(you)")
    if mover.locator(MOVE_BUTTON).count():
        mover.locator(MOVE_BUTTON).first.click()
    else:
        mover.locator(".dn-tables .dn-seat.dn-me .dn-playable").first.click()
    confirm = mover.locator(".dn-tables button.dn-play")
    expect(confirm).to_be_enabled()
    held = store.table(codes["A"]).moves
    teacher.locator(".dn-table-picker select").select_option(label=f"{codes['A']} (Bastard)")
    teacher.locator(".dn-close-table").click()
    expect(teacher.locator(MESSAGE)).to_contain_text(f"Table {codes['A']} is closed")
    click_now(mover, ".dn-tables button.dn-play")  # the learner's click, on its way as the table closed
    for page in (ada, anon_a):
        expect(page.locator(STATUS)).to_contain_text("The teacher closed this table")
        expect(page.locator(MOVE_BUTTON)).to_have_count(0)
    assert store.table(codes["A"]).moves == held  # nothing was played after the closing
    expect(teacher.locator(f'.dn-room-table[data-code="{codes["A"]}"]')).to_contain_text("closed")
    # the other tables play on
    expect(teacher.locator(f'.dn-room-table[data-code="{codes["B"]}"]')).to_contain_text("playing")


# --------------------------------------------------------------------------- issue 40: the class the teacher runs
CLASS = "5B"
KEY = "sesame"  # (open_teacher_view types it)
ANNOUNCED = re.compile(r"learners join at (\S+).*; class code (\S+)")


@pytest.fixture(scope="module")
def pg_cluster() -> Iterator[Any]:
    """A PostgreSQL cluster of this module's own (restarting it strands no other test); skipped,
    saying why, without PostgreSQL."""
    from danish_nb.tables import TableError
    from danish_nb.tables.pgcluster import throwaway

    try:
        with throwaway() as running:
            yield running
    except TableError as exc:
        pytest.skip(f"{exc} to run the class hour through a database restart")


@contextlib.contextmanager
def class_command(store_url: str, folder: Path) -> Iterator[SimpleNamespace]:
    """``danish-nb --class-size 5`` as a teacher types it (the command, not Voila alone): yields
    the address and class code it printed, once printed; its output goes to ``folder/danish-nb.log``."""
    port = app_server.free_port()
    env = {**os.environ, "DANISH_NB_STORE": store_url, "DANISH_NB_TEACHER_KEY": KEY, "DANISH_NB_ROOM": CLASS}
    proc = app_server.start([sys.executable, "-m", "danish_nb.app_server", "--host", "127.0.0.1",
                             "--port", str(port), "--class-size", "5"],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env, text=True)
    printed: dict[str, str] = {}
    announced = threading.Event()

    def drain() -> None:  # the command's (and Voila's) output, read as it comes: the pipe never fills
        with open(folder / "danish-nb.log", "w", encoding="utf-8") as log:
            for line in proc.stdout:
                log.write(line)
                log.flush()
                found = ANNOUNCED.search(line)
                if found and not announced.is_set():
                    printed.update(url=found.group(1), code=found.group(2))
                    announced.set()
        announced.set()  # the command ended

    reader = threading.Thread(target=drain, daemon=True)
    reader.start()
    try:
        assert announced.wait(180) and printed, f"danish-nb printed no address: see {folder / 'danish-nb.log'}"
        yield SimpleNamespace(**printed)
    finally:
        app_server.stop(proc)
        reader.join(30)


def qr_url(page: Page) -> str:
    """The URL the join screen's QR code encodes: its title, checked module by module against
    the code segno draws for that URL (so a camera reads exactly that address)."""
    import segno

    svg = page.locator(".dn-join-qr svg").evaluate("svg => svg.outerHTML")
    title = re.search(r"<title>([^<]+)</title>", svg).group(1)
    drawn = segno.make(title, error="m", micro=False).svg_inline(border=4, dark="#000", light="#fff",
                                                                      lineclass=None)
    paths = re.compile(r' d="([^"]+)"')
    assert paths.findall(svg) == paths.findall(drawn), "the QR code does not encode its title"
    return title


def enrol(page: Page, name: str, class_code: str) -> None:
    """Join the class with its code and a name, as the join screen says."""
    page.locator(".dn-table-name input").fill(name)
    page.locator(".dn-class-code input").fill(class_code)
    page.locator(".dn-join-class").click()
    expect(page.locator(MESSAGE)).to_contain_text(f"You joined the class as {name}.")


def teacher_row(teacher: Page, code: str) -> Any:
    return teacher.locator(f'.dn-room-table[data-code="{code}"]')


def play_to_a_learner(pages: list[Page], store: Any, code: str, limit: int = 12) -> Page:
    """Play on at table ``code`` until a learner's seat is to move; that learner's page."""
    seats = {seat_of(page): page for page in pages}
    for _ in range(limit):
        if store.table(code).turn in seats:
            break
        play_turns(pages, 1, store, code)
    return seats[store.table(code).turn]


def click_a_move(page: Page) -> None:
    """The learner to move clicks a legal move (the store may be away: nothing waits for it)."""
    if page.locator(MOVE_BUTTON).count():
        page.locator(MOVE_BUTTON).first.click()
    else:
        page.locator(".dn-tables .dn-seat.dn-me .dn-playable").first.click()
        page.locator(".dn-tables button.dn-play:not([disabled])").click()


def each_plays_once(pages: list[Page], store: Any, code: str, limit: int = 12) -> int:
    """Play on at table ``code`` (the computer's moves arrive by themselves) until every page's
    learner has played one more move, each move reaching every page; how many moves learners played."""
    seats = {seat_of(page): page for page in pages}
    waiting, clicks = set(seats), 0
    for _ in range(limit):
        if not waiting:
            break
        played = play_next(seats, pages, store, code)
        if played is not None:
            clicks += 1
            waiting.discard(played)
    assert not waiting, f"P{min(waiting) + 1} did not get a turn in {limit} moves"
    return clicks


def learners_moves(moves: list[str], seats: set[int]) -> int:
    return sum(1 for move in moves if int(re.match(r"P(\d+) ", move).group(1)) - 1 in seats)


@pytest.mark.usefixtures("quiet_machine")
def test_a_class_hour_the_teacher_runs_through_a_database_restart(
        browser: Browser, chromium_path: str, pg_cluster: Any, tmp_path: Path,
        record_property) -> None:
    """Issue 40: the class joins from the address ``danish-nb`` printed and from the join screen's
    QR code, with the class code and a name; the teacher (signed in once) frees the seat of a dead
    laptop, moves a learner to another table, locks a table (a newcomer and a copied seat link
    cannot take its seats), opens it again; PostgreSQL restarts (``pg_ctl stop -m fast``, start)
    while two learners click: each move is said "not saved, trying again" and stored once, every
    learner plays on with no reload, and the teacher's list stays right throughout."""
    contexts: list[BrowserContext] = []

    def person() -> BrowserContext:
        contexts.append(browser.new_context())
        return contexts[-1]

    with class_command(pg_cluster.url, tmp_path) as printed, open_store(pg_cluster.url) as store:
        try:
            assert printed.code == CLASS
            teacher = tables_page(person(), printed.url)
            open_teacher_view(teacher)
            teacher.locator(".dn-join-screen-button").click()
            expect(teacher.locator(".dn-join-url")).to_have_text(printed.url)
            expect(teacher.locator(".dn-join-code")).to_contain_text(f"Class code: {CLASS}")
            scanned = qr_url(teacher)
            assert scanned == printed.url

            # learners join from the printed address and the QR code's, with the class code and a name
            ada = tables_page(person(), printed.url)
            enrol(ada, "Ada", printed.code)
            bo_laptop_context = person()
            bo = tables_page(bo_laptop_context, scanned)
            enrol(bo, "Bo", printed.code.lower())
            cy = tables_page(person(), scanned)
            enrol(cy, "Cy", printed.code)
            expect(teacher.locator(".dn-join-screen")).to_contain_text("3 learners have arrived")
            a = create_bastard(ada, "Ada")
            join(bo, a, "Bo")
            b = create_bastard(cy, "Cy")  # P2 stays free
            expect(teacher.locator(".dn-join-screen")).to_contain_text(f"at table {a}")
            teacher.locator(".dn-back-to-room").click()
            expect(teacher_row(teacher, a)).to_contain_text("P1 Ada, P2 Bo")
            play_turns([ada, bo], 1, store, a)

            # Bo's laptop dies: his new one finds no free seat until the teacher frees it
            bo_laptop_context.close()
            bo = tables_page(person(), printed.url)
            enrol(bo, "Bo", printed.code)
            bo.locator(".dn-table-code input").fill(a)
            bo.locator(".dn-join-table").click()
            expect(bo.locator(MESSAGE)).to_contain_text("no free seat")
            teacher.locator(".dn-seat-picker select").select_option(label=f"{a} P2 Bo")
            teacher.locator(".dn-free-seat").click()
            expect(teacher.locator(MESSAGE)).to_contain_text(f"Seat P2 at table {a} is free")
            join(bo, a, "Bo")
            expect(bo.locator(STATUS)).to_contain_text(seat_line(2, "Bo", "connected"))
            expect(bo.locator(POSITION)).to_have_text(re.compile(rf"of {store.table(a).moves}$"))

            # the teacher moves Bo to Cy's table: his page follows by itself
            teacher.locator(".dn-seat-picker select").select_option(label=f"{a} P2 Bo")
            teacher.locator(".dn-table-picker select").select_option(label=f"{b} (Bastard)")
            teacher.locator(".dn-move-seat").click()
            expect(teacher.locator(MESSAGE)).to_contain_text(f"The learner moved to table {b} as P2.")
            expect(bo.locator(STATUS)).to_contain_text(b)
            expect(bo.locator(STATUS)).to_contain_text("you are P2")
            expect(cy.locator(STATUS)).to_contain_text(seat_line(2, "Bo", "connected"))
            expect(teacher_row(teacher, b)).to_contain_text("P1 Cy, P2 Bo")

            # the teacher locks table A: neither a newcomer nor a copy of Ada's seat link gets in
            teacher.locator(".dn-table-picker select").select_option(label=f"{a} (Bastard)")
            teacher.locator(".dn-lock-table").click()
            expect(teacher.locator(MESSAGE)).to_contain_text(f"Table {a} takes no new learners now.")
            expect(teacher_row(teacher, a)).to_contain_text("locked")
            dee = tables_page(person(), scanned)
            enrol(dee, "Dee", printed.code)
            dee.locator(".dn-table-code input").fill(a)
            dee.locator(".dn-join-table").click()
            expect(dee.locator(MESSAGE)).to_contain_text("the teacher locked it")
            assert dee.locator(STATUS).is_hidden()
            copy_context = person()
            copy = copy_context.new_page()
            copy.set_default_timeout(TIMEOUT)
            copy.goto(printed.url)
            copy.evaluate("(seats) => localStorage.setItem('danish-nb-seats', seats)",
                          ada.evaluate("() => localStorage.getItem('danish-nb-seats')"))
            copy.reload()
            expect(copy.locator(MESSAGE)).to_contain_text("stays on the device that holds it")
            assert copy.locator(STATUS).is_hidden() or "you are P1" not in copy.locator(STATUS).inner_text()
            copy_context.close()  # (its place on the server frees)
            expect(ada.locator(STATUS)).to_contain_text(seat_line(1, "Ada", "connected"))
            assert "another device" not in ada.locator(MESSAGE).inner_text()
            teacher.locator(".dn-lock-table").click()  # open again: Dee sits down
            expect(teacher.locator(MESSAGE)).to_contain_text(f"Table {a} takes new learners again.")
            join(dee, a, "Dee")
            expect(teacher_row(teacher, a)).to_contain_text("P1 Ada, P2 Dee")
            tables = {a: [ada, dee], b: [cy, bo]}

            # PostgreSQL restarts while a learner of each table clicks a move
            movers = {code: play_to_a_learner(pages, store, code) for code, pages in tables.items()}
            before = {code: store.moves(code) for code in tables}
            pg_cluster.stop()
            stopped = time.monotonic()
            try:
                for page in movers.values():
                    click_a_move(page)
                for page in movers.values():
                    expect(page.locator(".dn-tables")).to_contain_text("not saved, trying again")
                # the teacher's list neither errs nor changes while the database is away
                assert "connection to server" not in teacher.locator(".dn-tables").inner_text()
                expect(teacher_row(teacher, a)).to_contain_text("P1 Ada, P2 Dee")
                expect(teacher_row(teacher, b)).to_contain_text("P1 Cy, P2 Bo")
            finally:
                pg_cluster.start()
            record_property("seconds PostgreSQL was down", round(time.monotonic() - stopped, 1))
            started = time.monotonic()
            for code in tables:
                wait_for_moves(store, code, len(before[code]) + 1)
                for page in tables[code]:
                    shows_at_least(page, len(before[code]) + 1)
            record_property("seconds from PostgreSQL's start to both waiting moves shown at their tables",
                            round(time.monotonic() - started, 1))
            clicked_after = {code: 1 + each_plays_once(pages, store, code) for code, pages in tables.items()}

            # the stored record: nothing lost, nothing twice; every page and the teacher agree
            for code, pages in tables.items():
                stored = store.moves(code)
                assert stored[:len(before[code])] == before[code]  # nothing lost
                seats = {seat_of(page) for page in pages}
                assert learners_moves(stored[len(before[code]):], seats) == clicked_after[code], stored
                replay(store.table(code), stored)  # one legal game: no move stored twice
                for page in pages:
                    expect(page.locator(POSITION)).to_have_text(re.compile(rf"of {len(stored)}$"))
            expect(teacher_row(teacher, a)).to_contain_text("P1 Ada, P2 Dee")
            expect(teacher_row(teacher, b)).to_contain_text("P1 Cy, P2 Bo")
            # a reload opens on the teacher's view, signed in (the signed pass: no key typed, no click)
            teacher.reload()
            expect(teacher_row(teacher, a)).to_contain_text("P1 Ada, P2 Dee")
            expect(teacher_row(teacher, b)).to_contain_text("playing")
        finally:
            for context in contexts:
                with contextlib.suppress(Exception):
                    context.close()


@pytest.mark.usefixtures("quiet_machine")
def test_a_server_killed_during_the_class_hour_loses_no_move(
        browser: Browser, chromium_path: str, haproxy_path: str, pg_cluster: Any, tmp_path: Path,  # noqa: F811
        record_property) -> None:
    """Issue 40: two ``danish-nb`` servers behind HAProxy share a class of four (PostgreSQL),
    each sized as ``danish-nb --class-size 4 --servers 2`` sizes it (preheating its half, holding
    the whole class: spare room). Ada's and Cy's browsers are on server 1, Bo's and the teacher's
    on server 2. Server 1 is killed mid-game: Ada's page is back at her seat through the proxy
    (issue 40 aims at 15 s), Cy's back on the class-table screen (neither queued: a server sized
    for half the class alone, at most 3 games, would have queued one of them), every move made is
    stored once, both play on, and the teacher's list names the table's learners throughout.

    How long Ada was away is recorded (5-9 s on a quiet machine), not asserted: on a busy CI
    machine the new page alone took more than the 15 s the issue aims at."""
    pool, most = app_server.sizes(4, servers=2)
    with proxied(haproxy_path, pg_cluster.url, tmp_path, max_kernels=most, pool_size=pool) as classroom:
        store = classroom.store
        contexts = [on_server(browser, classroom, n) for n in (1, 2, 2, 1)]
        try:
            ada, bo, teacher, cy = (tables_page(context, classroom.url) for context in contexts)
            code = create_bastard(ada, "Ada")
            join(bo, code, "Bo")
            assert [served_by(classroom, page) for page in (ada, bo, teacher, cy)] == [1, 2, 2, 1]
            cy_kernel = kernel_of(cy)
            teacher.locator(".dn-teacher-key input").fill(PROXY_KEY)
            teacher.locator(".dn-teacher-view").click()
            row = teacher_row(teacher, code)
            expect(row).to_contain_text("P1 Ada, P2 Bo")
            pages = [ada, bo]
            clicks = each_plays_once(pages, store, code)
            before, first_kernel = store.moves(code), kernel_of(ada)
            classroom.backends[0].kill()  # server 1 dies, with Ada's kernel
            killed = time.monotonic()
            ada.wait_for_function("JSON.parse(document.getElementById('jupyter-config-data').textContent)"
                                  f".kernelId !== {first_kernel!r}")
            expect(ada.locator(STATUS)).to_contain_text(seat_line(1, "Ada", "connected"))
            record_property("seconds from server 1's death to Ada at her seat on server 2",
                            round(time.monotonic() - killed, 1))
            assert served_by(classroom, ada) == 2
            cy.wait_for_function("(config => !config || JSON.parse(config.textContent).kernelId !== "
                                 f"{cy_kernel!r})(document.getElementById('jupyter-config-data'))")
            # (a new kernel, or the "room is full" page)
            assert "The room is full" not in cy.locator("body").inner_text(), "Cy was queued: no spare room"
            expect(cy.locator(".dn-mode button", has_text="Class table")).to_be_visible()
            assert served_by(classroom, cy) == 2
            expect(ada.locator(POSITION)).to_have_text(re.compile(rf"of {len(store.moves(code))}$"))
            assert store.moves(code)[:len(before)] == before  # nothing lost
            expect(row).to_contain_text("P1 Ada, P2 Bo")
            expect(row).not_to_contain_text("away")  # Ada is back for the teacher too
            clicks += each_plays_once(pages, store, code)
            stored = store.moves(code)
            assert stored[:len(before)] == before
            assert learners_moves(stored, {0, 1}) == clicks, stored  # each click stored once
            replay(store.table(code), stored)  # one legal game
            for page in pages:
                expect(page.locator(POSITION)).to_have_text(re.compile(rf"of {len(stored)}$"))
            expect(row).to_contain_text("P1 Ada, P2 Bo")
        finally:
            for context in contexts:
                context.close()

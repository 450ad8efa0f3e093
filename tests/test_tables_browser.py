"""Class tables in real Chromium pages against the classroom server (SQLite store): two learners
(two browser contexts) join one table and play; a reload keeps the seat; a forged or stale seat
token is refused; two pages of one seat clicking at once store one move and the loser says which
came first; a seat opened on another device tells the first; and no websocket frame sent to one
learner names another learner's hidden card, the coach's hint among them.

One server (its own SQLite file) for the module; pages open one after another where they can
(2 cores: see /work/shared/TOOLCHAIN.md).
"""

from __future__ import annotations

import os
import re
import subprocess
import time
from collections.abc import Iterator
from types import SimpleNamespace
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

import danish_nb as dn
from danish_nb import app_server
from danish_nb.tables import SeatTokenError, TableSession, Teacher, hash_token, open_store, replay
from danish_nb.words import move_words
from helpers import frame_text
from test_a11y import assert_no_violations
from test_tables_session import hidden_from, named

pytestmark = pytest.mark.browser
TIMEOUT = 60_000
expect.set_options(timeout=TIMEOUT)
STATUS = ".dn-table-status"
POSITION = ".dn-tables .dn-position"
MOVE_BUTTON = ".dn-tables .dn-controls button[data-act=choose]:not(.dn-not-legal)"


@pytest.fixture(scope="module")
def served(chromium_path: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[SimpleNamespace]:
    """The classroom server with its own tables file; ``store`` opens the same file."""
    folder = tmp_path_factory.mktemp("tables-browser")
    db = folder / "tables.sqlite3"
    port = app_server.free_port()
    # the pool refills as soon as it hands a kernel over, as the session's app server does (see
    # conftest.app_url): these tests keep pages open while they open the next one, so the room is
    # never quiet and each page would otherwise wait for a kernel to start and run the notebook
    # (at load 11, longer than a page's 60 s)
    argv = [*app_server.command(port, pool_size=2, max_kernels=10, per_address=10), "--GentlePool.refill_after=0"]
    env = {**os.environ, "DANISH_NB_STORE": f"sqlite:///{db}", "DANISH_NB_TEACHER_KEY": "sesame"}
    log = folder / "voila.log"
    with open(log, "w", encoding="utf-8") as out:
        proc = app_server.start(argv, stdout=out, stderr=subprocess.STDOUT, env=env)
        try:
            app_server.wait_ready(app_server.url(port), 120, proc)
            with open_store(f"sqlite:///{db}") as store:
                yield SimpleNamespace(url=app_server.url(port), store=store, log=log)
        finally:
            app_server.stop(proc)


def tables_page(context: BrowserContext, url: str, frames: list[str] | None = None) -> Page:
    """A page of the app on its class-table screen; ``frames`` collects what its websockets receive."""
    page = context.new_page()
    page.set_default_timeout(TIMEOUT)
    if frames is not None:
        page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: frames.append(frame_text(payload))))
    page.goto(url)
    switch = page.locator(".dn-mode button", has_text="Class table")
    expect(switch).to_be_visible()
    if not page.locator(STATUS).is_visible():
        switch.click()
    return page


#: The class-table menu's controls (join, create, teacher), each a widget drawn on its own.
MENU = (".dn-table-name input", ".dn-class-code input", ".dn-join-class", ".dn-table-code input", ".dn-join-table",
        ".dn-table-game-picker select", ".dn-create-table", ".dn-teacher-key input", ".dn-teacher-view")
#: The teacher's room: its list and every control under it.
ROOM = (".dn-room-list", ".dn-table-picker select", ".dn-open-table", ".dn-close-table", ".dn-lock-table",
        ".dn-seat-picker select", ".dn-free-seat", ".dn-rename-seat", ".dn-lobby-picker select", ".dn-assign-learner",
        ".dn-lock-room", ".dn-sign-out")


def drawn(page: Page, *selectors: str) -> None:
    """Wait until each of ``selectors`` is on ``page`` (ipywidgets draws a screen's widgets one by
    one, as their models arrive: a check of the whole page, axe's, must wait for the last)."""
    for selector in selectors:
        expect(page.locator(f".dn-tables {selector}").first).to_be_visible()


def close(*contexts: BrowserContext) -> None:
    """Close the contexts' pages as a learner closes a tab (the page's unload frees its kernel at
    once: the module's server has few), then the contexts."""
    for context in contexts:
        for page in context.pages:
            page.close(run_before_unload=True)
            if not page.is_closed():
                page.wait_for_event("close")
        context.close()


def create_bastard(page: Page, name: str) -> str:
    """Create a Bastard table (P1, P2 learners, P3 computer) from ``page``, sitting at P1."""
    page.locator(".dn-table-name input").fill(name)
    page.locator(".dn-table-game-picker select").select_option(label="Bastard")
    # Bastard's own rule options are drawn (the kernel has the game): they push the Create button
    # down, and a click aimed before that lands beside it (CI lost one so)
    expect(page.get_by_role("combobox", name="Points per trick")).to_be_visible()
    expect(page.locator(".dn-table-seat-3 select")).to_be_visible()
    page.locator(".dn-create-table").click()
    expect(page.locator(STATUS)).to_contain_text("you are P1")
    ready = re.compile(r"Table ([0-9A-Z]{6}) is ready")
    expect(page.locator(".dn-table-message")).to_have_text(ready)  # (it may arrive after the status line)
    return ready.search(page.locator(".dn-table-message").inner_text()).group(1)


def join(page: Page, code: str, name: str) -> None:
    page.locator(".dn-table-name input").fill(name)
    page.locator(".dn-table-code input").fill(code)
    page.locator(".dn-join-table").click()
    expect(page.locator(STATUS)).to_contain_text("you are P")


def moves_shown(page: Page) -> int:
    text = page.locator(POSITION).inner_text()
    return int(re.search(r"of (\d+)", text).group(1))


def play_one(page: Page) -> None:
    """Play a legal move on ``page`` (it is this seat's turn): a move button, or a playable card."""
    before = moves_shown(page)
    if page.locator(MOVE_BUTTON).count():
        page.locator(MOVE_BUTTON).first.click()  # one click plays a move button
    else:
        page.locator(".dn-tables .dn-seat.dn-me .dn-playable").first.click()  # a card: its verdict, then Play
        page.locator(".dn-tables button.dn-play:not([disabled])").click()
    expect(page.locator(POSITION)).not_to_have_text(re.compile(rf"of {before}$"))


def click_now(page: Page, selector: str) -> bool:
    """Click ``selector`` on ``page`` as it is at this instant (no waiting for it: a redraw may
    have taken it away, as it can under a learner's finger); whether it was there."""
    return page.evaluate("""(selector) => {
        const target = document.querySelector(selector);
        if (target) target.dispatchEvent(new MouseEvent("click", {bubbles: true}));
        return Boolean(target);
    }""", selector)


def seat_of(page: Page) -> int:
    """The seat (from 0) the page sits at, as its status line says ("you are P2")."""
    return int(re.search(r"you are P(\d+)", page.locator(STATUS).inner_text()).group(1)) - 1


def wait_for_moves(store: Any, code: str, moves: int, timeout: float = 60.0) -> None:
    """Wait (on the store's change signal) until table ``code`` holds at least ``moves`` moves."""
    deadline = time.monotonic() + timeout
    info = store.table(code)
    while info.moves < moves:
        left = deadline - time.monotonic()
        assert left > 0, f"table {code} holds {info.moves} moves, not {moves}, after {timeout} s"
        store.wait_for_change(code, info.version, min(left, 1.0))
        info = store.table(code)


def shows_at_least(page: Page, moves: int) -> None:
    """Wait until ``page``'s board shows a position of at least ``moves`` moves."""
    page.wait_for_function("([sel, n]) => { const m = (document.querySelector(sel)?.textContent || '')"
                           ".match(/of (\\d+)/); return m !== null && Number(m[1]) >= n; }",
                           arg=[POSITION, moves], timeout=60_000)


def play_turns(pages: list[Page], moves: int, store: Any, code: str) -> int:
    """Play ``moves`` moves at table ``code``, each by the page of the seat whose turn the store
    says it is (a computer seat's move arrives by itself); every move reaches every page of the
    table without a click. Returns how many moves the table holds then.

    The store, not a page, says whose turn it is: a page that has not caught up yet would show
    nobody's turn, and the test would wait for a computer that is not to move."""
    seats = {seat_of(page): page for page in pages}
    for _ in range(moves):
        play_next(seats, pages, store, code)
    return store.table(code).moves


def play_next(seats: dict[int, Page], pages: list[Page], store: Any, code: str,
              took: list[float] | None = None) -> int | None:
    """The next move at table ``code``: played by the page of the seat whose turn it is (a
    computer's arrives by itself), then waited for on every one of ``pages``; the learner's seat
    that played, if any. ``took`` gets, for a learner's move, the seconds from its being stored
    until every page showed it."""
    info = store.table(code)
    mover = seats.get(info.turn)
    if mover is not None:
        expect(mover.locator(POSITION)).to_have_text(re.compile(rf"of {info.moves}$"))
        expect(mover.locator(f"{STATUS} .dn-turn")).to_contain_text("(you)")
        play_one(mover)
    wait_for_moves(store, code, info.moves + 1)
    stored = time.monotonic()
    for page in pages:
        shows_at_least(page, info.moves + 1)
    if took is not None and mover is not None:
        took.append(time.monotonic() - stored)
    return info.turn if mover is not None else None


COMM_ID = re.compile(r'"comm_id":\s*"([0-9a-f-]+)"')
ME_SEAT = re.compile(r'dn-me\\?" data-seat=\\?"(\d+)')


def without_play_here(frames: list[str]) -> list[str]:
    """The frames less those of the page's own "Play here" board (a separate hot-seat game dealt
    from the same 52 cards, its P1 at the screen): the comms whose every drawing is P1's."""
    seats: dict[str, set[str]] = {}
    for frame in frames:
        found = COMM_ID.search(frame)
        if found:
            seats.setdefault(found.group(1), set()).update(ME_SEAT.findall(frame))
    play_here = {comm for comm, drawn in seats.items() if drawn == {"0"}}
    assert len(play_here) >= 1, "the Play here board was not found: the filter would hide nothing"
    return [f for f in frames if not (found := COMM_ID.search(f)) or found.group(1) not in play_here]


def test_two_learners_play_reload_and_see_no_hidden_card(browser: Browser, served: SimpleNamespace):
    ada_context, bo_context = browser.new_context(), browser.new_context()
    bo_frames: list[str] = []
    ada = tables_page(ada_context, served.url)
    code = create_bastard(ada, "Ada")
    bo = tables_page(bo_context, served.url, bo_frames)
    join(bo, code, "Bo")
    expect(bo.locator(STATUS)).to_contain_text("you are P2")
    expect(ada.locator(STATUS)).to_contain_text("Bo")  # the new seat reaches Ada without a click
    seats, played, hints = {0: ada, 1: bo}, 0, 0
    while played < 6:  # six moves by the learners (the computer's arrive by themselves)
        info = served.store.table(code)
        if info.turn == 1 and not hints:  # Bo asks the coach: its answer comes over the same websocket
            expect(bo.locator(POSITION)).to_have_text(re.compile(rf"of {info.moves}$"))
            expect(bo.locator(f"{STATUS} .dn-turn")).to_contain_text("(you)")
            bo.locator(".dn-tables .dn-coach button", has_text="Hint").click()
            expect(bo.locator(".dn-tables .dn-coach-text")).to_contain_text("Hint for P2")
            hints += 1
        # (play_next waits until the move reaches both boards, without a click)
        if play_next(seats, [ada, bo], served.store, code) is None:
            continue  # the computer's move
        played += 1
        if played == 3:
            stored = served.store.table(code).moves  # (the computer may answer meanwhile: at least these)
            bo.reload()  # mid-game: the browser's stored token gives the seat back
            expect(bo.locator(STATUS)).to_contain_text("you are P2")
            expect(bo.locator(".dn-table-message")).to_contain_text("Welcome back")
            shows_at_least(bo, stored)
    # each learner's move stored once (the loop made six), and Bo keeps his seat through the reload
    assert sum(move.startswith(("P1 ", "P2 ")) for move in served.store.moves(code)) == played
    assert served.store.table(code).seats[1].name == "Bo"
    # no frame Bo's page received names a card of another hand Bo never saw
    spectator = TableSession.watch(served.store, code)
    game = replay(served.store.table(code), served.store.moves(code))
    secret = hidden_from(SimpleNamespace(seat=1, game=game), spectator)
    table_frames = without_play_here(bo_frames)
    assert secret and len(table_frames) > 20
    assert hints and any("Hint for P2" in frame for frame in table_frames)  # the coach's frames are checked too
    assert named("\n".join(table_frames), secret) == set()
    # ... while the check can fail: Ada's hand, which Bo never saw, is drawn on Ada's page
    assert named(ada.locator(".dn-tables .dn-seat.dn-me").inner_html(), secret)
    close(ada_context, bo_context)


def test_forged_and_stale_tokens_are_refused(browser: Browser, served: SimpleNamespace):
    ada_context, bo_context, eve_context = browser.new_context(), browser.new_context(), browser.new_context()
    ada = tables_page(ada_context, served.url)
    code = create_bastard(ada, "Ada")
    bo = tables_page(bo_context, served.url)
    join(bo, code, "Bo")
    # a forged token planted in another browser's storage
    eve = tables_page(eve_context, served.url)
    eve.evaluate("""([code]) => localStorage.setItem("danish-nb-seats",
        JSON.stringify({seats: {[code]: "A".repeat(43)}, last: code}))""", [code])
    eve.reload()
    expect(eve.locator(".dn-table-message")).to_contain_text("was not given back")
    expect(eve.locator(".dn-table-message")).to_contain_text("does not hold a seat")
    assert eve.evaluate("JSON.parse(localStorage.getItem('danish-nb-seats')).seats") == {}
    # the teacher frees Bo's seat: his token is now stale
    token = bo.evaluate("([code]) => JSON.parse(localStorage.getItem('danish-nb-seats')).seats[code]", [code])
    assert served.store.seat_of(code, hash_token(token)) == 1  # the token is in Bo's browser only
    Teacher(served.store).free_seat(code, 1)
    bo.reload()
    expect(bo.locator(".dn-table-message")).to_contain_text("was not given back")
    with pytest.raises(SeatTokenError):
        TableSession.rejoin(served.store, code, token)
    close(ada_context, bo_context, eve_context)


def test_two_pages_of_one_seat_clicking_at_once_store_one_move(browser: Browser, served: SimpleNamespace):
    context = browser.new_context()
    first = tables_page(context, served.url)
    code = create_bastard(first, "Ada")
    second = tables_page(context, served.url)  # same browser: the stored token, the same seat
    expect(second.locator(STATUS)).to_contain_text("you are P1")
    for page in (first, second):  # each page offers the trump calls
        expect(page.locator(MOVE_BUTTON).first).to_be_enabled()
    # both clicks leave at once (one click plays; the second may find its button gone: its page caught up)
    left = [click_now(page, MOVE_BUTTON) for page in (first, second)]
    for page in (first, second):
        expect(page.locator(POSITION)).to_have_text(re.compile(r"of [1-9]"))
    trumps = [m for m in served.store.moves(code) if " trump " in m]
    assert len(trumps) == 1
    # both pages show the one stored position; when both clicks left (on a busy machine the second
    # page may have redrawn before its click, and then it sends none), the loser says, in words,
    # which move came first
    stored = len(served.store.moves(code))
    for page in (first, second):
        expect(page.locator(POSITION)).to_have_text(re.compile(rf"of {stored}$"))
    said = " ".join(page.locator(".dn-tables .dn-board .dn-message").inner_text() for page in (first, second))
    first_move = move_words(dn.new_game("bastard", players=3).parse_move(trumps[0]))
    if all(left):
        assert f"came first: {first_move}" in said or f"played this move first: {first_move}" in said, (said, left)
    assert "nothing is selected" not in said
    close(context)


def test_a_seat_opened_on_another_device_tells_the_first_page_and_the_teacher(browser: Browser,
                                                                            served: SimpleNamespace):
    """Ada's seat token in another browser (another device): it sits at her seat; her page is
    told and plays no more; the teacher's list says so."""
    laptop_context, phone_context, teacher_context = browser.new_context(), browser.new_context(), browser.new_context()
    try:
        laptop = tables_page(laptop_context, served.url)
        code = create_bastard(laptop, "Ada")
        expect(laptop.locator(MOVE_BUTTON).first).to_be_visible()
        seats = laptop.evaluate("() => localStorage.getItem('danish-nb-seats')")
        phone = phone_context.new_page()
        phone.goto(served.url)
        phone.evaluate("(seats) => localStorage.setItem('danish-nb-seats', seats)", seats)
        phone.reload()
        expect(phone.locator(STATUS)).to_contain_text("you are P1")
        expect(phone.locator(STATUS)).to_contain_text("Ada (you)")
        expect(laptop.locator(".dn-table-message")).to_contain_text("was opened on another device")
        expect(laptop.locator(MOVE_BUTTON)).to_have_count(0)
        expect(phone.locator(MOVE_BUTTON).first).to_be_visible()
        teacher = tables_page(teacher_context, served.url)
        teacher.locator(".dn-teacher-key input").fill("sesame")
        teacher.locator(".dn-teacher-view").click()
        expect(teacher.locator(f'.dn-room-table[data-code="{code}"]')) \
            .to_contain_text("P1 Ada (opened on another device")
    finally:
        close(laptop_context, phone_context, teacher_context)


def test_the_teacher_view_and_the_class_table_panels(browser: Browser, served: SimpleNamespace):
    """The teacher lists the room, opens a table in teaching mode and closes it; the learner at
    it is told. axe-core finds no WCAG A/AA violation on the panels: join and create, the status
    line over a seat's board, the teacher's list, a table in teaching mode, the closed table."""
    ada_context, teacher_context = browser.new_context(), browser.new_context()
    try:
        ada = tables_page(ada_context, served.url)
        drawn(ada, *MENU)  # the screen is built when first chosen: wait until it is all there
        assert_no_violations(ada, "class table: join, create and teacher panels")
        code = create_bastard(ada, "Ada")
        expect(ada.locator(MOVE_BUTTON).first).to_be_visible()  # the board, its moves (P1 calls trumps)
        drawn(ada, ".dn-leave-table", ".dn-coach button")  # and the coach under it
        assert_no_violations(ada, "class table: the status line over a seat's board")
        teacher = tables_page(teacher_context, served.url)
        teacher.locator(".dn-teacher-key input").fill("not it")
        teacher.locator(".dn-teacher-view").click()
        expect(teacher.locator(".dn-table-message")).to_contain_text("not the teacher key")
        teacher.locator(".dn-teacher-key input").fill("sesame")
        teacher.locator(".dn-teacher-view").click()
        row = teacher.locator(f'.dn-room-table[data-code="{code}"]')
        expect(row).to_contain_text("Ada")
        expect(row).to_contain_text("playing")
        drawn(teacher, *ROOM)
        assert_no_violations(teacher, "teacher view: the room's tables")
        teacher.locator(".dn-table-picker select").select_option(label=f"{code} (Bastard)")
        teacher.locator(".dn-open-table").click()
        expect(teacher.locator(STATUS)).to_contain_text("watching")
        expect(teacher.locator(".dn-tables .dn-board")).to_be_visible()
        drawn(teacher, ".dn-leave-table")
        assert_no_violations(teacher, "teacher view: a table in teaching mode")
        teacher.locator(".dn-leave-table").click()
        expect(row).to_be_visible()
        teacher.locator(".dn-table-picker select").select_option(label=f"{code} (Bastard)")
        teacher.locator(".dn-close-table").click()
        expect(teacher.locator(".dn-table-message")).to_contain_text(f"Table {code} is closed")
        expect(row).to_contain_text("closed")
        assert served.store.table(code).closed
        expect(ada.locator(STATUS)).to_contain_text("The teacher closed this table")  # without a click
        expect(ada.locator(MOVE_BUTTON)).to_have_count(0)  # the board redrawn after the status: its moves withdrawn
        assert_no_violations(ada, "class table: a closed table")
    finally:
        close(ada_context, teacher_context)

"""The app's class-table screen: create a table, join one with its code, play at your seat on the
board of :mod:`danish_nb.widgets.table_board`, and (with the teacher key) see the room.

Where the seat token lives: only in the learner's browser, in ``localStorage`` (a small
:class:`SeatKeeper` model reads it when the page opens and hands it to this learner's kernel over
the page's own websocket; the kernel asks it to keep a new token or forget a refused one). Not in
the URL: a query string is written to server and proxy logs and shows in the address bar and in
shared links, and a fragment is copied with the link; not in a cookie: every request would carry
it to the server, and the kernel cannot read cookies (this server serves no request info). So a
reload, or a new tab in the same browser, sits down at the same seat again; another browser (or
another learner) has no token and cannot.

Updates arrive without a click: a task on the kernel's event loop waits for the table to change
(``store.wait_for_change`` in a worker thread: PostgreSQL's NOTIFY, or SQLite polled every
0.1 s; at most :data:`WAIT` s), then catches the session up on the loop's own thread, so the
board is only ever changed there. In tests without a running loop, call :meth:`TableApp.poll`.

>>> from danish_nb.tables import open_store
>>> app = TableApp(open_store("sqlite:///:memory:"), follow=False)
>>> app.game_picker.value = "bastard"
>>> app.seat_boxes[2].value = "rule-of-thumb"
>>> code = app.create()
>>> app.session.seat, app.session.code == code, app.board.viewer
(0, True, 0)
"""

from __future__ import annotations

import asyncio
import os
import sys
import time
from html import escape
from typing import Any

import anywidget
import ipywidgets as widgets

from ..core import GAMES, DanishNbError
from ..i18n import check_lang, translator
from ..server.visitor import this_visitor
from ..tables.keys import TooManyTries, check_teacher_key
from ..tables import (HUMAN, SeatTokenError, Store, TableError, TableSession, Teacher, create_table, open_store,
                      read_code)
from . import has_board
from .board import Board
from .settings import OptionsPanel
from .table_board import table_board

#: The environment variables naming the room this server's tables belong to, and the teacher's key.
ROOM_ENV, TEACHER_ENV = "DANISH_NB_ROOM", "DANISH_NB_TEACHER_KEY"
#: Seconds the follow task waits for a change before looking again (the "poll of at most 1 s").
WAIT = 1.0
#: Seconds between "still connected" marks, and between refreshes of the teacher's list.
HEARTBEAT, LIST_EVERY = 5.0, 2.0
#: What a seat box offers: a learner, or a computer player.
SEAT_CHOICES = (("a learner", HUMAN), ("computer (rule of thumb)", "rule-of-thumb"), ("computer (random)", "random"))
#: The most stored seats a browser may report (the rest is ignored).
STORED_LIMIT = 20

KEEPER_JS = """
const KEY = "danish-nb-seats";
function load() {
  try { const d = JSON.parse(localStorage.getItem(KEY) || "{}"); return d && typeof d === "object" ? d : {}; }
  catch (e) { return {}; }
}
function render({ model, el }) {
  const data = load();
  model.send({ act: "stored", seats: data.seats || {}, last: data.last || null });
  const onMsg = (msg) => {
    const d = load();
    d.seats = d.seats || {};
    if (msg.act === "keep") { d.seats[msg.code] = msg.token; d.last = msg.code; }
    if (msg.act === "forget") { delete d.seats[msg.code]; if (d.last === msg.code) d.last = null; }
    if (msg.act === "leave") { d.last = null; }
    localStorage.setItem(KEY, JSON.stringify(d));
  };
  model.on("msg:custom", onMsg);
  return () => model.off("msg:custom", onMsg);
}
export default { render };
"""


class SeatKeeper(anywidget.AnyWidget):
    """Shows nothing; keeps this browser's seat tokens (code -> token) in ``localStorage``."""

    _esm = KEEPER_JS


def _text(value: Any, limit: int) -> str | None:
    """``value`` if it is a short text (what a browser may report), else None."""
    return value if isinstance(value, str) and 0 < len(value) <= limit else None


class TableApp:
    """The class-table screen (``widget``); ``session`` and ``board`` once seated (or watching).

    ``store`` defaults to :func:`~danish_nb.tables.open_store` (``$DANISH_NB_STORE``), opened
    when first needed; ``room`` to ``$DANISH_NB_ROOM``. ``follow=False`` starts no task (call
    :meth:`poll`). ``visitor``: the address teacher-key tries count against (default: told by
    the classroom server, see :mod:`danish_nb.tables.keys`).
    """

    def __init__(self, store: Store | None = None, room: str | None = None, *, follow: bool = True,
                 keeper: SeatKeeper | None = None, visitor: str | None = None, lang: str = "en"):
        self._store = store
        self.room = room if room is not None else os.environ.get(ROOM_ENV, "")
        self.lang = check_lang(lang)
        #: Whom teacher-key tries count against: the visitor's address (the classroom server
        #: tells the kernel), else this kernel.
        self.visitor = visitor or this_visitor() or f"kernel {os.getpid()}"
        self.session: TableSession | None = None
        self.board: Board | None = None
        self.teacher: Teacher | None = None
        self.tokens: dict[str, str] = {}
        self._beat = self._listed = 0.0
        games = [(rules.title, game_id) for game_id, rules in GAMES.items() if has_board(rules)]
        self.game_picker = widgets.Dropdown(options=games, value=games[0][1], description="Game")
        self.game_picker.add_class("dn-table-game")
        self.players = widgets.Dropdown(description="Players")
        self.players.add_class("dn-table-players")
        self.seat_boxes = [widgets.Dropdown(options=SEAT_CHOICES, description=f"P{i + 1}",
                                            value=HUMAN if i < 2 else "rule-of-thumb")
                           for i in range(max(GAMES[g].max_players for _, g in games))]
        for i, box in enumerate(self.seat_boxes):
            box.add_class(f"dn-table-seat-{i + 1}")
        self.options = OptionsPanel()
        self.sit = widgets.Checkbox(value=True, description="take the first learner seat myself", indent=False)
        self.create_button = widgets.Button(description="Create a table", button_style="success")
        self.create_button.add_class("dn-create-table")
        self.name = widgets.Text(description="Your name", placeholder="shown at the table")
        self.name.add_class("dn-table-name")
        self.code_box = widgets.Text(description="Table code", placeholder="e.g. K7QX2M")
        self.code_box.add_class("dn-table-code")
        self.join_button = widgets.Button(description="Join a table", button_style="primary")
        self.join_button.add_class("dn-join-table")
        self.key_box = widgets.Password(description="Teacher key")
        self.key_box.add_class("dn-teacher-key")
        self.teacher_button = widgets.Button(description="Teacher view")
        self.teacher_button.add_class("dn-teacher-view")
        self.message = widgets.HTML()
        self.message.add_class("dn-table-message")
        create = widgets.VBox([widgets.HBox([self.game_picker, self.players]),
                               widgets.HBox(self.seat_boxes, layout=widgets.Layout(flex_flow="row wrap")),
                               self.options.widget, widgets.HBox([self.sit, self.create_button])])
        self.menu = widgets.VBox([
            self.name, widgets.HTML("<b>Join a table</b>"), widgets.HBox([self.code_box, self.join_button]),
            widgets.HTML("<b>Create a table</b>"), create,
            widgets.HTML("<b>Teacher</b>"), widgets.HBox([self.key_box, self.teacher_button])])
        # seated (or watching)
        self.status = widgets.HTML()
        self.status.add_class("dn-table-status")
        self.leave_button = widgets.Button(description="Back to the tables")
        self.leave_button.add_class("dn-leave-table")
        self.board_box = widgets.Box()
        self.seated = widgets.VBox([widgets.HBox([self.status, self.leave_button]), self.board_box])
        # the teacher's room
        self.room_list = widgets.HTML()
        self.room_list.add_class("dn-room-list")
        self.table_picker = widgets.Dropdown(description="Table")
        self.open_button = widgets.Button(description="Open in teaching mode")
        self.open_button.add_class("dn-open-table")
        self.close_button = widgets.Button(description="Close the table", button_style="danger")
        self.close_button.add_class("dn-close-table")
        self.room_view = widgets.VBox([self.room_list,
                                       widgets.HBox([self.table_picker, self.open_button, self.close_button])])
        self.keeper = keeper if keeper is not None else SeatKeeper()
        self.keeper.on_msg(self._on_keeper)
        self.screen = widgets.Box([self.menu])
        self.widget = widgets.VBox([self.message, self.screen])
        self.widget.add_class("dn-tables")
        self.game_picker.observe(self._game_changed, names="value")
        self.players.observe(self._players_changed, names="value")
        self.create_button.on_click(lambda _b: self.create())
        self.join_button.on_click(lambda _b: self.join())
        self.teacher_button.on_click(lambda _b: self.open_teacher(self.key_box.value))
        self.leave_button.on_click(lambda _b: self.leave())
        self.open_button.on_click(lambda _b: self.watch(self.table_picker.value))
        self.close_button.on_click(lambda _b: self.close_table(self.table_picker.value))
        self._game_changed()
        self._task = self.start() if follow else None

    # ------------------------------------------------------------------ store and settings
    @property
    def store(self) -> Store:
        if self._store is None:
            self._store = open_store()
        return self._store

    def _game_changed(self, _change: Any = None) -> None:
        rules = GAMES[self.game_picker.value]
        counts = list(range(rules.min_players, min(rules.max_players, len(self.seat_boxes)) + 1))
        previous = self.players.value
        self.players.options = counts
        self.players.value = previous if previous in counts else min(max(3, counts[0]), counts[-1])
        self.options.show(rules)
        self._players_changed()

    def _players_changed(self, _change: Any = None) -> None:
        for i, box in enumerate(self.seat_boxes):
            box.layout.display = "" if i < (self.players.value or 0) else "none"

    def _say(self, text: str, *, error: bool = False) -> None:
        css = "dn-message" if error else "dn-info"
        self.message.value = f'<span class="{css}">{escape(text)}</span>' if text else ""

    # ------------------------------------------------------------------ taking a seat
    def create(self) -> str | None:
        """Create a table with the chosen game, options and seats; show its code (and sit at
        the first learner seat if "take ... myself" is ticked). Returns the code."""
        seats = tuple(box.value for box in self.seat_boxes[:self.players.value])
        try:
            code = create_table(self.store, self.game_picker.value, seats, options=self.options.values(),
                                room=self.room)
        except DanishNbError as exc:
            self._say(f"Cannot create the table: {exc}", error=True)
            return None
        if self.sit.value and HUMAN in seats:
            self._seat(TableSession.join(self.store, code, name=self.name.value.strip()))
        self._say(f"Table {code} is ready: learners join it with the code {code}.")
        return code

    def join(self, code: str | None = None) -> TableSession | None:
        """Join the table whose code is typed (or ``code``): back at your own seat if this
        browser holds its token, else at the first free learner seat."""
        try:
            code = read_code(self.code_box.value if code is None else code)
            token = self.tokens.get(code)
            if token is not None:
                try:
                    return self._seat(TableSession.rejoin(self.store, code, token))
                except SeatTokenError:
                    self._forget(code)
            session = self._seat(TableSession.join(self.store, code, name=self.name.value.strip()))
        except DanishNbError as exc:
            self._say(f"Cannot join: {exc}", error=True)
            return None
        self._say(f"You sit at table {code} as P{session.seat + 1}.")
        return session

    def rejoin(self, code: str, token: str) -> TableSession | None:
        """Take back the seat this browser's token holds (a reload); a refused token is forgotten."""
        try:
            session = self._seat(TableSession.rejoin(self.store, code, token))
        except DanishNbError as exc:
            if isinstance(exc, SeatTokenError):
                self._forget(code)
            self._say(f"Your seat at table {code} was not given back: {exc}", error=True)
            return None
        self._say(f"Welcome back to table {code}: you are P{session.seat + 1}.")
        return session

    def _seat(self, session: TableSession) -> TableSession:
        """Show ``session``'s board (its seat's view only) and keep its token in the browser."""
        self._drop_board()
        self.session = session
        self.board = table_board(session)
        self.board_box.children = [self.board.widget]
        session.game.listeners.append(lambda _game: self._show_status())  # every move, whoever stored it
        self.screen.children = [self.seated]
        if session.token is not None:
            self.tokens[session.code] = session.token
            self.keeper.send({"act": "keep", "code": session.code, "token": session.token})
        session.update()  # computer seats whose turn it already is
        self._beat = 0.0
        self._show_status()
        return session

    def _forget(self, code: str) -> None:
        self.tokens.pop(code, None)
        self.keeper.send({"act": "forget", "code": code})

    def _drop_board(self) -> None:
        if self.board is not None:
            self.board.close()
        self.board = None
        self.session = None

    def leave(self) -> None:
        """Back to the menu (or the teacher's list); the seat stays yours (join again with the code)."""
        watching = self.session is not None and self.session.seat is None
        self._drop_board()
        self.board_box.children = []
        if watching and self.teacher is not None:
            self.screen.children = [self.room_view]
            self.show_tables()
        else:
            self.keeper.send({"act": "leave"})
            self.screen.children = [self.menu]
        self._say("")

    def _on_keeper(self, _widget: Any, content: Any, _buffers: Any) -> None:
        """The browser reports the seats it holds: remember them, and sit down at the last one."""
        if not isinstance(content, dict) or content.get("act") != "stored" or not isinstance(content.get("seats"), dict):
            return
        for code, token in list(content["seats"].items())[:STORED_LIMIT]:
            if _text(code, 12) and _text(token, 200):
                self.tokens[code] = token
        last = _text(content.get("last"), 12)
        if last in self.tokens and self.session is None:
            self.rejoin(last, self.tokens[last])

    # ------------------------------------------------------------------ the teacher
    def open_teacher(self, key: str) -> bool:
        """Show the room's tables if ``key`` is the server's teacher key (``$DANISH_NB_TEACHER_KEY``)."""
        expected = os.environ.get(TEACHER_ENV, "")
        if not expected:
            self._say(f"The teacher view is off: start the server with {TEACHER_ENV} set to a key.", error=True)
            return False
        try:
            right = check_teacher_key(self.store, self.room, self.visitor, key, expected)
        except TooManyTries as exc:
            tr = translator(self.lang)
            text = (tr.n("Too many wrong teacher keys from this computer: try again in {n} minute.",
                         "Too many wrong teacher keys from this computer: try again in {n} minutes.", exc.minutes)
                    if exc.scope == "source" else
                    tr.n("Too many wrong teacher keys in this room: the teacher view opens again in {n} minute.",
                         "Too many wrong teacher keys in this room: the teacher view opens again in {n} minutes.",
                         exc.minutes))
            self.key_box.value = ""
            self._say(text, error=True)
            return False
        if not right:
            self._say("That is not the teacher key.", error=True)
            return False
        self.key_box.value = ""
        self.teacher = Teacher(self.store, self.room)
        self._drop_board()
        self.screen.children = [self.room_view]
        self.show_tables()
        self._say("")
        return True

    def show_tables(self) -> None:
        """Draw the teacher's list of the room's tables."""
        assert self.teacher is not None
        rows = self.teacher.tables()
        self._listed = time.monotonic()
        self.room_list.value = room_html(rows)
        options = [(f"{r['code']} ({GAMES[r['game']].title})", r["code"]) for r in rows]
        if [v for _, v in options] != [v for _, v in self.table_picker.options]:
            chosen = self.table_picker.value
            self.table_picker.options = options
            codes = [v for _, v in options]
            self.table_picker.value = chosen if chosen in codes else (codes[-1] if codes else None)

    def watch(self, code: str | None) -> None:
        """Open a table in teaching mode (every hand shown; no seat, no moves)."""
        if self.teacher is None or not code:
            self._say("Open the teacher view first, then choose a table.", error=True)
            return
        try:
            self._seat(self.teacher.watch(code))
        except DanishNbError as exc:
            self._say(str(exc), error=True)

    def close_table(self, code: str | None) -> None:
        """End a table (the teacher's call): it keeps its moves and takes no more."""
        if self.teacher is None or not code:
            self._say("Open the teacher view first, then choose a table.", error=True)
            return
        try:
            self.teacher.close(code)
        except DanishNbError as exc:
            self._say(str(exc), error=True)
            return
        self.show_tables()
        self._say(f"Table {code} is closed.")

    # ------------------------------------------------------------------ keeping up
    def poll(self) -> bool:
        """Catch up with the store once: new moves reach the board, computer seats play, the
        seat is marked connected now and then, the teacher's list is refreshed. Whether the
        table changed."""
        now = time.monotonic()
        changed = False
        if self.session is not None:
            try:
                changed = self.session.update()
                if now - self._beat >= HEARTBEAT:
                    self.session.heartbeat()
                    self._beat = now
                    changed = True  # who is connected may have changed
            except TableError as exc:
                self._say(str(exc), error=True)
            if changed:
                self._show_status()
        elif self.teacher is not None and now - self._listed >= LIST_EVERY:
            self.show_tables()
        return changed

    def start(self) -> asyncio.Task | None:
        """Follow the table from a task on the running event loop (a kernel's); None without one."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return None
        return loop.create_task(self._follow())

    async def _follow(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            session = self.session
            if session is None:
                await asyncio.sleep(WAIT)
            else:
                await loop.run_in_executor(None, session.store.wait_for_change, session.code,
                                           session.info.version, WAIT)
            try:
                self.poll()
            except Exception as exc:  # noqa: BLE001 -- keep following; the server log gets it
                print(f"danish_nb table app: {exc!r}", file=sys.stderr)

    def _show_status(self) -> None:
        if self.session is not None:
            self.status.value = status_html(self.session.header())


def status_html(header: dict[str, Any]) -> str:
    """The line above a table's board: the code, who sits where (connected or not), whose turn.

    >>> html = status_html({"code": "K7QX2M", "title": "Bastard", "seat": 0, "turn": 1, "finished": False,
    ...     "closed": False, "result": None, "seats": [
    ...     {"seat": 0, "kind": "human", "name": "Ada", "taken": True, "connected": True},
    ...     {"seat": 1, "kind": "rule-of-thumb", "name": "", "taken": False, "connected": True}]})
    >>> "K7QX2M" in html and "dn-turn" in html and "Ada" in html
    True
    """
    seat = header["seat"]
    who = f"you are P{seat + 1}" if seat is not None else "watching"
    rows = []
    for s in header["seats"]:
        name = escape(s["name"]) if s["name"] else ("free seat" if s["kind"] == HUMAN else "computer")
        if s["kind"] != HUMAN:
            name = f"{name} ({escape(s['kind'])})"
        you = " (you)" if s["seat"] == seat else ""
        state = "connected" if s["connected"] and (s["taken"] or s["kind"] != HUMAN) else "away"
        turn = " dn-turn" if s["seat"] == header["turn"] and not header["closed"] else ""
        mark = " ◀ to play" if turn else ""
        rows.append(f'<li class="dn-table-seat dn-{state}{turn}">P{s["seat"] + 1}: {name}{you} '
                    f'<small>{state}</small>{mark}</li>')
    if header["closed"]:
        end = "<p class=\"dn-table-end\">The teacher closed this table.</p>"
    elif header["finished"]:
        end = f"<p class=\"dn-table-end\">Game over: {escape(header['result'] or '')}</p>"
    else:
        end = ""
    return (f'<div><b>Table {escape(header["code"])}</b> · {escape(header["title"])} · {who}'
            f'<ul class="dn-table-seats">{"".join(rows)}</ul>{end}</div>')


def room_html(rows: list[dict[str, Any]]) -> str:
    """The teacher's list: one row per table (code, game, seats, whose turn, moves, finished).

    >>> room_html([])
    '<p class="dn-room-empty">No tables in this room yet.</p>'
    """
    if not rows:
        return '<p class="dn-room-empty">No tables in this room yet.</p>'
    body = []
    for r in rows:
        seats = ", ".join(f"P{s['seat'] + 1} " + (escape(s["name"]) or ("free" if s["kind"] == HUMAN else escape(s["kind"])))
                          + ("" if s["connected"] or s["kind"] != HUMAN or not s["taken"] else " (away)")
                          for s in r["seats"])
        state = "closed" if r["closed"] else "finished" if r["finished"] else "playing"
        turn = f"P{r['turn'] + 1}" if r["turn"] is not None and state == "playing" else "-"
        body.append(f'<tr class="dn-room-table" data-code="{escape(r["code"])}"><td>{escape(r["code"])}</td>'
                    f'<td>{escape(GAMES[r["game"]].title)}</td><td>{seats}</td><td>{turn}</td>'
                    f'<td>{r["moves"]}</td><td>{state}</td></tr>')
    return ('<table class="dn-room"><tr><th>code</th><th>game</th><th>seats</th><th>turn</th><th>moves</th>'
            f'<th>state</th></tr>{"".join(body)}</table>')


class ClassTables:
    """The class-table screen added to the app's ``root`` box: a "Play here / Class table"
    switch on top and the screen below it, built when first chosen or when this browser reports
    a seat to go back to (so a page that never uses it pays only for the switch and the keeper).
    Keyword arguments go to :class:`TableApp`."""

    def __init__(self, root: widgets.Box, **kwargs: Any):
        self._kwargs = kwargs
        self._app: TableApp | None = None
        self._stored: list[Any] = []
        self.keeper = SeatKeeper()
        self.switch = widgets.ToggleButtons(options=("Play here", "Class table"), value="Play here")
        self.switch.add_class("dn-mode")
        self.holder = widgets.Box()
        self.holder.layout.display = "none"
        self._playing = list(root.children)
        self.keeper.on_msg(self._reported)
        self.switch.observe(self._switched, names="value")
        root.children = (self.switch, self.keeper, *self._playing, self.holder)

    @property
    def app(self) -> TableApp:
        """The class-table screen (built now if it was not yet)."""
        if self._app is None:
            self._app = TableApp(keeper=self.keeper, **self._kwargs)
            self.holder.children = [self._app.widget]
            for content in self._stored:  # what the browser reported before the screen existed
                self._app._on_keeper(self.keeper, content, [])
        return self._app

    def _switched(self, change: Any) -> None:
        tables = change["new"] == "Class table"
        for child in self._playing:
            child.layout.display = "none" if tables else ""
        self.holder.layout.display = "" if tables else "none"
        if tables:
            self.app  # noqa: B018 -- build it

    def _reported(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if self._app is not None:
            return
        self._stored.append(content)
        if isinstance(content, dict) and _text(content.get("last"), 12):
            self.switch.value = "Class table"  # a seat to go back to: show it at once


__all__ = ["ClassTables", "SeatKeeper", "TableApp", "room_html", "status_html"]

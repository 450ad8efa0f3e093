"""The app's class-table screen: create a table, join one with its code, play at your seat on the
board of :mod:`danish_nb.widgets.table_board`, and (with the teacher key) see the room.

The seat token lives only in the learner's browser (:mod:`danish_nb.widgets.seat_keeper`); the
teacher's part is :mod:`danish_nb.widgets.table_teacher`; the app's switch to this screen is
:mod:`danish_nb.widgets.class_tables`.

Updates arrive without a click: a task on the kernel's event loop waits for the table to change
(``store.wait_for_change`` in a worker thread: PostgreSQL's NOTIFY, or SQLite polled every
0.1 s; at most :data:`WAIT` s), then catches the session up on the loop's own thread, so the
board is only ever changed there. In tests without a running loop, call :meth:`TableApp.poll`.

Who is connected comes from the pages themselves: a seated learner's page beats every
``BEAT_SECONDS`` (its seat keeper), each beat marks the seat seen in the store, and every page
reads the seats again on its own clock (:data:`PRESENCE_EVERY`), moves or not; the board, the
status line and the teacher's list all show :func:`~danish_nb.tables.session.present`. A page
whose seat was opened on another device says so and plays no more.

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
from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as widgets

from ..core import GAMES, DanishNbError, Game, Verdict
from ..i18n import N_, M, check_lang, translator
from ..server.visitor import this_visitor
from ..tables import (
    HUMAN,
    SeatTokenError,
    Store,
    StoreUnavailable,
    TableError,
    TableSession,
    create_table,
    open_store,
    read_code,
)
from ..tables.codes import hash_token
from ..tables.errors import UnknownTable
from ..tables.keys import Guesses
from ..tables.roster import DEVICE_CODE_LENGTH, Member, Roster, RosterError
from ..tables.session import new_device, present
from ..tables.store import UNAVAILABLE
from ..words import SEAT_WORDS, SEATS
from . import has_board
from .board import Board
from .news import not_played
from .seat_keeper import SeatKeeper, read_report
from .settings import GameForm
from .table_board import table_board
from .table_teacher import TeacherView
from .table_words import presence, seat_name

#: The environment variable naming the room this server's tables belong to.
ROOM_ENV = "DANISH_NB_ROOM"
#: Seconds the follow task waits for a change before looking again (the "poll of at most 1 s").
WAIT = 1.0
#: Seconds between two readings of who is connected (a closed page shows away everywhere
#: within ``AWAY_SECONDS`` plus this).
PRESENCE_EVERY = 2.0
#: The fewest seconds between two beats of a page that count (a page beats every few seconds;
#: a page sending more is not believed more often).
BEAT_FLOOR = 1.0
#: What a seat box offers: a learner (a class table's person at a screen), or a computer player in
#: the words the app's settings offer it (:data:`~danish_nb.words.SEATS`).
SEAT_CHOICES = ((N_("a learner"), HUMAN), *((SEATS[kind].choice, kind) for kind in ("rule-of-thumb", "random")))
#: How the status line names a computer's seat.
COMPUTER = N_("computer")


class TableApp(TeacherView):
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
        #: Called with the game and verdict of each illegal move the learner tries on the seat's
        #: board (the app's practice counts it against the rule that forbids it).
        self.tried: list[Callable[[Game, Verdict], None]] = []
        self.tokens: dict[str, str] = {}
        #: This browser's id (its pages share it; told by the seat keeper when the page opens).
        self.device = new_device()
        self._beat = self._seats_read = 0.0
        self._drawn_version = -1  # the table's version the status line shows
        self._lost_told = False
        #: The seat this browser holds, to sit at again once the store answers (it did not when
        #: the page opened).
        self._rejoin_later: tuple[str, str] | None = None
        #: Whether the store did not answer at the last poll (its message is cleared once it does).
        self._store_away = False
        #: This browser's learner in the class roster (joined with the class code), if any.
        self.member: Member | None = None
        #: Who this page arrived in the room's lobby as (the teacher may seat them at a table).
        self._arrived_as: str | None = None
        games = [(rules.title, game_id) for game_id, rules in GAMES.items() if has_board(rules)]
        self.form = GameForm(games, self._seat_choices(), css="dn-table-",
                             seat=lambda i: HUMAN if i < 2 else "rule-of-thumb", lang=self.lang)
        self.game_picker, self.players, self.seat_boxes = self.form.game_picker, self.form.players, self.form.seat_boxes
        self.options = self.form.options
        self.sit = widgets.Checkbox(value=True, indent=False)
        # the app's New game green (JupyterLab's "success" green under white text fails WCAG AA contrast)
        self.create_button = widgets.Button(style={"button_color": "#146c2d", "text_color": "#ffffff"})
        self.create_button.add_class("dn-create-table")
        self.name = widgets.Text()
        self.name.add_class("dn-table-name")
        self.code_box = widgets.Text()
        self.code_box.add_class("dn-table-code")
        self.join_button = widgets.Button(button_style="primary")
        self.join_button.add_class("dn-join-table")
        self.class_box = widgets.Text()
        self.class_box.add_class("dn-class-code")
        self.enrol_button = widgets.Button()
        self.enrol_button.add_class("dn-join-class")
        self.message = widgets.HTML()
        self.message.add_class("dn-table-message")
        self._build_teacher_view()
        create = widgets.VBox([widgets.HBox([self.game_picker, self.players]), self.form.seats_row,
                               self.options.widget, widgets.HBox([self.sit, self.create_button])])
        self.headings = {word: widgets.HTML() for word in (N_("Join a table"), N_("Create a table"), N_("Teacher"))}
        join, make, teach = self.headings.values()
        self.menu = widgets.VBox([
            self.name, widgets.HBox([self.class_box, self.enrol_button]), join,
            widgets.HBox([self.code_box, self.join_button]), make, create,
            teach, widgets.HBox([self.key_box, self.teacher_button])])
        # seated (or watching)
        self.status = widgets.HTML()
        self.status.add_class("dn-table-status")
        self.leave_button = widgets.Button()
        self.leave_button.add_class("dn-leave-table")
        self.board_box = widgets.Box()
        self.seated = widgets.VBox([widgets.HBox([self.status, self.leave_button]), self.board_box])
        self.keeper = keeper if keeper is not None else SeatKeeper()
        self.keeper.on_msg(self._on_keeper)
        self.screen = widgets.Box([self.menu])
        self.widget = widgets.VBox([self.message, self.screen])
        self.widget.add_class("dn-tables")
        self._words()
        self.create_button.on_click(lambda _b: self.create())
        self.join_button.on_click(lambda _b: self.join())
        self.enrol_button.on_click(lambda _b: self.enrol())
        self.leave_button.on_click(lambda _b: self.leave())
        self._task = self.start() if follow else None

    # ------------------------------------------------------------------ store and settings
    @property
    def store(self) -> Store:
        """The store, opened when first needed. Raises :class:`StoreUnavailable` (in a learner's
        words; the driver's detail goes to the server's log) while it cannot be reached."""
        if self._store is None:
            try:
                self._store = open_store()
            except StoreUnavailable as exc:
                print(f"danish_nb table app: {exc}", file=sys.stderr)
                raise StoreUnavailable(UNAVAILABLE) from None
        return self._store

    def _say(self, text: Any, *, error: bool = False) -> None:
        """Show ``text`` (a message, or an error, in the screen's language) above the screen."""
        css = "dn-message" if error else "dn-info"
        shown = text.text_in(self.lang) if isinstance(text, DanishNbError) else translator(self.lang).render(text)
        self.message.value = f'<span class="{css}">{escape(shown)}</span>' if shown else ""

    # ------------------------------------------------------------------ the screen's language
    def _seat_choices(self) -> list[tuple[str, str]]:
        tr = translator(self.lang)
        return [(tr.render(label), kind) for label, kind in SEAT_CHOICES]

    def _words(self) -> None:
        """Every fixed word of the screen in :attr:`lang` (when built, and when it changes)."""
        tr = translator(self.lang)
        self.sit.description = tr("take the first learner seat myself")
        self.create_button.description = tr("Create a table")
        self.name.description, self.name.placeholder = tr("Your name"), tr("shown at the table")
        self.code_box.description, self.code_box.placeholder = tr("Table code"), tr("e.g. {code}", code="K7QX2M")
        self.join_button.description = tr("Join a table")
        self.class_box.description, self.class_box.placeholder = tr("Class code"), tr("or a device code")
        self.enrol_button.description = tr("Join the class")
        self.leave_button.description = tr("Back to the tables")
        for word, heading in self.headings.items():
            heading.value = f"<b>{escape(tr.render(word))}</b>"
        self._teacher_words()

    def set_lang(self, lang: str) -> None:
        """Show the screen in ``lang`` (``"en"``, ``"fr"``, ``"de"``): its words, the form (choices
        kept), the status line, the board or the teacher's list.

        >>> from danish_nb.tables import open_store
        >>> app = TableApp(open_store("sqlite:///:memory:"), follow=False)
        >>> app.set_lang("de"); app.join_button.description, app.seat_boxes[0].options[0]
        ('Einem Tisch beitreten', ('ein Lernender', 'human'))
        """
        self.lang = check_lang(lang)
        self._words()
        self.form.relabel(self.lang, self._seat_choices())
        if self.session is not None:
            self._show_board()
            self._show_status()
        elif self.teacher is not None:
            self.show_tables()
        self._say("")

    # ------------------------------------------------------------------ taking a seat
    def create(self) -> str | None:
        """Create a table with the chosen game, options and seats; show its code (and sit at
        the first learner seat if "take ... myself" is ticked). Returns the code."""
        seats = self.form.seats()
        try:
            code = create_table(self.store, self.game_picker.value, seats, options=self.options.values(),
                                room=self.room)
        except DanishNbError as exc:
            self._say(M("Cannot create the table: {error}", error=exc), error=True)
            return None
        if self.sit.value and HUMAN in seats:
            self._seat(TableSession.join(self.store, code, name=self.name.value.strip(), device=self.device))
        self._say(M("Table {code} is ready: learners join it with the code {code}.", code=code))
        return code

    def join(self, code: str | None = None) -> TableSession | None:
        """Join the table whose code is typed (or ``code``): back at your own seat if this
        browser holds its token, else at the first free learner seat."""
        try:
            code = read_code(self.code_box.value if code is None else code)
            token = self.tokens.get(code)
            if token is not None:
                try:
                    return self._seat(TableSession.rejoin(self.store, code, token, device=self.device))
                except SeatTokenError:
                    self._forget(code)
            guesses = self.guesses("code")
            guesses.check()  # codes guessed from this device or address wait, across pages and reloads
            try:
                session = self._seat(TableSession.join(self.store, code, name=self.name.value.strip(),
                                                       device=self.device, room=self.room,
                                                       learner=self.member.learner if self.member else None))
            except UnknownTable:
                guesses.count(right=False)
                raise
            guesses.count(right=True)
        except DanishNbError as exc:
            self._say(M("Cannot join: {error}", error=exc), error=True)
            return None
        self._say(M("You sit at table {code} as P{seat}.", code=code, seat=session.seat + 1))
        return session

    def rejoin(self, code: str, token: str) -> TableSession | None:
        """Take back the seat this browser's token holds (a reload); a refused token is forgotten."""
        try:
            session = self._seat(TableSession.rejoin(self.store, code, token, device=self.device))
        except DanishNbError as exc:
            if isinstance(exc, SeatTokenError):
                moved_to = self._moved_to(token)
                self._forget(code)
                if moved_to is not None and moved_to != code:  # the teacher moved this learner: follow
                    return self.rejoin(moved_to, token)
            self._rejoin_later = (code, token) if isinstance(exc, StoreUnavailable) else None
            self._say(M("Your seat at table {code} was not given back: {error}", code=code, error=exc), error=True)
            return None
        self._rejoin_later = None
        self._say(M("Welcome back to table {code}: you are P{seat}.", code=code, seat=session.seat + 1))
        return session

    def _seat(self, session: TableSession) -> TableSession:
        """Show ``session``'s board (its seat's view only) and keep its token, and the learner's
        name, in the browser (whose page then beats while it is open)."""
        self._drop_board()
        self.session = session
        self._show_board()
        session.game.listeners.append(lambda _game: self._show_status())  # every move, whoever stored it
        self.screen.children = [self.seated]
        if session.token is not None:
            self.tokens[session.code] = session.token
            name = self.name.value.strip() or session.info.seats[session.seat].name
            self.keeper.send({"act": "keep", "code": session.code, "token": session.token, "name": name})
            self.arrive(name)
        session.update()  # computer seats whose turn it already is
        self._beat = self._seats_read = time.monotonic()
        self._lost_told = False
        self._show_status()
        return session

    def _show_board(self) -> None:
        """Draw the session's board in the screen's language, in place of any board before: a
        seat's with the coach (Hint, Review my game) under it, a watcher's without."""
        if self.board is not None:
            self.board.close()
        board = self.board = table_board(self.session, self.lang)
        board.tried.append(lambda verdict: [listener(board.game, verdict) for listener in self.tried])
        board.tried.append(self.session.slip)  # the teacher's live view: which rules are broken in play
        self.board_box.children = [self.board.box if self.session.seat is not None else self.board.widget]

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
        """The browser's keeper: a beat of the open page, or (when the page opens) the seats it
        holds, its device and the learner's name: remember them, and sit down at the last seat."""
        if isinstance(content, dict) and content.get("act") == "beat":
            self.beat()
            return
        report = read_report(content)
        if report is None:
            return
        self.tokens.update(report.seats)
        if report.device is not None:
            self.device = report.device
        if report.member and self.member is None:  # this browser's learner in the class roster
            try:
                self.member = Roster(self.store, self.room).member(report.member)
            except TableError as exc:
                print(f"danish_nb table app: {exc}", file=sys.stderr)
            if self.member is not None:
                self.name.value = self.member.name
        if report.name and not self.name.value.strip():
            self.name.value = report.name
        if report.name and report.last not in self.tokens:
            self.arrive(report.name)  # back in the class (a learner with a seat arrives when seated)
        if report.last in self.tokens and self.session is None:
            self.rejoin(report.last, self.tokens[report.last])
        elif report.teacher and self.session is None and self.teacher is None:
            self.open_with_pass(report.teacher)  # the teacher stays signed in across reloads and servers

    def enrol(self, text: str | None = None) -> Member | None:
        """Join the class with its code and the name typed (one identity at every table, in
        practice and lessons), or make this device the learner a device code was made for (the
        teacher shows it). The learner's key is kept in this browser."""
        text = self.class_box.value if text is None else text
        roster = Roster(self.store, self.room)
        try:
            typed = "".join(text.split()).upper()
            if typed == "".join(self.room.split()).upper() or len(typed) != DEVICE_CODE_LENGTH:
                member = roster.enrol(text, self.name.value)  # (another code: "not this class's code")
                said = M("You joined the class as {name}.", name=member.name)
            else:
                guesses = self.guesses("code")  # device codes are guessed like table codes
                guesses.check()
                try:
                    member = roster.redeem(text)
                except RosterError:
                    guesses.count(right=False)
                    raise
                said = M("This device is {name}'s now.", name=member.name)
        except DanishNbError as exc:
            self._say(exc, error=True)
            return None
        self.member = member
        self.name.value = member.name
        self.class_box.value = ""
        self.keeper.send({"act": "member", "key": member.key})
        self.arrive(member.name)
        self._say(said)
        return member

    def guesses(self, what: str) -> Guesses:
        """This browser's and address's tries of table codes (``"code"``) or of the teacher key
        (``"key"``), counted in the store (:class:`~danish_nb.tables.keys.Guesses`)."""
        return Guesses(self.store, what, device=self.device, address=self.visitor)

    def arrive(self, name: str) -> None:
        """Count this browser's learner as arrived in the room (the teacher's lobby); a store
        that does not answer just now costs the lobby one line, not the page."""
        who = self.member.learner if self.member else self.device
        try:
            self.store.arrive(self.room, who, name)
            self._arrived_as = who
        except TableError as exc:
            print(f"danish_nb table app: {exc}", file=sys.stderr)

    def beat(self) -> None:
        """The page says it is open (its keeper beats every few seconds while the learner is
        seated): the seat counts as connected. A page whose seat another device opened is told."""
        now = time.monotonic()
        if self.session is None or self.session.seat is None or now - self._beat < BEAT_FLOOR:
            return
        self._beat = now
        session = self.session
        try:
            counted = session.heartbeat()
            if not counted and not self._lost_told:  # another device holds the seat: say so now
                session.refresh()
                self._show_status()
            elif counted and not present(session.info.seats[session.seat]):  # back (a tab shown again):
                session.reread_seats()  # "(you)" is connected at once, not at the next reading
                self._show_status()
        except TableError as exc:
            self._say(exc, error=True)

    # ------------------------------------------------------------------ keeping up
    def poll(self) -> bool:
        """Catch up with the store once: new moves reach the board, computer seats play; who is
        connected is read again every :data:`PRESENCE_EVERY` s (moves or not); the teacher's
        list is refreshed. Whether the table changed."""
        now = time.monotonic()
        changed = presence = False
        if self.session is not None:
            session = self.session
            try:
                changed = session.update()
                if now - self._seats_read >= PRESENCE_EVERY:
                    session.reread_seats()
                    self._seats_read = now
                    presence = True
                self._store_back()
            except StoreUnavailable as exc:
                self._store_away = True
                self._say(exc, error=True)
            except TableError as exc:
                self._say(exc, error=True)
            moved_to = self._moved_to(session.token) if session.seat_lost() is not None else None
            if moved_to is not None and moved_to != session.code:  # the teacher moved this learner
                self._forget(session.code)
                self.rejoin(moved_to, session.token)
                return True
            if session.refused is not None and self.board is not None:  # the waiting move was refused
                self.board._say(not_played(session.refused))
                session.refused = None
            if changed or presence or session.info.version != self._drawn_version:
                self._show_status()  # (a move refused by a closed table caught the session up too)
        elif self._rejoin_later is not None:
            self.rejoin(*self._rejoin_later)  # the page opened while the store was away
        else:
            self.refresh_tables()
            self._take_assignment()
        return changed

    def _take_assignment(self) -> None:
        """A learner who arrived and sits nowhere: sit down at the table the teacher chose, if any."""
        if self.teacher is not None or self._arrived_as is None:
            return
        try:
            code = self.store.take_assignment(self.room, self._arrived_as)
        except TableError as exc:
            print(f"danish_nb table app: {exc}", file=sys.stderr)
            return
        if code is not None:
            self.join(code)

    def _moved_to(self, token: str | None) -> str | None:
        """The table of this room where this seat token holds a seat now (the teacher moved its
        learner), or None."""
        if token is None:
            return None
        try:
            return self.store.find_token(hash_token(token), self.room)
        except TableError:
            return None

    def _store_back(self) -> None:
        """The store answered: clear what was said while it did not."""
        if self._store_away:
            self._store_away = False
            self._say("")

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
                try:
                    await loop.run_in_executor(None, session.store.wait_for_change, session.code,
                                               session.info.version, WAIT)
                except TableError:  # the store is away (or the table gone): look again in a while
                    await asyncio.sleep(WAIT)
            try:
                self.poll()
            except Exception as exc:  # noqa: BLE001 -- keep following; the server log gets it
                print(f"danish_nb table app: {exc!r}", file=sys.stderr)

    def _show_status(self) -> None:
        """Draw the status line and the board's seat names (who is away); tell a page whose seat
        was opened on another device, once."""
        session = self.session
        if session is None:
            return
        self._drawn_version = session.info.version
        header = session.header()
        if session.game.result is not None:
            header["result"] = session.game.result.reason_in(self.lang)
        self.status.value = status_html(header, self.lang)
        lost = session.seat_lost()
        if lost is not None and not self._lost_told:
            self._lost_told = True
            self.keeper.send({"act": "rest"})  # no more beats from this page
            self._say(lost, error=True)
        if self.board is not None and self.board.redraw_if_changed() and session.seat is not None:
            self.board.coach.refresh()  # away, closed or lost: the board's moves (and Hint) withdrawn


def status_html(header: dict[str, Any], lang: str = "en") -> str:
    """The line above a table's board: the code, who sits where (connected or away), whose turn.

    >>> html = status_html({"code": "K7QX2M", "title": "Bastard", "seat": 0, "turn": 1, "finished": False,
    ...     "closed": False, "result": None, "seats": [
    ...     {"seat": 0, "kind": "human", "name": "Ada", "taken": True, "state": "connected"},
    ...     {"seat": 1, "kind": "rule-of-thumb", "name": "", "taken": False, "state": "computer"},
    ...     {"seat": 2, "kind": "human", "name": "", "taken": True, "state": "away"}]})
    >>> "K7QX2M" in html and "dn-turn" in html and "Ada (you) <small>connected" in html
    True
    >>> "P3: Learner 3 <small>away</small>" in html
    True
    """
    tr = translator(lang)
    seat = header["seat"]
    who = tr("you are P{seat}", seat=seat + 1) if seat is not None else tr("watching")
    rows = []
    for s in header["seats"]:
        name = escape(seat_name(s, tr))
        if s["kind"] != HUMAN:
            name = f"{escape(tr.render(COMPUTER))} ({name})"
        you = f" ({escape(tr.render(SEAT_WORDS['you']))})" if s["seat"] == seat else ""
        state = s["state"]
        turn = " dn-turn" if s["seat"] == header["turn"] and not header["closed"] else ""
        mark = f" ◀ {escape(tr('to play'))}" if turn else ""
        said = presence(s, tr)
        small = f" <small>{escape(said)}</small>" if said else ""
        rows.append(f'<li class="dn-table-seat dn-{state}{turn}">P{s["seat"] + 1}: {name}{you}{small}{mark}</li>')
    if header["closed"]:
        end = f'<p class="dn-table-end">{escape(tr("The teacher closed this table."))}</p>'
    elif header["finished"]:
        end = f'<p class="dn-table-end">{escape(tr("Game over: {result}", result=header["result"] or ""))}</p>'
    else:
        end = ""
    table = escape(tr("Table {code}", code=header["code"]))
    return (f'<div><b>{table}</b> · {escape(header["title"])} · {escape(who)}'
            f'<ul class="dn-table-seats">{"".join(rows)}</ul>{end}</div>')


__all__ = ["SEAT_CHOICES", "TableApp", "status_html"]

"""The teacher's part of the class-table screen: with the teacher key, the room's tables (game,
seats, whose turn, moves, playing / finished / closed), any of them opened in teaching mode, or
closed; and the join screen for the projector: the addresses learners open (large, with their
QR code), the class code, and the lobby of who has arrived. Wrong keys slow down only the page
that typed them (:mod:`danish_nb.tables.keys`).
"""

from __future__ import annotations

import os
import time
from html import escape
from typing import Any

import ipywidgets as widgets

from ..core import GAMES, DanishNbError
from ..i18n import N_, M, translator
from ..server.join import qr_svg, read_join_env
from ..tables import Teacher
from ..tables.keys import TEACHER_ENV, KeyGuard, TooManyTries, pass_opens, teacher_pass
from ..tables.roster import DEVICE_CODE_MINUTES, Roster
from ..tables.session import AWAY_SECONDS
from .table_words import LEARNER, moved_note, seat_name

#: Seconds between refreshes of the teacher's list.
LIST_EVERY = 2.0
#: A table's state in the teacher's list.
STATES = {"playing": N_("playing"), "finished": N_("finished"), "closed": N_("closed")}
#: Seconds within which a second click on "Erase" erases.
CONFIRM_SECONDS = 10
#: The list's column headings.
COLUMNS = (N_("code"), N_("game"), N_("seats"), N_("turn"), N_("moves"), N_("state"))


class TeacherView:
    """Mixin of :class:`~danish_nb.widgets.table_app.TableApp`: the key field (``key_box``,
    ``teacher_button``) and the room (``room_view``: ``room_list``, ``table_picker``,
    ``open_button``, ``close_button``)."""

    teacher: Teacher | None = None
    _listed = 0.0

    def _build_teacher_view(self) -> None:
        self._key_guard = KeyGuard()  # this page's wrong keys (its kernel is the learner's device)
        self._rows: list[dict[str, Any]] = []  # the room's tables as last listed
        self._said: list[int] = []  # how many tables a teacher's act closed or erased
        self._erase_asked = 0.0
        self._room_locked = False
        self.key_box = widgets.Password()
        self.key_box.add_class("dn-teacher-key")
        self.teacher_button = widgets.Button()
        self.teacher_button.add_class("dn-teacher-view")
        self.room_list = widgets.HTML()
        self.room_list.add_class("dn-room-list")
        self.table_picker = widgets.Dropdown()
        self.table_picker.add_class("dn-table-picker")
        self.open_button = widgets.Button()
        self.open_button.add_class("dn-open-table")
        self.close_button = widgets.Button(button_style="danger")
        self.close_button.add_class("dn-close-table")
        # one learner: free the seat (a laptop that died), or rename; a table or the class: lock
        self.seat_picker = widgets.Dropdown()
        self.seat_picker.add_class("dn-seat-picker")
        self.free_button = widgets.Button()
        self.free_button.add_class("dn-free-seat")
        self.new_name = widgets.Text()
        self.new_name.add_class("dn-new-name")
        self.move_button = widgets.Button()
        self.move_button.add_class("dn-move-seat")
        self.remove_button = widgets.Button()
        self.remove_button.add_class("dn-remove-learner")
        self.device_code_button = widgets.Button()
        self.device_code_button.add_class("dn-device-code")
        self.rename_button = widgets.Button()
        self.rename_button.add_class("dn-rename-seat")
        self.lock_button = widgets.Button()
        self.lock_button.add_class("dn-lock-table")
        self.lock_room_button = widgets.Button()
        self.lock_room_button.add_class("dn-lock-room")
        self.projector_button = widgets.Button(icon="desktop")
        self.projector_button.add_class("dn-projector")
        self.archive_button = widgets.Button()
        self.archive_button.add_class("dn-archive-class")
        self.erase_button = widgets.Button(button_style="danger")
        self.erase_button.add_class("dn-erase-class")
        self.sign_out_button = widgets.Button()
        self.sign_out_button.add_class("dn-sign-out")
        # a learner in the lobby (arrived, at no table): seat them at the chosen table
        self.lobby_picker = widgets.Dropdown()
        self.lobby_picker.add_class("dn-lobby-picker")
        self.assign_button = widgets.Button()
        self.assign_button.add_class("dn-assign-learner")
        self.join_screen_button = widgets.Button(icon="qrcode")
        self.join_screen_button.add_class("dn-join-screen-button")
        self.room_view = widgets.VBox([
            self.room_list, widgets.HBox([self.table_picker, self.open_button, self.projector_button, self.close_button,
                                          self.lock_button]),
            widgets.HBox([self.seat_picker, self.free_button, self.move_button, self.remove_button,
                          self.device_code_button, self.new_name, self.rename_button]),
            widgets.HBox([self.lobby_picker, self.assign_button]),
            widgets.HBox([self.lock_room_button, self.join_screen_button, self.archive_button, self.erase_button,
                          self.sign_out_button])])
        self.join_screen = widgets.HTML()
        self.join_screen.add_class("dn-join-screen")
        self.tables_button = widgets.Button()
        self.tables_button.add_class("dn-back-to-room")
        self.join_view = widgets.VBox([self.join_screen, self.tables_button])
        self.join_screen_button.on_click(lambda _b: self.show_join_screen())
        self.sign_out_button.on_click(lambda _b: self.sign_out())
        self.projector_button.on_click(lambda _b: self.project(self.table_picker.value))
        self.archive_button.on_click(lambda _b: self.archive_class())
        self.erase_button.on_click(lambda _b: self.erase_class())
        self.free_button.on_click(lambda _b: self.free_seat(self.seat_picker.value))
        self.rename_button.on_click(lambda _b: self.rename_seat(self.seat_picker.value, self.new_name.value))
        self.move_button.on_click(lambda _b: self.move_seat(self.seat_picker.value, self.table_picker.value))
        self.remove_button.on_click(lambda _b: self.remove_learner(self.seat_picker.value))
        self.device_code_button.on_click(lambda _b: self.show_device_code(self.seat_picker.value))
        self.lock_button.on_click(lambda _b: self.lock_table(self.table_picker.value))
        self.assign_button.on_click(lambda _b: self.assign_learner(self.lobby_picker.value, self.table_picker.value))
        self.lock_room_button.on_click(lambda _b: self.lock_room())
        self.tables_button.on_click(lambda _b: self.show_room())
        self.teacher_button.on_click(lambda _b: self.open_teacher(self.key_box.value))
        self.open_button.on_click(lambda _b: self.watch(self.table_picker.value))
        self.close_button.on_click(lambda _b: self.close_table(self.table_picker.value))

    def _teacher_words(self) -> None:
        """The teacher's fields and buttons in the screen's language."""
        tr = translator(self.lang)
        self.key_box.description, self.teacher_button.description = tr("Teacher key"), tr("Teacher view")
        self.table_picker.description = tr("Table")
        self.open_button.description, self.close_button.description = tr("Open in teaching mode"), tr("Close the table")
        self.join_screen_button.description = tr("Join screen for the projector")
        self.sign_out_button.description = tr("Sign out as teacher")
        self.projector_button.description = tr("Show on the projector")
        self.archive_button.description = tr("Close every table")
        self.erase_button.description = tr("Erase the class's tables")
        self.seat_picker.description = tr("Learner")
        self.free_button.description, self.rename_button.description = tr("Free the seat"), tr("Rename")
        self.move_button.description = tr("Move to the chosen table")
        self.remove_button.description = tr("Remove from the class")
        self.device_code_button.description = tr("Device code")
        self.lobby_picker.description = tr("Waiting")
        self.assign_button.description = tr("Seat at the chosen table")
        self.new_name.placeholder = tr("new name")
        self._lock_words()

    def _lock_words(self) -> None:
        """The lock buttons say what a click does now (lock, or open again)."""
        tr = translator(self.lang)
        rows = {r["code"]: r for r in self._rows}
        chosen = rows.get(self.table_picker.value)
        self.lock_button.description = tr("Unlock the table") if chosen and chosen["locked"] else tr("Lock the table")
        self.lock_room_button.description = tr("Unlock the class") if self._room_locked else tr("Lock the class")
        self.tables_button.description = tr("Back to the tables")

    def open_teacher(self, key: str) -> bool:
        """Show the room's tables if ``key`` is the server's teacher key (``$DANISH_NB_TEACHER_KEY``)."""
        expected = os.environ.get(TEACHER_ENV, "")
        if not expected:
            self._say(M("The teacher view is off: start the server with {name} set to a key.", name=TEACHER_ENV),
                      error=True)
            return False
        try:
            guesses = self.guesses("key")  # this device and address, across reloads and servers
            guesses.check()
            right = self._key_guard.check(key, expected)  # and this page, at once
            guesses.count(right)
        except TooManyTries as exc:
            self.key_box.value = ""
            self._say(exc, error=True)
            return False
        except DanishNbError as exc:  # the store cannot be reached just now
            self._say(exc, error=True)
            return False
        if not right:
            self._say(M("That is not the teacher key."), error=True)
            return False
        self.key_box.value = ""
        self.keeper.send({"act": "teacher", "pass": teacher_pass(expected)})  # signed in across reloads
        self._open_room()
        return True

    def open_with_pass(self, sealed: str) -> bool:
        """Open the teacher view with the pass this browser keeps (a reload, another server of the
        class); a pass that expired, or was signed with another key, is forgotten."""
        if not pass_opens(sealed):
            self.keeper.send({"act": "teacher", "pass": None})
            return False
        self._open_room()
        return True

    def sign_out(self) -> None:
        """Forget this browser's teacher pass and leave the teacher view."""
        self.keeper.send({"act": "teacher", "pass": None})
        self.teacher = None
        self.screen.children = [self.menu]

    def _open_room(self) -> None:
        self.teacher = Teacher(self.store, self.room)
        self._drop_board()
        self.screen.children = [self.room_view]
        self.show_tables()
        self._say("")

    def show_tables(self) -> None:
        """Draw the teacher's list of the room's tables."""
        assert self.teacher is not None
        rows = self._rows = self.teacher.tables()
        self._room_locked = self.store.room_locked(self.room)
        self._listed = time.monotonic()
        self.room_list.value = room_html(rows, self.lang) + live_html(self.teacher.live(), self.lang)
        seats = [(f"{r['code']} P{s['seat'] + 1} {s['name']}".rstrip(), (r["code"], s["seat"]))
                 for r in rows if not r["closed"] for s in r["seats"] if s["taken"] and s["kind"] == "human"]
        if seats != list(self.seat_picker.options):
            chosen_seat = self.seat_picker.value
            self.seat_picker.options = seats
            values = [v for _, v in seats]
            self.seat_picker.value = chosen_seat if chosen_seat in values else (values[0] if values else None)
        waiting = [(name or "-", who) for who, name in self.teacher.lobby()]
        if waiting != list(self.lobby_picker.options):
            chosen_who = self.lobby_picker.value
            self.lobby_picker.options = waiting
            whos = [who for _, who in waiting]
            self.lobby_picker.value = chosen_who if chosen_who in whos else (whos[0] if whos else None)
        options = [(f"{r['code']} ({GAMES[r['game']].title})", r["code"]) for r in rows]
        if [v for _, v in options] != [v for _, v in self.table_picker.options]:
            chosen = self.table_picker.value
            self.table_picker.options = options
            codes = [v for _, v in options]
            self.table_picker.value = chosen if chosen in codes else (codes[-1] if codes else None)
        self._lock_words()

    def watch(self, code: str | None) -> None:
        """Open a table in teaching mode (every hand shown; no seat, no moves)."""
        if self.teacher is None or not code:
            self._say(M("Open the teacher view first, then choose a table."), error=True)
            return
        try:
            self._seat(self.teacher.watch(code))
        except DanishNbError as exc:
            self._say(exc, error=True)

    def project(self, code: str | None) -> None:
        """Show a table for the class's projector: only what every player may see (the teacher's
        screen is shared: no hand shows, unlike teaching mode)."""
        if self.teacher is None or not code:
            self._say(M("Open the teacher view first, then choose a table."), error=True)
            return
        try:
            self._seat(self.teacher.projector(code))
        except DanishNbError as exc:
            self._say(exc, error=True)

    def archive_class(self) -> None:
        """Close every table of the class (they keep their moves)."""
        self._teacher_act(lambda t: self._said.append(t.archive()), "")
        if self._said:
            self._say(_n_closed(self._said.pop(), self.lang))

    def erase_class(self) -> None:
        """Erase the class's tables and lobby (a second click within :data:`CONFIRM_SECONDS` does it)."""
        now = time.monotonic()
        if now - self._erase_asked > CONFIRM_SECONDS:
            self._erase_asked = now
            self._say(M("Click again within {seconds} s to erase every table of the class for good.",
                        seconds=CONFIRM_SECONDS), error=True)
            return
        self._erase_asked = 0.0
        self._teacher_act(lambda t: self._said.append(t.erase()), "")
        if self._said:
            self._say(translator(self.lang).n("{n} table erased.", "{n} tables erased.", self._said.pop()))

    def close_table(self, code: str | None) -> None:
        """End a table (the teacher's call): it keeps its moves and takes no more."""
        if self.teacher is None or not code:
            self._say(M("Open the teacher view first, then choose a table."), error=True)
            return
        try:
            self.teacher.close(code)
        except DanishNbError as exc:
            self._say(exc, error=True)
            return
        self.show_tables()
        self._say(M("Table {code} is closed.", code=code))

    def _teacher_act(self, act: Any, done: Any) -> None:
        """Run a teacher's ``act`` (a call on :class:`Teacher`), then redraw the list and say ``done``."""
        if self.teacher is None:
            self._say(M("Open the teacher view first, then choose a table."), error=True)
            return
        try:
            act(self.teacher)
        except DanishNbError as exc:
            self._say(exc, error=True)
            return
        self.show_tables()
        self._say(done)

    def free_seat(self, chosen: tuple[str, int] | None) -> None:
        """Free a learner's seat (their laptop died, their token is lost): they join again by the code."""
        if chosen is None:
            self._say(M("Choose a learner first."), error=True)
            return
        code, seat = chosen
        self._teacher_act(lambda t: t.free_seat(code, seat),
                          M("Seat P{seat} at table {code} is free: the learner joins again with the code {code}.",
                            seat=seat + 1, code=code))

    def assign_learner(self, who: str | None, code: str | None) -> None:
        """Seat a learner of the lobby (arrived, at no table) at the table chosen above: their
        page sits down there by itself."""
        if who is None or not code:
            self._say(M("Choose a learner first."), error=True)
            return
        name = dict((w, n) for n, w in self.lobby_picker.options).get(who, "")
        self._teacher_act(lambda t: t.assign(who, code),
                          M("{name} sits down at table {code} in a moment.", name=name or "-", code=code))

    def move_seat(self, chosen: tuple[str, int] | None, to_code: str | None) -> None:
        """Move a learner to the table chosen above (its first free learner seat): their pages follow."""
        if chosen is None or not to_code:
            self._say(M("Choose a learner first."), error=True)
            return
        code, seat = chosen
        where: list[tuple[str, int]] = []
        self._teacher_act(lambda t: where.append(t.move(code, seat, to_code)), "")
        if where:
            self._say(M("The learner moved to table {code} as P{seat}.", code=where[0][0], seat=where[0][1] + 1))

    def show_device_code(self, chosen: tuple[str, int] | None) -> None:
        """Show a device code for the chosen learner: typed on their new device (in "Class code"),
        it makes that device this learner, back at their seats."""
        if chosen is None or self.teacher is None:
            self._say(M("Choose a learner first."), error=True)
            return
        code, seat = chosen
        try:
            held = self.store.table(code).seats[seat]
            if held.learner is None:
                self._say(M("This learner did not join the class with its code: free the seat instead."),
                          error=True)
                return
            shown = Roster(self.store, self.room).device_code(held.learner)
        except DanishNbError as exc:
            self._say(exc, error=True)
            return
        self._say(M("Device code for {name}: {code} (for the next {minutes} minutes).", name=held.name, code=shown,
                    minutes=DEVICE_CODE_MINUTES))

    def remove_learner(self, chosen: tuple[str, int] | None) -> None:
        """Take a learner out of the class (their seat freed, out of the lobby)."""
        if chosen is None:
            self._say(M("Choose a learner first."), error=True)
            return
        code, seat = chosen
        self._teacher_act(lambda t: t.remove(code, seat),
                          M("The learner at P{seat} of table {code} left the class.", seat=seat + 1, code=code))

    def rename_seat(self, chosen: tuple[str, int] | None, name: str) -> None:
        """Give a learner another name."""
        if chosen is None or not name.strip():
            self._say(M("Choose a learner and type the new name first."), error=True)
            return
        code, seat = chosen
        self.new_name.value = ""
        self._teacher_act(lambda t: t.rename(code, seat, name), M("The learner at P{seat} of table {code} is now "
                                                                 "called {name}.", seat=seat + 1, code=code,
                                                                 name=name.strip()))

    def lock_table(self, code: str | None) -> None:
        """Lock the chosen table against new joiners, or open it again."""
        if not code:
            self._say(M("Open the teacher view first, then choose a table."), error=True)
            return
        locked = not any(r["code"] == code and r["locked"] for r in self._rows)
        self._teacher_act(lambda t: t.lock(code, locked),
                          M("Table {code} takes no new learners now.", code=code) if locked else
                          M("Table {code} takes new learners again.", code=code))

    def lock_room(self) -> None:
        """Lock the class (no new learners at any table, no new tables), or open it again."""
        locked = not self._room_locked
        self._teacher_act(lambda t: t.lock_room(locked),
                          M("The class takes no new learners or tables now.") if locked else
                          M("The class takes new learners and tables again."))

    def refresh_tables(self) -> None:
        """Redraw the list (or the join screen's lobby) if it is older than :data:`LIST_EVERY` seconds."""
        if self.teacher is not None and time.monotonic() - self._listed >= LIST_EVERY:
            if self.join_view in self.screen.children:
                self.show_join_screen()
            else:
                self.show_tables()

    def show_join_screen(self) -> None:
        """The join screen for the projector (the teacher's only): where learners join, its QR
        code, the class code, and who has arrived (refreshed with the list)."""
        if self.teacher is None:
            self._say(M("Open the teacher view first, then choose a table."), error=True)
            return
        self._listed = time.monotonic()
        self.join_screen.value = join_html(read_join_env(), self.room, self.store.arrivals(self.room), self.lang)
        self.screen.children = [self.join_view]

    def show_room(self) -> None:
        """Back from the join screen to the room's tables."""
        self.screen.children = [self.room_view]
        self.show_tables()


def room_html(rows: list[dict[str, Any]], lang: str = "en") -> str:
    """The teacher's list: one row per table (code, game, seats, whose turn, moves, finished).

    >>> room_html([])
    '<p class="dn-room-empty">No tables in this room yet.</p>'
    >>> room_html([], "fr")
    '<p class="dn-room-empty">Aucune table dans cette salle pour l’instant.</p>'
    """
    tr = translator(lang)
    if not rows:
        return f'<p class="dn-room-empty">{escape(tr("No tables in this room yet."))}</p>'

    def seat_text(s: dict[str, Any]) -> str:
        notes = ", ".join(note for note in (tr("away") if s["state"] == "away" else "", moved_note(s, tr)) if note)
        return escape(f"P{s['seat'] + 1} {seat_name(s, tr)}" + (f" ({notes})" if notes else ""))
    body = []
    for r in rows:
        seats = ", ".join(seat_text(s) for s in r["seats"])
        state = "closed" if r["closed"] else "finished" if r["finished"] else "playing"
        lock = f" 🔒 {escape(tr('locked'))}" if r.get("locked") and not r["closed"] else ""
        turn = f"P{r['turn'] + 1}" if r["turn"] is not None and state == "playing" else "-"
        body.append(f'<tr class="dn-room-table" data-code="{escape(r["code"])}"><td>{escape(r["code"])}</td>'
                    f'<td>{escape(GAMES[r["game"]].title)}</td><td>{seats}</td><td>{turn}</td>'
                    f'<td>{r["moves"]}</td><td>{escape(tr.render(STATES[state]))}{lock}</td></tr>')
    heads = "".join(f"<th>{escape(tr.render(word))}</th>" for word in COLUMNS)
    return f'<table class="dn-room"><tr>{heads}</tr>{"".join(body)}</table>'


#: The live view's column headings: who is stuck, and the rules broken in play.
STUCK_COLUMNS = (N_("learner"), N_("table"), N_("waiting for their move"), N_("illegal tries"), N_("rules broken"))
RULE_COLUMNS = (N_("rule"), N_("game"), N_("illegal tries"), N_("learners"))


def live_html(live: dict[str, list[dict[str, Any]]], lang: str = "en") -> str:
    """The teacher's live view (:meth:`~danish_nb.tables.session.Teacher.live`): who is stuck
    now, and which rules are being broken in play, the rule most learners broke first.

    >>> print(live_html({"stuck": [], "rules": []}))  # doctest: +NORMALIZE_WHITESPACE
    <section class="dn-live"><h4>Stuck now</h4><p class="dn-live-none">Nobody is stuck now.</p><h4>Rules broken in
    play in the last 10 minutes</h4><p class="dn-live-none">No rule was broken in play.</p></section>
    >>> html = live_html({"stuck": [{"code": "K7QX2M", "seat": 1, "name": "Bo", "game": "bastard", "waiting": 185.0,
    ...                              "tries": 3, "rules": ["BA-12"]}],
    ...                   "rules": [{"rule": "BA-12", "game": "bastard", "tries": 3, "learners": 1}]}, "fr")
    >>> "3 minutes" in html, "BA-12" in html, "Bloqués maintenant" in html
    (True, True, True)
    """
    from ..i18n import title_in
    from ..tables.session import LIVE_WINDOW

    tr = translator(lang)
    minutes = int(LIVE_WINDOW // 60)

    def table(columns: tuple[Any, ...], rows: list[list[str]]) -> str:
        heads = "".join(f'<th scope="col">{escape(tr.render(word))}</th>' for word in columns)
        body = "".join("<tr>" + "".join(f"<td>{cell}</td>" for cell in row) + "</tr>" for row in rows)
        return f'<table class="dn-live-table"><tr>{heads}</tr>{body}</table>'

    def rule_text(game: str, rule: str) -> str:
        found = GAMES[game].catalogue.rules.get(rule)
        return f"<b>{escape(rule)}</b> {escape(title_in(rule, found.title, lang))}" if found else escape(rule)
    parts = [f'<section class="dn-live"><h4>{escape(tr("Stuck now"))}</h4>']
    if live["stuck"]:
        rows = []
        for s in live["stuck"]:
            waiting = "-" if s["waiting"] is None else escape(
                tr.n("{n} minute", "{n} minutes", int(s["waiting"] // 60)))
            name = s["name"] or tr(LEARNER, n=s["seat"] + 1)
            rows.append([escape(f"P{s['seat'] + 1} {name}"), escape(s["code"]), waiting, str(s["tries"]),
                         ", ".join(rule_text(s["game"], rule) for rule in s["rules"]) or "-"])
        parts.append(table(STUCK_COLUMNS, rows))
    else:
        parts.append(f'<p class="dn-live-none">{escape(tr("Nobody is stuck now."))}</p>')
    heading = tr.n("Rules broken in play in the last {n} minute", "Rules broken in play in the last {n} minutes",
                   minutes)
    parts.append(f"<h4>{escape(heading)}</h4>")
    if live["rules"]:
        parts.append(table(RULE_COLUMNS, [[rule_text(r["game"], r["rule"]), escape(GAMES[r["game"]].title),
                                           str(r["tries"]), str(r["learners"])] for r in live["rules"]]))
    else:
        parts.append(f'<p class="dn-live-none">{escape(tr("No rule was broken in play."))}</p>')
    return "".join(parts) + "</section>"


def _n_closed(count: int, lang: str) -> str:
    return translator(lang).n("{n} table closed: they keep their moves.", "{n} tables closed: they keep their moves.",
                              count)


def join_html(urls: list[str], code: str, arrived: list[dict[str, Any]], lang: str = "en",
              now: float | None = None) -> str:
    """The join screen: the first address large with its QR code, the others under it, the class
    code, and the lobby (each learner's name, the tables where they sit, "away" when their last
    arrival is old and they sit nowhere). Text only from the arguments, escaped.

    >>> html = join_html(["http://192.168.1.20:8866/"], "K7QX2M", [{"name": "Ada", "seen": 0.0, "tables": ["ABCDEF"]}],
    ...                  now=1.0)
    >>> "http://192.168.1.20:8866/" in html and "<svg" in html and "K7QX2M" in html
    True
    >>> "Ada" in html and "ABCDEF" in html and "1 learner has arrived" in html
    True
    >>> "Nobody has arrived yet" in join_html([], "", [])
    True
    """
    tr = translator(lang)
    now = time.time() if now is None else now
    parts = [f'<h2 class="dn-join-title">{escape(tr("Join the class"))}</h2>']
    if urls:
        parts.append(f'<p class="dn-join-say">{escape(tr("Open this address on your device, or scan the code:"))}</p>'
                     f'<p class="dn-join-url">{escape(urls[0])}</p>'
                     f'<div class="dn-join-qr">{qr_svg(urls[0])}</div>')
        parts.extend(f'<p class="dn-join-other">{escape(u)}</p>' for u in urls[1:])
    if code:
        parts.append(f'<p class="dn-join-code">{escape(tr("Class code: {code}", code=code))}</p>')
    if arrived:
        items = []
        for row in arrived:
            where = tr("at table {codes}", codes=", ".join(row["tables"])) if row["tables"] else ""
            away = not row["tables"] and now - row["seen"] > 10 * AWAY_SECONDS
            note = ", ".join(n for n in (where, tr("away") if away else "") if n)
            items.append(f'<li>{escape(row["name"] or tr("a learner"))}'
                         + (f" <small>({escape(note)})</small>" if note else "") + "</li>")
        count = tr.n("{n} learner has arrived", "{n} learners have arrived", len(arrived))
        parts.append(f'<p class="dn-lobby-count">{escape(count)}</p><ul class="dn-lobby">{"".join(items)}</ul>')
    else:
        parts.append(f'<p class="dn-lobby-count">{escape(tr("Nobody has arrived yet."))}</p>')
    style = ("<style>.dn-join-screen .dn-join-url{font-size:2.4em;font-weight:bold;margin:.2em 0}"
             ".dn-join-screen .dn-join-code{font-size:2em;letter-spacing:.1em}"
             ".dn-join-screen .dn-qr{width:min(45vh,80vw);height:auto}.dn-lobby{columns:3;font-size:1.3em}</style>")
    return style + "".join(parts)


__all__ = ["TEACHER_ENV", "TeacherView", "join_html", "room_html"]

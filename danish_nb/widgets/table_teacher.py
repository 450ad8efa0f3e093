"""The teacher's part of the class-table screen: with the teacher key, the room's tables (game,
seats, whose turn, moves, playing / finished / closed), any of them opened in teaching mode, or
closed. Wrong keys slow down only the page that typed them (:mod:`danish_nb.tables.keys`).
"""

from __future__ import annotations

import os
import time
from html import escape
from typing import Any

import ipywidgets as widgets

from ..core import GAMES, DanishNbError
from ..i18n import N_, M, translator
from ..tables import Teacher
from ..tables.keys import KeyGuard, TooManyTries
from .table_words import moved_note, seat_name

#: The environment variable holding the teacher's key (no key: no teacher view).
TEACHER_ENV = "DANISH_NB_TEACHER_KEY"
#: Seconds between refreshes of the teacher's list.
LIST_EVERY = 2.0
#: A table's state in the teacher's list.
STATES = {"playing": N_("playing"), "finished": N_("finished"), "closed": N_("closed")}
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
        self.room_view = widgets.VBox([self.room_list,
                                       widgets.HBox([self.table_picker, self.open_button, self.close_button])])
        self.teacher_button.on_click(lambda _b: self.open_teacher(self.key_box.value))
        self.open_button.on_click(lambda _b: self.watch(self.table_picker.value))
        self.close_button.on_click(lambda _b: self.close_table(self.table_picker.value))

    def _teacher_words(self) -> None:
        """The teacher's fields and buttons in the screen's language."""
        tr = translator(self.lang)
        self.key_box.description, self.teacher_button.description = tr("Teacher key"), tr("Teacher view")
        self.table_picker.description = tr("Table")
        self.open_button.description, self.close_button.description = tr("Open in teaching mode"), tr("Close the table")

    def open_teacher(self, key: str) -> bool:
        """Show the room's tables if ``key`` is the server's teacher key (``$DANISH_NB_TEACHER_KEY``)."""
        expected = os.environ.get(TEACHER_ENV, "")
        if not expected:
            self._say(M("The teacher view is off: start the server with {name} set to a key.", name=TEACHER_ENV),
                      error=True)
            return False
        try:
            right = self._key_guard.check(key, expected)
        except TooManyTries as exc:
            self.key_box.value = ""
            self._say(exc, error=True)
            return False
        if not right:
            self._say(M("That is not the teacher key."), error=True)
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
        self.room_list.value = room_html(rows, self.lang)
        options = [(f"{r['code']} ({GAMES[r['game']].title})", r["code"]) for r in rows]
        if [v for _, v in options] != [v for _, v in self.table_picker.options]:
            chosen = self.table_picker.value
            self.table_picker.options = options
            codes = [v for _, v in options]
            self.table_picker.value = chosen if chosen in codes else (codes[-1] if codes else None)

    def watch(self, code: str | None) -> None:
        """Open a table in teaching mode (every hand shown; no seat, no moves)."""
        if self.teacher is None or not code:
            self._say(M("Open the teacher view first, then choose a table."), error=True)
            return
        try:
            self._seat(self.teacher.watch(code))
        except DanishNbError as exc:
            self._say(exc, error=True)

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

    def refresh_tables(self) -> None:
        """Redraw the list if it is older than :data:`LIST_EVERY` seconds."""
        if self.teacher is not None and time.monotonic() - self._listed >= LIST_EVERY:
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
        turn = f"P{r['turn'] + 1}" if r["turn"] is not None and state == "playing" else "-"
        body.append(f'<tr class="dn-room-table" data-code="{escape(r["code"])}"><td>{escape(r["code"])}</td>'
                    f'<td>{escape(GAMES[r["game"]].title)}</td><td>{seats}</td><td>{turn}</td>'
                    f'<td>{r["moves"]}</td><td>{escape(tr.render(STATES[state]))}</td></tr>')
    heads = "".join(f"<th>{escape(tr.render(word))}</th>" for word in COLUMNS)
    return f'<table class="dn-room"><tr>{heads}</tr>{"".join(body)}</table>'


__all__ = ["TEACHER_ENV", "TeacherView", "room_html"]

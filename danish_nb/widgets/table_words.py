"""How a class table names its seats, one way everywhere: the board, the status line above it
and the teacher's list all read the rows of :func:`danish_nb.tables.session.seat_rows` (who sits
where, connected or away by :func:`~danish_nb.tables.session.present`) through these functions.

A learner who gave no name is "Learner 2" (by seat), never "a free seat":

>>> from danish_nb.i18n import translator
>>> row = {"seat": 1, "kind": "human", "name": "", "taken": True, "state": "away", "moved": None}
>>> seat_name(row, translator("en")), seat_name(row, translator("de")), presence(row, translator("fr"))
('Learner 2', 'Lernender 2', 'absent')
>>> seat_name({**row, "taken": False, "state": "free"}, translator("en"))
'free seat'
"""

from __future__ import annotations

from typing import Any

from ..i18n import N_, Translator
from ..tables import HUMAN
from ..words import SEAT_WORDS

#: A learner seat nobody has taken.
FREE_SEAT = N_("free seat")
#: A seated learner who gave no name, by seat number.
LEARNER = N_("Learner {n}")
#: A learner's presence: a page of theirs is open, or none is (see ``tables.session.present``).
PRESENCE = {"connected": N_("connected"), "away": N_("away")}


def seat_name(row: dict[str, Any], tr: Translator) -> str:
    """The seat's name in ``tr``'s language: the learner's (``Learner 2`` if they gave none), a
    free seat, or the computer player's kind."""
    if row["kind"] != HUMAN:
        return tr.render(SEAT_WORDS.get(row["kind"], row["kind"]))
    if not row["taken"]:
        return tr.render(FREE_SEAT)
    return row["name"] or tr(LEARNER, n=row["seat"] + 1)


def presence(row: dict[str, Any], tr: Translator) -> str:
    """``connected`` or ``away`` for a taken learner seat, else ``''``."""
    return tr.render(PRESENCE[row["state"]]) if row["state"] in PRESENCE else ""


def moved_note(row: dict[str, Any], tr: Translator) -> str:
    """When the seat was last opened on another device (``''`` if never): what the teacher
    sees, to tell a reload from a learner's seat opened elsewhere."""
    if row.get("moved") is None:
        return ""
    minutes = int(row["moved"] // 60)
    if minutes < 1:
        return tr("opened on another device just now")
    return tr.n("opened on another device {n} minute ago", "opened on another device {n} minutes ago", minutes)


__all__ = ["FREE_SEAT", "LEARNER", "PRESENCE", "moved_note", "presence", "seat_name"]

"""What can go wrong at a class table: each a :class:`~danish_nb.errors.DanishNbError` (a ValueError)
with a message a learner or teacher can act on; nothing changes when one is raised."""

from __future__ import annotations

from ..core import DanishNbError


class TableError(DanishNbError):
    """Base of the class-table errors."""


class TableCodeError(TableError):
    """Text that cannot be a table code."""


class UnknownTable(TableError):
    """No table has this code (mistyped, or the table was never created here)."""


class SeatError(TableError):
    """A seat that cannot be taken: out of range, a computer's, or already another learner's."""


class SeatTokenError(TableError):
    """A seat token this table never issued (forged, or from another table): the seat stays
    with the learner who holds the real one."""


class SeatMoved(TableError):
    """The seat was opened on another device (a browser with the seat's token): this page no
    longer plays for it."""


class TableClosed(TableError):
    """The teacher closed the table: no more moves."""


class NotYourTurn(TableError):
    """A seat tried to move out of turn (or for another seat)."""


class MoveConflict(TableError):
    """Another move got move number ``number`` first (two clicks at once: one wins).

    ``moves`` is how many moves the table holds now; the loser's session has caught up."""

    def __init__(self, message: str, number: int, moves: int):
        super().__init__(message)
        self.number = number
        self.moves = moves


class StoreUnavailable(TableError):
    """The store cannot be reached just now (the database restarting, a network blip, a locked
    or full SQLite file): nothing was stored; the page tries again by itself."""


class NotSaved(TableError):
    """The learner's move could not be stored yet: it waits in the kernel and is stored (or
    refused, with the reason) as soon as the store answers again; no other move until then."""


class TableLocked(SeatError):
    """The teacher locked the table (or the class): no new learner sits down, and a seat stays
    on the device that holds it."""

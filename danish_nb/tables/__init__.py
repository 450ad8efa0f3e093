"""Class tables: learners on their own devices play one game together; a teacher sees the room.

A table (game, options, seed, seats and its moves) lives in a shared store: SQLite by default,
PostgreSQL for several servers (``DANISH_NB_STORE=postgresql://...``). A learner joins with the
table's 6-character code and keeps a seat token to rejoin; each kernel replays the stored moves
through the engine and hands its learner only that seat's view. The class's roster (one learner
on every device: :class:`Roster`) and the teacher's controls (:class:`Teacher`) live beside it.

>>> import danish_nb.tables as tables
>>> store = tables.open_store("sqlite:///:memory:")
>>> code = tables.create_table(store, "bastard", ("human", "human", "rule-of-thumb"), seed=1)
>>> ada = tables.TableSession.join(store, code, name="Ada")
>>> bo = tables.TableSession.join(store, code, name="Bo")
>>> (ada.seat, bo.seat), [t["moves"] for t in tables.Teacher(store).tables()]
((0, 1), [0])
>>> store.close()
"""

from .backends import default_path, open_store
from .codes import ALPHABET, hash_token, new_code, new_token, read_code
from .errors import (
    MoveConflict,
    NotSaved,
    NotYourTurn,
    SeatError,
    SeatMoved,
    SeatTokenError,
    StoreUnavailable,
    TableClosed,
    TableCodeError,
    TableError,
    TableLocked,
    UnknownTable,
)
from .roster import Member, Roster, RosterError
from .session import TableSession, Teacher, create_table, jsonable, replay, seat_kinds
from .store import HUMAN, STORE_ENV, SeatInfo, Store, TableInfo

__all__ = ["ALPHABET", "HUMAN", "STORE_ENV", "Member", "MoveConflict", "NotSaved", "NotYourTurn", "Roster",
           "RosterError", "SeatError", "SeatInfo", "SeatMoved", "SeatTokenError", "Store", "StoreUnavailable",
           "TableClosed", "TableCodeError", "TableError", "TableInfo", "TableLocked", "TableSession", "Teacher",
           "UnknownTable", "create_table", "default_path", "hash_token", "jsonable", "new_code", "new_token",
           "open_store", "read_code", "replay", "seat_kinds"]

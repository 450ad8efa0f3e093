"""Where class tables live: a small store interface and its two implementations, SQLite (the
default, in the user's data directory) and PostgreSQL (for several servers), chosen by
``DANISH_NB_STORE`` (see :func:`danish_nb.tables.backends.open_store`).

A table is a game id, options, seed and seats, plus its moves numbered 1, 2, ... Moves are
written with optimistic concurrency: move ``n`` is stored only if the table holds ``n - 1``
moves, inside one transaction (and a unique ``(table, number)`` key), so of two learners
clicking at once exactly one plays; the other gets :class:`MoveConflict`. The store holds move
texts only: the engine (see :mod:`danish_nb.tables.session`) checks every move.

>>> from danish_nb.tables.sqlite import SQLiteStore
>>> store = SQLiteStore(":memory:")
>>> code = store.create_table("danish-bastard", seed=7, options={}, seats=("human", "random"), turn=0)
>>> store.add_move(code, 1, seat=0, move="P1 face-up 4D 7D 8D", turn=1, finished=False)
1
>>> store.moves(code), store.table(code).moves
(['P1 face-up 4D 7D 8D'], 1)
>>> store.close()
"""

from __future__ import annotations

import functools
import json
import threading
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, TypeVar

from ..i18n import M, Message
from .codes import new_code
from .errors import (
    MoveConflict,
    SeatError,
    SeatMoved,
    SeatTokenError,
    StoreUnavailable,
    TableClosed,
    TableError,
    TableLocked,
    UnknownTable,
)

#: The environment variable that chooses the store: a ``postgresql://`` URL, ``sqlite:///path``
#: or a file path; unset: SQLite in the user's data directory.
STORE_ENV = "DANISH_NB_STORE"
#: The seat kind a learner takes; any other kind is a computer player's name.
HUMAN = "human"
#: Longest learner name kept (longer names are cut).
NAME_LENGTH = 40

SCHEMA = (
    """CREATE TABLE IF NOT EXISTS dn_tables (
        code TEXT PRIMARY KEY, room TEXT NOT NULL, game TEXT NOT NULL, seed BIGINT NOT NULL,
        options TEXT NOT NULL, players INTEGER NOT NULL, moves INTEGER NOT NULL DEFAULT 0,
        turn INTEGER, finished BOOLEAN NOT NULL DEFAULT FALSE, closed BOOLEAN NOT NULL DEFAULT FALSE,
        version BIGINT NOT NULL DEFAULT 0, created DOUBLE PRECISION NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS dn_seats (
        code TEXT NOT NULL REFERENCES dn_tables(code) ON DELETE CASCADE, seat INTEGER NOT NULL,
        kind TEXT NOT NULL, name TEXT NOT NULL DEFAULT '', token_hash TEXT, seen DOUBLE PRECISION,
        device TEXT, moved DOUBLE PRECISION, PRIMARY KEY (code, seat))""",
    """CREATE TABLE IF NOT EXISTS dn_moves (
        code TEXT NOT NULL REFERENCES dn_tables(code) ON DELETE CASCADE, number INTEGER NOT NULL,
        seat INTEGER NOT NULL, move TEXT NOT NULL, at DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (code, number))""",
    "CREATE INDEX IF NOT EXISTS dn_tables_room ON dn_tables (room)",
    "CREATE TABLE IF NOT EXISTS dn_rooms (room TEXT PRIMARY KEY, locked BOOLEAN NOT NULL DEFAULT FALSE)",
    """CREATE TABLE IF NOT EXISTS dn_learners (
        learner TEXT PRIMARY KEY, room TEXT NOT NULL, name TEXT NOT NULL, created DOUBLE PRECISION NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS dn_learner_keys (
        key_hash TEXT PRIMARY KEY, learner TEXT NOT NULL REFERENCES dn_learners(learner) ON DELETE CASCADE)""",
    """CREATE TABLE IF NOT EXISTS dn_transfers (
        code_hash TEXT PRIMARY KEY, learner TEXT NOT NULL REFERENCES dn_learners(learner) ON DELETE CASCADE,
        until DOUBLE PRECISION NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS dn_tries (
        who TEXT PRIMARY KEY, wrong INTEGER NOT NULL, until DOUBLE PRECISION NOT NULL,
        last DOUBLE PRECISION NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS dn_arrivals (
        room TEXT NOT NULL, device TEXT NOT NULL, name TEXT NOT NULL, seen DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (room, device))""",
    """CREATE TABLE IF NOT EXISTS dn_slips (
        code TEXT NOT NULL REFERENCES dn_tables(code) ON DELETE CASCADE, seat INTEGER NOT NULL,
        rule TEXT NOT NULL, at DOUBLE PRECISION NOT NULL)""",
    "CREATE INDEX IF NOT EXISTS dn_slips_code ON dn_slips (code, at)",
    """CREATE TABLE IF NOT EXISTS dn_assignments (
        room TEXT NOT NULL, who TEXT NOT NULL, code TEXT NOT NULL, PRIMARY KEY (room, who))""",
)
#: Seconds an illegal move tried at a table is kept (what the teacher's live view reads).
SLIP_KEEP = 3600
#: The most learners a room's lobby lists (the newest arrivals).
LOBBY_LIMIT = 200

_TABLE_COLUMNS = "code, room, game, seed, options, players, moves, turn, finished, closed, version, created, locked"
_SEAT_COLUMNS = "code, seat, kind, name, token_hash IS NOT NULL, seen, device, moved, learner"
#: Columns added to a table after its first release: (table, column, SQL type), added to an
#: older store when it is opened (``CREATE TABLE IF NOT EXISTS`` leaves an existing table as it is).
ADDED_COLUMNS = (("dn_seats", "device", "TEXT"), ("dn_seats", "moved", "DOUBLE PRECISION"),
                 ("dn_tables", "locked", "BOOLEAN NOT NULL DEFAULT FALSE"), ("dn_seats", "learner", "TEXT"))

#: Runs one SQL statement (``?`` placeholders) and returns its rows.
Execute = Callable[[str, Sequence[Any]], list[tuple]]
#: Seconds waited before each new try when the store cannot be reached (then reconnecting):
#: about 2 s in all, short enough for a click's handler; the page's own loop tries again after.
RETRY_DELAYS = (0.05, 0.2, 0.5, 1.2)
#: What a learner or teacher reads when the store cannot be reached.
UNAVAILABLE = M("the class store cannot be reached just now: nothing was lost, and this page tries again by itself")

T = TypeVar("T")


def retried(method: Callable[..., T]) -> Callable[..., T]:
    """Run a store method again, on a new connection, when the store cannot be reached (see
    :meth:`Store._retrying`): for reads and for writes that may safely run twice."""
    @functools.wraps(method)
    def again(self: Store, *args: Any, **kwargs: Any) -> T:
        return self._retrying(lambda _again: method(self, *args, **kwargs))
    return again


@dataclass(frozen=True, slots=True)
class SeatInfo:
    """One seat as the kernels of the table know it (never its token).

    ``seen``: when a page of the learner last said it is open (see
    :func:`danish_nb.tables.session.present`); ``device``: the browser that holds the seat now
    (what a page reports; kept in the kernels, never sent to a page); ``moved``: when the seat
    was last opened on another device than the one holding it."""

    seat: int
    kind: str
    name: str
    claimed: bool
    seen: float | None
    device: str | None = None
    moved: float | None = None
    learner: str | None = None

    @property
    def is_computer(self) -> bool:
        return self.kind != HUMAN


@dataclass(frozen=True, slots=True)
class TableInfo:
    """A table as stored: what the teacher's list shows, and what a session rebuilds the game from.

    ``version`` grows with every change (a move, a seat taken or freed, closing, locking); ``turn``
    and ``finished`` are written with each move by the kernel that checked it; ``locked``: the
    teacher let no new learner in (each seat stays on the device that holds it)."""

    code: str
    room: str
    game: str
    seed: int
    options: dict[str, Any]
    players: int
    moves: int
    turn: int | None
    finished: bool
    closed: bool
    version: int
    created: float
    seats: tuple[SeatInfo, ...]
    locked: bool = False


class Store(ABC):
    """The store interface: tables, seats and moves, transactional, safe to share between threads.

    Subclasses provide a connection (:meth:`_read`, :meth:`_transaction`) and a way to wait
    (:meth:`wait_for_change`); the SQL, written once with ``?`` placeholders, lives here.
    """

    #: Appended to the SELECT that reads a table row inside a write (PostgreSQL locks it).
    lock_clause = ""
    #: The driver's unique-key violation.
    integrity_errors: tuple[type[Exception], ...] = ()
    #: A statement run first where another part creates its tables (:meth:`add_schema`).
    schema_lock = ""
    #: The driver's errors that mean "the store cannot be reached" (a restart, a network blip,
    #: a locked file): the operation is tried again on a new connection (:meth:`_retrying`).
    connection_errors: tuple[type[Exception], ...] = ()
    #: Seconds waited before each new try (see :meth:`_retrying`).
    retry_delays: tuple[float, ...] = RETRY_DELAYS

    def __init__(self) -> None:
        self._lock = threading.RLock()
        self._closing = False

    def _reconnect(self) -> None:  # noqa: B027 - optional hook
        """Drop the connection and open a new one (raises one of :attr:`connection_errors` if
        the store is still away)."""

    def _retrying(self, attempt: Callable[[bool], T]) -> T:
        """``attempt(again)`` (``again``: an earlier try may have been stored before its answer
        was lost), tried again on a new connection after each of :attr:`retry_delays` while the
        store cannot be reached. Raises :class:`StoreUnavailable` once they are spent."""
        again = False
        for delay in (*self.retry_delays, None):
            try:
                return attempt(again)
            except self.connection_errors as exc:
                if delay is None or self._closing:
                    raise StoreUnavailable(UNAVAILABLE) from exc
            time.sleep(delay)
            again = True
            try:
                with self._lock:
                    self._reconnect()
            except self.connection_errors:
                pass  # still away: the next try fails fast and waits again
        raise AssertionError("unreachable")  # pragma: no cover

    # ------------------------------------------------------------------ connection
    @abstractmethod
    def _read(self, sql: str, params: Sequence[Any] = ()) -> list[tuple]:
        """One statement outside any write transaction."""

    @abstractmethod
    def _transaction(self) -> Any:
        """A context manager around one write transaction, yielding an :data:`Execute`."""

    def _changed(self, execute: Execute, code: str, version: int) -> None:  # noqa: B027 - optional hook
        """Called inside the transaction that made ``version`` (PostgreSQL notifies waiters)."""

    @abstractmethod
    def wait_for_change(self, code: str, after: int, timeout: float) -> int:
        """Block until table ``code``'s version exceeds ``after`` or ``timeout`` seconds pass;
        returns the version then (a move, a seat taken or freed, or closing changes it)."""

    @abstractmethod
    def close(self) -> None:
        """Release the connection(s)."""

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @abstractmethod
    def _columns(self, execute: Execute, table: str) -> set[str]:
        """The names of ``table``'s columns."""

    def _create_schema(self, execute: Execute) -> None:
        """Create the tables if missing, and add the columns an older store lacks."""
        for statement in SCHEMA:
            execute(statement, ())
        for table, column, kind in ADDED_COLUMNS:
            if column not in self._columns(execute, table):
                execute(f"ALTER TABLE {table} ADD COLUMN {column} {kind}", ())

    @contextmanager
    def _write(self) -> Iterator[Execute]:
        with self._lock, self._transaction() as execute:
            yield execute

    # ------------------------------------------------------------------ other parts' tables
    @retried
    def add_schema(self, statements: Sequence[str]) -> None:
        """Create another part's tables in this store if they are missing (practice progress
        keeps its tables beside the class tables), one server at a time."""
        with self._write() as execute:
            if self.schema_lock:
                execute(self.schema_lock, ())
            for statement in statements:
                execute(statement, ())

    @retried
    def read(self, sql: str, params: Sequence[Any] = ()) -> list[tuple]:
        """One statement (``?`` placeholders) outside any write transaction: for another part's tables."""
        with self._lock:
            return self._read(sql, params)

    @contextmanager
    def write(self) -> Iterator[Execute]:
        """One write transaction (an :data:`Execute`): for another part's tables. Raises
        :class:`StoreUnavailable` (after reconnecting for the next one) if the store cannot be
        reached: the caller's writes are not replayed."""
        try:
            with self._write() as execute:
                yield execute
        except self.connection_errors as exc:
            try:
                with self._lock:
                    self._reconnect()
            except self.connection_errors:
                pass
            raise StoreUnavailable(UNAVAILABLE) from exc

    # ------------------------------------------------------------------ tables
    @retried
    def create_table(self, game: str, *, seed: int, options: dict[str, Any], seats: Sequence[str],
                     turn: int | None, room: str = "") -> str:
        """Store a new table under a fresh code and return the code (the caller checked the game)."""
        now = time.time()
        for _ in range(20):
            code = new_code()
            try:
                with self._write() as execute:
                    execute(f"INSERT INTO dn_tables ({_TABLE_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, 0, ?, ?, ?, 0, ?, ?)",
                            (code, room, game, seed, json.dumps(options, sort_keys=True), len(seats), turn,
                             False, False, now, False))
                    for seat, kind in enumerate(seats):
                        execute("INSERT INTO dn_seats (code, seat, kind) VALUES (?, ?, ?)", (code, seat, kind))
                return code
            except self.integrity_errors:
                continue  # the code was taken: draw another
        raise TableError(M("no free table code found: the store is nearly full"))

    @retried
    def table(self, code: str) -> TableInfo:
        """The table with this code. Raises :class:`UnknownTable`."""
        with self._lock:
            rows = self._read(f"SELECT {_TABLE_COLUMNS} FROM dn_tables WHERE code = ?", (code,))
            if not rows:
                raise UnknownTable(M("no table has the code {code!r}: check the code on the teacher's screen",
                                     code=code))
            seats = self._read(f"SELECT {_SEAT_COLUMNS} FROM dn_seats WHERE code = ? ORDER BY seat", (code,))
        return _table_info(rows[0], seats)

    @retried
    def tables(self, room: str | None = None) -> list[TableInfo]:
        """Every table (of one ``room``), oldest first: what the teacher's view lists."""
        where, params = ("WHERE room = ?", (room,)) if room is not None else ("", ())
        with self._lock:
            rows = self._read(f"SELECT {_TABLE_COLUMNS} FROM dn_tables {where} ORDER BY created, code", params)
            seats = self._read(f"SELECT {_SEAT_COLUMNS} FROM dn_seats WHERE code IN "
                               f"(SELECT code FROM dn_tables {where}) ORDER BY code, seat", params)
        by_code: dict[str, list[tuple]] = {}
        for seat in seats:
            by_code.setdefault(seat[0], []).append(seat)
        return [_table_info(row, by_code.get(row[0], [])) for row in rows]

    @retried
    def version(self, code: str) -> int:
        """How many changes table ``code`` has seen. Raises :class:`UnknownTable`."""
        with self._lock:
            rows = self._read("SELECT version FROM dn_tables WHERE code = ?", (code,))
        if not rows:
            raise UnknownTable(M("no table has the code {code!r}", code=code))
        return int(rows[0][0])

    @retried
    def close_table(self, code: str) -> int:
        """Close the table (the teacher's call): it keeps its moves, takes no more. Returns the version."""
        with self._write() as execute:
            self._locked_row(execute, code)
            return self._bump(execute, code, "closed = ?", (True,))

    # ------------------------------------------------------------------ seats
    def claim_seat(self, code: str, seat: int, token_hash: str, name: str = "", device: str | None = None,
                   learner: str | None = None) -> int:
        """Give a free learner seat to the holder of the token with this hash (on ``device``, a
        browser's id). Raises :class:`SeatError` if the seat is taken, a computer's or not at
        the table. ``learner``: the class roster's id of the learner (:mod:`danish_nb.tables.roster`),
        whose other devices may take the seat back (:meth:`reclaim_seat`). Returns the version."""
        return self._retrying(lambda again: self._claim(code, seat, token_hash, name, device, learner, again))

    def _claim(self, code: str, seat: int, token_hash: str, name: str, device: str | None, learner: str | None,
               again: bool) -> int:
        with self._write() as execute:
            players = self._locked_row(execute, code, open_only=True)[1]
            rows = execute("SELECT kind, token_hash FROM dn_seats WHERE code = ? AND seat = ?", (code, seat))
            if not rows:
                raise SeatError(M("table {code} has seats P1 to P{players}, not P{seat}",
                                  code=code, players=players, seat=seat + 1))
            kind, held = rows[0]
            if kind != HUMAN:
                raise SeatError(M("seat P{seat} at table {code} is played by the computer ({kind})",
                                  seat=seat + 1, code=code,
                                   kind=Message(kind)))  # the player's name, translated where shown
            if held == token_hash and again:  # an earlier try took it, its answer lost
                return int(execute("SELECT version FROM dn_tables WHERE code = ?", (code,))[0][0])
            if self._shut(execute, code):
                raise TableLocked(M("table {code} takes no new learners: the teacher locked it (ask your teacher)",
                                  code=code))
            if held is not None:
                raise SeatError(M("seat P{seat} at table {code} is taken: choose another seat, or rejoin with "
                                  "your own seat token", seat=seat + 1, code=code))
            execute("UPDATE dn_seats SET token_hash = ?, name = ?, seen = ?, device = ?, moved = NULL, learner = ? "
                    "WHERE code = ? AND seat = ?", (token_hash, name[:NAME_LENGTH], time.time(), device, learner, code,
                                                    seat))
            return self._bump(execute, code)

    @retried
    def reclaim_seat(self, code: str, learner: str, token_hash: str, device: str | None) -> int | None:
        """The seat the roster's ``learner`` holds at table ``code``, now held by this new token on
        ``device`` (the learner's new device: the old one's pages stop playing), or None if they
        hold none there. Raises :class:`TableLocked` at a locked table."""
        with self._write() as execute:
            self._locked_row(execute, code, open_only=True)
            rows = execute("SELECT seat, device FROM dn_seats WHERE code = ? AND learner = ? "
                           "AND token_hash IS NOT NULL", (code, learner))
            if not rows:
                return None
            seat, held = int(rows[0][0]), rows[0][1]
            if held != device and self._shut(execute, code):
                raise TableLocked(M("seat P{seat} at table {code} stays on the device that holds it: the teacher "
                                    "locked the table (ask your teacher to free the seat)", seat=seat + 1, code=code))
            execute("UPDATE dn_seats SET token_hash = ?, device = ?, seen = ?, moved = ? WHERE code = ? AND seat = ?",
                    (token_hash, device, time.time(), time.time() if held not in (None, device) else None, code, seat))
            self._bump(execute, code)
            return seat

    # ------------------------------------------------------------------ the class roster
    @retried
    def add_learner(self, room: str, learner: str, name: str, key_hash: str) -> None:
        """A new learner of ``room``'s roster, known by the browser key with this hash."""
        with self._write() as execute:
            execute("INSERT INTO dn_learners (learner, room, name, created) VALUES (?, ?, ?, ?)",
                    (learner, room, name[:NAME_LENGTH], time.time()))
            execute("INSERT INTO dn_learner_keys (key_hash, learner) VALUES (?, ?)", (key_hash, learner))

    @retried
    def learner_of(self, key_hash: str, room: str) -> tuple[str, str] | None:
        """(learner id, name) of ``room``'s learner whose browser key has this hash, or None."""
        with self._lock:
            rows = self._read("SELECT l.learner, l.name FROM dn_learner_keys k JOIN dn_learners l ON l.learner = "
                              "k.learner WHERE k.key_hash = ? AND l.room = ?", (key_hash, room))
        return (rows[0][0], rows[0][1]) if rows else None

    @retried
    def learners(self, room: str) -> list[tuple[str, str]]:
        """(learner id, name) of every learner of ``room``'s roster, first enrolled first."""
        with self._lock:
            return [(row[0], row[1]) for row in self._read(
                "SELECT learner, name FROM dn_learners WHERE room = ? ORDER BY created, learner", (room,))]

    @retried
    def add_transfer(self, learner: str, code_hash: str, until: float) -> None:
        """A device code (its hash) that gives ``learner``'s identity to another browser until ``until``."""
        with self._write() as execute:
            execute("DELETE FROM dn_transfers WHERE learner = ? OR until < ?", (learner, time.time()))
            execute("INSERT INTO dn_transfers (code_hash, learner, until) VALUES (?, ?, ?)",
                    (code_hash, learner, until))

    @retried
    def take_transfer(self, code_hash: str, room: str, key_hash: str, now: float) -> tuple[str, str] | None:
        """Use the device code with this hash (once): the browser key with ``key_hash`` becomes the
        code's learner's too. (learner id, name), or None for a wrong, used or expired code."""
        with self._write() as execute:
            rows = execute("SELECT t.learner, l.name FROM dn_transfers t JOIN dn_learners l ON l.learner = t.learner "
                           "WHERE t.code_hash = ? AND l.room = ? AND t.until > ?", (code_hash, room, now))
            execute("DELETE FROM dn_transfers WHERE code_hash = ?", (code_hash,))
            if not rows:
                return None
            execute("INSERT INTO dn_learner_keys (key_hash, learner) VALUES (?, ?)", (key_hash, rows[0][0]))
            return rows[0][0], rows[0][1]

    @retried
    def release_seat(self, code: str, seat: int) -> int:
        """Free a learner's seat (a teacher's call, e.g. for a learner who lost their token): the
        old token stops working. Returns the version."""
        with self._write() as execute:
            self._locked_row(execute, code)
            execute("UPDATE dn_seats SET token_hash = NULL, name = '', seen = NULL, device = NULL, moved = NULL "
                    "WHERE code = ? AND seat = ?", (code, seat))
            return self._bump(execute, code)

    @retried
    def move_seat(self, code: str, seat: int, to_code: str, to_seat: int | None = None) -> tuple[str, int]:
        """Move the learner at ``seat`` of table ``code`` (their token, name and device) to seat
        ``to_seat`` of table ``to_code`` (default: its first free learner seat), an open table of
        the same room: the teacher's call. Their pages follow (see :meth:`find_token`). Returns
        (table, seat) moved to. Raises :class:`SeatError`."""
        with self._write() as execute:
            for table in sorted({code, to_code}):  # one order of row locks: no deadlock between two moves
                self._locked_row(execute, table, open_only=table == to_code)
            rows = execute("SELECT token_hash, name, device, seen FROM dn_seats WHERE code = ? AND seat = ? "
                           "AND token_hash IS NOT NULL", (code, seat))
            if not rows:
                raise SeatError(M("no learner sits at P{seat} of table {code}", seat=seat + 1, code=code))
            rooms = {room for (room,) in execute("SELECT DISTINCT room FROM dn_tables WHERE code IN (?, ?)",
                                                 (code, to_code))}
            free = [int(s) for (s,) in execute("SELECT seat FROM dn_seats WHERE code = ? AND kind = ? AND "
                                               "token_hash IS NULL ORDER BY seat", (to_code, HUMAN))]
            target = free[0] if to_seat is None and free else to_seat
            if len(rooms) != 1 or target not in free:
                raise SeatError(M("table {code} has no free learner seat to move to", code=to_code))
            token_hash, name, device, seen = rows[0]
            execute("UPDATE dn_seats SET token_hash = NULL, name = '', seen = NULL, device = NULL, moved = NULL "
                    "WHERE code = ? AND seat = ?", (code, seat))
            execute("UPDATE dn_seats SET token_hash = ?, name = ?, seen = ?, device = ?, moved = NULL "
                    "WHERE code = ? AND seat = ?", (token_hash, name, seen, device, to_code, target))
            self._bump(execute, code)
            if to_code != code:
                self._bump(execute, to_code)
            return to_code, target

    @retried
    def find_token(self, token_hash: str, room: str) -> str | None:
        """The open table of ``room`` where the token with this hash holds a seat now (after the
        teacher moved its learner), or None."""
        with self._lock:
            rows = self._read("SELECT s.code FROM dn_seats s JOIN dn_tables t ON t.code = s.code WHERE "
                              "s.token_hash = ? AND t.room = ? AND NOT t.closed", (token_hash, room))
        return rows[0][0] if rows else None

    @retried
    def leave_room(self, room: str, device: str) -> None:
        """Take the browser ``device`` out of ``room``'s lobby (the teacher removed its learner)."""
        with self._write() as execute:
            execute("DELETE FROM dn_arrivals WHERE room = ? AND device = ?", (room, device))

    @retried
    def rename_seat(self, code: str, seat: int, name: str) -> int:
        """Give the learner at ``seat`` another name (the teacher's call). Returns the version."""
        with self._write() as execute:
            self._locked_row(execute, code)
            if not execute("UPDATE dn_seats SET name = ? WHERE code = ? AND seat = ? AND token_hash IS NOT NULL "
                           "RETURNING seat", (name[:NAME_LENGTH], code, seat)):
                raise SeatError(M("no learner sits at P{seat} of table {code}", seat=seat + 1, code=code))
            return self._bump(execute, code)

    @retried
    def lock_table(self, code: str, locked: bool = True) -> int:
        """Let no new learner in at table ``code`` (or again, ``locked=False``): free seats cannot
        be taken, and a seat cannot be opened on another device. Returns the version."""
        with self._write() as execute:
            self._locked_row(execute, code)
            return self._bump(execute, code, "locked = ?", (bool(locked),))

    @retried
    def lock_room(self, room: str, locked: bool = True) -> None:
        """Let no new learner in at any table of ``room``, nor new tables (or again)."""
        with self._write() as execute:
            execute("INSERT INTO dn_rooms (room, locked) VALUES (?, ?) ON CONFLICT (room) DO UPDATE SET locked = "
                    "excluded.locked", (room, bool(locked)))
            for (code,) in execute("SELECT code FROM dn_tables WHERE room = ?", (room,)):
                self._bump(execute, code)  # pages hear of it

    @retried
    def erase_room(self, room: str) -> int:
        """Erase ``room``'s tables (their seats and moves), its lobby and its lock: the teacher's
        end of a class. Returns how many tables were erased."""
        with self._write() as execute:
            codes = [code for (code,) in execute("SELECT code FROM dn_tables WHERE room = ?", (room,))]
            execute("DELETE FROM dn_moves WHERE code IN (SELECT code FROM dn_tables WHERE room = ?)", (room,))
            execute("DELETE FROM dn_slips WHERE code IN (SELECT code FROM dn_tables WHERE room = ?)", (room,))
            execute("DELETE FROM dn_seats WHERE code IN (SELECT code FROM dn_tables WHERE room = ?)", (room,))
            execute("DELETE FROM dn_tables WHERE room = ?", (room,))
            execute("DELETE FROM dn_arrivals WHERE room = ?", (room,))
            execute("DELETE FROM dn_assignments WHERE room = ?", (room,))
            execute("DELETE FROM dn_transfers WHERE learner IN (SELECT learner FROM dn_learners WHERE room = ?)",
                    (room,))
            execute("DELETE FROM dn_learner_keys WHERE learner IN (SELECT learner FROM dn_learners WHERE room = ?)",
                    (room,))
            execute("DELETE FROM dn_learners WHERE room = ?", (room,))
            execute("DELETE FROM dn_rooms WHERE room = ?", (room,))
            return len(codes)

    @retried
    def room_locked(self, room: str) -> bool:
        """Whether the teacher locked ``room`` (:meth:`lock_room`)."""
        with self._lock:
            rows = self._read("SELECT locked FROM dn_rooms WHERE room = ?", (room,))
        return bool(rows and rows[0][0])

    @retried
    def seat_of(self, code: str, token_hash: str, device: str | None = None) -> int:
        """The seat the holder of this token took (and mark it seen). With ``device`` (a
        browser's id), that device holds the seat from now on: if another one held it, the
        seat records when it ``moved`` and the table's version changes, so the other device's
        pages hear of it. Raises :class:`SeatTokenError` for a token this table did not issue,
        or whose seat was freed."""
        now = time.time()
        with self._write() as execute:
            rows = execute("SELECT seat, device FROM dn_seats WHERE code = ? AND token_hash = ?", (code, token_hash))
            if not rows:
                self._locked_row(execute, code)  # UnknownTable first: a mistyped code is the likelier mistake
                raise SeatTokenError(M("this seat token does not hold a seat at table {code} (it is forged, from "
                                       "another table, or the teacher freed the seat)", code=code))
            seat, held = int(rows[0][0]), rows[0][1]
            if device is None or held == device:
                execute("UPDATE dn_seats SET seen = ? WHERE code = ? AND seat = ?", (now, code, seat))
                return seat
            if held is not None and self._shut(execute, code):  # a copied seat token on another device
                raise TableLocked(M("seat P{seat} at table {code} stays on the device that holds it: the teacher "
                                  "locked the table (ask your teacher to free the seat)", seat=seat + 1, code=code))
            moved = now if held is not None else None
            execute("UPDATE dn_seats SET seen = ?, device = ?, moved = COALESCE(?, moved) WHERE code = ? AND seat = ?",
                    (now, device, moved, code, seat))
            self._bump(execute, code)
            return seat

    @retried
    def touch(self, code: str, seat: int, device: str | None = None) -> bool:
        """Record that a page of the learner at ``seat`` is open (no version change); with
        ``device``, only if that device still holds the seat. Whether it was recorded."""
        where = " AND device = ?" if device is not None else ""
        with self._write() as execute:
            return bool(execute(f"UPDATE dn_seats SET seen = ? WHERE code = ? AND seat = ?{where} RETURNING seat",
                                (time.time(), code, seat, *((device,) if device is not None else ()))))

    @retried
    def seats(self, code: str) -> tuple[SeatInfo, ...]:
        """The table's seats as stored now (a cheap read: who is connected changes without a
        new version). Raises :class:`UnknownTable`."""
        with self._lock:
            seats = self._read(f"SELECT {_SEAT_COLUMNS} FROM dn_seats WHERE code = ? ORDER BY seat", (code,))
        if not seats:
            self.version(code)
        return tuple(_seat_info(s) for s in seats)

    # ------------------------------------------------------------------ guesses
    @retried
    def try_wait(self, whos: Sequence[str], now: float) -> float:
        """Seconds until each of ``whos`` (e.g. ``"code device:..."``, ``"code address:..."``) may
        try again: the longest wait of them (0: none waits). See :mod:`danish_nb.tables.keys`."""
        if not whos:
            return 0.0
        with self._lock:
            rows = self._read(f"SELECT until FROM dn_tries WHERE who IN ({', '.join('?' * len(whos))})", tuple(whos))
        return max([0.0, *(float(until) - now for (until,) in rows)])

    @retried
    def count_try(self, who: str, right: bool, *, free: int, first: float, most: float, quiet: float,
                  now: float) -> None:
        """Count one try by ``who``: a right one clears its count; after ``free`` wrong ones (since
        it was last ``quiet`` seconds without one) each makes it wait ``first`` s, doubling, at
        most ``most`` s."""
        with self._write() as execute:
            rows = execute(f"SELECT wrong, last FROM dn_tries WHERE who = ?{self.lock_clause}", (who,))
            wrong = 0 if not rows or now - float(rows[0][1]) > quiet else int(rows[0][0])
            wrong = 0 if right else wrong + 1
            until = now + min(most, first * 2 ** (wrong - free)) if wrong >= free else 0.0
            execute("INSERT INTO dn_tries (who, wrong, until, last) VALUES (?, ?, ?, ?) ON CONFLICT (who) DO UPDATE "
                    "SET wrong = excluded.wrong, until = excluded.until, last = excluded.last",
                    (who, wrong, until, now))

    # ------------------------------------------------------------------ the lobby
    @retried
    def arrive(self, room: str, device: str, name: str) -> None:
        """Count the learner on ``device`` (a browser's id), named ``name``, as arrived in ``room``
        (again: the name and time are updated): what the teacher's lobby lists."""
        with self._write() as execute:
            execute("INSERT INTO dn_arrivals (room, device, name, seen) VALUES (?, ?, ?, ?) ON CONFLICT (room, device) "
                    "DO UPDATE SET name = excluded.name, seen = excluded.seen",
                    (room, device, name[:NAME_LENGTH], time.time()))

    @retried
    def arrivals(self, room: str) -> list[dict[str, Any]]:
        """Who arrived in ``room``, first arrivals first: name, when last seen, and the table
        codes where the learner's browser holds a seat (no device ids).

        >>> from danish_nb.tables.sqlite import SQLiteStore
        >>> store = SQLiteStore(":memory:")
        >>> store.arrive("5B", "d-1", "Ada"); store.arrive("6A", "d-2", "Bo")
        >>> [row["name"] for row in store.arrivals("5B")]
        ['Ada']
        >>> store.close()
        """
        with self._lock:
            rows = self._read("SELECT device, name, seen FROM dn_arrivals WHERE room = ? ORDER BY seen DESC LIMIT ?",
                              (room, LOBBY_LIMIT))
            seated = self._read("SELECT s.device, s.learner, s.code FROM dn_seats s JOIN dn_tables t "
                                "ON t.code = s.code WHERE t.room = ? AND NOT t.closed ORDER BY s.code", (room,))
        tables: dict[str, list[str]] = {}
        for device, learner, code in seated:  # a learner arrived as their roster id, else their browser's
            for who in {device, learner} - {None}:
                tables.setdefault(who, []).append(code)
        return [{"name": name, "seen": float(seen), "tables": tables.get(device, [])}
                for device, name, seen in reversed(rows)]

    @retried
    def lobby(self, room: str) -> list[tuple[str, str]]:
        """Who arrived in ``room`` and holds no seat at an open table: (who, name), first
        arrivals first; ``who`` is what the learner's page arrived as (their roster id, else
        their browser's id): for the teacher's kernel only, never for a page."""
        with self._lock:
            rows = self._read("SELECT a.device, a.name FROM dn_arrivals a WHERE a.room = ? AND NOT EXISTS "
                              "(SELECT 1 FROM dn_seats s JOIN dn_tables t ON t.code = s.code WHERE NOT t.closed "
                              "AND (s.device = a.device OR s.learner = a.device)) ORDER BY a.seen", (room,))
        return [(who, name) for who, name in rows]

    @retried
    def assign(self, room: str, who: str, code: str) -> None:
        """The teacher seats the learner ``who`` of ``room`` at table ``code``: their page sits
        down there by itself (:meth:`take_assignment`)."""
        with self._write() as execute:
            execute("INSERT INTO dn_assignments (room, who, code) VALUES (?, ?, ?) ON CONFLICT (room, who) "
                    "DO UPDATE SET code = excluded.code", (room, who, code))

    @retried
    def take_assignment(self, room: str, who: str) -> str | None:
        """The table the teacher seated ``who`` at, once (``None``: none). A read first: what an
        unseated page asks every second costs no write while there is nothing to take."""
        with self._lock:
            if not self._read("SELECT 1 FROM dn_assignments WHERE room = ? AND who = ?", (room, who)):
                return None
        with self._write() as execute:
            rows = execute(f"SELECT code FROM dn_assignments WHERE room = ? AND who = ?{self.lock_clause}",
                           (room, who))
            if rows:
                execute("DELETE FROM dn_assignments WHERE room = ? AND who = ?", (room, who))
        return rows[0][0] if rows else None

    # ------------------------------------------------------------------ the live view
    def add_slip(self, code: str, seat: int, rule: str, now: float | None = None) -> None:
        """Keep an illegal move tried at ``seat`` of table ``code``, forbidden by ``rule`` (for
        :data:`SLIP_KEEP` s: the teacher's live view). Not run twice when the store blinks: a
        lost slip costs the view one count, a doubled one would blame the learner twice."""
        now = time.time() if now is None else now
        with self._write() as execute:
            execute("INSERT INTO dn_slips (code, seat, rule, at) VALUES (?, ?, ?, ?)", (code, seat, rule[:20], now))
            execute("DELETE FROM dn_slips WHERE code = ? AND at < ?", (code, now - SLIP_KEEP))

    @retried
    def activity(self, room: str, since: float) -> tuple[dict[str, float], list[tuple[str, int, str, float]]]:
        """What the teacher's live view reads of ``room``'s open tables: when each last took a
        move (``code -> time``; tables without one are missing), and the illegal moves tried
        since ``since``: (code, seat, rule, time), oldest first.

        >>> from danish_nb.tables.sqlite import SQLiteStore
        >>> store = SQLiteStore(":memory:")
        >>> code = store.create_table("bastard", seed=1, options={}, seats=["human", "random"], turn=0, room="5B")
        >>> store.add_slip(code, 1, "BA-12", now=100.0)
        >>> store.activity("5B", since=50.0) == ({}, [(code, 1, "BA-12", 100.0)]), store.activity("6A", 0.0)
        (True, ({}, []))
        >>> store.close()
        """
        with self._lock:
            last = self._read("SELECT m.code, MAX(m.at) FROM dn_moves m JOIN dn_tables t ON t.code = m.code "
                              "WHERE t.room = ? AND NOT t.closed GROUP BY m.code", (room,))
            slips = self._read("SELECT s.code, s.seat, s.rule, s.at FROM dn_slips s JOIN dn_tables t "
                               "ON t.code = s.code WHERE t.room = ? AND NOT t.closed AND s.at >= ? ORDER BY s.at",
                               (room, since))
        return ({code: float(at) for code, at in last},
                [(code, int(seat), rule, float(at)) for code, seat, rule, at in slips])

    # ------------------------------------------------------------------ moves
    @retried
    def moves(self, code: str, after: int = 0) -> list[str]:
        """The texts of moves ``after + 1``, ``after + 2``, ... in order."""
        with self._lock:
            rows = self._read("SELECT move FROM dn_moves WHERE code = ? AND number > ? ORDER BY number",
                              (code, after))
        return [row[0] for row in rows]

    def add_move(self, code: str, number: int, *, seat: int, move: str, turn: int | None, finished: bool,
                 device: str | None = None, again: bool = False) -> int:
        """Store move ``number`` if the table holds exactly ``number - 1`` moves (and, with
        ``device``, if that device holds the seat); returns the new version. Raises
        :class:`MoveConflict` if another move got there first, :class:`SeatMoved` if the seat
        was opened on another device, :class:`TableClosed` if the teacher closed the table,
        :class:`StoreUnavailable` if the store cannot be reached (tried again a few times first).

        ``again``: an earlier call may have stored this move before its answer was lost; if move
        ``number`` is this very move (seat and text), it counts as stored, once."""
        return self._retrying(lambda retry: self._add_move(code, number, seat, move, turn, finished, device,
                                                          again or retry))

    def _add_move(self, code: str, number: int, seat: int, move: str, turn: int | None, finished: bool,
                  device: str | None, again: bool) -> int:
        try:
            with self._write() as execute:
                held = self._locked_row(execute, code, open_only=True)[0]
                stored = "SELECT seat, move FROM dn_moves WHERE code = ? AND number = ?"
                if again and held >= number and execute(stored, (code, number)) == [(seat, move)]:
                    return int(execute("SELECT version FROM dn_tables WHERE code = ?", (code,))[0][0])
                if device is not None:
                    holder = execute("SELECT device FROM dn_seats WHERE code = ? AND seat = ?", (code, seat))
                    if not holder or holder[0][0] != device:
                        raise SeatMoved(M("your seat at table {code} was opened on another device: this page no "
                                          "longer plays (join the table again here to play on this page)", code=code))
                if held != number - 1:
                    raise _conflict(code, number, held)
                execute("INSERT INTO dn_moves (code, number, seat, move, at) VALUES (?, ?, ?, ?, ?)",
                        (code, number, seat, move, time.time()))
                return self._bump(execute, code, "moves = ?, turn = ?, finished = ?", (number, turn, finished))
        except self.integrity_errors:
            # the (table, number) key held where the row lock did not (not expected, kept as a guard)
            raise _conflict(code, number, len(self.moves(code))) from None

    # ------------------------------------------------------------------ helpers
    def _locked_row(self, execute: Execute, code: str, open_only: bool = False) -> tuple[int, int]:
        """(moves, players) of the table, its row locked for this transaction."""
        rows = execute(f"SELECT moves, players, closed FROM dn_tables WHERE code = ?{self.lock_clause}", (code,))
        if not rows:
            raise UnknownTable(M("no table has the code {code!r}: check the code on the teacher's screen", code=code))
        moves, players, closed = rows[0]
        if open_only and closed:
            raise TableClosed(M("table {code} is closed: the teacher ended it", code=code))
        return int(moves), int(players)

    def _shut(self, execute: Execute, code: str) -> bool:
        """Whether the teacher let no new learner in at table ``code``: the table, or its room, is locked."""
        return bool(execute("SELECT t.locked OR COALESCE(r.locked, FALSE) FROM dn_tables t LEFT JOIN dn_rooms r "
                            "ON r.room = t.room WHERE t.code = ?", (code,))[0][0])

    def _bump(self, execute: Execute, code: str, sets: str = "", params: Sequence[Any] = ()) -> int:
        """Count one change of the table (with the given column updates); returns the new version."""
        sets = f"{sets}, " if sets else ""
        version = int(execute(f"UPDATE dn_tables SET {sets}version = version + 1 WHERE code = ? RETURNING version",
                              (*params, code))[0][0])
        self._changed(execute, code, version)
        return version


def _conflict(code: str, number: int, held: int) -> MoveConflict:
    return MoveConflict(M("move {number} at table {code} was not played: the table holds {held} moves "
                          "(another move got there first)", number=number, code=code, held=held), number, held)


def _table_info(row: tuple, seats: list[tuple]) -> TableInfo:
    code, room, game, seed, options, players, moves, turn, finished, closed, version, created, locked = row
    return TableInfo(code=code, room=room, game=game, seed=int(seed), options=json.loads(options),
                     players=int(players), moves=int(moves), turn=turn, finished=bool(finished),
                     closed=bool(closed), version=int(version), created=float(created),
                     seats=tuple(_seat_info(s) for s in seats), locked=bool(locked))


def _seat_info(row: tuple) -> SeatInfo:
    _code, seat, kind, name, claimed, seen, device, moved, learner = row
    return SeatInfo(int(seat), kind, name, bool(claimed), seen, device, moved, learner)

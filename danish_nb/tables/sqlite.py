"""The default store: one SQLite file in WAL mode (readers never wait for the writer), shared
by every kernel of one server. Waiting polls the table's version (a primary-key read) a few
times a second. A write that fails (the file locked for more than :data:`BUSY_SECONDS`, a full
or read-only disk) is tried once more on a new connection, then raises
:class:`~danish_nb.tables.errors.StoreUnavailable`: never a click dropped without a word.

>>> with SQLiteStore(":memory:") as store:
...     code = store.create_table("bastard", seed=1, options={}, seats=("human",) * 3, turn=0)
...     store.wait_for_change(code, after=0, timeout=0.0)
0
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from .store import Execute, Store

#: Seconds a writer waits for another one's lock before the write counts as failed (writes
#: take milliseconds: a longer wait means a stuck writer, and the click's handler must answer).
BUSY_SECONDS = 5.0


class SQLiteStore(Store):
    """Tables in the SQLite file at ``path`` (created with its directory if missing)."""

    integrity_errors = (sqlite3.IntegrityError,)
    connection_errors = (sqlite3.OperationalError,)
    retry_delays = (0.1,)

    def __init__(self, path: str | Path, *, poll: float = 0.1):
        super().__init__()
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        self.path = str(path)
        self.poll = poll
        self._conn = self._connect()
        with self._write() as execute:
            self._create_schema(execute)

    def _connect(self) -> sqlite3.Connection:
        conn = sqlite3.connect(self.path, timeout=BUSY_SECONDS, isolation_level=None, check_same_thread=False)
        conn.execute("PRAGMA journal_mode = WAL")
        conn.execute("PRAGMA synchronous = NORMAL")
        conn.execute("PRAGMA foreign_keys = ON")
        return conn

    def _reconnect(self) -> None:
        if self.path == ":memory:":
            return  # a new connection would be a new, empty database
        self._conn.close()
        self._conn = self._connect()

    def _read(self, sql: str, params: Sequence[Any] = ()) -> list[tuple]:
        return self._conn.execute(sql, params).fetchall()

    @contextmanager
    def _transaction(self) -> Iterator[Execute]:
        self._conn.execute("BEGIN IMMEDIATE")  # take the write lock now: writers queue, never deadlock
        try:
            yield self._read
            self._conn.execute("COMMIT")
        except BaseException:
            if self._conn.in_transaction:
                self._conn.execute("ROLLBACK")
            raise

    def _columns(self, execute: Execute, table: str) -> set[str]:
        return {row[1] for row in execute(f"PRAGMA table_info({table})", ())}

    def wait_for_change(self, code: str, after: int, timeout: float) -> int:
        deadline = time.monotonic() + timeout
        while (version := self.version(code)) <= after and (left := deadline - time.monotonic()) > 0:
            time.sleep(min(self.poll, left))
        return version

    def close(self) -> None:
        with self._lock:
            self._closing = True
            self._conn.close()

    def __repr__(self) -> str:
        return f"SQLiteStore({self.path!r})"

"""The store for several servers: PostgreSQL, chosen by ``DANISH_NB_STORE=postgresql://...``.

Writers lock the table's row (``SELECT ... FOR UPDATE``) inside their transaction and notify
``LISTEN``-ing kernels when it commits (``pg_notify``), so a waiter wakes as soon as a move is
stored. Each store holds one connection, plus one listening connection once it waits.
When the database restarts or the network blinks, each operation is tried again on a new
connection (see :meth:`~danish_nb.tables.store.Store._retrying`) and the listener is opened
again by the next wait. Needs ``psycopg`` (``pip install 'danish-nb[postgres]'``).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, suppress
from typing import Any

from .errors import StoreUnavailable, TableError
from .store import UNAVAILABLE, Execute, Store

#: The LISTEN/NOTIFY channel; payload ``"<code> <version>"`` (an empty payload stops a listener).
CHANNEL = "danish_nb_tables"
#: pg_advisory_xact_lock key serializing schema creation between servers starting together.
SCHEMA_LOCK = 0x646E7462
#: Seconds a connection attempt may take (a network blip must not hold a click for long).
CONNECT_SECONDS = 3


class PostgresStore(Store):
    """Tables in the PostgreSQL database at ``url`` (the schema is created if missing)."""

    lock_clause = " FOR UPDATE"
    schema_lock = f"SELECT pg_advisory_xact_lock({SCHEMA_LOCK})"

    def __init__(self, url: str):
        super().__init__()
        try:
            import psycopg
        except ImportError:
            raise TableError("a postgresql:// store needs psycopg: pip install 'danish-nb[postgres]'") from None
        self._psycopg = psycopg
        self.integrity_errors = (psycopg.errors.UniqueViolation,)
        self.connection_errors = (psycopg.OperationalError, psycopg.InterfaceError)
        self._url = url
        try:
            self._conn = self._connect()
        except psycopg.OperationalError as exc:
            raise StoreUnavailable(f"cannot reach the PostgreSQL store: {exc}".strip()) from None
        self._seen: dict[str, int] = {}
        self._cond = threading.Condition()
        self._listener: threading.Thread | None = None
        self._retrying(lambda _again: self._schema())

    def _schema(self) -> None:
        with self._write() as execute:
            execute("SELECT pg_advisory_xact_lock(?)", (SCHEMA_LOCK,))
            self._create_schema(execute)

    def _connect(self) -> Any:
        return self._psycopg.connect(self._url, autocommit=True, connect_timeout=CONNECT_SECONDS)

    def _reconnect(self) -> None:
        with suppress(self._psycopg.Error):
            self._conn.close()
        self._conn = self._connect()

    def _read(self, sql: str, params: Sequence[Any] = ()) -> list[tuple]:
        cursor = self._conn.execute(sql.replace("?", "%s"), params)
        return cursor.fetchall() if cursor.description is not None else []

    @contextmanager
    def _transaction(self) -> Iterator[Execute]:
        with self._conn.transaction():
            yield self._read

    def _columns(self, execute: Execute, table: str) -> set[str]:
        return {row[0] for row in execute("SELECT column_name FROM information_schema.columns "
                                          "WHERE table_schema = current_schema() AND table_name = ?", (table,))}

    def _changed(self, execute: Execute, code: str, version: int) -> None:
        execute("SELECT pg_notify(?, ?)", (CHANNEL, f"{code} {version}"))  # delivered at commit

    # ------------------------------------------------------------------ waiting
    def wait_for_change(self, code: str, after: int, timeout: float) -> int:
        try:
            self._start_listener()
        except self.connection_errors as exc:
            raise StoreUnavailable(UNAVAILABLE) from exc
        deadline = time.monotonic() + timeout
        version = self.version(code)  # read after LISTEN: no notification can fall in between
        with self._cond:
            while (version := max(version, self._seen.get(code, 0))) <= after \
                    and (left := deadline - time.monotonic()) > 0:
                self._cond.wait(left)
        return version if version > after else self.version(code)  # a lost listener costs a read

    def _start_listener(self) -> None:
        with self._lock:
            if self._listener is not None and self._listener.is_alive():
                return
            conn = self._connect()
            conn.execute(f"LISTEN {CHANNEL}")
            self._listener = threading.Thread(target=self._listen, args=(conn,), name="danish-nb-listen",
                                              daemon=True)
            self._listener.start()

    def _listen(self, conn: Any) -> None:
        try:
            while not self._closing:
                for note in conn.notifies(timeout=30.0):
                    code, _, version = note.payload.partition(" ")
                    if not code:  # another store closing, or this one
                        if self._closing:
                            return
                        continue
                    with self._cond:
                        self._seen[code] = max(self._seen.get(code, 0), int(version or 0))
                        self._cond.notify_all()
        except self._psycopg.Error:
            pass  # the server went away: waiters fall back to reading the version on timeout
        finally:
            conn.close()

    def close(self) -> None:
        with self._lock:
            self._closing = True
            if self._listener is not None and self._listener.is_alive():
                try:
                    self._read("SELECT pg_notify(?, '')", (CHANNEL,))
                    self._listener.join(timeout=10)
                except self._psycopg.Error:
                    pass  # the server is away: the daemon listener ends with its connection
            self._conn.close()

    def __repr__(self) -> str:
        return "PostgresStore(...)"  # never the URL: it may hold a password

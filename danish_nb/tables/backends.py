"""Which store a URL names: SQLite by default (a file in the user's data directory), PostgreSQL
past one server (``DANISH_NB_STORE=postgresql://...``).

>>> store = open_store("sqlite:///:memory:")
>>> type(store).__name__
'SQLiteStore'
>>> store.close()
"""

from __future__ import annotations

import os
from pathlib import Path

from .errors import TableError
from .postgres import PostgresStore
from .store import STORE_ENV, Store


def default_path() -> Path:
    """The SQLite file used when ``DANISH_NB_STORE`` is unset: ``tables.sqlite3`` in the user's
    data directory (``$XDG_DATA_HOME/danish-nb`` or ``~/.local/share/danish-nb`` on Linux)."""
    import platformdirs

    return platformdirs.user_data_path("danish-nb") / "tables.sqlite3"


def open_store(url: str | None = None) -> Store:
    """The store ``url`` names (default: ``$DANISH_NB_STORE``, else SQLite at :func:`default_path`).

    ``postgresql://user@host/db`` (or ``postgres://``) opens PostgreSQL (``pip install
    danish-nb[postgres]``); ``sqlite:///relative.db``, ``sqlite:////absolute.db``,
    ``sqlite:///:memory:`` or a plain file path open SQLite.
    """
    from .sqlite import SQLiteStore  # (here: a page in the browser has no sqlite3, and opens no store)

    url = url if url is not None else os.environ.get(STORE_ENV, "")
    if url.startswith(("postgresql://", "postgres://")):
        return PostgresStore(url)
    if url.startswith("sqlite:///"):
        return SQLiteStore(url.removeprefix("sqlite:///"))
    if "://" in url:
        raise TableError(f"{STORE_ENV} names a {url.split('://')[0]!r} store; use a postgresql:// URL, "
                         "sqlite:///path, or a file path")
    return SQLiteStore(url or default_path())

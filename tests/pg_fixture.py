"""Store fixtures for the class-table tests. :func:`postgres_url` starts a throwaway PostgreSQL
cluster (see :mod:`danish_nb.tables.pgcluster`) for the test session and stops it at the end;
:func:`connect` runs a test once per store, SQLite then PostgreSQL. A test module uses them with
``pytest_plugins = ("pg_fixture",)``.

Without PostgreSQL the PostgreSQL tests are skipped with the reason, unless ``CI=true``: there
they fail.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from danish_nb.tables import Store, TableError
from danish_nb.tables.pgcluster import throwaway_cluster
from danish_nb.tables.postgres import PostgresStore
from danish_nb.tables.sqlite import SQLiteStore


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """A ``postgresql://`` URL to a fresh, empty cluster."""
    try:
        cluster = throwaway_cluster()
        url = cluster.__enter__()
    except TableError as exc:
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"CI=true but {exc} (the PostgreSQL store tests need it)")
        pytest.skip(f"{exc} to run the PostgreSQL store tests")
    try:
        yield url
    finally:
        cluster.__exit__(None, None, None)


@pytest.fixture(params=["sqlite", "postgres"])
def connect(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Callable[[], Store]]:
    """Opens connections (each a new :class:`Store`) to one fresh database per test."""
    if request.param == "sqlite":
        def make() -> Store:
            return SQLiteStore(tmp_path / "tables.sqlite3", poll=0.05)
    else:
        url = request.getfixturevalue("postgres_url")

        def make() -> Store:
            return PostgresStore(url)
    opened: list[Store] = []

    def opener() -> Store:
        opened.append(make())
        return opened[-1]
    yield opener
    for store in opened:
        store.close()

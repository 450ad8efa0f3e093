"""A throwaway PostgreSQL cluster for the class-table tests: ``initdb`` and ``pg_ctl`` (Debian's
``postgresql`` package) start one on a free port in a temporary directory for the test session,
and stop it at the end. As root the cluster runs as the ``postgres`` user.

Without PostgreSQL the tests using :func:`postgres_url` are skipped, unless ``CI=true``: there
they fail. :func:`connect` runs a test once per store. A test module uses the fixtures with
``pytest_plugins = ("pg_fixture",)``.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from danish_nb.tables import Store
from danish_nb.tables.postgres import PostgresStore
from danish_nb.tables.sqlite import SQLiteStore

#: Opens one more connection (a new :class:`Store`) to the test's database.
Opener = Callable[[], Store]

NO_POSTGRES = ("no PostgreSQL found (initdb under /usr/lib/postgresql/*/bin or on PATH); install it with "
               "`apt-get install -y postgresql` to run the PostgreSQL store tests")


def _binaries() -> Path | None:
    """The directory holding ``initdb`` and ``pg_ctl`` (the newest Debian version), if any."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(p.split("/")[4]))
    initdb = found[-1] if found else shutil.which("initdb")
    return Path(initdb).parent if initdb else None


def _unavailable(reason: str) -> None:
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"CI=true but {reason}")
    pytest.skip(reason)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """A ``postgresql://`` URL to a fresh, empty cluster (fsync off: nothing here must survive)."""
    bindir = _binaries()
    if bindir is None:
        _unavailable(NO_POSTGRES)
    runner: list[str] = []
    tmp = Path(tempfile.mkdtemp(prefix="danish-nb-pg-"))
    if os.geteuid() == 0:  # initdb refuses to run as root
        try:
            pwd.getpwnam("postgres")
        except KeyError:
            _unavailable("running as root and there is no `postgres` user to run PostgreSQL as")
        shutil.chown(tmp, "postgres", "postgres")
        runner = ["runuser", "-u", "postgres", "--"]
    data, port = tmp / "data", _free_port()
    settings = (f"-p {port} -k {tmp} -c listen_addresses=127.0.0.1 -c fsync=off "
                "-c synchronous_commit=off -c full_page_writes=off -c max_connections=60")
    try:
        subprocess.run([*runner, str(bindir / "initdb"), "-D", str(data), "-A", "trust", "-U", "postgres",
                        "-E", "UTF8", "--no-sync"], check=True, capture_output=True)
        subprocess.run([*runner, str(bindir / "pg_ctl"), "-D", str(data), "-l", str(tmp / "log"), "-w", "-t", "60",
                        "-o", settings, "start"], check=True, capture_output=True)
    except subprocess.CalledProcessError as exc:
        shutil.rmtree(tmp, ignore_errors=True)
        _unavailable(f"PostgreSQL did not start: {exc.stderr.decode(errors='replace')[-500:]}")
    try:
        yield f"postgresql://postgres@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run([*runner, str(bindir / "pg_ctl"), "-D", str(data), "-m", "immediate", "-w", "stop"],
                       capture_output=True)
        shutil.rmtree(tmp, ignore_errors=True)


@pytest.fixture(params=["sqlite", "postgres"])
def connect(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Opener]:
    """Opens connections to one fresh database per test: SQLite, then PostgreSQL."""
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

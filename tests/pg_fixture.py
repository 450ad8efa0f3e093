"""A throwaway PostgreSQL cluster for the class-table tests: ``initdb`` and ``pg_ctl`` (Debian's
``postgresql`` package) start one on a free port in a temporary directory for the test session,
and stop it at the end. As root the cluster runs as the ``postgres`` user.

Without PostgreSQL the tests using :func:`postgres_url` are skipped, unless ``CI=true``: there
they fail. Import the fixture into a test module: ``from pg_fixture import postgres_url``.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

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

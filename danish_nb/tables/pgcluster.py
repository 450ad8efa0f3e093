"""A throwaway PostgreSQL cluster (tests and benchmarks only): Debian's ``initdb`` and
``pg_ctl`` start one on a free port in a temporary directory, and it is stopped and deleted on
exit. As root it runs as the ``postgres`` user (``initdb`` refuses root)."""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from .errors import TableError

NO_POSTGRES = ("no PostgreSQL found (initdb under /usr/lib/postgresql/*/bin or on PATH); install it with "
               "`apt-get install -y postgresql`")


def binaries() -> Path | None:
    """The directory holding ``initdb`` and ``pg_ctl`` (the newest Debian version), if any."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(p.split("/")[4]))
    initdb = found[-1] if found else shutil.which("initdb")
    return Path(initdb).parent if initdb else None


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextmanager
def throwaway_cluster() -> Iterator[str]:
    """A ``postgresql://`` URL to a fresh, empty cluster (fsync off: nothing must survive).
    Raises :class:`TableError` saying why when PostgreSQL is missing or does not start."""
    bindir = binaries()
    if bindir is None:
        raise TableError(NO_POSTGRES)
    runner: list[str] = []
    tmp = Path(tempfile.mkdtemp(prefix="danish-nb-pg-"))
    try:
        if os.geteuid() == 0:
            try:
                pwd.getpwnam("postgres")
            except KeyError:
                raise TableError("running as root and there is no `postgres` user to run PostgreSQL as") from None
            shutil.chown(tmp, "postgres", "postgres")
            runner = ["runuser", "-u", "postgres", "--"]
        data, port = tmp / "data", _free_port()
        settings = (f"-p {port} -k {tmp} -c listen_addresses=127.0.0.1 -c fsync=off "
                    "-c synchronous_commit=off -c full_page_writes=off -c max_connections=60")
        try:
            subprocess.run([*runner, str(bindir / "initdb"), "-D", str(data), "-A", "trust", "-U", "postgres",
                            "-E", "UTF8", "--no-sync"], check=True, capture_output=True)
            subprocess.run([*runner, str(bindir / "pg_ctl"), "-D", str(data), "-l", str(tmp / "log"), "-w",
                            "-t", "60", "-o", settings, "start"], check=True, capture_output=True)
        except subprocess.CalledProcessError as exc:
            raise TableError(f"PostgreSQL did not start: {exc.stderr.decode(errors='replace')[-500:]}") from None
        try:
            yield f"postgresql://postgres@127.0.0.1:{port}/postgres"
        finally:
            subprocess.run([*runner, str(bindir / "pg_ctl"), "-D", str(data), "-m", "immediate", "-w", "stop"],
                           capture_output=True)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)

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


class Cluster:
    """A running throwaway cluster: its ``url``, and :meth:`stop` / :meth:`start` to restart it
    as an operator would (``pg_ctl stop -m fast``, then ``start``): what the fault tests do."""

    def __init__(self, bindir: Path, runner: list[str], tmp: Path, port: int):
        self.bindir, self.runner, self.tmp, self.port = bindir, runner, tmp, port
        self.data = tmp / "data"
        self.url = f"postgresql://postgres@127.0.0.1:{port}/postgres"

    def _ctl(self, *args: str) -> subprocess.CompletedProcess:
        return subprocess.run([*self.runner, str(self.bindir / "pg_ctl"), "-D", str(self.data), *args],
                              capture_output=True)

    def start(self) -> None:
        """Start the cluster (waits until it takes connections). Raises :class:`TableError`."""
        settings = (f"-p {self.port} -k {self.tmp} -c listen_addresses=127.0.0.1 -c fsync=off "
                    "-c synchronous_commit=off -c full_page_writes=off -c max_connections=60")
        done = self._ctl("-l", str(self.tmp / "log"), "-w", "-t", "60", "-o", settings, "start")
        if done.returncode != 0:
            raise TableError(f"PostgreSQL did not start: {done.stderr.decode(errors='replace')[-500:]}")

    def stop(self, mode: str = "fast") -> None:
        """Stop the cluster (``fast``: clients are disconnected, as an operator's restart does)."""
        self._ctl("-m", mode, "-w", "stop")


@contextmanager
def throwaway() -> Iterator[Cluster]:
    """A fresh, empty, running :class:`Cluster` (fsync off: nothing must survive), deleted on
    exit. Raises :class:`TableError` saying why when PostgreSQL is missing or does not start."""
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
        cluster = Cluster(bindir, runner, tmp, _free_port())
        try:
            subprocess.run([*runner, str(bindir / "initdb"), "-D", str(cluster.data), "-A", "trust", "-U",
                            "postgres", "-E", "UTF8", "--no-sync"], check=True, capture_output=True)
        except subprocess.CalledProcessError as exc:
            raise TableError(f"PostgreSQL did not start: {exc.stderr.decode(errors='replace')[-500:]}") from None
        cluster.start()
        try:
            yield cluster
        finally:
            cluster.stop("immediate")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


@contextmanager
def throwaway_cluster() -> Iterator[str]:
    """A ``postgresql://`` URL to a fresh, empty cluster (see :func:`throwaway`)."""
    with throwaway() as cluster:
        yield cluster.url

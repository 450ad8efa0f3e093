"""Which address a kernel's visitor came from: the server knows it, the kernel is told.

The classroom server knows each page's address (it caps kernels per address); the kernel does
not (this server serves Voila's request info to nobody). When a page gets its kernel, the server
writes the address into a file beside the kernel's connection file, in the server's private
connection directory, and removes it when the kernel is gone. The kernel reads it there to count
teacher-key tries per address (:mod:`danish_nb.tables.keys`).

>>> import tempfile
>>> folder = tempfile.mkdtemp()
>>> write_visitor(folder, "k1", "10.0.0.7")
>>> read_visitor(folder, "k1"), read_visitor(folder, "k2")
('10.0.0.7', None)
>>> forget_visitor(folder, "k1"); read_visitor(folder, "k1") is None
True

This module imports neither Voila nor tornado: kernels import it.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

#: The environment variable in which Voila tells a kernel its id.
KERNEL_ID_ENV = "VOILA_KERNEL_ID"


def _path(folder: str | Path, kernel_id: str) -> Path:
    return Path(folder) / f"visitor-{Path(kernel_id).name}.txt"


def write_visitor(folder: str | Path, kernel_id: str, address: str) -> None:
    """Tell kernel ``kernel_id`` (whose connection file is in ``folder``) its visitor's address."""
    _path(folder, kernel_id).write_text(address, encoding="utf-8")


def forget_visitor(folder: str | Path, kernel_id: str) -> None:
    """The kernel is gone: remove its visitor file."""
    with contextlib.suppress(OSError):
        _path(folder, kernel_id).unlink()


def read_visitor(folder: str | Path, kernel_id: str) -> str | None:
    """The address written for ``kernel_id``, or None."""
    try:
        return _path(folder, kernel_id).read_text(encoding="utf-8").strip() or None
    except OSError:
        return None


def this_visitor() -> str | None:
    """In a kernel of the classroom server: its visitor's address (None elsewhere)."""
    kernel_id = os.environ.get(KERNEL_ID_ENV)
    if not kernel_id:
        return None
    try:
        from ipykernel.connect import get_connection_file
        folder = Path(get_connection_file()).parent
    except Exception:  # noqa: BLE001 -- not in a kernel started with a connection file
        return None
    return read_visitor(folder, kernel_id)

"""Bytecode compiled ahead for the modules the site's Python imports before its first board, run
*inside Pyodide* (under Node.js) by bytecode.mjs at build time: the browser's CPython 3.13 must
write the bytecode, the build machine's Python differs. Without it, a first visit compiles every
module the app imports from source (a later visit restores a memory snapshot and imports nothing).

Only the modules imported at start are compiled (``python -m benchmarks.site --steps`` measures
what it saves):

the standard library's zip and danish_nb's wheel have each such ``.py`` replaced by its ``.pyc``,
as Pyodide's full releases ship the standard library (a traceback through them shows no source
lines, in the browser's console only; a source beside it would add half a megabyte to a first
visit). RECORD lists the files as they are.

The bytecode is hash-based and unchecked (PEP 552): used whatever the files' times are after
unpacking, never checked against the source (the archives are not edited once built).
"""

from __future__ import annotations

import base64
import hashlib
import importlib
import importlib.util
import io
import sys
import zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

STDLIB_ZIP = f"/lib/python{sys.version_info.major}{sys.version_info.minor}.zip/"


def imported_files(modules: list[str]) -> tuple[set[str], set[str]]:
    """Import ``modules``; return the source files then loaded, as (paths inside the standard
    library's zip, paths relative to site-packages)."""
    for name in modules:
        importlib.import_module(name)
    site = next(p for p in sys.path if p.endswith("site-packages")) + "/"
    files = {getattr(m, "__file__", None) or "" for m in list(sys.modules.values())}
    stdlib = {f.removeprefix(STDLIB_ZIP) for f in files if f.startswith(STDLIB_ZIP) and f.endswith(".py")}
    packages = {f.removeprefix(site) for f in files if f.startswith(site) and f.endswith(".py")}
    return stdlib, packages


def bytecode(source: bytes, path: str) -> bytes:
    """The unchecked hash-based ``.pyc`` of a module's source."""
    code = compile(source, path, "exec", dont_inherit=True)
    return bytes(_code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False))


def compiled(data: bytes, wanted: set[str]) -> bytes | None:
    """The zip archive ``data`` with bytecode in place of its members named in ``wanted`` (see
    the module's docstring), each member compressed as it was, or None when it has none of them."""
    original = zipfile.ZipFile(io.BytesIO(data))
    if not wanted & set(original.namelist()):
        return None
    out = io.BytesIO()
    added: list[str] = []
    record: zipfile.ZipInfo | None = None
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for info in original.infolist():
            body = original.read(info)
            if info.filename.endswith(".dist-info/RECORD"):
                record = info
                continue
            if info.filename not in wanted:
                archive.writestr(info, body, info.compress_type)
                continue
            pyc = bytecode(body, info.filename)
            target = info.filename + "c"
            archive.writestr(zipfile.ZipInfo(target, info.date_time), pyc, info.compress_type)
            digest = base64.urlsafe_b64encode(hashlib.sha256(pyc).digest()).rstrip(b"=").decode()
            added.append(f"{target},sha256={digest},{len(pyc)}\n")
        if record is not None:
            kept = [line for line in original.read(record).decode().splitlines(keepends=True)
                    if line.split(",")[0] not in wanted]
            archive.writestr(record, "".join(kept + added).encode(), record.compress_type)
    return out.getvalue()


def needed_but_left_out(package: str, left_out: set[str], skipped: tuple[str, ...] = ()) -> list[str]:
    """The standard modules in ``left_out`` (those the site leaves out of the standard library's
    zip, still there now) that the interpreter has imported, or that a module of ``package``
    imports (each module is imported in turn, but those starting with one of ``skipped``; one that
    fails for another reason, such as a third-party package, is not the page's), as ``module: names``."""
    import pkgutil

    def tops() -> set[str]:
        return {name.split(".")[0] for name in list(sys.modules)}

    found = [f"start-up: {', '.join(sorted(tops() & left_out))}"] if tops() & left_out else []

    def check(name: str) -> None:
        before = tops()
        try:
            importlib.import_module(name)
        except Exception:  # noqa: BLE001 (a module that needs a server or a third-party package: not the page's)
            return
        if (tops() - before) & left_out:
            found.append(f"{name}: {', '.join(sorted((tops() - before) & left_out))}")

    check(package)
    for module in pkgutil.walk_packages(importlib.import_module(package).__path__, package + "."):
        if not module.name.startswith(tuple(skipped)):
            check(module.name)
    return found

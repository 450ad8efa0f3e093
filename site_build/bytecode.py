"""Bytecode compiled ahead for the modules the site's kernel imports at start, run *inside
Pyodide* (under Node.js) by bytecode.mjs at build time: the browser's CPython 3.13 must write the
bytecode, the build machine's Python differs. Without it, the visitor's browser compiles every
module IPython, the widgets and danish_nb import from source (about a third of the start).

Only the modules imported at start are compiled (compiling all would add about 5 MB to a visit;
these add about 2 MB):

- the standard library's zip and the wheels have each such ``.py`` replaced by its ``.pyc``, as
  Pyodide's full releases ship them (a traceback through them shows no source lines);
- danish_nb's wheel keeps its sources and gains ``__pycache__/*.pyc`` beside them.

RECORD lists the files as they are.

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


def compiled(data: bytes, wanted: set[str], sourceless: bool) -> bytes | None:
    """The zip archive ``data`` with bytecode for its members named in ``wanted`` (see the
    module's docstring), or None when it has none of them."""
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
                archive.writestr(info, body, zipfile.ZIP_DEFLATED)
                continue
            pyc = bytecode(body, info.filename)
            folder, _, name = info.filename.rpartition("/")
            if sourceless:
                target = info.filename + "c"
            else:
                archive.writestr(info, body, zipfile.ZIP_DEFLATED)
                cache = f"__pycache__/{name[:-3]}.{sys.implementation.cache_tag}.pyc"
                target = f"{folder}/{cache}" if folder else cache
            archive.writestr(zipfile.ZipInfo(target, info.date_time), pyc, zipfile.ZIP_DEFLATED)
            digest = base64.urlsafe_b64encode(hashlib.sha256(pyc).digest()).rstrip(b"=").decode()
            added.append(f"{target},sha256={digest},{len(pyc)}\n")
        if record is not None:
            kept = [line for line in original.read(record).decode().splitlines(keepends=True)
                    if not (sourceless and line.split(",")[0] in wanted)]
            archive.writestr(record, "".join(kept + added).encode(), zipfile.ZIP_DEFLATED)
    return out.getvalue()

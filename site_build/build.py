"""Build ``site/``: the app and the lessons running in the visitor's browser, a folder any static
web host can serve, that asks no other host for anything and works offline once visited.

No Jupyter in the browser: a page of our own (``static/``) runs Pyodide in a Web Worker with the
package's own wheel and nothing else (danish_nb needs only the standard library at run time), and
hosts the boards' front end (``board.js``, the same file as in Voila) on a small model that speaks
to :mod:`danish_nb.web` in the worker. ``make site`` runs ``python -m site_build build``:

1. Pyodide's core from npm (``npm pack``, integrity checked; the package holds no other wheel)
   and the package's wheel (``pip wheel``) with the pure-Python wheels of the dependencies the
   page needs (:data:`BROWSER_DEPENDENCIES`, ``pip download``);
2. the standard library without the modules no page needs (:data:`STDLIB_LEFT_OUT`), and bytecode
   for the modules imported before the first board, compiled in Pyodide under Node.js
   (bytecode.py);
3. the app page, its scripts (``static/``, each given its build's constants where it says
   ``/*BUILD*/``), the boards' script and styles from the package, the lesson pages (lessons.py),
   a web manifest (an installable page) and a service worker listing every file of this build
   under a version stamp (a rebuilt site replaces the old offline copy);
   the worker's start-up snapshot (``pyodide/snapshot.bin``, snapshot.mjs): Python started, the
   wheels unpacked and the first board's modules imported, taken once here so that no visit, first
   or not, starts Python (a 4x slower device: about 3 s of its first board, 3.4 MB in brotli);
4. a brotli (``.br``) and a gzip (``.gz``) copy beside each text or WebAssembly file they shrink,
   for hosts that serve precompressed files (site_build/serve.py says which and does it too).

Downloads, and the precompressed copies of the files that are theirs unchanged (Pyodide's core, the
dependencies' wheels), are cached for every checkout of this machine (:data:`SHARED_CACHE`, like
npm's and pip's own caches: a clean clone does not compress Pyodide's WebAssembly again, half a
minute of CPU); the other copies in ``build/site-cache``, by content. A site whose inputs (the package's files, these
build files, the lessons, pyproject.toml) did not change is not rebuilt (``site/.inputs`` holds
their hash, whose start is the version stamp).
"""

from __future__ import annotations

import base64
import hashlib
import html
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import Any

from .lessons import LESSONS, PATTERN, build_lessons

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
OUT = ROOT / "site"
WORK = ROOT / "build" / "site"
CACHE = ROOT / "build" / "site-cache"
#: The cache shared by the checkouts: ``$DANISH_NB_SITE_CACHE``, else ``danish-nb/site`` in the
#: user's cache folder (``$XDG_CACHE_HOME``, else ``~/.cache``). It holds only what a version pin
#: names (npm's Pyodide, the dependencies' wheels) and those files' precompressed copies.
SHARED_CACHE = Path(os.environ.get("DANISH_NB_SITE_CACHE")
                    or Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "danish-nb" / "site")
STATIC = HERE / "static"
INPUTS_FILE = ".inputs"

#: npm's Pyodide, exact: the last release on CPython 3.13 when this was written, with the memory
#: snapshots worker.js uses (``_makeSnapshot``, ``makeMemorySnapshot``, ``_loadSnapshot``: pyodide
#: 0.28+, experimental, so pinned and tested). 314.x (CPython 3.14) is 1 MB larger.
PYODIDE = ("pyodide", "0.29.5")
PYODIDE_CORE = ("pyodide.mjs", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip")
#: What worker.js imports for its first board (the session, the default game) and, after it, before
#: its snapshot (the other families' boards, their players and the coach, which the first board does
#: not import): compiled to bytecode here.
STARTUP_IMPORTS = ("danish_nb.web.session", "danish_nb.games.danish_bastard", "danish_nb.widgets.tricks_board",
                   "danish_nb.widgets.rat_board", "danish_nb.agents.search", "danish_nb.coach")
#: What the build runs in Python before its snapshot (snapshot.mjs), and worker.js if the snapshot
#: does not load: the session's module and its callbacks' hooks (set to the page's only after a
#: restore: no JavaScript object in a snapshot), the app's first board drawn once in English (its
#: imports), and every language's catalogue read, so that a restored interpreter draws the first
#: board in any language with no file (the standard library and the wheels are written after it).
PREPARE = """from danish_nb.web.session import Session
class DnHooks:
    progress = partial = staticmethod(lambda *args: None)
dn_hooks = DnHooks()
def dn_new_session():
    global dn_session
    dn_session = Session(progress=lambda done, total: dn_hooks.progress(done, total),
                         partial=lambda text: dn_hooks.partial(text))
    return dn_session.handle_json
dn_new_session()('{"op": "app.open", "seed": 1}')
dn_session = None
from danish_nb.i18n import LANGUAGES, translator
for lang in LANGUAGES:
    translator(lang)('New game')
"""
#: What worker.js imports once the files are back after the first board, one module at a time
#: (a click waits for one at most): the other families' boards, the strong player's search, the
#: coach, not in the snapshot, which a first visit fetches before its first board.
WARM_UP = [name for name in STARTUP_IMPORTS if name not in ("danish_nb.web.session", "danish_nb.games.danish_bastard")]
#: The worker's start-up snapshot, made by snapshot.mjs.
SNAPSHOT = "pyodide/snapshot.bin"
#: Standard modules no page needs, left out of the standard library's zip (1 MB of its 2.4): the
#: build checks that neither Pyodide's start nor any danish_nb module that imports in Pyodide
#: imports one (bytecode.mjs).
STDLIB_LEFT_OUT = frozenset({
    "_pyio", "_pyrepl", "bdb", "cProfile", "compileall", "configparser", "ctypes", "curses", "dbm", "difflib",
    "doctest", "email", "ensurepip", "ftplib", "ipaddress", "optparse",
    "http", "idlelib", "imaplib", "lib2to3", "mailbox", "modulefinder", "multiprocessing", "pdb", "pickletools",
    "plistlib", "poplib", "profile", "pstats", "pydoc", "pydoc_data", "smtplib", "socketserver", "sqlite3", "tarfile",
    "timeit", "tkinter", "trace", "turtle", "turtledemo", "unittest", "urllib", "venv", "wave", "wsgiref",
    "xml", "xmlrpc", "zoneinfo",
    # command-line tools and what only they, Pyodide's console or pickling need (datetime, pickle and
    # csv are built in C here: _pydatetime is their fallback)
    "_android_support", "_compat_pickle", "_pydatetime", "argparse", "cmd", "code", "codeop", "filecmp",
    "fileinput", "getopt", "graphlib", "mimetypes", "netrc", "pickle", "platform", "pty", "py_compile", "pyclbr",
    "quopri", "runpy", "sched", "shelve", "symtable", "tabnanny", "tracemalloc", "uuid", "zipapp"})
#: danish_nb's server side (the ``danish-nb`` command and the classroom server), never in a page.
SERVER_SIDE = ("danish_nb.app_server", "danish_nb.server")
#: The text encodings kept (the others, 90% of the ``encodings`` package, are left out).
ENCODINGS_KEPT = frozenset({
    "__init__", "aliases", "ascii", "charmap", "cp437", "idna", "latin_1", "punycode", "raw_unicode_escape",
    "unicode_escape", "utf_16", "utf_16_be", "utf_16_le", "utf_32", "utf_32_be", "utf_32_le", "utf_8", "utf_8_sig"})
#: Files of the package the pages use as they are: the boards' front end and the styles.
PACKAGE_FILES = ("widgets/board.js", "widgets/board.css")
#: A file of ``static/`` whose text holds this gets its build's constants (a JSON object) there.
BUILD_MARK = "/*BUILD*/{}"
#: What every page may load: this site's own files only (checked on every page and script).
ELSEWHERE = re.compile(r"""(?:src|href)=["'](?:https?:)?//|\bimport\s*\(?\s*["'](?:https?:)?//|"""
                       r"""url\(\s*["']?(?:https?:)?//""", re.I)


def inputs_hash() -> str:
    """The hash of everything the site is built from (the package, these files, pyproject.toml)."""
    digest = hashlib.sha256(" ".join(PYODIDE).encode())
    files = [ROOT / "pyproject.toml", *HERE.glob("*.py"), *HERE.glob("*.mjs"), *STATIC.glob("*"),
             *LESSONS.glob(PATTERN), *LESSONS.glob("records/*"),
             *(p for p in (ROOT / "danish_nb").rglob("*") if p.is_file() and "__pycache__" not in p.parts)]
    for path in sorted(files):
        digest.update(path.relative_to(ROOT).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def cpu_seconds() -> float:
    """CPU seconds of this process and of its children waited for (npm, pip, Node.js)."""
    times = os.times()
    return times.user + times.system + times.children_user + times.children_system


@contextmanager
def step(name: str) -> Iterator[None]:
    """Print the wall and CPU seconds a step of the build took (``make site``'s log says where
    its time goes).

    >>> with step("nothing"):
    ...     pass
    [nothing: 0.0 s, 0.0 CPU s]
    """
    wall, cpu = time.perf_counter(), cpu_seconds()
    yield
    print(f"[{name}: {time.perf_counter() - wall:.1f} s, {cpu_seconds() - cpu:.1f} CPU s]", flush=True)


def run(*command: str | Path, cwd: Path = ROOT) -> None:
    print("+", " ".join(str(c) for c in command), flush=True)
    subprocess.run([str(c) for c in command], cwd=cwd, check=True)


def npm_package(name: str, version: str) -> Path:
    """The unpacked npm package ``name@version`` (``npm pack`` checks its registry integrity)."""
    where = SHARED_CACHE / "npm" / f"{name.replace('/', '+')}-{version}"
    if not (where / "package" / "package.json").exists():
        where.parent.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(dir=where.parent))  # another checkout may be fetching it too
        run("npm", "pack", "--silent", "--pack-destination", staging, f"{name}@{version}")
        (tarball,) = staging.glob("*.tgz")
        with tarfile.open(tarball) as archive:
            archive.extractall(staging, filter="data")
        shutil.rmtree(where, ignore_errors=True)
        staging.rename(where)
    return where / "package"


#: The package's pure-Python dependencies the page's Python needs (practice's schedule), as wheels
#: from PyPI at the versions installed here (those the tests ran with, their members stored), unpacked
#: beside its own.
BROWSER_DEPENDENCIES = ("fsrs", "typing-extensions")


def dependency_wheels(folder: Path) -> list[Path]:
    """The wheels of :data:`BROWSER_DEPENDENCIES` (``pip download``, cached), copied into ``folder``."""
    from importlib.metadata import version
    where = SHARED_CACHE / "wheels"
    pins = [f"{name}=={version(name)}" for name in BROWSER_DEPENDENCIES]
    run(sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:", "--dest", where, *pins)
    wheels = []
    for pin in pins:
        name, _, release = pin.partition("==")
        (wheel,) = where.glob(f"{name.replace('-', '_')}-{release}-py3-none-any.whl")
        wheels.append(stored(wheel, folder / wheel.name))
    return wheels


def stored(wheel: Path, target: Path) -> Path:
    r"""A copy of ``wheel`` at ``target`` with its members stored, not deflated (worker.js writes
    them as they are; the host compresses the whole wheel).

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> with zipfile.ZipFile(folder / "a.whl", "w", zipfile.ZIP_DEFLATED) as z:
    ...     z.writestr("a.py", "x = 1\n" * 100)
    >>> [i.compress_type for i in zipfile.ZipFile(stored(folder / "a.whl", folder / "b.whl")).infolist()]
    [0]
    """
    with zipfile.ZipFile(wheel) as original, zipfile.ZipFile(target, "w", zipfile.ZIP_STORED) as out:
        for info in original.infolist():
            out.writestr(info, original.read(info), zipfile.ZIP_STORED)
    return target


def project_wheel(folder: Path) -> Path:
    """danish_nb's own wheel, built from this checkout into ``folder``, without the files no page
    reads (:func:`page_member`: the lesson notebooks the ``danish-nb`` command serves, the server
    side; the README in its METADATA), its catalogues without the lessons' prose
    (:func:`page_catalogue`) and a RECORD that lists the files as they are. Its members are stored,
    not deflated: the worker writes them as they are (the host compresses the whole wheel, as its
    precompressed copies do)."""
    WORK.mkdir(parents=True, exist_ok=True)
    dist = Path(tempfile.mkdtemp(prefix="dist-", dir=WORK))  # tests build it too, maybe at once (test_site_zip.py)
    run(sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir", dist, ROOT)
    (wheel,) = dist.glob("danish_nb-*.whl")
    target = folder / wheel.name
    with zipfile.ZipFile(wheel) as original, zipfile.ZipFile(target, "w", zipfile.ZIP_STORED) as out:
        metadata = next(n for n in original.namelist() if n.endswith(".dist-info/METADATA"))
        record = next(n for n in original.namelist() if n.endswith(".dist-info/RECORD"))
        lines = []
        for info in original.infolist():
            if not page_member(info.filename) or info.filename == record:
                continue
            body = original.read(info)
            if info.filename == metadata:
                body = short_metadata(body.decode()).encode()
            elif CATALOGUE.fullmatch(info.filename):
                body = page_catalogue(ROOT / Path(info.filename).with_suffix(".po"))
            out.writestr(info, body, zipfile.ZIP_STORED)
            digest = base64.urlsafe_b64encode(hashlib.sha256(body).digest()).rstrip(b"=").decode()
            lines.append(f"{info.filename},sha256={digest},{len(body)}\n")
        out.writestr(original.getinfo(record), "".join([*lines, f"{record},,\n"]), zipfile.ZIP_STORED)
    shutil.rmtree(dist)
    return target


#: A compiled catalogue in the wheel.
CATALOGUE = re.compile(r"danish_nb/locale/\w+/LC_MESSAGES/danish_nb\.mo")
#: Where the lessons' prose comes from (its entries' locations in the catalogues): the site's
#: lesson pages are built with it (lessons.py); the page's Python never translates it.
LESSON_SOURCES = ("notebooks/",)


def page_catalogue(po: Path) -> bytes:
    """The compiled catalogue of ``po`` without the entries only the lessons' prose uses (about a
    fifth of the entries and 40% of the bytes), for the page's wheel."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with po.open("rb") as handle:
        catalogue = read_po(handle, locale=po.parent.parent.name)
    for message in list(catalogue):
        if message.id and message.locations and all(f.startswith(LESSON_SOURCES) for f, _ in message.locations):
            catalogue.delete(message.id, message.context)
    out = io.BytesIO()
    write_mo(out, catalogue, use_fuzzy=False)
    return out.getvalue()


#: Parts of the package no page can import or needs (the server side, Jupyter's app and notebook
#: files, the research bridges and the simulation layer, which need numpy, pandas or a server, the
#: maintainers' tools), left out of the page's wheel.
NOT_IN_PAGES = ("danish_nb/app.py", "danish_nb/app_server.py", "danish_nb/sim.py", "danish_nb/server/",
                "danish_nb/bridges/", "danish_nb/jupyter/", "danish_nb/notebooks/", "danish_nb/tools/")


def page_member(name: str) -> bool:
    """Whether a file of the wheel goes to the page: not the packaged lessons' notebooks and records
    (the page's lessons are its own pages, ``site_build/lessons.py``), nor :data:`NOT_IN_PAGES`.

    >>> [page_member(n) for n in ("danish_nb/lessons/01-danish-bastard.ipynb", "danish_nb/lessons/fr/00-x.ipynb",
    ...                           "danish_nb/lessons/records/a.json", "danish_nb/lessons/__init__.py",
    ...                           "danish_nb/server/app.py", "danish_nb/bridges/openspiel.py",
    ...                           "danish_nb/agents/search.py")]
    [False, False, False, True, False, False, True]
    """
    if name.startswith(NOT_IN_PAGES):
        return False
    return not (name.startswith("danish_nb/lessons/") and name.endswith((".ipynb", ".json")))


def short_metadata(text: str) -> str:
    r"""A wheel's METADATA without its long description (the README: no page reads it).

    >>> short_metadata("Name: x\nVersion: 1\n\n# The README\n")
    'Name: x\nVersion: 1\n\n'
    """
    head, _, _ = text.partition("\n\n")
    return head + "\n\n"


def left_out(member: str) -> bool:
    """Whether a member of the standard library's zip is left out of the site.

    >>> [left_out(m) for m in ("email/parser.py", "doctest.py", "encodings/cp1252.py", "encodings/utf_8.py", "json/")]
    [True, True, True, False, False]
    """
    top, _, rest = member.partition("/")
    if top == "encodings" and rest:
        return rest.removesuffix(".py").removesuffix(".pyc") not in ENCODINGS_KEPT
    return top.removesuffix(".py").removesuffix(".pyc") in STDLIB_LEFT_OUT


def trim_stdlib(path: Path) -> None:
    """Rewrite the standard library's zip without the modules :func:`left_out` names."""
    with zipfile.ZipFile(path) as archive:
        kept = [(info, archive.read(info)) for info in archive.infolist() if not left_out(info.filename)]
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for info, data in kept:
            archive.writestr(info, data, zipfile.ZIP_DEFLATED)


def compile_bytecode(pyodide_dir: Path, lock: Path, wheel: Path) -> None:
    """Compile, in Pyodide under Node.js, the bytecode of the modules imported at start into the
    standard library's zip and the wheel (see bytecode.py); stop if a danish_nb module needs a
    standard module left out."""
    print("+ node site_build/bytecode.mjs (bytecode for the modules imported at start)", flush=True)
    done = subprocess.run(["node", HERE / "bytecode.mjs", pyodide_dir, lock, wheel, ",".join(STARTUP_IMPORTS),
                           ",".join(sorted(STDLIB_LEFT_OUT)), ",".join(SERVER_SIDE)], capture_output=True, text=True)
    if done.returncode:  # Pyodide's errors quote its whole minified source: keep the lines short
        tail = "\n".join(line[:300] for line in done.stderr.splitlines()[-20:] if not line.startswith("var Module"))
        raise SystemExit(f"bytecode.mjs failed (exit {done.returncode}):\n{tail}")
    *rewritten, missing = done.stdout.splitlines()
    if json.loads(missing):
        raise SystemExit(f"danish_nb needs standard modules the site leaves out: {json.loads(missing)} "
                         "(site_build/build.py STDLIB_LEFT_OUT)")
    print("  bytecode added to", ", ".join(rewritten))


def make_snapshot(site: Path) -> None:
    """The worker's start-up snapshot (:data:`SNAPSHOT`), taken and checked in the site's Pyodide
    under Node.js (snapshot.mjs)."""
    print("+ node site_build/snapshot.mjs (the start-up snapshot)", flush=True)
    done = subprocess.run(["node", HERE / "snapshot.mjs", site], capture_output=True, text=True)
    if done.returncode:
        tail = "\n".join(line[:300] for line in done.stderr.splitlines()[-20:] if not line.startswith("var Module"))
        raise SystemExit(f"snapshot.mjs failed (exit {done.returncode}):\n{tail}")
    print(f"  {SNAPSHOT}: {int(done.stdout.split()[-1]) / 1e6:.1f} MB")


def with_build(text: str, constants: dict[str, Any], name: str) -> str:
    """A script's text with its build's constants where it says ``/*BUILD*/{}``.

    >>> with_build("const BUILD = /*BUILD*/{};", {"version": "1"}, "x.js")
    'const BUILD = {"version": "1"};'
    """
    if text.count(BUILD_MARK) != 1:
        raise SystemExit(f"site_build/static/{name} must say {BUILD_MARK} once")
    return text.replace(BUILD_MARK, json.dumps(constants, ensure_ascii=False))


LESSONS_LINK = ' href="lessons/index.html" data-lang-href="lessons/index.html?lang=LANG"'
#: The app page's first script: its Python worker started as the page opens, before the app's
#: scripts arrive (python.js takes it over, with the messages and error it had meanwhile).
EARLY_WORKER = ('<script>try{performance.mark("danish-nb: worker asked for");'
                'const w=new Worker("worker.js",{type:"module"});w.dnSaid=[];'
                'w.onmessage=(e)=>w.dnSaid.push(e.data);w.onerror=(e)=>{w.dnFailed=e};self.dnWorker=w}'
                'catch(e){console.warn(e)}</script>')
LOADING = ' class="dn-loading" role="status"'


def app_page(words: dict[str, str]) -> str:
    """The app's page, in English until its script knows the visitor's language."""
    def word(key: str, tag: str, extra: str = "") -> str:
        return f'<{tag} data-word="{key}"{extra}>{html.escape(words[key])}</{tag}>'

    return ('<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">' + EARLY_WORKER +
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f'<title>{html.escape(words["title"])}</title><meta name="theme-color" content="#1e5b35">'
            '<link rel="manifest" href="manifest.webmanifest"><link rel="icon" href="icon.svg" type="image/svg+xml">'
            '<link rel="stylesheet" href="board.css"><link rel="stylesheet" href="page.css">'
            '<link rel="modulepreload" href="python.js"><link rel="modulepreload" href="board.js">'
            '<script type="module" src="app.js"></script></head>\n<body>\n'
            f'<header class="dn-header">{word("title", "h1")}<nav>'
            f'{word("lessons", "a", LESSONS_LINK)}</nav></header>\n'
            f'<main>\n{word("loading", "p", LOADING)}\n<div class="dn-app" hidden></div>\n</main>\n'
            f'<footer class="dn-footer">{word("about", "p")}</footer>\n</body></html>\n')


def manifest(words: dict[str, str]) -> str:
    """The web app manifest: the page can be installed and opened like an app."""
    return json.dumps({
        "name": words["title"], "short_name": words["title"], "start_url": "./index.html", "scope": "./",
        "display": "standalone", "background_color": "#ffffff", "theme_color": "#1e5b35",
        "icons": [{"src": "icon-192.png", "sizes": "192x192", "type": "image/png"},
                  {"src": "icon-512.png", "sizes": "512x512", "type": "image/png"},
                  {"src": "icon.svg", "sizes": "any", "type": "image/svg+xml"}]}, indent=1, ensure_ascii=False)


def external_links(site: Path) -> list[str]:
    """The site's pages, scripts and styles that load something from another host."""
    mine = [p for p in site.rglob("*")
            if p.suffix in (".html", ".css") or (p.suffix == ".js" and "pyodide" not in p.parts)]
    return [str(p.relative_to(site)) for p in mine if ELSEWHERE.search(p.read_text(encoding="utf-8"))]


def site_files(site: Path) -> list[str]:
    """Every file the offline copy keeps (all but the service worker itself and the precompressed
    copies, which a host serves in place of their originals), relative."""
    return sorted(p.relative_to(site).as_posix() for p in site.rglob("*")
                  if p.is_file() and p.name not in ("sw.js", INPUTS_FILE) and p.suffix not in COMPRESSED)


#: Files a host serves compressed when the browser takes it: text, WebAssembly, the start-up
#: snapshot and the page's wheel (its members stored); a zip or a PNG is compressed already.
COMPRESSIBLE = frozenset({".wasm", ".bin", ".whl", ".js", ".mjs", ".css", ".html", ".json", ".svg", ".webmanifest"})
#: The suffixes of the precompressed copies (site_build/serve.py serves them as a host would).
COMPRESSED = (".br", ".gz")


def compressed(data: bytes, coding: str, cache: Path = CACHE) -> bytes:
    """``data`` compressed for ``Content-Encoding: coding`` ("br" or "gzip"), at the best level,
    cached by content in ``cache`` (Pyodide's WebAssembly takes half a minute in brotli's best
    level, the start-up snapshot 40 s).

    >>> import gzip
    >>> gzip.decompress(compressed(b"abc" * 100, "gzip")) == b"abc" * 100
    True
    """
    import gzip

    key = hashlib.sha256(data).hexdigest()
    cached = cache / "compressed" / f"{key}.{coding}"
    if cached.exists():
        return cached.read_bytes()
    if coding == "br":
        import brotli  # type: ignore[import-untyped]  # the `site` extra; without it only gzip copies

        out = bytes(brotli.compress(data, quality=11))
    else:
        out = gzip.compress(data, compresslevel=9, mtime=0)
    if len(data) > 100_000:
        cached.parent.mkdir(parents=True, exist_ok=True)
        partial = cached.with_name(f"{cached.name}.{os.getpid()}")  # whole or absent for another build
        partial.write_bytes(out)
        partial.replace(cached)
    return out


@cache
def codings() -> tuple[tuple[str, str], ...]:
    """The precompressed copies written: (content coding, suffix), brotli only with its module."""
    try:
        import brotli  # type: ignore[import-untyped]  # noqa: F401
    except ImportError:
        print("  no brotli module (pip install danish-nb[site]): gzip copies only")
        return (("gzip", ".gz"),)
    return (("br", ".br"), ("gzip", ".gz"))


def precompress(site: Path, shared: frozenset[str] = frozenset()) -> int:
    """Write ``NAME.br`` and ``NAME.gz`` beside each compressible file of ``site`` that they make
    at least a tenth smaller (static hosts that serve precompressed files: site_build/serve.py),
    the files on all cores at once, the largest first; those named in ``shared`` (relative
    paths: the downloaded files) cached in :data:`SHARED_CACHE`. Returns the bytes saved on the
    files compressed by brotli (else gzip)."""
    from concurrent.futures import ProcessPoolExecutor

    files = sorted((p for p in site.rglob("*") if p.is_file() and p.suffix in COMPRESSIBLE),
                   key=lambda p: -p.stat().st_size)
    caches = [SHARED_CACHE if p.relative_to(site).as_posix() in shared else CACHE for p in files]
    codings()  # said once, here
    with ProcessPoolExecutor(min(os.cpu_count() or 1, len(files) or 1)) as pool:
        return sum(pool.map(precompress_file, files, caches))


def precompress_file(path: Path, cache: Path = CACHE) -> int:
    """Write (or remove) the precompressed copies of one file (see :func:`precompress`); returns
    the bytes the best copy saves."""
    data = path.read_bytes()
    best = len(data)
    for coding, suffix in codings():
        out = compressed(data, coding, cache)
        copy = path.with_name(path.name + suffix)
        if len(out) <= 0.9 * len(data):
            copy.write_bytes(out)
            best = min(best, len(out))
        else:
            copy.unlink(missing_ok=True)
    return len(data) - best


def build(force: bool = False) -> Path:
    """Build ``site/`` unless it is up to date; returns its path."""
    with step("inputs' hash"):
        key = inputs_hash()
    stamp = OUT / INPUTS_FILE
    if not force and stamp.exists() and stamp.read_text() == key and (OUT / "index.html").exists():
        print(f"{OUT.relative_to(ROOT)}/ is up to date")
        return OUT
    if shutil.which("npm") is None or shutil.which("node") is None:
        raise SystemExit("npm and Node.js are needed to fetch Pyodide and compile bytecode in it (apt-get install npm)")
    from danish_nb.i18n import DEFAULT, LANGUAGES
    from danish_nb.web.words import page_words

    version = key[:16]
    staged = WORK / "out"
    shutil.rmtree(staged, ignore_errors=True)
    pyodide_dir = staged / "pyodide"
    pyodide_dir.mkdir(parents=True)
    with step("Pyodide from npm"):
        npm_pyodide = npm_package(*PYODIDE)
        for name in PYODIDE_CORE:
            shutil.copy2(npm_pyodide / name, pyodide_dir / name)
    with step("the wheels"):
        wheel = project_wheel(pyodide_dir)
        dependencies = dependency_wheels(pyodide_dir)
    with step("bytecode"):
        compile_bytecode(pyodide_dir, npm_pyodide / "pyodide-lock.json", wheel)
        trim_stdlib(pyodide_dir / "python_stdlib.zip")
    with step("pages and scripts"):
        for name in PACKAGE_FILES:
            shutil.copy2(ROOT / "danish_nb" / name, staged / Path(name).name)
        words = {lang: page_words(lang) for lang in LANGUAGES}
        lock = {"info": json.loads((npm_pyodide / "pyodide-lock.json").read_text(encoding="utf-8"))["info"],
                "packages": {}}
        constants = {"worker.js": {"wheel": f"pyodide/{wheel.name}", "lock": lock, "prepare": PREPARE,
                                   "warmUp": WARM_UP, "snapshot": SNAPSHOT,
                                   "wheels": [f"pyodide/{w.name}" for w in dependencies]},
                     "app.js": {"languages": list(LANGUAGES), "words": words},
                     "lesson.js": {"words": words}}
        for path in STATIC.iterdir():
            if path.name in constants:
                text = with_build(path.read_text(encoding="utf-8"), constants[path.name], path.name)
                (staged / path.name).write_text(text, encoding="utf-8")
            elif path.name != "sw.js":
                shutil.copy2(path, staged / path.name)
        (staged / "index.html").write_text(app_page(words[DEFAULT]), encoding="utf-8")
        (staged / "manifest.webmanifest").write_text(manifest(words[DEFAULT]), encoding="utf-8")
    with step("start-up snapshot"):
        make_snapshot(staged)
    with step("lessons"):
        lessons = build_lessons(staged / "lessons")
    print(f"lessons: {len(lessons)} pages in {len(LANGUAGES)} languages in lessons/")
    remote = external_links(staged)
    if remote:
        raise SystemExit(f"these files still load from another host: {remote}")
    files = site_files(staged)
    service_worker = with_build((STATIC / "sw.js").read_text(encoding="utf-8"), {"version": version, "files": files},
                                "sw.js")
    (staged / "sw.js").write_text(service_worker, encoding="utf-8")
    with step("precompressed copies"):
        downloaded = [f"pyodide/{name}" for name in PYODIDE_CORE] + [f"pyodide/{w.name}" for w in dependencies]
        saved = precompress(staged, frozenset(downloaded))
    print(f"precompressed copies (.br, .gz) save {saved / 1e6:.1f} MB on a visit a host serves them to")
    (staged / INPUTS_FILE).write_text(key)
    shutil.rmtree(OUT, ignore_errors=True)
    staged.rename(OUT)
    size = sum((OUT / f).stat().st_size for f in files) / 1e6
    print(f"built {OUT.relative_to(ROOT)}/ (version {version}, {len(files)} files, {size:.1f} MB): "
          "open index.html and lessons/index.html (make site-serve)")
    return OUT

"""Build ``site/``: the app notebook running in the visitor's browser (voici on JupyterLite, with
Pyodide), a folder any static web host can serve, that asks no other host for anything.

``make site`` installs the build tools (the ``site`` extra of pyproject.toml, in ``.venv-site``)
and runs ``python -m site_build build`` with them. The steps:

1. the package's own wheel (``pip wheel``), the wheels of browser-requirements.txt, and the
   pure-Python wheels Pyodide's kernel loads at start, at the exact versions Pyodide's lock names
   (``pip download`` of wheels for any platform, CPython 3.13);
2. Pyodide's core and Font Awesome from npm (``npm pack``: the npm ``pyodide`` package holds no
   package wheels, Voila's template links Font Awesome from a CDN);
3. a rewritten ``pyodide-lock.json``: only the packages present, with their files and hashes,
   the kernel's own wheels (piplite, pyodide-kernel, its ipykernel stand-in) among them. Pyodide
   loads them all at once with itself (``loadPyodideOptions.packages``): the kernel's worker then
   installs nothing one by one with piplite/micropip, and no package index is asked; IPython's
   ``__init__`` edited to import its terminal (prompt_toolkit, then a stub) on first use only
   (``PATCHES``);
4. bytecode for the modules imported before the first board, compiled in Pyodide under Node.js
   (bytecode.py): the browser then compiles none of IPython, the widgets or danish_nb;
5. ``voici build`` of the app notebook; the lesson notebooks as read-only pages (lessons.py);
   Font Awesome linked from the site itself.

Downloads are cached in ``build/site-cache``; a site whose inputs (the package's files, these
build files, the lessons, pyproject.toml) did not change is not rebuilt (``site/.inputs`` holds their hash).
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path
from typing import Any

from .lessons import LESSONS, PATTERN, build_lessons

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
OUT = ROOT / "site"
WORK = ROOT / "build" / "site"
CACHE = ROOT / "build" / "site-cache"
APP_NOTEBOOK = ROOT / "danish_nb" / "notebooks" / "app.ipynb"
INPUTS_FILE = ".inputs"

#: npm packages, exact. Pyodide 0.29.0 is the release jupyterlite-pyodide-kernel 0.7.0 expects
#: (its ``constants.PYODIDE_VERSION``); Font Awesome 5.15.4 is the release Voila's template links.
PYODIDE = ("pyodide", "0.29.0")
FONT_AWESOME = ("@fortawesome/fontawesome-free", "5.15.4")
PYODIDE_CORE = ("pyodide.js", "pyodide.mjs", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip")
#: What the Pyodide kernel's worker loads when it starts (besides its own wheels, below).
KERNEL_NEEDS = ("micropip", "packaging", "sqlite3", "jedi", "ipython")
APP = "danish-nb"
#: The kernel's own wheels, from jupyterlite-pyodide-kernel's package index: given lock entries
#: like the rest, so that nothing is resolved by micropip/piplite when the kernel starts.
KERNEL_WHEELS = ("piplite", "pyodide-kernel", "ipykernel")
KERNEL_INDEX = Path(sys.prefix) / "share/jupyter/labextensions/@jupyterlite/pyodide-kernel-extension/static/pypi"
#: What Pyodide loads with itself, all in parallel: the packages the kernel's worker would
#: otherwise install one after another with piplite (spelt as it spells them, for it skips
#: exactly these), and the app.
PRELOAD = ("micropip", "piplite", "sqlite3", "ipykernel", "comm", "pyodide_kernel", "jedi", "ipython", APP)
#: The modules imported before the first board: the kernel's, then the app's. Their bytecode is
#: compiled at build time (bytecode.py).
STARTUP_IMPORTS = ("piplite.piplite", "pyodide_kernel", "danish_nb.app")
#: Requirements that only the Voila server or JupyterLab need: never sent to the browser.
SERVER_SIDE = frozenset({"voila", "jupyterlab", "widgetsnbextension", "jupyterlab-widgets"})
#: Packages the kernel loads at start that the site does without: an empty wheel stands in.
#: sqlite3 is compiled and published only with Pyodide's own release (no registry has it):
#: IPython then keeps no history and ``import sqlite3`` fails. jedi (with parso, 1.7 MB) only
#: serves code completion, which a voici page never asks for: IPython runs without it.
#: prompt_toolkit (with wcwidth, 0.4 MB) only serves IPython's terminal, never imported in the
#: browser once IPython's ``__init__`` imports it on first use (PATCHES below).
STUBS = frozenset({"sqlite3", "jedi", "prompt-toolkit"})
#: Edits to the browser's copies of third-party wheels, each (wheel, member, text, replacement);
#: the build stops if a text is not found.
#:
#: - IPython's ``__init__`` imports its terminal (``IPython.terminal.embed``: prompt_toolkit,
#:   115 modules, two thirds of IPython's import in Pyodide) only to offer ``IPython.embed``,
#:   which a browser kernel never calls: it is imported on first use instead (PEP 562's module
#:   ``__getattr__``).
#: - piplite (the kernel imports it at start) imports micropip and ``unittest.mock`` only for
#:   ``piplite.install`` (``%pip install``), which the app never calls: about a quarter of the
#:   kernel's imports. They are imported by the first install instead (the annotations that name
#:   micropip's classes are then left unevaluated, PEP 563).
PATCHES = (
    ("ipython", "IPython/__init__.py", "from .terminal.embed import embed\n",
     "def __getattr__(name):  # patched by danish_nb's site build: the terminal loads on first use\n"
     "    if name == \"embed\":\n"
     "        from .terminal.embed import embed\n"
     "        return embed\n"
     "    raise AttributeError(f\"module 'IPython' has no attribute {name!r}\")\n"),
    ("piplite", "piplite/piplite.py", "\nfrom typing import Any\n",
     "\nfrom __future__ import annotations  # patched by danish_nb's site build (see _micropip)\n\nfrom typing import Any\n"),
    ("piplite", "piplite/piplite.py",
     "from unittest.mock import patch\n\nimport micropip\nfrom micropip.package_index import ProjectInfo, CompatibilityLayer\n"
     "from micropip.package_index import query_package as _MP_QUERY_PACKAGE\n",
     "def _micropip():  # patched by danish_nb's site build: micropip is imported by the first install\n"
     "    global patch, micropip, ProjectInfo, _MP_QUERY_PACKAGE\n"
     "    from unittest.mock import patch\n"
     "    import micropip\n"
     "    from micropip.package_index import ProjectInfo\n"
     "    from micropip.package_index import query_package as _MP_QUERY_PACKAGE\n"),
    ("piplite", "piplite/piplite.py", '    """Invoke micropip.install with a patch to get data from local indexes"""\n',
     '    """Invoke micropip.install with a patch to get data from local indexes"""\n    _micropip()\n'),
)
#: pip's way to fetch wheels for the browser whatever machine builds the site.
FOR_PYODIDE = ("--only-binary=:all:", "--platform", "any", "--python-version", "3.13",
               "--implementation", "py", "--no-deps")
#: Font Awesome stylesheets that voici's pages link from a CDN (release 5, and 4 on the file list).
FONT_AWESOME_CDN = re.compile(r"https://[^\"']*/(?:@fortawesome/fontawesome-free|font-awesome)@[^/\"']+/css/([\w.-]+\.css)")
#: The site's own copy; release 4's stylesheet is served by release 5's (same class names, mostly).
FONT_AWESOME_LOCAL = "static/fontawesome/css/"
FONT_AWESOME_RENAMED = {"font-awesome.min.css": "all.min.css"}
#: Left out of the site: JupyterLab's own app (18 MB), which voici's pages never load; and
#: JupyterLite's service worker. With it registered, the kernel mounts the page's contents as
#: ``/drive`` and makes it Python's working directory: every import then asks the page for that
#: folder with a synchronous request through the worker (about 90 before the first board), and
#: every fetch passes through the worker. Without it the registration fails (a console warning),
#: the kernel keeps its own working directory, and nothing the app does needs the drive.
UNUSED = ("build", "service-worker.js")


def canonical(name: str) -> str:
    """A distribution name as package indexes compare it.

    >>> canonical("Prompt_Toolkit"), canonical("typing.extensions")
    ('prompt-toolkit', 'typing-extensions')
    """
    return re.sub(r"[-_.]+", "-", name).lower()


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def inputs_hash() -> str:
    """The hash of everything the site is built from (the package, these files, pyproject.toml)."""
    digest = hashlib.sha256()
    files = [ROOT / "pyproject.toml", *HERE.glob("*.py"), *HERE.glob("*.mjs"), *HERE.glob("*.txt"),
             *HERE.glob("templates/*"), *LESSONS.glob(PATTERN),
             *(p for p in (ROOT / "danish_nb").rglob("*") if p.is_file() and "__pycache__" not in p.parts)]
    for path in sorted(files):
        digest.update(path.relative_to(ROOT).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def run(*command: str | Path, cwd: Path = ROOT) -> None:
    print("+", " ".join(str(c) for c in command), flush=True)
    subprocess.run([str(c) for c in command], cwd=cwd, check=True)


def npm_package(name: str, version: str) -> Path:
    """The unpacked npm package ``name@version`` (``npm pack`` checks its registry integrity)."""
    where = CACHE / "npm" / f"{name.replace('/', '+')}-{version}"
    if not (where / "package" / "package.json").exists():
        where.mkdir(parents=True, exist_ok=True)
        run("npm", "pack", "--silent", "--pack-destination", where, f"{name}@{version}")
        (tarball,) = where.glob("*.tgz")
        with tarfile.open(tarball) as archive:
            archive.extractall(where, filter="data")
    return where / "package"


def requirement_lines(path: Path) -> list[str]:
    """``name==version`` lines of a requirements file, comments dropped.

    >>> requirement_lines(HERE / "browser-requirements.txt")[0]
    'anywidget==0.11.0'
    """
    lines = (line.split("#")[0].strip() for line in path.read_text(encoding="utf-8").splitlines())
    return [line for line in lines if line]


def wheel_name_version(wheel: Path) -> tuple[str, str]:
    """A wheel's (canonical name, version), read from its file name.

    >>> wheel_name_version(Path("typing_extensions-4.15.0-py3-none-any.whl"))
    ('typing-extensions', '4.15.0')
    """
    name, version = wheel.name.split("-")[:2]
    return canonical(name), version


def browser_wheels(pins: list[str]) -> dict[str, Path]:
    """Pure-Python wheels for ``name==version`` pins (cached), by canonical name."""
    folder = CACHE / "wheels"
    folder.mkdir(parents=True, exist_ok=True)

    def cached() -> dict[tuple[str, str], Path]:
        return {wheel_name_version(w): w for w in folder.glob("*.whl")}

    wanted = {(canonical(pin.split("==")[0]), pin.split("==")[1]) for pin in pins}
    missing = sorted(f"{name}=={version}" for name, version in wanted - cached().keys())
    if missing:
        run(sys.executable, "-m", "pip", "download", "--quiet", *FOR_PYODIDE, "--dest", folder, *missing)
    found = cached()
    return {name: found[name, version] for name, version in wanted}


def project_wheel() -> Path:
    """danish_nb's own wheel, built from this checkout."""
    folder = WORK / "dist"
    shutil.rmtree(folder, ignore_errors=True)
    run(sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir", folder, ROOT)
    (wheel,) = folder.glob("danish_nb-*.whl")
    return wheel


def stub_wheel(name: str, version: str, folder: Path) -> Path:
    """An empty wheel (metadata only) standing in for a package the site cannot have."""
    path = folder / f"{name.replace('-', '_')}-{version}-py3-none-any.whl"
    info = f"{name.replace('-', '_')}-{version}.dist-info"
    files = {f"{info}/METADATA": f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n",
             f"{info}/WHEEL": "Wheel-Version: 1.0\nGenerator: danish_nb site_build\nRoot-Is-Purelib: true\n"
                              "Tag: py3-none-any\n"}
    record = "".join(f"{n},sha256={_record_hash(t.encode())},{len(t.encode())}\n" for n, t in files.items())
    files[f"{info}/RECORD"] = record + f"{info}/RECORD,,\n"
    with zipfile.ZipFile(path, "w") as archive:
        for member, text in files.items():
            archive.writestr(zipfile.ZipInfo(member, date_time=(2020, 1, 1, 0, 0, 0)), text)
    return path


def _record_hash(data: bytes) -> str:
    return base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


def patch_wheel(wheel: Path, member: str, text: str, replacement: str) -> None:
    """Replace ``text`` in the file ``member`` of ``wheel`` (in place), its RECORD line updated.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     wheel = stub_wheel("demo", "1.0", Path(folder))
    ...     patch_wheel(wheel, "demo-1.0.dist-info/METADATA", "Version: 1.0", "Version: 1.0+site")
    ...     print(zipfile.ZipFile(wheel).read("demo-1.0.dist-info/METADATA").decode().splitlines()[-1])
    Version: 1.0+site
    """
    with zipfile.ZipFile(wheel) as archive:
        members = [(info, archive.read(info)) for info in archive.infolist()]
    body = dict((info.filename, data) for info, data in members)[member].decode("utf-8")
    if text not in body:
        raise SystemExit(f"{wheel.name}: {member} no longer holds {text!r}: review PATCHES in site_build/build.py")
    new = body.replace(text, replacement).encode("utf-8")
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as archive:
        for info, data in members:
            if info.filename == member:
                data = new
            elif info.filename.endswith(".dist-info/RECORD"):
                data = re.sub(rf"^{re.escape(member)},[^\n]*$", f"{member},sha256={_record_hash(new)},{len(new)}",
                              data.decode("utf-8"), flags=re.M).encode("utf-8")
            archive.writestr(info, data, zipfile.ZIP_DEFLATED)


def wheel_requires(wheel: Path) -> list[str]:
    """The canonical names a wheel requires (not counting optional extras)."""
    with zipfile.ZipFile(wheel) as archive:
        (metadata,) = [n for n in archive.namelist() if n.endswith(".dist-info/METADATA")]
        text = archive.read(metadata).decode("utf-8")
    names = []
    for line in re.findall(r"^Requires-Dist: (.*)$", text, re.M):
        requirement, _, marker = line.partition(";")
        if "extra" not in marker:
            names.append(canonical(re.match(r"[A-Za-z0-9._-]+", requirement).group()))
    return names


def wheel_imports(wheel: Path) -> list[str]:
    """The top-level modules and packages a wheel installs."""
    with zipfile.ZipFile(wheel) as archive:
        tops = {name.split("/")[0].removesuffix(".py") for name in archive.namelist()
                if "/" in name or name.endswith(".py")}
    return sorted(top for top in tops if not top.endswith((".dist-info", ".data")))


def browser_lock(lock: dict[str, Any], extra_wheels: dict[str, Path], folder: Path) -> dict[str, Any]:
    """Pyodide's lock rewritten for this site: the app's wheels added, each package the kernel
    and the app need copied into ``folder`` from PyPI (pure Python, at the lock's version) or as a
    stub, compiled ones left out of every ``depends``, and nothing else listed."""
    packages = {canonical(key): entry for key, entry in lock["packages"].items()}
    for name, wheel in extra_wheels.items():
        depends = [d for d in wheel_requires(wheel) if d not in SERVER_SIDE]
        unknown = [d for d in depends if d not in packages and d not in extra_wheels]
        if unknown:
            raise SystemExit(f"{wheel.name} needs {unknown}: add them to site_build/browser-requirements.txt")
        packages[name] = {"name": name, "version": wheel_name_version(wheel)[1], "file_name": wheel.name,
                          "install_dir": "site", "package_type": "package", "imports": wheel_imports(wheel),
                          "depends": depends, "sha256": "", "unvendored_tests": False}
    needed: dict[str, dict[str, Any]] = {}
    todo = [*KERNEL_NEEDS, *KERNEL_WHEELS, APP]
    while todo:
        name = canonical(todo.pop())
        entry = packages[name]
        if name in needed or not (name in STUBS or name in extra_wheels or _pure(entry["file_name"])):
            continue
        needed[name] = entry
        if name not in STUBS:
            todo.extend(entry["depends"])
    pins = [f"{n}=={e['version']}" for n, e in needed.items() if n not in STUBS and n not in extra_wheels]
    wheels = {**browser_wheels(pins), **extra_wheels}
    wheels |= {name: stub_wheel(name, needed[name]["version"], WORK) for name in STUBS}
    out = {}
    for name, entry in sorted(needed.items()):
        wheel = wheels[name]
        shutil.copy2(wheel, folder / wheel.name)
        out[name] = {**entry, "file_name": wheel.name, "sha256": sha256(wheel), "package_type": "package",
                     "depends": [] if name in STUBS else sorted({canonical(d) for d in entry["depends"]}
                                                                & needed.keys())}
    left_out = sorted({canonical(d) for n, e in needed.items() if n not in STUBS for d in e["depends"]}
                      - needed.keys())
    print(f"browser packages: {len(out)}, stubs: {sorted(STUBS)}; left out: {left_out}")
    return {"info": lock["info"], "packages": out}


def _pure(file_name: str) -> bool:
    return file_name.endswith("-none-any.whl")


def write_json(path: Path, data: Any) -> None:
    path.write_text(json.dumps(data), encoding="utf-8")


def compile_bytecode(pyodide_dir: Path) -> None:
    """Compile, in Pyodide under Node.js, the bytecode of the modules imported at start into the
    standard library's zip and the wheels in ``pyodide_dir`` (see bytecode.py)."""
    print("+ node site_build/bytecode.mjs (bytecode for the modules imported at start)", flush=True)
    done = subprocess.run(["node", HERE / "bytecode.mjs", pyodide_dir, ",".join(PRELOAD), ",".join(STARTUP_IMPORTS), APP],
                          capture_output=True, text=True)
    if done.returncode:  # Pyodide's errors quote its whole minified source: keep the lines short
        tail = "\n".join(line[:300] for line in done.stderr.splitlines()[-20:])
        raise SystemExit(f"bytecode.mjs failed (exit {done.returncode}):\n{tail}")
    print("  bytecode added to", ", ".join(done.stdout.split()))


def lite_dir(app_wheel: Path) -> Path:
    """The JupyterLite folder voici builds from: Pyodide with the site's wheels, settings, content."""
    lite = WORK / "lite"
    shutil.rmtree(lite, ignore_errors=True)
    pyodide_dir = lite / "static" / "pyodide"
    pyodide_dir.mkdir(parents=True)
    npm_pyodide = npm_package(*PYODIDE)
    for name in PYODIDE_CORE:
        shutil.copy2(npm_pyodide / name, pyodide_dir / name)
    lock = json.loads((npm_pyodide / "pyodide-lock.json").read_text(encoding="utf-8"))
    pins = requirement_lines(HERE / "browser-requirements.txt")
    kernel = {canonical(wheel_name_version(w)[0]): w for w in KERNEL_INDEX.glob("*.whl")}
    extra = {**browser_wheels(pins), **{name: kernel[name] for name in KERNEL_WHEELS}, APP: app_wheel}
    site_lock = browser_lock(lock, extra, pyodide_dir)
    for name, member, text, replacement in PATCHES:
        patch_wheel(pyodide_dir / site_lock["packages"][name]["file_name"], member, text, replacement)
    write_json(pyodide_dir / "pyodide-lock.json", site_lock)
    compile_bytecode(pyodide_dir)
    for entry in site_lock["packages"].values():
        entry["sha256"] = sha256(pyodide_dir / entry["file_name"])
    write_json(pyodide_dir / "pyodide-lock.json", site_lock)
    settings = {"disablePyPIFallback": True, "loadPyodideOptions": {"packages": list(PRELOAD)}}
    config = {"jupyter-lite-schema-version": 0, "jupyter-config-data": {
        "appName": "Danish card games",
        "litePluginSettings": {"@jupyterlite/pyodide-kernel-extension:kernel": settings}}}
    (lite / "jupyter-lite.json").write_text(json.dumps(config, indent=2), encoding="utf-8")
    content = lite / "content"
    content.mkdir()
    notebook = json.loads(APP_NOTEBOOK.read_text(encoding="utf-8"))
    for cell in notebook["cells"]:
        if cell["cell_type"] == "code":
            cell["outputs"], cell["execution_count"] = [], None
    (content / "app.ipynb").write_text(json.dumps(notebook, indent=1), encoding="utf-8")
    return lite


def localize_font_awesome(site: Path) -> int:
    """Serve Font Awesome from the site and point every page at it; returns the pages changed."""
    package = npm_package(*FONT_AWESOME)
    for part in ("css", "webfonts"):
        shutil.copytree(package / part, site / FONT_AWESOME_LOCAL / ".." / part, dirs_exist_ok=True)
    changed = 0
    for page in site.rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        up = "../" * (len(page.relative_to(site).parts) - 1)

        def local(found: re.Match[str]) -> str:
            name = FONT_AWESOME_RENAMED.get(found.group(1), found.group(1))
            if not (site / FONT_AWESOME_LOCAL / name).exists():
                raise SystemExit(f"{page.relative_to(site)} links {found.group()}: not in {FONT_AWESOME}")
            return up + FONT_AWESOME_LOCAL + name

        new = FONT_AWESOME_CDN.sub(local, text)
        if new != text:
            page.write_text(new, encoding="utf-8")
            changed += 1
    return changed


def external_links(site: Path) -> list[str]:
    """Pages that still load something (script, style, image) from another host."""
    pattern = re.compile(r"""<(?:script|link|img|iframe)\b[^>]*(?:src|href)=["'](?:https?:)?//""", re.I)
    return [str(page.relative_to(site)) for page in site.rglob("*.html")
            if pattern.search(page.read_text(encoding="utf-8"))]


def build(force: bool = False) -> Path:
    """Build ``site/`` unless it is up to date; returns its path."""
    key = inputs_hash()
    stamp = OUT / INPUTS_FILE
    if not force and stamp.exists() and stamp.read_text() == key and (OUT / "index.html").exists():
        print(f"{OUT.relative_to(ROOT)}/ is up to date")
        return OUT
    if shutil.which("npm") is None or shutil.which("node") is None:
        raise SystemExit("npm and Node.js are needed to fetch Pyodide and compile bytecode in it (apt-get install npm)")
    WORK.mkdir(parents=True, exist_ok=True)
    lite = lite_dir(project_wheel())
    staged = WORK / "out"
    shutil.rmtree(staged, ignore_errors=True)
    voici = Path(sys.executable).parent / "voici"
    run(voici, "build", "--no-sourcemaps", "--contents", "content", "--output-dir", staged, cwd=lite)
    for unused in UNUSED:
        if (staged / unused).is_dir():
            shutil.rmtree(staged / unused)
        else:
            (staged / unused).unlink()
    lessons = build_lessons(staged / "lessons")
    print(f"lessons: {len(lessons)} read-only pages in lessons/")
    pages = localize_font_awesome(staged)
    print(f"Font Awesome served locally by {pages} pages")
    remote = external_links(staged)
    if remote:
        raise SystemExit(f"these pages still load from another host: {remote}")
    (staged / INPUTS_FILE).write_text(key)
    shutil.rmtree(OUT, ignore_errors=True)
    staged.rename(OUT)
    print(f"built {OUT.relative_to(ROOT)}/: open voici/render/app.html and lessons/index.html (make site-serve)")
    return OUT

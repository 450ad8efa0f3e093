"""The ``danish-nb`` command: serve the playable app notebook (or the lessons) with Voila.

The notebook ships inside the package (``danish_nb/notebooks/app.ipynb``), so the command works
from an installed wheel as well as from a checkout. It runs :mod:`danish_nb.server` (Voila with
guarded handlers) as a child process, with:

- sizes for one person by default (a pool of 1 preheated kernel, at most 3 kernels in all);
  ``--class-size N`` sizes it for a class (a pool of N, at most N + 25% kernels); with
  ``--servers K`` behind a proxy each server preheats N / K and holds the whole class, so the
  others take the learners of one that fails (:func:`sizes`); the lessons keep the same number
  of warm kernels (started, the package imported) instead, since Voila would preheat a pool for
  every lesson (:mod:`danish_nb.server.warm`);
- its own port or nothing: a port in use stops it with one clear message (no hopping to another
  port), so the URL it prints is its own;
- a pool refilled only when the room is quiet and within the cap on kernels
  (:mod:`danish_nb.server.pool`);
- execution timeouts that fit a busy 2-core box (Voila's 4 s IOPub wait dropped the app's widget
  under load: a blank page), and a page that says so and reloads if the app still does not show;
- caps on visitor kernels per server and per address, answered with a "room is full" page (a
  class, ``--class-size N``, may all come from one address: a school's NAT or proxy);
- the addresses learners join at (the machine's network addresses, not ``0.0.0.0``; the proxy's
  ``--public-url``), printed and handed to the teacher's join screen
  (:mod:`danish_nb.server.join`);
- per-page kernel secrets, host-name checks and XSRF checks (see :mod:`danish_nb.server`);
- a kernel freed within seconds of its page closing (its beacon, or its websocket closed for
  good), and culling that frees the kernel of a page that never connected within 2 minutes;
- no tracebacks for visitors, neither in the page nor over the kernel websocket;
- kernels reached over Unix sockets in the server's private folder (:data:`TRANSPORT`);
- a teacher key: ``$DANISH_NB_TEACHER_KEY``, else a long random one printed at start;
- listening on 127.0.0.1 unless ``--host`` says otherwise.

>>> argv = command(port=9000)
>>> "--port=9000" in argv and "--show_tracebacks=False" in argv
True
"""

from __future__ import annotations

import argparse
import atexit
import contextlib
import errno
import os
import secrets
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator, Sequence
from importlib import resources
from pathlib import Path
from typing import IO

from .i18n import LANGUAGES
from .server.join import ANY_HOST, JOIN_ENV, announce, join_urls

#: ``--lessons`` with no folder: the lessons shipped with the package.
PACKAGED_LESSONS = Path("<packaged lessons>")
DEFAULT_PORT = 8866
DEFAULT_HOST = "127.0.0.1"
#: Seconds between culling passes, and idle seconds after which a kernel nobody is connected to
#: is shut down: a page that got its HTML but never connected (its browser died while loading)
#: is freed within 90-110 s; a page must connect within 90 s of its HTML (a loading page checks on
#: its kernel every 10 s, which counts). Connected kernels are never culled (cull_connected=False):
#: a page that connected and closed is freed within seconds by the server itself.
CULL_INTERVAL = 20
CULL_IDLE_TIMEOUT = 90
#: Without ``--class-size``: one person on a laptop. A pool of 1 preheated kernel, and at most 3
#: kernels in all (the pool refills only below the cap): 3 tabs, or 2 and one preheated.
PERSONAL_POOL, PERSONAL_KERNELS = 1, 3
#: ``--class-size 30``: a class. Visitor kernels one address may hold: :data:`PER_ADDRESS` (a
#: learner's tabs) by default, the whole class with ``--class-size`` (its learners may all come
#: through one address: a school's NAT, a proxy); ``--per-address`` says otherwise.
CLASS_SIZE = 30
PER_ADDRESS = 4
#: How the server reaches its kernels: ``ipc`` (Unix sockets in the server's private connection
#: folder, mode 0700) rather than ``tcp`` (loopback ports any local user may connect to, and read
#: the kernels' output from, since Jupyter's messages are signed, not encrypted: ipykernel warns
#: about it for every kernel).
TRANSPORT = "ipc"
#: The environment variable holding the teacher key (see :mod:`danish_nb.widgets.table_teacher`).
TEACHER_ENV = "DANISH_NB_TEACHER_KEY"
#: The environment variable naming the class (its room: the tables and lobby the teacher sees);
#: the class code learners are shown. Unset: :func:`class_code` keeps one for this machine.
ROOM_ENV = "DANISH_NB_ROOM"
#: Letters of a generated teacher key: no look-alikes (0/O, 1/I/L), as the table codes.
KEY_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
#: Seconds Voila waits for a cell's output after its reply (nbclient's default of 4 dropped the
#: app's widget on a busy box), and for a kernel to start.
IOPUB_TIMEOUT = 60
STARTUP_TIMEOUT = 120
#: Seconds a cell may run before Voila gives up on it (none by default: a stuck cell kept the
#: page loading forever); the page then says so and retries. The app's cell takes ~1-3 s.
CELL_TIMEOUT = 180
#: A Jupyter data directory holding the app's Voila template ``danish-nb`` (lab, minus the CDN).
TEMPLATES = Path(__file__).parent / "jupyter"


def sizes(class_size: int | None, servers: int = 1) -> tuple[int, int]:
    """The preheated pool and the most kernels at once of one server of ``servers`` sharing a
    class of ``class_size`` (None: one person). Each server preheats its share of the class but
    holds the whole class + 25%: when one server fails, the others take its learners at once
    (spare room), into the kernels its pool regrows within that cap.

    >>> sizes(None), sizes(30), sizes(30, servers=2), sizes(5, servers=2)
    ((1, 3), (30, 38), (15, 38), (3, 7))
    """
    if class_size is None:
        return PERSONAL_POOL, PERSONAL_KERNELS
    size = max(1, class_size)
    return -(-size // max(1, servers)), size + (size + 3) // 4


def packaged_notebook() -> Path:
    """The app notebook shipped with the package.

    >>> packaged_notebook().name
    'app.ipynb'
    """
    path = Path(str(resources.files("danish_nb") / "notebooks" / "app.ipynb"))
    if not path.is_file():
        raise FileNotFoundError(f"the app notebook is missing from the package: {path}")
    return path


def command(port: int = DEFAULT_PORT, host: str = DEFAULT_HOST, *, notebook: Path | None = None,
            preheat: bool = True, pool_size: int = 2, max_kernels: int = 10,
            per_address: int = PER_ADDRESS, allowed_hosts: Sequence[str] = (),
            cull_interval: int = CULL_INTERVAL, cull_idle_timeout: int = CULL_IDLE_TIMEOUT,
            cell_timeout: int = CELL_TIMEOUT, transport: str = TRANSPORT,
            behind_proxy: bool = False, progressive: bool = False, warm: int = 0) -> list[str]:
    """The argv that serves ``notebook`` (default: the packaged app; a folder: its notebooks)
    with the classroom server. ``progressive``: the page is sent at once and each cell's output
    shown as soon as it ran (Voila's progressive rendering, without preheated kernels: the
    lessons, whose first quiz then comes before their last cells ran). ``warm``: kernels kept
    started, the package imported, for pages that are not preheated (the lessons: their page no
    longer waits for a kernel to start; :mod:`danish_nb.server.warm`).

    The defaults suit one or two visitors (tests); :func:`main` sizes them for a person or a class.

    >>> argv = command(port=9000, preheat=False)
    >>> argv[1:3], "--preheat_kernel=False" in argv, "--VoilaConfiguration.progressive_rendering=False" in argv
    (['-m', 'danish_nb.server'], True, True)
    >>> "--VoilaConfiguration.progressive_rendering=True" in command(preheat=False, progressive=True)
    True
    >>> "--WarmPool.size=2" in command(preheat=False, progressive=True, warm=2)
    True
    """
    nb = Path(notebook) if notebook is not None else packaged_notebook()
    return [
        sys.executable, "-m", "danish_nb.server", str(nb),
        "--no-browser",
        f"--port={int(port)}",
        f"--Voila.ip={host}",
        "--show_tracebacks=False",
        "--template=danish-nb",  # lab without CDN fonts (danish_nb/jupyter/voila/templates)
        "--VoilaConfiguration.allow_template_override=NO",
        "--VoilaConfiguration.allow_theme_override=NO",
        f"--preheat_kernel={preheat}",
        f"--VoilaConfiguration.progressive_rendering={progressive and not preheat}",
        f"--pool_size={int(pool_size)}",
        f"--WarmPool.size={0 if preheat else int(warm)}",
        f"--VoilaExecutor.iopub_timeout={IOPUB_TIMEOUT}",
        f"--VoilaExecutor.startup_timeout={STARTUP_TIMEOUT}",
        f"--VoilaExecutor.timeout={int(cell_timeout)}",
        f"--max_kernels={int(max_kernels)}",
        f"--max_kernels_per_address={int(per_address)}",
        *(f"--ClassroomVoila.allowed_hosts={name}" for name in allowed_hosts),
        f"--KernelManager.transport={transport}",
        f"--ClassroomVoila.behind_proxy={behind_proxy}",
        f"--MappingKernelManager.cull_interval={int(cull_interval)}",
        f"--MappingKernelManager.cull_idle_timeout={int(cull_idle_timeout)}",
        "--MappingKernelManager.cull_connected=False",
    ]


def url(port: int = DEFAULT_PORT, host: str = DEFAULT_HOST) -> str:
    """The app's address. ``url(9000)`` is ``'http://127.0.0.1:9000/'``."""
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}/"


def wait_ready(base_url: str, timeout: float = 60.0, proc: subprocess.Popen | None = None) -> None:
    """Poll Voila's static ``voila.js`` (starts no kernel) until the server answers.

    Raises ``RuntimeError`` if ``proc`` exits first or ``TimeoutError`` after ``timeout`` s.
    """
    probe = base_url.rstrip("/") + "/voila/static/voila.js"
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc is not None and proc.poll() is not None:
            raise RuntimeError(f"voila exited with code {proc.returncode} before it was ready")
        with contextlib.suppress(OSError, urllib.error.URLError), urllib.request.urlopen(probe, timeout=2) as response:
            if response.status == 200:
                return
        time.sleep(0.2)
    raise TimeoutError(f"voila did not answer {probe} within {timeout} s")


#: Servers :func:`start` started and :func:`stop` has not stopped: stopped when this interpreter exits.
_STARTED: set[subprocess.Popen] = set()
#: Linux's ``prctl`` option asking for a signal when the parent dies (``<sys/prctl.h>``).
PR_SET_PDEATHSIG = 1


def start(argv: Sequence[str], **popen_kwargs) -> subprocess.Popen:
    """Start Voila (or any ``argv``) in its own process group, so :func:`stop` ends it and its
    kernels, and bound to this process: it is stopped when this interpreter exits (``atexit``,
    Ctrl-C included), and on Linux it gets SIGTERM when the thread that started it dies, even
    by SIGKILL (``PR_SET_PDEATHSIG``; only for a start from the main thread, since a helper
    thread's end would take the server with it). Its kernels end when it does (they watch their
    parent). A test run stopped half-way leaves no server behind.

    >>> proc = start([sys.executable, "-c", "import os; print(os.getpgid(0) == os.getpid())"],
    ...              stdout=subprocess.PIPE, text=True)
    >>> proc.communicate()[0], proc in _STARTED
    ('True\\n', True)
    >>> stop(proc); proc in _STARTED
    False
    """
    env = dict(popen_kwargs.pop("env", None) or os.environ)
    env["JUPYTER_PATH"] = os.pathsep.join(p for p in (str(TEMPLATES), env.get("JUPYTER_PATH", "")) if p)
    proc = subprocess.Popen(list(argv), start_new_session=True, env=env, preexec_fn=_dies_with_parent(),
                            **popen_kwargs)
    _STARTED.add(proc)
    return proc


def _dies_with_parent() -> Callable[[], None] | None:
    """A ``preexec_fn`` giving the child SIGTERM when its parent (the calling thread) dies, on
    Linux from the main thread; ``None`` elsewhere. Looked up here, in the parent: the child
    between fork and exec only calls ``prctl``, and exits at once if its parent is already gone."""
    if not sys.platform.startswith("linux") or threading.current_thread() is not threading.main_thread():
        return None
    import ctypes

    prctl, parent = ctypes.CDLL(None, use_errno=True).prctl, os.getpid()

    def bind() -> None:
        prctl(PR_SET_PDEATHSIG, signal.SIGTERM)
        if os.getppid() != parent:  # the parent died before the prctl: no signal would come
            os._exit(1)

    return bind


def stop(proc: subprocess.Popen, timeout: float = 20.0) -> None:
    """SIGTERM Voila's process group (it shuts its kernels down), SIGKILL if it lingers."""
    _STARTED.discard(proc)
    if proc.poll() is not None:
        return
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, signal.SIGTERM)
    try:
        proc.wait(timeout)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(5)


@atexit.register
def _stop_all() -> None:
    """Stop every server still running when the interpreter exits (a test run interrupted)."""
    for proc in list(_STARTED):
        stop(proc, timeout=10.0)


@contextlib.contextmanager
def serving(port: int, host: str = DEFAULT_HOST, *, timeout: float = 60.0, log: IO | None = None,
            **command_kwargs) -> Iterator[str]:
    """Serve the app while the ``with`` block runs; yields its URL once it answers.

    Voila's output goes to ``log`` (a file opened for writing), or nowhere.
    """
    out = log if log is not None else subprocess.DEVNULL
    proc = start(command(port, host, **command_kwargs), stdout=out, stderr=subprocess.STDOUT)
    try:
        wait_ready(url(port, host), timeout, proc)
        yield url(port, host)
    finally:
        stop(proc)


def port_in_use(port: int, host: str = DEFAULT_HOST) -> bool:
    """Whether something already listens on ``port`` of ``host`` (binding it fails).

    >>> with socket.socket() as taken:
    ...     taken.bind(("127.0.0.1", 0)); taken.listen()
    ...     port_in_use(taken.getsockname()[1])
    True
    """
    with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as the server binds it
        try:
            sock.bind((host, port))
        except OSError as err:
            if err.errno == errno.EADDRINUSE:
                return True
            raise
    return False


def teacher_key(length: int = 16) -> str:
    """A random teacher key, in groups of four without look-alikes (80 bits: not guessable).

    >>> key = teacher_key(); len(key), key.count("-")
    (19, 3)
    """
    letters = "".join(secrets.choice(KEY_ALPHABET) for _ in range(length))
    return "-".join(letters[i:i + 4] for i in range(0, length, 4))


def class_code() -> str:
    """This machine's class code when ``$DANISH_NB_ROOM`` does not name one: made once (6 letters
    without look-alikes, as a table code) and kept in the user's data directory, so a restarted
    server shows the teacher the same class, tables and lobby."""
    import platformdirs

    from .tables.codes import new_code

    path = platformdirs.user_data_path("danish-nb") / "class-code"
    with contextlib.suppress(OSError):
        kept = path.read_text(encoding="utf-8").strip()
        if kept:
            return kept
    code = new_code()
    with contextlib.suppress(OSError):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(code + "\n", encoding="utf-8")
    return code


#: Where :func:`free_port` picks from: below the range the system hands out for ``bind(port 0)``.
PICKED_PORTS = range(20000, 32768)


def free_port(host: str = DEFAULT_HOST) -> int:
    """A TCP port that is free on ``host`` right now, picked at random below the system's own
    range of ports for ``bind(port 0)``: a kernel starting meanwhile takes its ports from that
    range (jupyter_client binds port 0), so it cannot take this one before its server binds it.

    >>> port = free_port()
    >>> port in PICKED_PORTS or port >= _handed_out_from()
    True
    """
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    picks = PICKED_PORTS if PICKED_PORTS.stop <= _handed_out_from() else range(0)
    for port in secrets.SystemRandom().sample(picks, min(len(picks), 64)):
        with socket.socket(family) as sock, contextlib.suppress(OSError):
            sock.bind((host, port))
            return port
    with socket.socket(family) as sock:  # another machine's settings: any free port
        sock.bind((host, 0))
        return sock.getsockname()[1]


def _handed_out_from() -> int:
    """The first port of the system's range for ``bind(port 0)`` (Linux's setting; 32768 elsewhere)."""
    try:
        return int(Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return 32768


def _exit_on_signal(signum: int, _frame: object) -> None:
    raise SystemExit(128 + signum)


def main(argv: Sequence[str] | None = None) -> int:
    """``danish-nb [--port 8866] [--host 127.0.0.1] [--class-size 30] ...``: serve until Ctrl-C."""
    parser = argparse.ArgumentParser(prog="danish-nb", description="Serve the danish_nb card-game app "
                                     "(or the lesson notebooks) with Voila, for one person or a class.")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT, help="port (default %(default)s)")
    parser.add_argument("--host", default=DEFAULT_HOST,
                        help="address to listen on (default %(default)s: this machine only; "
                             "0.0.0.0 for a classroom network)")
    parser.add_argument("--class-size", type=int, default=None, metavar="N",
                        help=f"learners arriving together: N kernels preheated for them, at most N + 25%% "
                             f"at once (without it: one person, {PERSONAL_POOL} preheated, at most "
                             f"{PERSONAL_KERNELS}; a class: --class-size {CLASS_SIZE})")
    parser.add_argument("--servers", type=int, default=1, metavar="K",
                        help="servers sharing the class behind a proxy: each preheats its share of "
                             "--class-size and holds the whole class, so either takes the learners "
                             "of one that fails (default %(default)s)")
    parser.add_argument("--per-address", type=int, default=None, metavar="N",
                        help="games one address may hold at once (default: the whole class with "
                             f"--class-size, since a school's NAT shows one address for every device; "
                             f"{PER_ADDRESS} is a learner's tabs, for a network where each device has its own)")
    parser.add_argument("--public-url", metavar="URL",
                        help="the address learners open when a reverse proxy serves this server "
                             "(printed, and shown on the teacher's join screen with its QR code)")
    parser.add_argument("--allow-host", action="append", default=[], metavar="NAME",
                        help="a host name learners use to reach this server, besides localhost, "
                             "this machine's names and addresses (repeatable)")
    parser.add_argument("--behind-proxy", action="store_true",
                        help="learners come through a reverse proxy (deploy/): take their addresses "
                             "from X-Forwarded-For; let nothing but the proxy reach this port")
    parser.add_argument("--no-preheat", action="store_true",
                        help="start each visitor's kernel on demand instead of in advance")
    parser.add_argument("--lessons", metavar="FOLDER", type=Path, nargs="?", const=PACKAGED_LESSONS,
                        help="serve the lessons instead of the app: those shipped with the package, from an index "
                             "in the --lang language (or the notebooks of FOLDER)")
    parser.add_argument("--lang", default="en", choices=LANGUAGES, help="the lessons' index language")
    args = parser.parse_args(argv)
    if port_in_use(args.port, args.host):
        print(f"danish-nb: port {args.port} on {args.host} is already in use (another danish-nb?): stop "
              f"that server, or choose another port with --port", file=sys.stderr)
        return 1
    # Voila runs in its own process group, so a SIGTERM or hang-up of this command must stop it
    # explicitly (Ctrl-C arrives as KeyboardInterrupt).
    for signum in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(signum, _exit_on_signal)
    pool, most = sizes(args.class_size, args.servers)
    per_address = args.per_address if args.per_address is not None else most  # a class behind one NAT fits
    env = dict(os.environ)
    joins = join_urls(args.host, args.port, public_url=args.public_url)
    env[JOIN_ENV] = " ".join(joins)
    env[ROOM_ENV] = env.get(ROOM_ENV) or class_code()
    key = None if args.lessons or env.get(TEACHER_ENV) else teacher_key()
    if key:
        env[TEACHER_ENV] = key
    preheat = not (args.no_preheat or args.lessons)  # Voila would preheat a pool for each lesson
    home = url(args.port, args.host)
    if args.lessons:  # the packaged lessons, or a folder's: from an index of our own
        from . import lessons

        into = Path(tempfile.mkdtemp(prefix="danish-nb-lessons-"))
        args.lessons = lessons.prepare(into, args.lang) if args.lessons == PACKAGED_LESSONS else \
            lessons.with_index(args.lessons, into, args.lang)
        home += "voila/render/index.ipynb" if args.lessons.is_dir() else ""
    proc = start(command(args.port, args.host, notebook=args.lessons, preheat=preheat, pool_size=pool,
                         max_kernels=most, per_address=per_address, allowed_hosts=args.allow_host,
                         behind_proxy=args.behind_proxy, progressive=bool(args.lessons),
                         warm=pool if args.lessons else 0), env=env)
    try:
        wait_ready(url(args.port, args.host), 120, proc)
        what = "the lessons are" if args.lessons else "the app is"
        print(f"danish-nb: {what} at {home}  (Ctrl-C stops it)", flush=True)
        print(f"danish-nb: {announce(joins)}; class code {env[ROOM_ENV]}", flush=True)
        if args.host not in ANY_HOST and not args.public_url and args.host.startswith("127."):
            print("danish-nb: only this machine can reach it: --host 0.0.0.0 lets a class in", flush=True)
        if key:
            print(f"danish-nb: teacher key {key}  (for this run; set {TEACHER_ENV} to keep one)", flush=True)
        return proc.wait()
    except KeyboardInterrupt:
        return 0
    except (RuntimeError, TimeoutError) as err:
        print(f"danish-nb: {err}", file=sys.stderr)
        return 1
    finally:
        stop(proc)


if __name__ == "__main__":
    sys.exit(main())

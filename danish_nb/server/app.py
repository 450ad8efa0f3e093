"""``ClassroomVoila``: Voila's own application and handlers, each wrapped with a guard.

Voila builds its handler table in :meth:`voila.app.Voila.init_handlers`; this subclass takes that
table and puts a small mixin in front of every handler:

- every handler: the ``Host`` header must be one of this server's names (:class:`HostGuard`);
- the kernel's REST URL, websocket and shutdown URL: the request must carry the owning page's
  secret cookie (:class:`KernelGuard`);
- the notebook page: a seat in the :class:`~danish_nb.server.guard.Room` first (else the
  "room is full" page), then the secret cookies and the visitor's address for its kernel
  (:mod:`danish_nb.server.visitor`), then Voila's page with a watchdog script in its
  head (:class:`PageGuard`; see :mod:`danish_nb.server.pages`). A query that names a template
  or a theme, in any spelling, is refused before any kernel starts;
- the kernel's websocket is counted (:class:`SocketGuard`): when a page's last websocket closes
  and none opens again within :data:`GRACE` s (a closed or crashed tab, a killed browser), the
  page no longer holds its place against the caps and its kernel is shut down; the page's
  shutdown beacon does the same at once (:class:`BeaconGuard`);
- a refusal is one line of the log (no traceback), and its answer a short text.

The application itself listens on its port or stops with one clear line (no hopping to another
port), marks the notebooks it serves as trusted (an in-memory signature store: nothing written
to the user's Jupyter files), and takes a visitor's address from ``X-Forwarded-For`` only when
told it runs behind a reverse proxy (``behind_proxy``).

Voila's request-info websocket (``/voila/query/<kernel>``, used only by notebooks that call
``voila.utils.wait_for_request``, which the app does not) is not served: it answered anyone who
knew a kernel id. Kernel stderr is kept off the websocket by :class:`StderrOnServer`.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import json
import os
import shutil
from collections.abc import Awaitable, Callable
from functools import lru_cache
from pathlib import Path
from typing import Any
from urllib.parse import unquote

import nbformat
from jupyter_core.utils import ensure_async, run_sync
from jupyter_server._tz import utcnow
from jupyter_server.services.kernels.connection.base import BaseKernelWebsocketConnection
from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection
from jupyter_server.services.kernels.handlers import KernelHandler
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from jupyter_server.utils import url_path_join
from nbformat.sign import NotebookNotary
from tornado import web
from tornado.ioloop import IOLoop
from tornado.log import access_log, app_log
from tornado.netutil import bind_sockets
from traitlets import Bool, Float, Integer, List, Type, Unicode
from voila.app import Voila
from voila.request_info_handler import RequestInfoSocketHandler
from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler
from voila.tornado.execution_request_handler import ExecutionRequestHandler
from voila.tornado.handler import TornadoVoilaHandler
from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler
from voila.tornado.treehandler import TornadoVoilaTreeHandler

from danish_nb.i18n import _n
from danish_nb.server import head_start, no_math
from danish_nb.server.guard import HostNames, Queue, Refusal, Room, Seat
from danish_nb.server.paced import PacedExecution, pacer
from danish_nb.server.pages import (
    CELL_ERROR,
    ROOM_FULL,
    TOO_MANY,
    WIDGET_OUTPUT,
    preferred_language,
    retry_now,
    room_full_page,
    watchdog,
)
from danish_nb.server.pool import gentle_pool
from danish_nb.server.rendered import PAGES, RenderOnce, render_all
from danish_nb.server.visitor import forget_visitor, write_visitor
from danish_nb.server.warm import WarmPool

#: Cookies holding a page's secret, one scoped to its kernel's URLs and one to its shutdown URL.
KERNEL_COOKIE = "danish_nb_kernel"
SHUTDOWN_COOKIE = "danish_nb_shutdown"
#: The page a folder of notebooks opens on, if it has one (the lessons' index).
INDEX = "index.ipynb"
#: Keys of the tornado settings shared by the handlers.
HOSTS, ROOM, EXPECTS_WIDGET, RETRY, FREE, SOCKETS = ("danish_nb_hosts", "danish_nb_room", "danish_nb_widget",
                                                     "danish_nb_retry", "danish_nb_free", "danish_nb_sockets")
QUEUE, QUEUE_RETRY = "danish_nb_queue", "danish_nb_queue_retry"
#: The cookie holding a waiting visitor's ticket (their place in line for the next free place).
QUEUE_COOKIE = "danish_nb_queue"
HEADLINES = {503: ROOM_FULL, 429: TOO_MANY}
#: Seconds a page's kernel waits, after the page's last websocket closed, for one to open again
#: before it is shut down. Jupyter's page reconnects at once, then after up to 1 s, 3 s, ...: a
#: blip of the network survives; a closed tab's kernel is gone within GRACE + its shutdown.
GRACE = 3.0
#: Words a query may not contain in a parameter's name: Voila takes ``template`` and ``theme``
#: from the query (this server refuses any spelling of either, before a kernel starts).
FIXED = ("template", "theme")


def _local_address(request: Any) -> str | None:
    """The address of this server the request arrived on."""
    try:
        return request.connection.stream.socket.getsockname()[0]
    except (AttributeError, OSError):
        return None


class HostGuard(web.RequestHandler):
    """Refuses (403) a request whose ``Host`` is not one of this server's names."""

    refused = False

    def refuse_request(self, status: int, why: str) -> web.HTTPError:
        """Log one line saying what was refused and why; the error to raise (which tornado does
        not log again, and :meth:`write_error` answers in a few words)."""
        self.refused = True
        app_log.warning("refused %s %s from %s: %s", self.request.method, self.request.path,
                        self.request.remote_ip, why)
        return web.HTTPError(status, reason=why)

    def guard(self) -> None:
        """Raise ``HTTPError`` if this request may not be served."""
        hosts: HostNames = self.settings[HOSTS]
        if not hosts.allows(self.request.host, _local_address(self.request)):
            raise self.refuse_request(403, f"unknown host name {self.request.host!r}")
        if climbs(self.request.path):  # Voila's template files answered 500 with a traceback
            raise self.refuse_request(404, "a path that climbs out of its folder")

    def prepare(self) -> Awaitable[None] | None:
        self.guard()
        return super().prepare()

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        """A short plain answer (Jupyter's error page needs a user, which a refused websocket
        does not have: it logged a traceback for each)."""
        self.set_header("Content-Type", "text/plain; charset=UTF-8")
        self.finish(f"{status_code} {self._reason}\n")


def climbs(path: str) -> bool:
    """Whether a URL path has a ``..`` segment, however often it was percent-encoded (``%2f``,
    ``%252e``) or written with backslashes: no file this server serves needs one.

    >>> [climbs(p) for p in ("/voila/templates/lab/static/..%2f..%2fapp_server.py", "/a/%252e%252e/b",
    ...                      "/a/..%5Cb", "/voila/static/voila.js", "/notes..txt")]
    [True, True, True, False, False]
    """
    for _ in range(4):
        decoded = unquote(path)
        if decoded == path:
            break
        path = decoded
    return ".." in path.replace("\\", "/").split("/")


def kernel_of(handler: web.RequestHandler) -> str:
    """The kernel id in a kernel URL's path."""
    return handler.path_kwargs.get("kernel_id") or (handler.path_args[0] if handler.path_args else "")


class KernelGuard(HostGuard):
    """Refuses (403) a kernel URL unless the request carries the secret of the kernel's page."""

    def guard(self) -> None:
        super().guard()
        kernel_id = kernel_of(self)
        room: Room = self.settings[ROOM]
        secret = self.get_cookie(KERNEL_COOKIE) or self.get_cookie(SHUTDOWN_COOKIE)
        if not room.owns(kernel_id, secret):
            raise self.refuse_request(403, "not the page that owns this kernel")
        # The owning page is alive (a page still loading checks on its kernel): not idle.
        with contextlib.suppress(KeyError):  # culled meanwhile: Jupyter answers 404
            self.settings["kernel_manager"].get_kernel(kernel_id).last_activity = utcnow()


class SocketGuard(KernelGuard):
    """The kernel's websocket, counted: the page's last one closing starts the grace
    (:data:`GRACE` s) after which its kernel is freed if none came back."""

    _counted = False

    def open(self, *args: Any, **kwargs: Any) -> Any:
        self.settings[ROOM].opened(kernel_of(self))
        self.settings[SOCKETS].setdefault(kernel_of(self), set()).add(self)
        self._counted = True
        return super().open(*args, **kwargs)

    def on_close(self) -> None:
        super().on_close()
        if not self._counted:
            return
        self.settings[SOCKETS].get(kernel_of(self), set()).discard(self)
        if self.settings[ROOM].closed(kernel_of(self)):
            self.settings[SOCKETS].pop(kernel_of(self), None)
            self.settings[FREE](kernel_of(self))


class BeaconGuard(KernelGuard):
    """The page's shutdown beacon (once all its checks passed, XSRF included): the page holds no
    place from now on, while its kernel stops."""

    async def post(self, *args: Any, **kwargs: Any) -> None:
        self.settings[ROOM].leave(kernel_of(self))
        await super().post(*args, **kwargs)


class _Recorder:
    """The kernel manager as a page handler sees it: reports which kernel the page gets."""

    def __init__(self, manager: Any, on_kernel: Callable[[str], None]) -> None:
        self._manager = manager
        self._on_kernel = on_kernel

    def __getattr__(self, name: str) -> Any:
        return getattr(self._manager, name)

    async def get_rendered_notebook(self, *args: Any, **kwargs: Any) -> Any:
        task, cache, kernel_id = await self._manager.get_rendered_notebook(*args, **kwargs)
        self._on_kernel(kernel_id)
        return task, cache, kernel_id

    async def start_kernel(self, *args: Any, **kwargs: Any) -> str:
        kernel_id = await ensure_async(self._manager.start_kernel(*args, **kwargs))
        self._on_kernel(kernel_id)
        return kernel_id


class PageGuard(RenderOnce, HostGuard):
    """The notebook page, within the room's caps, bound to its kernel, never silently blank (a
    progressive page rendered once per notebook: :mod:`danish_nb.server.rendered`)."""

    _seat: Seat | None = None

    @property
    def kernel_manager(self) -> Any:
        return _Recorder(self.settings["kernel_manager"], self._bind)

    def page_kernel(self) -> str | None:
        return self._seat.kernel_id if self._seat is not None else None

    def _bind(self, kernel_id: str) -> None:
        """The page got ``kernel_id``: set the page's secret cookies before any byte is sent."""
        assert self._seat is not None
        room: Room = self.settings[ROOM]
        room.bind(self._seat, kernel_id)
        write_visitor(self.settings["kernel_manager"].connection_dir, kernel_id, self._seat.address)
        # A pooled kernel may have idled for minutes: the culler must count from the hand-over.
        self.settings["kernel_manager"].get_kernel(kernel_id).last_activity = utcnow()
        for name, prefix in ((KERNEL_COOKIE, "api/kernels"), (SHUTDOWN_COOKIE, "voila/api/shutdown")):
            self.set_cookie(name, self._seat.secret, path=url_path_join(self.base_url, prefix, kernel_id),
                            httponly=True, samesite="Strict")

    def refuse(self, refusal: Refusal) -> None:
        """Answer with the "room is full" page (in the visitor's language), which retries by
        itself; when the room is full the visitor stands in line (a ticket in a cookie) and the
        page says how many wait before them and counts down to its next try."""
        self.refused = True
        app_log.warning("refused a game to %s: %s", self.request.remote_ip, refusal.message)
        retry, ahead = self.settings[RETRY], None
        if refusal.status == 503:
            queue: Queue = self.settings[QUEUE]
            ticket = queue.stand(self.get_cookie(QUEUE_COOKIE))
            self.set_cookie(QUEUE_COOKIE, ticket, path=self.base_url, httponly=True, samesite="Strict")
            retry, ahead = self.settings[QUEUE_RETRY], queue.ahead(ticket)
        self.set_status(refusal.status)
        self.set_header("Retry-After", str(retry))
        self.set_header("Cache-Control", "no-store")
        lang = preferred_language(self.request.headers.get("Accept-Language"))
        self.finish(room_full_page(HEADLINES[refusal.status], refusal.message, retry, lang, ahead))

    def take_seat(self) -> Seat:
        """A place for this page, first come first served: while visitors wait in line, a place
        that frees goes to the first of them (:class:`~danish_nb.server.guard.Queue`). Raises
        :class:`Refusal`."""
        room: Room = self.settings[ROOM]
        queue: Queue = self.settings[QUEUE]
        ticket = self.get_cookie(QUEUE_COOKIE)
        free = room.max_kernels - room.count()
        if queue.ahead(ticket) >= free:
            raise Refusal(503, _n("{n} game is running, the most this server holds.",
                                  "{n} games are running, the most this server holds.", room.count()))
        try:
            seat = room.take(self.request.remote_ip)
        except Refusal as refusal:
            if refusal.status != 503:
                queue.leave(ticket)  # this computer's own tabs hold it back, not the line: it holds no place
            raise
        if ticket:
            queue.leave(ticket)
            self.clear_cookie(QUEUE_COOKIE, path=self.base_url)
        return seat

    @web.authenticated
    async def get(self, path: str | None = None) -> None:
        if path and self.notebook_path:  # one notebook served: Voila sends other paths to its files
            return await super().get(path)
        fixed = [name for name in self.request.arguments if any(word in name.lower() for word in FIXED)]
        if fixed:
            raise self.refuse_request(400, f"the template and theme are fixed on this server ({fixed[0]!r})")
        text = self.text_page(path)  # a notebook that runs no code (the lessons' index): no kernel, no seat
        if text is not None:
            self.set_header("Content-Type", "text/html; charset=UTF-8")
            self.set_header("Cache-Control", "no-cache")
            return self.finish(text)
        room: Room = self.settings[ROOM]
        try:
            self._seat = self.take_seat()
        except Refusal as refusal:
            return self.refuse(refusal)
        self.xsrf_token  # noqa: B018 - sets the _xsrf cookie, which the page's shutdown beacon sends back
        widget = error = watching = False
        try:
            async for html in self.page(path):
                widget = widget or WIDGET_OUTPUT in html
                error = error or CELL_ERROR in html
                if not watching and self._seat.kernel_id is not None and "</head>" in html:
                    paced = pacer() if self.voila_configuration.progressive_rendering else ""
                    html = html.replace("</head>", watchdog() + paced + "</head>", 1)
                    watching = True
                self.write(html)
                self.flush()
        except Exception as exc:
            if self._seat.kernel_id is None or not self._headers_written:
                raise
            app_log.warning("the page of kernel %s broke off: %s", self._seat.kernel_id,
                            f"{type(exc).__name__}: {exc}")
        finally:
            room.release(self._seat)  # only if no kernel was bound
        if self._seat.kernel_id is not None:
            if not watching:
                self.write(watchdog())
            if self.voila_configuration.progressive_rendering:  # its first cells run while the page loads
                head_start.start(self.settings["kernel_manager"], self._seat.kernel_id,
                                 ExecutionRequestHandler._execution_data, app_log)
            notebook = self.notebook_path or path
            # rendered progressively (the lessons), the outputs come over the kernel's socket, not in the HTML
            if self.settings[EXPECTS_WIDGET](notebook) and not widget and not error and \
                    not self.voila_configuration.progressive_rendering:
                app_log.warning("kernel %s: the page went out without the app; it will retry",
                                self._seat.kernel_id)
                self.write(retry_now())


def _guarded(handler: type[web.RequestHandler]) -> type[web.RequestHandler]:
    """``handler`` with the guard that fits it in front."""
    if issubclass(handler, TornadoVoilaHandler):
        guard: type[HostGuard] = PageGuard
    elif issubclass(handler, VoilaKernelWebsocketHandler):
        guard = SocketGuard
    elif issubclass(handler, VoilaShutdownKernelHandler):
        guard = BeaconGuard
    elif issubclass(handler, KernelHandler):
        guard = KernelGuard
    else:
        guard = HostGuard
    return type(f"Guarded{handler.__name__}", (guard, handler), {})


class StderrOnServer(ZMQChannelsWebsocketConnection):
    """Kernel stderr and error messages go to the server log, not to the browser.

    ipykernel logs a failing comm message (a bad widget update, an unknown model) with its full
    traceback to stderr, which becomes an IOPub ``stream`` message; an IOPub ``error`` carries a
    traceback too. Visitors cannot execute code, and the app shows no Output widget, so the page
    loses nothing. (Jupyter Server's own ``MappingKernelManager.allow_tracebacks=False`` does not
    help here: on an ``error`` it raises AttributeError in ``_on_error`` and the websocket's
    IOPub stream stops; seen with jupyter_server 2.21.)

    """

    def handle_outgoing_message(self, stream: Any, outgoing_msg: list[Any]) -> None:
        channel = getattr(self.channels.get(stream) if isinstance(stream, str) else stream, "channel", None)
        if channel == "iopub":
            _, parts = self.session.feed_identities(outgoing_msg)
            msg_type = self.session.unpack(parts[1]).get("msg_type")
            if msg_type in ("stream", "error"):
                content = self.session.unpack(parts[4])
                if msg_type == "error":
                    text = "\n".join(content.get("traceback", [])) or f"{content.get('ename')}: {content.get('evalue')}"
                    self.log.warning("kernel %s error (not sent to the page): %s", self.kernel_id, text)
                    return
                if content.get("name") == "stderr":
                    self.log.warning("kernel %s stderr (not sent to the page): %s", self.kernel_id,
                                     content.get("text", "").rstrip())
                    return
        super().handle_outgoing_message(stream, outgoing_msg)


@lru_cache(maxsize=64)
def _shows_widget(path: Path, modified: float) -> bool:
    cells = json.loads(path.read_text(encoding="utf-8")).get("cells", [])
    return any(WIDGET_OUTPUT in output.get("data", {})
               for cell in cells for output in cell.get("outputs", []))


def expects_widget(root: str, notebook: str | None) -> bool:
    """Whether the notebook (a path under ``root``), as committed (executed), shows a widget:
    then its page must too."""
    path = Path(root, notebook or "")
    if not notebook or path.suffix != ".ipynb" or not path.is_file():
        return False
    return _shows_widget(path, path.stat().st_mtime)


class Kernels(WarmPool, AsyncMappingKernelManager):
    """The server's kernels: a kernel that died is not kept alive empty; pages that are not
    preheated get a warm kernel when there is one (:class:`~danish_nb.server.warm.WarmPool`).

    Jupyter restarts a kernel that died (killed, out of memory) under the same id, without the
    notebook: the page's widgets have nothing behind them any more (a page still loading shows
    "Error displaying widget: model not found" for the views it has not drawn yet, a loaded one
    stops answering clicks), and a pooled kernel would be handed out empty. So a restarted kernel
    is shut down once the restart is over, and :attr:`on_restart` is told first (the app frees the
    page's place and closes its websockets: the page's watchdog reloads it into a kernel that has
    run the notebook, back at its seat).
    """

    on_restart: Callable[[str], None] = staticmethod(lambda kernel_id: None)

    async def start_kernel(self, *args: Any, **kwargs: Any) -> str:
        kernel_id = await super().start_kernel(*args, **kwargs)
        self.add_restart_callback(kernel_id, lambda: self._restarted(kernel_id))
        return kernel_id

    async def cull_kernel_if_idle(self, kernel_id: str) -> None:
        """Jupyter's culling, except for a kernel still starting: under load (a class's pool of
        60 starting on 2 cores) a start outlasts the idle timeout, and the culler killed kernels
        half-started (a traceback in the log and a kernel lost to the pool)."""
        kernel = self._kernels.get(kernel_id)
        if kernel is None or getattr(kernel, "execution_state", None) == "starting":
            return
        await super().cull_kernel_if_idle(kernel_id)

    def _restarted(self, kernel_id: str) -> None:
        self.log.warning("kernel %s died and was restarted without its notebook: shutting it down", kernel_id)
        self.on_restart(kernel_id)
        _in_background(_shut_down_once_restarted(self, kernel_id))


#: The shutdowns under way: the loop holds its tasks only weakly, so one could vanish half-way.
_RUNNING: set[asyncio.Future[None]] = set()


def _in_background(coroutine: Awaitable[None]) -> None:
    """Run ``coroutine`` on the loop, holding on to it until it ends."""
    task = asyncio.ensure_future(coroutine)
    _RUNNING.add(task)
    task.add_done_callback(_RUNNING.discard)


async def _shut_down(manager: Any, kernel_id: str) -> None:
    """Shut ``kernel_id`` down at once, unless it is gone already (its beacon came meanwhile)."""
    with contextlib.suppress(KeyError, RuntimeError, web.HTTPError):
        if kernel_id in manager:
            await ensure_async(manager.shutdown_kernel(kernel_id, now=True))


async def _shut_down_once_restarted(manager: Any, kernel_id: str, timeout: float = 120.0) -> None:
    """Shut ``kernel_id`` down once Jupyter has restarted it (the restart callbacks run before the
    restart; a kernel cannot be shut down in the middle of one)."""
    kernel = manager.get_kernel(kernel_id)
    started = kernel.ready
    deadline = asyncio.get_running_loop().time() + timeout
    while asyncio.get_running_loop().time() < deadline and (kernel.ready is started or not kernel.ready.done()):
        await asyncio.sleep(0.5)
    await _shut_down(manager, kernel_id)


def log_request(handler: web.RequestHandler) -> None:
    """Tornado's access log, less the requests a guard refused (their line is already written)."""
    if getattr(handler, "refused", False):
        return
    status = handler.get_status()
    log = access_log.info if status < 400 else access_log.warning if status < 500 else access_log.error
    log("%d %s %.2fms", status, handler._request_summary(), 1000.0 * handler.request.request_time())


class ClassroomVoila(Voila):
    """Voila for a classroom: guarded handlers, capped visitor kernels, stderr kept server-side."""

    port_retries = Integer(0, config=True, help="Ports tried after the one asked for (none: a port in use "
                                                "stops the server with a clear message).")
    max_kernels = Integer(40, config=True, help="Visitor kernels running at once, at most.")
    max_kernels_per_address = Integer(4, config=True, help="Visitor kernels per client address.")
    allowed_hosts = List(Unicode(), config=True,
                         help="Host names this server answers to, besides localhost and this "
                              "machine's names (IP addresses of this machine are always accepted).")
    retry_seconds = Integer(20, config=True, help="Seconds before a 'too many games from this computer' "
                                                  "page retries.")
    queue_seconds = Integer(5, config=True, help="Seconds between the tries of a page waiting in line for a "
                                                 "place (the room is full).")
    gentle_refill = Bool(True, config=True, help="Refill the preheated pool gradually, after a class has "
                                                 "arrived (danish_nb.server.pool); False: Voila's own refill.")
    behind_proxy = Bool(False, config=True,
                        help="Take each visitor's address from the X-Forwarded-For header its reverse proxy "
                             "adds (only when nothing but the proxy can reach this server).")
    grace = Float(GRACE, config=True, help="Seconds a kernel whose page's websocket closed waits for it to "
                                           "come back before it is shut down.")
    _page_options: dict[str, Any] | None = None
    render_once = Bool(True, config=True, help="Render each page of a folder served progressively (the lessons) "
                                               "once, ahead, and send it again with each visitor's kernel id "
                                               "(danish_nb.server.rendered); False: Voila renders each visit.")
    kernel_websocket_connection_class = Type(
        default_value=StderrOnServer, klass=BaseKernelWebsocketConnection, config=True,
        help="The kernel websocket connection class (default: kernel stderr stays on the server).")

    aliases = {
        **Voila.aliases,
        "max_kernels": "ClassroomVoila.max_kernels",
        "max_kernels_per_address": "ClassroomVoila.max_kernels_per_address",
        "allowed_hosts": "ClassroomVoila.allowed_hosts",
    }

    def init_settings(self) -> dict:
        self.voila_configuration.multi_kernel_manager_class = Kernels
        with gentle_pool() if self.gentle_refill else contextlib.nullcontext():
            settings = super().init_settings()
        manager = self.kernel_manager
        manager.on_restart = self.restarted
        self.sockets: dict[str, set[web.RequestHandler]] = {}
        room = Room(self.max_kernels, self.max_kernels_per_address, alive=lambda kid: kid in manager,
                    gone=lambda kid: forget_visitor(manager.connection_dir, kid))
        self.room = room
        self.trust_notebooks()
        settings.update({
            HOSTS: HostNames([self.ip, *self.allowed_hosts]),
            ROOM: room,
            FREE: lambda kernel_id: IOLoop.current().call_later(self.grace, self.free_if_abandoned, kernel_id),
            SOCKETS: self.sockets,
            EXPECTS_WIDGET: lambda notebook: expects_widget(self.root_dir, notebook),
            RETRY: self.retry_seconds,
            QUEUE: Queue(forget_after=3 * self.queue_seconds + 10),
            QUEUE_RETRY: self.queue_seconds,
            **({PAGES: {}} if self._renders_once() else {}),
            # the lessons write no mathematics: no MathJax loaded before their first quiz
            **(no_math.settings(self.base_url) if self.voila_configuration.progressive_rendering else {}),
            "log_function": log_request,
            # the page's shutdown beacon reads _xsrf from document.cookie, so not httponly
            "xsrf_cookie_kwargs": {"samesite": "Strict"},
        })
        return settings

    def _renders_once(self) -> bool:
        """Whether pages are kept (:mod:`danish_nb.server.rendered`): a folder served progressively."""
        configuration = self.voila_configuration
        return self.render_once and not self.notebook_path and configuration.progressive_rendering and \
            not configuration.preheat_kernel

    def free_if_abandoned(self, kernel_id: str) -> None:
        """The page of ``kernel_id`` closed its last websocket :attr:`grace` s ago: if none came
        back, shut the kernel down."""
        if self.room.abandoned(kernel_id) and kernel_id in self.kernel_manager:
            self.log.info("Kernel %s: its page closed (no websocket for %.0f s): shutting it down",
                          kernel_id, self.grace)
            _in_background(_shut_down(self.kernel_manager, kernel_id))

    def restarted(self, kernel_id: str) -> None:
        """Jupyter is restarting ``kernel_id`` (it died): its page may not reach it any more, and
        its websockets close, so the page reloads (see :class:`Kernels`)."""
        self.room.leave(kernel_id)
        for socket in list(self.sockets.get(kernel_id, ())):
            socket.close()

    def stop(self) -> None:
        """Stop at once: the kernels are killed, not asked to shut down one by one (Voila's way
        took 1.5-3 s with a class's kernels, while the class waited for the restarted server).
        A kernel holds nothing to save: every move and record is stored as it is made."""
        shutil.rmtree(self.connection_dir, ignore_errors=True)
        run_sync(self.kernel_manager.shutdown_all)(now=True)

    def trust_notebooks(self) -> None:
        """Sign the notebooks this server serves in an in-memory signature store (they are the
        package's own): Jupyter then finds them trusted instead of warning on every page."""
        notary = NotebookNotary(parent=self.contents_manager, db_file=":memory:", secret=os.urandom(32))
        self.contents_manager.notary = notary
        paths = [Path(self.notebook_path)] if self.notebook_path else Path(self.root_dir).glob("*.ipynb")
        for path in paths:
            notary.sign(nbformat.read(path, as_version=4))

    def listen(self) -> None:
        """Listen on :attr:`port` only: if it is taken, say so in one line and stop (Voila would
        try other ports, and the ``danish-nb`` command would print a URL that is not this server's)."""
        try:
            for sock in bind_sockets(self.port, self.ip):
                sock.close()
        except OSError as err:
            if err.errno != errno.EADDRINUSE:
                raise
            self.log.critical("port %s on %s is already in use (another server?): stop it or choose "
                              "another port", self.port, self.ip)
            shutil.rmtree(self.connection_dir, ignore_errors=True)
            self.exit(1)
        if PAGES in self.app.settings and self._page_options is not None:
            IOLoop.current().add_callback(render_all, Path(self.root_dir), self.app.settings, self._page_options,
                                          self.log)
        if self.behind_proxy:
            listen = self.app.listen
            self.app.listen = lambda *args, **kwargs: listen(*args, xheaders=True, **kwargs)
        super().listen()

    def init_handlers(self) -> list:
        """Voila's handlers, guarded; a folder with an ``index.ipynb`` (the lessons' index,
        :mod:`danish_nb.lessons`) shows it at ``/`` instead of Voila's file list."""
        index = None if self.notebook_path or not (Path(self.root_dir) / INDEX).is_file() else \
            url_path_join(self.server_url, "voila/render", INDEX)
        handlers = super().init_handlers()
        self._page_options = next((rest[0] for _, handler, *rest in handlers
                                   if handler is TornadoVoilaHandler and rest), None)
        handlers = [(pattern, PacedExecution if handler is ExecutionRequestHandler else handler, *rest)
                    for pattern, handler, *rest in handlers]
        handlers.insert(0, (url_path_join(self.server_url, no_math.PATH), no_math.StandIn))
        return [(pattern, _guarded(web.RedirectHandler), {"url": index})
                if index and handler is TornadoVoilaTreeHandler else (pattern, _guarded(handler), *rest)
                for pattern, handler, *rest in handlers
                if handler is not RequestInfoSocketHandler]


main = ClassroomVoila.launch_instance

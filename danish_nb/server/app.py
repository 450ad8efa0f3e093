"""``ClassroomVoila``: Voila's own application and handlers, each wrapped with a guard.

Voila builds its handler table in :meth:`voila.app.Voila.init_handlers`; this subclass takes that
table and puts a small mixin in front of every handler:

- every handler: the ``Host`` header must be one of this server's names (:class:`HostGuard`);
- the kernel's REST URL, websocket and shutdown URL: the request must carry the owning page's
  secret cookie (:class:`KernelGuard`);
- the notebook page: a seat in the :class:`~danish_nb.server.guard.Room` first (else the
  "room is full" page), then the secret cookies and the visitor's address for its kernel
  (:mod:`danish_nb.server.visitor`), then Voila's page with a watchdog script in its
  head (:class:`PageGuard`; see :mod:`danish_nb.server.pages`).

Voila's request-info websocket (``/voila/query/<kernel>``, used only by notebooks that call
``voila.utils.wait_for_request``, which the app does not) is not served: it answered anyone who
knew a kernel id. Kernel stderr is kept off the websocket by :class:`StderrOnServer`.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from jupyter_core.utils import ensure_async
from jupyter_server._tz import utcnow
from jupyter_server.services.kernels.connection.base import BaseKernelWebsocketConnection
from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection
from jupyter_server.services.kernels.handlers import KernelHandler
from jupyter_server.utils import url_path_join
from tornado import web
from tornado.log import app_log
from traitlets import Bool, Integer, List, Type, Unicode
from voila.app import Voila
from voila.request_info_handler import RequestInfoSocketHandler
from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler
from voila.tornado.handler import TornadoVoilaHandler
from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler

from danish_nb.server.guard import HostNames, Refusal, Room, Seat
from danish_nb.server.pool import gentle_pool
from danish_nb.server.visitor import forget_visitor, write_visitor
from danish_nb.server.pages import CELL_ERROR, WIDGET_OUTPUT, retry_now, room_full_page, watchdog

#: Cookies holding a page's secret, one scoped to its kernel's URLs and one to its shutdown URL.
KERNEL_COOKIE = "danish_nb_kernel"
SHUTDOWN_COOKIE = "danish_nb_shutdown"
#: Keys of the tornado settings shared by the handlers.
HOSTS, ROOM, EXPECTS_WIDGET, RETRY = "danish_nb_hosts", "danish_nb_room", "danish_nb_widget", "danish_nb_retry"
HEADLINES = {503: "The room is full.", 429: "Too many games from this computer."}


def _local_address(request: Any) -> str | None:
    """The address of this server the request arrived on."""
    try:
        return request.connection.stream.socket.getsockname()[0]
    except (AttributeError, OSError):
        return None


class HostGuard(web.RequestHandler):
    """Refuses (403) a request whose ``Host`` is not one of this server's names."""

    def guard(self) -> None:
        """Raise ``HTTPError`` if this request may not be served."""
        hosts: HostNames = self.settings[HOSTS]
        if not hosts.allows(self.request.host, _local_address(self.request)):
            app_log.warning("refused a request for unknown host %r", self.request.host)
            raise web.HTTPError(403, "unknown host name")

    def prepare(self) -> Awaitable[None] | None:
        self.guard()
        return super().prepare()


class KernelGuard(HostGuard):
    """Refuses (403) a kernel URL unless the request carries the secret of the kernel's page."""

    def guard(self) -> None:
        super().guard()
        kernel_id = self.path_kwargs.get("kernel_id") or (self.path_args[0] if self.path_args else "")
        room: Room = self.settings[ROOM]
        secret = self.get_cookie(KERNEL_COOKIE) or self.get_cookie(SHUTDOWN_COOKIE)
        if not room.owns(kernel_id, secret):
            app_log.warning("refused %s %s: not the page that owns this kernel",
                            self.request.method, self.request.path)
            raise web.HTTPError(403, "this kernel belongs to another page")
        # The owning page is alive (a page still loading checks on its kernel): not idle.
        self.settings["kernel_manager"].get_kernel(kernel_id).last_activity = utcnow()


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


class PageGuard(HostGuard):
    """The notebook page, within the room's caps, bound to its kernel, never silently blank."""

    _seat: Seat | None = None

    @property
    def kernel_manager(self) -> Any:
        return _Recorder(self.settings["kernel_manager"], self._bind)

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
        """Answer with the "room is full" page, which retries by itself."""
        retry = self.settings[RETRY]
        self.set_status(refusal.status)
        self.set_header("Retry-After", str(retry))
        self.set_header("Cache-Control", "no-store")
        self.finish(room_full_page(HEADLINES[refusal.status], refusal.message, retry))

    @web.authenticated
    async def get(self, path: str | None = None) -> None:
        if path:  # Voila redirects other paths to its file handler: no kernel involved
            return await super().get(path)
        for name in ("template", "theme"):
            if name in self.request.arguments:
                raise web.HTTPError(400, f"the {name} is fixed on this server")
        room: Room = self.settings[ROOM]
        try:
            self._seat = room.take(self.request.remote_ip)
        except Refusal as refusal:
            app_log.warning("%s: %s", self.request.remote_ip, refusal.message)
            return self.refuse(refusal)
        self.xsrf_token  # sets the _xsrf cookie, which the page's shutdown beacon sends back
        widget = error = watching = False
        try:
            async for html in self.get_generator(path=path):
                widget = widget or WIDGET_OUTPUT in html
                error = error or CELL_ERROR in html
                if not watching and self._seat.kernel_id is not None and "</head>" in html:
                    html = html.replace("</head>", watchdog() + "</head>", 1)
                    watching = True
                self.write(html)
                self.flush()
        except Exception:
            if self._seat.kernel_id is None or not self._headers_written:
                raise
            app_log.exception("the page of kernel %s broke off", self._seat.kernel_id)
        finally:
            room.release(self._seat)  # only if no kernel was bound
        if self._seat.kernel_id is not None:
            if not watching:
                self.write(watchdog())
            if self.settings[EXPECTS_WIDGET] and not widget and not error:
                app_log.warning("kernel %s: the page went out without the app; it will retry",
                                self._seat.kernel_id)
                self.write(retry_now())


def _guarded(handler: type[web.RequestHandler]) -> type[web.RequestHandler]:
    """``handler`` with the guard that fits it in front."""
    if issubclass(handler, TornadoVoilaHandler):
        guard: type[HostGuard] = PageGuard
    elif issubclass(handler, (KernelHandler, VoilaKernelWebsocketHandler, VoilaShutdownKernelHandler)):
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


def _expects_widget(notebook_path: str | None) -> bool:
    """Whether the notebook, as committed (executed), shows a widget: then its page must too."""
    if not notebook_path:
        return False
    cells = json.loads(Path(notebook_path).read_text(encoding="utf-8")).get("cells", [])
    return any(WIDGET_OUTPUT in output.get("data", {})
               for cell in cells for output in cell.get("outputs", []))


class ClassroomVoila(Voila):
    """Voila for a classroom: guarded handlers, capped visitor kernels, stderr kept server-side."""

    max_kernels = Integer(40, config=True, help="Visitor kernels running at once, at most.")
    max_kernels_per_address = Integer(4, config=True, help="Visitor kernels per client address.")
    allowed_hosts = List(Unicode(), config=True,
                         help="Host names this server answers to, besides localhost and this "
                              "machine's names (IP addresses of this machine are always accepted).")
    retry_seconds = Integer(20, config=True, help="Seconds before a 'room is full' page retries.")
    gentle_refill = Bool(True, config=True, help="Refill the preheated pool gradually, after a class has "
                                                 "arrived (danish_nb.server.pool); False: Voila's own refill.")
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
        with gentle_pool() if self.gentle_refill else contextlib.nullcontext():
            settings = super().init_settings()
        manager = self.kernel_manager
        settings.update({
            HOSTS: HostNames([self.ip, *self.allowed_hosts]),
            ROOM: Room(self.max_kernels, self.max_kernels_per_address, alive=lambda kid: kid in manager,
                       gone=lambda kid: forget_visitor(manager.connection_dir, kid)),
            EXPECTS_WIDGET: _expects_widget(self.notebook_path),
            RETRY: self.retry_seconds,
            # the page's shutdown beacon reads _xsrf from document.cookie, so not httponly
            "xsrf_cookie_kwargs": {"samesite": "Strict"},
        })
        return settings

    def init_handlers(self) -> list:
        return [(pattern, _guarded(handler), *rest)
                for pattern, handler, *rest in super().init_handlers()
                if handler is not RequestInfoSocketHandler]


main = ClassroomVoila.launch_instance

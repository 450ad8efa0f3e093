"""Serve a built site on 127.0.0.1 only, as any static web host would (``make site-serve``).

The server counts what it sends, so the benchmark can say how many bytes a visit fetched.

Caching, as a teacher's web host should do it too (``Cache-Control``):

- Pyodide's runtime (``pyodide/pyodide.*``, fixed by the pinned version): kept a day unasked;
- the rest (pages, scripts, the wheels, the standard library and the start-up snapshot, which
  must come from one build, the service worker): revalidated on each visit
  (``no-cache``: ``304 Not Modified`` when unchanged, by ``Last-Modified``), so that a rebuilt
  site is never mixed with an old one. Once the service worker holds the site, a visit asks the
  host for nothing but the service worker's own script (and works without it).

>>> [cache_control(p) for p in ("/pyodide/pyodide.asm.wasm", "/index.html?lang=fr", "/", "/sw.js",
...     "/pyodide/danish_nb-0.1.0-py3-none-any.whl", "/pyodide/snapshot.bin", "/pyodide/python_stdlib.zip")]
['public, max-age=86400', 'no-cache', 'no-cache', 'no-cache', 'no-cache', 'no-cache', 'no-cache']

>>> handler = SiteHandler.extensions_map
>>> handler[".wasm"], handler[".mjs"]
('application/wasm', 'text/javascript')
"""

from __future__ import annotations

import threading
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from shutil import copyfileobj
from typing import IO, Any

HOST = "127.0.0.1"
#: Chromium flags for a visit that can reach no other host: every host name but 127.0.0.1 fails
#: to resolve (this covers service and web workers too), and no background requests of its own.
OFFLINE_CHROMIUM_ARGS = ("--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
                         "--disable-background-networking", "--disable-component-update")


#: The content codings of the build's precompressed copies, best first: (coding, file suffix).
ENCODINGS = (("br", ".br"), ("gzip", ".gz"))


def encoded_variant(accept: str | None) -> tuple[str, ...]:
    """The codings of :data:`ENCODINGS` an ``Accept-Encoding`` header allows, best first."""
    allowed = set()
    for item in (accept or "").split(","):
        coding, _, weight = item.strip().partition(";")
        if weight.strip().replace(" ", "") not in ("q=0", "q=0.0", "q=0.00", "q=0.000"):
            allowed.add(coding.strip().lower())
    return tuple(coding for coding, _ in ENCODINGS if coding in allowed)


def cache_control(path: str) -> str:
    """The ``Cache-Control`` header for a path of the site (see the module's docstring)."""
    path = path.split("?")[0]
    return "public, max-age=86400" if path.startswith("/pyodide/pyodide.") else "no-cache"


class SiteHandler(SimpleHTTPRequestHandler):
    """Static files with the types a browser insists on for WebAssembly and ES modules, their
    precompressed copies when the browser takes them (see the module's docstring); each response
    body's size (as sent, compressed or not) is added to the server's ``sent`` counter and each
    request to its ``asked`` counter (by path)."""

    extensions_map = {**SimpleHTTPRequestHandler.extensions_map,
                      ".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript",
                      ".webmanifest": "application/manifest+json"}
    server: SiteServer

    encoding: str | None = None
    arrived = 0.0

    def send_head(self) -> Any:
        self.arrived = time.time()
        self.server.asked[self.path.split("?")[0]] += 1
        self.server.log.append((self.arrived, self.path.split("?")[0], 0))
        self.encoding = None
        plain = Path(self.translate_path(self.path))
        if plain.is_file():
            for coding in encoded_variant(self.headers.get("Accept-Encoding")):
                if plain.with_name(plain.name + dict(ENCODINGS)[coding]).is_file():
                    self.encoding = coding
                    break
        return super().send_head()

    def translate_path(self, path: str) -> str:
        plain = super().translate_path(path)
        return plain + dict(ENCODINGS)[self.encoding] if self.encoding else plain

    def guess_type(self, path: Any) -> str:
        if self.encoding:
            path = str(path).removesuffix(dict(ENCODINGS)[self.encoding])
        return super().guess_type(path)

    def end_headers(self) -> None:
        self.send_header("Cache-Control", cache_control(self.path))
        if self.encoding:
            self.send_header("Content-Encoding", self.encoding)
        if Path(super().translate_path(self.path)).suffix not in (".br", ".gz"):
            self.send_header("Vary", "Accept-Encoding")
        super().end_headers()

    def copyfile(self, source: IO[bytes], outputfile: IO[bytes]) -> None:
        start = source.tell()
        copyfileobj(source, outputfile)
        self.server.sent[self.path.split("?")[0]] += source.tell() - start
        self.server.log.append((self.arrived, self.path.split("?")[0], source.tell() - start))

    def log_message(self, format: str, *args: object) -> None:  # `format`: the base's name
        if self.server.verbose:
            super().log_message(format, *args)


class SiteServer(ThreadingHTTPServer):
    """A threading HTTP server on 127.0.0.1 that remembers the bytes it sent and the requests it
    answered, per path, and when each request arrived (:attr:`log`)."""

    daemon_threads = True

    def __init__(self, directory: Path, port: int = 0, verbose: bool = False):
        super().__init__((HOST, port), partial(SiteHandler, directory=str(directory)))
        self.sent: Counter[str] = Counter()
        self.asked: Counter[str] = Counter()
        #: (when a request arrived, its path, the body's bytes then sent): one entry with 0 bytes as
        #: it arrives, one more with its body's size once sent (none for a 304).
        self.log: list[tuple[float, str, int]] = []
        self.verbose = verbose

    @property
    def url(self) -> str:
        return f"http://{HOST}:{self.server_address[1]}/"


def only_this_host(context: Any, url: str, abort: bool = True) -> list[str]:
    """Make a Playwright browser context abort every request that does not go to ``url``'s host
    (pages and workers); returns the list it fills with those requests' URLs. ``abort=False``
    only lists them (with OFFLINE_CHROMIUM_ARGS they fail anyway): Playwright's routing turns the
    browser's HTTP cache off, which a warm visit needs."""
    elsewhere: list[str] = []

    def route(request_route: Any) -> None:
        if request_route.request.url.startswith(url):
            request_route.continue_()
        else:
            elsewhere.append(request_route.request.url)
            request_route.abort()

    def seen(request: Any) -> None:
        if request.url.startswith(("http:", "https:", "ws:", "wss:")) and not request.url.startswith(url):
            elsewhere.append(request.url)

    if abort:
        context.route("**/*", route)
    else:
        context.on("request", seen)
    return elsewhere


@contextmanager
def serving(directory: Path, port: int = 0) -> Iterator[SiteServer]:
    """Serve ``directory`` from a background thread until the block ends (port 0: a free one)."""
    server = SiteServer(directory, port)
    thread = threading.Thread(target=server.serve_forever, name="site-server", daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()
        thread.join()

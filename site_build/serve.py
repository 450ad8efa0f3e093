"""Serve a built site on 127.0.0.1 only, as any static web host would (``make site-serve``).

The server counts what it sends, so the benchmark can say how many bytes a visit fetched.

Caching, as a teacher's web host should do it too (``Cache-Control``):

- names with a content hash (the extensions' bundles): kept a year unasked (``immutable``);
- what a rebuild changes (pages, JSON settings and contents, Pyodide's lock, the wheels):
  revalidated on each visit (``no-cache``: ``304 Not Modified`` when unchanged, by
  ``Last-Modified``), so that a rebuilt site is never mixed with an old one (Pyodide checks each
  wheel's hash against its lock file and refuses a stale one);
- the rest (Pyodide's core, the voici app's bundles, fonts: fixed by the pinned versions) kept a
  day unasked, so that a return visit asks the host for the few files above only.

>>> [cache_control(p) for p in ("/extensions/x/static/remoteEntry.a117bd216cefa0b341fe.js",
...     "/voici/render/app.html", "/static/pyodide/danish_nb-0.1.0-py3-none-any.whl", "/voici/build/1043.js")]
['public, max-age=31536000, immutable', 'no-cache', 'no-cache', 'public, max-age=86400']

>>> handler = SiteHandler.extensions_map
>>> handler[".wasm"], handler[".mjs"]
('application/wasm', 'text/javascript')
"""

from __future__ import annotations

import re
import threading
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


#: A content hash in a file name, as webpack writes it (``main.4a1b2c3d4e5f6a7b8c9d.js``, ``123.abcdef1234567890abcd.js``).
HASHED = re.compile(r"[.-][0-9a-f]{16,}\.(?:js|css|wasm|woff2?)$")

#: What a rebuild may change: revalidated on every visit.
REBUILT = (".html", ".json", ".whl", ".ipynb")


def cache_control(path: str) -> str:
    """The ``Cache-Control`` header for a path of the site (see the module's docstring)."""
    path = path.split("?")[0]
    if HASHED.search(path):
        return "public, max-age=31536000, immutable"
    return "no-cache" if path.endswith(REBUILT) or path.endswith("/") else "public, max-age=86400"


class SiteHandler(SimpleHTTPRequestHandler):
    """Static files with the types a browser insists on for WebAssembly and ES modules; each
    response body's size is added to the server's ``sent`` counter (by path)."""

    extensions_map = {**SimpleHTTPRequestHandler.extensions_map,
                      ".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript"}
    server: SiteServer

    def end_headers(self) -> None:
        self.send_header("Cache-Control", cache_control(self.path))
        super().end_headers()

    def copyfile(self, source: IO[bytes], outputfile: IO[bytes]) -> None:
        start = source.tell()
        copyfileobj(source, outputfile)
        self.server.sent[self.path.split("?")[0]] += source.tell() - start

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 (the base's name)
        if self.server.verbose:
            super().log_message(format, *args)


class SiteServer(ThreadingHTTPServer):
    """A threading HTTP server on 127.0.0.1 that remembers the bytes it sent per path."""

    daemon_threads = True

    def __init__(self, directory: Path, port: int = 0, verbose: bool = False):
        super().__init__((HOST, port), partial(SiteHandler, directory=str(directory)))
        self.sent: Counter[str] = Counter()
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

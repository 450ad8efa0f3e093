"""Pages rendered once per notebook: a lesson served with progressive rendering is the same HTML
for every visitor but its kernel's id, so the server renders it once and sends that again.

With progressive rendering (the lessons) Voila's page holds no output: each visit it loads the
notebook, validates it and renders its ~200 cells to ~120 kB of HTML (0.3-0.6 s of the server's
CPU on 2 cores, 1-1.3 s with the machine busy), and the page's scripts load only once that HTML
has arrived (they are at its end). :class:`RenderOnce` keeps the first page of each notebook (its
kernel's id replaced by :data:`MARK`) with the notebook as Voila executes it; a later visit to an
unchanged notebook (same file, same modification time) gets a kernel as Voila would give it one
(warm or started, the same request environment, ``VOILA_KERNEL_ID`` set in it) and that page
with its own kernel's id. Nothing of a visitor is kept: the page is rendered before any cell ran
and holds no output, and each visit executes its own copy of the notebook.

>>> page = "<script>{\\"kernelId\\": \\"0a1b\\"}</script>"
>>> kept = keep(page, "0a1b"); MARK in kept and "0a1b" not in kept
True
>>> for_kernel(kept, "9f8e") == page.replace("0a1b", "9f8e")
True
"""

from __future__ import annotations

import copy
import os
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from jupyter_core.utils import ensure_async
from nbconvert.preprocessors import ClearOutputPreprocessor
from tornado.httputil import split_host_and_port
from voila._version import __version__ as VOILA_VERSION
from voila.tornado.execution_request_handler import ExecutionRequestHandler
from voila.utils import ENV_VARIABLE

#: Where a kept page had its kernel's id (not a kernel id: those are UUIDs).
MARK = "danish-nb-kernel-id"
#: Key of the tornado settings holding the kept pages.
PAGES = "danish_nb_rendered_pages"
#: The code that tells a kernel its id (as Voila's page template does when it starts it).
KERNEL_ID_CODE = "import os as _os\n_os.environ[{name!r}] = {kernel_id!r}\ndel _os\n"


def keep(html: str, kernel_id: str) -> str:
    """``html`` rendered for ``kernel_id``, with :data:`MARK` where the id was."""
    return html.replace(kernel_id, MARK)


def for_kernel(kept: str, kernel_id: str) -> str:
    """A kept page for ``kernel_id``."""
    return kept.replace(MARK, kernel_id)


@dataclass(frozen=True)
class Kept:
    """A notebook's page and the notebook Voila executes for it, as of one version of its file."""

    version: tuple[int, int]
    html: str
    notebook: Any


def _version(path: Path) -> tuple[int, int] | None:
    """(modification time, size) of ``path``; None if it cannot be read."""
    try:
        stat = path.stat()
    except OSError:
        return None
    return stat.st_mtime_ns, stat.st_size


class RenderOnce:
    """Mixin for Voila's page handler (in front of it): a progressive page rendered once per
    notebook and version, then sent with each visitor's kernel id (see the module)."""

    settings: dict[str, Any]
    request: Any
    kernel_manager: Any
    contents_manager: Any
    voila_configuration: Any
    traitlet_config: Any
    base_url: str
    notebook_path: str | None
    log: Any

    def page_kernel(self) -> str | None:
        """The kernel the page being sent was given (None: none yet)."""
        return None

    def _kept_pages(self) -> dict[str, Kept]:
        return self.settings.setdefault(PAGES, {})  # type: ignore[no-any-return]

    def _may_keep(self, path: str | None) -> bool:
        """Only pages without outputs (progressive, not preheated) and without a query."""
        if not self.voila_configuration.progressive_rendering or self.request.arguments:
            return False
        try:
            pooled = self.kernel_manager.get_pool_size(self.notebook_path or path)
        except AttributeError:
            pooled = 0
        return not pooled

    def _file(self, notebook: str) -> Path:
        return Path(self.contents_manager.root_dir, notebook)

    async def page(self, path: str | None = None) -> AsyncIterator[str]:
        """The page's HTML: Voila's (kept when it can be), or a kept one with a new kernel."""
        notebook = self.notebook_path or path
        if not notebook or not self._may_keep(path):
            async for html in self.get_generator(path=path):  # type: ignore[attr-defined]
                yield html
            return
        version = _version(self._file(notebook))
        kept = self._kept_pages().get(notebook)
        if kept is not None and kept.version == version:
            yield await self._kept_page(notebook, kept)
            self.log.info("Page of %s sent as kept", notebook)
            return
        chunks: list[str] = []
        async for html in self.get_generator(path=path):  # type: ignore[attr-defined]
            chunks.append(html)
            yield html
        kernel_id = self.page_kernel()
        if kernel_id and version is not None and version == _version(self._file(notebook)):
            data = ExecutionRequestHandler._execution_data.get(kernel_id)
            if data is not None:
                nb = copy.deepcopy(data["nb"])
                ClearOutputPreprocessor().preprocess(nb, {})
                self._kept_pages()[notebook] = Kept(version, keep("".join(chunks), kernel_id), nb)
                self.log.info("Page of %s kept (rendered once for this version)", notebook)

    async def _kept_page(self, notebook: str, kept: Kept) -> str:
        """``kept`` for a kernel started (or handed over) as Voila would start it."""
        self.set_header("Content-Type", "text/html")  # type: ignore[attr-defined]
        self.set_header("Cache-Control", "no-cache, no-store, must-revalidate")  # type: ignore[attr-defined]
        self.set_header("Pragma", "no-cache")  # type: ignore[attr-defined]
        self.set_header("Expires", "0")  # type: ignore[attr-defined]
        env = {**os.environ, **self.request_env(), ENV_VARIABLE.VOILA_PREHEAT: "False",
               ENV_VARIABLE.VOILA_BASE_URL: self.base_url,
               ENV_VARIABLE.VOILA_SERVER_URL: self.settings.get("server_url", "/"),
               ENV_VARIABLE.VOILA_REQUEST_URL: self.request.full_url()}
        env[ENV_VARIABLE.VOILA_APP_PORT] = env[ENV_VARIABLE.SERVER_PORT]
        kernel_id: str = await ensure_async(self.kernel_manager.start_kernel(
            kernel_name=kept.notebook.metadata.kernelspec.name, path=os.path.dirname(notebook), env=env))
        ExecutionRequestHandler._execution_data[kernel_id] = {
            "nb": copy.deepcopy(kept.notebook), "config": self.traitlet_config,
            "show_tracebacks": self.voila_configuration.show_tracebacks}
        await self.settings["kernel_manager"].run_code(
            kernel_id, KERNEL_ID_CODE.format(name=str(ENV_VARIABLE.VOILA_KERNEL_ID), kernel_id=kernel_id))
        return for_kernel(kept.html, kernel_id)

    def request_env(self) -> dict[str, str]:
        """What Voila tells a page's kernel of its request (CGI-like variables, RFC 3875)."""
        host, port = split_host_and_port(self.request.host.lower())
        env = {ENV_VARIABLE.SCRIPT_NAME: self.request.path, ENV_VARIABLE.PATH_INFO: "",
               ENV_VARIABLE.QUERY_STRING: str(self.request.query),
               ENV_VARIABLE.SERVER_SOFTWARE: f"voila/{VOILA_VERSION}",
               ENV_VARIABLE.SERVER_PROTOCOL: str(self.request.version),
               ENV_VARIABLE.SERVER_PORT: str(port) if port else "", ENV_VARIABLE.SERVER_NAME: host}
        wanted = {name.lower() for name in self.voila_configuration.http_header_envs}
        for name in self.request.headers:
            if name.lower() in wanted:
                env[f'HTTP_{name.upper().replace("-", "_")}'] = self.request.headers.get(name)
        return {str(key): value for key, value in env.items()}

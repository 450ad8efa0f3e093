"""Pages rendered once per notebook: a lesson served with progressive rendering is the same HTML
for every visitor but its kernel's id, so the server renders it once, before anyone asks, and
sends that again.

With progressive rendering (the lessons) Voila's page holds no output: each visit it loads the
notebook, validates it and renders its ~200 cells to ~120 kB of HTML (0.3-0.6 s of the server's
CPU on 2 cores; lesson 01's HTML arrived 1.2-2.1 s after the request with the machine busy,
0.4-0.7 s once kept), and the page's scripts load only once that HTML has arrived (they are at its
end). :class:`RenderOnce` keeps each notebook's page (its kernel's id replaced by :data:`MARK`)
with the notebook as Voila executes it: rendered when the server starts (:func:`render_all`, in a
thread beside the event loop, the lessons before their translations), and again by the first visit
after its file changed. A visit to an unchanged notebook (same modification time and size) gets
a kernel as Voila would give it one (warm or started, the same request environment,
``VOILA_KERNEL_ID`` set in it) and that page with its own kernel's id. Nothing of a visitor is
kept: the page is rendered before any cell ran and holds no output, and each visit executes its
own copy of the notebook.

Preloading the page's scripts was tried and left out (issue 41): a ``<link rel="preload"
as="script">`` for each of the ~75 scripts lesson 01's page asks for (Voila's chunks, which it
finds only once ``voila.js`` ran, and the widget extensions', found once its app started), in the
head or just before ``voila.js``. With a CPU hog per core, in turns with the code before (``python
-m benchmarks.app --lesson 5 --busy --before DIR --phases``, load average 8-30 from other work), the
first quiz was 3.81 s median against 4.29 s over 16 visits in the head (better in 10, worse in 6;
the page's HTML arrived later, 0.62-0.84 s against 0.37-0.53 s, its server sending scripts
meanwhile) and 3.87 s against 3.56 s over 5 before ``voila.js``: the page's wait is its main
thread running its scripts (2.3-3.3 s busy to the first quiz, the browser's CPU 2.9-3.1 s either
way), not finding them.

A notebook that runs no code (the lessons' index, the page saying which extra a lesson needs)
needs no kernel at all: :func:`text_page` draws its text as a plain page, in its language (the
``danish_nb.lang`` of its metadata, written by :mod:`danish_nb.lessons`), without Voila's
scripts; its visit costs no kernel (about 0.9 s of CPU to start) and no place in the room.

>>> page = "<script>{\\"kernelId\\": \\"0a1b\\"}</script>"
>>> kept = keep(page, "0a1b"); MARK in kept and "0a1b" not in kept
True
>>> for_kernel(kept, "9f8e") == page.replace("0a1b", "9f8e")
True
>>> import nbformat
>>> text = nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell("# Leçons\\n\\n*Bienvenue*")],
...                                 metadata={"danish_nb": {"lang": "fr"}})
>>> html = text_page(text)
>>> '<html lang="fr">' in html and "<title>Leçons</title>" in html and "<em>Bienvenue</em>" in html
True
"""

from __future__ import annotations

import asyncio
import copy
import html
import os
import re
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import nbformat
from jupyter_core.utils import ensure_async
from nbconvert.filters.markdown_mistune import markdown2html_mistune
from nbconvert.preprocessors import ClearOutputPreprocessor
from tornado.httputil import split_host_and_port
from voila._version import __version__ as VOILA_VERSION
from voila.notebook_renderer import NotebookRenderer
from voila.tornado.execution_request_handler import ExecutionRequestHandler
from voila.utils import ENV_VARIABLE, get_page_config

#: Where a kept page had its kernel's id (not a kernel id: those are UUIDs).
MARK = "danish-nb-kernel-id"
#: Key of the tornado settings holding the kept pages.
PAGES = "danish_nb_rendered_pages"


#: The look of a page of text (:func:`text_page`): JupyterLab's fonts and measure, light or dark.
TEXT_STYLE = """
:root { color-scheme: light dark; }
body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif;
       font-size: 15px; line-height: 1.5; max-width: 60rem; margin: 0 auto; padding: 1.5rem 2rem; }
a.anchor-link { display: none; }
ol.dn-lesson-list > li { margin: 0 0 0.8em; }
"""


def keep(page: str, kernel_id: str) -> str:
    """``page`` rendered for ``kernel_id``, with :data:`MARK` where the id was."""
    return page.replace(kernel_id, MARK)


def for_kernel(kept: str, kernel_id: str) -> str:
    """A kept page for ``kernel_id``."""
    return kept.replace(MARK, kernel_id)


def runs_code(notebook: Any) -> bool:
    """Whether ``notebook`` has a code cell."""
    return any(cell.get("cell_type") == "code" for cell in notebook.get("cells", []))


def text_page(notebook: Any) -> str:
    """The page of a notebook that runs no code: its markdown cells as HTML (raw HTML in them
    kept, as Jupyter shows it), titled by its first heading, in its language."""
    body = "\n".join(markdown2html_mistune(cell.source) for cell in notebook.cells if cell.cell_type == "markdown")
    heading = re.search(r"<h1[^>]*>(.*?)</h1>", body, re.S)
    title = html.unescape(re.sub(r"<[^>]+>", "", heading.group(1))).replace("¶", "").strip() if heading else ""
    lang = notebook.metadata.get("danish_nb", {}).get("lang", "en")
    return (f'<!DOCTYPE html>\n<html lang="{html.escape(lang)}">\n<head>\n<meta charset="utf-8">\n'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f"<title>{html.escape(title)}</title>\n<style>{TEXT_STYLE}</style>\n</head>\n"
            f"<body>\n<main>\n{body}\n</main>\n</body>\n</html>\n")


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
        return self.settings[PAGES]  # type: ignore[no-any-return]

    def _may_keep(self, path: str | None) -> bool:
        """Only pages without outputs (progressive, not preheated) and without a query, on a
        server that keeps pages (:data:`PAGES` in its settings)."""
        if PAGES not in self.settings or not self.voila_configuration.progressive_rendering or self.request.arguments:
            return False
        try:
            pooled = self.kernel_manager.get_pool_size(self.notebook_path or path)
        except AttributeError:
            pooled = 0
        return not pooled

    def _file(self, notebook: str) -> Path:
        return Path(self.contents_manager.root_dir, notebook)

    def text_page(self, path: str | None) -> str | None:
        """The page of the notebook at ``path`` if it runs no code (:func:`text_page`), on a server
        that keeps pages; else None (Voila's page, with a kernel)."""
        notebook = self.notebook_path or path
        if not notebook or not self._may_keep(path) or self._file(notebook).suffix != ".ipynb":
            return None
        version = _version(self._file(notebook))
        kept = self._kept_pages().get(notebook)
        if kept is None or kept.version != version:
            try:
                read = nbformat.read(self._file(notebook), as_version=4)
            except (OSError, ValueError, AttributeError):
                return None
            kept = Kept(version, text_page(read), None) if not runs_code(read) and version else None
            if kept is None:
                return None
            self._kept_pages()[notebook] = kept
        return kept.html if kept.notebook is None else None

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
        await self.settings["kernel_manager"].tell_id(kernel_id)
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


class _Unstarted(NotebookRenderer):
    """Voila's renderer of a progressive page, for no kernel (the page says :data:`MARK`), of a
    notebook the server's loop has read (its contents manager's notary serves that thread only)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.model = kwargs["model"]

    async def load_notebook(self, path: str) -> Any:
        notebook = self.model["content"]
        return await self.fix_notebook(notebook) if self.voila_configuration.attempt_fix_notebook else notebook

    async def _jinja_kernel_start(self, nb: Any, kernel_id: str, kernel_future: Any) -> str:
        return MARK

    async def _cleanup_resources(self) -> None:
        return None


async def render(root: Path, notebook: str, model: dict[str, Any], settings: dict[str, Any],
                 handler_options: dict[str, Any], log: Any) -> Kept | None:
    """The page of ``notebook`` (a path under ``root``, read by the contents manager as ``model``)
    as Voila's page handler, configured by ``settings`` (the application's) and ``handler_options``
    (its own), would render it for a visitor, with :data:`MARK` for the kernel's id; None if the
    notebook changed meanwhile."""
    version = _version(root / notebook)
    configuration = handler_options["voila_configuration"]
    base_url = settings["base_url"]
    page_config = get_page_config(base_url=base_url, settings=settings, log=log, voila_configuration=configuration)
    if configuration.page_config_hook:
        page_config = configuration.page_config_hook(page_config, base_url=base_url, settings=settings, log=log,
                                                     voila_configuration=configuration, notebook_path=notebook)
    renderer = _Unstarted(voila_configuration=configuration, traitlet_config=handler_options["config"],
                          notebook_path=notebook, template_paths=handler_options["template_paths"],
                          config_manager=settings["config_manager"], contents_manager=settings["contents_manager"],
                          base_url=base_url, kernel_spec_manager=settings["kernel_spec_manager"],
                          page_config=page_config, model=model, mathjax_config=settings.get("mathjax_config"),
                          mathjax_url=settings.get("mathjax_url"))
    await renderer.initialize(template=None, theme=None)
    html = await renderer.generate_content_str(kernel_id=MARK)
    if version is None or version != _version(root / notebook):
        return None
    return Kept(version, html, renderer.notebook)


async def render_all(root: Path, settings: dict[str, Any], handler_options: dict[str, Any], log: Any) -> None:
    """Render each notebook under ``root`` (its top folder first) into the pages kept in
    ``settings``, one at a time in a thread of its own, so the server answers meanwhile; a
    notebook a visitor opened first is rendered by that visit (and not again here)."""
    pages: dict[str, Kept] = settings[PAGES]
    notebooks = sorted((str(path.relative_to(root)) for path in root.rglob("*.ipynb")
                        if ".ipynb_checkpoints" not in path.parts), key=lambda name: (name.count(os.sep), name))
    started = time.monotonic()
    for notebook in notebooks:
        if notebook in pages:
            continue
        try:
            if (root / notebook).suffix != ".ipynb":
                continue
            model = await ensure_async(settings["contents_manager"].get(path=notebook))
            if model.get("type") != "notebook":
                continue
            if not runs_code(model["content"]):
                pages[notebook] = Kept(_version(root / notebook) or (0, 0), text_page(model["content"]), None)
                continue
            kept = await asyncio.to_thread(asyncio.run, render(root, notebook, model, settings, handler_options, log))
        except Exception:  # a notebook that cannot be rendered: its visitors get Voila's page
            log.exception("the page of %s could not be rendered ahead", notebook)
            continue
        if kept is not None and notebook not in pages:
            pages[notebook] = kept
    log.info("Pages of %d notebooks rendered ahead (%.1f s)", len(notebooks), time.monotonic() - started)

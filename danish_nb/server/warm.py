"""Warm kernels for pages served without preheating (the lessons): started, and the package
imported, before a visitor asks, so a lesson's page does not wait for a kernel to start.

Voila's preheated pool (:mod:`voila.voila_kernel_manager`) runs one notebook in each pooled
kernel before its visitor arrives: one pool per notebook (9 lessons in 3 languages: 27 pools),
and the whole lesson drawn before the page is sent. The lessons are served with progressive
rendering instead (the page at once, each cell's output as it ran): there the page's HTML waited
for a kernel to start (2-4 s of a 3.4-10 s first quiz on 2 cores). :class:`WarmPool` keeps
:attr:`~WarmPool.size` kernels started for any notebook, each having imported what the lessons
import (:data:`WARM_CODE`, and nothing else: no notebook, no learner); a page's kernel is one of
them when one is ready (or about to be), else started as before.

Nothing of a visitor is in a warm kernel before it is handed over: at the hand-over it gets the
page's working directory and the request's environment (as a kernel started for the request
would), and it serves that one page only (it never returns to the pool). The learner of the
page is still known only from its browser, once the page has opened
(:mod:`danish_nb.widgets.learner_keeper`).

A page whose notebook runs no code (the lessons' index) is not given a warm kernel: the
lesson opened from it is (a server that keeps its pages serves such a notebook with no kernel at
all: :mod:`danish_nb.server.rendered`). The pool is refilled one kernel at a time, once no page has taken one
for :attr:`~WarmPool.refill_after` seconds, so neither the page that just took one nor a class
arriving together is slowed by kernels starting; waiting kernels are never culled.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import os
import time
from pathlib import Path
from typing import Any
from urllib.parse import unquote

from jupyter_server._tz import utcnow
from traitlets import Float, Integer, Unicode
from traitlets.config import LoggingConfigurable

#: What a warm kernel runs before it waits: the modules a lesson's first cell imports, and the
#: keeper a quiz's first answer imports (anywidget with it: 0.2-0.3 s of the kernel's CPU, which
#: the first answer clicked waited for).
WARM_CODE = """\
import ipywidgets, danish_nb, danish_nb.lessons, danish_nb.widgets.lesson, danish_nb.widgets.practice
import danish_nb.widgets.learner_keeper
del ipywidgets, danish_nb
"""

#: Where a page's kernel finds its id (Voila's name).
KERNEL_ID_ENV = "VOILA_KERNEL_ID"
#: What a warm kernel runs when handed over: the page's working directory and environment.
HAND_OVER_CODE = """\
import os as _os
_os.chdir({cwd!r})
_os.environ.update({env})
del _os
"""


#: Where a notebook's page is, in Voila's URLs.
RENDER = "/voila/render/"


@functools.lru_cache(maxsize=64)
def _has_code_at(path: str, _mtime: float) -> bool:
    with open(path, encoding="utf-8") as file:
        return any(cell.get("cell_type") == "code" for cell in json.load(file).get("cells", []))


def _has_code(path: str) -> bool:
    """Whether the notebook at ``path`` has a code cell (one that cannot be read: yes)."""
    try:
        return _has_code_at(path, os.stat(path).st_mtime)
    except (OSError, ValueError, AttributeError):
        return True


class WarmPool(LoggingConfigurable):
    """Mixin for the server's kernel manager (in front of ``AsyncMappingKernelManager``): a pool
    of :attr:`size` warm kernels handed to pages that would start a kernel (see the module)."""

    size = Integer(0, config=True, help="Kernels kept started (the package imported) for pages that are "
                                        "not preheated; 0: none.")
    warm_code = Unicode(WARM_CODE, config=True, help="Code a warm kernel runs before it waits.")
    kernel_timeout = Float(120.0, config=True, help="Seconds a warm kernel may take to start and run its code.")
    refill_after = Float(10.0, config=True, help="Seconds without a hand-over before a kernel handed over is "
                                                 "replaced (the page that took it loads meanwhile).")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._warm: list[str] = []
        self._warming: set[str] = set()
        self._told: set[str] = set()  # handed over, and told their id at the hand-over
        self._next: asyncio.Future[str | None] | None = None
        self._closing = False
        self._last_handover = float("-inf")
        self._filler: asyncio.Task[None] | None = None
        if self.size > 0:
            self.fill()

    # ------------------------------------------------------------------ filling
    def fill(self) -> None:
        """Start filling the pool (one kernel at a time) unless a fill is under way."""
        if self._closing or (self._filler is not None and not self._filler.done()):
            return
        try:
            loop = asyncio.get_event_loop()
        except RuntimeError:
            loop = asyncio.new_event_loop()
            asyncio.set_event_loop(loop)
        self._filler = loop.create_task(self._fill())

    async def _fill(self) -> None:
        while not self._closing and len(self._warm) < self.size:
            quiet = self._last_handover + self.refill_after - time.monotonic()
            if quiet > 0:
                await asyncio.sleep(quiet)  # (a hand-over meanwhile moves the time on)
                continue
            self._next = asyncio.get_running_loop().create_future()
            kernel_id = None
            try:
                kernel_id = await self._start_warm()
            except Exception:  # a kernel that cannot start: the pages start their own
                self.log.exception("a warm kernel did not start")
                return
            finally:
                if not self._next.done():
                    self._next.set_result(kernel_id)
                self._next = None
            if kernel_id is not None:
                self._warm.append(kernel_id)
                self.log.info("Warm kernel %s ready (%d of %d)", kernel_id, len(self._warm), self.size)

    async def _start_warm(self) -> str | None:
        kernel_id: str = await super().start_kernel(kernel_name=self._default_name())  # type: ignore[misc]
        self._warming.add(kernel_id)
        try:
            await asyncio.wait_for(self._run(kernel_id, self.warm_code), self.kernel_timeout)
        except Exception:
            with contextlib.suppress(Exception):
                await self.shutdown_kernel(kernel_id, now=True)  # type: ignore[attr-defined]
            raise
        finally:
            self._warming.discard(kernel_id)
        if self._closing:
            with contextlib.suppress(Exception):
                await self.shutdown_kernel(kernel_id, now=True)  # type: ignore[attr-defined]
            return None
        return kernel_id

    def _default_name(self) -> str:
        return str(getattr(self, "default_kernel_name", "python3") or "python3")

    async def _run(self, kernel_id: str, code: str, *, ready: bool = False) -> None:
        """Run ``code`` in ``kernel_id`` and wait for its reply (an error is logged, not raised);
        ``ready``: the kernel is known to answer (no handshake first)."""
        client = self.get_kernel(kernel_id).client()  # type: ignore[attr-defined]
        if ready:
            client.start_channels(iopub=False, stdin=False, hb=False, control=False)
        else:
            client.start_channels()
        try:
            if not ready:
                await client.wait_for_ready(timeout=self.kernel_timeout)
            msg_id = client.execute(code, silent=True, store_history=False)
            while True:
                reply = await client.get_shell_msg(timeout=self.kernel_timeout)
                if reply["parent_header"].get("msg_id") == msg_id:
                    break
            if reply["content"].get("status") != "ok":
                self.log.warning("kernel %s: %s", kernel_id, reply["content"].get("evalue", "error"))
        finally:
            client.stop_channels()

    # ------------------------------------------------------------------ handing over
    async def _take(self, kernel_name: str | None, env: dict[str, str] | None = None) -> str | None:
        """A warm kernel for a page, ready or about to be (``None``: start one as before)."""
        if self.size <= 0 or kernel_name not in (None, self._default_name()) or not self._runs_code(env or {}):
            return None
        if not self._warm and self._next is not None:
            await asyncio.shield(self._next)  # one is starting: sooner than a new one
        while self._warm:
            kernel_id = self._warm.pop(0)
            if kernel_id in self:  # type: ignore[operator]
                self._last_handover = time.monotonic()
                return kernel_id
        return None

    def _runs_code(self, env: dict[str, str]) -> bool:
        """Whether the page (Voila names it in ``SCRIPT_NAME``) has a code cell (unknown: yes)."""
        script = env.get("SCRIPT_NAME", "")
        if RENDER not in script:
            return True
        return _has_code(str(Path(self.root_dir, unquote(script.split(RENDER, 1)[1]))))  # type: ignore[attr-defined]

    async def start_kernel(self, *args: Any, **kwargs: Any) -> str:
        """A page's kernel: a warm one when the pool has one (given the page's working directory
        and environment), else a new one; the pool is then refilled."""
        extra = set(kwargs) - {"kernel_name", "path", "env"}
        kernel_id = None if args or extra or kwargs.get("kernel_id") else \
            await self._take(kwargs.get("kernel_name"), kwargs.get("env"))
        if kernel_id is None:
            return await super().start_kernel(*args, **kwargs)  # type: ignore[misc,no-any-return]
        self.fill()
        try:
            await self._hand_over(kernel_id, kwargs.get("path"), kwargs.get("env") or {})
        except Exception:  # a warm kernel that does not answer: the page gets a new one
            self.log.exception("warm kernel %s could not be handed over", kernel_id)
            with contextlib.suppress(Exception):
                await self.shutdown_kernel(kernel_id, now=True)  # type: ignore[attr-defined]
            return await super().start_kernel(*args, **kwargs)  # type: ignore[misc,no-any-return]
        return kernel_id

    async def _hand_over(self, kernel_id: str, path: str | None, env: dict[str, str]) -> None:
        started = time.monotonic()
        cwd = self.cwd_for_path(path) if path is not None else self.root_dir  # type: ignore[attr-defined]
        changed = {key: value for key, value in env.items() if os.environ.get(key) != value}
        changed[KERNEL_ID_ENV] = kernel_id  # as Voila's page tells it (:func:`tell_id`)
        await self._run(kernel_id, HAND_OVER_CODE.format(cwd=cwd, env=json.dumps(changed)), ready=True)
        self._told.add(kernel_id)
        self.get_kernel(kernel_id).last_activity = utcnow()  # type: ignore[attr-defined]
        self.log.info("Warm kernel %s handed over (%.2f s)", kernel_id, time.monotonic() - started)

    # ------------------------------------------------------------------ the rest of its life
    async def tell_id(self, kernel_id: str) -> None:
        """Make sure the kernel ``kernel_id`` (started or starting) knows its id, as Voila's page
        template tells it (``$VOILA_KERNEL_ID``): a warm kernel was told at its hand-over."""
        if kernel_id in self._told:
            self._told.discard(kernel_id)
            return
        code = HAND_OVER_CODE.format(cwd=".", env=json.dumps({KERNEL_ID_ENV: kernel_id}))
        await asyncio.wait_for(self._run(kernel_id, code), self.kernel_timeout)

    async def shutdown_kernel(self, kernel_id: str, *args: Any, **kwargs: Any) -> None:
        self._told.discard(kernel_id)
        await super().shutdown_kernel(kernel_id, *args, **kwargs)  # type: ignore[misc]

    def waiting(self) -> list[str]:
        """The warm kernels waiting for a page."""
        return list(self._warm)

    async def filled(self) -> None:
        """Return once the fill under way (if any) has ended: the pool is full, or cannot be."""
        if self._filler is not None:
            await asyncio.wait({self._filler})

    async def cull_kernel_if_idle(self, kernel_id: str) -> None:
        """A waiting warm kernel is idle by design: never culled."""
        if kernel_id in self._warm or kernel_id in self._warming:
            return
        await super().cull_kernel_if_idle(kernel_id)  # type: ignore[misc]

    async def shutdown_all(self, *args: Any, **kwargs: Any) -> None:
        self._closing = True
        if self._filler is not None and not self._filler.done():
            if self._next is None:  # waiting for a quiet moment: nothing started
                self._filler.cancel()
            else:  # a kernel half-started is shut down by the filler itself, not left behind
                await asyncio.wait({self._filler}, timeout=self.kernel_timeout)
        await super().shutdown_all(*args, **kwargs)  # type: ignore[misc]

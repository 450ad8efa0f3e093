"""The preheated pool, refilled gently, so a class arriving together is served first.

Voila's pool (:mod:`voila.voila_kernel_manager`) replaces every kernel it hands over one second
later, all at once: when 30 learners arrived together, 30 new kernels started while the 30
pages were still loading, and the 2 cores spent the class's first minute starting kernels
nobody had asked for yet (61 s to the last board, 60 kernels). :class:`GentlePool` keeps
Voila's pool (its list of tasks, its hand-over, its culling) and changes only when and how many
of its kernels start:

- a replacement waits until the room is quiet: no kernel handed over, and no visitor's kernel
  active (a click, a redraw), for :attr:`~GentlePool.refill_after` seconds, unless a visitor is
  already waiting for it. Starting a kernel costs the server's own event loop (the notebook's
  page is rendered there), which held up every learner's clicks for a moment when replacements
  started in the middle of a lesson;
- at most :attr:`~GentlePool.max_starting` pool kernels start (and run the notebook) at once,
  at start-up too, so the box is not swamped and each start finishes in its usual time; a kernel
  a visitor already waits for (pages reconnecting after a restart) may start while up to
  :attr:`~GentlePool.max_starting_wanted` start (by default twice the cores, within the memory
  free): after a restart the seated learners came back two at a time (8 pages: the last 27 s
  after the server answered, issue 40);
- while :attr:`~GentlePool.max_total` kernels (visitors' and pool's, running or starting) run, a
  replacement waits (it costs nothing while it waits); a visitor who gets it starts it at once.
  The check and the place it takes are one step (no await between them), made before the
  replacement waits its turn to start, so replacements released together by a quiet room cannot
  all pass the same count: the pool never goes past the cap, and is refilled only into the room
  the visitor cap leaves (30 + 8 kernels for a class of 30, not 60; issue 28 saw 43 and 50);
- a visitor is handed a kernel that has already run the notebook when the pool has one, even
  if an older replacement is still waiting for its turn.

:func:`gentle_pool` puts the mixin in front of the class Voila builds.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import time
from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import voila.app
from jupyter_server._tz import utcnow
from traitlets import Float, Integer, default
from traitlets.config import LoggingConfigurable

#: Seconds between a waiting replacement's checks of the kernel count.
RECHECK = 2.0
#: Memory a starting kernel is given room for (an app kernel holds about 100 MB).
KERNEL_BYTES = 200 * 2**20


def starts_affordable(cores: int | None = None, free_bytes: int | None = None) -> int:
    """Kernel starts at once the box affords: twice its cores, and no more than its free memory
    holds (read from the system when not given); at least 1.

    >>> starts_affordable(cores=2, free_bytes=8 * 2**30)
    4
    >>> starts_affordable(cores=8, free_bytes=3 * KERNEL_BYTES)
    3
    >>> starts_affordable(cores=2, free_bytes=0)
    1
    """
    if cores is None:
        cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    if free_bytes is None:
        try:
            free_bytes = os.sysconf("SC_AVPHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
        except (AttributeError, ValueError, OSError):
            free_bytes = 2 * cores * KERNEL_BYTES  # unknown: the cores decide
    return max(1, min(2 * cores, free_bytes // KERNEL_BYTES))


class PoolClosed(Exception):
    """The server is shutting down: a pool kernel not started yet never starts."""


class GentlePool(LoggingConfigurable):
    """Mixin for Voila's ``VoilaKernelManager``: gradual, capped refills (see the module)."""

    max_starting = Integer(2, config=True, help="Pool kernels starting (and running the notebook) at once.")
    max_starting_wanted = Integer(config=True,
                                  help="Pool kernels starting at once while visitors wait for them "
                                       "(never fewer than max_starting; default: twice the cores, "
                                       "within the free memory).")
    refill_after = Float(10.0, config=True,
                         help="Seconds without a hand-over or any visitor kernel's activity before a "
                              "used pool kernel is replaced.")
    max_total = Integer(config=True, help="Kernels (visitors' and pool's) at most before the pool "
                                          "waits to refill; 0: no cap (default: the server's max_kernels).")

    @default("max_total")
    def _max_total(self) -> int:
        return int(getattr(self.parent, "max_kernels", 0))

    @default("max_starting_wanted")
    def _max_starting_wanted(self) -> int:
        return starts_affordable()

    @default("fill_delay")
    def _fill_delay(self) -> float:
        return 0.0  # the wait is in _initialize, where a visitor can cut it short

    def __init__(self, **kwargs: Any) -> None:
        self._last_handover = float("-inf")
        self._visitors: set[str] = set()
        self._wanted: dict[asyncio.Task, asyncio.Event] = {}
        self._starting = 0
        self._gate_moved: asyncio.Event | None = None
        self._reserved = 0
        self._closing = False
        super().__init__(**kwargs)

    def _wanted_event(self, task: asyncio.Task) -> asyncio.Event:
        return self._wanted.setdefault(task, asyncio.Event())

    async def get_rendered_notebook(self, notebook_name: str, *args: Any, **kwargs: Any) -> Any:
        """Voila's hand-over (of the first kernel in the pool that is ready, if any); the kernel
        handed over is wanted now, and the refills wait."""
        self._last_handover = time.monotonic()
        pool = self._pools.get(notebook_name) or []
        ready = next((task for task in pool if task.done() and not task.exception()), None)
        if ready is not None:
            pool.remove(ready)
            pool.insert(0, ready)
        if pool:
            self._wanted_event(pool[0]).set()
            self._move_gate()  # it may start now, if it waits at the gate
        task, cache, kernel_id = await super().get_rendered_notebook(notebook_name, *args, **kwargs)
        self._visitors.add(kernel_id)
        return task, cache, kernel_id

    def _busy(self) -> bool:
        """Whether a kernel was handed over, or a visitor's kernel was active, lately."""
        if time.monotonic() - self._last_handover < self.refill_after:
            return True
        self._visitors = {kernel_id for kernel_id in self._visitors if kernel_id in self}
        since = utcnow() - timedelta(seconds=self.refill_after)
        return any(self.get_kernel(kernel_id).last_activity > since for kernel_id in self._visitors)

    def kernels_counted(self) -> int:
        """Kernels against :attr:`max_total`: running, starting (a visitor's too), or with a place
        taken by a pool kernel about to start."""
        return len(set(self.list_kernel_ids()) | set(self._pending_kernels)) + self._reserved

    def _must_wait(self) -> bool:
        """Whether a replacement nobody waits for should not start yet."""
        full = 0 < self.max_total <= self.kernels_counted()
        return full or self._busy()

    def _start_limit(self, wanted: bool) -> int:
        """Pool kernels that may start at once: more for one a visitor waits for."""
        limit = max(1, self.max_starting)
        return max(limit, self.max_starting_wanted) if wanted else limit

    def _move_gate(self) -> None:
        """Wake the kernels waiting at the gate to check their turn again."""
        if self._gate_moved is not None:
            self._gate_moved.set()
        self._gate_moved = None

    async def _through_gate(self, wanted: asyncio.Event) -> None:
        """Wait for a place among the kernels starting, then take it (no await between)."""
        while self._starting >= self._start_limit(wanted.is_set()):
            if self._closing:
                raise PoolClosed("the server is shutting down")
            if self._gate_moved is None:
                self._gate_moved = asyncio.Event()
            await self._gate_moved.wait()
        if self._closing:
            raise PoolClosed("the server is shutting down")
        self._starting += 1

    async def _initialize(self, notebook_path: str, kernel_id: str | None = None, **kwargs: Any) -> dict:
        """Start a pool kernel when it is its turn, and return once it has run the notebook."""
        if kernel_id is not None:  # a restart of a running kernel: Voila's own way
            return await super()._initialize(notebook_path, kernel_id, **kwargs)
        task = asyncio.current_task()
        wanted = self._wanted_event(task) if task is not None else asyncio.Event()
        try:
            while not wanted.is_set() and self._must_wait():
                if self._closing:
                    raise PoolClosed("the server is shutting down")
                with contextlib.suppress(asyncio.TimeoutError):
                    await asyncio.wait_for(wanted.wait(), RECHECK)
            self._reserved += 1  # counted from here: no await since the check
            reserved = True
            try:
                await self._through_gate(wanted)
                try:
                    content = await super()._initialize(notebook_path, None, **kwargs)
                    self._reserved -= 1  # the kernel runs: list_kernel_ids() counts it now
                    reserved = False
                    await asyncio.wait({content["task"]})  # the notebook has run (never cancels it)
                finally:
                    self._starting -= 1
                    self._move_gate()
            finally:
                if reserved:
                    self._reserved -= 1
            return content
        finally:
            if task is not None:
                self._wanted.pop(task, None)

    async def shutdown_all(self, *args: Any, **kwargs: Any) -> None:
        self._closing = True
        self._move_gate()
        await super().shutdown_all(*args, **kwargs)


@contextlib.contextmanager
def gentle_pool() -> Iterator[None]:
    """While the block runs, Voila builds its preheating kernel manager with :class:`GentlePool`
    in front (Voila makes the class inside ``Voila.init_settings``; nothing else is changed)."""
    factory = voila.app.voila_kernel_manager_factory

    def with_gentle_pool(base_class: type, preheat_kernel: bool, *args: Any, **kwargs: Any) -> type:
        made = factory(base_class, preheat_kernel, *args, **kwargs)
        return type("ClassroomKernelManager", (GentlePool, made), {}) if preheat_kernel else made

    voila.app.voila_kernel_manager_factory = with_gentle_pool
    try:
        yield
    finally:
        voila.app.voila_kernel_manager_factory = factory

"""The gentle pool (danish_nb.server.pool) in front of a stand-in for Voila's kernel manager:
replacements wait for a quiet room and for room under the cap, start a few at a time, and a
visitor waiting for one starts it at once."""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta
from types import SimpleNamespace
from typing import Any

import pytest
from jupyter_server._tz import utcnow
from traitlets.config import LoggingConfigurable

from danish_nb.server import pool
from helpers import wait_until_async


class VoilaLike(LoggingConfigurable):
    """What GentlePool uses of Voila's manager: a pool of tasks, hand-over, kernel starts."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.kernels: dict[str, SimpleNamespace] = {}
        self._pending_kernels: dict[str, Any] = {}  # MultiKernelManager's kernels still starting
        self.running = self.most_running = self.most_kernels = 0
        self._ids = itertools.count()
        self._pools: dict[str, list[asyncio.Task]] = {"app": []}

    def fill(self, count: int) -> None:
        for _ in range(count):
            self._pools["app"].append(asyncio.get_running_loop().create_task(self._initialize("app")))

    def list_kernel_ids(self) -> list[str]:
        return list(self.kernels)

    def __contains__(self, kernel_id: str) -> bool:
        return kernel_id in self.kernels

    def get_kernel(self, kernel_id: str) -> SimpleNamespace:
        return self.kernels[kernel_id]

    async def _initialize(self, notebook_path: str, kernel_id: str | None = None, **kwargs: Any) -> dict:
        self.running += 1
        self.most_running = max(self.most_running, self.running)
        self.most_kernels = max(self.most_kernels, len(self.kernels) + self.running)
        await asyncio.sleep(0.05)  # the kernel starts and runs the notebook
        self.running -= 1
        kernel_id = f"k{next(self._ids)}"
        self.kernels[kernel_id] = SimpleNamespace(last_activity=utcnow())
        done = asyncio.get_running_loop().create_future()
        done.set_result(None)
        return {"task": done, "kernel_id": kernel_id}

    async def get_rendered_notebook(self, notebook_name: str, **kwargs: Any) -> tuple:
        content = await self._pools[notebook_name].pop(0)
        self.fill(1)  # Voila replaces a kernel it hands over
        return content["task"], [], content["kernel_id"]

    async def shutdown_all(self) -> None:
        self.kernels.clear()


def run_apart(scenario: Coroutine[Any, Any, None]) -> None:
    """Run ``scenario`` on its own event loop in a thread of its own (a browser test earlier in
    the session may have left Playwright's loop running in this one)."""
    with ThreadPoolExecutor(1) as apart:
        apart.submit(asyncio.run, scenario).result()


class Gentle(pool.GentlePool, VoilaLike):
    pass


@pytest.fixture(autouse=True)
def quick(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pool, "RECHECK", 0.02)


def test_replacements_wait_for_a_quiet_room_start_two_at_a_time_and_stay_under_the_cap() -> None:
    async def scenario() -> None:
        manager = Gentle(max_total=5, refill_after=0.3, max_starting=2)
        manager.fill(4)
        await asyncio.gather(*manager._pools["app"])  # start-up: all four, two at a time
        assert len(manager.kernels) == 4 and manager.most_running == 2
        handed = [(await manager.get_rendered_notebook("app"))[2] for _ in range(3)]
        for _ in range(10):  # the learners keep clicking: nothing starts
            for kernel_id in handed:
                manager.kernels[kernel_id].last_activity = utcnow()
            await asyncio.sleep(0.05)
        assert len(manager.kernels) == 4
        for kernel_id in handed:  # the room goes quiet: replacements start, up to the cap only
            manager.kernels[kernel_id].last_activity = utcnow() - timedelta(seconds=60)
        await wait_until_async(lambda: len(manager.kernels) >= 5 and not manager.running, 30,
                               "the replacement the cap leaves room for started", every=0.02)
        assert len(manager.kernels) == 5 and manager.most_kernels <= 5, (len(manager.kernels), manager.most_kernels)
        await manager.shutdown_all()
        with pytest.raises(pool.PoolClosed):  # a waiting replacement never starts after shut-down
            await asyncio.gather(*manager._pools["app"])

    run_apart(scenario())


def test_a_visitor_waiting_for_a_replacement_starts_it_at_once() -> None:
    async def scenario() -> None:
        manager = Gentle(max_total=1, refill_after=60, max_starting=2)
        manager.fill(1)
        await asyncio.gather(*manager._pools["app"])
        await manager.get_rendered_notebook("app")  # the room is full and busy: the replacement waits
        await asyncio.sleep(0.1)
        assert len(manager.kernels) == 1
        _, _, kernel_id = await asyncio.wait_for(manager.get_rendered_notebook("app"), 5)
        assert kernel_id in manager.kernels and len(manager.kernels) == 2
        await manager.shutdown_all()

    run_apart(scenario())


@pytest.mark.parametrize("max_starting_wanted", [2, 4])
def test_kernels_learners_already_wait_for_start_more_at_once(max_starting_wanted: int) -> None:
    """Issue 40: after a restart the pages reconnect at once, and the pool started their kernels
    two at a time (8 learners back in pairs, the last 27 s after the server answered). Kernels a
    visitor waits for start up to max_starting_wanted at once; the others still two at a time."""
    async def scenario() -> None:
        manager = Gentle(max_total=20, refill_after=60, max_starting=2, max_starting_wanted=max_starting_wanted)
        manager.fill(8)
        await asyncio.sleep(0)  # the pool starts filling before anyone arrives
        handed = await asyncio.wait_for(
            asyncio.gather(*(manager.get_rendered_notebook("app") for _ in range(8))), 5)
        assert len({kernel_id for _, _, kernel_id in handed}) == 8
        assert manager.most_running == max_starting_wanted
        manager._last_handover = float("-inf")  # the learners leave
        for kernel_id in manager.kernels:
            manager.kernels[kernel_id].last_activity = utcnow() - timedelta(seconds=120)
        manager.most_running = 0
        manager.refill_after = 0.01
        for _ in range(200):  # the replacements nobody waits for: two at a time
            await asyncio.sleep(0.02)
            if len(manager.kernels) == 16:
                break
        assert len(manager.kernels) == 16 and manager.most_running == 2
        await manager.shutdown_all()

    run_apart(scenario())


def test_a_burst_never_takes_the_pool_past_its_cap() -> None:
    """Issue 28: replacements released together by a quiet room each passed the same count
    before waiting their turn to start, and all started (43 and 50 kernels against a cap of 38)."""
    async def scenario() -> None:
        manager = Gentle(max_total=4, refill_after=0.1, max_starting=1)
        manager.fill(4)
        await asyncio.gather(*manager._pools["app"])
        handed = await asyncio.gather(*(manager.get_rendered_notebook("app") for _ in range(4)))  # a burst
        assert len(manager._pools["app"]) == 4  # four replacements wait: the room is at its cap
        for _, _, kernel_id in handed[:3]:  # three learners leave: room for three, and it goes quiet
            del manager.kernels[kernel_id]
        for _ in range(200):
            await asyncio.sleep(0.02)
            if len(manager.kernels) >= 4 and not manager.running:
                break
        await asyncio.sleep(0.3)  # time enough for a fourth replacement to start, if it could
        assert len(manager.kernels) == 4 and manager.most_kernels <= 4, (len(manager.kernels), manager.most_kernels)
        await manager.shutdown_all()

    run_apart(scenario())


def test_a_visitor_gets_a_kernel_that_is_ready_before_one_still_waiting() -> None:
    async def scenario() -> None:
        manager = Gentle(max_total=1, refill_after=60, max_starting=1)
        waiting = asyncio.get_running_loop().create_task(asyncio.sleep(3600))  # a replacement waiting its turn
        manager.fill(1)
        manager._pools["app"].insert(0, waiting)
        await asyncio.wait(manager._pools["app"][1:])
        _, _, kernel_id = await asyncio.wait_for(manager.get_rendered_notebook("app"), 5)
        assert kernel_id in manager.kernels and manager._pools["app"][0] is waiting
        waiting.cancel()
        manager._pools["app"].remove(waiting)
        await manager.shutdown_all()

    run_apart(scenario())


def test_the_culler_leaves_a_kernel_that_is_still_starting_alone() -> None:
    """Issue 40: while a class's pool started under load, the culler killed kernels half-started
    (idle longer than its timeout since they were created): tracebacks in the log, kernels lost."""
    from danish_nb.server.app import Kernels

    manager = Kernels(cull_idle_timeout=3)
    shut: list[str] = []

    async def shutdown_kernel(kernel_id: str, now: bool = False, restart: bool = False) -> None:
        shut.append(kernel_id)
    manager.shutdown_kernel = shutdown_kernel
    old = utcnow() - timedelta(seconds=60)
    spec = SimpleNamespace(metadata={})
    manager._kernels["starting"] = SimpleNamespace(execution_state="starting", last_activity=old, kernel_spec=spec,
                                                   kernel_name="python3")
    manager._kernels["idle"] = SimpleNamespace(execution_state="idle", last_activity=old, kernel_spec=spec,
                                               kernel_name="python3")
    for kernel_id in ("starting", "idle"):
        run_apart(manager.cull_kernel_if_idle(kernel_id))
    assert shut == ["idle"]  # the idle one is culled as before; the starting one is not

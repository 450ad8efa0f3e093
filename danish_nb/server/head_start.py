"""A progressive page's first cells run while the page loads: the kernel starts on the notebook as
soon as the page's HTML is sent, not once the page's scripts asked for it.

With progressive rendering (the lessons) Voila's page asks its server to execute the notebook
only once its scripts have loaded, the app started and its websockets opened: about 2 s of the
browser's work on a busy machine (the page's 3 MB of scripts), during which the page's kernel
waited idle, and then 0.5-0.7 s of messages between server and kernel before a lesson's first
quiz was drawn. :func:`start` (called once the page of a kernel was sent) runs the notebook's cells
in its kernel at once, up to and with the first cell showing a widget (a lesson's first quiz;
from there the page paces the cells: :mod:`danish_nb.server.paced`), and keeps each cell's
result; the page's execution socket then sends those results at once
(:meth:`HeadStart.results`) and runs the other cells with the same client, as Voila would have.
The widgets made meanwhile reach the page when it connects to its kernel (the widget manager asks
the kernel for every model it holds, as for a preheated kernel). Measured with the stand-in for
MathJax (:mod:`danish_nb.server.no_math`) and the cells out of sight left undrawn
(:data:`~danish_nb.server.paced.CELLS_CSS`), against the code before, in turns
(``python -m benchmarks.app --lesson 3 --busy --before DIR --phases``, load average 9-13): lesson
01's first quiz 3.68 s median, 3.77 s at worst (4.47 s, 6.55 s), its first cells' results 0.1 s
after the page's websockets opened (0.4-0.7 s); what is left is the browser starting Voila's page
(its scripts loaded 2.2 s, its websockets open 2.8 s).

The page learns the widgets made before it connected by asking its kernel for them all at once,
which the kernel answers only between cells; a later cell that put one of them in a box while the
page waited for that answer broke the box ("widget model not found": the page waits 2 s for a
widget it does not know, and the practice's cell took longer on a busy machine; one page in six).
So a paced page's cells after the head start run only once the page has drawn the head start's
widget (:data:`~danish_nb.server.paced.SETTLE`): it then knows every widget made before.

Nothing runs that the page would not run: the same notebook, in the page's own kernel (already
handed over and told its id), cell by cell in order, with Voila's executor and its handling of
errors (:func:`run_cell`); a head start not taken by its page within :data:`UNCLAIMED_S` s is
dropped (its client closed; the kernel is culled as any idle kernel is).
"""

from __future__ import annotations

import asyncio
import sys
import traceback
from collections.abc import AsyncIterator
from typing import Any, ClassVar

import nbformat
from jupyter_core.utils import ensure_async
from nbclient.exceptions import CellExecutionError
from voila.execute import VoilaExecutor, strip_code_cell_warnings

#: An output showing a widget (its view), by its MIME type.
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
#: Seconds a head start waits for its page's execution socket before it is dropped.
UNCLAIMED_S = 120.0


def shows_widget(outputs: list[dict[str, Any]]) -> bool:
    """Whether a cell's ``outputs`` show a widget (a head start stops there; pacing starts there)."""
    return any(WIDGET_VIEW in (output.get("data") or {}) for output in outputs)


async def run_cell(executor: VoilaExecutor, cell: Any, index: int, log: Any) -> Any:
    """``cell`` executed by ``executor`` as Voila's execution socket executes it: its output cell
    (without its source), an error stripped as Voila strips it."""
    try:
        output_cell = await executor.execute_cell(cell, None, index, store_history=False)
    except TimeoutError:
        output_cell = cell
    except CellExecutionError:
        log.exception("Error at server while executing cell: %r", cell)
        if executor.should_strip_error():
            strip_code_cell_warnings(cell)
            executor.strip_code_cell_errors(cell)
        output_cell = cell
    except Exception as exc:
        log.exception("Error at server while executing cell: %r", cell)
        output_cell = nbformat.v4.new_code_cell()
        if executor.should_strip_error():
            output_cell.outputs = [{"output_type": "stream", "name": "stderr",
                                    "text": "An exception occurred at the server (not the notebook). "
                                            f"{executor.cell_error_instruction}"}]
        else:
            output_cell.outputs = [{"output_type": "error", "ename": type(exc).__name__, "evalue": str(exc),
                                    "traceback": traceback.format_exception(*sys.exc_info())}]
    output_cell.pop("source", None)
    return output_cell


def result_message(output_cell: Any, index: int, total: int) -> dict[str, Any]:
    """What Voila's execution socket sends of a cell executed."""
    return {"action": "execution_result", "payload": {"output_cell": output_cell, "cell_index": index,
                                                      "total_cell": total}}


class HeadStart:
    """The cells of one page's notebook run before the page asked (see the module); taken by
    that page's execution socket (:meth:`take`)."""

    _waiting: ClassVar[dict[str, HeadStart]] = {}

    def __init__(self, kernel_manager: Any, kernel_id: str, data: dict[str, Any], log: Any):
        self.kernel_id, self.log = kernel_id, log
        self.nb = data["nb"]
        self.executor = VoilaExecutor(self.nb, km=None, config=data["config"],
                                      show_tracebacks=data["show_tracebacks"])
        self._results: list[dict[str, Any]] = []
        self._more = asyncio.Event()
        self._task = asyncio.create_task(self._run(kernel_manager))
        self._drop = asyncio.get_running_loop().call_later(UNCLAIMED_S, self.drop)
        self._closing: asyncio.Future[Any] | None = None

    @property
    def next_cell(self) -> int:
        """The first cell the head start did not run (once it is done)."""
        return len(self._results)

    async def _run(self, kernel_manager: Any) -> None:
        try:
            self.executor.km = await ensure_async(kernel_manager.get_kernel(self.kernel_id))
            self.executor.kc = await self.executor.async_start_new_kernel_client()
            total = len(self.nb.cells)
            for index, cell in enumerate(self.nb.cells):
                output_cell = await run_cell(self.executor, cell, index, self.log)
                self._results.append(result_message(output_cell, index, total))
                self._more.set()
                if shows_widget(output_cell.get("outputs") or []):
                    break
        finally:
            self._more.set()

    async def results(self) -> AsyncIterator[dict[str, Any]]:
        """Each cell's result (its message to the page) as soon as it ran, up to where the head start stopped (a kernel
        that failed it is logged: the page's socket goes on from :attr:`next_cell`)."""
        sent = 0
        while True:
            if sent < len(self._results):
                yield self._results[sent]
                sent += 1
            elif self._task.done():
                if not self._task.cancelled() and self._task.exception() is not None:
                    self.log.warning("head start of kernel %s stopped: %r", self.kernel_id, self._task.exception())
                return
            else:
                self._more.clear()
                await self._more.wait()

    @classmethod
    def take(cls, kernel_id: str) -> HeadStart | None:
        """The head start of ``kernel_id``'s page, for its execution socket (once)."""
        found = cls._waiting.pop(kernel_id, None)
        if found is not None:
            found._drop.cancel()
        return found

    def drop(self) -> None:
        """Its page never asked: stop its cells and close its client."""
        if HeadStart._waiting.get(self.kernel_id) is self:
            del HeadStart._waiting[self.kernel_id]
        self._task.cancel()
        if self.executor.kc is not None:
            self._closing = asyncio.ensure_future(ensure_async(self.executor.kc.stop_channels()))


def start(kernel_manager: Any, kernel_id: str, execution_data: dict[str, dict[str, Any]], log: Any) -> bool:
    """Start running the notebook of ``kernel_id``'s page (its data taken from Voila's
    ``execution_data``, as its execution socket would take it); False if it has none."""
    data = execution_data.pop(kernel_id, None)
    if data is None:
        return False
    HeadStart._waiting[kernel_id] = HeadStart(kernel_manager, kernel_id, data, log)
    return True

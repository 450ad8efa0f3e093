"""A progressive page's cells paced by the page: the kernel runs the next cell only once the page has
drawn the one before last, so an answer clicked while a lesson still arrives is not queued behind
the outputs and widget models of every later cell.

With progressive rendering (the lessons) Voila's page asks its server to execute the notebook over
the ``voila/execution`` websocket, and the server runs every cell at once, as fast as the kernel
goes: on a busy machine the browser's main thread then holds the outputs and widget models of 30-150
cells when a learner clicks an answer, and draws the verdict only after them (the verdict came back
0.2-0.3 s after the click but showed 0.8-1.4 s after it). With :func:`pacer`'s script in the page,
the page asks for paced execution and says when it caught up with each cell's result (its outputs
drawn, its widgets' views in place, the page idle: ``requestIdleCallback``); :class:`PacedExecution`
then sends a cell with outputs only once the page caught up with all but the last :data:`AHEAD` of
them (the kernel runs the next cell while the page draws this one), and not within :data:`HOLD_MS`
ms of a learner's click or key (the click's answer comes first). Pacing starts with the first widget
(:func:`shows_widget`): before it the page has nothing to click, so the cells before a lesson's
first quiz (its rules, as HTML) go as fast as the kernel runs them (paced, they held the first quiz
back 0.6-0.9 s on a busy machine: the page, still busy starting, was seldom idle). A tab in the
background says it caught up at once (nobody clicks there, and its frames and idle time are held
back); a page that stops answering is waited for at most :data:`PATIENCE` s a cell; a page without
the script (or a client that does not ask) gets Voila's execution unchanged. Measured (``python -m
benchmarks.app --lesson 3 --busy --before DIR``): answers clicked while lesson 01 arrives 0.30 s
median, 0.45 s at worst (before: 0.73 s, 1.96 s; load average 5-7), the whole lesson drawn in 10.6 s
(7.6 s).

The page's style (:data:`CELLS_CSS`) leaves a cell out of sight unlaid and unpainted until it is
scrolled near (``content-visibility: auto``): each output drawn made the browser lay out the
lesson's ~200 cells again (JupyterLab's panels measure their children as each output is added),
which kept the page's main thread busy for 14-17 s of lesson 01's 17-21 s, and an answer clicked
meanwhile waited for it. With it (``--lesson 3 --busy --phases``, load 6-12): the main thread
busy 2.7 s to the last cell (16.7 s), the browser's CPU 4.4 s (11.3 s), every cell drawn in
9.3 s (20.2 s), answers while the cells arrive 0.31 s median, 0.51 s at worst (1.07 s, 1.52 s).

>>> wanted = [1, 3, 4]; caught_up_to(wanted, ahead=1)
3
>>> caught_up_to([4], ahead=1)
-1
>>> shows_widget([{"data": {"text/plain": "Quiz", WIDGET_VIEW: {"model_id": "0a1b"}}}]), shows_widget([{"data": {}}])
(True, False)
"""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

from jupyter_core.utils import ensure_async
from voila.tornado.execution_request_handler import ExecutionRequestHandler

from .head_start import WIDGET_VIEW, HeadStart, result_message, run_cell, shows_widget

__all__ = ["AHEAD", "HOLD_MS", "PATIENCE", "WIDGET_VIEW", "PacedExecution", "caught_up_to", "pacer", "shows_widget"]

#: Cells with outputs the kernel may run beyond those the page has drawn.
AHEAD = 1
#: Milliseconds the page holds back the next cells after a learner's click or key, so that the
#: kernel answers it and the page draws the answer before more cells come.
HOLD_MS = 500
#: Seconds a cell waits for a page that does not say it caught up, before the next runs anyway.
PATIENCE = 5.0
#: Milliseconds the page waits for a cell's outputs to be drawn (a widget's view in place, its
#: model known to the page) before it says it caught up with the cell anyway.
DRAWN_MS = 10_000
#: Seconds the cells after a head start wait for the page to have drawn the head start's widget.
SETTLE = 20.0

_PACER_JS = """(() => {
  const Native = window.WebSocket;
  // a learner's click or key: its answer first, no more cells for a moment
  let quietUntil = 0;
  const quiet = () => { quietUntil = performance.now() + %(hold)d; };
  addEventListener('pointerdown', quiet, true);
  addEventListener('keydown', quiet, true);
  // a cell's widgets all drawn: Voila adds a widget's output once the page knows its model, as a
  // panel (the widget renderer) that holds the view, or says why not (Voila numbers cells from 1)
  const drawn = (cell, widgets) => {
    const node = document.querySelector(`[cell-index="${cell + 1}"]`);
    if (!node) return true;
    const views = [...node.querySelectorAll('.jp-OutputArea-output.lm-Panel')];
    return views.length >= widgets && views.every((view) => view.childElementCount > 0 || view.textContent.trim());
  };
  // drawn and idle; a tab in the background (its frames and idle time held back) is not paced
  const when = (cell, widgets, task) => {
    const until = performance.now() + %(drawn_ms)d;
    const go = () => {
      const wait = quietUntil - performance.now();
      if (wait > 0) setTimeout(go, wait);
      else if (!drawn(cell, widgets) && performance.now() < until) requestAnimationFrame(idle);
      else task();
    };
    const idle = () => (window.requestIdleCallback ? requestIdleCallback(go, {timeout: 1000}) : setTimeout(go, 0));
    if (document.visibilityState === 'visible') requestAnimationFrame(idle); else task();
  };
  class Paced extends Native {
    constructor(url, protocols) {
      super(url, protocols);
      if (!String(url).includes('/voila/execution/')) return;
      const send = this.send.bind(this);
      this.send = (data) => {
        try {
          const message = JSON.parse(data);
          if (message.action === 'execute') {
            data = JSON.stringify({...message, payload: {...message.payload, paced: true}});
          }
        } catch (error) { /* not ours: sent as it is */ }
        send(data);
      };
      this.addEventListener('message', (event) => {
        let message;
        try { message = JSON.parse(event.data); } catch (error) { return; }
        if (message.action !== 'execution_result') return;
        const cell = message.payload.cell_index;
        const widgets = (message.payload.output_cell.outputs || []).filter(
          (output) => output.data && output.data['%(widget)s']).length;
        const said = JSON.stringify({action: 'caught_up', payload: {cell_index: cell}});
        when(cell, widgets, () => { if (this.readyState === Native.OPEN) send(said); });
      });
    }
  }
  window.WebSocket = Paced;
})();"""

#: A cell out of sight is neither laid out nor painted until it is scrolled near (its height
#: guessed, then remembered once drawn); it stays in the accessibility tree and find-in-page, but
#: ``innerText`` skips it (read ``textContent``). ``contain: content`` instead saved nothing.
CELLS_CSS = "div[cell-index] { content-visibility: auto; contain-intrinsic-size: auto 120px; }"


def pacer() -> str:
    """The style and script, put in the head of a progressive page before Voila's scripts, that
    spare the browser the cells out of sight and ask for paced execution (the page says when it
    caught up with each cell)."""
    script = _PACER_JS % {"hold": HOLD_MS, "drawn_ms": DRAWN_MS, "widget": WIDGET_VIEW}
    return f"<style>{CELLS_CSS}</style>\n<script>{script}</script>\n"


def caught_up_to(wanted: list[int], ahead: int = AHEAD) -> int:
    """The cell the page must have caught up with before the kernel goes on, given the cells with
    outputs sent so far (``wanted``, in order): all but the last ``ahead``; -1 for none."""
    return wanted[-1 - ahead] if len(wanted) > ahead else -1


class PacedExecution(ExecutionRequestHandler):  # type: ignore[misc]
    """Voila's execution websocket, paced by a page that asks for it (see the module)."""

    _paced = False
    _caught_up = -1
    _closed = False

    def initialize(self, **kwargs: Any) -> None:
        super().initialize(**kwargs)
        self._wanted: list[int] = []
        self._progress = asyncio.Event()
        self._executor = None
        self._running: asyncio.Task[Any] | None = None

    async def on_message(self, message_str: str | bytes) -> None:
        try:
            message = json.loads(message_str)
        except ValueError:
            return
        action, payload = message.get("action"), message.get("payload") or {}
        if action == "caught_up":
            cell = payload.get("cell_index")
            if isinstance(cell, int) and cell > self._caught_up:
                self._caught_up = cell
                self._progress.set()
            return
        if action != "execute" or self._running is not None:
            await super().on_message(message_str)
            return
        self._paced = payload.get("paced") is True
        head = HeadStart.take(self._kernel_id) if payload.get("kernel_id") == self._kernel_id else None
        # run beside the socket: tornado delivers no message (no "caught up") while on_message runs
        self._running = asyncio.create_task(self._from_head_start(head) if head is not None else
                                            super().on_message(message_str))
        self._running.add_done_callback(self._ran)

    async def _from_head_start(self, head: HeadStart) -> None:
        """Send the cells ``head`` ran before the page asked, then run the others as Voila would
        (:mod:`danish_nb.server.head_start`)."""
        self._executor = executor = head.executor
        async for message in head.results():
            await self.write_message(message)
        if self._paced and head.next_cell and not await self._page_drew(head.next_cell - 1, SETTLE):
            self.log.info("page of kernel %s: its first widget not drawn in %s s; going on", self._kernel_id, SETTLE)
        if executor.kc is None:
            executor.km = await ensure_async(self.kernel_manager.get_kernel(self._kernel_id))
            executor.kc = await executor.async_start_new_kernel_client()
        cells = head.nb.cells
        for index in range(head.next_cell, len(cells)):
            output_cell = await run_cell(executor, cells[index], index, self.log)
            await self.write_message(result_message(output_cell, index, len(cells)))

    def _ran(self, task: asyncio.Task[Any]) -> None:
        if not task.cancelled() and task.exception() is not None:
            self.log.warning("paced execution of kernel %s stopped: %r", self._kernel_id, task.exception())

    def write_message(self, message: Any, binary: bool = False) -> Any:
        sent = super().write_message(message, binary)
        if self._paced and isinstance(message, dict) and message.get("action") == "execution_result":
            return self._after(sent, message["payload"])
        return sent

    async def _after(self, sent: Any, result: dict[str, Any]) -> None:
        """Once ``result`` (a cell's result message's payload) is sent: wait until the page caught up
        enough to go on (with the cells with outputs from the first widget on)."""
        await sent
        outputs = result.get("output_cell", {}).get("outputs") or []
        if outputs and (self._wanted or shows_widget(outputs)):  # paced from the first widget on
            self._wanted.append(result["cell_index"])
        target = caught_up_to(self._wanted)
        if not await self._page_drew(target, PATIENCE):
            self.log.info("page of kernel %s: no word from it on cell %s; going on", self._kernel_id, target)

    async def _page_drew(self, cell: int, patience: float) -> bool:
        """Wait until the page says it caught up with ``cell``, or closed (True), or ``patience`` s passed (False)."""
        deadline = time.monotonic() + patience
        while self._caught_up < cell and not self._closed:
            self._progress.clear()
            left = deadline - time.monotonic()
            if left <= 0:
                return False
            try:
                await asyncio.wait_for(self._progress.wait(), left)
            except TimeoutError:
                continue
        return True

    def on_close(self) -> None:
        self._closed = True
        self._progress.set()
        super().on_close()

"""Where a local learner's practice token lives: only in the learner's browser, in
``localStorage`` (as the seat keeper keeps seat tokens, :mod:`danish_nb.widgets.seat_keeper`).
The page reports it when it opens; the kernel asks it to keep a new one. A small module of its
own: the app's page makes one at start-up, before anything of practice is imported.

>>> keeper = LearnerKeeper()
>>> keeper._on_report(None, {"act": "stored", "token": "x" * 20}, [])
>>> keeper.token
'xxxxxxxxxxxxxxxxxxxx'
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import Any

import anywidget
import traitlets

KEEPER_JS = """
const KEY = "danish-nb-learner";
function render({ model, el }) {
  let token = null;
  try { token = localStorage.getItem(KEY); } catch (e) { token = null; }
  model.send({ act: "stored", token: token });
  const onMsg = (msg) => {
    try {
      if (msg.act === "keep" && typeof msg.token === "string") localStorage.setItem(KEY, msg.token);
      if (msg.act === "forget") localStorage.removeItem(KEY);
    } catch (e) { /* no storage: the practice is not kept */ }
  };
  model.on("msg:custom", onMsg);
  return () => model.off("msg:custom", onMsg);
}
export default { render };
"""


class LearnerKeeper(anywidget.AnyWidget):
    """Shows nothing; keeps this browser's practice token in ``localStorage`` (as the seat keeper
    keeps seat tokens): the page reports it when it opens, the kernel asks it to keep a new one.
    ``token`` is what the page reported (``None`` until it did)."""

    _esm = KEEPER_JS
    reported = traitlets.Bool(False)

    def __init__(self, **kwargs: Any):
        super().__init__(**kwargs)
        self.token: str | None = None
        self.waiting: list[Callable[[str], None]] = []
        self.on_msg(self._on_report)

    def _on_report(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if self.reported or not isinstance(content, dict) or content.get("act") != "stored":
            return
        token = content.get("token")
        if not (isinstance(token, str) and 16 <= len(token) <= 200):
            token = secrets.token_urlsafe(24)
            self.send({"act": "keep", "token": token})
        self.token = token
        self.reported = True
        for callback in self.waiting:
            callback(token)
        self.waiting.clear()

    def when_known(self, callback: Callable[[str], None]) -> None:
        """Call ``callback(token)`` once the page has reported (at once if it has)."""
        if self.token is not None:
            callback(self.token)
        else:
            self.waiting.append(callback)


__all__ = ["LearnerKeeper"]

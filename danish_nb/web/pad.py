"""The board's pad in a page of our own: where :class:`~danish_nb.widgets.board.Board` writes its
HTML and receives the browser's messages when no Jupyter comm carries them (the static site's
Web Worker, or any other transport).

It keeps the last HTML and whether it changed since the transport last took it; the browser's
messages come in through :meth:`PagePad.deliver`, exactly as a widget's comm would hand them over.

>>> import danish_nb as dn
>>> from danish_nb.widgets import board_for
>>> pad = PagePad()
>>> board = board_for(dn.new_game("danish-bastard", players=2, seed=1), pad=pad)
>>> html = pad.take()
>>> "dn-seat" in html, pad.take()
(True, None)
>>> pad.deliver({"act": "dance"})
>>> "unknown action" in pad.take()
True
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from typing import Any

#: What a board calls with each message: (the pad, the message, its binary buffers).
Handler = Callable[[Any, Any, list], None]


class PagePad:
    """A board's HTML and message line, with no widget behind it."""

    def __init__(self) -> None:
        self._html = ""
        self._changed = False
        self._handlers: list[Handler] = []
        self.closed = False

    @property
    def html(self) -> str:
        return self._html

    @html.setter
    def html(self, value: str) -> None:
        self._changed = self._changed or value != self._html
        self._html = value

    def on_msg(self, handler: Handler) -> None:
        """Call ``handler(pad, message, buffers)`` with each message :meth:`deliver` gets."""
        self._handlers.append(handler)

    def deliver(self, message: Any) -> None:
        """A message from the browser (any JSON value: the board checks it)."""
        if self.closed:
            return
        for handler in self._handlers:
            handler(self, message, [])

    def take(self) -> str | None:
        """The HTML if it changed since the last call, else ``None``."""
        if not self._changed:
            return None
        self._changed = False
        return self._html

    def hold_sync(self) -> AbstractContextManager[None]:
        """What a widget does to batch updates: nothing to batch here."""
        return nullcontext()

    def close(self) -> None:
        self.closed = True
        self._handlers.clear()

"""The app's switch between playing here and the class-table screen (built only when used)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from .seat_keeper import SeatKeeper, short_text

if TYPE_CHECKING:
    from .table_app import TableApp


class ClassTables:
    """The class-table screen added to the app's ``root`` box: a "Play here / Class table"
    switch on top and the screen below it, built when first chosen or when this browser reports
    a seat to go back to (so a page that never uses it pays only for the switch and the keeper).
    Keyword arguments go to :class:`TableApp`."""

    def __init__(self, root: widgets.Box, **kwargs: Any):
        self._kwargs = kwargs
        self._app: TableApp | None = None
        self._stored: list[Any] = []
        self.keeper = SeatKeeper()
        self.switch = widgets.ToggleButtons(options=("Play here", "Class table"), value="Play here")
        self.switch.add_class("dn-mode")
        self.holder = widgets.Box()
        self.holder.layout.display = "none"
        self._playing = list(root.children)
        self.keeper.on_msg(self._reported)
        self.switch.observe(self._switched, names="value")
        root.children = (self.switch, self.keeper, *self._playing, self.holder)

    @property
    def app(self) -> TableApp:
        """The class-table screen (built now if it was not yet)."""
        if self._app is None:
            from .table_app import TableApp  # the store and sessions: imported when first used

            self._app = TableApp(keeper=self.keeper, **self._kwargs)
            self.holder.children = [self._app.widget]
            for content in self._stored:  # what the browser reported before the screen existed
                self._app._on_keeper(self.keeper, content, [])
        return self._app

    def _switched(self, change: Any) -> None:
        tables = change["new"] == "Class table"
        for child in self._playing:
            child.layout.display = "none" if tables else ""
        self.holder.layout.display = "" if tables else "none"
        if tables:
            self.app  # noqa: B018 -- build it

    def _reported(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if self._app is not None:
            return
        self._stored.append(content)
        if isinstance(content, dict) and short_text(content.get("last"), 12):
            self.switch.value = "Class table"  # a seat to go back to: show it at once


__all__ = ["ClassTables"]

"""The app's switch between playing here and the class-table screen (built only when used)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from ..i18n import N_, check_lang, translator
from .seat_keeper import SeatKeeper, read_report

if TYPE_CHECKING:
    from .table_app import TableApp

#: The switch's screens (each its value; its label is translated).
MODES = (N_("Play here"), N_("Class table"), N_("Practice"))


class ClassTables:
    """The class-table screen added to the app's ``root`` box: a "Play here / Class table"
    switch on top and the screen below it, built when first chosen or when this browser reports
    a seat to go back to (so a page that never uses it pays only for the switch and the keeper).
    ``lang``: the interface language (see :meth:`set_lang`); other keyword arguments go to
    :class:`TableApp`."""

    def __init__(self, root: widgets.Box, lang: str = "en", practice: Callable[[], Any] | None = None, **kwargs: Any):
        self._kwargs = kwargs
        self._make_practice = practice
        self.practice: Any = None
        self.practice_holder = widgets.Box()
        self.practice_holder.layout.display = "none"
        self.lang = check_lang(lang)
        self._app: TableApp | None = None
        self._stored: list[Any] = []
        self.keeper = SeatKeeper()
        self.switch = widgets.ToggleButtons(options=self._modes(), value=MODES[0])
        self.switch.add_class("dn-mode")
        self.holder = widgets.Box()
        self.holder.layout.display = "none"
        self._playing = list(root.children)
        self.keeper.on_msg(self._reported)
        self.switch.observe(self._switched, names="value")
        root.children = (self.switch, self.keeper, *self._playing, self.holder, self.practice_holder)

    @property
    def app(self) -> TableApp:
        """The class-table screen (built now if it was not yet)."""
        if self._app is None:
            from .table_app import TableApp  # the store and sessions: imported when first used

            self._app = TableApp(keeper=self.keeper, lang=self.lang, **self._kwargs)
            if self._make_practice is not None:  # illegal moves tried at the table count in practice
                practice = self._make_practice
                self._app.tried.append(lambda game, verdict: practice().tried(game.rules.id, verdict, game.to_record()))
            self.holder.children = [self._app.widget]
            for content in self._stored:  # what the browser reported before the screen existed
                self._app._on_keeper(self.keeper, content, [])
        return self._app

    def _modes(self) -> list[tuple[str, str]]:
        tr = translator(self.lang)
        return [(tr.render(mode), mode) for mode in MODES if mode != MODES[2] or self._make_practice is not None]

    def set_lang(self, lang: str) -> None:
        """The switch and the class-table screen (if built) in ``lang``: what the app's language
        choice calls."""
        self.lang = check_lang(lang)
        chosen = self.switch.value
        self.switch.options = self._modes()  # (new options choose the first one: choose again)
        self.switch.value = chosen
        if self._app is not None:
            self._app.set_lang(self.lang)
        if self.practice is not None:
            self.practice.set_lang(self.lang)

    def _switched(self, change: Any) -> None:
        mode = change["new"]
        for child in self._playing:
            child.layout.display = "" if mode == MODES[0] else "none"
        self.holder.layout.display = "" if mode == MODES[1] else "none"
        self.practice_holder.layout.display = "" if mode == MODES[2] else "none"
        if mode == MODES[1]:
            self.app  # noqa: B018 -- build it
        if mode == MODES[2] and self.practice is None and self._make_practice is not None:
            self.practice = self._make_practice()
            self.practice_holder.children = [self.practice.widget]

    def _reported(self, _widget: Any, content: Any, _buffers: Any) -> None:
        report = read_report(content)
        if self._app is not None or report is None:  # the screen's own handler takes it (and the beats)
            return
        self._stored[:] = [content]  # what the page opened with (a later report replaces it)
        if report.last or (report.teacher and _pass_opens(report.teacher)):
            self.switch.value = MODES[1]  # a seat to go back to, or the teacher's view: show it at once


def _pass_opens(sealed: str) -> bool:
    """Whether the teacher pass a browser reports opens the teacher view (the keys' module is
    imported only for a browser that keeps one: a learner's kernel starts without it)."""
    from ..tables.keys import pass_opens

    return pass_opens(sealed)


__all__ = ["ClassTables"]

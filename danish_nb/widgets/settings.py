"""A settings panel for a new game: one input per rule option (``core.option_infos``), each with
its help text and the ruling it settles.

>>> import danish_nb as dn
>>> panel = OptionsPanel()
>>> panel.show(dn.GAMES["danish-bastard"])
>>> panel.values()["must_play"]
True
"""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as widgets

from ..core import GameRules, OptionInfo, option_infos
from ..i18n import translator


def option_input(info: OptionInfo) -> widgets.ValueWidget:
    """An input for one option: a dropdown for choices, a checkbox, or a number field."""
    label = {"description": info.name, "style": {"description_width": "initial"}}  # the whole name shows
    if info.choices:
        return widgets.Dropdown(options=list(info.choices), value=info.default, **label)
    if isinstance(info.default, bool):
        return widgets.Checkbox(value=info.default, description=info.name, indent=False)
    if isinstance(info.default, int):
        return widgets.IntText(value=info.default, **label)
    return widgets.Text(value=str(info.default), **label)


def options_help(infos: tuple[OptionInfo, ...], lang: str = "en") -> str:
    """The help of every option (in ``lang``), with the ruling it settles, as one HTML list."""
    tr = translator(lang)

    def ruling(info: OptionInfo) -> str:
        words = tr("ruling {ruling}", ruling=info.ruling)
        return f" <small>({escape(words)})</small>" if info.ruling else ""
    items = "".join(f"<li><b>{escape(info.name)}</b>: {escape(tr(info.help))}{ruling(info)}</li>" for info in infos)
    return f'<ul class="dn-option-help">{items}</ul>'


def close_tree(widget: widgets.Widget) -> None:
    """Close a widget, its children, and their layout and style models."""
    for child in getattr(widget, "children", ()):
        close_tree(child)
    for part in (getattr(widget, "layout", None), getattr(widget, "style", None)):
        if isinstance(part, widgets.Widget):
            part.close()
    widget.close()


class OptionsPanel:
    """The option inputs of one game at a time (with one HTML list of their help, to keep the
    number of widget models low); :meth:`show` swaps them for another game's
    (closing the old widgets, so the number of live widgets does not grow)."""

    def __init__(self) -> None:
        self.widget = widgets.VBox()
        self.widget.add_class("dn-options")
        self.inputs: dict[str, widgets.ValueWidget] = {}
        self.infos: tuple[OptionInfo, ...] = ()

    def show(self, rules: GameRules, lang: str = "en") -> None:
        for child in self.widget.children:
            close_tree(child)
        self.infos = option_infos(rules.options_type)
        self.inputs = {info.name: option_input(info) for info in self.infos}
        inputs = widgets.HBox(list(self.inputs.values()), layout=widgets.Layout(flex_flow="row wrap"))
        tr = translator(lang)
        title = escape(tr("Rule options"))
        self.widget.children = [widgets.HTML(f"<b>{title}</b>{options_help(self.infos, lang)}"), inputs]

    def values(self) -> dict[str, Any]:
        """The chosen options (the engine checks them when the game is made)."""
        return {name: box.value for name, box in self.inputs.items()}

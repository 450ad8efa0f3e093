"""A settings panel for a new game: one input per rule option that applies to the chosen game
and player count, labelled in words from the option schema (``dn.GAMES[id].info.options``),
with its help text and the ruling it settles.

>>> import danish_nb as dn
>>> panel = OptionsPanel()
>>> panel.show(dn.GAMES["danish-bastard"])
>>> panel.values()["must_play"], panel.inputs["must_play"].description
(True, 'Must play')
>>> panel.show(dn.GAMES["sjavs"], players=3)
>>> "red_queens" in panel.inputs, "four_player_deal" in panel.inputs
(True, False)
"""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as widgets

from ..app_words import applies, label_of
from ..core import GAMES, GameRules, OptionInfo
from ..i18n import translator


def option_input(info: OptionInfo, lang: str = "en") -> widgets.ValueWidget:
    """An input for one option, labelled in words (in ``lang``), its help as tooltip: a dropdown
    for choices, a checkbox, or a number field."""
    label = {"description": label_of(info, lang), "tooltip": info.help_in(lang),
             "style": {"description_width": "initial"}, "layout": {"width": "auto", "max_width": "100%"}}
    if info.choices:
        tr = translator(lang)
        return widgets.Dropdown(options=[(tr(info.choice_label(c)), c) for c in info.choices], value=info.default,
                                **label)
    if isinstance(info.default, bool):
        return widgets.Checkbox(value=info.default, indent=False, **label)
    if isinstance(info.default, int):
        return widgets.BoundedIntText(value=info.default, min=info.low if info.low is not None else -10**9,
                                      max=info.high if info.high is not None else 10**9, **label)
    return widgets.Text(value=str(info.default), **label)


def options_help(infos: tuple[OptionInfo, ...], lang: str = "en") -> str:
    """The help of every option, by its label, with the ruling it settles, as one HTML list (in ``lang``)."""
    tr = translator(lang)

    def ruling(info: OptionInfo) -> str:
        words = tr("ruling {ruling}", ruling=info.ruling)
        return f" <small>({escape(words)})</small>" if info.ruling else ""
    items = "".join(f"<li><b>{escape(label_of(info, lang))}</b>: {escape(info.help_in(lang))}{ruling(info)}</li>"
                    for info in infos)
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
    """The option inputs of one game and player count at a time (with one HTML list of their
    help, to keep the number of widget models low); :meth:`show` swaps them for another game's
    (closing the old widgets, so the number of live widgets does not grow). Options that do not
    apply to the player count are left out (the game takes their defaults)."""

    def __init__(self) -> None:
        self.widget = widgets.VBox()
        self.widget.add_class("dn-options")
        self.inputs: dict[str, widgets.ValueWidget] = {}
        self.infos: tuple[OptionInfo, ...] = ()
        self._all: tuple[OptionInfo, ...] = ()

    def show(self, rules: GameRules, players: int | None = None, lang: str = "en") -> None:
        kept = {name: box.value for name, box in self.inputs.items()} if rules.info.options == self._all else {}
        for child in self.widget.children:
            close_tree(child)
        self._all = rules.info.options
        self.infos = tuple(info for info in rules.info.options if applies(info, players))
        self.inputs = {info.name: option_input(info, lang) for info in self.infos}
        for name, value in kept.items():  # the same game, another player count: keep the choices
            if name in self.inputs:
                self.inputs[name].value = value
        inputs = widgets.HBox(list(self.inputs.values()), layout=widgets.Layout(flex_flow="row wrap"))
        tr = translator(lang)
        title = escape(tr("Rule options"))
        self.widget.children = [widgets.HTML(f"<b>{title}</b>{options_help(self.infos, lang)}"), inputs]

    def values(self) -> dict[str, Any]:
        """The chosen options (the engine checks them when the game is made)."""
        return {name: box.value for name, box in self.inputs.items()}


#: How a settings input fits a narrow screen (a phone in portrait): its label above nothing,
#: its width its own, never wider than the screen.
FIT = {"style": {"description_width": "initial"}, "layout": {"width": "auto", "max_width": "100%"}}


class GameForm:
    """A new game's settings, shared by the app's Settings and the class-table "Create a table"
    form: the game, the number of players, one kind per seat (``seat_choices``: label, kind)
    and the rule options that apply to that game and player count (an :class:`OptionsPanel`).
    ``games`` lists (title, id); ``css`` prefixes the CSS classes (``dn-game-picker``,
    ``dn-players``, ``dn-seat-1``...); ``seat`` gives seat ``i``'s first kind. Callbacks in
    ``changed`` run after the game or the number of players changed.

    >>> import danish_nb as dn
    >>> form = GameForm([(dn.GAMES[g].title, g) for g in ("danish-bastard", "bastard")],
    ...                 [("a person", "human"), ("a computer", "rule-of-thumb")], seat=lambda i: "human")
    >>> form.game_picker.value = "bastard"; form.players.value = 4
    >>> form.seats(), [box.layout.display for box in form.seat_boxes][3:5]
    (('human', 'human', 'human', 'human'), ['', 'none'])
    """

    def __init__(self, games: list[tuple[str, str]], seat_choices: list[tuple[str, str]], *, css: str = "dn-",
                 seat: Any = lambda i: "human" if i == 0 else "rule-of-thumb", start: str | None = None,
                 lang: str = "en"):
        self.lang = lang
        tr = translator(lang)
        ids = [game_id for _, game_id in games]
        self.game_picker = widgets.Dropdown(options=games, value=start if start in ids else ids[0],
                                            description=tr("Game"), **FIT)
        self.game_picker.add_class(f"{css}game-picker")
        self.players = widgets.Dropdown(description=tr("Players"), **FIT)
        self.players.add_class(f"{css}players")
        self.seat_boxes = [widgets.Dropdown(options=seat_choices, value=seat(i), description=f"P{i + 1}", **FIT)
                           for i in range(max(GAMES.card(g).max_players for g in ids))]
        for i, box in enumerate(self.seat_boxes):
            box.add_class(f"{css}seat-{i + 1}")
        self.seats_row = widgets.HBox(self.seat_boxes, layout=widgets.Layout(flex_flow="row wrap"))
        self.options = OptionsPanel()
        self.changed: list[Any] = []
        self.game_picker.observe(self._game_changed, names="value")
        self.players.observe(self._players_changed, names="value")
        self._game_changed()

    def rules(self) -> GameRules:
        """The chosen game's rules."""
        return GAMES[self.game_picker.value]

    def seats(self) -> tuple[str, ...]:
        """The chosen kind of each seat of the chosen number of players."""
        return tuple(box.value for box in self.seat_boxes[:self.players.value])

    def relabel(self, lang: str, seat_choices: list[tuple[str, str]]) -> None:
        """The form's words in ``lang`` (the choices made are kept)."""
        self.lang = lang
        tr = translator(lang)
        self.game_picker.description, self.players.description = tr("Game"), tr("Players")
        for box in self.seat_boxes:
            value = box.value
            box.options = seat_choices
            box.value = value
        chosen = self.options.values()
        self._players_changed()
        for name, value in chosen.items():
            if name in self.options.inputs:
                self.options.inputs[name].value = value

    def _game_changed(self, _change: Any = None) -> None:
        rules = self.rules()
        top = min(rules.max_players, len(self.seat_boxes))
        keep = self.players.value if self.players.value and rules.min_players <= self.players.value <= top else 3
        self.players.options = list(range(rules.min_players, top + 1))
        self.players.value = min(max(keep, rules.min_players), top)
        self._players_changed()

    def _players_changed(self, _change: Any = None) -> None:
        for i, box in enumerate(self.seat_boxes):
            box.layout.display = "" if i < (self.players.value or 0) else "none"
        self.options.show(self.rules(), self.players.value, self.lang)
        for callback in self.changed:
            callback()

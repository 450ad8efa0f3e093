"""The Voila app: pick a game, the players and the language on the first screen (the seats, the
rule options, a seed and the teacher's settings under Settings), then play on the board below.
A game is dealt at once, so the page is playable as soon as it shows. The page's header, its
title and its language (``<html lang>``) follow the chosen language.

The app's state and behaviour are :class:`~danish_nb.app_model.AppModel`'s (the serverless page
draws the same model as HTML): this module only draws it with ipywidgets and forwards each input.

>>> app = build_app(seed=7).app
>>> app.board.game.rules.id, app.board.seats
('danish-bastard', ('human', 'rule-of-thumb', 'rule-of-thumb'))
>>> 'data-page-lang="fr"' in header_html("fr"), "Jeux de cartes danois" in header_html("fr")
(True, True)
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from .app_model import ACTIONS, FIELDS, AppModel, header_html
from .app_words import BOARD_SETTINGS
from .core import GameRules
from .i18n import translator
from .widgets import Board
from .widgets.class_tables import ClassTables
from .widgets.game_keeper import GameKeeper
from .widgets.pad import PagePad
from .widgets.settings import FIT, OptionsPanel


class App:
    """The app's widgets, drawn from its :class:`~danish_nb.app_model.AppModel` (``app.model``),
    and the board of the game being played (``app.widget`` is shown).

    Settings are staged: the game, players, seats, options and seed change nothing until New
    game (the board below keeps its game, and the panel says so). Teaching mode applies at
    once; "step through computer turns" is the board's own tick box and carries over to the
    next game. The settings open with a real button (keyboard users too).
    """

    def __init__(self, seed: int | None = None, lang: str = "en"):
        self._drawing = True
        self.model = model = AppModel(seed=seed, lang=lang, coach_of=lambda board: board.coach.model,
                                      shown=self._board_shown)
        self.fields: dict[str, Any] = {
            "game": widgets.Dropdown(options=[(t, g) for g, t in model.game_choices()], value=model.game_id, **FIT),
            "players": widgets.Dropdown(**FIT),
            "lang": widgets.Dropdown(options=[(n, c) for c, n in model.language_choices()], value=model.lang, **FIT),
            "seed": widgets.IntText(value=model.seed, **FIT)}
        for field in FIELDS:
            self.fields[field.name].add_class(field.css)
        self.game_picker, self.players, self.language, self.seed = (self.fields[f.name] for f in FIELDS)
        self.seat_boxes = [widgets.Dropdown(description=field.label, **FIT) for field in model.seat_fields()]
        for field, box in zip(model.seat_fields(), self.seat_boxes):
            box.add_class(field.css)
            self.fields[field.name] = box
        #: The teacher's board settings (:data:`~danish_nb.app_words.BOARD_SETTINGS`), applied at once.
        self.board_settings = {setting.name: widgets.Checkbox(value=False, indent=False) for setting in BOARD_SETTINGS}
        for setting in BOARD_SETTINGS:
            self.board_settings[setting.name].add_class(setting.css)
            self.fields[setting.name] = self.board_settings[setting.name]
        self.options = OptionsPanel()
        self.header = PagePad()
        self.header.add_class("dn-header")
        self.buttons = {action.name: widgets.Button() for action in ACTIONS if action.name in ("new", "again")}
        self.buttons["settings"] = widgets.ToggleButton(value=False)
        for action in ACTIONS:
            if action.name in self.buttons:
                self.buttons[action.name].add_class(action.css)
        self.new_button, self.again_button = self.buttons["new"], self.buttons["again"]
        self.new_button.button_style = "success"
        self.settings_button = self.buttons["settings"]
        self.message = widgets.HTML()
        self.message.add_class("dn-app-message")
        self.board_box = widgets.Box()
        self.staged = widgets.HTML()
        self.staged.add_class("dn-settings-note")
        wrap = widgets.Layout(flex_flow="row wrap")
        self.seats_row = widgets.HBox(self.seat_boxes, layout=wrap)
        self.settings = widgets.VBox([widgets.HBox([self.seed], layout=wrap), self.seats_row,
                                      *self.board_settings.values(), self.options.widget, self.staged],
                                     layout=widgets.Layout(display="none"))
        self.settings.add_class("dn-settings")
        first = widgets.HBox([self.game_picker, self.players, self.language], layout=wrap)
        first.add_class("dn-first-screen")
        actions = widgets.HBox([self.new_button, self.again_button, self.settings_button], layout=wrap)
        self.widget = widgets.VBox([self.header, first, actions, self.settings, self.message, self.board_box])
        self.widget.add_class("dn-app")
        for name, box in self.fields.items():
            box.observe(lambda change, name=name: self._forward({name: change["new"]}), names="value")
        self.settings_button.observe(self._settings_toggled, names="value")
        self.new_button.on_click(lambda _button: self.new_game())
        self.again_button.on_click(lambda _button: self.same_deal_again())
        self._lang = ""
        self._drawn = 0
        self._drawing = False
        self.draw(shape=True)

    # ------------------------------------------------------------------ the model's state
    @property
    def lang(self) -> str:
        return self.model.lang

    @property
    def board(self) -> Board | None:
        return self.model.board

    @property
    def tried(self) -> list[Any]:
        """Called with the game and verdict of each illegal move tried on the board."""
        return self.model.tried

    @property
    def dealt(self) -> list[Any]:
        """Called with each new game."""
        return self.model.dealt

    @property
    def teaching(self) -> widgets.Checkbox:
        """The teaching mode's tick box (every hand shown)."""
        return self.board_settings["teaching"]

    def rules(self) -> GameRules:
        return self.model.rules()

    # ------------------------------------------------------------------ forwarding
    def _forward(self, values: dict[str, Any]) -> None:
        """An input changed: the model takes it, then the app is drawn again."""
        if self._drawing:
            return
        self.draw(shape=self.model.change(values))

    def new_game(self) -> Board | None:
        """Deal a new game with the chosen settings (new cards unless a seed was typed)."""
        board = self.model.new_game()
        self.draw()
        return board

    def same_deal_again(self) -> Board | None:
        """Deal the same cards again with the chosen settings."""
        board = self.model.same_deal_again()
        self.draw()
        return board

    def _settings_toggled(self, change: Any) -> None:
        self.settings.layout.display = "" if change["new"] else "none"

    def _board_shown(self, board: Board) -> None:
        """A new board: its "Play again" deals here (and draws the app)."""
        board.on_play_again = self.new_game

    # ------------------------------------------------------------------ drawing
    def draw(self, shape: bool = False) -> None:
        """Draw the model: the inputs' values, the words if the language changed, the options and
        seats if the game or players did (``shape``), the note, a new board, then the message."""
        model = self.model
        self._drawing = True
        try:
            if model.lang != self._lang:
                self._words()
                shape = True
            if shape:
                self.players.options = model.player_counts()
                self.options.show(model.rules(), model.players, model.lang)
                for name, box in self.options.inputs.items():
                    self.fields[f"opt-{name}"] = box
                    box.observe(lambda change, name=name: self._forward({f"opt-{name}": change["new"]}),
                                names="value")
                for i, box in enumerate(self.seat_boxes):
                    box.layout.display = "" if i < model.players else "none"
            for name, value in model.values().items():
                box = self.fields.get(name)
                if box is not None and box.value != value and not (name == "seed" and not isinstance(value, int)):
                    box.value = value
            self.staged.value = model.note()
            if model.generation != self._drawn and model.board is not None:
                self._drawn = model.generation
                self.board_box.children = [model.board.box]
            # after the board: a page that reads "dealt" has been sent the new board first
            self.message.value = model.message
        finally:
            self._drawing = False

    def _words(self) -> None:
        """Every label in the model's language (the choices made kept)."""
        model = self.model
        self._lang = model.lang
        tr = translator(model.lang)
        for field in FIELDS:
            self.fields[field.name].description = tr(field.label)
        kinds = [(words, kind) for kind, words in model.seat_choices()]
        for box, kind in zip(self.seat_boxes, model.seats):
            box.options = kinds
            box.value = kind
        for setting in BOARD_SETTINGS:
            self.board_settings[setting.name].description = tr(setting.label)
        for action in ACTIONS:
            if action.name in self.buttons:
                self.buttons[action.name].description = tr(action.label)
                self.buttons[action.name].tooltip = tr(action.tip)
        self.header.html = header_html(model.lang)


def build_app(seed: int | None = None, lang: str = "en") -> widgets.Widget:
    """The whole app as one widget (its :class:`App` is on ``.app``; ``.board`` the board).

    ``seed=None`` deals a random game; the seed field shows it so it can be shared. ``lang``:
    the interface language (``"en"``, ``"fr"``, ``"de"``), also chosen in the app's settings.
    """
    app = App(seed=seed, lang=lang)
    root = app.widget
    root.app = app
    practice = AppPractice(app)
    root.tables = ClassTables(root, lang=lang, practice=practice.tab)  # the "Class table" and "Practice" screens
    practice.tables = root.tables
    root.practice = practice
    root.game_keeper = GameKeeper().attach(app.model, lambda: app.draw(shape=True))  # a restart resumes the game
    root.children += (practice.keeper, root.game_keeper)
    app.language.observe(lambda change: root.tables.set_lang(change["new"]), names="value")
    return root


class AppPractice:
    """The app's Practice screen, made when first opened (or when a move is tried on the board):
    the learner is their class seat if they sit at one, else this browser's learner (its token
    kept by ``keeper``); illegal moves tried on the app's board count in their practice."""

    def __init__(self, app: App):
        from .widgets.learner_keeper import LearnerKeeper

        self.app = app
        self.keeper = LearnerKeeper()
        self.tables: ClassTables | None = None
        self._tab: Any = None
        app.tried.append(lambda game, verdict: self.tab().tried(game.rules.id, verdict, game.to_record()))
        app.dealt.append(lambda game: self._tab.new_game(game.rules.id) if self._tab is not None else None)

    def tab(self) -> Any:
        """The Practice screen (built now if it was not yet)."""
        if self._tab is None:
            from .widgets.practice_tab import PracticeTab

            board = self.app.board
            self._tab = PracticeTab(keeper=self.keeper, seat=self._seat, table_options=self._options,
                                    lang=self.app.lang,
                                    game=board.game.rules.id if board is not None else None)
        return self._tab

    def _seat(self) -> Any:
        """The learner of this page in the class: the roster's learner if the page joined the
        class (one record at every table and device), else the learner at its seat, if any."""
        from .practice.progress import Learner

        tables = self.tables
        member = tables._app.member if tables is not None and tables._app is not None else None
        if member is not None:
            return Learner.in_class(member.learner, room=tables._app.room, name=member.name)
        session = tables._app.session if tables is not None and tables._app is not None else None
        if session is None or session.seat is None or not session.token:
            return None
        name = session.info.seats[session.seat].name
        return Learner.at_seat(session.token, code=session.code, seat=session.seat, room=tables._app.room, name=name)

    def _options(self, game_id: str) -> dict[str, Any]:
        """The options of the table being played: the class table's, else the app's board's."""
        import dataclasses

        tables = self.tables
        session = tables._app.session if tables is not None and tables._app is not None else None
        if session is not None and session.seat is not None and session.info.game == game_id:
            return dict(session.info.options)
        board = self.app.board
        if board is not None and board.game.rules.id == game_id:
            return dataclasses.asdict(board.game.options)
        return {}


__all__ = ["App", "AppPractice", "build_app"]

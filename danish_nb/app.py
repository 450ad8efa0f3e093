"""The Voila app: pick a game, the players and the language on the first screen (the seats, the
rule options, a seed and the teacher's settings under Settings), then play on the board below.
A game is dealt at once, so the page is playable as soon as it shows. The page's header, its
title and its language (``<html lang>``) follow the chosen language.

>>> app = build_app(seed=7).app
>>> app.board.game.rules.id, app.board.seats
('danish-bastard', ('human', 'rule-of-thumb', 'rule-of-thumb'))
>>> 'data-page-lang="fr"' in header_html("fr"), "Jeux de cartes danois" in header_html("fr")
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as widgets

from .core import GAMES, DanishNbError, Game, GameRules, Verdict, new_game
from .i18n import LANGUAGE_NAMES, LANGUAGES, N_, check_lang, translator
from .widgets import BOARDS, SEAT_KINDS, Board, board_for
from .widgets.app_words import BOARD_SETTINGS, SEAT_WORDS
from .widgets.class_tables import ClassTables
from .widgets.pad import PagePad
from .widgets.settings import FIT, GameForm

#: The game the settings start with: the first declared.
DEFAULT_GAME = next(iter(GAMES))
#: The page's title and the line under it.
TITLE = N_("Danish card games")
INTRO = N_("Pick a game and play against the computer: every move is checked against the quoted rules.")


def header_html(lang: str = "en") -> str:
    """The app's header in ``lang``: its title and intro, and the page's language and title for
    the browser (:class:`~danish_nb.widgets.pad.PagePad` sets ``<html lang>`` and the tab's title)."""
    tr = translator(lang)
    title = escape(tr(TITLE))
    return (f'<span hidden data-page-lang="{lang}" data-page-title="{title}"></span>'
            f'<h1 class="dn-title">{title}</h1><p class="dn-intro">{escape(tr(INTRO))}</p>')


class App:
    """The app's widgets and the board of the game being played (``app.widget`` is shown).

    Settings are staged: the game, players, seats, options and seed change nothing until New
    game (the board below keeps its game, and the panel says so). Teaching mode applies at
    once; "step through computer turns" is the board's own tick box and carries over to the
    next game. The settings open with a real button (keyboard users too).
    """

    def __init__(self, seed: int | None = None, lang: str = "en"):
        self.lang = check_lang(lang)
        tr = translator(lang)
        games = [(card.title, card.id) for card in GAMES.cards() if card.family in BOARDS]  # imports no game
        self.form = GameForm(games, self._seat_choices(), start=DEFAULT_GAME, lang=lang)
        self.game_picker, self.players, self.seat_boxes = self.form.game_picker, self.form.players, self.form.seat_boxes
        self.options = self.form.options
        self.seed = widgets.IntText(value=random.randrange(10_000) if seed is None else seed,
                                    description=tr("Seed (the same seed deals the same cards)"), **FIT)
        self.seed.add_class("dn-seed")
        #: The teacher's board settings (:data:`~danish_nb.widgets.app_words.BOARD_SETTINGS`), applied at once.
        self.board_settings = {setting.name: widgets.Checkbox(value=False, description=tr(setting.label), indent=False)
                               for setting in BOARD_SETTINGS}
        for setting in BOARD_SETTINGS:
            self.board_settings[setting.name].add_class(setting.css)
        self.header = PagePad(html=header_html(lang))
        self.header.add_class("dn-header")
        self.language = widgets.Dropdown(options=[(LANGUAGE_NAMES[code], code) for code in LANGUAGES], value=lang,
                                         description=tr("Language"), **FIT)
        self.language.add_class("dn-language")
        self.new_button = widgets.Button(description=tr("New game"), button_style="success",
                                         tooltip=tr("Deal new cards"))
        self.new_button.add_class("dn-new-game")
        self.again_button = widgets.Button(description=tr("Same deal again"), tooltip=tr("Deal the same cards again"))
        self.again_button.add_class("dn-same-deal")
        self.message = widgets.HTML()
        self.message.add_class("dn-app-message")
        self.board_box = widgets.Box()
        self.board: Board | None = None
        #: Called with the game and verdict of each illegal move tried on the board, and with each
        #: new game (the Practice screen counts them).
        self.tried: list[Callable[[Game, Verdict], None]] = []
        self.dealt: list[Callable[[Game], None]] = []
        self.staged = widgets.HTML()
        self.staged.add_class("dn-settings-note")
        wrap = widgets.Layout(flex_flow="row wrap")
        self.settings = widgets.VBox([
            widgets.HBox([self.seed], layout=wrap), self.form.seats_row,
            *self.board_settings.values(), self.options.widget, self.staged,
        ], layout=widgets.Layout(display="none"))
        self.settings.add_class("dn-settings")
        self.settings_button = widgets.ToggleButton(value=False, description=tr("Settings"),
                                                    tooltip=tr("Show or hide the settings for a new game"))
        self.settings_button.add_class("dn-settings-toggle")
        self.settings_button.observe(self._settings_toggled, names="value")
        first = widgets.HBox([self.game_picker, self.players, self.language], layout=wrap)
        first.add_class("dn-first-screen")
        actions = widgets.HBox([self.new_button, self.again_button, self.settings_button], layout=wrap)
        self.widget = widgets.VBox([self.header, first, actions, self.settings, self.message, self.board_box])
        self.widget.add_class("dn-app")
        self.form.changed.append(self._form_changed)
        for box in (self.seed, *self.seat_boxes):
            box.observe(self._staged_changed, names="value")
        self._seeding = self._seed_typed = False
        self.seed.observe(self._seed_changed, names="value")
        self.new_button.on_click(lambda _button: self.new_game())
        self.again_button.on_click(lambda _button: self.same_deal_again())
        for name, box in self.board_settings.items():
            box.observe(lambda change, name=name: self._board_setting(name, change["new"]), names="value")
        self.language.observe(self._language_changed, names="value")
        self._form_changed()
        self.new_game()

    def rules(self) -> GameRules:
        return self.form.rules()

    def _settings_toggled(self, change: Any) -> None:
        self.settings.layout.display = "" if change["new"] else "none"

    def _seat_choices(self) -> list[tuple[str, str]]:
        tr = translator(self.lang)
        return [(tr(SEAT_WORDS[kind]), kind) for kind in SEAT_KINDS]

    def _form_changed(self) -> None:
        """Another game or player count: its option inputs count as staged changes too."""
        for box in self.options.inputs.values():
            box.observe(self._staged_changed, names="value")
        self._staged_changed()

    def _staged_changed(self, _change: Any = None) -> None:
        """Say that the settings wait for New game (the board keeps its own game meanwhile)."""
        board = self.board
        same = board is not None and (board.game.rules.id == self.game_picker.value
                                      and board.game.players == self.players.value
                                      and board.game.seed == self.seed.value)
        note = translator(self.lang)("Changes take effect when you press New game; the game below goes on as it is.")
        self.staged.value = "" if same and board is not None and self._options_match(board) else note

    def _options_match(self, board: Board) -> bool:
        current = board.game.options
        return all(getattr(current, name) == value for name, value in self.options.values().items())

    def _language_changed(self, change: Any) -> None:
        """Another language: the app's words at once (the chosen settings kept), and the game on a
        board in that language."""
        self.lang = change["new"]
        tr = translator(self.lang)
        for box, word in ((self.language, "Language"), (self.seed, "Seed (the same seed deals the same cards)"),
                          (self.new_button, "New game"), (self.settings_button, "Settings"),
                          (self.again_button, "Same deal again")):
            box.description = tr(word)
        for setting in BOARD_SETTINGS:
            self.board_settings[setting.name].description = tr(setting.label)
        self.settings_button.tooltip = tr("Show or hide the settings for a new game")
        self.new_button.tooltip, self.again_button.tooltip = tr("Deal new cards"), tr("Deal the same cards again")
        self.header.html = header_html(self.lang)
        self.form.relabel(self.lang, self._seat_choices())
        if self.board is not None:
            self._show(self._board(self.board.game, self.board.seats))
            self._say_dealt()

    @property
    def teaching(self) -> widgets.Checkbox:
        """The teaching mode's tick box (every hand shown)."""
        return self.board_settings["teaching"]

    def _board_setting(self, name: str, on: bool) -> None:
        """A teacher's setting of the board (teaching mode, ``confirm`` moves, show ``notation``), at once."""
        if self.board is not None:
            getattr(self.board, f"set_{name}")(on)

    def _board(self, game: Any, seats: tuple[str, ...]) -> Board:
        """A board for ``game`` with the app's settings, its game-over line offering "Play again"."""
        step_mode = self.board.step_mode if self.board is not None else False
        board = board_for(game, seats=seats, step_mode=step_mode, lang=self.lang,
                          **{name: box.value for name, box in self.board_settings.items()})
        board.on_play_again = self.new_game
        return board

    def new_game(self) -> Board | None:
        """Deal a new game with the chosen settings and put its board on the page: new cards (a new
        seed), unless a seed was typed in the settings since the last deal."""
        if self.board is not None and not self._seed_typed:
            self._set_seed(random.randrange(10_000))
        return self._deal()

    def same_deal_again(self) -> Board | None:
        """Deal the same cards again (the seed of the game being played) with the chosen settings."""
        if self.board is not None and self.board.game.seed is not None:
            self._set_seed(self.board.game.seed)
        return self._deal()

    def _set_seed(self, seed: int) -> None:
        """The app's own choice of seed (not one typed in the settings)."""
        self._seeding = True
        try:
            self.seed.value = seed
        finally:
            self._seeding = False

    def _seed_changed(self, _change: Any) -> None:
        self._seed_typed = not self._seeding

    def _deal(self) -> Board | None:
        """Deal a game with the chosen settings and seed and put its board on the page."""
        players = self.players.value
        tr = translator(self.lang)
        seats = self.form.seats()
        try:
            game = new_game(self.game_picker.value, players=players, seed=self.seed.value,
                            options=self.options.values())
            board = self._board(game, seats)
        except DanishNbError as exc:
            problem = tr("Cannot start: {problem}", problem=exc)
            self.message.value = f'<span class="dn-message">{escape(problem)}</span>'
            return None
        self._show(board)
        for listener in self.dealt:
            listener(game)
        self._seed_typed = False
        self._say_dealt()
        return board

    def _say_dealt(self) -> None:
        """Say which game was dealt, and its seed to share (in the app's language)."""
        game = self.board.game
        shared = translator(self.lang)("{game}, {players} players, seed {seed}: share the seed so others get the "
                                       "same deal.", game=game.rules.title, players=game.players, seed=game.seed)
        self.message.value = f"<small>{escape(shared)}</small>"

    def _show(self, board: Board) -> None:
        """Put ``board`` on the page in place of the old one."""
        if self.board is not None:
            self.board.close()
        self.board = board
        board.tried.append(lambda verdict: [listener(board.game, verdict) for listener in self.tried])
        self.board_box.children = [board.box]
        self._staged_changed()


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
    root.children += (practice.keeper,)
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
        """The learner at a class seat, if this page sits at one."""
        from .practice.progress import Learner

        tables = self.tables
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

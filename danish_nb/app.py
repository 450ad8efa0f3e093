"""The Voila app: pick a game, the players and their seats, the rule options and a seed, then
play on the board below. A game is dealt at once, so the page is playable as soon as it shows.

>>> app = build_app(seed=7).app
>>> app.board.game.rules.id, app.board.seats
('danish-bastard', ('human', 'rule-of-thumb', 'rule-of-thumb'))
"""

from __future__ import annotations

import random
from typing import Any

import ipywidgets as widgets

from .core import GAMES, DanishNbError, GameRules, new_game
from .i18n import LANGUAGE_NAMES, LANGUAGES, check_lang, translator
from .widgets import SEAT_KINDS, Board, board_for, has_board
from .widgets.settings import OptionsPanel

DEFAULT_GAME = "danish-bastard"


class App:
    """The app's widgets and the board of the game being played (``app.widget`` is shown).

    Teaching mode applies at once; "step computer turns" is the board's own tick box and
    carries over to the next game.
    """

    def __init__(self, seed: int | None = None, lang: str = "en"):
        self.lang = check_lang(lang)
        games = [(rules.title, game_id) for game_id, rules in GAMES.items() if has_board(rules)]
        max_seats = max(GAMES[game_id].max_players for _, game_id in games)
        start = DEFAULT_GAME if any(g == DEFAULT_GAME for _, g in games) else games[0][1]
        self.game_picker = widgets.Dropdown(options=games, value=start, description="Game")
        self.game_picker.add_class("dn-game-picker")
        self.players = widgets.Dropdown(description="Players")
        self.players.add_class("dn-players")
        self.seat_boxes = [widgets.Dropdown(options=SEAT_KINDS, description=f"P{i + 1}",
                                            value="human" if i == 0 else "rule-of-thumb")
                           for i in range(max_seats)]
        for i, box in enumerate(self.seat_boxes):
            box.add_class(f"dn-seat-{i + 1}")
        self.seed = widgets.IntText(value=random.randrange(10_000) if seed is None else seed,
                                    description="Seed")
        self.seed.add_class("dn-seed")
        self.teaching = widgets.Checkbox(value=False, description="teaching mode: show all hands", indent=False)
        self.teaching.add_class("dn-teaching")
        self.options = OptionsPanel()
        self.language = widgets.Dropdown(options=[(LANGUAGE_NAMES[code], code) for code in LANGUAGES], value=lang,
                                         description="Language")
        self.language.add_class("dn-language")
        self.new_button = widgets.Button(description="New game", button_style="success")
        self.new_button.add_class("dn-new-game")
        self.message = widgets.HTML()
        self.message.add_class("dn-app-message")
        self.board_box = widgets.Box()
        self.board: Board | None = None
        seats = widgets.HBox(self.seat_boxes, layout=widgets.Layout(flex_flow="row wrap"))
        settings = widgets.VBox([
            widgets.HBox([self.game_picker, self.players, self.seed, self.language]), seats,
            self.teaching, self.options.widget,
        ])
        self.details = details = widgets.Accordion(children=[settings], titles=("Settings",))
        self.widget = widgets.VBox([details, widgets.HBox([self.new_button, self.message]), self.board_box])
        self.widget.add_class("dn-app")
        self.game_picker.observe(self._game_changed, names="value")
        self.players.observe(self._players_changed, names="value")
        self.new_button.on_click(lambda _button: self.new_game())
        self.teaching.observe(self._teaching_changed, names="value")
        self.language.observe(self._language_changed, names="value")
        self._words()
        self._game_changed()
        self.new_game()

    def rules(self) -> GameRules:
        return GAMES[self.game_picker.value]

    def _game_changed(self, _change: Any = None) -> None:
        rules = self.rules()
        top = min(rules.max_players, len(self.seat_boxes))
        keep = self.players.value if self.players.value and rules.min_players <= self.players.value <= top else 3
        self.players.options = list(range(rules.min_players, top + 1))
        self.players.value = min(max(keep, rules.min_players), top)
        self.options.show(rules, self.lang)
        self._players_changed()

    def _players_changed(self, _change: Any = None) -> None:
        for i, box in enumerate(self.seat_boxes):
            box.layout.display = "" if i < (self.players.value or 0) else "none"

    def _language_changed(self, change: Any) -> None:
        """A new language: the app's words at once, and a new board in it (the same deal)."""
        self.lang = change["new"]
        self._words()
        chosen = self.options.values()
        self.options.show(self.rules(), self.lang)
        for name, value in chosen.items():
            self.options.inputs[name].value = value
        self.new_game()

    def _words(self) -> None:
        """The app's own words in its language."""
        tr = translator(self.lang)
        for box, word in ((self.game_picker, tr("Game")), (self.players, tr("Players")), (self.seed, tr("Seed")),
                          (self.language, tr("Language")), (self.teaching, tr("teaching mode: show all hands")),
                          (self.new_button, tr("New game"))):
            box.description = word
        self.details.titles = (tr("Settings"),)

    def _teaching_changed(self, change: Any) -> None:
        if self.board is not None:
            self.board.set_teaching(change["new"])

    def new_game(self) -> Board | None:
        """Deal a new game with the chosen settings and put its board on the page."""
        players = self.players.value
        tr = translator(self.lang)
        seats = tuple(box.value for box in self.seat_boxes[:players])
        try:
            game = new_game(self.game_picker.value, players=players, seed=self.seed.value,
                            options=self.options.values())
            step_mode = self.board.step_mode if self.board is not None else False
            board = board_for(game, seats=seats, teaching=self.teaching.value, step_mode=step_mode, lang=self.lang)
        except DanishNbError as exc:
            problem = tr("Cannot start: {problem}", problem=exc)
            self.message.value = f'<span class="dn-message">{problem}</span>'
            return None
        if self.board is not None:
            self.board.close()
        self.board = board
        self.board_box.children = [board.widget]
        self.message.value = "<small>{}</small>".format(tr(
            "{game}, {players} players, seed {seed}: share the seed so others get the same deal.",
            game=game.rules.title, players=players, seed=game.seed))
        return board


def build_app(seed: int | None = None, lang: str = "en") -> widgets.Widget:
    """The whole app as one widget (its :class:`App` is on ``.app``; ``.board`` the board).

    ``seed=None`` deals a random game; the seed field shows it so it can be shared. ``lang``: the
    interface language (``"en"``, ``"fr"``, ``"de"``), also chosen in the app's Language menu.
    """
    app = App(seed=seed, lang=lang)
    root = app.widget
    root.app = app
    return root


__all__ = ["App", "build_app"]

"""The app of the static page, drawn as plain HTML from the one app model
(:class:`~danish_nb.app_model.AppModel`, which the Voila app draws with ipywidgets): the same
settings, buttons, screens and words, the same boards (:func:`~danish_nb.widgets.board_for` on a
:class:`~danish_nb.web.pad.PagePad`) and the same practice
(:class:`~danish_nb.widgets.practice.PracticeWidget` on a pad of its own).

Nothing here knows the transport: the page sends the form's values and the board's messages, and
each call returns what changed (see :meth:`PageApp.update`).

>>> app = PageApp(seed=7)
>>> app.board.game.rules.id, app.board.seats
('danish-bastard', ('human', 'rule-of-thumb', 'rule-of-thumb'))
>>> app.change({"game": "sjavs"})["note"]
'Changes take effect when you press New game; the game below goes on as it is.'
>>> app.new_game({"game": "sjavs", "seed": "3"})["message"]
'<small>Sjavs, 3 players, seed 3: share the seed so others get the same deal.</small>'
>>> app.new_game({"players": "9"})["message"]
'<span class="dn-message">Cannot start: Sjavs takes 3 to 4 players, not 9</span>'
>>> app.board.game.rules.id, app.players
('sjavs', 3)
>>> "Practice: Sjavs" in app.screen("practice")["practice"]
True
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

from ..app_model import ACTIONS, FIELDS, INTRO, RULE_OPTIONS, SCREENS, THINKING, AppModel, Progress, option_choices
from ..app_words import BOARD_SETTINGS
from ..core import DanishNbError, OptionInfo
from ..i18n import M, translator
from ..render.html import escape
from ..widgets import Board
from .pad import PagePad


def esc(text: Any) -> str:
    return escape(str(text), quote=True)


class PageApp:
    """One visitor's app on the page: its :class:`~danish_nb.app_model.AppModel` (``model``) drawn
    as HTML, and the Practice screen's practice of each game (kept while the page is open).

    ``seed=None`` deals a random game. ``iterations`` overrides the coach's search budget;
    ``progress`` hears how far a search is, ``partial`` what changed before a call's answer (a
    review's findings as they come); the worker posts both to the page.
    """

    def __init__(self, seed: int | None = None, lang: str = "en", *, iterations: int | None = None,
                 progress: Progress | None = None, partial: Callable[[str], None] | None = None):
        self.progress = progress
        self.partial = partial
        self.practices: dict[str, tuple[Any, PagePad]] = {}
        self.screen_name = SCREENS[0].name
        self.model = AppModel(seed=seed, lang=lang, make_pad=PagePad, background=False, iterations=iterations,
                              browser=True)
        #: What happened on the board before the practice of its game was opened: (game, verdict,
        #: record) of a move tried, or (game, None, None) for a new deal; handed over in order when opened.
        self.waiting: list[tuple[str, Any, Any]] = []
        self.model.tried.append(lambda game, verdict: self._happened(game.rules.id, verdict, game.to_record()))
        self.model.dealt.append(lambda game: self._happened(game.rules.id, None, None))

    # ------------------------------------------------------------------ the model's state
    @property
    def board(self) -> Board:
        return self.model.board

    @property
    def pad(self) -> PagePad:
        return self.board.widget

    @property
    def lang(self) -> str:
        return self.model.lang

    @property
    def game_id(self) -> str:
        return self.model.game_id

    @property
    def players(self) -> int:
        return self.model.players

    @property
    def seats(self) -> list[str]:
        return self.model.seats

    def coach_state(self) -> dict[str, Any]:
        return self.model.coach_state()

    def note(self) -> str:
        return self.model.note()

    # ------------------------------------------------------------------ what the page shows
    def chrome_html(self) -> str:
        """The whole app around the board (the site's header gives its title): the screens' switch,
        the intro, the buttons, the settings (hidden until asked for), the place of the board, the
        coach and the Practice screen's place."""
        tr, model = translator(self.lang), self.model
        actions = {action.name: action for action in ACTIONS}

        def button(name: str, extra: str = "", css: str = "") -> str:
            action = actions[name]
            return (f'<button type="button" class="{action.css}{css}" title="{esc(tr(action.tip))}"{extra}>'
                    f'{esc(tr(action.label))}</button>')
        screens = "".join(f'<button type="button" class="dn-screen" data-screen="{s.name}" '
                          f'aria-pressed="{str(s.name == self.screen_name).lower()}">{esc(tr(s.label))}</button>'
                          for s in SCREENS if not s.server)
        hint, review = button("hint", ' data-coach="hint"'), button("review", ' data-coach="review"')
        toggle = button("settings", ' aria-expanded="false" aria-controls="dn-settings"')
        coach = (f'<div class="dn-coach">{hint} {review} <progress class="dn-coach-progress" hidden '
                 f'aria-label="{esc(tr(THINKING))}"></progress><div class="dn-coach-text" role="status">'
                 f'{model.coach_state()["text"]}</div></div>')
        playing = " hidden" if self.screen_name != "play" else ""
        return (f'<div class="dn-mode" role="group">{screens}</div>'
                f'<p class="dn-intro">{esc(tr(INTRO))}</p>'
                f'<div class="dn-play-screen"{playing}>'
                f'{toggle}'
                f'<form class="dn-settings" id="dn-settings" hidden>{self.settings_html()}</form>'
                f'<div class="dn-new-row">{button("new", css=" dn-primary")} {button("again")} '
                f'<span class="dn-app-message" role="status">{model.message}</span></div>'
                f'<div class="dn-board-host"></div>{coach}</div>'
                f'<div class="dn-practice-host"{" hidden" if self.screen_name != "practice" else ""}></div>')

    def settings_html(self) -> str:
        """The settings form: game, players, language, seed, seats, the board settings, the rule options."""
        tr, model = translator(self.lang), self.model
        values = model.values()

        def select(name: str, choices: list[tuple[Any, str]], chosen: Any) -> str:
            items = "".join(f'<option value="{esc(value)}"{" selected" if value == chosen else ""}>'
                            f'{esc(label)}</option>' for value, label in choices)
            return f'<select name="{name}">{items}</select>'

        def field(css: str, label: str, control: str) -> str:
            return f'<label class="{css}">{esc(label)} {control}</label>'
        choices = {"game": model.game_choices(), "players": [(n, str(n)) for n in model.player_counts()],
                   "lang": model.language_choices()}
        top = [field(f.css, tr(f.label), select(f.name, choices[f.name], values[f.name]) if f.name in choices else
                     f'<input type="number" name="{f.name}" step="1" value="{esc(values[f.name])}">')
               for f in FIELDS]
        seats = [field(f.css, f.label, select(f.name, model.seat_choices(), values[f.name]))
                 for f in model.seat_fields()[:model.players]]
        boxes = "".join(
            f'<label class="{s.css}"><input type="checkbox" '
            f'name="{s.name}"{" checked" if values[s.name] else ""}> '
            f'{esc(tr(s.label))}</label>' for s in BOARD_SETTINGS)
        return (f'<div class="dn-settings-row">{"".join(top)}</div><div class="dn-settings-row">{"".join(seats)}</div>'
                f'{boxes}{self._options_html()}<p class="dn-settings-note" role="status">{esc(model.note())}</p>')

    def _options_html(self) -> str:
        tr, model = translator(self.lang), self.model
        infos = model.infos()
        if not infos:
            return ""
        inputs, helps = [], []
        for info in infos:
            label = model.option_label(info)
            inputs.append(f'<label class="dn-option">{esc(label)} {self._option_control(info)}</label>')
            ruling = f' <small>({esc(tr("ruling {ruling}", ruling=info.ruling))})</small>' if info.ruling else ""
            helps.append(f"<li><b>{esc(label)}</b>: {esc(info.help_in(self.lang))}{ruling}</li>")
        return (f'<div class="dn-options"><b>{esc(tr(RULE_OPTIONS))}</b><ul class="dn-option-help">{"".join(helps)}'
                f'</ul><div class="dn-settings-row">{"".join(inputs)}</div></div>')

    def _option_control(self, info: OptionInfo) -> str:
        """An option's input: a choice list in words, a tick box, a number or a text."""
        value, name, tip = self.model.option(info), f"opt-{info.name}", esc(info.help_in(self.lang))
        if info.choices:
            items = "".join(f'<option value="{esc(c)}"{" selected" if c == value else ""}>{esc(words)}</option>'
                            for c, words in option_choices(info, self.lang))
            return f'<select name="{name}" title="{tip}">{items}</select>'
        if isinstance(info.default, bool):
            return f'<input type="checkbox" name="{name}" title="{tip}"{" checked" if value else ""}>'
        if isinstance(info.default, int):
            bounds = "".join(f' {k}="{v}"' for k, v in (("min", info.low), ("max", info.high)) if v is not None)
            return f'<input type="number" name="{name}" step="1" value="{esc(value)}"{bounds} title="{tip}">'
        return f'<input type="text" name="{name}" value="{esc(value)}" title="{tip}">'

    def update(self, settings: bool = False, chrome: bool = False) -> dict[str, Any]:
        """What the page redraws: the board's HTML if it changed (``board_key`` names the board:
        a new key is a new board), the app's message, the settings note and the coach; the whole
        settings form or the whole app when asked; the practice's HTML if it changed; the seed (the
        form shows the one the model holds: New game draws a new one)."""
        model = self.model
        out: dict[str, Any] = {"board_key": model.generation, "message": model.message, "note": model.note(),
                               "coach": model.coach_state(), "lang": self.lang, "screen": self.screen_name,
                               "seed": str(model.seed)}
        html_now = self.pad.take()
        if html_now is not None or chrome:
            out["board"] = self.pad.html
        if chrome:
            out["chrome"] = self.chrome_html()
        elif settings:
            out["settings"] = self.settings_html()
        if self.screen_name == "practice":
            _practice, pad = self._practice(self._practice_game())
            shown = pad.take()
            if shown is not None or chrome or settings:
                out["practice"] = pad.html
        return out

    # ------------------------------------------------------------------ the visitor's actions
    def change(self, values: Mapping[str, Any]) -> dict[str, Any]:
        """The settings form changed (staged until New game); another game or number of players
        redraws the form for it, another language the whole app."""
        lang = self.lang
        shape = self.model.change(values)
        if self.lang != lang:
            for practice, _pad in self.practices.values():
                practice.set_lang(self.lang)
            return self.update(chrome=True)
        return self.update(settings=shape)

    def new_game(self, values: Mapping[str, Any]) -> dict[str, Any]:
        """Deal a new game with the settings (the form's ``values`` first): new cards unless a
        seed was typed. A game that cannot start says why and changes nothing."""
        shape = (self.model.game_id, self.model.players)
        self.model.new_game(values)
        return self.update(settings=shape != (self.model.game_id, self.model.players))

    def same_deal_again(self, values: Mapping[str, Any]) -> dict[str, Any]:
        """Deal the same cards again with the settings."""
        shape = (self.model.game_id, self.model.players)
        self.model.same_deal_again(values)
        return self.update(settings=shape != (self.model.game_id, self.model.players))

    def set_lang(self, lang: str) -> dict[str, Any]:
        """Another language: the whole app redrawn in it, the game going on on a board in it."""
        return self.change({"lang": lang})

    def message_to_board(self, message: Any) -> dict[str, Any]:
        """A message from the board's page (``board.js``), checked by the board like a widget's."""
        self.pad.deliver(message)
        return self.update()

    def hint(self) -> dict[str, Any]:
        """The coach's hint (:meth:`~danish_nb.app_model.Coach.hint`)."""
        self.model.hint(self.progress)
        return self.update()

    def review(self) -> dict[str, Any]:
        """The coach's review of the finished game (:meth:`~danish_nb.app_model.Coach.review`)."""
        partial = self.partial
        shown = None if partial is None else (lambda text: partial(json.dumps({"coach_text": text})))
        self.model.review(self.progress, shown)
        return self.update()

    # ------------------------------------------------------------------ the screens
    def screen(self, name: str) -> dict[str, Any]:
        """Show screen ``name`` (``play`` or ``practice``: the class tables need a server)."""
        if name not in {s.name for s in SCREENS if not s.server}:
            raise DanishNbError(M("there is no screen {name} on this page", name=repr(str(name)[:40])))
        self.screen_name = name
        return self.update(chrome=True)

    def _practice_game(self) -> str:
        return self.board.game.rules.id

    def _practice(self, game_id: str) -> tuple[Any, PagePad]:
        """The practice of ``game_id`` (made when first needed, under the board's options when
        that game is on the board): kept in memory while the page is open."""
        if game_id not in self.practices:
            import dataclasses

            from ..widgets.practice import PracticeWidget

            pad = PagePad()
            game = self.board.game
            options = dataclasses.asdict(game.options) if game.rules.id == game_id else {}
            practice = PracticeWidget(game_id, options=options, lang=self.lang, pad=pad)
            self.practices[game_id] = (practice, pad)
            for _game, verdict, record in [w for w in self.waiting if w[0] == game_id]:
                self._hand_over(practice, verdict, record)
            self.waiting = [w for w in self.waiting if w[0] != game_id]
        return self.practices[game_id]

    def _happened(self, game_id: str, verdict: Any, record: Any) -> None:
        """A move tried on the board (``verdict``) or a new deal (``None``): counted in the practice
        of that game, or kept until it is opened (the first board loads no practice)."""
        if game_id in self.practices:
            self._hand_over(self.practices[game_id][0], verdict, record)
        else:
            self.waiting.append((game_id, verdict, record))

    @staticmethod
    def _hand_over(practice: Any, verdict: Any, record: Any) -> None:
        if verdict is None:
            practice.session.new_game()
        else:
            practice.tried(verdict, record)

    def message_to_practice(self, message: Any) -> dict[str, Any]:
        """A message from the Practice screen's page (``board.js``), checked by the practice."""
        if self.screen_name != "practice":
            raise DanishNbError(M("the practice is not on the screen"))
        self._practice(self._practice_game())[1].deliver(message)
        return self.update()


__all__ = ["PageApp"]

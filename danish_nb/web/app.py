"""The app of the static page: the same boards as the Voila app (:func:`~danish_nb.widgets.board_for`
on a :class:`~danish_nb.web.pad.PagePad`), with settings, language and coach drawn as plain HTML.

Nothing here knows the transport: the page sends the form's values and the board's messages, and
each call returns what changed (see :meth:`PageApp.update`). Settings are staged, as in the Voila
app: the game, players, seats, options and seed change nothing until New game; the teacher's board
settings (teaching mode, confirming moves, notation) and the language apply at once.

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
"""

from __future__ import annotations

import html
import random
import re
from collections.abc import Callable, Mapping
from typing import Any

from .. import coach
from ..core import GAMES, DanishNbError, GameRules, OptionInfo, OptionsError, new_game
from ..i18n import LANGUAGE_NAMES, LANGUAGES, M, check_lang, translator
from ..widgets import BOARDS, SEAT_KINDS, Board, board_for
from ..widgets.app_words import BOARD_SETTINGS, SEAT_WORDS, applies, hint_html, label_of, review_html, won_by
from .pad import PagePad

#: The game a page starts with: the first declared.
DEFAULT_GAME = next(iter(GAMES))
#: The coach's searches in a browser: this share of the strong player's iterations (a hint
#: then takes a second or two in Pyodide on a slow machine: ``python -m benchmarks.site --steps``).
BROWSER_SHARE = 0.5
#: A report of a long search's progress: (done, total).
Progress = Callable[[int, int], None]


def esc(text: Any) -> str:
    return html.escape(str(text), quote=True)


class PageApp:
    """The app's state for one visitor: the staged settings, the board, the coach's last words.

    ``seed=None`` deals a random game. ``iterations`` overrides the coach's search budget;
    ``progress`` hears how far a search is (the worker posts it to the page).
    """

    def __init__(self, seed: int | None = None, lang: str = "en", *, iterations: int | None = None,
                 progress: Progress | None = None):
        self.lang = check_lang(lang)
        self.games = [card.id for card in GAMES.cards() if card.family in BOARDS]  # imports no game
        self.game_id = DEFAULT_GAME
        self.players = 3
        self.seed: Any = random.randrange(10_000) if seed is None else seed
        self.seats = ["human"] + ["rule-of-thumb"] * (max(GAMES.card(g).max_players for g in self.games) - 1)
        self.options: dict[str, Any] = {}
        #: The teacher's board settings (:data:`~danish_nb.widgets.app_words.BOARD_SETTINGS`: teaching
        #: mode, confirming each move, notation), applied at once.
        self.board_settings = {setting.name: False for setting in BOARD_SETTINGS}
        self.iterations = iterations
        self.progress = progress
        self.board: Board | None = None
        self.pad: PagePad | None = None
        self.generation = 0
        self.message = ""
        self.coach_text = ""
        self.new_game({})

    # ------------------------------------------------------------------ what the page shows
    def rules(self) -> GameRules:
        return GAMES[self.game_id]

    def infos(self) -> list[OptionInfo]:
        """The options of the chosen game that apply to the chosen number of players."""
        return [info for info in self.rules().info.options if applies(info, self.players)]

    def chrome_html(self) -> str:
        """The whole app around the board: settings (hidden until asked for), New game, the
        place of the board, the coach."""
        tr = translator(self.lang)
        hint = esc(tr("the best move here, and why"))
        review = esc(tr("your moves that were much worse than the best"))
        return (f'<button type="button" class="dn-settings-toggle" aria-expanded="false" aria-controls="dn-settings" '
                f'title="{esc(tr("Show or hide the settings for a new game"))}">{esc(tr("Settings"))}</button>'
                f'<form class="dn-settings" id="dn-settings" hidden>{self.settings_html()}</form>'
                f'<div class="dn-new-row"><button type="button" class="dn-new-game dn-primary">{esc(tr("New game"))}'
                f'</button> <span class="dn-app-message" role="status">{self.message}</span></div>'
                f'<div class="dn-board-host"></div>'
                f'<div class="dn-coach"><button type="button" class="dn-hint" data-coach="hint" title="{hint}">'
                f'{esc(tr("Hint"))}</button> <button type="button" class="dn-review" data-coach="review" '
                f'title="{review}">{esc(tr("Review my game"))}</button> <progress class="dn-coach-progress" hidden '
                f'aria-label="{esc(tr("thinking"))}"></progress><div class="dn-coach-text" role="status">'
                f'{self.coach_text}</div></div>')

    def settings_html(self) -> str:
        """The settings form: game, players, seed, language, seats, teaching mode, rule options."""
        tr = translator(self.lang)
        rules = self.rules()

        def select(name: str, choices: list[tuple[Any, str]], chosen: Any) -> str:
            items = "".join(f'<option value="{esc(value)}"{" selected" if value == chosen else ""}>'
                            f'{esc(label)}</option>' for value, label in choices)
            return f'<select name="{name}">{items}</select>'

        def field(css: str, label: str, control: str) -> str:
            return f'<label class="{css}">{esc(label)} {control}</label>'

        games = [(g, GAMES.card(g).title) for g in self.games]
        kinds = [(kind, tr(SEAT_WORDS[kind])) for kind in SEAT_KINDS]
        top = [field("dn-game-picker", tr("Game"), select("game", games, self.game_id)),
               field("dn-players", tr("Players"), select("players", [(n, str(n)) for n in rules.info.player_counts],
                                                         self.players)),
               field("dn-seed", tr("Seed (the same seed deals the same cards)"),
                     f'<input type="number" name="seed" step="1" value="{esc(self.seed)}">'),
               field("dn-language", tr("Language"),
                     select("lang", [(code, LANGUAGE_NAMES[code]) for code in LANGUAGES], self.lang))]
        seats = [field(f"dn-seat-{i + 1}", f"P{i + 1}", select(f"seat-{i + 1}", kinds, self.seats[i]))
                 for i in range(self.players)]
        boxes = "".join(
            f'<label class="{s.css}"><input type="checkbox" '
            f'name="{s.name}"{" checked" if self.board_settings[s.name] else ""}> '
            f'{esc(tr(s.label))}</label>' for s in BOARD_SETTINGS)
        return (f'<div class="dn-settings-row">{"".join(top)}</div><div class="dn-settings-row">{"".join(seats)}</div>'
                f'{boxes}{self._options_html()}<p class="dn-settings-note" role="status">{esc(self.note())}</p>')

    def _options_html(self) -> str:
        tr = translator(self.lang)
        infos = self.infos()
        if not infos:
            return ""
        inputs, helps = [], []
        for info in infos:
            value = self.options.get(info.name, info.default)
            name, label = f"opt-{info.name}", label_of(info, self.lang)
            tip = esc(tr(info.help))
            if info.choices:
                items = "".join(f'<option value="{i}"{" selected" if c == value else ""}>{esc(c)}</option>'
                                for i, c in enumerate(info.choices))
                control = f'<select name="{name}" title="{tip}">{items}</select>'
            elif isinstance(info.default, bool):
                control = f'<input type="checkbox" name="{name}" title="{tip}"{" checked" if value else ""}>'
            elif isinstance(info.default, int):
                bounds = "".join(f' {k}="{v}"' for k, v in (("min", info.low), ("max", info.high)) if v is not None)
                control = f'<input type="number" name="{name}" step="1" value="{esc(value)}"{bounds} title="{tip}">'
            else:
                control = f'<input type="text" name="{name}" value="{esc(value)}" title="{tip}">'
            inputs.append(f'<label class="dn-option">{esc(label)} {control}</label>')
            ruling = f' <small>({esc(tr("ruling {ruling}", ruling=info.ruling))})</small>' if info.ruling else ""
            helps.append(f"<li><b>{esc(label)}</b>: {tip}{ruling}</li>")
        return (f'<div class="dn-options"><b>{esc(tr("Rule options"))}</b><ul class="dn-option-help">{"".join(helps)}'
                f'</ul><div class="dn-settings-row">{"".join(inputs)}</div></div>')

    def note(self) -> str:
        """Whether the settings wait for New game (the board keeps its own game meanwhile)."""
        game = self.board.game if self.board is not None else None
        same = game is not None \
            and (game.rules.id, game.players, game.seed) == (self.game_id, self.players, self.seed) \
            and tuple(self.seats[:self.players]) == self.board.seats \
            and all(getattr(game.options, name) == value for name, value in self.options.items())
        return "" if same else translator(self.lang)(
            "Changes take effect when you press New game; the game below goes on as it is.")

    def coach_state(self) -> dict[str, Any]:
        """Which coach buttons work now (Hint on the human's turn, Review once the game is over)."""
        board, seat = self.board, self._coach_seat()
        mine = seat is not None and board.live and not board.screened and board.game.current_player == seat
        return {"hint": mine, "review": seat is not None and board.game.is_over, "text": self.coach_text}

    def update(self, settings: bool = False, chrome: bool = False) -> dict[str, Any]:
        """What the page redraws: the board's HTML if it changed (``board_key`` names the board:
        a new key is a new board), the app's message, the settings note and the coach; the whole
        settings form or the whole app when asked."""
        out: dict[str, Any] = {"board_key": self.generation, "message": self.message, "note": self.note(),
                               "coach": self.coach_state(), "lang": self.lang}
        html_now = self.pad.take() if self.pad is not None else None
        if html_now is not None or chrome:
            out["board"] = self.pad.html
        if chrome:
            out["chrome"] = self.chrome_html()
        elif settings:
            out["settings"] = self.settings_html()
        return out

    # ------------------------------------------------------------------ the visitor's actions
    def change(self, values: Mapping[str, Any]) -> dict[str, Any]:
        """The settings form changed (staged until New game); another game or number of players
        redraws the form for it. Teaching mode applies at once."""
        try:
            structure = self._stage(values)
        except DanishNbError as exc:
            self.message = f'<span class="dn-message">{esc(translator(self.lang)("Ignored: {text}.", text=exc))}</span>'
            return self.update()
        for name, on in self.board_settings.items():
            if name in values and bool(values[name]) != on:
                self.board_settings[name] = bool(values[name])
                getattr(self.board, f"set_{name}")(bool(values[name]))
        if "lang" in values and values["lang"] != self.lang:
            return self.set_lang(values["lang"])
        return self.update(settings=structure)

    def _stage(self, values: Mapping[str, Any]) -> bool:
        """Take the form's values; True if the game or the number of players changed. A value
        the form never offers raises :class:`DanishNbError` and nothing is taken (the seed and the
        options are checked by the engine when the game is dealt)."""
        game = values.get("game", self.game_id)
        if game not in self.games:
            raise OptionsError(M("there is no game {game} to choose", game=repr(str(game)[:40])))
        rules = GAMES[game]
        counts = rules.info.player_counts
        players = _number(values.get("players", self.players))
        if players not in counts:
            if game == self.game_id:
                raise OptionsError(M("{title} takes {min_players} to {max_players} players, not {players}",
                                     title=rules.title, min_players=rules.min_players, max_players=rules.max_players,
                                     players=str(players)[:20]))
            players = min(max(players if isinstance(players, int) else 3, counts[0]), counts[-1])
        seats = [values.get(f"seat-{i + 1}", kind) for i, kind in enumerate(self.seats)]
        wrong = [kind for kind in seats if kind not in SEAT_KINDS]
        if wrong:
            raise OptionsError(M("there is no seat kind {kind} to choose", kind=repr(str(wrong[0])[:40])))
        options = {} if game != self.game_id else dict(self.options)
        options |= {info.name: _option_value(info, values[f"opt-{info.name}"]) for info in rules.info.options
                    if f"opt-{info.name}" in values}
        structure = (game, players) != (self.game_id, self.players)
        self.game_id, self.players, self.seats, self.options = game, players, seats, options
        self.seed = _number(values.get("seed", self.seed))
        return structure

    def new_game(self, values: Mapping[str, Any]) -> dict[str, Any]:
        """Deal a new game with the settings (the form's ``values`` first) and show its board; a
        game that cannot start says why and changes nothing."""
        tr = translator(self.lang)
        structure = False
        try:
            structure = self._stage(values)
            options = {info.name: self.options.get(info.name, info.default) for info in self.infos()}
            game = new_game(self.game_id, players=self.players, seed=self.seed, options=options)
            self._show(game, self.board.step_mode if self.board is not None else False)
        except DanishNbError as exc:
            self.message = f'<span class="dn-message">{esc(tr("Cannot start: {problem}", problem=exc))}</span>'
            return self.update(settings=structure)
        shared = tr("{game}, {players} players, seed {seed}: share the seed so others get the same deal.",
                    game=game.rules.title, players=self.players, seed=game.seed)
        self.message = f"<small>{esc(shared)}</small>"
        return self.update(settings=structure)

    def _show(self, game: Any, step_mode: bool) -> None:
        pad = PagePad()
        board = board_for(game, seats=tuple(self.seats[:game.players]), step_mode=step_mode, lang=self.lang,
                          background=False, pad=pad, **self.board_settings)
        if self.board is not None:
            self.board.close()
        self.board, self.pad = board, pad
        self.generation += 1
        self.coach_text = ""

    def set_lang(self, lang: str) -> dict[str, Any]:
        """Another language: the whole app redrawn in it, the game going on on a board in it."""
        self.lang = check_lang(lang)
        board = self.board
        self._show(board.game, board.step_mode)
        game = board.game
        self.message = "<small>{}</small>".format(esc(translator(self.lang)(
            "{game}, {players} players, seed {seed}: share the seed so others get the same deal.",
            game=game.rules.title, players=game.players, seed=game.seed)))
        return self.update(chrome=True)

    def message_to_board(self, message: Any) -> dict[str, Any]:
        """A message from the board's page (``board.js``), checked by the board like a widget's."""
        self.pad.deliver(message)
        return self.update()

    # ------------------------------------------------------------------ the coach
    def _coach_seat(self) -> int | None:
        viewer = self.board.viewer
        return viewer if viewer is not None and self.board.seats[viewer] == "human" else None

    def _budget(self) -> int:
        if self.iterations is not None:
            return self.iterations
        from ..agents.search import default_iterations
        return max(10, int(default_iterations(self.game_id if self.board is None else self.board.game.rules.id)
                           * BROWSER_SHARE))

    def hint(self) -> dict[str, Any]:
        """The best move for the human to move, from that seat's view only (every hand in
        teaching mode), with the rule-of-thumb player's advice."""
        tr, board, seat = translator(self.lang), self.board, self._coach_seat()
        if not self.coach_state()["hint"]:
            self.coach_text = esc(tr("Ignored: {text}.", text=tr("it is not your turn")))
            return self.update()
        state = board.game.state
        view = state.view(seat, reveal_hands=True) if board.teaching else state.view(seat)
        try:
            found = coach.hint(view, seat, game_id=board.game.rules.id, iterations=self._budget(),
                               seed=len(board.game.history), progress=self.progress)
        except DanishNbError as exc:
            self.coach_text = esc(tr("The coach could not answer: {problem}", problem=exc))
            return self.update()
        self.coach_text = hint_html(found, seat, self.lang)
        return self.update()

    def review(self) -> dict[str, Any]:
        """The human's moves that were much worse than the best, once the game is over."""
        tr, board, seat = translator(self.lang), self.board, self._coach_seat()
        if not self.coach_state()["review"]:
            self.coach_text = esc(tr("Ignored: {text}.", text=tr("the game is not over yet")))
            return self.update()
        try:
            mistakes = coach.review(board.game, seat, iterations=self._budget(), progress=self.progress)
        except DanishNbError as exc:
            self.coach_text = esc(tr("The coach could not answer: {problem}", problem=exc))
            return self.update()
        self.coach_text = review_html(mistakes, seat, won_by(board.game, seat), self.lang)
        return self.update()


def _number(value: Any) -> Any:
    """A whole number from a form's text (``'12'``), else the value as it came (the engine then
    says what is wrong with it).

    >>> _number("12"), _number(" -3 "), _number("1e9"), _number(4)
    (12, -3, '1e9', 4)
    """
    if isinstance(value, str) and re.fullmatch(r"\s*-?\d{1,18}\s*", value):
        return int(value)
    return value


def _option_value(info: OptionInfo, value: Any) -> Any:
    """An option's value from its input: a choice by its index, a tick box's truth, a number's
    text as a number; anything else as it came (the engine checks it when the game is made)."""
    if info.choices:
        index = _number(value)
        return info.choices[index] if isinstance(index, int) and 0 <= index < len(info.choices) else value
    if isinstance(info.default, bool):
        return value
    return _number(value) if isinstance(info.default, int) else value


__all__ = ["PageApp"]

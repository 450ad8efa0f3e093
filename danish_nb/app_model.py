"""The app's state and behaviour, once for every host: the staged settings (game, players, seats,
rule options, seed, language), the teacher's board settings, New game and Same deal again, the
board being played, the message line, the coach's last words and the screens. No widget library
is imported, nor the widgets package (whose views import this model): the Voila app
(:mod:`danish_nb.app`, ipywidgets) and the serverless page (:mod:`danish_nb.web.app`, HTML in a
Web Worker) each draw this model and forward the visitor's actions to it, so a setting, a text or
a screen added here appears in both. The board it plays on is the one :mod:`danish_nb.boards`
names for the game (:class:`danish_nb.widgets.board.Board`, on the host's pad).

The form's values have one name each, in both hosts: ``game``, ``players``, ``seed``, ``lang``,
``seat-1``..., ``opt-<option>`` and each board setting's name (:data:`BOARD_SETTINGS`).

>>> app = AppModel(seed=7)
>>> app.board.game.rules.id, app.board.seats
('danish-bastard', ('human', 'rule-of-thumb', 'rule-of-thumb'))
>>> _ = app.change({"game": "sjavs"}); app.note()
'Changes take effect when you press New game; the game below goes on as it is.'
>>> _ = app.new_game({"seed": "3"}); app.message
'<small>Sjavs, 3 players, seed 3: share the seed so others get the same deal.</small>'
>>> app.new_game({"players": "9"}) is None, app.message
(True, '<span class="dn-message">Cannot start: Sjavs takes 3 to 4 players, not 9</span>')
>>> _ = app.new_game(); app.board.game.seed != 3  # New game deals new cards
True
>>> seed = app.board.game.seed; _ = app.same_deal_again(); app.board.game.seed == seed
True
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from .app_words import BOARD_SETTINGS, applies, hint_html, label_of, review_html, won_by
from .boards import BOARD_PATHS, board_class
from .core import GAMES, DanishNbError, Game, GameRules, OptionInfo, OptionsError, Verdict, load_record, new_game
from .i18n import LANGUAGE_NAMES, LANGUAGES, N_, M, check_lang, translator
from .render.html import escape
from .words import SEAT_KINDS, SEATS

if TYPE_CHECKING:
    from .coach import Mistake

#: The game the settings start with: the first declared.
DEFAULT_GAME = next(iter(GAMES))
#: The page's title and the line under it.
TITLE = N_("Danish card games")
INTRO = N_("Pick a game and play against the computer: every move is checked against the quoted rules.")
#: The coach's searches in a browser: this share of the strong player's iterations (a hint
#: then takes a second or two in Pyodide on a slow machine: ``python -m benchmarks.site --steps``).
BROWSER_SHARE = 0.5
#: A report of a long search's progress: (done, total).
Progress = Callable[[int, int], None]


class Board(Protocol):
    """What the model and its coach ask of a board (:class:`danish_nb.widgets.board.Board` is one)."""

    game: Game
    seats: tuple[str, ...]
    viewer: int | None
    lang: str
    teaching: bool
    step_mode: bool
    on_play_again: Callable[[], Any] | None
    on_review: Callable[[], Any] | None
    tried: list[Callable[[Verdict], Any]]

    def my_turn(self) -> bool: ...

    def close(self) -> None: ...


@dataclass(frozen=True)
class Field:
    """A setting of the first screen or of the settings panel: its form name, label and CSS class."""

    name: str
    label: str
    css: str


@dataclass(frozen=True)
class Action:
    """A button of the app: what it does (its name), its label, its tooltip and its CSS class."""

    name: str
    label: str
    tip: str
    css: str


@dataclass(frozen=True)
class Screen:
    """A screen of the app; ``server``: it needs the class server (not on a page with none)."""

    name: str
    label: str
    server: bool = False


#: The staged fields every host shows (then one per seat, the board settings and the options).
FIELDS = (Field("game", N_("Game"), "dn-game-picker"), Field("players", N_("Players"), "dn-players"),
          Field("lang", N_("Language"), "dn-language"),
          Field("seed", N_("Seed (the same seed deals the same cards)"), "dn-seed"))
#: The buttons every host shows.
ACTIONS = (Action("new", N_("New game"), N_("Deal new cards"), "dn-new-game"),
           Action("again", N_("Same deal again"), N_("Deal the same cards again"), "dn-same-deal"),
           Action("settings", N_("Settings"), N_("Show or hide the settings for a new game"), "dn-settings-toggle"),
           Action("hint", N_("Hint"), N_("the best move here, and why"), "dn-hint"),
           Action("review", N_("Review my game"), N_("your moves that were much worse than the best"), "dn-review"))
#: The app's screens, in order.
SCREENS = (Screen("play", N_("Play here")), Screen("tables", N_("Class table"), server=True),
           Screen("practice", N_("Practice")))
#: What the settings panel says while its changes wait for New game.
STAGED = N_("Changes take effect when you press New game; the game below goes on as it is.")
#: The message after a deal.
DEALT = N_("{game}, {players} players, seed {seed}: share the seed so others get the same deal.")
#: The progress bar's name while the coach thinks.
THINKING = N_("thinking")
#: Wall-clock budgets of the coach's searches with the default iterations (a learner waits):
#: a hint, a whole review (``python -m benchmarks.site --coach`` measures them; explicit iterations: no bound).
HINT_SECONDS = 0.8
REVIEW_SECONDS = 2.5
#: The heading over the rule options.
RULE_OPTIONS = N_("Rule options")


def header_html(lang: str = "en") -> str:
    """The app's header in ``lang``: its title and intro, and the page's language and title for
    the browser (an element with ``data-page-lang`` sets ``<html lang>`` and the tab's title).

    >>> 'data-page-lang="fr"' in header_html("fr"), "Jeux de cartes danois" in header_html("fr")
    (True, True)
    """
    tr = translator(lang)
    title = escape(tr(TITLE))
    return (f'<span hidden data-page-lang="{lang}" data-page-title="{title}"></span>'
            f'<h1 class="dn-title">{title}</h1><p class="dn-intro">{escape(tr(INTRO))}</p>')


def seat_field(i: int) -> Field:
    """The field of seat ``i`` (0-based): ``seat-1`` labelled P1."""
    return Field(f"seat-{i + 1}", f"P{i + 1}", f"dn-seat-{i + 1}")


def option_choices(info: OptionInfo, lang: str) -> list[tuple[Any, str]]:
    """An option's choices as (value, words in ``lang``).

    >>> import danish_nb as dn
    >>> option_choices(dn.GAMES["sjavs"].info.option("four_player_deal"), "de")[1][0]
    'no-skat'
    >>> option_choices(dn.GAMES["sjavs"].info.option("four_player_deal"), "en")[1][1]
    'all 20 cards: 5 each, no skat'
    """
    tr = translator(lang)
    return [(choice, tr(info.choice_label(choice))) for choice in info.choices]


class Coach:
    """The coach of a board's human seat: whether Hint and Review work now, and their words (HTML)
    after a search (``iterations`` per search; default the strong player's, or ``share`` of them,
    then bounded in time: :data:`HINT_SECONDS`, :data:`REVIEW_SECONDS`).
    The Voila panel runs :meth:`hint` and :meth:`review` in a thread; the page in its worker."""

    def __init__(self, board: Board, iterations: int | None = None, share: float | None = None):
        self.board = board
        self.iterations, self.share = iterations, share
        self.text = ""

    def seconds(self, bound: float) -> float | None:
        """A search's wall-clock bound: ``bound`` with the default iterations, none with explicit ones."""
        return bound if self.iterations is None else None

    def budget(self) -> int | None:
        """The iterations of a search (the search module imported only when the coach is asked)."""
        if self.iterations is not None or self.share is None:
            return self.iterations
        from .agents.search import default_iterations

        return max(10, int(default_iterations(self.board.game.rules.id) * self.share))

    def seat(self) -> int | None:
        """The human seat the coach speaks to: the board's viewer, if a human plays it."""
        viewer = self.board.viewer
        return viewer if viewer is not None and self.board.seats[viewer] == "human" else None

    def can_hint(self) -> bool:
        """The human's turn, the board live, no privacy screen."""
        return self.board.my_turn()

    def can_review(self) -> bool:
        return self.seat() is not None and self.board.game.is_over

    def _tr(self) -> Any:
        return translator(self.board.lang)

    def _say(self, html: str) -> str:
        self.text = html
        return html

    def hint(self, progress: Progress | None = None) -> str:
        """Search the best move for the human to move, from that seat's view only (every hand in
        teaching mode), with the rule-of-thumb player's advice."""
        tr, board, seat = self._tr(), self.board, self.seat()
        if not self.can_hint() or seat is None:
            return self._say(escape(tr("Ignored — {text}.", text=tr("it is not your turn"))))
        state, moves = board.game.state, len(board.game.history)
        view = state.view(seat, reveal_hands=True) if board.teaching else state.view(seat)
        from . import coach  # the coach's search imported when first asked (not before a page's first board)

        try:
            found = coach.hint(view, seat, game_id=board.game.rules.id, iterations=self.budget(), seed=moves,
                               progress=progress, seconds=self.seconds(HINT_SECONDS))
        except DanishNbError as exc:
            return self._say(escape(tr("The coach could not answer: {problem}", problem=exc)))
        if len(board.game.history) != moves:
            return self._say(escape(tr("The game moved on before the hint was ready: ask again.")))
        return self._say(hint_html(found, seat, board.lang))

    def review(self, progress: Progress | None = None, shown: Callable[[str], None] | None = None) -> str:
        """The human's moves that were much worse than the best, once the game is over;
        ``shown(html)`` hears the findings so far each time one more is found (the review goes on)."""
        tr, board, seat = self._tr(), self.board, self.seat()
        if not self.can_review() or seat is None:
            return self._say(escape(tr("Ignored — {text}.", text=tr("the game is not over yet"))))
        weighed = [0, 0]
        found: list[Mistake] = []
        won = won_by(board.game, seat)

        def heard(done: int, total: int) -> None:
            weighed[:] = [done, total]
            if progress is not None:
                progress(done, total)

        def more(mistake: Mistake) -> None:
            found.append(mistake)
            if shown is not None:
                so_far = sorted(found, key=lambda m: m.number)
                still = tr.n("Still weighing: {done} of your {n} choice so far.",
                             "Still weighing: {done} of your {n} choices so far.", weighed[1], done=weighed[0])
                shown(self._say(f"{review_html(so_far, seat, won, board.lang)}<p>{escape(still)}</p>"))

        from . import coach  # the coach's search imported when first asked

        try:
            mistakes = coach.review(board.game, seat, iterations=self.budget(), progress=heard,
                                    seconds=self.seconds(REVIEW_SECONDS), found=more)
        except DanishNbError as exc:
            return self._say(escape(tr("The coach could not answer: {problem}", problem=exc)))
        text = review_html(mistakes, seat, won, board.lang)
        if weighed[0] < weighed[1]:
            cut = tr.n("In its time the coach weighed {done} of your {n} choice, the quickest to weigh first.",
                       "In its time the coach weighed {done} of your {n} choices, the quickest to weigh first.",
                       weighed[1], done=weighed[0])
            text += f"<p>{escape(cut)}</p>"
        return self._say(text)


class AppModel:
    """One visitor's app: the staged settings, the board, the message line, the coach.

    ``seed=None`` deals a random game. ``make_pad`` makes each board's pad (default: the board's
    own widget); ``background``: slow computer players search in a thread; ``iterations``: the
    coach's search budget (default: the strong player's, :data:`BROWSER_SHARE` of it on a page,
    ``browser=True``). ``coach_of`` gives a board's coach when the host draws one with the
    board (the Voila board's own panel, whose review runs in a thread); by default the model makes
    it, and the board's "Review my game" asks it. ``shown`` hears each new board, ``tried`` each
    illegal move tried on it (with its game), ``dealt`` each new game (the Practice screen counts them).
    """

    def __init__(self, seed: int | None = None, lang: str = "en", *, make_pad: Callable[[], Any] | None = None,
                 background: bool = True, iterations: int | None = None, browser: bool = False,
                 coach_of: Callable[[Board], Coach] | None = None, shown: Callable[[Board], None] | None = None):
        self.lang = check_lang(lang)
        self.games = [card.id for card in GAMES.cards() if card.family in BOARD_PATHS]  # imports no game
        self.game_id = DEFAULT_GAME
        self.players = 3
        self.seed: Any = random.randrange(10_000) if seed is None else seed
        self.seed_typed = False
        self.seats = ["human"] + ["rule-of-thumb"] * (max(GAMES.card(g).max_players for g in self.games) - 1)
        self.options: dict[str, Any] = {}
        #: The teacher's board settings (:data:`BOARD_SETTINGS`), applied at once.
        self.board_settings = {setting.name: False for setting in BOARD_SETTINGS}
        self.make_pad, self.background, self.browser = make_pad, background, browser
        self.iterations = iterations
        self.coach_of = coach_of
        self.board: Board | None = None
        self.coach: Coach | None = None
        #: Each new board's number (a host redraws the board when it changes).
        self.generation = 0
        self.message = ""
        self.shown: list[Callable[[Board], None]] = [shown] if shown else []
        self.tried: list[Callable[[Game, Verdict], None]] = []
        self.dealt: list[Callable[[Game], None]] = []
        self.new_game()

    # ------------------------------------------------------------------ what the hosts draw
    def rules(self) -> GameRules:
        return GAMES[self.game_id]

    def infos(self) -> list[OptionInfo]:
        """The options of the chosen game that apply to the chosen number of players."""
        return [info for info in self.rules().info.options if applies(info, self.players)]

    def option(self, info: OptionInfo) -> Any:
        """The option's chosen value (its default until chosen)."""
        return self.options.get(info.name, info.default)

    def player_counts(self) -> list[int]:
        return list(self.rules().info.player_counts)

    def seat_fields(self) -> list[Field]:
        """Every seat's field (the hosts hide those past the number of players)."""
        return [seat_field(i) for i in range(len(self.seats))]

    def seat_choices(self) -> list[tuple[str, str]]:
        """The seat kinds as (kind, words)."""
        tr = translator(self.lang)
        return [(kind, tr(SEATS[kind].choice)) for kind in SEAT_KINDS]

    def game_choices(self) -> list[tuple[str, str]]:
        return [(g, GAMES.card(g).title) for g in self.games]

    @staticmethod
    def language_choices() -> list[tuple[str, str]]:
        return [(code, LANGUAGE_NAMES[code]) for code in LANGUAGES]

    def option_label(self, info: OptionInfo) -> str:
        return label_of(info, self.lang)

    def values(self) -> dict[str, Any]:
        """The form's values as the model holds them (what a host's inputs show)."""
        out: dict[str, Any] = {"game": self.game_id, "players": self.players, "seed": self.seed, "lang": self.lang}
        out |= {field.name: kind for field, kind in zip(self.seat_fields(), self.seats)}
        out |= {f"opt-{info.name}": self.option(info) for info in self.infos()}
        return out | dict(self.board_settings)

    def note(self) -> str:
        """Whether the settings wait for New game (the board keeps its own game meanwhile)."""
        board = self.board
        game = board.game if board is not None else None
        same = game is not None and board is not None \
            and (game.rules.id, game.players, game.seed) == (self.game_id, self.players, self.seed) \
            and tuple(self.seats[:self.players]) == board.seats \
            and all(getattr(game.options, info.name) == self.option(info) for info in self.infos())
        return "" if same else translator(self.lang)(STAGED)

    def dealt_text(self) -> str:
        game = self.board.game if self.board is not None else None
        if game is None:
            return ""
        return translator(self.lang)(DEALT, game=game.rules.title, players=game.players, seed=game.seed)

    def coach_state(self) -> dict[str, Any]:
        """Which coach buttons work now (Hint on the human's turn, Review once the game is over)."""
        found = self.coach
        return {"hint": found is not None and found.can_hint(), "review": found is not None and found.can_review(),
                "text": found.text if found is not None else ""}

    # ------------------------------------------------------------------ the visitor's actions
    def change(self, values: Mapping[str, Any]) -> bool:
        """The form changed: the game, players, seats, options and seed are staged until New game;
        the board settings and the language apply at once. Returns whether the form's shape changed
        (another game or number of players: other options and seats). A value the form never offers
        changes nothing and the message line says why."""
        try:
            structure = self._stage(values)
        except DanishNbError as exc:
            self.message = f'<span class="dn-message">{escape(translator(self.lang)("Ignored — {text}.", text=exc))}' \
                '</span>'
            return False
        for name, on in self.board_settings.items():
            if name in values and bool(values[name]) != on:
                self.set_board_setting(name, bool(values[name]))
        if "lang" in values and values["lang"] != self.lang:
            self.set_lang(values["lang"])
            return True
        return structure

    def _stage(self, values: Mapping[str, Any]) -> bool:
        """Take the form's values; True if the game or the number of players changed. A value the
        form never offers raises :class:`DanishNbError` and nothing is taken (the seed and the
        options are checked by the engine when the game is dealt)."""
        game = values.get("game", self.game_id)
        if game not in self.games:
            raise OptionsError(M("there is no game {game} to choose", game=repr(str(game)[:40])))
        if "lang" in values and values["lang"] not in LANGUAGES:
            raise OptionsError(M("there is no language {lang} to choose", lang=repr(str(values["lang"])[:40])))
        rules = GAMES[game]
        counts = rules.info.player_counts
        players = _number(values.get("players", self.players))
        if players not in counts:
            if game == self.game_id:
                raise OptionsError(M("{title} takes {min_players} to {max_players} players, not {players}",
                                     title=rules.title, min_players=rules.min_players, max_players=rules.max_players,
                                     players=str(players)[:20]))
            players = min(max(players if isinstance(players, int) else 3, counts[0]), counts[-1])
        seats = [values.get(field.name, kind) for field, kind in zip(self.seat_fields(), self.seats)]
        wrong = [kind for kind in seats if kind not in SEAT_KINDS]
        if wrong:
            raise OptionsError(M("there is no seat kind {kind} to choose", kind=repr(str(wrong[0])[:40])))
        options = {} if game != self.game_id else dict(self.options)
        options |= {info.name: _option_value(info, values[f"opt-{info.name}"]) for info in rules.info.options
                    if f"opt-{info.name}" in values}
        structure = (game, players) != (self.game_id, self.players)
        self.game_id, self.players, self.seats, self.options = game, players, seats, options
        seed = _number(values.get("seed", self.seed))
        if seed != self.seed:
            self.seed, self.seed_typed = seed, True
        return structure

    def set_board_setting(self, name: str, on: bool) -> None:
        """A teacher's setting of the board (teaching mode, ``confirm`` moves, show ``notation``), at once."""
        self.board_settings[name] = bool(on)
        if self.board is not None:
            getattr(self.board, f"set_{name}")(bool(on))

    def set_lang(self, lang: str) -> None:
        """Another language: the game goes on, on a board in it."""
        self.lang = check_lang(lang)
        if self.board is not None:
            self._show(self.board.game)
            self.message = f"<small>{escape(self.dealt_text())}</small>"

    def new_game(self, values: Mapping[str, Any] | None = None) -> Board | None:
        """Deal a new game with the settings (the form's ``values`` first): new cards (a new seed),
        unless a seed was typed since the last deal. A game that cannot start says why and changes
        nothing."""
        return self._deal(values, again=False)

    def same_deal_again(self, values: Mapping[str, Any] | None = None) -> Board | None:
        """Deal the same cards again (the seed of the game being played) with the settings."""
        return self._deal(values, again=True)

    def resume(self, record: Any, seats: Any) -> Board | None:
        """Go on with a game this visitor was playing: its ``record`` (replayed and checked) and
        its ``seats``' kinds, kept by their browser (:mod:`danish_nb.widgets.game_keeper`), so
        a page back after a server restart is where it was. Anything that does not fit changes
        nothing (``None``)."""
        try:
            game = load_record(record)
        except DanishNbError:
            return None
        if game.rules.id not in self.games or not isinstance(seats, list) or len(seats) != game.players \
                or any(kind not in SEAT_KINDS for kind in seats) or len(seats) > len(self.seats):
            return None
        self.game_id, self.players, self.seed, self.seed_typed = game.rules.id, game.players, game.seed, False
        self.seats[:game.players] = seats
        self.options = {info.name: getattr(game.options, info.name) for info in game.rules.info.options}
        self._show(game)
        self.message = f"<small>{escape(self.dealt_text())}</small>"
        return self.board

    def _deal(self, values: Mapping[str, Any] | None, again: bool) -> Board | None:
        tr = translator(self.lang)
        try:
            if values:
                self._stage(values)
            if self.board is not None and again and self.board.game.seed is not None:
                self.seed = self.board.game.seed
            elif self.board is not None and not self.seed_typed:
                self.seed = random.randrange(10_000)
            options = {info.name: self.option(info) for info in self.infos()}
            game = new_game(self.game_id, players=self.players, seed=self.seed, options=options)
            self._show(game)
        except DanishNbError as exc:
            self.message = f'<span class="dn-message">{escape(tr("Cannot start: {problem}", problem=exc))}</span>'
            return None
        self.seed_typed = False
        for listener in self.dealt:
            listener(game)
        self.message = f"<small>{escape(self.dealt_text())}</small>"
        return self.board

    def _show(self, game: Game) -> None:
        """A board for ``game`` with the app's settings in place of the old one."""
        old = self.board
        extra: dict[str, Any] = {} if self.make_pad is None else {"pad": self.make_pad()}
        seats = tuple(self.seats[:game.players]) if old is None or old.game is not game else old.seats
        board: Board = board_class(game.rules)(game, seats=seats, step_mode=old.step_mode if old is not None else False,
                                               lang=self.lang, background=self.background, **extra,
                                               **self.board_settings)
        board.on_play_again = self.new_game
        if self.coach_of is None:
            board.on_review = self.review
        board.tried.append(lambda verdict: [listener(board.game, verdict) for listener in self.tried])
        if old is not None:
            old.close()
        self.board = board
        self.coach = Coach(board, self.iterations, BROWSER_SHARE if self.browser else None) \
            if self.coach_of is None else self.coach_of(board)
        self.generation += 1
        for listener in self.shown:
            listener(board)

    # ------------------------------------------------------------------ the coach
    def hint(self, progress: Progress | None = None) -> str:
        """The coach's hint for the human to move (see :meth:`Coach.hint`)."""
        return self.coach.hint(progress) if self.coach is not None else ""

    def review(self, progress: Progress | None = None, shown: Callable[[str], None] | None = None) -> str:
        """The coach's review of the human's finished game (see :meth:`Coach.review`)."""
        return self.coach.review(progress, shown) if self.coach is not None else ""


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
    """An option's value from its input: a choice (as it is, or its text as a page's form sends it),
    a tick box's truth, a number's text as a number; anything else as it came (the engine checks it).

    >>> import danish_nb as dn
    >>> points = dn.GAMES["bastard"].info.option("points_per_trick")
    >>> _option_value(points, "0"), _option_value(points, 1), _option_value(points, "7")
    (0, 1, '7')
    """
    if info.choices:
        return next((choice for choice in info.choices if choice == value or str(choice) == str(value)), value)
    if isinstance(info.default, bool):
        return value
    return _number(value) if isinstance(info.default, int) else value


__all__ = ["ACTIONS", "BROWSER_SHARE", "DEFAULT_GAME", "FIELDS", "SCREENS", "Action", "AppModel", "Coach", "Field",
           "Screen", "header_html", "option_choices", "seat_field"]

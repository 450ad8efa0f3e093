"""The app's Practice screen: the game to practise, the learner's practice of it (keyed by
their class seat when they sit at a class table, else by this browser's practice token), and,
behind the teacher key, the teacher's view of the room's practice.

The teacher's view opens only with the key (checked as the class tables' teacher key is, wrong
keys slowing down only this page: :class:`~danish_nb.tables.keys.KeyGuard`); until then its page shows the key
field alone and refuses every other message. A learner's screen reads the learner's own
record only.

>>> from danish_nb.tables import open_store
>>> tab = PracticeTab(store=open_store("sqlite:///:memory:"), token="a-learner-token-0123")
>>> tab.practices and tab.show("bastard").game_id
'bastard'
>>> tab.teacher.open("guess")
False
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from html import escape
from typing import Any

import ipywidgets as widgets

from ..core import GAMES, Verdict, get_game
from ..i18n import M, Message, check_lang, translator
from ..practice.progress import Learner, ProgressStore, open_progress
from ..practice.report import report_csv, room_report
from ..render.practice import data_link, report_html
from ..tables import Store
from ..tables.keys import KeyGuard, TooManyTries
from .learner_keeper import LearnerKeeper
from .pad import HtmlPad
from .practice import STYLE, PracticeWidget
from .table_teacher import TEACHER_ENV

#: The environment variable naming this server's room (as for the class tables).
ROOM_ENV = "DANISH_NB_ROOM"


class PracticeTeacher:
    """The teacher's view of the room's practice (``widget``): a key field, then per game the
    rules x learners table, the hardest rules, the last errors, a CSV to save."""

    def __init__(self, progress: Callable[[], ProgressStore | None], *, room: str = "",
                 options: Callable[[str], Mapping[str, Any]] | None = None, game: str | None = None,
                 lang: str = "en"):
        self._progress = progress
        self.room = room
        self._key_guard = KeyGuard()  # this page's wrong keys (its kernel is the learner's device)
        self.options = options or (lambda game: {})
        self.lang = check_lang(lang)
        self.opened = False
        self.game = get_game(game).id if game else next(iter(GAMES))
        self.sort: str | None = None
        self.download = ""
        self.message = ""
        self._drawing = False
        self.key_box = widgets.Password()
        self.key_box.add_class("dn-practice-key")
        self.open_button = widgets.Button(layout=widgets.Layout(width="auto"))
        self.open_button.add_class("dn-practice-teacher")
        self.open_button.on_click(lambda _b: self.open(self.key_box.value))
        self.pad = HtmlPad()
        self.pad.add_class("dn-practice-report")
        self.pad.on_msg(self._on_msg)
        self.pad.observe(self._on_html_set, names="html")
        self.widget = widgets.VBox([widgets.HBox([self.key_box, self.open_button]), self.pad])
        self.set_lang(lang)

    def set_lang(self, lang: str) -> None:
        self.lang = check_lang(lang)
        tr = translator(self.lang)
        self.key_box.description = tr("Teacher key")
        self.open_button.description = tr("Teacher's view of practice")
        self._render()

    def open(self, key: str) -> bool:
        """Open the view if ``key`` is the server's teacher key (``$DANISH_NB_TEACHER_KEY``)."""
        expected = os.environ.get(TEACHER_ENV, "")
        if not expected:
            return self._say(M("The teacher view is off: start the server with {name} set to a key.", name=TEACHER_ENV))
        progress = self._progress()
        if progress is None:
            return self._say(M("Practice is not kept here, so there is nothing to show."))
        try:
            right = self._key_guard.check(str(key), expected)
        except TooManyTries as exc:
            self.key_box.value = ""
            return self._say(exc.text_in(self.lang))
        self.key_box.value = ""
        if not right:
            return self._say(M("That is not the teacher key."))
        self.opened = True
        self.message = ""
        self._render()
        return True

    def show(self, game: str) -> None:
        """Show the report of ``game``."""
        if not self.opened:
            return self._refuse()
        self.game, self.sort, self.download = get_game(game).id, None, ""
        self._render()

    def sort_by(self, rule: str | None) -> None:
        """Sort the learners by their recall of ``rule`` (weakest first), or by name."""
        if not self.opened:
            return self._refuse()
        self.sort = rule or None
        self._render()

    def csv(self) -> str | None:
        """The report as CSV (and a link on the page that saves it)."""
        if not self.opened:
            return self._refuse()
        text = report_csv(self.report())
        self.download = data_link(text, f"practice-{self.game}.csv", translator(self.lang)("Save the table (CSV)"),
                                  "text/csv")
        self._render()
        return text

    def report(self) -> Any:
        return room_report(self._progress(), self.room, self.game, self.options(self.game))

    def _on_html_set(self, _change: Any) -> None:
        if not self._drawing:
            self._say(M("the page was changed from outside the practice"))

    def _on_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not self.opened:
            self._refuse()
            return
        act = content.get("act") if isinstance(content, dict) else None
        code = content.get("code") if isinstance(content, dict) else None
        if act == "game" and isinstance(code, str) and code in GAMES:
            self.show(code)
        elif act == "sort" and isinstance(code, str) and (code == "" or code in self.report().rules):
            self.sort_by(code)
        elif act == "csv":
            self.csv()
        else:
            self._say(M("Ignored — {text}.", text=M("a message the practice did not understand")))

    def _refuse(self) -> None:
        self._say(M("Type the teacher key first."))

    def _say(self, text: str | Message) -> bool:
        self.message = translator(self.lang).render(text)
        self._render()
        return False

    def _render(self) -> None:
        tr = translator(self.lang)
        parts = []
        if self.message:
            parts.append(f'<p class="dn-message">{escape(self.message)}</p>'
                         f'<div class="dn-announce" hidden>{escape(self.message)}</div>')
        if self.opened:
            games = [(game_id, GAMES.card(game_id).title) for game_id in GAMES]
            parts.append(report_html(self.report(), games, sort=self.sort, lang=self.lang))
            parts.append(f'<p><button type="button" data-act="csv" data-key="csv">{escape(tr("Export as CSV"))}'
                         f'</button> {self.download}</p>')
        self._drawing = True
        try:
            self.pad.html = f'{STYLE}<div class="dn-practice">{"".join(parts)}</div>' if parts else ""
        finally:
            self._drawing = False


class PracticeTab:
    """The Practice screen (``widget``): a game picker, the learner's practice of that game, the
    teacher's view. ``store`` (default: :func:`~danish_nb.tables.open_store`, opened when first
    needed); the learner is ``seat()`` (a :class:`Learner` at a class seat, or ``None``) or else
    the local learner of ``token`` (or of the ``keeper``'s token once the page reports it).
    ``table_options(game)``: the options of the table being played (the app's board)."""

    def __init__(self, *, store: Store | None = None, keeper: LearnerKeeper | None = None, token: str | None = None,
                 seat: Callable[[], Learner | None] | None = None,
                 table_options: Callable[[str], Mapping[str, Any]] | None = None, room: str | None = None,
                 game: str | None = None, lang: str = "en"):
        self._store = store
        self._progress: ProgressStore | None = None
        self._opened = False
        #: Why progress is not kept, if it is not (no store could be opened).
        self.problem = ""
        self.keeper = keeper
        self.token = token
        self.seat = seat or (lambda: None)
        self.table_options = table_options or (lambda game: {})
        self.room = room if room is not None else os.environ.get(ROOM_ENV, "")
        self.lang = check_lang(lang)
        self.practices: dict[tuple[str, str], PracticeWidget] = {}
        self.waiting: list[tuple[str, Verdict, dict[str, Any]]] = []
        games = [(card.title, card.id) for card in GAMES.cards()]
        self.game_picker = widgets.Dropdown(options=games, value=game or games[0][1])
        self.game_picker.add_class("dn-practice-game")
        self.game_picker.observe(lambda change: self.show(change["new"]), names="value")
        self.holder = widgets.Box()
        self.intro = widgets.HTML()
        self.teacher = PracticeTeacher(lambda: self.progress, room=self.room,
                                       options=self.options, game=self.game_picker.value, lang=lang)
        self.teacher_box = widgets.VBox([self.teacher.widget])
        self.widget = widgets.VBox([self.intro, self.game_picker, self.holder, self.teacher_box])
        self.widget.add_class("dn-practice-tab")
        self._words()
        if keeper is not None and token is None:
            keeper.when_known(self._token_known)
        elif self.learner() is not None:
            self.show(self.game_picker.value)

    @property
    def progress(self) -> ProgressStore | None:
        """Where progress is kept (opened when first needed; ``None`` if no store can be opened)."""
        if not self._opened:
            self._opened = True
            self._progress, self.problem = open_progress(self._store)
        return self._progress

    def learner(self) -> Learner | None:
        """Whose practice it is now: the class seat, else this browser's learner (``None`` until known)."""
        seat = self.seat()
        if seat is not None:
            return seat
        if self.token is None:
            return None
        return Learner.local(self.token, room=self.room)

    def options(self, game: str) -> dict[str, Any]:
        options = self.table_options(game)
        return dict(options) if options else {}

    def practice(self, game: str) -> PracticeWidget | None:
        """The learner's practice of ``game`` (made when first needed; ``None`` while the learner
        is not known yet)."""
        learner = self.learner()
        if learner is None:
            return None
        options = self.options(game)
        key = (learner.key, game, repr(sorted(options.items())))
        if key not in self.practices:
            self.practices[key] = PracticeWidget(game, learner=learner, progress=self.progress, options=options,
                                                 lang=self.lang)
            self._words()
        return self.practices[key]

    def show(self, game: str) -> PracticeWidget | None:
        """Practise ``game`` on the screen."""
        game = get_game(game).id
        if self.game_picker.value != game:
            self.game_picker.value = game  # (observed: comes back here)
            return self.practice(game)
        practice = self.practice(game)
        if practice is None:
            self.holder.children = []
            self.intro.value = f"<p>{escape(translator(self.lang)('Loading your progress...'))}</p>"
            return None
        practice.set_lang(self.lang)
        self.holder.children = [practice.widget]
        self._words()
        return practice

    def tried(self, game: str, verdict: Verdict, record: Mapping[str, Any] | None = None) -> None:
        """An illegal move tried on the app's board: counted in the learner's practice of that game."""
        practice = self.practice(game)
        if practice is None:
            self.waiting.append((game, verdict, dict(record or {})))
            return
        practice.tried(verdict, record)

    def new_game(self, game: str) -> None:
        """A new game began on the app's board: its errors are counted afresh."""
        practice = self.practice(game)
        if practice is not None:
            practice.session.new_game()

    def _token_known(self, token: str) -> None:
        self.token = token
        for game, verdict, record in self.waiting:
            self.tried(game, verdict, record)
        self.waiting.clear()
        if self.holder.children == () or not self.holder.children:
            self.show(self.game_picker.value)

    def _words(self) -> None:
        tr = translator(self.lang)
        self.game_picker.description = tr("Game")
        learner = self.learner()
        who = tr("You practise at your class seat.") if learner is not None and learner.kind == "seat" else \
            tr("Your progress is kept in this browser's name on this server.")
        if self._opened and self._progress is None:
            who = tr("Your progress cannot be kept here ({problem}): it lasts as long as this page.",
                     problem=self.problem)
        intro = tr("Practise the rules you get wrong: each question is a position in which one rule decides.")
        self.intro.value = f'<p class="dn-practice-intro">{escape(intro)} {escape(who)}</p>'

    def set_lang(self, lang: str) -> None:
        self.lang = check_lang(lang)
        self.teacher.set_lang(lang)
        for practice in self.practices.values():
            practice.set_lang(lang)
        self._words()


__all__ = ["PracticeTab", "PracticeTeacher"]

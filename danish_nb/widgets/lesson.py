"""Lesson helpers: a position quiz, a rule, the rulings and options of a game, the list of games,
a table drawn from one player's view, and a stepped replay of a recorded game.

Everything shown comes from the engine: the quiz asks ``game.explain`` for every verdict and
never changes the game; tables are drawn from ``state.view(player)``, so face-down cards, the
stock and other players' hands never reach the page.

>>> import danish_nb as dn
>>> g = dn.setup("danish-bastard", {"hands": [["8H", "4C"], ["9S"]], "pile": ["6C"]})
>>> quiz = PositionQuiz(g, try_moves=["P1 play 4C"])
>>> [b.description for b in quiz.buttons]
['Play the four of clubs', 'Play the eight of hearts']
>>> print(quiz.answer("P1 play 4C"))
illegal. The four of clubs on the six of clubs: lower than the card before (rule DB-13)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from html import escape
from pathlib import Path
from typing import Any, ClassVar, TypeVar

import anywidget
import ipywidgets as widgets
import traitlets
from IPython.display import HTML
from ipywidgets.widgets.widget_string import HTMLStyle

from ..app_words import label_of
from ..core import GAMES, DanishNbError, Game, Text, Verdict, get_game, option_infos, render_text
from ..i18n import N_, in_turn, translator
from ..render.html import rule_html, verdict_html
from ..render.quiz import PROMPT, Quiz, face_text
from ..render.replay import step_lines
from ..render.views import lesson_table
from ..web.lessons import quiz_body

_HERE = Path(__file__).parent
#: Every style of the package's pages (cards, tables, boards, lessons): one file.
BOARD_CSS = (_HERE / "board.css").read_text(encoding="utf-8")


def style_html() -> str:
    """The ``<style>`` element every lesson fragment needs (cards, tables, rules)."""
    return f"<style>{BOARD_CSS}</style>"


W = TypeVar("W", bound=widgets.Widget)
#: Models every replay (and quiz: its layout) of this kernel shares (layouts, styles, the style sheet): a lesson
#: of 35 quizzes sent its browser 1172 models (2.3 MB) when each widget had its own, and the
#: browser, busy making them, answered a click late.
_SHARED: dict[str, widgets.Widget] = {}


def _shared(key: str, make: Callable[[], W]) -> W:
    """The kernel's one model ``key``, made by ``make`` when first asked (or once closed)."""
    found = _SHARED.get(key)
    if found is None or getattr(found, "comm", None) is None:
        found = _SHARED[key] = make()
    return found  # type: ignore[return-value]


def _layout(**traits: str) -> widgets.Layout:
    """The shared layout with these traits (``width="auto"``, ...)."""
    return _shared(f"layout {sorted(traits.items())}", lambda: widgets.Layout(**traits))


def _style(kind: type[W]) -> W:
    """The shared default style of a widget kind (``widgets.ButtonStyle``, ...)."""
    return _shared(kind.__name__, kind)


def _html(value: str = "") -> widgets.HTML:
    """An HTML widget with the shared layout and style."""
    return widgets.HTML(value, layout=_layout(), style=_style(HTMLStyle))


def style_sheet() -> widgets.HTML:
    """The package's styles as one hidden widget shared by every replay of the kernel (sent to
    the browser once; each replay still carries it, so one shown alone is styled)."""
    return _shared("style sheet", lambda: widgets.HTML(style_html(), layout=widgets.Layout(display="none"),
                                                       style=_style(HTMLStyle)))


def styles() -> HTML:
    """Display once at the top of a notebook: the styles of the static outputs below (which
    carry none, so their stored outputs do not change when the styles do)."""
    return HTML(style_html())


def show_table(game: Game, player: int | None = None, *, render: Callable[[Any], str] | None = None,
               lang: str = "en") -> HTML:
    """The table as ``player`` sees it (default: the player to move), drawn by ``render`` (a
    view to HTML; default: the drawing registered for the view's type,
    :func:`~danish_nb.render.views.lesson_table`, in ``lang``).

    >>> import danish_nb as dn
    >>> "dn-total-value" in show_table(dn.new_game("rat-bastard-17", players=2, seed=7)).data
    True
    """
    seat = game.current_player if player is None else player
    view = game.state.view(seat)
    return HTML(render(view) if render else lesson_table(view, lang))


def show_rule(game_id: str, rule_id: str, lang: str = "en") -> HTML:
    """One rule of a game's catalogue, quoted with its English rendering (and, for a reader of
    ``lang``, a rendering in it).

    >>> "equal or higher" in show_rule("danish-bastard", "DB-13").data
    True
    """
    return HTML(rule_html(get_game(game_id).catalogue[rule_id], lang))


def _info_table(header: Sequence[str], rows: Iterable[Sequence[str]], lang: str = "en") -> HTML:
    tr = translator(lang)
    head = "".join(f"<th>{escape(tr.render(h))}</th>" for h in header)
    body = "".join("<tr>" + "".join(f"<td>{escape(str(c))}</td>" for c in row) + "</tr>" for row in rows)
    return HTML(f'<table class="dn-info"><tr>{head}</tr>{body}</table>')


def games_table(lang: str = "en") -> HTML:
    """Every registered game (in source-document order): id, title, source, players, and how
    many rules, rulings and options it has."""
    rows = [(g.id, g.title, g.source, f"{g.min_players}-{g.max_players}", len(g.catalogue),
             len(g.catalogue.rulings), len(option_infos(g.options_type)))
            for g in sorted(GAMES.values(), key=lambda g: g.source)]
    return _info_table((N_("id"), N_("title"), N_("source"), N_("players"), N_("rules"), N_("rulings"),
                        N_("options")), rows, lang)


def rulings_table(game_id: str, lang: str = "en") -> HTML:
    """Each ruling of a game: the question, our reading, the rules it touches and the option
    (with its default) that selects another reading, if there is one (in ``lang``)."""
    tr = translator(lang)
    game = get_game(game_id)

    def option(name: str | None) -> str:
        if name is None:
            return tr("(documented ruling)")
        info = game.info.option(name)
        if info.choice_labels and not isinstance(info.default, bool):  # a choice's words may hold a colon
            return tr("{option} “{choice}”", option=label_of(info, lang), choice=_value_words(info, info.default, lang))
        return tr("{option}: {value}", option=label_of(info, lang), value=_value_words(info, info.default, lang))
    rows = [(r.id, r.question_in(lang), r.reading_in(lang), ", ".join(r.rules), option(r.option))
            for r in game.catalogue.rulings.values()]
    return _info_table((N_("ruling"), N_("question"), N_("our reading"), N_("rules"), N_("option")), rows, lang)


def _value_words(info: Any, value: Any, lang: str) -> str:
    """An option's value in words (in ``lang``): on or off, a choice's words, or the number."""
    tr = translator(lang)
    if isinstance(value, bool):
        return tr("on") if value else tr("off")
    return tr(info.choice_label(value)) if info.choice_labels else str(value)


def options_table(game_id: str, lang: str = "en") -> HTML:
    """A game's rule options in words (in ``lang``): its label, its default, the other choices
    (one after another, "2: the nasty card wins; 6: both pay": a choice may have a colon of its own),
    what it does and its ruling.

    >>> html = options_table("le-danish", "fr").data
    >>> "last-player" in html, "after_pickup" in html
    (False, False)
    """
    tr = translator(lang)
    game = get_game(game_id)

    def value(info: Any, choice: Any) -> str:
        return _value_words(info, choice, lang)
    rows = [(label_of(i, lang), value(i, i.default),
             tr.render(in_turn(value(i, c) for c in i.choices if c != i.default)) if i.choices else "",
             i.help_in(lang), i.ruling or "") for i in game.info.options]
    return _info_table((N_("option"), N_("default"), N_("other choices"), N_("what it does"), N_("ruling")), rows,
                       lang)


# --------------------------------------------------------------------------- the quiz

class AnswerSheet:
    """A quiz's answers, one line per move: hidden behind a "Show answers" toggle in HTML (a
    ``<details>`` element: keyboard-operable, no widget), plain in text."""

    def __init__(self, text: str, lang: str = "en"):
        self.text = text
        self.lang = lang

    def __repr__(self) -> str:
        return self.text

    def _repr_html_(self) -> str:
        return (f'<details class="dn-answers"><summary>{escape(translator(self.lang)("Show answers"))}</summary>'
                f'<pre>{escape(self.text)}</pre></details>')


def _keep_answer(game: Game, verdict: Verdict) -> None:
    """In a lesson served to a class, the answer goes to the page's learner's record
    (:func:`~danish_nb.widgets.learner_keeper.page_learner`); a notebook keeps none."""
    from .learner_keeper import page_learner

    page = page_learner()
    if page is not None:
        page.quiz_answered(game, verdict)


class Drawn:
    """A part of a quiz drawn once, read as ``.value`` (HTML), as when it was a widget: its table."""

    def __init__(self, value: str):
        self.value = value


class VerdictBox:
    """Where a quiz shows its verdict, read and written as ``.value`` (HTML), as when it was a
    widget: the quiz's synced ``verdict_html``."""

    def __init__(self, quiz: PositionQuiz):
        self._quiz = quiz

    @property
    def value(self) -> str:
        return self._quiz.verdict_html

    @value.setter
    def value(self, shown: str) -> None:
        self._quiz.verdict_html = shown


class QuizButton:
    """A move's button of a quiz, as Python sees it: its words, its mark once tried
    (``button_style``: ``"success"`` legal, ``"danger"`` not), and :meth:`click`, which asks for
    the move's verdict as a click in the browser does."""

    def __init__(self, quiz: PositionQuiz, index: int, description: str):
        self._quiz, self._index, self.description = quiz, index, description

    @property
    def button_style(self) -> str:
        return {"legal": "success", "illegal": "danger"}.get(self._quiz.marks[self._index], "")

    def click(self) -> None:
        self._quiz.answer(self._quiz.model.buttons[self._index])


class CardToggle:
    """A card of a quiz's picker, as Python sees it: its face (``description``), its name in
    words (``tooltip``) and whether it is picked (``value``, what the browser shows pressed)."""

    def __init__(self, quiz: PositionQuiz, index: int, description: str, tooltip: str):
        self._quiz, self._index, self.description, self.tooltip = quiz, index, description, tooltip

    @property
    def value(self) -> bool:
        return self._index in self._quiz.chosen

    @value.setter
    def value(self, picked: bool) -> None:
        others = [i for i in self._quiz.chosen if i != self._index]
        self._quiz.chosen = sorted([*others, self._index]) if picked else others


class PositionQuiz(anywidget.AnyWidget):
    """"Here is the table: what may you play, and why?", drawn from its
    :class:`~danish_nb.render.quiz.Quiz` (``quiz.model``: the moves, their words, the card picker,
    the verdicts and the answer sheet) as the serverless page draws it
    (:func:`~danish_nb.web.lessons.quiz_body`), in one widget model: the quiz is sent to the browser
    once, and a click on a move is one message back and the verdict one message out (lesson 01's
    29 quizzes were 241 ipywidgets models; they are 30, and the browser spends about a fifth less
    CPU drawing the lesson, 6.7 s against 8.1: ``python -m benchmarks.app --lesson 2 --busy --phases``).

    Shows the table from the view of the player to move (or ``player``) and one button per
    candidate move: every legal move plus the tempting ``try_moves``. A click shows the engine's
    verdict (legal or not, each reason with its rule quoted and any ruling); the game is never
    changed. The table is drawn by the drawing registered for the view's type (any game), or by
    ``render`` (a view to HTML). ``lang`` is the language of its words, moves and verdicts.
    Python sees its parts as ``buttons`` (:class:`QuizButton`), ``card_toggles``
    (:class:`CardToggle`), ``table`` and ``verdict_box`` (their ``.value``: HTML).
    """

    _esm = _HERE / "quiz.js"
    _css = BOARD_CSS
    #: The quiz as first shown (table, question, picker, buttons: drawn once).
    html = traitlets.Unicode("").tag(sync=True)
    #: The verdict shown (HTML), empty before the first answer.
    verdict_html = traitlets.Unicode("").tag(sync=True)
    #: Each move button's mark: "" untried, "legal" or "illegal".
    marks = traitlets.List(traitlets.Unicode()).tag(sync=True)
    #: The picker's cards picked (their indices; the browser sets it as the learner picks).
    chosen = traitlets.List(traitlets.Int()).tag(sync=True)
    #: The kernel's quiz whose model carries the styles (``_css``, 11 kB): the browser loads them
    #: when it makes that model and keeps them, so while it lives the other quizzes carry none.
    _styled: ClassVar[PositionQuiz | None] = None

    def __init__(self, game: Game, try_moves: Iterable[Any] = (), *, player: int | None = None,
                 prompt: str = PROMPT, render: Callable[[Any], str] | None = None, lang: str = "en"):
        self.lang = lang
        self.model = model = Quiz(game, try_moves, player=player, lang=lang)
        self.game, self.state, self.seat, self.moves, self.picked = game, model.state, model.seat, model.moves, \
            model.picked
        self.verdict: Verdict | None = None
        view = model.view()
        table = render(view) if render else lesson_table(view, lang)
        carrier = PositionQuiz._styled
        styled = carrier is not None and getattr(carrier, "comm", None) is not None
        super().__init__(html=quiz_body(model, table, prompt), marks=[""] * len(model.buttons), layout=_layout(),
                         **({"_css": ""} if styled else {}))
        if not styled:
            PositionQuiz._styled = self
        self.table = Drawn(table)
        self.verdict_box = VerdictBox(self)
        self.buttons = tuple(QuizButton(self, i, model.words(move)) for i, move in enumerate(model.buttons))
        self._cards = model.cards
        self.card_toggles = tuple(CardToggle(self, i, face_text(card, lang), model.card_words(card))
                                  for i, card in enumerate(model.cards))
        self.on_msg(self._heard)

    def _heard(self, _widget: Any, content: Any, _buffers: Any) -> None:
        """A message from the browser: a move's button clicked (``{"act": "answer", "move": notation}``,
        checked to be one the quiz offers) or the picked cards to check (``{"act": "check"}``)."""
        if not isinstance(content, dict):
            return
        try:
            if content.get("act") == "answer" and isinstance(content.get("move"), str):
                self.answer(content["move"])
            elif content.get("act") == "check" and self.picked:
                self.check_selection()
        except DanishNbError:  # not a move of this quiz: nothing to show
            return

    def check_selection(self) -> Verdict | None:
        """The verdict on the move the picked cards make (any choice of them: the engine says
        why a wrong one is refused); ``None`` and a note if no card is picked."""
        chosen = [card for i, card in enumerate(self._cards) if i in self.chosen]
        try:
            verdict = self.model.check(chosen)
        except DanishNbError as exc:
            self.verdict_html = escape(exc.text_in(self.lang))
            return None
        self.verdict = verdict
        _keep_answer(self.game, verdict)
        self.verdict_html = verdict_html(verdict, self.lang, viewer=self.seat)
        return verdict

    def answers(self) -> str:
        """Every offered move's verdict, one line each, in words (the answer sheet; the widget is untouched).

        >>> import danish_nb as dn
        >>> g = dn.setup("danish-bastard", {"hands": [["8H"], ["9S"]], "pile": ["6C"]})
        >>> print(PositionQuiz(g, try_moves=["P1 take"]).answers().splitlines()[1].replace(" — ", " —\\n"))
        Take the pile? Illegal —
        the eight of hearts fits: if a player can play a card, then they must (rule DB-32) [ruling DB-h]
        """
        return self.model.answers()

    def answer_sheet(self) -> AnswerSheet:
        """The answer sheet folded behind a "Show answers" toggle (a notebook shows it closed;
        its plain text, which nbval checks, is :meth:`answers`).

        >>> import danish_nb as dn
        >>> g = dn.setup("danish-bastard", {"hands": [["8H"], ["9S"]], "pile": ["6C"]})
        >>> sheet = PositionQuiz(g).answer_sheet()
        >>> sheet
        Play the eight of hearts? Legal — the eight of hearts on the six of clubs: equal or higher (rule DB-13)
        >>> "<summary>Show answers</summary>" in sheet._repr_html_()
        True
        """
        return AnswerSheet(self.answers(), self.lang)

    def answer(self, move: Any) -> Verdict:
        """The verdict on one of the offered moves (a move or its notation), shown under the
        buttons; a shedding move's cards may be given in any order. Raises
        :class:`DanishNbError` for a move the quiz did not offer."""
        move = self.model.offered(move)
        verdict = self.state.explain(move)
        self.verdict = verdict
        _keep_answer(self.game, verdict)
        with self.hold_sync():
            self.verdict_html = verdict_html(verdict, self.lang, viewer=self.seat)
            if move in self.model.buttons:
                marks = list(self.marks)
                marks[self.model.buttons.index(move)] = "legal" if verdict.legal else "illegal"
                self.marks = marks
        return verdict


# --------------------------------------------------------------------------- replay

class Replay(widgets.VBox):
    """Step through a played game: first / back / forward / last and a move number over its history.

    Each step shows the table after the move, the move, why it was legal (the engine's reasons
    with rule ids), what happened (events with rule ids) and, if given, a comment per move (such
    as a computer player's reason, a :data:`~danish_nb.core.Text` that may name private cards).
    Everything is ``player``'s own history: the table is their view, and moves, events and
    comments are written as they may read them. ``reveal_hands=True`` is teaching mode: every
    hand is shown (face-down cards, cards laid aside and the stock never are).
    The table is drawn by the drawing registered for the view's type, or by ``render``; words,
    moves, verdicts and events are in ``lang``.
    """

    def __init__(self, game: Game, comments: Sequence[Text] | None = None, *, player: int | None = None,
                 reveal_hands: bool = False, render: Callable[[Any], str] | None = None, lang: str = "en"):
        tr = translator(lang)
        self.lang = lang
        self.render = render or (lambda view: lesson_table(view, lang))
        if comments is not None and len(comments) != len(game.history):
            raise DanishNbError(f"{len(comments)} comments for {len(game.history)} moves")
        self.game, self.comments, self.player, self.reveal_hands = game, comments, player, reveal_hands
        self.states = game.states()
        last = len(game.history)
        # a labelled number box, not an IntSlider: its handle has no accessible name (axe, issue 20)
        self.slider = widgets.BoundedIntText(0, min=0, max=last, description=tr("move"),
                                             layout=widgets.Layout(width="12em"))
        steps = (("«", tr("the deal"), lambda: 0), ("‹", tr("one move back"), lambda: self.slider.value - 1),
                 ("›", tr("one move forward"), lambda: self.slider.value + 1), ("»", tr("the last move"), lambda: last))
        self.controls = []
        for label, tip, target in steps:
            button = widgets.Button(description=label, tooltip=tip, layout=_layout(width="3em"),
                                    style=_style(widgets.ButtonStyle))
            button.on_click(lambda _b, target=target: self.show(target()))
            self.controls.append(button)
        self.table = _html()
        self.info = _html()
        self.slider.observe(lambda change: self._draw(change["new"]), names="value")
        super().__init__([style_sheet(), widgets.HBox(self.controls + [self.slider], layout=_layout()), self.info,
                          self.table], layout=_layout())
        self._draw(0)

    def show(self, step: int) -> None:
        """Go to ``step`` (0 = the deal; clipped to the game's length)."""
        self.slider.value = max(0, min(step, self.slider.max))

    def step_text(self, step: int) -> str:
        """Plain text of step ``step`` as ``player`` may read it: the move, the comment, the
        verdict and the events. The verdict on a move whose cards ``player`` may not see (another
        player's discard) gives only the rules it rests on."""
        comment = None if step == 0 or self.comments is None else \
            render_text(self.comments[step - 1], self.player, self.reveal_hands, lang=self.lang)
        return "\n".join(step_lines(self.states, self.game.history, step, self.player, self.reveal_hands, self.lang,
                                     comment))

    def _draw(self, step: int) -> None:
        state = self.states[step]
        view = state.view(self.player, reveal_hands=True) if self.reveal_hands else state.view(self.player)
        lines = self.step_text(step).split("\n")
        info = f"<b>{escape(lines[0])}</b><ul>" + "".join(f"<li>{escape(x)}</li>" for x in lines[1:]) + "</ul>"
        with self.hold_sync():
            self.table.value = self.render(view)
            self.info.value = info

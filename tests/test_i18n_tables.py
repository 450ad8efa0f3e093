"""No English on the class-table screens in French and German: the menu, a seated learner's
status line and board, refusals and races, errors, the teacher's key, list, watching and closing,
a finished game, and the app's language switched after the screen was built. Checked with the
marking catalogue of :mod:`test_i18n_pages` (every translated piece marked; anything left unmarked
that is a word fails)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import ipywidgets as widgets
import pytest

from danish_nb.tables import open_store
from danish_nb.tables.codes import ALPHABET
from danish_nb.widgets.class_tables import ClassTables
from danish_nb.widgets.table_app import TableApp
from danish_nb.widgets.table_teacher import TEACHER_ENV
from test_i18n_pages import FOREIGN, OPEN, marked, page_texts, unmarked_words  # noqa: F401 -- marked: a fixture

pytestmark = pytest.mark.usefixtures("marked")

NAMES = ("Ada", "Bo")
#: The example code in the code field.
EXAMPLE = "K7QX2M"


def screen_texts(widget: Any) -> Iterator[str]:
    """What a reader of a widget tree sees or hears: HTML, descriptions, placeholders, option
    labels and tooltips (only the widgets on show: a hidden part is checked when it shows)."""
    if getattr(getattr(widget, "layout", None), "display", "") == "none":
        return
    value = getattr(widget, "value", None)
    if isinstance(widget, widgets.HTML) and isinstance(value, str):
        yield from page_texts(value)
    for name in ("description", "placeholder", "tooltip"):
        text = getattr(widget, name, None)
        if isinstance(text, str) and text:
            yield text
    yield from getattr(widget, "_options_labels", ())
    for child in getattr(widget, "children", ()):
        yield from screen_texts(child)


def words_left(app: TableApp, *codes: str) -> list[str]:
    """The unmarked words of the screen (and its board, if any); learners' names and table codes
    are data, the same in every language."""
    texts = list(screen_texts(app.widget))
    if app.board is not None:
        texts += page_texts(app.board.html) + [app.board.message]
    identifiers = [*NAMES, EXAMPLE, ALPHABET, *codes, app.board.game.rules.title if app.board is not None else ""]
    return unmarked_words([t for t in texts if t], [i for i in identifiers if i])


def learner(store: Any, name: str, lang: str) -> TableApp:
    app = TableApp(store, room="5B", follow=False, lang=lang)
    app.keeper.send = lambda _msg: None  # no browser: the seat tokens go nowhere
    app.name.value = name
    return app


@pytest.fixture
def store():
    opened = open_store("sqlite:///:memory:")
    yield opened
    opened.close()


@pytest.mark.parametrize("lang", FOREIGN)
def test_no_english_on_the_class_table_screens(store, monkeypatch, lang):
    ada = learner(store, "Ada", lang)
    assert words_left(ada) == [], "the menu"
    assert OPEN in ada.join_button.description and OPEN in ada.seat_boxes[0]._options_labels[0]
    ada.code_box.value = "1234"
    ada.join()
    assert OPEN in ada.message.value and words_left(ada) == [], "a code that cannot be one"
    ada.join("ZZZZZZ")
    assert words_left(ada, "ZZZZZZ") == [], "no such table"
    ada.game_picker.value = "bastard"
    ada.players.value = 3
    ada.seat_boxes[1].value, ada.seat_boxes[2].value = "human", "rule-of-thumb"
    code = ada.create()
    assert words_left(ada, code) == [], "a table created, its creator seated"
    bo = learner(store, "Bo", lang)
    bo.join(code)
    assert words_left(bo, code) == [], "a second learner seated"
    bo.board._try(bo.board.game.legal_moves()[0])  # P1's move: not Bo's turn
    assert OPEN in bo.board.message and words_left(bo, code) == [], "a move out of turn"
    bo.board.set_step_mode(True)
    assert words_left(bo, code) == [], "step mode refused"
    carl = learner(store, "", lang)
    carl.join(code)
    assert OPEN in carl.message.value and words_left(carl, code) == [], "no free seat"

    monkeypatch.setenv(TEACHER_ENV, "sesame")
    teacher = learner(store, "", lang)
    teacher.open_teacher("guess")
    assert words_left(teacher) == [], "a wrong teacher key"
    teacher.open_teacher("sesame")
    teacher.watch(None)
    assert words_left(teacher, code) == [], "the teacher's list"
    teacher.watch(code)
    assert words_left(teacher, code) == [], "the teacher watching a table"
    teacher.leave()
    teacher.close_table(code)
    assert words_left(teacher, code) == [], "a closed table in the list"
    ada.poll()
    assert words_left(ada, code) == [], "the learner's status at a closed table"

    solo = learner(store, "", lang)
    solo.game_picker.value = "bastard"
    solo.players.value = 3
    for box in solo.seat_boxes:
        box.value = "rule-of-thumb"
    solo.options.inputs["deals"].value = 1
    finished = solo.create()
    teacher.show_tables()
    teacher.watch(finished)
    assert teacher.board.game.is_over
    assert words_left(teacher, code, finished) == [], "a finished game"


@pytest.mark.parametrize("lang", FOREIGN)
def test_the_language_reaches_a_class_table_screen_already_built(store, lang):
    """The app's language choice, after the screen (and a board) was built in English."""
    root = widgets.VBox([])
    tables = ClassTables(root, store=store, follow=False)
    tables.switch.value = "Class table"
    app = tables.app
    app.keeper.send = lambda _msg: None
    app.game_picker.value = "bastard"
    code = app.create()
    assert app.board.lang == "en"
    tables.set_lang(lang)
    assert tables.switch.value == "Class table" and all(OPEN in label for label in tables.switch._options_labels)
    assert app.board.lang == lang and app.board.seating.session is app.session
    assert words_left(app, code) == []
    assert app.board_box.children == (app.board.box,)


def test_the_check_finds_an_untranslated_screen_word(store):
    """The check can fail: a label no catalogue translates is reported."""
    app = learner(store, "", "fr")
    app.join_button.description = "Join a table"
    assert words_left(app) == ["Join a table"]
    assert re.search("Rejoindre", app.headings["Join a table"].value)

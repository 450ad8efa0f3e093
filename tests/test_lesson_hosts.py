"""One quiz for Jupyter, Voila and the page: the page's quiz (danish_nb.web.lessons) offers the
same moves in the same words as the widget (danish_nb.widgets.lesson.PositionQuiz), the same card
picker, the same verdicts and the same answer sheet, in words in every language (the page's
answer sheets and tooltips said "P1 play 4♣ -> illégal" and "essayer P1 play 4♣")."""

from __future__ import annotations

import html
import json
import re

import pytest

import danish_nb as dn
from danish_nb.i18n import LANGUAGES
from danish_nb.web.lessons import quiz_answers, quiz_check_html, quiz_html, quiz_verdict_html
from danish_nb.web.session import Session
from danish_nb.widgets.lesson import PositionQuiz

#: Notation a learner should never read: a seat and a verb, or a card in notation.
NOTATION = re.compile(r"\bP\d (play|take|open|bid|pass|discard|draw)\b|->")


def positions() -> list[tuple[dn.Game, list[str]]]:
    db = dn.setup("danish-bastard", {"hands": [["9C", "9H", "5D"], ["3H"]], "pile": ["8C"]})
    sjavs = dn.new_game("sjavs", players=4, seed=3)
    rat = dn.new_game("rat-bastard-17", players=2, seed=7)
    return [(db, ["P1 play 9C 5D"]), (dn.new_game("danish-bastard", players=2, seed=1), []), (sjavs, []),
            (rat, [])]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("index", range(4))
def test_the_pages_quiz_is_the_widgets_quiz_in_words(lang: str, index: int) -> None:
    game, tempting = positions()[index]
    widget = PositionQuiz(game, try_moves=tempting, lang=lang)
    spec = json.loads(json.dumps(widget.model.spec()))  # as a page carries it
    page = quiz_html(spec, lang)
    shown = [html.unescape(b) for b in re.findall(r"<button [^>]*data-move=[^>]*>([^<]*)</button>", page)]
    assert shown == [b.description for b in widget.buttons]  # the same moves, the same words
    picker = re.search(r'<div class="dn-quiz-cards".*?</div>', page)
    cards = re.findall(r'data-pick="([^"]+)"', picker.group(0)) if picker else []
    assert cards == [c.code for c in widget.model.cards]  # the same card picker
    assert bool(cards) == bool(widget.card_toggles)
    assert quiz_answers(spec, lang) == widget.answers()  # the same answer sheet
    text = html.unescape(re.sub(r'data-move="[^"]*"', "", page))
    assert not NOTATION.search(text) and not NOTATION.search(quiz_answers(spec, lang))
    for move in widget.model.buttons:
        widget.answer(move)
        assert quiz_verdict_html(spec, str(move), lang) == widget.verdict_box.value


def test_the_pages_card_picker_checks_as_the_widgets_does() -> None:
    game = dn.new_game("danish-bastard", players=2, seed=1)
    widget = PositionQuiz(game, lang="de")
    assert len(widget.model.picked) > 6
    spec = widget.model.spec()
    for chosen in (widget.model.cards[:3], widget.model.cards[:2]):  # a whole move, then one card short
        for toggle, card in zip(widget.card_toggles, widget.model.cards):
            toggle.value = card in chosen
        widget.check_selection()
        assert quiz_check_html(spec, [c.code for c in chosen], "de") == widget.verdict_box.value
    session = Session()
    empty = session.handle({"op": "quiz.check", "spec": spec, "cards": [], "lang": "fr"})
    assert empty["error"] == dn.DanishNbError(dn.i18n.M("Pick one or more cards first.")).text_in("fr")
    forged = session.handle({"op": "quiz.check", "spec": spec, "cards": ["2C", "2C", "2C", "2C", "2C"]})
    assert forged == {"error": "a card the board did not offer"}


def test_a_lessons_practice_on_the_page_is_the_notebooks_practice() -> None:
    session = Session()
    shown = session.handle({"op": "lesson.practice", "key": "p1", "spec": {"game": "bastard", "seed": 2}})
    assert "Practice: Bastard" in shown["practice"]
    again = session.handle({"op": "lesson.practice", "key": "p1", "spec": {"game": "bastard"}, "keep": True,
                            "lang": "de"})
    assert "Üben: Bastard" in again["practice"]  # the same practice, now in German
    refused = session.handle({"op": "lesson.practice_msg", "key": "p1", "message": {"act": "fly"}, "lang": "de"})
    assert "Ignoriert – eine Nachricht, die das Üben nicht verstanden hat." in html.unescape(refused["practice"])

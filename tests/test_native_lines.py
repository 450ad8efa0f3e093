"""Issue 43's left-overs: what the lessons show read as a native teacher writes it.

The answer sheet's lines, a replay's steps, a record's refusal and Danish Bastard's reasons about
face-up cards are each one catalogue sentence in en/fr/de, with the glossary's terms and plural
forms; the collector (:mod:`benchmarks.native_words`) reads the executed lessons' outputs too.
"""

from __future__ import annotations

import random
import re

import pytest

import danish_nb as dn
from benchmarks.native_words import lesson_texts, lessons, lines_of, problems
from danish_nb.i18n import LANGUAGES
from danish_nb.render.quiz import Quiz
from danish_nb.render.replay import step_lines

NNBSP = "\u202f"


@pytest.mark.parametrize("lang, first, second", [
    ("en", "Play the four of clubs? Illegal — the four of clubs on the six of clubs: lower than the card before "
           "(rule DB-13)",
     "Play the eight of hearts? Legal — the eight of hearts on the six of clubs: equal or higher (rule DB-13)"),
    ("fr", f"Jouer le quatre de trèfle{NNBSP}? Illégal — le quatre de trèfle sur le six de trèfle{NNBSP}: "
           "plus faible que la carte précédente (règle DB-13)",
     f"Jouer le huit de cœur{NNBSP}? Légal — le huit de cœur sur le six de trèfle{NNBSP}: "
     "valeur égale ou supérieure (règle DB-13)"),
    ("de", "Kreuz-Vier spielen? Nicht erlaubt – Kreuz-Vier auf Kreuz-Sechs: niedriger als die Karte davor "
           "(Regel DB-13)",
     "Herz-Acht spielen? Erlaubt – Herz-Acht auf Kreuz-Sechs: gleich oder höher (Regel DB-13)"),
])
def test_an_answer_sheet_line_is_one_sentence_of_the_catalogue(lang, first, second):
    """The lessons' answer sheets once joined "{words} → {summary}" in code ("Jouer le quatre de
    trèfle → illégal ; …"); each line is now one translated sentence per verdict."""
    g = dn.setup("danish-bastard", {"hands": [["8H", "4C"], ["9S"]], "pile": ["6C"]})
    assert Quiz(g, try_moves=["P1 play 4C"], lang=lang).answers().splitlines() == [first, second]
    assert problems(first, lang) == problems(second, lang) == []


#: Left to the verdict's citation: "(… ) (rule X)" after a reason that ends in parentheses.
CITED = {"double parentheses"}


@pytest.mark.parametrize("game_id, players", [("danish-bastard", 3), ("le-danish", 3), ("rat-bastard-17", 2),
                                              ("bastard", 3), ("sjavs", 3)])
def test_a_replay_s_steps_read_as_a_teacher_writes(game_id, players):
    """Every line of every step of a seeded game's replay, in each language, as P1 reads it: no
    chained colons ("coup 14 : P2 : retourner …" was), no other fault of form, no English. (A
    reason ending in parentheses before its rule, "P2 passes (a pass is final) (rule SJ-6)", is the
    verdict's own citation, as every summary writes it: see :data:`CITED`.)"""
    game = dn.new_game(game_id, players=players, seed=3)
    rng = random.Random(3)
    for _ in range(80):
        if game.is_over:
            break
        game.play(rng.choice(game.legal_moves()))
    states = game.states()
    wrong = {}
    for lang in LANGUAGES:
        for step in range(1, len(game.history) + 1):
            for line in step_lines(states, game.history, step, player=0, lang=lang, comment="x"):
                if found := [p for p in problems(line, lang) if p not in CITED]:
                    wrong[line] = found
    assert wrong == {}
    move = game.history[0].move
    first = step_lines(states, game.history, 1, player=0, lang="fr")[0]
    assert first.startswith(f"coup 1 (P{move.player + 1}){NNBSP}: ")


def test_the_rules_a_hidden_move_rests_on_are_joined_as_the_language_joins():
    from danish_nb.render.replay import rules_only
    g = dn.setup("danish-bastard", {"hands": [["8H", "8D"], ["9S"]], "pile": ["6C"]})
    verdict = g.explain("P1 play 8H 8D")
    assert rules_only(verdict, "fr") == f"légal (règle DB-14{NNBSP}; règle DB-13)"
    assert rules_only(verdict, "de") == "erlaubt (Regel DB-14; Regel DB-13)"


def test_the_collector_reads_what_a_lesson_shows():
    """An executed lesson's printed lines and HTML are collected, and the old replay line is a fault."""
    cell = {"cell_type": "code", "outputs": [
        {"output_type": "stream", "text": ["coup 14\u202f: P2\u202f: retourner la carte du dessus de la pioche\n"]},
        {"output_type": "display_data", "data": {"text/html": "<div>Légal\u202f: x</div>", "text/plain": "y"}},
        {"output_type": "execute_result",
         "data": {"application/vnd.jupyter.widget-view+json": {}, "text/plain": "VBox()"}}]}
    texts = list(lesson_texts({"cells": [cell, {"cell_type": "markdown", "source": "prose : a : b"}]}, "fr", "01-x"))
    assert [text for _, _, text in texts] == ["coup 14\u202f: P2\u202f: retourner la carte du dessus de la pioche",
                                              "<div>Légal\u202f: x</div>"]
    assert problems(texts[0][2], "fr") == ["chained colons"]
    assert lines_of(texts[1][2]) == ["Légal\u202f: x"]


@pytest.fixture(scope="module")
def shown() -> dict[str, list[str]]:
    """Every line the executed lessons show, per language."""
    found: dict[str, list[str]] = {lang: [] for lang in LANGUAGES}
    for lang, _, text in lessons():
        found[lang] += lines_of(text) if "<" in text else [text]
    return found


#: How a replay's lines start in each language (its move, the computer's reason, the verdict, the events).
REPLAY_LINES = {"en": ("move ", "why — ", "legal — ", "illegal — ", "then — "),
                "fr": ("coup ", "pourquoi — ", "légal — ", "illégal — ", "ensuite — "),
                "de": ("Zug ", "warum – ", "erlaubt – ", "nicht erlaubt – ", "dann – ")}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_lessons_replays_read_as_a_teacher_writes(shown, lang):
    """The replays the built lessons print (« coup 14 : P2 : … » before) have no fault of form."""
    replay = [line for line in shown[lang] if line.startswith(REPLAY_LINES[lang])]
    assert len(shown[lang]) > 500 and len(replay) > 20
    wrong = {line: found for line in replay if (found := [p for p in problems(line, lang) if p not in CITED])}
    assert wrong == {}


#: How French and German write a share and a mean in the lessons' tables (lesson 03's lines, lesson 06's cells).
LOCAL_NUMBERS = {"fr": ("\u202f%", ","), "de": ("\u00a0%", ",")}


@pytest.mark.parametrize("lang", ["fr", "de"])
def test_the_lessons_numbers_are_written_as_the_language_writes_them(shown, lang):
    """Lesson 03's strength lines and lesson 06's tables wrote "75.8" and "10%" in French and
    German; every number a lesson shows (a Python value printed as it is aside) is now "75,8" and
    "10 %" (:func:`danish_nb.i18n.number_text`)."""
    percent, comma = LOCAL_NUMBERS[lang]
    assert sum(percent in line for line in shown[lang]) >= 10
    assert sum(bool(re.fullmatch(rf"\d+{comma}\d+", line)) for line in shown[lang]) >= 100  # table cells
    assert [line for line in shown[lang] if "English number" in problems(line, lang)] == []


@pytest.mark.parametrize("lang, said", [
    ("en", "move 3 (“P1 play AS AS”) does not replay, because P1 does not hold the ace of spades (rule DB-14)"),
    ("fr", f"le coup 3 («{NNBSP}P1 play AS AS{NNBSP}») ne se rejoue pas, car P1 n’a pas l’as de pique (règle DB-14)"),
    ("de", "Zug 3 („P1 play AS AS“) lässt sich nicht nachspielen, denn P1 hat Pik-Ass nicht (Regel DB-14)"),
])
def test_a_record_that_does_not_replay_says_why_in_one_sentence(lang, said):
    """The loader once said "move 3 (…) does not replay: move refused: P1 does not hold …"."""
    g = dn.new_game("danish-bastard", players=2, seed=3)
    for _ in range(2):
        g.play(g.legal_moves()[0])
    record = g.to_record()
    record["moves"].append("P1 play AS AS")
    with pytest.raises(dn.RecordError) as caught:
        dn.load_record(record)
    assert caught.value.text_in(lang) == said
    assert problems(said.replace("P1 play AS AS", "x"), lang) == []  # the notation aside


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_record_that_is_not_json_says_where(lang):
    with pytest.raises(dn.RecordError) as caught:
        dn.load_record('{"moves": [}')
    said = caught.value.text_in(lang)
    assert "12" in said and problems(said, lang) == []


@pytest.mark.parametrize("move, lang, said", [
    ("P1 open AS", "en", "the ace of spades is not among P1's face-up cards"),
    ("P1 open AS KS", "en", "the king of spades and the ace of spades are not among P1's face-up cards"),
    ("P1 open AS", "fr", "l’as de pique ne fait pas partie des cartes visibles de P1"),
    ("P1 open AS KS", "fr", "le roi de pique et l’as de pique ne font pas partie des cartes visibles de P1"),
    ("P1 open AS", "de", "Pik-Ass ist nicht unter den offenen Karten von P1"),
    ("P1 open AS KS", "de", "Pik-König und Pik-Ass sind nicht unter den offenen Karten von P1"),
])
def test_cards_not_among_the_face_up_cards_are_said_in_the_plural_they_need(move, lang, said):
    g = dn.setup("danish-bastard", {"hands": [[], ["9S"]], "open": [["8H", "8D"], ["3D"]],
                                    "closed": [["2D"], ["4D"]], "pile": ["6C"]})
    verdict = g.explain(move)
    assert not verdict.legal and verdict.reasons[-1].text.render(lang) == said


def test_danish_bastard_s_reasons_say_the_glossary_s_face_up_and_face_down():
    """Danish Bastard's reasons and deal once said "open"/"closed" cards where the glossary's
    English is "face-up card" / "face-down card" ("Open cards are played only once…")."""
    import re

    from danish_nb.checks import Why
    from danish_nb.games import danish_bastard as db
    texts = [why.msgid for why in vars(db).values() if isinstance(why, Why)]
    texts += [str(e.text) for e in dn.new_game("danish-bastard", players=2, seed=1).opening_events]
    g = dn.setup("danish-bastard", {"hands": [[], ["9S"]], "open": [["8H"], ["3D"]], "closed": [["2D"], ["4D"]],
                                    "pile": ["6C"]})
    texts += [str(g.explain(move)) for move in ("P1 open AS KS", "P1 closed 1", "P1 closed 7")]
    assert len(texts) > 30
    assert [t for t in texts if re.search(r"\b(open|closed) cards?\b", t)] == []

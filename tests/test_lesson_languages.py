"""Lessons from one source in three languages (danish_nb.lessons.languages): the built notebooks
are the English lesson with its prose from the catalogues and its helpers speaking the language,
and a check fails when one language lacks a cell, a quiz, a rule or a board another has, or
leaves a paragraph of prose in English."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path

import pytest

import danish_nb as dn
from benchmarks.native_words import ENGLISH_WORDS
from danish_nb.i18n import LANGUAGES, _pgettext
from danish_nb.lessons import LESSONS, languages

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
BUILDS = [(lang, name) for lang in LANGUAGES[1:] for name in languages.built(lang)]
#: A heading that is a game's name reads the same in every language.
NAMES = {game.info.title for game in dn.GAMES.values()}
#: Words every lesson's title says in its language (the lesson is not the English one).
TITLE_WORD = {"fr": ("ici", "règle par règle", "mesur", "recherche"),
              "de": ("Hier", "Regel für Regel", "gemessen", "Forschung")}


def load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def outputs(notebook: dict) -> list[list[str]]:
    """What each code cell shows, by kind: its outputs' types and MIME types (a quiz widget, an
    HTML rule, a printed text), without their words (printed text as one stream: the kernel
    may send it in several pieces)."""
    def kinds(cell: dict) -> list[str]:
        found: list[str] = []
        for o in cell.get("outputs", []):
            kind = f"stream:{o['name']}" if o["output_type"] == "stream" else \
                f"{o['output_type']}:{','.join(sorted(o.get('data', {})))}"
            found += [] if found and kind == found[-1] and kind.startswith("stream") else [kind]
        return found
    return [kinds(cell) for cell in notebook["cells"] if cell["cell_type"] == "code"]


def test_every_lesson_is_a_source_and_the_languages_build_only_sources() -> None:
    assert list(languages.SOURCES) == [lesson.file for lesson in LESSONS]
    assert set(languages.BUILT) <= set(languages.SOURCES)
    assert all(set(langs) <= set(LANGUAGES[1:]) for langs in languages.BUILT.values())


@pytest.mark.parametrize(("lang", "name"), BUILDS)
def test_a_built_lesson_is_the_english_one_in_other_words(lang: str, name: str, tmp_path: Path) -> None:
    english, built = load(NOTEBOOKS / name), load(NOTEBOOKS / lang / name)
    assert languages.same_lesson(english, built) == []
    (tmp_path / name).write_bytes((NOTEBOOKS / name).read_bytes())
    fresh = load(languages.build(tmp_path, lang, [name])[0])  # up to date with the source and the catalogue
    assert [c["source"] for c in fresh["cells"]] == ["".join(c["source"]) for c in built["cells"]]
    code = "".join("".join(c["source"]) for c in built["cells"] if c["cell_type"] == "code")
    speaks = any(languages.localized("".join(c["source"])) != "".join(c["source"])
                 for c in english["cells"] if c["cell_type"] == "code")
    assert (f"LANG = {lang!r}" in code) == speaks  # the helpers speak the language wherever one is called


@pytest.mark.parametrize(("lang", "name"), BUILDS)
def test_no_prose_is_left_in_english(lang: str, name: str) -> None:
    """Every paragraph of a built lesson has its translation, and the built notebook says it."""
    english, built = load(NOTEBOOKS / name), load(NOTEBOOKS / lang / name)
    mine = {text for cell in built["cells"] if cell["cell_type"] == "markdown"
            for text in languages.paragraphs("".join(cell["source"]))}
    for text, context, where in languages.messages(NOTEBOOKS):
        if context == languages.context(name):
            translation = _pgettext(lang, context, text)
            assert translation, f"{where} untranslated in {lang}: {text[:60]}"
            assert translation != text or text.lstrip("# ") in NAMES, f"{where} left in English in {lang}: {text[:60]}"
            assert languages.translated(text, name, lang) in mine, f"{where}: the build is older than its translation"
            assert text not in mine or text == translation
    title = next(p for c in built["cells"] if c["cell_type"] == "markdown"
                 for p in languages.paragraphs("".join(c["source"])))
    assert any(word in title for word in TITLE_WORD[lang]), title
    assert english["cells"][0]["source"] != built["cells"][0]["source"]


@pytest.mark.parametrize(("lang", "name"), BUILDS)
def test_every_language_shows_the_same_quizzes_rules_and_boards(lang: str, name: str) -> None:
    """The executed lessons: each code cell shows the same kinds of output in every language (a
    quiz where the English has a quiz, a rule card where it has one, no error in one language only)."""
    english, built = load(NOTEBOOKS / name), load(NOTEBOOKS / lang / name)
    assert outputs(built) == outputs(english)
    assert not any(o["output_type"] == "error" for c in built["cells"] for o in c.get("outputs", []))


def test_a_lesson_built_in_two_languages_is_the_same_lesson_in_both() -> None:
    """Where fr and de both have a lesson, their code cells are the same once the language is out."""
    both = [name for name in languages.SOURCES if all(name in languages.built(lang) for lang in LANGUAGES[1:])]
    assert "00-start-here.ipynb" in both
    for name in both:
        french, german = (load(NOTEBOOKS / lang / name) for lang in LANGUAGES[1:])
        assert languages.same_lesson(french, german) == []
        assert outputs(french) == outputs(german)


def test_the_check_fails_when_a_language_lacks_a_quiz_or_a_cell() -> None:
    name = "02-le-danish.ipynb"
    english, built = load(NOTEBOOKS / name), load(NOTEBOOKS / "fr" / name)
    fewer = copy.deepcopy(built)
    del fewer["cells"][3]
    assert "the cells differ" in languages.same_lesson(english, fewer)
    other = copy.deepcopy(built)
    quiz = next(i for i, c in enumerate(other["cells"]) if "PositionQuiz(" in "".join(c["source"]))
    other["cells"][quiz]["source"] = "LANG = 'fr'\nshow_rule(GAME, 'LD-1', lang=LANG)"
    assert languages.same_lesson(english, other) == [f"cell {quiz + 1}: the code differs"]
    shorter = copy.deepcopy(built)
    text = next(i for i, c in enumerate(shorter["cells"])
                if c["cell_type"] == "markdown" and "\n\n" in "".join(c["source"]))
    shorter["cells"][text]["source"] = "".join(shorter["cells"][text]["source"]).split("\n\n")[0]
    assert languages.same_lesson(english, shorter) == [f"cell {text + 1}: the paragraphs differ"]
    unshown = copy.deepcopy(built)
    unshown["cells"][quiz]["outputs"] = []
    assert outputs(unshown) != outputs(english)


def test_an_untranslated_paragraph_is_caught(tmp_path: Path) -> None:
    """A paragraph added to the English source and not yet translated stays English in the build,
    and the no-English check sees it."""
    name = "02-le-danish.ipynb"
    source = load(NOTEBOOKS / name)
    source["cells"].insert(1, {"cell_type": "markdown", "id": "new", "metadata": {}, "source": "A new paragraph."})
    (tmp_path / name).write_text(json.dumps(source), encoding="utf-8")
    built = load(languages.build(tmp_path, "fr", [name])[0])
    assert "".join(built["cells"][1]["source"]) == "A new paragraph."
    assert _pgettext("fr", languages.context(name), "A new paragraph.") is None


def test_speaking_calls_get_the_language_and_nothing_else_changes() -> None:
    source = ("# NBVAL_IGNORE_OUTPUT\nquiz = PositionQuiz(g, try_moves=['P1 take'])\n"
              "show_rule(GAME, 'DB-1', lang='de')\nx = f(1)\nShedBoard(g, seats=('human', 'rule-of-thumb'))")
    assert languages.localized(source, "fr").split("\n") == [
        "LANG = 'fr'", "# NBVAL_IGNORE_OUTPUT", "quiz = PositionQuiz(g, try_moves=['P1 take'], lang=LANG)",
        "show_rule(GAME, 'DB-1', lang='de')", "x = f(1)", "ShedBoard(g, seats=('human', 'rule-of-thumb'), lang=LANG)"]


def test_a_call_after_a_card_symbol_gets_its_language_inside_its_parentheses() -> None:
    """ast counts columns in UTF-8 bytes: a ♠ before the call's end once put ``lang=LANG`` after it."""
    source = 'say(len(cards), "the Q♠ is in:", "QS" in cards)\nsay("♥♦", show_table(g))'
    assert languages.localized(source, "de").split("\n") == [
        "LANG = 'de'", 'say(len(cards), "the Q♠ is in:", "QS" in cards, lang=LANG)',
        'say("♥♦", show_table(g, lang=LANG), lang=LANG)']


#: The lessons whose printed output is wholly in the learner's language (07 prints OpenSpiel's data formats).
PRINTS_NATIVE = ("00-start-here.ipynb", "01-danish-bastard.ipynb", "02-le-danish.ipynb", "03-rat-bastard-17.ipynb",
                 "04-bastard.ipynb", "05-sjavs.ipynb", "06-what-the-rules-do.ipynb")
#: What a printed line may keep from the English, being code rather than words: a move in the
#: notation the code plays ("P1 face-up 3♦ 9♥ 9♠"), an option as the code sets it
#: ("play_on=False:"), a Python name ("MoveParseError") or value.
NOTATION = re.compile(r"\bP\d+ (?:play|face-up|swap|keep|take|stock|closed|open|send|complete|hole|bid|pass|"
                      r"discard|pick-up-open)"
                      r"(?: (?:[0-9AKQJ]{1,2}[CDHS♠♥♦♣]|\d+|P\d+|play|strike|slam)(?:=\d+)?(?!\w))*"
                      r"|\b[a-z]+(?:_[a-z]+)+=\S*|\b[A-Z][a-z]+(?:[A-Z][a-z]*)+\b|\b(?:True|False|None)\b")


def printed(notebook: dict) -> list[list[str]]:
    """Each code cell's printed lines."""
    return ["".join("".join(o["text"]) for o in cell.get("outputs", []) if o["output_type"] == "stream").splitlines()
            for cell in notebook["cells"] if cell["cell_type"] == "code"]


def english_lines(english: dict, built: dict) -> list[str]:
    """The lines a built lesson prints in English: the English lesson's line word for word, or
    English words (:data:`benchmarks.native_words.ENGLISH_WORDS`), once notation is set aside."""
    found = []
    for mine, theirs in zip(printed(built), printed(english)):
        for line, original in zip(mine, theirs):
            words = NOTATION.sub("", line)
            if (line == original and re.search(r"[A-Za-z]{3,}", words)) or ENGLISH_WORDS.search(words):
                found.append(line)
    return found


@pytest.mark.parametrize(("lang", "name"), [(lang, name) for lang, name in BUILDS if name in PRINTS_NATIVE])
def test_what_a_lesson_prints_is_in_its_language(lang: str, name: str) -> None:
    """Labels the code prints ("P1 now holds", "players:") come from the catalogue too."""
    assert english_lines(load(NOTEBOOKS / name), load(NOTEBOOKS / lang / name)) == []


def test_an_english_label_left_in_a_built_lesson_is_caught() -> None:
    name = "01-danish-bastard.ipynb"
    english, built = load(NOTEBOOKS / name), load(NOTEBOOKS / "fr" / name)
    cells = [i for i, c in enumerate(built["cells"]) if c["cell_type"] == "code" and
             any(o["output_type"] == "stream" for o in c.get("outputs", []))]
    copied = copy.deepcopy(built)
    copied["cells"][cells[0]]["outputs"] = copy.deepcopy(english["cells"][cells[0]]["outputs"])
    assert english_lines(english, copied) != []
    label = copy.deepcopy(built)
    stream = next(o for o in label["cells"][cells[-1]]["outputs"] if o["output_type"] == "stream")
    stream["text"] = "P1 now holds 3 cards\n"
    assert english_lines(english, label) == ["P1 now holds 3 cards"]
    assert NOTATION.sub("", "P1 face-up 3♦ 9♥ 9♠ play_on=False: LeDanishRuleOfThumb True").split() == []

"""Lessons from one source in three languages (danish_nb.lessons.languages): the built notebooks
are the English lesson with its prose from the catalogues and its helpers speaking the language,
and a check fails when one language lacks a cell, a quiz, a rule or a board another has."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from danish_nb.i18n import LANGUAGES, _pgettext
from danish_nb.lessons import languages

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"


def load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("lang", LANGUAGES[1:])
@pytest.mark.parametrize("name", languages.BUILT)
def test_a_built_lesson_is_the_english_one_in_other_words(lang: str, name: str, tmp_path: Path) -> None:
    english, built = load(NOTEBOOKS / name), load(NOTEBOOKS / lang / name)
    assert languages.same_lesson(english, built) == []
    (tmp_path / name).write_bytes((NOTEBOOKS / name).read_bytes())
    fresh = load(languages.build(tmp_path, lang)[0])  # up to date with the source and the catalogue
    assert [c["source"] for c in fresh["cells"]] == ["".join(c["source"]) for c in built["cells"]]
    for text, context, _where in languages.messages(NOTEBOOKS):
        assert _pgettext(lang, context, text), f"untranslated in {lang}: {text[:60]}"
    words = " ".join("".join(c["source"]) for c in built["cells"] if c["cell_type"] == "markdown")
    assert {"fr": "Commencer ici", "de": "Hier beginnen"}[lang] in words
    code = "".join("".join(c["source"]) for c in built["cells"] if c["cell_type"] == "code")
    assert f"LANG = {lang!r}" in code and "games_table(lang=LANG)" in code and "build_app(seed=1, lang=LANG)" in code


def test_the_check_fails_when_a_language_lacks_a_quiz_or_a_cell() -> None:
    english = load(NOTEBOOKS / languages.BUILT[0])
    built = load(NOTEBOOKS / "fr" / languages.BUILT[0])
    fewer = copy.deepcopy(built)
    del fewer["cells"][3]
    assert "the cells differ" in languages.same_lesson(english, fewer)
    other = copy.deepcopy(built)
    code = next(i for i, c in enumerate(other["cells"]) if "games_table" in "".join(c["source"]))
    other["cells"][code]["source"] = "LANG = 'fr'\nrulings_table('sjavs', lang=LANG)"
    assert languages.same_lesson(english, other) == [f"cell {code + 1}: the code differs"]


def test_speaking_calls_get_the_language_and_nothing_else_changes() -> None:
    source = ("# NBVAL_IGNORE_OUTPUT\nquiz = PositionQuiz(g, try_moves=['P1 take'])\n"
              "show_rule(GAME, 'DB-1', lang='de')\nx = f(1)")
    assert languages.localized(source, "fr").split("\n") == [
        "LANG = 'fr'", "# NBVAL_IGNORE_OUTPUT", "quiz = PositionQuiz(g, try_moves=['P1 take'], lang=LANG)",
        "show_rule(GAME, 'DB-1', lang='de')", "x = f(1)"]

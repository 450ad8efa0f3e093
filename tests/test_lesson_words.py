"""What the executed lessons show reads as words in each language (issue 41's words left-overs):
no card joined to its points by a colon, no option written as the program's ``name=value``, no
Python quotes or class name before an error, no rule cited in a second parenthesis."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from benchmarks.native_words import LESSONS, lesson_texts, problems

NOTEBOOKS = Path(__file__).resolve().parent.parent


def shown(lang: str, name: str) -> list[str]:
    path = NOTEBOOKS / LESSONS[lang] / name
    return [text for _, _, text in lesson_texts(json.loads(path.read_text(encoding="utf-8")), lang, path.stem)]


@pytest.mark.parametrize("lang", list(LESSONS))
def test_a_card_s_points_are_said_in_words(lang):
    lines = shown(lang, "05-sjavs.ipynb")
    assert not [line for line in lines if re.search(r"[♣♦♥♠]:\d", line)]
    holds = {"en": "P1 holds the ten of clubs (10 points)", "fr": "P1 a le dix de trèfle (10 points)",
             "de": "P1 hält Kreuz-Zehn (10 Punkte)"}[lang]
    assert any(line.startswith(holds) for line in lines), [line for line in lines if line.startswith("P1")]


@pytest.mark.parametrize("lang", list(LESSONS))
def test_lesson_03_names_options_and_errors_in_words(lang):
    lines = shown(lang, "03-rat-bastard-17.ipynb")
    assert not [line for line in lines if "over_after_deck" in line or "MoveParseError" in line or "'P1" in line]


@pytest.mark.parametrize("lang", list(LESSONS))
@pytest.mark.parametrize("name", ["01-danish-bastard.ipynb", "02-le-danish.ipynb", "04-bastard.ipynb"])
def test_no_rule_is_cited_in_a_second_parenthesis(lang, name):
    assert not [line for line in shown(lang, name) if "double parentheses" in problems(line, lang)]

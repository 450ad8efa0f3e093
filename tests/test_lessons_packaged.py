"""Lessons wherever the package is installed: the lessons ship in the package, ``danish-nb
--lessons`` (no folder) serves them from an index of our own in the learner's language, and a
lesson whose extra is missing says which extra in words instead of crashing."""

from __future__ import annotations

import json
import re
import signal
import subprocess
import sys
from html import escape
from pathlib import Path

import pytest

from danish_nb import app_server, lessons
from danish_nb.i18n import translator

REPO = Path(__file__).resolve().parent.parent


def test_the_packaged_lessons_are_the_repositorys() -> None:
    here = sorted(path.name for path in (REPO / "notebooks").glob("0*.ipynb"))
    assert [lesson.file for lesson in lessons.LESSONS] == here
    for name in here:
        assert (lessons.folder() / name).read_bytes() == (REPO / "notebooks" / name).read_bytes(), \
            f"danish_nb/lessons/{name} must be a copy of notebooks/{name} (make notebooks)"
    for built in (REPO / "notebooks").glob("[a-z][a-z]/0*.ipynb"):  # the lessons built in other languages
        assert (lessons.folder() / built.parent.name / built.name).read_bytes() == built.read_bytes()
    for record in (REPO / "notebooks" / "records").glob("*.json"):
        assert (lessons.folder() / "records" / record.name).read_bytes() == record.read_bytes()


def test_prepare_writes_an_index_in_the_learners_language_and_every_lesson(tmp_path: Path) -> None:
    lessons.prepare(tmp_path, "de")
    index = json.loads((tmp_path / "index.ipynb").read_text(encoding="utf-8"))
    text = "".join(index["cells"][0]["source"])
    tr = translator("de")
    for lesson in lessons.LESSONS:
        assert f'href="{lessons.href(lesson, "de")}"' in text
        assert escape(tr(lesson.title)) in text and escape(tr(lesson.line)) in text
        assert (tmp_path / lesson.file).exists()
    assert escape("pip install 'danish-nb[sim]'") in text and "cdn" not in text.lower() and "http" not in text
    assert (tmp_path / "records" / "danish-bastard-sample.json").exists()


def test_a_lesson_whose_extra_is_missing_says_which_in_words(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lessons.importlib.util, "find_spec", lambda name: None if name == "pyspiel" else object())
    assert lessons.missing_extra(lessons.LESSONS[7]) == "rl" and lessons.missing_extra(lessons.LESSONS[6]) is None
    lessons.prepare(tmp_path, "fr")
    for linked in ("07-research.ipynb", lessons.href(lessons.LESSONS[7], "fr")):  # the index links the French one
        page = json.loads((tmp_path / linked).read_text(encoding="utf-8"))
        assert [cell["cell_type"] for cell in page["cells"]] == ["markdown"]  # no code to crash
        assert "pip install 'danish-nb[rl]'" in page["cells"][0]["source"]
        assert "recherche" in page["cells"][0]["source"]  # in the learner's language
    assert lessons.href(lessons.LESSONS[7], "fr") == "fr/07-research.ipynb"
    assert (tmp_path / "06-what-the-rules-do.ipynb").read_bytes() == \
        (lessons.folder() / "06-what-the-rules-do.ipynb").read_bytes()


def test_danish_nb_lessons_with_no_folder_serves_the_packaged_lessons(monkeypatch: pytest.MonkeyPatch,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    seen: list[list[str]] = []

    def fake_start(argv: list[str], env: dict) -> subprocess.Popen:
        seen.append(argv)
        return subprocess.Popen([sys.executable, "-c", "raise SystemExit(3)"])
    monkeypatch.setattr(app_server, "start", fake_start)
    monkeypatch.setattr(app_server, "DEFAULT_PORT", app_server.free_port())
    monkeypatch.setattr(signal, "signal", lambda *args: None)
    assert app_server.main(["--lessons", "--lang", "fr"]) == 1  # the fake server exits at once
    served = Path(seen[0][3])
    assert (served / "index.ipynb").exists() and (served / "01-danish-bastard.ipynb").exists()
    index = (served / "index.ipynb").read_text(encoding="utf-8")
    assert "Leçons" in index and 'href=\\"fr/00-start-here.ipynb\\"' in index  # the lesson built in French
    assert "Commencer ici" in (served / "fr" / "00-start-here.ipynb").read_text(encoding="utf-8")


def test_the_served_lessons_open_on_their_index_and_ask_no_other_host(tmp_path: Path) -> None:
    """A real Voila serving the prepared lessons: ``/`` (and Voila's tree) lead to our index in
    the learner's language, not Voila's file list, and the index page asks no other host (the
    file list's template asked a CDN for an icon font)."""
    import re
    import urllib.request

    folder = lessons.prepare(tmp_path / "lessons", "fr")
    port = app_server.free_port()
    with open(tmp_path / "voila.log", "w", encoding="utf-8") as out, \
            app_server.serving(port, timeout=120, log=out, notebook=folder, preheat=False) as url:
        for path in ("", "voila/tree", "voila/tree/fr"):
            with urllib.request.urlopen(url + path, timeout=60) as response:
                assert response.url == url + "voila/render/index.ipynb", path
                page = response.read().decode("utf-8")
    assert "Leçons" in page and escape(translator("fr")(lessons.LESSONS[2].title)) in page
    assert "fr/02-le-danish.ipynb" in page and "records/" not in page and "app.ipynb" not in page
    assert not [src for src in re.findall(r'(?:src|href)="(https?:[^"]*)"', page) if "127.0.0.1" not in src]


def _notebook_file(path: Path, heading: str | None, code: str = "") -> None:
    text = [{"cell_type": "markdown", "metadata": {}, "source": f"{heading}\n\nSome words."}] if heading else []
    run = [{"cell_type": "code", "metadata": {}, "source": code, "outputs": [], "execution_count": None}]
    cells = text + (run if code else [])
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"cells": cells, "metadata": {}, "nbformat": 4, "nbformat_minor": 5}), encoding="utf-8")


def test_any_folder_of_lessons_opens_on_our_index_in_the_learners_language(tmp_path: Path) -> None:
    """``danish-nb --lessons FOLDER`` with no index: an index of our own beside links to the
    folder's files (each notebook under its first heading, its build in the learner's language
    if the folder has one; a lesson of the package's with what it needs), nothing written into
    the folder; a folder with its own index is served as it is."""
    source = tmp_path / "mine"
    _notebook_file(source / "01-danish-bastard.ipynb", "# Danish Bastard, *rule* by rule")
    _notebook_file(source / "fr" / "01-danish-bastard.ipynb", "# Danish Bastard, règle par règle")
    _notebook_file(source / "extra.ipynb", "## Un `extra`")
    _notebook_file(source / "untitled.ipynb", None, "1 + 1")
    (source / "records").mkdir()
    before = sorted(path.relative_to(source) for path in source.rglob("*"))
    served = lessons.with_index(source, tmp_path / "served", "fr")
    assert served == tmp_path / "served"
    assert sorted(path.relative_to(source) for path in source.rglob("*")) == before  # nothing written there
    text = json.loads((served / "index.ipynb").read_text(encoding="utf-8"))["cells"][0]["source"]
    assert re.findall(r'href="([^"]+)"><b>([^<]+)</b>', text) == [
        ("fr/01-danish-bastard.ipynb", "Danish Bastard, règle par règle"), ("extra.ipynb", "Un extra"),
        ("untitled.ipynb", "untitled")]
    assert "<h1" in text and "Leçons" in text and "http" not in text
    assert escape(translator("fr")(lessons.NEEDS_NOTHING)) in text  # the package's lesson says what it needs
    for name in ("01-danish-bastard.ipynb", "fr", "records"):
        assert (served / name).resolve() == (source / name).resolve()
    (source / "index.ipynb").write_text("{}", encoding="utf-8")
    assert lessons.with_index(source, tmp_path / "again", "de") == source
    assert lessons.with_index(source / "extra.ipynb", tmp_path / "again", "de") == source / "extra.ipynb"


def test_a_folder_served_with_our_index_runs_its_notebooks_in_their_folder(tmp_path: Path) -> None:
    """A real Voila serving a folder without an index: ``/`` leads to our index (not Voila's file
    list), which asks no other host, and a notebook linked from it runs where its files are (a
    record read by a relative path)."""
    import urllib.request

    source = tmp_path / "mine"
    _notebook_file(source / "reads.ipynb", "# Reads a record", "print(open('records/a.txt').read())")
    (source / "records").mkdir()
    (source / "records" / "a.txt").write_text("the record's words", encoding="utf-8")
    folder = lessons.with_index(source, tmp_path / "served", "de")
    port = app_server.free_port()
    with open(tmp_path / "voila.log", "w", encoding="utf-8") as out, \
            app_server.serving(port, timeout=120, log=out, notebook=folder, preheat=False) as url:
        with urllib.request.urlopen(url, timeout=60) as response:
            assert response.url == url + "voila/render/index.ipynb"
            page = response.read().decode("utf-8")
        with urllib.request.urlopen(url + "voila/render/reads.ipynb", timeout=120) as response:
            lesson = response.read().decode("utf-8")
    assert "Lektionen" in page and 'href="reads.ipynb"' in page and "Reads a record" in page
    assert not [src for src in re.findall(r'(?:src|href)="(https?:[^"]*)"', page) if "127.0.0.1" not in src]
    assert "the record&#39;s words" in lesson or "the record's words" in lesson

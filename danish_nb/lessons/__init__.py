"""The lesson notebooks shipped with the package, and their index in the learner's language.

``danish-nb --lessons`` (no folder) serves them from any installation: :func:`prepare` writes a
folder with an index of our own (``index.ipynb``: each lesson's title, one line about it and what
it needs) and the lessons, where a lesson whose extra is not installed is replaced by a page that
says which extra in words (instead of a traceback). The notebooks here are copies of the
repository's ``notebooks/`` (``make notebooks`` refreshes them; a test checks they are the same).

>>> [lesson.file for lesson in LESSONS][:2]
['00-start-here.ipynb', '01-danish-bastard.ipynb']
>>> LESSONS[6].extra, missing_extra(LESSONS[1])
('sim', None)
>>> "Le danish" in index_html("fr") and "pip install" in index_html("fr")
True
"""

from __future__ import annotations

import importlib.util
import json
import re
import shutil
from dataclasses import dataclass
from html import escape
from importlib import resources
from pathlib import Path
from typing import Any

from ..core import Event, Result, Verdict, get_game, render_text
from ..errors import DanishNbError
from ..i18n import N_, M, Message, _n, capital_start, check_lang, joined, translator
from ..words import move_words


@dataclass(frozen=True)
class Lesson:
    """A lesson: its notebook, its title and one line about it (marked for the catalogues), the
    extra it needs (``pip install 'danish-nb[<extra>]'``) and the modules that extra brings."""

    file: str
    title: str
    line: str
    extra: str | None = None
    modules: tuple[str, ...] = ()


#: Every lesson, in order.
LESSONS = (
    Lesson("00-start-here.ipynb", N_("Start here"),
           N_("What the package teaches, how a rule is quoted and checked, and how to play.")),
    Lesson("01-danish-bastard.ipynb", N_("Danish Bastard, rule by rule"),
           N_("Each rule of the English document, a table to try it on, quizzes and a practice.")),
    Lesson("02-le-danish.ipynb", N_("Le danish, rule by rule"),
           N_("The French document's rules, quoted in French, with quizzes and a practice.")),
    Lesson("03-rat-bastard-17.ipynb", N_("Rat Bastard 17, rule by rule"),
           N_("A running total that may not pass seventeen, for two players, with quizzes and a practice.")),
    Lesson("04-bastard.ipynb", N_("Bastard, rule by rule"),
           N_("A trick-taking game from a German document, with quizzes and a practice.")),
    Lesson("05-sjavs.ipynb", N_("Sjavs, rule by rule"),
           N_("The Danish trick-taking game with an auction and a skat, with quizzes and a practice.")),
    Lesson("06-what-the-rules-do.ipynb", N_("What the rules do, measured"),
           N_("Many simulated games answer questions about each rule option."), "sim",
           ("pandas", "matplotlib", "tqdm")),
    Lesson("07-research.ipynb", N_("The five games for game-AI research"),
           N_("The games as OpenSpiel games and PettingZoo environments."), "rl", ("pyspiel", "pettingzoo", "numpy")),
)
#: The game whose rule options lesson 03 measures from games played ahead (:mod:`danish_nb.tools.option_games`).
OPTIONS_GAME = "rat-bastard-17"
#: The page a folder of lessons opens on (the server shows it at ``/``).
INDEX = "index.ipynb"
#: What the index says.
INDEX_TITLE = N_("Lessons")
NEEDS_NOTHING = N_("Needs nothing more than the package.")
NEEDS_EXTRA = N_("Needs the extra “{extra}”: install it with {command}, then start the lessons again.")


def folder() -> Path:
    """The lessons shipped with the package (the notebooks and the game records they read)."""
    return Path(str(resources.files("danish_nb") / "lessons"))


def missing_extra(lesson: Lesson) -> str | None:
    """The extra ``lesson`` needs and this installation lacks, if any."""
    if lesson.extra is None or all(importlib.util.find_spec(name) is not None for name in lesson.modules):
        return None
    return lesson.extra


def _needs(lesson: Lesson, lang: str) -> str:
    tr = translator(lang)
    if lesson.extra is None:
        return tr(NEEDS_NOTHING)
    return tr(NEEDS_EXTRA, extra=lesson.extra, command=f"pip install 'danish-nb[{lesson.extra}]'")


def href(lesson: Lesson, lang: str) -> str:
    """Where the index links ``lesson``: its build in ``lang`` if there is one (``fr/00-start-here.ipynb``,
    :mod:`.languages`), else the English lesson."""
    return f"{lang}/{lesson.file}" if lang != "en" and (folder() / lang / lesson.file).exists() else lesson.file


def _index_page(items: list[tuple[str, str, str]], lang: str) -> str:
    """The index page in ``lang``: for each (link, title, lines) an item, its title a link."""
    tr = translator(lang)
    rows = "".join(f'<li><a href="{escape(link)}"><b>{escape(title)}</b></a>{lines}</li>'
                   for link, title, lines in items)
    return f'<h1 lang="{lang}">{escape(tr(INDEX_TITLE))}</h1><ol class="dn-lesson-list" lang="{lang}">{rows}</ol>'


def _about(lesson: Lesson, lang: str) -> str:
    """One line about ``lesson`` and what it needs, in ``lang`` (HTML)."""
    return f"<br>{escape(translator(lang)(lesson.line))}<br><small>{escape(_needs(lesson, lang))}</small>"


def index_html(lang: str = "en") -> str:
    """The lessons' index in ``lang``: each title (a link to the lesson), one line, what it needs."""
    lang = check_lang(lang)
    tr = translator(lang)
    return _index_page([(href(lesson, lang), tr(lesson.title), _about(lesson, lang)) for lesson in LESSONS], lang)


def first_heading(notebook: Path) -> str | None:
    """The text of a notebook's first markdown heading (its title), without its markup.

    >>> first_heading(folder() / "fr" / "02-le-danish.ipynb")
    'Le danish, règle par règle'
    """
    for cell in json.loads(notebook.read_text(encoding="utf-8")).get("cells", ()):
        if cell.get("cell_type") == "markdown":
            for line in "".join(cell["source"]).splitlines():
                if line.startswith("#"):
                    return re.sub(r"[*_`]", "", line.lstrip("#")).strip() or None
    return None


def folder_index_html(source: Path, lang: str = "en") -> str:
    """The index of the notebooks in the folder ``source`` in ``lang``: each one linked (its build
    in ``lang``, ``source/<lang>/NAME``, if there is one) under its first heading (else its
    name); a lesson of the package's also gets its line and what it needs.

    >>> html = folder_index_html(folder(), "de")
    >>> "<h1" in html and 'href="de/02-le-danish.ipynb"><b>Le danish, Regel für Regel' in html
    True
    """
    lang = check_lang(lang)
    known = {lesson.file: lesson for lesson in LESSONS}
    items = []
    for notebook in sorted(source.glob("*.ipynb")):
        if notebook.name == INDEX:
            continue
        built = source / lang / notebook.name
        shown = built if lang != "en" and built.is_file() else notebook
        lesson = known.get(notebook.name)
        items.append((shown.relative_to(source).as_posix(), first_heading(shown) or notebook.stem,
                      _about(lesson, lang) if lesson else ""))
    return _index_page(items, lang)


def with_index(source: Path, into: Path, lang: str = "en") -> Path:
    """A folder to serve the lessons of ``source`` from, opening on an index of our own in ``lang``
    (:func:`folder_index_html`): ``source`` itself if it has an ``index.ipynb``, else ``into``
    with the index beside links to everything in ``source`` (nothing is written into ``source``;
    the lessons run in ``source``'s files). A notebook, not a folder, is served as it is."""
    if not source.is_dir() or (source / INDEX).is_file():
        return source
    into.mkdir(parents=True, exist_ok=True)
    for entry in source.iterdir():
        if not entry.name.startswith("."):
            (into / entry.name).symlink_to(entry.resolve(), target_is_directory=entry.is_dir())
    index = _notebook([_markdown(folder_index_html(source, lang))], lang)
    (into / INDEX).write_text(json.dumps(index, ensure_ascii=False), encoding="utf-8")
    return into


def _notebook(cells: list[dict], lang: str) -> dict:
    """A notebook of ``cells`` written in ``lang`` (the server draws one without code in it)."""
    return {"cells": cells, "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",
                                                        "language": "python"}, "danish_nb": {"lang": lang}},
            "nbformat": 4, "nbformat_minor": 5}


def _markdown(text: str) -> dict:
    return {"cell_type": "markdown", "id": "dn-text", "metadata": {}, "source": text}


def prepare(into: Path, lang: str = "en") -> Path:
    """Write the lessons to serve into the folder ``into``: ``index.ipynb`` (the index in ``lang``,
    its links relative, so Voila renders each lesson), each lesson whose needs are met, and for the
    others a page saying which extra to install; returns ``into``."""
    lang = check_lang(lang)
    into.mkdir(parents=True, exist_ok=True)
    source = folder()
    shutil.copytree(source / "records", into / "records", dirs_exist_ok=True)
    for lesson in LESSONS:
        extra = missing_extra(lesson)
        if extra is None:
            shutil.copy2(source / lesson.file, into / lesson.file)
            if href(lesson, lang) != lesson.file:
                (into / lang).mkdir(exist_ok=True)
                shutil.copy2(source / lang / lesson.file, into / lang / lesson.file)
                shutil.copytree(source / "records", into / lang / "records", dirs_exist_ok=True)
        else:
            tr = translator(lang)
            text = f"# {tr(lesson.title)}\n\n{tr(lesson.line)}\n\n**{_needs(lesson, lang)}**\n"
            for page in {into / lesson.file, into / href(lesson, lang)}:  # where the index links it too
                page.parent.mkdir(exist_ok=True)
                page.write_text(json.dumps(_notebook([_markdown(text)], lang), ensure_ascii=False), encoding="utf-8")
    index = _notebook([_markdown(index_html(lang))], lang)
    (into / INDEX).write_text(json.dumps(index, ensure_ascii=False), encoding="utf-8")
    return into


def setting(game_id: str, name: str, value: Any) -> Message:
    """A rule option set to ``value``, in words, to head a line a lesson prints (the option's
    label and the value's words, as the settings panel names them, not the program's name).

    >>> setting("danish-bastard", "must_play", False).render("fr")
    'Option «\u202fjeu obligatoire\u202f» désactivée\u202f:'
    >>> str(setting("le-danish", "two_mode", "mirror"))
    'Option “two mode” set to “a mirror: it takes the value of the card below”:'
    >>> setting("sjavs", "red_queens", "yes")
    Traceback (most recent call last):
    danish_nb.errors.OptionsError: option 'red_queens' takes a bool, not str 'yes'
    """
    option, chosen = _option_words(game_id, name, value)
    if isinstance(chosen, bool):
        return M("Option “{option}” on:", option=option) if chosen else M("Option “{option}” off:", option=option)
    return M("Option “{option}” set to “{choice}”:", option=option, choice=chosen)


def choice(game_id: str, name: str, value: Any) -> Message:
    """A rule option set to ``value``, in a few words, for a table's cell (the option's label and
    the value's words, as the settings panel names them, never the program's ``name=value``).

    >>> str(choice("rat-bastard-17", "wild", "none")), choice("danish-bastard", "must_play", False).render("de")
    ('wild “none: no jokers in the pack”', 'Spielpflicht aus')
    """
    option, chosen = _option_words(game_id, name, value)
    if isinstance(chosen, bool):
        return M("{option} on", option=option) if chosen else M("{option} off", option=option)
    return M("{option} “{choice}”", option=option, choice=chosen)


def _option_words(game_id: str, name: str, value: Any) -> tuple[Message, bool | Message]:
    """A rule option's label and ``value`` checked: a truth value as it is, a choice in its words
    (what :func:`setting` and :func:`choice` put in their sentences)."""
    info = get_game(game_id).info.option(name)
    info.check(value)
    return Message(info.label), value if isinstance(value, bool) else Message(info.choice_label(value))


def say(*values: Any, sep: str = " ", lang: str = "en") -> None:
    """``print`` for a lesson: what the engine says (an event, a verdict, a result, an error, a
    text), a move in words (whose move first) and a truth value (yes or no) in the learner's
    language, anything else (a card, a number) as ``print`` writes it. What the engine says
    starts with a capital where it starts a line (a verdict's ``legal.`` reads ``Legal.``), and
    as it is after a text of the lesson's own (``P1: illegal. ...``).

    >>> import danish_nb as dn
    >>> g = dn.setup("danish-bastard", {"hands": [["8H", "4C"], ["9S"]], "pile": ["6C"]})
    >>> say(g.explain("P1 play 8H"))
    Legal. The eight of hearts on the six of clubs: equal or higher (rule DB-13)
    >>> say("P1:", g.explain("P1 play 4C"), lang="fr")
    P1: illégal ; le quatre de trèfle sur le six de trèfle : plus faible que la carte précédente (règle DB-13)
    >>> say(g.parse_move("P1 play 8H"), lang="fr")
    P1 : jouer le huit de cœur
    >>> say(*g.play("P1 play 8H"), (3, 3), True, sep="\\n", lang="de")
    P1 spielt Herz-Acht auf Kreuz-Sechs
    (3, 3)
    Ja
    """
    lang = check_lang(lang)

    def text(value: Any) -> str:
        if isinstance(value, Event):
            return value.text_for(None, omniscient=True, lang=lang)
        if isinstance(value, Verdict):
            return value.summary(lang)
        if isinstance(value, Result):
            return value.reason_in(lang)
        if callable(getattr(value, "words", None)):  # a move
            return move_words(value, lang=lang, player=True)
        if isinstance(value, (Message, DanishNbError, bool)):  # a truth value as a word: yes, oui, ja
            return render_text(value, lang=lang)
        return str(value)
    texts = [text(value) for value in values]
    for index in range(len(texts)) if "\n" in sep else range(min(1, len(texts))):  # a line's start
        if not isinstance(values[index], str):
            texts[index] = capital_start(texts[index])
    print(*texts, sep=sep)


__all__ = ["INDEX", "LESSONS", "Lesson", "M", "_n", "choice", "first_heading", "folder", "folder_index_html",
           "index_html", "joined", "missing_extra", "prepare", "say", "setting", "with_index"]

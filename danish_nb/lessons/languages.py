"""Lessons from one source in every language, the way Sphinx and Jupyter Book translate
documentation: a lesson is written once (``notebooks/NN-*.ipynb``, English), its prose is
extracted paragraph by paragraph to the gettext catalogues (context ``lesson <name>``,
:func:`messages`, which ``make translations`` adds) and :func:`build` writes the notebook in each
other language (``notebooks/fr/02-le-danish.ipynb``): every paragraph translated (an untranslated
one stays English), every code cell the same except that the lesson helpers are called with
``lang=LANG``, so quizzes, rules, tables and boards speak the learner's language too.
Every lesson's prose is extracted (:data:`SOURCES`); a lesson is built in a language once its
catalogue translates all of it (:data:`BUILT`).

:func:`same_lesson` is the check that the languages cannot drift: the same cells, the same
quizzes, rules and boards, only the words differ.

>>> paragraphs("# Title\\n\\nOne line\\nand its end.\\n\\n| a | b |\\n|---|---|\\n| 1 | 2 |")
['# Title', 'One line\\nand its end.', '| a | b |\\n|---|---|\\n| 1 | 2 |']
>>> localized("show_rule('danish-bastard', 'DB-1')\\ngames_table()")
"LANG = 'en'\\nshow_rule('danish-bastard', 'DB-1', lang=LANG)\\ngames_table(lang=LANG)"
"""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..i18n import LANGUAGES, _pgettext

#: The lessons written once in English whose prose goes to the catalogues.
SOURCES = ("00-start-here.ipynb", "01-danish-bastard.ipynb", "02-le-danish.ipynb", "03-rat-bastard-17.ipynb",
           "04-bastard.ipynb", "05-sjavs.ipynb", "06-what-the-rules-do.ipynb", "07-research.ipynb")
#: The languages each lesson is built in so far (its prose wholly translated there; the others
#: link the English lesson: see the issue's note).
BUILT: dict[str, tuple[str, ...]] = {
    "00-start-here.ipynb": ("fr", "de"),
    "01-danish-bastard.ipynb": ("fr", "de"),
    "02-le-danish.ipynb": ("fr", "de"),
    "03-rat-bastard-17.ipynb": ("fr", "de"),
    "04-bastard.ipynb": ("fr", "de"),
    "05-sjavs.ipynb": ("fr", "de"),
    "06-what-the-rules-do.ipynb": ("fr", "de"),
    "07-research.ipynb": ("fr", "de"),
}
#: The calls that take the learner's language (the lesson helpers, the boards, the app).
SPEAKING = frozenset({"show_rule", "show_table", "games_table", "rulings_table", "options_table", "PositionQuiz",
                      "Replay", "board_for", "build_app", "for_notebook", "ShedBoard", "TrickBoard", "RatBoard",
                      "explanation", "say", "note_text", "seat_table", "draw_table", "summary_table",
                      "strength_table", "simulate", "plot_seats", "plot_lengths", "plot_draws", "plot_options",
                      "translator", "cards_html", "face_text", "face_letter"})


def built(lang: str) -> list[str]:
    """The lessons built in ``lang`` (every lesson for English).

    >>> "02-le-danish.ipynb" in built("fr"), len(built("en"))
    (True, 8)
    """
    return list(SOURCES) if lang == "en" else [name for name, langs in BUILT.items() if lang in langs]


def context(name: str) -> str:
    """The catalogue context of a lesson's paragraphs: ``lesson 00-start-here``."""
    return f"lesson {Path(name).stem}"


def paragraphs(markdown: str) -> list[str]:
    """A markdown cell's paragraphs (a heading, a paragraph, a table or a list: a block between blank lines)."""
    return [block.strip("\n") for block in re.split(r"\n\s*\n", markdown.strip()) if block.strip()]


def messages(folder: Path) -> list[tuple[str, str, str]]:
    """Every paragraph of the lessons in ``folder`` (:data:`SOURCES`): (text, context, location)."""
    found = []
    for name in SOURCES:
        notebook = json.loads((folder / name).read_text(encoding="utf-8"))
        for number, cell in enumerate(notebook["cells"], start=1):
            if cell["cell_type"] == "markdown":
                found += [(text, context(name), f"notebooks/{name}:{number}")
                          for text in paragraphs("".join(cell["source"]))]
    return found


def code_cells(folder: Path) -> list[tuple[str, str]]:
    """Every code cell of the lessons in ``folder`` (:data:`SOURCES`) as (location, source): the
    texts they print are marked ``M()`` / ``_n()`` for the catalogues (``make translations``)."""
    found = []
    for name in SOURCES:
        notebook = json.loads((folder / name).read_text(encoding="utf-8"))
        found += [(f"notebooks/{name}:{number}", "".join(cell["source"]))
                  for number, cell in enumerate(notebook["cells"], start=1) if cell["cell_type"] == "code"]
    return found


def localized(source: str, lang: str = "en") -> str:
    """A code cell whose speaking calls (:data:`SPEAKING`) take ``lang=LANG``, with ``LANG`` set
    first where a cell imports danish_nb (the cell's other lines unchanged)."""
    tree = ast.parse(source)
    calls = [node for node in ast.walk(tree) if isinstance(node, ast.Call) and
             (getattr(node.func, "id", None) or getattr(node.func, "attr", None)) in SPEAKING and
             not any(k.arg == "lang" for k in node.keywords)]
    lines = source.split("\n")
    for call in sorted(calls, key=lambda c: (c.end_lineno, c.end_col_offset), reverse=True):
        row = call.end_lineno - 1  # the closing parenthesis (ast counts UTF-8 bytes: "Q♠" is 4)
        col = len(lines[row].encode("utf-8")[:call.end_col_offset - 1].decode("utf-8"))
        joiner = ", " if call.args or call.keywords else ""
        lines[row] = f"{lines[row][:col]}{joiner}lang=LANG{lines[row][col:]}"
    out = "\n".join(lines)
    return f"LANG = {lang!r}\n{out}" if calls and "LANG = " not in source else out


def translated(markdown: str, name: str, lang: str) -> str:
    """A markdown cell in ``lang``, paragraph by paragraph (an untranslated one as written), its
    links to other lessons pointing at their build in ``lang`` if there is one, else at the English
    lesson beside the built ones.

    >>> translated("[Later](09-later.ipynb), [Le danish](../02-le-danish.ipynb)", "x.ipynb", "fr")
    '[Later](../09-later.ipynb), [Le danish](02-le-danish.ipynb)'
    """
    text = "\n\n".join(_pgettext(lang, context(name), text) or text for text in paragraphs(markdown))
    return re.sub(r"\]\((?:\.\./)?(0\d[\w-]*\.ipynb)\)",
                  lambda m: f"]({'' if m[1] in built(lang) else '../'}{m[1]})", text)


def build(source: Path, lang: str, names: Sequence[str] | None = None) -> list[Path]:
    """Write the lessons of ``source`` (the English notebooks' folder) built in ``lang`` (or
    ``names``) into ``source/<lang>/`` (outputs cleared: ``make notebooks`` runs them); returns their paths."""
    out = source / lang
    out.mkdir(exist_ok=True)
    if (source / "records").is_dir() and not (out / "records").exists():  # the records the lessons read
        (out / "records").symlink_to(Path("..") / "records", target_is_directory=True)
    written = []
    for name in built(lang) if names is None else names:
        notebook = json.loads((source / name).read_text(encoding="utf-8"))
        first = True
        for cell in notebook["cells"]:
            text = "".join(cell["source"])
            if cell["cell_type"] == "markdown":
                cell["source"] = translated(text, name, lang)
            elif cell["cell_type"] == "code":
                code = localized(text, lang)
                cell["source"] = code if first or "LANG = " not in code else code.split("\n", 1)[1]
                first = first and "LANG = " not in code
                cell["outputs"], cell["execution_count"] = [], None
        path = out / name
        path.write_text(json.dumps(notebook, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        written.append(path)
    return written


def same_lesson(english: dict[str, Any], other: dict[str, Any]) -> list[str]:
    """What differs between a lesson and its build in another language besides its words: the
    kinds of cells, and each code cell (its quizzes, rules, tables and boards) once the language
    is taken out. ``[]``: the same lesson."""
    def code(cell: dict[str, Any]) -> str:
        text = "".join(cell["source"])
        text = re.sub(r"^LANG = '\w+'\n", "", text)
        return re.sub(r",? ?lang=LANG", "", text)
    problems = []
    if [c["cell_type"] for c in english["cells"]] != [c["cell_type"] for c in other["cells"]]:
        problems.append("the cells differ")
    for i, (a, b) in enumerate(zip(english["cells"], other["cells"]), start=1):
        if a["cell_type"] == b["cell_type"] == "code" and code(a) != code(b):
            problems.append(f"cell {i}: the code differs")
        if a["cell_type"] == b["cell_type"] == "markdown" and \
                len(paragraphs("".join(a["source"]))) != len(paragraphs("".join(b["source"]))):
            problems.append(f"cell {i}: the paragraphs differ")
    return problems


def main() -> None:
    """``python -m danish_nb.lessons.languages``: build the lessons in every other language."""
    source = Path("notebooks")
    for lang in LANGUAGES[1:]:
        for path in build(source, lang):
            print(f"wrote {path}")


if __name__ == "__main__":
    main()


__all__ = ["BUILT", "SOURCES", "build", "built", "code_cells", "context", "localized", "messages", "paragraphs",
           "same_lesson", "translated"]

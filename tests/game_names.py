"""Lines of package code outside ``danish_nb/games/`` that name a particular game (bar
``23-one-file-game``): a game's id, title, module or class in code, not in docstrings or comments.

``python tests/game_names.py [PACKAGE_DIR]`` lists them (default: this checkout's ``danish_nb``);
``tests/test_one_file_game.py`` holds the count.
"""

from __future__ import annotations

import ast
import io
import re
import sys
import tokenize
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "danish_nb"
#: A game's id, title, module or class name: ``danish-bastard``, ``Le danish``, ``rat_bastard_17``,
#: ``RatBastard17State``, ``bastard``, ``SJAVS``...
GAME_NAME = re.compile(r"bastard|sjavs|le[-_ ]?danish", re.IGNORECASE)


def docstring_lines(tree: ast.AST) -> set[int]:
    """The lines of every string that stands alone as a statement (docstrings)."""
    lines: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            lines.update(range(node.lineno, (node.end_lineno or node.lineno) + 1))
    return lines


def naming_lines(path: Path) -> list[tuple[int, str]]:
    """``(line number, line)`` of the code lines of ``path`` that name a game."""
    text = path.read_text(encoding="utf-8")
    skip = docstring_lines(ast.parse(text))
    found: set[int] = set()
    for token in tokenize.generate_tokens(io.StringIO(text).readline):
        if token.type in (tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE) or not GAME_NAME.search(token.string):
            continue
        found.update(n for n in range(token.start[0], token.end[0] + 1) if n not in skip)
    source = text.splitlines()
    return [(n, source[n - 1].strip()) for n in sorted(found)]


def outside_games(package: Path = PACKAGE) -> dict[Path, list[tuple[int, str]]]:
    """Every module outside ``danish_nb/games/`` with the lines that name a game. The lessons'
    index (``danish_nb/lessons/``) is left out: it lists the lesson notebooks, one per document,
    as the notebooks themselves name their game."""
    found = {}
    for path in sorted(package.rglob("*.py")):
        if path.parent in (package / "games", package / "lessons"):
            continue
        if lines := naming_lines(path):
            found[path.relative_to(package.parent)] = lines
    return found


if __name__ == "__main__":
    found = outside_games(Path(sys.argv[1]).resolve() if len(sys.argv) > 1 else PACKAGE)
    for path, lines in found.items():
        for number, line in lines:
            print(f"{path}:{number}: {line}")
    print(f"{sum(map(len, found.values()))} lines in {len(found)} files", file=sys.stderr)

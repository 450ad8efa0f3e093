"""Bar ``23-one-file-game``: code outside ``danish_nb/games/`` names no particular game (at most 5
lines), so that a game is added in one module (see ``test_toy_game.py``). Counted by
``game_names.py`` (code lines only: not docstrings, not comments)."""

from __future__ import annotations

from pathlib import Path

from game_names import PACKAGE, naming_lines, outside_games

#: The practice package's per-game questions and scenes (added after the bar was set) move to
#: their games in the rest of issue 30; until then they may not grow.
PRACTICE = Path("danish_nb/practice")
PRACTICE_LINES = 57


def test_code_outside_the_games_names_no_game():
    found = outside_games()
    elsewhere = {path: lines for path, lines in found.items() if PRACTICE not in path.parents}
    practice = sum(len(lines) for path, lines in found.items() if PRACTICE in path.parents)
    listing = "\n".join(f"{path}:{n}: {line}" for path, lines in elsewhere.items() for n, line in lines)
    assert sum(map(len, elsewhere.values())) <= 5, listing
    assert practice <= PRACTICE_LINES


def test_the_count_sees_names_in_code_and_not_in_docstrings_or_comments(tmp_path):
    module = tmp_path / "m.py"
    module.write_text('"""About Sjavs."""\n\n# Le danish\nGAME = "rat-bastard-17"\nx = 1  # bastard\n'
                      'def f():\n    """Bastard."""\n    return LeDanishState\n', encoding="utf-8")
    assert [n for n, _ in naming_lines(module)] == [4, 8]
    assert PACKAGE.name == "danish_nb" and (PACKAGE / "games").is_dir()

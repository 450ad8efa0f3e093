"""Bar ``23-one-file-game``: code outside ``danish_nb/games/`` names no particular game (at most 5
lines), so that a game is added in one module (see ``test_toy_game.py``). Counted by
``game_names.py`` (code lines only: not docstrings, not comments)."""

from __future__ import annotations

from game_names import PACKAGE, naming_lines, outside_games

#: The count held (the bar is 5): the catalogues' tool names the one document restated in its own
#: language (the German Bastard document, ``tools/translations.py``).
HELD = 1


def test_code_outside_the_games_names_no_game():
    found = outside_games()
    listing = "\n".join(f"{path}:{n}: {line}" for path, lines in found.items() for n, line in lines)
    assert sum(map(len, found.values())) <= HELD, listing


def test_the_count_sees_names_in_code_and_not_in_docstrings_or_comments(tmp_path):
    module = tmp_path / "m.py"
    module.write_text('"""About Sjavs."""\n\n# Le danish\nGAME = "rat-bastard-17"\nx = 1  # bastard\n'
                      'def f():\n    """Bastard."""\n    return LeDanishState\n', encoding="utf-8")
    assert [n for n, _ in naming_lines(module)] == [4, 8]
    assert PACKAGE.name == "danish_nb" and (PACKAGE / "games").is_dir()

"""Issue 29's bar, 22-plain-words: what a learner reads of a game (every verdict as the board
shows it, every log line as each player reads it) holds no move notation, no joker code and,
in French and German, no English rank letter; in English no notation and no joker code
(benchmarks/plain_words.py counts them; on main at 5306709 it counted 7,608 of 12,678 French
and German texts)."""

from __future__ import annotations

import pytest

from benchmarks.plain_words import ENGLISH, FOREIGN, GAMES, scan


@pytest.mark.parametrize("game_id", GAMES)
def test_no_notation_in_what_a_learner_reads(game_id):
    read, bad, shown = scan(seeds=range(1, 3), moves=40, games=(game_id,))
    assert sum(read.values()) > 500
    assert shown == [], f"{sum(bad.values())} of {sum(read.values())} texts show notation"


@pytest.mark.parametrize("text", ["Légal : P1 play 7♥", "P2 laisse 10♠ K♠ BJ face visible", "tu as la Q♠",
                                  "du hast K♥", "Erlaubt: P1 stock", "Jouer le V♦ puis P3 send P1"])
def test_the_check_finds_notation_in_french_and_german(text):
    """The checks can fail: notation, a joker code or an English rank letter is found."""
    assert FOREIGN.search(text)


@pytest.mark.parametrize("text, found", [("Legal: P1 play 7♥", True), ("P1 plays BJ=2", True), ("P2 take", True),
                                         ("P1 trump hearts", True), ("P3 closed 2", True),
                                         ("P1 closed the pile and plays again", False),
                                         ("P2 takes the pile (5 cards)", False), ("Play the queen of spades", False)])
def test_the_english_check_tells_notation_from_words(text, found):
    assert bool(ENGLISH.search(text)) is found


def test_the_readme_gives_the_player_counts_of_each_game_s_description():
    """Player counts agree everywhere: the README's table says what GameInfo says (it said
    2-12 for Danish Bastard, which takes 2 to 16)."""
    import re
    from pathlib import Path

    import danish_nb as dn
    readme = (Path(__file__).parents[1] / "README.md").read_text(encoding="utf-8")
    rows = dict(re.findall(r"^\| `([a-z0-9-]+)` \|[^|]*\|[^|]*\| (\d+(?:-\d+)?) \|", readme, re.M))
    assert set(rows) == set(dn.GAMES)
    for game_id, players in rows.items():
        info = dn.GAMES[game_id].info
        low, _, high = players.partition("-")
        assert (int(low), int(high or low)) == (info.min_players, info.max_players), game_id

"""Lesson 03's option tables come from games played ahead (danish_nb.tools.option_games): the
record holds the lesson's lines, and a sample of its games played again comes out as recorded
(a change to the rules or the players that changes a game makes the record stale: this fails)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import danish_nb as dn
from danish_nb.tools import option_games
from danish_nb.tools.option_games import TABLES, Line, load_tables, outcome, play_game

RECORD = Path(__file__).parent.parent / "notebooks" / "records" / "rat-bastard-17-options.json"


def sample_seeds(line: Line, index: int) -> set[int]:
    """The deals of ``line`` played again: its first and last, and one that moves with the line."""
    return {0, line.count - 1, (17 * index + 5) % line.count}


@pytest.mark.parametrize("index", range(sum(map(len, TABLES))))
def test_a_sample_of_the_recorded_games_plays_again_the_same(index: int) -> None:
    line = [line for table in load_tables(RECORD) for line in table][index]
    for seed in sample_seeds(line, index):
        assert outcome(play_game(seed, line.options, line.player)) == (line.winners[seed], line.moves[seed]), \
            f"{line.player} {line.options} deal {seed}: write the record again with {option_games.COMMAND}"


def test_the_record_holds_the_lessons_lines_and_every_game() -> None:
    tables = load_tables(RECORD)
    assert [[(line.player, line.options, line.count) for line in table] for table in tables] == \
        [[(line.player, line.options, line.count) for line in table] for table in TABLES]
    assert all(len(line.winners) == len(line.moves) == line.count for table in tables for line in table)
    assert option_games.record_text(tables) == RECORD.read_text(encoding="utf-8")


def test_a_record_of_other_lines_or_missing_games_is_refused(tmp_path: Path) -> None:
    record = json.loads(RECORD.read_text(encoding="utf-8"))
    record["tables"][1][0]["count"] = 40
    stale = tmp_path / "stale.json"
    stale.write_text(json.dumps(record), encoding="utf-8")
    with pytest.raises(dn.RecordError, match="does not hold the games of the lesson's tables"):
        load_tables(stale)
    record = json.loads(RECORD.read_text(encoding="utf-8"))
    record["tables"][0][2]["moves"].pop()
    stale.write_text(json.dumps(record), encoding="utf-8")
    with pytest.raises(dn.RecordError, match="every game's winner and moves"):
        load_tables(stale)


def test_check_compares_every_game_with_the_record(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    small = ((Line("rule-of-thumb", {}, 3),), (Line("random", {"wild": "none"}, 2),))
    monkeypatch.setattr(option_games, "TABLES", small)
    path = tmp_path / "games.json"
    assert option_games.main([str(path)]) == 0
    assert option_games.main(["--check", str(path)]) == 0
    assert load_tables(path)[0][0].winners == "221"
    path.write_text(path.read_text(encoding="utf-8").replace('"221"', '"222"'), encoding="utf-8")
    assert option_games.main(["--check", str(path)]) == 1
    assert "games differ" in capsys.readouterr().out

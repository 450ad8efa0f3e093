"""The games behind lesson 03's measured rule options, played ahead and kept as data.

Lesson 03 (Rat Bastard 17) shows how its rule options change play: two tables of seeded games
between two computer players of one kind (:data:`TABLES`: 1,100 games). Played in the lesson's
kernel they took 5.5-44 s, depending on the load, and a learner's click on a quiz waited behind
them (a kernel runs one message at a time). ``python -m danish_nb.tools.option_games`` plays them
and writes each game's winner and length to ``notebooks/records/rat-bastard-17-options.json``
(``make notebooks`` copies it beside the packaged lessons); the lesson counts its tables from
that file (:func:`load_tables`), which refuses a file whose lines are not :data:`TABLES`.
``tests/test_option_games.py`` plays a sample of the games again and fails if one comes out
otherwise than recorded; ``--check`` plays every one.

>>> line = Line("random", {"wild": "none"}, 4, winners="1200", moves=(90, 120, 1000, 800))
>>> line.draws, line.p1_wins, line.p2_wins, line.mean_moves
(0.5, 0.25, 0.25, 502.5)
>>> played = play_line(Line("rule-of-thumb", {}, 3))
>>> played.winners, played.moves
('221', (63, 57, 75))
"""

from __future__ import annotations

import argparse
import json
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from ..agents import play_out
from ..core import Game, RecordError, new_game
from ..lessons import OPTIONS_GAME

#: The game the lesson measures (the lessons' index names it).
GAME = OPTIONS_GAME
#: Where the games are kept (the lesson reads ``records/<game>-options.json`` beside it).
RECORD = Path(f"notebooks/records/{GAME}-options.json")
#: What writes the record again (a stale record's error says so).
COMMAND = "python -m danish_nb.tools.option_games"


@dataclass(frozen=True)
class Line:
    """A line of a table: ``count`` games (deals ``0`` to ``count - 1``) between two computer
    players ``player`` under the rule ``options``, and once played each game's winner (``"1"``
    P1, ``"2"`` P2, ``"0"`` a draw) and number of moves."""

    player: str
    options: dict[str, Any]
    count: int
    winners: str = ""
    moves: tuple[int, ...] = field(default=())

    @property
    def draws(self) -> float:
        """The share of draws."""
        return self.winners.count("0") / self.count

    @property
    def p1_wins(self) -> float:
        """The share of games P1 won."""
        return self.winners.count("1") / self.count

    @property
    def p2_wins(self) -> float:
        """The share of games P2 won (every game neither drawn nor won by P1)."""
        return (self.count - self.winners.count("0") - self.winners.count("1")) / self.count

    @property
    def mean_moves(self) -> float:
        """Moves per game."""
        return sum(self.moves) / self.count


#: The settings of the first table, one option changed from the defaults each.
SETTINGS: tuple[dict[str, Any], ...] = ({}, {"court_value": 10}, {"wild": "jokers+twos"}, {"wild": "none"},
                                        {"over_after_deck": "whole-pile"})
#: The lesson's two tables, unplayed: 100 games under each setting for each player, then 50
#: between rule-of-thumb players without the repetition rule, court cards worth 0 and 10.
TABLES: tuple[tuple[Line, ...], ...] = (
    tuple(Line(player, options, 100) for player in ("rule-of-thumb", "random") for options in SETTINGS),
    tuple(Line("rule-of-thumb", {"court_value": court, "repetitions": 0}, 50) for court in (0, 10)),
)


def play_game(seed: int, options: dict[str, Any], player: str) -> Game:
    """A whole game of Rat Bastard 17 dealt with ``seed`` under ``options``, between two computer
    players ``player`` (seat ``n`` seeded ``2 * seed + n``).

    >>> game = play_game(3, {"wild": "none"}, "rule-of-thumb")
    >>> game.options.wild, outcome(game)
    ('none', ('1', 77))
    """
    game = new_game(GAME, players=2, seed=seed, options=options)
    play_out(game, [player, player], seed=2 * seed)
    return game


def outcome(game: Game) -> tuple[str, int]:
    """A finished game's winner as the record writes it (``"1"``, ``"2"``; ``"0"``: a draw) and its
    number of moves (see :func:`play_game`)."""
    assert game.result is not None, "the game is not over"
    return "0" if game.result.draw else str(game.result.order[0] + 1), len(game.history)


def play_line(line: Line) -> Line:
    """``line`` with its games played."""
    played = [outcome(play_game(seed, line.options, line.player)) for seed in range(line.count)]
    return replace(line, winners="".join(w for w, _ in played), moves=tuple(m for _, m in played))


def _unplayed(line: Line) -> Line:
    return replace(line, winners="", moves=())


def load_tables(path: str | Path = RECORD) -> tuple[tuple[Line, ...], ...]:
    """The lesson's tables as recorded at ``path``, checked to be :data:`TABLES` (the same
    players, options and counts) with every game's outcome.

    >>> tables = load_tables(Path(__file__).resolve().parents[1] / "lessons/records/rat-bastard-17-options.json")
    >>> [len(table) for table in tables], tables[0][0].player, tables[0][0].count == len(tables[0][0].moves)
    ([10, 2], 'rule-of-thumb', True)
    """
    record = json.loads(Path(path).read_text(encoding="utf-8"))
    tables = tuple(tuple(Line(line["player"], line["options"], line["count"], line["winners"], tuple(line["moves"]))
                         for line in table) for table in record["tables"])
    if record["game"] != GAME or tuple(tuple(map(_unplayed, table)) for table in tables) != TABLES:
        raise RecordError(f"{path} does not hold the games of the lesson's tables: write it again with {COMMAND}")
    if any(len(line.winners) != line.count or len(line.moves) != line.count or set(line.winners) - set("012")
           for table in tables for line in table):
        raise RecordError(f"{path} does not give every game's winner and moves: write it again with {COMMAND}")
    return tables


def record_text(tables: tuple[tuple[Line, ...], ...]) -> str:
    """The record of played ``tables``, as written to the file (one line of the table a line)."""
    lines = [[json.dumps({"player": line.player, "options": line.options, "count": line.count,
                          "winners": line.winners, "moves": list(line.moves)}) for line in table] for table in tables]
    body = ",\n".join("  [\n" + ",\n".join(f"   {line}" for line in table) + "\n  ]" for table in lines)
    return f'{{"game": "{GAME}", "written by": "{COMMAND}",\n "tables": [\n{body}\n ]}}\n'


def main(argv: list[str] | None = None) -> int:
    """``[--check] [PATH]``: play the lesson's games and write them (``--check``: compare instead)."""
    parser = argparse.ArgumentParser(prog=COMMAND, description="Play the games of lesson 03's option tables.")
    parser.add_argument("--check", action="store_true", help="play them all and compare with the record")
    parser.add_argument("path", nargs="?", type=Path, default=RECORD, help="the record (default: %(default)s)")
    args = parser.parse_args(argv)
    played = tuple(tuple(play_line(line) for line in table) for table in TABLES)
    if args.check:
        same = load_tables(args.path) == played
        print(f"{args.path}: {'every game as recorded' if same else 'games differ: write it again with ' + COMMAND}")
        return 0 if same else 1
    args.path.parent.mkdir(parents=True, exist_ok=True)
    args.path.write_text(record_text(played), encoding="utf-8")
    print(f"{args.path}: {sum(line.count for table in played for line in table)} games")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

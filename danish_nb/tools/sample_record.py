"""The sample games of the lessons: three rule-of-thumb computer players, seeded.

``python -m danish_nb.tools.sample_record`` writes ``notebooks/records/danish-bastard-sample.json``
(a plain game record, see :mod:`danish_nb.records`) and ``danish-bastard-sample.why.json`` (each
move with the reason its computer player gave); ``--game le-danish`` writes the Le danish sample
(``le-danish-sample.json`` and its ``.why.json``). :func:`load_sample` reads a sample back,
replaying the record through the rules and checking the reasons belong to its moves.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from ..agents import play_out
from ..core import GAMES, Game, RecordError, Text, load_record, new_game, render_text

#: game id -> (players, seed) of its lesson's sample game (the game's ``GameParts.sample``).
SAMPLES = {game_id: GAMES[game_id].info.parts.sample for game_id in GAMES if GAMES[game_id].info.parts.sample}
#: The default game (the first declared) and its sample.
GAME = next(iter(SAMPLES))
PLAYERS, SEED = SAMPLES[GAME]
RECORD = Path(f"notebooks/records/{GAME}-sample.json")


def sample_path(game_id: str) -> Path:
    """Where a game's sample record lives: ``notebooks/records/<game id>-sample.json``."""
    return RECORD.with_name(f"{game_id}-sample.json")


def play_sample(seed: int = SEED, game_id: str = GAME,
                players: int = PLAYERS) -> tuple[Game, list[dict[str, str]]]:
    """Play a whole game between rule-of-thumb players (seat ``n`` seeded ``n``), each the
    game's own rule-of-thumb player if it has one."""
    game = new_game(game_id, players=players, seed=seed)
    choices = play_out(game, ["rule-of-thumb"] * players)
    return game, [{"move": str(c.move), "why": render_text(c.why, None, omniscient=True)} for c in choices]


def reasons_path(record_path: Path) -> Path:
    return record_path.with_name(record_path.stem + ".why.json")


def load_sample(record_path: str | Path = RECORD) -> tuple[Game, list[Text]]:
    """The recorded game (replayed and checked) and the computer's reason for each move: the
    reasons as messages (each reader's language), the players' choices replayed from the record's
    seed, or as the ``.why.json`` file writes them (English) if the players now choose otherwise.

    >>> game, why = load_sample(Path(__file__).resolve().parents[1] / "lessons/records/le-danish-sample.json")
    >>> render_text(why[-1], lang="fr") != render_text(why[-1])
    True
    """
    record_path = Path(record_path)
    text = record_path.read_text(encoding="utf-8")
    game, record = load_record(text), json.loads(text)
    notes = json.loads(reasons_path(record_path).read_text(encoding="utf-8"))
    moves = [str(step.move) for step in game.history]
    if [note.get("move") for note in notes] != moves:
        raise RecordError(f"{reasons_path(record_path)} does not give the moves of {record_path}")
    replayed = new_game(record["game"], players=game.players, seed=game.seed, options=record.get("options"))
    choices = play_out(replayed, ["rule-of-thumb"] * game.players)
    if [str(choice.move) for choice in choices] == moves:
        return game, [choice.why for choice in choices]
    return game, [note["why"] for note in notes]


def main(argv: list[str] | None = None) -> int:
    """``[--game GAME_ID] [PATH]``: write a game's sample record (default: the first game's)."""
    parser = argparse.ArgumentParser(prog="python -m danish_nb.tools.sample_record",
                                     description="Write a lesson's sample game record and its reasons.")
    parser.add_argument("--game", default=GAME, choices=list(SAMPLES), help="the game (default: %(default)s)")
    parser.add_argument("path", nargs="?", type=Path, help="where to write it (default: notebooks/records/)")
    args = parser.parse_args(argv)
    players, seed = SAMPLES[args.game]
    path = args.path or sample_path(args.game)
    game, notes = play_sample(seed, args.game, players)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(game.to_record(), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    reasons_path(path).write_text(json.dumps(notes, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"{path}: {len(notes)} moves; {game.result}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

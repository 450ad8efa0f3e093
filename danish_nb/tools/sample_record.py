"""The sample game of the Danish Bastard lesson: three rule-of-thumb computer players, seeded.

``python -m danish_nb.tools.sample_record`` writes ``notebooks/records/danish-bastard-sample.json``
(a plain game record, see :mod:`danish_nb.records`) and ``danish-bastard-sample.why.json`` (each
move with the reason its computer player gave). :func:`load_sample` reads both back, replaying
the record through the rules and checking the reasons belong to its moves.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from ..agents import make_agent
from ..core import Game, RecordError, new_game
from ..records import load_record

GAME, PLAYERS, SEED = "danish-bastard", 3, 14
RECORD = Path("notebooks/records/danish-bastard-sample.json")


def play_sample(seed: int = SEED) -> tuple[Game, list[dict[str, str]]]:
    """Play a whole game between rule-of-thumb players (seat ``n`` seeded ``n``)."""
    game = new_game(GAME, players=PLAYERS, seed=seed)
    agents = [make_agent("rule-of-thumb", seed=seat) for seat in range(PLAYERS)]
    notes = []
    while not game.is_over:
        choice = agents[game.current_player].choose(game.state)
        game.play(choice.move)
        notes.append({"move": str(choice.move), "why": choice.why})
    return game, notes


def reasons_path(record_path: Path) -> Path:
    return record_path.with_name(record_path.stem + ".why.json")


def load_sample(record_path: str | Path = RECORD) -> tuple[Game, list[str]]:
    """The recorded game (replayed and checked) and the computer's reason for each move."""
    record_path = Path(record_path)
    game = load_record(record_path.read_text(encoding="utf-8"))
    notes = json.loads(reasons_path(record_path).read_text(encoding="utf-8"))
    moves = [str(step.move) for step in game.history]
    if [note.get("move") for note in notes] != moves:
        raise RecordError(f"{reasons_path(record_path)} does not give the moves of {record_path}")
    return game, [note["why"] for note in notes]


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    path = Path(args[0]) if args else RECORD
    game, notes = play_sample()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(game.to_record(), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    reasons_path(path).write_text(json.dumps(notes, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"{path}: {len(notes)} moves; {game.result}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

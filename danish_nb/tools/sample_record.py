"""The sample games of the lessons: three rule-of-thumb computer players, seeded.

``python -m danish_nb.tools.sample_record`` writes ``notebooks/records/danish-bastard-sample.json``
(a plain game record, see :mod:`danish_nb.records`) and ``danish-bastard-sample.why.json`` (each
move with the reason its computer player gave); ``--game le-danish`` writes the Le danish sample
(``le-danish-sample.json`` and its ``.why.json``). :func:`load_sample` reads a sample back,
replaying the record through the rules and checking the reasons belong to its moves.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from ..agents import make_agent
from ..core import DanishNbError, Game, RecordError, get_game, new_game
from ..records import load_record

GAME, PLAYERS, SEED = "danish-bastard", 3, 14
RECORD = Path("notebooks/records/danish-bastard-sample.json")
#: game id -> (players, seed) of its lesson's sample game.
SAMPLES = {"danish-bastard": (PLAYERS, SEED), "le-danish": (3, 11)}
SAMPLES["rat-bastard-17"] = (2, 2)  # two rule-of-thumb players; seed 2 ends in a win, with takes and wild cards
SAMPLES["sjavs"] = (3, 2)  # nine deals: Plays and a Strike, opponents deducting 5, 10 and 15


def sample_path(game_id: str) -> Path:
    """Where a game's sample record lives: ``notebooks/records/<game id>-sample.json``."""
    return RECORD.with_name(f"{game_id}-sample.json")


def play_sample(seed: int = SEED, game_id: str = GAME,
                players: int = PLAYERS) -> tuple[Game, list[dict[str, str]]]:
    """Play a whole game between rule-of-thumb players (seat ``n`` seeded ``n``), each the
    game's own rule-of-thumb player if it has one."""
    game = new_game(game_id, players=players, seed=seed)
    family = get_game(game_id).family
    agents = [make_agent("rule-of-thumb", seed=seat, family=family, game=game_id) for seat in range(players)]
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
    """``[--game GAME_ID] [PATH]``: write a game's sample record (default: Danish Bastard)."""
    args = list(sys.argv[1:] if argv is None else argv)
    game_id = GAME
    if "--game" in args:
        at = args.index("--game")
        if at + 1 >= len(args):
            raise DanishNbError(f"--game needs a game id: {', '.join(SAMPLES)}")
        game_id = args[at + 1]
        del args[at:at + 2]
    if game_id not in SAMPLES:
        raise DanishNbError(f"no sample game for {game_id!r}; choose from {', '.join(SAMPLES)}")
    players, seed = SAMPLES[game_id]
    path = Path(args[0]) if args else sample_path(game_id)
    game, notes = play_sample(seed, game_id, players)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(game.to_record(), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    reasons_path(path).write_text(json.dumps(notes, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"{path}: {len(notes)} moves; {game.result}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

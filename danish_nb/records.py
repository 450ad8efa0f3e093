"""Game records: options + seed (or a set-up position) + moves, as versioned JSON.

Loading replays every move through the rules, so a tampered record cannot produce an illegal
position.

>>> import danish_nb as dn
>>> g = dn.new_game("danish-bastard", players=2, seed=3)
>>> _ = g.play(g.legal_moves()[0])
>>> dn.load_record(to_record(g)).state == g.state
True
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping
from typing import Any

from .core import DanishNbError, Game, RecordError, new_game, setup

RECORD_FORMAT = "danish-nb/record"
RECORD_VERSION = 1


def to_record(game: Game) -> dict[str, Any]:
    """A JSON-able record of a game: game id, players, seed or position, options, moves."""
    record: dict[str, Any] = {
        "format": RECORD_FORMAT,
        "version": RECORD_VERSION,
        "game": game.rules.id,
        "players": game.players,
        "options": dataclasses.asdict(game.options),
        "moves": [str(step.move) for step in game.history],
    }
    if game.position is not None:
        record["position"] = game.position
    else:
        record["seed"] = game.seed
    return record


def load_record(record: Mapping[str, Any] | str) -> Game:
    """Rebuild a game from :meth:`Game.to_record` output (a dict or its JSON text), replaying
    and checking every move. Raises :class:`RecordError` saying what is wrong and where."""
    if isinstance(record, str):
        try:
            record = json.loads(record)
        except json.JSONDecodeError as exc:
            raise RecordError(f"a record is JSON: {exc}") from None
    if not isinstance(record, Mapping):
        raise RecordError("a record is a JSON object")
    if record.get("format") != RECORD_FORMAT:
        raise RecordError(f"not a danish-nb record (format is {record.get('format')!r})")
    if record.get("version") != RECORD_VERSION:
        raise RecordError(f"record version {record.get('version')!r} is not supported (only {RECORD_VERSION})")
    moves = record.get("moves")
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise RecordError("'moves' must be a list of move texts")
    try:
        if "position" in record:
            game = setup(record.get("game"), record["position"], record.get("options"))
        else:
            game = new_game(record.get("game"), record.get("players"), record.get("seed"), record.get("options"))
    except DanishNbError as exc:
        raise RecordError(f"the record cannot start a game: {exc}") from None
    for number, text in enumerate(moves, start=1):
        try:
            game.play(text)
        except DanishNbError as exc:
            raise RecordError(f"move {number} ({text!r}) does not replay: {exc}") from None
    return game

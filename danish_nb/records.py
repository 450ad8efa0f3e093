"""Game records: options + seed (or a set-up position) + moves, as versioned JSON.

:meth:`Game.to_record <danish_nb.core.Game.to_record>` writes one; :func:`load_record` reads
it back, replaying every move through the rules, so a tampered record cannot produce an
illegal position. Sizes are bounded (text, nesting, number of moves), and whatever goes wrong
is a :class:`~danish_nb.errors.RecordError` saying what and where.

>>> import danish_nb as dn
>>> g = dn.new_game("danish-bastard", players=2, seed=3)
>>> _ = g.play(g.legal_moves()[0])
>>> dn.load_record(g.to_record()).state == g.state
True
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from .i18n import M
from .core import (MAX_POSITION_ITEMS, RECORD_FORMAT, RECORD_VERSION, DanishNbError, Game, RecordError, _short,
                   check_plain, new_game, setup)

#: The longest record text read (a long Sjavs match is under 100 kB).
MAX_RECORD_TEXT = 4_000_000
#: The most moves a record may hold.
MAX_RECORD_MOVES = 100_000
#: How many values a record may hold besides its moves (its options and set-up position).
MAX_RECORD_ITEMS = 2 * MAX_POSITION_ITEMS


def load_record(record: Mapping[str, Any] | str) -> Game:
    """Rebuild a game from :meth:`Game.to_record` output (a dict or its JSON text), replaying
    and checking every move. Raises :class:`RecordError` saying what is wrong and where.

    >>> load_record('{"format": "danish-nb/record", "version": 2}')
    Traceback (most recent call last):
    danish_nb.errors.RecordError: record version 2 is not supported (only 1)
    """
    record = _read(record)
    moves = record["moves"]
    try:
        if "position" in record:
            game = setup(record.get("game"), record["position"], record.get("options"))
        else:
            game = new_game(record.get("game"), record.get("players"), record.get("seed"), record.get("options"))
    except DanishNbError as exc:
        raise RecordError(M("the record cannot start a game: {error}", error=exc)) from None
    for number, text in enumerate(moves, start=1):
        try:
            game.play(text)
        except DanishNbError as exc:
            raise RecordError(M("move {number} ({text}) does not replay: {error}", number=number, text=_short(text), error=exc)) from None
        except Exception as exc:  # a bug in a game's rules: still the record's error, with its cause
            raise RecordError(M("move {number} ({text}) does not replay: {kind} {error}", number=number, text=_short(text), kind=type(exc).__name__, error=_short(str(exc), 200))) from exc
    return game


def _read(record: Any) -> Mapping[str, Any]:
    """The record as a dict of the right format and version, its size and nesting checked."""
    if isinstance(record, str):
        if len(record) > MAX_RECORD_TEXT:
            raise RecordError(M("a record is at most {MAX_RECORD_TEXT} characters, not {count}", MAX_RECORD_TEXT=MAX_RECORD_TEXT, count=len(record)))
        try:
            record = json.loads(record)
        except json.JSONDecodeError as exc:
            raise RecordError(M("a record is JSON: {error}", error=_short(str(exc), 120))) from None
        except RecursionError:
            raise RecordError(M("a record nests lists or objects too deeply")) from None
    if not isinstance(record, Mapping):
        raise RecordError(M("a record is a JSON object, not {kind}", kind=type(record).__name__))
    record = dict(record)
    if record.get("format") != RECORD_FORMAT:
        raise RecordError(M("not a danish-nb record (format is {get})", get=_short(record.get('format'))))
    if record.get("version") != RECORD_VERSION:
        raise RecordError(M("record version {get} is not supported (only {RECORD_VERSION})", get=_short(record.get('version')), RECORD_VERSION=RECORD_VERSION))
    moves = record.get("moves")
    if not isinstance(moves, list):
        raise RecordError(M("'moves' must be a list of move texts"))
    if len(moves) > MAX_RECORD_MOVES:
        raise RecordError(M("a record holds at most {MAX_RECORD_MOVES} moves, not {count}", MAX_RECORD_MOVES=MAX_RECORD_MOVES, count=len(moves)))
    if not all(type(m) is str for m in moves):
        raise RecordError(M("'moves' must be a list of move texts"))
    # the moves are checked (each text is bounded when it is read); the rest is small
    check_plain({key: value for key, value in record.items() if key != "moves"}, "a record", RecordError,
                max_items=MAX_RECORD_ITEMS)
    return record

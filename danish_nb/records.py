"""Game records: options + seed (or a set-up position) + moves, as versioned JSON, both ways.

:func:`write_record` writes one (what :meth:`Game.to_record <danish_nb.core.Game.to_record>`
returns); :func:`read_record` reads one back as a checked dict: its format and version, its
size (text, nesting, number of moves) bounded. Whatever is wrong is a
:class:`~danish_nb.errors.RecordError` saying what and where. The session replays a record's
moves through the rules (:func:`danish_nb.load_record`), so a tampered record cannot produce an
illegal position. This module knows no session: the session calls it.

>>> record = write_record("danish-bastard", 2, {"seven_below": True}, ["P1 play 4C"], seed=3)
>>> list(record), read_record(record) == record
(['format', 'version', 'game', 'players', 'options', 'moves', 'seed'], True)
>>> import danish_nb as dn
>>> g = dn.new_game("danish-bastard", players=2, seed=3)
>>> _ = g.play(g.legal_moves()[0])
>>> dn.load_record(g.to_record()).state == g.state
True
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from .errors import MAX_POSITION_ITEMS, RecordError, _short, check_plain
from .i18n import M

#: What a record says it is (``"format"``) and which version of it (``"version"``).
RECORD_FORMAT = "danish-nb/record"
RECORD_VERSION = 1
#: The longest record text read (a long Sjavs match is under 100 kB).
MAX_RECORD_TEXT = 4_000_000
#: The most moves a record may hold.
MAX_RECORD_MOVES = 100_000
#: How many values a record may hold besides its moves (its options and set-up position).
MAX_RECORD_ITEMS = 2 * MAX_POSITION_ITEMS


def write_record(game: str, players: int, options: Mapping[str, Any], moves: Sequence[str], *,
                 seed: int | None = None, position: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """A JSON-able record: the game's id, players, options (as a dict), the moves' notation,
    and the set-up ``position`` if there is one, else the ``seed``."""
    record: dict[str, Any] = {
        "format": RECORD_FORMAT,
        "version": RECORD_VERSION,
        "game": game,
        "players": players,
        "options": dict(options),
        "moves": list(moves),
    }
    if position is not None:
        record["position"] = position
    else:
        record["seed"] = seed
    return record


def read_record(record: Any) -> dict[str, Any]:
    """A record (a dict or its JSON text) as a dict of the right format and version, its size and
    nesting checked and its moves a list of texts. Raises :class:`RecordError` saying what is wrong.

    >>> read_record('{"format": "danish-nb/record", "version": 2}')
    Traceback (most recent call last):
    danish_nb.errors.RecordError: record version 2 is not supported (only 1)
    """
    if isinstance(record, str):
        if len(record) > MAX_RECORD_TEXT:
            raise RecordError(M("a record is at most {MAX_RECORD_TEXT} characters, not {count}",
                                MAX_RECORD_TEXT=MAX_RECORD_TEXT, count=len(record)))
        try:
            record = json.loads(record)
        except json.JSONDecodeError as exc:
            raise RecordError(M("this record is not JSON text (line {line}, column {column})", line=exc.lineno,
                                column=exc.colno)) from None
        except ValueError:  # a number past Python's 4,300 digits
            raise RecordError(M("a record holds a number too long to read")) from None
        except RecursionError:
            raise RecordError(M("a record nests lists or objects too deeply")) from None
    if not isinstance(record, Mapping):
        raise RecordError(M("a record is a JSON object, not {kind}", kind=type(record).__name__))
    record = dict(record)
    if record.get("format") != RECORD_FORMAT:
        raise RecordError(M("not a danish-nb record (format is {get})", get=_short(record.get('format'))))
    if record.get("version") != RECORD_VERSION:
        raise RecordError(M("record version {get} is not supported (only {RECORD_VERSION})",
                            get=_short(record.get('version')), RECORD_VERSION=RECORD_VERSION))
    moves = record.get("moves")
    if not isinstance(moves, list):
        raise RecordError(M("'moves' must be a list of move texts"))
    if len(moves) > MAX_RECORD_MOVES:
        raise RecordError(M("a record holds at most {MAX_RECORD_MOVES} moves, not {count}",
                            MAX_RECORD_MOVES=MAX_RECORD_MOVES, count=len(moves)))
    if not all(type(m) is str for m in moves):
        raise RecordError(M("'moves' must be a list of move texts"))
    # the moves are checked (each text is bounded when it is read); the rest is small
    check_plain({key: value for key, value in record.items() if key != "moves"}, "a record", RecordError,
                max_items=MAX_RECORD_ITEMS)
    return record

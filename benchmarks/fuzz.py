"""Worst case on malformed input: every public call handed bad input up to 1 MB, the slowest
answer per call (issue 11 asks for under 50 ms). Not a timed test: run
``python -m benchmarks.fuzz`` (or ``make fuzz``) and quote the figures. Each answer is timed in
CPU seconds (``time.process_time``: waiting for a core on a shared machine is not counted) and
on the wall clock.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

import danish_nb as dn

MB = 1_000_000


def deep(depth: int, leaf: Any = "8C") -> Any:
    value = leaf
    for _ in range(depth):
        value = [value]
    return value


def inputs() -> dict[str, list[Any]]:
    """Malformed inputs by kind, up to 1 MB each."""
    moves = ["P1 play " + "7H " * (MB // 3 - 3), "P" + "1" * MB + " take", "x" * MB, "P² take", "P1 closed ²"]
    record = dn.new_game("sjavs", players=3, seed=1).to_record()
    records = ["[" * (MB // 2) + "]" * (MB // 2), "{" * MB, json.dumps({**record, "moves": ["P1 pass"] * (MB // 10)}),
               {**record, "format": deep(100_000)}, {**record, "moves": ["x" * MB]},
               {**record, "position": {"hands": [["7H"] * (MB // 5), ["8C"]]}}]
    positions = [{"hands": [[deep(100_000)], ["8C"]]}, {"hands": [["7H"] * (MB // 5), ["8C"]]},
                 {"hands": [["7H"], ["8C"]], "pile": ["x" * MB]}, {str(i): i for i in range(MB // 10)}]
    options = [{"turn_limit": 10**100}, {"x" * MB: 1}, {"turn_limit": deep(100_000, 1)}]
    return {"move": moves, "record": records, "position": positions, "options": options,
            "game id": [deep(100_000), "x" * MB, ["sjavs"]]}


def worst(call: Callable[[Any], Any], values: list[Any]) -> tuple[float, float, str]:
    """The slowest answer over ``values`` (CPU seconds), its wall-clock seconds and what it raised."""
    slowest, wall, what = 0.0, 0.0, ""
    for value in values:
        start, start_wall = time.process_time(), time.perf_counter()
        try:
            call(value)
            outcome = "accepted"
        except dn.DanishNbError as exc:
            outcome = f"{type(exc).__name__} ({len(str(exc))} chars)"
        except Exception as exc:  # noqa: BLE001 - reported, not hidden
            outcome = f"ESCAPED {type(exc).__name__}"
        took = time.process_time() - start
        if took >= slowest:
            slowest, wall, what = took, time.perf_counter() - start_wall, outcome
    return slowest, wall, what


def main() -> None:
    data = inputs()
    print(f"{'call':38} {'worst ms':>9} {'(wall)':>8}  outcome of the slowest")
    for game_id in dn.GAMES:
        game = dn.new_game(game_id, players=dn.GAMES[game_id].info.min_players, seed=1)
        calls = {f"{game_id} parse_move": (game.parse_move, data["move"]),
                 f"{game_id} explain": (game.explain, data["move"]),
                 f"{game_id} play": (game.play, data["move"]),
                 f"{game_id} setup": (lambda p, g=game_id: dn.setup(g, p), data["position"]),
                 f"{game_id} new_game options": (lambda o, g=game_id, n=game.players: dn.new_game(g, n, 1, o),
                                                 data["options"])}
        for name, (call, values) in calls.items():
            took, wall, what = worst(call, values)
            print(f"{name:38} {took * 1000:9.1f} {wall * 1000:8.1f}  {what}")
    for name, (call, values) in {"load_record": (dn.load_record, data["record"]),
                                 "new_game game id": (lambda g: dn.new_game(g, 3), data["game id"])}.items():
        took, wall, what = worst(call, values)
        print(f"{name:38} {took * 1000:9.1f} {wall * 1000:8.1f}  {what}")


if __name__ == "__main__":
    main()

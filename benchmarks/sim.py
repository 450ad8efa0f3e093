"""Simulation benchmark: games per second of ``danish_nb.sim.simulate`` in this process and on a
local process pool of 1 and 2 workers, and the scaling efficiency of 2 workers over 1.

Run ``python -m benchmarks.sim`` (``--games``, ``--rounds``, ``--game``, ``--seats``). Each figure is
the median of several rounds, end to end (a run starts and stops its own pool); the efficiency is
(games/s with 2 workers) / (2 x games/s with 1 worker). The load average is printed: other work
on the machine lowers the 2-worker figure first.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

import danish_nb as dn
from danish_nb import sim

#: Players per game (those of notebook 06).
PLAYERS = {"danish-bastard": 3, "le-danish": 3, "rat-bastard-17": 2, "bastard": 3, "sjavs": 3}


def games_per_s(game_id: str, seats: str, games: int, rounds: int, executor: str | None,
                workers: int | None) -> float:
    """The median games per second over ``rounds`` runs of ``games`` games."""
    rates = []
    for r in range(rounds):
        start = time.perf_counter()
        sim.simulate(game_id, players=PLAYERS.get(game_id), seats=seats, games=games, seed=r,
                     executor=executor, workers=workers, progress=False)
        rates.append(games / (time.perf_counter() - start))
    return statistics.median(rates)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per run")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--game", action="append", help="game id (default: every game)")
    parser.add_argument("--seats", default="rule-of-thumb", help="computer player of every seat")
    args = parser.parse_args()
    print(f"{args.games} games per run, median of {args.rounds} runs, {args.seats} seats, "
          f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f}")
    print(f"{'game':16} {'serial':>8} {'1 worker':>9} {'2 workers':>10} {'efficiency':>11}   (games/s)")
    for game_id in args.game or list(dn.GAMES):
        serial, one, two = (games_per_s(game_id, args.seats, args.games, args.rounds, executor, workers)
                            for executor, workers in (("serial", None), (None, 1), (None, 2)))
        print(f"{game_id:16} {serial:8.1f} {one:9.1f} {two:10.1f} {two / (2 * one):11.0%}")
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()

"""Observer benchmark: sampled worlds per second (``view.sample_world``, determinization).

Run ``python -m benchmarks.observers``. For each game and player count, random games are played
to a mid-game position and the current player's view is sampled repeatedly; the figure is the
median over rounds, single process.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import danish_nb as dn

#: Games with sampling observers, and the player counts measured.
PLAYER_COUNTS = {"danish-bastard": (3, 6), "le-danish": (3, 8)}


def mid_game_views(game_id: str, players: int, count: int) -> list:
    """The current player's view after a random number of random moves, in ``count`` games."""
    views = []
    for seed in range(count):
        state = dn.new_game(game_id, players=players, seed=seed).state
        rng = random.Random(seed)
        for _ in range(rng.randrange(5, 120)):
            if state.is_over:
                break
            state, _ = state.apply(rng.choice(state.legal_moves()))
        views.append(state.view(state.current_player if not state.is_over else 0))
    return views


def samples_per_second(views: list, samples: int, seed: int) -> float:
    rng = random.Random(seed)
    start = time.perf_counter()
    for view in views:
        for _ in range(samples):
            view.sample_world(rng)
    return len(views) * samples / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=20, help="positions per round")
    parser.add_argument("--samples", type=int, default=100, help="samples per position")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    print(f"{'game':16} {'players':>7} {'samples/s':>10}")
    for game_id, counts in PLAYER_COUNTS.items():
        for players in counts:
            views = mid_game_views(game_id, players, args.positions)
            rate = statistics.median(samples_per_second(views, args.samples, r) for r in range(args.rounds))
            print(f"{game_id:16} {players:7} {rate:10.0f}")


if __name__ == "__main__":
    main()

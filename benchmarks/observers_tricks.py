"""Sampled worlds per second: ``view.sample_world(rng)`` for Bastard, Sjavs and Rat Bastard 17.

Run ``python -m benchmarks.observers_tricks``. Positions are taken every few moves of seeded
random games (from the first deal to late in it); each figure is the median of several rounds,
single process, sampling from the current player's view.
"""

from __future__ import annotations

import random
import statistics
import time

import danish_nb as dn

TABLES = (("bastard", 4), ("sjavs", 3), ("rat-bastard-17", 2))


def positions(game_id: str, players: int, games: int = 10, every: int = 7, moves: int = 120) -> list:
    """The views of the player to move, every ``every`` moves of ``games`` random games."""
    views = []
    for seed in range(games):
        state = dn.new_game(game_id, players=players, seed=seed).state
        rng = random.Random(seed)
        for n in range(moves):
            if state.is_over:
                break
            if n % every == 0:
                views.append(state.view(state.current_player))
            state, _ = state.apply(rng.choice(state.legal_moves()))
    return views


def samples_per_second(views: list, rounds: int = 5) -> float:
    rng = random.Random(0)
    rates = []
    for _ in range(rounds):
        start = time.perf_counter()
        for view in views:
            view.sample_world(rng)
        rates.append(len(views) / (time.perf_counter() - start))
    return statistics.median(rates)


def main() -> None:
    print(f"{'game':16} {'players':>7} {'positions':>9} {'samples/s':>10}")
    for game_id, players in TABLES:
        views = positions(game_id, players)
        print(f"{game_id:16} {players:7} {len(views):9} {samples_per_second(views):10.0f}")


if __name__ == "__main__":
    main()

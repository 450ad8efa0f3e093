"""Engine benchmark: complete random games per second and moves per second.

Run ``python -m benchmarks.engine`` (or ``make bench``). Each figure is the median of several
rounds, single process, random players choosing among ``state.legal_moves()``; a move is one
decision (a play of one or more cards, taking the pile, a face-up choice, ...).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import danish_nb as dn

#: Player counts measured for each game (others are added as games arrive).
PLAYER_COUNTS = {"danish-bastard": (3, 6), "le-danish": (3, 8), "rat-bastard-17": (2,),
                 "bastard": (3, 4), "sjavs": (3,)}


def playout_round(game_id: str, players: int, games: int, first_seed: int) -> tuple[float, int, int]:
    """Play ``games`` random games; return (seconds, moves played, draws)."""
    moves = draws = 0
    start = time.perf_counter()
    for seed in range(first_seed, first_seed + games):
        state = dn.new_game(game_id, players=players, seed=seed).state
        rng = random.Random(seed)
        while not state.is_over:
            state, _ = state.apply(rng.choice(state.legal_moves()))
            moves += 1
        draws += state.result.draw
    return time.perf_counter() - start, moves, draws


def measure(game_id: str, players: int, games: int, rounds: int) -> dict[str, float]:
    """Median games/s and moves/s over ``rounds`` rounds of ``games`` games."""
    per_round = [playout_round(game_id, players, games, r * games) for r in range(rounds)]
    return {
        "games_per_s": statistics.median(games / s for s, _, _ in per_round),
        "moves_per_s": statistics.median(m / s for s, m, _ in per_round),
        "moves_per_game": statistics.median(m / games for _, m, _ in per_round),
        "draw_rate": sum(d for _, _, d in per_round) / (games * rounds),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="games per round")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--game", action="append", help="game id (default: every game)")
    args = parser.parse_args()
    print(f"{'game':16} {'players':>7} {'games/s':>9} {'moves/s':>9} {'moves/game':>10} {'draws':>6}")
    for game_id in args.game or list(dn.GAMES):
        for players in PLAYER_COUNTS.get(game_id, (dn.GAMES[game_id].min_players,)):
            r = measure(game_id, players, args.games, args.rounds)
            print(f"{game_id:16} {players:7} {r['games_per_s']:9.1f} {r['moves_per_s']:9.0f} "
                  f"{r['moves_per_game']:10.0f} {r['draw_rate']:6.1%}")


if __name__ == "__main__":
    main()

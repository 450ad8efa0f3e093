"""Engine benchmark: complete random games per second and moves per second, and the public
path against a bare plain-list playout in one interleaved run.

Run ``python -m benchmarks.engine`` (or ``make bench``). Each figure is the median of several
rounds, single process, random players choosing among ``state.legal_moves()``; a move is one
decision (a play of one or more cards, taking the pile, a face-up choice, ...).

The comparison (``--compare-only`` to run just it) alternates, round by round, for each
game the public path (``game.play(rng.choice(game.legal_moves()))``, with its history) and that
game's plain playout (:data:`benchmarks.plain_playout.PLAIN`), and for Danish Bastard also the
state path (``state.apply``); on a loaded machine the ratios are the figures to quote, as all
share the load (they are timed in CPU seconds, ``time.process_time``, which waiting for a core
does not count). It also measures, per game, the memory a game's history holds per move
(``tracemalloc``) and the time one ``game.explain(move)`` takes.

``--instructions`` counts machine instructions per move instead, which load does not move:
each game's public path, state path, playout path (``state.playout(rng)``: one quiet working copy
played in place, building no events, see :meth:`danish_nb.core.RulesState.working`) and plain playout run, one after
the other, under ``valgrind
--tool=callgrind`` with a fixed hash seed, once with ``--games`` games and once with none (both
after one warm-up game); the difference is divided by the moves played, and the two give the
game's ratio.
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import re
import statistics
import subprocess
import sys
import time
import tracemalloc

import danish_nb as dn

from .plain_playout import PLAIN

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


def public_round(game_id: str, players: int, games: int, first_seed: int) -> tuple[float, int]:
    """The public path: ``game.play(rng.choice(game.legal_moves()))``; (seconds, moves)."""
    moves = 0
    start = time.process_time()
    for seed in range(first_seed, first_seed + games):
        game = dn.new_game(game_id, players=players, seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            game.play(rng.choice(game.legal_moves()))
        moves += len(game.history)
    return time.process_time() - start, moves


def state_round(game_id: str, players: int, games: int, first_seed: int) -> tuple[float, int]:
    """The state path: ``state.apply(rng.choice(state.legal_moves()))``; (seconds, moves)."""
    start = time.process_time()
    _, moves, _ = playout_round(game_id, players, games, first_seed)
    return time.process_time() - start, moves


def working_round(game_id: str, players: int, games: int, first_seed: int) -> tuple[float, int]:
    """The playout path: ``state.playout(rng)`` (one quiet working copy played in place, no
    events built, the same random choices as the state path); (seconds, moves)."""
    moves = 0
    start = time.process_time()
    for seed in range(first_seed, first_seed + games):
        moves += dn.new_game(game_id, players=players, seed=seed).state.playout(random.Random(seed))[1]
    return time.process_time() - start, moves


def plain_round(game_id: str, players: int, games: int, first_seed: int) -> tuple[float, int]:
    """``game_id``'s plain playout (:data:`~benchmarks.plain_playout.PLAIN`); (seconds, moves)."""
    playout = PLAIN[game_id]
    start = time.process_time()
    moves = sum(playout(players, seed) for seed in range(first_seed, first_seed + games))
    return time.process_time() - start, moves


def history_bytes(game_id: str, players: int, seeds: range) -> float:
    """Bytes a game's history holds per move played (``tracemalloc``: what a finished game
    keeps allocated, less what the new game held), over the games of ``seeds``. Each game is
    played once untraced first, so the engine's bounded process-wide caches (card tuples,
    placements per options value) are not counted as history."""
    total = moves = 0
    for seed in seeds:
        for traced in (False, True):
            gc.collect()
            if traced:
                tracemalloc.start()
            game = dn.new_game(game_id, players=players, seed=seed)
            rng = random.Random(seed)
            base = tracemalloc.get_traced_memory()[0]
            while not game.is_over:
                game.play(rng.choice(game.legal_moves()))
            gc.collect()
        total += tracemalloc.get_traced_memory()[0] - base
        moves += len(game.history)
        tracemalloc.stop()
    return total / moves


def explain_time(game_id: str, players: int, seeds: range, per_position: int = 8) -> float:
    """CPU microseconds one ``game.explain(move)`` takes, over the first ``per_position`` legal
    moves of every position of seeded random games (each game played once first: the timed
    pass explains the same positions)."""
    took = count = 0
    for seed in seeds:
        game = dn.new_game(game_id, players=players, seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            moves = game.legal_moves()
            start = time.process_time()
            for move in moves[:per_position]:
                game.explain(move)
            took += time.process_time() - start
            count += len(moves[:per_position])
            game.play(rng.choice(moves))
    return took / count * 1e6


#: The game compared with the plain playout, and its player count.
YARDSTICK = ("danish-bastard", 3)


def compare(games: int, rounds: int, players: int = 3) -> dict[str, float]:
    """Median moves/s of each game's public path and plain playout (and Danish Bastard's state
    path), interleaved round by round; each game's median ratio of public to plain in the same
    round (``<game>_share``, Danish Bastard's state path ``state_share``); per game, the history
    bytes per move and the microseconds of one explanation."""
    names = ["state", *(name for g in PLAYER_COUNTS for name in (g, f"plain:{g}"))]
    runs: dict[str, list[float]] = {name: [] for name in names}
    shares: dict[str, list[float]] = {name: [] for name in names if not name.startswith("plain:")}
    for r in range(rounds):
        for name in names:
            game_id = name.removeprefix("plain:")
            count = games if game_id == YARDSTICK[0] else max(2, games // 4)
            seats = players if name == "state" or game_id == YARDSTICK[0] else PLAYER_COUNTS[game_id][0]
            if name == "state":
                took, moves = state_round(YARDSTICK[0], seats, count, r * count)
            elif name.startswith("plain:"):
                took, moves = plain_round(game_id, seats, count, r * count)
            else:
                took, moves = public_round(game_id, seats, count, r * count)
            runs[name].append(moves / took)
        for name in shares:
            plain = f"plain:{YARDSTICK[0] if name == 'state' else name}"
            shares[name].append(runs[name][-1] / runs[plain][-1])
    result = {name: statistics.median(rates) for name, rates in runs.items()}
    result.update({f"{name}_share": statistics.median(s) for name, s in shares.items()})
    for game_id, counts in PLAYER_COUNTS.items():
        result[f"{game_id}_history_bytes"] = history_bytes(game_id, counts[0], range(6))
        result[f"{game_id}_explain_us"] = explain_time(game_id, counts[0], range(3))
    result["history_bytes"] = result[f"{YARDSTICK[0]}_history_bytes"]
    return result


def print_compare(games: int, rounds: int) -> None:
    r = compare(games, rounds)
    print(f"{rounds} interleaved rounds of {games} games (other games: {max(2, games // 4)}); median moves/s "
          f"and median share of the game's plain playout in the same round")
    print(f"  Danish Bastard's state path state.apply(...): {r['state']:9.0f} moves/s, {r['state_share']:6.1%} "
          f"of plain; history held per move (public path): {r['history_bytes']:.0f} bytes")
    print(f"{'game (public path)':22} {'players':>7} {'moves/s':>9} {'plain/s':>9} {'of plain':>9} "
          f"{'history B/move':>15} {'explain us':>11}")
    for game_id, counts in PLAYER_COUNTS.items():
        players = YARDSTICK[1] if game_id == YARDSTICK[0] else counts[0]
        print(f"{game_id:22} {players:7} {r[game_id]:9.0f} {r[f'plain:{game_id}']:9.0f} {r[f'{game_id}_share']:9.1%} "
              f"{r[f'{game_id}_history_bytes']:15.0f} {r[f'{game_id}_explain_us']:11.1f}")


def instructions(game_id: str, players: int, games: int) -> float:
    """Machine instructions per move of ``games`` games' public path (``"plain:<game id>"``:
    that game's plain playout), counted by valgrind's callgrind (see the module's text)."""
    def run(count: int) -> tuple[int, int]:
        done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable,
                               "-m", "benchmarks.engine", "--play", game_id, str(players), str(count)],
                              capture_output=True, text=True, check=True, env={**os.environ, "PYTHONHASHSEED": "0"})
        collected = re.search(r"Collected : (\d+)", done.stderr)
        return int(done.stdout.split()[-1]), int(collected.group(1)) if collected else 0
    moves, counted = run(games)
    return (counted - run(0)[1]) / moves


#: The paths measured, by the prefix of a ``--play`` game id (none: the public path).
PATHS = {"": public_round, "state:": state_round, "playout:": working_round, "plain:": plain_round}


def play(game_id: str, players: int, games: int) -> int:
    """One warm-up game (seed 1000), then ``games`` games (seeds 0, 1, ...) of the public path
    (``"state:<game id>"``: the state path, ``"playout:<game id>"``: the playout path,
    ``"plain:<game id>"``: the game's plain playout); the moves played after the warm-up."""
    prefix, _, game = game_id.rpartition(":")
    run = PATHS[prefix and prefix + ":"]
    run(game, players, 1, 1000)
    return run(game, players, games, 0)[1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="games per round")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--game", action="append", help="game id (default: every game)")
    parser.add_argument("--compare-only", action="store_true", help="only the interleaved comparison")
    parser.add_argument("--instructions", action="store_true",
                        help="machine instructions per move under valgrind (--games games each, e.g. 3)")
    parser.add_argument("--play", nargs=3, metavar=("GAME", "PLAYERS", "GAMES"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.play:
        print(play(args.play[0], int(args.play[1]), int(args.play[2])))
        return
    if args.instructions:
        print(f"{'game':16} {'players':>7} {'public':>9} {'state':>9} {'playout':>9} {'plain':>9}  "
              f"{'public/plain':>12} {'state/plain':>11} {'playout/plain':>13}  (instructions/move)")
        for game_id, counts in PLAYER_COUNTS.items():
            if not args.game or game_id in args.game:
                n = {path: instructions(f"{path}{game_id}", counts[0], args.games) for path in PATHS}
                plain = n["plain:"]
                print(f"{game_id:16} {counts[0]:7} {n['']:9.0f} {n['state:']:9.0f} {n['playout:']:9.0f} {plain:9.0f}  "
                      f"{n[''] / plain:12.2f} {n['state:'] / plain:11.2f} {n['playout:'] / plain:13.2f}", flush=True)
        return
    print_compare(args.games, args.rounds)
    if args.compare_only:
        return
    print(f"{'game':16} {'players':>7} {'games/s':>9} {'moves/s':>9} {'moves/game':>10} {'draws':>6}")
    for game_id in args.game or list(dn.GAMES):
        for players in PLAYER_COUNTS.get(game_id, (dn.GAMES[game_id].min_players,)):
            r = measure(game_id, players, args.games, args.rounds)
            print(f"{game_id:16} {players:7} {r['games_per_s']:9.1f} {r['moves_per_s']:9.0f} "
                  f"{r['moves_per_game']:10.0f} {r['draw_rate']:6.1%}")


if __name__ == "__main__":
    main()

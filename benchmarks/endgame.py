"""Endgame solver benchmark: CPU seconds per solved world at 3, 4 and 5 tricks left, this
solver against an earlier revision's (default: the one before the compact solver) in one
interleaved run, and the strong player's endgame decision (several sampled worlds).

Run ``python -m benchmarks.endgame`` (``--positions 6``, ``--baseline REV``, ``--no-baseline``).
Positions come from seeded games played forward by rule-of-thumb players until that many tricks
of the first deal remain (stopping at a random point of the trick), in Bastard (3 and 4
players) and Sjavs (3 players, with and without the red queens; 4 players without a skat).
Each position is solved open (every hand shown) by both solvers one after the other, timed in
CPU seconds (``time.process_time``, which waiting for a core on a loaded machine does not
count); the two must agree. The figures: the median and the worst world per configuration and
the ratio of the totals. The decision figures time ``endgame_choice`` from the mover's view
(``ENDGAME_WORLDS`` worlds) as the strong player calls it.
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import danish_nb as dn
from danish_nb.agents import make_agent
from danish_nb.agents.endgame import ENDGAME_WORLDS, endgame_choice, solvable, solve, tricks_left

#: The revision whose solver is the "before" (the alpha-beta over card tuples).
BASELINE = "7a54c5d"
#: (label, game id, players, options) of the positions measured.
CONFIGS = (("bastard 3p", "bastard", 3, None), ("bastard 4p", "bastard", 4, None),
           ("sjavs 3p", "sjavs", 3, None), ("sjavs 3p no red queens", "sjavs", 3, {"red_queens": False}),
           ("sjavs 4p no skat", "sjavs", 4, {"four_player_deal": "no-skat"}))


def endgame_position(game_id: str, players: int, seed: int, tricks: int, options: dict | None = None) -> Any:
    """A seeded game played forward by rule-of-thumb players until at most ``tricks`` tricks
    of the first deal remain, at a random point of the trick."""
    g = dn.new_game(game_id, players=players, seed=seed, options=options)
    stop = random.Random(seed).randrange(players)
    agents = [make_agent("rule-of-thumb", game_id, seed + s) for s in range(players)]
    while not (solvable(g.state) and tricks_left(g.state) <= tricks and len(g.state.trick) >= stop):
        g.play(agents[g.current_player].choose(g.state).move)
    return g.state


def load_baseline(revision: str) -> Any:
    """The endgame module as it was at ``revision`` (read with ``git show``), importable beside this one."""
    root = Path(__file__).resolve().parent.parent
    source = subprocess.run(["git", "show", f"{revision}:danish_nb/agents/endgame.py"], cwd=root, check=True,
                            capture_output=True, text=True).stdout
    name = "danish_nb.agents._endgame_baseline"
    spec = importlib.util.spec_from_loader(name, loader=None)
    module = importlib.util.module_from_spec(spec)
    module.__package__ = "danish_nb.agents"
    sys.modules[name] = module
    exec(compile(source, f"{revision}:endgame.py", "exec"), module.__dict__)
    return module


def timed(function: Any, *args: Any) -> tuple[float, Any]:
    start = time.process_time()
    result = function(*args)
    return time.process_time() - start, result


def compare(positions: int, baseline: Any | None) -> None:
    """Solve each position with both solvers, interleaved, and print the figures."""
    print(f"{'configuration':26} tricks  {'now median/max s':>18}  {'before median/max s':>20}  before/now")
    for label, game_id, players, options in CONFIGS:
        for tricks in (3, 4, 5):
            now, before = [], []
            for seed in range(positions):
                state = endgame_position(game_id, players, seed, tricks, options)
                t, ours = timed(solve, state)
                now.append(t)
                if baseline is not None:
                    t, theirs = timed(baseline.solve, state)
                    before.append(t)
                    if theirs.values != ours.values:
                        raise AssertionError(f"the solvers disagree: {label}, seed {seed}, {tricks} tricks")
            line = f"{label:26} {tricks:6}  {statistics.median(now):8.4f}/{max(now):8.4f}"
            if before:
                line += f"  {statistics.median(before):9.4f}/{max(before):9.4f}  {sum(before) / sum(now):9.1f}x"
            print(line, flush=True)


def decisions(positions: int) -> None:
    """The strong player's endgame decision at 5 tricks left: ``ENDGAME_WORLDS`` worlds sampled from its view."""
    print(f"\nendgame decision from the mover's view ({ENDGAME_WORLDS} worlds), 5 tricks left")
    for label, game_id, players, options in CONFIGS:
        times = []
        for seed in range(positions):
            state = endgame_position(game_id, players, seed, 5, options)
            t, _ = timed(endgame_choice, state.view(state.current_player), game_id, random.Random(seed))
            times.append(t)
        print(f"{label:26} median {statistics.median(times):.3f} s, max {max(times):.3f} s", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=8, help="positions per configuration and trick count")
    parser.add_argument("--baseline", default=BASELINE, help="the git revision of the solver to compare with")
    parser.add_argument("--no-baseline", action="store_true", help="time this solver only")
    args = parser.parse_args()
    compare(args.positions, None if args.no_baseline else load_baseline(args.baseline))
    decisions(args.positions)


if __name__ == "__main__":
    main()

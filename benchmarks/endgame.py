"""Endgame solver benchmark: CPU seconds per solved world at 3, 4 and 5 tricks left, this
solver against an earlier revision's (default: the one before the compact solver) in one
interleaved run, and the strong player's endgame decision (several sampled worlds).

Run ``python -m benchmarks.endgame`` (``--positions 6``, ``--baseline REV``, ``--no-baseline``).
Positions come from seeded games played forward by rule-of-thumb players until that many tricks
of the first deal remain (stopping at a random point of the trick), in Bastard (3 and 4
players) and Sjavs (3 players, with and without the red queens; 4 players without a skat).
Each position is solved open (every hand shown) by both solvers one after the other, timed in
CPU seconds (``time.process_time``, which waiting for a core on a loaded machine does not
count); positions where their values differ are listed (tests/test_endgame.py checks this
solver against brute force). The figures: the median and the worst world per configuration and
the ratio of the totals. The decision figures time ``endgame_choice`` from the mover's view
(``ENDGAME_WORLDS`` worlds) as the strong player calls it.

``--strength N`` measures what solving from 5 tricks left instead of 3 is worth to the strong
player, on N deals per game (Bastard and Sjavs, 3 players): rule-of-thumb players reach the
strong seat's first card with at most 5 tricks left (the seat rotates with the deal), then the
deal is finished twice from that same position, the strong seat solving from 3 and from 5
tricks left (searching by ISMCTS before that) against the same rule-of-thumb players; the
paired difference of the seat's result for the deal (Bastard: its points, the games' scoring;
Sjavs: its side's card points) with a 95% interval, and CPU seconds per endgame decision.
"""

from __future__ import annotations

import argparse
import copy
import importlib.util
import math
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import danish_nb as dn
from danish_nb.agents import make_agent
from danish_nb.agents.endgame import ENDGAME_WORLDS, endgame_choice, endgame_position, solvable, solve, tricks_left
from danish_nb.agents.search import search_view
from danish_nb.games.sjavs import card_points
from danish_nb.sim import game_seed

#: The revision whose solver is the "before" (the alpha-beta over card tuples).
BASELINE = "7a54c5d"
#: (label, game id, players, options) of the positions measured.
CONFIGS = (("bastard 3p", "bastard", 3, None), ("bastard 4p", "bastard", 4, None),
           ("sjavs 3p", "sjavs", 3, None), ("sjavs 3p no red queens", "sjavs", 3, {"red_queens": False}),
           ("sjavs 4p no skat", "sjavs", 4, {"four_player_deal": "no-skat"}))


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
    exec(compile(source, f"{revision}:endgame.py", "exec"), module.__dict__)  # noqa: S102 - the solver at a git revision
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
            now, before, differ = [], [], []
            for seed in range(positions):
                state = endgame_position(game_id, players, seed, tricks, options)
                t, ours = timed(solve, state)
                now.append(t)
                if baseline is not None:
                    t, theirs = timed(baseline.solve, state)
                    before.append(t)
                    if theirs.values != ours.values:
                        differ.append(seed)
            line = f"{label:26} {tricks:6}  {statistics.median(now):8.4f}/{max(now):8.4f}"
            if before:
                line += f"  {statistics.median(before):9.4f}/{max(before):9.4f}  {sum(before) / sum(now):9.1f}x"
                line += f"  values differ at seeds {differ}" if differ else ""
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


def fork_point(game_id: str, players: int, deal: int, seat: int) -> tuple[Any, list[Any]] | None:
    """Rule-of-thumb play of deal ``deal`` up to ``seat``'s first card with at most 5 tricks left
    (the state and the players as they are then), or ``None`` if the first deal ends before."""
    state = dn.new_game(game_id, players=players, seed=deal).state
    agents = [make_agent("rule-of-thumb", game_id, deal + s) for s in range(players)]
    while not (solvable(state) and tricks_left(state) <= 5 and state.current_player == seat):
        if state.is_over or state.match.deal != 0:
            return None
        state = state.apply(agents[state.current_player].choose(state).move)[0]
    return state, agents


def finish_deal(state: Any, agents: list[Any], seat: int, endgame: int, deal: int) -> tuple[int, list[float]]:
    """Play the deal out with ``seat`` searching (exact from ``endgame`` tricks left); its result
    (Bastard: the seat's points; Sjavs: its side's card points) and its decisions' CPU seconds."""
    game_id = state.game_id
    sjavs = game_id == "sjavs"
    side = {seat} if not sjavs or seat == state.soloist else set(range(state.players)) - {state.soloist}
    taken = sum(card_points(t) for s in side for t in state.won[s]) if sjavs else 0
    times = []
    while not state.is_over and state.match.deal == 0:
        mover = state.current_player
        if mover == seat:
            used = time.process_time()
            move = search_view(state.view(seat), game_id, seed=deal, endgame=endgame).move
            times.append(time.process_time() - used)
        else:
            move = agents[mover].choose(state).move
        state, events = state.apply(move)
        taken += sum(card_points(e.cards) for e in events if sjavs and e.kind == "trick" and e.player in side)
    return (taken if sjavs else state.match.history[0].points[seat]), times


def threshold_effect(deals: int, games: tuple[str, ...] = ("bastard", "sjavs"), seed: int = 0) -> None:
    """The paired comparison of solving from 3 and from 5 tricks left (see the module)."""
    print("\nthe strong player solving from 3 and from 5 tricks left, paired deals (same position, same opponents)")
    for game_id in games:
        unit = "points" if game_id == "bastard" else "card points"
        diffs, results, cpu = [], {3: [], 5: []}, {3: [], 5: []}
        for index in range(deals):
            deal, seat = game_seed(seed, index), index % 3
            found = fork_point(game_id, 3, deal, seat)
            if found is None:
                continue
            for endgame in (3, 5):
                value, times = finish_deal(found[0], copy.deepcopy(found[1]), seat, endgame, deal)
                results[endgame].append(value)
                cpu[endgame] += times
            diffs.append(results[5][-1] - results[3][-1])
            print(f"  deal {index + 1}: {summary(diffs, results, unit)}", flush=True)
        print(f"{game_id}: {summary(diffs, results, unit)}")
        for endgame in (3, 5):
            t = cpu[endgame]
            print(f"  from {endgame}: {len(t)} decisions after the fork, CPU median {statistics.median(t):.3f} s, "
                  f"max {max(t):.3f} s", flush=True)


def summary(diffs: list[int], results: dict[int, list[int]], unit: str) -> str:
    """The paired comparison so far: both means, the mean difference with its 95% interval."""
    n = len(diffs)
    mean = statistics.fmean(diffs)
    half = 1.96 * statistics.stdev(diffs) / math.sqrt(n) if n > 1 else math.nan
    better, worse = sum(d > 0 for d in diffs), sum(d < 0 for d in diffs)
    return (f"{n} deals; mean {unit} from 3: {statistics.fmean(results[3]):.2f}, from 5: "
            f"{statistics.fmean(results[5]):.2f}; difference {mean:+.2f} (95% interval {mean - half:+.2f} to "
            f"{mean + half:+.2f}); 5 better in {better}, worse in {worse}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=8, help="positions per configuration and trick count")
    parser.add_argument("--baseline", default=BASELINE, help="the git revision of the solver to compare with")
    parser.add_argument("--no-baseline", action="store_true", help="time this solver only")
    parser.add_argument("--strength", type=int, default=0, metavar="N",
                        help="also compare solving from 3 and 5 tricks left on N paired deals per game")
    parser.add_argument("--strength-only", action="store_true", help="only the paired strength comparison")
    parser.add_argument("--game", action="append", choices=("bastard", "sjavs"), help="the paired comparison's game")
    args = parser.parse_args()
    if not args.strength_only:
        compare(args.positions, None if args.no_baseline else load_baseline(args.baseline))
        decisions(args.positions)
    if args.strength:
        threshold_effect(args.strength, tuple(args.game or ("bastard", "sjavs")))


if __name__ == "__main__":
    main()

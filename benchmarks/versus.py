"""Versus benchmark: the strong player against OpenSpiel's own search bots at equal CPU time per
decision or at equal simulations per decision, every game, seats rotated, with Wilson intervals.

Run ``python -m benchmarks.versus`` or ``make versus`` (needs the ``rl`` extra; long: run it niced;
not part of ``make test``). Each match puts
the strong player (:class:`danish_nb.bridges.bots.StrongBot`) in one seat and an OpenSpiel bot in
every other seat, through the OpenSpiel games of :mod:`danish_nb.bridges.openspiel`:

- ``ismcts``: OpenSpiel's Python ISMCTS (:class:`danish_nb.bridges.bots.ISMCTSBot`, UCT
  with c = 2, random rollouts, a world resampled from the mover's information state for every
  simulation: the games' ``resample_from_infostate``);
- ``mcts``: OpenSpiel's Python MCTS (``mcts.MCTSBot``, the same settings) on one world sampled
  from the mover's view per decision (MCTS needs a full state; given the real one it would see
  every hidden card).

OpenSpiel's C++ ``ISMCTSBot`` and ``MCTSBot`` cannot be used: they crash on Python games (as on
OpenSpiel's own ``python_kuhn_poker``); ``--cpp-bots`` shows it, each bot's first step in a
process of its own.

Equal simulations (``--simulations N``): the strong player searches ``N`` iterations per decision
(``StrongBot(iterations=N)``), OpenSpiel's bots run ``N`` simulations; the CPU columns then show
what each side spent. A simulation is one world and one playout on each side, but not the same
playout: the strong player plays its worlds out with the rule-of-thumb players (its knowledge of
the game), OpenSpiel's bots with uniformly random moves (OpenSpiel's ``RandomRolloutEvaluator``;
ISMCTS spends its first simulation on expanding the root). Outside the count, the strong player
also checks two worlds for a move that wins at once and, in the trick games' last five tricks,
solves them exactly (:mod:`danish_nb.agents.endgame`); in Sjavs its worlds agree with the auction
as its rule-of-thumb bidder reads it.

Equal CPU: every bot gets ``--cpu`` seconds of CPU time (``time.process_time``, which waiting
for a core does not count, so the machine's load does not favour anyone) per decision with two
or more legal actions (a single legal action is played at once). The strong player spends its
budget itself (``cpu_seconds``); OpenSpiel's bots take a number of simulations, set before each
decision to what fits the budget at the CPU per simulation their last decisions used (so their
early decisions miss it more); the table shows the CPU each side really used per decision.

A deal is played once with the strong player in each seat (``--games`` should be a multiple of
the player count). Its share is of decided games: first places (the game's ``Result.order[0]``;
draws, a repetition, a turn limit or a first place shared on equal scores, are left out), against
the even share ``1 / players``; the interval is Wilson's 95% score interval. The seeds are in
every row: the deal (``deal_seed``, the OpenSpiel chance bytes), the strong player's and the
opponents' (one per seat). A game cut short by
the turn limit or a repetition after a player went out is decided: the first out keeps first place
(rulings DB-p, LD-o). ``--out`` keeps every game as
a line of JSON (games already there are not played again, so a run can be stopped and resumed);
``--table`` prints the table of such a file.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import os
import random
import signal
import subprocess
import sys
import time
from collections.abc import Iterable
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

import danish_nb as dn
from danish_nb.bridges import features, openspiel
from danish_nb.bridges.bots import ISMCTSBot, StrongBot

#: Player counts: each game's default (OpenSpiel's ``players``).
PLAYERS = {game_id: dn.GAMES[game_id].info.default_players for game_id in dn.GAMES}
OPPONENTS = ("ismcts", "mcts")
#: UCT's exploration constant for OpenSpiel's bots (returns lie in -1..1).
UCT_C = 2.0
#: Simulations of an OpenSpiel bot's first decision, before its cost per simulation is known.
FIRST_SIMULATIONS = 4
#: The fewest simulations of a decision (OpenSpiel's ISMCTS needs two: the first only expands the root).
MIN_SIMULATIONS = 2


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson's score interval of a proportion (95% with the default ``z``).

    >>> [round(x, 3) for x in wilson(16, 19)]
    [0.624, 0.945]
    >>> wilson(0, 0)
    (0.0, 1.0)
    """
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    centre = p + z * z / (2 * games)
    spread = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games))
    scale = 1 + z * z / games
    return (centre - spread) / scale, (centre + spread) / scale


class Budgeted:
    """An OpenSpiel search bot held to ``seconds`` of CPU per decision: before each decision its
    ``attribute`` (its simulations) is set to what fits, at the CPU per simulation of its recent
    decisions (an average that weighs the last ones most). ``world`` (for MCTS) hands the bot a
    world sampled from the mover's view instead of the state."""

    def __init__(self, bot: Any, attribute: str, seconds: float | None, world: random.Random | None = None,
                 simulations: int | None = None):
        self.bot, self.attribute, self.seconds, self.world = bot, attribute, seconds, world
        self.simulations = simulations
        self.per_simulation: float | None = None

    def step(self, state: pyspiel.State) -> int:
        if self.simulations is not None:
            simulations = self.simulations
        elif self.per_simulation is None or self.seconds is None:
            simulations = FIRST_SIMULATIONS
        else:
            simulations = max(MIN_SIMULATIONS, int(self.seconds / self.per_simulation))
        setattr(self.bot, self.attribute, simulations)
        start = time.process_time()
        target = state.resample(state.current_player(), self.world) if self.world is not None else state
        action = self.bot.step(target)
        cost = (time.process_time() - start) / simulations
        self.per_simulation = cost if self.per_simulation is None else 0.5 * self.per_simulation + 0.5 * cost
        return int(action)


def opponent(kind: str, game: pyspiel.Game, seconds: float | None, seed: int,
             simulations: int | None = None) -> Budgeted:
    """An OpenSpiel bot (``kind``: one of :data:`OPPONENTS`) held to ``seconds`` per decision, or
    to ``simulations`` per decision if given."""
    rng = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    if kind == "ismcts":
        bot = ISMCTSBot(game, FIRST_SIMULATIONS, UCT_C, evaluator=evaluator, seed=seed)
        return Budgeted(bot, "_max_simulations", seconds, simulations=simulations)
    bot = mcts.MCTSBot(game, UCT_C, FIRST_SIMULATIONS, evaluator, random_state=rng)
    return Budgeted(bot, "max_simulations", seconds, world=random.Random(seed), simulations=simulations)


def play(game_id: str, kind: str, index: int, seconds: float | None, simulations: int | None = None) -> dict[str, Any]:
    """Match ``index`` against ``kind``: the deal ``index // players``, the strong player in
    seat ``index % players``, every bot held to ``seconds`` of CPU or to ``simulations`` per
    decision; what happened and the CPU each side used."""
    players = PLAYERS[game_id]
    game = pyspiel.load_game(f"{openspiel.game_name(game_id)}(players={players})")
    deal, seat = divmod(index, players)
    bots: list[Any] = [opponent(kind, game, seconds, 1000 * index + s, simulations) for s in range(players)]
    bots[seat] = StrongBot(game, seed=index, cpu_seconds=seconds, iterations=simulations)
    state = game.new_initial_state()
    for byte in (deal + 1).to_bytes(features.SEED_DIGITS, "big"):
        state.apply_action(byte)
    cpu = {"strong": [0.0, 0], "other": [0.0, 0]}
    while not state.is_terminal():
        player = state.current_player()
        legal = state.legal_actions()
        if len(legal) == 1:
            state.apply_action(legal[0])
            continue
        start = time.process_time()
        action = bots[player].step(state)
        used = cpu["strong" if player == seat else "other"]
        used[0] += time.process_time() - start
        used[1] += 1
        state.apply_action(action)
    result = state.rules_state.result
    scores = result.scores
    shared = scores is not None and result.order and scores.count(scores[result.order[0]]) > 1
    decided = bool(result.order) and not shared
    return {"game": game_id, "opponent": kind, "index": index, "seat": seat, "players": players,
            "deal_seed": deal + 1, "strong_seed": index,
            "other_seeds": [1000 * index + s for s in range(players) if s != seat],
            "cpu": seconds, "simulations": simulations, "decided": decided, "won": decided and result.order[0] == seat,
            "returns": state.returns(), "moves": len(state.history()) - features.SEED_DIGITS,
            "strong_cpu": cpu["strong"][0], "strong_decisions": cpu["strong"][1],
            "other_cpu": cpu["other"][0], "other_decisions": cpu["other"][1]}


def _play(job: tuple[str, str, int, float | None, int | None]) -> dict[str, Any]:
    return play(*job)


def table(rows: Iterable[dict[str, Any]]) -> list[tuple[str, ...]]:
    """One line per game and opponent: games, decided, the strong player's share of decided games
    with its Wilson interval, the even share, and the CPU per decision of each side. A match
    found twice (the same game, opponent, index and budget) counts once."""
    groups: dict[tuple[str, str, str], list[dict[str, Any]]] = {}
    seen = set()
    for row in rows:
        match = (row["game"], row["opponent"], row["index"], row["cpu"], row.get("simulations"))
        if match in seen:
            continue  # played twice (two runs resumed from one file): counted once
        seen.add(match)
        budget = f"{row['simulations']} sims" if row.get("simulations") else f"{row['cpu']} s"
        groups.setdefault((row["game"], row["opponent"], budget), []).append(row)
    lines = [("game", "opponent", "budget", "games", "decided", "strong first", "95% interval", "even share",
              "clears", "CPU s/decision strong", "CPU s/decision other")]
    for (game_id, kind, budget), group in sorted(groups.items()):
        decided = sum(r["decided"] for r in group)
        won = sum(r["won"] for r in group)
        low, high = wilson(won, decided)
        share = won / decided if decided else float("nan")
        strong = sum(r["strong_cpu"] for r in group) / max(1, sum(r["strong_decisions"] for r in group))
        other = sum(r["other_cpu"] for r in group) / max(1, sum(r["other_decisions"] for r in group))
        even = 1 / group[0]["players"]
        clears = "above" if low > even else "below" if high < even else "no"
        lines.append((f"{game_id} ({group[0]['players']}p)", kind, budget, str(len(group)), str(decided),
                      f"{won} ({share:.0%})", f"{low:.0%}-{high:.0%}", f"{even:.0%}", clears,
                      f"{strong:.3f}", f"{other:.3f}"))
    return lines


#: One step of OpenSpiel's C++ ISMCTS or MCTS bot (argv: game name, "ismcts" or "mcts").
CPP_STEP = """
import sys
import pyspiel
from open_spiel.python.games import kuhn_poker  # registers python_kuhn_poker
from danish_nb.bridges import openspiel  # registers our games
game = pyspiel.load_game(sys.argv[1])
state = game.new_initial_state()
while state.is_chance_node():
    state.apply_action(state.legal_actions()[0])
evaluator = pyspiel.RandomRolloutEvaluator(1, 0)
if sys.argv[2] == "ismcts":
    bot = pyspiel.ISMCTSBot(0, evaluator, 2.0, 10, -1, pyspiel.ISMCTSFinalPolicyType.MAX_VISIT_COUNT, False, False)
else:
    bot = pyspiel.MCTSBot(game, evaluator, 2.0, 10, 10000, False, 0, False)
bot.step(state)
"""


def cpp_bots(games: Iterable[str] = ("kuhn_poker", "python_kuhn_poker", "danish_nb_bastard")) -> list[tuple[str, ...]]:
    """How the first step of OpenSpiel's C++ ISMCTS and MCTS bots ends on each of ``games``
    (OpenSpiel names), each in a process of its own: "ok", or the signal or error that ended it."""
    rows = [("game", "C++ bot", "first step")]
    for name in games:
        for kind in ("ismcts", "mcts"):
            done = subprocess.run([sys.executable, "-c", CPP_STEP, name, kind], capture_output=True, text=True,
                                  timeout=600)
            if done.returncode == 0:
                how = "ok"
            elif done.returncode < 0:
                how = f"killed by {signal.Signals(-done.returncode).name}"
            else:
                how = f"exit {done.returncode}: {done.stderr.strip().splitlines()[-1][:60]}"
            rows.append((name, kind, how))
    return rows


def print_table(lines: list[tuple[str, ...]]) -> None:
    """Print ``lines`` (the first is the header) in aligned columns.

    >>> print_table([("game", "share"), ("sjavs", "58%")])
    game   share
    sjavs  58%
    """
    widths = [max(len(line[column]) for line in lines) for column in range(len(lines[0]))]
    for line in lines:
        print("  ".join(cell.ljust(width) for cell, width in zip(line, widths)).rstrip())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cpu", type=float, default=0.25, help="CPU seconds per decision for every bot")
    parser.add_argument("--simulations", type=int, default=None,
                        help="simulations per decision for every bot instead of a CPU budget")
    parser.add_argument("--games", type=int, default=24, help="matches per game and opponent")
    parser.add_argument("--game", action="append", help="game id (default: every game)")
    parser.add_argument("--opponent", action="append", choices=OPPONENTS, help="default: both")
    parser.add_argument("--workers", type=int, default=1, help="processes playing matches at once")
    parser.add_argument("--out", help="a JSON-lines file that keeps every match (and resumes a run)")
    parser.add_argument("--table", nargs="+", metavar="FILE", help="print the table of JSON-lines files and stop")
    parser.add_argument("--cpp-bots", action="store_true", help="show how OpenSpiel's C++ bots end on Python games")
    args = parser.parse_args()
    if args.cpp_bots:
        print_table(cpp_bots())
        return
    if args.table:
        saved: list[dict[str, Any]] = []
        for name in args.table:
            with open(name) as rows:
                saved.extend(json.loads(line) for line in rows)
        print_table(table(saved))
        return
    done: list[dict[str, Any]] = []
    if args.out and os.path.exists(args.out):
        with open(args.out) as rows:
            done = [json.loads(line) for line in rows]
    cpu = None if args.simulations else args.cpu
    seen = {(r["game"], r["opponent"], r["index"], r["cpu"], r.get("simulations")) for r in done}
    jobs = [(game_id, kind, index, cpu, args.simulations) for index in range(args.games)
            for game_id in args.game or PLAYERS for kind in args.opponent or OPPONENTS
            if (game_id, kind, index, cpu, args.simulations) not in seen]
    rows = [r for r in done if r["cpu"] == cpu and r.get("simulations") == args.simulations]
    with multiprocessing.Pool(args.workers) as pool:
        for row in pool.imap_unordered(_play, jobs):
            rows.append(row)
            if args.out:
                with open(args.out, "a") as out:
                    out.write(json.dumps(row) + "\n")
            print(f"{row['game']} vs {row['opponent']} #{row['index']}: strong seat {row['seat'] + 1}, "
                  f"{'won' if row['won'] else 'decided, not won' if row['decided'] else 'undecided'}, "
                  f"{row['moves']} moves", flush=True)
    print_table(table(rows))


if __name__ == "__main__":
    main()

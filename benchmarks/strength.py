"""How strong the "strong" player (ISMCTS, danish_nb.agents.search) is: per game, one strong
seat against rule-of-thumb seats, the strong seat rotated over the seats, seeded deals, at the
default iteration budget; with the 95% Wilson interval of its rate and the time of its decisions.

    python -m benchmarks.strength                 # a few minutes: a smoke run, wide intervals
    python -m benchmarks.strength --games 40 --workers 2 --game rat-bastard-17

Rat Bastard 17 (2 players) counts wins among decided games (target >= 65%); the 3+-player games
count first places (a match's highest total; a shared first place is not counted) among all
games (target >= 1.5x a fair share: 3 players >= 50%). A decision's time counts only real
decisions (more than one legal move), as wall-clock time and as the process's CPU time (what it
costs on an idle core). The machine may be shared: quote its load with the figures.
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import time
from concurrent.futures import ProcessPoolExecutor

import danish_nb as dn
from danish_nb.agents import make_agent
from danish_nb.sim import game_seed, wilson

#: (game id, players) measured by default.
GAMES = (("rat-bastard-17", 2), ("danish-bastard", 3), ("le-danish", 3), ("bastard", 3), ("sjavs", 3))
#: The target rate per game: wins of decided games (2 players), first places (3+ players).
TARGETS = {2: 0.65, 3: 0.5, 4: 0.375}


def play_one(game_id: str, players: int, seed: int, index: int) -> dict:
    """Game ``index``: the strong player in seat ``index % players``, rule-of-thumb elsewhere."""
    deal = game_seed(seed, index)
    strong_seat = index % players
    game = dn.new_game(game_id, players=players, seed=deal)
    seats = [make_agent("strong" if s == strong_seat else "rule-of-thumb", game_id, deal + s) for s in range(players)]
    times: list[float] = []
    cpu: list[float] = []
    while not game.is_over:
        seat = game.current_player
        many = len(game.legal_moves()) > 1
        started, used = time.perf_counter(), time.process_time()
        choice = seats[seat].choose(game.state)
        if seat == strong_seat and many:
            times.append(time.perf_counter() - started)
            cpu.append(time.process_time() - used)
        game.play(choice.move)
    result = game.result
    top = result.order[0] if result.order and not result.draw else None
    return {"game": game_id, "players": players, "index": index, "first": top == strong_seat,
            "decided": top is not None, "times": times, "cpu": cpu}


def summarise(rows: list[dict]) -> list[tuple[str, ...]]:
    """One line per game: games, rate with its interval, target, decision times."""
    lines = []
    for game_id, players in sorted({(r["game"], r["players"]) for r in rows}, key=lambda gp: GAMES.index(gp)
                                   if gp in GAMES else 99):
        mine = [r for r in rows if r["game"] == game_id and r["players"] == players]
        n = sum(r["decided"] for r in mine) if players == 2 else len(mine)
        k = sum(r["first"] for r in mine)
        low, high = wilson(k, n)
        times = sorted(t for r in mine for t in r["times"])
        target = TARGETS.get(players, 1.5 / players)
        p95 = times[max(0, math.ceil(0.95 * len(times)) - 1)] if times else float("nan")
        cpu = sorted(t for r in mine for t in r["cpu"])
        lines.append((f"{game_id} ({players}p)", f"{len(mine)}", f"{n}", f"{k / n:.0%}" if n else "-",
                      f"{low:.0%}-{high:.0%}" if n else "-", f">= {target:.0%}",
                      *(f"{x:.2f}" if times else "-" for x in (statistics.median(times or [0]), p95,
                                                                (times or [0])[-1])),
                      f"{statistics.median(cpu):.2f}" if cpu else "-"))
    return lines


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=4, help="games per game id (default 4: a smoke run)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=min(2, os.cpu_count() or 1))
    parser.add_argument("--game", action="append", help="a game id (repeatable; default: all five)")
    args = parser.parse_args(argv)
    chosen = [(g, p) for g, p in GAMES if not args.game or g in args.game]
    jobs = [(g, p, args.seed, i) for g, p in chosen for i in range(args.games)]
    started = time.perf_counter()
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    with ProcessPoolExecutor(args.workers) as pool:
        rows = list(pool.map(play_one, *zip(*jobs)))
    header = ("game", "games", "counted", "strong first", "95% (Wilson)", "target", "median s", "p95 s", "max s",
              "median CPU s")
    table = [header, *summarise(rows)]
    widths = [max(len(row[i]) for row in table) for i in range(len(header))]
    for row in table:
        print("  ".join(cell.ljust(w) for cell, w in zip(row, widths)))
    print(f"\n{len(rows)} games in {time.perf_counter() - started:.0f} s on {args.workers} workers; load average "
          f"{load:.1f} at the start ({os.cpu_count()} cores). 2 players: wins of decided games; 3+: first places "
          f"of all games. Times: the strong player's decisions with more than one legal move (wall clock; "
          f"CPU: this process's own CPU time, what a decision costs on an idle core).")


if __name__ == "__main__":
    main()

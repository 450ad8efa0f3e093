"""How strong the "strong" player (danish_nb.agents.search) is: per game, one strong seat against
rule-of-thumb seats, the strong seat rotated over the seats, seeded deals, at the default
iteration budget; with the 95% Wilson interval of its rate and the time of its decisions.

    python -m benchmarks.strength                 # a few minutes: a smoke run, wide intervals
    python -m benchmarks.strength --games 60 --workers 1 --game danish-bastard
    python -m benchmarks.strength --game danish-bastard --variant halving --variant ismcts \\
        --variant rule-of-thumb --games 30      # paired: the same deals and seats for each

Rat Bastard 17 (2 players) counts wins among decided games (target >= 65%); the 3+-player games
count first places (a match's highest total; a shared first place is not counted) among all
games (target >= 1.5x a fair share: 3 players >= 50%). A decision's time counts only real
decisions (more than one legal move), as wall-clock time and as the process's CPU time (what it
costs on an idle core; the machine may be shared: quote its load with the figures).

Variants (``--variant``, repeatable): ``halving`` (the strong player: sequential halving over
sampled worlds, a match's playouts cut at the end of the deal), ``halving-game`` (the same with
playouts to the end of the match, as before), ``ismcts`` (the earlier tree search, for
comparison), ``rule-of-thumb`` (the control: the measured seat plays like the others, so its
rate is the fair share on these deals). Every variant plays the same deals in the same seats,
so with several variants the table ends with paired counts: deals the first variant won and
the other did not, and back.

The strong player's settings can be varied for a run (``--iterations``, ``--margin``: the
weight of the game-point margin in a Sjavs playout's value, ``--playout-moves``: the cap on a
decision's playout moves, ``--auction-tries``: 1 deals worlds without reading the auction); to
compare two settings, run each with ``--out`` and compare the saved rows deal by deal (the
same ``--seed`` plays the same deals). ``--table`` pools the rows of one variant saved from
different seeds into one line (the combined rate over all those games) and pairs variants only
on deals with the same seed and index.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import time
from concurrent.futures import ProcessPoolExecutor

import danish_nb as dn
from danish_nb.agents import make_agent
from danish_nb.agents.search import StrongPlayer
from danish_nb.sim import game_seed, wilson

#: (game id, players) measured by default.
GAMES = (("rat-bastard-17", 2), ("danish-bastard", 3), ("le-danish", 3), ("bastard", 3), ("sjavs", 3))
#: The target rate per game: wins of decided games (2 players), first places (3+ players).
TARGETS = {2: 0.65, 3: 0.5, 4: 0.375}
#: The measured seat's player by variant name.
VARIANTS = ("halving", "halving-game", "ismcts", "rule-of-thumb")


def play_one(game_id: str, players: int, seed: int, index: int, variant: str = "halving",
             iterations: int | None = None, margin: float | None = None, playout_moves: int | None = None,
             auction_tries: int | None = None) -> dict:
    """Game ``index``: the measured player in seat ``index % players``, rule-of-thumb elsewhere."""
    deal = game_seed(seed, index)
    strong_seat = index % players
    game = dn.new_game(game_id, players=players, seed=deal)
    seats = [make_agent("rule-of-thumb", game_id, deal + s) for s in range(players)]
    if variant != "rule-of-thumb":
        method, _, horizon = variant.partition("-")
        seats[strong_seat] = StrongPlayer(game_id, deal + strong_seat, iterations=iterations, method=method,
                                          horizon=horizon or "deal", margin=margin, playout_moves=playout_moves,
                                          **({} if auction_tries is None else {"auction_tries": auction_tries}))
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
    return {"game": game_id, "players": players, "seed": seed, "index": index, "variant": variant,
            "first": top == strong_seat, "decided": top is not None, "times": times, "cpu": cpu}


def variant_order(variant: str) -> int:
    """Variants in :data:`VARIANTS` order (a file's copy of one, ``"halving (a.jsonl)"``, in its place)."""
    name = variant.partition(" (")[0]
    return VARIANTS.index(name) if name in VARIANTS else len(VARIANTS)


def load_rows(names: list[str]) -> list[dict]:
    """The rows saved in ``names``. Where a game's variant was saved with the same seed in several
    files (two settings of it on the same deals), each file's rows are named after it
    (``"halving (a.jsonl)"``), so that they are paired; saved with different seeds, they pool
    (rows saved before rows held their seed count as one unknown seed).

    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> for name, seed in (("a.jsonl", 1), ("b.jsonl", 1), ("c.jsonl", 2)):
    ...     _ = (folder / name).write_text(f'{{"game": "sjavs", "variant": "halving", "seed": {seed}, "index": 0}}')
    >>> [r["variant"] for r in load_rows([str(folder / n) for n in ("a.jsonl", "b.jsonl")])]
    ['halving (a.jsonl)', 'halving (b.jsonl)']
    >>> [r["variant"] for r in load_rows([str(folder / n) for n in ("a.jsonl", "c.jsonl")])]
    ['halving', 'halving']
    """
    files = {}
    for name in names:
        with open(name, encoding="utf-8") as lines:
            files[name] = [json.loads(line) for line in lines if line.strip()]
    seen: dict[tuple[str, str, int | None], int] = {}
    for rows in files.values():
        for key in {(r["game"], r["variant"], r.get("seed")) for r in rows}:
            seen[key] = seen.get(key, 0) + 1
    twice = {(game_id, variant) for (game_id, variant, _), count in seen.items() if count > 1}
    for name, rows in files.items():
        for r in rows:
            if (r["game"], r["variant"]) in twice:
                r["variant"] = f"{r['variant']} ({os.path.basename(name)})"
    return [r for rows in files.values() for r in rows]


def _quantile(values: list[float], q: float) -> float:
    return values[max(0, math.ceil(q * len(values)) - 1)] if values else float("nan")


def summarise(rows: list[dict]) -> list[tuple[str, ...]]:
    """One line per game and variant: games, rate with its interval, target, decision times."""
    lines = []
    keys = sorted(dict.fromkeys((r["game"], r["players"], r["variant"]) for r in rows),
                  key=lambda k: (GAMES.index(k[:2]) if k[:2] in GAMES else 99, variant_order(k[2])))
    for game_id, players, variant in keys:
        mine = [r for r in rows if (r["game"], r["players"], r["variant"]) == (game_id, players, variant)]
        n = sum(r["decided"] for r in mine) if players == 2 else len(mine)
        k = sum(r["first"] for r in mine)
        low, high = wilson(k, n)
        times = sorted(t for r in mine for t in r["times"])
        cpu = sorted(t for r in mine for t in r["cpu"])
        target = TARGETS.get(players, 1.5 / players)
        lines.append((f"{game_id} ({players}p)", variant, f"{len(mine)}", f"{n}", f"{k / n:.0%}" if n else "-",
                      f"{low:.0%}-{high:.0%}" if n else "-", f">= {target:.0%}",
                      *(f"{x:.2f}" if times else "-"
                        for x in (statistics.median(times or [0]), _quantile(times, 0.95))),
                      *(f"{x:.2f}" if cpu else "-" for x in (statistics.median(cpu or [0]), _quantile(cpu, 0.95)))))
    return lines


def paired(rows: list[dict], variants: list[str]) -> list[str]:
    """For each game, the deals (the same seed and index) the first variant finished first and
    another did not, and back."""
    lines = []
    for game_id, _players in sorted({(r["game"], r["players"]) for r in rows}):
        won = {(r["variant"], (r.get("seed"), r["index"])): r["first"] for r in rows if r["game"] == game_id}
        for other in variants[1:]:
            both = [i for (v, i) in won if v == variants[0] and (other, i) in won]
            a = sum(won[(variants[0], i)] and not won[(other, i)] for i in both)
            b = sum(won[(other, i)] and not won[(variants[0], i)] for i in both)
            lines.append(f"{game_id}: {variants[0]} first and {other} not in {a} deals; the reverse in {b} "
                         f"(of {len(both)} paired deals)")
    return lines


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=4, help="games per game id (default 4: a smoke run)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--game", action="append", help="a game id (repeatable; default: all five)")
    parser.add_argument("--variant", action="append", choices=VARIANTS,
                        help="the measured seat's player (repeatable; default: halving)")
    parser.add_argument("--iterations", type=int, help="iterations per decision (default: the game's budget)")
    parser.add_argument("--margin", type=float, help="weight of the game-point margin in a playout's value "
                        "(default: the game's, GameParts.margin)")
    parser.add_argument("--playout-moves", type=int, help="playout moves per decision at most (default: the "
                        "game's, GameParts.move_budget)")
    parser.add_argument("--auction-tries", type=int, help="worlds dealt to find one whose auction agrees with "
                        "the rule-of-thumb bidder (1: no inference; default: agents.search.AUCTION_TRIES)")
    parser.add_argument("--out", help="append each game's row to this file (JSON lines) as it finishes")
    parser.add_argument("--table", nargs="+", metavar="FILE", help="only print the table of rows saved with --out")
    args = parser.parse_args(argv)
    variants = args.variant or ["halving"]
    started = time.perf_counter()
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    if args.table:
        rows = load_rows(args.table)
        variants = sorted(dict.fromkeys(r["variant"] for r in rows), key=variant_order)
    else:
        chosen = [(g, p) for g, p in GAMES if not args.game or g in args.game]
        jobs = [(g, p, args.seed, i, v, args.iterations, args.margin, args.playout_moves, args.auction_tries)
                for g, p in chosen for i in range(args.games) for v in variants]
        rows = []
        with ProcessPoolExecutor(args.workers) as pool:
            for row in pool.map(play_one, *zip(*jobs)):
                rows.append(row)
                if args.out:
                    with open(args.out, "a", encoding="utf-8") as out:
                        out.write(json.dumps(row) + "\n")
    header = ("game", "variant", "games", "counted", "first", "95% (Wilson)", "target", "median s", "p95 s",
              "median CPU s", "p95 CPU s")
    table = [header, *summarise(rows)]
    widths = [max(len(row[i]) for row in table) for i in range(len(header))]
    for row in table:
        print("  ".join(cell.ljust(w) for cell, w in zip(row, widths)))
    if len(variants) > 1:
        print("\n" + "\n".join(paired(rows, variants)))
    if args.table:
        print(f"\n{len(rows)} games saved in {', '.join(args.table)}.")
        return
    end_load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"\n{len(rows)} games in {time.perf_counter() - started:.0f} s on {args.workers} workers; load average "
          f"{load:.1f} at the start, {end_load:.1f} at the end ({os.cpu_count()} cores). 2 players: wins of decided "
          f"games; 3+: first places of all games. Times: the measured player's decisions with more than one legal "
          f"move (wall clock; CPU: this process's own CPU time, what a decision costs on an idle core).")


if __name__ == "__main__":
    main()

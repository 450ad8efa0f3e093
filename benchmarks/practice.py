"""Practice benchmark (issue 31): for each game, how many rules have items and how many distinct
items per rule a seed range gives (target: at least 20 for every practised rule), the time to
make an item (target: at most 50 ms at the median), and a simulated learner who always errs on
one rule and answers every other right (target: that rule at least 3 times as often as any
other within 30 items, and not again until every other rule came once it is answered right).

Run ``python -m benchmarks.practice`` (``--seeds 30``; ``--variants`` also switches every
variant on: Le danish's four options, Sjavs' Farvesjavs and last game points). Prints the
machine's load first (``os.getloadavg``).
"""

from __future__ import annotations

import argparse
import collections
import os
import statistics
import time

import danish_nb as dn
from danish_nb.practice import PracticeSession, active_rules, left_out, make_item

from .report import print_rows

#: Options switching every variant on, per game.
VARIANTS = {"le-danish": {"chain_face_down": True, "face_down_below_three": True, "four_of_a_kind_burns": True,
                          "three_passes_hands": True, "six_reverses": True, "complete_four": True},
            "sjavs": {"last_points": 5, "farvesjavs": True}}
#: The rule the simulated learner always gets wrong, per game (a rule of the play, met early).
BAD = {"danish-bastard": "DB-23", "le-danish": "LD-26", "rat-bastard-17": "RB-15", "bastard": "BA-10",
       "sjavs": "SJ-13"}


def items(game: str, options: dict, seeds: int) -> tuple[dict[str, int], list[float], collections.Counter]:
    """Distinct items per rule over ``seeds`` seeds, every item's making time (ms), the kinds."""
    distinct, times, kinds = {}, [], collections.Counter()
    for rule in active_rules(game, options):
        ids = set()
        for seed in range(seeds):
            start = time.perf_counter()
            item = make_item(game, rule, seed, options)
            times.append(1000 * (time.perf_counter() - start))
            ids.add(item.id)
            kinds[item.kind] += 1
        distinct[rule] = len(ids)
    return distinct, times, kinds


def simulate(game: str, bad: str, count: int = 30, seed: int = 1) -> tuple[int, int, int, int]:
    """The simulated learner: (times ``bad`` was asked in ``count`` items, most times any other
    rule was, how many other rules came before ``bad`` again once answered right, rules - 1)."""
    now = [100_000.0]
    session = PracticeSession(game, seed=seed, clock=lambda: now[0])
    asked: collections.Counter = collections.Counter()

    def step(wrong_on: str | None) -> str:
        item = session.next_item()
        chosen = sorted(item.answer)
        if item.rule == wrong_on:
            chosen = [c.key for c in item.choices if c.key not in item.answer][:1]
        session.answer(item.id, chosen)
        now[0] += 20
        return item.rule
    for _ in range(count):
        asked[step(bad)] += 1
    while step(None) != bad:  # until it is answered right
        pass
    before = 0
    while step(None) != bad and before < 10 * len(session.rules):
        before += 1
    others = max(n for rule, n in asked.items() if rule != bad)
    return asked[bad], others, before, len(session.rules) - 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=30, help="seeds per rule (default 30)")
    parser.add_argument("--variants", action="store_true", help="also every variant switched on")
    args = parser.parse_args()
    load = os.getloadavg()
    print(f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} on {os.cpu_count()} cores; "
          f"{args.seeds} seeds per rule")
    rows, all_times, short = [], [], []
    for game in dn.GAMES:
        for options, label in [({}, "defaults")] + ([(VARIANTS[game], "variants")] if args.variants and game in VARIANTS
                                                    else []):
            distinct, times, kinds = items(game, options, args.seeds)
            all_times += times
            low = min(distinct.values())
            short += [f"{game} {rule} ({n})" for rule, n in distinct.items() if n < 20]
            rows.append((f"{game} ({label})", f"{len(distinct)} rules",
                         f"of {len(dn.GAMES[game].catalogue)} ({len(left_out(game))} left out); distinct items "
                         f"per rule min {low} median {statistics.median(distinct.values()):.0f}; make median "
                         f"{statistics.median(times):.1f} ms, p90 {statistics.quantiles(times, n=10)[-1]:.1f} ms, "
                         f"max {max(times):.0f} ms; kinds {dict(kinds)}"))
    rows.append(("all items", f"{statistics.median(all_times):.1f} ms",
                 f"median time to make an item over {len(all_times)} items (p90 "
                 f"{statistics.quantiles(all_times, n=10)[-1]:.1f} ms)"))
    rows.append(("rules under 20 items", str(len(short)), ", ".join(short) or "none"))
    for game, bad in BAD.items():
        asked, others, before, needed = simulate(game, bad)
        rows.append((f"learner erring on {bad}", f"{asked} vs {others}",
                     f"{game}: asked in 30 items vs the most asked other rule ({asked / others:.1f}x); once right, "
                     f"{before} other items before it came back ({needed} other rules)"))
    print_rows(rows, value_width=14)


if __name__ == "__main__":
    main()

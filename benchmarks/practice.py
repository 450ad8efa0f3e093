"""Practice benchmark (issues 31 and 38): for each game, how many rules have items and how many
distinct items per rule a seed range gives (target: at least 20 for every practised rule), the
time to make an item (target: at most 50 ms at the median), and simulated learners over
:data:`DAYS` days at :data:`RATES` items a day (issue 38's targets): one who answers everything
right has every practised rule learned by day 21; one who always errs on one rule sees it in at
most a third of the items and still learns the others; one who learns a rule after three errors
has it shown as learned within three weeks.

Item audits over the seeds (issue 38; target 0 each): positions no legal history gives (a set-up
position that is not a deal's start, or moves that do not replay), turn
notes on an item's board, rules asked that do not decide (a consequence), pick items whose rule
decides no card or that test nothing (every card legal, or none), rules with no item, and rules
whose answer never varies without a reason declared in the game's practice part (``fixed``,
listed with every lesson's practice).

Run ``python -m benchmarks.practice`` (``--seeds 25``; ``--variants`` also switches every
variant on: Le danish's four options, Sjavs' Farvesjavs and last game points; ``--learners``
runs the simulated learners only, ``--items`` the items only). Prints the machine's load first
(``os.getloadavg``).
"""

from __future__ import annotations

import argparse
import collections
import os
import statistics
import time
from typing import Any

import danish_nb as dn
from danish_nb.practice import Item, NoItem, NothingDue, PracticeSession, active_rules, left_out, make_item, one_answer
from danish_nb.practice.items import decider
from danish_nb.practice.scenes import history_is_legal
from danish_nb.practice.session import WINDOW

from .report import print_rows

#: Options switching every variant on, per game.
VARIANTS = {"le-danish": {"chain_face_down": True, "face_down_below_three": True, "four_of_a_kind_burns": True,
                          "three_passes_hands": True, "six_reverses": True, "complete_four": True},
            "sjavs": {"last_points": 5, "farvesjavs": True}}
#: The rule the simulated learner always gets wrong, per game (a rule of the play, met early).
BAD = {"danish-bastard": "DB-23", "le-danish": "LD-26", "rat-bastard-17": "RB-15", "bastard": "BA-10",
       "sjavs": "SJ-13"}


def items(game: str, options: dict, seeds: int) -> tuple[dict[str, int], list[float], collections.Counter,
                                                     collections.Counter, dict[str, set]]:
    """Distinct items per rule over ``seeds`` seeds, every item's making time (ms), the kinds,
    the audits' findings (:func:`audit`) and each rule's answers."""
    distinct, times, kinds, found, answers = {}, [], collections.Counter(), collections.Counter(), {}
    for rule in active_rules(game, options):
        ids, seen = set(), set()
        for seed in range(seeds):
            start = time.perf_counter()
            try:
                item = make_item(game, rule, seed, options)
            except NoItem:
                found[f"no item: {rule}"] += 1
                continue
            times.append(1000 * (time.perf_counter() - start))
            ids.add(item.id)
            kinds[item.kind] += 1
            found.update(f"{problem}: {rule}" for problem in audit(item))
            seen.add((item.player, tuple(sorted(item.answer))))
        distinct[rule] = len(ids)
        answers[rule] = seen
    return distinct, times, kinds, found, answers


def audit(item: Item) -> list[str]:
    """What is wrong with an item, by issue 38's audits: a position no legal history gives,
    a turn note on its board, a rule asked or credited that does not decide (a consequence)."""
    problems = []
    if not history_is_legal(item.record):
        problems.append("no legal history")
    if getattr(item.view(), "note", ""):
        problems.append("turn note")
    game = item.game()
    if item.kind == "legal":
        if decider(game.state.explain(game.parse_move(item.move))) != item.rule:
            problems.append("consequence asked")
    elif item.kind == "pick":
        if item.rule not in dict(item.deciders).values():
            problems.append("pick not deciding")
        if not item.answer or len(item.answer) == len(item.choices):
            problems.append("pick not testing")
    return problems


# --------------------------------------------------------------------------- simulated learners over days

#: Items a day the simulated learners practise at.
RATES = (5, 10, 20, 60)
#: Days simulated.
DAYS = 60
#: Seconds between two items of a session.
STEP = 20.0


class QuickSession(PracticeSession):
    """A session whose items are made once per rule and kind of item and then reused: the
    schedule, the worked examples and the share of a session are the session's own; only the
    positions repeat (making thousands of items would time the item maker, not the schedule)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._made: dict[tuple[str, bool], Item] = {}

    def _make(self, rule: str, easier: bool) -> Item:
        if (rule, easier) not in self._made:
            self._made[(rule, easier)] = super()._make(rule, easier)
        return self._made[(rule, easier)]


def learner(game: str, rate: int, wrong_on: str | None = None, learns_after: int | None = None,
            days: int = DAYS) -> dict[str, Any]:
    """A learner practising ``rate`` items a day (from 18:00, one every :data:`STEP` seconds,
    stopping when nothing is due) for ``days`` days, answering right except on ``wrong_on``:
    always wrong there, or (``learns_after``) wrong that many times, then right. Returns the
    day every rule was learned (``None``: not within the days), the day every other rule was,
    the day ``wrong_on`` was learned, the day of its last error, its share of all items and its
    highest share of one day's items (days of 3 items or more), its highest share of any
    :data:`~danish_nb.practice.session.WINDOW` items in a row (what the session caps), and the items asked."""
    now = [18 * 3600.0 + 86_400.0 * 20_000]
    session = QuickSession(game, seed=7, clock=lambda: now[0])
    errors = 0
    asked: collections.Counter = collections.Counter()
    day_shares = []
    shown: list[str] = []
    result: dict[str, Any] = {"all": None, "others": None, "bad": None, "last_error": None}
    start = now[0]
    for day in range(days):
        now[0] = start + day * 86_400.0
        today: collections.Counter = collections.Counter()
        for _ in range(rate):
            try:
                item = session.next_item()
            except NothingDue:
                break
            today[item.rule] += 1
            shown.append(item.rule)
            if session.worked:
                session.read_example()
                now[0] += STEP
                continue
            wrong = item.rule == wrong_on and (learns_after is None or errors < learns_after)
            chosen = [c.key for c in item.choices if c.key not in item.answer][:1] if wrong else sorted(item.answer)
            session.answer(item.id, chosen)
            if wrong:
                errors += 1
                result["last_error"] = day + 1
            now[0] += STEP
        asked += today
        if wrong_on and sum(today.values()) >= 3:
            day_shares.append(today[wrong_on] / sum(today.values()))
        learned = {rule for rule, p in session.progress.items() if p.learned}
        if result["all"] is None and learned >= set(session.rules):
            result["all"] = day + 1
        if result["others"] is None and learned >= set(session.rules) - {wrong_on}:
            result["others"] = day + 1
        if wrong_on and result["bad"] is None and wrong_on in learned:
            result["bad"] = day + 1
    total = sum(asked.values())
    result.update(items=total, share=asked[wrong_on] / total if wrong_on and total else 0.0,
                  day_share=max(day_shares, default=0.0), rules=len(session.rules),
                  window_share=max((shown[i:i + WINDOW].count(wrong_on) / len(shown[i:i + WINDOW])
                                    for i in range(max(1, len(shown) - WINDOW + 1))), default=0.0))
    return result


def learner_rows(games: list[str]) -> list[tuple[str, str, str]]:
    """The three simulated learners at every rate, per game (the targets of issue 38)."""
    rows = []
    for rate in RATES:
        right = [learner(game, rate) for game in games]
        days = [r["all"] for r in right]
        rows.append((f"all right, {rate}/day", _day(days),
                     "day every practised rule is learned (target: by day 21), per game " +
                     ", ".join(f"{g} {_day([r['all']])} ({r['items']} items)" for g, r in zip(games, right))))
        bad = [learner(game, rate, BAD[game]) for game in games]
        rows.append((f"always wrong on one, {rate}/day", f"{max(r['share'] for r in bad):.0%}",
                     "its share of all items, most over the games (target: at most a third); most of any "
                     f"{WINDOW} items in a row {max(r['window_share'] for r in bad):.0%}; most of one day "
                     f"{max(r['day_share'] for r in bad):.0%} (of a day of 3 items or more); the others learned by "
                     f"{_day([r['others'] for r in bad])} (" +
                     ", ".join(f"{g} {BAD[g]} {r['share']:.0%}" for g, r in zip(games, bad)) + ")"))
        three = [learner(game, rate, BAD[game], learns_after=3) for game in games]
        spans = [r["bad"] - r["last_error"] if r["bad"] and r["last_error"] else None for r in three]
        rows.append((f"learns after 3 errors, {rate}/day", _day(spans, "days"),
                     "from the third error to the rule shown learned (target: within 21), per game " +
                     ", ".join(f"{g} {_day([s], 'days')}" for g, s in zip(games, spans))))
    return rows


def _day(values: list[int | None], unit: str = "day") -> str:
    """The worst of ``values`` (``None``: not within the simulated days)."""
    if any(v is None for v in values):
        return f"not in {DAYS} days"
    return f"{unit} {max(values)}" if unit == "day" else f"{max(values)} {unit}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=25, help="seeds per rule (default 25)")
    parser.add_argument("--variants", action="store_true", help="also every variant switched on")
    parser.add_argument("--learners", action="store_true", help="the simulated learners only")
    parser.add_argument("--items", action="store_true", help="the items only")
    args = parser.parse_args()
    load = os.getloadavg()
    print(f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} on {os.cpu_count()} cores; "
          f"{args.seeds} seeds per rule")
    rows: list[tuple[str, str, str]] = []
    if not args.learners:
        rows += item_rows(args.seeds, args.variants)
    if not args.items:
        rows += learner_rows(list(dn.GAMES))
    print_rows(rows, value_width=16)


def item_rows(seeds: int, variants: bool) -> list[tuple[str, str, str]]:
    """Distinct items per rule, the audits and the time to make an item, per game (and options)."""
    rows, all_times, short, found, same = [], [], [], collections.Counter(), []
    for game in dn.GAMES:
        for options, label in [({}, "defaults")] + ([(VARIANTS[game], "variants")] if variants and game in VARIANTS
                                                    else []):
            distinct, times, kinds, problems, answers = items(game, options, seeds)
            all_times += times
            found += problems
            fixed = one_answer(game)
            same += [(rule, rule in fixed) for rule, seen in answers.items()
                     if len({answer for _, answer in seen}) == 1]
            low = min(distinct.values())
            short += [f"{game} {rule} ({n})" for rule, n in distinct.items() if n < 20]
            rows.append((f"{game} ({label})", f"{len(distinct)} rules",
                         f"of {len(dn.GAMES[game].catalogue)} ({len(left_out(game))} left out); distinct items "
                         f"per rule min {low} median {statistics.median(distinct.values()):.0f}; make median "
                         f"{statistics.median(times):.1f} ms, p90 {statistics.quantiles(times, n=10)[-1]:.1f} ms, "
                         f"max {max(times):.0f} ms; kinds {dict(kinds)}"))
    rows.append(("all items", f"{statistics.median(all_times):.1f} ms",
                 f"median time to make an item over {len(all_times)} items (target: at most 50 ms; p90 "
                 f"{statistics.quantiles(all_times, n=10)[-1]:.1f} ms)"))
    rows.append(("rules under 20 items", str(len(short)), ", ".join(short) or "none"))
    for problem in ("no legal history", "turn note", "consequence asked", "pick not deciding", "pick not testing",
                    "no item"):
        hits = {key: n for key, n in found.items() if key.startswith(problem + ":")}
        rows.append((f"audit: {problem}", str(sum(hits.values())),
                     f"items over {seeds} seeds per rule (target 0) " + ", ".join(
                         f"{key.split(': ')[1]} {n}" for key, n in sorted(hits.items()))))
    unexplained = [rule for rule, why in same if not why]
    declared = {rule for game in dn.GAMES for rule in one_answer(game)}
    varied = sorted(declared - {rule for rule, _ in same})
    rows.append(("audit: one answer declared, varies", str(len(varied)),
                 f"rules declared with one answer whose answer varies over {seeds} seeds (target 0): "
                 f"{', '.join(varied) or 'none'}"))
    rows.append(("audit: answer never varies", str(len(unexplained)),
                 f"rules giving one answer over {seeds} seeds without a declared reason (target 0): "
                 f"{', '.join(unexplained) or 'none'}; with one (PracticePart.fixed, shown in the lessons): "
                 f"{len(same) - len(unexplained)} ({', '.join(rule for rule, why in same if why) or 'none'})"))
    return rows


if __name__ == "__main__":
    main()

"""Where ``make test``'s time goes: a pytest plugin that writes one line per test (worker, wall
start and end, CPU seconds of the worker process and of its waited-for children, the load) and a
report over those lines: per-file wall and CPU totals, each worker's busy time and idle tail,
collection time, the slowest tests and set-ups.

Record a run (any pytest arguments; the plugin rides along on every xdist worker)::

    SUITE_TRACE=/tmp/trace.jsonl python -m pytest -p benchmarks.suite -n 2 --dist loadgroup ... tests
    python -m benchmarks.suite /tmp/trace.jsonl            # the report
    python -m benchmarks.suite /tmp/old.jsonl /tmp/new.jsonl   # two runs, over the tests both ran

CPU seconds do not move much with the machine's load (waiting for a core is not counted); wall
seconds do, so quote the load the report prints beside them.

>>> rows = [{"start": 0.0, "w": "gw0"}, {"collected": 2, "w": "gw0", "t": 5.0},
...         {"id": "tests/a.py::t1", "w": "gw0", "t0": 5.0, "t1": 7.0, "cpu": 1.5, "child": 0.0, "load": 2.0},
...         {"id": "tests/a.py::t1", "phase": "setup", "d": 0.5},
...         {"id": "tests/b.py::t2", "w": "gw0", "t0": 7.0, "t1": 8.0, "cpu": 1.0, "child": 0.5, "load": 4.0}]
>>> summary = summarise(rows)
>>> summary["files"]["tests/a.py"], summary["workers"]["gw0"]["collect"], summary["load"]
({'tests': 1, 'wall': 2.0, 'cpu': 1.5, 'setup': 0.5}, 5.0, 3.0)
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections import defaultdict
from collections.abc import Iterator
from typing import Any

#: Where the plugin writes (one JSON object a line; workers append to the same file).
TRACE_ENV = "SUITE_TRACE"


def _write(row: dict[str, Any]) -> None:
    with open(os.environ.get(TRACE_ENV, "suite-trace.jsonl"), "a", encoding="utf-8") as out:
        out.write(json.dumps(row) + "\n")


def _worker() -> str:
    return os.environ.get("PYTEST_XDIST_WORKER", "main")


def _children_cpu() -> float:
    times = os.times()
    return times.children_user + times.children_system


try:  # the plugin's hooks, when pytest is there (``-p benchmarks.suite``)
    import pytest
except ImportError:  # pragma: no cover - the report alone needs no pytest
    pytest = None  # type: ignore[assignment]

if pytest is not None:
    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_protocol(item: Any, nextitem: Any) -> Iterator[None]:
        """One line per test: its set-up, call and tear-down together."""
        t0, cpu0, child0 = time.time(), time.process_time(), _children_cpu()
        yield
        _write({"id": item.nodeid, "w": _worker(), "t0": t0, "t1": time.time(), "cpu": time.process_time() - cpu0,
                "child": _children_cpu() - child0, "load": os.getloadavg()[0]})

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_setup(item: Any) -> Iterator[None]:
        """The set-up's wall seconds (fixtures built for this test: servers, browsers, kernels)."""
        t0 = time.time()
        yield
        _write({"id": item.nodeid, "phase": "setup", "d": time.time() - t0})

    def pytest_sessionstart(session: Any) -> None:
        _write({"start": time.time(), "w": _worker()})

    def pytest_collection_finish(session: Any) -> None:
        _write({"collected": len(session.items), "w": _worker(), "t": time.time()})


def file_of(nodeid: str) -> str:
    """The test's file (a notebook's cells are counted under the notebook).

    >>> file_of("tests/test_a.py::test_b[1]"), file_of("notebooks/01-x.ipynb::Cell 3")
    ('tests/test_a.py', 'notebooks/01-x.ipynb')
    """
    return nodeid.split("::", 1)[0]


def summarise(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Per-file totals (tests, wall, CPU, set-up), per-worker collection, busy time and idle
    tail, the slowest tests, and the mean load during the tests."""
    runs = [r for r in rows if "t0" in r]
    setups = {r["id"]: r["d"] for r in rows if r.get("phase") == "setup"}
    files: dict[str, dict[str, Any]] = defaultdict(lambda: {"tests": 0, "wall": 0.0, "cpu": 0.0, "setup": 0.0})
    for r in runs:
        f = files[file_of(r["id"])]
        f["tests"] += 1
        f["wall"] += r["t1"] - r["t0"]
        f["cpu"] += r["cpu"] + r["child"]
        f["setup"] += setups.get(r["id"], 0.0)
    end = max((r["t1"] for r in runs), default=0.0)
    starts = {r["w"]: r["start"] for r in rows if "start" in r}
    workers: dict[str, dict[str, float]] = {}
    for w in sorted({r["w"] for r in runs}):
        mine = [r for r in runs if r["w"] == w]
        collected = next((r["t"] for r in rows if r.get("collected") is not None and r["w"] == w), mine[0]["t0"])
        workers[w] = {"collect": collected - starts.get(w, collected), "busy": sum(r["t1"] - r["t0"] for r in mine),
                      "tests": len(mine), "idle_tail": end - max(r["t1"] for r in mine)}
    first = min(starts.values(), default=min((r["t0"] for r in runs), default=0.0))
    loads = [r["load"] for r in runs]
    return {"files": {k: {**v, "wall": round(v["wall"], 2), "cpu": round(v["cpu"], 2), "setup": round(v["setup"], 2)}
                      for k, v in files.items()},
            "workers": {w: {k: round(v, 2) for k, v in d.items()} for w, d in workers.items()},
            "slowest": sorted(((round(r["t1"] - r["t0"], 2), round(r["cpu"] + r["child"], 2), r["id"]) for r in runs),
                              reverse=True)[:25],
            "setups": sorted(((round(d, 2), k) for k, d in setups.items()), reverse=True)[:15],
            "total": round(end - first, 1), "load": round(sum(loads) / len(loads), 2) if loads else 0.0}


def read(path: str) -> list[dict[str, Any]]:
    with open(path, encoding="utf-8") as lines:
        return [json.loads(line) for line in lines if line.strip()]


def report(path: str, top: int = 30) -> str:
    """The report of one recorded run, as text."""
    s = summarise(read(path))
    lines = [f"{path}: {s['total']} s from the first worker's start to the last test (mean load {s['load']})"]
    for w, d in s["workers"].items():
        lines.append(f"  {w}: collection {d['collect']} s, {int(d['tests'])} tests, busy {d['busy']} s, "
                     f"idle at the end {d['idle_tail']} s")
    lines.append(f"  {'wall s':>8} {'cpu s':>8} {'setup s':>8} {'tests':>6}  file (slowest {top})")
    for name, f in sorted(s["files"].items(), key=lambda kv: -kv[1]["wall"])[:top]:
        lines.append(f"  {f['wall']:8.1f} {f['cpu']:8.1f} {f['setup']:8.1f} {f['tests']:6d}  {name}")
    lines.append("  slowest tests (wall s, cpu s):")
    lines += [f"  {wall:8.1f} {cpu:8.1f}  {name}" for wall, cpu, name in s["slowest"]]
    lines.append("  slowest set-ups (wall s):")
    lines += [f"  {d:8.1f}  {name}" for d, name in s["setups"]]
    return "\n".join(lines)


def compare(old: str, new: str, top: int = 40) -> str:
    """Two recorded runs side by side over the tests both ran (a run stopped early compares on
    what it did), per file: wall and CPU seconds (the worker's and its children's)."""
    a, b = read(old), read(new)
    ids = {r["id"] for r in a if "t0" in r} & {r["id"] for r in b if "t0" in r}
    sa, sb = summarise([r for r in a if r.get("id", "") in ids]), summarise([r for r in b if r.get("id", "") in ids])
    cpu = [round(sum(f["cpu"] for f in s["files"].values()), 1) for s in (sa, sb)]
    wall = [round(sum(f["wall"] for f in s["files"].values()), 1) for s in (sa, sb)]
    lines = [f"{len(ids)} tests in both runs: CPU {cpu[0]} -> {cpu[1]} s, summed wall {wall[0]} -> {wall[1]} s "
             f"(mean load {sa['load']} -> {sb['load']})",
             f"  {'old wall':>9} {'new wall':>9} {'old cpu':>8} {'new cpu':>8}  file"]
    zero = {"wall": 0.0, "cpu": 0.0}
    names = sorted(set(sa["files"]) | set(sb["files"]), key=lambda n: -sa["files"].get(n, zero)["cpu"])
    for n in names[:top]:
        fa, fb = sa["files"].get(n, zero), sb["files"].get(n, zero)
        lines.append(f"  {fa['wall']:9.1f} {fb['wall']:9.1f} {fa['cpu']:8.1f} {fb['cpu']:8.1f}  {n}")
    return "\n".join(lines)


def replay(durations: dict[str, float], groups: list[tuple[str, str]], workers: int = 2) -> dict[str, float]:
    """The recorded ``durations`` (test id: wall seconds) replayed through ``--dist loadgroup``'s
    hand-out: ``groups`` (test id, group) in run order; each worker, when free, takes the next
    group in order of first appearance. Its end (``makespan``) and each worker's idle tail.

    >>> replay({"a": 5.0, "b": 1.0, "c": 1.0, "d": 2.0}, [("a", "served"), ("b", "x"), ("c", "y"), ("d", "served")])
    {'makespan': 7.0, 'idle_tail': 5.0}
    """
    units: dict[str, float] = {}
    for test, group in groups:
        units[group] = units.get(group, 0.0) + durations.get(test, 0.0)
    free = [0.0] * workers
    for seconds in units.values():
        first = free.index(min(free))
        free[first] += seconds
    return {"makespan": round(max(free), 1), "idle_tail": round(max(free) - min(free), 1)}


if __name__ == "__main__":
    args = sys.argv[1:]
    print(compare(*args) if len(args) == 2 else report(args[0]))

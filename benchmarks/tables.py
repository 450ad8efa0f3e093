"""Class-table benchmark: moves per second through each store, under contention, and how soon
a waiting kernel sees another kernel's move.

Run ``python -m benchmarks.tables`` (PostgreSQL: a throwaway cluster when Debian's
``postgresql`` is installed, or ``--postgres URL``). Figures per store:

- store moves/s: one connection storing numbered moves (one transaction each);
- session moves/s: whole games of computer seats through :class:`TableSession` (engine check,
  store, replay bookkeeping);
- race: two connections (threads) trying every move number at once: moves stored per second
  and conflicts (each number stored once);
- wake: median and max time from a move's write to a waiting kernel's return (SQLite polls
  every 0.1 s; PostgreSQL uses LISTEN/NOTIFY).
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import threading
import time
from collections.abc import Callable
from contextlib import ExitStack
from pathlib import Path

from danish_nb.tables import MoveConflict, Store, TableError, TableSession, create_table, open_store
from danish_nb.tables.pgcluster import throwaway_cluster

SEATS = ("human", "human", "rule-of-thumb")


def store_moves(store: Store, moves: int) -> float:
    code = store.create_table("bastard", seed=1, options={}, seats=SEATS, turn=0)
    start = time.perf_counter()
    for number in range(1, moves + 1):
        store.add_move(code, number, seat=0, move=f"move {number}", turn=0, finished=False)
    return moves / (time.perf_counter() - start)


def session_moves(store: Store, games: int) -> float:
    played, start = 0, time.perf_counter()
    for seed in range(games):
        session = TableSession.watch(store, create_table(store, "rat-bastard-17", ("rule-of-thumb", "random"),
                                                         seed=seed))
        played += session.run_computers()
    return played / (time.perf_counter() - start)


def race(stores: list[Store], moves: int) -> tuple[float, int]:
    code = stores[0].create_table("bastard", seed=1, options={}, seats=SEATS, turn=0)
    barrier, conflicts = threading.Barrier(len(stores)), [0] * len(stores)

    def writer(me: int) -> None:
        for number in range(1, moves + 1):
            barrier.wait()
            try:
                stores[me].add_move(code, number, seat=me, move=f"{me}:{number}", turn=0, finished=False)
            except MoveConflict:
                conflicts[me] += 1

    threads = [threading.Thread(target=writer, args=(me,)) for me in range(len(stores))]
    start = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(stores[0].moves(code)) == moves
    return moves / (time.perf_counter() - start), sum(conflicts)


def wake(waiter: Store, writer: Store, rounds: int) -> list[float]:
    code = writer.create_table("bastard", seed=1, options={}, seats=SEATS, turn=0)
    delays: list[float] = []
    for number in range(1, rounds + 1):
        ready, woke = threading.Event(), []

        def wait(after: int = number - 1, ready: threading.Event = ready, woke: list[float] = woke) -> None:
            ready.set()
            waiter.wait_for_change(code, after, timeout=10)
            woke.append(time.perf_counter())

        thread = threading.Thread(target=wait)
        thread.start()
        ready.wait()
        time.sleep(0.02)  # the waiter is waiting
        wrote = time.perf_counter()
        writer.add_move(code, number, seat=0, move=f"move {number}", turn=0, finished=False)
        thread.join()
        delays.append(woke[0] - wrote)
    return delays


def measure(name: str, connect: Callable[[], Store], args: argparse.Namespace) -> None:
    with ExitStack() as stack:
        a, b = (stack.enter_context(connect()) for _ in range(2))
        per_s = store_moves(a, args.moves)
        games = session_moves(a, args.games)
        raced, conflicts = race([a, b], args.moves // 2)
        delays = wake(b, a, args.rounds)
    print(f"{name:10s} store {per_s:7.0f} moves/s | session {games:6.0f} moves/s | race (2 writers) "
          f"{raced:6.0f} moves/s, {conflicts} conflicts | wake median {statistics.median(delays) * 1000:5.1f} ms, "
          f"max {max(delays) * 1000:5.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=400)
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--rounds", type=int, default=25)
    parser.add_argument("--postgres", help="a postgresql:// URL (default: a throwaway cluster)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        measure("sqlite", lambda: open_store(str(Path(tmp) / "tables.sqlite3")), args)
    try:
        with ExitStack() as stack:
            url = args.postgres or stack.enter_context(throwaway_cluster())
            measure("postgresql", lambda: open_store(url), args)
    except TableError as exc:
        print(f"postgresql skipped: {exc}")


if __name__ == "__main__":
    main()

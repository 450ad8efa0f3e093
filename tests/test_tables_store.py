"""The class-table store contract, run against SQLite always and against a throwaway PostgreSQL
cluster (skipped without PostgreSQL, a failure under CI): tables, seats and tokens, moves with
optimistic concurrency (two connections racing), waking a waiter, closing a table; codes and
tokens; choosing the store from ``DANISH_NB_STORE``."""

from __future__ import annotations

import hashlib
import threading
import time
from collections.abc import Callable

import pytest
from hypothesis import given, strategies as st

from danish_nb.tables import (
    ALPHABET,
    MoveConflict,
    SeatError,
    SeatMoved,
    SeatTokenError,
    Store,
    TableClosed,
    TableCodeError,
    TableError,
    UnknownTable,
    hash_token,
    new_code,
    new_token,
    open_store,
    read_code,
)
from danish_nb.tables.sqlite import SQLiteStore

pytest_plugins = ("pg_fixture",)  # the fixtures connect and postgres_url
Opener = Callable[[], Store]  # what connect gives: opens one more connection


@pytest.fixture
def store(connect: Opener) -> Store:
    return connect()


def new_table(store: Store, seats=("human", "human", "rule-of-thumb"), room: str = "") -> str:
    return store.create_table("bastard", seed=5, options={"deals": 3}, seats=seats, turn=0, room=room)


# --------------------------------------------------------------------------- tables

def test_a_table_keeps_game_options_seed_and_seats(store: Store):
    code = new_table(store, room="room-a")
    info = store.table(code)
    assert (info.code, info.room, info.game, info.seed, info.options) == (code, "room-a", "bastard", 5, {"deals": 3})
    assert (info.players, info.moves, info.turn, info.finished, info.closed) == (3, 0, 0, False, False)
    assert [(s.seat, s.kind, s.claimed) for s in info.seats] == [(0, "human", False), (1, "human", False),
                                                                 (2, "rule-of-thumb", False)]
    assert len(code) == 6 and set(code) <= set(ALPHABET)


def test_an_unknown_code_is_refused(store: Store):
    with pytest.raises(UnknownTable, match="no table has the code 'ZZZZZZ'"):
        store.table("ZZZZZZ")
    with pytest.raises(UnknownTable):
        store.add_move("ZZZZZZ", 1, seat=0, move="P1 trump clubs", turn=1, finished=False)
    with pytest.raises(UnknownTable):
        store.seat_of("ZZZZZZ", hash_token("x"))


def test_the_teacher_lists_only_the_rooms_tables_oldest_first(store: Store):
    first, second = new_table(store, room="r1"), new_table(store, room="r1")
    other = new_table(store, room="r2")
    assert [t.code for t in store.tables("r1")] == [first, second]
    assert [t.code for t in store.tables("r2")] == [other]
    assert {first, second, other} <= {t.code for t in store.tables()}
    assert [len(t.seats) for t in store.tables("r1")] == [3, 3]


# --------------------------------------------------------------------------- seats and tokens

def test_a_seat_is_claimed_once_and_rejoined_with_its_token(store: Store):
    code = new_table(store)
    token = new_token()
    store.claim_seat(code, 1, hash_token(token), "Ada")
    info = store.table(code)
    assert (info.seats[1].claimed, info.seats[1].name, info.version) == (True, "Ada", 1)
    assert store.seat_of(code, hash_token(token)) == 1
    with pytest.raises(SeatError, match=r"seat P2 at table .* is taken"):
        store.claim_seat(code, 1, hash_token(new_token()), "Bo")
    assert store.seat_of(code, hash_token(token)) == 1  # the refused claim changed nothing


def test_a_forged_or_foreign_token_is_refused(store: Store):
    code, other = new_table(store), new_table(store)
    token = new_token()
    store.claim_seat(code, 0, hash_token(token))
    with pytest.raises(SeatTokenError, match="does not hold a seat"):
        store.seat_of(code, hash_token(new_token()))
    with pytest.raises(SeatTokenError):
        store.seat_of(other, hash_token(token))
    with pytest.raises(SeatTokenError):
        store.seat_of(code, token)  # the token itself is not what the store matches


def test_a_freed_seat_makes_its_old_token_stale(store: Store):
    code = new_table(store)
    old, new = new_token(), new_token()
    store.claim_seat(code, 0, hash_token(old))
    store.release_seat(code, 0)
    with pytest.raises(SeatTokenError):
        store.seat_of(code, hash_token(old))
    store.claim_seat(code, 0, hash_token(new))
    assert store.seat_of(code, hash_token(new)) == 0


def test_a_seat_plays_from_the_device_that_opened_it_last(store: Store):
    code = new_table(store)
    token = new_token()
    store.claim_seat(code, 0, hash_token(token), "Ada", device="laptop")
    version = store.version(code)
    assert store.seat_of(code, hash_token(token), "laptop") == 0  # a reload, another tab: nothing changes
    assert store.version(code) == version and store.table(code).seats[0].moved is None
    assert store.seat_of(code, hash_token(token), "phone") == 0
    seat = store.table(code).seats[0]
    assert store.version(code) == version + 1 and (seat.device, seat.claimed) == ("phone", True)
    assert seat.moved is not None and time.time() - seat.moved < 60
    assert not store.touch(code, 0, "laptop") and store.touch(code, 0, "phone")  # only the holder beats
    with pytest.raises(SeatMoved, match="opened on another device"):
        store.add_move(code, 1, seat=0, move="P1 trump clubs", turn=1, finished=False, device="laptop")
    assert store.moves(code) == []
    store.add_move(code, 1, seat=0, move="P1 trump clubs", turn=1, finished=False, device="phone")
    assert store.seats(code) == store.table(code).seats and store.moves(code) == ["P1 trump clubs"]
    with pytest.raises(UnknownTable):
        store.seats("ZZZZZZ")


def test_an_older_store_gets_the_new_seat_columns(connect: Opener):
    """A store made before seats knew their device opens, gains the columns and keeps its seats."""
    old = connect()
    code = new_table(old)
    old.claim_seat(code, 0, hash_token(new_token()), "Ada")
    with old._write() as execute:
        for column in ("device", "moved"):
            execute(f"ALTER TABLE dn_seats DROP COLUMN {column}", ())
    reopened = connect()
    seat = reopened.table(code).seats[0]
    assert (seat.name, seat.claimed, seat.device, seat.moved) == ("Ada", True, None, None)


@pytest.mark.parametrize("seat, message", [(2, "played by the computer"), (3, "has seats P1 to P3, not P4")])
def test_computer_and_missing_seats_cannot_be_claimed(store: Store, seat: int, message: str):
    code = new_table(store)
    with pytest.raises(SeatError, match=message):
        store.claim_seat(code, seat, hash_token(new_token()))
    assert store.table(code).version == 0


def test_the_store_keeps_only_the_tokens_hash(store: Store):
    code = new_table(store)
    token = new_token()
    store.claim_seat(code, 0, hash_token(token))
    rows = store._read("SELECT token_hash FROM dn_seats WHERE code = ? AND seat = 0", (code,))
    assert rows == [(hashlib.sha256(token.encode()).hexdigest(),)]
    everything = repr(store._read("SELECT * FROM dn_seats")) + repr(store._read("SELECT * FROM dn_tables"))
    assert token not in everything


# --------------------------------------------------------------------------- moves

def test_moves_are_numbered_without_gaps_or_doubles(store: Store):
    code = new_table(store)
    assert store.add_move(code, 1, seat=0, move="P1 trump clubs", turn=0, finished=False) == 1
    with pytest.raises(MoveConflict, match=r"move 1 .* holds 1 moves") as doubled:
        store.add_move(code, 1, seat=0, move="P1 trump hearts", turn=0, finished=False)
    assert (doubled.value.number, doubled.value.moves) == (1, 1)
    with pytest.raises(MoveConflict, match=r"move 3 .* holds 1 moves"):
        store.add_move(code, 3, seat=0, move="P1 play 2C", turn=1, finished=False)
    store.add_move(code, 2, seat=0, move="P1 play 2C", turn=1, finished=False)
    assert store.moves(code) == ["P1 trump clubs", "P1 play 2C"]
    assert store.moves(code, after=1) == ["P1 play 2C"]
    info = store.table(code)
    assert (info.moves, info.turn, info.version) == (2, 1, 2)


def test_two_connections_racing_store_exactly_one_move_per_number(connect: Opener):
    """Two writers on two connections try every move number at the same instant: one wins each."""
    stores = [connect(), connect()]
    code = new_table(stores[0])
    rounds = 15
    barrier = threading.Barrier(2)
    wins: list[list[int]] = [[], []]
    conflicts: list[list[int]] = [[], []]

    def writer(me: int) -> None:
        for number in range(1, rounds + 1):
            barrier.wait(timeout=30)
            try:
                stores[me].add_move(code, number, seat=me, move=f"writer {me} move {number}", turn=0, finished=False)
                wins[me].append(number)
            except MoveConflict as exc:
                assert exc.number == number
                conflicts[me].append(number)

    threads = [threading.Thread(target=writer, args=(me,)) for me in (0, 1)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert sorted(wins[0] + wins[1]) == list(range(1, rounds + 1))
    assert sorted(conflicts[0] + conflicts[1]) == list(range(1, rounds + 1))
    stored = stores[1].moves(code)
    assert len(stored) == rounds
    assert all(text.endswith(f"move {n}") and text.startswith(f"writer {0 if n in wins[0] else 1}")
               for n, text in enumerate(stored, start=1))
    assert stores[0].table(code).moves == rounds


def test_a_closed_table_takes_no_moves_and_no_seats(store: Store):
    code = new_table(store)
    store.add_move(code, 1, seat=0, move="P1 trump clubs", turn=0, finished=False)
    version = store.close_table(code)
    info = store.table(code)
    assert (info.closed, info.version, info.moves) == (True, version, 1)
    with pytest.raises(TableClosed, match="closed"):
        store.add_move(code, 2, seat=0, move="P1 play 2C", turn=1, finished=False)
    with pytest.raises(TableClosed):
        store.claim_seat(code, 0, hash_token(new_token()))
    assert store.moves(code) == ["P1 trump clubs"]


# --------------------------------------------------------------------------- waiting

def test_a_waiter_wakes_when_another_connection_stores_a_move(connect: Opener):
    waiter, writer = connect(), connect()
    code = new_table(writer)
    seen: list[tuple[int, float]] = []
    read, waiting = waiter.version, threading.Event()

    def version(table: str) -> int:  # the waiter's read before it waits: the move comes after it
        found = read(table)
        waiting.set()
        return found

    def wait() -> None:
        start = time.monotonic()
        seen.append((waiter.wait_for_change(code, after=0, timeout=20), time.monotonic() - start))

    waiter.version = version  # type: ignore[method-assign]
    thread = threading.Thread(target=wait)
    thread.start()
    assert waiting.wait(30), "the waiter never started waiting"
    writer.add_move(code, 1, seat=0, move="P1 trump clubs", turn=0, finished=False)
    thread.join(timeout=30)
    version, waited = seen[0]
    assert version == 1
    assert waited < 10, "the waiter slept through the move"


def test_a_waiter_times_out_with_the_same_version_and_wakes_on_closing(connect: Opener):
    waiter, writer = connect(), connect()
    code = new_table(writer)
    assert waiter.wait_for_change(code, after=0, timeout=0.2) == 0
    writer.close_table(code)
    assert waiter.wait_for_change(code, after=0, timeout=20) == 1
    assert waiter.wait_for_change(code, after=0, timeout=0) == 1  # already changed: no wait


# --------------------------------------------------------------------------- codes, tokens, choosing a store

@given(st.integers(min_value=0, max_value=50))
def test_table_codes_use_the_unambiguous_alphabet(_):
    code = new_code()
    assert len(code) == 6 and not set(code) & set("0O1IL") and read_code(code.lower()) == code


@pytest.mark.parametrize("text", ["ABC12D", "ABCDE", "ABCDEFG", "ABCDEO", "", "AB CDE!"])
def test_a_mistyped_code_is_refused(text: str):
    with pytest.raises(TableCodeError, match="a table code is 6 characters"):
        read_code(text)


def test_tokens_are_long_random_and_hashed():
    tokens = {new_token() for _ in range(100)}
    assert len(tokens) == 100 and min(map(len, tokens)) >= 40
    token = tokens.pop()
    assert hash_token(token) == hashlib.sha256(token.encode()).hexdigest() != token
    for bad in ("", None, "x" * 500):
        with pytest.raises(SeatTokenError):
            hash_token(bad)


def test_the_store_comes_from_danish_nb_store(monkeypatch: pytest.MonkeyPatch, tmp_path):
    monkeypatch.delenv("DANISH_NB_STORE", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    with open_store() as store:
        assert isinstance(store, SQLiteStore)
        assert store.path == str(tmp_path / "data" / "danish-nb" / "tables.sqlite3")
        assert store._read("PRAGMA journal_mode") == [("wal",)]
    monkeypatch.setenv("DANISH_NB_STORE", f"sqlite:///{tmp_path / 'x.db'}")
    with open_store() as store:
        assert store.path == str(tmp_path / "x.db")
    with pytest.raises(TableError, match="names a 'mysql' store"):
        open_store("mysql://user:secret@host/db")


def test_an_unreachable_postgresql_is_a_clear_error():
    with pytest.raises(TableError, match="cannot reach the PostgreSQL store") as refused:
        open_store("postgresql://nobody:secret@127.0.0.1:1/none")
    assert "secret" not in str(refused.value)

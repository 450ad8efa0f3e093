"""Faults a class never notices: a real PostgreSQL restart (``pg_ctl stop -m fast``, then
``start``) and a locked SQLite file, during play. The stores reconnect by themselves; a move
that could not be stored is said plainly ("not saved, trying again"), waits in the kernel, and
is stored once the store answers (or refused with the reason), never silently dropped; a page
opened while the store was away sits down at its seat once it answers."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from danish_nb.tables import (
    NotSaved,
    Store,
    StoreUnavailable,
    TableError,
    TableSession,
    Teacher,
    create_table,
    sqlite as sqlite_module,
)
from danish_nb.tables.pgcluster import Cluster, throwaway
from danish_nb.tables.postgres import PostgresStore
from danish_nb.tables.sqlite import SQLiteStore
from danish_nb.widgets.table_app import TableApp
from helpers import wait_until_async
from test_tables_app import Keeper, click


@pytest.fixture(scope="module")
def cluster() -> Iterator[Cluster]:
    """A cluster of this module's own, so stopping it strands no other test."""
    try:
        with throwaway() as running:
            yield running
    except TableError as exc:
        pytest.skip(f"{exc} to run the PostgreSQL restart tests")


def seated(store: Store, code: str, name: str) -> tuple[TableApp, Keeper]:
    app = TableApp(store, room="5B", follow=False)
    keeper = Keeper(app)
    app.name.value = name
    app.code_box.value = code
    assert app.join() is not None
    return app, keeper


def bastard(store: Store) -> str:
    return create_table(store, "bastard", ("human", "human", "rule-of-thumb"), seed=4, room="5B")


# --------------------------------------------------------------------------- PostgreSQL restarts
def test_a_postgresql_restart_strands_no_page_and_loses_no_click(cluster: Cluster):
    ada_store, bo_store = PostgresStore(cluster.url), PostgresStore(cluster.url)
    try:
        code = bastard(ada_store)
        ada, _ = seated(ada_store, code, "Ada")
        bo, _ = seated(bo_store, code, "Bo")
        cluster.stop()  # pg_ctl stop -m fast: every connection is cut
        click(ada, act="move", move="P1 trump clubs")
        assert "not saved, trying again" in ada.board.message
        assert ada.session.pending == "P1 trump clubs" and len(ada.board.game.history) == 0
        assert 'data-move="P1 trump' not in ada.board.html  # no second move while the first waits
        ada.poll()  # the page's loop: the store is still away, said in words, no driver text
        assert "cannot be reached just now" in ada.message.value and "connection" not in ada.message.value
        with pytest.raises(StoreUnavailable):
            bo_store.wait_for_change(code, 0, 0.1)  # a waiter is told, never left hanging
        cluster.start()
        ada.poll()  # the same store objects, reconnected: the waiting move is stored, once
        assert ada_store.moves(code) == ["P1 trump clubs"] and ada.session.pending is None
        assert "Saved: your move Make clubs trumps is at the table now." in ada.board.message
        assert ada.message.value == ""  # the outage's message is gone
        assert bo.poll() is True and len(bo.board.game.history) == 1  # Bo carries on, no reload
        bo_store.wait_for_change(code, 0, 0.1)  # the listener is opened again
    finally:
        ada_store.close()
        bo_store.close()


def test_a_page_opened_while_postgresql_is_down_sits_down_once_it_answers(cluster: Cluster):
    store = PostgresStore(cluster.url)
    try:
        code = bastard(store)
        ada, _ = seated(store, code, "Ada")
        token = ada.session.token
        cluster.stop()
        again = TableApp(store, room="5B", follow=False)  # a reload during the outage
        again.device = ada.device
        Keeper(again)
        again._on_keeper(again.keeper, {"act": "stored", "seats": {code: token}, "last": code, "name": "Ada",
                                        "device": ada.device}, [])
        assert again.session is None and "cannot be reached just now" in again.message.value
        assert again.tokens == {code: token}  # the seat token is kept, not forgotten
        cluster.start()
        again.poll()
        assert again.session is not None and again.session.seat == 0
        assert "Welcome back to table" in again.message.value
    finally:
        store.close()


def test_a_store_opened_while_postgresql_is_down_says_so_plainly(cluster: Cluster, monkeypatch):
    cluster.stop()
    try:
        monkeypatch.setenv("DANISH_NB_STORE", cluster.url)
        app = TableApp(room="5B", follow=False)
        app.code_box.value = "K7QX2M"
        assert app.join() is None
        assert "cannot be reached just now" in app.message.value and "127.0.0.1" not in app.message.value
    finally:
        cluster.start()


# --------------------------------------------------------------------------- SQLite writes that fail
@pytest.fixture
def sqlite_store(tmp_path: Path, monkeypatch) -> Iterator[SQLiteStore]:
    monkeypatch.setattr(sqlite_module, "BUSY_SECONDS", 0.2)  # a stuck writer is noticed at once
    with SQLiteStore(tmp_path / "tables.sqlite3", poll=0.05) as store:
        yield store


def locked(store: SQLiteStore) -> sqlite3.Connection:
    """Another process holding the file's write lock (a stuck writer)."""
    other = sqlite3.connect(store.path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    return other


def test_a_failed_sqlite_write_is_said_and_stored_once_the_file_answers(sqlite_store: SQLiteStore):
    code = bastard(sqlite_store)
    ada, _ = seated(sqlite_store, code, "Ada")
    other = locked(sqlite_store)
    click(ada, act="move", move="P1 trump clubs")
    assert "not saved, trying again" in ada.board.message and sqlite_store.moves(code) == []
    with pytest.raises(NotSaved, match="not saved yet"):
        ada.session.play("P1 trump hearts")  # a second click waits for the first
    other.execute("ROLLBACK")
    other.close()
    ada.poll()
    assert sqlite_store.moves(code) == ["P1 trump clubs"]
    assert "Saved: your move" in ada.board.message


def test_a_waiting_move_the_table_no_longer_takes_is_refused_with_the_reason(sqlite_store: SQLiteStore):
    code = bastard(sqlite_store)
    ada, _ = seated(sqlite_store, code, "Ada")
    other = locked(sqlite_store)
    click(ada, act="move", move="P1 trump clubs")
    other.execute("ROLLBACK")
    other.close()
    Teacher(sqlite_store, "5B").close(code)  # meanwhile the teacher ended the table
    ada.poll()
    assert sqlite_store.moves(code) == [] and ada.session.pending is None
    assert "Not played: table" in ada.board.message and "closed" in ada.board.message


def test_a_move_stored_before_its_answer_was_lost_counts_once(sqlite_store: SQLiteStore, monkeypatch):
    code = bastard(sqlite_store)
    ada = TableSession.join(sqlite_store, code, name="Ada")
    real = sqlite_store._add_move
    calls: list[bool] = []

    def commit_then_fail(*args):
        calls.append(args[-1])
        version = real(*args)
        if len(calls) == 1:
            raise sqlite3.OperationalError("disk I/O error")  # the commit held; its answer did not arrive
        return version
    monkeypatch.setattr(sqlite_store, "_add_move", commit_then_fail)
    ada.play("P1 trump clubs")
    assert calls == [False, True]  # the second try knew it might be a repeat
    assert sqlite_store.moves(code) == ["P1 trump clubs"] and len(ada.game.history) >= 1
    assert sqlite_store.table(code).moves == len(ada.game.history)


# --------------------------------------------------------------------------- bad input
def test_a_record_with_a_4301_digit_seed_is_the_packages_clear_error():
    """Issue 40: Python's limit on integer digits raised a plain ValueError from json."""
    import danish_nb as dn
    from danish_nb.errors import RecordError

    record = dict(dn.new_game("bastard", players=3, seed=1).to_record())
    text = json.dumps(record).replace('"seed": 1', '"seed": ' + "9" * 4301)
    with pytest.raises(RecordError, match=r"^a record holds a number too long to read$"):
        dn.load_record(text)


def test_a_following_page_carries_on_by_itself_through_a_postgresql_restart(cluster: Cluster):
    """The page's own loop (no poll by hand): its wait fails while the database is down, and it
    keeps following; the waiting move is stored and the other page sees it, with no reload."""
    import asyncio
    import concurrent.futures

    async def scenario() -> tuple[list[str], int]:
        ada_store, bo_store = PostgresStore(cluster.url), PostgresStore(cluster.url)
        try:
            code = bastard(ada_store)
            ada = TableApp(ada_store, room="5B")  # following: a task on this loop
            bo = TableApp(bo_store, room="5B")
            for app, name in ((ada, "Ada"), (bo, "Bo")):
                Keeper(app)
                app.name.value, app.code_box.value = name, code
                assert app.join() is not None
            await asyncio.to_thread(cluster.stop)
            click(ada, act="move", move="P1 trump clubs")
            assert ada.session.pending == "P1 trump clubs"
            # the follow tasks met the outage, and said so
            await wait_until_async(lambda: ada._store_away and bo._store_away, 60, "both pages noticed the outage")
            await asyncio.to_thread(cluster.start)
            await wait_until_async(lambda: bo.session.game.history, 30, "Bo's page got Ada's waiting move", every=0.2)
            for app in (ada, bo):
                app._task.cancel()
            return ada_store.moves(code), len(bo.session.game.history)
        finally:
            ada_store.close()
            bo_store.close()

    # a loop of its own in a thread of its own: an earlier test on this worker may have left a loop running here
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        moves, seen_by_bo = pool.submit(asyncio.run, scenario()).result()
    assert moves == ["P1 trump clubs"] and seen_by_bo == 1

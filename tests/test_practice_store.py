"""Practice progress in the class tables' store, on SQLite and on PostgreSQL (a throwaway
cluster): a reload resumes, two servers share one learner's record, answers counted at once
from two kernels are all counted, a learner exports and erases their own record only, and the
teacher's view opens only with the teacher key and never shows one learner another's record.
"""

from __future__ import annotations

import json
import secrets
import threading
import time
from collections.abc import Callable

import pytest

from danish_nb.practice import Learner, PracticeSession, ProgressStore, room_report
from danish_nb.tables import Store
from danish_nb.tables.sqlite import SQLiteStore
from danish_nb.widgets.practice import PracticeWidget
from danish_nb.widgets.practice_tab import PracticeTab, PracticeTeacher
from danish_nb.widgets.table_teacher import TEACHER_ENV

pytest_plugins = ("pg_fixture",)


@pytest.fixture
def room() -> str:
    """A room of this test's own (the PostgreSQL cluster is shared by the session's tests)."""
    return f"room-{secrets.token_hex(4)}"


@pytest.fixture
def ada(room: str) -> Learner:
    return Learner.local(f"ada-{secrets.token_hex(8)}", room=room, name="Ada")


@pytest.fixture
def ben(room: str) -> Learner:
    return Learner.local(f"ben-{secrets.token_hex(8)}", room=room, name="Ben")


def answer(session: PracticeSession, right: bool = True) -> str:
    """Answer the next item (right, or with a wrong choice); returns its rule."""
    item = session.next_item()
    chosen = sorted(item.answer) if right else [c.key for c in item.choices if c.key not in item.answer][:1]
    session.answer(item.id, chosen)
    return item.rule


def test_a_reload_resumes_where_the_learner_was(connect: Callable[[], Store], ada: Learner, ben: Learner) -> None:
    now = [1_000_000.0]
    first = PracticeSession("bastard", learner=ada, progress=ProgressStore(connect()), seed=1, clock=lambda: now[0])
    rules = []
    for k in range(6):  # one wrong, then room for it among the last items
        rules.append(answer(first, right=k > 0))
        now[0] += 20
    now[0] += 3600
    again = PracticeSession("bastard", learner=ada, progress=ProgressStore(connect()), seed=2,  # a new kernel
                            clock=lambda: now[0])
    assert again.progress == first.progress
    assert again.recent == first.recent  # the last items read back as the learner saw them
    assert again.progress[rules[0]].wrong == 1 and again.progress[rules[0]].card == first.progress[rules[0]].card
    assert again.next_item().rule == rules[0]  # the rule got wrong, due again, comes first
    assert PracticeSession("bastard", learner=ben, progress=ProgressStore(connect())).progress == {}


def test_two_servers_count_every_answer_of_one_learner(connect: Callable[[], Store], ada: Learner) -> None:
    """Two stores (two servers, or two kernels) record answers of the same learner at once:
    each rule row is read and written in one transaction, so none is lost."""
    stores = [ProgressStore(connect()), ProgressStore(connect())]
    per_thread = 15
    errors: list[BaseException] = []

    def count(store: ProgressStore, correct: bool) -> None:
        try:
            for k in range(per_thread):
                store.record(ada, "sjavs", "SJ-13", correct=correct, now=1000.0 + k, kind="item")
        except BaseException as exc:  # noqa: BLE001 -- reported below
            errors.append(exc)
    threads = [threading.Thread(target=count, args=(store, correct))
               for store, correct in zip(stores, (True, False))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert not errors
    for store in stores:
        p = store.rules(ada, "sjavs")["SJ-13"]
        assert (p.right, p.wrong) == (per_thread, per_thread)
        assert len(store.answers(ada, "sjavs", limit=100)) == 2 * per_thread


def test_a_learner_exports_and_erases_their_own_record_only(connect: Callable[[], Store], ada: Learner,
                                                             ben: Learner) -> None:
    progress = ProgressStore(connect())
    screen = PracticeWidget("rat-bastard-17", learner=ada, progress=progress, seed=3)
    other = PracticeSession("rat-bastard-17", learner=ben, progress=progress, seed=3)
    answer(other)
    item = screen.item
    feedback = screen.answer(item.id, sorted(item.answer))
    record = json.loads(screen.export())
    assert record["learner"]["name"] == "Ada" and "Ben" not in json.dumps(record)
    assert [r["rule"] for r in record["rules"]] == sorted(feedback.credits)  # a pick item: each card's rule
    bens = progress.rules(ben, "rat-bastard-17")
    assert record["answers"][0]["item"]["record"] == item.record
    assert 'download="danish-nb-practice.json"' in screen.widget.html
    screen._on_msg(None, {"act": "erase-confirm"}, [])  # not asked first: refused
    assert progress.rules(ada, "rat-bastard-17")
    screen._on_msg(None, {"act": "erase"}, [])
    screen._on_msg(None, {"act": "erase-confirm"}, [])
    assert progress.rules(ada, "rat-bastard-17") == {} and progress.answers(ada) == []
    assert progress.export(ada)["learner"] is None
    assert progress.rules(ben, "rat-bastard-17") == bens and bens  # Ben's record is untouched


def test_a_seat_learner_is_known_by_the_seat_token_and_shown_by_seat(connect: Callable[[], Store], ada: Learner,
                                                                    room: str) -> None:
    progress = ProgressStore(connect())
    seat = Learner.at_seat("the-seat-token", code="K7QX2M", seat=1, room=room, name="Cy")
    assert seat.key == Learner.at_seat("the-seat-token", code="K7QX2M", seat=1).key != ada.key
    assert "the-seat-token" not in seat.key
    progress.record(seat, "bastard", "BA-10", correct=False, now=1.0)
    report = room_report(progress, room, "bastard")
    assert [(row.name, row.code, row.seat) for row in report.learners] == [("Cy", "K7QX2M", 1)]


def test_the_teacher_view_opens_only_with_the_key(monkeypatch: pytest.MonkeyPatch, tmp_path, ada: Learner,
                                                  ben: Learner, room: str) -> None:
    store = SQLiteStore(tmp_path / "tables.sqlite3")
    progress = ProgressStore(store)
    for learner, right in ((ada, False), (ben, True)):
        progress.record(learner, "bastard", "BA-10", correct=right, now=time.time() - 60,
                        item={"record": {}, "player": 0, "move": None})
    teacher = PracticeTeacher(lambda: progress, room=room)
    teacher.open("anything")
    assert not teacher.opened and "off" in teacher.pad.html  # no key set: the view is off
    monkeypatch.setenv(TEACHER_ENV, "s3cret")
    for act in ({"act": "game", "code": "bastard"}, {"act": "sort", "code": "BA-10"}, {"act": "csv"}):
        teacher._on_msg(None, act, [])
        assert "Ada" not in teacher.pad.html and "teacher key first" in teacher.pad.html
    assert teacher.csv() is None
    assert not teacher.open("wrong") and "not the teacher key" in teacher.pad.html
    assert teacher.open("s3cret")
    teacher._on_msg(None, {"act": "game", "code": "bastard"}, [])
    assert "Ada" in teacher.pad.html and "Ben" in teacher.pad.html and "BA-10" in teacher.pad.html
    teacher._on_msg(None, {"act": "sort", "code": "BA-99"}, [])
    assert "Ignored" in teacher.pad.html  # an unknown rule id: refused
    teacher._on_msg(None, {"act": "sort", "code": "BA-10"}, [])
    html = teacher.pad.html
    assert html.index("Ada") < html.index("Ben")  # weakest first
    rows = [row.split(",") for row in teacher.csv().splitlines()[1:]]
    assert [row[:5] + row[6:] for row in rows] == [["Ada", "BA-10", "Following suit", "100", "got wrong last time",
                                                    "0", "1", "no"],
                                                   ["Ben", "BA-10", "Following suit", "100", "likely to remember",
                                                    "1", "0", "no"]]


def test_a_learners_screen_never_holds_another_learners_record(tmp_path, ben: Learner, room: str) -> None:
    store = SQLiteStore(tmp_path / "tables.sqlite3")
    progress = ProgressStore(store)
    progress.record(ben, "bastard", "BA-10", correct=False, now=1.0)
    tab = PracticeTab(store=store, token="ada-token-0123456789", room=room, game="bastard")
    practice = tab.show("bastard")
    assert practice.session.learner.kind == "local" and practice.session.progress == {}
    for _ in range(3):
        item = practice.item
        practice.answer(item.id, sorted(item.answer))
        practice.next()
    assert "Ben" not in practice.widget.html and ben.key not in practice.widget.html
    assert tab.teacher.pad.html == ""  # the teacher's part shows nothing without the key
    rules = progress.rules(ben, "bastard")
    assert rules["BA-10"].wrong == 1 and sum(p.seen for p in rules.values()) == 1


def test_the_apps_practice_counts_illegal_moves_on_its_board_and_uses_the_class_seat(
        monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:
    from danish_nb.app import build_app
    from danish_nb.families.shedding import ShedMove
    monkeypatch.setenv("DANISH_NB_STORE", f"sqlite:///{tmp_path / 'tables.sqlite3'}")
    root = build_app(seed=3)
    board = root.app.board
    hand_card = board.game.state.hands[0][0]
    board._try(ShedMove(0, "play", (hand_card,)))  # before the face-up choice: illegal (DB-8)
    root.practice.keeper._on_report(None, {"act": "stored", "token": None}, [])  # the page reports no token yet
    tab = root.practice.tab()
    assert tab.learner().kind == "local"
    practice = tab.practice("danish-bastard")
    assert practice.session.progress["DB-8"].wrong == 1 and practice.session.last_game_errors() == ["DB-8"]
    root.tables.switch.value = "Practice"
    assert root.tables.practice is tab and root.tables.practice_holder.children == (tab.widget,)
    # at a class table, the practice is the seat's
    store = tab.progress.store
    tables = root.tables
    tables._kwargs = {"store": store, "follow": False}
    tables.app.game_picker.value = "bastard"
    tables.app.name.value = "Cy"
    tables.app.create()
    seat = tab.learner()
    assert (seat.kind, seat.seat, seat.name) == ("seat", 0, "Cy")
    assert tab.practice("bastard").session.learner == seat
    # an illegal move tried on the seat's board counts in the seat's practice
    table_board = tables.app.board
    trump_call = next(m for m in table_board.game.legal_moves() if str(m).startswith("P1 trump"))
    table_board._try(table_board.game.parse_move(f"P1 play {table_board.game.state.hands[0][0].code}"))
    assert "Not played" in table_board.message and table_board.game.legal_moves().count(trump_call) == 1
    wrong = {rule: entry.wrong for rule, entry in tab.practice("bastard").session.progress.items() if entry.wrong}
    assert sum(wrong.values()) == 1, wrong


def test_a_learner_who_joined_the_class_keeps_one_practice_record_at_every_table(
        monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:
    """At a seat the practice was the seat's (a new table, a new learner in the teacher's
    report); once the page joined the class roster it is the roster learner's, at every table."""
    from danish_nb.app import build_app
    monkeypatch.setenv("DANISH_NB_STORE", f"sqlite:///{tmp_path / 'tables.sqlite3'}")
    monkeypatch.setenv("DANISH_NB_ROOM", "5B")
    root = build_app(seed=3)
    root.practice.keeper._on_report(None, {"act": "stored", "token": "t" * 20}, [])
    tab = root.practice.tab()
    tables = root.tables
    tables._kwargs = {"store": tab.progress.store, "follow": False}
    tables.app.name.value = "Cy"
    tables.app.create()
    assert tab.learner().kind == "seat"
    member = tables.app.enrol("5B")
    assert member is not None
    first = tab.learner()
    assert (first.kind, first.name) == ("class", "Cy")
    tables.app.game_picker.value = "bastard"
    tables.app.create()  # another table: still the same learner
    assert tab.learner() == first and tab.practice("bastard").session.learner == first


def test_with_no_store_the_board_still_refuses_and_practice_goes_on_in_memory(monkeypatch: pytest.MonkeyPatch) -> None:
    """The static site's kernel (Pyodide) has no sqlite3: an illegal move on the board is still
    refused with its message, and practice is kept in memory, saying why."""
    import danish_nb.tables
    from danish_nb.app import build_app
    from danish_nb.families.shedding import ShedMove

    def no_store(*_args: object) -> None:
        raise ModuleNotFoundError("No module named '_sqlite3'")
    monkeypatch.setattr(danish_nb.tables, "open_store", no_store)
    root = build_app(seed=3)
    root.practice.keeper._on_report(None, {"act": "stored", "token": "t" * 20}, [])
    board = root.app.board
    board._try(ShedMove(0, "play", (board.game.state.hands[0][0],)))
    assert "Not played" in board.message
    tab = root.practice.tab()
    practice = tab.practice("danish-bastard")
    assert practice.session.store is None and practice.session.progress["DB-8"].wrong == 1
    assert "_sqlite3" in tab.intro.value and "not kept" in practice.widget.html


def test_rows_of_the_leitner_schedule_become_cards_once(connect: Callable[[], Store], ada: Learner) -> None:
    """A store written before the FSRS schedule keeps boxes in ``dn_practice_rules``: opened
    again, each becomes a card (answers and due time kept), once, and practice goes on from it."""
    store = connect()
    ProgressStore(store)  # the tables, as an older server made them
    day = 86_400.0
    with store.write() as execute:
        execute("INSERT INTO dn_practice_learners (learner, kind, room, name, code, seat, created) "
                "VALUES (?, ?, ?, ?, NULL, NULL, ?)", (ada.key, ada.kind, ada.room, ada.name, 0.0))
        for rule, box, due, right, wrong in (("BA-10", 0, 10 * day, 0, 2), ("BA-11", 4, 12 * day, 5, 1),
                                             ("BA-12", 2, 9 * day, 2, 0)):
            execute("INSERT INTO dn_practice_rules (learner, game, rule, box, due, right_answers, wrong_answers, "
                    "last) VALUES (?, ?, ?, ?, ?, ?, ?, ?)", (ada.key, "bastard", rule, box, due, right, wrong,
                                                              due - 7 * day if box == 4 else 8 * day))
    for _ in range(2):  # opened twice: migrated once
        rules = ProgressStore(connect()).rules(ada, "bastard")
        assert sorted(rules) == ["BA-10", "BA-11", "BA-12"]
    assert [(rules[r].right, rules[r].wrong, rules[r].due) for r in sorted(rules)] == \
        [(0, 2, 10 * day), (5, 1, 12 * day), (2, 0, 9 * day)]
    assert rules["BA-11"].learned and not rules["BA-12"].learned and rules["BA-10"].streak == 1
    assert rules["BA-11"].recall(12 * day) == pytest.approx(0.9, abs=0.01)  # due when recall falls to 90 %
    after = ProgressStore(connect()).record(ada, "bastard", "BA-11", correct=True, now=12 * day)
    assert after.right == 6 and after.stability > rules["BA-11"].stability and after.due > 12 * day

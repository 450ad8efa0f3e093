"""The class around the tables: the join screen for the projector (the addresses, their QR code,
the class code, the lobby of who arrived), rooms that keep their tables apart, and the teacher's
controls (free, rename, lock a table or the room), driven as the learners' and the teacher's
kernels would be."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator

import pytest
import segno

from danish_nb.server.join import JOIN_ENV, qr_svg
from danish_nb.tables import ALPHABET, SeatError, Store, TableSession, UnknownTable, create_table, open_store
from danish_nb.widgets.table_app import TableApp
from danish_nb.widgets.table_teacher import TEACHER_ENV
from test_tables_app import Keeper, bastard_table, learner


@pytest.fixture
def store(tmp_path) -> Iterator[Store]:
    with open_store(f"sqlite:///{tmp_path / 'tables.sqlite3'}") as opened:
        yield opened


def teacher_of(store: Store, monkeypatch, room: str = "5B") -> TableApp:
    monkeypatch.setenv(TEACHER_ENV, "sesame")
    app = TableApp(store, room=room, follow=False)
    Keeper(app)
    assert app.open_teacher("sesame")
    return app


def qr_modules(svg: str) -> list[str]:
    """The dark modules of an inline QR SVG (segno's path), as rows of 0/1."""
    return re.findall(r'd="([^"]+)"', svg)


# --------------------------------------------------------------------------- the join screen
def test_the_join_screen_shows_the_address_its_qr_code_the_class_code_and_who_arrived(store, monkeypatch):
    monkeypatch.setenv(JOIN_ENV, "http://192.168.1.20:8866/ http://10.0.0.5:8866/")
    teacher = teacher_of(store, monkeypatch)
    teacher.show_join_screen()
    html = teacher.join_screen.value
    assert "http://192.168.1.20:8866/" in html and "http://10.0.0.5:8866/" in html and "Class code: 5B" in html
    assert "Nobody has arrived yet." in html
    # the QR code is the first address's, drawn here: the same modules segno draws for it
    assert qr_modules(html) == qr_modules(segno.make("http://192.168.1.20:8866/", error="m").svg_inline(
        border=4, dark="#000", light="#fff", svgclass="dn-qr", lineclass=None, omitsize=True))
    assert qr_svg("http://192.168.1.20:8866/") in html
    ada, _ = learner(store, "Ada")
    ada.game_picker.value = "bastard"
    ada.players.value = 3
    code = ada.create()
    bo = TableApp(store, room="5B", follow=False)
    Keeper(bo)  # a page that opens with a name kept in its browser, at no table yet
    bo._on_keeper(bo.keeper, {"act": "stored", "seats": {}, "last": None, "name": "Bo", "device": "dev-bo"}, [])
    stranger = TableApp(store, room="6A", follow=False)  # another class's learner
    stranger._on_keeper(stranger.keeper, {"act": "stored", "seats": {}, "name": "Eve", "device": "dev-eve"}, [])
    teacher._listed = 0.0
    teacher.poll()  # the lobby follows on its own clock
    html = teacher.join_screen.value
    assert "2 learners have arrived" in html and "Ada" in html and "Bo" in html and "Eve" not in html
    assert f"at table {code}" in html
    teacher.show_room()
    assert f'data-code="{code}"' in teacher.room_list.value


def test_the_lobby_says_where_a_learner_who_joined_the_class_sits(store, monkeypatch):
    ada, _ = learner(store, "Ada")
    assert ada.enrol("5B") is not None  # arrived as her roster id, not her browser's
    code = create_table(store, "bastard", ("human", "human", "rule-of-thumb"), room="5B")
    ada.code_box.value = code
    assert ada.join() is not None
    assert [(row["name"], row["tables"]) for row in store.arrivals("5B")] == [("Ada", [code])]
    teacher = teacher_of(store, monkeypatch)
    teacher.show_join_screen()
    assert f"at table {code}" in teacher.join_screen.value


def test_the_join_screen_escapes_names_and_is_the_teachers_only(store, monkeypatch):
    app = TableApp(store, room="5B", follow=False)
    app.show_join_screen()
    assert app.teacher is None and "teacher view first" in app.message.value
    store.arrive("5B", "d-1", "<script>alert(1)</script>")
    teacher = teacher_of(store, monkeypatch)
    teacher.show_join_screen()
    assert "<script>alert" not in teacher.join_screen.value and "&lt;script&gt;" in teacher.join_screen.value


# --------------------------------------------------------------------------- rooms
def test_a_table_of_another_room_is_unknown_here(store):
    code = create_table(store, "bastard", ("human", "human", "rule-of-thumb"), seed=2, room="6A")
    with pytest.raises(UnknownTable) as refused:
        TableSession.join(store, code, room="5B")
    with pytest.raises(UnknownTable) as mistyped:
        TableSession.join(store, "ZZZZZZ", room="5B")
    assert str(refused.value) == str(mistyped.value).replace("ZZZZZZ", code)  # the same words: nothing given away
    fivebee, _ = learner(store, "Ada")  # room 5B
    fivebee.code_box.value = code
    assert fivebee.join() is None and "no table has the code" in fivebee.message.value
    assert TableSession.join(store, code, room="6A").seat == 0


# --------------------------------------------------------------------------- the teacher's controls
def test_a_learner_whose_laptop_died_gets_the_seat_back_once_the_teacher_frees_it(store, monkeypatch):
    ada, bo, code = bastard_table(store)
    laptop, _ = learner(store, "Bo")  # Bo's new laptop: no token
    laptop.code_box.value = code
    assert laptop.join() is None and "no free seat" in laptop.message.value
    teacher = teacher_of(store, monkeypatch)
    assert teacher.seat_picker.options == ((f"{code} P1 Ada", (code, 0)), (f"{code} P2 Bo", (code, 1)))
    teacher.free_seat((code, 1))
    assert "Seat P2 at table" in teacher.message.value
    assert laptop.join() is not None and laptop.session.seat == 1
    bo.poll()
    assert "no longer plays" in bo.message.value and not bo.session.legal_moves()  # the old page plays no more
    teacher.rename_seat((code, 1), "Bodil")
    ada.poll()
    assert "Bodil" in ada.status.value and "Bodil" in teacher.room_list.value


def test_a_locked_table_takes_no_new_learner_and_no_copied_seat_token(store, monkeypatch):
    ada, _bo, code = bastard_table(store)
    teacher = teacher_of(store, monkeypatch)
    teacher.table_picker.value = code
    assert teacher.lock_button.description == "Lock the table"
    teacher.lock_table(code)
    assert "takes no new learners" in teacher.message.value and "locked" in teacher.room_list.value
    assert teacher.lock_button.description == "Unlock the table"
    store.release_seat(code, 1)
    newcomer, _ = learner(store, "Cy")
    newcomer.code_box.value = code
    assert newcomer.join() is None and "the teacher locked it" in newcomer.message.value
    # Ada's seat token copied to another browser: refused there, and Ada keeps playing
    with pytest.raises(SeatError, match="stays on the device"):
        TableSession.rejoin(store, code, ada.session.token, device="the-copy")
    ada.poll()
    assert ada.session.seat_lost() is None and ada.session.legal_moves()
    assert TableSession.rejoin(store, code, ada.session.token, device=ada.device).seat == 0  # her own reload
    teacher.lock_table(code)  # open again
    assert newcomer.join() is not None


def test_a_locked_class_takes_no_new_table_and_no_new_learner(store, monkeypatch):
    ada, _bo, code = bastard_table(store)
    teacher = teacher_of(store, monkeypatch)
    teacher.lock_room()
    assert teacher.lock_room_button.description == "Unlock the class"
    assert ada.create() is None and "the teacher locked it" in ada.message.value
    store.release_seat(code, 1)
    newcomer, _ = learner(store, "Cy")
    with pytest.raises(SeatError, match="locked it"):
        TableSession.join(store, code, room="5B")
    other_room = create_table(store, "bastard", ("human", "human", "random"), room="6A")
    assert TableSession.join(store, other_room, room="6A").seat == 0  # another class is not locked
    teacher.lock_room()
    newcomer.code_box.value = code
    assert newcomer.join() is not None


# --------------------------------------------------------------------------- the teacher stays signed in
def reloaded(store: Store, report: dict, room: str = "5B") -> tuple[TableApp, Keeper]:
    """A new page of the browser (a reload, or another server of the class) opening with what
    its localStorage holds."""
    app = TableApp(store, room=room, follow=False)
    keeper = Keeper(app)
    app._on_keeper(app.keeper, {"act": "stored", "seats": {}, "last": None, "name": "", "device": "dev-t", **report},
                   [])
    return app, keeper


def test_the_teacher_stays_signed_in_across_reloads_and_servers_until_the_pass_expires(store, monkeypatch):
    from danish_nb.tables import keys

    monkeypatch.setenv(TEACHER_ENV, "sesame")
    teacher = TableApp(store, room="5B", follow=False)
    keeper = Keeper(teacher)
    assert teacher.open_teacher("sesame")
    kept = [m["pass"] for m in keeper.sent if m["act"] == "teacher"]
    assert len(kept) == 1 and "sesame" not in kept[0]  # the browser keeps a signed pass, never the key
    again, _ = reloaded(store, {"teacher": kept[0]})  # a reload, or the other server after a failover
    assert again.teacher is not None and again.room_view in again.screen.children
    forged, forged_keeper = reloaded(store, {"teacher": kept[0].split(".")[0] + ".0" * 32})
    assert forged.teacher is None and forged_keeper.sent == [{"act": "teacher", "pass": None}]  # forgotten
    monkeypatch.setattr(keys.time, "time", lambda: 10**10)  # the school day is over
    late, _ = reloaded(store, {"teacher": kept[0]})
    assert late.teacher is None
    monkeypatch.undo()
    monkeypatch.setenv(TEACHER_ENV, "a-new-key")  # a new key: every pass of the old one is void
    renewed, _ = reloaded(store, {"teacher": kept[0]})
    assert renewed.teacher is None
    again.sign_out()
    assert again.teacher is None and again.menu in again.screen.children


def test_a_reload_with_the_teacher_pass_opens_on_the_teacher_view(store, monkeypatch):
    """The page opens on the class-table screen, signed in, when its browser keeps a pass that
    holds (no click on "Class table"); a forged pass leaves the page on "Play here"."""
    import ipywidgets as widgets

    from danish_nb.tables.keys import teacher_pass
    from danish_nb.widgets.class_tables import MODES, ClassTables

    monkeypatch.setenv(TEACHER_ENV, "sesame")
    stored = {"act": "stored", "seats": {}, "last": None, "name": "", "device": "dev-t"}
    for sealed, opens in ((teacher_pass("sesame"), True), (teacher_pass("other"), False), (None, False)):
        tables = ClassTables(widgets.VBox([widgets.HTML("the game")]), store=store, room="5B", follow=False)
        tables.keeper.send = lambda _msg: None
        tables._reported(tables.keeper, {**stored, "teacher": sealed}, [])
        assert tables.switch.value == (MODES[1] if opens else MODES[0])
        if opens:
            assert tables.app.teacher is not None and tables.app.room_view in tables.app.screen.children


# --------------------------------------------------------------------------- guessing codes and keys
def page_of(store: Store, device: str, address: str) -> TableApp:
    """A page of the browser ``device`` from ``address`` (a reload is a new page, the same device)."""
    app = TableApp(store, room="5B", follow=False, visitor=address)
    Keeper(app)
    app.device = device
    return app


def test_table_codes_are_throttled_per_device_and_address_not_per_page(store, monkeypatch):
    """Issue 40: one page tried 300 random codes at 10.7 a second with no slow-down."""
    from danish_nb.tables import keys

    clock = [1000.0]
    monkeypatch.setattr(keys.time, "time", lambda: clock[0])
    real = create_table(store, "bastard", ("human", "human", "human"), room="5B")
    tried = 0
    for n in range(keys.RULES["code"]["device"][0]):
        page = page_of(store, "guesser", "10.0.0.9")  # a reload before every guess
        page.code_box.value = f"ZZZZZ{n + 2}"
        assert page.join() is None and "no table has the code" in page.message.value
        tried += 1
    page = page_of(store, "guesser", "10.0.0.9")
    page.code_box.value = real
    assert page.join() is None and "Too many wrong table codes from this device: try again in 2 s." in \
        page.message.value  # not even looked up now
    honest = page_of(store, "ada", "10.0.0.9")  # another learner behind the same address
    honest.code_box.value = real
    assert honest.join() is not None
    # a guesser making a new device id for every guess meets the address's count
    for n in range(keys.RULES["code"]["address"][0] - tried):
        forged = page_of(store, f"forged-{n}", "10.0.0.9")
        forged.code_box.value = f"ZZZZ{ALPHABET[n % 30]}{ALPHABET[n // 30]}"
        forged.join()
    late = page_of(store, "bo", "10.0.0.9")
    late.code_box.value = real
    assert late.join() is None and "try again in 2 s" in late.message.value
    elsewhere = page_of(store, "cy", "10.0.0.10")
    elsewhere.code_box.value = real
    assert elsewhere.join() is not None  # another address is not held up
    clock[0] += 601  # ten quiet minutes: the address's count fades
    late.code_box.value = real
    assert late.join() is not None


def test_teacher_keys_typed_on_reloaded_pages_still_count(store, monkeypatch):
    """Issue 40: the teacher-key limit counted per page, so reloading gave a guesser 72 tries a minute."""
    from danish_nb.tables import keys

    monkeypatch.setenv(TEACHER_ENV, "sesame")
    for n in range(keys.FREE_TRIES):
        assert not page_of(store, "guesser", "10.0.0.9").open_teacher(f"guess {n}")  # a reload each time
    page = page_of(store, "guesser", "10.0.0.9")
    assert not page.open_teacher("sesame") and "Too many wrong teacher keys" in page.message.value
    assert page_of(store, "teacher", "10.0.0.9").open_teacher("sesame")  # the teacher's own device is not held up


# --------------------------------------------------------------------------- projector, archive, erase
def test_the_projector_shows_a_table_with_no_hidden_card_and_teaching_mode_every_hand(store, monkeypatch):
    from test_tables_session import hidden_from, named

    ada, bo, code = bastard_table(store)
    click_move = ada.session.legal_moves()[0]
    ada.session.play(click_move)
    teacher = teacher_of(store, monkeypatch)
    teacher.project(code)
    assert teacher.session.seat is None and not teacher.board.teaching and "data-move" not in teacher.board.html
    hidden = hidden_from(bo.session, teacher.session) | hidden_from(ada.session, teacher.session)
    assert hidden and not named(teacher.board.html, hidden)  # not one card a player keeps hidden
    teacher.leave()
    teacher.watch(code)  # teaching mode, on the teacher's own screen: every hand
    assert named(teacher.board.html, hidden)


def test_the_teacher_archives_then_erases_the_classs_tables_only(store, monkeypatch):
    _ada, _bo, code = bastard_table(store)
    other = create_table(store, "bastard", ("human", "human", "random"), room="6A")
    teacher = teacher_of(store, monkeypatch)
    teacher.archive_class()
    assert "1 table closed" in teacher.message.value and store.table(code).closed and store.moves(code) == []
    assert not store.table(other).closed  # another class's table
    teacher.erase_class()
    assert "Click again" in teacher.message.value and store.table(code)  # one click erases nothing
    teacher.erase_class()
    assert "1 table erased." in teacher.message.value
    with pytest.raises(UnknownTable):
        store.table(code)
    assert store.arrivals("5B") == [] and store.table(other).room == "6A"
    assert "No tables in this room yet." in teacher.room_list.value


def test_the_teacher_moves_a_learner_whose_pages_follow_and_removes_one(store, monkeypatch):
    ada, bo, code = bastard_table(store)
    other = create_table(store, "bastard", ("human", "human", "rule-of-thumb"), room="5B")
    teacher = teacher_of(store, monkeypatch)
    teacher.move_seat((code, 1), other)
    assert f"moved to table {other} as P1" in teacher.message.value
    bo.poll()  # Bo's open page follows to the new table by itself
    assert bo.session.code == other and bo.session.seat == 0 and bo.board.viewer == 0
    assert store.table(code).seats[1].claimed is False and store.table(other).seats[0].name == "Bo"
    reload = TableApp(store, room="5B", follow=False)  # a reload with the old table's token
    reload.device = bo.device
    Keeper(reload)
    assert reload.rejoin(code, bo.session.token) is not None and reload.session.code == other
    with pytest.raises(SeatError, match="no free learner seat"):
        teacher.teacher.move(code, 0, other, 0)  # Bo sits there now
    teacher.remove_learner((code, 0))
    assert "left the class" in teacher.message.value
    assert [row["name"] for row in store.arrivals("5B")] == ["Bo"]  # Ada is out of the lobby
    ada.poll()
    assert "freed your seat" in ada.message.value and not ada.session.legal_moves()


# --------------------------------------------------------------------------- the class roster
def test_one_learner_across_devices_gets_the_seat_back_with_a_device_code(store, monkeypatch):
    ada, ada_keeper = learner(store, "Ada")
    assert ada.enrol("6A") is None and "not this class&#x27;s code" in ada.message.value
    member = ada.enrol(" 5b ")  # the class code, read without spaces and case
    assert member is not None and "You joined the class as Ada." in ada.message.value
    key = next(m["key"] for m in ada_keeper.sent if m["act"] == "member")
    assert key == member.key and member.learner not in key
    code = create_table(store, "bastard", ("human", "human", "rule-of-thumb"), room="5B")
    ada.code_box.value = code
    assert ada.join().seat == 0 and store.table(code).seats[0].learner == member.learner
    # her laptop dies: the teacher shows a device code, typed on the new device
    teacher = teacher_of(store, monkeypatch)
    teacher.show_device_code((code, 0))
    shown = re.search(r"Device code for Ada: ([2-9A-HJKMNP-Z]{8})", teacher.message.value).group(1)
    tablet, tablet_keeper = learner(store, "")
    assert tablet.enrol("WRONGCOD") is None and "wrong, used or expired" in tablet.message.value
    assert tablet.enrol(shown.lower()) is not None and "This device is Ada&#x27;s now." in tablet.message.value
    assert tablet.name.value == "Ada" and [m["key"] for m in tablet_keeper.sent if m["act"] == "member"] != [key]
    tablet.code_box.value = code
    assert tablet.join().seat == 0  # her own seat, with no teacher freeing it
    ada.poll()
    assert "opened on another device" in ada.message.value and not ada.session.legal_moves()
    assert [row["name"] for row in store.arrivals("5B")] == ["Ada"]  # one learner, however many devices
    stranger, _ = learner(store, "Eve")
    stranger.code_box.value = code
    assert stranger.join().seat == 1  # not Ada's seat: the free one
    # a reload keeps the learner (the key in the browser)
    again = TableApp(store, room="5B", follow=False)
    Keeper(again)
    again._on_keeper(again.keeper, {"act": "stored", "seats": {}, "name": "", "device": "x", "member": key}, [])
    assert again.member is not None and again.member.learner == member.learner and again.name.value == "Ada"


def test_device_codes_are_used_once_and_guessing_them_waits(store, monkeypatch):
    from danish_nb.tables import keys
    from danish_nb.tables.roster import Roster

    roster = Roster(store, "5B")
    bo = roster.enrol("5B", "Bo")
    shown = roster.device_code(bo.learner)
    page = page_of(store, "guesser", "10.0.0.9")
    for n in range(keys.RULES["code"]["device"][0]):
        assert page.enrol(f"ZZZZZZZ{ALPHABET[n]}") is None
    assert page.enrol(shown) is None and "Too many wrong table codes" in page.message.value
    assert page_of(store, "bo-tablet", "10.0.0.10").enrol(shown) is not None
    assert page_of(store, "bo-phone", "10.0.0.10").enrol(shown) is None  # used


def test_a_roster_learner_is_one_practice_learner_on_every_device(store):
    from danish_nb.practice.progress import Learner
    from danish_nb.tables.roster import Roster

    roster = Roster(store, "5B")
    ada, bo = roster.enrol("5B", "Ada"), roster.enrol("5B", "Bo")
    tablet = roster.redeem(roster.device_code(ada.learner))
    keys = {Learner.in_class(roster.member(key).learner, room="5B").key for key in (ada.key, tablet.key)}
    assert len(keys) == 1 and Learner.in_class(bo.learner, room="5B").key not in keys
    assert all(key.startswith("class:") and ada.learner not in key for key in keys)


# --------------------------------------------------------------------------- the live view
def illegal_play(app: TableApp) -> str:
    """The learner at ``app`` tries a card the rules forbid now, on their board; the move's text."""
    game = app.session.game
    seat = app.session.seat
    for card in game.state.view(seat).hand:
        text = f"P{seat + 1} play {card}"
        if not game.explain(text).legal:
            verdict = app.board.play(text)
            assert verdict is not None and not verdict.legal
            return text
    raise AssertionError("no illegal card in the hand")


def test_the_live_view_shows_who_is_stuck_and_the_rules_broken_in_play(store, monkeypatch):
    ada, bo, code = bastard_table(store)
    assert ada.session.game.current_player == 0  # Ada's turn: she names trumps
    for _ in range(3):
        illegal_play(ada)  # three illegal tries: stuck, whatever the time
    cy, _dee, other = bastard_table(store)  # a second table: its P1 tries once
    illegal_play(cy)
    teacher = teacher_of(store, monkeypatch)
    live = teacher.teacher.live()
    assert [(s["name"], s["tries"], s["code"]) for s in live["stuck"]] == [("Ada", 3, code)]
    assert live["stuck"][0]["rules"] == ["BA-8"] and live["stuck"][0]["waiting"] is None
    assert live["rules"] == [{"rule": "BA-8", "game": "bastard", "tries": 4, "learners": 2}]
    html = teacher.room_list.value
    assert "Stuck now" in html and "P1 Ada" in html and "BA-8" in html
    # two minutes later with no move: both P1s wait on their turn (Bo, not his turn, does not)
    later = teacher.teacher.live(now=time.time() + 150)
    assert sorted((s["code"], s["seat"], s["waiting"] is not None) for s in later["stuck"]) == \
        sorted([(code, 0, True), (other, 0, True)])
    assert bo.session.seat == 1
    # eleven minutes later the tries are old news; a closed table is not watched
    assert teacher.teacher.live(now=time.time() + 660)["rules"] == []
    teacher.close_table(code)
    assert teacher.teacher.live() == {"stuck": [], "rules": [{"rule": "BA-8", "game": "bastard", "tries": 1,
                                                            "learners": 1}]}


def test_the_live_view_is_the_rooms_own(store, monkeypatch):
    ada, _bo, _code = bastard_table(store)
    illegal_play(ada)
    assert teacher_of(store, monkeypatch, room="6A").teacher.live() == {"stuck": [], "rules": []}
    assert teacher_of(store, monkeypatch).teacher.live()["rules"][0]["learners"] == 1
    store.erase_room("5B")
    assert store.read("SELECT COUNT(*) FROM dn_slips", ()) == [(0,)]  # erased with the class's tables


def test_the_teacher_seats_a_waiting_learner_whose_page_sits_down_by_itself(store, monkeypatch):
    ada, _ = learner(store, "Ada")
    ada.game_picker.value = "bastard"
    ada.players.value = 3
    ada.seat_boxes[1].value, ada.seat_boxes[2].value = "human", "rule-of-thumb"
    code = ada.create()
    bo = TableApp(store, room="5B", follow=False)
    bo_keeper = Keeper(bo)  # a page that opened with a name kept in its browser, at no table
    bo._on_keeper(bo.keeper, {"act": "stored", "seats": {}, "last": None, "name": "Bo", "device": "dev-bo"}, [])
    stranger = TableApp(store, room="6A", follow=False)
    stranger._on_keeper(stranger.keeper, {"act": "stored", "seats": {}, "name": "Eve", "device": "dev-eve"}, [])
    teacher = teacher_of(store, monkeypatch)
    assert teacher.lobby_picker.options == (("Bo", "dev-bo"),)  # Ada sits already; Eve is another class's
    bo.poll()
    assert bo.session is None  # nothing chosen for Bo yet
    teacher.table_picker.value = code
    teacher.assign_learner(teacher.lobby_picker.value, teacher.table_picker.value)
    assert "Bo sits down at table" in teacher.message.value
    bo.poll()
    assert bo.session is not None and (bo.session.code, bo.session.seat) == (code, 1)
    assert store.seats(code)[1].name == "Bo" and code in bo_keeper.seats()  # a reload comes back to this seat
    teacher.show_tables()
    assert teacher.lobby_picker.options == ()  # seated: no longer waiting
    other = teacher_of(store, monkeypatch, room="6A")
    other.assign_learner("dev-eve", code)  # a table of another class: unknown there
    assert "no table has the code" in other.message.value
    assert store.take_assignment("6A", "dev-eve") is None

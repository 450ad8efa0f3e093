"""The class around the tables: the join screen for the projector (the addresses, their QR code,
the class code, the lobby of who arrived), rooms that keep their tables apart, and the teacher's
controls (free, rename, lock a table or the room), driven as the learners' and the teacher's
kernels would be."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
import segno

from danish_nb.server.join import JOIN_ENV, qr_svg
from danish_nb.tables import SeatError, SeatMoved, Store, TableSession, UnknownTable, create_table, open_store
from danish_nb.widgets.table_app import TableApp
from danish_nb.widgets.table_teacher import TEACHER_ENV
from test_tables_app import Keeper, learner


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
    assert str(refused.value) == str(pytest.raises(UnknownTable, TableSession.join, store, "ZZZZZZ",
                                                   room="5B").value).replace("ZZZZZZ", code)
    fivebee, _ = learner(store, "Ada")  # room 5B
    fivebee.code_box.value = code
    assert fivebee.join() is None and "no table has the code" in fivebee.message.value
    assert TableSession.join(store, code, room="6A").seat == 0

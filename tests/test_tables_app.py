"""The class-table screen of the app, driven as two learners' kernels would be (two TableApps on
one store, messages replayed as their browsers would send them): create and join by code, a
board locked to the seat, updates by polling, a reload back at the seat through the browser's
stored token, forged and stale tokens refused, a race ending with one move, the teacher's room,
and not one frame sent to a learner naming another learner's hidden card."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from contextlib import contextmanager
from types import SimpleNamespace
from typing import Any

import comm
import pytest

import danish_nb as dn
from danish_nb.app import build_app
from danish_nb.core import option_infos
from danish_nb.tables import Store, TableSession, Teacher, keys as keys_module, open_store, replay
from danish_nb.tables.keys import FREE_TRIES, MOST_WAIT
from danish_nb.widgets.settings import options_help
from danish_nb.widgets.table_app import TableApp
from danish_nb.widgets.table_teacher import TEACHER_ENV
from test_tables_session import hidden_from, named


@pytest.fixture
def store(tmp_path) -> Iterator[Store]:
    with open_store(f"sqlite:///{tmp_path / 'tables.sqlite3'}") as opened:
        yield opened


class Keeper:
    """What a browser's localStorage receives from the kernel (the keeper's custom messages)."""

    def __init__(self, app: TableApp):
        self.sent: list[dict] = []
        app.keeper.send = self.sent.append

    def seats(self) -> dict[str, str]:
        held: dict[str, str] = {}
        for msg in self.sent:
            if msg["act"] == "keep":
                held[msg["code"]] = msg["token"]
            elif msg["act"] == "forget":
                held.pop(msg["code"], None)
        return held


def learner(store: Store, name: str) -> tuple[TableApp, Keeper]:
    app = TableApp(store, room="5B", follow=False)
    app.name.value = name
    return app, Keeper(app)


def click(app: TableApp, **message: Any) -> None:
    """What the board's script sends when a learner clicks."""
    app.board._on_msg(app.board.widget, message, [])


def bastard_table(store: Store) -> tuple[TableApp, TableApp, str]:
    ada, _ = learner(store, "Ada")
    ada.game_picker.value = "bastard"
    ada.players.value = 3
    ada.seat_boxes[1].value, ada.seat_boxes[2].value = "human", "rule-of-thumb"
    code = ada.create()
    bo, _ = learner(store, "Bo")
    bo.code_box.value = code.lower()  # codes are read case-insensitively
    assert bo.join() is not None
    return ada, bo, code


def test_create_shows_the_code_and_join_takes_the_next_seat(store: Store):
    ada, bo, code = bastard_table(store)
    assert code in ada.message.value and ada.session.seat == 0 and bo.session.seat == 1
    assert ada.board.viewer == 0 and bo.board.viewer == 1
    # who sits where and whose turn, on both screens once they catch up
    ada.poll()
    assert "Bo" in ada.status.value and "Ada" in bo.status.value
    assert 'dn-turn">P1: Ada (you)' in ada.status.value and 'dn-turn">P1: Ada' in bo.status.value
    # P1 calls trumps: only Ada's board offers the buttons
    assert 'data-move="P1 trump' in ada.board.html and 'data-move="P1 trump' not in bo.board.html
    ada.status.value = ""
    click(ada, act="move", move="P1 trump clubs")
    assert store.moves(code) == ["P1 trump clubs"]
    assert "Table" in ada.status.value  # the mover's status is drawn again at once
    assert len(bo.board.game.history) == 0
    assert bo.poll() is True  # a poll brings the move to Bo's board: no click needed
    assert len(bo.board.game.history) == 1 and "move 1 of 1" in bo.board.html


def test_a_learner_cannot_move_for_another_seat_or_out_of_turn(store: Store):
    _ada, bo, code = bastard_table(store)
    click(bo, act="move", move="P1 trump clubs")  # not offered on Bo's page
    assert "was not offered" in bo.board.message and store.moves(code) == []
    assert bo.board.play("P2 trump clubs") is None and store.moves(code) == []
    bo.board._try(bo.board.game.legal_moves()[0])  # a forged move reaching the board's own check
    assert "not yours" in bo.board.message and store.moves(code) == []


def second_tab(store: Store, app: TableApp) -> TableApp:
    """Another page of ``app``'s browser (the same device id) at the same seat, with its own kernel."""
    again, _ = learner(store, app.name.value)
    again.device = app.device
    again.rejoin(app.session.code, app.session.token)
    return again


def test_a_race_between_two_pages_of_one_seat_stores_one_move(store: Store):
    ada, _bo, code = bastard_table(store)
    again = second_tab(store, ada)
    assert again.session.seat == 0
    click(ada, act="move", move="P1 trump clubs")
    click(again, act="move", move="P1 trump hearts")  # its page still offered the call
    assert store.moves(code) == ["P1 trump clubs"]
    assert "this move came first: Make clubs trumps" in again.board.message
    assert len(again.board.game.history) == 1  # the loser sees the new position


def test_a_race_lost_between_check_and_store_says_which_move_came_first(store: Store, monkeypatch):
    ada, _bo, code = bastard_table(store)
    again = second_tab(store, ada)
    click(ada, act="move", move="P1 trump clubs")
    # the second page checked its move before the first was stored: only the move number stops it
    real = again.session.refresh
    monkeypatch.setattr(again.session, "refresh", lambda: monkeypatch.setattr(again.session, "refresh", real))
    click(again, act="move", move="P1 trump hearts")
    assert store.moves(code) == ["P1 trump clubs"]
    # said once, a sentence of its own: the error says the move was not played, no "Not played:" before it
    assert again.board.message.startswith("This move came first: Make clubs trumps; yours was not played")
    assert len(again.board.game.history) == 1


def test_a_confirmation_overtaken_by_another_page_says_which_move_came_first(store: Store):
    """Two clicks at once on a board whose moves wait for Confirm (a teacher's setting), the
    loser's kernel catching up before its Confirm arrives: the page is told which move came
    first (at once, and again for the late Confirm) and shows it."""
    ada, _bo, code = bastard_table(store)
    again = second_tab(store, ada)
    again.board.set_confirm(True)
    click(ada, act="choose", move="P1 trump clubs")  # one click plays
    click(again, act="choose", move="P1 trump hearts")  # both pages show a verdict and a Confirm
    assert "Confirm" in again.board.html
    click(ada, act="play")
    again.poll()  # the move reaches the second page before its Confirm does
    assert again.board.message.startswith("Your choice was withdrawn, because another page of your seat played this "
                                          "move first: Make clubs trumps. The table shows the new position.")
    assert "move 1 of 1" in again.board.html  # it shows the new position
    click(again, act="play")  # the Confirm sent before the new position showed
    assert store.moves(code) == ["P1 trump clubs"]
    assert again.board.message.startswith("Not played, because another page of your seat played this move first: "
                                          "Make clubs trumps. The table shows the new position.")
    assert "nothing is selected" not in again.board.message
    click(again, act="card", zone="hand", idx=0)  # a new choice: the note is done with
    assert "played this move first" not in again.board.message


def test_a_seat_opened_on_another_device_tells_the_first_page_and_the_teacher(store: Store, monkeypatch):
    ada, _bo, code = bastard_table(store)
    held = Keeper(ada)
    phone, _ = learner(store, "")
    phone.keeper._handle_custom_msg({"act": "stored", "seats": {code: ada.session.token}, "last": code,
                                     "device": "the phone"}, [])
    assert phone.session.seat == 0 and phone.device == "the phone"
    ada.poll()  # the laptop's page hears of it (the table's version changed)
    assert "was opened on another device: this page no longer plays" in ada.message.value
    assert {"act": "rest"} in held.sent  # its beats stop
    assert 'data-move="P1 trump' not in ada.board.html and ada.board.coach.hint_button.disabled
    click(ada, act="move", move="P1 trump clubs")
    ada.board._try(ada.board.game.legal_moves()[0])  # a forged message reaching the board's own check
    assert "another device" in ada.board.message and store.moves(code) == []
    click(phone, act="move", move="P1 trump clubs")
    assert store.moves(code) == ["P1 trump clubs"]
    monkeypatch.setenv(TEACHER_ENV, "sesame")
    teacher, _ = learner(store, "")
    assert teacher.open_teacher("sesame")
    assert "P1 Ada (opened on another device just now)" in teacher.room_list.value


def test_presence_follows_the_pages_beats_on_every_screen(store: Store, monkeypatch):
    """Both pages open and beating, a minute without a move: both connected everywhere, "(you)"
    included; one page closes: away on the other page, its board and the teacher's list."""
    clock = [time.time()]
    monkeypatch.setattr(time, "time", lambda: clock[0])
    monkeypatch.setattr(time, "monotonic", lambda: clock[0])
    monkeypatch.setenv(TEACHER_ENV, "sesame")
    ada, bo, _code = bastard_table(store)
    teacher, _ = learner(store, "")
    teacher.open_teacher("sesame")

    def tick(*pages: TableApp) -> None:
        clock[0] += 2
        for page in pages:
            page.keeper._handle_custom_msg({"act": "beat"}, [])
        for app in (ada, bo, teacher):
            app.poll()

    for _ in range(30):
        tick(ada, bo)
        for me, other in ((ada, "P2: Bo"), (bo, "P1: Ada")):
            assert "(you) <small>connected</small>" in me.status.value
            assert f"{other} <small>connected" in me.status.value
        assert "away" not in teacher.room_list.value and "away" not in ada.board.html
    for _ in range(7):  # Bo's page closed: 14 s without its beats
        tick(ada)
    assert "P2: Bo <small>away</small>" in ada.status.value and "P2 (Bo, away)" in ada.board.html
    assert "Ada (you) <small>connected" in ada.status.value
    assert "P2 Bo (away)" in teacher.room_list.value and "P1 Ada (away)" not in teacher.room_list.value
    assert "Bo (you) <small>away" in bo.status.value  # (what a page hidden for long would show)
    bo.keeper._handle_custom_msg({"act": "beat"}, [])  # its page shows again and beats at once:
    assert "Bo (you) <small>connected" in bo.status.value  # "(you)" is connected without waiting
    tick(ada, bo)  # the others see it at their next reading
    assert "P2: Bo <small>connected" in ada.status.value and "P2 (Bo)" in ada.board.html


def test_a_learner_without_a_name_is_named_by_seat_and_a_reload_keeps_a_name(store: Store, monkeypatch):
    ada, held = learner(store, "Ada")
    ada.game_picker.value = "bastard"
    ada.seat_boxes[1].value, ada.seat_boxes[2].value = "human", "rule-of-thumb"
    code = ada.create()
    nameless, _ = learner(store, "")
    nameless.join(code)
    ada.poll()
    assert "P2: Learner 2 <small>connected" in ada.status.value and "P2 (Learner 2)" in ada.board.html
    assert "free" not in ada.status.value and "free seat" not in ada.board.html
    monkeypatch.setenv(TEACHER_ENV, "sesame")
    teacher, _ = learner(store, "")
    teacher.open_teacher("sesame")
    assert "P2 Learner 2" in teacher.room_list.value and "free" not in teacher.room_list.value
    teacher.set_lang("fr")
    assert "P2 Élève 2" in teacher.room_list.value
    # the name goes to the browser with the seat token; a reload puts it back in the name field
    assert held.sent[-1] == {"act": "keep", "code": code, "token": ada.session.token, "name": "Ada"}
    reloaded, _ = learner(store, "")
    reloaded.device = ada.device
    reloaded.keeper._handle_custom_msg({"act": "stored", "seats": held.seats(), "last": code, "name": "Ada",
                                        "device": ada.device}, [])
    assert reloaded.name.value == "Ada" and reloaded.session.seat == 0


def test_a_reload_gives_the_seat_back_through_the_browser_token(store: Store):
    _ada, bo, code = bastard_table(store)
    held = Keeper(bo)
    bo.join(code)  # joining again from the same page: the token it holds, the same seat
    assert bo.session.seat == 1 and held.seats() == {code: bo.session.token}
    reloaded, _ = learner(store, "")
    reloaded.keeper._handle_custom_msg({"act": "stored", "seats": held.seats(), "last": code,
                                        "device": bo.device}, [])
    assert reloaded.session.seat == 1 and reloaded.board.viewer == 1
    assert "Welcome back" in reloaded.message.value
    # the seat is not free for anyone else
    carl, _ = learner(store, "Carl")
    assert carl.join(code) is None and "no free seat" in carl.message.value


@pytest.mark.parametrize("how", ["forged", "stale"])
def test_a_forged_or_stale_token_is_refused_and_forgotten(store: Store, how: str):
    _ada, bo, code = bastard_table(store)
    token = bo.session.token
    if how == "stale":
        Teacher(store).free_seat(code, 1)
    else:
        token = "x" * len(token)
    page, keeper = learner(store, "Mallory")
    page.keeper._handle_custom_msg({"act": "stored", "seats": {code: token}, "last": code}, [])
    assert page.session is None and "was not given back" in page.message.value
    assert {"act": "forget", "code": code} in keeper.sent
    assert store.seat_of(code, _hash(bo.session.token)) == 1 if how == "forged" else True


def _hash(token: str) -> str:
    from danish_nb.tables import hash_token

    return hash_token(token)


def test_messages_from_the_browser_that_make_no_sense_change_nothing(store: Store):
    page, _ = learner(store, "Eve")
    for content in ("text", {"act": "stored"}, {"act": "stored", "seats": ["K7QX2M"]},
                    {"act": "stored", "seats": {"K7QX2M": 5}, "last": "K7QX2M"},
                    {"act": "stored", "seats": {"<b>": "t"}, "last": "<b>"}):
        page.keeper._handle_custom_msg(content, [])
    assert page.session is None and "<b>" not in page.message.value


def test_forged_keeper_messages_change_nothing_and_beats_count_at_most_once_a_second(store: Store, monkeypatch):
    ada, _bo, code = bastard_table(store)
    page, _ = learner(store, "")
    device = page.device
    for content in ({"act": "beat"}, {"act": "stored", "seats": {}, "name": 7, "device": ["x"]},
                    {"act": "stored", "seats": {}, "name": "x" * 10_000, "device": "d" * 500},
                    {"act": "keep", "code": code, "token": ada.session.token}):
        page.keeper._handle_custom_msg(content, [])
    assert page.session is None and page.name.value == "" and page.device == device
    touches: list[tuple] = []
    real = store.touch
    monkeypatch.setattr(store, "touch", lambda *args: touches.append(args) or real(*args))
    for _ in range(200):  # a page flooding beats
        ada.keeper._handle_custom_msg({"act": "beat"}, [])
    assert len(touches) <= 1 and store.moves(code) == []


def test_teacher_key_guesses_slow_down_only_the_device_that_made_them(store: Store, monkeypatch) -> None:
    """Issue 28: 30 wrong keys from six devices locked the teacher view for the whole room, the
    right key included. Now a guessing page waits longer after each wrong key; the teacher's page,
    even from the same address (a class behind one NAT), is never held up."""
    monkeypatch.setenv(TEACHER_ENV, "sesame")
    clock = [1000.0]
    monkeypatch.setattr(keys_module.time, "monotonic", lambda: clock[0])  # the page's count
    monkeypatch.setattr(keys_module.time, "time", lambda: clock[0])  # the store's, across reloads
    guessers = [TableApp(store, room="5B", follow=False, visitor="10.0.0.9") for _ in range(6)]
    for guesser in guessers:
        for n in range(FREE_TRIES):
            assert not guesser.open_teacher(f"guess {n}")
            assert "not the teacher key" in guesser.message.value
    guesser = guessers[0]
    assert not guesser.open_teacher("sesame") and guesser.teacher is None  # not even compared now
    assert "Too many wrong teacher keys from this device: try again in 2 s." in guesser.message.value
    teacher = TableApp(store, room="5B", follow=False, visitor="10.0.0.9", lang="de")  # the same address
    assert teacher.open_teacher("sesame") and teacher.open_teacher("sesame")  # right keys do not count
    waits = []
    for _ in range(12):  # the guesser waits out each wait, then guesses wrong again: the wait doubles
        clock[0] = guesser._key_guard.until
        assert not guesser.open_teacher("guess")
        waits.append(guesser._key_guard.until - clock[0])
    assert waits[:4] == [4.0, 8.0, 16.0, 32.0] and max(waits) == MOST_WAIT
    assert not guesser.open_teacher("sesame")
    assert "10 minutes" in guesser.message.value
    german = TableApp(store, room="5B", follow=False, visitor="10.0.2.1", lang="de")
    for _ in range(FREE_TRIES + 1):
        german.open_teacher("falsch")
    assert "Gerät" in german.message.value and "2 s" in german.message.value  # in the learner's language
    clock[0] = guesser._key_guard.until
    assert guesser.open_teacher("sesame")  # the wait is over: the right key opens it


def test_the_teacher_lists_opens_in_teaching_mode_and_closes(store: Store, monkeypatch):
    ada, bo, code = bastard_table(store)
    teacher, _ = learner(store, "")
    assert not teacher.open_teacher("guess") and "teacher view is off" in teacher.message.value
    monkeypatch.setenv(TEACHER_ENV, "sesame")
    assert not teacher.open_teacher("guess") and teacher.teacher is None
    assert teacher.open_teacher("sesame")
    assert f'data-code="{code}"' in teacher.room_list.value and "Ada" in teacher.room_list.value
    assert teacher.table_picker.value == code
    teacher.watch(code)
    assert teacher.board.teaching and teacher.board.viewer is None
    assert "data-move" not in teacher.board.html  # teaching mode plays no moves
    hidden = hidden_from(bo.session, TableSession.watch(store, code))
    assert named(teacher.board.html, hidden)  # every hand shows
    teacher.leave()
    teacher.close_table(code)
    assert "closed" in teacher.room_list.value
    click(ada, act="move", move="P1 trump clubs")  # a move on its way when the table closed
    assert "closed" in ada.board.message and store.moves(code) == []
    ada.poll()
    assert 'data-move="P1 trump' not in ada.board.html and "The teacher closed this table" in ada.status.value


class Wire:
    """Every message the widget comms of one learner send (the opening state and each update)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch):
        self.owner = ""
        self.frames: dict[str, list[str]] = {}
        original = comm.create_comm

        def create_comm(**kwargs: Any) -> Any:
            channel = original(**kwargs)
            frames = self.frames.setdefault(self.owner, [])
            frames.append(json.dumps(kwargs.get("data"), ensure_ascii=False, default=str))
            send = channel.send

            def recording(data: Any = None, metadata: Any = None, buffers: Any = None) -> Any:
                frames.append(json.dumps(data, ensure_ascii=False, default=str))
                return send(data=data, metadata=metadata, buffers=buffers)

            channel.send = recording
            return channel

        monkeypatch.setattr(comm, "create_comm", create_comm)

    @contextmanager
    def owned_by(self, owner: str) -> Iterator[None]:
        self.owner = owner
        try:
            yield
        finally:
            self.owner = ""


def without_rules_help(frames: str) -> str:
    """``frames`` less the option panels' help (as one list and as each control's tooltip): rules
    text naming cards (``the 7♣ and the 7♦``)."""
    for rules in dn.GAMES.values():
        infos = option_infos(rules.options_type)
        for text in (options_help(infos), *(info.help_in() for info in infos)):
            frames = frames.replace(json.dumps(text, ensure_ascii=False)[1:-1], "")
    return frames


def play_a_while(apps: dict[str, TableApp], wire: Wire, moves: int) -> None:
    for step in range(moves):
        for name, app in apps.items():
            with wire.owned_by(name):
                app.poll()
        movers = [(name, app) for name, app in apps.items() if app.session.legal_moves()]
        if not movers:
            return
        name, app = movers[0]
        legal = app.session.legal_moves()
        with wire.owned_by(name):
            app.board.play(legal[step % len(legal)])  # what the clicks for that move do


@pytest.mark.parametrize("game, seats", [
    ("bastard", ("human", "human", "rule-of-thumb")),
    ("danish-bastard", ("human", "human", "random")),
])
def test_no_frame_sent_to_a_learner_names_another_learners_hidden_card(store: Store, monkeypatch, game, seats):
    wire = Wire(monkeypatch)
    with wire.owned_by("ada"):
        ada, _ = learner(store, "Ada")
        ada.game_picker.value = game
        ada.players.value = len(seats)
        for box, kind in zip(ada.seat_boxes, seats):
            box.value = kind
        code = ada.create()
    with wire.owned_by("bo"):
        bo, _ = learner(store, "Bo")
        bo.join(code)
    play_a_while({"ada": ada, "bo": bo}, wire, 12)  # within the first deal: a new deal re-deals every card
    assert store.table(code).moves >= 6
    spectator = TableSession.watch(store, code)
    for name, seat in (("ada", 0), ("bo", 1)):
        seated = SimpleNamespace(seat=seat, game=replay(store.table(code), store.moves(code)))
        secret = hidden_from(seated, spectator)
        assert secret, "nothing stayed hidden: the check could not fail"
        frames = without_rules_help("\n".join(wire.frames[name]))
        assert len(wire.frames[name]) > 20
        assert named(frames, secret) == set(), f"{name} was sent hidden cards"
    # the check can fail: the teacher's teaching board names them
    with wire.owned_by("teacher"):
        monkeypatch.setenv(TEACHER_ENV, "k")
        teacher, _ = learner(store, "")
        teacher.open_teacher("k")
        teacher.watch(code)
    seated = SimpleNamespace(seat=1, game=replay(store.table(code), store.moves(code)))
    assert named("\n".join(wire.frames["teacher"]), hidden_from(seated, spectator))


def test_the_coach_at_a_class_table_reads_only_the_seats_view(store: Store, monkeypatch):
    """Hint and Review my game under a seat's board (no step-through box: nobody to step), their
    answers from that seat's view only: no frame names a card hidden from that seat when it was
    sent, the coach's among them, over a whole game and its review."""
    wire = Wire(monkeypatch)
    with wire.owned_by("ada"):
        ada, _ = learner(store, "Ada")
        ada.game_picker.value = "rat-bastard-17"
        code = ada.create()
    with wire.owned_by("bo"):
        bo, _ = learner(store, "Bo")
        bo.join(code)
    apps = {"ada": ada, "bo": bo}
    for app in apps.values():
        assert app.board_box.children == (app.board.box,) and app.board.coach.widget in app.board.box.children
        assert "Step through computer turns" not in app.board.html
        app.board.coach.iterations = 20
    spectator = TableSession.watch(store, code)
    checked = {name: 0 for name in apps}
    secrets = {name: 0 for name in apps}

    def no_hidden_card_in_new_frames() -> None:
        spectator.refresh()
        for name, app in apps.items():
            frames = wire.frames[name][checked[name]:]
            checked[name] += len(frames)
            secret = hidden_from(SimpleNamespace(seat=app.session.seat, game=spectator.game), spectator)
            secrets[name] += bool(secret)
            assert named(without_rules_help("\n".join(frames)), secret) == set(), f"{name} was sent hidden cards"

    hints = 0
    for step in range(600):
        for name, app in apps.items():
            with wire.owned_by(name):
                app.poll()
        no_hidden_card_in_new_frames()
        movers = [(name, app) for name, app in apps.items() if app.session.legal_moves()]
        if not movers:
            break
        name, app = movers[0]
        other = bo if app is ada else ada
        assert other.board.coach.hint_button.disabled  # not the other's turn
        with wire.owned_by(name):
            if step % 4 == 0:
                app.board.coach.hint(wait=True)
                assert f"Hint for P{app.session.seat + 1}" in app.board.coach.output.value
                hints += 1
            legal = app.session.legal_moves()
            app.board.play(legal[step % len(legal)])
        no_hidden_card_in_new_frames()
    assert ada.session.game.is_over and hints >= 5
    for name, app in apps.items():
        with wire.owned_by(name):
            app.poll()
            app.board.coach.review(wait=True)
        assert f"Review for P{app.session.seat + 1}" in app.board.coach.output.value
    no_hidden_card_in_new_frames()
    assert min(secrets.values()) > 10, "too few checks where a card was hidden: the check could not fail"
    coach_frames = [f for f in wire.frames["ada"] if "Hint for" in f or "Review for" in f]
    assert len(coach_frames) >= 3


def test_the_app_has_a_class_table_switch_built_on_demand(store: Store):
    root = build_app(seed=3)
    tables = root.tables
    assert root.children[0] is tables.switch and tables._app is None
    tables._kwargs = {"store": store, "follow": False}
    tables.switch.value = "Class table"
    assert tables._app is not None and tables.app.widget in tables.holder.children
    assert root.app.board_box.layout.display == "none"
    tables.switch.value = "Play here"
    assert root.app.board_box.layout.display == "" and tables.holder.layout.display == "none"


def test_a_stored_seat_reported_on_load_opens_the_class_table_screen(store: Store):
    maker = TableApp(store, follow=False)
    maker.game_picker.value = "rat-bastard-17"
    code = maker.create()
    token = maker.session.token
    root = build_app(seed=3)
    root.tables._kwargs = {"store": store, "follow": False}
    root.tables.keeper._handle_custom_msg({"act": "stored", "seats": {code: token}, "last": code}, [])
    assert root.tables.switch.value == "Class table"
    assert root.tables.app.session.seat == 0

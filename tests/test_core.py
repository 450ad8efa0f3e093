"""The core: rule options, new games, the Game session (undo, redo, history), records, the
import boundary (no UI libraries in the core). The doctests run from pytest's ``--doctest-modules``."""

from __future__ import annotations

import copy
import dataclasses
import json
import subprocess
import sys

import pytest

import danish_nb as dn
from danish_nb.core import DanishNbError, make_options, option, option_infos
from danish_nb.games.danish_bastard import Options
from helpers import DB, play_out, table

# --------------------------------------------------------------------------- options

@dataclasses.dataclass(frozen=True)
class Demo:
    colour: str = option("red", "The colour.", choices=("red", "blue"))
    count: int = option(3, "How many.")
    fast: bool = option(False, "Go fast.", ruling="X-a")


def test_make_options_defaults_and_values():
    assert make_options(Options, None) == Options()
    assert make_options(Options, {}) == Options()
    opts = make_options(Options, {"must_play": False, "turn_limit": 50})
    assert opts == Options(must_play=False, turn_limit=50)
    assert make_options(Options, opts) == opts
    assert make_options(Demo, {"colour": "blue", "count": 5, "fast": True}) == Demo("blue", 5, True)


def test_make_options_rejects_unknown_names():
    with pytest.raises(dn.OptionsError, match=r"unknown option 'two_on_everything'.*two_on_anything"):
        make_options(Options, {"two_on_everything": True})


@pytest.mark.parametrize("given", [{"must_play": "yes"}, {"must_play": 1}, {"turn_limit": True},
                                   {"turn_limit": "50"}, {"turn_limit": 5.0}, {"count": None}])
def test_make_options_rejects_wrong_types(given):
    options_type = Demo if "count" in given else Options
    with pytest.raises(dn.OptionsError, match=f"option '{next(iter(given))}' takes a"):
        make_options(options_type, given)


def test_make_options_checks_choices():
    with pytest.raises(dn.OptionsError, match="must be one of"):
        make_options(Demo, {"colour": "green"})


@pytest.mark.parametrize("given", [["must_play"], "must_play=False", 3])
def test_options_must_be_a_dict(given):
    with pytest.raises(dn.OptionsError):
        make_options(Options, given)


def test_option_infos_list_fields_with_help_and_rulings():
    infos = option_infos(Demo)
    assert [i.name for i in infos] == ["colour", "count", "fast"]
    assert infos[0].choices == ("red", "blue") and infos[2].ruling == "X-a"
    assert all(i.help for i in option_infos(Options))


# --------------------------------------------------------------------------- new games

@pytest.mark.parametrize("kwargs, message", [
    (dict(game_id="danish-bstard", players=3), "unknown game 'danish-bstard'"),
    (dict(game_id=DB, players=1), "2 to 16 players, not 1"),
    (dict(game_id=DB, players=17), "2 to 16 players, not 17"),
    (dict(game_id=DB, players=0), "not 0"),
    (dict(game_id=DB, players="3"), "players must be a whole number"),
    (dict(game_id=DB, players=True), "players must be a whole number"),
    (dict(game_id=DB, players=3, seed="7"), "seed must be a whole number"),
    (dict(game_id=DB, players=3, seed=1.5), "seed must be a whole number"),
    (dict(game_id=DB, players=3, seed=None), "seed must be a whole number"),
    (dict(game_id=DB, players=3, options={"nope": 1}), "unknown option"),
])
def test_new_game_errors(kwargs, message):
    with pytest.raises(dn.OptionsError, match=message):
        dn.new_game(**kwargs)


def test_new_game_is_seeded():
    a, b = dn.new_game(DB, players=4, seed=11), dn.new_game(DB, players=4, seed=11)
    assert a.state == b.state
    assert dn.new_game(DB, players=4, seed=12).state != a.state
    assert DB in dn.GAMES


@pytest.mark.parametrize("position, message", [
    ({"hands": [["7H"]]}, "players"),
    ({"hands": [["7H"], ["8C"]], "current": 2}, "current"),
    ({"hands": [["7H"], ["8C"]], "direction": 0}, "direction"),
    ({"hands": [["7H"], ["8C"]], "phase": "bidding"}, "phase"),
    ({"hands": [["7H"], ["ZZ"]]}, "hands"),
    ({"hands": [["7H"], ["8C"]], "open": [["9C"]]}, "open"),
    ({"hands": [["7H"], ["8C"]], "seats": 2}, "unknown position keys"),
    ({"hands": [["7H"], ["8C"]], "finished": [1]}, "finished"),
])
def test_setup_errors(position, message):
    with pytest.raises(dn.OptionsError, match=message):
        dn.setup(DB, position)


def test_setup_rejects_non_dicts():
    with pytest.raises(dn.OptionsError):
        dn.setup(DB, [["7H"], ["8C"]])


# --------------------------------------------------------------------------- the session

def test_play_undo_redo_and_history():
    g = dn.new_game(DB, players=3, seed=5)
    seen = []
    g.listeners.append(lambda game: seen.append(len(game.history)))
    first = g.state
    for _ in range(4):
        g.play(g.legal_moves()[0])
    states = g.states()
    assert len(states) == 5 and states[0] is first and states[-1] is g.state
    step = g.undo()
    assert g.state is states[3] and step.state is states[4] and g.can_redo
    g.undo()
    assert g.state is states[2]
    g.redo()
    assert g.state is states[3] and len(g.history) == 3
    g.redo()
    assert g.state is states[4] and not g.can_redo
    with pytest.raises(DanishNbError, match="nothing to redo"):
        g.redo()
    g.undo()
    g.play(g.legal_moves()[-1])  # a new move forgets what could have been redone
    assert not g.can_redo
    assert seen == [1, 2, 3, 4, 3, 2, 3, 4, 3, 4]


def test_undo_at_the_start_raises_and_changes_nothing():
    g = dn.new_game(DB, players=2, seed=1)
    before = g.state
    with pytest.raises(DanishNbError, match="nothing to undo"):
        g.undo()
    assert g.state is before and g.history == []


def test_play_accepts_move_text_and_rejects_garbage():
    g = dn.new_game(DB, players=2, seed=1)
    move = g.legal_moves()[0]
    with pytest.raises(dn.MoveParseError):
        g.play("P1 dance")
    with pytest.raises(dn.MoveParseError):
        g.play("P1 play 7Z")
    assert g.history == []
    events = g.play(str(move))
    assert g.history[-1].move == move and events == g.history[-1].events


def test_illegal_move_carries_its_verdict_and_changes_nothing():
    g = table({"hands": [["8H", "4C"], ["9S"]], "pile": ["6C"], "closed": [["2D"], ["3D"]]})
    before = g.state
    with pytest.raises(dn.IllegalMove) as info:
        g.play("P1 play 4C")
    assert isinstance(info.value, ValueError)
    assert not info.value.verdict.legal and "DB-13" in info.value.verdict.rule_ids
    assert "4♣" in str(info.value)
    assert g.state is before and g.history == []


# --------------------------------------------------------------------------- records

@pytest.fixture
def played():
    return play_out(dn.new_game(DB, players=3, seed=21, options={"must_play": False}), seed=3, max_moves=40)


def test_record_round_trips_through_json(played):
    record = played.to_record()
    again = dn.load_record(json.dumps(record))
    assert again.states() == played.states()
    assert again.options == played.options and again.seed == 21
    assert again.to_record() == record


def test_record_of_a_set_up_position_replays():
    g = table({"hands": [["8H", "4C", "9D"], ["9S", "KD"]], "pile": ["6C"], "closed": [["2D"], ["3D"]]},
              must_play=False)
    g.play("P1 play 8H")
    g.play("P2 play 9S")
    g.play("P1 take")
    again = dn.load_record(json.loads(json.dumps(g.to_record())))
    assert again.states() == g.states()
    assert again.options == g.options


@pytest.mark.parametrize("text", ["{not json", "[1, 2", ""])
def test_load_record_rejects_text_that_is_not_json(text):
    with pytest.raises(dn.RecordError, match="JSON"):
        dn.load_record(text)


def test_load_record_rejects_non_objects():
    with pytest.raises(dn.RecordError, match="object"):
        dn.load_record("[1, 2]")


@pytest.mark.parametrize("change, message", [
    ({"format": "chess/pgn"}, "not a danish-nb record"),
    ({"format": None}, "not a danish-nb record"),
    ({"version": 2}, "version 2"),
    ({"version": "1"}, "version"),
    ({"moves": "P1 play 7H"}, "list of move texts"),
    ({"moves": [1, 2]}, "list of move texts"),
    ({"game": "poker"}, "cannot start a game"),
    ({"players": 1}, "cannot start a game"),
    ({"seed": "x"}, "cannot start a game"),
    ({"options": {"nope": True}}, "cannot start a game"),
])
def test_load_record_rejects_malformed_records(played, change, message):
    record = {**played.to_record(), **change}
    with pytest.raises(dn.RecordError, match=message):
        dn.load_record(record)


@pytest.mark.parametrize("where", [0, 1, 7, 39])
def test_a_tampered_move_names_its_number_and_nothing_is_half_applied(played, where):
    record = played.to_record()
    before_record = copy.deepcopy(record)
    before_state, before_len = played.state, len(played.history)
    # an illegal but well-formed move: the other player's turn, or an impossible card
    moves = record["moves"]
    moves[where] = moves[where].replace("P1", "P9", 1) if moves[where].startswith("P1") \
        else "P1 play 7Z" if where % 2 else "P1 closed 9"
    with pytest.raises(dn.RecordError, match=rf"move {where + 1} \(") as info:
        dn.load_record(record)
    assert "does not replay" in str(info.value)
    assert played.state is before_state and len(played.history) == before_len
    moves[where] = before_record["moves"][where]
    assert record == before_record  # loading never edits the record it reads


def test_a_move_beyond_the_end_of_the_game_does_not_replay():
    g = table({"hands": [["AS"], ["3C"]]})
    g.play("P1 play AS")
    assert g.is_over
    record = g.to_record()
    record["moves"].append("P2 play 3C")
    with pytest.raises(dn.RecordError, match="move 2"):
        dn.load_record(record)


# --------------------------------------------------------------------------- import boundary

@pytest.mark.parametrize("ui", ["ipywidgets", "IPython", "voila", "anywidget"])
def test_the_core_never_imports_ui_libraries(ui):
    code = ("import sys, danish_nb, danish_nb.agents, danish_nb.records, danish_nb.render, "
            "danish_nb.families.shedding, danish_nb.games.danish_bastard; "
            f"assert {ui!r} not in sys.modules, sorted(m for m in sys.modules if {ui!r} in m)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_the_rulings_page_is_generated_from_the_catalogues_and_up_to_date():
    from pathlib import Path

    from danish_nb.tools.rulings_page import rulings_page

    page = rulings_page()
    for rules in dn.GAMES.values():
        for ruling_id in rules.catalogue.rulings:
            assert f"| {ruling_id} |" in page
    committed = (Path(__file__).resolve().parents[1] / "RULINGS.md").read_text(encoding="utf-8")
    assert committed == page, "RULINGS.md is stale: run `python -m danish_nb.tools.rulings_page`"


@pytest.mark.parametrize("game_id", sorted(dn.GAMES))
def test_every_game_has_its_info_as_data(game_id):
    rules = dn.GAMES[game_id]
    info = rules.info
    assert (info.id, info.title, info.source) == (rules.id, rules.title, rules.source)
    assert info.family in ("shedding", "tricks", "running-total") and info.language in ("en", "fr", "de")
    assert [o.name for o in info.options] == [f.name for f in dataclasses.fields(rules.options_type)]
    assert list(info.player_counts) == list(range(rules.min_players, rules.max_players + 1))
    with pytest.raises(dn.OptionsError, match="has no option"):
        info.option("no_such_option")

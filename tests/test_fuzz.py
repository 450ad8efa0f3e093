"""Bad input at every boundary of the core: only a ``DanishNbError`` (a ValueError) escapes,
its message names the problem in a few lines, and nothing changed (issue 11).

Each input kind has its strategy: move texts, move objects with fields of wrong types,
records, positions, options, game ids. ``make test`` runs a small budget; ``make fuzz`` runs
50 times as many examples, each bounded in time (``helpers.budget``).
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, strategies as st

import danish_nb as dn
from helpers import budget, json_values, refused_cleanly

GAMES = sorted(dn.GAMES)
NOTATION_WORDS = ["play", "take", "stock", "open", "closed", "face-up", "hole", "swap", "keep", "trump",
                  "bid", "pass", "discard", "send", "complete", "7H", "10♠", "RJ", "=7", "hearts", "²", "P1"]


def started(game_id: str, seed: int = 1, moves: int = 6) -> dn.Game:
    game = dn.new_game(game_id, players=dn.GAMES[game_id].info.min_players, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        game.play(rng.choice(game.legal_moves()))
    return game


def unchanged(game: dn.Game, call: Any, *args: Any) -> Exception | None:
    """``refused_cleanly``, and when refused, the game is as it was."""
    state, history = game.state, list(game.history)
    views = [state.view(p) for p in range(game.players)]
    exc = refused_cleanly(call, *args)
    if exc is not None:
        assert game.state is state and game.history == history
        assert [game.state.view(p) for p in range(game.players)] == views
    return exc


move_texts = (st.text(max_size=40)
              | st.lists(st.sampled_from(NOTATION_WORDS) | st.from_regex(r"P[0-9²]{0,6}", fullmatch=True),
                         max_size=6).map(" ".join)
              | st.integers(1, 2000).map(lambda n: "P1 play " + "7H " * n))


@pytest.mark.parametrize("game_id", GAMES)
@budget(25)
@given(text=move_texts)
def test_move_text(game_id, text):
    game = started(game_id)
    for call in (game.parse_move, game.explain, game.play):
        unchanged(game, call, text)


@pytest.mark.parametrize("game_id", GAMES)
def test_huge_move_text_is_refused_without_echoing_it(game_id):
    game = started(game_id)
    text = "P1 play " + "7H " * 300_000
    for call in (game.parse_move, game.explain, game.play):
        exc = unchanged(game, call, text)
        assert exc is not None and "at most" in str(exc) and len(str(exc)) < 200


wrong_values = st.none() | st.booleans() | st.integers(-5, 60) | st.floats() | st.text(max_size=4) | \
    st.lists(st.integers(), max_size=2) | st.just(("7H",))

@pytest.mark.parametrize("game_id", GAMES)
def test_move_objects_with_fields_of_wrong_types(game_id):
    @budget(40)
    @given(data=st.data())
    def check(data: st.DataObject) -> None:
        game = started(game_id)
        move = data.draw(st.sampled_from(game.legal_moves()))
        field = data.draw(st.sampled_from(move._fields))
        bad = move._replace(**{field: data.draw(wrong_values)})
        for call in (game.explain, game.play):
            unchanged(game, call, bad)

    check()


@pytest.mark.parametrize("game_id", GAMES)
def test_records(game_id):
    @budget(30)
    @given(data=st.data())
    def check(data: st.DataObject) -> None:
        refused_cleanly(dn.load_record, mutated_record(game_id, data))

    check()


def mutated_record(game_id: str, data: st.DataObject) -> Any:
    """A record of ``game_id`` with a key, a move or a character changed, or any JSON value."""
    record: Any = started(game_id).to_record()
    kind = data.draw(st.sampled_from(["key", "move", "text", "value"]))
    if kind == "key":
        record[data.draw(st.sampled_from(sorted(record)))] = data.draw(json_values())
    elif kind == "move" and record["moves"]:
        record["moves"][data.draw(st.integers(0, len(record["moves"]) - 1))] = data.draw(move_texts)
    elif kind == "text":
        text = json.dumps(record)
        cut = data.draw(st.integers(0, len(text)))
        record = text[:cut] + data.draw(st.text(max_size=5)) + text[cut + 1:]
    else:
        record = data.draw(json_values())
    return record


@pytest.mark.parametrize("record", [
    "[" * 100_000 + "]" * 100_000,
    {"format": [[[[[]]]]]},
    "x" * 5_000_000,
    {"format": "danish-nb/record", "version": 1, "game": "sjavs", "players": 3, "seed": 1,
     "moves": ["P1 pass"] * 200_000},
])
def test_records_too_deep_or_too_large(record):
    if isinstance(record, dict) and isinstance(record["format"], list):
        deep: Any = []
        for _ in range(5000):
            deep = [deep]
        record = {"format": deep}
    exc = refused_cleanly(dn.load_record, record)
    assert isinstance(exc, dn.RecordError)


POSITION_KEYS = ["hands", "open", "closed", "stock", "pile", "burned", "current", "direction", "phase",
                 "finished", "players", "holes", "total", "dealer", "trumps", "trick", "scores", "deal"]


@pytest.mark.parametrize("game_id", GAMES)
def test_positions(game_id):
    @budget(40)
    @given(position=st.dictionaries(st.sampled_from(POSITION_KEYS) | st.text(max_size=6), json_values(),
                                    max_size=5))
    def check(position: dict) -> None:
        refused_cleanly(dn.setup, game_id, position)

    check()


def test_positions_too_deep_or_with_keys_that_are_not_text():
    deep: Any = "8C"
    for _ in range(2000):
        deep = [deep]
    for position in ({"hands": [[deep], ["8C"]]}, {1: []}, {"hands": [["7H"]] * 300_000}):
        exc = refused_cleanly(dn.setup, "danish-bastard", position)
        assert isinstance(exc, dn.OptionsError)


@pytest.mark.parametrize("game_id", GAMES)
@budget(40)
@given(data=st.data())
def test_options(game_id, data):
    names = [o.name for o in dn.GAMES[game_id].info.options]
    options = data.draw(st.dictionaries(st.sampled_from(names) | st.text(max_size=6), json_values(4), max_size=3))
    exc = refused_cleanly(dn.new_game, game_id, dn.GAMES[game_id].info.min_players, 1, options)
    if exc is not None:
        assert isinstance(exc, dn.OptionsError)


@budget(40)
@given(game_id=json_values(4) | st.just(["sjavs"]), players=json_values(2), seed=json_values(2))
def test_game_ids_players_and_seeds(game_id, players, seed):
    for call, args in ((dn.new_game, (game_id, 3)), (dn.new_game, ("sjavs", players, 1)),
                       (dn.new_game, ("sjavs", 3, seed)), (dn.setup, (game_id, {})),
                       (dn.load_record, ({"format": "danish-nb/record", "version": 1, "game": game_id,
                                          "players": players, "seed": seed, "moves": []},))):
        refused_cleanly(call, *args)


# --------------------------------------------------------------------------- widget messages

#: Every action a board's page may send (the family controls included).
BOARD_ACTS = ["card", "closed", "move", "goto", "stepmode", "play", "step", "reveal", "undo", "first", "back",
              "forward", "last", "clear", "lasttrick"]
#: Actions whose message, once offered, may change the game (a move played or taken back).
GAME_ACTS = {"move", "closed", "play", "step", "undo"}


def board_messages(offer: Any) -> Any:
    """Messages a page could send: any JSON value, or an action with fields of any JSON values,
    or naming what the board offered with the wrong types around it."""
    field = json_values(4) | st.sampled_from(sorted(offer.moves) + [z for z, _ in offer.cards] or [None]) \
        | st.sampled_from([float("inf"), float("-inf"), float("nan"), 10**30, -1, "1" * 5000, True])
    shaped = st.fixed_dictionaries({"act": st.sampled_from(BOARD_ACTS) | st.text(max_size=8)},
                                   optional={"zone": field, "idx": field, "move": field, "value": field})
    return json_values() | shaped


def board_state(board: Any) -> tuple:
    """What a message may change: the game, and the board's selection, position and mode."""
    return (board.game.state, len(board.game.history), tuple(board.selection), board.position, board.teaching,
            board.step_mode, board.screened)


def offered(board: Any, content: Any) -> bool:
    """Whether ``content`` asks for something the board's page offered (so it may act)."""
    if not isinstance(content, dict) or not isinstance(content.get("act"), str):
        return False
    act, offer = content["act"], board._offer
    if act == "card":
        return any(str(content.get("zone")) == zone and content.get("idx") == idx for zone, idx in offer.cards)
    if act == "move":
        return isinstance(content.get("move"), str) and content["move"] in offer.moves
    return act in BOARD_ACTS


@pytest.mark.parametrize("game_id", GAMES)
def test_widget_messages(game_id):
    """Any message to a board's handler: nothing escapes, and nothing changes unless the
    message asked for what the board offered; a game changes only by a legal move or undo."""
    from danish_nb.widgets import board_for

    @budget(30)
    @given(data=st.data())
    def check(data: st.DataObject) -> None:
        game = dn.new_game(game_id, players=dn.GAMES[game_id].info.min_players, seed=1)
        board = board_for(game)
        for _ in range(data.draw(st.integers(1, 4))):
            before, moves_before = board_state(board), game.legal_moves()
            content = data.draw(board_messages(board._offer))
            was_offered = offered(board, content)
            board._on_msg(board.widget, content, [])
            after = board_state(board)
            if not was_offered:
                assert after == before, f"{content!r} was not offered but changed the board"
                assert board.message, f"{content!r} was refused without a word"
            elif content["act"] not in GAME_ACTS:
                assert after[:2] == before[:2], f"{content!r} changed the game"
            elif len(game.history) > before[1]:
                assert game.history[before[1]].move in moves_before
            assert isinstance(board.html, str)
        dn.load_record(game.to_record())

    check()

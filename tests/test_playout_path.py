"""The playout path (``state.working()``, ``Working.step``, ``state.playout``) is the same game as
the immutable path (``state.apply``): for all five games at several player counts, the same legal
moves at every step, the same events, the same states, the same result, every card kept; the
states it starts from or hands out are never changed by playing on; the working copy never
leaves it as a state."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import danish_nb as dn
from danish_nb.agents import make_agent
from danish_nb.core.protocol import Working
from helpers import BOOL_OPTIONS, DB

GAMES = sorted(dn.GAMES)


def modest(examples: int):
    return settings(max_examples=examples, deadline=None, database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@st.composite
def deals(draw) -> dn.Game:
    """A new game of any of the five, at any player count it allows (Danish Bastard: with any
    of its yes/no options)."""
    game_id = draw(st.sampled_from(GAMES))
    rules = dn.GAMES[game_id]
    players = draw(st.integers(rules.min_players, min(rules.max_players, 7)))
    options = draw(st.fixed_dictionaries({name: st.booleans() for name in BOOL_OPTIONS})) if game_id == DB else None
    return dn.new_game(game_id, players=players, seed=draw(st.integers(0, 2**32 - 1)), options=options)


def fields(state) -> dict:
    """Every field of a state, compared by identity too (a field rebound in place shows)."""
    return {f.name: getattr(state, f.name) for f in dataclasses.fields(state) if f.init}


@modest(60)
@given(game=deals(), chooser=st.sampled_from(["random", "rule-of-thumb"]), seed=st.integers(0, 999))
def test_the_playout_path_goes_through_the_states_of_the_immutable_path(game, chooser, seed):
    state = game.state
    dealt = Counter(state.all_cards())
    seats = [make_agent(chooser, game.rules.id, seed + i) for i in range(state.players)]
    twins = [make_agent(chooser, game.rules.id, seed + i) for i in range(state.players)]  # they choose on it
    working = state.working()
    quiet = state.working(watched=False)  # builds no events: the same game all the same
    handed_out = []  # (snapshot, its fields then): playing on must change none of them
    for _ in range(600):
        if state.is_over:
            break
        legal = state.legal_moves()
        assert working.legal_moves() == legal and quiet.legal_moves() == legal
        move = seats[state.current_player].choose(state).move
        assert twins[working.current_player].choose(working).move == move
        state, events = state.apply(move)
        assert working.step(move) == events
        assert quiet.step(move) == ()
        snapshot = working.snapshot()
        assert snapshot == state and type(snapshot) is type(state)
        assert quiet.snapshot() == state
        assert Counter(working.all_cards()) == dealt
        handed_out.append((snapshot, fields(snapshot)))
    assert working.is_over == state.is_over and working.result == state.result
    assert quiet.is_over == state.is_over and quiet.result == state.result
    for snapshot, then in handed_out:
        assert all(getattr(snapshot, name) is value for name, value in then.items())


@modest(40)
@given(game=deals(), seed=st.integers(0, 2**32 - 1), limit=st.none() | st.integers(0, 300))
def test_playout_plays_what_the_apply_loop_plays_and_leaves_its_state_alone(game, seed, limit):
    start = game.state
    before = fields(start)
    final, moves = start.playout(random.Random(seed), limit)
    rng, state, played = random.Random(seed), start, 0
    while not state.is_over and (limit is None or played < limit):
        state = state.apply(rng.choice(state.legal_moves()))[0]
        played += 1
    assert (final, moves) == (state, played)
    assert type(final) is type(start) and not isinstance(final, Working)
    assert all(getattr(start, name) is value for name, value in before.items())
    assert Counter(final.all_cards()) == Counter(start.all_cards())
    hash(final)  # an immutable state, as every state handed out


@pytest.mark.parametrize("game_id", GAMES)
def test_the_working_copy_does_not_leak(game_id):
    state = dn.new_game(game_id, players=dn.GAMES[game_id].min_players + 1
                        if game_id != "rat-bastard-17" else 2, seed=3).state
    working = state.working()
    assert isinstance(working, Working) and isinstance(working, type(state))
    with pytest.raises(TypeError):
        hash(working)  # a changing object is no dict key
    move = working.legal_moves()[0]
    events = working.step(move)
    assert (working.snapshot(), events) == state.apply(move)
    for frozen in (state, working.snapshot()):  # as frozen as any state (the same refusal)
        with pytest.raises((dataclasses.FrozenInstanceError, TypeError)):
            frozen.players = 5
    assert state.working() is not state.working()
    again = working.working()  # a working copy of a working copy is another one
    assert again is not working and again.snapshot() == working.snapshot()
    final, _ = state.playout(lambda w: w.legal_moves()[0])
    assert type(final) is type(state)


@pytest.mark.parametrize("game_id", GAMES)
def test_an_illegal_step_changes_nothing(game_id):
    game = dn.new_game(game_id, players=3 if game_id != "rat-bastard-17" else 2, seed=5)
    working = game.state.working()
    other = working.legal_moves()[0]
    wrong = other._replace(player=(other.player + 1) % game.players)  # a move of another seat
    before = working.snapshot()
    with pytest.raises(dn.IllegalMove) as refused:
        working.step(wrong)
    assert refused.value.verdict == game.explain(wrong)
    assert working.snapshot() == before


@pytest.mark.parametrize("game_id", GAMES)
def test_the_golden_seeds_play_out_the_same(game_id):
    """The golden tests' seeded random games (tests/test_golden.py), replayed on the playout path."""
    for seed in range(3):
        game = dn.new_game(game_id, players=3 if game_id != "rat-bastard-17" else 2, seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            game.play(rng.choice(game.legal_moves()))
        working = game.initial_state.working()
        for step in game.history:
            assert working.step(step.move) == step.events
        assert working.snapshot() == game.state


@pytest.mark.parametrize("game_id", GAMES)
def test_the_yardstick_s_three_paths_play_the_same_games(game_id):
    """``benchmarks.engine --instructions`` divides by the moves each path plays: the public,
    state and playout paths play the same games (the same random choices), so the same moves."""
    from benchmarks.engine import PATHS, PLAYER_COUNTS, play

    players = PLAYER_COUNTS[game_id][0]
    assert len({play(f"{path}{game_id}", players, 2) for path in PATHS if path != "plain:"}) == 1


@pytest.mark.parametrize("game_id", GAMES)
def test_a_quiet_copy_builds_no_events_and_plays_the_same_game(game_id, monkeypatch):
    """A quiet working copy (``working(watched=False)``, what a playout plays) makes no event
    anew: with ``Event`` made to fail in the game's modules, it still plays the golden seeds'
    games to the same states, while the public path (watched) would fail at once."""
    import importlib

    from danish_nb.core.texts import Event

    game = dn.new_game(game_id, players=3 if game_id != "rat-bastard-17" else 2, seed=1)
    rng = random.Random(1)
    while not game.is_over:
        game.play(rng.choice(game.legal_moves()))
    start = game.initial_state
    quiet, watched = start.working(watched=False), start.working()

    def no_event(*args, **kwargs):
        raise AssertionError("an event was built on the quiet path")

    modules = ["danish_nb.families.shedding", "danish_nb.families.tricks",
               f"danish_nb.games.{game_id.replace('-', '_')}"]
    for name in modules:
        if getattr(importlib.import_module(name), "Event", None) is Event:
            monkeypatch.setattr(f"{name}.Event", no_event)
    built = 0
    for step in game.history:
        assert quiet.step(step.move) == ()
        try:
            watched.step(step.move)
        except AssertionError:
            built += 1
            watched = quiet.snapshot().working()
    assert quiet.snapshot() == game.state
    assert built > 0  # the watched path does build them (so the patch bites)

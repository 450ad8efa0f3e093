"""Danish Bastard reads a hand's moves off its kinds (``ShedTable._hand_cache``, kept per seat for
the hand it was read from and updated by a play), and a history keeps no caches: the kinds
always equal a fresh reading of the hand, the moves those of a state without the cache, and a
refused move changes nothing."""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import given, settings, strategies as st

import danish_nb as dn
from danish_nb.families.shedding import hand_kinds
from danish_nb.games import danish_bastard as db

VARIANTS = [None, {"open_cards_together": False, "stock_by_choice": False}, {"must_play": False}]


def fresh(state: db.DanishBastardState) -> db.DanishBastardState:
    """The same position without any cache."""
    return dataclasses.replace(state, _hand_cache=())


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000), st.integers(2, 6), st.sampled_from(VARIANTS))
def test_the_kinds_kept_always_equal_the_hand_s_and_the_moves_a_fresh_state_s(seed, players, options):
    game = dn.new_game("danish-bastard", players=players, seed=seed, options=options)
    rng = random.Random(seed)
    read = 0
    while not game.is_over and len(game.history) < 400:
        state = game.state
        moves = game.legal_moves()
        assert moves == fresh(state).legal_moves()
        for seat, entry in enumerate(state._hand_cache):
            if entry is not None and entry[0] is state.hands[seat]:
                read += 1
                assert entry[1] == hand_kinds(seat, state.hands[seat])
                assert list(entry[1]) == list(dict.fromkeys(c if c.is_joker else c.rank for c in state.hands[seat]))
        game.play(rng.choice(moves))
    assert read > 0


@pytest.mark.parametrize("seed", [1, 5])
def test_a_refused_move_changes_neither_the_position_nor_what_it_cached(seed):
    game = dn.new_game("danish-bastard", players=3, seed=seed)
    rng = random.Random(seed)
    for _ in range(60):
        game.play(rng.choice(game.legal_moves()))
    state = game.state
    state.legal_moves()
    before = (dataclasses.astuple(state), state._hand_cache, state._legal)
    other = (state.current + 1) % 3
    for text in (f"P{other + 1} take", f"P{state.current + 1} play AS AS AS AS AS", f"P{state.current + 1} closed 9"):
        with pytest.raises(dn.DanishNbError):
            game.play(text)
    assert (dataclasses.astuple(state), state._hand_cache, state._legal) == before and game.state is state


@pytest.mark.parametrize("game_id, players", [("danish-bastard", 3), ("le-danish", 3), ("bastard", 3)])
def test_the_states_a_history_keeps_keep_no_caches(game_id, players):
    game = dn.new_game(game_id, players=players, seed=3)
    rng = random.Random(3)
    for _ in range(70):
        if game.is_over:
            break
        game.play(rng.choice(game.legal_moves()))
    kept = [game.initial_state] + [step._state for step in game.history[:-1] if step._state is not None]
    assert len(kept) >= 3
    for state in kept:
        assert state._legal is None and getattr(state, "_hand_cache", ()) == ()

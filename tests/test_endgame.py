"""The double-dummy solver of the trick games against brute-force minimax over the real engine
(``state.apply``, the games' own scoring), on positions reached by playing seeded games forward."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, strategies as st

import danish_nb as dn
from danish_nb.agents import make_agent
from danish_nb.agents.endgame import endgame_choice, solvable, solve, tricks_left
from danish_nb.core import DanishNbError, render_text
from danish_nb.games.sjavs import card_points

from helpers import budget


def endgame_position(game_id: str, players: int, seed: int, tricks: int) -> object:
    """Play a seeded game with rule-of-thumb players until at most ``tricks`` tricks of the first
    deal remain, stopping at a random point of the trick."""
    g = dn.new_game(game_id, players=players, seed=seed)
    rng = random.Random(seed)
    stop = rng.randrange(players)
    agents = [make_agent("rule-of-thumb", game_id, seed + s) for s in range(players)]
    while not (solvable(g.state) and tricks_left(g.state) <= tricks and len(g.state.trick) >= stop):
        g.play(agents[g.current_player].choose(g.state).move)
    return g.state


def brute_force(state, player: int, side: frozenset[int]) -> float:
    """Minimax by the real engine to the end of the deal: ``side`` maximises, the rest minimises
    ``player``'s objective (Bastard: the deal's points as the game scores them; Sjavs: the card
    points the side takes in tricks, read from the trick events)."""
    deal = state.match.deal

    def value(s, gained: int) -> float:
        if s.is_over or s.match.deal != deal:
            if state.game_id == "bastard":
                return s.match.history[deal].points[player]
            return gained
        mover = s.current_player
        results = []
        for move in s.legal_moves():
            after, events = s.apply(move)
            won = sum(card_points(e.cards) for e in events if e.kind == "trick" and e.player in side) \
                if state.game_id == "sjavs" else 0
            results.append(value(after, gained + won))
        return max(results) if mover in side else min(results)
    start = sum(card_points(t) for seat in side for t in state.won[seat]) if state.game_id == "sjavs" else 0
    return value(state, start)


def side_of(state, player: int) -> frozenset[int]:
    if state.game_id == "bastard":
        return frozenset({player})
    everyone = frozenset(range(state.players))
    return frozenset({state.soloist}) if player == state.soloist else everyone - {state.soloist}


@budget(12)
@given(seed=st.integers(0, 10_000), game=st.sampled_from([("bastard", 3), ("bastard", 4), ("sjavs", 3),
                                                          ("sjavs", 4)]))
def test_solver_agrees_with_brute_force_on_the_last_tricks(seed, game):
    state = endgame_position(*game, seed=seed, tricks=2)
    me = state.current_player
    solution = solve(state)
    side = side_of(state, me)
    assert set(solution.values) == set(state.legal_moves())
    for move, v in solution.values.items():
        assert v == brute_force_after(state, move, me, side), (str(move), seed)
    assert solution.value == max(solution.values.values())


def brute_force_after(state, move, player: int, side: frozenset[int]) -> float:
    """The brute-force value of ``move`` in ``state`` (the trick it completes counted)."""
    after, events = state.apply(move)
    if not after.is_over and after.match.deal == state.match.deal:
        return brute_force(after, player, side)
    if state.game_id == "bastard":
        return after.match.history[state.match.deal].points[player]
    won = sum(card_points(e.cards) for e in events if e.kind == "trick" and e.player in side)
    return sum(card_points(t) for seat in side for t in state.won[seat]) + won


@pytest.mark.parametrize("game, players, seed", [("bastard", 3, 1), ("bastard", 4, 2), ("sjavs", 4, 3)])
def test_three_tricks_seeded(game, players, seed):
    state = endgame_position(game, players, seed, tricks=3)
    me = state.current_player
    side = side_of(state, me)
    solution = solve(state)
    assert {m: brute_force_after(state, m, me, side) for m in state.legal_moves()} == solution.values


def test_teaching_mode_is_exact_and_hidden_hands_are_sampled():
    state = endgame_position("bastard", 3, 5, tricks=3)
    me = state.current_player
    open_view = state.view(me, reveal_hands=True)
    exact = endgame_choice(open_view, "bastard", random.Random(0))
    assert exact.worlds == 1 and exact.values == solve(state).values
    guessed = endgame_choice(state.view(me), "bastard", random.Random(0), worlds=6)
    assert guessed.worlds >= 1 and set(guessed.values) == set(state.legal_moves())
    # the reason names the cards for their owner only
    assert "secures" in render_text(guessed.why, me) and "secures" not in render_text(guessed.why, (me + 1) % 3)


def test_outside_the_endgame_nothing_is_solved():
    g = dn.new_game("bastard", players=3, seed=1)
    assert endgame_choice(g.state.view(g.current_player), "bastard", random.Random(0)) is None
    assert endgame_choice(g.state.view(g.current_player), "rat-bastard-17", random.Random(0)) is None
    with pytest.raises(DanishNbError, match="card play"):
        solve(dn.new_game("rat-bastard-17", players=2, seed=1).state)

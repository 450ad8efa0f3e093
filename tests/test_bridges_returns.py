"""The bridges' payoffs at the end of a shedding game cut short (a turn limit, a repetition):
a player who went out keeps their place (rulings DB-p, LD-o), through the engine, OpenSpiel
and PettingZoo alike."""

from __future__ import annotations

import random

import pytest

from rl_extra import import_or_skip

pyspiel = import_or_skip("pyspiel")

import danish_nb as dn  # noqa: E402
from danish_nb.bridges import features, openspiel  # noqa: E402
from danish_nb.bridges.pettingzoo import raw_env  # noqa: E402


def test_first_out_keeps_first_place_when_the_others_reach_the_turn_limit() -> None:
    """3-player Danish Bastard: P1 went out first; P2 and P3 still hold cards when the turn limit
    comes. P1 is paid as the winner (+1), the two others share second and last place (-0.5 each);
    before the fix all three were paid 0."""
    game = dn.setup("danish-bastard", {"hands": [[], ["9S", "4C"], ["5D", "8H"]], "closed": [[], [], []],
                                       "open": [[], [], []], "stock": [], "pile": ["KC"], "current": 1,
                                       "finished": [0]}, {"turn_limit": 3})
    while not game.state.is_over:
        game.play(game.legal_moves()[0])
    result = game.state.result
    assert result.reason_id == "turn-limit" and result.draw and result.order == (0,)
    assert features.returns(result, 3) == [1.0, -0.5, -0.5]


def test_two_out_of_four_keep_their_places_at_a_repetition() -> None:
    """A draw declared with P3 then P1 out (4 players): they take first and second place, the two
    still holding cards share third and fourth."""
    result = dn.core.Result(order=(2, 0), draw=True, reason_id="repetition")
    assert features.returns(result, 4) == pytest.approx([1 / 3, -2 / 3, 1.0, -2 / 3])


def test_a_draw_with_nobody_out_pays_everyone_zero() -> None:
    assert features.returns(dn.core.Result(draw=True, reason_id="turn-limit"), 3) == [0.0, 0.0, 0.0]


@pytest.mark.parametrize("game_id, params", [("danish-bastard", "players=3,turn_limit=120"),
                                             ("le-danish", "players=4,play_on=true,turn_limit=150")])
def test_openspiel_and_pettingzoo_pay_the_finishers_at_the_turn_limit(game_id: str, params: str) -> None:
    """Random games cut short by the turn limit: whoever went out is paid by their place, through
    OpenSpiel's returns and PettingZoo's rewards alike; at least one such game is found."""
    game = pyspiel.load_game(f"{openspiel.game_name(game_id)}({params})")
    players = game.num_players()
    place = [1 - 2 * i / (players - 1) for i in range(players)]
    checked = 0
    for seed in range(60):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
        result = state.rules_state.result
        if result.reason_id != "turn-limit" or not result.order:
            continue
        returns = state.returns()
        for rank, seat in enumerate(result.order):
            assert returns[seat] == pytest.approx(place[rank])
        rest = [seat for seat in range(players) if seat not in result.order]
        assert all(returns[seat] == pytest.approx(sum(place[len(result.order):]) / len(rest)) for seat in rest)
        checked += 1
        if checked == 3:
            break
    assert checked, "no random game reached the turn limit with a player out"


def test_pettingzoo_rewards_the_first_out_at_the_turn_limit() -> None:
    env = raw_env("danish-bastard", players=3, options={"turn_limit": 120})
    for seed in range(60):
        env.reset(seed=seed)
        rng = random.Random(seed)
        while not all(env.terminations.values()):
            mask = env.observe(env.agent_selection)["action_mask"]
            env.step(rng.choice([a for a, ok in enumerate(mask) if ok]))
        result = env.state_.result
        if result.reason_id == "turn-limit" and result.order:
            assert env.rewards[env.possible_agents[result.order[0]]] == 1.0
            return
    pytest.fail("no random game reached the turn limit with a player out")

"""The strong player as an OpenSpiel bot and a PettingZoo policy (danish_nb.bridges.bots), its
CPU budget, and the versus benchmark's match (benchmarks/versus.py)."""

from __future__ import annotations

import random

import numpy as np
import pytest

from rl_extra import import_or_skip

pyspiel = import_or_skip("pyspiel")
import_or_skip("pettingzoo")

import danish_nb as dn  # noqa: E402
from danish_nb.bridges import features, openspiel  # noqa: E402
from danish_nb.bridges.bots import StrongBot, StrongPolicy  # noqa: E402
from danish_nb.bridges.pettingzoo import env  # noqa: E402


def dealt(game: pyspiel.Game, seed: int) -> pyspiel.State:
    state = game.new_initial_state()
    for byte in seed.to_bytes(features.SEED_DIGITS, "big"):
        state.apply_action(byte)
    return state


@pytest.mark.parametrize("game_id", list(dn.GAMES))
def test_the_strong_bot_plays_legal_moves_from_the_movers_view_only(game_id: str) -> None:
    """Its action is legal, the same for the same seed, and the same in a world the mover cannot
    tell from the real one (its hidden cards dealt afresh)."""
    game = pyspiel.load_game(openspiel.game_name(game_id))
    state = dealt(game, 7)
    rng = random.Random(1)
    for _ in range(12):
        if state.is_terminal():
            break
        if len(state.legal_actions()) > 1:
            action = StrongBot(game, seed=3, iterations=12).step(state)
            assert action in state.legal_actions()
            world = state.resample(state.current_player(), rng)
            assert StrongBot(game, seed=3, iterations=12).step(world) == action
        state.apply_action(rng.choice(state.legal_actions()))


def test_the_strong_bot_plays_a_whole_game_against_openspiels_ismcts() -> None:
    from open_spiel.python.algorithms import ismcts, mcts

    game = pyspiel.load_game("danish_nb_rat_bastard_17(turn_limit=60)")
    rng = np.random.RandomState(0)
    search = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), 2.0, 4, random_state=rng)
    search.set_resampler(openspiel.resampler(seed=0))
    strong = StrongBot(game, seed=1, iterations=8)
    state = dealt(game, 11)
    while not state.is_terminal():
        bot = strong if state.current_player() == 0 else search
        state.apply_action(int(bot.step(state)))
    assert sum(state.returns()) == pytest.approx(0)


def test_a_cpu_budget_of_nothing_tries_each_move_once() -> None:
    game = pyspiel.load_game("danish_nb_bastard")
    state = dealt(game, 3)
    state.apply_action(state.legal_actions()[0])  # P1 names trumps; P1 leads
    bot = StrongBot(game, seed=1, cpu_seconds=0.0)
    bot.step(state)
    assert bot.last.iterations == len(state.legal_actions())
    roomy = StrongBot(game, seed=1, iterations=30, cpu_seconds=1000.0)  # iterations bound it first
    roomy.step(state)
    assert len(state.legal_actions()) < roomy.last.iterations <= 30


def test_the_strong_bot_refuses_a_chance_node() -> None:
    game = pyspiel.load_game("danish_nb_sjavs")
    with pytest.raises(dn.DanishNbError, match="not at a chance node"):
        StrongBot(game).step(game.new_initial_state())


def test_the_strong_policy_plays_a_pettingzoo_game_to_its_end() -> None:
    e = env("bastard", players=3, options={"deals": 1})
    e.reset(seed=4)
    policy = StrongPolicy(e, seed=2, iterations=6)
    rng = random.Random(4)
    for agent in e.agent_iter():
        observation, _, termination, truncation, _ = e.last()
        if termination or truncation:
            e.step(None)
            continue
        if agent == "player_1":
            action = policy(observation, agent)
            assert observation["action_mask"][action] == 1
        else:
            action = rng.choice(np.flatnonzero(observation["action_mask"]).tolist())
        e.step(action)
    assert e.unwrapped.state_.is_over


def test_the_strong_policy_plays_only_for_the_agent_to_act() -> None:
    e = env("rat-bastard-17")
    e.reset(seed=1)
    other = next(agent for agent in e.possible_agents if agent != e.agent_selection)
    with pytest.raises(dn.DanishNbError, match="not player_"):
        StrongPolicy(e, iterations=4)(e.observe(other), other)


def test_the_versus_benchmark_plays_a_match_at_equal_cpu() -> None:
    from benchmarks import versus

    row = versus.play("rat-bastard-17", "ismcts", 3, 0.01)
    assert row["seat"] == 1 and row["players"] == 2 and row["moves"] > 0
    assert row["strong_decisions"] > 0 and row["other_decisions"] > 0
    assert row["won"] <= row["decided"]
    lines = versus.table([row, {**row, "index": 4, "won": not row["won"]}])
    assert lines[1][:5] == ("rat-bastard-17 (2p)", "ismcts", "0.01 s", "2", str(2 * row["decided"]))


def test_the_versus_benchmark_plays_a_match_at_equal_simulations() -> None:
    """Both sides search the same number of simulations; the table says so and whether the
    interval clears the even share."""
    from benchmarks import versus

    row = versus.play("bastard", "mcts", 2, None, simulations=3)
    assert row["simulations"] == 3 and row["cpu"] is None and row["seat"] == 2 and row["moves"] > 0
    lines = versus.table([row])
    assert lines[1][2] == "3 sims" and lines[1][8] in ("above", "below", "no")
    assert versus.table([row, dict(row)])[1][3:5] == ("1", str(int(row["decided"])))  # a match saved twice
    assert versus.table([{**row, "index": i, "decided": True, "won": True} for i in range(12)])[1][8] == "above"


def test_a_versus_match_at_equal_simulations_keeps_its_seeds_and_plays_again_the_same() -> None:
    """The row names the deal's seed and every bot's (match 2 of a 3-player game: the first deal,
    the strong player in seat 3, the opponents seeded 2000 and 2001); with a simulation count
    instead of a CPU budget, the same match is the same game."""
    from benchmarks import versus

    row = versus.play("le-danish", "ismcts", 2, None, simulations=2)
    assert (row["deal_seed"], row["strong_seed"], row["other_seeds"]) == (1, 2, [2000, 2001])
    again = versus.play("le-danish", "ismcts", 2, None, simulations=2)
    assert [again[key] for key in ("moves", "returns", "won")] == [row[key] for key in ("moves", "returns", "won")]

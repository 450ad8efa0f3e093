"""The PettingZoo bridge (danish_nb.bridges.pettingzoo) under PettingZoo's own API and seed
tests, and whole games: masks from legal_moves, observations from the views, payoffs from our
results."""

from __future__ import annotations

import functools
import random

import numpy as np
import pytest

from rl_extra import import_or_skip

import_or_skip("pettingzoo")

from pettingzoo.test import api_test, render_test, seed_test  # noqa: E402

import danish_nb as dn  # noqa: E402
from danish_nb.bridges import features  # noqa: E402
from danish_nb.bridges.pettingzoo import env, raw_env  # noqa: E402

# api_test's advice for plain Box observations; ours are a dict with the action mask, as in PettingZoo's card games
pytestmark = [pytest.mark.filterwarnings("ignore:Observation space for each agent:UserWarning"),
              pytest.mark.filterwarnings("ignore:Observation is not a NumPy array:UserWarning")]

CASES = [("danish-bastard", 2, None), ("danish-bastard", 5, None), ("le-danish", 3, {"complete_four": True}),
         ("rat-bastard-17", 2, None), ("bastard", 4, None), ("sjavs", 3, None), ("sjavs", 4, None)]
#: Any other registered game (a game added later, the toy of test_toy_game.py): its default seats.
CASES += [(game_id, dn.GAMES[game_id].info.default_players, None) for game_id in dn.GAMES
          if game_id not in {case[0] for case in CASES}]


@pytest.mark.parametrize("game_id, players, options", CASES)
def test_pettingzoo_api_test_passes(game_id: str, players: int, options: dict | None) -> None:
    api_test(env(game_id, players, options), num_cycles=400)


@pytest.mark.parametrize("game_id, players, options", CASES)
def test_pettingzoo_seed_test_passes(game_id: str, players: int, options: dict | None) -> None:
    seed_test(functools.partial(env, game_id, players, options), num_cycles=60)


def play_to_end(e, rng: random.Random) -> dict[str, float]:
    """Random legal actions until every agent is done; the payoffs each agent last saw."""
    payoffs = {}
    for agent in e.agent_iter():
        observation, reward, termination, truncation, _ = e.last()
        if termination or truncation:
            payoffs[agent] = reward
            e.step(None)
            continue
        e.step(rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))
    return payoffs


@pytest.mark.parametrize("game_id, players", [("danish-bastard", 3), ("le-danish", 2), ("rat-bastard-17", 2),
                                              ("bastard", 3), ("sjavs", 4)])
def test_a_whole_game_pays_our_result(game_id: str, players: int) -> None:
    e = raw_env(game_id, players)
    e.reset(seed=players)
    payoffs = play_to_end(e, random.Random(players))
    result = e.state_.result
    assert result is not None and not e.agents
    expected = features.returns(result, players)
    assert payoffs == {f"player_{seat + 1}": expected[seat] for seat in range(players)}
    assert sum(payoffs.values()) == pytest.approx(0)


def test_the_same_seed_deals_the_same_cards_and_another_seed_other_cards() -> None:
    first, second = raw_env("bastard", 3), raw_env("bastard", 3)
    first.reset(seed=7)
    second.reset(seed=7)
    assert first.view_text("player_1") == second.view_text("player_1")
    second.reset(seed=8)
    assert first.view_text("player_1") != second.view_text("player_1")


def test_only_the_agent_to_act_has_a_mask_and_it_is_the_legal_moves() -> None:
    e = raw_env("sjavs", 4)
    e.reset(seed=3)
    acting = e.agent_selection
    seat = e.possible_agents.index(acting)
    legal = {str(m) for m in e.state_.legal_moves()}
    mask = e.observe(acting)["action_mask"]
    assert {f"P{seat + 1} {e.codec.describe(a)}" for a in np.flatnonzero(mask)} == legal
    for agent in e.possible_agents:
        if agent != acting:
            assert not e.observe(agent)["action_mask"].any()


def test_an_observation_shows_nothing_hidden() -> None:
    """A world redealt consistently with what an agent knows gives that agent the same
    observation; other agents see the table differently."""
    e = raw_env("danish-bastard", 3)
    e.reset(seed=5)
    rng = random.Random(5)
    for _ in range(40):
        e.step(rng.choice(np.flatnonzero(e.observe(e.agent_selection)["action_mask"]).tolist()))
    for seat, agent in enumerate(e.possible_agents):
        world = e.state_.view(seat).sample_world(rng)
        assert np.array_equal(features.observation_tensor(world, seat), e.observe(agent)["observation"])
    assert not np.array_equal(e.observe("player_1")["observation"], e.observe("player_2")["observation"])


def test_an_action_outside_the_mask_is_refused_and_changes_nothing() -> None:
    e = raw_env("bastard", 3)
    e.reset(seed=1)
    before = e.view_text("player_1")
    illegal = int(np.flatnonzero(e.observe("player_1")["action_mask"] == 0)[0])
    with pytest.raises(dn.DanishNbError, match="not in its action_mask"):
        e.step(illegal)
    assert e.view_text("player_1") == before and e.agent_selection == "player_1"


def test_bad_settings_are_refused() -> None:
    with pytest.raises(dn.OptionsError, match="2 to 2 players"):
        raw_env("rat-bastard-17", 3)
    with pytest.raises(dn.OptionsError, match="unknown option"):
        raw_env("bastard", 3, {"jokers": 2})
    with pytest.raises(dn.DanishNbError, match="render_mode"):
        raw_env("bastard", 3, render_mode="rgb_array")


@pytest.mark.parametrize("game_id, players, options", CASES)
def test_pettingzoo_render_test_passes(game_id: str, players: int, options: dict | None, capsys) -> None:
    render_test(functools.partial(env, game_id, players, options))
    assert capsys.readouterr().out  # "human" printed the game


def test_human_rendering_prints_each_move_and_what_it_caused(capsys) -> None:
    e = raw_env("danish-bastard", 3, render_mode="human")
    e.reset(seed=1)
    assert '"hands":[null,null,null]' in capsys.readouterr().out  # a spectator's view of the deal
    action = int(np.flatnonzero(e.observe("player_1")["action_mask"])[0])
    move = e._legal[action]
    events = e.state_.apply(move)[1]
    e.step(action)
    assert capsys.readouterr().out.splitlines() == [str(move), *(f"  {event.text_for(None)}" for event in events)]
    assert e.render() is None and capsys.readouterr().out == ""


INFO_CASES = [("danish-bastard", 3, {"turn_limit": 150}), ("rat-bastard-17", 2, {"turn_limit": 100}),
              ("sjavs", 3, {"max_deals": 2})]


@pytest.mark.parametrize("game_id, players, options", INFO_CASES)
def test_information_state_observations_pass_the_api_and_seed_tests(game_id: str, players: int, options: dict) -> None:
    api_test(env(game_id, players, options, observation_type="information_state"), num_cycles=150)
    seed_test(functools.partial(env, game_id, players, options, observation_type="information_state"), num_cycles=40)


@pytest.mark.parametrize("game_id, players, options", INFO_CASES)
def test_information_state_observations_are_openspiels(game_id: str, players: int, options: dict) -> None:
    """The agent's information-state tensor is OpenSpiel's for the same deal and moves."""
    pyspiel = pytest.importorskip("pyspiel")
    from danish_nb.bridges import openspiel

    e = raw_env(game_id, players, options, observation_type="information_state")
    e.reset(seed=3)
    params = ",".join(f"{key}={str(value).lower()}" for key, value in {"players": players, **options}.items())
    state = pyspiel.load_game(f"{openspiel.game_name(game_id)}({params})").new_initial_state()
    state.track.first = state.track.state = e.state_
    state.track.digits = [0] * features.SEED_DIGITS
    rng = random.Random(3)
    for _ in range(60):
        if state.is_terminal():
            break
        for seat, agent in enumerate(e.possible_agents):
            assert np.array_equal(e.observe(agent)["observation"], np.array(state.information_state_tensor(seat),
                                                                            np.float32))
        action = rng.choice(np.flatnonzero(e.observe(e.agent_selection)["action_mask"]).tolist())
        e.step(action)
        state.apply_action(action)
    assert e.observation_space("player_1")["observation"].shape == (len(state.information_state_tensor(0)),)


def test_state_is_everything_on_the_table_for_a_critic() -> None:
    e = raw_env("bastard", 3)
    e.reset(seed=1)
    table = e.state()
    assert e.state_space.contains(table)
    hands = sum(len(e.state_.view(seat).hands[seat]) for seat in range(3))
    size = features.tensor_size("bastard", 3)
    assert table[size:].sum() >= hands  # every hand is in it, unlike any agent's observation
    assert np.array_equal(table[:size], features.observation_tensor(e.state_, None, seat=0))
    with pytest.raises(dn.DanishNbError, match="observation_type is one of"):
        raw_env("bastard", 3, observation_type="everything")

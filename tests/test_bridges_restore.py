"""A state saved in one process and restored in another (pickle, OpenSpiel's serialisation) plays
to the same end there, whatever that process's ``PYTHONHASHSEED``: checkpoints, worker pools and
actor/learner self-play ship states between processes (issue 33, part 1).

The repetition draws are where this broke: the states remembered ``hash()`` values of their
positions, and a card's hash changes from one interpreter to the next. Each case below is a
seeded random game (``random.Random(seed)`` choosing among ``legal_actions()``, chance included)
cut ``cut`` actions from its end; the three shedding cases end in a repetition draw.
"""

from __future__ import annotations

import json
import os
import pickle
import random
import subprocess
import sys

import pytest

from rl_extra import import_or_skip

pyspiel = import_or_skip("pyspiel")

from danish_nb.bridges import openspiel  # noqa: E402

#: (game id, seed, actions before the end to cut at, how the game ends).
CASES = [("rat-bastard-17", 0, 8, "repetition"), ("danish-bastard", 2, 12, "repetition"),
         ("le-danish", 275, 4, "repetition"), ("bastard", 1, 40, None), ("sjavs", 1, 40, None)]

#: Run in the other process: restore each state both ways, play the rest, report the end.
CHILD = r"""
import json, pickle, sys
import pyspiel
from danish_nb.bridges import openspiel

def end(state):
    result = state.rules_state.result
    return {"terminal": state.is_terminal(), "returns": state.returns(), "text": str(state),
            "reason": result.reason_id if result is not None else None}

out = {"hash": hash("danish_nb"), "cases": []}
for case in pickle.load(sys.stdin.buffer):
    ends = {}
    for kind in ("pickle", "openspiel"):
        if kind == "pickle":
            state = pickle.loads(case["pickle"])
        else:
            state = pyspiel.deserialize_game_and_state(case["openspiel"])[1]
        for action in case["rest"]:
            state.apply_action(action)
        ends[kind] = end(state)
    out["cases"].append(ends)
print(json.dumps(out))
"""


def play(game_id: str, seed: int) -> list[int]:
    """The actions of a seeded random game, chance included, to its end."""
    state = pyspiel.load_game(openspiel.game_name(game_id)).new_initial_state()
    rng = random.Random(seed)
    actions = []
    while not state.is_terminal():
        actions.append(rng.choice(state.legal_actions()))
        state.apply_action(actions[-1])
    return actions


def end(state: pyspiel.State) -> dict:
    result = state.rules_state.result
    return {"terminal": state.is_terminal(), "returns": state.returns(), "text": str(state),
            "reason": result.reason_id if result is not None else None}


def other_hash_seed() -> str:
    """A ``PYTHONHASHSEED`` other than this process's, if this one was set."""
    return "2" if os.environ.get("PYTHONHASHSEED") == "1" else "1"


def test_a_restored_state_ends_the_same_in_a_process_with_another_hash_seed() -> None:
    cases, expected = [], []
    for game_id, seed, cut, reason in CASES:
        game = pyspiel.load_game(openspiel.game_name(game_id))
        actions = play(game_id, seed)
        state = game.new_initial_state()
        for action in actions[:-cut]:
            state.apply_action(action)
        assert not state.is_terminal()
        cases.append({"pickle": pickle.dumps(state), "openspiel": pyspiel.serialize_game_and_state(game, state),
                      "rest": actions[-cut:]})
        for action in actions[-cut:]:
            state.apply_action(action)
        expected.append(end(state))
        assert state.rules_state.result.reason_id == reason or reason is None
    done = subprocess.run([sys.executable, "-c", CHILD], input=pickle.dumps(cases), capture_output=True,
                          env={**os.environ, "PYTHONHASHSEED": other_hash_seed()}, timeout=600)
    assert done.returncode == 0, done.stderr.decode()[-2000:]
    out = json.loads(done.stdout)
    assert out["hash"] != hash("danish_nb"), "the other process must hash differently for this test to mean anything"
    for (game_id, *_), mine, theirs in zip(CASES, expected, out["cases"]):
        for kind in ("pickle", "openspiel"):
            assert theirs[kind] == mine, f"{game_id} restored by {kind} ends differently"


@pytest.mark.parametrize("game_id", ["rat-bastard-17", "danish-bastard"])
def test_the_repetition_keys_are_the_positions_not_their_hashes(game_id: str) -> None:
    """What a state remembers for the repetition draw pickles to the same values everywhere."""
    seed = {"rat-bastard-17": 0, "danish-bastard": 2}[game_id]
    state = pyspiel.load_game(openspiel.game_name(game_id)).new_initial_state()
    for action in play(game_id, seed)[:-1]:
        state.apply_action(action)
    rules = state.rules_state
    keys = rules.seen if game_id == "rat-bastard-17" else rules.pickups_seen
    assert keys and all(isinstance(key, tuple) for key in keys)
    assert pickle.loads(pickle.dumps(keys)) == keys


@pytest.mark.parametrize("game_id", ["le-danish", "sjavs"])
def test_a_restored_state_recalls_what_the_original_does(game_id: str) -> None:
    """The events and states after each move are not saved but replayed, from the deal and from
    any world sampled since (``resample``), so information states survive the trip; and the
    saved form stays small (the history, not every state after it)."""
    game = pyspiel.load_game(openspiel.game_name(game_id))
    state = game.new_initial_state()
    rng = random.Random(5)
    for actions in (60, 25):
        for _ in range(actions):
            state.apply_action(rng.choice(state.legal_actions()))
        state = state.resample(state.current_player(), rng)  # then play on in a sampled world
    for again in (pickle.loads(pickle.dumps(state)),
                  pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))[1]):
        for player in range(game.num_players()):
            assert again.information_state_string(player) == state.information_state_string(player)
        assert again.legal_actions() == state.legal_actions() and str(again) == str(state)
    assert len(pickle.dumps(state)) < 20 * len(pickle.dumps(state.rules_state))

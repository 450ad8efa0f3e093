"""How games end: every game's result carries a machine-readable ``reason_id`` (issue 12),
consistent with whether it is a draw; the learner's sentence is separate."""

from __future__ import annotations

import random

import pytest

import danish_nb as dn
from danish_nb.core import REASON_IDS, DanishNbError, Result

#: Per game, options that end a random game soon, and the reason ids its games may end with.
ENDINGS = {
    "danish-bastard": ({"turn_limit": 150}, {"out-of-cards", "turn-limit", "repetition"}),
    "le-danish": ({"turn_limit": 300}, {"out-of-cards", "turn-limit", "repetition"}),
    "rat-bastard-17": ({"turn_limit": 60, "repetitions": 2}, {"out-of-cards", "turn-limit", "repetition"}),
    "bastard": ({"deals": 1}, {"points", "tie"}),
    "sjavs": ({"max_deals": 1}, {"points", "tie"}),
}
DRAWS = {"tie", "repetition", "turn-limit"}


def finish(game_id: str, seed: int, options: dict) -> Result:
    game = dn.new_game(game_id, players=dn.GAMES[game_id].min_players, seed=seed, options=options)
    rng = random.Random(seed)
    while not game.is_over:
        game.play(rng.choice(game.legal_moves()))
    return game.result


@pytest.mark.parametrize("game_id", list(ENDINGS))
def test_every_ending_says_why_in_a_code(game_id):
    options, expected = ENDINGS[game_id]
    seen = set()
    for seed in range(30):
        result = finish(game_id, seed, options)
        assert result.reason_id in expected and result.draw == (result.reason_id in DRAWS), (seed, result)
        assert result.reason  # the sentence for learners is still there
        seen.add(result.reason_id)
    assert seen  # each game's scenario tests check the reason id of its particular endings


def test_a_reason_id_must_be_known():
    assert Result(draw=True, reason="x", reason_id="tie").reason_id == "tie"
    assert "" in REASON_IDS and Result().reason_id == ""
    with pytest.raises(DanishNbError, match="reason_id is one of"):
        Result(reason_id="bored")

"""A game's undo history stays small (issue 12's target: at most 400 bytes a step), because
recurring moves and events are shared objects; sharing them changes no text.

The bytes are measured as ``python -m benchmarks.engine`` measures them (its ``history_bytes``).
"""

from __future__ import annotations

import random

import pytest

import danish_nb as dn
from benchmarks.engine import PLAYER_COUNTS, history_bytes
from danish_nb.i18n import LANGUAGES

#: The games whose histories held 900-1,000 bytes a step before their events were shared.
GAMES = ("rat-bastard-17", "bastard", "sjavs")
#: Issue 12's target.
MAX_BYTES_A_STEP = 400


def random_game(game_id: str, seed: int) -> dn.Game:
    game = dn.new_game(game_id, players=PLAYER_COUNTS[game_id][0], seed=seed)
    rng = random.Random(seed)
    while not game.is_over:
        game.play(rng.choice(game.legal_moves()))
    return game


def texts(game: dn.Game) -> list[tuple]:
    """Every event of ``game``'s history as each reader sees it, in every language."""
    return [(str(event), *(event.text_for(viewer, lang=lang) for lang in LANGUAGES
                           for viewer in (None, *range(game.players))))
            for step in game.history for event in step.events]


@pytest.mark.parametrize("game_id", GAMES)
def test_history_holds_at_most_400_bytes_a_step(game_id):
    assert history_bytes(game_id, PLAYER_COUNTS[game_id][0], range(3)) <= MAX_BYTES_A_STEP


@pytest.mark.parametrize("game_id", PLAYER_COUNTS)
def test_shared_events_read_as_in_the_game_that_made_them(game_id):
    """Games are played one after another (later ones reuse the events earlier ones made),
    then each is replayed from its record in the reverse order: every event reads the same,
    for every reader and in every language, and the game's moves recur as shared events."""
    games = [random_game(game_id, seed) for seed in range(4)]
    first = {seed: texts(game) for seed, game in enumerate(games)}
    for seed in reversed(range(4)):
        replay = dn.load_record(games[seed].to_record())
        assert texts(replay) == first[seed]
    events = [event for step in games[0].history for event in step.events]
    again = [event for step in dn.load_record(games[0].to_record()).history for event in step.events]
    assert sum(a is b for a, b in zip(events, again)) > len(events) // 2

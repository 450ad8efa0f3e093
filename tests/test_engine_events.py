"""Danish Bastard's shared events (its move path caches them: ``_played``, ``_take_text``) read
exactly as events built afresh for the same move and position, for every reader and language,
and the burn the move path reads off the top four cards is the one :func:`top_run` finds.

Unlike a replay (tests/test_engine_history.py), which reads the same caches again, each event
here is checked against the uncached function (``__wrapped__``), so a cache keyed on too little
(a play event without its pile top, a take without its pile size) fails."""

from __future__ import annotations

import random

from hypothesis import given, settings, strategies as st

import danish_nb as dn
from danish_nb.families.shedding import top_run
from danish_nb.games import danish_bastard as db
from danish_nb.i18n import LANGUAGES

VARIANTS = [None, {"reverse_after_burn": False, "stock_by_choice": False}, {"must_play": False}]


def readings(event: dn.Event, players: int) -> list[str]:
    return [event.text_for(viewer, lang=lang) for lang in LANGUAGES for viewer in (None, *range(players))]


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 10_000), st.integers(2, 6), st.sampled_from(VARIANTS))
def test_shared_events_read_as_fresh_ones_and_burns_are_top_runs_of_four(seed, players, options):
    game = dn.new_game("danish-bastard", players=players, seed=seed, options=options)
    rng = random.Random(seed)
    seen = set()
    while not game.is_over and len(game.history) < 500:
        before = game.state
        move = rng.choice(game.legal_moves())
        events = game.play(move)
        kinds = [event.kind for event in events]
        if move.action == "take":
            take = events[0]
            assert take.cards == before.pile
            assert readings(take, players) == readings(
                dn.Event("take", move.player, db._take_text.__wrapped__(move.player, len(before.pile)), take.cards,
                         take.rule, take.ruling), players)
            seen.add("take")
        elif kinds[0] == "play":
            play = events[0]
            fresh = db._played.__wrapped__(move, play.cards, before.top)[0]
            assert (play.player, play.cards, play.rule) == (fresh.player, fresh.cards, fresh.rule)
            assert readings(play, players) == readings(fresh, players)
            assert play.cards == (move.cards or play.cards) and len(play.cards) >= 1
            if len(events) == 1:
                assert events is db._played(move, play.cards, before.top)  # one tuple, shared
            pile = before.pile + play.cards
            burns = play.cards[0].rank is dn.Rank.TEN or top_run(pile) >= 4
            assert ("burn" in kinds) == burns
            seen.add("burn" if burns else "play")
    assert "play" in seen

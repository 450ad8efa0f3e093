"""Property tests (Hypothesis) over seeds, 2 to 8 players and every combination of rule options,
with random play: cards are conserved, ``legal_moves`` agrees with ``explain``, illegal moves
change nothing, games end, records replay, notation round-trips, views hide what they must,
and computer players only play legal moves."""

from __future__ import annotations

import dataclasses
import json
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import danish_nb as dn
from danish_nb.agents import make_agent
from helpers import BOOL_OPTIONS, DB, FUZZ, candidates, dealt_counts, reordered

OPTIONS = st.fixed_dictionaries({name: st.booleans() for name in BOOL_OPTIONS})
SEEDS = st.integers(0, 2**32 - 1)
PLAYERS = st.integers(2, 8)
AGENTS = st.lists(st.sampled_from(["random", "rule-of-thumb"]), min_size=1, max_size=3)
#: Short games for the expensive per-state checks, full-length ones for the rest.
SHORT = st.integers(20, 150)
ANY_LIMIT = st.sampled_from([2000]) | st.integers(10, 400)


def modest(examples: int):
    return settings(max_examples=examples, deadline=None, database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def new(seed: int, players: int, options: dict, turn_limit: int) -> dn.Game:
    return dn.new_game(DB, players=players, seed=seed, options={**options, "turn_limit": turn_limit})


# --------------------------------------------------------------------------- whole games

@modest(40)
@given(seed=SEEDS, players=PLAYERS, options=OPTIONS, turn_limit=ANY_LIMIT, agents=AGENTS)
def test_whole_games_by_computer_players(seed, players, options, turn_limit, agents):
    g = new(seed, players, options, turn_limit)
    dealt = dealt_counts(players)
    seats = [make_agent(agents[i % len(agents)], DB, seed + i) for i in range(players)]
    while not g.is_over:
        state = g.state
        assert Counter(state.all_cards()) == dealt
        legal = state.legal_moves()
        assert legal, "a game that is not over always has a move"
        for move in legal:
            assert g.parse_move(str(move)) == move
        choice = seats[state.current_player].choose(state)
        assert choice.move in legal and str(choice.why).strip()
        g.play(choice.move)
        assert len(g.history) <= turn_limit
    assert Counter(g.state.all_cards()) == dealt
    assert g.legal_moves() == [] and g.current_player is None
    result = g.result
    if result.draw:
        assert result.order == g.state.finished and result.loser is None
    else:
        assert sorted(result.order) == list(range(players))
        assert result.loser == result.order[-1] and result.order[:-1] == g.state.finished
    again = dn.load_record(json.dumps(g.to_record()))
    assert again.states() == g.states()
    assert again.result == result


# --------------------------------------------------------------------------- legality

def _short_game(data, seed, players, options, turn_limit):
    """States of a short game whose moves Hypothesis chooses."""
    g = new(seed, players, options, turn_limit)
    while not g.is_over:
        yield g
        moves = g.legal_moves()
        g.play(moves[data.draw(st.integers(0, len(moves) - 1), label="move")])
    yield g


@modest(40)
@given(data=st.data(), seed=SEEDS, players=PLAYERS, options=OPTIONS, turn_limit=SHORT)
def test_legal_moves_are_exactly_the_candidates_explain_calls_legal(data, seed, players, options, turn_limit):
    for g in _short_game(data, seed, players, options, turn_limit):
        state = g.state
        said_legal = {str(m) for m in candidates(state) if state.explain(m).legal}
        assert said_legal == set(map(str, state.legal_moves()))


#: Each example tries up to 120 moves at every state of a game (about 1.2 CPU s): ``make test``
#: runs 10 (30 took 35 CPU s, three minutes on a busy machine), ``make fuzz`` 300.
@modest(300 if FUZZ else 10)
@given(data=st.data(), seed=SEEDS, players=PLAYERS, options=OPTIONS, turn_limit=SHORT)
def test_an_illegal_move_raises_and_changes_nothing(data, seed, players, options, turn_limit):
    for g in _short_game(data, seed, players, options, turn_limit):
        before = g.state
        snapshot = dataclasses.replace(before)  # a separate value, to catch changes in place
        history = list(g.history)
        for move in candidates(before, limit=120):
            verdict = before.explain(move)
            assert verdict.reasons and all(r.rule_id in g.catalogue.rules for r in verdict.reasons)
            if verdict.legal:
                continue
            with pytest.raises(dn.IllegalMove) as info:
                g.play(move)
            assert info.value.verdict == verdict
            assert g.state is before and g.state == snapshot and g.history == history


@modest(25)
@given(data=st.data(), seed=SEEDS, players=PLAYERS, options=OPTIONS, turn_limit=SHORT)
def test_every_move_explain_calls_legal_can_be_played(data, seed, players, options, turn_limit):
    """Including the same cards written in another order: 'P1 play 7H 7D' is 'P1 play 7D 7H'."""
    for g in _short_game(data, seed, players, options, turn_limit):
        state = g.state
        for move in state.legal_moves():
            for variant in (move, reordered(move)):
                if variant is not None and state.explain(variant).legal:
                    after, events = state.apply(variant)
                    assert after.turn == state.turn + 1 and events


# --------------------------------------------------------------------------- views

def _visible(state, me, reveal):
    seen = Counter(c.code for c in state.pile)
    for seat in range(state.players):
        seen.update(c.code for c in state.open[seat])
        if reveal or seat == me:
            seen.update(c.code for c in state.hands[seat])
    return seen


@modest(20)
@given(seed=SEEDS, players=PLAYERS, options=OPTIONS, turn_limit=st.integers(10, 150), reveal=st.booleans())
def test_views_show_exactly_what_a_player_may_know(seed, players, options, turn_limit, reveal):
    g = new(seed, players, options, turn_limit)
    agent = make_agent("random", DB, seed)
    while True:
        state = g.state
        for me in [*range(players), None]:
            view = state.view(me, reveal_hands=reveal)
            for seat in range(players):
                shown = reveal or seat == me
                assert (view.hands[seat] is not None) is shown
                assert view.hand_counts[seat] == len(state.hands[seat])
                assert view.closed_counts[seat] == len(state.closed[seat])
            data = view.to_dict()
            json_codes = Counter(code for zone in ("hands", "open") for cards in data[zone] if cards
                                 for code in cards) + Counter(data["pile"])
            visible = _visible(state, me, reveal)
            assert json_codes == visible
            assert set(data) & {"closed", "stock"} == set()
            # what the viewer saw and remembers: burned cards (played face up), cards seen going into hands
            assert data["burned"] == [c.code for c in state.burned]
            assert data["known"] == [[c.code for c in cards] for cards in view.known]
            remembered = visible + Counter(data["burned"]) + Counter(c for cards in data["known"] for c in cards)
            text = json.dumps(data)
            for seat in range(players):  # no face-down card code anywhere, in any field
                for card in state.closed[seat]:
                    if remembered[card.code] == 0:
                        assert f'"{card.code}"' not in text
        if g.is_over:
            break
        g.play(agent.choose(state).move)

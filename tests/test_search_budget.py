"""The strong player's playout-move cap (Rat Bastard 17), its game-point margin (Sjavs) and its
reading of an auction (worlds whose bids agree with the rule-of-thumb bidder)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings, strategies as st

import danish_nb as dn
from danish_nb.agents import make_agent, search
from danish_nb.agents.search import move_capped, outcome, playout_values, sample_world, search_view, standing
from danish_nb.agents.tricks import TrickRuleOfThumb
from danish_nb.cards import parse_cards


def rule_of_thumb_game(game_id: str, players: int, seed: int, moves: int) -> dn.Game:
    """A seeded game played by rule-of-thumb seats for ``moves`` moves (or to its end)."""
    g = dn.new_game(game_id, players=players, seed=seed)
    seats = [make_agent("rule-of-thumb", game_id, seed + s) for s in range(players)]
    for _ in range(moves):
        if g.is_over:
            break
        g.play(seats[g.current_player].choose(g.state).move)
    return g


class Counting:
    """A rule-of-thumb seat that counts the moves it is asked for."""

    def __init__(self, inner, counter):
        self.inner, self.counter = inner, counter

    def choose(self, state):
        self.counter[0] += 1
        return self.inner.choose(state)


@pytest.mark.parametrize("cap", [600, 3000, 9000])
def test_the_move_cap_bounds_a_decisions_playout_moves(monkeypatch, cap):
    """Every playout move of a search is counted: with a cap, the moves played (the probe
    aside) stay within the cap plus one batch's playouts, and fewer iterations are run."""
    g = rule_of_thumb_game("rat-bastard-17", 2, seed=3, moves=1)
    while len(g.legal_moves()) < 2:
        g.play(g.legal_moves()[0])
    counter = [0]
    real = search.make_agent

    def counting(name, game_id, seed):
        agent = real(name, game_id, seed)
        return Counting(agent, counter) if name == "rule-of-thumb" else agent
    monkeypatch.setattr(search, "make_agent", counting)
    result = search_view(g.state.view(g.current_player), "rat-bastard-17", seed=1, iterations=200,
                         playout_moves=cap, endgame=0)
    uncapped = search_view(g.state.view(g.current_player), "rat-bastard-17", seed=1, iterations=200,
                           playout_moves=10 ** 9, endgame=0)
    assert uncapped.iterations == 200
    assert result.iterations < 200
    per_playout = counter[0] / (result.iterations + uncapped.iterations + 2)
    assert result.iterations * per_playout < 3 * cap


def test_the_capped_budget_is_fixed_by_the_seed():
    g = rule_of_thumb_game("rat-bastard-17", 2, seed=6, moves=2)
    budgets = {move_capped(g.state, "rat-bastard-17", random.Random(9), 200, 2000, None, 3) for _ in range(3)}
    assert len(budgets) == 1
    first = search_view(g.state.view(g.current_player), "rat-bastard-17", seed=4, playout_moves=2000, endgame=0)
    again = search_view(g.state.view(g.current_player), "rat-bastard-17", seed=4, playout_moves=2000, endgame=0)
    assert (first.move, first.iterations, first.candidates) == (again.move, again.iterations, again.candidates)


def test_the_capped_budget_keeps_two_tries_per_move_and_never_grows():
    g = rule_of_thumb_game("rat-bastard-17", 2, seed=6, moves=0)
    assert move_capped(g.state, "rat-bastard-17", random.Random(1), 200, 1, None, 7) == 14
    assert move_capped(g.state, "rat-bastard-17", random.Random(1), 5, 1, None, 7) == 5
    assert move_capped(g.state, "rat-bastard-17", random.Random(1), 50, 10 ** 9, None, 7) == 50


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(-20, 80), min_size=3, max_size=3), st.lists(st.integers(0, 65), min_size=3, max_size=3),
       st.floats(0, 1))
def test_playout_values_blend_rank_and_margin(scores, base, weight):
    result = standing(tuple(scores))
    values = playout_values(result, 3, tuple(base), weight, 30)
    plain = outcome(result, 3)
    assert all(0 <= v <= 1 for v in values)
    assert playout_values(result, 3, tuple(base), 0.0, 30) == plain
    assert playout_values(result, 3, None, weight, 30) == plain
    gains = [s - b for s, b in zip(scores, base)]
    for a in range(3):
        for b in range(3):
            if plain[a] == plain[b] and gains[a] > gains[b] and weight > 0:
                assert values[a] >= values[b]


def test_margin_separates_what_the_rank_does_not():
    """Two deals that leave the same order: the one that gains more game points is worth more."""
    base = (65, 65, 65)
    small, large = standing((65, 60, 60)), standing((65, 50, 50))
    assert outcome(small, 3) == outcome(large, 3)
    assert playout_values(large, 3, base, 0.5, 30)[0] > playout_values(small, 3, base, 0.5, 30)[0]


@pytest.mark.parametrize("seed", range(12))
def test_an_auction_of_rule_of_thumb_bidders_agrees_with_itself(seed):
    """In games played by rule-of-thumb seats, the real state's auction agrees from every seat."""
    g = rule_of_thumb_game("sjavs", 3, seed=seed, moves=3 + seed % 9)
    assert all(TrickRuleOfThumb.bids_agree(g.state, me) for me in range(3))


def test_a_pass_with_a_strong_hand_does_not_agree():
    """P1 passes holding three trumps and an ace (worth a Play to the rule of thumb)."""
    g = dn.new_game("sjavs", players=3, seed=5)
    weak_enough = TrickRuleOfThumb.hand_worth(g.state, g.state.hands[0]) is None
    g.play("P1 pass")
    assert TrickRuleOfThumb.bids_agree(g.state, 0)  # its own pass is not read
    assert TrickRuleOfThumb.bids_agree(g.state, 2) == weak_enough
    assert TrickRuleOfThumb.hand_worth(g.state, parse_cards("QC JD AC 10H KS AS")) == "play"
    assert TrickRuleOfThumb.hand_worth(g.state, parse_cards("JD 10H KH 10S KS KD")) is None


def test_sampled_worlds_read_the_auction():
    """After two passes, the sampled worlds give the passers weak hands far more often than
    plain sampling does; with one try the sampler is plain sampling."""
    g = rule_of_thumb_game("sjavs", 3, seed=11, moves=2)
    assert [bid for _, bid in g.state.bids] == ["pass", "pass"]
    view = g.state.view(2)
    plain = [view.sample_world(random.Random(k)) for k in range(60)]
    read = [sample_world(view, random.Random(k)) for k in range(60)]
    assert [sample_world(view, random.Random(k), tries=1) for k in range(5)] == plain[:5]
    assert all(w.view(2) == view for w in read)
    agree_plain = sum(TrickRuleOfThumb.bids_agree(w, 2) for w in plain)
    agree_read = sum(TrickRuleOfThumb.bids_agree(w, 2) for w in read)
    assert agree_read > agree_plain and agree_read >= 50


def test_iterations_given_are_not_capped_unless_asked():
    """The cap belongs to the default budget: a caller's own iterations (the coach's review) are
    all run; the default budget at the start of Rat Bastard 17 is cut."""
    g = rule_of_thumb_game("rat-bastard-17", 2, seed=3, moves=1)
    while len(g.legal_moves()) < 2:
        g.play(g.legal_moves()[0])
    view = g.state.view(g.current_player)
    assert search_view(view, "rat-bastard-17", seed=1, iterations=200, endgame=0).iterations == 200
    assert search_view(view, "rat-bastard-17", seed=1, endgame=0).iterations \
        < search.default_iterations("rat-bastard-17")

"""The double-dummy solver of the trick games against brute-force minimax over the real engine
(``state.apply``, the games' own scoring), on positions reached by playing seeded games forward."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, strategies as st

import danish_nb as dn
from danish_nb.agents.endgame import _Solver, endgame_choice, endgame_position, solve, tricks_left
from danish_nb.cards import Card
from danish_nb.core import DanishNbError, render_text
from danish_nb.games.sjavs import card_points
from helpers import budget


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


def brute_force_after(state, move, player: int, side: frozenset[int]) -> float:
    """The brute-force value of ``move`` in ``state`` (the trick it completes counted)."""
    after, events = state.apply(move)
    if not after.is_over and after.match.deal == state.match.deal:
        return brute_force(after, player, side)
    if state.game_id == "bastard":
        return after.match.history[state.match.deal].points[player]
    won = sum(card_points(e.cards) for e in events if e.kind == "trick" and e.player in side)
    return sum(card_points(t) for seat in side for t in state.won[seat]) + won


#: Every variant the solver plays: (game, players, options); Bastard's trump is called in play.
VARIANTS = (("bastard", 3, None), ("bastard", 4, None), ("bastard", 3, {"points_per_trick": 0}),
            ("bastard", 4, {"both_sevens_per_trick": 2}), ("bastard", 3, {"both_sevens_per_trick": 6}),
            ("sjavs", 3, None), ("sjavs", 3, {"red_queens": False}), ("sjavs", 3, {"farvesjavs": True}),
            ("sjavs", 4, None), ("sjavs", 4, {"four_player_deal": "no-skat"}),
            ("sjavs", 4, {"four_player_deal": "no-skat", "farvesjavs": True}))


def check_against_brute_force(state, player: int) -> None:
    """Every legal card's value for ``player``'s side equals brute force's; the move is the best."""
    solution = solve(state, player)
    side = side_of(state, player)
    assert set(solution.values) == set(state.legal_moves())
    expected = {move: brute_force_after(state, move, player, side) for move in state.legal_moves()}
    assert solution.values == expected
    pick = max if state.current_player in side else min
    assert solution.value == pick(expected.values()) == expected[solution.move]


@budget(30)
@given(seed=st.integers(0, 10_000), variant=st.sampled_from(VARIANTS), tricks=st.integers(1, 2),
       whose=st.integers(0, 3))
def test_solver_agrees_with_brute_force_on_the_last_tricks(seed, variant, tricks, whose):
    """Random positions of every variant, for the player to move or another seat."""
    game, players, options = variant
    state = endgame_position(game, players, seed, tricks, options)
    check_against_brute_force(state, whose % players)


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: f"{v[0]}-{v[1]}-{v[2]}")
def test_three_tricks_seeded(variant):
    state = endgame_position(*variant[:2], seed=1, tricks=3, options=variant[2])
    check_against_brute_force(state, state.current_player)


@pytest.mark.parametrize("game, players, seed", [("bastard", 4, 5), ("sjavs", 3, 4)])
def test_four_tricks_seeded(game, players, seed):
    """Sjavs seed 4: the previous solver (alpha-beta over card tuples) gave Q♠ 67 card points
    where brute force and this one give 85."""
    check_against_brute_force(endgame_position(game, players, seed, tricks=4), seed % players)


def test_five_tricks_seeded():
    """A whole Sjavs deal for 4 players without a skat (5 tricks each), three cards into it."""
    state = endgame_position("sjavs", 4, 0, tricks=5, options={"four_player_deal": "no-skat"})
    assert tricks_left(state) == 5 and len(state.trick) == 3
    check_against_brute_force(state, state.current_player)


def test_touching_cards_are_one_move_and_counting_cards_are_not():
    """Touching hearts of one hand (no heart in play between them) are one move of the search
    and share a value; in Bastard the jacks and the sevens count by themselves, so they are never
    merged, and a card between two others keeps them apart while it is in play."""
    g = dn.setup("bastard", {"players": 3, "trump": "none",
                             "hands": [["9H", "10H", "JH", "QH", "KH"], ["2H", "3H", "4H", "5H", "AH"],
                                       ["6H", "7H", "8H", "AS", "KS"]]})
    solver = _Solver(g.state, 0)
    hand, live = solver.hands[0], solver.start_left
    assert [str(solver.cards[i]) for i in solver.moves(hand, 0, live)] == ["9♥", "J♥", "Q♥"]
    values = {str(m.card): v for m, v in solve(g.state).values.items()}
    assert values["9♥"] == values["10♥"] and values["Q♥"] == values["K♥"]
    ace = 1 << solver.cards.index(Card.parse("AH"))
    assert [str(solver.cards[i]) for i in solver.moves(hand, 0, live & ~ace)] == ["9♥", "J♥", "Q♥"]
    eight = 1 << solver.cards.index(Card.parse("8H"))
    nine = 1 << solver.cards.index(Card.parse("9H"))
    assert [str(solver.cards[i]) for i in solver.moves(hand | eight, 0, live)] == ["8♥", "J♥", "Q♥"]
    assert [str(solver.cards[i]) for i in solver.moves(eight | (hand & ~nine), 0, live & ~nine)] == \
        ["8♥", "J♥", "Q♥"]


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

"""Rat Bastard 17: the rule catalogue against its source, one scenario per rule (a legal and an
illegal case, each asserting the verdict and the rule it cites), the effects of moves as
position + move -> events and state, the value-table options, bad input, and property tests
over random games (cards conserved, legal moves == moves explain calls legal, illegal moves
change nothing, every game ends, records replay, views hide what they must, agents are legal).
"""

from __future__ import annotations

import random
import re
from collections import Counter
from itertools import pairwise
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import danish_nb as dn
from danish_nb.agents import make_agent
from danish_nb.cards import Card
from danish_nb.core import option_infos, source_text
from danish_nb.games import rat_bastard_17 as rb
from danish_nb.games.rat_bastard_17 import RatMove
from helpers import FUZZ, said

RB = "rat-bastard-17"
VALUE_OPTIONS = [{"court_value": c, "wild": w} for c in (0, 10) for w in ("jokers", "jokers+twos", "none")]


def table(position: dict[str, Any], **options: Any) -> dn.Game:
    """A Rat Bastard 17 game set up from ``position`` (deck empty unless given)."""
    return dn.setup(RB, position, options or None)


def codes(cards) -> list[str]:
    return sorted(c.code for c in cards)


def kinds(events) -> list[tuple[str, str | None]]:
    return [(e.kind, e.rule.id if e.rule else None) for e in events]


def rulings(verdict: dn.Verdict) -> set[str]:
    return {r.ruling.id for r in verdict.reasons if r.ruling is not None}


# --------------------------------------------------------------------------- catalogue

def test_every_rule_quotes_its_source():
    text = " ".join(source_text(rb.SOURCE).split())
    for rule in rb.CATALOGUE:
        for part in rule.quote.split(" … "):
            assert " ".join(part.split()) in text, (rule.id, part)


def test_catalogue_ids_and_rulings():
    ids = [r.id for r in rb.CATALOGUE]
    assert ids == [f"RB-{i}" for i in range(1, len(ids) + 1)]
    for letter in "abcdefghi":  # RULINGS.md section 3
        assert f"RB-{letter}" in rb.CATALOGUE.rulings
    for ruling in rb.CATALOGUE.rulings.values():
        assert ruling.rules and all(r in rb.CATALOGUE.rules for r in ruling.rules), ruling.id
    names = {info.name for info in option_infos(rb.Options)}
    for ruling in rb.CATALOGUE.rulings.values():
        assert ruling.option is None or ruling.option in names, ruling.id
    for info in option_infos(rb.Options):
        assert info.ruling in rb.CATALOGUE.rulings and info.help, info.name


def test_registered_for_exactly_two_players():
    assert dn.GAMES[RB].family == dn.GAMES[RB].info.family == "running-total"
    with pytest.raises(dn.OptionsError, match="2"):
        dn.new_game(RB, players=3, seed=1)
    with pytest.raises(dn.OptionsError):
        dn.new_game(RB, players=2, seed=1, options={"court_value": 5})
    with pytest.raises(dn.OptionsError):
        dn.new_game(RB, players=2, seed=1, options={"wild": "aces"})


# --------------------------------------------------------------------------- values (RB-1, RB-a)

@pytest.mark.parametrize("opts, expected", [
    ({}, {"A": "1", "2": "2", "10": "10", "J": "0", "Q": "0", "K": "0", "J*": "wild (1-10)"}),
    ({"court_value": 10}, {"A": "1", "2": "2", "10": "10", "J": "10", "K": "10", "J*": "wild (1-10)"}),
    ({"wild": "jokers+twos"}, {"A": "1", "2": "wild (1-10)", "3": "3", "K": "0", "J*": "wild (1-10)"}),
    ({"wild": "none"}, {"A": "1", "2": "2", "K": "0"}),
])
def test_value_table(opts, expected):
    table_ = rb.value_table(rb.Options(**opts))
    assert {k: table_[k] for k in expected} == expected
    assert ("J*" in table_) == (opts.get("wild") != "none")
    assert len(rb.pack(rb.Options(**opts))) == (52 if opts.get("wild") == "none" else 54)


@pytest.mark.parametrize("opts", VALUE_OPTIONS)
def test_values_in_play_follow_the_table(opts):
    g = table({"hands": [["KS", "9H"], ["5C"]], "pile": ["8D"]}, **opts)
    verdict = g.explain("P1 play KS")
    court = opts["court_value"]
    assert verdict.legal == (8 + court <= 17)
    assert verdict.rule_ids[-1] == "RB-15"
    assert f"value {court}" in str(verdict)
    assert g.explain("P1 play 9H").legal  # 8 + 9 = 17
    if opts["wild"] == "jokers+twos":
        g2 = table({"hands": [["2S"], ["5C"]], "pile": ["8D"]}, **opts)
        assert g2.explain("P1 play 2S=9").legal and not g2.explain("P1 play 2S").legal


def test_jokers_not_in_pack_without_wilds():
    with pytest.raises(dn.OptionsError, match="not in the pack"):
        table({"hands": [["RJ"], ["5C"]]}, wild="none")
    g = dn.new_game(RB, players=2, seed=3, options={"wild": "none"})
    assert not any(c.is_joker for c in g.state.all_cards())


@pytest.mark.parametrize("value, legal", [(0, False), (1, True), (7, True), (9, True), (10, False), (11, False),
                                          (-1, False), (None, False)])
def test_wild_values(value, legal):
    g = table({"hands": [["RJ", "5C"], ["5D"]], "pile": ["8D"]})
    move = RatMove(0, "play", Card.parse("RJ"), value)
    verdict = g.explain(move)
    assert verdict.legal is legal
    if value is None or not 1 <= value <= 10:
        assert verdict.rule_ids[-1] == "RB-1" and "RB-a" in rulings(verdict)
    elif value == 10:
        assert verdict.rule_ids[-1] == "RB-15"  # 8 + 10 = 18
    if legal:
        assert verdict.rule_ids[0] == "RB-1"
        events = g.play(move)
        assert g.state.total == (8 + value) % 17 and f"as {value}:" in str(events[0].text)


@pytest.mark.parametrize("text", ["P1 play RJ=0", "P1 play RJ=11", "P1 play RJ"])
def test_wild_value_errors_from_text(text):
    g = table({"hands": [["RJ", "5C"], ["5D"]], "pile": ["8D"]})
    with pytest.raises(dn.IllegalMove, match="1 to 10") as info:
        g.play(text)
    assert info.value.verdict.rule_ids == ("RB-1",) and g.history == [] and g.state.total == 8


def test_only_cards_in_hand():
    g = table({"hands": [["7H"], ["5C"]]})
    verdict = g.explain("P1 play 5C")
    assert not verdict.legal and verdict.rule_ids == ("RB-6",) and "does not hold" in str(verdict)


def test_no_hand_play_from_an_empty_hand():
    g = table({"hands": [[], ["5C"]], "holes": [["7C"], []]})
    verdict = g.explain("P1 play 7C")
    assert not verdict.legal and verdict.rule_ids == ("RB-19",)
    assert g.explain("P1 hole 1").legal


def test_fixed_card_takes_no_value():
    g = table({"hands": [["7H"], ["5D"]]})
    verdict = g.explain("P1 play 7H=7")
    assert not verdict.legal and verdict.rule_ids == ("RB-1",)


def test_wild_moves_listed_for_every_fitting_value():
    g = table({"hands": [["BJ"], ["5D"]], "pile": ["9D"]})
    assert sorted(m.value for m in g.legal_moves()) == list(range(1, 9))


# --------------------------------------------------------------------------- notation and bad input

@pytest.mark.parametrize("text, move", [
    ("P1 play 7H", RatMove(0, "play", Card.parse("7H"))),
    ("p2 PLAY rj=7", RatMove(1, "play", Card.parse("RJ"), 7)),
    ("P1 hole 1", RatMove(0, "hole", position=1)),
    ("P2 hole 4=3", RatMove(1, "hole", value=3, position=4)),
    ("P1 take", RatMove(0, "take")),
    ("P1 keep", RatMove(0, "keep")),
    ("P1 swap 7H K♠", RatMove(0, "swap", Card.parse("7H"), other=Card.parse("KS"))),
    ("P1 play RJ=11", RatMove(0, "play", Card.parse("RJ"), 11)),
])
def test_parse_and_round_trip(text, move):
    assert dn.GAMES[RB].parse_move(text) == move
    assert dn.GAMES[RB].parse_move(str(move)) == move


@pytest.mark.parametrize("text", ["", "P1", "P0 play 7H", "X1 play 7H", "P1 fly 7H", "P1 play 7X",
                                  "P1 play RJ=x", "P1 play RJ=", "P1 play 7H 8H", "P1 hole 6", "P1 hole 0",
                                  "P1 hole left", "P1 take 7H", "P1 keep now", "P1 swap 7H", "P1 play"])
def test_unparsable_moves(text):
    g = dn.new_game(RB, players=2, seed=1)
    with pytest.raises(dn.MoveParseError):
        g.play(text)
    assert g.history == []
    assert isinstance(dn.MoveParseError("x"), ValueError)


def test_one_card_per_turn_is_named():
    with pytest.raises(dn.MoveParseError, match="RB-d"):
        dn.GAMES[RB].parse_move("P1 play 7H 8H")


@pytest.mark.parametrize("position, problem", [
    ({"hands": [["7H", "7H"], ["5C"]]}, "appears 2 times"),
    ({"hands": [["7H"], ["5C"]], "holes": [["2C", None, "3C"], []]}, "gap"),
    ({"hands": [["7H"], ["5C"]], "deck": ["2C"]}, "at least 5"),
    ({"hands": [["7H"], ["5C"]], "pile": ["9C", "9D"]}, "total"),
    ({"hands": [["7H"], ["5C"]], "pile": ["RJ"]}, "wild"),
    ({"hands": [[], ["5C"]]}, "no cards"),
    ({"hands": [["7H"], ["5C"]], "current": 2}, "current"),
    ({"hands": [["7H"], ["5C"]], "current": 1.0}, "current"),
    ({"hands": [["7H"], ["5C"]], "current": True}, "current"),
    ({"hands": [["7H"], ["5C"]], "players": 2.0}, "exactly 2 players"),
    ({"hands": [["7H"], ["5C"]], "phase": "swap", "swapped": [2.0]}, "swapped"),
    ({"hands": [["7H", "7H"], ["5C"]]}, "appears 2 times"),
    ({"hands": [["7H"], ["5C"]], "seats": 2}, "unknown"),
    ({"hands": [["7H"]]}, "per player"),
    ({"hands": [["7H"], ["5C"]], "holes": [["2C"] * 6, []]}, "at most 5"),
])
def test_bad_positions(position, problem):
    with pytest.raises(dn.OptionsError, match=problem):
        table(position)


def test_wrong_player():
    g = table({"hands": [["7H"], ["5C"]], "current": 1})
    verdict = g.explain("P1 play 7H")
    assert not verdict.legal and verdict.rule_ids == ("RB-11",) and "P2's turn" in str(verdict)
    with pytest.raises(dn.IllegalMove) as info:
        g.play("P1 play 7H")
    assert info.value.verdict.rule_ids == ("RB-11",)
    assert g.history == []
    assert g.explain("P2 play 5C").legal


def test_not_a_move():
    state = table({"hands": [["7H"], ["5C"]]}).state
    malformed = [RatMove("P1", "take"), RatMove(0, "play", "7H"), RatMove(0, "play", Card.parse("7H"), "7"),
                 RatMove(0, "hole", position=True), RatMove(0, 7)]
    for thing in ["P1 play 7H", (0, "take", None, None, None, None), None] + malformed:
        verdict = state.explain(thing)
        assert not verdict.legal and verdict.rule_ids == ("RB-11",)
        with pytest.raises(dn.IllegalMove):
            state.apply(thing)


def test_a_bool_player_is_refused_by_apply_and_explain_alike():
    """``RatMove(True, 'keep')`` equals ``RatMove(1, 'keep')`` as a tuple: it was played although
    explain refused it (issue 11); now both refuse it, naming the problem."""
    g = dn.new_game(RB, players=2, seed=1)
    g.play("P1 keep")
    verdict = g.explain(RatMove(True, "keep"))
    assert not verdict.legal and "its player is not a whole number" in str(verdict)
    with pytest.raises(dn.IllegalMove, match="not a whole number"):
        g.play(RatMove(True, "keep"))
    assert len(g.history) == 1 and g.explain("P2 keep").legal
    assert str(RatMove(True, "keep")) == "malformed move (its player is not a whole number)"


@pytest.mark.parametrize("options, problem", [
    ({"turn_limit": 0}, "'turn_limit' must be from 1 to 100,000"),
    ({"turn_limit": -5}, "'turn_limit' must be from 1 to 100,000"),
    ({"turn_limit": 10**12}, "'turn_limit' must be from 1 to 100,000"),
    ({"repetitions": -1}, "'repetitions' must be from 0 to 100"),
    ({"repetitions": 101}, "'repetitions' must be from 0 to 100"),
])
def test_option_ranges(options, problem):
    with pytest.raises(dn.OptionsError, match=problem):
        dn.new_game(RB, players=2, seed=1, options=options)


# --------------------------------------------------------------------------- the deal (RB-3 .. RB-10)

def test_deal():
    g = dn.new_game(RB, players=2, seed=7)
    s = g.state
    assert [len(h) for h in s.hands] == [5, 5]
    assert [len(row) for row in s.holes] == [5, 5] and all(c is not None for row in s.holes for c in row)
    assert len(s.deck) == 34 and s.phase == "swap" and s.current_player == 0 and s.total == 0
    assert Counter(s.all_cards()) == Counter(rb.pack(rb.Options()))
    assert dn.new_game(RB, players=2, seed=7).state == s
    assert dn.new_game(RB, players=2, seed=8).state != s


def test_swap_phase():
    g = dn.new_game(RB, players=2, seed=7)
    s = g.state
    hand_card, up = s.hands[0][0], s.holes[0][1]
    move = f"P1 swap {hand_card.code} {up.code}"
    verdict = g.explain(move)
    assert verdict.legal and verdict.rule_ids == ("RB-7",) and "RB-j" in rulings(verdict)
    events = g.play(move)
    assert kinds(events) == [("swap", "RB-7")]
    assert g.state.holes[0][1] == hand_card and up in g.state.hands[0] and hand_card not in g.state.hands[0]
    again = g.explain(f"P1 swap {up.code} {hand_card.code}")  # the same position a second time
    assert not again.legal and again.rule_ids == ("RB-7",) and "RB-j" in rulings(again)
    down = g.explain(f"P1 swap {g.state.hands[0][0].code} {s.holes[0][0].code}")  # a face-down card
    assert not down.legal and "face-up" in str(down)
    not_held = g.explain(f"P1 swap {s.hands[1][0].code} {s.holes[0][3].code}")
    assert not not_held.legal and "does not hold" in str(not_held)
    early = g.explain(f"P1 play {g.state.hands[0][0].code}")
    assert not early.legal and early.rule_ids == ("RB-7",)
    assert g.explain("P1 keep").legal
    g.play("P1 keep")
    assert g.current_player == 1 and g.state.phase == "swap"
    events = g.play("P2 keep")
    assert g.state.phase == "play"
    assert ("pick", "RB-9") in kinds(events) and kinds(events)[-1][1] == "RB-10"
    late = g.explain(f"P{g.current_player + 1} keep")
    assert not late.legal and late.rule_ids == ("RB-7",) and "at the deal only" in str(late)


def test_draw_for_first_player_with_a_tie():
    # deck top is last: P1 draws 9C, P2 9D (tie), then P1 3C, P2 KD (value 0): P1 starts.
    g = table({"hands": [["7H"] + ["AC", "AD", "AH", "AS"], ["5C", "5D", "5H", "5S", "6C"]],
               "deck": ["2C", "KD", "3C", "9D", "9C"], "phase": "swap", "current": 1})
    events = g.play("P2 keep")
    assert kinds(events) == [("keep", "RB-7"), ("pick", "RB-9"), ("tie", "RB-9"), ("pick", "RB-9"),
                             ("start", "RB-10")]
    s = g.state
    assert s.current_player == 0 and codes(s.discard) == codes(Card.parse(c) for c in ["9C", "9D", "3C", "KD"])
    assert [c.code for c in s.deck] == ["2C"]


def test_draw_for_first_player_wild_counts_ten():
    g = table({"hands": [["7H", "AC", "AD", "AH", "AS"], ["5C", "5D", "5H", "5S", "6C"]],
               "deck": ["2C", "10D", "RJ"], "phase": "swap", "current": 1})
    events = g.play("P2 keep")
    assert ("tie", "RB-9") in kinds(events)  # RJ counts 10, like 10D (ruling RB-k)
    assert g.current_player == 0 and "deck ran out" in str(events[-1].text)


# --------------------------------------------------------------------------- play while the deck lasts

FULL = ["AC", "AD", "AH", "AS"]


def test_running_total_and_refill():
    g = table({"hands": [["7H"] + FULL, ["5C", "5D", "5H", "5S", "6C"]], "deck": ["2C", "3C"], "pile": ["4D"]})
    verdict = g.explain("P1 play 7H")
    assert verdict.legal and verdict.rule_ids == ("RB-15",)
    events = g.play("P1 play 7H")
    assert kinds(events) == [("play", "RB-13"), ("refill", "RB-12")]
    assert "total is 11" in str(events[0].text)
    s = g.state
    assert s.total == 11 and len(s.hands[0]) == 5 and Card.parse("3C") in s.hands[0] and len(s.deck) == 1
    assert s.current_player == 1


def test_over_seventeen_is_illegal():
    g = table({"hands": [["9H", "AC"], ["5C"]], "pile": ["9D"]})
    verdict = g.explain("P1 play 9H")
    assert not verdict.legal and verdict.rule_ids == ("RB-15",) and "18" in str(verdict)
    with pytest.raises(dn.IllegalMove):
        g.play("P1 play 9H")
    assert g.history == [] and g.state.total == 9


def test_seventeen_while_the_deck_lasts():
    g = table({"hands": [["8H"] + FULL, ["5C", "5D", "5H", "5S", "6C"]], "deck": ["2C", "3C"],
               "pile": ["9D"]})
    verdict = g.explain("P1 play 8H")
    assert verdict.legal and verdict.rule_ids == ("RB-17",) and "RB-f" in rulings(verdict)
    events = g.play("P1 play 8H")
    assert kinds(events) == [("play", "RB-13"), ("refill", "RB-12"), ("discard", "RB-17")]
    s = g.state
    assert s.pile == () and s.total == 0 and s.current_player == 0
    assert codes(s.discard) == ["8H", "9D"]


def test_deck_judged_when_the_card_is_put_down():
    # the refill empties the deck, but the card went down while it lasted (ruling RB-n)
    g = table({"hands": [["8H"] + FULL, ["5C", "5D", "5H", "5S", "6C"]], "deck": ["2C"], "pile": ["9D"]})
    g.play("P1 play 8H")
    s = g.state
    assert not s.deck and codes(s.discard) == ["8H", "9D"] and s.current_player == 0
    assert "RB-n" in rb.CATALOGUE.rulings


def test_take_the_whole_pile_while_the_deck_lasts():
    hand = ["9H", "8H", "9C", "8C", "9S"]
    g = table({"hands": [hand, ["5C", "5D", "5H", "5S", "6C"]], "deck": ["2C"], "pile": ["9D"]})
    play = g.explain("P1 play 8H")
    assert play.legal
    must = g.explain("P1 take")
    assert not must.legal and must.rule_ids == ("RB-16",) and "RB-e" in rulings(must)
    g2 = table({"hands": [hand, ["5C", "5D", "5H", "5S", "6C"]], "deck": ["2C"], "pile": ["9D", "AD"]})
    verdict = g2.explain("P1 take")
    assert verdict.legal and verdict.rule_ids == ("RB-16",) and "RB-e" in rulings(verdict)
    assert {m.action for m in g2.legal_moves()} == {"take"}
    events = g2.play("P1 take")
    assert kinds(events) == [("take", "RB-16")]
    s = g2.state
    assert codes(s.hands[0]) == codes(Card.parse(c) for c in hand + ["9D", "AD"])
    assert s.pile == () and s.total == 0 and s.current_player == 1


def test_no_take_from_an_empty_pile():
    verdict = table({"hands": [["9H"], ["5C"]]}).explain("P1 take")
    assert not verdict.legal and verdict.rule_ids == ("RB-16",)


# --------------------------------------------------------------------------- after the deck is gone

def test_seventeen_after_the_deck():
    g = table({"hands": [["8H", "3C"], ["5C", "5D"]], "pile": ["4D", "2S", "3D"]})
    verdict = g.explain("P1 play 8H")
    assert verdict.legal and verdict.rule_ids == ("RB-18",) and "RB-f" in rulings(verdict)
    events = g.play("P1 play 8H")
    assert kinds(events) == [("play", "RB-13"), ("take", "RB-18"), ("discard", "RB-18"), ("restart", "RB-18")]
    s = g.state
    assert codes(s.hands[1]) == codes(Card.parse(c) for c in ["5C", "5D", "8H", "3D", "2S"])  # from the top
    assert codes(s.discard) == ["4D"] and s.pile == () and s.total == 0 and s.current_player == 0


def test_seventeen_after_the_deck_other_already_holds_five():
    g = table({"hands": [["8H", "3C"], ["5C", "5D", "5H", "5S", "6C"]], "pile": ["9D"]})
    events = g.play("P1 play 8H")
    assert kinds(events) == [("play", "RB-13"), ("discard", "RB-18"), ("restart", "RB-18")]  # no "picks up 0"
    assert codes(g.state.discard) == ["8H", "9D"] and len(g.state.hands[1]) == 5


@pytest.mark.parametrize("option, taken, discarded", [("top-up", ["AD", "5D"], ["8D"]),
                                                      ("whole-pile", ["AD", "5D", "8D"], [])])
def test_over_from_the_hand_after_the_deck(option, taken, discarded):
    hand = ["10H", "9C", "8C"]
    g = table({"hands": [hand, ["5C"]], "pile": ["8D", "5D", "AD"]}, over_after_deck=option)
    verdict = g.explain("P1 take")
    assert verdict.legal and verdict.rule_ids == ("RB-16",) and "RB-g" in rulings(verdict)
    g.play("P1 take")
    s = g.state
    assert codes(s.hands[0]) == codes(Card.parse(c) for c in hand + taken)
    assert codes(s.discard) == sorted(discarded) and s.current_player == 1 and s.total == 0


# --------------------------------------------------------------------------- hole cards

ROW = ["9C", "4H", "8C", "3H", "7C"]  # positions 1-5: down, up, down, up, down


def test_hole_cards_wait_for_an_empty_hand():
    g = table({"hands": [["9H"], ["5C"]], "holes": [ROW, []]})
    verdict = g.explain("P1 hole 1")
    assert not verdict.legal and verdict.rule_ids == ("RB-5",)


def test_outer_hole_cards_only():
    g = table({"hands": [[], ["5C"]], "holes": [ROW, []]})
    middle = g.explain("P1 hole 3")
    assert not middle.legal and middle.rule_ids == ("RB-20",) and "RB-c" in rulings(middle)
    inner_up = g.explain("P1 hole 2")
    assert not inner_up.legal and inner_up.rule_ids == ("RB-20",)
    left = g.explain("P1 hole 1")
    assert left.legal and left.rule_ids == ("RB-19", "RB-20", "RB-4") and "RB-c" in rulings(left)
    assert {str(m) for m in g.legal_moves()} == {"P1 hole 1", "P1 hole 5"}
    g2 = table({"hands": [[], ["5C"]], "holes": [[None, "4H", "8C", "3H", None], []]})
    assert {str(m) for m in g2.legal_moves()} == {"P1 hole 2", "P1 hole 4"}
    gone = g2.explain("P1 hole 1")
    assert not gone.legal and gone.rule_ids == ("RB-20",) and "no hole card" in str(gone)


def test_blind_hole_card_that_fits():
    g = table({"hands": [[], ["5C"]], "holes": [ROW, []], "pile": ["5D"]})
    events = g.play("P1 hole 1")
    assert kinds(events) == [("play", "RB-13")] and said("9♣") in str(events[0].text)
    s = g.state
    assert s.total == 14 and s.holes[0][0] is None and s.current_player == 1


def test_blind_hole_card_value_cannot_be_chosen():
    g = table({"hands": [[], ["5C"]], "holes": [ROW, []]})
    verdict = g.explain("P1 hole 1=3")
    assert not verdict.legal and verdict.rule_ids[-1] == "RB-4" and "RB-m" in rulings(verdict)


def test_blind_hole_card_over_seventeen():
    g = table({"hands": [[], ["5C"]], "holes": [ROW, []], "pile": ["2D", "3D", "4D", "2S", "3S", "AD"]})
    assert g.state.total == 15
    events = g.play("P1 hole 5")  # 7C: 22
    assert kinds(events) == [("play", "RB-13"), ("over", "RB-21"), ("take", "RB-21"), ("discard", "RB-21"),
                             ("restart", "RB-21")]
    s = g.state
    assert codes(s.hands[0]) == codes(Card.parse(c) for c in ["7C", "AD", "3S", "2S", "4D"])
    assert codes(s.discard) == ["2D", "3D"] and s.current_player == 1 and s.total == 0
    assert s.holes[0][4] is None


def test_the_restart_after_going_over_with_a_hole_card_cites_its_ruling():
    """Issue 18: the restart cited RB-16, a deck-phase sentence ("Until all cards in the deck are
    gone: … The other player then puts a new card down starting from zero again"). RB-21 says
    only "that player must pick up cards from the top of the pile up to a maximum of five cards
    in their hand"; who starts next is ruling RB-l's reading ("the other player starts from 0")."""
    assert "up to a maximum of five cards" in rb.CATALOGUE["RB-21"].quote
    assert "Until all cards in the deck are gone" in rb.CATALOGUE["RB-16"].quote
    g = table({"hands": [[], ["5C"]], "holes": [ROW, []], "pile": ["2D", "3D", "4D", "2S", "3S", "AD"]})
    restart = g.play("P1 hole 5")[-1]
    assert (restart.kind, restart.rule.id, restart.ruling.id) == ("restart", "RB-21", "RB-l")
    assert "the other player starts from 0" in restart.ruling.reading
    assert restart.text_for(0) == "P2 starts again from 0 (rule RB-21) [ruling RB-l]"


def test_a_take_with_face_up_hole_cards_too_high_cites_ruling_rb_q():
    """Ruling RB-q: "A player whose outer cards are all face up and too high picks up from the top
    of the pile until 5 in hand; the rest is discarded and the other player starts from 0"."""
    g = table({"hands": [[], ["5C"]], "holes": [[None, "9H"], []], "pile": ["9D", "AD"]})
    events = g.play("P1 take")
    assert [(e.kind, e.rule.id, e.ruling.id) for e in events] == [("take", "RB-21", "RB-q"),
                                                                   ("restart", "RB-21", "RB-q")]
    assert "picks up from the top of the pile until 5 in hand" in rb.CATALOGUE.ruling("RB-q").reading


def test_blind_wild_takes_the_best_value():
    g = table({"hands": [[], ["5C"]], "holes": [["RJ", "4H", "8C"], []], "pile": ["9D"]})
    events = g.play("P1 hole 1")
    assert "as 8 (its best value)" in str(events[0].text) and events[0].ruling.id == "RB-m"
    assert events[0].text_for(1).endswith("the total is 17 (rule RB-13) [ruling RB-m]")
    assert g.state.pile == () and g.state.current_player == 0  # exactly 17 (ruling RB-m)
    g2 = table({"hands": [[], ["5C"]], "holes": [["RJ", "4H", "8C"], []], "pile": ["3D"]})
    g2.play("P1 hole 1")
    assert g2.state.total == 13


def test_face_up_hole_card():
    g = table({"hands": [[], ["5C"]], "holes": [[None, "9H", "8C", "3H", None], []], "pile": ["9D"]})
    low = g.explain("P1 hole 4")
    assert low.legal and low.rule_ids == ("RB-19", "RB-20", "RB-15")
    high = g.explain("P1 hole 2")
    assert not high.legal and high.rule_ids == ("RB-19", "RB-20", "RB-15")
    must = g.explain("P1 take")
    assert not must.legal and must.rule_ids == ("RB-16",) and "RB-e" in rulings(must)


def test_face_up_wild_hole_card_needs_a_value():
    g = table({"hands": [[], ["5C"]], "holes": [[None, "RJ", "8C"], []], "pile": ["9D"]})
    assert not g.explain("P1 hole 2").legal
    assert g.explain("P1 hole 2=8").legal and not g.explain("P1 hole 2=9").legal
    assert g.explain("P1 hole 3").legal


def test_take_from_the_hole_stage():
    # only face-up outer cards, all too high: pick up from the top until 5 (ruling RB-q)
    g = table({"hands": [[], ["5C"]], "holes": [[None, "9H", None, None, None], []], "pile": ["9D"]})
    verdict = g.explain("P1 take")
    assert verdict.legal and verdict.rule_ids == ("RB-21",) and "RB-q" in rulings(verdict)
    g.play("P1 take")
    assert codes(g.state.hands[0]) == ["9D"] and g.state.current_player == 1
    # a face-down outer card can always be tried, so no take
    g2 = table({"hands": [[], ["5C"]], "holes": [[None, "9H", "8C"], []], "pile": ["9D"]})
    blind = g2.explain("P1 take")
    assert not blind.legal and blind.rule_ids == ("RB-4",) and "RB-q" in rulings(blind)


# --------------------------------------------------------------------------- winning and draws

def test_win_with_the_last_hole_card():
    g = table({"hands": [[], ["5C"]], "holes": [[None, None, None, "3H", None], ["2C"]], "pile": ["9D"]})
    events = g.play("P1 hole 4")
    assert kinds(events)[-1] == ("win", "RB-22")
    assert g.is_over and g.result.order == (0, 1) and g.result.loser == 1 and "Rat Bastard" in g.result.reason
    assert g.is_over and g.result.order == (0, 1) and g.result.loser == 1 and "Rat Bastard" in g.result.reason
    assert g.result.reason_id == "out-of-cards"
    assert g.current_player is None and g.legal_moves() == []
    over = g.explain("P2 play 5C")
    assert not over.legal and over.rule_ids == ("RB-22",)


def test_win_with_the_last_hand_card():
    g = table({"hands": [["3H"], ["5C"]]})
    g.play("P1 play 3H")
    assert g.is_over and g.result.order[0] == 0


def test_last_hole_card_over_seventeen_is_no_win():
    g = table({"hands": [[], ["5C"]], "holes": [["9C"], ["2C"]], "pile": ["9D"]})
    events = g.play("P1 hole 1")
    assert not g.is_over and ("over", "RB-21") in kinds(events)
    assert codes(g.state.hands[0]) == ["9C", "9D"] and "RB-o" in rb.CATALOGUE.rulings


LOOP = {"hands": [["10D", "6C", "7C", "7D", "7H", "7S", "8C"], ["10S", "8D", "8H", "8S", "9C", "9D"]],
        "deck": ["2C"], "current": 1}
ROUND = ["P2 play 10S", "P1 play 6C", "P2 take", "P1 play 10D", "P2 play 6C", "P1 take"]


def test_repetition_is_a_draw():
    g = table(LOOP)
    moves = (ROUND * 3)[:15]
    for text in moves[:-1]:
        g.play(text)
        assert not g.is_over
    events = g.play(moves[-1])
    assert g.is_over and g.result.draw and kinds(events)[-1] == ("draw", "RB-2")
    g2 = table(LOOP, repetitions=0)
    for text in moves:
        g2.play(text)
    assert not g2.is_over


@pytest.mark.parametrize("times, played, said", [
    (2, 9, "came up 2 times"), (3, 15, "came back a third time"), (4, 21, "came up 4 times")])
def test_repetition_draw_says_how_many_times_the_option_counts(times, played, said):
    """The draw comes at the ``repetitions``-th time the position is seen, and says that count
    (it always said "a third time" before), in every language."""
    g = table(LOOP, repetitions=times)
    moves = (ROUND * 4)[:played]
    for text in moves[:-1]:
        g.play(text)
        assert not g.is_over
    g.play(moves[-1])
    assert g.is_over and g.result.draw and g.result.reason_id == "repetition" and said in g.result.reason
    assert ("third" in g.result.reason) == (times == 3)
    assert g.result.reason_in("fr") != g.result.reason and g.result.reason_in("de") != g.result.reason
    assert (str(times) in g.result.reason_in("fr")) == (times != 3)



@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), times=st.integers(2, 4))
def test_the_pruned_repetition_record_draws_when_the_whole_history_would(seed, times):
    """A state keeps only the positions recorded with its deck and hole cards (both only shrink):
    the draw comes exactly when the position's count over the whole game reaches ``repetitions``,
    as a record of every position recorded since the deal would find it."""
    g = dn.new_game(RB, players=2, seed=seed, options={"repetitions": times, "turn_limit": 2_000})
    rng = random.Random(seed)
    while not g.is_over:
        g.play(rng.choice(g.legal_moves()))
    recorded = []  # every position recorded when the pile emptied, in order, none dropped
    first_repeat = None
    for before, after in pairwise(g.states()):
        if after.seen != before.seen:
            recorded.append(after.seen[-1])
            if first_repeat is None and recorded.count(after.seen[-1]) >= times:
                first_repeat = after
    drawn = [s for s in g.states() if s.result is not None and s.result.reason_id == "repetition"]
    assert drawn == ([first_repeat] if first_repeat is not None else [])
    assert (g.result.reason_id == "repetition") == (first_repeat is not None)

def test_turn_limit_is_a_draw():
    g = dn.new_game(RB, players=2, seed=4, options={"turn_limit": 5})
    rng = random.Random(4)
    for _ in range(5):
        g.play(rng.choice(g.legal_moves()))
    assert g.is_over and g.result.draw and "turn limit" in g.result.reason and g.result.reason_id == "turn-limit"


# --------------------------------------------------------------------------- views

def test_views_hide_hands_and_face_down_cards():
    g = dn.new_game(RB, players=2, seed=11)
    s = g.state
    for me in (0, 1, None):
        view = s.view(me)
        data = view.to_dict()
        shown = [c for h in data["hands"] if h for c in h] + [c for row in data["holes"] for c in row if c]
        for seat in range(2):
            if seat != me:
                assert view.hands[seat] is None and data["hands"][seat] is None
            for slot in (0, 2, 4):
                assert data["holes"][seat][slot] == "down"
                assert s.holes[seat][slot].code not in shown
            for slot in (1, 3):
                assert data["holes"][seat][slot] == s.holes[seat][slot].code
        assert data["total"] == 0 and data["deck_count"] == 34
    teach = s.view(0, reveal_hands=True).to_dict()
    assert teach["hands"][1] == [c.code for c in s.hands[1]]
    assert all(teach["holes"][p][i] == "down" for p in (0, 1) for i in (0, 2, 4))


# --------------------------------------------------------------------------- the rule-of-thumb player

@pytest.mark.parametrize("position, expected, words", [
    ({"hands": [["9H", "6D", "RJ", "3C"], ["9S"]], "pile": ["6C", "5D"]}, "P1 play 6♦", "exactly 17"),
    ({"hands": [["4H", "2D", "RJ"], ["9S"]], "pile": ["6C", "5D"]}, "P1 play 4♥", "highest"),
    ({"hands": [["9H", "RJ"], ["9S"]], "pile": ["6C", "5D"]}, "P1 play RJ=6", "wild"),
    ({"hands": [[], ["9S"]], "holes": [[None, "9H", "8C"], []], "pile": ["6C", "5D"]}, "P1 hole 3", "face-down"),
])
def test_rule_of_thumb_choices(position, expected, words):
    g = table(position)
    choice = make_agent("rule-of-thumb", RB, 1).choose(g.state)
    assert str(choice.move) == expected and words in str(choice.why)


def test_rule_of_thumb_swaps_low_cards_face_up():
    g = table({"hands": [["AC", "9D", "9H", "9S", "RJ"], ["5C", "5D", "5H", "5S", "6C"]],
               "holes": [["2C", "10H", "3C", "8H", "4C"], ["2D", "3D", "4D", "6D", "7D"]], "phase": "swap"})
    choice = make_agent("rule-of-thumb", RB, 1).choose(g.state)
    assert str(choice.move) == "P1 swap A♣ 10♥" and choice.why


# --------------------------------------------------------------------------- properties over random games

def candidates(state: rb.RatBastardState) -> set[RatMove]:
    """Moves to ask ``explain`` about: every action for both players, the cards anywhere in view
    and a few others, values in and out of range, every hole position."""
    cards = set(state.pile[-2:]) | set(state.deck[-2:])
    for seat in range(2):
        cards |= set(state.hands[seat]) | {c for c in state.holes[seat] if c is not None}
    values = (None, 0, 1, 5, 10, 11)
    targets = {state.holes[p][i] for p in (0, 1) for i in rb.UP_SLOTS} | set(state.deck[-2:])
    moves: set[RatMove] = set()
    for p in (0, 1):
        moves |= {RatMove(p, "take"), RatMove(p, "keep"), RatMove(p, "take", next(iter(cards)))}
        for card in cards:
            moves |= {RatMove(p, "play", card, v) for v in (range(0, 12) if rb.is_wild(card, state.options)
                                                             else values)}
        for card in state.hands[0] + state.hands[1] + state.deck[-1:]:
            moves |= {RatMove(p, "swap", card, other=other) for other in targets if other is not None}
        for position in range(0, rb.ROW + 2):
            moves |= {RatMove(p, "hole", None, v, position) for v in (None, *range(0, 12))}
    return moves




def check_state(state: rb.RatBastardState, full_pack: Counter) -> None:
    assert Counter(state.all_cards()) == full_pack
    legal = state.legal_moves()
    assert len(legal) == len(set(legal))
    cands = candidates(state)
    assert set(legal) <= cands
    said_legal = {m for m in cands if state.explain(m).legal}
    assert said_legal == set(legal)
    for move in legal:
        assert dn.GAMES[RB].parse_move(str(move)) == move
        verdict = state.explain(move)
        assert verdict.reasons and all(r.rule_id in rb.CATALOGUE.rules for r in verdict.reasons)
    for seat in (0, 1):
        view = state.view(seat).to_dict()
        assert view["hands"][1 - seat] is None
        for p in (0, 1):
            for i, card in enumerate(state.holes[p]):
                if card is not None and i not in rb.UP_SLOTS:
                    assert view["holes"][p][i] == "down"


def play_out(seed: int, options: dict, agent: str = "random", check: bool = True) -> dn.Game:
    g = dn.new_game(RB, players=2, seed=seed, options=options)
    full_pack = Counter(rb.pack(g.options))
    agents = [make_agent(agent, RB, seed + i) for i in (0, 1)]
    rng = random.Random(seed)
    while not g.is_over:
        state = g.state
        if check:
            check_state(state, full_pack)
            illegal = [m for m in candidates(state) if m not in set(state.legal_moves())]
            bad = rng.choice(illegal)
            with pytest.raises(dn.IllegalMove):
                g.play(bad)
            assert g.state is state
        choice = agents[state.current_player].choose(state)
        assert choice.move in state.legal_moves() and choice.why
        g.play(choice.move)
    assert Counter(g.state.all_cards()) == full_pack
    assert g.result is not None and (g.result.draw or g.result.order)
    return g


SETTINGS = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
OPTION_SETS = st.sampled_from(VALUE_OPTIONS + [{"over_after_deck": "whole-pile"}])


#: Each example plays and replays a game of up to 300 moves, checked at every move (about 0.7 CPU
#: s): ``make test`` plays 10 (30 took 22 CPU s), ``make fuzz`` 300.
@settings(SETTINGS, max_examples=300 if FUZZ else 10)
@given(seed=st.integers(0, 10_000), options=OPTION_SETS)
def test_random_games_keep_every_promise(seed, options):
    g = play_out(seed, {**options, "turn_limit": 300})
    again = dn.load_record(g.to_record())
    assert again.states() == g.states()
    assert [s.result for s in again.states()] == [s.result for s in g.states()]


@SETTINGS
@given(seed=st.integers(0, 10_000), options=st.sampled_from(VALUE_OPTIONS))
def test_rule_of_thumb_games_end(seed, options):
    g = play_out(seed, options, agent="rule-of-thumb", check=False)
    assert g.is_over
    record = g.to_record()
    assert dn.load_record(record).state == g.state


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_undo_redo_and_events_in_history(seed):
    g = dn.new_game(RB, players=2, seed=seed)
    rng = random.Random(seed)
    seen_pick = False
    while not g.is_over and len(g.history) < 60:
        events = g.play(rng.choice(g.legal_moves()))
        seen_pick |= any(e.kind == "pick" for e in events)
    assert seen_pick  # the draw for first player is in the history
    before = g.state
    g.undo()
    g.redo()
    assert g.state == before


def test_record_text_uses_the_notation():
    g = dn.new_game(RB, players=2, seed=5)
    g.play("P1 keep")
    g.play("P2 keep")
    g.play(g.legal_moves()[0])
    record = g.to_record()
    assert record["moves"][:2] == ["P1 keep", "P2 keep"]
    assert re.fullmatch(r"P[12] (play \S+|take|hole \d(=\d+)?)", record["moves"][2])
    assert dn.load_record(record).state == g.state

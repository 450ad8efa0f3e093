"""Bastard ("hässlich"): a scenario for every rule (legal and illegal, with the rule cited),
every scoring case of rulings BA-d to BA-g, 3- and 4-player deals, matches of several deals,
and properties of random matches checked against independent re-computations."""

from __future__ import annotations

import json
import random
import re
from collections import Counter

import pytest
from hypothesis import given, settings, strategies as st

import danish_nb as dn
from danish_nb.agents import make_agent
from danish_nb.cards import SUITS, Card, Suit, parse_cards, standard_pack
from danish_nb.core import option_infos, source_text
from danish_nb.families.shedding import ShedMove
from danish_nb.families.tricks import Match, TrickMove
from danish_nb.games.bastard import CATALOGUE, MAX_DEALS, Options, deal_state, match_result, score_player
from helpers import said

BA = "bastard"
C = Card.parse
SOURCE = "4-bastard-haesslich.de.txt"


def table(position: dict, **options) -> dn.Game:
    return dn.setup(BA, position, options or None)


def verdict(game: dn.Game, text: str) -> tuple[bool, str, str | None]:
    """(legal, cited rule id, ruling id) of a move's verdict."""
    v = game.explain(text)
    reason = v.reasons[-1]
    return v.legal, reason.rule_id, reason.ruling.id if reason.ruling else None


def codes(cards) -> list[str]:
    return sorted(c.code for c in cards)


#: Before the trump call, four players, two cards each; the last seat (P4) dealt.
OPENING = {"hands": [["2H", "AS"], ["KH", "3C"], ["4H", "5C"], ["6H", "7C"]]}


# --------------------------------------------------------------------------- the catalogue

def _flat(text: str) -> str:
    return " ".join(text.split())


def test_every_rule_quotes_its_source_sentence_and_says_what_it_means():
    source = _flat(source_text(SOURCE))
    assert len(CATALOGUE) == 19
    for rule in CATALOGUE:
        assert _flat(rule.quote) in source, rule.id
        assert rule.english and rule.source == SOURCE
        assert rule.enforced or "ruling BA-" in rule.note


def test_every_ruling_of_the_register_is_an_option_or_a_documented_ruling():
    ids = set(CATALOGUE.rulings)
    assert {f"BA-{x}" for x in "abcdefgh"} <= ids
    for ruling in CATALOGUE.rulings.values():
        assert all(rule in CATALOGUE.rules for rule in ruling.rules)
    by_option = {info.name: info.ruling for info in option_infos(Options)}
    assert by_option == {"points_per_trick": "BA-d", "both_sevens_per_trick": "BA-g", "deals": "BA-h",
                         "target_score": "BA-h"}
    for ruling in by_option.values():
        assert CATALOGUE.ruling(ruling).option in by_option


def test_the_game_is_registered_in_the_trick_family():
    assert dn.GAMES[BA].family == "tricks"
    assert (dn.GAMES[BA].min_players, dn.GAMES[BA].max_players) == (3, 4)


# --------------------------------------------------------------------------- pack and deal (BA-1, BA-2, BA-5, BA-7)

def test_four_players_are_dealt_13_cards_each_from_the_full_pack():
    g = dn.new_game(BA, players=4, seed=1)
    assert [len(h) for h in g.state.hands] == [13] * 4
    assert Counter(g.state.all_cards()) == Counter(standard_pack())


def test_three_players_are_dealt_17_each_without_the_queen_of_spades():
    g = dn.new_game(BA, players=3, seed=1)
    assert [len(h) for h in g.state.hands] == [17] * 3
    assert C("QS") not in g.state.all_cards() and len(set(g.state.all_cards())) == 51


def test_the_queen_of_spades_is_not_in_a_three_player_position():
    with pytest.raises(dn.OptionsError, match="Q♠ is not in the 3-player pack"):
        table({"hands": [["QS"], ["2C"], ["3C"]]})


@pytest.mark.parametrize("players", [2, 5])
def test_bastard_takes_three_or_four_players(players):
    with pytest.raises(dn.OptionsError, match="3 to 4 players"):
        dn.new_game(BA, players=players)


def test_the_same_seed_deals_the_same_cards_and_another_seed_others():
    assert dn.new_game(BA, 4, seed=5).state == dn.new_game(BA, 4, seed=5).state
    assert dn.new_game(BA, 4, seed=5).state.hands != dn.new_game(BA, 4, seed=6).state.hands


# --------------------------------------------------------------------------- naming trumps
# (BA-6, BA-8, ruling BA-b, BA-i)

def test_the_last_seat_deals_first_and_p1_names_trumps():
    g = dn.new_game(BA, players=4, seed=2)
    assert (g.state.match.dealer, g.current_player, g.state.phase) == (3, 0, "trump")
    assert set(map(str, g.legal_moves())) == {"P1 trump clubs", "P1 trump diamonds", "P1 trump hearts",
                                              "P1 trump spades", "P1 trump none"}


def test_the_player_left_of_the_dealer_names_a_suit():
    g = table(OPENING)
    assert verdict(g, "P1 trump hearts") == (True, "BA-8", "BA-b")
    events = g.play("P1 trump hearts")
    assert [(e.kind, e.rule.id) for e in events] == [("trump", "BA-8")]
    assert g.state.trumps.suit is Suit.HEARTS and g.current_player == 0


def test_the_caller_may_declare_no_trumps():
    g = table(OPENING)
    assert verdict(g, "P1 trump none") == (True, "BA-8", "BA-b")
    g.play("P1 trump none")
    assert g.state.trumps.suit is None and g.state.view(0).trump_name == "no trumps"


def test_only_the_player_left_of_the_dealer_names_trumps():
    g = table(OPENING)
    assert verdict(g, "P2 trump hearts") == (False, "BA-8", "BA-b")
    g2 = table({**OPENING, "dealer": 1})
    assert g2.current_player == 2 and verdict(g2, "P3 trump clubs")[0]
    assert verdict(g2, "P1 trump clubs") == (False, "BA-8", "BA-b")


def test_no_card_is_played_before_trumps_are_named():
    g = table(OPENING)
    assert verdict(g, "P1 play AS") == (False, "BA-8", "BA-b")


def test_trumps_are_named_once_a_deal():
    g = table(OPENING)
    g.play("P1 trump hearts")
    legal, rule, _ = verdict(g, "P1 trump spades")
    assert (legal, rule) == (False, "BA-8")
    assert "named already" in str(g.explain("P1 trump spades"))


# --------------------------------------------------------------------------- leading (BA-9, BA-12)

def test_the_trump_caller_leads_any_card():
    g = table(OPENING)
    g.play("P1 trump hearts")
    assert verdict(g, "P1 play AS") == (True, "BA-9", "BA-b")
    assert verdict(g, "P1 play 2H") == (True, "BA-9", "BA-b")


def test_a_card_not_held_cannot_be_led():
    g = table(OPENING)
    g.play("P1 trump hearts")
    legal, rule, _ = verdict(g, "P1 play 7C")
    assert (legal, rule) == (False, "BA-9")
    assert said("does not hold 7♣") in str(g.explain("P1 play 7C"))


def test_only_the_caller_leads_the_first_trick():
    g = table(OPENING)
    g.play("P1 trump hearts")
    assert verdict(g, "P2 play KH")[:2] == (False, "BA-9")


def test_the_winner_of_a_trick_leads_the_next():
    g = table(OPENING)
    for move in ("P1 trump hearts", "P1 play AS", "P2 play 3C", "P3 play 4H", "P4 play 6H"):
        events = g.play(move)
    trick = [e for e in events if e.kind == "trick"]
    assert len(trick) == 1 and trick[0].player == 3 and trick[0].rule.id == "BA-11"
    assert said("6♥ is the highest trump") in str(trick[0].text)
    assert g.current_player == 3
    assert verdict(g, "P4 play 7C") == (True, "BA-12", None)
    assert verdict(g, "P1 play 2H")[:2] == (False, "BA-12")


# --------------------------------------------------------------------------- following (BA-10, ruling BA-c)

def test_a_player_must_follow_the_suit_led():
    g = table(OPENING)
    g.play("P1 trump spades")
    g.play("P1 play 2H")
    assert verdict(g, "P2 play KH") == (True, "BA-10", None)
    assert verdict(g, "P2 play 3C") == (False, "BA-10", None)
    assert said("you must follow hearts: you hold K♥") in g.explain("P2 play 3C").reasons_in()


def test_a_player_without_the_suit_may_trump_or_discard():
    g = table(OPENING)
    g.play("P1 trump hearts")
    g.play("P1 play AS")
    assert verdict(g, "P2 play KH") == (True, "BA-10", "BA-c")
    assert verdict(g, "P2 play 3C") == (True, "BA-10", "BA-c")


def test_play_goes_clockwise():
    g = table(OPENING)
    g.play("P1 trump hearts")
    g.play("P1 play AS")
    assert verdict(g, "P3 play 4H")[:2] == (False, "BA-10")
    assert "P2 plays next" in str(g.explain("P3 play 4H"))


# --------------------------------------------------------------------------- winning tricks (BA-3, BA-11)

def _trick(trump: str, cards: str) -> dn.Event:
    g = table({"hands": [[code] for code in cards.split()], "trump": trump})
    for seat, code in enumerate(cards.split()):
        events = g.play(f"P{seat + 1} play {code}")
    return next(e for e in events if e.kind == "trick")


@pytest.mark.parametrize("trump, cards, winner, why", [
    ("none", "2S KS AS 3S", 2, "A♠ is the highest spade, the suit led"),      # aces high (BA-3)
    ("none", "KS AH QS 3S", 0, "K♠ is the highest spade, the suit led"),      # off-suit aces lose
    ("hearts", "KS 2H AS 3S", 1, "2♥ is the only trump"),
    ("hearts", "KS 2H AS KH", 3, "K♥ is the highest trump"),
    ("clubs", "5D 2D 3D 4D", 0, "5♦ is the highest diamond, the suit led"),
])
def test_the_trick_goes_to_the_highest_trump_or_the_highest_card_of_the_suit_led(trump, cards, winner, why):
    event = _trick(trump, cards)
    assert (event.player, event.rule.id) == (winner, "BA-11")
    assert said(why) in str(event.text) and codes(event.cards) == codes(parse_cards(cards))


def test_a_trick_in_three_players_game():
    g = table({"hands": [["AS"], ["2H"], ["KS"]], "trump": "hearts"})
    for move in ("P1 play AS", "P2 play 2H"):
        g.play(move)
    assert verdict(g, "P3 play KS") == (True, "BA-10", None)
    events = g.play("P3 play KS")
    assert [e.player for e in events if e.kind == "trick"] == [1]


# --------------------------------------------------------------------------- scoring
# (BA-13 to BA-18, rulings BA-d to BA-g)

@pytest.mark.parametrize("cards, tricks, options, points, rules, text", [
    ("2C 3C 4C 5C", 1, {}, 1, ["BA-13"], "P1: 1 trick × 1 point = +1"),
    ("2C 3C 4C 5C 6C 7H 8H 9H", 2, {"points_per_trick": 0}, 0, ["BA-13"], "P1: 2 tricks × 0 points = +0"),
    ("JS 2C 3C 4C", 1, {}, 0, ["BA-13", "BA-14"], "P1: J♠ -1"),
    ("JC 2C 3C 4C", 1, {}, -1, ["BA-13", "BA-14"], "P1: J♣ -2"),
    ("JD 2C 3C 4C", 1, {}, -2, ["BA-13", "BA-14"], "P1: J♦ -3"),
    ("JH 2C 3C 4C", 1, {}, -3, ["BA-13", "BA-14"], "P1: J♥ -4"),
    # jacks with the 7♦: doubled
    ("JD 7D 2C 3C", 1, {}, -5, ["BA-13", "BA-15"], "P1: J♦ -3, doubled by the 7♦ to -6"),
    ("JS JC JD JH 7D 2C 3C 4C", 2, {}, -18, ["BA-13"] + ["BA-15"] * 4, "P1: J♥ -4, doubled by the 7♦ to -8"),
    # jacks with the 7♦ and the 7♣: the charm cancels the doubling
    ("JD JH 7D 7C", 1, {}, -6, ["BA-13", "BA-17", "BA-17"], "P1: J♦ -3, not doubled, as the 7♣ cancels the 7♦"),
    # jacks with the 7♣ but not the 7♦: no effect
    ("JC 7C 2C 3C", 1, {}, -1, ["BA-13", "BA-14", "BA-17"], "P1: the 7♣ has no effect with jacks and without the 7♦"),
    # no jacks: the 7♦ pays 2 a trick, the 7♣ 4, both 4 by default (or 2, or 6)
    ("7D 2C 3C 4C", 3, {}, 6, ["BA-16"], "P1: the 7♦ but no jack, 3 tricks × 2 points = +6"),
    ("7C 2C 3C 4C", 3, {}, 12, ["BA-18"], "P1: the 7♣ but no jack, 3 tricks × 4 points = +12"),
    ("7C 7D 3C 4C", 3, {}, 12, ["BA-18"], "P1: the 7♣ and the 7♦ but no jack, 3 tricks × 4 points = +12"),
    ("7C 7D 3C 4C", 3, {"both_sevens_per_trick": 2}, 6, ["BA-18"], "3 tricks × 2 points = +6"),
    ("7C 7D 3C 4C", 3, {"both_sevens_per_trick": 6}, 18, ["BA-18"], "3 tricks × 6 points = +18"),
    ("7D 2C 3C 4C", 3, {"points_per_trick": 0}, 6, ["BA-16"], "3 tricks × 2 points = +6"),
    ("JD 2C 3C 4C", 1, {"points_per_trick": 0}, -3, ["BA-13", "BA-14"], "P1: J♦ -3"),
    ("", 0, {}, 0, ["BA-13"], "P1: no tricks, no points"),
])
def test_scoring(cards, tricks, options, points, rules, text):
    lines = score_player(0, parse_cards(cards), tricks, Options(**options))
    assert sum(line.points for line in lines) == points
    assert [line.rule_id for line in lines] == rules
    assert any(said(text) in str(line.text) for line in lines), [str(line.text) for line in lines]


#: The last trick of a 3-player deal: P1 leads A♠ and wins it. Won before: P1 J♦ 7♦ (jack
#: doubled), P2 the 7♣ and no jack (4 a trick), P3 J♥ J♠.
LAST_TRICK = {"hands": [["AS"], ["2S"], ["3S"]], "trump": "none",
              "won": [[["JD", "7D", "2C"]], [["7C", "3C", "4C"], ["5C", "6C", "8C"]], [["JH", "JS", "9C"]]]}


def _finish(game: dn.Game) -> list[dn.Event]:
    events: list[dn.Event] = []
    for move in ("P1 play AS", "P2 play 2S", "P3 play 3S"):
        events += game.play(move)
    return events


def test_a_deal_is_scored_line_by_line_and_the_match_ends():
    g = table(LAST_TRICK, deals=1)
    events = _finish(g)
    scored = [(e.kind, e.player, e.rule.id) for e in events if e.kind == "score"]
    assert scored == [("score", 0, "BA-13"), ("score", 0, "BA-15"), ("score", 1, "BA-18"),
                      ("score", 2, "BA-13"), ("score", 2, "BA-14"), ("score", 2, "BA-14")]
    deal = g.state.deal_scores[0]
    assert deal.points == (-4, 8, -4)
    assert deal.explanation(0) == [said(t) for t in ("P1: 2 tricks × 1 point = +2",
                                                      "P1: J♦ -3, doubled by the 7♦ to -6",
                                                      "P1: deal total -4")]
    assert deal.explanation(2) == [said(t) for t in ("P3: 1 trick × 1 point = +1", "P3: J♠ -1", "P3: J♥ -4",
                                                      "P3: deal total -4")]
    assert [e.kind for e in events][-2:] == ["deal-scored", "end"]
    assert events[-1].rule.id == "BA-19"
    assert g.is_over and g.result.scores == (-4, 8, -4) and g.result.order[0] == 1
    assert g.result.reason.startswith("P2 wins with 8 points") and g.result.reason_id == "points"
    assert g.legal_moves() == [] and verdict(g, "P1 play AS")[:2] == (False, "BA-19")


def test_after_a_deal_the_next_player_deals_and_the_totals_carry_over():
    g = table({**LAST_TRICK, "scores": [1, 2, 3], "seed": 9})
    events = _finish(g)
    state = g.state
    assert events[-1].kind == "deal" and events[-1].rule.id == "BA-7"
    assert (state.match.deal, state.match.dealer, state.current_player, state.phase) == (1, 0, 1, "trump")
    assert state.scores == (-3, 10, -1)
    assert state.view(0).score_table() == [(1, (-4, 8, -4), (-3, 10, -1))]
    assert [len(h) for h in state.hands] == [17] * 3 and not any(state.won)
    assert state.hands == deal_state(Options(), 3, Match(9, 1, 0, (-3, 10, -1))).hands
    other = table({**LAST_TRICK, "seed": 10})
    _finish(other)
    assert other.state.hands != state.hands


def test_a_match_has_one_deal_per_player_by_default():
    for players in (3, 4):
        g = dn.new_game(BA, players=players, seed=players)
        _play(g, random.Random(1))
        assert len(g.state.deal_scores) == players
        assert [d.dealer for d in g.state.deal_scores] == [(players - 1 + k) % players for k in range(players)]
        table_rows = g.state.view(0).score_table()
        assert [row[0] for row in table_rows] == list(range(1, players + 1))
        assert table_rows[-1][2] == g.result.scores


def test_the_deals_option_sets_the_length_of_a_match():
    g = dn.new_game(BA, players=4, seed=3, options={"deals": 2})
    _play(g, random.Random(2))
    assert len(g.state.deal_scores) == 2


def test_a_target_score_plays_deals_until_someone_reaches_it():
    g = dn.new_game(BA, players=3, seed=4, options={"target_score": 8})
    assert g.state.view(0).deals is None
    _play(g, random.Random(3))
    history = g.state.deal_scores
    running = [0, 0, 0]
    for deal in history[:-1]:
        running = [a + b for a, b in zip(running, deal.points)]
        assert max(running) < 8
    assert max(g.result.scores) >= 8 or len(history) == MAX_DEALS


def test_equal_highest_totals_share_first_place():
    result = match_result((3, 5, 5, -2))
    assert result.draw and result.order == (1, 2, 0, 3)
    assert result.reason.startswith("P2 and P3 share first place with 5 points") and result.reason_id == "tie"
    assert not match_result((3, 6, 5)).draw


# --------------------------------------------------------------------------- options and bad input

@pytest.mark.parametrize("options, message", [
    ({"deals": -1}, "'deals' must be from 0 to 60"),
    ({"deals": 61}, "'deals' must be from 0 to 60"),
    ({"target_score": 10**100}, "'target_score' must be from 0 to 1,000"),
    ({"target_score": -5}, "'target_score' must be from 0 to 1,000"),
    ({"points_per_trick": 2}, "must be one of"),
    ({"both_sevens_per_trick": 5}, "must be one of"),
    ({"trumps": True}, "unknown option"),
])
def test_bad_options_are_refused(options, message):
    with pytest.raises(dn.OptionsError, match=message):
        dn.new_game(BA, players=4, options=options)


@pytest.mark.parametrize("position, message", [
    ({"hands": [["2C"], ["3C"]]}, "3 or 4 players"),
    ({"hands": [["2C"], ["2C"], ["3C"]], "trump": "none"}, "2♣ more than once"),
    ({"hands": [["2C"], ["3C", "4C"], ["5C"]], "trump": "none"}, "hands must be even"),
    ({"hands": [["2C"], ["3C"], ["5C"]], "trump": "purple"}, "not a trump call"),
    ({"hands": [["2C"], ["3C"], ["5C"]], "trump": 3}, "suit name"),
    ({"hands": [["2C"], ["3C"], []], "trick": ["5C"], "leader": 2}, "before the trump call"),
    ({"hands": [["2C"], ["3C"], ["5C"]], "leader": 1}, "leader is the dealer's left-hand player"),
    ({"hands": [["2C"], ["3C"], ["5C"]], "trump": "none", "leader": 1}, "leader is the dealer's left"),
    ({"hands": [["2C"], ["3C"], ["5C"]], "trump": "none", "trick": ["6C", "7C", "8C"]}, "unfinished trick"),
    ({"hands": [["2C"], ["3C"], ["5C"]], "colour": "red"}, "unknown position keys"),
    ({"hands": [["2C"], ["3C"], ["5C"]], "dealer": 3}, "'dealer'"),
    ({"hands": [["2C"], ["3C"], ["5C"]], "scores": [1, 2]}, "'scores'"),
    ({"hands": [["2C"], ["3C"], ["5C"]], "deal": 3}, "this match has 3 deals"),
    ({"hands": [["2C"], ["3C"], ["XX"]]}, "is not a card"),
    ({"hands": [[], [], []], "trump": "none"}, "needs cards in hand"),
    ({"hands": [["2C"], ["3C"], ["5C"]], "trump": "none", "won": [[["6C", "7C"]], [], []]}, "3 cards"),
])
def test_bad_positions_are_refused(position, message):
    with pytest.raises(dn.OptionsError, match=message):
        table(position)


def test_moves_of_other_games_and_unknown_actions_are_illegal():
    g = table(OPENING)
    assert not g.state.explain(ShedMove(0, "play", (C("2H"),))).legal
    assert g.state.explain(TrickMove(0, "pass")).rule_ids == ("BA-10",)
    with pytest.raises(dn.MoveParseError):
        g.play("P1 pass")
    with pytest.raises(dn.IllegalMove):
        g.play(ShedMove(0, "take"))


def test_an_illegal_move_raises_with_its_verdict_and_changes_nothing():
    g = table(OPENING)
    g.play("P1 trump hearts")
    g.play("P1 play 2H")
    before = g.state
    with pytest.raises(dn.IllegalMove) as caught:
        g.play("P2 play 3C")
    assert caught.value.verdict.rule_ids == ("BA-10",) and not caught.value.verdict.legal
    assert g.state is before and len(g.history) == 2


def test_undo_and_redo_cross_a_trick():
    g = table(OPENING)
    for move in ("P1 trump hearts", "P1 play AS", "P2 play 3C", "P3 play 4H", "P4 play 6H"):
        g.play(move)
    after = g.state
    g.undo()
    assert g.current_player == 3 and len(g.state.trick) == 3
    g.redo()
    assert g.state == after


def test_views_show_only_the_viewers_hand():
    g = dn.new_game(BA, players=4, seed=8)
    view = g.state.view(2)
    assert view.hand == g.state.hands[2]
    assert [h is None for h in view.hands] == [True, True, False, True]
    assert view.hand_counts == (13,) * 4
    assert all(h is not None for h in g.state.view(2, reveal_hands=True).hands)
    assert g.state.view(None).hand is None


# --------------------------------------------------------------------------- random matches

RANKS = {str(r): r for r in range(2, 11)} | {"J": 11, "Q": 12, "K": 13, "A": 14}
JACKS = {"JS": 1, "JC": 2, "JD": 3, "JH": 4}
CODE = re.compile(r'"((?:10|[2-9JQKA])[CDHS])"')


def _play(game: dn.Game, rng: random.Random, agents: tuple = ()) -> dn.Game:
    while not game.is_over:
        seat = game.current_player
        if agents and agents[seat] is not None:
            move = agents[seat].choose(game.state).move
        else:
            move = rng.choice(game.legal_moves())
        game.play(move)
    return game


def reference_winner(plays: list[tuple[int, str]], trump: str | None) -> int:
    """The trick's winner, worked out here from the cards (independently of the engine)."""
    led = plays[0][1][-1]
    trumps = [p for p in plays if p[1][-1] == trump]
    pool = trumps or [p for p in plays if p[1][-1] == led]
    return max(pool, key=lambda p: RANKS[p[1][:-1]])[0]


def reference_points(cards: list[str], tricks: int, options: Options) -> int:
    """A player's deal score worked out here from the cards they took."""
    if not tricks:
        return 0
    penalty = sum(JACKS.get(c, 0) for c in cards)
    nasty, charm = "7D" in cards, "7C" in cards
    if not penalty and (nasty or charm):
        per = options.both_sevens_per_trick if nasty and charm else (4 if charm else 2)
        return tricks * per
    return tricks * options.points_per_trick - (2 if nasty and not charm else 1) * penalty


def candidates(state) -> list:
    """The viewer's hand as plays, some cards not held, every trump call, and the same by
    other players."""
    p = state.current_player
    hand = state.hands[p]
    moves = dict.fromkeys(state.legal_moves())
    moves.update(dict.fromkeys(TrickMove(p, "play", c) for c in hand))
    others = [c for c in standard_pack() if c not in hand]
    moves.update(dict.fromkeys(TrickMove(p, "play", c) for c in others[::13]))
    moves.update(dict.fromkeys(TrickMove(p, "trump", None, s) for s in (*SUITS, None)))
    for other in range(state.players + 1):
        if other != p:
            moves.update(dict.fromkeys(m._replace(player=other) for m in list(moves)[:6]))
    moves[TrickMove(p, "pass")] = None
    moves[TrickMove(p, "play")] = None
    return list(moves)


matches = st.tuples(st.integers(0, 10_000), st.sampled_from((3, 4)),
                    st.sampled_from(({"deals": 1}, {}, {"points_per_trick": 0, "both_sevens_per_trick": 6},
                                     {"deals": 2, "both_sevens_per_trick": 2})),
                    st.booleans())


def _random_match(seed: int, players: int, options: dict, smart: bool) -> dn.Game:
    g = dn.new_game(BA, players=players, seed=seed, options=options)
    agents = tuple(make_agent("rule-of-thumb", BA, seed) if smart and seat % 2 else None
                   for seat in range(players)) if smart else ()
    return _play(g, random.Random(seed), agents)


@settings(max_examples=30, deadline=None)
@given(matches)
def test_random_matches_conserve_cards_and_score_what_was_taken(match):
    seed, players, options, smart = match
    g = _random_match(seed, players, options, smart)
    opts = Options(**options)
    deals = opts.deals or players
    pack = Counter(c for c in standard_pack() if players == 4 or c != C("QS"))
    assert len(g.history) == deals * (1 + len(pack))                 # every match ends, on time
    trump, plays = None, []
    taken = [[] for _ in range(players)]
    counts = [0] * players
    totals = [0] * players
    deal = 0
    for state in g.states():
        assert Counter(state.all_cards()) == pack                     # cards conserved in every deal
    for step in g.history:
        if step.move.action == "trump":
            trump = None if step.move.suit is None else step.move.suit.value
        else:
            plays.append((step.move.player, step.move.card.code))
        tricks = [e for e in step.events if e.kind == "trick"]
        assert len(tricks) == (len(plays) == players)
        if tricks:                                                    # exactly one winner, by the rules
            assert tricks[0].player == reference_winner(plays, trump)
            assert sorted(c.code for c in tricks[0].cards) == sorted(c for _, c in plays)
            taken[tricks[0].player] += [c for _, c in plays]
            counts[tricks[0].player] += 1
            plays = []
        if any(e.kind == "deal-scored" for e in step.events):
            expected = [reference_points(taken[s], counts[s], opts) for s in range(players)]
            score = step.state.deal_scores[deal]
            assert list(score.points) == expected
            assert [sum(line.points for line in score.lines if line.player == s) for s in range(players)] == expected
            assert sum(counts) == len(pack) // players
            totals = [a + b for a, b in zip(totals, expected)]
            assert list(step.state.scores) == totals
            taken, counts, deal = [[] for _ in range(players)], [0] * players, deal + 1
    assert deal == deals
    assert g.result.scores == tuple(totals)
    assert totals[g.result.order[0]] == max(totals)


@settings(max_examples=20, deadline=None)
@given(matches)
def test_legal_moves_are_exactly_the_candidates_explain_allows_and_illegal_ones_change_nothing(match):
    seed, players, options, smart = match
    g = _random_match(seed, players, {**options, "deals": 1}, smart)
    replay = dn.Game(g.rules, g.initial_state, options=g.options, players=players, seed=seed)
    for state in g.states()[:-1]:
        cands = candidates(state)
        legal = [m for m in cands if state.explain(m).legal]
        assert set(legal) == set(state.legal_moves())
        assert all(r.rule_id in CATALOGUE.rules for m in cands for r in state.explain(m).reasons)
        for move in [m for m in cands if m not in legal][:3]:
            before = replay.state
            with pytest.raises(dn.IllegalMove):
                replay.play(move)
            assert replay.state is before
            assert replay.state == state
        replay.play(g.history[len(replay.history)].move)
    assert replay.state == g.state


@settings(max_examples=15, deadline=None)
@given(matches)
def test_records_replay_every_state(match):
    seed, players, options, smart = match
    g = _random_match(seed, players, options, smart)
    record = json.loads(json.dumps(g.to_record()))
    again = dn.load_record(record)
    assert again.states() == g.states()
    assert [str(step.move) for step in again.history] == record["moves"]
    assert all(g.parse_move(str(step.move)) == step.move for step in g.history)


@settings(max_examples=15, deadline=None)
@given(matches)
def test_views_hide_the_other_hands(match):
    seed, players, options, smart = match
    g = _random_match(seed, players, {**options, "deals": 1}, smart)
    for state in g.states()[::3]:
        for seat in range(players):
            view = state.view(seat)
            shown = Counter(CODE.findall(json.dumps(view.to_dict())))
            public = [p.card for p in state.trick] + list(state.last_trick.cards if state.last_trick else ()) \
                + [c for trick in state.tricks for c in trick.cards]  # the deal's tricks, which the viewer saw
            allowed = Counter(c.code for c in state.hands[seat] + tuple(public))
            assert not shown - allowed
            assert all(h is None for s, h in enumerate(view.hands) if s != seat)


def test_a_match_from_a_record_position_replays():
    g = table({**LAST_TRICK, "seed": 4})
    _finish(g)
    _play(g, random.Random(0))
    again = dn.load_record(g.to_record())
    assert again.states() == g.states()


def test_a_malformed_record_is_refused():
    g = dn.new_game(BA, players=3, seed=1)
    record = g.to_record()
    record["moves"] = ["P2 trump hearts"]
    with pytest.raises(dn.RecordError, match="does not replay"):
        dn.load_record(record)


def test_score_lines_cite_the_rulings_they_follow():
    """Issue 18: BA-13 says only that the players count "die Punkte" of their tricks; a point per
    trick is ruling BA-d's reading, and what the 7♦ pays without jacks ("zwei positive Punkte"
    for each trick, BA-16) and whose jacks it doubles is ruling BA-f's."""
    assert "zählen die Spieler die Punkte" in CATALOGUE["BA-13"].quote
    assert "zwei positive Punkte" in CATALOGUE["BA-16"].quote
    g = table({"hands": [["2S"], ["3S"], ["4S"]], "trump": "spades", "leader": 2,
               "won": [[["7D", "2C", "3C"]], [["JD", "4C", "5C"]], [["5D", "6C", "8C"]]]})
    for move in ("P3 play 4S", "P1 play 2S", "P2 play 3S"):
        events = g.play(move)
    cited = {str(e.text): (e.rule.id, e.ruling.id if e.ruling else None) for e in events if e.kind == "score"}
    assert cited[said("P1: the 7♦ but no jack, 1 trick × 2 points = +2")] == ("BA-16", "BA-f")
    assert cited["P2: 1 trick × 1 point = +1"] == ("BA-13", "BA-d")
    assert cited[said("P2: J♦ -3")] == ("BA-14", "BA-e")
    assert cited["P3: 2 tricks × 1 point = +2"] == ("BA-13", "BA-d")
    line = next(e for e in events if e.kind == "score" and e.player == 0)
    assert line.text_for(1) == said("P1: the 7♦ but no jack, 1 trick × 2 points = +2 (rule BA-16) [ruling BA-f]")

"""Sjavs: a scenario for every rule (legal and illegal, with the rule cited): the trump order
and following with permanent trumps, each bid and the obligation to bid, the skat exchange,
the leads, every scoring case, the variants; and properties of random matches checked against
independent re-computations (card points, cards, legal moves, records, views)."""

from __future__ import annotations

import json
import random
import re
from collections import Counter

import pytest
from hypothesis import given, settings, strategies as st

import danish_nb as dn
from danish_nb.agents import make_agent
from danish_nb.cards import SUITS, Card, Suit, parse_cards, shuffled
from danish_nb.core import option_infos, source_text
from danish_nb.families.shedding import ShedMove
from danish_nb.families.tricks import Match, TrickMove, by_suit, deal_seed, parse_trick_move
from danish_nb.games.sjavs import CATALOGUE, Options, card_points, deal, layout, match_result, score_deal
from helpers import said

SJ = "sjavs"
C = Card.parse
SOURCE = "5-sjavs-penguin-p77.en.txt"
FULL = [f"{r}{s}" for s in "CDHS" for r in ("10", "J", "Q", "K", "A")]


def table(position: dict, **options) -> dn.Game:
    return dn.setup(SJ, position, options or None)


def verdict(game: dn.Game, text: str) -> tuple[bool, str, str | None]:
    """(legal, cited rule id, ruling id) of a move's verdict."""
    v = game.explain(text)
    reason = v.reasons[-1]
    return v.legal, reason.rule_id, reason.ruling.id if reason.ruling else None


def codes(cards) -> list[str]:
    return sorted(c.code for c in cards)


def play_all(game: dn.Game, *moves: str) -> list[dn.Event]:
    events: list[dn.Event] = []
    for move in moves:
        events += game.play(move)
    return events


#: A full 3-player deal (P3 dealt): P1 holds 1 trump, P2 2, P3 6 (so P3 must bid if nobody has).
AUCTION = {"hands": [["QC", "AH", "10H", "KH", "AS", "10S"], ["QS", "JC", "AD", "10D", "KD", "KS"],
                     ["JS", "JH", "JD", "AC", "KC", "10C"]], "skat": ["QH", "QD"]}
#: Three trumps each and none in the skat: everyone may pass.
NOBODY = {"hands": [["QC", "QS", "JC", "AH", "10H", "KH"], ["JS", "JH", "JD", "AD", "10D", "KD"],
                    ["AC", "KC", "10C", "AS", "10S", "KS"]], "skat": ["QH", "QD"]}


def with_hand(first: str, players: int = 3, **options) -> dict:
    """A full deal where P1 holds ``first``; the other cards fill the other hands, then the skat."""
    plan = layout(players, Options(**options))
    mine = parse_cards(first)
    rest = [c.code for c in plan.pack if c not in mine]
    size = plan.hand_size
    hands = [[c.code for c in mine]] + [rest[k * size:(k + 1) * size] for k in range(players - 1)]
    return {"hands": hands, "skat": rest[(players - 1) * size:]}


# --------------------------------------------------------------------------- the catalogue

def _flat(text: str) -> str:
    return " ".join(text.split())


def test_every_rule_quotes_its_source_sentence():
    source = _flat(source_text(SOURCE))
    assert len(CATALOGUE) == 25
    for rule in CATALOGUE:
        assert _flat(rule.quote) in source, rule.id
        assert rule.source == SOURCE and rule.title


def test_every_ruling_of_the_register_is_an_option_or_a_documented_ruling():
    assert {f"SJ-{x}" for x in "abcdefghij"} == set(CATALOGUE.rulings)
    for ruling in CATALOGUE.rulings.values():
        assert ruling.rules and all(rule in CATALOGUE.rules for rule in ruling.rules)
    by_option = {info.name: info.ruling for info in option_infos(Options)}
    assert by_option == {"red_queens": "SJ-g", "four_player_deal": "SJ-h", "farvesjavs": "SJ-i",
                         "last_points": "SJ-f", "max_deals": "SJ-j"}
    for name, ruling in by_option.items():
        assert CATALOGUE.ruling(ruling).option == name


def test_the_game_is_registered_in_the_trick_family():
    rules = dn.GAMES[SJ]
    assert (rules.family, rules.min_players, rules.max_players) == ("tricks", 3, 4)


# --------------------------------------------------------------------------- pack and deal
# (SJ-3, SJ-4, SJ-5, SJ-21, SJ-23, SJ-24)

@pytest.mark.parametrize("players, options, hand, skat, cards, points", [
    (3, {}, 6, 2, 20, 120),
    (3, {"red_queens": False}, 5, 3, 18, 114),
    (4, {}, 4, 2, 18, 114),
    (4, {"four_player_deal": "no-skat"}, 5, 0, 20, 120),
])
def test_each_deal_gives_the_pages_counts(players, options, hand, skat, cards, points):
    g = dn.new_game(SJ, players=players, seed=4, options=options)
    assert [len(h) for h in g.state.hands] == [hand] * players and len(g.state.skat) == skat
    everything = g.state.all_cards()
    assert len(set(everything)) == len(everything) == cards
    assert card_points(everything) == points
    assert (C("QH") in everything) == (cards == 20)


def test_the_pack_is_ace_king_queen_jack_ten_of_each_suit():
    assert codes(dn.new_game(SJ, 3, seed=1).state.all_cards()) == sorted(FULL)


def test_the_same_seed_deals_the_same_cards():
    assert dn.new_game(SJ, 3, seed=5).state == dn.new_game(SJ, 3, seed=5).state
    assert dn.new_game(SJ, 3, seed=5).state.hands != dn.new_game(SJ, 3, seed=6).state.hands


def test_the_deal_goes_in_batches_with_the_skat_after_the_first():
    hands, skat = deal(3, Options(), 11, 0)
    deck = list(shuffled(layout(3, Options()).pack, 11))[::-1]          # dealt from the top (the end)
    assert set(hands[0]) == set(deck[0:3] + deck[11:14]) and set(skat) == set(deck[9:11])


@pytest.mark.parametrize("players", [2, 5])
def test_sjavs_takes_three_or_four_players(players):
    with pytest.raises(dn.OptionsError, match="3 to 4 players"):
        dn.new_game(SJ, players=players)


def test_the_last_seat_deals_first_and_eldest_bids_first():
    g = dn.new_game(SJ, 3, seed=2)
    assert (g.state.match.dealer, g.current_player, g.state.phase) == (2, 0, "bid")
    assert g.state.scores == (65, 65, 65)                                  # SJ-16


# --------------------------------------------------------------------------- trumps (SJ-1, SJ-2, SJ-14, ruling SJ-a)

def _trick(cards: str, contract: str = "strike", **options) -> dn.Event:
    """Play one trick from one-card hands; P1 is the soloist of a Strike and leads."""
    hands = [[code] for code in cards.split()]
    trump = options.pop("trump_suit", None)
    plan = layout(3, Options(**options))
    rest = [c.code for c in plan.pack if c.code not in cards.split()]
    position = {"hands": hands, "skat": rest[:plan.skat], "contract": contract, "soloist": 0}
    if trump:
        position["trump"] = trump
    g = table(position, **options)
    events = play_all(g, *(f"P{seat + 1} play {code}" for seat, code in enumerate(cards.split())))
    return next(e for e in events if e.kind == "trick")


@pytest.mark.parametrize("cards, winner, why", [
    ("QS QC AC", 1, "Q♣ is the highest trump"),
    ("JC QS AC", 1, "Q♠ is the highest trump"),
    ("JS JC JH", 1, "J♣ is the highest trump"),
    ("JH JS AC", 1, "J♠ is the highest trump"),
    ("JD JH 10C", 1, "J♥ is the highest trump"),
    ("AC JD KC", 1, "J♦ is the highest trump"),
    ("KC 10C AC", 2, "A♣ is the highest trump"),
    ("10C KC AH", 1, "K♣ is the highest trump"),
    ("AH 10C KH", 1, "10♣ is the only trump"),
    ("AH JD KH", 1, "J♦ is the only trump"),
    ("QS AS KS", 0, "Q♠ is the only trump"),                 # the queen of spades is a trump
    ("10H QH KH", 2, "K♥ is the highest heart"),              # plain suits: A K Q 10
    ("QH 10H AS", 0, "Q♥ is the highest heart"),
    ("10S AS KS", 1, "A♠ is the highest spade"),
    ("KS AH 10S", 0, "K♠ is the highest spade"),             # off-suit aces lose
])
def test_the_trump_order_and_the_plain_suits(cards, winner, why):
    event = _trick(cards)
    assert (event.player, event.rule.id) == (winner, "SJ-14")
    assert said(why) in str(event.text)


def test_the_queen_of_spades_does_not_follow_spades():
    g = table({"hands": [["KH"], ["QS", "KS"], ["10S", "AH"]], "skat": ["AD", "KD"], "contract": "strike",
               "soloist": 0, "trick": ["AS"]})
    assert verdict(g, "P2 play QS") == (False, "SJ-13", "SJ-a")
    said_now = g.explain("P2 play QS").reasons_in()
    assert said("you must follow spades: you hold K♠, as Q♠ counts as trumps (clubs)") in said_now
    assert verdict(g, "P2 play KS") == (True, "SJ-13", None)


def test_without_a_spade_the_queen_of_spades_trumps():
    g = table({"hands": [["AS", "KH"], ["QS", "AH"], ["10S", "10H"]], "skat": ["AD", "KD"],
               "contract": "strike", "soloist": 0})
    g.play("P1 play AS")
    assert verdict(g, "P2 play QS")[:2] == (True, "SJ-13")
    assert "no spades in hand" in g.explain("P2 play QS").reasons_in() and verdict(g, "P2 play AH")[0]


def test_a_permanent_trump_follows_when_trumps_are_led():
    g = table({"hands": [["AC", "KH"], ["JH", "AH"], ["KC", "10H"]], "skat": ["AD", "KD"],
               "contract": "strike", "soloist": 0})
    g.play("P1 play AC")
    assert verdict(g, "P2 play JH") == (True, "SJ-13", "SJ-a")
    assert said("J♥ follows trumps (clubs), as J♥ counts as trumps (clubs)") in g.explain("P2 play JH").reasons_in()
    assert verdict(g, "P2 play AH") == (False, "SJ-13", None)
    assert said("you must follow trumps (clubs): you hold J♥") in g.explain("P2 play AH").reasons_in()


def test_the_winner_of_a_trick_leads_the_next():
    g = table({"hands": [["KH"], ["10S", "AH"], ["10H"]], "skat": ["AD", "KD"],
               "contract": "strike", "soloist": 2, "leader": 2, "trick": ["KS", "AS"],
               "won": [[], [], [["QC", "QS", "JC"], ["JS", "JH", "JD"], ["AC", "KC", "10C"],
                                ["QD", "10D", "QH"]]]})
    events = g.play("P2 play 10S")
    assert [e.player for e in events if e.kind == "trick"] == [0] and g.current_player == 0
    assert verdict(g, "P1 play KH") == (True, "SJ-15", "SJ-e")
    assert verdict(g, "P2 play AH")[:2] == (False, "SJ-15")


def test_play_goes_clockwise():
    g = table({"hands": [["AS"], ["10S"], ["KS"]], "skat": ["AD", "KD"], "contract": "strike", "soloist": 0})
    g.play("P1 play AS")
    assert verdict(g, "P3 play KS")[:2] == (False, "SJ-13")
    assert "P2 plays next" in str(g.explain("P3 play KS"))


def test_a_card_not_held_cannot_be_played():
    g = table({"hands": [["AS"], ["10S"], ["KS"]], "skat": ["AD", "KD"], "contract": "strike", "soloist": 0})
    assert verdict(g, "P1 play AH") == (False, "SJ-12", None)
    assert said("does not hold A♥") in str(g.explain("P1 play AH"))


# --------------------------------------------------------------------------- the auction (SJ-6 to SJ-11, ruling SJ-b)

def test_eldest_may_pass_or_make_any_bid():
    g = table(AUCTION)
    assert set(map(str, g.legal_moves())) == {"P1 pass", "P1 bid play", "P1 bid strike", "P1 bid slam"}
    assert verdict(g, "P1 pass") == (True, "SJ-6", "SJ-b")


@pytest.mark.parametrize("bid, rule, text", [
    ("play", "SJ-8", "P1 bids Play: to take at least 61 card points after taking the skat and discarding 2"),
    ("strike", "SJ-9", "P1 bids Strike: to take at least 61 card points without exchanging"),
    ("slam", "SJ-11", "P1 bids Slam: to win all 6 tricks without exchanging"),
])
def test_each_bid_says_what_it_undertakes(bid, rule, text):
    g = table(AUCTION)
    assert verdict(g, f"P1 bid {bid}") == (True, rule, "SJ-d")
    assert text in str(g.explain(f"P1 bid {bid}"))


@pytest.mark.parametrize("first, second", [("play", "play"), ("strike", "play"), ("strike", "strike")])
def test_a_bid_must_be_higher_than_any_before(first, second):
    g = table(AUCTION)
    g.play(f"P1 bid {first}")
    assert verdict(g, f"P2 bid {second}") == (False, "SJ-6", "SJ-b")
    assert "higher than any before: P1 bid" in str(g.explain(f"P2 bid {second}"))


def test_bids_go_in_turn_and_a_pass_is_final():
    g = table(AUCTION)
    assert verdict(g, "P2 bid play") == (False, "SJ-6", "SJ-b")
    play_all(g, "P1 pass", "P2 bid play", "P3 bid strike")
    assert g.current_player == 1                                   # P1 passed: skipped
    assert "P1 bid slam" not in map(str, g.legal_moves())
    events = g.play("P2 pass")
    assert [e.kind for e in events][:2] == ["pass", "auction"]
    assert (g.state.soloist, g.state.contract, g.state.phase, g.current_player) == (2, "strike", "play", 2)


def test_a_slam_ends_the_auction_at_once():
    g = table(AUCTION)
    events = play_all(g, "P1 bid play", "P2 bid slam")
    assert [(e.kind, e.rule.id) for e in events if e.rule][-3:] == [("bid", "SJ-11"), ("auction", "SJ-11"),
                                                                    ("lead", "SJ-12")]
    assert (g.state.soloist, g.state.contract, g.current_player) == (1, "slam", 1)


def test_a_player_with_four_or_more_trumps_must_bid_when_nobody_has():
    g = table(AUCTION)
    play_all(g, "P1 pass", "P2 pass")
    assert verdict(g, "P3 pass") == (False, "SJ-7", "SJ-b")
    assert "P3 holds 6 trumps and nobody has bid: P3 must bid" in str(g.explain("P3 pass"))
    assert "P3 pass" not in map(str, g.legal_moves())
    with pytest.raises(dn.IllegalMove):
        g.play("P3 pass")
    g2 = table(AUCTION)
    play_all(g2, "P1 bid play", "P2 pass")
    assert verdict(g2, "P3 pass") == (True, "SJ-6", "SJ-b")      # somebody has bid already


@pytest.mark.parametrize("hand, obliged", [
    ("QC QS JC AH 10H KH", False),     # three trumps
    ("QC QS JC 10C AH KH", True),      # four
    ("JD JH AS KS 10S AH", False),
])
def test_the_obligation_starts_at_four_trumps(hand, obliged):
    g = table(with_hand(hand))
    assert verdict(g, "P1 pass")[:2] == ((False, "SJ-7") if obliged else (True, "SJ-6"))


def test_in_farvesjavs_the_obligation_counts_the_best_suit():
    position = with_hand("JD AH KH 10H AS KS")
    assert verdict(table(position), "P1 pass")[0]
    g = table(position, farvesjavs=True)
    assert verdict(g, "P1 pass") == (False, "SJ-7", "SJ-b")
    assert "4 trumps (if hearts were trumps)" in str(g.explain("P1 pass"))


def test_when_everyone_passes_the_same_dealer_deals_again():
    g = table({**NOBODY, "seed": 3})
    events = play_all(g, "P1 pass", "P2 pass", "P3 pass")
    assert [(e.kind, e.rule.id) for e in events] == [("pass", "SJ-6")] * 3 + [("throw-in", "SJ-6"), ("deal", "SJ-4")]
    state = g.state
    assert (state.match.deal, state.match.dealer, state.phase, state.current_player) == (1, 2, "bid", 0)
    assert (state.hands, state.skat) == deal(3, Options(), deal_seed(3, 1), 0)
    assert state.scores == (65, 65, 65)
    row = state.deal_scores[0]
    assert row.points == (0, 0, 0) and "thrown in and P3 deals again (ruling SJ-c)" in str(row.lines[0].text)


def test_no_card_is_played_during_the_auction():
    g = table(AUCTION)
    assert verdict(g, "P1 play AH") == (False, "SJ-6", "SJ-b")
    assert verdict(g, "P1 discard AH KH") == (False, "SJ-6", "SJ-b")


# --------------------------------------------------------------------------- the exchange and the leads
# (SJ-8 to SJ-12, ruling SJ-d, SJ-e)

def test_the_soloist_of_a_play_takes_the_skat_and_discards_two():
    g = table(AUCTION)
    events = play_all(g, "P1 pass", "P2 bid play", "P3 pass")
    assert [e.kind for e in events][-2:] == ["auction", "skat"]
    state = g.state
    assert state.phase == "discard" and g.current_player == 1 and state.skat == ()
    assert codes(state.hands[1]) == codes(parse_cards("QS JC AD 10D KD KS QH QD"))
    assert len(g.legal_moves()) == 28                                  # any two of eight
    assert verdict(g, "P2 discard QD QH") == (True, "SJ-8", "SJ-d")
    assert verdict(g, "P2 discard AH KD") == (False, "SJ-8", "SJ-d")
    assert said("does not hold A♥") in str(g.explain("P2 discard AH KD"))
    assert verdict(g, "P2 discard KD")[:2] == (False, "SJ-8")
    assert "exactly 2 cards" in str(g.explain("P2 discard KD"))
    assert verdict(g, "P2 play KD")[:2] == (False, "SJ-8")
    assert verdict(g, "P1 discard AH KH")[:2] == (False, "SJ-8")
    g.play("P2 discard 10D KD")
    assert g.state.skat == (C("10D"), C("KD")) and len(g.state.hands[1]) == 6
    assert g.current_player == 0                                       # eldest leads to a Play
    assert verdict(g, "P1 play AH") == (True, "SJ-12", "SJ-e")
    assert verdict(g, "P2 play QS")[:2] == (False, "SJ-12")


def test_a_discard_written_out_of_hand_order_is_read_in_order():
    move = dn.GAMES[SJ].parse_move("P2 discard KD 10D")
    assert str(move) == "P2 discard 10♦ K♦"
    g = table(AUCTION)
    play_all(g, "P1 pass", "P2 bid play", "P3 pass")
    reversed_move = TrickMove(1, "discard", cards=(C("KD"), C("10D")))
    assert g.state.explain(reversed_move).legal  # the order cards are named in does not matter
    g.play(reversed_move)
    assert g.history[-1].move == move._replace(player=1) and str(g.history[-1].move) == "P2 discard 10♦ K♦"


def test_strike_and_slam_play_without_exchange_and_the_soloist_leads():
    for bid in ("strike", "slam"):
        g = table(AUCTION)
        play_all(g, "P1 pass", f"P2 bid {bid}", *(["P3 pass"] if bid == "strike" else []))
        assert g.state.phase == "play" and g.current_player == 1
        assert g.state.skat == (C("QD"), C("QH")) and len(g.state.hands[1]) == 6
        assert verdict(g, "P2 play QS") == (True, "SJ-12", "SJ-e")
        assert "the soloist leads to a" in g.explain("P2 play QS").reasons_in()
        assert verdict(g, "P1 play AH")[:2] == (False, "SJ-12")
        assert verdict(g, "P2 discard QS JC")[:2] == (False, "SJ-6")


def test_without_the_red_queens_the_soloist_discards_three():
    g = table(with_hand("QC QS JC JS 10C", red_queens=False), red_queens=False)
    play_all(g, "P1 bid play", "P2 pass", "P3 pass")
    assert len(g.state.hands[0]) == 8 and len(g.legal_moves()) == 56
    assert verdict(g, "P1 discard 10C JC")[:2] == (False, "SJ-8")
    assert "exactly 3 cards" in str(g.explain("P1 discard 10C JC"))


def test_four_players_without_a_skat_play_a_play_without_exchange():
    g = table(with_hand("QC QS JC JS 10C", players=4, four_player_deal="no-skat"), four_player_deal="no-skat")
    assert "there is no skat to exchange" in str(g.explain("P1 bid play"))
    play_all(g, "P1 bid play", "P2 pass", "P3 pass", "P4 pass")
    assert g.state.phase == "play" and g.current_player == 0 and g.state.skat == ()


def test_four_players_with_the_short_pack_one_soloist_against_three():
    g = dn.new_game(SJ, players=4, seed=3)
    assert g.state.eldest == 0 and g.state.layout.target == 59
    while g.state.phase == "bid":
        g.play(g.legal_moves()[-1] if g.current_player == 1 else
               next((m for m in g.legal_moves() if m.action == "pass"), g.legal_moves()[0]))
    assert g.state.soloist is not None


def test_clubs_are_always_trumps_unless_farvesjavs():
    g = table(AUCTION)
    assert verdict(g, "P1 trump hearts")[:2] == (False, "SJ-6")
    play_all(g, "P1 bid strike", "P2 pass", "P3 pass")
    assert verdict(g, "P1 trump hearts") == (False, "SJ-1", None)


# --------------------------------------------------------------------------- Farvesjavs (SJ-25, ruling SJ-i)

def test_in_farvesjavs_the_soloist_names_any_suit_then_takes_the_skat():
    g = table(AUCTION, farvesjavs=True)
    assert g.state.trumps is None
    play_all(g, "P1 bid play", "P2 pass", "P3 pass")
    assert g.state.phase == "trump" and g.current_player == 0
    assert set(map(str, g.legal_moves())) == {f"P1 trump {s}" for s in ("clubs", "diamonds", "hearts", "spades")}
    assert verdict(g, "P1 trump none") == (False, "SJ-25", "SJ-i")
    assert verdict(g, "P2 trump hearts") == (False, "SJ-25", "SJ-i")
    assert verdict(g, "P1 play AH") == (False, "SJ-25", "SJ-i")
    assert verdict(g, "P1 trump hearts") == (True, "SJ-25", "SJ-i")
    assert said("A♥ K♥ Q♥ 10♥ are trumps below the six permanent trumps") in str(g.explain("P1 trump hearts"))
    events = g.play("P1 trump hearts")
    assert [e.kind for e in events] == ["trump", "skat"] and g.state.phase == "discard"
    assert g.state.trumps.suit is Suit.HEARTS
    assert verdict(g, "P1 trump spades")[:2] == (False, "SJ-25")


@pytest.mark.parametrize("cards, winner, why", [
    ("AC KC QC", 2, "Q♣ is the only trump"),               # clubs are a plain suit, Q♣ still a trump
    ("10H QH KH", 2, "K♥ is the highest trump"),
    ("AH JD QS", 2, "Q♠ is the highest trump"),
    ("AS QH KS", 1, "Q♥ is the only trump"),
])
def test_in_farvesjavs_the_named_suit_ranks_below_the_permanent_trumps(cards, winner, why):
    event = _trick(cards, farvesjavs=True, trump_suit="hearts")
    assert event.player == winner and said(why) in str(event.text)


def test_in_farvesjavs_a_club_follows_clubs_and_the_queen_of_clubs_does_not():
    g = table({"hands": [["AC", "KH"], ["QC", "KC"], ["10C", "10H"]], "skat": ["AD", "KD"],
               "contract": "strike", "soloist": 0, "trump": "hearts"}, farvesjavs=True)
    g.play("P1 play AC")
    assert verdict(g, "P2 play QC") == (False, "SJ-13", "SJ-a")
    assert verdict(g, "P2 play KC") == (True, "SJ-13", None)


# --------------------------------------------------------------------------- scoring
# (SJ-10, SJ-16 to SJ-22, ruling SJ-f)

def won_by(soloist_cards: str, opponent_cards: str, players: int = 3, soloist: int = 0) -> tuple:
    """Won tricks: the soloist's cards in threes, the opponents' in threes given to the next seat."""
    def tricks(text: str) -> tuple:
        cards = parse_cards(text)
        return tuple(cards[k:k + players] for k in range(0, len(cards), players))
    won = [() for _ in range(players)]
    won[soloist] = tricks(soloist_cards)
    won[(soloist + 1) % players] = tricks(opponent_cards)
    return tuple(won)


def score(contract: str, soloist_cards: str, opponent_cards: str, skat: str, scores=(65, 65, 65),
          exchanged: bool = False, **options):
    opts = Options(**options)
    return score_deal(soloist=0, contract=contract, won=won_by(soloist_cards, opponent_cards),
                      out_of_play=parse_cards(skat), exchanged=exchanged, match=Match(0, 0, 2, scores),
                      plan=layout(3, opts), options=opts)


#: Opponents' cards worth 59, 60, 31, 30; the soloist holds the rest (with the skat Q♦ J♦ or 10♣ J♦).
OPP_59 = "AH AD 10H 10D KH KD KS QH JH"
OPP_60 = "AH AD 10H 10D KH KD KS QH QD"
OPP_31 = "AH 10H KH JH JD JS"
OPP_30 = "AH 10H QH JH JD JS"


def rest(*taken: str) -> str:
    used = {c.code for text in taken for c in parse_cards(text)}
    return " ".join(c for c in FULL if c not in used)


@pytest.mark.parametrize("contract, opp, skat, points, rules, text", [
    # the soloist wins a Play or Strike: 5 each, 10 under 31, 15 without a trick
    ("play", OPP_59, "QD JD", (0, -5, -5), ["SJ-17", "SJ-17"], "P2 deducts 5: P1 won the Play; the opponents took 59"),
    ("strike", OPP_31, "QD JD", (0, -5, -5), ["SJ-17", "SJ-17"], "the opponents took 31, at least 31"),
    ("play", OPP_30, "QD QS", (0, -10, -10),
     ["SJ-17", "SJ-17"], "P3 deducts 10: P1 won the Play; the opponents took 30, under 31"),
    ("strike", "", "QD JD", (0, -15, -15), ["SJ-17", "SJ-17"], "the opponents lost every trick"),
    # the soloist loses: 5 for a Play, 10 for a Strike, 15 for a Slam
    ("play", OPP_60, "AC JD", (-5, 0, 0), ["SJ-18"], "P1 deducts 5 for losing a Play"),
    ("strike", OPP_60, "AC JD", (-10, 0, 0), ["SJ-18"], "P1 deducts 10 for losing a Strike"),
    ("slam", OPP_30, "QD QS", (-15, 0, 0), ["SJ-18"], "P1 deducts 15 for losing a Slam"),
    ("slam", "", "QD JD", (0, -15, -15), ["SJ-17", "SJ-17"], "the opponents lost every trick"),
])
def test_scoring(contract, opp, skat, points, rules, text):
    deal_score = score(contract, rest(opp, skat), opp, skat)
    assert deal_score.points == points
    assert [line.rule_id for line in deal_score.lines if line.points] == rules
    assert any(text in str(line.text) for line in deal_score.lines), [str(line.text) for line in deal_score.lines]


def test_sixty_loses_and_sixty_one_wins_counting_the_cards_out_of_play():
    lost = score("play", rest(OPP_60, "AC JD"), OPP_60, "AC JD", exchanged=True)
    texts = [str(line.text) for line in lost.lines]
    assert said("P1 (Play): 3 of 6 tricks, 47 card points, plus 13 in the discards (A♣ J♦), making 60 in all") in texts
    assert "P1 took 60 against a target of 61: lost, 1 short" in texts
    won = score("strike", rest(OPP_59, "AC JD"), OPP_59, "AC JD")
    assert said("P1 (Strike): 3 of 6 tricks, 48 card points, "
                "plus 13 in the skat (A♣ J♦), making 61 in all") in [str(line.text) for line in won.lines]
    assert won.points == (0, -5, -5) and "the opponents (P2 and P3): 3 tricks, 59 card points" in \
        [str(line.text) for line in won.lines]


def test_a_slam_needs_every_trick_whatever_the_points():
    one_trick = "10S JS QS"
    s = score("slam", rest(one_trick, "QD JD"), one_trick, "QD JD")
    assert s.points == (-15, 0, 0)
    assert "In a Slam P1 must win every trick, and won 5 of 6: lost" in [str(line.text) for line in s.lines]


@pytest.mark.parametrize("opp, skat, points, rule, text", [
    ("AH AD AS 10H 10D JH", "QS JS JD", (0, -5, -5), "SJ-17", "P1 took 59 against a target of 59: won"),
    ("AH AD AS 10H 10D QS", "JH JS JD", (-10, 0, 0), "SJ-18", "P1 took 58 against a target of 59: lost, 1 short"),
    ("AH KH KD KS QS JH", "10S JS JD", (0, -10, -10), "SJ-22", "the opponents took 28, under 29"),
    ("AH 10H JH JD JS JC", "KS KH KD", (0, -5, -5), "SJ-17", "the opponents took 29, at least 29"),
])
def test_without_the_red_queens_the_target_is_59_and_double_under_29(opp, skat, points, rule, text):
    short = [c for c in FULL if c not in ("QH", "QD")]
    used = {c.code for c in parse_cards(opp + " " + skat)}
    mine = " ".join(c for c in short if c not in used)
    s = score("strike", mine, opp, skat, red_queens=False)
    assert s.points == points and rule in [line.rule_id for line in s.lines if line.points]
    assert any(text in str(line.text) for line in s.lines), [str(line.text) for line in s.lines]


def test_last_game_points_protect_an_opponent_but_not_a_losing_soloist():
    s = score("play", rest(OPP_30, "QD QS"), OPP_30, "QD QS", scores=(40, 10, 5), last_points=5)
    assert s.points == (0, -5, 0)
    assert [line.rule_id for line in s.lines if line.player != 0] == ["SJ-20", "SJ-20"]
    assert "P2 deducts 5, not 10: down to the last game points (5)" in str(s.lines[-2].text)
    off = score("play", rest(OPP_30, "QD QS"), OPP_30, "QD QS", scores=(40, 10, 5))
    assert off.points == (0, -10, -10)
    soloist = score("play", rest(OPP_60, "AC JD"), OPP_60, "AC JD", scores=(5, 65, 65), last_points=5)
    assert soloist.points == (-5, 0, 0)


#: The last trick of a Strike by P1 (P3 dealt): P1 leads Q♣ and wins it.
LAST_TRICK = {"hands": [["QC"], ["10S"], ["KS"]], "skat": ["QD", "JD"], "contract": "strike", "soloist": 0,
              "won": [[["QS", "JC", "JS"], ["AC", "KC", "10C"], ["JH", "AS", "QH"]],
                      [["AH", "10H", "KH"], ["AD", "10D", "KD"]], []]}


def test_a_deal_is_scored_line_by_line_and_the_next_dealer_deals():
    g = table({**LAST_TRICK, "seed": 9})
    events = play_all(g, "P1 play QC", "P2 play 10S", "P3 play KS")
    kinds = [e.kind for e in events]
    assert kinds[:4] == ["play", "play", "play", "trick"] and kinds[-2:] == ["deal-scored", "deal"]
    lines = [(e.player, e.rule.id) for e in events if e.kind == "score"]
    assert lines == [(0, "SJ-10"), (0, "SJ-3"), (0, "SJ-9"), (1, "SJ-17"), (2, "SJ-17")]
    deal_score = g.state.deal_scores[0]
    assert deal_score.points == (0, -5, -5)
    assert deal_score.explanation(0)[:3] == [said("P1 (Strike): 4 of 6 tricks, 65 card points, "
                                                  "plus 5 in the skat (J♦ Q♦), making 70 in all"),
                                             "the opponents (P2 and P3): 2 tricks, 50 card points",
                                             "P1 took 70 against a target of 61: won"]
    state = g.state
    assert (state.match.deal, state.match.dealer, state.phase, state.current_player) == (1, 0, "bid", 1)
    assert state.scores == (65, 60, 60)
    assert state.view(0).score_table() == [(1, (0, -5, -5), (65, 60, 60))]
    assert (state.hands, state.skat) == deal(3, Options(), deal_seed(9, 1), 1)


def test_one_trick_is_written_in_the_singular():
    """Issue 18: the score line said "1 tricks"."""
    won = [[["QS", "JC", "JS"], ["AC", "KC", "10C"], ["JH", "AS", "QH"], ["AH", "10H", "KH"]],
           [["AD", "10D", "KD"]], []]
    g = table({**LAST_TRICK, "won": won})
    events = play_all(g, "P1 play QC", "P2 play 10S", "P3 play KS")
    lines = [str(e.text) for e in events if e.kind == "score"]
    assert "the opponents (P2 and P3): 1 trick, 25 card points" in lines
    assert not any("1 tricks" in line for line in lines)


def test_the_first_to_reach_zero_loses():
    g = table({**LAST_TRICK, "scores": [30, 5, 65]})
    events = play_all(g, "P1 play QC", "P2 play 10S", "P3 play KS")
    assert events[-1].kind == "end" and events[-1].rule.id == "SJ-19"
    assert g.is_over and g.result.loser == 1 and g.result.scores == (30, 0, 60)
    assert g.result.reason.startswith("P2 reaches zero (0) and loses") and g.result.reason_id == "points"
    assert g.legal_moves() == [] and verdict(g, "P1 bid play")[:2] == (False, "SJ-19")


def test_with_last_game_points_the_opponent_stays_in():
    g = table({**LAST_TRICK, "scores": [30, 5, 65]}, last_points=5)
    play_all(g, "P1 play QC", "P2 play 10S", "P3 play KS")
    assert not g.is_over and g.state.scores == (30, 5, 60)


def test_two_reaching_zero_together_share_the_loss():
    result = match_result((40, -5, -5))
    assert result.draw and result.loser is None and result.reason.startswith("P2 and P3 reach zero together")
    assert result.reason_id == "tie"
    assert match_result((40, 0, -5)).loser == 2


def test_a_match_stops_after_max_deals():
    g = table(LAST_TRICK, max_deals=1)
    events = play_all(g, "P1 play QC", "P2 play 10S", "P3 play KS")
    assert g.is_over and "stops after 1 deal (ruling SJ-j)" in str(events[-1].text)  # not "1 deals" (issue 18)
    assert g.result.loser is None and g.result.draw              # P2 and P3 both at 60
    assert "P2 and P3 have the fewest game points together (60) and share the loss" in g.result.reason


# --------------------------------------------------------------------------- options and bad input

@pytest.mark.parametrize("options, message", [
    ({"max_deals": 0}, "'max_deals' must be from 1 to 1,000"),
    ({"max_deals": 10**9}, "'max_deals' must be from 1 to 1,000"),
    ({"last_points": 3}, "must be one of"),
    ({"four_player_deal": "3-3"}, "must be one of"),
    ({"red_queens": "no"}, "takes a bool"),
    ({"trumps": "hearts"}, "unknown option"),
])
def test_bad_options_are_refused(options, message):
    with pytest.raises(dn.OptionsError, match=message):
        dn.new_game(SJ, players=3, options=options)


@pytest.mark.parametrize("position, message", [
    ({"hands": [["QC"], ["AH"]]}, "3 or 4 players"),
    ({"hands": [["QC"], ["QC"], ["AH"]], "skat": ["AD", "KD"]}, "Q♣ more than once"),
    ({"hands": [["7C"], ["AH"], ["KH"]], "skat": ["AD", "KD"]}, "7♣ is not in this Sjavs pack"),
    ({**AUCTION, "skat": ["QH"], "hands": [h for h in AUCTION["hands"]]}, "2 cards of the skat"),
    ({"hands": [["QC", "QS"], ["AH"], ["KH"]], "skat": ["AD", "KD"]}, "hands must be even"),
    ({**AUCTION, "bids": ["pass", "double"]}, "position\\['bids'\\]"),
    ({**AUCTION, "bids": ["play", "pass", "pass"]}, "ends the auction"),
    ({**AUCTION, "soloist": 1}, "needs a 'contract'"),
    ({**AUCTION, "contract": "grand", "soloist": 0}, "one of play, strike, slam"),
    ({**AUCTION, "contract": "play"}, "position\\['soloist'\\] is a player"),
    ({**AUCTION, "contract": "play", "soloist": 1, "leader": 2}, "P1 leads"),
    ({**AUCTION, "contract": "play", "soloist": 1, "trump": "hearts"}, "clubs are trumps"),
    ({**AUCTION, "contract": "play", "soloist": 1, "phase": "trump"}, "only Farvesjavs"),
    ({**AUCTION, "contract": "strike", "soloist": 1, "phase": "discard"}, "only a Play"),
    ({**AUCTION, "contract": "play", "soloist": 1, "phase": "discard"}, "'skat' is empty"),
    ({**AUCTION, "contract": "play", "soloist": 1, "trick": ["AH", "AD", "AC"]}, "unfinished trick"),
    ({**AUCTION, "colour": "red"}, "unknown position keys"),
    ({**AUCTION, "scores": [65, 0, 65]}, "each above zero"),
])
def test_bad_positions_are_refused(position, message):
    with pytest.raises(dn.OptionsError, match=message):
        table(position)


def test_a_farvesjavs_position_in_play_needs_its_trump_suit():
    with pytest.raises(dn.OptionsError, match="needs 'trump'"):
        table({**AUCTION, "contract": "strike", "soloist": 1}, farvesjavs=True)
    g = table({**AUCTION, "contract": "strike", "soloist": 1, "phase": "trump"}, farvesjavs=True)
    assert g.current_player == 1 and verdict(g, "P2 trump spades")[0]


def test_a_discard_position():
    hands = [AUCTION["hands"][0], AUCTION["hands"][1] + AUCTION["skat"], AUCTION["hands"][2]]
    g = table({"hands": hands, "skat": [], "contract": "play", "soloist": 1, "phase": "discard"})
    assert g.current_player == 1 and len(g.legal_moves()) == 28


@pytest.mark.parametrize("text, message", [
    ("P1 bid double", "“bid” takes one bid \\(“play”, “strike” and “slam”\\)"),
    ("P1 bid", "“bid” takes one bid"),
    ("P1 discard", "“discard” takes the cards"),
    ("P1 discard 7X", "is not a card"),
    ("P1 pass now", "takes nothing after it"),
    ("P1 redouble", "unknown action"),
    ("P1 trump purple", "is not a trump call"),
])
def test_bad_move_text_gets_a_clear_error(text, message):
    g = table(AUCTION)
    before = g.state
    with pytest.raises(dn.MoveParseError, match=message):
        g.play(text)
    assert g.state is before


def test_moves_of_other_games_are_illegal_and_change_nothing():
    g = table(AUCTION)
    before = g.state
    assert g.state.explain(ShedMove(0, "play", (C("AH"),))).rule_ids == ("SJ-6",)
    assert not g.state.explain(TrickMove(0, "bid", bid="double")).legal
    assert not g.state.explain(TrickMove(0, "pass", bid="play")).legal
    with pytest.raises(dn.IllegalMove) as caught:
        g.play(ShedMove(0, "take"))
    assert not caught.value.verdict.legal and g.state is before


@pytest.mark.parametrize("text", ["P1 bid play", "P2 bid strike", "P3 bid slam", "P1 pass", "P4 trump hearts",
                                  "P2 discard 10♦ K♦", "P1 play Q♠", "P3 discard 10♣ J♣ A♥"])
def test_move_notation_round_trips(text):
    move = dn.GAMES[SJ].parse_move(text)
    assert str(move) == text and dn.GAMES[SJ].parse_move(str(move)) == move


def test_the_bastard_notation_is_unchanged():
    assert parse_trick_move("P1 play 7H") == TrickMove(0, "play", C("7H"))
    with pytest.raises(dn.MoveParseError, match="unknown action"):
        parse_trick_move("P1 bid play")


def test_a_record_of_a_set_up_auction_replays():
    g = table({**AUCTION, "bids": ["pass"], "seed": 5})
    assert g.current_player == 1 and g.state.bids == ((0, "pass"),)
    play_all(g, "P2 bid play", "P3 pass", "P2 discard 10D KD", "P1 play AH")
    again = dn.load_record(json.loads(json.dumps(g.to_record())))
    assert again.states() == g.states()


def test_undo_and_redo_cross_the_auction():
    g = table(AUCTION)
    play_all(g, "P1 pass", "P2 bid play", "P3 pass")
    after = g.state
    g.undo()
    assert g.state.phase == "bid" and g.current_player == 2
    g.redo()
    assert g.state == after


def test_views_hide_other_hands_and_the_skat():
    g = table(AUCTION)
    view = g.state.view(1)
    assert view.hand == g.state.hands[1] and view.skat is None and view.skat_count == 2
    assert [h is None for h in view.hands] == [True, False, True]
    assert g.state.view(1, reveal_hands=True).skat is None  # teaching mode shows hands, not the skat (SJ-5)
    play_all(g, "P1 pass", "P2 bid play", "P3 pass", "P2 discard QS JC")
    assert g.state.view(1).skat == (C("JC"), C("QS"))                 # the soloist knows the discards
    assert g.state.view(0).skat is None and g.state.view(None).skat is None
    data = g.state.view(0).to_dict()
    assert data["skat"] is None and data["bids"] == [[0, "pass"], [1, "play"], [2, "pass"]]
    assert data["soloist"] == 1 and data["target"] == "P2 plays a Play and must take at least 61 card points"


# --------------------------------------------------------------------------- the rule-of-thumb player

def choose(game: dn.Game) -> tuple[TrickMove, str]:
    choice = make_agent("rule-of-thumb", SJ, 1).choose(game.state)
    assert choice.move in game.legal_moves()
    return choice.move, choice.why_for(choice.move.player)


def test_it_bids_by_trumps_and_passes_a_weak_hand():
    move, why = choose(table(with_hand("QC JC JS JH 10C AH")))
    assert move == TrickMove(0, "bid", bid="play") and "worth up to a strike" in why
    move, why = choose(table(with_hand("QC QS JC JS 10C AC")))
    assert str(move) == "P1 bid play" and "worth up to a slam" in why
    move, why = choose(table(with_hand("JD AH KH 10S KS QH")))
    assert str(move) == "P1 pass" and why == "passes: the hand is not worth a bid"


def test_it_bids_the_lowest_bid_its_hand_is_worth_and_passes_when_outbid():
    g = table(AUCTION)
    play_all(g, "P1 pass", "P2 pass")
    move, why = choose(g)
    assert str(move) == "P3 bid play" and why == "bids play: its trumps and aces are worth up to a play"
    g2 = table(AUCTION)
    play_all(g2, "P1 pass", "P2 bid play")
    move, why = choose(g2)
    assert str(move) == "P3 pass" and why.endswith("the hand is worth only play")


def test_it_discards_side_points_and_keeps_trumps_and_aces():
    g = table(AUCTION)
    play_all(g, "P1 pass", "P2 bid play", "P3 pass")
    move, why = choose(g)
    assert str(move) == "P2 discard 10♦ K♦" and "banks 14 card points" in why


def test_it_names_the_suit_giving_the_most_trumps():
    g = table(with_hand("JD AH KH 10H AS KS"), farvesjavs=True)
    play_all(g, "P1 bid play", "P2 pass", "P3 pass")
    move, why = choose(g)
    assert str(move) == "P1 trump hearts" and why == "names hearts: the suit that gives it the most trumps"


def test_as_the_soloist_it_draws_trumps():
    g = table(AUCTION)
    play_all(g, "P1 pass", "P2 bid strike", "P3 pass")
    assert choose(g) == (TrickMove(1, "play", C("QS")), said("the soloist draws trumps: leads its highest, Q♠"))


def test_it_adds_points_to_a_trick_its_partner_wins():
    g = table({"hands": [["KS", "QH"], ["AS", "10S"], ["10H", "QD"]], "skat": ["AD", "KD"],
               "contract": "strike", "soloist": 0})
    play_all(g, "P1 play KS", "P2 play AS")
    move, why = choose(g)
    assert str(move) == "P3 play 10♥" and "its partner P2 is winning" in why
    g2 = table({"hands": [["KS", "QH"], ["AS", "10S"], ["10H", "QD"]], "skat": ["AD", "KD"],
                "contract": "strike", "soloist": 2, "leader": 0, "won": [[["QC", "QS", "JC"]], [], []]})
    play_all(g2, "P1 play KS")
    move, why = choose(g2)                                        # the soloist P3 has not played yet
    assert "partner" not in why


# --------------------------------------------------------------------------- random matches

OPTIONS = ({}, {"red_queens": False}, {"farvesjavs": True}, {"last_points": 5, "max_deals": 30},
           {"farvesjavs": True, "red_queens": False})
FOUR = ({}, {"four_player_deal": "no-skat"}, {"farvesjavs": True})
matches = st.one_of(st.tuples(st.integers(0, 10_000), st.just(3), st.sampled_from(OPTIONS), st.booleans()),
                    st.tuples(st.integers(0, 10_000), st.just(4), st.sampled_from(FOUR), st.booleans()))
CODE = re.compile(r'"((?:10|[JQKA])[CDHS])"')
POINTS = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2}


def _random_match(seed: int, players: int, options: dict, smart: bool, max_moves: int = 10_000) -> dn.Game:
    g = dn.new_game(SJ, players=players, seed=seed, options=options)
    rng = random.Random(seed)
    agents = [make_agent("rule-of-thumb", SJ, seed + s) if smart and s % 2 == 0 else None
              for s in range(players)]
    while not g.is_over and len(g.history) < max_moves:
        agent = agents[g.current_player]
        g.play(agent.choose(g.state).move if agent else rng.choice(g.legal_moves()))
    return g


def ref_points(cards) -> int:
    return sum(POINTS[c.code[:-1]] for c in cards)


@settings(max_examples=30, deadline=None)
@given(matches)
def test_random_matches_end_conserve_cards_and_score_what_was_taken(match):
    seed, players, options, smart = match
    g = _random_match(seed, players, options, smart)
    assert g.is_over                                                    # every match ends
    plan = layout(players, Options(**options))
    total = 114 if len(plan.pack) == 18 else 120
    states = g.states()
    for state in states:
        assert Counter(state.all_cards()) == Counter(plan.pack)        # cards conserved
        assert ref_points(state.all_cards()) == total                  # 120 (114) card points a deal
    game_points = [65] * players
    scored = 0
    for before, step in zip(states, g.history):
        if not any(e.kind == "deal-scored" for e in step.events):
            if any(e.kind == "throw-in" for e in step.events):
                assert all(b == "pass" for _, b in before.bids + ((step.move.player, "pass"),))
            continue
        trick = next(e for e in step.events if e.kind == "trick")
        won = [[c for t in w for c in t] for w in before.won]
        won[trick.player] += trick.cards
        solo = before.soloist
        mine = ref_points(won[solo]) + ref_points(before.skat)
        theirs = sum(ref_points(won[s]) for s in range(players) if s != solo)
        assert mine + theirs == total
        their_tricks = sum(len(before.won[s]) + (trick.player == s) for s in range(players) if s != solo)
        target, double = (61, 31) if total == 120 else (59, 29)
        success = their_tricks == 0 if before.contract == "slam" else mine >= target
        expected = [0] * players
        if success:
            loss = 15 if their_tricks == 0 else 10 if theirs < double else 5
            for s in range(players):
                if s != solo:
                    floor = options.get("last_points", 0)
                    expected[s] = -min(loss, game_points[s] - floor) if floor and game_points[s] - loss < floor \
                        else -loss
        else:
            expected[solo] = -{"play": 5, "strike": 10, "slam": 15}[before.contract]
        deal_score = step.state.deal_scores[-1]
        assert list(deal_score.points) == expected
        assert [sum(line.points for line in deal_score.lines if line.player == s) for s in range(players)] == expected
        game_points = [a + b for a, b in zip(game_points, expected)]
        assert list(step.state.scores) == game_points
        scored += 1
    assert scored == sum(1 for d in g.state.deal_scores if len(d.lines) > 1)
    assert g.result.scores == tuple(game_points)
    capped = len(g.state.deal_scores) >= Options(**options).max_deals
    assert min(game_points) <= 0 or capped
    assert g.result.order[-1] == g.result.loser or g.result.draw


def candidates(state) -> list:
    """Legal moves, and many that are not: every bid and pass, every trump call, discards of
    the wrong size, in the wrong order or of cards not held, plays of cards held and not held,
    and all of these by the other players."""
    p = state.current_player
    hand = state.hands[p]
    moves = dict.fromkeys(state.legal_moves())
    moves.update(dict.fromkeys(TrickMove(p, "bid", bid=b) for b in ("play", "strike", "slam", "double")))
    moves.update(dict.fromkeys((TrickMove(p, "pass"), TrickMove(p, "pass", bid="play"), TrickMove(p, "play"))))
    moves.update(dict.fromkeys(TrickMove(p, "trump", None, s) for s in (*SUITS, None)))
    moves.update(dict.fromkeys(TrickMove(p, "play", c) for c in hand))
    others = [c for c in map(C, FULL) if c not in hand]
    moves.update(dict.fromkeys(TrickMove(p, "play", c) for c in others[::4]))
    for size in (1, 2, 3):
        moves[TrickMove(p, "discard", cards=by_suit(hand[:size]))] = None
        moves[TrickMove(p, "discard", cards=tuple(reversed(by_suit(hand[-size:]))))] = None
    moves[TrickMove(p, "discard", cards=by_suit(others[:2]))] = None
    moves[TrickMove(p, "discard", cards=(hand[0], hand[0]))] = None
    for other in range(state.players + 1):
        if other != p:
            moves.update(dict.fromkeys(m._replace(player=other) for m in list(moves)[:8]))
    return list(moves)


@settings(max_examples=20, deadline=None)
@given(matches)
def test_legal_moves_are_exactly_the_candidates_explain_allows_and_illegal_ones_change_nothing(match):
    seed, players, options, smart = match
    g = _random_match(seed, players, options, smart, max_moves=120)
    replay = dn.Game(g.rules, g.initial_state, options=g.options, players=players, seed=seed)
    for state in g.states()[:-1]:
        cands = candidates(state)
        legal = [m for m in cands if state.explain(m).legal]
        # a discard may name its cards in any order: legal moves list each once, in hand order
        assert {m._replace(cards=by_suit(m.cards)) for m in legal} == set(state.legal_moves())
        assert all(r.rule_id in CATALOGUE.rules for m in cands for r in state.explain(m).reasons)
        for move in [m for m in cands if m not in legal][:3]:
            before = replay.state
            with pytest.raises(dn.IllegalMove) as caught:
                replay.play(move)
            assert not caught.value.verdict.legal and caught.value.verdict.rule_ids[0] in CATALOGUE.rules
            assert replay.state is before and replay.state == state
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
    assert all(g.parse_move(str(step.move)) == step.move for step in g.history)


@settings(max_examples=15, deadline=None)
@given(matches)
def test_views_hide_the_other_hands_and_the_skat(match):
    seed, players, options, smart = match
    g = _random_match(seed, players, options, smart, max_moves=150)
    for state in g.states():
        for seat in (*range(players), None):
            view = state.view(seat)
            shown = Counter(CODE.findall(json.dumps(view.to_dict())))
            public = [p.card for p in state.trick] + list(state.last_trick.cards if state.last_trick else ()) \
                + [c for trick in state.tricks for c in trick.cards]  # the deal's tricks, which the viewer saw
            own = state.hands[seat] if seat is not None else ()
            if state.is_over or (state.exchanged and seat == state.soloist):
                own += state.skat                                       # the deal is over, or its discards
            allowed = Counter(c.code for c in tuple(own) + tuple(public))
            assert not shown - allowed, (seat, shown - allowed)
            assert all(h is None for s, h in enumerate(view.hands) if s != seat)

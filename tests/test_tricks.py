"""The trick-taking family: trump orders (including cards that belong to another suit than
their printed one), following suit, trick winners, move notation, matches and views, and the
rule-of-thumb player for trick games."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings, strategies as st

import danish_nb as dn
from danish_nb.agents import make_agent, tricks as trick_agents
from danish_nb.agents.base import AGENTS
from danish_nb.cards import SUITS, Card, Suit, parse_cards, standard_pack
from danish_nb.checks import Why
from danish_nb.families.tricks import (
    DealScore,
    Match,
    Play,
    ScoreLine,
    TrickMove,
    Trumps,
    by_suit,
    deal_seed,
    follow_check,
    parse_trick_move,
    parse_trump,
    playable,
    score_reason,
    trick_winner,
)
from helpers import said

C = Card.parse
#: Sjavs' six permanent trumps, highest first (sources/README.md): the design case for a card
#: counted in another suit than its printed one.
SJAVS = Trumps(Suit.CLUBS, permanent=parse_cards("QC QS JC JS JH JD"))


def plays(text: str, leader: int = 0, players: int = 4) -> tuple[Play, ...]:
    return tuple(Play((leader + i) % players, card) for i, card in enumerate(parse_cards(text)))


# --------------------------------------------------------------------------- trump orders

def test_plain_suits_rank_aces_high_and_only_the_trump_suit_is_trump():
    t = Trumps(Suit.HEARTS)
    assert t.strength(C("AH")) > t.strength(C("KH")) > t.strength(C("10H")) > t.strength(C("2H"))
    assert t.is_trump(C("2H")) and not t.is_trump(C("AS"))
    assert t.suit_of(C("JH")) is Suit.HEARTS and t.name == "hearts"
    assert not any(Trumps(None).is_trump(c) for c in standard_pack())
    assert Trumps(None).name == "no trumps"


def test_permanent_trumps_belong_to_the_trump_suit():
    assert SJAVS.suit_of(C("JH")) is Suit.CLUBS
    assert SJAVS.suit_of(C("QS")) is Suit.CLUBS
    assert SJAVS.suit_of(C("QH")) is Suit.HEARTS  # the red queens stay in their suit
    assert SJAVS.is_trump(C("JD")) and SJAVS.is_trump(C("10C")) and not SJAVS.is_trump(C("AS"))
    order = [SJAVS.strength(c) for c in parse_cards("QC QS JC JS JH JD AC KC 10C")]
    assert order == sorted(order, reverse=True) and len(set(order)) == len(order)


def test_a_trumps_value_needs_a_suit_for_its_permanent_trumps():
    with pytest.raises(dn.OptionsError, match="permanent trumps need a trump suit"):
        Trumps(None, permanent=(C("JC"),))
    with pytest.raises(dn.OptionsError, match="four suits"):
        Trumps(Suit.RED)


def test_equal_trump_orders_compare_equal():
    assert Trumps(Suit.SPADES) == Trumps(Suit.SPADES) != Trumps(Suit.HEARTS)
    assert hash(Trumps(Suit.SPADES)) == hash(Trumps(Suit.SPADES))


# --------------------------------------------------------------------------- following suit

def test_must_follow_the_suit_led_when_held():
    hand = parse_cards("2H 9H AS")
    ok, why = follow_check(hand, C("AS"), plays("KH"), Trumps(Suit.SPADES))
    assert not ok and str(why) == "you must follow hearts: you hold the two of hearts and the nine of hearts"
    ok, why = follow_check(hand, C("9H"), plays("KH"), Trumps(Suit.SPADES))
    assert (ok, str(why)) == (True, said("9♥ follows hearts"))
    assert playable(hand, plays("KH"), Trumps(Suit.SPADES)) == parse_cards("2H 9H")


def test_a_void_player_may_play_any_card_trump_or_not():
    hand = parse_cards("2C AS")
    assert playable(hand, plays("KH"), Trumps(Suit.SPADES)) == hand
    ok, why = follow_check(hand, C("AS"), plays("KH"), Trumps(Suit.SPADES))
    assert ok and "no hearts in hand" in str(why) and "a trump" in str(why)
    assert follow_check(hand, C("2C"), plays("KH"), Trumps(Suit.SPADES))[0]


def test_any_card_may_lead():
    hand = parse_cards("2C AS")
    assert playable(hand, (), Trumps(None)) == hand
    assert follow_check(hand, C("2C"), (), Trumps(None))[0]


def test_a_permanent_trump_follows_the_trump_suit_not_its_printed_suit():
    hand = parse_cards("JH 9S")
    # hearts led: the J♥ is a club (trump), so this hand has no hearts and may play anything
    assert playable(hand, plays("AH"), SJAVS) == hand
    # clubs led: the J♥ must follow, the 9♠ may not
    assert playable(hand, plays("AC"), SJAVS) == (C("JH"),)
    ok, why = follow_check(hand, C("9S"), plays("AC"), SJAVS)
    assert not ok and str(why) == said("you must follow trumps (clubs): you hold J♥")
    ok, why = follow_check(parse_cards("JH 2H"), C("JH"), plays("AH"), SJAVS)
    assert not ok and said("you hold 2♥") in str(why) and said("J♥ counts as trumps (clubs)") in str(why)


def test_a_permanent_trump_led_calls_for_trumps():
    hand = parse_cards("10C AH")
    assert playable(hand, plays("JD"), SJAVS) == (C("10C"),)


# --------------------------------------------------------------------------- trick winners

@pytest.mark.parametrize("cards, trump, winner, why", [
    ("KS 2H AS 3S", None, 2, "A♠ is the highest spade, the suit led"),
    ("KS AH QS 3S", None, 0, "K♠ is the highest spade, the suit led"),
    ("KS 2H AS 3S", Suit.HEARTS, 1, "2♥ is the only trump"),
    ("KS 2H AS KH", Suit.HEARTS, 3, "K♥ is the highest trump"),
    ("5D 2D 3D 4D", Suit.CLUBS, 0, "5♦ is the highest diamond, the suit led"),
    ("2H AS KH 3H", Suit.HEARTS, 2, "K♥ is the highest trump"),
])
def test_trick_winner(cards, trump, winner, why):
    won, reason = trick_winner(plays(cards), Trumps(trump))
    assert (won.player, str(reason)) == (winner, said(why))


def test_permanent_trumps_beat_the_ace_of_trumps_and_rank_in_their_order():
    won, why = trick_winner(plays("AC JD KC", players=3), SJAVS)
    assert (won, str(why)) == (Play(1, C("JD")), said("J♦ is the highest trump"))
    assert trick_winner(plays("JD QC JH", players=3), SJAVS)[0].player == 1
    # a permanent trump on a heart lead trumps it, even though it is printed as a heart
    assert trick_winner(plays("AH JH KH", players=3), SJAVS)[0].player == 1


def test_the_winner_is_counted_from_the_leader_seat():
    won, _ = trick_winner(plays("2S AS 3S", leader=2, players=3), Trumps(None))
    assert won.player == 0


def test_an_empty_trick_has_no_winner():
    with pytest.raises(ValueError):
        trick_winner((), Trumps(None))


@settings(max_examples=60, deadline=None)
@given(st.permutations(standard_pack()), st.integers(3, 4), st.sampled_from((*SUITS, None)),
       st.booleans())
def test_every_complete_trick_has_exactly_one_winner_by_the_rules(deck, players, trump, sjavs):
    trumps = SJAVS if sjavs else Trumps(trump)
    trick = tuple(Play(i, card) for i, card in enumerate(deck[:players]))
    winner, why = trick_winner(trick, trumps)
    led = trumps.suit_of(trick[0].card)
    trumped = [p for p in trick if trumps.is_trump(p.card)]
    field = trumped or [p for p in trick if trumps.suit_of(p.card) is led]
    best = [p for p in field if trumps.strength(p.card) == max(trumps.strength(q.card) for q in field)]
    assert best == [winner] and str(why).startswith(said(f"{winner.card} is the "))


@settings(max_examples=60, deadline=None)
@given(st.permutations(standard_pack()), st.integers(0, 3), st.sampled_from((*SUITS, None)), st.booleans())
def test_playable_cards_are_exactly_those_follow_check_allows(deck, on_table, trump, sjavs):
    trumps = SJAVS if sjavs else Trumps(trump)
    hand, trick = deck[:8], plays(" ".join(c.code for c in deck[8:8 + on_table]))
    allowed = playable(hand, trick, trumps)
    assert allowed == tuple(c for c in hand if follow_check(hand, c, trick, trumps)[0])
    if trick:
        led = trumps.suit_of(trick[0].card)
        holds = any(trumps.suit_of(c) is led for c in hand)
        assert all(trumps.suit_of(c) is led for c in allowed) or not holds


# --------------------------------------------------------------------------- moves

@pytest.mark.parametrize("text, move, written", [
    ("P1 play 7H", TrickMove(0, "play", C("7H")), "P1 play 7♥"),
    ("p3 PLAY 10♠", TrickMove(2, "play", C("10S")), "P3 play 10♠"),
    ("P2 trump hearts", TrickMove(1, "trump", None, Suit.HEARTS), "P2 trump hearts"),
    ("P2 trump ♣", TrickMove(1, "trump", None, Suit.CLUBS), "P2 trump clubs"),
    ("P4 trump none", TrickMove(3, "trump"), "P4 trump none"),
    ("P4 trump no-trumps", TrickMove(3, "trump"), "P4 trump none"),
])
def test_move_notation_round_trips(text, move, written):
    assert parse_trick_move(text) == move
    assert str(move) == written
    assert parse_trick_move(str(move)) == move


@pytest.mark.parametrize("text, message", [
    ("P1", "is not a move"),
    ("P0 play 7H", "is not a player"),
    ("X1 play 7H", "is not a player"),
    ("P1 dance", "unknown action"),
    ("P1 play", "exactly one card"),
    ("P1 play 7H 8H", "exactly one card"),
    ("P1 play 1H", "is not a card"),
    ("P1 trump", "takes a suit or “none”"),
    ("P1 trump purple", "is not a trump call"),
])
def test_bad_move_text_gets_a_clear_error(text, message):
    with pytest.raises(dn.MoveParseError, match=message):
        parse_trick_move(text)


def test_a_move_must_be_text():
    with pytest.raises(dn.MoveParseError, match="not int"):
        parse_trick_move(7)


def test_trump_words():
    assert [parse_trump(w) for w in ("C", "d", "♥", "spade", "NT")] == [*SUITS, None]


# --------------------------------------------------------------------------- matches

def test_deal_seeds_are_a_pure_function_of_seed_and_deal_number():
    assert deal_seed(7, 3) == deal_seed(7, 3)
    assert len({deal_seed(s, d) for s in range(5) for d in range(5)}) == 25


def test_a_match_adds_deal_scores_and_passes_the_deal_left():
    match = Match(seed=1, deal=0, dealer=3, scores=(0, 0, 0, 0))
    assert match.first_player == 0
    score = DealScore(0, 3, (2, -1, 0, 5), (ScoreLine(0, 2, (score_reason("X 2", Why(True, "X", "P1: 2 tricks")),)),))
    later = match.scored(score).next_deal()
    assert (later.deal, later.dealer, later.first_player, later.scores) == (1, 0, 1, (2, -1, 0, 5))
    assert later.history == (score,)
    assert later.shuffle_seed != match.shuffle_seed


def test_a_deal_score_explains_each_player_with_a_total():
    doubled = score_reason("Y", Why(True, "Y", "P2: J♦ -3, doubled by the 7♦: -6"))
    score = DealScore(0, 0, (1, -6), (ScoreLine(0, 1, (score_reason("X 1", Why(True, "X", "P1: 1 trick")),)),
                                      ScoreLine(1, -6, (doubled,))))
    assert score.explanation(1) == ["P2: J♦ -3, doubled by the 7♦: -6", "P2: deal total -6"]
    assert score.explanation()[:2] == ["P1: 1 trick", "P1: deal total +1"]


def test_by_suit_groups_a_hand():
    assert by_suit(parse_cards("AS 2C KC 3D")) == parse_cards("2C KC 3D AS")


# --------------------------------------------------------------------------- the rule-of-thumb player

def test_the_rule_of_thumb_player_is_registered_for_trick_games():
    assert AGENTS["rule-of-thumb"]["tricks"] is trick_agents.TrickRuleOfThumb
    assert isinstance(make_agent("rule-of-thumb", "bastard", 1), trick_agents.TrickRuleOfThumb)
    assert "shedding" in AGENTS["rule-of-thumb"]  # registering tricks kept the shedding player


def table(position: dict, **options) -> dn.Game:
    return dn.setup("bastard", position, options or None)


def choose(game: dn.Game) -> tuple[TrickMove, str]:
    choice = trick_agents.TrickRuleOfThumb().choose(game.state)
    assert choice.move in game.legal_moves()
    return choice.move, choice.why


def test_it_names_its_longest_strongest_suit():
    g = table({"hands": [["2H", "5H", "9H", "KH", "AH", "3C"], ["2C", "4C", "5C", "6C", "7C", "8C"],
                         ["2S", "3S", "4S", "5S", "6S", "7S"], ["2D", "3D", "4D", "5D", "6D", "7D"]]})
    move, why = choose(g)
    assert move == TrickMove(0, "trump", None, Suit.HEARTS) and str(why).startswith("names hearts")


def test_it_declares_no_trumps_without_a_long_strong_suit():
    g = table({"hands": [["2H", "3H", "2C", "3C", "2S", "3S", "2D", "3D"],
                         ["4H", "5H", "4C", "5C", "4S", "5S", "4D", "5D"],
                         ["6H", "7H", "6C", "7C", "6S", "7S", "6D", "7D"],
                         ["8H", "9H", "8C", "9C", "8S", "9S", "8D", "9D"]]})
    move, why = choose(g)
    assert move == TrickMove(0, "trump") and "no trumps" in str(why)


def test_it_follows_low():
    g = table({"hands": [["2C", "KC"], ["AH", "2S"], ["3H"], ["4H"]], "trump": "spades",
               "trick": ["9C", "10C"], "leader": 2, "won": [[], [], [], [["2D", "3D", "4D", "5D"]]]})
    # P1 plays third: the K♣ would win for now, but others follow: the rule is to follow low
    move, why = choose(g)
    assert (move, str(why)) == (TrickMove(0, "play", C("2C")), said("follows low with 2♣"))


def test_it_stays_out_of_a_trick_holding_a_jack_and_gives_its_own_jack_away():
    g = table({"hands": [["JD", "AS"], ["AH", "2S"], ["3H"], ["4H"]], "trump": "spades",
               "trick": ["9C", "JC"], "leader": 2, "won": [[], [], [], [["2D", "3D", "4D", "5D"]]]})
    move, why = choose(g)
    assert move == TrickMove(0, "play", C("JD")) and said("gives away J♦") in str(why)


def test_it_takes_a_trick_holding_a_jack_only_when_it_must_and_with_its_lowest_winner():
    g = table({"hands": [["KC", "AC"], ["AH", "2S"], ["3H"], ["4H"]], "trump": "none",
               "trick": ["9C", "JC"], "leader": 2, "won": [[], [], [], [["2D", "3D", "4D", "5D"]]]})
    move, why = choose(g)
    assert move == TrickMove(0, "play", C("KC")) and str(why).startswith("must take the trick")


def test_it_chases_the_seven_of_clubs():
    g = table({"hands": [["KC", "AC", "2C"], ["AH", "2S", "3S"], ["3H", "2H", "4S"], ["4H", "5H"]], "trump": "none",
               "trick": ["7C"], "leader": 3, "won": [[], [], [], [["2D", "3D", "4D", "5D"]]]})
    move, why = choose(g)
    assert move == TrickMove(0, "play", C("AC")) and str(why).startswith(said("chases the 7♣"))


def test_last_to_play_it_takes_a_clean_trick_cheaply():
    g = table({"hands": [["KC", "AC", "2C"], ["AH", "2S"], ["3H", "2H"]], "trump": "none",
               "trick": ["9C", "QC"], "leader": 1, "won": [[], [], [["2D", "3D", "4D"]]]})
    move, why = choose(g)
    assert move == TrickMove(0, "play", C("KC")) and str(why).startswith("last to play")


def test_it_decides_from_its_own_view_only():
    """Swapping cards between the other players' hands never changes its choice."""
    rng = random.Random(5)
    for seed in range(6):
        g = dn.new_game("bastard", players=4, seed=seed)
        for _ in range(rng.randrange(1, 40)):
            g.play(rng.choice(g.legal_moves()))
        state = g.state
        me = state.current_player
        others = [seat for seat in range(4) if seat != me]
        pool = [c for seat in others for c in state.hands[seat]]
        rng.shuffle(pool)
        hands = list(state.hands)
        for seat in others:
            hands[seat], pool = tuple(pool[:len(hands[seat])]), pool[len(hands[seat]):]
        shuffled_state = state.copy(hands=tuple(hands))
        agent = trick_agents.TrickRuleOfThumb()
        assert agent.choose(state) == agent.choose(shuffled_state)


def test_it_plays_whole_matches_legally_with_a_reason_for_every_move():
    g = dn.new_game("bastard", players=3, seed=11)
    agent = make_agent("rule-of-thumb", "bastard", 0)
    while not g.is_over:
        choice = agent.choose(g.state)
        assert choice.why and g.explain(choice.move).legal
        g.play(choice.move)
    assert g.result.scores is not None


# --------------------------------------------------------------------------- views

def test_a_view_is_json_able():
    g = dn.new_game("bastard", players=4, seed=3)
    g.play("P1 trump hearts")
    data = g.state.view(0).to_dict()
    assert json.loads(json.dumps(data)) == data and data["trump"] == "hearts"


# --------------------------------------------------------------------------- malformed moves and positions

MALFORMED = [
    (TrickMove(True, "play", C("2H")), "its player is not a whole number"),
    (TrickMove(0.0, "play", C("2H")), "its player is not a whole number"),
    (TrickMove(0, 7), "its action is not a word"),
    (TrickMove(0, "play", "2H"), "its card is not a card"),
    (TrickMove(0, "trump", None, "hearts"), "its suit is not one of the four suits"),
    (TrickMove(0, "discard", cards=["2H"]), "its cards are not a tuple of cards"),
    (TrickMove(0, "bid", bid=3), "its bid is not a word"),
    (TrickMove(0, "x" * 10_000), "it has no action 'xxxxxxxxxxxxxxxxxxxx'"),
]
TRICK_TABLES = [
    ("bastard", {"hands": [["2H", "AS"], ["KH", "3C"], ["4H", "5H"]], "trump": "spades"}),
    ("sjavs", {"hands": [["AS", "QS"], ["KS", "AH"], ["10S", "KH"]], "skat": ["AD", "KD"], "contract": "strike",
               "soloist": 0}),
]


@pytest.mark.parametrize("game_id, position", TRICK_TABLES)
@pytest.mark.parametrize("move, problem", MALFORMED)
def test_malformed_moves_are_refused_by_explain_and_apply_alike(game_id, position, move, problem):
    g = dn.setup(game_id, position)
    verdict = g.explain(move)
    assert not verdict.legal and problem in str(verdict) and len(str(verdict)) < 300
    with pytest.raises(dn.IllegalMove, match=problem):
        g.play(move)
    assert g.history == []


@pytest.mark.parametrize("game_id, position", TRICK_TABLES)
def test_a_bool_player_that_equals_the_current_one_is_not_played(game_id, position):
    """``TrickMove(False, ...)`` equals ``TrickMove(0, ...)`` as a tuple; neither apply nor explain
    takes it for P1's move."""
    g = dn.setup(game_id, position)
    legal = g.legal_moves()[0]
    assert legal.player == 0
    fake = legal._replace(player=False)
    assert fake == legal and not g.state.is_legal(fake) and not g.explain(fake).legal
    with pytest.raises(dn.IllegalMove):
        g.play(fake)


@pytest.mark.parametrize("game_id, position", TRICK_TABLES)
@pytest.mark.parametrize("change, problem", [
    ({"players": 3.0}, "3 or 4 players"), ({"players": True}, "3 or 4 players"),
    ({"dealer": 1.0}, "dealer"), ({"seed": 1.5}, "seed"),
])
def test_positions_refuse_floats_and_bools(game_id, position, change, problem):
    with pytest.raises(dn.OptionsError, match=problem):
        dn.setup(game_id, {**position, **change})


@pytest.mark.parametrize("game_id, position", TRICK_TABLES)
def test_positions_refuse_more_copies_of_a_card_than_the_pack_holds(game_id, position):
    hands = [list(h) for h in position["hands"]]
    hands[1][0] = hands[0][0]
    with pytest.raises(dn.OptionsError, match="more than once"):
        dn.setup(game_id, {**position, "hands": hands})

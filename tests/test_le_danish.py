"""Le danish: the catalogue against the French document, one scenario per rule and variant
(verdict + cited rule, or effects as events), the exhausted-stock sequence, and property tests
over seeds, player counts and every variant combination."""

from __future__ import annotations

import dataclasses
import itertools
import json
import random
import re
from collections import Counter
from itertools import combinations
from typing import Any

import pytest
from hypothesis import given, settings, strategies as st

import danish_nb as dn
from danish_nb.agents.shedding import ShedRuleOfThumb
from danish_nb.cards import Card, packs
from danish_nb.core import source_text
from danish_nb.families.shedding import ShedMove
from danish_nb.games import le_danish as ld
from danish_nb.games.le_danish_player import LeDanishRuleOfThumb
from helpers import FUZZ

GAME = "le-danish"
VARIANTS = ("four_of_a_kind_burns", "three_passes_hands", "six_reverses", "complete_four")
BOOLS = tuple(f.name for f in dataclasses.fields(ld.Options) if isinstance(f.default, bool))


def table(position: dict[str, Any], **options: Any) -> dn.Game:
    return dn.setup(GAME, position, options or None)


def check(game: dn.Game, text: str, legal: bool, rule_id: str, ruling: str | None = None) -> dn.Verdict:
    """Assert the verdict of ``text`` and that ``rule_id`` (and ``ruling``) decide it."""
    verdict = game.explain(text)
    assert verdict.legal is legal, verdict.summary()
    assert verdict.reasons[-1].rule_id == rule_id or rule_id in verdict.rule_ids, verdict.summary()
    if ruling is not None:
        assert ruling in {r.ruling.id for r in verdict.reasons if r.ruling}, verdict.summary()
    if not legal:
        before = game.state
        with pytest.raises(dn.IllegalMove) as info:
            game.play(text)
        assert info.value.verdict.legal is False and game.state is before
    return verdict


def kinds(events) -> list[str]:
    return [e.kind for e in events]


def hand(game: dn.Game, seat: int) -> list[str]:
    return sorted(c.code for c in game.state.hands[seat])


# --------------------------------------------------------------------------- catalogue

def test_every_rule_quotes_the_french_document_and_renders_it_in_english():
    text = " ".join(source_text(ld.SOURCE).split())
    for rule in ld.CATALOGUE:
        assert rule.source == ld.SOURCE and rule.english, rule.id
        for piece in rule.quote.split(" … "):
            assert piece in text, (rule.id, piece)
        cited = rule.cite()
        assert cited.index(rule.quote) < cited.index(rule.english)
    assert [r.id for r in ld.CATALOGUE] == [f"LD-{i}" for i in range(1, len(ld.CATALOGUE) + 1)]


def test_every_ruling_of_rulings_md_is_an_option_or_a_documented_ruling():
    for letter in "abcdefghijklm":
        ruling = ld.RULINGS[ord(letter) - ord("a")]
        assert ruling.id == f"LD-{letter}" and ruling.reading and ruling.rules
        assert all(r in ld.CATALOGUE.rules for r in ruling.rules)
    options = {info.name: info for info in dn.core.option_infos(ld.Options)}
    for ruling in ld.RULINGS:
        if ruling.option:
            assert options[ruling.option].ruling == ruling.id
    assert all(info.ruling in ld.CATALOGUE.rulings for info in options.values())
    assert not any(getattr(ld.Options(), name) for name in VARIANTS + ("play_on",))


def test_explanations_show_the_french_quote_then_the_english():
    verdict = table({"hands": [["9H", "4C"], ["9S"]], "pile": ["6C"]}).explain("P1 play 4C")
    reason = verdict.reasons[-1]
    cited = reason.rule.cite()
    assert "de valeur égale ou supérieure" in cited and "equal to or higher" in cited
    assert cited.index("égale") < cited.index("equal")


# --------------------------------------------------------------------------- deal and swap

@pytest.mark.parametrize("players", range(2, 12))
def test_the_deal_uses_one_pack_up_to_5_players_and_two_from_6(players):
    g = dn.new_game(GAME, players=players, seed=players)
    s = g.state
    assert Counter(s.all_cards()) == Counter(packs(1 if players <= 5 else 2))
    assert all(len(s.closed[p]) == len(s.open[p]) == len(s.hands[p]) == 3 for p in range(players))
    assert len(s.stock) == (52 if players <= 5 else 104) - 9 * players
    assert s.phase == "swap" and g.current_player == 0


@pytest.mark.parametrize("players", (1, 12))
def test_player_counts_outside_2_to_11_are_refused(players):
    with pytest.raises(dn.OptionsError):
        dn.new_game(GAME, players=players)


def test_swap_before_the_first_card_then_the_player_left_of_the_dealer_starts():
    g = dn.new_game(GAME, players=3, seed=1)
    p1 = sorted(g.state.hands[0] + g.state.open[0])
    keep = " ".join(c.code for c in p1[-3:])
    check(g, f"P1 face-up {keep}", True, "LD-6")
    check(g, f"P2 face-up {keep}", False, "LD-6")
    check(g, "P1 face-up " + " ".join(c.code for c in p1[:2]), False, "LD-4")
    check(g, "P1 play " + p1[0].code, False, "LD-6")
    g.play(f"P1 face-up {keep}")
    assert sorted(g.state.open[0]) == p1[-3:] and sorted(g.state.hands[0]) == p1[:3]
    g.play(g.legal_moves()[0])
    events = g.play(g.legal_moves()[0])
    assert "start" in kinds(events) and g.current_player == 0 and g.state.phase == "play"
    check(g, "P1 face-up " + " ".join(c.code for c in g.state.open[0]), False, "LD-6")


# --------------------------------------------------------------------------- the play

def test_equal_or_higher():
    g = table({"hands": [["9H", "6D", "4C"], ["9S"]], "pile": ["6C"]})
    check(g, "P1 play 9H", True, "LD-15")
    check(g, "P1 play 6D", True, "LD-15")
    check(g, "P1 play 4C", False, "LD-15")
    check(g, "P2 play 9S", False, "LD-10")


def test_several_cards_must_have_the_same_value():
    g = table({"hands": [["9H", "9S", "4C"], ["5D"]]})
    check(g, "P1 play 9H 4C", False, "LD-12")
    verdict = check(g, "P1 play 9S 9H", True, "LD-11")
    assert verdict.rule_ids[0] == "LD-12"
    events = g.play("P1 play 9S 9H")   # any card order is the same move
    assert len(g.state.pile) == 2 and kinds(events)[0] == "play"


def test_ld_a_any_number_of_one_rank_unless_at_most_three():
    position = {"hands": [["9H", "9S", "9D", "9C", "4C"], ["5D"]]}
    check(table(position), "P1 play 9C 9D 9H 9S", True, "LD-11", ruling="LD-a")
    g = table(position, at_most_three=True)
    check(g, "P1 play 9C 9D 9H 9S", False, "LD-11", ruling="LD-a")
    assert max(len(m.cards) for m in g.legal_moves()) == 3


def test_the_hand_is_filled_back_to_three_from_the_stock():
    g = table({"hands": [["9H", "4C", "5C"], ["5D", "6D", "7D"]], "stock": ["2C", "3C"]})
    events = g.play("P1 play 9H")
    draw = [e for e in events if e.kind == "draw"]
    assert draw and draw[0].rule.id == "LD-14" and draw[0].cards == ()
    assert hand(g, 0) == ["3C", "4C", "5C"] and len(g.state.stock) == 1


def test_after_a_pick_up_no_drawing_until_the_hand_drops_below_three():
    g = table({"hands": [["9H", "4C", "5C", "6C", "7C"], ["5D", "6D", "7D"]], "stock": ["2C", "3C"]})
    events = g.play("P1 play 9H")
    assert "draw" not in kinds(events) and len(g.state.stock) == 2 and len(g.state.hands[0]) == 4


def test_picking_up_only_when_nothing_fits_and_the_last_player_to_put_down_leads():
    position = {"hands": [["4C", "5C"], ["9S", "3D"], ["6H", "6S"]], "pile": ["8H"], "last": 2}
    g = table(position)
    check(g, "P1 play 4C", False, "LD-15")
    assert check(g, "P1 take", True, "LD-16").rule_ids == ("LD-16", "LD-17")
    events = g.play("P1 take")
    assert hand(g, 0) == ["4C", "5C", "8H"] and g.state.pile == ()
    assert kinds(events) == ["take", "lead"] and events[-1].rule.id == "LD-18"
    assert events[-1].ruling.id == "LD-b"
    assert g.current_player == 2
    g2 = table(position, after_pickup="next-player")
    g2.play("P1 take")
    assert g2.current_player == 1


def test_the_lead_after_a_pick_up_cites_ruling_ld_b_and_quotes_ld_18_only_when_it_applies():
    """LD-18: 'Le dernier joueur à avoir posé reprend la main.' With after_pickup='next-player' the
    lead does not follow that sentence, so the event must not quote it."""
    position = {"hands": [["4C", "5C"], ["9S", "3D"], ["6H", "6S"]], "pile": ["8H"], "last": 2}
    assert ld.CATALOGUE.rules["LD-18"].quote == "Le dernier joueur à avoir posé reprend la main."
    lead = table(position).play("P1 take")[-1]
    assert (lead.kind, lead.rule.id, lead.ruling.id) == ("lead", "LD-18", "LD-b")
    lead = table(position, after_pickup="next-player").play("P1 take")[-1]
    assert (lead.kind, lead.rule.id, lead.ruling.id) == ("lead", "LD-16", "LD-b")
    assert "LD-18" not in str(lead) and "option “after pickup”" in str(lead)
    fits = table({"hands": [["9C", "4C"], ["9S"]], "pile": ["8H"]})
    check(fits, "P1 take", False, "LD-16")
    check(table({"hands": [["9C"], ["9S"]]}), "P1 take", False, "LD-16")


# --------------------------------------------------------------------------- exhausted stock

def test_exhausted_stock_empty_the_hand_then_take_the_face_up_cards():
    g = table({"hands": [["5C"], ["6D", "7D"]], "open": [["KH", "KS", "3D"], []],
               "closed": [["4C", "JD", "9S"], ["2H"]], "pile": ["4H"]})
    check(g, "P1 pick-up-open", False, "LD-19", ruling="LD-c")
    check(g, "P1 closed 1", False, "LD-21", ruling="LD-c")
    g.play("P1 play 5C")
    g.play("P2 play 6D")
    assert [str(m) for m in g.legal_moves()] == ["P1 pick-up-open"]
    check(g, "P1 play KH", False, "LD-20", ruling="LD-c")
    check(g, "P1 take", False, "LD-20")
    check(g, "P1 open KH", False, "LD-20", ruling="LD-c")
    events = g.play("P1 pick-up-open")
    assert kinds(events) == ["pick-up-open"] and events[0].rule.id == "LD-20"
    assert hand(g, 0) == ["3D", "KH", "KS"] and g.state.open[0] == () and g.current_player == 0
    check(g, "P1 play KH KS", True, "LD-15")


def test_face_down_cards_one_at_a_time_blind_and_a_failed_one_picks_up_the_pile():
    position = {"hands": [[], ["6D", "7D"]], "closed": [["4C", "JD", "9S"], ["2H"]],
                "pile": ["8H"], "last": 1}
    g = table(position)
    assert [str(m) for m in g.legal_moves()] == ["P1 closed 1", "P1 closed 2", "P1 closed 3"]
    check(g, "P1 take", False, "LD-21")
    check(g, "P1 closed 4", False, "LD-21")
    events = g.play("P1 closed 2")             # J♦ on 8♥ fits
    assert kinds(events) == ["play"] and g.state.pile[-1] == Card.parse("JD")
    assert g.current_player == 1               # LD-d: one per turn
    g = table(position)
    events = g.play("P1 closed 1")             # 4♣ on 8♥ fails
    assert kinds(events) == ["fail", "take", "lead"]
    assert events[0].rule.id == events[1].rule.id == "LD-23"
    assert hand(g, 0) == ["4C", "8H"] and g.state.closed[0] == tuple(map(Card.parse, ["JD", "9S"]))
    assert g.current_player == 1               # LD-b: P2 put the 8 down
    g.play("P2 play 6D")
    check(g, "P1 closed 1", False, "LD-19", ruling="LD-e")
    check(g, "P1 play 8H", True, "LD-15")


def test_ld_e_as_written_a_face_down_card_with_fewer_than_three_in_hand():
    position = {"hands": [["4C", "8H"], ["6D"]], "closed": [["JD", "9S"], ["2H"]], "pile": ["6C"]}
    g = table(position, face_down_below_three=True)
    check(g, "P1 closed 1", True, "LD-21")
    assert {"P1 closed 1", "P1 closed 2", "P1 play 8♥"} == {str(m) for m in g.legal_moves()}
    three = table({**position, "hands": [["4C", "8H", "9C"], ["6D"]]}, face_down_below_three=True)
    check(three, "P1 closed 1", False, "LD-24", ruling="LD-e")


def test_ld_d_chaining_face_down_cards_is_an_option():
    position = {"hands": [[], ["6D", "7D"]], "closed": [["4C", "5C", "9S"], ["2H"]], "pile": ["3H"]}
    g = table(position, chain_face_down=True)
    events = g.play("P1 closed 1")
    assert "chain" in kinds(events) and g.state.phase == "chain" and g.current_player == 0
    assert {str(m) for m in g.legal_moves()} == {"P1 closed 1", "P1 closed 2", "P1 pass"}
    check(g, "P1 closed 1", True, "LD-22", ruling="LD-d")
    check(g, "P2 play 6D", False, "LD-10")
    check(g, "P1 take", False, "LD-22")
    g.play("P1 closed 1")                      # 5♣ on 4♣: fits, may go on
    assert g.state.phase == "chain"
    check(g, "P1 pass", True, "LD-22")
    g.play("P1 pass")
    assert g.current_player == 1 and g.state.phase == "play"


# --------------------------------------------------------------------------- special cards

def test_the_2_goes_on_anything_and_anything_may_follow_it():
    for top in ("KH", "7S", "AH"):
        check(table({"hands": [["2C", "5C"], ["9S"]], "pile": [top]}), "P1 play 2C", True, "LD-25",
              ruling="LD-f")
    g = table({"hands": [["5C"], ["9S"]], "pile": ["9H", "2C"]})
    check(g, "P1 play 5C", True, "LD-25", ruling="LD-f")


def test_ld_f_mirror_a_2_takes_the_value_of_the_card_below():
    g = table({"hands": [["5C", "9C"], ["9S"]], "pile": ["9H", "2C"]}, two_mode="mirror")
    check(g, "P1 play 5C", False, "LD-15", ruling="LD-f")
    check(g, "P1 play 9C", True, "LD-15", ruling="LD-f")
    seven = table({"hands": [["8C", "6C"], ["9S"]], "pile": ["7H", "2C"]}, two_mode="mirror")
    check(seven, "P1 play 8C", False, "LD-26")
    check(seven, "P1 play 6C", True, "LD-26")


def test_after_a_7_the_next_card_is_7_or_lower():
    g = table({"hands": [["8C", "5C", "7C", "10C", "2C"], ["9S"]], "pile": ["7S"]})
    check(g, "P1 play 8C", False, "LD-26")
    check(g, "P1 play 5C", True, "LD-26")
    check(g, "P1 play 7C", True, "LD-26")
    check(g, "P1 play 10C", False, "LD-26", ruling="LD-h")
    check(g, "P1 play 2C", True, "LD-25")


def test_each_8_skips_one_player_as_in_the_documents_example():
    hands = [["4D"], ["8C", "8D", "8H", "4C"], ["5D"], ["5H"], ["5S"]]
    g = table({"hands": hands, "pile": ["5C"], "current": 1})
    check(g, "P2 play 8C 8D 8H", True, "LD-27", ruling="LD-g")
    events = g.play("P2 play 8C 8D 8H")
    assert [e.player for e in events if e.kind == "skip"] == [2, 3, 4]
    assert all(e.rule.id == "LD-27" for e in events if e.kind == "skip")
    assert g.current_player == 0


def test_ld_g_8s_skip_round_the_table_over_players_still_in():
    g = table({"hands": [["8C", "4C"], ["9S"]], "pile": ["5C"]})
    g.play("P1 play 8C")
    assert g.current_player == 0
    three = table({"hands": [["4D"], ["8C", "8D", "8H", "4C"], ["5D"]], "pile": ["5C"], "current": 1})
    events = three.play("P2 play 8C 8D 8H")
    assert [e.player for e in events if e.kind == "skip"] == [2, 0, 1] and three.current_player == 2


def test_the_10_removes_the_pile_and_the_burner_plays_again():
    g = table({"hands": [["10C", "4C"], ["9S"]], "pile": ["KH", "8H"]})
    check(g, "P1 play 10C", True, "LD-28", ruling="LD-h")
    events = g.play("P1 play 10C")
    assert kinds(events) == ["play", "burn", "again"]
    assert g.state.pile == () and len(g.state.burned) == 3 and g.current_player == 0
    habit = table({"hands": [["10C", "4C"], ["9S"]], "pile": ["KH", "QH"]}, ten_on_anything=True)
    check(habit, "P1 play 10C", True, "LD-28", ruling="LD-h")


def test_by_default_a_10_follows_equal_or_higher_as_the_document_says():
    """Only the 2 'peut être joué sur n'importe quelle carte' (LD-25); every card must be 'de valeur
    égale ou supérieure à la précédente' (LD-15); of the 10 the text says only 'Le tas est retiré' (LD-28)."""
    assert "Il peut être joué sur n’importe quelle carte" in ld.CATALOGUE.rules["LD-25"].quote
    assert "de valeur égale ou supérieure à la précédente" in ld.CATALOGUE.rules["LD-15"].quote
    assert ld.Options().ten_on_anything is False
    g = table({"hands": [["10S", "4C"], ["9S"]], "pile": ["QH"]})
    check(g, "P1 play 10S", False, "LD-15", ruling="LD-h")
    assert [str(m) for m in g.legal_moves()] == ["P1 take"]


def test_the_ace_sends_the_pile_to_a_player_of_ones_choice():
    position = {"hands": [["AH", "4C"], ["9S"], ["5D"]], "pile": ["KH"]}
    g = table(position)
    check(g, "P1 play AH", True, "LD-29", ruling="LD-i")
    g.play("P1 play AH")
    assert g.state.phase == "send" and g.current_player == 0
    assert {str(m) for m in g.legal_moves()} == {"P1 send P2", "P1 send P3"}
    check(g, "P1 send P1", False, "LD-29", ruling="LD-i")
    check(g, "P2 play 9S", False, "LD-29")
    check(g, "P1 play 4C", False, "LD-29")
    events = g.play("P1 send P3")
    assert kinds(events) == ["send", "lead"] and events[0].player == 2
    assert hand(g, 2) == ["5D", "AH", "KH"] and g.state.pile == () and g.current_player == 0
    nxt = table(position, after_ace="next")
    nxt.play("P1 play AH")
    nxt.play("P1 send P3")
    assert nxt.current_player == 1


def test_nothing_but_a_2_goes_on_an_ace_aces_are_high():
    g = table({"hands": [["KC", "AC", "2C"], ["9S"]], "pile": ["AH"]})
    check(g, "P1 play KC", False, "LD-15", ruling="LD-n")
    check(g, "P1 play AC", True, "LD-15", ruling="LD-n")


# --------------------------------------------------------------------------- variants

def test_variant_four_in_a_row_removes_the_pile():
    position = {"hands": [["9H", "9S", "4C"], ["5D"]], "pile": ["9C", "9D"]}
    g = table(position)
    assert "burn" not in kinds(g.play("P1 play 9H 9S"))
    g = table(position, four_of_a_kind_burns=True)
    check(g, "P1 play 9H 9S", True, "LD-30", ruling="LD-j")
    events = g.play("P1 play 9H 9S")
    assert "burn" in kinds(events) and [e.rule.id for e in events if e.kind == "burn"] == ["LD-30"]
    assert g.state.pile == () and g.current_player == 0
    across = table({"hands": [["9S", "4C"], ["5D"]], "pile": ["9C", "9D", "9H"]}, four_of_a_kind_burns=True)
    assert "burn" in kinds(across.play("P1 play 9S"))


def test_variant_3_everyone_passes_the_hand_to_the_right():
    position = {"hands": [["3C", "4C"], ["5D"], ["6H", "7H"]], "closed": [["2D"], ["2H"], ["2S"]]}
    g = table(position)
    assert "pass-hands" not in kinds(g.play("P1 play 3C"))
    g = table(position, three_passes_hands=True)
    check(g, "P1 play 3C", True, "LD-31", ruling="LD-j")
    events = g.play("P1 play 3C")
    assert [e.rule.id for e in events if e.kind == "pass-hands"] == ["LD-31"]
    assert (hand(g, 0), hand(g, 1), hand(g, 2)) == (["5D"], ["6H", "7H"], ["4C"])


def test_variant_6_reverses_the_direction():
    position = {"hands": [["6C", "4C"], ["5D"], ["7H"]]}
    g = table(position)
    g.play("P1 play 6C")
    assert g.current_player == 1 and g.state.direction == 1
    g = table(position, six_reverses=True)
    check(g, "P1 play 6C", True, "LD-32", ruling="LD-j")
    events = g.play("P1 play 6C")
    assert [e.rule.id for e in events if e.kind == "reverse"] == ["LD-32"]
    assert g.current_player == 2 and g.state.direction == -1


def test_variant_completing_a_four_out_of_turn():
    position = {"hands": [["9C", "9D", "4C"], ["5D", "6D"], ["9H", "9S", "2C"]], "pile": ["5S"]}
    off = table(position)
    off.play("P1 play 9C 9D")
    assert off.current_player == 1
    check(off, "P3 complete 9H 9S", False, "LD-10")
    check(off, "P2 complete 5D 6D", False, "LD-33", ruling="LD-k")
    g = table(position, complete_four=True)
    events = g.play("P1 play 9C 9D")
    assert kinds(events)[-1] == "offer" and g.state.phase == "offer" and g.current_player == 2
    assert {str(m) for m in g.legal_moves()} == {"P3 complete 9♥ 9♠", "P3 pass"}
    check(g, "P2 play 6D", False, "LD-33", ruling="LD-k")
    check(g, "P3 complete 9H", False, "LD-33")
    check(g, "P3 play 9H 9S", False, "LD-33")
    check(g, "P3 complete 9H 9S", True, "LD-33", ruling="LD-k")
    g.play("P3 complete 9H 9S")
    assert len(g.state.pile) == 5 and g.current_player == 0 and g.state.phase == "play"
    burn = table(position, complete_four=True, four_of_a_kind_burns=True)
    burn.play("P1 play 9C 9D")
    events = burn.play("P3 complete 9H 9S")
    assert "burn" in kinds(events) and burn.current_player == 2 and burn.state.pile == ()
    declined = table(position, complete_four=True)
    declined.play("P1 play 9C 9D")
    declined.play("P3 pass")
    assert declined.current_player == 1 and declined.state.phase == "play"


def test_the_completion_offer_goes_round_in_turn_order():
    hands = [["9C", "9D", "4C"], ["4D"], ["9H", "9S"], ["5D"], ["9C", "9D"], ["6D"]]
    g = table({"hands": hands, "pile": ["5S"]}, complete_four=True)
    g.play("P1 play 9C 9D")
    assert g.state.offer == (2, 4) and g.current_player == 2
    g.play("P3 pass")
    assert g.current_player == 4 and [str(m) for m in g.legal_moves()] == ["P5 complete 9♣ 9♦", "P5 pass"]
    g.play("P5 pass")
    assert g.current_player == 1


def test_no_offer_for_pairs_that_leave_the_pile():
    hands = [["10C", "10D", "4C"], ["5D"], ["10H", "10S"]]
    g = table({"hands": hands, "pile": ["5S"]}, complete_four=True)
    g.play("P1 play 10C 10D")
    assert g.state.phase == "play" and g.current_player == 0


# --------------------------------------------------------------------------- the end

def test_the_first_player_without_cards_is_danish_and_wins():
    g = table({"hands": [["9H"], ["5D"], ["6D"]], "pile": ["6C"]})
    events = g.play("P1 play 9H")
    assert kinds(events)[-2:] == ["finish", "end"] and events[-1].rule.id == "LD-34"
    assert g.is_over and g.result.order == (0,) and not g.result.draw and "Danish" in g.result.reason
    assert g.result.reason_id == "out-of-cards"
    check(g, "P2 play 5D", False, "LD-34", ruling="LD-m")
    assert g.legal_moves() == [] and g.current_player is None


def test_ld_m_playing_on_for_a_full_finishing_order():
    g = table({"hands": [["9H"], ["5D", "7D"], ["6D"]], "pile": ["6C"]}, play_on=True)
    g.play("P1 play 9H")
    assert not g.is_over and g.state.finished == (0,) and g.current_player == 1
    g.play("P2 take")
    assert g.current_player == 1               # LD-b: P1 put down last but is out
    g.play("P2 play 5D")
    g.play("P3 play 6D")
    assert g.is_over and g.result.order == (0, 2, 1) and g.result.loser == 1


def test_turn_limit_ends_the_game_as_a_draw():
    g = dn.new_game(GAME, players=3, seed=2, options={"turn_limit": 4})
    for _ in range(4):
        g.play(g.legal_moves()[0])
    assert g.is_over and g.result.draw and "turn limit" in g.result.reason and g.result.reason_id == "turn-limit"


def test_a_third_repetition_when_the_pile_goes_into_a_hand_is_a_draw():
    g = table({"hands": [["4C", "5C"], ["9S", "3D"]], "pile": ["8H"]})
    after, _ = g.state.apply(g.parse_move("P1 take"))
    assert not after.is_over
    key = after.pickups_seen[-1]
    twice = dataclasses.replace(g.state, pickups_seen=(key, key))
    final, events = twice.apply(g.parse_move("P1 take"))
    assert final.is_over and final.result.draw and events[-1].kind == "draw"


# --------------------------------------------------------------------------- notation, views, bad input

def test_moves_round_trip_and_bad_text_raises():
    g = dn.new_game(GAME, players=3, seed=5)
    for text in ("P1 pick-up-open", "P2 send P3", "P3 complete 9H 9S", "P1 pass", "P2 closed 3", "P1 take"):
        assert str(g.parse_move(str(g.parse_move(text)))) == str(g.parse_move(text))
    for bad in ("P1 burn", "P1 pick-up-open 9H", "P1 send", "hello", "P0 take", "P1 play 1X"):
        with pytest.raises(dn.MoveParseError):
            g.parse_move(bad)
    g = table({"hands": [["9H"], ["4C"]], "open": [["5C"], []], "stock": ["2C"]})
    check(g, "P1 stock", False, "LD-14")
    check(g, "P1 open 5C", False, "LD-20", ruling="LD-c")


@pytest.mark.parametrize("position", [
    {"hands": [["9H"], []]},
    {"hands": [["9H"], ["4C"]], "stock": ["2C"], "open": [[], ["5C"]], "closed": [[], []],
     "current": 0, "unknown": 1},
    {"hands": [["9H"], []], "open": [[], ["5C"]], "stock": ["2C"]},
    {"hands": [["9H"], ["4C"]], "finished": [1]},
    {"hands": [["9H"], ["4C"]], "current": 2},
])
def test_bad_positions_raise_options_error(position):
    with pytest.raises(dn.OptionsError):
        table(position)


def test_views_hide_other_hands_and_all_face_down_cards():
    g = dn.new_game(GAME, players=3, seed=3)
    view = g.state.view(1)
    assert view.hands[1] == g.state.hands[1] and view.hands[0] is None and view.hands[2] is None
    assert view.closed_counts == (3, 3, 3) and view.open == g.state.open
    assert g.state.view(1, reveal_hands=True).hands == g.state.hands
    assert _hidden_variant(g.state, 1).view(1) == view


# --------------------------------------------------------------------------- computer player

def test_rule_of_thumb_sends_the_pile_to_the_player_with_fewest_cards():
    g = table({"hands": [["AH", "4C"], ["9S", "9C"], ["5D"]], "pile": ["6C"]})
    g.play("P1 play AH")
    choice = LeDanishRuleOfThumb().choose(g.state)
    assert str(choice.move) == "P1 send P3" and "fewest" in str(choice.why)


def test_rule_of_thumb_completes_a_four_and_chains_only_on_a_low_pile():
    g = table({"hands": [["9C", "9D", "4C"], ["5D", "6D"], ["9H", "9S", "2C"]], "pile": ["5S"]},
              complete_four=True)
    g.play("P1 play 9C 9D")
    assert LeDanishRuleOfThumb().choose(g.state).move.action == "complete"
    low = table({"hands": [[], ["6D"]], "closed": [["4C", "5C"], ["2H"]], "pile": ["3H"]},
                chain_face_down=True)
    low.play("P1 closed 1")
    assert LeDanishRuleOfThumb().choose(low.state).move.action == "closed"
    high = table({"hands": [[], ["6D"]], "closed": [["JC", "5C"], ["2H"]], "pile": ["3H"]},
                 chain_face_down=True)
    high.play("P1 closed 1")
    assert LeDanishRuleOfThumb().choose(high.state).move.action == "pass"


@pytest.mark.parametrize("players", (2, 5, 9))
def test_rule_of_thumb_games_end(players):
    options = dict.fromkeys(VARIANTS + ("chain_face_down",), True)
    g = dn.new_game(GAME, players=players, seed=players, options=options)
    agents = [LeDanishRuleOfThumb(seed) for seed in range(players)]
    while not g.is_over:
        choice = agents[g.current_player].choose(g.state)
        assert choice.move in g.legal_moves() and choice.why
        g.play(choice.move)
    assert g.is_over


def test_the_shedding_rule_of_thumb_player_also_plays_le_danish_to_the_end():
    options = dict.fromkeys(VARIANTS + ("chain_face_down",), True)
    g = dn.new_game(GAME, players=4, seed=11, options=options)
    agents = [ShedRuleOfThumb(seed) for seed in range(4)]
    while not g.is_over:
        g.play(agents[g.current_player].choose(g.state).move)
    assert g.is_over


# --------------------------------------------------------------------------- properties

def _hidden_variant(state: ld.LeDanishState, me: int) -> ld.LeDanishState:
    """The same table as ``me`` sees it, with every hidden card moved elsewhere: other hands,
    all face-down cards and the stock swap contents (keeping their sizes)."""
    others = [s for s in range(state.players) if s != me]
    pool = [c for s in others for c in state.hands[s]] + [c for s in range(state.players)
                                                          for c in state.closed[s]] + list(state.stock)
    pool.reverse()
    hands, closed = list(state.hands), []
    for s in others:
        hands[s], pool = tuple(pool[:len(state.hands[s])]), pool[len(state.hands[s]):]
    for s in range(state.players):
        closed.append(tuple(pool[:len(state.closed[s])]))
        pool = pool[len(state.closed[s]):]
    return state.copy(hands=tuple(hands), closed=tuple(closed), stock=tuple(pool))


def candidates(state: ld.LeDanishState) -> set[ShedMove]:
    """Broad candidates, legal or not: every same-rank subset of the hand (play, complete), a
    few mixed and unowned sets, face-up triples, every action without cards, face-down
    positions, sends to everyone, and moves by the wrong players."""
    p = 0 if state.is_over else state.current
    hand = state.hands[p]
    moves: set[ShedMove] = set()
    by_rank: dict[Any, list[Card]] = {}
    for card in hand:
        by_rank.setdefault(card.rank, []).append(card)
    for group in by_rank.values():
        for size in range(1, len(group) + 1):
            for combo in set(combinations(group, size)):
                moves |= {ShedMove(p, "play", combo), ShedMove(p, "complete", combo)}
    for a, b in list(combinations(sorted(set(hand)), 2))[:6]:
        moves.add(ShedMove(p, "play", (a, b)))
    for code in ("2C", "7H", "10S", "AS", "KD"):
        moves.add(ShedMove(p, "play", (Card.parse(code),)))
    table_cards = sorted(hand + state.open[p])
    moves |= {ShedMove(p, "face-up", c) for c in list(combinations(table_cards, 3))[:20]}
    moves |= {ShedMove(p, "open", (c,)) for c in state.open[p]}
    for who in range(state.players):
        for action in ("take", "pass", "pick-up-open", "stock"):
            moves.add(ShedMove(who, action))
        moves |= {ShedMove(who, "closed", (), i) for i in range(4)}
        moves |= {ShedMove(who, "send", (), t) for t in range(state.players)}
        if who != p and state.hands[who]:
            moves.add(ShedMove(who, "play", state.hands[who][:1]))
            moves.add(ShedMove(who, "complete", state.hands[who][:2]))
    moves |= {ShedMove(p, "take", hand[:1]), ShedMove(p, "play", ()), ShedMove(p, "pass", (), 1)}
    return moves


option_strategy = st.fixed_dictionaries({
    **{name: st.booleans() for name in BOOLS},
    "after_pickup": st.sampled_from(("last-player", "next-player")),
    "two_mode": st.sampled_from(("wild", "mirror")),
    "after_ace": st.sampled_from(("sender", "next")),
})


def _check_state(state: ld.LeDanishState, rng: random.Random, full: bool) -> None:
    legal = state.legal_moves()
    assert len(set(legal)) == len(legal)
    cands = candidates(state)
    if full:
        explained = {m for m in cands | set(legal) if state.explain(m).legal}
        assert explained == set(legal)
    for move in legal:
        verdict = state.explain(move)
        assert verdict.legal and all(r.rule.id in ld.CATALOGUE.rules for r in verdict.reasons)
    illegal = [m for m in cands if m not in legal]
    for move in rng.sample(illegal, min(3, len(illegal))):
        snapshot = repr(state)
        with pytest.raises(dn.IllegalMove):
            state.apply(move)
        assert repr(state) == snapshot


#: Each example is a whole game of up to 600 moves, checked at every move (about 1 CPU s): ``make
#: test`` plays 10 (30 took 26 CPU s, a minute and a half on a busy machine), ``make fuzz`` 300.
@settings(max_examples=300 if FUZZ else 10, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 11), options=option_strategy)
def test_random_games_keep_every_invariant(seed, players, options):
    options = {**options, "turn_limit": 600}
    g = dn.new_game(GAME, players=players, seed=seed, options=options)
    dealt = Counter(g.state.all_cards())
    rng = random.Random(seed)
    while not g.is_over:
        state = g.state
        special = state.phase != "play" or not state.hands[state.current]
        _check_state(state, rng, full=special or state.turn % 7 == 0)
        move = rng.choice(state.legal_moves())
        assert g.parse_move(str(move)) == move
        g.play(move)
        assert Counter(g.state.all_cards()) == dealt
        me = rng.randrange(players)
        view = g.state.view(me)
        assert all(h is None for s, h in enumerate(view.hands) if s != me)
        assert _hidden_variant(g.state, me).view(me) == view
        assert _no_hidden_codes(g.state, view)
    assert g.state.turn <= 600 and (g.result.draw or g.result.order)
    replay = dn.load_record(json.loads(json.dumps(g.to_record())))
    assert replay.states() == g.states()


def _no_hidden_codes(state: ld.LeDanishState, view: Any) -> bool:
    """No face-down card reaches the view's JSON unless it is also visible somewhere else (or the
    viewer saw it: burned, or going into a hand)."""
    shown = Counter(re.findall(r'"((?:10|[2-9JQKA])[CDHS])"', json.dumps(view.to_dict())))
    visible = Counter(c.code for c in state.pile) + Counter(
        c.code for s in range(state.players) for c in state.open[s]) + Counter(
        c.code for c in (view.hands[view.me] or ())) + Counter(
        c.code for c in state.burned + tuple(c for cards in view.known for c in cards))
    return all(shown[code] <= visible[code] for code in shown)


@pytest.mark.parametrize("players", (3, 8))
@pytest.mark.parametrize("flags", list(itertools.product((False, True), repeat=len(VARIANTS))))
def test_every_variant_combination_conserves_cards_and_ends(players, flags):
    options = dict(zip(VARIANTS, flags))
    for seed in range(2):
        g = dn.new_game(GAME, players=players, seed=seed, options=options)
        state, dealt, rng = g.state, Counter(g.state.all_cards()), random.Random(seed)
        while not state.is_over:
            state, _ = state.apply(rng.choice(state.legal_moves()))
            assert Counter(state.all_cards()) == dealt
        assert state.turn <= ld.Options().turn_limit


@pytest.mark.parametrize("game_id", ["le-danish", "danish-bastard"])
def test_a_play_naming_a_card_many_times_is_told_each_missing_card_once(game_id):
    """Fuzzing found "P1 does not hold the seven of hearts, the seven of hearts, …" (616
    characters) for a move naming one card 24 times; a hand lacking some of the named cards is
    told only those, each once."""
    game = dn.new_game(game_id, players=2, seed=3)
    while game.state.phase != "play":  # past any swap of face-up cards
        game.play(game.legal_moves()[0])
    seat = game.current_player
    held = game.state.hands[seat][0]
    other = next(c for c in dn.cards.standard_pack() if c not in game.state.hands[seat])
    verdict = game.explain(f"P{seat + 1} play {' '.join([held.code] * 24)}")
    assert not verdict.legal
    assert verdict.summary().count(dn.cards.cards_text([held]).text_in("en")) == 1
    verdict = game.explain(f"P{seat + 1} play {held.code} {other.code}")
    summary = verdict.summary()
    assert dn.cards.cards_text([other]).text_in("en") in summary
    assert dn.cards.cards_text([held]).text_in("en") not in summary

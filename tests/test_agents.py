"""Computer players: the rule-of-thumb player's choices and reasons in set-up positions, the
random player, and the registry."""

from __future__ import annotations

import pytest

import danish_nb as dn
from danish_nb.agents import AGENTS, Choice, make_agent, play_out
from danish_nb.agents.base import SeededPlayer
from helpers import DB, table


def choose(position: dict, **options) -> Choice:
    g = table(position, **options)
    choice = make_agent("rule-of-thumb", DB, seed=1).choose(g.state)
    assert choice.move in g.legal_moves()
    return choice


def closed(n: int) -> list[list[str]]:
    """One face-down card each, all different (a position holds no more copies than the packs)."""
    return [[card] for card in ("QS", "QH", "JS", "JH", "8S", "8D")[:n]]


@pytest.mark.parametrize("hand, pile, move, why", [
    (["3C", "5D", "9H", "KS"], ["4C"], "P1 play 5♦", "plays its lowest card that fits"),
    (["5C", "5D", "9H"], ["4C"], "P1 play 5♣ 5♦", "plays its 2 lowest cards that fit, all of one rank"),
    (["2C", "10H", "RJ", "8D"], ["6C"], "P1 play 8♦", "plays its lowest card that fits"),
    (["2C", "10H", "RJ", "AD"], ["KC"], "P1 play A♦", "plays its lowest card that fits"),
    (["10H", "2C", "3C"], ["KC"], "P1 play 2♣", "plays its power card, since nothing lower fits"),
    (["10H", "RJ", "3C"], ["KC"], "P1 play 10♥", "plays its power card, since nothing lower fits"),
    (["RJ", "3C"], ["7C", "BJ"], "P1 play RJ", "plays its power card, since nothing lower fits"),
    (["6H", "5H", "8H"], ["7C"], "P1 play 5♥", "plays its lowest card that fits"),
])
def test_lowest_fitting_card_and_power_cards_last(hand, pile, move, why):
    choice = choose({"hands": [hand, ["9S"]], "pile": pile, "closed": closed(2)})
    assert str(choice.move) == move
    assert str(choice.why) == why


def test_takes_the_pile_only_when_it_must():
    choice = choose({"hands": [["3C", "4C"], ["9S"]], "pile": ["KC"], "closed": closed(2)})
    assert str(choice.move) == "P1 take" and str(choice.why) == "nothing fits: takes the pile"
    # taking is allowed with must_play off, but a card fits: it plays
    choice = choose({"hands": [["8C", "3C"], ["9S"]], "pile": ["6C"], "closed": closed(2)}, must_play=False)
    assert str(choice.move) == "P1 play 8♣"


def test_tries_the_stock_card_before_taking_and_not_when_a_card_fits():
    position = {"hands": [["3C", "4C", "5C"], ["9S"]], "pile": ["KC"], "stock": ["2H", "AD"],
                "closed": closed(2)}
    choice = choose(position)
    assert str(choice.move) == "P1 stock" and str(choice.why) == "no card fits: tries the stock card"
    choice = choose({**position, "pile": ["4D"]})
    assert str(choice.move) == "P1 play 4♣"


def test_black_joker_without_a_joker_tries_the_stock_then_takes():
    position = {"hands": [["3C", "4C", "KC"], ["9S"]], "pile": ["BJ"], "stock": ["2H", "AD"],
                "closed": closed(2)}
    assert str(choose(position).move) == "P1 stock"
    assert str(choose({**position, "stock": []}).move) == "P1 take"


def test_open_and_closed_cards():
    choice = choose({"hands": [[], ["9S"]], "open": [["3C", "4D"], []], "pile": ["KC"], "closed": closed(2)})
    assert str(choice.move) == "P1 open 3♣"
    choice = choose({"hands": [[], ["9S"]], "closed": [["3C", "KD"], ["QS"]], "pile": ["9C"]})
    assert choice.move.action == "closed" and str(choice.why) == "turns over a face-down card"


def test_leaves_its_strongest_cards_face_up():
    choice = choose({"hands": [["2C", "3C", "4C"], ["5D", "6D", "7D"]],
                     "open": [["KC", "QC", "JC"], ["KD", "QD", "JD"]], "phase": "swap"})
    assert sorted(c.code for c in choice.move.cards) == ["2C", "KC", "QC"]
    assert str(choice.why) == "leaves its strongest cards face up for later"


@pytest.mark.parametrize("name", ["random", "rule-of-thumb"])
def test_seeded_players_repeat_their_games(name):
    games = [dn.new_game(DB, players=3, seed=9) for _ in range(2)]
    for g in games:
        play_out(g, [name] * 3, seed=4)
    assert [str(s.move) for s in games[0].history] == [str(s.move) for s in games[1].history]
    assert games[0].is_over


def test_random_player_reason():
    g = dn.new_game(DB, players=2, seed=3)
    choice = make_agent("random", DB, seed=2).choose(g.state)
    assert choice.move in g.legal_moves() and "random" in str(choice.why)


@pytest.mark.parametrize("name", ["random", "rule-of-thumb"])
def test_no_choice_once_the_game_is_over(name):
    over = table({"hands": [["AS"], ["3C"]]})
    over.play("P1 play AS")
    with pytest.raises(dn.DanishNbError, match="game is over"):
        make_agent(name, DB, seed=1).choose(over.state)


@pytest.mark.parametrize("game_id", ["danish-bastard", "le-danish", "rat-bastard-17", "bastard", "sjavs"])
@pytest.mark.parametrize("name", ["random", "rule-of-thumb"])
def test_every_seeded_player_says_the_game_is_over_in_the_learners_language(game_id, name):
    players = dn.GAMES[game_id].info.default_players
    game = dn.new_game(game_id, players=players, seed=3)
    play_out(game, ["random"] * players, seed=3)
    player = make_agent(name, game_id, seed=1)
    assert game.is_over and isinstance(player, SeededPlayer)
    with pytest.raises(dn.DanishNbError) as raised:
        player.choose(game.state)
    assert [raised.value.text_in(lang) for lang in ("en", "fr", "de")] == [
        "no legal move: the game is over",
        "aucun coup légal\u202f: la partie est finie", "kein legaler Zug: das Spiel ist vorbei"]


def test_registry_errors():
    assert {"random", "rule-of-thumb"} <= set(AGENTS)
    with pytest.raises(dn.DanishNbError, match="unknown computer player 'genius'"):
        make_agent("genius", DB)
    with pytest.raises(dn.DanishNbError, match=r"unknown computer player <list>|unknown computer player \[\]"):
        make_agent([], DB)
    with pytest.raises(dn.OptionsError, match="unknown game 'no-such-game'"):
        make_agent("rule-of-thumb", "no-such-game")
    with pytest.raises(dn.OptionsError, match="a game id is text"):
        make_agent("rule-of-thumb", ["sjavs"])


@pytest.mark.parametrize("game_id, player", [
    ("danish-bastard", "ShedRuleOfThumb"), ("le-danish", "LeDanishRuleOfThumb"),
    ("rat-bastard-17", "RatRuleOfThumb"), ("bastard", "TrickRuleOfThumb"), ("sjavs", "TrickRuleOfThumb")])
def test_each_game_gets_its_own_rule_of_thumb_player(game_id, player):
    assert type(make_agent("rule-of-thumb", game_id)).__name__ == player
    assert make_agent("random", game_id).name == "random"


def test_a_player_for_no_family_of_the_game_is_refused(monkeypatch):
    monkeypatch.setitem(AGENTS, "picky", {"shedding": AGENTS["rule-of-thumb"]["shedding"]})
    assert make_agent("picky", DB).name == "rule-of-thumb"
    with pytest.raises(dn.DanishNbError, match="the 'picky' player does not play Sjavs"):
        make_agent("picky", "sjavs")


def test_play_out_plays_each_seat_with_its_player_and_stops_at_an_open_seat():
    g = dn.new_game("bastard", players=3, seed=4)
    seen = []
    choices = play_out(g, {0: "rule-of-thumb", 1: "random", 2: make_agent("random", "bastard", 9)},
                       max_moves=30, on_move=seen.append)
    assert len(choices) == 30 == len(g.history) and seen == choices
    assert [c.move for c in choices] == [s.move for s in g.history]
    again = dn.new_game("bastard", players=3, seed=4)
    assert play_out(again, {0: "rule-of-thumb", 1: "random"}, max_moves=30) == choices[:len(again.history)]
    assert again.current_player == 2 and not again.is_over  # seat 3 has no player: play stops there
    whole = dn.new_game("bastard", players=3, seed=4)
    play_out(whole, ["random"] * 3)
    assert whole.is_over and play_out(whole, ["random"] * 3) == []

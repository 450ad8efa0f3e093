"""The Rat Bastard 17 board: the running total, the hole-card row, the wild card's value, the swap
phase, take, the draw for first player, verdicts before playing, computer turns, stepping
through, hot-seat privacy, teaching mode, forged browser messages, hidden cards, a constant
number of widgets and one message per move; the app offering the game; the lesson helpers
drawing it; and the lesson's sample record."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import ipywidgets
import pytest

import danish_nb as dn
from danish_nb.agents import RandomAgent
from danish_nb.app import build_app
from danish_nb.cards import Card
from danish_nb.core import Private, render_text
from danish_nb.games.rat_bastard_17 import UP_SLOTS, is_wild
from danish_nb.games.rat_bastard_17_player import RatRuleOfThumb
from danish_nb.widgets import BOARDS, board_for, has_board
from danish_nb.widgets.lesson import PositionQuiz, Replay, show_table
from danish_nb.widgets.rat_board import RatBoard
from helpers import open_app, said, start_app_game

GAME = "rat-bastard-17"
#: Total 11; P1 holds 8♥ (too high), 4♣ and the red joker; hole cards: 2♦ down, 7♣ up, 3♥ down.
BASE = {"hands": [["8H", "4C", "RJ"], ["9S", "KD"]], "pile": ["6C", "5D"],
        "holes": [["2D", "7C", "3H"], ["3D"]]}
#: P1's hand is empty; the row is (used) 5♣ up, 3♥ down, 8♣ up (used): total 11.
HOLES = {"hands": [[], ["9S", "KD"]], "pile": ["6C", "5D"], "holes": [[None, "5C", "3H", "8C"], ["3D"]]}


def make(position: dict = BASE, seats=("human", "rule-of-thumb"), options=None, **kwargs) -> RatBoard:
    return RatBoard(dn.setup(GAME, position, options), seats=seats, **kwargs)


def send(board: RatBoard, content) -> None:
    """What a browser would send: a custom message to the board's widget."""
    board.widget._handle_custom_msg(content, [])


def snapshot(board: RatBoard):
    return board.game.state, len(board.game.history)


def card_element(html: str, code: str) -> str:
    match = re.search(rf'<span [^>]*\bdn-card-{code}\b[^>]*>', html)
    assert match, f"no element for {code}"
    return match.group(0)


def total_shown(html: str) -> int:
    return int(re.search(r'class="dn-total-value">(\d+)<', html).group(1))


# ---------------------------------------------------------------- the table

def test_the_total_is_shown_large_with_deck_and_pile():
    board = make({**BASE, "deck": ["2S", "3S"], "hands": [["8H", "4C", "RJ", "9C", "10C"],
                                                          ["9S", "KD", "QS", "JS", "AS"]]})
    assert total_shown(board.html) == 11 and 'dn-deck-count">deck: 2<' in board.html
    assert "dn-card-6C" in board.html and "dn-card-5D" in board.html
    board.click_card("4C")
    board.play_selected()
    assert total_shown(board.html) == board.game.state.total


def test_the_hole_row_shows_face_up_cards_backs_and_its_ends():
    board = make()
    row = re.search(r'<div class="dn-seat dn-current dn-me".*?</div></div>', board.html, re.DOTALL).group(0)
    slots = re.findall(r'<span class="dn-hole-slot( dn-end)?" data-pos="(\d)">(.*?)<span class="dn-pos"', row)
    assert [(end, pos) for end, pos, _ in slots] == [(" dn-end", "1"), ("", "2"), (" dn-end", "3"),
                                                     ("", "4"), ("", "5")]
    assert "dn-facedown" in slots[0][2] and "dn-card-7C" in slots[1][2] and "dn-facedown" in slots[2][2]
    assert "dn-used" in slots[3][2]
    assert "the only hole cards that may be played" in row  # the orange end numbers are explained
    for code in ("2D", "3H", "3D"):  # face down, for their owner too
        assert code not in board.html and str(Card.parse(code)) not in board.html


def test_playable_cards_are_marked_from_the_legal_moves():
    board = make()
    assert "dn-playable" in card_element(board.html, "4C") and "dn-playable" in card_element(board.html, "RJ")
    assert "dn-playable" not in card_element(board.html, "8H")
    assert "dn-playable" not in card_element(board.html, "7C")  # hole cards wait for the hand (RB-5)
    board = make(HOLES)
    assert "dn-playable" in card_element(board.html, "5C") and "dn-playable" not in card_element(board.html, "8C")


# ---------------------------------------------------------------- verdicts before playing

def test_an_unfit_card_is_explained_and_not_played():
    board = make()
    before = snapshot(board)
    verdict = board.click_card("8H")
    assert verdict.legal is False and verdict.reasons[-1].rule.id == "RB-15"
    assert 'class="dn-verdict"' in board.html and "from 11 to 19" in board.html
    assert board.play_selected().legal is False and snapshot(board) == before
    assert board.message.startswith("Not played")


def test_a_fitting_card_is_played_then_the_computer_replies_with_its_reason():
    board = make()
    verdict = board.click_card("4C")
    assert verdict.legal and verdict.reasons[-1].rule.id == "RB-15" and "dn-selected" in card_element(board.html, "4C")
    board.play_selected()
    moves = [str(step.move) for step in board.game.history]
    assert moves[0] == "P1 play 4♣" and moves[1].startswith("P2 ")
    assert board.html.count('class="dn-why"') == len(moves) - 1
    assert board.verdict is None and board.selection == []


def test_clicking_the_selected_card_again_unselects_it():
    board = make()
    board.click_card("4C")
    assert board.click_card("4C") is None and board.selection == [] and board.verdict is None


def test_a_hole_card_before_the_hand_is_empty_cites_rb5():
    board = make()
    before = snapshot(board)
    assert board.click_card("7C").reasons[-1].rule.id == "RB-5"
    assert board.click_closed(0).reasons[-1].rule.id == "RB-5"
    assert snapshot(board) == before and board.message.startswith("Not played")


def test_hole_cards_play_from_the_ends_face_down_ones_blind():
    board = make(HOLES, step_mode=True)
    before = snapshot(board)
    assert board.click_card("8C").reasons[-1].rule.id == "RB-15"        # 11 + 8 > 17
    assert board.click_closed(2).reasons[-1].rule.id == "RB-20"         # the inner 3♥
    assert snapshot(board) == before
    assert board.click_card("5C").legal
    board.play_selected()
    assert str(board.game.history[-1].move) == "P1 hole 2" and total_shown(board.html) == 16
    blind = make({**HOLES, "holes": [["2D", "7C"], ["3D"]]}, step_mode=True)
    assert "dn-playable" in re.search(r'<span class="dn-card dn-facedown dn-closed[^>]*data-idx="0"',
                                      blind.html).group(0)
    blind.click_closed(0)
    assert str(blind.game.history[-1].move) == "P1 hole 1" and blind.game.state.total == 13
    assert said("turns over the face-down hole card at position 1, 2♦") in blind.html


# ---------------------------------------------------------------- the wild card's value

def test_a_wild_card_offers_each_value_that_fits():
    board = make(step_mode=True)
    assert "dn-wild-value" not in board.html  # only once the wild card is selected
    verdict = board.click_card("RJ")
    assert verdict.legal and "chooses 6" in str(verdict.reasons[0].text)
    offered = re.findall(r'data-move="P1 play RJ=(\d+)"', board.html)
    expected = [str(m.value) for m in board.game.legal_moves() if m.card == Card.parse("RJ")]
    assert offered == expected == [str(v) for v in range(1, 7)]
    send(board, {"act": "move", "move": "P1 play RJ=3"})
    assert str(board.game.history[-1].move) == "P1 play RJ=3" and board.game.state.total == 14


def test_a_face_up_wild_hole_card_takes_a_value_too():
    board = make({**HOLES, "holes": [[None, "BJ", "3H"], ["3D"]]}, step_mode=True)
    board.click_card("BJ")
    assert re.findall(r'data-move="(P1 hole 2=\d+)"', board.html)[-1] == "P1 hole 2=6"
    send(board, {"act": "move", "move": "P1 hole 2=2"})
    assert board.game.state.total == 13


def test_the_value_option_changes_the_verdict_on_the_board():
    position = {"hands": [["KD", "3C"], ["9S"]], "pile": ["9C"]}
    assert make(position).click_card("KD").legal
    assert make(position, options={"court_value": 10}).click_card("KD").reasons[-1].rule.id == "RB-15"
    twos = make({"hands": [["2C", "3C"], ["9S"]], "pile": ["9C"]}, options={"wild": "jokers+twos"})
    twos.click_card("2C")
    assert 'data-move="P1 play 2♣=8"' in twos.html


# ---------------------------------------------------------------- swap, keep, take, draw for first

def test_the_swap_phase_is_two_card_clicks_then_the_draw_for_first_player_is_shown():
    game = dn.new_game(GAME, players=2, seed=7)
    board = RatBoard(game)
    swaps = [m for m in game.legal_moves() if m.action == "swap"]
    assert not any(f'data-move="{move}"' in board.html for move in swaps)  # no wall of swap buttons
    assert 'data-move="P1 keep"' in board.html and "Finish swapping" in board.html
    assert "dn-draw-first" not in board.html
    assert board.click_card(swaps[0].card.code, zone="hand") is None
    assert board.message == "Now choose a face-up hole card to swap it with."
    verdict = board.click_card(swaps[0].other.code, zone="hole")
    assert verdict.legal and "Swap these two" in board.html
    board.play_selected()
    assert game.history[0].move == swaps[0]
    send(board, {"act": "move", "move": "P1 keep"})
    events = [e for step in game.history for e in step.events if e.kind == "pick"]
    assert events and game.state.phase == "play"
    draw = re.search(r'<div class="dn-draw-first">.*?</div>', board.html).group(0)
    for event in events:
        for card in event.cards:
            assert f"dn-card-{card.code}" in draw
    start = next(e for step in game.history for e in step.events if e.kind == "start")
    assert f"P{start.player + 1} starts" in draw


def test_take_is_muted_while_a_card_fits_and_says_why():
    board = make()
    assert re.search(r'<button class="dn-move dn-take dn-not-legal"[^>]*data-move="P1 take"', board.html)
    before = snapshot(board)
    send(board, {"act": "choose", "move": "P1 take"})
    assert snapshot(board) == before and not board.verdict.legal
    send(board, {"act": "move", "move": "P1 take"})
    assert snapshot(board) == before and board.message.startswith("Not played")
    assert board.verdict.reasons[-1].rule.id == "RB-16" and said("4♣") in str(board.verdict.reasons[-1].text)


def test_take_when_no_card_fits():
    position = {"hands": [["9H", "10C", "8D", "9C", "10D"], ["9S", "KD", "QS", "JS", "AS"]],
                "deck": ["2S"], "pile": ["6C", "5D"]}
    board = make(position, step_mode=True)
    assert not any("dn-playable" in card_element(board.html, c) for c in ("9H", "10C", "8D"))
    send(board, {"act": "move", "move": "P1 take"})
    assert board.game.history[-1].events[0].rule.id == "RB-16"
    assert {"6C", "5D"} <= {c.code for c in board.game.state.hands[0]} and total_shown(board.html) == 0


# ---------------------------------------------------------------- seats, stepping, privacy

def test_seats_get_the_rat_bastard_computer_players():
    board = make(seats=("random", "rule-of-thumb"))
    assert isinstance(board.agents[0], RandomAgent) and isinstance(board.agents[1], RatRuleOfThumb)
    assert board.game.is_over or board.viewer is None


def test_stepping_through_history_and_back_to_the_game():
    game = dn.new_game(GAME, players=2, seed=3)
    board = RatBoard(game, seats=("human", "rule-of-thumb"))
    for _ in range(6):
        if game.current_player == 0:
            board.play(str(game.legal_moves()[0]))
    last = len(game.history)
    board.first()
    assert board.position == 0 and 'data-act="card"' not in board.html and "Looking back" in board.html
    assert "dn-draw-first" not in board.html  # not drawn yet at the deal
    board.forward()
    board.forward()
    assert board.position == 2 and total_shown(board.html) == game.states()[2].total
    board.back()
    assert board.position == 1
    board.last()
    assert board.position is None and f"move {last} of {last}" in board.html


def test_hot_seat_screens_the_next_players_hand():
    game = dn.new_game(GAME, players=2, seed=5)
    board = RatBoard(game, seats=("human", "human"))
    mine = {c.code for c in game.state.hands[0]}
    send(board, {"act": "move", "move": "P1 keep"})
    assert board.screened and "dn-privacy" in board.html and "P2" in board.html
    assert not any(f"dn-card-{code}" in board.html for code in mine)
    send(board, {"act": "reveal"})
    assert not board.screened and all(f"dn-card-{c.code}" in board.html for c in game.state.hands[1])


def test_teaching_mode_shows_both_hands_but_never_face_down_cards():
    game = dn.new_game(GAME, players=2, seed=9)
    board = RatBoard(game, teaching=True)
    for card in game.state.hands[1]:
        assert f"dn-card-{card.code}" in board.html
    for seat in range(2):
        for slot, card in enumerate(game.state.holes[seat]):
            if slot not in UP_SLOTS:
                assert f"dn-card-{card.code}" not in board.html and str(card) not in board.html
    board.set_teaching(False)
    assert all(f"dn-card-{c.code}" not in board.html for c in game.state.hands[1] if c not in game.state.hands[0])


def test_undo_takes_back_my_move_and_the_reply():
    board = make()
    board.click_card("4C")
    board.play_selected()
    assert len(board.game.history) >= 2
    send(board, {"act": "undo"})
    assert len(board.game.history) == 0 and board.game.state == dn.setup(GAME, BASE).state


# ---------------------------------------------------------------- forged messages

@pytest.mark.parametrize("content", [
    {"act": "card", "zone": "hand", "idx": 9},          # no such card
    {"act": "card", "zone": "down", "idx": 0},          # face-down cards are not selectable cards
    {"act": "card", "zone": "hole", "idx": 0},          # position 1 is face down
    {"act": "card", "zone": "hand", "idx": "x"},        # bad value
    {"act": "closed", "idx": 1},                        # position 2 is face up
    {"act": "closed", "idx": 4},                        # nothing at position 5
    {"act": "move", "move": "P1 play RJ=7"},            # no wild card selected: not offered
    {"act": "move", "move": "P1 play 4C"},              # cards are played by clicking them
    {"act": "move", "move": "P2 take"},                 # someone else's move
    {"act": "move", "move": "P1 take"},                 # offered, disabled: a card fits
    {"act": "play"},                                    # nothing selected
    {"act": "reveal"},                                  # no screen up
    {"act": "step"},                                    # a human's turn
    {"act": "launch-missiles"},
    {"nothing": 1},
    "not even a dict",
])
def test_forged_messages_change_nothing_and_say_so(content):
    board = make()
    before = snapshot(board)
    send(board, content)
    assert snapshot(board) == before
    assert board.message.startswith(("Ignored", "Not played")), board.message
    assert 'class="dn-message">' in board.html


def test_a_forged_wild_value_is_refused_even_with_the_wild_card_selected():
    board = make()
    board.click_card("RJ")
    before = snapshot(board)
    send(board, {"act": "move", "move": "P1 play RJ=7"})  # 11 + 7 > 17: never offered
    assert snapshot(board) == before and board.message.startswith("Ignored")


def test_setting_the_html_trait_from_the_browser_changes_nothing():
    board = make()
    before = snapshot(board)
    board.widget.set_state({"html": "<b>forged</b>"})
    assert snapshot(board) == before and "forged" not in board.html and board.message.startswith("Ignored")


# ---------------------------------------------------------------- hidden information

def synced_text(board: RatBoard) -> str:
    """Everything the browser holds: the state of every widget the board made."""
    return json.dumps([w.get_state() for w in (board.widget, board.widget.layout)], ensure_ascii=False)


def secret_cards(board: RatBoard) -> set[Card]:
    """Cards the viewer may not see now and that were never shown: the deck, every face-down
    hole card, the other hand (outside teaching mode)."""
    state = board.game.state
    public = set(state.pile)
    for step in board.game.history:
        public.update(c for c in (step.move.card, step.move.other) if c is not None)
        for event in step.events:
            public.update(event.cards)
    secret = set(state.deck)
    for seat in range(2):
        public.update(c for i, c in enumerate(state.holes[seat]) if c is not None and i in UP_SLOTS)
        secret.update(c for i, c in enumerate(state.holes[seat]) if c is not None and i not in UP_SLOTS)
        if seat != board.viewer and not board.teaching:
            secret.update(state.hands[seat])
    if board.viewer is not None and not board.screened:
        secret -= set(state.hands[board.viewer])
    return secret - public


def assert_no_secret(board: RatBoard) -> None:
    text = synced_text(board)
    secret = secret_cards(board)
    assert secret  # there is always something to hide: the face-down cards at least, or a hand
    for card in secret:
        assert not re.search(rf"(?<!\w){re.escape(card.code)}(?!\w)", text), card
        assert str(card) not in text, card


def play_through_the_board(board: RatBoard, move) -> None:
    """Make ``move`` the way a person would: a button, a card click then "Play selected" (or
    the value button of a wild card), or a click on a face-down hole card."""
    if board.screened:
        board.reveal()
    if move.action in ("play", "hole") and (move.card is not None or move.position - 1 in UP_SLOTS):
        card = move.card if move.card is not None else board.game.state.holes[move.player][move.position - 1]
        board.clear_selection()
        assert board.click_card(card.code, zone="hand" if move.action == "play" else "hole").legal
        if move.value is None:
            board.play_selected()
            return
    elif move.action == "hole":
        board.click_closed(move.position - 1)
        return
    elif move.action == "swap":
        board.clear_selection()
        board.click_card(move.card.code, zone="hand")
        assert board.click_card(move.other.code, zone="hole").legal
        board.play_selected()
        return
    assert f'data-move="{move}"' in board.html, move
    send(board, {"act": "move", "move": str(move)})


@pytest.mark.parametrize("seats,teaching", [(("human", "random"), False), (("human", "human"), False),
                                            (("human", "rule-of-thumb"), True)])
@pytest.mark.parametrize("seed", [1, 4])
def test_every_legal_move_goes_through_the_board_and_no_hidden_card_is_synced(seed, seats, teaching):
    game = dn.new_game(GAME, players=2, seed=seed, options={"wild": "jokers+twos"} if seed == 4 else None)
    board = RatBoard(game, seats=seats, teaching=teaching)
    rng = random.Random(seed)
    for _ in range(150):
        if game.is_over:
            break
        assert_no_secret(board)
        move = rng.choice(game.legal_moves())
        played = len(game.history)
        play_through_the_board(board, move)
        assert len(game.history) > played and game.history[played].move == move, (move, board.message)
    assert len(game.history) > 40


def test_secret_check_catches_a_leak():
    """The walker is honest: a board that leaked a face-down hole card would fail it."""
    board = make()
    board.message = "<i>3H</i>"
    board.clear_selection()
    with pytest.raises(AssertionError):
        assert_no_secret(board)


class Blabbing:
    """A computer player that names every card of its hand (its own, private) in its reason."""

    name = "blabbing"

    def choose(self, state):
        from danish_nb.agents import Choice
        me = state.current_player
        return Choice(state.legal_moves()[0], ("I hold ", Private(state.hands[me], me, "?")))


def test_a_computers_reason_names_no_card_the_viewer_cannot_see():
    board = make({"hands": [["4C"], ["9S", "KD", "QH"]], "pile": ["6C"], "holes": [["2D"], ["3D"]]},
                 step_mode=True)
    board.agents[1] = Blabbing()
    board.click_card("4C")
    board.play_selected()
    why = board.step_computer()
    assert said("Q♥") in why and said("K♦") in why
    log = board.html.split('class="dn-log"')[1]
    played = board.game.history[-1].move.card
    for code in ("9S", "KD", "QH"):
        if Card.parse(code) != played:
            assert str(Card.parse(code)) not in log and not re.search(rf"(?<!\w){code}(?!\w)", log)
    assert "I hold ?" in log or f"I hold {played}" in log


# ---------------------------------------------------------------- a whole game stays small

def count_messages(monkeypatch) -> list:
    sent = []
    original = ipywidgets.Widget._send

    def counting(self, msg, buffers=None):
        sent.append(len(json.dumps(msg, default=str)))
        return original(self, msg, buffers)
    monkeypatch.setattr(ipywidgets.Widget, "_send", counting)
    return sent


def test_whole_games_keep_widgets_constant_and_one_message_per_move(monkeypatch):
    game = dn.new_game(GAME, players=2, seed=11)
    board = RatBoard(game, seats=("random", "rule-of-thumb"), step_mode=True)
    live = len(ipywidgets.Widget.widgets)
    sent = count_messages(monkeypatch)
    for _ in range(400):
        if game.is_over:
            for _ in range(min(100, len(game.history))):
                game.undo()  # keep the game going; the board follows
        before = len(sent)
        board.step_computer()
        assert len(sent) - before == 1 and len(ipywidgets.Widget.widgets) == live
    assert max(sent) < 60_000  # the log is capped, so a message stays small


def test_one_message_for_a_human_card_and_the_replies(monkeypatch):
    board = make()
    sent = count_messages(monkeypatch)
    send(board, {"act": "card", "zone": "hand", "idx": 0})
    send(board, {"act": "play"})
    assert len(sent) == 2 and len(board.game.history) >= 2


def test_the_board_is_one_widget_and_closes():
    live = len(ipywidgets.Widget.widgets)
    board = make()
    assert len(ipywidgets.Widget.widgets) == live + 2  # the pad and its layout
    bundle = board._repr_mimebundle_()
    data = bundle[0] if isinstance(bundle, tuple) else bundle
    assert data["application/vnd.jupyter.widget-view+json"]["model_id"] == board.widget.model_id
    board.close()
    assert len(ipywidgets.Widget.widgets) == live and board.game.listeners == []


# ---------------------------------------------------------------- registration and the app

def test_the_family_has_this_board_and_the_app_offers_the_game():
    assert BOARDS["running-total"] is RatBoard and has_board(dn.GAMES[GAME])
    assert isinstance(board_for(dn.new_game(GAME, players=2, seed=1)), RatBoard)
    app = build_app(seed=12).app
    assert GAME in [value for _, value in app.game_picker.options]
    app.game_picker.value = GAME
    assert list(app.players.options) == [2] and app.players.value == 2
    app.options.inputs["court_value"].value = 10
    app.seat_boxes[1].value = "rule-of-thumb"
    app.new_button.click()
    board = app.board
    assert isinstance(board, RatBoard) and app.board_box.children == (board.box,)
    assert board.game.options.court_value == 10 and board.seats == ("human", "rule-of-thumb")
    assert isinstance(board.agents[1], RatRuleOfThumb)
    for _ in range(8):
        if board.game.is_over:
            break
        assert board.play(str(board.game.legal_moves()[0])).legal, board.message
    assert board.game.state.phase == "play" and "dn-total-value" in board.html
    app.teaching.value = True
    assert all(f"dn-card-{c.code}" in board.html for c in board.game.state.hands[1])


# ---------------------------------------------------------------- lesson helpers

def test_a_position_quiz_draws_the_rat_table_and_answers_from_the_engine():
    game = dn.setup(GAME, BASE)
    quiz = PositionQuiz(game, try_moves=["P1 play 8H", "P1 hole 2"])  # the view's type says how to draw it
    assert "dn-total-value" in quiz.table.value and "dn-card-7C" in quiz.table.value
    assert "dn-card-2D" not in quiz.table.value and "dn-card-9S" not in quiz.table.value
    assert quiz.answer("P1 play 8H").reasons[-1].rule.id == "RB-15"
    assert quiz.answer("P1 hole 2").reasons[-1].rule.id == "RB-5"
    assert "Play the red joker as a 6? Legal" in quiz.answers() and game.history == []
    assert "dn-total-value" in show_table(game).data


def test_a_replay_steps_through_a_rat_game_without_face_down_cards():
    game = dn.new_game(GAME, players=2, seed=2)
    agents = [RatRuleOfThumb(0), RatRuleOfThumb(1)]
    while not game.is_over and len(game.history) < 30:
        game.play(agents[game.current_player].choose(game.state).move)
    replay = Replay(game, reveal_hands=True)
    replay.show(len(game.history))
    table = replay.table.value
    assert total_shown(table) == game.state.total
    for seat in range(2):
        for slot, card in enumerate(game.state.holes[seat]):
            if card is not None and slot not in UP_SLOTS:
                assert f"dn-card-{card.code}" not in table
    assert "\nlegal — " in replay.step_text(1)


# ---------------------------------------------------------------- the lesson's sample record

SAMPLE = Path(__file__).parent.parent / "notebooks" / "records" / "rat-bastard-17-sample.json"


def test_the_sample_record_replays_and_is_what_the_package_plays():
    from danish_nb.tools.sample_record import SAMPLES, load_sample, play_sample
    game, why = load_sample(SAMPLE)
    players, seed = SAMPLES[GAME]
    fresh, notes = play_sample(seed, GAME, players)
    assert game.state == fresh.state
    assert [n["why"] for n in notes] == [render_text(w, omniscient=True) for w in why]  # messages: any language
    assert game.is_over and not game.result.draw and any(is_wild(s.move.card, game.options)
                                                         for s in game.history if s.move.card)


# ---------------------------------------------------------------- the lesson notebook

def test_every_widget_of_the_rat_bastard_lesson(monkeypatch):
    """Run the lesson's cells here (nbval cannot click widgets), then click every quiz button,
    step the replay and play on the board it shows: verdicts from the engine, no face-down card
    or other hand on any table, and the quizzes never change their game."""
    import contextlib
    import io

    import nbformat
    folder = Path(__file__).parent.parent / "notebooks"
    monkeypatch.chdir(folder)
    notebook = nbformat.read(folder / "03-rat-bastard-17.ipynb", as_version=4)
    namespace: dict = {}
    quizzes: list[PositionQuiz] = []
    for cell in notebook.cells:
        if cell.cell_type == "code":
            with contextlib.redirect_stdout(io.StringIO()):
                exec(cell.source, namespace)  # noqa: S102 - the lesson's own cells
            quizzes += [v for v in namespace.values() if isinstance(v, PositionQuiz) and v not in quizzes]
    assert len(quizzes) == sum("Quiz(" in cell.source for cell in notebook.cells) >= 10
    for quiz in quizzes:
        state, moves = quiz.state, len(quiz.game.history)
        for button, move in zip(quiz.buttons, quiz.moves):
            button.click()
            assert quiz.verdict == state.explain(move)
            assert all(f"<b>{rule_id}</b>" in quiz.verdict_box.value for rule_id in quiz.verdict.rule_ids)
        assert quiz.game.state is state and len(quiz.game.history) == moves
        me = state.current_player
        hidden = [c for seat, hand in enumerate(state.hands) if seat != me for c in hand]
        hidden += [c for row in state.holes for slot, c in enumerate(row) if c is not None and slot not in UP_SLOTS]
        assert "dn-total-value" in quiz.table.value
        assert not any(f"dn-card-{card.code}" in quiz.table.value for card in hidden)
    sample, replay = namespace["sample"], namespace["replay"]
    assert sample.is_over and len(replay.controls) == 4
    for step in range(len(sample.history) + 1):
        replay.show(step)
        state = replay.states[step]
        assert total_shown(replay.table.value) == state.total
        for row in state.holes:
            for slot, card in enumerate(row):
                if card is not None and slot not in UP_SLOTS:
                    assert f"dn-card-{card.code}" not in replay.table.value
    cell = next(c.source for c in notebook.cells if "RatBoard(dn.new_game" in c.source)
    board = eval(cell.splitlines()[-1], namespace)  # noqa: S307 - the cell's board, built as the cell does
    assert isinstance(board, RatBoard) and board.seats == ("human", "rule-of-thumb")
    send(board, {"act": "move", "move": "P1 keep"})
    assert board.game.state.phase == "play" and "dn-draw-first" in board.html


# ---------------------------------------------------------------- in a real browser

@pytest.mark.browser
def test_rat_bastard_plays_in_the_voila_app(context, app_url, voila_log):
    """The app offers Rat Bastard 17; in Chromium the swap phase's keep, the draw for first
    player, a verdict before play and a card played all work, and neither P2's hand nor any
    face-down hole card is in the page."""
    from playwright.sync_api import expect

    seed = 4242
    game = dn.new_game(GAME, players=2, seed=seed)
    deal = game.state
    page = open_app(context, app_url)
    try:
        start_app_game(page, seed, "Rat Bastard 17")
        expect(page.locator(".dn-app-message")).to_contain_text(f"Rat Bastard 17, 2 players, seed {seed}")
        expect(page.locator(".dn-total-value")).to_have_text("0")
        html = page.content()
        down = [c for row in deal.holes for slot, c in enumerate(row) if slot not in UP_SLOTS]
        for card in list(deal.hands[1]) + down:
            assert f"dn-card-{card.code}" not in html and f'data-card="{card.code}"' not in html
        page.locator('button[data-move="P1 keep"]').click()  # a legal move's button plays it at once
        expect(page.locator(".dn-draw-first")).to_contain_text("starts")
        game.play("P1 keep")
        agent = RatRuleOfThumb(seed * 101 + 1)
        while game.current_player == 1:
            game.play(agent.choose(game.state).move)
        move = next(m for m in game.legal_moves() if m.action == "play" and not is_wild(m.card, game.options))
        page.locator(f".dn-seat.dn-me .dn-hand-row .dn-card-{move.card.code}").click()
        expect(page.locator(".dn-verdict")).to_contain_text("Legal")
        page.locator("button.dn-play").click()
        expect(page.locator(".dn-log")).to_contain_text(said(f"P1 plays {move.card}"))
        for card in down:
            assert f"dn-card-{card.code}" not in page.content()
    finally:
        page.close(run_before_unload=True)


def test_the_draw_for_first_player_goes_once_the_viewer_has_played():
    game = dn.new_game(GAME, players=2, seed=7)
    board = RatBoard(game)
    board.play("P1 keep")
    assert "dn-draw-first" in board.html  # P2 may already have played: P1 still sees who started
    board.play(str(next(m for m in game.legal_moves() if m.action in ("play", "take"))))
    assert "dn-draw-first" not in board.html
    board.first()
    assert "dn-draw-first" not in board.html  # before the draw

"""The shedding board: verdicts before playing, every kind of move, computer turns with their
reasons, stepping through history, hot-seat privacy, forged browser messages, hidden cards,
and a constant number of widgets and messages over a long game."""

from __future__ import annotations

import json
import random
import re
from collections import Counter

import ipywidgets
import pytest

import danish_nb as dn
from danish_nb.cards import Card
from danish_nb.core import Private
from danish_nb.widgets import ShedBoard
from danish_nb.widgets.shed_board import CARD_ACTIONS
from helpers import said


def make(position: dict, seats=("human", "rule-of-thumb"), **kwargs) -> ShedBoard:
    return ShedBoard(dn.setup("danish-bastard", position), seats=seats, **kwargs)


def six_position() -> dict:
    return {"hands": [["8H", "4C"], ["9S", "JD"]], "pile": ["6C"], "closed": [["2D"], ["3D"]]}


def send(board: ShedBoard, content) -> None:
    """What a browser would send: a custom message to the board's widget."""
    board.widget._handle_custom_msg(content, [])


def snapshot(board: ShedBoard):
    return board.game.state, len(board.game.history)


def unsaid(html: str) -> str:
    """The page without what it says to screen readers this time (each drawing's news differs)."""
    return re.sub(r'<div class="dn-news"[^>]*>.*?</div>', "", html)


def card_element(html: str, code: str) -> str:
    match = re.search(rf'<span [^>]*\bdn-card-{code}\b[^>]*>', html)
    assert match, f"no element for {code}"
    return match.group(0)


# ---------------------------------------------------------------- verdicts and selection

def test_selecting_a_card_shows_its_verdict_before_playing():
    board = make(six_position())
    verdict = board.click_card("8H")
    assert verdict.legal and "DB-13" in verdict.rule_ids
    assert board.verdict_text == verdict.summary()
    assert board.verdict_text.startswith("legal. ")
    assert said("of hearts on 6♣: equal or higher (rule DB-13)") in board.verdict_text
    assert 'class="dn-verdict"' in board.html and said("8♥ on 6♣: equal or higher") in board.html
    assert "dn-selected" in card_element(board.html, "8H")
    assert board.game.history == []


def test_playable_cards_are_highlighted():
    html = make(six_position()).html
    assert "dn-playable" in card_element(html, "8H")
    assert "dn-playable" not in card_element(html, "4C")


def test_an_illegal_selection_explains_and_playing_it_changes_nothing():
    board = make(six_position())
    before = snapshot(board)
    verdict = board.click_card("4C")
    assert not verdict.legal and verdict.rule_ids[-1] == "DB-13"
    result = board.play_selected()
    assert not result.legal
    assert snapshot(board) == before
    assert board.message.startswith("Not played")  # the reason is said once, in the verdict below
    assert "lower than the card before" not in board.message and "lower than the card before" in board.html


def test_clicking_a_selected_card_unselects_it():
    board = make(six_position())
    board.click_card("8H")
    assert board.click_card("8H") is None
    assert board.selection == [] and board.verdict_text == ""


def test_playing_the_selection_then_the_computer_replies_with_its_reason():
    board = make(six_position())
    board.click_card("8H")
    assert board.play_selected().legal
    first, reply = board.game.history[:2]
    assert str(first.move) == "P1 play 8♥"
    assert reply.move.player == 1
    log = re.search(r'<div class="dn-log".*', board.html, re.S).group(0)
    assert said("P1 plays 8♥") in log and reply.events[0].text_for(0) in log
    assert "lowest card that fits" in log  # the rule-of-thumb player's reason


def test_several_cards_of_a_rank_are_played_together():
    board = make({"hands": [["8H", "8C", "4C"], ["9S"]], "pile": ["6C"], "closed": [["2D"], ["3D"]]})
    board.click_card("8C")
    verdict = board.click_card("8H")
    assert verdict.legal and "DB-14" in verdict.rule_ids
    board.play_selected()
    assert Counter(board.game.history[0].move.cards) == Counter([Card.parse("8H"), Card.parse("8C")])


def test_face_up_choice_selects_three_among_hand_and_open():
    game = dn.new_game("danish-bastard", players=2, seed=4)
    board = ShedBoard(game, seats=("human", "rule-of-thumb"))
    hand, opens = game.state.view(0).hands[0], game.state.view(0).open[0]
    chosen = [hand[0], hand[1], opens[0]]
    board.click_card(chosen[0].code, zone="hand")
    assert board.click_card(chosen[1].code, zone="hand") is None  # no red "Illegal" half way
    assert board.message == "Choose 1 more card to leave face up." and "dn-verdict-illegal" not in board.html
    verdict = board.click_card(chosen[2].code, zone="open")
    assert verdict.legal and "DB-8" in verdict.rule_ids
    assert "Leave these face up" in board.html
    board.play_selected()
    assert game.history[0].move.action == "face-up"
    assert Counter(game.history[0].state.open[0]) == Counter(chosen)


def test_take_stock_and_closed_moves():
    board = make({"hands": [["4C"], ["9S"]], "pile": ["6C"], "closed": [["2D"], ["3D"]]})
    assert 'class="dn-take" data-act="choose" data-move="P1 take"' in board.html and ">Take the pile<" in board.html
    assert board.play("P1 take").legal
    assert board.game.history[0].move.action == "take"

    board = make({"hands": [["4C"], ["9S"]], "pile": ["6C"], "stock": ["KD", "2C"],
                  "closed": [["2D"], ["3D"]]})
    send(board, {"act": "move", "move": "P1 stock"})
    assert board.game.history[0].move.action == "stock"

    board = make({"hands": [[], ["9S"]], "pile": ["6C"], "closed": [["8D", "3C"], ["3D"]]})
    assert board.html.count("dn-closed\"") + board.html.count("dn-closed ") >= 2
    board.click_closed(0)
    assert str(board.game.history[0].move) == "P1 closed 1"


def test_open_cards_are_played_from_the_table():
    board = make({"hands": [[], ["9S"]], "open": [["9H", "3C"], []], "pile": ["6C"],
                  "closed": [["2D"], ["3D"]]})
    verdict = board.click_card("9H")
    assert verdict.legal
    board.play_selected()
    assert str(board.game.history[0].move) == "P1 open 9♥"


def test_one_click_plays_a_legal_move_button():
    board = make({"hands": [["4C"], ["9S"]], "pile": ["6C"], "closed": [["2D"], ["3D"]]})
    send(board, {"act": "choose", "move": "P1 take"})
    assert str(board.game.history[0].move) == "P1 take" and "Confirm" not in board.html


def test_with_confirm_moves_a_legal_button_shows_its_verdict_and_a_second_click_plays_it():
    """Teaching mode's "confirm moves" setting: the verdict first, then Confirm (or the button again)."""
    board = make({"hands": [["4C"], ["9S"]], "pile": ["6C"], "closed": [["2D"], ["3D"]]}, confirm=True)
    send(board, {"act": "choose", "move": "P1 take"})
    assert board.game.history == [] and board.verdict.legal and "DB-" in board.verdict.rule_ids[-1]
    assert "Confirm: Take the pile" in board.html and 'aria-pressed="true"' in board.html
    send(board, {"act": "choose", "move": "P1 take"})
    assert str(board.game.history[0].move) == "P1 take"
    board.undo()
    board.set_confirm(False)
    send(board, {"act": "choose", "move": "P1 take"})
    assert str(board.game.history[0].move) == "P1 take"


def test_an_illegal_move_button_shows_its_verdict_and_offers_no_confirm():
    for confirm in (False, True):
        board = make(six_position(), confirm=confirm)
        before = snapshot(board)
        send(board, {"act": "choose", "move": "P1 take"})
        assert snapshot(board) == before and not board.verdict.legal and 'class="dn-verdict"' in board.html
        assert "Confirm" not in board.html and 'aria-pressed="true"' not in board.html and board.chosen is None


def test_a_take_that_is_not_legal_is_muted_says_why_and_changes_nothing():
    board = make(six_position())
    assert re.search(r'<button class="dn-take dn-not-legal"', board.html)
    before = snapshot(board)
    board.choose("P1 take")
    assert snapshot(board) == before and not board.verdict.legal and board.verdict.rule_ids[-1] == "DB-32"
    board.play_selected()
    assert snapshot(board) == before
    send(board, {"act": "move", "move": "P1 take"})  # a browser can click a disabled button
    assert snapshot(board) == before
    assert "Not played" in board.message and board.verdict.rule_ids[-1] == "DB-32"


# ---------------------------------------------------------------- computer turns, undo, history

def test_step_mode_waits_for_the_step_button():
    board = make(six_position(), step_mode=True)
    board.click_card("8H")
    board.play_selected()
    assert len(board.game.history) == 1 and board.game.current_player == 1
    assert 'class="dn-step"' in board.html
    why = board.step_computer()
    assert why and len(board.game.history) == 2
    assert why in board.html


def test_the_step_through_box_shows_only_where_a_computer_plays():
    assert "Step through computer turns" in make(six_position()).html
    hot_seat = make(six_position(), seats=("human", "human"))
    assert "Step through computer turns" not in hot_seat.html and "dn-step-mode" not in hot_seat.html


def test_step_refused_on_a_humans_turn():
    board = make(six_position())
    before = snapshot(board)
    send(board, {"act": "step"})
    assert snapshot(board) == before and board.message.startswith("Ignored")


def test_undo_takes_back_my_move_and_the_replies():
    board = make({"hands": [["8H", "9C", "4C"], ["9S", "JD", "QH"]], "pile": ["6C"],
                  "closed": [["2D"], ["3D"]]})
    board.click_card("8H")
    board.play_selected()
    assert len(board.game.history) == 2
    assert "dn-undo" in board.html
    send(board, {"act": "undo"})
    assert board.game.history == [] and board.game.current_player == 0
    assert "dn-undo" not in board.html


def test_stepping_through_history_and_back_to_the_game():
    game = dn.new_game("danish-bastard", players=3, seed=2)
    board = ShedBoard(game, seats=("rule-of-thumb",) * 3)
    for _ in range(6):
        board.step_computer()
    now = board.html
    board.first()
    assert board.position == 0 and "move 0 of 6" in board.html
    board.forward()
    assert board.position == 1
    board.back()
    assert board.position == 0
    send(board, {"act": "goto", "value": "4"})
    assert board.position == 4
    assert 'class="dn-step"' not in board.html  # no playing while looking back
    board.last()
    assert board.live and unsaid(board.html) == unsaid(now)


def test_looking_back_offers_no_cards():
    board = make({"hands": [["8H", "9C", "4C"], ["9S", "JD", "QH"]], "pile": ["6C"],
                  "closed": [["2D"], ["3D"]]})
    board.click_card("8H")
    board.play_selected()
    board.first()
    before = snapshot(board)
    send(board, {"act": "card", "zone": "hand", "idx": 0})
    assert snapshot(board) == before and board.message.startswith("Ignored")
    assert 'data-act="card"' not in board.html


def test_the_board_follows_changes_made_outside_it():
    board = make(six_position(), seats=("human", "human"))
    board.game.play("P1 play 8H")
    assert "P2" in board.html and "Pass the screen to" in board.html


# ---------------------------------------------------------------- seats, hot seat, teaching

def test_hot_seat_hides_the_table_until_the_next_player_reveals():
    board = make(six_position(), seats=("human", "human"))
    board.click_card("8H")
    board.play_selected()
    assert board.viewer == 1 and board.screened
    html = board.html
    assert "dn-reveal" in html
    for code in ("4C", "9S", "JD"):
        assert f"dn-card-{code}" not in html
    before = snapshot(board)
    send(board, {"act": "card", "zone": "hand", "idx": 0})
    assert snapshot(board) == before and board.message.startswith("Ignored")
    send(board, {"act": "reveal"})
    assert not board.screened and "dn-card-9S" in board.html and "dn-card-4C" not in board.html


def test_teaching_mode_shows_all_hands_but_never_face_down_cards():
    board = make(six_position(), teaching=True)
    assert "dn-card-9S" in board.html and "dn-card-JD" in board.html
    assert "dn-card-2D" not in board.html and "dn-card-3D" not in board.html


def test_bad_seats_are_refused():
    game = dn.new_game("danish-bastard", players=3, seed=1)
    with pytest.raises(dn.OptionsError):
        ShedBoard(game, seats=("human", "robot", "random"))
    with pytest.raises(dn.OptionsError):
        ShedBoard(game, seats=("human",))


# ---------------------------------------------------------------- forged input

@pytest.mark.parametrize("content", [
    {"act": "card", "zone": "hand", "idx": 7},          # no such card
    {"act": "card", "zone": "stock", "idx": 0},         # not a zone the board offers
    {"act": "card", "zone": "hand", "idx": "x"},        # bad value
    {"act": "closed", "idx": 0},                        # hand not empty: not offered
    {"act": "move", "move": "P2 take"},                 # someone else's move
    {"act": "move", "move": "P1 closed 1"},             # never offered as a button
    {"act": "play"},                                    # nothing selected
    {"act": "reveal"},                                  # no screen up
    {"act": "launch-missiles"},
    {"nothing": 1},
    "not even a dict",
])
def test_forged_messages_change_nothing_and_say_so(content):
    board = make(six_position())
    before = snapshot(board)
    send(board, content)
    assert snapshot(board) == before
    assert board.message.startswith(("Ignored", "Not played")), board.message
    assert 'class="dn-message">' in board.html and board.message.split(":")[0].split(" — ")[0] in board.html


def test_setting_the_html_trait_from_the_browser_changes_no_game():
    board = make(six_position())
    before = snapshot(board)
    board.widget.set_state({"html": "<b>forged</b>"})
    assert snapshot(board) == before and "forged" not in board.html
    assert board.message.startswith("Ignored") and "dn-card-8H" in board.html


# ---------------------------------------------------------------- hidden information

def synced_text(widgets) -> str:
    return json.dumps([w.get_state() for w in widgets], ensure_ascii=False)


def board_widgets(board: ShedBoard) -> list:
    return [board.widget, board.widget.layout]


def secret_cards(board: ShedBoard) -> set[Card]:
    """Cards the viewer may not see now and that were never shown to anyone."""
    state = board.game.state
    public = set()
    for step in board.game.history:
        public.update(step.move.cards)
        for event in step.events:
            public.update(event.cards)
    public.update(state.pile)
    for seat in range(state.players):
        public.update(state.open[seat])
    secret = set(state.stock)
    for seat in range(state.players):
        secret.update(state.closed[seat])
        if seat != board.viewer and not board.teaching:
            secret.update(state.hands[seat])
    if board.viewer is not None:
        secret -= set(state.hands[board.viewer])
    return secret - public


def assert_no_secret(board: ShedBoard, widgets) -> None:
    text = synced_text(widgets)
    for card in secret_cards(board):
        assert not re.search(rf"(?<!\w){re.escape(card.code)}(?!\w)", text), card
        assert str(card) not in text, card


SHEDDING = [game_id for game_id, rules in dn.GAMES.items() if rules.info.family == "shedding"]
VARIANTS = {"le-danish": {"complete_four": True, "chain_face_down": True, "three_passes_hands": True,
                          "six_reverses": True, "four_of_a_kind_burns": True}}


def play_through_the_board(board: ShedBoard, move) -> None:
    """Make ``move`` the way a person would: select its cards, click a face-down card, or press
    the move's button (which must be offered)."""
    if board.screened:
        board.reveal()
    if move.action in CARD_ACTIONS:
        board.clear_selection()
        for card in move.cards:
            board.click_card(card.code, zone={"play": "hand", "open": "open"}.get(move.action))
        board.play_selected()
    elif move.action == "closed":
        board.click_closed(move.index)
    else:
        assert f'data-move="{move}"' in board.html
        send(board, {"act": "move", "move": str(move)})


@pytest.mark.parametrize("teaching", [False, True])
@pytest.mark.parametrize("seed", [1, 5])
@pytest.mark.parametrize("game_id", SHEDDING)
def test_every_legal_move_goes_through_the_board_and_no_hidden_card_is_synced(game_id, seed, teaching):
    game = dn.new_game(game_id, players=3, seed=seed, options=VARIANTS.get(game_id))
    seats = ("human", "human", "rule-of-thumb") if seed == 5 else ("human", "random", "rule-of-thumb")
    board = ShedBoard(game, seats=seats, teaching=teaching)
    rng = random.Random(seed)
    for _ in range(120):
        if game.is_over:
            break
        assert_no_secret(board, board_widgets(board))
        move = rng.choice(game.legal_moves())
        played = len(game.history)
        play_through_the_board(board, move)
        assert len(game.history) > played and game.history[played].move == move, (move, board.message)
    assert_no_secret(board, board_widgets(board))


def test_secret_check_catches_a_leak():
    """The walker is honest: a board that leaked an opponent's hand would fail it."""
    board = make(six_position())
    board.message = "<i>9S</i>"
    board.clear_selection()
    with pytest.raises(AssertionError):
        assert_no_secret(board, board_widgets(board))


# ---------------------------------------------------------------- a long game stays small

def count_messages(monkeypatch) -> list:
    sent = []
    original = ipywidgets.Widget._send

    def counting(self, msg, buffers=None):
        sent.append(len(json.dumps(msg, default=str)))
        return original(self, msg, buffers)
    monkeypatch.setattr(ipywidgets.Widget, "_send", counting)
    return sent


def test_500_moves_keep_widgets_constant_and_messages_bounded(monkeypatch):
    game = dn.new_game("danish-bastard", players=3, seed=11)
    board = ShedBoard(game, seats=("random",) * 3)
    live = len(ipywidgets.Widget.widgets)
    sent = count_messages(monkeypatch)
    most = 0
    for _ in range(500):
        if game.is_over:
            for _ in range(min(100, len(game.history))):
                game.undo()  # keep the game going; the board follows
        before = len(sent)
        board.step_computer()
        most = max(most, len(sent) - before)
        assert len(ipywidgets.Widget.widgets) == live
    assert most == 1


def test_a_board_displays_as_its_widget():
    board = make(six_position())
    bundle = board._repr_mimebundle_()
    data = bundle[0] if isinstance(bundle, tuple) else bundle
    assert data["application/vnd.jupyter.widget-view+json"]["model_id"] == board.widget.model_id


def test_closing_a_board_frees_its_widgets():
    live = len(ipywidgets.Widget.widgets)
    board = make(six_position())
    assert len(ipywidgets.Widget.widgets) == live + 2
    board.close()
    assert len(ipywidgets.Widget.widgets) == live and board.game.listeners == []


def test_out_of_turn_offers_get_generic_buttons():
    """Le danish: after a pair, the holder of the other two may complete the four (or pass)."""
    game = dn.setup("le-danish", {"hands": [["7H", "7D", "3C"], ["7S", "7C", "9D"], ["8H", "QS"]]},
                    options={"complete_four": True})
    board = ShedBoard(game, seats=("human", "human", "random"))
    board.click_card("7H")
    board.click_card("7D")
    board.play_selected()
    assert board.screened and board.viewer == 1
    board.reveal()
    moves = {str(m) for m in game.legal_moves()}
    assert "P2 pass" in moves and any(m.startswith("P2 complete") for m in moves)
    for text in moves:
        assert f'data-move="{text}"' in board.html
    complete = next(m for m in moves if m.startswith("P2 complete"))
    send(board, {"act": "move", "move": complete})
    assert str(game.history[1].move) == complete


def test_cards_can_be_named_with_suit_symbols_and_bad_names_are_refused():
    board = make(six_position())
    assert board.click_card("8♥").legal
    before = snapshot(board), list(board.selection)
    assert board.click_card("8X") is None
    assert (snapshot(board), board.selection) == before and "not a card" in board.message
    assert board.click_card("9S") is None and "not one of your cards" in board.message


def test_each_click_costs_one_message_even_when_the_computers_reply(monkeypatch):
    board = make({"hands": [["8H", "9C", "4C"], ["9S", "JD", "QH"], ["KD", "5S"]], "pile": ["6C"],
                  "closed": [["2D"], ["3D"], ["4S"]]}, seats=("human", "random", "rule-of-thumb"))
    sent = count_messages(monkeypatch)
    send(board, {"act": "card", "zone": "hand", "idx": 1})
    assert len(sent) == 1
    send(board, {"act": "play"})
    assert len(sent) == 2 and len(board.game.history) == 3


class Blabbing:
    """A computer player that names every card of its hand (its own, private) in its reason."""

    name = "blabbing"

    def choose(self, state):
        from danish_nb.agents import Choice
        me = state.current_player
        move = state.legal_moves()[0]
        return Choice(move, ("I hold ", Private(state.view(me).hands[me], me, "?")))


def test_a_computers_reason_never_names_a_card_the_viewer_cannot_see():
    board = make({"hands": [["8H", "9C", "4C"], ["9S", "JD", "QH", "KS"]], "pile": ["6C"],
                  "closed": [["2D"], ["3D"]]}, step_mode=True)
    board.agents[1] = Blabbing()
    board.click_card("8H")
    board.play_selected()
    why = board.step_computer()
    played = board.game.history[-1].move.cards
    assert said("9♠") in why and said("K♠") in why  # what it said ...
    log = board.html.split('class="dn-log"')[1]
    for code in ("JD", "QH", "KS", "9S"):
        card = Card.parse(code)
        if card not in played:
            assert str(card) not in log and code not in log  # ... is not what the viewer reads
    assert "I hold ?" in log or "I hold " + str(played[0]) in log


# ---------------------------------------------------------------- issue 14's friction items

def test_le_danish_pick_up_open_is_marked_on_the_open_cards_and_said_in_words():
    """Item 1: with hand and stock empty the face-up cards are marked and picked up by a click;
    the face-down cards are not offered (they refused every click)."""
    game = dn.setup("le-danish", {"hands": [[], ["9S"]], "open": [["9H", "3C"], []], "pile": ["6C"],
                                  "closed": [["2D"], ["3D"]]})
    assert [str(m) for m in game.legal_moves()] == ["P1 pick-up-open"]
    board = ShedBoard(game, seats=("human", "rule-of-thumb"), step_mode=True)
    assert ">Pick up the face-up cards<" in board.html and "pick-up-open<" not in board.html
    assert 'data-act="closed"' not in board.html
    assert all("dn-playable" in re.search(rf"<span [^>]*dn-card-{c}[^>]*>", board.html).group(0) for c in ("9H", "3C"))
    verdict = board.click_card("3C")
    assert verdict.legal and len(board.selection) == 2 and "Pick up the face-up cards" in board.html
    board.play_selected()
    assert str(game.history[0].move) == "P1 pick-up-open"


def test_move_buttons_are_words_never_notation():
    """Item 1: sending the pile is "Send the pile to P2"; no button shows a move's notation."""
    from danish_nb.families.shedding import ShedMove
    from danish_nb.widgets.shed_board import move_label

    assert str(move_label(ShedMove(0, "send", (), 2))) == "Send the pile to P3"
    assert str(move_label(ShedMove(0, "pick-up-open"))) == "Pick up the face-up cards"
    game = dn.new_game("le-danish", players=4, seed=9, options={"complete_four": True})
    board = ShedBoard(game, seats=("human",) * 4, teaching=True)
    for _ in range(60):
        if game.is_over:
            break
        for label in re.findall(r'data-act="choose"[^>]*>([^<]*)</button>', board.html):
            assert not re.match(r"P\d|send |pass$|pick-up", label), label
        board.play(str(game.legal_moves()[0]))
        if board.screened:
            board.reveal()


@pytest.mark.parametrize("equal,hint", [(True, "play a 7 or lower"), (False, "play lower than 7")])
def test_the_after_a_seven_hint_follows_the_options_in_force(equal, hint):
    """Item 2: the table's hint after a 7 says what the engine will accept."""
    game = dn.setup("danish-bastard", {"hands": [["7S", "4C"], ["9S"]], "pile": ["7H"]},
                    options={"seven_allows_equal": equal})
    assert hint in str(game.state.view(0).note)
    assert game.explain("P1 play 7S").legal is equal


# ---------------------------------------------------------------- a slow computer thinks in the background
class Gated:
    """The strong player, held back until ``go`` is set: its search starts only then (so a test
    can act while it thinks); ``started`` is set once it was asked."""

    name = "strong"
    slow = True

    def __init__(self, game_id: str, seed: int):
        import threading

        from danish_nb.agents.search import StrongPlayer
        self.player = StrongPlayer(game_id, seed, iterations=30)
        self.go, self.started = threading.Event(), threading.Event()

    def choose(self, state, progress=None):
        self.started.set()
        assert self.go.wait(60)
        return self.player.choose(state, progress=progress)


def thinking_board(seed: int = 5) -> tuple[ShedBoard, Gated]:
    """A 3-player Danish Bastard board where the human (P1) has made the first move, P2 (rule
    of thumb) the second, and P3 (strong, gated) is thinking about the third."""
    board = ShedBoard(dn.new_game("danish-bastard", players=3, seed=seed), seats=("human", "rule-of-thumb", "strong"))
    gated = board.agents[2] = Gated("danish-bastard", 7)
    board._try(board.game.legal_moves()[0])
    assert gated.started.wait(30) and board.thinking == 2 and len(board.game.history) == 2
    return board, gated


def test_the_board_answers_while_a_strong_seat_thinks_and_refuses_moves_meanwhile():
    board, gated = thinking_board()
    assert "P3 is thinking... 0%" in board.html and not board._offer.step
    send(board, {"act": "back"})  # stepping back answers at once
    assert board.position == 1 and "Looking back" in board.html
    send(board, {"act": "last"})
    send(board, {"act": "step"})  # a move asked for meanwhile is refused, nothing played
    assert board.message == "P3 is thinking: wait for its move." and len(board.game.history) == 2
    assert board.step_computer() == "" and len(board.game.history) == 2
    gated.go.set()
    assert board.wait(120) and board.thinking is None
    assert board.game.history[2].move.player == 2 and board.game.current_player == 0
    assert "thinking" not in board.message and "P3 (strong)" in board.html


def test_the_background_move_is_the_synchronous_one():
    """The same seeds give the same game whether the strong seat thinks in the background or not."""
    def played(background: bool) -> list[str]:
        board = ShedBoard(dn.new_game("danish-bastard", players=3, seed=11), seats=("human", "strong", "strong"),
                          background=background)
        for agent in board.agents.values():
            agent.iterations = 20
        for _ in range(2):  # the human plays the rule-of-thumb's move twice; the computers answer
            board._try(dn.agents.make_agent("rule-of-thumb", "danish-bastard", 1).choose(board.game.state).move)
            assert board.wait(120)
        return [str(step.move) for step in board.game.history]
    threaded, synchronous = played(True), played(False)
    assert threaded == synchronous and len(threaded) >= 5


def join_searches() -> None:
    """Wait for every board search thread still running (a dropped one finishes by itself)."""
    import threading
    for thread in [t for t in threading.enumerate() if t.name == "dn-board-computer"]:
        thread.join(60)


def test_undo_during_thinking_drops_the_search_and_its_move():
    board, gated = thinking_board()
    board.undo()  # takes back P1's move and P2's answer; P3's search is dropped
    assert board.thinking is None and not board.game.history and board.game.current_player == 0
    gated.go.set()
    join_searches()
    assert not board.game.history and "thinking" not in board.html  # the stale move was thrown away
    board.close()


def test_a_change_to_the_game_or_closing_the_board_drops_the_search():
    board, gated = thinking_board()
    board.game.play(board.game.legal_moves()[0])  # a notebook cell plays P1's move meanwhile
    assert board.thinking is None
    moves = [str(s.move) for s in board.game.history]
    gated.go.set()
    join_searches()
    assert [str(s.move) for s in board.game.history] == moves
    board.close()


def test_a_new_game_in_the_app_while_a_strong_seat_thinks_discards_its_move(monkeypatch):
    from danish_nb.app import build_app
    from danish_nb.widgets import computers as computers_module
    made: list[Gated] = []

    def agent(kind, game_id, seed=0):
        if kind == "strong":
            made.append(Gated(game_id, seed))
            return made[-1]
        return dn.agents.make_agent(kind, game_id, seed)
    monkeypatch.setattr(computers_module, "make_agent", agent)
    app = build_app(seed=3).app
    app.game_picker.value = "danish-bastard"
    app.seat_boxes[0].value, app.seat_boxes[1].value = "strong", "human"
    first = app.new_game()
    assert made and made[0].started.wait(30) and first.thinking == 0
    second = app.new_game()
    assert second is not first and first.thinking is None
    for gated in made:
        gated.go.set()
    join_searches()
    assert not first.game.history  # the old game got no stale move
    second.close()


@pytest.mark.parametrize("lang", ["fr", "de"])
def test_a_move_button_without_a_title_gets_none_in_another_language(lang):
    """A button with no tooltip (the stock, muted) had the catalogue's header as its title in
    French and German: gettext translates '' into "Project-Id-Version: ..."."""
    board = ShedBoard(dn.new_game("danish-bastard", players=3, seed=1), lang=lang)
    assert 'data-move="P1 stock"' in board.html
    assert "Project-Id-Version" not in board.html and 'title=""' not in board.html
    board.close()


@pytest.mark.parametrize("game_id, players", [("danish-bastard", 3), ("bastard", 4), ("rat-bastard-17", 2)])
def test_the_drawing_draws_the_boards_frame_and_changes_nothing_of_the_board(game_id, players):
    """The view draws a read-only snapshot the board made first: drawing it again gives the page
    as shown, and leaves every field of the board as it was (selection, chosen move, offer...)."""
    from danish_nb.widgets import board_for

    board = board_for(dn.new_game(game_id, players=players, seed=2), background=False)
    rng = random.Random(2)
    for _ in range(40):
        frame = board.frame()
        fields = {name: list(value) if isinstance(value, list) else value for name, value in vars(board).items()}
        assert unsaid(board.drawing.html(frame)) == unsaid(board.html)
        assert vars(board) == fields
        offer = frame.offer
        send(board, rng.choice([{"act": "card", "zone": zone, "idx": idx} for zone, idx in offer.cards]
                               + [{"act": "choose", "move": move} for move in offer.moves]
                               + [{"act": "play"}] * offer.play + [{"act": "back"}, {"act": "last"}]))

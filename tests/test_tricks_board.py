"""The trick board (Bastard): verdicts before playing, the trump call as buttons, the trick,
tricks won, the last trick on demand, the score table with each deal's explanation, computer
turns, stepping through, hot-seat privacy, forged browser messages, hidden cards, a constant
number of widgets and messages over a whole match; and the trick lesson helpers."""

from __future__ import annotations

import html
import json
import random
import re
import warnings

import ipywidgets
import pytest

import danish_nb as dn
from danish_nb.agents import make_agent
from danish_nb.cards import Card
from danish_nb.core import render_text
from danish_nb.i18n import joined
from danish_nb.widgets import BOARDS, board_for
from danish_nb.widgets.lesson import PositionQuiz, Replay
from danish_nb.widgets.tricks_board import TrickBoard
from helpers import open_app, said, start_app_game
from test_board import unsaid

#: P3 led the Q♥; P1 holds 2♥ and A♠ (spades are trumps) and must follow hearts.
FOLLOW = {"hands": [["2H", "AS"], ["KH", "3C"], ["4H"]], "trump": "spades", "trick": ["QH"],
          "leader": 2, "won": [[], [], [["2C", "3D", "4D"]]]}


def make(position: dict = FOLLOW, seats=("human", "rule-of-thumb", "rule-of-thumb"), **kwargs) -> TrickBoard:
    return TrickBoard(dn.setup("bastard", position), seats=seats, **kwargs)


def send(board: TrickBoard, content) -> None:
    """What a browser would send: a custom message to the board's widget."""
    board.widget._handle_custom_msg(content, [])


def snapshot(board: TrickBoard):
    return board.game.state, len(board.game.history)


def card_element(html: str, code: str) -> str:
    match = re.search(rf'<span [^>]*\bdn-card-{code}\b[^>]*>', html)
    assert match, f"no element for {code}"
    return match.group(0)


def part(html: str, css: str) -> str:
    """The element of class ``css`` (up to the next element of the board's top level)."""
    match = re.search(rf'<div class="{css}"[ >].*?(?=<div class="dn-(?:controls|nav|scores|log|area-right|area-me)"|$)',
                      html, re.DOTALL)
    assert match, f"no {css} in the page"
    return match.group(0)


# ---------------------------------------------------------------- verdicts and playing

def test_playable_cards_are_highlighted_from_the_legal_moves():
    board = make()
    assert "dn-playable" in card_element(board.html, "2H")
    assert "dn-playable" not in card_element(board.html, "AS")
    assert "trumps: spades ♠" in board.html and "dn-card-QH" in part(board.html, "dn-middle")


def test_clicking_a_card_that_may_not_be_played_says_why_before_playing():
    board = make()
    before = snapshot(board)
    verdict = board.click_card("AS")
    assert not verdict.legal and verdict.rule_ids == ("BA-10",)
    assert board.verdict_text == said("illegal. You must follow hearts: you hold 2♥ (rule BA-10)")
    verdict_part = re.search(r'<div class="dn-verdict">.*?</div></li></ul></div>', board.html, re.DOTALL).group(0)
    assert said("you must follow hearts: you hold 2♥") in verdict_part and "BA-10" in verdict_part
    assert "dn-selected" in card_element(board.html, "AS")
    result = board.play_selected()
    assert not result.legal and snapshot(board) == before
    assert board.message.startswith("Not played") and "you must follow hearts" not in board.message  # said once
    assert "you must follow hearts" in part(board.html, "dn-verdict")


def test_playing_a_legal_card_then_the_computers_reply_with_their_reasons():
    board = make()
    assert board.click_card("2H").legal
    assert board.play_selected().legal
    moves = [str(step.move) for step in board.game.history]
    assert moves[:2] == ["P1 play 2♥", "P2 play K♥"]  # P2 must follow hearts too
    log = part(board.html, "dn-log")
    assert said("P2 plays K♥") in log and "takes the trick with its lowest winning card" in log
    assert "P2 wins the trick" in log and "(rule BA-11)" in log
    assert board.game.current_player == 0 and board.selection == []


def test_clicking_the_selected_card_again_unselects_it():
    board = make()
    board.click_card("2H")
    assert board.click_card("2H") is None and board.selection == [] and board.verdict_text == ""


def test_the_trump_call_is_a_row_of_buttons_and_cards_wait_for_it():
    board = TrickBoard(dn.new_game("bastard", players=4, seed=3))
    calls = [str(m) for m in board.game.legal_moves()]
    assert len(calls) == 5 and "P1 trump none" in calls
    for text in calls:
        assert f'data-move="{text}"' in board.html
    assert "Play without trumps" in board.html and "Make hearts trumps" in board.html
    assert "trumps: to be named" in board.html
    verdict = board.click_card(board.game.state.hands[0][0].code)
    assert not verdict.legal and verdict.rule_ids == ("BA-8",)
    assert "dn-playable" not in board.html
    send(board, {"act": "move", "move": "P1 trump hearts"})
    assert str(board.game.history[0].move) == "P1 trump hearts"
    assert "trumps: hearts ♥" in board.html and 'data-move="P1 trump' not in board.html
    assert board.html.count("dn-playable") == len(board.game.state.hands[0])  # any card may lead


def test_play_by_notation_for_the_human_only():
    board = TrickBoard(dn.new_game("bastard", players=3, seed=5))
    assert board.play("P1 trump none").legal and "no trumps" in board.html
    before = snapshot(board)
    assert board.play("P2 trump none") is None
    assert snapshot(board) == before and board.message.startswith("Ignored")


def test_tricks_won_the_last_trick_on_demand_and_the_score_table():
    board = make()
    board.click_card("2H")
    board.play_selected()
    assert board.click_card("AS").legal  # P2 led 3♣, P3 played 4♥: P1 has only the A♠
    board.play_selected()
    # P1's A♠ (a trump) won the last trick of deal 1: its last trick and score stay on the table,
    # and nobody plays, until "Next deal"
    played = len(board.game.history)
    over = part(board.html, "dn-deal-over")
    assert "Deal 1 is over." in over and said("A♠") in over and "P1 (you) won it" in over
    for line in board.game.state.deal_scores[0].explanation():
        assert line in over
    assert 'data-act="nextdeal"' in board.html and board._my_moves() == [] and 'data-act="step"' not in board.html
    send(board, {"act": "step"})
    assert len(board.game.history) == played and board.message.startswith("Ignored")
    send(board, {"act": "nextdeal"})
    assert "dn-deal-over" not in board.html and len(board.game.history) > played
    state = board.game.state
    # deal 2 began, P2 named trumps
    assert state.deal_scores and state.match.deal == 1
    scores = part(board.html, "dn-scores")
    for line in state.deal_scores[0].explanation():
        assert line in scores
    assert re.search(r"<td>deal 1</td>", scores)
    totals = re.search(r'<tr class="dn-totals">(.*?)</tr>', scores).group(1)
    assert re.findall(r"<b>(-?\d+)</b>", totals) == [str(s) for s in state.scores]
    # a new deal: the log holds its moves only, from P2's trump call; no last trick yet
    log = part(board.html, "dn-log")
    first = next(i for i, step in enumerate(board.game.history) if step.move.action == "trump")
    assert re.search(rf'<li value="{first + 1}"><b[^>]*>P2</b>.*?<li>P2 (names|declares)', log) and \
        said("P1 plays A♠") not in log
    send(board, {"act": "lasttrick"})
    assert board.message.startswith("Ignored") and "dn-last-trick\"" not in board.html


def test_the_last_trick_is_shown_and_hidden_on_demand():
    position = {"hands": [["2H", "AS", "5C"], ["KH", "3C", "6C"], ["4H", "8C"]], "trump": "spades",
                "trick": ["QH"], "leader": 2, "won": [[], [], [["2C", "3D", "4D"]]]}
    board = make(position)
    board.click_card("2H")
    board.play_selected()  # P2 wins with K♥ and leads; P3 and P1 follow... until P1's turn
    assert board.game.current_player == 0
    assert "1 trick" in board.html  # P2's count
    assert 'class="dn-last-trick"' not in board.html
    send(board, {"act": "lasttrick"})
    last = part(board.html, "dn-last-trick")
    record = board.game.state.last_trick
    assert record is not None and str(record.why) in last
    for play in record.plays:
        assert f"dn-card-{play.card.code}" in last
    board.show_last_trick()
    assert 'class="dn-last-trick"' not in board.html and "Show the last trick" in board.html


def test_seats_are_marked_with_trick_counts_and_the_dealer():
    board = make()
    assert re.search(r'data-seat="2" role="group" aria-label="P3 \(rule of thumb\)"><div class="dn-name">'
                     r'P3 \(rule of thumb\) <small class="dn-dealer-mark">'
                     r'· dealer</small> · <span class="dn-won">1 trick</span>', board.html)
    assert "1 in hand" in board.html and "2 in hand" in board.html


# ---------------------------------------------------------------- stepping, hot seat, teaching

def test_stepping_through_a_match_and_back_to_the_game():
    game = dn.new_game("bastard", players=3, seed=2)
    board = TrickBoard(game, seats=("rule-of-thumb",) * 3)
    whys = [board.step_computer() for _ in range(8)]
    assert all(whys) and whys[0].startswith(("names", "declares"))
    assert whys[-1] in board.html
    now = board.html
    for css in ("dn-first", "dn-back", "dn-forward", "dn-last"):
        assert f'class="{css}"' in now
    board.first()
    assert board.position == 0 and "move 0 of 8" in board.html and "trumps: to be named" in board.html
    board.forward()
    assert board.position == 1 and "trumps: to be named" not in board.html
    board.back()
    assert board.position == 0
    send(board, {"act": "goto", "value": "4"})
    assert board.position == 4 and 'class="dn-step"' not in board.html
    board.last()
    assert board.live and unsaid(board.html) == unsaid(now)


def test_hot_seat_screens_the_next_players_hand():
    game = dn.new_game("bastard", players=3, seed=4)
    board = TrickBoard(game, seats=("human", "human", "rule-of-thumb"))
    board.play("P1 trump none")
    board.click_card(board.game.legal_moves()[0].card.code)
    board.play_selected()
    assert board.screened and board.viewer == 1 and "dn-reveal" in board.html
    for card in game.state.hands[1] + game.state.hands[0]:
        assert f"dn-card-{card.code}" not in board.html
    before = snapshot(board)
    send(board, {"act": "card", "zone": "hand", "idx": 0})
    assert snapshot(board) == before and board.message.startswith("Ignored")
    send(board, {"act": "reveal"})
    html = board.html
    assert all(f"dn-card-{c.code}" in html for c in game.state.hands[1])
    assert not any(f"dn-card-{c.code}" in html for c in game.state.hands[0])


def test_teaching_mode_shows_every_hand():
    board = make(teaching=True)
    assert "dn-card-KH" in board.html and "dn-card-4H" in board.html
    board.set_teaching(False)
    assert "dn-card-KH" not in board.html and "1 in hand" in board.html


def test_undo_takes_back_my_card_and_the_replies():
    position = {"hands": [["2H", "AS", "5C"], ["KH", "3C", "6C"], ["4H", "8C"]], "trump": "spades",
                "trick": ["QH"], "leader": 2, "won": [[], [], [["2C", "3D", "4D"]]]}
    board = make(position)
    start = board.game.state
    board.click_card("2H")
    board.play_selected()
    assert len(board.game.history) > 1 and "dn-undo" in board.html
    send(board, {"act": "undo"})
    assert board.game.history == [] and board.game.state == start


# ---------------------------------------------------------------- forged input

@pytest.mark.parametrize("content", [
    {"act": "card", "zone": "hand", "idx": 9},            # no such card
    {"act": "card", "zone": "trick", "idx": 0},           # the trick's cards are not the viewer's
    {"act": "card", "zone": "hand", "idx": "x"},          # bad value
    {"act": "closed", "idx": 0},                          # no face-down cards in a trick game
    {"act": "move", "move": "P2 play KH"},                # someone else's move
    {"act": "move", "move": "P1 trump hearts"},           # trumps were named: never offered
    {"act": "move", "move": "P1 play AS"},                # a card move is not a button
    {"act": "play"},                                      # nothing selected
    {"act": "reveal"},                                    # no screen up
    {"act": "lasttrick"},                                 # no trick finished this deal
    {"act": "step"},                                      # a human's turn
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
    assert board.message.split(":")[0].split(" — ")[0] in part(board.html, "dn-message")


def test_setting_the_html_trait_from_the_browser_changes_nothing():
    board = make()
    before = snapshot(board)
    board.widget.set_state({"html": "<b>forged</b>"})
    assert snapshot(board) == before and "forged" not in board.html
    assert board.message.startswith("Ignored") and "dn-card-2H" in board.html


# ---------------------------------------------------------------- hidden information

def synced_text(board: TrickBoard) -> tuple[str, str]:
    """Every synced trait of the board's widgets as JSON; and the same with the score table and
    the deal just ended (finished deals: every card of them was played face up) taken out of
    the page, and out of the first too when a deal just ended (the cards of the new deal's
    hands were the old deal's)."""
    states = [w.get_state() for w in (board.widget, board.widget.layout)]
    for state in states:
        if "html" in state:
            state["html"] = re.sub(r'<div class="dn-deal-over".*?</ul></div>', "", state["html"], flags=re.DOTALL)
    full = json.dumps(states, ensure_ascii=False)
    for state in states:
        if "html" in state:
            state["html"] = re.sub(r'<div class="dn-scores">.*?</table></div>', "", state["html"], flags=re.DOTALL)
    return full, json.dumps(states, ensure_ascii=False)


def secret_cards(board: TrickBoard) -> set[Card]:
    """The cards in other players' hands now, and the cards out of play (a skat) unless the
    viewer's own view shows them; nothing in teaching mode."""
    if board.teaching:
        return set()
    state = board.game.state
    secret = {card for seat, hand in enumerate(state.hands) if seat != board.viewer for card in hand}
    if getattr(state.view(board.viewer), "skat", None) is None:
        secret.update(getattr(state, "skat", ()))
    return secret


def assert_no_secret(board: TrickBoard) -> None:
    full, current = synced_text(board)
    for card in secret_cards(board):
        assert not re.search(rf"(?<![\w-]){re.escape(card.code)}(?!\w)", full), card
        assert f"dn-card-{card.code}" not in full, card
        assert str(card) not in current, card


def next_deal(board: TrickBoard) -> None:
    """A deal ended: its last trick and score stay until "Next deal", and nobody plays meanwhile."""
    if board.deal_over is not None:
        assert "dn-deal-over" in board.html and 'data-act="nextdeal"' in board.html
        assert board._my_moves() == [] and not board._offer.step
        played = len(board.game.history)
        send(board, {"act": "nextdeal"})
        assert board.deal_over is None and "dn-deal-over" not in board.html
        assert len(board.game.history) >= played


def play_through_the_board(board: TrickBoard, move) -> None:
    """Make ``move`` as a person would: click its card(s) and press Play (Discard), or press
    its button."""
    if board.screened:
        board.reveal()
    cards = (move.card,) if move.card is not None else move.cards
    if cards:
        board.clear_selection()
        for card in cards:
            board.click_card(card.code)
        assert board.play_selected().legal
    else:
        assert f'data-move="{move}"' in board.html
        send(board, {"act": "move", "move": str(move)})


@pytest.mark.parametrize("teaching", [False, True])
@pytest.mark.parametrize("players,seats,seed", [
    (3, ("random", "rule-of-thumb", "human"), 1),       # P2 names trumps in deal 2
    (4, ("human", "rule-of-thumb", "human", "random"), 5),
])
def test_every_legal_move_goes_through_the_board_and_no_hidden_card_is_synced(players, seats, seed, teaching):
    game = dn.new_game("bastard", players=players, seed=seed, options={"deals": 2})
    board = TrickBoard(game, seats=seats, teaching=teaching)
    rng = random.Random(seed)
    while not game.is_over:
        assert_no_secret(board)
        next_deal(board)
        move = rng.choice(game.legal_moves())
        played = len(game.history)
        play_through_the_board(board, move)
        assert len(game.history) > played and game.history[played].move == move, (move, board.message)
    assert_no_secret(board)
    assert "Match over" in board.html and len(game.state.deal_scores) == 2


TRICK_GAMES = [game_id for game_id, rules in dn.GAMES.items() if rules.info.family == "tricks"]


@pytest.mark.parametrize("teaching", [False, True])
@pytest.mark.parametrize("game_id", TRICK_GAMES)
def test_every_trick_game_plays_through_the_board(game_id, teaching):
    """The board is driven by legal_moves/explain/view only, so every game of the family plays
    on it: cards (one, or several together), buttons for the rest, nothing hidden synced."""
    for seed in (1, 2):
        game = dn.new_game(game_id, players=3, seed=seed)
        board = TrickBoard(game, seats=("human", "rule-of-thumb", "human"), teaching=teaching)
        rng = random.Random(seed)
        for _ in range(150):
            if game.is_over:
                break
            assert_no_secret(board)
            next_deal(board)
            move = rng.choice(game.legal_moves())
            played = len(game.history)
            play_through_the_board(board, move)
            assert len(game.history) > played and game.history[played].move == move, (move, board.message)
        assert_no_secret(board)


def test_secret_check_catches_a_leak():
    """The walker is honest: a board showing another player's card would fail it."""
    board = make()
    board.message = "P2 holds 3C"
    board.clear_selection()
    with pytest.raises(AssertionError):
        assert_no_secret(board)


def _computer_discard(seed: int) -> tuple[TrickBoard, str, tuple] | None:
    """A Sjavs board (the human P2 played by a rule-of-thumb player through the board) at the
    moment a computer soloist has discarded, if that happens in the first deal."""
    board = TrickBoard(dn.new_game("sjavs", players=3, seed=seed),
                       seats=("rule-of-thumb", "human", "rule-of-thumb"))
    me = make_agent("rule-of-thumb", "sjavs", seed)
    for _ in range(40):
        for number, step in enumerate(board.game.history, start=1):
            if step.move.action == "discard" and step.move.player != 1:
                return board, board._why[number], step.move.cards
        board.play(str(me.choose(board.game.state).move))
    return None


def test_a_computers_reason_names_no_card_the_viewer_cannot_see():
    board, why, discarded = next(found for seed in range(60) if (found := _computer_discard(seed)))
    text = render_text(why, omniscient=True)
    assert text.startswith("discards") and all(said(str(card)) in text for card in discarded)  # it names them...
    log = part(board.html, "dn-log")
    assert render_text(why, 1) in log and not any(said(str(card)) in log for card in discarded)  # ...never shown
    board.set_teaching(True)  # the reason as teaching mode reads it (cards laid aside stay face down)
    assert render_text(why, 1, reveal_hands=True) in part(board.html, "dn-log")



def _cards_in(value: object, seen: set[int] | None = None) -> set[Card]:
    """Every card reachable from ``value`` through its public fields and items (strings are
    words; private fields are caches, such as a trump order's table of every card)."""
    seen = set() if seen is None else seen
    if isinstance(value, (str, bytes, int, float, bool, type(None))) or id(value) in seen:
        return set()
    seen.add(id(value))
    if isinstance(value, Card):
        return {value}
    parts: list[object] = []
    if isinstance(value, dict):
        parts = [*value.keys(), *value.values()]
    elif isinstance(value, (tuple, list, set, frozenset)):
        parts = list(value)
    else:
        slots = [name for cls in type(value).__mro__ for name in getattr(cls, "__slots__", ())]
        fields = {name: getattr(value, name) for name in slots if hasattr(value, name)}
        fields |= getattr(value, "__dict__", {})
        parts = [part for name, part in fields.items() if not name.startswith("_")]
    return set().union(*(_cards_in(part, seen) for part in parts)) if parts else set()


def test_the_drawing_is_handed_no_card_the_viewer_cannot_see():
    """By construction: what the board hands its drawing (the frame) holds the viewer's view and
    words, not the played moves, so a computer's discard (cards laid aside face down) is nowhere
    in it; the full state does hold them (the walk finds cards)."""
    board, _why, discarded = next(found for seed in range(60) if (found := _computer_discard(seed)))
    assert set(discarded) <= _cards_in(board.game.state)
    assert not set(discarded) & _cards_in(board.frame())


# ---------------------------------------------------------------- a whole match stays small

def live_widgets() -> int:
    """How many widget models are alive (ipywidgets' registry; its name is deprecated)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        return len(ipywidgets.Widget.widgets)


def count_messages(monkeypatch) -> list:
    sent = []
    original = ipywidgets.Widget._send

    def counting(self, msg, buffers=None):
        sent.append(len(json.dumps(msg, default=str)))
        return original(self, msg, buffers)
    monkeypatch.setattr(ipywidgets.Widget, "_send", counting)
    return sent


def test_a_whole_match_keeps_widgets_constant_and_one_message_per_move(monkeypatch):
    game = dn.new_game("bastard", players=4, seed=11)
    board = TrickBoard(game, seats=("rule-of-thumb",) * 4)
    live = live_widgets()
    sent = count_messages(monkeypatch)
    moves = 0
    while not game.is_over:
        before = len(sent)
        assert board.step_computer()
        moves += 1
        assert len(sent) - before == 1
        assert live_widgets() == live
    assert moves == 4 * 53 and len(game.state.deal_scores) == 4
    assert max(sent) < 60_000


def test_one_message_for_a_human_card_and_all_the_replies(monkeypatch):
    board = make()
    sent = count_messages(monkeypatch)
    board.click_card("2H")
    before = len(sent)
    board.play_selected()
    assert len(board.game.history) > 2 and len(sent) - before == 1


def test_the_board_is_one_widget_and_closes():
    live = live_widgets()
    board = make()
    assert live_widgets() == live + 2  # the pad and its layout
    assert "dn-score-table" in board.widget._css  # one style sheet for every board
    board.close()
    assert live_widgets() == live and board.game.listeners == []


# ---------------------------------------------------------------- the app and the registry

def test_the_tricks_family_has_this_board_and_the_app_offers_bastard():
    from danish_nb.app import build_app
    assert BOARDS["tricks"] is TrickBoard
    assert isinstance(board_for(dn.new_game("bastard", players=3, seed=1)), TrickBoard)
    app = build_app(seed=3).app
    assert "bastard" in [value for _, value in app.game_picker.options]
    app.game_picker.value = "bastard"
    app.players.value = 4
    app.new_button.click()
    assert isinstance(app.board, TrickBoard) and app.board.game.players == 4
    assert 'data-move="P1 trump none"' in app.board.html


# ---------------------------------------------------------------- lesson helpers

def test_trick_quiz_answers_from_the_engine_and_changes_nothing():
    game = dn.setup("bastard", FOLLOW)
    quiz = PositionQuiz(game, try_moves=["P1 play AS"])
    assert [str(m) for m in quiz.moves] == ["P1 play 2♥", "P1 play A♠"]
    verdict = quiz.answer("P1 play AS")
    assert not verdict.legal and verdict.rule_ids == ("BA-10",)
    assert "you must follow hearts" in quiz.verdict_box.value and quiz.buttons[1].button_style == "danger"
    quiz.buttons[0].click()
    assert quiz.verdict.legal and game.history == []
    assert "dn-card-KH" not in quiz.table.value  # P2's hand stays hidden
    with pytest.raises(dn.DanishNbError):
        quiz.answer("P1 play 3C")


def test_trick_replay_steps_through_a_match_with_the_score_table():
    game = dn.new_game("bastard", players=3, seed=6, options={"deals": 1})
    agent = __import__("danish_nb.agents", fromlist=["make_agent"]).make_agent("rule-of-thumb", "bastard", 1)
    while not game.is_over:
        game.play(agent.choose(game.state).move)
    replay = Replay(game, reveal_hands=True)
    replay.show(len(game.history))
    assert "dn-score-table" in replay.table.value and "Match over" in replay.table.value
    for line in game.state.deal_scores[0].explanation():
        assert line in replay.table.value
    replay.show(1)
    assert "move 1 (" in replay.info.value and "BA-8" in replay.info.value


# ---------------------------------------------------------------- the Bastard lesson notebook

def test_every_widget_of_the_bastard_lesson(monkeypatch):
    """Run the lesson's cells here (nbval cannot click widgets), then click every quiz, step the
    replay and the board it shows."""
    import contextlib
    import io
    from pathlib import Path

    import nbformat
    folder = Path(__file__).parent.parent / "notebooks"
    monkeypatch.chdir(folder)
    notebook = nbformat.read(folder / "04-bastard.ipynb", as_version=4)
    namespace: dict = {}
    quizzes: list[PositionQuiz] = []
    for cell in notebook.cells:
        if cell.cell_type == "code":
            with contextlib.redirect_stdout(io.StringIO()):
                exec(cell.source, namespace)  # noqa: S102 - the lesson's own cells
            quizzes += [v for v in namespace.values() if isinstance(v, PositionQuiz) and v not in quizzes]
    assert len(quizzes) == sum("PositionQuiz(" in cell.source for cell in notebook.cells) >= 5
    for quiz in quizzes:
        state, moves = quiz.game.state, len(quiz.game.history)
        for button, move in zip(quiz.buttons, quiz.moves):
            button.click()
            assert quiz.verdict == state.explain(move)
            assert all(f"<b>{rule_id}</b>" in quiz.verdict_box.value for rule_id in quiz.verdict.rule_ids)
        assert quiz.game.state is state and len(quiz.game.history) == moves
        me = state.current_player
        for seat, hand in enumerate(state.hands):
            if seat != me:
                assert not any(f"dn-card-{card.code}" in quiz.table.value for card in hand)
    sample, replayed = namespace["sample"], namespace["replayed"]
    assert sample.is_over and replayed.to_record() == sample.to_record()
    replay = namespace["replay"]
    replay.controls[3].click()
    assert f"move {len(sample.history)} (" in replay.info.value and "Match over" in replay.table.value
    board = namespace["board"]
    assert board.position == namespace["scored"]
    board.last()
    assert board.live and "Match over" in board.html


# ---------------------------------------------------------------- in a real browser

@pytest.mark.browser
def test_bastard_plays_in_the_voila_app(context, app_url, voila_log):
    """The app offers Bastard; in Chromium the trump call, a verdict before play, a card played
    and the computers' replies all work, and no opponent's card is in the page."""
    from playwright.sync_api import expect

    seed = 4242
    deal = dn.new_game("bastard", players=3, seed=seed).state
    page = open_app(context, app_url)
    try:
        start_app_game(page, seed, "Bastard")
        expect(page.locator(".dn-app-message")).to_contain_text(f"Bastard, 3 players, seed {seed}")
        expect(page.locator(".dn-trumps")).to_have_text("trumps: to be named")
        html = page.content()
        for card in deal.hands[1] + deal.hands[2]:
            assert f"dn-card-{card.code}" not in html and f'data-card="{card.code}"' not in html
        page.locator('button[data-move="P1 trump none"]').click()  # a legal move's button plays it at once
        expect(page.locator(".dn-trumps")).to_have_text("no trumps")
        first = deal.hands[0][0].code
        page.locator(f".dn-seat.dn-me .dn-card-{first}").click()
        expect(page.locator(".dn-verdict")).to_contain_text("Legal")
        page.locator("button.dn-play").click()
        expect(page.locator(".dn-position")).to_have_text(re.compile(r"move ([4-9]|\d\d+) of"))
        expect(page.locator(".dn-log")).to_contain_text(said(f"P1 plays {Card.parse(first)}"))
    finally:
        page.close(run_before_unload=True)


# ---------------------------------------------------------------- rendering

def test_the_renderer_draws_only_the_view():
    from danish_nb.render.tricks import scores_html, table_html, trump_html
    game = dn.setup("bastard", FOLLOW)
    spectator = game.state.view(None)
    html = table_html(spectator, ("P1", "P2", "P3"))
    assert not any(f"dn-card-{c.code}" in html for hand in game.state.hands for c in hand)
    assert "dn-card-QH" in html and 'data-act="card"' not in html
    assert trump_html(spectator) == '<span class="dn-trumps">trumps: spades ♠</span>'
    red = dn.setup("bastard", {**FOLLOW, "trump": "hearts"}).state.view(0)
    assert trump_html(red) == '<span class="dn-trumps dn-red">trumps: hearts ♥</span>'
    assert "no trumps" in trump_html(dn.setup("bastard", {**FOLLOW, "trump": "none"}).state.view(0))
    assert "no deal finished yet" in scores_html(spectator)


@pytest.mark.skipif("sjavs" not in dn.GAMES, reason="no auction game registered")
def test_an_auction_game_shows_its_bids_and_keeps_the_skat_face_down():
    game = dn.new_game("sjavs", players=3, seed=1)
    board = TrickBoard(game, seats=("rule-of-thumb", "human", "rule-of-thumb"))
    view = game.state.view(1)
    middle = part(board.html, "dn-middle")
    assert view.bids and "bids: " + ", ".join(f"P{seat + 1} bids {bid.title()}" for seat, bid in view.bids) in middle
    skat = re.search(r'<div class="dn-skat">.*?</div>', middle).group(0)
    assert view.skat is None and skat.count("dn-facedown") == view.skat_count > 0
    assert "data-card" not in skat
    bids = [str(m) for m in game.legal_moves() if m.action in ("bid", "pass")]
    assert bids and all(f'data-move="{text}"' in board.html for text in bids)


@pytest.mark.parametrize("lang", ["fr", "de"])
def test_the_bids_list_names_each_bid_as_the_log_does(lang: str) -> None:
    game = dn.new_game("sjavs", players=3, seed=1)
    said = []
    for bid in ("P1 bid play", "P2 bid strike", "P3 pass"):
        said += [render_text(event.text, lang=lang) for event in game.play(bid)]
    board = TrickBoard(game, seats=("human",) * 3, lang=lang)
    listed = html.unescape(re.search(r'<span class="dn-bids">(.*?)</span>', part(board.html, "dn-middle")).group(1))
    # one sentence per bid, as the log says it (without its rule), listed as the language lists
    cited = [re.sub(r" \(\w+ SJ-\d+\)$", "", text) for text in said]
    assert listed.endswith(render_text(joined(cited), lang=lang)), (said, listed)
    assert cited[0] != cited[1] and all(text.startswith(f"P{i + 1} ") for i, text in enumerate(cited)), listed


def test_a_half_chosen_discard_says_how_many_more_not_illegal():
    game = dn.new_game("sjavs", players=3, seed=1)
    board = TrickBoard(game, seats=("human",) * 3, teaching=True)
    while not any(m.action == "discard" for m in game.legal_moves()):
        move = next(m for m in game.legal_moves() if m.action in ("bid", "pass", "trump"))
        board.play(str(move))
        if board.screened:
            board.reveal()
    first = game.state.hands[game.current_player][0]
    assert board.click_card(first.code) is None
    assert board.message.startswith("Choose 1 more card to discard") and "dn-verdict-illegal" not in board.html

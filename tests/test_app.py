"""The Voila app: defaults that are playable at once, the settings reaching the game, a seed that
deals the same game twice, a constant number of widgets, and no hidden card in synced state."""

from __future__ import annotations

import json
import re

import ipywidgets

import danish_nb as dn
from danish_nb.app import build_app
from danish_nb.core import option_infos
from danish_nb.widgets import has_board


def test_defaults_deal_a_playable_game_at_once():
    root = build_app(seed=7)
    app = root.app
    assert "dn-app" in root._dom_classes
    assert "dn-game-picker" in app.game_picker._dom_classes and app.game_picker.value == "danish-bastard"
    assert "dn-new-game" in app.new_button._dom_classes
    board = app.board
    assert app.board_box.children == (board.box,) and board.box.children[0] is board.widget  # the coach under it
    assert board.seats == ("human", "rule-of-thumb", "rule-of-thumb")
    assert board.viewer == 0 and board.game.current_player == 0
    assert board.game.seed == 7 and 'data-act="card"' in board.html


def test_the_game_picker_lists_only_games_with_a_board():
    app = build_app(seed=1).app
    ids = [value for _, value in app.game_picker.options]
    assert "danish-bastard" in ids and ids == [g for g, rules in dn.GAMES.items() if has_board(rules)]


def test_new_game_uses_players_seats_options_and_seed():
    app = build_app(seed=1).app
    app.players.value = 4
    assert [box.layout.display for box in app.seat_boxes[:5]] == ["", "", "", "", "none"]
    app.seat_boxes[1].value = "random"
    app.seat_boxes[3].value = "human"
    app.options.inputs["must_play"].value = False
    app.seed.value = 99
    app.board.set_step_mode(True)
    app.new_button.click()
    board = app.board
    assert board.game.players == 4 and board.game.seed == 99
    assert board.seats == ("human", "random", "rule-of-thumb", "human")
    assert board.game.options.must_play is False and board.step_mode  # carried over


def test_teaching_mode_applies_to_the_game_being_played():
    app = build_app(seed=2).app
    other = app.board.game.state.view(0, reveal_hands=True).hands[1]
    assert f"dn-card-{other[0].code}" not in app.board.html
    app.teaching.value = True
    assert f"dn-card-{other[0].code}" in app.board.html


def test_the_same_seed_deals_the_same_game():
    first, second = build_app(seed=42).app, build_app(seed=42).app
    assert first.board.game.state == second.board.game.state
    assert first.board.html == second.board.html


def test_options_panel_shows_help_and_ruling_of_every_option():
    app = build_app(seed=1).app
    text = json.dumps(app.options.widget.children[0].get_state(), ensure_ascii=False)
    infos = option_infos(dn.GAMES["danish-bastard"].options_type)
    assert set(app.options.inputs) == {info.name for info in infos}
    for info in infos:
        assert info.help_in()[:30] in text and f"(ruling {info.ruling})" in text


def test_computer_seats_reply_after_a_human_move_with_reasons():
    app = build_app(seed=3).app
    board = app.board
    board.play(str(board.game.legal_moves()[0]))
    assert [step.move.player for step in board.game.history] == [0, 1, 2]
    assert board.html.count('class="dn-why"') == 2


def test_new_games_keep_the_widget_count_constant():
    app = build_app(seed=5).app
    app.new_game()
    live = len(ipywidgets.Widget.widgets)
    games = [value for _, value in app.game_picker.options]
    for round_ in range(4):
        app.game_picker.value = games[round_ % len(games)]
        app.players.value = app.players.options[round_ % len(app.players.options)]
        app.new_button.click()
        assert app.board.game.rules.id == app.game_picker.value
    app.game_picker.value = games[0]
    app.players.value = 3
    app.new_game()
    assert len(ipywidgets.Widget.widgets) == live


def test_the_app_syncs_no_hidden_card():
    before = set(ipywidgets.Widget.widgets)
    root = build_app(seed=8)
    app = root.app
    board = app.board
    board.play(str(board.game.legal_moves()[0]))
    state = board.game.state
    hidden = set(state.stock) | {c for seat in range(3) for c in state.closed[seat]}
    hidden |= set(state.hands[1]) | set(state.hands[2])
    hidden -= set(state.pile) | {c for seat in range(3) for c in state.open[seat]} | set(state.hands[0])
    for step in board.game.history:
        hidden -= set(step.move.cards)
    assert hidden
    mine = [w for key, w in ipywidgets.Widget.widgets.items() if key not in before]
    text = json.dumps([w.get_state() for w in mine], ensure_ascii=False)
    for card in hidden:
        assert not re.search(rf"(?<!\w){re.escape(card.code)}(?!\w)", text), card
        assert str(card) not in text, card

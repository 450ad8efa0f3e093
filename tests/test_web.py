"""The package's Python side of the static page (danish_nb.web): the same boards on a pad with no
widget behind them, the app's settings and coach as plain HTML, the lessons' quizzes and replays
from the engine, and one JSON entry for the page's worker. No browser here (tests/test_site.py
runs the built site in Chromium)."""

from __future__ import annotations

import html
import json
import subprocess
import sys
from typing import Any

import pytest

import danish_nb as dn
from danish_nb.cards import Card
from danish_nb.web.app import PageApp
from danish_nb.web.lessons import quiz_answer, quiz_answers, quiz_moves, quiz_spec, replay_spec, replay_step
from danish_nb.web.pad import PagePad
from danish_nb.web.session import Session
from danish_nb.widgets import board_for


@pytest.mark.parametrize("game_id", ["danish-bastard", "rat-bastard-17", "bastard", "sjavs"])
def test_every_family_board_takes_the_board_options(game_id: str) -> None:
    """A family's board passes every option on to the board (the trick boards dropped
    ``background`` and ``pad``: a page's board of Bastard or Sjavs could not start)."""
    pad = PagePad()
    board = board_for(dn.new_game(game_id, players=3 if game_id != "rat-bastard-17" else 2, seed=1),
                      seats=None, background=False, pad=pad)
    assert board.widget is pad and board.background is False
    assert "dn-seat" in pad.take()


def spots(app: PageApp) -> dict[tuple[str, int], str]:
    """The viewer's cards the board offers now: (zone, index) -> code."""
    return dict(app.board._offer.cards)


def click(app: PageApp, zone: str, idx: int) -> dict[str, Any]:
    return app.message_to_board({"act": "card", "zone": zone, "idx": str(idx)})


def test_the_first_board_deals_what_the_library_deals_and_shows_only_the_viewers_cards() -> None:
    first = PageApp(seed=4242).update(chrome=True)
    deal = dn.new_game("danish-bastard", players=3, seed=4242).state
    mine = [c.code for c in (*deal.hands[0], *deal.open[0])]
    hidden = [c.code for c in (*deal.hands[1], *deal.hands[2], *deal.closed[0], *deal.stock)]
    assert all(f"dn-card-{code}" in first["board"] for code in mine)
    assert not [code for code in hidden if f"dn-card-{code}" in first["board"]]
    assert "seed 4242" in first["message"] and 'name="seed" step="1" value="4242"' in first["chrome"]


def test_the_boards_messages_play_a_legal_move_and_a_refused_one_changes_nothing() -> None:
    app = PageApp(seed=4242)
    for zone, idx in list(spots(app))[:3]:  # the face-up choice: three of P1's six cards
        click(app, zone, idx)
    shown = app.message_to_board({"act": "play"})
    assert len(app.board.game.history) == 3 and "move 3 of 3" in shown["board"]  # and both computers' choices
    moves = app.board.game.history[:]
    refused = app.message_to_board({"act": "card", "zone": "hand", "idx": "99"})
    assert "Ignored — a card the board did not offer" in refused["board"]
    forged = app.message_to_board({"act": "move", "move": "P1 take"})
    assert "Ignored — the move 'P1 take' was not offered" in html.unescape(forged["board"])
    assert app.board.game.history == moves
    (zone, idx), code = next((spot, code) for spot, code in spots(app).items() if spot in app.board._offer.cards
                             and app.board.game.state.explain(app.board.game.parse_move(f"P1 play {code}")).legal)
    assert "Legal" in click(app, zone, idx)["board"]
    app.message_to_board({"act": "play"})
    assert str(app.board.game.history[3].move) == f"P1 play {Card.parse(code)}"


def test_the_settings_wait_for_new_game_and_a_value_the_form_never_offers_changes_nothing() -> None:
    app = PageApp(seed=1)
    staged = app.change({"game": "sjavs"})
    assert "settings" in staged and staged["note"] and app.board.game.rules.id == "danish-bastard"
    refused = app.change({"game": "poker"})
    assert "Ignored — there is no game 'poker' to choose." in html.unescape(refused["message"])
    assert app.game_id == "sjavs"
    assert "there is no seat kind 'wizard'" in html.unescape(app.change({"seat-2": "wizard"})["message"])
    assert app.seats[1] == "rule-of-thumb"
    started = app.new_game({"game": "sjavs", "players": "4", "seed": "12", "seat-2": "random"})
    game = app.board.game
    assert (game.rules.id, game.players, game.seed, app.board.seats) == \
        ("sjavs", 4, 12, ("human", "random", "rule-of-thumb", "rule-of-thumb"))
    assert started["note"] == "" and started["board_key"] == 2
    bad_seed = app.new_game({"seed": "twelve"})
    assert "Cannot start:" in bad_seed["message"] and app.board.game is game and bad_seed["board_key"] == 2
    app.new_game({"game": "danish-bastard", "seed": "3", "opt-must_play": False})
    assert app.board.game.options.must_play is False


def test_another_language_redraws_the_app_and_the_game_goes_on() -> None:
    app = PageApp(seed=4242)
    for zone, idx in list(spots(app))[:3]:
        click(app, zone, idx)
    app.message_to_board({"act": "play"})
    game = app.board.game
    german = app.change({"lang": "de"})
    assert "Neues Spiel" in german["chrome"] and "Zug 3 von 3" in german["board"] and german["lang"] == "de"
    assert app.board.game is game and app.board.lang == "de"


def test_the_coach_hints_on_the_humans_turn_and_reviews_a_finished_game() -> None:
    app = PageApp(seed=2, iterations=20)
    app.new_game({"game": "rat-bastard-17", "players": "2", "seat-2": "random"})
    assert app.coach_state() == {"hint": True, "review": False, "text": ""}
    hinted = app.hint()["coach"]["text"]
    assert hinted.startswith("<b>Hint for P1:</b>") and "Rule of thumb:" in hinted
    assert "the game is not over yet" in app.review()["coach"]["text"]
    board = app.board
    while not board.game.is_over:
        board.play(str(board.game.legal_moves()[0]))
    assert "it is not your turn" in app.hint()["coach"]["text"]
    assert app.review()["coach"]["text"].startswith("<b>Review for P1:</b>")


def test_a_quiz_answers_from_the_engine_and_only_about_its_own_moves() -> None:
    game = dn.setup("danish-bastard", {"hands": [["9C", "9H", "5D"], ["3H"]], "pile": ["8C"]})
    spec = json.loads(json.dumps(quiz_spec(game, ["P1 play 9C 5D"])))  # as a page carries it
    offered = [move for move, _ in quiz_moves(spec)]
    assert offered == sorted(map(str, game.legal_moves() + [game.parse_move("P1 play 9C 5D")]))
    assert quiz_answer(spec, "P1 play 9C 5D").summary() == game.explain("P1 play 9C 5D").summary()
    assert quiz_answer(spec, "P1 play 9H 9C").legal  # the cards of a legal move in another order
    with pytest.raises(dn.DanishNbError, match="is not one of this quiz's moves"):
        quiz_answer(spec, "P1 take")
    assert quiz_answers(spec, "fr").count("\n") == len(offered) - 1


def test_a_replay_tells_each_step_as_the_lessons_replay_does() -> None:
    from danish_nb.tools.sample_record import load_sample
    from danish_nb.widgets.lesson import Replay

    game, why = load_sample()
    for player, reveal in ((0, False), (None, True)):
        widget = Replay(game, comments=why, player=player, reveal_hands=reveal, lang="de")
        spec = json.loads(json.dumps(replay_spec(game, why, player, reveal)))
        for step in (0, 1, 17, len(game.history)):
            assert replay_step(spec, step, "de")["lines"] == widget.step_text(step).split("\n")


#: The page's Python in a fresh interpreter where no widget or Jupyter package can be imported.
NO_WIDGETS = """
import importlib.abc, json, sys
class Refuse(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in {"ipywidgets", "anywidget", "IPython", "traitlets", "comm", "jupyter_core", "voila"}:
            raise ImportError(f"no {name} in the page")
sys.meta_path.insert(0, Refuse())
before = set(sys.modules)
from danish_nb.web.lessons import quiz_spec, replay_spec
from danish_nb.web.session import Session
import danish_nb as dn
session = Session()
opened = session.handle({"op": "app.open", "seed": 5})
played = session.handle({"op": "app.msg", "message": {"act": "card", "zone": "hand", "idx": "0"}})
sjavs = session.handle({"op": "app.new", "values": {"game": "sjavs"}})
hint = session.handle({"op": "app.hint"})
game = dn.setup("danish-bastard", {"hands": [["8H"], ["9S"]], "pile": ["6C"]})
board = session.handle({"op": "lesson.board", "key": "b",
                        "spec": {"record": game.to_record(), "seats": ["human", "random"]}})
quiz = session.handle({"op": "quiz.answer", "spec": quiz_spec(game), "move": "P1 play 8H"})
replay = session.handle({"op": "replay.step", "spec": replay_spec(dn.new_game("bastard", 3, seed=1)), "step": 0})
errors = [r.get("error") for r in (opened, played, sjavs, hint, board, quiz, replay) if "error" in r]
new = sorted({name.split(".")[0] for name in set(sys.modules) - before} - set(sys.stdlib_module_names))
print(json.dumps([errors, new, "Sjavs" in sjavs["message"], "Legal" in quiz["verdict"]]))
"""


def test_the_pages_python_imports_nothing_but_the_standard_library_and_danish_nb() -> None:
    """What the browser's worker has: Pyodide's standard library and the danish_nb wheel."""
    done = subprocess.run([sys.executable, "-c", NO_WIDGETS], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-2000:]
    assert json.loads(done.stdout.splitlines()[-1]) == [[], ["danish_nb"], True, True]


def test_the_session_refuses_in_one_sentence_and_changes_nothing() -> None:
    session = Session()
    assert session.handle({"op": "app.msg", "message": {}, "lang": "de"}) == \
        {"error": "die App ist noch nicht gestartet"}
    session.handle({"op": "app.open", "seed": 9})
    moves = len(session.app.board.game.history)
    assert session.handle({"op": "app.new", "values": [1, 2]}) == {"error": "the settings come as a form's values"}
    assert session.handle({"op": "lesson.msg", "key": "nope", "message": {}})["error"] == \
        "there is no board nope on this page"
    assert session.handle({"op": "replay.step", "spec": {}, "step": 0})["error"] == "a message with bad values"
    assert session.handle({"op": "__init__"})["error"] == "unknown request __init__"
    assert len(session.app.board.game.history) == moves and session.app.board.game.seed == 9


def test_a_lessons_board_keeps_its_game_in_another_language() -> None:
    session = Session()
    spec = {"record": dn.new_game("le-danish", players=2, seed=3).to_record(), "seats": ["human", "random"]}
    first = session.handle({"op": "lesson.board", "key": "b1", "spec": spec})
    board, _pad = session.boards["b1"]
    for code in list(board._offer.cards.values())[:3]:
        board.click_card(code)
    board.play_selected()
    played = len(board.game.history)
    french = session.handle({"op": "lesson.board", "key": "b1", "spec": spec, "keep": True, "lang": "fr"})
    assert played and len(session.boards["b1"][0].game.history) == played and "coup" in french["board"]
    again = session.handle({"op": "lesson.board", "key": "b1", "spec": spec})
    assert again["board"] == first["board"] and not session.boards["b1"][0].game.history


#: The board's own "Review my game" and the Practice screen, where no widget package can be imported.
PAGE_REVIEW_AND_PRACTICE = """
import importlib.abc, json, sys
class Refuse(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in {"ipywidgets", "anywidget", "IPython", "traitlets", "comm", "sqlite3", "_sqlite3"}:
            raise ImportError(f"no {name} in the page")
sys.meta_path.insert(0, Refuse())
from danish_nb.web.session import Session
session = Session()
session.handle({"op": "app.open", "seed": 3})
session.app.model.iterations = 10
session.handle({"op": "app.new", "values": {"game": "rat-bastard-17", "players": "2", "seat-2": "random"}})
board = session.app.board
while not board.game.is_over:
    board.play(str(board.game.legal_moves()[0]))
board._render()
reviewed = session.handle({"op": "app.msg", "message": {"act": "review"}})
practice = session.handle({"op": "app.screen", "screen": "practice"})
nothing = session.handle({"op": "app.screen", "screen": "tables"})
print(json.dumps([reviewed.get("error"), reviewed["coach"]["text"][:21], "Traceback" in reviewed.get("board", ""),
                  "Practice: Rat Bastard 17" in practice["practice"], nothing.get("error")]))
"""


def test_review_my_game_on_the_pages_board_and_the_practice_screen_need_no_widget_package() -> None:
    """The board's "Review my game" went to the widget coach: ModuleNotFoundError in the page."""
    done = subprocess.run([sys.executable, "-c", PAGE_REVIEW_AND_PRACTICE], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-2000:]
    assert json.loads(done.stdout.splitlines()[-1]) == \
        [None, "<b>Review for P1:</b>", False, True, "there is no screen 'tables' on this page"]


def test_the_practice_screen_counts_the_moves_tried_on_the_board_and_answers_the_page() -> None:
    app = PageApp(seed=4242)
    app.new_game({"game": "danish-bastard", "players": "2", "seat-2": "random"})
    first = app.board.game
    for zone, idx in list(spots(app))[:3]:
        click(app, zone, idx)
    app.message_to_board({"act": "play"})
    before = next(code for code in spots(app).values() if not first.explain(f"P1 play {code}").legal)
    app.board.play(f"P1 play {before}")  # tried before the practice was opened: kept for it
    assert not app.practices
    shown = app.screen("practice")
    assert app.practices["danish-bastard"][0].session.last_game_errors()
    app.new_game({"seed": "4242"})
    assert "dn-practice" in shown["practice"] and shown["screen"] == "practice"
    practice, _pad = app.practices["danish-bastard"]
    item = practice.item
    choice = item.choices[0]
    chosen = app.message_to_practice({"act": "choice", "code": choice.key, "zone": choice.group, "move": item.id})
    assert 'aria-pressed="true"' in chosen["practice"]
    forged = app.message_to_practice({"act": "choice", "code": "nope", "zone": "answer", "move": item.id})
    assert "Ignored — that choice is not one of this question" in html.unescape(forged["practice"])
    app.screen("play")
    for zone, idx in list(spots(app))[:3]:
        click(app, zone, idx)
    app.message_to_board({"act": "play"})
    assert practice.session.game_errors == [] and practice.session.previous_errors  # a new deal: counted afresh
    game = app.board.game
    refused = next(code for code in spots(app).values() if not game.explain(f"P1 play {code}").legal)
    app.board.play(f"P1 play {refused}")  # an illegal move tried on the board counts in practice
    assert practice.session.game_errors


#: The page's first board (Danish Bastard, the default game) in a fresh interpreter, then the modules it loaded.
FIRST_BOARD = """
import json, sys
from danish_nb.web.session import Session
opened = Session().handle({"op": "app.open", "seed": 1})
print(json.dumps(["error" in opened, sorted(sys.modules)]))
"""

#: What the first board does not wait for: the other families' rules, drawings, boards and players,
#: the strong player's search, the coach, the other games, and the named character references.
NOT_BEFORE_THE_FIRST_BOARD = {
    "danish_nb.families.tricks", "danish_nb.families.running_total", "danish_nb.render.tricks", "danish_nb.render.rat",
    "danish_nb.widgets.tricks_board", "danish_nb.widgets.rat_board", "danish_nb.agents.tricks",
    "danish_nb.agents.search", "danish_nb.agents.endgame", "danish_nb.coach", "danish_nb.games.le_danish",
    "danish_nb.games.bastard", "danish_nb.games.rat_bastard_17", "danish_nb.games.sjavs", "html.entities",
}


def test_the_first_board_imports_only_its_own_game_and_family() -> None:
    """The page's first board loads Danish Bastard's modules only (each import costs the worker's start);
    the other families' modules come when a game of theirs is asked for (the test above plays Sjavs)."""
    done = subprocess.run([sys.executable, "-c", FIRST_BOARD], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-2000:]
    error, modules = json.loads(done.stdout.splitlines()[-1])
    assert not error and "danish_nb.games.danish_bastard" in modules
    assert NOT_BEFORE_THE_FIRST_BOARD.isdisjoint(modules), sorted(NOT_BEFORE_THE_FIRST_BOARD & set(modules))

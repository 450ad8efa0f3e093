"""The coach: hints from one seat's view only (two states differing only in hidden cards give
the same hint), the review of a finished game, and the board's Hint / Review my game panel
running its search in a background thread."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

import danish_nb as dn
from danish_nb import coach
from danish_nb.agents import make_agent, play_out
from danish_nb.agents.endgame import solvable, tricks_left
from danish_nb.agents.search import search_view
from danish_nb.core import DanishNbError, render_text
from danish_nb.widgets import board_for
from danish_nb.words import move_words

GAMES = (("rat-bastard-17", 2), ("danish-bastard", 3), ("le-danish", 3), ("bastard", 3), ("sjavs", 4))


#: A shedding game's hint in a fresh interpreter: which of the trick family's modules it imported.
SHEDDING_HINT = """
import json, sys
import danish_nb as dn
from danish_nb import coach
g = dn.new_game("le-danish", players=3, seed=4)
hint = coach.hint(g.state, iterations=10)
print(json.dumps([hint.move in g.legal_moves(), sorted(m for m in sys.modules if m.endswith(".tricks"))]))
"""


def test_a_shedding_games_hint_does_not_import_the_trick_family() -> None:
    """The trick family's rules and player (a fifth of a second to import) wait for a trick game:
    a learner's first hint in a shedding game does not pay for them."""
    done = subprocess.run([sys.executable, "-c", SHEDDING_HINT], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-2000:]
    assert json.loads(done.stdout.splitlines()[-1]) == [True, []]


def forward(game_id: str, players: int, seed: int, moves: int) -> dn.Game:
    g = dn.new_game(game_id, players=players, seed=seed)
    play_out(g, ["rule-of-thumb"] * players, seed=seed, max_moves=moves)
    while len(g.legal_moves()) < 2:
        play_out(g, ["rule-of-thumb"] * players, seed=seed, max_moves=1)
    return g


@pytest.mark.parametrize("game_id, players", GAMES)
def test_hints_never_read_hidden_cards(game_id, players):
    """The real state and another state its mover cannot tell from it (the others' hidden cards
    dealt differently) give the same hint under the same seed."""
    g = forward(game_id, players, seed=11, moves=7)
    seat = g.current_player
    other = g.state.view(seat).sample_world(random.Random(99))
    assert other.view(seat) == g.state.view(seat)
    if game_id != "rat-bastard-17":
        assert other != g.state
    a = coach.hint(g.state, seat, iterations=20, seed=3)
    b = coach.hint(other, seat, iterations=20, seed=3)
    assert (a.move, a.why, a.advice.move) == (b.move, b.why, b.advice.move)
    assert a.move in g.legal_moves() and a.why


def test_hint_from_a_view_and_bad_requests():
    g = forward("bastard", 3, seed=2, moves=4)
    seat = g.current_player
    view = g.state.view(seat)
    assert coach.hint(view, game_id="bastard", iterations=15).move == coach.hint(g.state, seat, iterations=15).move
    with pytest.raises(DanishNbError, match="game_id"):
        coach.hint(view, iterations=5)
    with pytest.raises(DanishNbError, match="not P"):
        coach.hint(view, (seat + 1) % 3, game_id="bastard", iterations=5)
    with pytest.raises(DanishNbError, match="turn"):
        coach.hint(g.state, (seat + 1) % 3, iterations=5)


def test_teaching_mode_endgame_hint_is_exact():
    from danish_nb.agents.endgame import solvable, solve, tricks_left
    g = dn.new_game("bastard", players=3, seed=6)
    while not (solvable(g.state) and tricks_left(g.state) <= 3 and len(g.legal_moves()) > 1):
        play_out(g, ["rule-of-thumb"] * 3, seed=1, max_moves=1)
    seat = g.current_player
    h = coach.hint(g.state.view(seat, reveal_hands=True), game_id="bastard")
    exact = solve(g.state)
    assert h.search.endgame.values == exact.values and h.move == exact.move
    assert "every hand open" in h.why


def test_review_finds_a_blunder_and_keeps_good_moves():
    """A random player's Rat Bastard 17 game: the review lists moves with both estimates, the
    best estimate well above the played one; the rule-of-thumb game has fewer."""
    g = dn.new_game("rat-bastard-17", players=2, seed=4)
    play_out(g, ["random", "rule-of-thumb"], seed=1)
    done = []
    mistakes = coach.review(g.to_record(), 0, iterations=40, progress=lambda d, t: done.append((d, t)))
    assert mistakes and done and done[-1][0] == done[-1][1]
    for m in mistakes:
        assert m.best_estimate - m.played_estimate >= coach.MARGIN[m.unit] and m.played != m.best
        assert g.history[m.number - 1].move == m.played and m.played.player == 0
        assert "you chose “" in str(m) and "”; from there it wins " in str(m)
        assert "The rule of thumb advises “" in str(m)
    with pytest.raises(DanishNbError, match="seat"):
        coach.review(g, 5)


def test_board_panel_hint_runs_in_a_thread_and_review_after_the_game():
    board = board_for(dn.new_game("rat-bastard-17", players=2, seed=2), seats=("human", "rule-of-thumb"))
    panel = board.coach
    panel.model.iterations = 20
    assert not panel.hint_button.disabled and panel.review_button.disabled
    thread = panel.hint()
    # seen once in a full run (2026-12), not reproduced alone: what the hint button's state rests on
    assert thread is not None, dict(busy=panel.busy, live=board.live, screened=board.screened, viewer=board.viewer,
                                    to_move=board.game.current_player, thinking=board.thinking)
    thread.join(timeout=120)
    assert not panel.busy and "Hint for P1" in panel.output.value and "Rule of thumb" in panel.output.value
    assert panel.progress.layout.visibility == "hidden"
    # the board answers while nothing runs, and a finished game offers the review
    play_out(board.game, {0: make_agent("rule-of-thumb", "rat-bastard-17", 1), 1: "rule-of-thumb"})
    assert board.game.is_over and panel.hint_button.disabled and not panel.review_button.disabled
    panel.review(wait=True)
    assert "Review for P1" in panel.output.value
    board.close()


def test_the_board_panel_shows_each_finding_of_a_review_before_the_review_ends():
    """The board's own "Review my game" (the Jupyter/Voila panel) draws the model's findings so far
    as each one comes, the progress words never over them, then the whole review in their place."""
    board = board_for(dn.new_game("rat-bastard-17", players=2, seed=4), seats=("human", "rule-of-thumb"))
    panel = board.coach
    panel.model.iterations = 40
    play_out(board.game, {0: make_agent("random", "rat-bastard-17", 1), 1: "rule-of-thumb"})
    drawn: list[str] = []
    panel.output.observe(lambda change: drawn.append(change["new"]), "value")
    board.review_game()
    thread = panel.thread
    if thread is not None:
        thread.join(timeout=300)
    assert not panel.busy and drawn[-1] == panel.output.value == f"<div class='dn-coach-text'>{panel.model.text}</div>"
    first = next(i for i, text in enumerate(drawn) if "<li>" in text)
    streamed, final = drawn[first:-1], drawn[-1]
    assert all("Reviewing your game" in text for text in drawn[:first])
    assert streamed and all("Review for P1:" in text and "Still weighing: " in text for text in streamed)
    assert [text.count("<li>") for text in streamed] == list(range(1, len(streamed) + 1))
    assert "Still weighing" not in final and final.count("<li>") == len(streamed)
    board.close()

def test_board_stays_responsive_while_the_hint_runs():
    board = board_for(dn.new_game("danish-bastard", players=3, seed=5), seats=("human", "strong", "rule-of-thumb"))
    panel = board.coach
    panel.model.iterations = 400
    thread = panel.hint()
    assert panel.busy and panel.hint_button.disabled
    board.back()  # the board still answers clicks meanwhile
    board.last()
    thread.join(timeout=300)
    assert not panel.busy and not panel.hint_button.disabled
    assert "strong" in board.names()[1]
    board.close()


#: Words of the coach's English texts (its templates, the solver's reason, the panel's labels).
ENGLISH = ("Hint for", "Rule of thumb", "imagined", "wins ", "finishes first", "weighed", "tried less",
           "first places", "you played", "best was", "rule of thumb", "secures", "every hand open",
           "exact endgame", "play ", "Review for", "much worse", "Thinking", "its only legal move")


def panel_texts(board) -> str:
    """Everything the coach panel shows: its output and its buttons' and progress bar's words."""
    panel = board.coach
    return " ".join([panel.output.value, panel.hint_button.description, panel.hint_button.tooltip,
                     panel.review_button.description, panel.review_button.tooltip, panel.progress.description])


@pytest.mark.parametrize("lang", ["fr", "de"])
def test_french_and_german_panels_show_no_english_coach_text(lang):
    board = board_for(dn.new_game("rat-bastard-17", players=2, seed=2), seats=("human", "rule-of-thumb"), lang=lang)
    board.coach.iterations = 20
    board.coach.hint(wait=True)
    hint = panel_texts(board)
    play_out(board.game, {0: make_agent("random", "rat-bastard-17", 1), 1: "rule-of-thumb"})
    board.coach.review(wait=True)
    review = panel_texts(board)
    board.close()
    assert "<li>" in review  # a random player's game has mistakes to list
    # the exact endgame's reason, in teaching mode (every hand shown)
    g = dn.new_game("bastard", players=3, seed=6)
    while not (solvable(g.state) and tricks_left(g.state) <= 3 and len(g.legal_moves()) > 1):
        play_out(g, ["rule-of-thumb"] * 3, seed=1, max_moves=1)
    answer = coach.hint(g.state.view(g.current_player, reveal_hands=True), game_id="bastard")
    endgame = answer.text(lang)
    for text in (hint, review, endgame):
        found = [word for word in ENGLISH if word in text]
        assert not found, (lang, found, text)
    assert "<li>" in review and endgame.startswith(move_words(answer.move, answer.seat, lang=lang))


@pytest.mark.parametrize("game_id, players", [("rat-bastard-17", 2), ("bastard", 3), ("sjavs", 4)])
def test_a_hint_names_hidden_cards_to_its_seat_only(game_id, players):
    """The reason of a hint (the moves weighed, the solver's values) read by another seat names
    none of the seat's hidden cards; the seat itself reads them."""
    g = forward(game_id, players, seed=5, moves=5)
    seat = g.current_player
    h = coach.hint(g.state, seat, iterations=20)
    mine = {str(card) for card in g.state.hands[seat]}
    for other in range(players):
        if other != seat:
            shown = render_text(h.reason, other)
            assert not [card for card in mine if card in shown], (other, shown)
    # in the endgame too
    g = dn.new_game("bastard", players=3, seed=6)
    while not (solvable(g.state) and tricks_left(g.state) <= 5 and len(g.legal_moves()) > 1):
        play_out(g, ["rule-of-thumb"] * 3, seed=1, max_moves=1)
    seat = g.current_player
    h = coach.hint(g.state, seat)
    assert h.search.endgame is not None
    mine = {str(card) for card in g.state.hands[seat]}
    shown = render_text(h.reason, (seat + 1) % 3)
    assert not [card for card in mine if card in shown] and "secures" in render_text(h.reason, seat)


@pytest.mark.parametrize("game_id, players, seed", [("danish-bastard", 3, 5), ("rat-bastard-17", 2, 4)])
def test_the_review_budget_tries_every_move_often_enough_to_judge_it(game_id: str, players: int, seed: int) -> None:
    """Sequential halving drops moves early: at the review's budget every legal move is still
    tried MIN_VISITS times, so a blunder dropped in the first round is judged, against the move
    the search chose."""
    g = dn.new_game(game_id, players=players, seed=seed)
    while len(g.legal_moves()) < 3:
        play_out(g, ["rule-of-thumb"] * players, seed=1, max_moves=1)
    moves = g.legal_moves()
    budget = coach.review_budget(len(moves), game_id)
    result = search_view(g.state.view(g.current_player), game_id, seed=2, iterations=budget)
    assert {c.move for c in result.candidates} == set(moves)
    assert min(c.visits for c in result.candidates) >= coach.MIN_VISITS
    assert result.candidates[0].move == result.move


def test_stepping_through_while_a_strong_seat_thinks_keeps_saying_that_it_thinks():
    """Looking back (and returning) while the strong seat searches still shows its progress line
    (it used to be cleared until the next 25%)."""
    from test_board import thinking_board

    board, gated = thinking_board()
    board.back()
    assert board.message == "P3 is thinking... 0%" and "Looking back" in board.html
    board.last()
    assert board.message == "P3 is thinking... 0%" and "P3 is thinking... 0%" in board.html
    gated.go.set()
    assert board.wait(120) and "thinking" not in board.message
    board.close()


def test_a_review_bounded_in_time_weighs_the_same_positions_alike_and_tells_each_finding_as_it_comes():
    """With time to spare, a review bounded in seconds (the positions weighed quickest first)
    finds the very mistakes of the unbounded one (each position's search is seeded by the
    position), in the game's order; ``found`` hears each one before the review returns."""
    g = dn.new_game("rat-bastard-17", players=2, seed=4)
    play_out(g, ["random", "rule-of-thumb"], seed=1)
    plain = coach.review(g, 0, iterations=40)
    heard: list[coach.Mistake] = []
    done: list[tuple[int, int]] = []
    bounded = coach.review(g, 0, iterations=40, seconds=1e6, found=heard.append,
                           progress=lambda d, t: done.append((d, t)))
    assert plain and bounded == plain and sorted(heard, key=lambda m: m.number) == plain
    assert [m.number for m in bounded] == sorted(m.number for m in bounded)
    assert done[0] == (0, done[-1][1]) and done[-1][0] == done[-1][1] > len(plain)


def test_a_review_out_of_time_weighs_nothing_more_and_says_how_many_of_the_choices_it_weighed():
    g = dn.new_game("rat-bastard-17", players=2, seed=4)
    play_out(g, ["random", "rule-of-thumb"], seed=1)
    done: list[tuple[int, int]] = []
    assert coach.review(g, 0, iterations=40, seconds=0.0, progress=lambda d, t: done.append((d, t))) == []
    total = done[-1][1]
    assert done == [(0, total)] and total > 1


def _finished_board(monkeypatch: pytest.MonkeyPatch, review_seconds: float):
    from danish_nb import app_model

    monkeypatch.setattr(app_model, "REVIEW_SECONDS", review_seconds)
    model = app_model.AppModel(seed=4, make_pad=None, background=False)
    model.new_game({"game": "rat-bastard-17", "players": 2, "seed": 4, "seat-2": "rule-of-thumb"})
    board = model.board
    play_out(board.game, {0: make_agent("random", "rat-bastard-17", 1), 1: "rule-of-thumb"})
    return model


def test_the_coach_shows_a_reviews_findings_as_they_come_and_bounds_it_in_time(monkeypatch: pytest.MonkeyPatch):
    """The app's coach (default budget: bounded in time) streams the findings so far, each time
    one more is found, with how many choices it weighed; out of time it says so, in words."""
    model = _finished_board(monkeypatch, 1e6)
    shown: list[str] = []
    final = model.coach.review(shown=shown.append)
    assert shown and all(text.startswith("<b>Review for P1:</b>") and "Still weighing: " in text for text in shown)
    assert final.count("<li>") == shown[-1].count("<li>") and "In its time" not in final
    assert [text.count("<li>") for text in shown] == list(range(1, len(shown) + 1))
    late = _finished_board(monkeypatch, 0.0).coach.review()
    assert "In its time the coach weighed 0 of your " in late and " choices, the quickest to weigh first." in late


def test_the_pages_session_posts_a_reviews_findings_before_its_answer(monkeypatch: pytest.MonkeyPatch):
    """The page's worker hands Python a ``partial`` callback (worker.js: posted to the page, which
    shows it in the coach's box): each finding so far comes as JSON before the review's answer,
    the answer holding them all."""
    import json

    from danish_nb import app_model
    from danish_nb.web.session import Session

    monkeypatch.setattr(app_model, "REVIEW_SECONDS", 1e6)
    posted: list[dict] = []
    session = Session(partial=lambda text: posted.append(json.loads(text)))
    session.handle({"op": "app.open", "seed": 4})
    session.handle({"op": "app.new", "values": {"game": "rat-bastard-17", "players": "2", "seed": "4"}})
    game = session.app.board.game
    play_out(game, {0: make_agent("random", "rat-bastard-17", 1), 1: "rule-of-thumb"})
    answer = session.handle({"op": "app.review"})["coach"]["text"]
    assert posted and all(set(p) == {"coach_text"} and "Still weighing: " in p["coach_text"] for p in posted)
    assert answer.count("<li>") == posted[-1]["coach_text"].count("<li>") >= 1

"""The Le danish lesson (notebooks/02-le-danish.ipynb): every quiz's verdicts are the engine's and
no quiz syncs a hidden card; the rules come in document order; the sample game replays; the
lesson's board plays a whole game with the Le danish computer player."""

from __future__ import annotations

import collections
import contextlib
import io
import json
import re
from pathlib import Path

import nbformat
import pytest

import danish_nb as dn
from danish_nb.agents import make_agent
from danish_nb.core import render_text
from danish_nb.games.le_danish import CATALOGUE
from danish_nb.games.le_danish_player import LeDanishRuleOfThumb
from danish_nb.tools import sample_record
from danish_nb.widgets import ShedBoard
from danish_nb.widgets.lesson import PositionQuiz
from test_board import play_through_the_board
from test_lesson import hidden_and_visible, leaked, synced_strings

FOLDER = Path(__file__).parent.parent / "notebooks"
NOTEBOOK = FOLDER / "02-le-danish.ipynb"
SAMPLE = FOLDER / "records" / "le-danish-sample.json"


@pytest.fixture(scope="module")
def lesson() -> tuple[nbformat.NotebookNode, list[PositionQuiz]]:
    """Run the lesson's cells here (nbval cannot click widgets); collect every quiz made."""
    notebook = nbformat.read(NOTEBOOK, as_version=4)
    namespace: dict = {}
    quizzes: list[PositionQuiz] = []
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(FOLDER)
        for cell in notebook.cells:
            if cell.cell_type == "code":
                with contextlib.redirect_stdout(io.StringIO()):
                    exec(cell.source, namespace)  # noqa: S102 - the lesson's own cells
                quizzes += [v for v in namespace.values() if isinstance(v, PositionQuiz) and v not in quizzes]
    return notebook, quizzes


def test_every_quiz_gives_the_engines_verdicts_and_hides_what_is_hidden(lesson):
    notebook, quizzes = lesson
    assert len(quizzes) == sum("PositionQuiz(" in cell.source for cell in notebook.cells) >= 25
    for quiz in quizzes:
        state = quiz.state
        assert state.game_id == "le-danish"
        assert max(collections.Counter(state.all_cards()).values()) == 1  # one pack: no card twice
        assert set(state.legal_moves()) <= set(quiz.moves)
        for button, move in zip(quiz.buttons, quiz.moves):
            button.click()
            assert quiz.verdict == state.explain(move)
            assert button.button_style == ("success" if quiz.verdict.legal else "danger")
            assert all(f"<b>{rule_id}</b>" in quiz.verdict_box.value for rule_id in quiz.verdict.rule_ids)
        assert quiz.state is state
        hidden, visible = hidden_and_visible(state, state.current_player)
        assert leaked(synced_strings(quiz), hidden, visible) == [], quiz.answers()


def test_the_quizzes_cover_every_phase_and_tempting_mistakes(lesson):
    _, quizzes = lesson
    assert {q.state.phase for q in quizzes} == {"swap", "play", "send", "offer", "chain"}
    illegal = sum(not q.state.explain(m).legal for q in quizzes for m in q.moves)
    assert illegal >= 20
    variants = ("four_of_a_kind_burns", "three_passes_hands", "six_reverses", "complete_four")
    for name in variants:
        assert any(getattr(q.state.options, name) for q in quizzes), name


def test_the_answer_sheets_printed_are_the_quizzes_answers(lesson):
    """Each ``quiz.answer_sheet()`` cell's stored output is the engine's answer sheet now."""
    notebook, _ = lesson
    namespace: dict = {}
    checked = 0
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(FOLDER)
        for cell in notebook.cells:
            if cell.cell_type != "code":
                continue
            out = io.StringIO()
            with contextlib.redirect_stdout(out):
                exec(cell.source, namespace)  # noqa: S102 - the lesson's own cells
            if re.fullmatch(r"\w+\.answer_sheet\(\)", cell.source.strip()):  # behind "Show answers"
                stored = "".join(o.get("data", {}).get("text/plain", "") for o in cell.outputs
                                 if o.output_type == "execute_result")
                assert stored == repr(eval(cell.source, namespace)) != ""  # noqa: S307
                checked += 1
    assert checked >= 25


def test_every_rule_is_shown_once_in_document_order(lesson):
    notebook, _ = lesson
    shown = [m for cell in notebook.cells if cell.cell_type == "code"
             for m in re.findall(r'show_rule\(GAME, "(LD-\d+)"\)', cell.source)]
    assert shown == list(CATALOGUE.rules)
    assert shown == [f"LD-{n}" for n in range(1, 35)]
    html = "".join(o.get("data", {}).get("text/html", "") for cell in notebook.cells
                   if cell.cell_type == "code" for o in cell.outputs)
    quote = CATALOGUE.rules["LD-29"].quote
    assert quote in html and html.index(quote) < html.index(CATALOGUE.rules["LD-29"].english)


def test_the_sample_game_replays_with_its_reasons_and_is_the_tools_game():
    game, why = sample_record.load_sample(SAMPLE)
    assert game.rules.id == "le-danish" and game.is_over and len(why) == len(game.history) and all(why)
    players, seed = sample_record.SAMPLES["le-danish"]
    again, notes = sample_record.play_sample(seed, "le-danish", players)
    assert [str(s.move) for s in again.history] == [str(s.move) for s in game.history]
    assert [n["why"] for n in notes] == [render_text(w, omniscient=True) for w in why]  # messages: any language
    kinds = {e.kind for step in game.history for e in step.events}
    assert {"send", "take", "burn", "skip", "pick-up-open", "fail"} <= kinds


def test_the_danish_bastard_sample_is_unchanged():
    game, why = sample_record.load_sample(FOLDER / "records" / "danish-bastard-sample.json")
    again, notes = sample_record.play_sample()
    assert [str(s.move) for s in again.history] == [str(s.move) for s in game.history]
    assert [n["why"] for n in notes] == [render_text(w, omniscient=True) for w in why]  # messages: any language


def test_the_tool_writes_a_chosen_games_sample(tmp_path, capsys):
    path = tmp_path / "ld.json"
    assert sample_record.main(["--game", "le-danish", str(path)]) == 0
    assert path.read_text(encoding="utf-8") == SAMPLE.read_text(encoding="utf-8")
    assert json.loads(sample_record.reasons_path(path).read_text(encoding="utf-8"))[0]["move"]
    assert "Danish and wins" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        sample_record.main(["--game", "nope"])
    assert "invalid choice: 'nope'" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        sample_record.main(["--game"])
    assert "expected one argument" in capsys.readouterr().err
    assert sample_record.sample_path("le-danish").name == "le-danish-sample.json"


def test_the_lessons_board_plays_a_whole_game_against_the_le_danish_player():
    options = {"four_of_a_kind_burns": True, "three_passes_hands": True, "six_reverses": True,
               "complete_four": True}
    game = dn.new_game("le-danish", players=3, seed=2027, options=options)
    board = ShedBoard(game, seats=("human", "rule-of-thumb", "rule-of-thumb"))
    assert all(isinstance(agent, LeDanishRuleOfThumb) for agent in board.agents.values())
    me = make_agent("rule-of-thumb", "le-danish", seed=1)
    for _ in range(400):
        if game.is_over:
            break
        assert game.current_player == 0
        played = len(game.history)
        move = me.choose(game.state).move
        play_through_the_board(board, move)
        assert game.history[played].move == move, board.message
    assert game.is_over and game.result.reason in board.html


def test_the_app_deals_le_danish_with_its_variants_and_computer_player():
    from danish_nb.app import build_app
    from danish_nb.games.le_danish import Options
    app = build_app(seed=3).app
    app.game_picker.value = "le-danish"
    assert list(app.players.options) == list(range(2, 12))  # 2 to 11 players, as the document says
    assert set(app.options.inputs) == set(Options.__dataclass_fields__)
    for name in ("four_of_a_kind_burns", "three_passes_hands", "six_reverses", "complete_four"):
        app.options.inputs[name].value = True
    app.options.inputs["two_mode"].value = "mirror"
    board = app.new_game()
    game = board.game
    options = game.state.options
    assert game.rules.id == "le-danish" and options.complete_four and options.two_mode == "mirror"
    assert board.seats == ("human", "rule-of-thumb", "rule-of-thumb")
    assert all(isinstance(agent, LeDanishRuleOfThumb) for agent in board.agents.values())
    assert "P1 chooses the three cards to leave face up" in board.html

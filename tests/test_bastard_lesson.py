"""The Bastard lesson (notebooks/04-bastard.ipynb): its cells run here (nbval cannot click
widgets), then every quiz is clicked: each verdict is the engine's, the game is unchanged, and
no quiz names a card its viewer may not see."""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

import nbformat
import pytest

from danish_nb.widgets.lesson import PositionQuiz
from helpers import named, synced

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"


@pytest.fixture(scope="module")
def quizzes() -> list[PositionQuiz]:
    notebook = nbformat.read(NOTEBOOKS / "04-bastard.ipynb", as_version=4)
    namespace: dict = {}
    found: list[PositionQuiz] = []
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(NOTEBOOKS)
        for cell in notebook.cells:
            if cell.cell_type == "code":
                with contextlib.redirect_stdout(io.StringIO()):
                    exec(cell.source, namespace)  # noqa: S102 - the lesson's own cells
                found += [v for v in namespace.values() if isinstance(v, PositionQuiz) and v not in found]
    assert len(found) == sum("PositionQuiz(" in cell.source for cell in notebook.cells) >= 5
    return found


def test_every_quiz_answers_from_the_engine_and_names_no_hidden_card(quizzes):
    for quiz in quizzes:
        state, moves = quiz.game.state, len(quiz.game.history)
        viewer = quiz.state.current_player
        hidden = {card for seat, hand in enumerate(quiz.state.hands) if seat != viewer for card in hand}
        assert not named(synced(quiz), hidden), quiz.moves
        for button, move in zip(quiz.buttons, quiz.moves):
            button.click()
            assert quiz.verdict == quiz.state.explain(move)
            assert not named(synced(quiz), hidden), (move, named(synced(quiz), hidden))
        assert quiz.game.state is state and len(quiz.game.history) == moves

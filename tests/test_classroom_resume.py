"""After its server restarts, a page comes back to the solo game it was playing (issue 40: it
was a fresh deal): the tab keeps the game's record and seats (:mod:`danish_nb.widgets.game_keeper`)
and the app resumes it; a record that does not replay or seats the app never offers change
nothing. ``tests/test_classroom_pages.py`` has the restart in Chromium.
"""

from __future__ import annotations

from typing import Any

import pytest

from danish_nb.app import build_app
from danish_nb.app_model import AppModel
from danish_nb.widgets.game_keeper import KEPT_LIMIT, GameKeeper


def played(moves: int = 3, **kwargs: Any) -> tuple[AppModel, list[dict]]:
    """An app model whose keeper's messages are ``kept``, ``moves`` moves into a game."""
    model = AppModel(background=False, **kwargs)
    kept: list[dict] = []
    GameKeeper(send=kept.append).attach(model)
    for _ in range(moves):
        board = model.board
        assert board is not None and not board.game.is_over
        board.game.play(board.game.legal_moves()[0])  # (whoever's turn: the keeper hears the game)
    return model, kept


def reopened(game: Any) -> AppModel:
    """A new page's app (a fresh deal) once its keeper reported ``game``."""
    model = AppModel(seed=1, background=False)
    GameKeeper().attach(model)._on_report(None, {"act": "stored", "game": game}, [])
    return model


def test_every_move_is_kept_and_a_new_page_resumes_the_game_where_it_was() -> None:
    model, kept = played(seed=42)
    assert kept[-1]["game"]["record"] == model.board.game.to_record()
    assert len(kept[-1]["game"]["record"]["moves"]) >= 3
    again = reopened(kept[-1]["game"])
    assert again.board.game.to_record() == model.board.game.to_record()
    assert again.board.seats == model.board.seats and again.values()["seed"] == 42
    assert again.note() == ""  # the settings show the game being played, nothing staged


def test_the_seats_kinds_come_back_with_the_game() -> None:
    model = AppModel(background=False)
    model.change({"game": "rat-bastard-17", "players": 2, "seat-2": "random"})
    model.new_game()
    kept: list[dict] = []
    GameKeeper(send=kept.append).attach(model)
    again = reopened(kept[-1]["game"])
    assert (again.board.game.rules.id, again.board.seats) == ("rat-bastard-17", ("human", "random"))


@pytest.mark.parametrize("forged", [
    {"record": {"format": "danish-nb/record", "version": 1, "game": "danish-bastard", "players": 3, "seed": 3,
                "options": {}, "moves": ["P1 play 2C 2D 2H 2S"]}, "seats": ["human", "random", "random"]},
    {"record": None, "seats": None},
    "not a game",
])
def test_a_kept_game_that_does_not_replay_changes_nothing(forged: Any) -> None:
    fresh = AppModel(seed=1, background=False).board.game.to_record()
    assert reopened(forged).board.game.to_record() == fresh


def test_seats_the_app_never_offers_change_nothing() -> None:
    _model, kept = played(moves=1, seed=5)
    game = {**kept[-1]["game"], "seats": ["human", "a-bot-of-mine", "random"]}
    assert reopened(game).board.game.to_record()["seed"] == 1
    game = {**kept[-1]["game"], "seats": ["human"]}  # not one per player
    assert reopened(game).board.game.to_record()["seed"] == 1


def test_an_oversized_report_is_ignored() -> None:
    _model, kept = played(moves=1, seed=5)
    game = {**kept[-1]["game"], "padding": "x" * KEPT_LIMIT}
    assert reopened(game).board.game.to_record()["seed"] == 1


def test_a_game_played_on_this_page_is_not_replaced_by_a_late_report() -> None:
    _model, kept = played(moves=1, seed=5)
    model = AppModel(seed=1, background=False)
    keeper = GameKeeper().attach(model)
    model.new_game()  # the learner dealt a game before the page reported
    dealt = model.board.game.to_record()
    keeper._on_report(None, {"act": "stored", "game": kept[-1]["game"]}, [])
    assert model.board.game.to_record() == dealt


def test_the_app_page_carries_the_keeper() -> None:
    root = build_app(seed=3)
    assert root.game_keeper in root.children and root.game_keeper.model is root.app.model


def test_the_keeper_follows_only_the_game_shown() -> None:
    model, kept = played(moves=1, seed=5)
    old = model.board.game
    model.new_game()
    assert not any(getattr(listener, "__self__", None).__class__ is GameKeeper for listener in old.listeners)
    assert kept[-1]["game"]["record"] == model.board.game.to_record()

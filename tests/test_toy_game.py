"""Acceptance of the game contract: a sixth game written in one module (``toy_game.py``, Tiny
Tricks) registers itself and is taken by the rest of the package with no line changed there.

The registry is process-wide, so the toy never stays registered in this process: the
``tiny`` fixture imports it (which registers it) and removes it at the end; the suites
parametrized over every registered game at collection (the contract suite, the OpenSpiel and
PettingZoo conformance tests, the trick board) run in a pytest subprocess that loads the module
first (``-p toy_game``).
"""

from __future__ import annotations

import doctest
import importlib
import os
import random
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import danish_nb as dn
from danish_nb.agents import make_agent, play_out
from danish_nb.core import register

HERE = Path(__file__).resolve().parent


@pytest.fixture
def tiny() -> Iterator[str]:
    """The toy game registered for one test, then removed again."""
    module = importlib.import_module("toy_game")
    if module.ID not in dn.GAMES:  # imported (and removed) by an earlier test
        register(module.TinyTricks(), module.PARTS)
    try:
        yield module.ID
    finally:
        dn.GAMES.remove(module.ID)


def test_the_toy_is_registered_by_its_module_alone_and_removed_after(tiny):
    info = dn.GAMES[tiny].info
    assert (info.title, info.family, info.default_players, info.language) == ("Tiny Tricks", "tricks", 3, "en")
    assert tiny in list(dn.GAMES) and dn.GAMES.card(tiny).title == "Tiny Tricks"
    assert doctest.testmod(importlib.import_module("toy_game")).failed == 0  # its rules, quoted in verdicts


def test_no_other_test_sees_the_toy():
    assert "tiny-tricks" not in dn.GAMES and "tiny-tricks" not in list(dn.GAMES)


@pytest.mark.parametrize("name", ["random", "rule-of-thumb"])
def test_computer_players_play_the_toy_to_its_end(tiny, name):
    game = dn.new_game(tiny, players=3, seed=4)
    choices = play_out(game, [make_agent(name, tiny, seed) for seed in range(3)])
    assert game.is_over and len(choices) == 48 and sum(game.result.scores) == 16
    assert all(str(choice.why) for choice in choices)
    assert make_agent("rule-of-thumb", tiny).__class__.__name__ == "TrickRuleOfThumb"  # the family's player


def test_the_strong_player_and_its_endgame_rules(tiny):
    from danish_nb.agents.endgame import solvable
    from danish_nb.agents.search import StrongPlayer, default_iterations

    game = dn.new_game(tiny, players=3, seed=2)
    assert default_iterations(tiny) == 150 and not solvable(game.state)  # the defaults: no endgame solver
    player = make_agent("strong", tiny, seed=1)
    assert isinstance(player, StrongPlayer) and player.game_id == tiny
    player.iterations = 8
    assert game.state.is_legal(player.choose(game.state).move)


def test_simulate_plays_seeded_games_of_the_toy(tiny):
    from danish_nb import sim

    df = sim.simulate(tiny, seats=("rule-of-thumb", "random", "random"), games=3, executor="serial", progress=False)
    assert len(df) == 3 and set(df["players"]) == {3} and all(sum(scores) == 16 for scores in df["scores"])
    again = sim.simulate(tiny, seats=("rule-of-thumb", "random", "random"), games=3, executor="serial",
                         progress=False)
    assert df["scores"].tolist() == again["scores"].tolist() and df["reason"].tolist() == again["reason"].tolist()


def test_a_board_is_built_and_played_in_python(tiny):
    from danish_nb.widgets import TrickBoard, board_for

    game = dn.new_game(tiny, players=3, seed=5)
    board = board_for(game, seats=("human", "rule-of-thumb", "rule-of-thumb"))
    assert isinstance(board, TrickBoard)  # the family's board: the toy declares none of its own
    hand = game.state.hands[0]
    assert all(f"dn-card-{card.code}" in board.html for card in hand)
    others = [card for seat in (1, 2) for card in game.state.hands[seat]]
    assert not any(f"dn-card-{card.code}" in board.html for card in others)
    rng = random.Random(5)
    while not game.is_over and game.current_player == 0:
        move = rng.choice(game.legal_moves())
        board.play(str(move))
    assert len(game.history) >= 1


def test_a_record_of_the_toy_replays(tiny):
    game = dn.new_game(tiny, players=4, seed=9, options={"deals": 2})
    play_out(game, ["random"] * 4)
    again = dn.load_record(game.to_record())
    assert again.state == game.state and again.result.scores == game.result.scores


def test_the_toy_is_practised_through_the_generic_path(tiny):
    """No practice part declared: random play, every rule of its catalogue, the questions the
    generic code asks (may this card be played, who takes the trick, who wins), each answered by
    the engine; only its cards are tried (its notation has no trump call)."""
    from danish_nb.practice import NoItem, PracticeSession, active_rules, make_item, practice_part
    from danish_nb.practice.part import GENERIC

    assert practice_part(tiny) is GENERIC and active_rules(tiny) == ("TT-1", "TT-2", "TT-3", "TT-4")
    kinds = {}
    for rule in ("TT-2", "TT-3", "TT-4"):
        for seed in range(6):
            item = make_item(tiny, rule, seed)
            assert item.game().rules.id == tiny and item.check(item.answer).correct
            assert item.move is None or dn.GAMES[tiny].parse_move(item.move).action == "play"
            kinds.setdefault(rule, set()).add(item.kind)
    assert kinds["TT-2"] >= {"pick", "legal"} and "who" in kinds["TT-3"] and kinds["TT-4"] == {"who"}
    with pytest.raises(NoItem):  # the deal decides no move
        make_item(tiny, "TT-1", 0)
    assert PracticeSession(tiny, seed=1).next_item().game_id == tiny


def test_the_suites_over_every_game_take_the_toy():
    """The contract suite, the OpenSpiel and PettingZoo conformance tests and the trick board's
    play-through, run in a subprocess with the toy registered, select its cases and pass."""
    suites = ["test_contract.py", "test_bridges_openspiel.py", "test_bridges_pettingzoo.py", "test_tricks_board.py"]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(HERE), os.environ.get("PYTHONPATH", "")])}
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "toy_game", "-p", "no:cacheprovider",
                          "-k", "tiny-tricks", *(str(HERE / s) for s in suites)],
                         capture_output=True, text=True, cwd=HERE.parent, env=env, timeout=1200)
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
    summary = run.stdout.strip().splitlines()[-1]
    assert " passed" in summary and "skipped" not in summary, summary
    passed = int(summary.split(" passed")[0].split()[-1])
    assert passed >= 10, summary


@pytest.mark.browser
def test_axe_finds_no_violation_on_the_toys_board(tiny, context):
    """The board's HTML (as the page shows it, with the board styles) in Chromium, under axe-core:
    at the deal and with a trick on the table."""
    from danish_nb.widgets import board_for
    from danish_nb.widgets.lesson import style_html
    from test_a11y import assert_no_violations

    game = dn.new_game(tiny, players=3, seed=5)
    board = board_for(game, seats=("human", "rule-of-thumb", "rule-of-thumb"))
    page = context.new_page()
    try:
        for when in ("the deal", "a trick on the table"):
            page.set_content(f'<!doctype html><html lang="en"><head><title>Tiny Tricks</title>{style_html()}</head>'
                             f'<body><main>{board.html}</main></body></html>')
            assert_no_violations(page, f"the toy's board at {when}")
            board.play(str(game.legal_moves()[0]))
    finally:
        page.close()

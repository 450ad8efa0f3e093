"""The strong computer seat thinking in the background, in a real Chromium (issue 12): while it
searches, the page says "P2 is thinking... 50%", still steps back and forth, refuses a move with
the wait message, and then shows the computer's move, the one the same player chooses here.

Voila serves a one-cell notebook: a Danish Bastard board (P1 a person, P2 strong, P3 rule of
thumb) whose strong player is held at half its search until the test creates a file, so the
test sees the thinking however fast or loaded the machine is. Run alone with
``.venv/bin/python -m pytest -q tests/test_thinking_browser.py``.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page, expect

import danish_nb as dn
from danish_nb import app_server
from danish_nb.agents.search import StrongPlayer
from test_browser import CELL_ERROR, HAND, ME, OPEN, TIMEOUT, codes, log_moves, moves_played

pytestmark = pytest.mark.browser
SEED = 31
ITERATIONS = 40
#: The notebook's one cell; ``GATE`` is the file that lets the strong player finish.
CELL = '''import pathlib, time
import danish_nb as dn
from danish_nb.agents.search import StrongPlayer
from danish_nb.widgets import board_for

GATE = pathlib.Path({gate!r})


class HeldBack(StrongPlayer):
    """The strong player, held at half its search until GATE exists (the board may still drop it)."""

    def choose(self, state, progress=None):
        def held(done, total):
            progress(done, total)
            while 2 * done >= total and not GATE.exists():
                progress(done, total)  # raises if the board dropped the search
                time.sleep(0.05)
        return super().choose(state, held)


board = board_for(dn.new_game("danish-bastard", players=3, seed={seed}), seats=("human", "strong", "rule-of-thumb"),
                 notation=True)
board.agents[1] = HeldBack("danish-bastard", seed=board.agents[1].seed, iterations={iterations})
board.box
'''


@pytest.fixture(scope="module")
def served(chromium_path: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """Voila serving the notebook (the app's template); yields its page's URL and the gate file."""
    folder = tmp_path_factory.mktemp("thinking")
    gate = folder / "release"
    source = CELL.format(gate=str(gate), seed=SEED, iterations=ITERATIONS)
    notebook = {"cells": [{"cell_type": "code", "execution_count": None, "id": "board", "metadata": {},
                           "outputs": [], "source": source}],
                "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
                "nbformat": 4, "nbformat_minor": 5}
    (folder / "thinking.ipynb").write_text(json.dumps(notebook), encoding="utf-8")
    port = app_server.free_port()
    argv = [sys.executable, "-m", "voila", str(folder), "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1",
            "--Voila.tornado_settings=disable_check_xsrf=True", "--template=danish-nb"]
    with open(folder / "voila.log", "w", encoding="utf-8") as log:
        proc = app_server.start(argv, stdout=log, stderr=log)
        try:
            app_server.wait_ready(app_server.url(port), 120, proc)
            yield f"{app_server.url(port)}voila/render/thinking.ipynb", gate
        finally:
            app_server.stop(proc)


def test_the_strong_seat_thinks_in_the_background_and_the_page_stays_responsive(
        context: BrowserContext, served: tuple[str, Path]) -> None:
    url, gate = served
    page: Page = context.new_page()
    page.set_default_timeout(TIMEOUT)
    try:
        page.goto(url, timeout=TIMEOUT)
        expect(page.locator(f"{ME} .dn-card").first.or_(page.get_by_text(CELL_ERROR))).to_be_visible()
        assert not page.get_by_text(CELL_ERROR).count(), "the notebook raised under Voila"
        message, position = page.locator(".dn-message"), page.locator(".dn-position")
        # P1 chooses its face-up cards; P2 (strong) then searches in the background, held at 50%
        chosen = codes(page.locator(f"{HAND}, {OPEN}"))[:3]
        for code in chosen:
            page.locator(f"{ME} .dn-card-{code}").click()
        page.locator(".dn-play").click()
        expect(message).to_have_text(re.compile(r"P2 is thinking\.\.\. 50%"))
        expect(position).to_have_text("move 1 of 1")
        # the page still answers: stepping back and forth, and still says that P2 thinks
        page.locator(".dn-back").click()
        expect(position).to_have_text("move 0 of 1")
        expect(message).to_have_text(re.compile(r"P2 is thinking\.\.\. 50%"))
        page.locator(".dn-last").click()
        expect(position).to_have_text("move 1 of 1")
        expect(message).to_have_text(re.compile(r"P2 is thinking\.\.\. 50%"))
        # a move meanwhile (a click the page sent before it was redrawn: P1's cards are not
        # clickable while P2 is to move) is refused with the wait message, and changes nothing
        page.locator(f"{ME} .dn-card").first.evaluate("card => { card.dataset.act = 'card'; card.dataset.idx = '0'; }")
        page.locator(f"{ME} .dn-card").first.click()
        expect(message).to_have_text("P2 is thinking: wait for its move.")
        assert moves_played(page) == 1
        # released, the strong player's move appears (then P3's), the one it chooses here too
        gate.touch()
        expect(position).to_have_text("move 3 of 3")
        expect(message).not_to_contain_text("thinking")
        moves = log_moves(page)
        game = dn.new_game("danish-bastard", players=3, seed=SEED)
        game.play(game.parse_move(moves[0]))
        expected = StrongPlayer("danish-bastard", seed=SEED * 101 + 1, iterations=ITERATIONS).choose(game.state).move
        assert game.parse_move(moves[1]) == expected
    finally:
        page.close(run_before_unload=True)

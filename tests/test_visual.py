"""Visual regression: each game's table in the Voila app, at a laptop (1280x800) and a phone
(390x844) size, compared with the committed reference screenshots in tests/visual/.

A screenshot matches when at most 1% of its pixels differ by more than 40 (of 255) in any
channel, and its size is the same: fonts and anti-aliasing may move a little, a layout change
may not. After an intended change, update the references with one command and look at them:

    UPDATE_SNAPSHOTS=1 .venv/bin/python -m pytest -q tests/test_visual.py

A failing comparison writes the new screenshot next to the reference (``*.new.png``).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from PIL import Image, ImageChops
from playwright.sync_api import BrowserContext, Page

import danish_nb as dn
from helpers import settled, start_app_game
from test_browser import open_app

pytestmark = pytest.mark.browser
REFERENCES = Path(__file__).parent / "visual"
UPDATE = os.environ.get("UPDATE_SNAPSHOTS", "") not in ("", "0")
SIZES = {"laptop": (1280, 800), "phone": (390, 844)}
#: Each game with a seed that deals an interesting first table.
SEEDS = {"danish-bastard": 4242, "le-danish": 9, "rat-bastard-17": 7, "bastard": 3, "sjavs": 1}
#: How many pixels may differ (a share of all), and by how much a channel may move unnoticed.
TOLERANCE, CHANNEL = 0.01, 40


def differing_share(reference: Path, shot: Path) -> float:
    """The share of pixels that differ by more than :data:`CHANNEL` in some channel (1.0 if the
    sizes differ)."""
    a, b = Image.open(reference).convert("RGB"), Image.open(shot).convert("RGB")
    if a.size != b.size:
        return 1.0
    diff = ImageChops.difference(a, b).convert("L").point(lambda v: 255 if v > CHANNEL else 0)
    return diff.histogram()[255] / (a.size[0] * a.size[1])


def test_the_comparison_fails_on_a_changed_picture(tmp_path: Path) -> None:
    """The check is honest: a picture with a block painted over fails it, a faint shift passes."""
    base = Image.new("RGB", (100, 100), "white")
    base.save(tmp_path / "a.png")
    faint = Image.new("RGB", (100, 100), (235, 235, 235))
    faint.save(tmp_path / "b.png")
    painted = base.copy()
    painted.paste((0, 0, 0), (0, 0, 20, 20))
    painted.save(tmp_path / "c.png")
    assert differing_share(tmp_path / "a.png", tmp_path / "b.png") == 0
    assert differing_share(tmp_path / "a.png", tmp_path / "c.png") == pytest.approx(0.04)


@pytest.fixture(scope="module")
def page(context_for_visual: BrowserContext, app_url: str, voila_log: Path) -> Iterator[Page]:
    page = context_for_visual.new_page()
    open_app(page, app_url, voila_log)
    yield page
    page.close(run_before_unload=True)


@pytest.fixture(scope="module")
def context_for_visual(browser) -> Iterator[BrowserContext]:  # untyped: pytest-playwright's fixture
    context = browser.new_context(reduced_motion="reduce", device_scale_factor=1)
    yield context
    context.close()


@pytest.mark.parametrize("game_id", list(SEEDS))
def test_each_table_looks_as_its_reference_at_both_sizes(page: Page, game_id: str) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    start_app_game(page, SEEDS[game_id], dn.GAMES[game_id].title)
    failures = []
    for size, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        settled(page)  # the board laid out again for this size
        board = page.locator(".dn-board")
        reference = REFERENCES / f"{game_id}-{size}.png"
        if UPDATE or not reference.exists():
            REFERENCES.mkdir(exist_ok=True)
            board.screenshot(path=str(reference), animations="disabled", caret="hide")
            continue
        shot = reference.with_suffix(".new.png")
        board.screenshot(path=str(shot), animations="disabled", caret="hide")
        share = differing_share(reference, shot)
        if share > TOLERANCE:
            failures.append(f"{reference.name}: {share:.1%} of the pixels differ (see {shot.name})")
        else:
            shot.unlink()
    assert not failures, "\n".join(failures)

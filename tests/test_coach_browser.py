"""The coach panel in a real Chromium: axe-core (vendored, see tests/test_a11y.py) finds no
WCAG 2.0/2.1/2.2 A or AA violation on an app board with the panel's hint shown, nor on the
review a finished game gets (English, French and German)."""

from __future__ import annotations

import pytest
from playwright.sync_api import BrowserContext, Page, expect

import danish_nb as dn
from danish_nb.agents import play_out
from danish_nb.widgets import board_for
from helpers import start_app_game
from test_a11y import assert_no_violations, page  # noqa: F401 (the app page fixture)

pytestmark = pytest.mark.browser


def test_the_hint_on_an_app_board_has_no_violation(page: Page) -> None:  # noqa: F811 (the fixture)
    start_app_game(page, 7, dn.GAMES["rat-bastard-17"].title)
    coach = page.locator(".dn-coach")
    expect(coach).to_be_visible()
    assert_no_violations(page, "the coach panel before a hint")
    coach.get_by_role("button", name="Hint").click()
    expect(coach.locator(".dn-coach-text")).to_contain_text("Hint for P1", timeout=180_000)
    expect(coach.get_by_role("button", name="Hint")).to_be_enabled(timeout=60_000)
    assert_no_violations(page, "the coach panel with its hint")


@pytest.mark.parametrize("lang", ["en", "fr", "de"])
def test_a_review_has_no_violation(context: BrowserContext, lang: str) -> None:
    """The panel (buttons, progress, the review's list) of a finished game's board as the board
    draws it, on one page with the board's styles."""
    from danish_nb.widgets.lesson import style_html

    game = dn.new_game("rat-bastard-17", players=2, seed=4)
    play_out(game, ["random", "rule-of-thumb"], seed=1)
    board = board_for(game, seats=("human", "rule-of-thumb"), lang=lang)
    try:
        # explicit iterations: the review weighs every decision, with no wall-clock bound (the
        # panel's own ``iterations`` attribute is read by nothing since the coach became the
        # app model's: under load the 2.5 s review weighed 3 of 33 decisions and listed none)
        board.coach.model.iterations = 20
        board.coach.review(wait=True)
        panel = board.coach
        review = panel.output.value
        assert "<ul>" in review
        buttons = "".join(f'<button type="button" title="{b.tooltip}">{b.description}</button>'
                          for b in (panel.hint_button, panel.review_button))
    finally:
        board.close()
    sheet = context.new_page()
    try:
        sheet.set_content(f'<!doctype html><html lang="{lang}"><head><title>Review</title>{style_html()}</head>'
                          f'<body><main><div class="dn-coach">{buttons}{review}</div></main></body></html>')
        assert_no_violations(sheet, f"the review ({lang})")
    finally:
        sheet.close()

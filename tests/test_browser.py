"""The Voila app in a real Chromium: it opens, deals, plays, explains, steps back, and never
lets an opponent's hidden card reach the page.

Each test opens its own page (a fresh kernel), one after another. The board is server-rendered
HTML (see danish_nb.widgets.board); these tests only use its DOM contract: ``dn-card-<CODE>``,
``dn-playable``, ``dn-play``, ``dn-verdict``, ``dn-back`` ...
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Locator, Page, Response, WebSocket, expect

import danish_nb as dn
from danish_nb.cards import Card
from helpers import frame_text, said, start_app_game, wait_until

pytestmark = pytest.mark.browser
TIMEOUT = 60_000
expect.set_options(timeout=TIMEOUT)

ME = ".dn-seat.dn-me"
HAND = f"{ME} .dn-hand-row .dn-card"
OPEN = f"{ME} .dn-open .dn-card"
CELL_ERROR = "There was an error when executing cell"


def open_app(page: Page, url: str, voila_log: Path) -> Response:
    """Open the app and wait for P1's cards; a failing notebook fails at once with Voila's log."""
    page.set_default_timeout(TIMEOUT)
    response = page.goto(url)
    ready = page.locator(f"{ME} .dn-card").first.or_(page.get_by_text(CELL_ERROR))
    expect(ready).to_be_visible()
    if page.get_by_text(CELL_ERROR).count():
        errors = [line for line in voila_log.read_text(encoding="utf-8").splitlines() if "Error" in line]
        pytest.fail("the app notebook raised; Voila's log says:\n" + "\n".join(errors[-5:]))
    return response


@pytest.fixture
def app(context: BrowserContext, app_url: str, voila_log: Path) -> Iterator[Page]:
    """A page showing the app's board; closed with its unload handlers (frees the kernel)."""
    page = context.new_page()
    open_app(page, app_url, voila_log)
    yield page
    page.close(run_before_unload=True)


def codes(locator: Locator) -> list[str]:
    """The card codes (from the class ``dn-card-<CODE>``) of the elements ``locator`` finds."""
    return locator.evaluate_all(
        "els => els.map(e => [...e.classList].find(c => /^dn-card-[0-9A-Z]+$/.test(c)).slice(8))")


def moves_played(page: Page) -> int:
    """How many moves the game has (the step bar says "move X of Y")."""
    text = page.locator(".dn-position").inner_text()
    return int(re.fullmatch(r"move (\d+) of (\d+)", text.strip()).group(2))


def shown_seed(page: Page) -> int:
    """The seed of the game on the page (the app says it, so the deal can be shared)."""
    text = page.locator(".dn-app-message").inner_text()
    return int(re.search(r"seed (\d+)", text).group(1))


def start_game(page: Page, seed: int) -> None:
    """Type ``seed`` in the settings and press New game."""
    start_app_game(page, seed)
    expect(page.locator(".dn-position")).to_have_text("move 0 of 0")


def choose_face_up(page: Page) -> list[str]:
    """P1 leaves its first three cards (as shown) face up; the computers then choose theirs."""
    chosen = codes(page.locator(f"{HAND}, {OPEN}"))[:3]
    for code in chosen:
        page.locator(f"{ME} .dn-card-{code}").click()
        expect(page.locator(f"{ME} .dn-card-{code}")).to_have_class(re.compile(r"\bdn-selected\b"))
    page.locator("button.dn-play").click()
    expect(page.locator(".dn-position")).to_have_text("move 3 of 3")  # the 3 face-up choices
    expect(page.locator(".dn-turn")).to_contain_text("Your turn")
    return chosen


def play_something(page: Page) -> str:
    """P1 plays its first playable hand card, else the first move button on offer (take the
    pile, play the stock card blind); returns the move's text."""
    before = moves_played(page)
    playable = page.locator(f"{HAND}.dn-playable")
    if playable.count():
        code = codes(playable)[0]
        page.locator(f"{ME} .dn-card-{code}").click()
        expect(page.locator(".dn-verdict")).to_contain_text("Legal")
        page.locator("button.dn-play").click()
        text = f"P1 play {Card.parse(code)}"
    else:
        button = page.locator(".dn-controls button[data-act=choose]:not(.dn-not-legal)").first
        text = button.get_attribute("data-move")
        button.click()  # a legal move's button plays it at once
    expect(page.locator(".dn-position")).not_to_have_text(f"move {before} of {before}")
    return text


def revealed(before: Any, move: Any) -> set[Card]:
    """The cards a move shows everyone: those played, or the card turned over when playing
    blind from the stock or a face-down card (it may go straight into a hand with the pile)."""
    if move.action == "stock":
        return {before.stock[-1]}
    if move.action == "closed":
        return {before.closed[move.player][move.index]}
    return set(move.cards)


def card_pattern(cards: Iterable[Card]) -> re.Pattern[str]:
    """Finds any of ``cards`` by code (``7H``) or name (``7♥``, or JSON-escaped ``7\\u2665``)."""
    names = {name for card in cards for name in (card.code, str(card), json.dumps(str(card))[1:-1])}
    return re.compile("|".join(rf"(?<![0-9A-Za-z]){re.escape(name)}(?![0-9A-Za-z])"
                               for name in sorted(names)))


def log_moves(page: Page) -> list[str]:
    """The moves of the log, in notation, oldest first (the log shows the last 40: enough here):
    a learner reads words, so the app's teacher setting that shows notation is turned on first (a
    board alone on a page is made with ``notation=True``)."""
    notation = page.locator(".dn-show-notation input")
    if page.locator(".dn-show-notation").count():
        if not notation.is_visible():
            page.get_by_text("Settings", exact=True).click()
        if not notation.is_checked():
            notation.check()
    expect(page.locator(".dn-log ol > li > code.dn-notation")).to_have_count(moves_played(page))
    return page.locator(".dn-log ol > li > code.dn-notation").all_inner_texts()


def test_the_app_opens_on_a_dealt_game_waiting_for_the_face_up_choice(app: Page) -> None:
    expect(app.locator(".dn-game-picker select")).to_have_value("Danish Bastard")  # (labels)
    expect(app.locator(".dn-new-game")).to_be_visible()
    expect(app.locator(".dn-turn")).to_contain_text("Your turn")
    expect(app.locator(f"{ME} .dn-facedown")).to_have_count(3)
    expect(app.locator(f"{ME} .dn-closed")).to_have_count(0)  # not playable while choosing face-up cards
    expect(app.locator(".dn-seat")).to_have_count(3)
    # Swap phase: any of the six face-up cards may be chosen; the step bar is at the start.
    expect(app.locator(f"{HAND}.dn-playable, {OPEN}.dn-playable")).to_have_count(6)
    expect(app.locator(".dn-seat:not(.dn-me) .dn-playable")).to_have_count(0)
    expect(app.locator(".dn-position")).to_have_text("move 0 of 0")


def test_the_seed_field_deals_the_same_game_as_the_library(app: Page) -> None:
    start_game(app, 4242)
    deal = dn.new_game("danish-bastard", players=3, seed=4242).state
    assert codes(app.locator(HAND)) == [c.code for c in deal.hands[0]]
    assert codes(app.locator(OPEN)) == [c.code for c in deal.open[0]]
    for seat in (1, 2):  # opponents' open cards are public
        assert codes(app.locator(f'.dn-seat[data-seat="{seat}"] .dn-open .dn-card')) == \
            [c.code for c in deal.open[seat]]


def test_a_legal_card_is_played_and_the_board_changes(app: Page) -> None:
    start_game(app, 4242)
    chosen = choose_face_up(app)
    assert sorted(codes(app.locator(OPEN))) == sorted(chosen)
    code = codes(app.locator(f"{HAND}.dn-playable"))[0]  # P1 leads on an empty pile: all fit
    app.locator(f"{ME} .dn-card-{code}").click()
    expect(app.locator(f"{ME} .dn-card-{code}")).to_have_class(re.compile(r"\bdn-selected\b"))
    expect(app.locator(".dn-verdict")).to_contain_text("Legal")
    app.locator("button.dn-play").click()
    expect(app.locator(f"{ME} .dn-card-{code}")).to_have_count(0)  # one pack: the card left P1
    expect(app.locator(".dn-log ol > li").nth(3)).to_contain_text(said(f"P1 plays {Card.parse(code)}"))
    assert moves_played(app) >= 4


def test_an_illegal_card_shows_why_with_its_rule_and_changes_nothing(app: Page) -> None:
    start_game(app, 4242)
    choose_face_up(app)
    before = moves_played(app)
    # While P1 holds hand cards its open cards may not be played (the stages).
    code = codes(app.locator(OPEN))[0]
    expect(app.locator(f"{ME} .dn-card-{code}")).not_to_have_class(re.compile(r"\bdn-playable\b"))
    app.locator(f"{ME} .dn-card-{code}").click(force=True)  # refused: aria-disabled, yet a click says why
    verdict = app.locator(".dn-verdict")
    expect(verdict).to_contain_text("Illegal")
    # The same verdict as the library's for this position (replayed from the page's log).
    game = dn.new_game("danish-bastard", players=3, seed=4242)
    for move in log_moves(app):
        game.play(move)
    expected = game.explain(f"P1 open {Card.parse(code)}")
    assert not expected.legal
    rule_ids = [r.rule_id for r in expected.reasons]
    assert rule_ids and all(re.fullmatch(r"DB-\d+", r) for r in rule_ids)
    expect(verdict.locator(".dn-rule > b")).to_have_text(rule_ids)
    app.locator("button.dn-play").click()
    expect(app.locator(".dn-message")).to_contain_text("Not played")
    assert moves_played(app) == before
    expect(app.locator(f"{OPEN}.dn-card-{code}")).to_have_count(1)


def test_stepping_back_shows_the_earlier_positions(app: Page) -> None:
    start_game(app, 4242)
    deal = dn.new_game("danish-bastard", players=3, seed=4242).state
    choose_face_up(app)
    play_something(app)
    total = moves_played(app)
    hand_now = codes(app.locator(HAND))
    app.locator(".dn-back").click()
    expect(app.locator(".dn-position")).to_have_text(f"move {total - 1} of {total}")
    app.locator(".dn-first").click()
    expect(app.locator(".dn-position")).to_have_text(f"move 0 of {total}")
    assert codes(app.locator(HAND)) == [c.code for c in deal.hands[0]]  # the deal again
    assert codes(app.locator(OPEN)) == [c.code for c in deal.open[0]]
    app.locator(".dn-last").click()
    expect(app.locator(".dn-position")).to_have_text(f"move {total} of {total}")
    assert codes(app.locator(HAND)) == hand_now


def test_the_page_never_receives_a_card_the_player_may_not_see(context: BrowserContext, app_url: str,
                                                               voila_log: Path) -> None:
    """Every websocket frame and the page's HTML are searched for the codes and names of the
    cards P1 never saw: face-down cards, the stock below what was drawn, opponents' hands."""
    frames: list[str] = []

    def watch(ws: WebSocket) -> None:
        ws.on("framereceived", lambda payload: frames.append(frame_text(payload)))

    page = context.new_page()
    page.on("websocket", watch)
    try:
        response = open_app(page, app_url, voila_log)
        document = response.text()
        seed = shown_seed(page)
        choose_face_up(page)
        play_something(page)
        play_something(page)
        page.locator(".dn-back").click()  # stepping through history must not leak either
        expect(page.locator(".dn-position")).to_contain_text("move")
        page.locator(".dn-last").click()
        expect(page.locator(".dn-position")).to_have_text(re.compile(r"^move (\d+) of \1$"))  # its frames arrived
        moves = log_moves(page)
        dom = page.content()
    finally:
        page.close(run_before_unload=True)

    # Replay the log in the test process from the same deal: the exact positions P1 went through.
    game = dn.new_game("danish-bastard", players=3, seed=seed)
    for move in moves:
        game.play(move)
    seen: set[Card] = set()
    for state in game.states():
        seen |= set(state.hands[0]) | set(state.pile) | set(state.burned)
        seen |= {card for seat in state.open for card in seat}
    for before, step in zip(game.states(), game.history):
        seen |= revealed(before, step.move)
    secret = set(game.state.all_cards()) - seen
    assert len(secret) >= 20, "too few hidden cards to make this check mean something"
    assert {card for seat in game.state.closed for card in seat} <= secret

    for card in secret:
        assert f"dn-card-{card.code}" not in dom, f"seed {seed}: {card} shows on the page"
    pattern = card_pattern(secret)
    # The search does find cards in these frames: P1's own hand is in them.
    assert any(card_pattern(game.state.hands[0]).search(f) for f in frames)
    for where, text in [("the page's HTML", document)] + [(f"websocket frame {i}", f)
                                                          for i, f in enumerate(frames)]:
        hit = pattern.search(text)
        assert hit is None, (f"seed {seed}: {where} holds the hidden card {hit.group()!r}: "
                             f"...{text[max(0, hit.start() - 80):hit.end() + 80]}...")


def test_closing_the_page_shuts_its_kernel_down(context: BrowserContext, app_url: str,
                                                voila_log: Path) -> None:
    """The page's unload beacon reaches Voila (XSRF checks are off for it): no kernel is left."""
    kernels: list[str] = []
    page = context.new_page()
    page.on("websocket", lambda ws: kernels.extend(re.findall(r"/api/kernels/([0-9a-f-]+)/", ws.url)))
    open_app(page, app_url, voila_log)
    page.close(run_before_unload=True)
    assert kernels
    wait_until(lambda: f"Kernel shutdown: {kernels[0]}" in voila_log.read_text(encoding="utf-8"), 30,
               f"kernel {kernels[0]} still runs after its page closed", every=0.2)


def test_the_page_asks_no_other_host_for_anything(context: BrowserContext, app_url: str, voila_log: Path) -> None:
    """Every request the page makes (logged by Playwright) goes to the app's own server: Voila's
    CDN Font Awesome links are gone (issue 14, item 8), so an offline classroom gets no errors."""
    requests: list[str] = []
    page = context.new_page()
    page.on("request", lambda request: requests.append(request.url))
    try:
        open_app(page, app_url, voila_log)
        page.wait_for_load_state("networkidle")  # every request the page makes once drawn (none for 500 ms)
    finally:
        page.close(run_before_unload=True)
    host = re.match(r"https?://[^/]+", app_url).group(0)
    assert len(requests) > 10
    outside = [u for u in requests if not u.startswith((host, "data:", "blob:", "ws://127.0.0.1"))]
    assert outside == [], outside

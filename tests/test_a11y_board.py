"""A screen reader's learner at the board (issue 44), in a real Chromium: a whole game of each
game played by keyboard alone, with everything the board's live region said collected and checked
against the moves made (none missing, none repeated, no notation, nothing long); refused moves
exposed as refused in the accessibility tree; a wild card's value in one radio group; axe-core with
its best-practice rules on; in English, French and German (``make test`` plays each game in one of
them, in turn; ``make fuzz`` each game in each).

The board runs here without Voila: the page loads the same ``board.js`` and ``board.css`` (served
by Playwright's router) on a small model like the serverless page's, and every message goes to
the board in this process (a :class:`~danish_nb.web.pad.PagePad`), so a whole game takes seconds.
Run alone: ``.venv/bin/python -m pytest -q -n 0 tests/test_a11y_board.py``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Route

import danish_nb as dn
from danish_nb.core import render_text
from danish_nb.i18n import translator
from danish_nb.web.pad import PagePad
from danish_nb.widgets import board_for
from helpers import FUZZ
from test_a11y import AXE, WCAG
from test_news import check_said

pytestmark = pytest.mark.browser
WIDGETS = Path(dn.__file__).parent / "widgets"
ORIGIN = "http://board.test/"
#: The page: the board in a ``main`` landmark, on a model that hands each message to Python
#: (``deliver``) and draws what it sends back; ``settled()`` waits for the messages sent so far.
#: A MutationObserver keeps every line appended to the spoken log (it keeps only its last 40).
PAGE = """<!doctype html><html lang="{lang}"><head><meta charset="utf-8"><title>Board</title>
<link rel="stylesheet" href="board.css"></head><body><main><h1>{title}</h1><div id="board"></div></main>
<script type="module">
import board from "./board.js";
const state = {{ html: {html} }};
const handlers = new Set();
let pending = Promise.resolve();
window.heard = [];
const model = {{
  get: () => state.html, on: (name, handler) => handlers.add(handler), off: (name, handler) => handlers.delete(handler),
  send: (content) => {{ pending = pending.then(async () => {{
    const html = await window.deliver(content);
    if (html !== null && html !== state.html) {{ state.html = html; for (const handler of handlers) handler(); }}
  }}); }},
}};
window.settled = () => pending;
const el = document.getElementById("board");
board.render({{ model, el }});
new MutationObserver((changes) => {{ for (const change of changes) for (const node of change.addedNodes)
  window.heard.push(node.textContent); }}).observe(el.querySelector(".dn-said"), {{ childList: true }});
window.ready = true;
</script></body></html>"""
#: Each game, its players and seed: a short game (Bastard and Sjavs take 3 players at least).
GAMES = {"danish-bastard": (2, 3), "le-danish": (2, 3), "rat-bastard-17": (2, 1), "bastard": (3, 1), "sjavs": (3, 1)}
ME = ".dn-me [data-act='card'], .dn-me [data-act='closed']"
FOCUS_IN = "(sel) => !!document.activeElement && document.activeElement.matches(sel)"


class Table:
    """A board in this process and its page in Chromium."""

    def __init__(self, browser: Browser, game: Any, lang: str = "en", **options: Any):
        self.game = game
        #: The learner's turns that began with the focus on a move button though a hand card
        #: could be played (the focus should have come back to the hand).
        self.stranded = 0
        self.pad = PagePad()
        self.board = board_for(game, pad=self.pad, lang=lang, background=False, **options)
        self.context = browser.new_context(viewport={"width": 1280, "height": 900})
        self.page = page = self.context.new_page()
        page.expose_function("deliver", self._deliver)
        html = json.dumps(self.pad.take()).replace("</", "<\\/")
        body = PAGE.format(lang=lang, title=game.rules.title, html=html)
        page.route(f"{ORIGIN}**", lambda route: self._serve(route, body))
        page.goto(ORIGIN)
        page.wait_for_function("window.ready === true")

    def _deliver(self, message: Any) -> str | None:
        self.pad.deliver(message)
        return self.pad.take()

    @staticmethod
    def _serve(route: Route, body: str) -> None:
        name = route.request.url.removeprefix(ORIGIN)
        files = {"board.js": (WIDGETS / "board.js", "text/javascript"),
                 "board.css": (WIDGETS / "board.css", "text/css"), "axe.js": (AXE, "text/javascript")}
        if name in files:
            path, kind = files[name]
            route.fulfill(body=path.read_text("utf-8"), content_type=kind)
        else:
            route.fulfill(body=body, content_type="text/html")

    def press(self, key: str) -> None:
        self.page.keyboard.press(key)
        self.page.evaluate("() => window.settled()")

    def focused(self, selector: str) -> bool:
        return self.page.evaluate(FOCUS_IN, selector)

    def tab_to(self, selector: str, most: int = 60) -> None:
        for _ in range(most):
            if self.focused(selector):
                return
            self.press("Tab")
        pytest.fail(f"Tab never reached {selector}")

    def arrow_to(self, selector: str, most: int = 40) -> None:
        """Tab to the viewer's cards, then the arrow keys to the one matching ``selector``."""
        self.tab_to(ME)
        for _ in range(most):
            if self.focused(selector):
                return
            self.press("ArrowRight")
        pytest.fail(f"the arrow keys never reached {selector}")

    def heard(self) -> list[str]:
        return self.page.evaluate("window.heard")

    def close(self) -> None:
        self.context.close()
        self.board.close()


@pytest.fixture
def tables(browser: Browser) -> Iterator[list[Table]]:
    made: list[Table] = []
    yield made
    for table in made:
        table.close()


def keyboard_turn(table: Table) -> None:
    """The learner's move by keyboard alone: "Next deal" by N; else a playable card of the
    viewer reached by Tab and the arrow keys, selected with Enter (as many as the move takes),
    then P; else a legal move's button, reached by Tab and pressed with Enter."""
    page, before = table.page, len(table.game.history)
    if page.locator(".dn-me .dn-playable[data-act='card'][data-zone='hand']").count():
        table.stranded += table.focused("button[data-act='choose']")
    if page.locator("button.dn-next-deal").count():
        table.press("n")
    elif page.locator(".dn-me .dn-playable[data-act]").count():
        for _ in range(12):
            table.tab_to(ME)
            for _ in range(60):
                if table.focused(".dn-playable:not([aria-pressed='true'])"):
                    break
                table.press("ArrowRight")
            table.press("Enter")
            if len(table.game.history) > before:
                break  # a face-down card played blind
            if page.locator(".dn-verdict .dn-verdict-legal").count():
                table.press("p")
                break
    else:
        table.tab_to("button[data-act='choose']:not(.dn-not-legal)")
        table.press("Enter")
    assert len(table.game.history) > before or page.locator("button.dn-next-deal").count() == 0, "no move was made"


def play_whole_game(table: Table, most: int = 400) -> None:
    for _ in range(most):
        if table.game.is_over:
            return
        keyboard_turn(table)
    pytest.fail(f"the game was not over after {most} of the learner's turns")


def check_heard(table: Table, lang: str = "en") -> list[str]:
    """What the table's live region said, checked against its game's moves (:func:`check_said`)."""
    heard = table.heard()
    check_said(heard, [[render_text(e.text, 0, lang=lang) for e in step.events] for step in table.game.history], lang)
    return heard


def whole_games(fuzz: bool = FUZZ) -> list[tuple[str, str]]:
    """The whole games played by keyboard: ``make test`` plays each game once, in the three
    languages in turn (each language at least once); ``make fuzz`` plays each in every language.

    >>> whole_games(fuzz=False)
    [('danish-bastard', 'en'), ('le-danish', 'fr'), ('rat-bastard-17', 'de'), ('bastard', 'en'), ('sjavs', 'fr')]
    >>> len(whole_games(fuzz=True))
    15
    """
    langs = ("en", "fr", "de")
    return [(game_id, lang) for i, game_id in enumerate(GAMES) for j, lang in enumerate(langs) if fuzz or j == i % 3]


@pytest.mark.parametrize("game_id, lang", whole_games())
def test_a_whole_game_by_keyboard_says_every_move_once_in_words(browser: Browser, tables: list[Table],
                                                                game_id: str, lang: str) -> None:
    players, seed = GAMES[game_id]
    table = Table(browser, dn.new_game(game_id, players=players, seed=seed), lang)
    tables.append(table)
    play_whole_game(table)
    heard = check_heard(table, lang)
    over = translator(lang)("Game over: {reason}", reason="")
    assert any(line.startswith(over) for line in heard[-3:]), heard[-3:]
    if lang != "en":  # in the page's language: no English word of the board's
        assert not any(re.search(r"\b(plays|takes|to play|Legal)\b", line) for line in heard), heard
    assert table.stranded == 0, f"{table.stranded} turns began with the focus away from a playable hand card"
    assert table.page.locator(".dn-said[role=log][aria-live=polite][aria-relevant=additions]").count() == 1


def test_a_refused_move_is_said_refused_with_its_reason_and_its_verdict_is_announced(browser: Browser,
                                                                                    tables: list[Table]) -> None:
    """Danish Bastard: "Turn over the top stock card" while hand cards may be played is exposed as
    unavailable (aria-disabled) with why as its description; Enter on it keeps the focus there
    and says its verdict in words (no code); R then reads the rule's words."""
    table = Table(browser, dn.new_game("danish-bastard", players=2, seed=3))
    tables.append(table)
    keyboard_turn(table)  # the face-up choice
    page = table.page
    stock = page.locator("button.dn-stock")
    assert stock.get_attribute("aria-disabled") == "true"
    node = ax_node(table, "Turn over the top stock card")
    assert node["role"] == "button" and node["disabled"] is True, node
    assert node["description"].startswith("Not allowed now — "), node
    heard = len(table.heard())
    table.tab_to("button.dn-stock")
    table.press("Enter")
    assert table.focused("button.dn-stock"), "the focus left the refused move just pressed"
    said = table.heard()[heard:]
    assert said and said[0].startswith("Illegal: Turn over the top stock card. "), said
    table.press("r")
    rules = table.heard()[heard + len(said):]
    assert rules and "(rule" not in rules[0] and len(rules[0]) > 40, rules


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_refused_card_is_read_unavailable_with_why_and_enter_says_its_verdict(browser: Browser, tables: list[Table],
                                                                               game_id: str) -> None:
    """A card of the learner's hand or table the rules refuse now is, in Chromium's accessibility
    tree, a disabled button whose description is why (the old board read it "toggle button, not
    pressed", like a playable one); Enter on it keeps the focus there and says its verdict, with
    the same reason, in words."""
    players, seed = GAMES[game_id]
    table = Table(browser, dn.new_game(game_id, players=players, seed=seed))
    tables.append(table)
    refused = table.page.locator(".dn-me [data-act='card'][aria-disabled='true']")
    for _ in range(30):
        if refused.count():
            break
        keyboard_turn(table)
    else:
        pytest.fail(f"{game_id}: no refused card in 30 turns")
    card = refused.first
    why, key = card.get_attribute("title"), card.get_attribute("data-key")
    node = ax_node(table, card.locator(".dn-face").get_attribute("aria-label"), role="button")
    assert node["disabled"] is True and node["description"] == why and why.startswith("Not allowed now — "), node
    heard = len(table.heard())
    table.arrow_to(f"[data-key='{key}']")
    table.press("Enter")
    assert table.focused(f"[data-key='{key}']"), "the focus left the refused card just pressed"
    said = table.heard()[heard:]
    assert said and said[0].startswith("Illegal: "), said
    reason = why.removeprefix("Not allowed now — ")[:30]
    assert f". {reason[:1].upper()}{reason[1:]}" in said[0], (why, said)  # the reasons: a sentence after the move


def test_a_wild_cards_value_is_one_radio_group_chosen_with_a_digit(browser: Browser, tables: list[Table]) -> None:
    """Rat Bastard 17: after Enter on a wild card, its values are one radio group; a digit checks
    and focuses its value and Enter plays it: 3 keys for any value."""
    game = dn.setup("rat-bastard-17", {"hands": [["RJ", "9D"], ["9S"]], "pile": ["5C"],
                                       "holes": [["4D"], ["3D"]]})
    table = Table(browser, game, step_mode=True)
    tables.append(table)
    table.arrow_to(".dn-card-RJ")
    table.press("Enter")
    group = table.page.locator("[role=radiogroup]")
    assert group.count() == 1 and group.get_attribute("aria-label") == "Value of the wild card"
    assert table.page.locator("[role=radio][aria-checked=true]").count() == 1
    table.press("7")
    assert table.focused("[role=radio][aria-checked=true]")
    table.press("ArrowLeft")
    assert table.page.locator("[role=radio][aria-checked=true]").inner_text() == "6"
    table.press("ArrowRight")
    table.press("Enter")
    assert str(game.history[-1].move) == "P1 play RJ=7"


def test_axe_with_best_practices_finds_nothing_on_a_board_in_play(browser: Browser, tables: list[Table]) -> None:
    for game_id, (players, seed) in GAMES.items():
        table = Table(browser, dn.new_game(game_id, players=players, seed=seed))
        tables.append(table)
        for _ in range(2):
            keyboard_turn(table)
        page = table.page
        page.add_script_tag(url=f"{ORIGIN}axe.js")
        found = page.evaluate("""async (tags) => {
            const result = await axe.run(document, {runOnly: {type: 'tag', values: tags}});
            return result.violations.map(v => `${v.id}: ${v.help} at ` + v.nodes.slice(0, 3).map(
                n => n.target.join(' ')).join(' | '));
        }""", [*WCAG, "best-practice"])
        assert not found, f"{game_id}:\n" + "\n".join(found)
        assert page.locator("main [role=region][aria-label='the game board']").count() == 1


def ax_node(table: Table, name: str, role: str | None = None) -> dict[str, Any]:
    """The node named ``name`` (of ``role``, if given) in Chromium's accessibility tree (what a
    screen reader reads): its role, whether it is disabled, its description."""
    session = table.context.new_cdp_session(table.page)
    nodes = session.send("Accessibility.getFullAXTree")["nodes"]
    session.detach()
    for node in nodes:
        if node.get("name", {}).get("value") == name and not node.get("ignored") and \
                role in (None, node.get("role", {}).get("value")):
            props = {p["name"]: p["value"].get("value") for p in node.get("properties", ())}
            return {"role": node["role"]["value"], "disabled": props.get("disabled", False),
                    "description": node.get("description", {}).get("value", "")}
    raise AssertionError(f"no node named {name!r} in the accessibility tree")

"""Issue 14's friction items 1, 2, 3, 5 and 6 as a learner meets them in the Voila app, in
Chromium (their plain-pytest tests are in test_board.py, test_tricks_board.py, test_rat_board.py).

Each test deals a game by the app's settings (game, players, rule options, seed) and plays
P1's moves by clicking cards and buttons. Where a test needs a later position it finds P1's
moves by playing the same deal through a board in this process (the app's computers are seeded
from the game's seed, so the page and the test see the same game), then checks that the page's
log says the same. Run alone with ``.venv/bin/python -m pytest -q tests/test_friction_browser.py``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page, expect

import danish_nb as dn
import test_a11y
from danish_nb.app_words import label_of
from danish_nb.widgets import board_for
from helpers import press_for_new_board, said, settled
from test_browser import ME, codes, log_moves, moves_played

pytestmark = pytest.mark.browser
page = test_a11y.page  # the fixture: the app at 1280x800, one page (a fresh kernel) per test
COMPUTERS = ("rule-of-thumb",) * 3
#: A button that shows a move's notation instead of words ("pick-up-open", "send P2", "bid strike").
NOTATION = re.compile(r"^(P\d|send |pass$|bid |pick-up|trump |swap |keep$)")


def deal(page: Page, game_id: str, seed: int, players: int, options: dict[str, Any] | None = None) -> None:
    """Choose the game, the number of players, rule options (tick boxes) and the seed in the
    settings, then press New game (the other seats stay computers: rule of thumb)."""
    rules = dn.GAMES[game_id]
    if not page.locator(".dn-seed input").is_visible():
        page.get_by_text("Settings", exact=True).click()
    page.locator(".dn-game-picker select").select_option(label=rules.title)
    page.locator(".dn-players select").select_option(str(players))
    for name, value in (options or {}).items():
        page.locator(".dn-options").get_by_label(label_of(rules.info.option(name)), exact=True).set_checked(value)
    page.locator(".dn-seed input").fill(str(seed))
    page.locator(".dn-seed input").press("Enter")
    press_for_new_board(page, page.locator(".dn-new-game").click)
    expect(page.locator(".dn-app-message")).to_contain_text(f"{rules.title}, {players} players, seed {seed}")
    expect(page.locator(".dn-position")).to_have_text(re.compile(r"move \d+ of \d+"))


def cards_of(move: Any) -> tuple[Any, ...]:
    """The cards a move is made of by clicking them (none for a button's move)."""
    if move.action in ("swap", "trump", "bid", "pass", "take", "stock", "closed", "send", "pick-up-open", "keep"):
        return ()
    return tuple(getattr(move, "cards", None) or ()) or ((move.card,) if getattr(move, "card", None) else ())


def play_in_app(page: Page, text: str, game: dn.Game) -> str | None:
    """Make P1's move ``text`` by clicking: its cards then Play, or its button (a legal move's
    button plays it at once). Returns the button's words for a button's move."""
    move = game.parse_move(text)
    before = moves_played(page)
    label = None
    cards = cards_of(move)
    if cards:
        for card in cards:
            element = page.locator(f"{ME} [data-act='card'].dn-card-{card.code}").first
            element.click()
            expect(element).to_have_attribute("aria-pressed", "true")
        expect(page.locator(".dn-verdict")).to_contain_text("Legal")
        page.locator("button.dn-play").click()
    else:
        button = page.locator(f'button[data-act="choose"][data-move="{move}"]')
        label = button.inner_text()
        button.click()
    expect(page.locator(".dn-position")).not_to_have_text(f"move {before} of {before}")
    return label


def path_to(game_id: str, seed: int, players: int, options: dict[str, Any] | None,
            goal: Callable[[dn.Game], bool], choose: Callable[[list[Any]], Any], limit: int = 60) -> list[str]:
    """P1's moves (chosen by ``choose`` among the legal ones) until ``goal`` holds on P1's turn,
    played on a board as the app plays them (P1 a person, the computers rule of thumb)."""
    game = dn.new_game(game_id, players=players, seed=seed, options=options)
    board = board_for(game, seats=("human",) + COMPUTERS[:players - 1])
    mine: list[str] = []
    while not goal(game):
        assert not game.is_over and len(mine) < limit and game.current_player == 0, "the goal is never reached"
        mine.append(str(choose(game.legal_moves())))
        board.play(mine[-1])
    return mine


def replay(game_id: str, seed: int, players: int, options: dict[str, Any] | None, moves: list[str]) -> dn.Game:
    game = dn.new_game(game_id, players=players, seed=seed, options=options)
    for move in moves:
        game.play(move)
    return game


def plays_first(moves: list[Any]) -> Any:
    """Cards before anything else (the most cards at once): a game that moves on."""
    order = {"face-up": 0, "play": 1, "open": 2, "stock": 3, "closed": 4}
    return sorted(moves, key=lambda m: (order.get(m.action, 9), -len(m.cards)))[0]


def box(page: Page, selector: str) -> dict[str, float]:
    found = page.locator(selector).first.bounding_box()
    assert found is not None, f"{selector} is not shown"
    return found


def overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    return (a["x"] < b["x"] + b["width"] and b["x"] < a["x"] + a["width"]
            and a["y"] < b["y"] + b["height"] and b["y"] < a["y"] + a["height"])


# ---------------------------------------------------------------- item 1

def test_le_danish_offers_the_open_cards_in_words_and_no_face_down_card_when_hand_and_stock_are_empty(
        page: Page) -> None:
    """Le danish, 4 players, seed 9, complete_four: once P1's hand and the stock are empty, the
    only move is to pick up the open cards: the button says so in words, the open cards are
    marked playable and pick them up, and the face-down cards are neither clickable nor
    offered "blind". Every move button on the way was in words too ("Send the pile to P2")."""
    options = {"complete_four": True}
    mine = path_to("le-danish", 9, 4, options, lambda g: [str(m) for m in g.legal_moves()] == ["P1 pick-up-open"],
                   plays_first)
    game = dn.new_game("le-danish", players=4, seed=9, options=options)
    deal(page, "le-danish", 9, 4, options)
    labels = [play_in_app(page, move, game) for move in mine]
    assert any(move.startswith("P1 send") for move in mine)
    assert [label for label in labels if label is not None and NOTATION.match(label)] == []
    assert "Send the pile to P2" in labels
    game = replay("le-danish", 9, 4, options, log_moves(page))  # the page's game is the test's game
    assert not game.state.hands[0] and not game.state.stock and game.current_player == 0

    buttons = page.locator(".dn-controls button[data-act='choose']")
    expect(buttons).to_have_text(["Pick up the face-up cards"])
    facedown = page.locator(f"{ME} .dn-facedown")
    expect(facedown).to_have_count(len(game.state.closed[0]))
    for i in range(facedown.count()):
        card = facedown.nth(i)
        assert card.get_attribute("data-act") is None and card.get_attribute("tabindex") is None
        assert "blind" not in (card.get_attribute("title") or "") + (card.get_attribute("aria-label") or "")
        assert card.evaluate("e => getComputedStyle(e).cursor") != "pointer"
    opened = [c.code for c in game.state.open[0]]
    expect(page.locator(f"{ME} .dn-open .dn-card.dn-playable")).to_have_count(len(opened))
    page.locator(f"{ME} .dn-open .dn-card-{opened[0]}").click()
    expect(page.locator(".dn-verdict")).to_contain_text("Legal")
    expect(page.locator(f"{ME} .dn-open [aria-pressed='true']")).to_have_count(len(opened))
    expect(page.locator("button.dn-play")).to_have_text("Pick up the face-up cards")
    page.locator("button.dn-play").click()
    expect(page.locator(".dn-log")).to_contain_text("P1 takes the face-up cards")
    assert sorted(codes(page.locator(f"{ME} .dn-hand-row .dn-card"))) == sorted(opened)


# ---------------------------------------------------------------- item 2

@pytest.mark.parametrize("equal,hint,legal", [(True, "after a 7: play a 7 or lower", True),
                                              (False, "after a 7: play lower than 7", False)])
def test_the_after_a_seven_hint_follows_seven_allows_equal(page: Page, equal: bool, hint: str, legal: bool) -> None:
    """Danish Bastard, seed 21: a 7 tops the pile and P1 holds 7♠. The table's hint says what
    the engine accepts with the option in force, and the 7♠'s verdict agrees with it."""
    options = {"seven_allows_equal": equal}
    mine = path_to("danish-bastard", 21, 3, options,
                   lambda g: bool(g.state.pile) and g.state.pile[-1].code[:-1] == "7"
                   and any(c.code == "7S" for c in g.state.hands[0]), plays_first)
    game = dn.new_game("danish-bastard", players=3, seed=21, options=options)
    deal(page, "danish-bastard", 21, 3, options)
    for move in mine:
        play_in_app(page, move, game)
    game = replay("danish-bastard", 21, 3, options, log_moves(page))
    expect(page.locator(".dn-note")).to_contain_text(hint)
    page.locator(f"{ME} .dn-card-7S").click(force=True)  # refused or not: a click says why
    verdict = game.explain("P1 play 7S")
    assert verdict.legal is legal
    expect(page.locator(".dn-verdict")).to_contain_text("Legal" if legal else "Illegal")
    expect(page.locator(".dn-verdict .dn-rule > b")).to_have_text([r.rule_id for r in verdict.reasons])


# ---------------------------------------------------------------- item 3

@pytest.mark.parametrize("game_id,seed", [("bastard", 3), ("sjavs", 1)])
def test_with_step_mode_off_the_learner_sees_the_trick_just_taken_and_who_took_it(
        page: Page, game_id: str, seed: int) -> None:
    """The computers finish each trick at once (step mode is off), yet the trick P1 played to
    stays on the table, with its cards in the order played and who took it, until P1 plays
    to the next one."""
    deal(page, game_id, seed, 3)
    expect(page.locator(".dn-step-mode input")).not_to_be_checked()
    game = dn.new_game(game_id, players=3, seed=seed)
    names = board_for(dn.new_game(game_id, players=3, seed=seed), seats=("human",) + COMPUTERS[:2]).names()
    taken = page.locator(".dn-just-taken")
    tricks = 0
    while tricks < 2:
        game = replay(game_id, seed, 3, None, log_moves(page))
        move = str(game.legal_moves()[0])  # bids, discards and trump calls first, then cards
        play_in_app(page, move, game)
        if game.parse_move(move).action != "play":
            continue
        tricks += 1
        game = replay(game_id, seed, 3, None, log_moves(page))
        record = game.state.view(0).last_trick
        assert record is not None and any(p.player == 0 and str(p.card) in move for p in record.plays)
        expect(taken).to_be_visible()
        assert codes(taken.locator(".dn-card")) == [p.card.code for p in record.plays]
        expect(taken.locator(".dn-taken-by")).to_contain_text(f"{names[record.winner]} took the trick")


# ---------------------------------------------------------------- item 5

def test_rat_bastard_swaps_are_two_explained_clicks_and_the_hole_ends_are_explained(page: Page) -> None:
    """Rat Bastard 17, seed 7: no wall of "2♣ face up for 3♦" buttons; the orange hole
    positions have a legend; a hand card then a face-up hole card preview the swap with its
    verdict, and only Play commits it."""
    deal(page, "rat-bastard-17", 7, 2)
    game = dn.new_game("rat-bastard-17", players=2, seed=7)
    swap = next(m for m in game.legal_moves() if m.action == "swap")
    expect(page.locator("button[data-move*='swap']")).to_have_count(0)
    expect(page.locator('button[data-move="P1 keep"]')).to_contain_text("Finish swapping")
    ends = page.locator(f"{ME} .dn-hole-slot.dn-end .dn-pos")
    expect(ends).to_have_text(["1", "5"])
    expect(page.locator(f"{ME} .dn-hole-legend")).to_contain_text("orange")
    expect(page.locator(f"{ME} .dn-hole-legend")).to_contain_text("ends")
    page.locator(f"{ME} .dn-hand-row .dn-card-{swap.card.code}").click()
    expect(page.locator(".dn-message")).to_contain_text("Now choose a face-up hole card to swap it with.")
    page.locator(f"{ME} .dn-hole-row .dn-card-{swap.other.code}").click()
    expect(page.locator(".dn-verdict")).to_contain_text("Legal")
    expect(page.locator(".dn-verdict .dn-rule > b")).to_have_text([r.rule_id for r in game.explain(swap).reasons])
    expect(page.locator("button.dn-play")).to_contain_text("Swap these two")
    expect(page.locator(".dn-position")).to_have_text("move 0 of 0")  # nothing committed yet
    page.locator("button.dn-play").click()
    expect(page.locator(".dn-log")).to_contain_text(said(f"P1 puts {swap.card} face up"))


def test_sjavs_bids_are_words_previewed_with_their_verdict_before_they_commit(page: Page) -> None:
    """Sjavs, seed 1: P1 must bid. Each bid button is in words; with the teaching setting
    "confirm each move", a click shows what the bid undertakes with its rule and commits
    nothing; a second click on it commits it."""
    deal(page, "sjavs", 1, 3)
    page.locator(".dn-confirm-moves input").check()
    game = dn.new_game("sjavs", players=3, seed=1)
    bids = page.locator(".dn-controls button[data-act='choose']")
    expect(bids).to_have_count(len(game.legal_moves()))
    assert [label for label in bids.all_inner_texts() if NOTATION.match(label)] == []
    for bid, words in (("strike", "without exchanging"), ("play", "after taking the skat")):
        button = page.locator(f'button[data-move="P1 bid {bid}"]')
        button.click()
        expect(button).to_have_attribute("aria-pressed", "true")
        verdict = game.explain(f"P1 bid {bid}")
        expect(page.locator(".dn-verdict")).to_contain_text(words)
        expect(page.locator(".dn-verdict .dn-rule > b")).to_have_text([r.rule_id for r in verdict.reasons])
        expect(page.locator(".dn-position")).to_have_text("move 0 of 0")
    page.locator('button[data-move="P1 bid play"]').click()
    expect(page.locator(".dn-log")).to_contain_text("P1 bids Play")


# ---------------------------------------------------------------- item 6

def test_a_joker_is_drawn_as_large_as_any_card_with_its_word_inside(page: Page) -> None:
    """Danish Bastard, seed 4242: P3's face-up black joker has the size of the cards beside it
    and its word "JOKER" stays inside it."""
    deal(page, "danish-bastard", 4242, 3)
    joker = box(page, '.dn-seat[data-seat="2"] .dn-card-BJ')
    for code in ("10D", "10S"):
        other = box(page, f'.dn-seat[data-seat="2"] .dn-card-{code}')
        assert (joker["width"], joker["height"]) == (other["width"], other["height"])
    for part in page.locator('.dn-seat[data-seat="2"] .dn-card-BJ *').all():
        inner = part.bounding_box()
        if inner and inner["width"]:
            assert joker["x"] <= inner["x"] and inner["x"] + inner["width"] <= joker["x"] + joker["width"] + 0.5
            assert joker["y"] <= inner["y"] and inner["y"] + inner["height"] <= joker["y"] + joker["height"] + 0.5


def test_choosing_face_up_cards_says_how_many_more_and_a_selected_card_stays_off_the_labels(page: Page) -> None:
    """Danish Bastard, seed 4242, choosing the three face-up cards: one or two chosen is not
    "Illegal" (the board says how many more); a selected card does not ride over P1's name or
    the row's label."""
    deal(page, "danish-bastard", 4242, 3)
    chosen = codes(page.locator(f"{ME} [data-act='card']"))[:3]
    for count, code in enumerate(chosen, 1):
        card = page.locator(f"{ME} .dn-card-{code}")
        card.click()
        expect(card).to_have_attribute("aria-pressed", "true")
        settled(page)  # the selection's highlight drawn, its animations ended
        selected = box(page, f"{ME} .dn-card-{code}")
        for label in (f"{ME} .dn-name", f"{ME} .dn-hand-row .dn-label", f"{ME} .dn-table-row .dn-label"):
            assert not overlap(selected, box(page, label)), f"the selected {code} covers {label}"
        if count < 3:
            expect(page.locator(".dn-board")).not_to_contain_text("Illegal")
            assert page.locator(".dn-verdict-illegal").count() == 0
            expect(page.locator(".dn-message")).to_contain_text(f"{3 - count} more")
    expect(page.locator(".dn-verdict")).to_contain_text("Legal")


def test_a_refusal_is_said_once_and_no_words_run_together(page: Page) -> None:
    """Danish Bastard, seed 4242, after the face-up choice: an open card played while P1 holds
    hand cards is refused, its reason shown once; stepping back, the step mode's label and the
    "Looking back" note stay apart (no "turnsLooking")."""
    deal(page, "danish-bastard", 4242, 3)
    chosen = codes(page.locator(f"{ME} [data-act='card']"))[:3]
    game = dn.new_game("danish-bastard", players=3, seed=4242)
    play_in_app(page, "P1 face-up " + " ".join(chosen), game)
    game = replay("danish-bastard", 4242, 3, None, log_moves(page))
    code = codes(page.locator(f"{ME} .dn-open .dn-card"))[0]
    verdict = game.explain(f"P1 open {code}")
    assert not verdict.legal
    page.locator(f"{ME} .dn-open .dn-card-{code}").click(force=True)  # refused: aria-disabled, yet a click says why
    page.locator("button.dn-play").click()
    expect(page.locator(".dn-message")).to_contain_text("Not played")
    text = page.locator(".dn-board").inner_text()
    for reason in verdict.reasons:
        words = str(reason).rsplit(" (rule", 1)[0]
        assert words and text.count(words) == 1, f"{words!r} is said {text.count(words)} times"
    page.locator(".dn-back").click()
    expect(page.locator(".dn-board")).to_contain_text("Looking back")
    runs = re.findall(r"\b[a-z]+[A-Z][a-z]+\b", page.locator(".dn-board").inner_text())
    assert runs == [], f"words run together: {runs}"


def test_rat_bastards_draw_for_first_player_goes_after_p1s_first_move(page: Page) -> None:
    """Rat Bastard 17, seed 7: once the swaps are done the draw for first player is shown;
    after P1's first move of play it is gone."""
    deal(page, "rat-bastard-17", 7, 2)
    game = dn.new_game("rat-bastard-17", players=2, seed=7)
    play_in_app(page, "P1 keep", game)
    expect(page.locator(".dn-draw-first")).to_contain_text("starts")
    game = replay("rat-bastard-17", 7, 2, None, log_moves(page))
    move = next(m for m in game.legal_moves() if m.action in ("play", "take"))
    play_in_app(page, str(move), game)
    expect(page.locator(".dn-draw-first")).to_have_count(0)


# ---------------------------------------------------------------- issue 29: the first screen

def test_the_first_screen_speaks_the_chosen_language_and_deals_new_cards(page: Page) -> None:
    """The game picker, the players and the language are on the first screen (Settings closed);
    in French the page says so (``<html lang="fr">``), its tab and header are French, card faces
    print French letters; New game deals new cards, Same deal again the same ones."""
    expect(page.locator(".dn-seed input")).not_to_be_visible()
    for part in (".dn-game-picker select", ".dn-players select", ".dn-language select", ".dn-new-game",
                 ".dn-same-deal"):
        expect(page.locator(part)).to_be_visible()
    expect(page.locator("html")).to_have_attribute("lang", "en")
    page.locator(".dn-language select").select_option(label="Français")
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    expect(page).to_have_title("Jeux de cartes danois")
    expect(page.locator(".dn-header h1")).to_have_text("Jeux de cartes danois")
    expect(page.locator(".dn-position")).to_have_text("coup 0 sur 0")  # the board in French
    faces = page.locator(".dn-card .dn-tl").all_inner_texts()
    assert faces and not any(face.strip().startswith(("J", "Q", "K")) for face in faces), faces
    message = page.locator(".dn-app-message")
    first = message.inner_text()
    hand = codes(page.locator(f"{ME} [data-act='card']"))
    press_for_new_board(page, page.locator(".dn-same-deal").click)
    expect(page.locator(f"{ME} [data-act='card']")).to_have_count(len(hand))
    expect(page.locator(".dn-position")).to_have_text("coup 0 sur 0")
    assert message.inner_text() == first and codes(page.locator(f"{ME} [data-act='card']")) == hand
    page.locator(".dn-new-game").click()
    expect(message).not_to_have_text(first)
    assert re.search(r"graine (\d+)", message.inner_text()).group(1) != re.search(r"graine (\d+)", first).group(1)


def test_on_a_phone_no_button_is_cut(context: Any, app_url: str, voila_log: Any) -> None:
    """390x844: every button of the app shows all its words (none cut to "Review m...")."""
    from test_browser import open_app
    phone = context.new_page()
    try:
        phone.set_viewport_size({"width": 390, "height": 844})
        open_app(phone, app_url, voila_log)
        cut = phone.evaluate("""() => [...document.querySelectorAll('.dn-app button, .dn-coach button')]
            .filter((b) => b.getClientRects().length && (b.scrollWidth > b.clientWidth + 1
                || b.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5))
            .map((b) => b.innerText.trim())""")
        assert cut == [], f"cut on a phone: {cut}"
    finally:
        phone.close(run_before_unload=True)

"""The static site (``make site``) in a real Chromium that can reach no host but the site's own:
the app notebook runs in the browser (Pyodide), shows a board, plays a legal move, explains a
refusal with its rule and starts a new seeded game (one page visit: the first board takes 10-60 s);
and the lesson notebooks are there as read-only pages.

The site is built once (``make site`` skips an up-to-date build) and served on 127.0.0.1. Without
npm, or when the build fails outside CI, the test is skipped with the reason; under ``CI=true`` a
failed build fails it.
"""

from __future__ import annotations

import doctest
import json
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

import danish_nb as dn
from danish_nb.cards import Card
import site_build.build
import site_build.serve
from site_build.build import PATCHES, patch_wheel, stub_wheel
from site_build.lessons import LESSONS, PATTERN, title
from site_build.serve import OFFLINE_CHROMIUM_ARGS, SiteServer, cache_control, only_this_host, serving
from test_browser import HAND, ME, OPEN, choose_face_up, codes, moves_played, start_game

ROOT = Path(__file__).resolve().parent.parent
APP_PAGE = "voici/render/app.html"
FIRST_BOARD = 180_000  # Pyodide starts in the page: 10-20 s alone, a minute on a busy machine
TIMEOUT = 60_000


#: What the app imports beyond the widget packages, in a fresh interpreter (top-level names).
NEW_IMPORTS = """
import sys
import anywidget, ipywidgets
before = set(sys.modules)
import danish_nb.app
print(sorted({name.split('.')[0] for name in set(sys.modules) - before}))
"""


def test_the_app_imports_only_the_standard_library_beyond_the_widget_packages() -> None:
    """What the browser has: Pyodide's standard library, the widget packages and IPython (no
    voila, jupyter_server, tornado: the app notebook must import in the site's kernel)."""
    done = subprocess.run([sys.executable, "-c", NEW_IMPORTS], capture_output=True, text=True, check=True)
    new = set(json.loads(done.stdout.strip().replace("'", '"')))
    assert "danish_nb" in new
    assert new - {"danish_nb"} <= set(sys.stdlib_module_names), new - set(sys.stdlib_module_names)


#: The app's first board, in a fresh interpreter: which game and class-table modules it imported.
FIRST_BOARD_IMPORTS = """
import sys
from danish_nb.app import build_app
build_app(seed=7)
print(sorted(name for name in sys.modules if name.startswith(("danish_nb.games.", "danish_nb.tables"))))
"""


def test_the_first_board_imports_its_own_game_and_no_class_table_store() -> None:
    """The page's start-up imports only what the first board needs: Danish Bastard's module (Rat
    Bastard 17's comes with its board and computer player), not the other games, the class
    tables' store or sessions (imported when chosen)."""
    done = subprocess.run([sys.executable, "-c", FIRST_BOARD_IMPORTS], capture_output=True, text=True, check=True)
    imported = json.loads(done.stdout.strip().replace("'", '"'))
    assert imported == ["danish_nb.games.danish_bastard", "danish_nb.games.rat_bastard_17"]


#: Each game's card as declared (before its module is imported), then as its module registers it.
CARDS = """
import danish_nb as dn
declared = dn.GAMES.cards()
print([(a == b, a.id) for a, b in zip(declared, [dn.GAMES[g] and dn.GAMES.card(g) for g in dn.GAMES])])
"""


def test_each_games_declared_card_is_what_its_module_registers() -> None:
    """The menu's title, family and seats, known before a game's module is imported, agree with
    the game itself once it is."""
    done = subprocess.run([sys.executable, "-c", CARDS], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == str([(True, game_id) for game_id in dn.GAMES])


@pytest.mark.parametrize("module", [site_build.build, site_build.serve])
def test_the_site_build_examples_hold(module: Any) -> None:
    assert doctest.testmod(module).failed == 0


def test_a_wheel_edit_whose_text_is_gone_stops_the_build(tmp_path: Path) -> None:
    """A new IPython that no longer imports its terminal that way must be noticed, not shipped."""
    wheel = stub_wheel("demo", "1.0", tmp_path)
    before = wheel.read_bytes()
    _, _, text, replacement = PATCHES[0]
    with pytest.raises(SystemExit, match="no longer holds"):
        patch_wheel(wheel, "demo-1.0.dist-info/METADATA", text, replacement)
    assert wheel.read_bytes() == before


def test_what_a_rebuild_changes_is_revalidated_and_hashed_bundles_are_kept() -> None:
    assert cache_control("/static/pyodide/pyodide-lock.json") == "no-cache"
    assert cache_control("/static/pyodide/ipython-9.0.2-py3-none-any.whl?x=1") == "no-cache"
    assert cache_control("/lessons/") == "no-cache"
    assert "immutable" in cache_control("/extensions/anywidget/static/remoteEntry.0123456789abcdef0123.js")
    assert cache_control("/static/pyodide/pyodide.asm.wasm") == "public, max-age=86400"


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory, chromium_path: str) -> Path:
    """``site/``, built by ``make site`` (about a minute, or nothing when it is up to date)."""
    if shutil.which("npm") is None:
        pytest.skip("the static site needs npm to fetch Pyodide (apt-get install npm)")
    log = tmp_path_factory.mktemp("site") / "build.log"
    with open(log, "w", encoding="utf-8") as out:
        done = subprocess.run(["make", "site"], cwd=ROOT, stdout=out, stderr=subprocess.STDOUT)
    if done.returncode:
        tail = "\n".join(log.read_text(encoding="utf-8").splitlines()[-15:])
        message = f"`make site` failed (exit {done.returncode}); its last lines:\n{tail}"
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(message)
        pytest.skip(message)
    return ROOT / "site"


@pytest.fixture
def offline_page(site: Path, launch_browser: Any) -> Iterator[tuple[Page, SiteServer, list[str], list[str]]]:
    """A page in a browser that resolves no host but 127.0.0.1 and aborts every request to
    another host, with the site served; also yields the aborted URLs and the site's errors."""
    browser = launch_browser(args=list(OFFLINE_CHROMIUM_ARGS))
    with serving(site) as server:
        context = browser.new_context()
        blocked = only_this_host(context, server.url)
        errors: list[str] = []
        context.on("response", lambda r: r.status >= 400 and errors.append(f"{r.status} {r.url}"))
        context.on("requestfailed", lambda r: r.url.startswith(server.url) and errors.append(
            f"{r.failure} {r.url}"))
        page = context.new_page()
        page.set_default_timeout(TIMEOUT)
        try:
            yield page, server, blocked, errors
        finally:
            context.close()
            browser.close()


@pytest.mark.browser
def test_the_site_plays_in_the_browser_with_no_other_host(offline_page) -> None:
    page, server, blocked, errors = offline_page
    page.goto(server.url + APP_PAGE)
    expect(page.locator(f"{ME} .dn-card").first).to_be_visible(timeout=FIRST_BOARD)
    expect(page.locator(".dn-seat")).to_have_count(3)

    # A new seeded game deals what the library deals for that seed.
    start_game(page, 4242)
    deal = dn.new_game("danish-bastard", players=3, seed=4242).state
    assert codes(page.locator(HAND)) == [c.code for c in deal.hands[0]]
    assert codes(page.locator(OPEN)) == [c.code for c in deal.open[0]]

    # Legal moves: the face-up choice, then a hand card (P1 leads on an empty pile).
    choose_face_up(page)
    code = codes(page.locator(f"{HAND}.dn-playable"))[0]
    page.locator(f"{ME} .dn-card-{code}").click()
    expect(page.locator(".dn-verdict")).to_contain_text("Legal")
    page.locator(".dn-play").click()
    expect(page.locator(f"{ME} .dn-card-{code}")).to_have_count(0)
    expect(page.locator(".dn-log ol > li > b").nth(3)).to_have_text(f"P1 play {Card.parse(code)}")

    # A refusal: an open card while P1 still holds hand cards, with the library's rule ids.
    played = moves_played(page)
    game = dn.new_game("danish-bastard", players=3, seed=4242)
    for move in page.locator(".dn-log ol > li > b").all_inner_texts():
        game.play(move)
    if game.current_player != 0 or not game.state.hands[0]:
        pytest.fail(f"seed 4242 no longer gives P1 a hand and the turn after {played} moves: pick another")
    open_code = codes(page.locator(OPEN))[0]
    expected = game.explain(f"P1 open {Card.parse(open_code)}")
    assert not expected.legal and expected.reasons
    page.locator(f"{ME} .dn-card-{open_code}").click()
    verdict = page.locator(".dn-verdict")
    expect(verdict).to_contain_text("Illegal")
    expect(verdict.locator(".dn-rule > b")).to_have_text([r.rule_id for r in expected.reasons])
    page.locator(".dn-play").click()
    expect(page.locator(".dn-message")).to_contain_text("Not played")
    assert moves_played(page) == played

    # Another seed, another deal: the board follows.
    start_game(page, 7)
    expect(page.locator(".dn-app-message")).to_contain_text("seed 7")
    seven = dn.new_game("danish-bastard", players=3, seed=7).state
    assert codes(page.locator(HAND)) == [c.code for c in seven.hands[0]]

    assert blocked == [], f"the page asked other hosts: {blocked[:5]}"
    # The one expected failure: the site leaves JupyterLite's service worker out (site_build.build.UNUSED).
    assert [e for e in errors if "/service-worker.js" not in e] == [], f"the site failed to serve: {errors[:5]}"
    assert server.sent[f"/{APP_PAGE}"] > 0 and any(re.search(r"/danish_nb-.*\.whl$", p) for p in server.sent)


@pytest.mark.browser
def test_the_lessons_are_read_only_pages_with_their_stored_outputs(offline_page) -> None:
    page, server, blocked, errors = offline_page
    notebooks = sorted(LESSONS.glob(PATTERN))
    page.goto(server.url + "lessons/index.html")
    links = page.locator("ol > li > a")
    expect(links).to_have_count(len(notebooks))

    lesson = LESSONS / "01-danish-bastard.ipynb"
    cells = json.loads(lesson.read_text(encoding="utf-8"))["cells"]
    page.get_by_role("link", name=title({"cells": cells}, lesson.stem)).click()
    expect(page).to_have_url(re.compile(r"/lessons/01-danish-bastard\.html$"))
    # A printed output as the notebook stored it, and the note standing for each widget.
    printed = next("".join(o["text"]) for c in cells for o in c.get("outputs", []) if o["output_type"] == "stream")
    expect(page.locator(".jp-OutputArea-output pre").filter(has_text=printed.splitlines()[0]).first).to_be_visible()
    widgets = sum("application/vnd.jupyter.widget-view+json" in o.get("data", {})
                  for c in cells for o in c.get("outputs", []))
    expect(page.locator(".dn-widget-note")).to_have_count(widgets)
    page.get_by_role("link", name="All lessons").first.click()
    expect(links).to_have_count(len(notebooks))

    assert blocked == [], f"the page asked other hosts: {blocked[:5]}"
    assert errors == [], f"the site failed to serve: {errors[:5]}"

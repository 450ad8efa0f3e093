"""The static site (``make site``) in a real Chromium that can reach no host but the site's own:
the app runs in the browser (Pyodide in a Web Worker, danish_nb.web), shows a board, deals what
the library deals for a seed, plays a legal move, explains a refusal with its rule, starts a new
game and switches language; a lesson's quiz answers from the engine; after the first visit the
site works with the network cut (its service worker), Python starts from its memory snapshot, and
a rebuilt site replaces the old offline copy. axe-core finds no WCAG A/AA violation on the app
and a lesson.

The site is built once (``make site`` skips an up-to-date build) and served on 127.0.0.1. Without
npm, or when the build fails outside CI, the browser tests are skipped with the reason; under
``CI=true`` a failed build fails them.
"""

from __future__ import annotations

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
from playwright.sync_api import BrowserContext, Page, expect

import danish_nb as dn
import site_build.build
import site_build.lessons
import site_build.serve
from danish_nb.cards import Card, card_words
from danish_nb.render.quiz import Quiz
from danish_nb.web.lessons import quiz_moves
from helpers import wait_until
from site_build.serve import OFFLINE_CHROMIUM_ARGS, SiteServer, only_this_host, serving
from test_a11y import WCAG, axe_violations, selects_contrast
from test_browser import HAND, ME, OPEN, choose_face_up, codes, log_moves, moves_played, start_game

ROOT = Path(__file__).resolve().parent.parent
APP_PAGE = "index.html"
FIRST_BOARD = 180_000  # Pyodide starts in the page: 2-6 s alone, a minute on a very busy machine
TIMEOUT = 60_000


#: The page's first board, in a fresh interpreter: which game and class-table modules it imported.
FIRST_BOARD_IMPORTS = """
import sys
from danish_nb.web.session import Session
Session().handle({"op": "app.open", "seed": 7})
print(sorted(name for name in sys.modules if name.startswith(("danish_nb.games.", "danish_nb.tables"))))
"""


def test_the_pages_first_board_imports_its_own_game_and_no_class_table_store() -> None:
    """What the page imports before its snapshot is what the first board needs: Danish Bastard's
    module (the boards import no game: a game's board asks its rules), not the other games nor
    the class tables."""
    done = subprocess.run([sys.executable, "-c", FIRST_BOARD_IMPORTS], capture_output=True, text=True, check=True)
    assert json.loads(done.stdout.strip().replace("'", '"')) == ["danish_nb.games.danish_bastard"]


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


#: The build's check of the trimmed standard library on danish_nb.web, in a fresh interpreter,
#: with gettext "left out".
LEFT_OUT = """
import json, sys
sys.path.insert(0, "site_build")
from bytecode import needed_but_left_out
print(json.dumps(needed_but_left_out("danish_nb.web", {"gettext", "tkinter"})))
"""


def test_the_build_stops_when_danish_nb_needs_a_standard_module_the_site_leaves_out() -> None:
    """danish_nb.i18n reads its catalogues with gettext: leaving gettext out must be noticed (the
    site's own list, STDLIB_LEFT_OUT, is checked the same way at every build, in Pyodide)."""
    done = subprocess.run([sys.executable, "-c", LEFT_OUT], capture_output=True, text=True, cwd=ROOT, check=True)
    assert json.loads(done.stdout.splitlines()[-1]) == ["danish_nb.web: gettext"]


def test_the_server_sends_a_precompressed_copy_to_a_browser_that_takes_it_and_the_file_to_one_that_does_not(
        tmp_path: Path) -> None:
    """As nginx's gzip_static/brotli_static or Caddy's ``precompressed`` do: ``app.js`` asked with
    ``Accept-Encoding: br`` gets ``app.js.br``'s bytes with ``Content-Encoding: br`` and the file's own
    type; gzip only: the ``.gz``; neither: the file itself; and the bytes counted are those sent."""
    import gzip
    import urllib.request

    body = b"export const x = 1;\n" * 200
    (tmp_path / "app.js").write_bytes(body)
    (tmp_path / "app.js.br").write_bytes(b"brotli bytes")
    (tmp_path / "app.js.gz").write_bytes(gzip.compress(body))
    (tmp_path / "a.png").write_bytes(b"png")
    with serving(tmp_path) as server:
        def get(path: str, accept: str | None) -> tuple[bytes, Any]:
            request = urllib.request.Request(server.url + path, headers={"Accept-Encoding": accept} if accept else {})
            with urllib.request.urlopen(request) as response:
                return response.read(), response.headers
        brotli, headers = get("app.js", "gzip, deflate, br")
        assert brotli == b"brotli bytes" and headers["Content-Encoding"] == "br"
        assert headers["Content-Type"] == "text/javascript" and headers["Vary"] == "Accept-Encoding"
        gzipped, headers = get("app.js?v=1", "gzip")
        assert gzip.decompress(gzipped) == body and headers["Content-Encoding"] == "gzip"
        plain, headers = get("app.js", None)
        assert plain == body and headers["Content-Encoding"] is None
        assert get("a.png", "br")[1]["Content-Encoding"] is None
        # (the server counts a body once it has sent it: the client may have read it just before)
        expected = len(b"brotli bytes") + len(gzipped) + len(body)
        wait_until(lambda: server.sent["/app.js"] == expected, 10, f"{expected} bytes of app.js counted")
        assert server.asked["/app.js"] == 3 and sum(1 for _, path, size in server.log if size == 0) == 4


def test_the_build_writes_precompressed_copies_that_shrink_and_keeps_them_out_of_the_offline_copy(
        tmp_path: Path) -> None:
    """``NAME.br``/``NAME.gz`` beside a text file they make smaller (not beside a zip, nor a file
    compression does not shrink); the service worker's list names the originals only."""
    import gzip
    import random as rnd

    (tmp_path / "big.js").write_text("const cards = 'hearts spades clubs diamonds';\n" * 500)
    noise = rnd.Random(1)
    (tmp_path / "noise.js").write_bytes(bytes(noise.randrange(256) for _ in range(5000)))
    (tmp_path / "w.zip").write_bytes(b"zip " * 1000)
    site_build.build.precompress(tmp_path)
    assert gzip.decompress((tmp_path / "big.js.gz").read_bytes()) == (tmp_path / "big.js").read_bytes()
    assert (tmp_path / "big.js.br").exists()
    assert not list(tmp_path.glob("noise.js.*")) and not list(tmp_path.glob("w.zip.*"))
    assert site_build.build.site_files(tmp_path) == ["big.js", "noise.js", "w.zip"]


# --------------------------------------------------------------------------- the built site

@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory, chromium_path: str) -> Path:
    """``site/``, built by ``make site`` (about three and a half minutes here, or nothing when it is up to date)."""
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


def test_the_service_worker_keeps_every_file_of_this_build_under_its_version(site: Path) -> None:
    """A rebuilt site is a new service worker (its version: the inputs' hash) listing every file."""
    text = (site / "sw.js").read_text(encoding="utf-8")
    build = json.loads(re.search(r"const BUILD = (\{.*\});", text).group(1))
    version = (site / ".inputs").read_text()[:16]
    assert build["version"] == version
    assert build["files"] == site_build.build.site_files(site) and "index.html" in build["files"]
    assert site_build.build.external_links(site) == []


@pytest.fixture
def browser(launch_browser: Any) -> Iterator[Any]:
    """A Chromium that resolves no host but 127.0.0.1."""
    browser = launch_browser(args=list(OFFLINE_CHROMIUM_ARGS))
    yield browser
    browser.close()


@pytest.fixture
def visit(site: Path, browser: Any) -> Iterator[tuple[BrowserContext, SiteServer, list[str], list[str]]]:
    """A new browser context (an empty cache, no service worker yet) aborting every request to
    another host, with the site served; also yields the aborted URLs and the site's failures."""
    with serving(site) as server:
        context = browser.new_context()
        blocked = only_this_host(context, server.url)
        errors: list[str] = []
        context.on("response", lambda r: r.status >= 400 and errors.append(f"{r.status} {r.url}"))
        context.on("requestfailed", lambda r: r.url.startswith(server.url) and errors.append(f"{r.failure} {r.url}"))
        context.on("weberror", lambda e: errors.append(f"page error: {e.error}"))
        try:
            yield context, server, blocked, errors
        finally:
            context.close()


def open_app(context: BrowserContext, url: str) -> Page:
    page = context.new_page()
    page.set_default_timeout(TIMEOUT)
    page.goto(url + APP_PAGE)
    expect(page.locator(f"{ME} .dn-card").first).to_be_visible(timeout=FIRST_BOARD)
    return page


@pytest.mark.browser
def test_the_app_plays_in_the_browser_with_no_other_host(visit) -> None:
    context, server, blocked, errors = visit
    page = open_app(context, server.url)
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
    expect(page.locator(".dn-log ol > li").nth(3)).to_contain_text(f"P1 plays the {card_words(Card.parse(code))}")
    expect(page.locator(".dn-log")).not_to_contain_text(f"P1 play {Card.parse(code)}")  # words, not notation

    # A refusal: an open card while P1 still holds hand cards, with the library's rule ids.
    played = moves_played(page)
    game = dn.new_game("danish-bastard", players=3, seed=4242)
    for move in log_moves(page):  # the teacher's setting shows the notation beside the words
        game.play(move)
    if game.current_player != 0 or not game.state.hands[0]:
        pytest.fail(f"seed 4242 no longer gives P1 a hand and the turn after {played} moves: pick another")
    open_code = codes(page.locator(OPEN))[0]
    expected = game.explain(f"P1 open {Card.parse(open_code)}")
    assert not expected.legal and expected.reasons
    page.locator(f"{ME} .dn-card-{open_code}").click(force=True)  # refused: aria-disabled, yet a click says why
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

    # Another language: the app and the board in French, the game going on.
    page.locator(".dn-language select").select_option("fr")
    expect(page.locator(".dn-new-game")).to_have_text("Nouvelle partie")
    expect(page.locator(".dn-position")).to_have_text("coup 0 sur 0")
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    assert codes(page.locator(HAND)) == [c.code for c in seven.hands[0]]

    assert blocked == [], f"the page asked other hosts: {blocked[:5]}"
    assert errors == [], f"the site failed: {errors[:5]}"
    assert server.sent[f"/{APP_PAGE}"] > 0 and any(re.search(r"/danish_nb-.*\.whl$", p) for p in server.sent)


@pytest.mark.browser
def test_a_lessons_quiz_replay_and_board_answer_from_the_engine_in_every_language(visit, site: Path) -> None:
    context, server, blocked, errors = visit
    page = context.new_page()
    page.set_default_timeout(TIMEOUT)
    page.goto(server.url + "lessons/index.html")
    lessons = sorted(site_build.lessons.LESSONS.glob(site_build.lessons.PATTERN))
    expect(page.locator("ol > li > a")).to_have_count(len(lessons))
    page.get_by_role("link", name="Danish Bastard, rule by rule").click()
    expect(page).to_have_url(re.compile(r"/lessons/01-danish-bastard\.html$"))
    expect(page.locator("html")).to_have_attribute("data-page-ready", "true")  # lesson.js has wired the page

    # The first quiz: each move's verdict is the engine's, asked when clicked.
    quiz = page.locator(".dn-quiz").first
    spec = json.loads(quiz.get_attribute("data-spec"))
    game = dn.load_record(spec["record"])
    moves = [move for move, _ in quiz_moves(spec)]
    illegal = next(m for m in moves if not game.explain(m).legal)
    shown = quiz.locator("[data-lang=en]")
    shown.locator(f'button[data-move="{illegal}"]').click()
    verdict = shown.locator(".dn-quiz-verdict")
    expect(verdict).to_contain_text("Illegal", timeout=FIRST_BOARD)
    expect(verdict.locator(".dn-rule > b")).to_have_text([r.rule_id for r in game.explain(illegal).reasons])

    # In German: the same quiz, its verdict and answer sheet in German.
    page.locator("[data-set-lang=de]").first.click()
    expect(page.locator("html")).to_have_attribute("lang", "de")
    german = quiz.locator("[data-lang=de]")
    expect(german).to_be_visible()
    german.locator(f'button[data-move="{illegal}"]').click()
    expect(german.locator(".dn-quiz-verdict")).to_contain_text(": nicht erlaubt")  # the move first, then the verdict
    sheet = page.locator("details.dn-answers").first
    sheet.locator("summary").click()
    first = Quiz.from_spec(spec, "de")
    expect(sheet.locator("pre[data-lang=de]")).to_contain_text(f"{first.words(first.moves[0])}? ")  # a sentence
    assert sheet.locator("pre[data-lang=de]").inner_text().count("\n") == len(moves) - 1
    assert " -> " not in sheet.locator("pre[data-lang=de]").inner_text()

    # The card picker of a quiz with many moves made of cards: the cards picked, then checked.
    picker = page.locator(".dn-quiz [data-lang=de] .dn-quiz-cards").first
    picker.locator("button[data-pick]").nth(0).click()
    expect(picker.locator("button[data-pick]").nth(0)).to_have_attribute("aria-pressed", "true")
    picker.locator("button[data-check]").click()
    expect(picker.locator("xpath=ancestor::div[@data-lang]").locator(".dn-quiz-verdict .dn-verdict")).to_be_visible()

    # The lesson ends with its practice, the same as the notebook's (it showed its Python repr).
    practice = page.locator(".dn-lesson-practice .dn-practice-title")
    expect(practice).to_have_text("Üben: Danish Bastard")
    assert "PracticeWidget object" not in page.content()

    # The replay steps through its game, and the lesson's board plays, both in German.
    replay = page.locator(".dn-replay [data-lang=de]")
    replay.locator("button[data-step=forward]").click()
    expect(replay.locator(".dn-replay-view")).to_contain_text("Zug 1 (P1): ")
    board = page.locator(".dn-lesson-board").first
    expect(board.locator(".dn-seat").first).to_be_visible()
    expect(board.locator(".dn-position")).to_contain_text("Zug")

    assert blocked == [], f"the page asked other hosts: {blocked[:5]}"
    assert errors == [], f"the site failed: {errors[:5]}"


#: The cache names once none of them is of ``old``'s build (or after a minute).
GONE = """async (old) => {
  for (let i = 0; i < 240 && (await caches.keys()).some((name) => name.endsWith(old)); i++) {
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return caches.keys();
}"""


@pytest.mark.browser
def test_after_the_first_visit_the_site_opens_and_plays_with_the_network_cut(site: Path, browser: Any,
                                                                              tmp_path: Path) -> None:
    """The service worker keeps the whole site; Python restores the build's snapshot, on a first
    visit as on the next; a rebuilt site (a new version) replaces the offline copy."""
    copy = tmp_path / "site"
    shutil.copytree(site, copy)
    with serving(copy) as server:
        context = browser.new_context()
        only_this_host(context, server.url)
        page = open_app(context, server.url)
        assert page.locator("html").get_attribute("data-python-start") == "snapshot"
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        url = server.url
    # The host is gone: no server on that port any more.
    seeds = []
    for _ in range(2):  # each restored interpreter deals its own random game (a snapshot held one generator state)
        page.reload()
        expect(page.locator(f"{ME} .dn-card").first).to_be_visible(timeout=FIRST_BOARD)
        expect(page.locator("html")).to_have_attribute("data-python-start", "snapshot")
        seeds.append(page.locator(".dn-seed input").input_value())
    assert seeds[0] != seeds[1], seeds  # 1 chance in 10,000 of the same seed
    start_game(page, 4242)
    choose_face_up(page)
    lesson = context.new_page()
    lesson.goto(url + "lessons/02-le-danish.html")
    expect(lesson.locator("html")).to_have_attribute("data-page-ready", "true")
    quiz = lesson.locator(".dn-quiz [data-lang=en]").first
    quiz.locator("button[data-move]").first.click()
    expect(quiz.locator(".dn-quiz-verdict .dn-verdict")).to_be_visible(timeout=FIRST_BOARD)
    lesson.close()

    # A new build on the same host: its service worker takes over and drops the old copy.
    version = (copy / ".inputs").read_text()[:16]
    path = copy / "sw.js"
    path.write_text(path.read_text(encoding="utf-8").replace(version, "0123456789abcdef"), encoding="utf-8")
    site_build.build.precompress_file(path)  # as a build writes its copies anew
    with serving(copy, port=int(url.rsplit(":", 1)[1].strip("/"))) as server:
        page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")
        names = page.evaluate(GONE, version)
        assert names == ["danish-nb-site-0123456789abcdef"], names
    context.close()


@pytest.mark.browser
def test_the_pages_app_deals_the_same_cards_again_and_practises_like_the_voila_app(visit) -> None:
    """The page had no Same deal again and no Practice screen (the Voila app has both)."""
    context, server, _blocked, errors = visit
    page = open_app(context, server.url)
    start_game(page, 4242)
    page.locator(".dn-new-game").click()
    message = page.locator(".dn-app-message")
    expect(message).not_to_contain_text("seed 4242")  # New game: new cards
    page.locator(".dn-same-deal").click()
    seed = re.search(r"seed (\d+)", message.inner_text()).group(1)
    expect(message).to_contain_text(f"seed {seed}")
    page.locator("[data-screen=practice]").click()
    practice = page.locator(".dn-practice-host")
    expect(practice.locator(".dn-practice-title")).to_have_text("Practice: Danish Bastard", timeout=FIRST_BOARD)
    expect(page.locator(".dn-board-host")).to_be_hidden()
    expect(practice.locator("button[data-act=choice]").first).to_be_visible()
    zones = dict.fromkeys(practice.locator("button[data-act=choice]").evaluate_all("bs => bs.map(b => b.dataset.zone)"))
    for zone in zones:  # one choice per question of the item
        practice.locator(f"button[data-act=choice][data-zone='{zone}']").first.click()
        expect(practice.locator(f"button[data-act=choice][data-zone='{zone}']").first).to_have_attribute(
            "aria-pressed", "true")
    practice.locator("button[data-act=check]").click()
    expect(practice.locator("button[data-act=next]")).to_be_visible()
    page.locator("[data-screen=play]").click()
    expect(page.locator(f"{ME} .dn-card").first).to_be_visible()
    assert errors == []


@pytest.mark.browser
def test_the_pages_board_says_every_move_in_words_in_its_live_region(visit) -> None:
    """Issue 44 on the serverless page: the board's polite log is appended to, each computer's
    move in an item of its own, in words (no notation), then the learner's turn."""
    context, server, _blocked, errors = visit
    page = open_app(context, server.url)
    start_game(page, 4242)
    said = page.locator(".dn-said[role=log][aria-live=polite] > p")
    expect(said.last).to_have_text("Your turn")
    before = said.count()
    choose_face_up(page)
    expect(said.last).to_have_text("Your turn")
    heard = said.all_inner_texts()[before:]
    assert [line[:3] for line in heard[-4:]] == ["P1 ", "P2 ", "P3 ", "You"], heard  # after the choice's notes
    assert not any(re.search(r"\bP\d (face-up|play) ", line) for line in heard), heard
    assert errors == []


@pytest.mark.browser
@pytest.mark.parametrize("lang", ["en", "fr", "de"])
def test_axe_finds_no_violation_on_the_app_and_a_lesson(visit, lang: str) -> None:
    """axe-core's WCAG A/AA rules and its best practices (issue 44: ``region``, everything in a
    landmark; ``main`` once) in each language, the app's settings open, then a lesson."""
    context, server, _blocked, _errors = visit
    page = open_app(context, server.url)
    page.locator(".dn-settings-toggle").click()
    if lang != "en":
        page.locator(".dn-language select").select_option(lang)
        expect(page.locator("html")).to_have_attribute("lang", lang)
    assert page.locator("main .dn-app .dn-board").count() == 1
    assert axe_violations(page, [*WCAG, "best-practice"]) == []
    shown, passed, low, unsure = selects_contrast(page)  # the drop-downs' text on their real background
    assert shown and passed == shown, (shown, passed, low, unsure)
    page.goto(server.url + f"lessons/03-rat-bastard-17.html?lang={lang}")
    expect(page.locator("html")).to_have_attribute("data-page-ready", "true")
    expect(page.locator(".dn-lesson-board .dn-seat").first).to_be_visible(timeout=FIRST_BOARD)
    page.locator(f".dn-quiz [data-lang={lang}] button[data-move]").first.click()
    expect(page.locator(".dn-quiz-verdict .dn-verdict").first).to_be_visible()
    assert axe_violations(page, [*WCAG, "best-practice"]) == []


@pytest.mark.browser
def test_over_plain_http_the_site_plays_with_no_offline_copy(site: Path, launch_browser: Any) -> None:
    """A school host without HTTPS: no service worker nor Cache Storage there (not a secure
    context); Python restores the build's snapshot all the same, and the app and the lessons work."""
    browser = launch_browser(args=["--host-resolver-rules=MAP school.test 127.0.0.1, MAP * ~NOTFOUND",
                                   "--disable-background-networking", "--disable-component-update"])
    with serving(site) as server:
        page = browser.new_page()
        messages: list[str] = []
        page.on("console", lambda m: m.type in ("warning", "error") and messages.append(m.text))
        page.on("pageerror", lambda e: messages.append(str(e)))
        url = server.url.replace("127.0.0.1", "school.test")
        page.goto(url + APP_PAGE)
        assert page.evaluate("window.isSecureContext") is False
        expect(page.locator(f"{ME} .dn-card").first).to_be_visible(timeout=FIRST_BOARD)
        start_game(page, 4242)
        page.goto(url + "lessons/04-bastard.html")
        quiz = page.locator(".dn-quiz [data-lang=en]").first
        expect(page.locator("html")).to_have_attribute("data-page-ready", "true")
        quiz.locator("button[data-move]").first.click()
        expect(quiz.locator(".dn-quiz-verdict .dn-verdict")).to_be_visible(timeout=FIRST_BOARD)
        assert messages == [] and page.locator("html").get_attribute("data-python-start") == "snapshot"
    browser.close()

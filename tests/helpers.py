"""Shared helpers for the engine tests: set-up tables, state summaries, move candidates and
random play.

Positions use the keys of ``DanishBastard.setup_state``; cards are codes like ``"7H"``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import subprocess
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from itertools import combinations
from pathlib import Path
from typing import IO, Any

import danish_nb as dn
from danish_nb import app_server
from danish_nb.agents import play_out as agents_play_out
from danish_nb.cards import Card, card_counts, packs
from danish_nb.families.shedding import ShedMove

DB = "danish-bastard"
BOOL_OPTIONS = ("two_on_anything", "seven_allows_equal", "reverse_after_burn", "stock_by_choice",
                "must_play", "open_cards_together")


#: English card names, written out here (not taken from the package) to check its words.
_RANKS = {"2": "two", "3": "three", "4": "four", "5": "five", "6": "six", "7": "seven", "8": "eight", "9": "nine",
          "10": "ten", "J": "jack", "Q": "queen", "K": "king", "A": "ace"}
_SUITS = {"♣": "clubs", "♦": "diamonds", "♥": "hearts", "♠": "spades"}
_ONE = re.compile(r"(?<![\w])(?:10|[2-9JQKA])[♣♦♥♠]|\b[RB]J\b")
_ROW = re.compile(r"(?:\bthe )?(?:(?<![\w])(?:10|[2-9JQKA])[♣♦♥♠]|\b[RB]J\b)(?: (?:(?:10|[2-9JQKA])[♣♦♥♠]|[RB]J\b))*")


def said(text: str) -> str:
    """``text`` with each card written as a learner reads it in English: ``'8♥ on 6♣'`` ->
    ``'the eight of hearts on the six of clubs'``, ``'RJ'`` -> ``'the red joker'``; cards in a row
    (``'2♥ 9♥'``) as a list.

    >>> said("A♠ wins: the highest spade; RJ; doubled by the 7♦")
    'the ace of spades wins: the highest spade; the red joker; doubled by the seven of diamonds'
    >>> said("you hold 2♥ 9♥ K♠")
    'you hold the two of hearts, the nine of hearts and the king of spades'
    """
    def name(card: str) -> str:
        if card in ("RJ", "BJ"):
            return f"the {'red' if card == 'RJ' else 'black'} joker"
        return f"the {_RANKS[card[:-1]]} of {_SUITS[card[-1]]}"

    def names(match: re.Match) -> str:
        cards = [name(c) for c in _ONE.findall(match.group(0))]
        return cards[0] if len(cards) == 1 else ", ".join(cards[:-1]) + " and " + cards[-1]
    return _ROW.sub(names, text)


def table(position: Mapping[str, Any], **options: Any) -> dn.Game:
    """A Danish Bastard game set up from ``position`` with the given rule options."""
    return dn.setup(DB, dict(position), options or None)


def codes(cards: Iterable[Card]) -> list[str]:
    """Card codes in a canonical (sorted) order, for comparing multisets of cards."""
    return sorted(c.code for c in cards)


def norm(texts: Iterable[str]) -> list[str]:
    """Card texts (``'10H'``, ``'TH'``, ``'10♥'``) as sorted codes."""
    return sorted(Card.parse(t).code for t in texts)


def ruling_ids(verdict: dn.Verdict) -> set[str]:
    return {r.ruling.id for r in verdict.reasons if r.ruling is not None}


def event_rules(events: Iterable[dn.Event]) -> list[tuple[str, str | None]]:
    """``(kind, rule id)`` for each event."""
    return [(e.kind, e.rule.id if e.rule else None) for e in events]


def summary(state: Any, key: str) -> Any:
    """One fact about a Danish Bastard state, named as the scenario tables name it."""
    if key == "hands":
        return [codes(h) for h in state.hands]
    if key == "open":
        return [codes(o) for o in state.open]
    if key == "closed":
        return [len(c) for c in state.closed]
    if key == "pile":
        return [c.code for c in state.pile]
    if key in ("burned", "stock"):
        return len(getattr(state, key))
    if key == "current":
        return state.current_player
    if key == "finished":
        return list(state.finished)
    if key == "over":
        return state.is_over
    if key in ("draw", "loser", "order"):
        value = getattr(state.result, key)
        return list(value) if key == "order" else value
    return getattr(state, key)


def expected(key: str, value: Any) -> Any:
    """Normalise an expected fact written with card texts."""
    if key in ("hands", "open"):
        return [norm(v) for v in value]
    if key == "pile":
        return [Card.parse(t).code for t in value]
    return value


# --------------------------------------------------------------------------- random play

def play_out(game: dn.Game, seed: int, agents: Iterable[str] = ("random",),
             max_moves: int | None = None) -> dn.Game:
    """Play ``game`` to its end (or ``max_moves``) with seeded computer players, one per seat
    cycling through ``agents``."""
    names = list(agents)
    agents_play_out(game, [names[i % len(names)] for i in range(game.players)], seed=seed, max_moves=max_moves)
    return game


def dealt_counts(players: int) -> Counter:
    """The multiset of cards dealt for ``players`` (one pack with two jokers per 4 players)."""
    return card_counts(packs(-(-players // 4), jokers=2))


# --------------------------------------------------------------------------- candidate moves

def _subsets(cards: tuple[Card, ...]) -> Iterator[tuple[Card, ...]]:
    for size in range(1, len(cards) + 1):
        yield from combinations(cards, size)


def candidates(state: Any, limit: int = 400) -> list[ShedMove]:
    """A broad set of candidate moves for the current player, legal or not: every same-rank
    subset of hand and open cards (as play and open), mixed-rank and unowned sets, the stock,
    taking, closed cards 0..4, face-up triples, and moves by the wrong player. Cards of each
    candidate are in the hand's (sorted) order."""
    if state.is_over:
        p = 0
    else:
        p = state.current
    moves: dict[ShedMove, None] = dict.fromkeys(state.legal_moves())
    hand, opens = state.hands[p], state.open[p]
    for action, cards in (("play", hand), ("open", opens), ("play", opens), ("open", hand)):
        by_rank: dict[Any, list[Card]] = {}
        for card in cards:
            by_rank.setdefault(card.rank, []).append(card)
        for group in by_rank.values():
            for combo in list(_subsets(tuple(group)))[:60]:
                moves[ShedMove(p, action, combo)] = None
        distinct = sorted(set(cards), key=lambda c: (c.rank, c.suit.value))
        for a, b in list(combinations(distinct, 2))[:20]:
            moves[ShedMove(p, action, (a, b))] = None
    unowned = [Card.parse(t) for t in ("2C", "7H", "10S", "AS", "RJ", "BJ", "KD")]
    for card in unowned:
        if card not in hand:
            moves[ShedMove(p, "play", (card,))] = None
        if card not in opens:
            moves[ShedMove(p, "open", (card,))] = None
    moves[ShedMove(p, "play", ())] = None
    moves[ShedMove(p, "open", ())] = None
    for action in ("stock", "take"):
        moves[ShedMove(p, action)] = None
    moves[ShedMove(p, "take", (), 0)] = None
    moves[ShedMove(p, "stock", hand[:1])] = None
    for i in range(5):
        moves[ShedMove(p, "closed", (), i)] = None
    table_cards = tuple(sorted(hand + opens, key=lambda c: (c.rank, c.suit.value)))
    for combo in list(combinations(table_cards, 3))[:25]:
        moves[ShedMove(p, "face-up", combo)] = None
    moves[ShedMove(p, "face-up", table_cards[:2])] = None
    moves[ShedMove(p, "face-up", tuple(unowned[:3]))] = None
    for other in range(state.players + 1):
        if other != p:
            for move in list(moves)[:8]:
                moves[move._replace(player=other)] = None
            moves[ShedMove(other, "take")] = None
    return list(moves)[:limit]


def reordered(move: ShedMove) -> ShedMove | None:
    """The same move with its cards in reverse order (``None`` if that is the same move)."""
    if len(set(move.cards)) < 2:
        return None
    return move._replace(cards=tuple(reversed(move.cards)))


def same_move(a: ShedMove, b: ShedMove) -> bool:
    """The same move, whatever the order its cards are written in."""
    return a._replace(cards=tuple(sorted(a.cards))) == b._replace(cards=tuple(sorted(b.cards)))


CODE = re.compile(r'"((?:10|[2-9JQKA])[CDHS]|RJ|BJ)"')


def view_codes(view: Any) -> Counter:
    """Every card code that appears in a view's JSON form (as a multiset)."""
    return Counter(CODE.findall(json.dumps(view.to_dict())))


def named(text: str, cards: set[Card]) -> set[Card]:
    """The cards of ``cards`` that ``text`` names, by code (``QC``, ``dn-card-QC``) or face (``Q♣``)."""
    return {card for card in cards
            if str(card) in text or re.search(rf"(?<![\w]){re.escape(card.code)}(?!\w)", text)}


def frame_text(payload: str | bytes) -> str:
    """A websocket frame's text: a binary frame of the kernel protocol (v1) read part by part (its
    channel, header, content and buffers), without the table of offsets that starts it, whose bytes
    can spell a card's code (``4H``) by chance.

    >>> from jupyter_server.services.kernels.connection.base import serialize_msg_to_ws_v1
    >>> frame_text(serialize_msg_to_ws_v1([b'{"a": 1}', b"7H"], "iopub"))
    'iopub\\n{"a": 1}\\n7H'
    """
    if isinstance(payload, str):
        return payload
    # (only browser tests read frames: engine tests run without the server libraries)
    from jupyter_server.services.kernels.connection.base import deserialize_msg_from_ws_v1

    try:
        channel, parts = deserialize_msg_from_ws_v1(payload)
    except (IndexError, UnicodeDecodeError):
        return payload.decode("utf-8", "replace")
    return "\n".join([channel, *(part.decode("utf-8", "replace") for part in parts)])


def synced(*widgets: Any) -> str:
    """Every synced trait of ``widgets`` and their children, as JSON."""
    import ipywidgets  # only widget tests need it: engine tests run without the UI libraries

    states, todo = [], list(widgets)
    while todo:
        widget = todo.pop()
        states.append(widget.get_state())
        todo += [w for w in getattr(widget, "children", ()) if isinstance(w, ipywidgets.Widget)]
    return json.dumps(states, ensure_ascii=False)


def open_app(context: Any, app_url: str) -> Any:
    """A new page of the Voila app, once its board shows (browser tests wait up to 60 s)."""
    from playwright.sync_api import expect

    page = context.new_page()
    page.set_default_timeout(60_000)
    expect.set_options(timeout=60_000)
    page.goto(app_url)
    expect(page.locator(".dn-seat.dn-me .dn-card").first).to_be_visible()
    return page


#: A promise kept once two frames are drawn and the finite animations and transitions have ended.
SETTLED = """() => new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn))).then(() =>
  Promise.all(document.getAnimations().filter((a) => a.effect && a.effect.getComputedTiming().endTime !== Infinity)
    .map((a) => a.finished.catch(() => null))))"""


def settled(page: Any) -> None:
    """Wait until the page has drawn two frames since now and its animations and transitions that
    end have ended (the layout after a change of the viewport), not a guess of how long that takes."""
    page.evaluate(SETTLED)


def press_for_new_board(page: Any, press: Callable[[], Any]) -> None:
    """Call ``press`` (a click that deals: New game, Same deal again) and wait until the page shows
    the new board: the boards drawn before are marked, and the wait ends when none is left. The
    app's message can say "dealt" while the old board, whose cards no longer take clicks, is still
    on the page (its replacement is drawn once its widget's code has loaded)."""
    from playwright.sync_api import expect

    page.locator(".dn-board").evaluate_all("boards => boards.forEach((b) => { b.dataset.old = 'yes'; })")
    press()
    expect(page.locator(".dn-board[data-old]")).to_have_count(0)
    expect(page.locator(".dn-board")).not_to_have_count(0)


#: Each kind of widget a lesson shows: the plain-text stand-ins that name it (in a notebook's stored
#: outputs and in the page Voila serves), and what the browser draws for it.
LESSON_WIDGETS = {"quiz": (("danish_nb.widgets.lesson.PositionQuiz object",), ".dn-quiz"),
                  "replay": (("Replay(children",), "button.widget-button[title='one move forward']"),
                  "board": (("danish_nb.widgets.pad.HtmlPad", "ToggleButtons(_dom_classes=("), ".dn-board")}


def lesson_widgets(text: str) -> dict[str, int]:
    """How many quizzes, replays and boards a lesson shows, counted in ``text``: its stored outputs'
    plain-text stand-ins, or the page Voila serves (:data:`LESSON_WIDGETS`).

    >>> lesson_widgets("Replay(children=...) <danish_nb.widgets.pad.HtmlPad object>")
    {'quiz': 0, 'replay': 1, 'board': 1}
    """
    return {kind: sum(text.count(name) for name in names) for kind, (names, _) in LESSON_WIDGETS.items()}


def expect_lesson_widgets(page: Any, counts: dict[str, int], timeout: float) -> None:
    """Wait until ``page`` draws as many quizzes, replays and boards as ``counts`` says (:func:`lesson_widgets`)."""
    from playwright.sync_api import expect

    for kind, (_, drawn) in LESSON_WIDGETS.items():
        expect(page.locator(drawn)).to_have_count(counts[kind], timeout=timeout)


def start_app_game(page: Any, seed: int, title: str | None = None) -> None:
    """In the app's settings pick the game ``title`` (if given) and ``seed``, press New game and
    wait for the app to say so."""
    from playwright.sync_api import expect

    seed_box = page.locator(".dn-seed input")
    if not seed_box.is_visible():
        page.get_by_text("Settings", exact=True).click()
    message = page.locator(".dn-app-message")
    if title is not None:
        page.locator(".dn-game-picker select").select_option(label=title)
        if f"{title}, " not in message.inner_text():
            # a game's module is imported on its first choice and the settings are rebuilt for it:
            # New game clicked meanwhile can be lost, so wait until the kernel has staged the game
            expect(page.locator(".dn-settings-note")).to_have_text(re.compile(r"\S"), timeout=60_000)
    seed_box.fill(str(seed))
    seed_box.press("Enter")
    press_for_new_board(page, page.locator(".dn-new-game").click)
    if title is not None:
        expect(message).to_contain_text(f"{title}, ")
    expect(message).to_contain_text(f"seed {seed}")


# --------------------------------------------------------------------------- fuzzing

#: ``make fuzz`` sets this: many more Hypothesis examples, each with a time bound.
FUZZ = os.environ.get("DANISH_NB_FUZZ", "") not in ("", "0")


def budget(examples: int) -> Any:
    """Hypothesis settings: ``examples`` in ``make test``; ``make fuzz`` runs 50 times as many,
    each case bounded to 2 s."""
    from hypothesis import HealthCheck, settings

    return settings(max_examples=examples * 50 if FUZZ else examples, deadline=2000 if FUZZ else None,
                    database=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                                          HealthCheck.filter_too_much])


def json_values(max_leaves: int = 12) -> Any:
    """A Hypothesis strategy of JSON-like values (for records, positions, options and widget
    message payloads)."""
    from hypothesis import strategies as st

    scalars = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text(max_size=12)
    return st.recursive(scalars, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8),
                                                                                          inner, max_size=4),
                        max_leaves=max_leaves)


def refused_cleanly(call: Any, *args: Any, limit: int = 600) -> Exception | None:
    """Call ``call(*args)``: it may succeed (``None``) or raise a :class:`dn.DanishNbError` whose
    message is short and not empty; anything else fails the test. For every boundary,
    widgets' message handlers included."""
    try:
        call(*args)
    except dn.DanishNbError as exc:
        assert 0 < len(str(exc)) <= limit, f"a message of {len(str(exc))} characters: {str(exc)[:200]!r}"
        return exc
    return None


# --------------------------------------------------------------------------- servers

@contextlib.contextmanager
def voila_serving(argv: Sequence[str], port: int, log: IO) -> Iterator[str]:
    """Voila started with ``argv`` (on ``port``, its output to ``log``) while the block runs;
    yields its URL once it answers (unlike :func:`danish_nb.app_server.serving`, any argv)."""
    proc = app_server.start(argv, stdout=log, stderr=subprocess.STDOUT)
    try:
        app_server.wait_ready(app_server.url(port), 120, proc)
        yield app_server.url(port)
    finally:
        app_server.stop(proc)


def wait_until(condition: Callable[[], Any], timeout: float, what: str, every: float = 0.05) -> Any:
    """Poll ``condition`` until it returns something true (returned), failing the test with
    ``what`` after ``timeout`` s: a wait on the condition itself, not on a guess of its time.

    >>> wait_until(lambda: 42, 1, "the answer")
    42
    """
    deadline = time.monotonic() + timeout
    while not (found := condition()):
        assert time.monotonic() < deadline, f"{what}: not within {timeout} s"
        time.sleep(every)
    return found


async def wait_until_async(condition: Callable[[], Any], timeout: float, what: str, every: float = 0.05) -> Any:
    """:func:`wait_until` in a coroutine: the event loop runs on between two looks.

    >>> from concurrent.futures import ThreadPoolExecutor  # (a thread: this one may run a loop already)
    >>> ThreadPoolExecutor(1).submit(asyncio.run, wait_until_async(lambda: 42, 1, "the answer")).result()
    42
    """
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not (found := condition()):
        assert loop.time() < deadline, f"{what}: not within {timeout} s"
        await asyncio.sleep(every)
    return found


def alive(pid: int) -> bool:
    """Whether process ``pid`` runs (a zombie, ended but not reaped yet, does not).

    >>> alive(os.getpid())
    True
    """
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (Linux's /proc)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError, IndexError, ValueError):
            if int(stat.read_text().rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(stat.parent.name))
    return found

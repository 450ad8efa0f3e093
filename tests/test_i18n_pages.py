"""No English and no notation on a French or German page: every board (several phases, teaching
mode, the hot-seat screen, stepping back, a finished game, refusals) and every lesson widget is
rendered with a *marking* catalogue, which wraps each translated piece of a template in ``⟦...⟧``
(its parameters stay outside the marks). Whatever text of the page is left once the marks are
taken out must hold no word: only card faces, numbers, seat names (``P2``) and rule ids; and
nothing a learner reads may show move notation, a joker code or an English rank letter
(issue 29: notation is shown only when a teacher asks for it). Text in another language on
purpose (a rule quote) carries its own ``lang`` and is skipped.
"""

from __future__ import annotations

import gettext
import re
from collections.abc import Iterable, Iterator
from html.parser import HTMLParser

import pytest

import danish_nb as dn
from benchmarks.plain_words import FOREIGN as NOTATION
from danish_nb import glossary, i18n
from danish_nb.agents import make_agent, play_out
from danish_nb.widgets import board_for, lesson

FOREIGN = i18n.LANGUAGES[1:]
OPEN, CLOSE = "⟦", "⟧"
#: Attributes a reader hears or sees.
SPOKEN = ("aria-label", "title", "aria-valuetext", "placeholder", "alt")
#: Words that are the same in every language: the joker's face and the games' names.
SAME_EVERYWHERE = {"JOKER"} | {w for g in dn.GAMES.values() for w in re.findall(r"[^\W\d_]{2,}", g.info.title)}


class Marking(gettext.NullTranslations):
    """A catalogue that marks every translated piece: ``⟦sept⟧⟦ de ⟧⟦cœur⟧``; a text it has
    no translation for stays unmarked, so it stands out."""

    def __init__(self, real: gettext.NullTranslations):
        super().__init__()
        self.real = real
        self.known = getattr(real, "_catalog", {})

    @staticmethod
    def mark(template: str) -> str:
        parts = re.split(r"(\{[^{}]*\})", template)
        return "".join(p if p.startswith("{") or not p.strip() else f"{OPEN}{p}{CLOSE}" for p in parts)

    def gettext(self, message: str) -> str:
        return self.mark(self.real.gettext(message)) if message in self.known else message

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        if (singular, 0) not in self.known:
            return singular if n == 1 else plural
        return self.mark(self.real.ngettext(singular, plural, n))


@pytest.fixture
def marked(monkeypatch):
    real = i18n._catalogue
    monkeypatch.setattr(i18n, "_catalogue", lambda lang: Marking(real(lang)) if lang in FOREIGN else real(lang))
    term = glossary.term  # a glossary term (a Sjavs bid) is translated too: marked with each of its forms

    def marked_term(key: str, lang: str) -> i18n.Forms:
        found = term(key, lang)
        if lang not in FOREIGN:
            return found
        return i18n.Forms(f"{OPEN}{found}{CLOSE}", **{k: f"{OPEN}{v}{CLOSE}" for k, v in found.forms.items()})
    monkeypatch.setattr(glossary, "term", marked_term)


class _Texts(HTMLParser):
    """The text nodes and spoken attributes of a page, outside elements in another language
    (``lang``), notation (``translate="no"``), styles and scripts."""

    VOID = {"br", "input", "img", "hr", "meta", "link", "wbr"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[bool] = []
        self.texts: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        skip = bool(self.stack and self.stack[-1]) or "lang" in found or found.get("translate") == "no" \
            or tag in ("style", "script")
        if not skip:
            self.texts += [found[a] or "" for a in SPOKEN if a in found]
        if tag not in self.VOID:
            self.stack.append(skip)

    def handle_endtag(self, tag: str) -> None:
        if tag not in self.VOID and self.stack:
            self.stack.pop()

    def handle_data(self, data: str) -> None:
        if not (self.stack and self.stack[-1]):
            self.texts.append(data)


def unmarked_words(texts: Iterable[str], notation: Iterable[str] = (), names: Iterable[str] = ()) -> list[str]:
    """The words left in ``texts`` once the marks, notation, rule ids and card codes are out;
    ``names`` are whole texts that are identifiers (an option's name, a game's id).

    >>> unmarked_words(["⟦Jouer⟧ P1 play 7♥", "(⟦règle⟧ DB-13)", "to play"], ["P1 play 7♥"])
    ['to play']
    """
    notation = sorted(set(notation), key=len, reverse=True)
    names = set(names)
    left = []
    for text in texts:
        if text.strip() in names:
            continue
        while True:  # innermost marks first (a message inside a message)
            text, found = re.subn(f"{OPEN}[^{OPEN}{CLOSE}]*{CLOSE}", " ", text)
            if not found:
                break
        for move in notation:
            text = text.replace(move, " ")
        text = re.sub(r"\b[A-Z]{2}-\w+", " ", text)  # rule and ruling ids
        text = re.sub(r"\b(10|[2-9JQKA])[♣♦♥♠]|\b[RB]J\b", " ", text)  # cards
        if any(w not in SAME_EVERYWHERE for w in re.findall(r"[^\W\d_]{2,}", text)):
            left.append(text.strip())
    return left


def page_texts(html: str) -> list[str]:
    parser = _Texts()
    parser.feed(html)
    return parser.texts


def widget_texts(widget) -> Iterator[str]:
    """The HTML and the tooltips of a widget tree (a button's words are checked by its caller)."""
    value = getattr(widget, "value", None)
    if isinstance(value, str) and "<" in value:
        yield from page_texts(value)
    tooltip = getattr(widget, "tooltip", None)
    if tooltip:
        yield tooltip
    for child in getattr(widget, "children", ()):
        yield from widget_texts(child)


def notation_of(game) -> set[str]:
    """Every move's notation this game may show: played (as any reader reads it) and legal now."""
    moves = {str(m) for m in game.legal_moves()}
    for step in game.history:
        moves |= {step.move.text_for(v) for v in [None, *range(game.players)]} | {str(step.move)}
    return moves


def no_notation(texts: Iterable[str]) -> list[str]:
    """The texts that show move notation, a joker code or an English rank letter."""
    return [" ".join(text.split()) for text in texts if NOTATION.search(text)]


def check(html: str, game, what: str) -> None:
    assert "⟦" in html, f"{what}: the marking catalogue was not used"
    texts = page_texts(html)
    assert unmarked_words(texts) == [], what
    assert no_notation(texts) == [], what


def boards(game_id: str, lang: str) -> Iterator[tuple[str, object]]:
    """One board of ``game_id`` in ``lang`` after another, in several situations."""
    info = dn.GAMES[game_id].info
    players = info.min_players if info.min_players > 2 else 2
    if game_id in ("bastard", "sjavs"):
        players = 3
    seats = ("human",) + ("rule-of-thumb",) * (players - 1)
    board = board_for(dn.new_game(game_id, players=players, seed=4), seats=seats, lang=lang, step_mode=True)
    yield "the deal", board
    board.set_teaching(True)
    yield "teaching mode", board
    moves = board.game.legal_moves()
    if moves and board.game.current_player == board.viewer:
        board.choose(moves[-1]) if not hasattr(moves[-1], "cards") or moves[-1].action != "play" else None
    yield "a move chosen", board
    board.click_closed(99)
    yield "a refusal", board
    play_out(board.game, ["rule-of-thumb"] * players, seed=1, max_moves=25)
    board.set_step_mode(True)
    yield "some moves later", board
    if board.game.legal_moves():
        board.choose(board.game.legal_moves()[0])
        if board.viewer == board.game.current_player:
            yield "a verdict", board
    board.goto(max(0, len(board.game.history) - 3))
    yield "looking back", board
    hot = board_for(dn.new_game(game_id, players=players, seed=5), seats=("human",) * players, lang=lang)
    hot.play(str(hot.game.legal_moves()[0]))
    yield "the hot-seat screen", hot
    short = {"bastard": {"deals": 1}, "sjavs": {"max_deals": 2}}.get(game_id, {})
    over = dn.new_game(game_id, players=players, seed=6, options=short)
    play_out(over, ["rule-of-thumb"] * players, seed=2)
    yield "a finished game", board_for(over, seats=seats, lang=lang)


@pytest.mark.parametrize("lang", FOREIGN)
@pytest.mark.parametrize("game_id", list(dn.GAMES))
def test_no_english_on_a_board(marked, game_id, lang):
    for what, board in boards(game_id, lang):
        check(board.html, board.game, f"{game_id} {lang}: {what}")
        assert board.message == "" or OPEN in board.message, f"{what}: {board.message}"


@pytest.mark.parametrize("lang", FOREIGN)
@pytest.mark.parametrize("game_id", list(dn.GAMES))
def test_no_english_in_the_lesson_widgets(marked, game_id, lang):
    info = dn.GAMES[game_id].info
    game = dn.new_game(game_id, players=info.min_players, seed=2)
    play_out(game, ["rule-of-thumb"] * info.min_players, seed=1, max_moves=12)
    quiz = lesson.PositionQuiz(game, lang=lang)
    quiz.answer(quiz.moves[0])
    replay = lesson.Replay(game, comments=[""] * len(game.history), player=0, lang=lang)
    replay.show(len(game.history))
    texts = [*widget_texts(quiz), *widget_texts(replay), *page_texts(quiz.answer_sheet()._repr_html_())]
    for table in (lesson.rulings_table(game_id, lang), lesson.options_table(game_id, lang), lesson.games_table(lang),
                  lesson.show_table(game, lang=lang),
                  lesson.show_rule(game_id, next(iter(game.rules.catalogue)).id, lang)):
        texts += page_texts(table.data)
    # the option names, ids and values are identifiers: the same in every language
    identifiers = {i.name for i in info.options} | {repr(i.default) for i in info.options} | set(dn.GAMES) | \
        {g.info.source for g in dn.GAMES.values()} | {g.info.title for g in dn.GAMES.values()}
    identifiers |= {", ".join(map(repr, i.choices)) for i in info.options if i.choices}
    identifiers |= {f"{i.name} = {i.default!r}" for i in info.options}
    assert unmarked_words(texts, (), identifiers) == []
    assert no_notation(texts) == []


def test_the_marking_finds_an_english_word(marked):
    """The check can fail: a text that no catalogue translates stays unmarked and is reported."""
    from danish_nb.render.board import message_html
    html = message_html("Ignored: nothing to play") + message_html(i18n.translator("fr")("New game"))
    assert unmarked_words(page_texts(html)) == ["Ignored: nothing to play"]


@pytest.mark.parametrize("lang", FOREIGN)
@pytest.mark.parametrize("game_id", list(dn.GAMES))
def test_no_english_in_what_a_game_says(marked, game_id, lang):
    """Beyond the boards' situations, a whole game: every event, the computer's reason for each
    move, and at every turn the verdicts on the first legal moves and on a move out of turn."""
    info = dn.GAMES[game_id].info
    players = 3 if game_id in ("bastard", "sjavs") else info.min_players
    short = {"bastard": {"deals": 1}, "sjavs": {"max_deals": 2}}.get(game_id, {})
    game = dn.new_game(game_id, players=players, seed=8, options=short)
    agents = [make_agent("rule-of-thumb", game_id, seat) for seat in range(players)]
    texts, notation = [], set()
    while not game.is_over and len(game.history) < 400:
        state, p = game.state, game.current_player
        tried = state.legal_moves()[:3]
        tried.append(tried[0]._replace(player=(p + 1) % players))
        notation |= {str(move) for move in tried}
        texts += [state.explain(move).summary(lang) for move in tried]
        choice = agents[p].choose(state)
        texts.append(choice.why_for(p, lang=lang))
        texts += [event.text_for(None, omniscient=True, lang=lang) for event in game.play(choice.move)]
    assert game.is_over
    assert all(OPEN in text for text in texts if text)
    assert unmarked_words(texts) == [] and no_notation(texts) == []


@pytest.mark.parametrize("game_id", list(dn.GAMES))
def test_no_notation_on_an_english_board_unless_a_teacher_asks(game_id):
    """English learners read words too: no move notation or joker code on a board in any of
    the situations above, in any text a reader sees or hears; the teacher's setting shows each
    move's notation too, marked not to translate."""
    from benchmarks.plain_words import ENGLISH
    for what, board in boards(game_id, "en"):
        texts = page_texts(board.html) + [board.message]
        assert [t for t in texts if ENGLISH.search(t)] == [], what
    board.set_notation(True)
    assert 'class="dn-notation" translate="no"' in board.html

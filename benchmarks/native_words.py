"""Every distinct line a learner reads, in English, French and German, checked as a native reader
would check its form: issue 43's collector.

Plays seeded games of all five games and collects, per language, each distinct line of: the
verdicts of several candidate moves (legal, illegal, out of turn, and moves legal at an earlier
position) as the board shows them and as a screen reader hears them (the board's news), what a
refused move and a move text that is no move say (the error a learner reads), every
log line as each player and a spectator read it, the computer players' reasons, the coach's hint
at a few positions and its review of P1's moves (the first seed's games), the boards (every text
and spoken name) at a few positions, practice items and their feedback, and every rule as a page
shows it. A line is a block of an HTML page (a
``div``, ``li``, ``p``... with its inline parts) or a spoken name; the document's own words
(``dn-quote``), the English behind a click (``<details>``) and notation (``translate="no"``)
are left out: they are not the page's language on purpose.

Checks (:func:`problems`), on lines in every language: a "(s)"-style plural, ASCII double quotes,
more than one colon in a sentence, a small letter after ! or ?, "(X) (Y)", words run together; on
French and German lines also English words left (:data:`ENGLISH_WORDS`; a move's quoted notation
aside, :data:`NOTATION`), numbers written the English way (:data:`ENGLISH_NUMBER`: 75.8, 10%; a
printed Python value aside), in French an ASCII space
or none before ``: ; ! ?`` (French sets a narrow no-break space) and a capital after a colon (a
name aside: :data:`FRENCH_NAMES`), in German English quotes (German
opens with „). A quotation (« », „ “, “ ”) keeps its own punctuation.

    python -m benchmarks.native_words                 # counts per language and source, problems
    python -m benchmarks.native_words --sample 200    # and write a seeded sample per language to read
    python -m benchmarks.native_words --sample 200 --sample-seed 7  # another sample
    python -m benchmarks.native_words --show 20       # the first problem lines
    python -m benchmarks.native_words --no-lessons    # the game texts alone, not the lessons' outputs

The lessons are read too (:func:`lesson_texts`): what the executed notebooks under ``notebooks/``
(English) and ``notebooks/fr``, ``notebooks/de`` show, their code cells' outputs (printed lines,
HTML, plain results; not their prose, which :mod:`danish_nb.lessons` keeps in the catalogue, nor
widgets, whose state a stored notebook does not keep).

(The class tables' and the server's pages are not collected here: see benchmarks/tables.py.)
"""

from __future__ import annotations

import argparse
import functools
import itertools
import random
import re
from collections import Counter, defaultdict
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

GAMES = ("danish-bastard", "le-danish", "rat-bastard-17", "bastard", "sjavs")
LANGS = ("en", "fr", "de")
#: Words that are English and neither French nor German (function words and the games' nouns).
ENGLISH_WORDS = re.compile(r"\b(the|and|of|with|from|takes|plays|card|cards|player|players|must|may|cannot|trick|"
                           r"tricks|pile|you|your|which|when|this|that|not|only|lead|leads|trump|trumps|bids|"
                           r"play|face-up|face-down|stock|hole|wins|rule|ruling|turn)\b")
#: A move's notation quoted in a sentence (« P1 play 7H », „P1 play 7H“, or from its action word: « take »,
#: « play 7H »): what the learner types, the same in every language.
NOTATION = re.compile(r"(«\s?|„|“)(P\d+ |(play|take|stock|face-up|keep|pass|bid|trump|swap|hole|open|closed|send|"
                      r"complete|discard|pick-up-open|strike|slam|clubs|diamonds|hearts|spades|none)\b)([^«»„“”]*)(\s?»|“|”)")
#: A number written the English way: a decimal point (75.8) or a percent sign without its space (10%); French
#: writes 75,8 and 10\u202f%, German 75,8 and 10\u00a0%.
ENGLISH_NUMBER = re.compile(r"\d\.\d|\d%")
#: A number of five digits or more written without its thousands' separators (100000: 100,000, 100 000, 100.000).
LONG_NUMBER = re.compile(r"(?<![\w.,\u202f#-])\d{5,}(?![\w.,])")
#: German's thousands' separator (``9.480``, ``1.100``: :func:`danish_nb.i18n.number_text`), not a decimal point.
GERMAN_THOUSANDS = re.compile(r"(?<=\d)\.(?=\d{3}(?![\d,]))")
#: A Python value printed as it is (a list, a call, a pandas row: ``[0.5, -1.0]``, ``player_1 0.0``): notation.
PYTHON_VALUE = re.compile(r"(\w+\()?[\[({]|\w+_\w+ ")
#: Spoken attributes, read as lines of their own.
SPOKEN = ("aria-label", "title", "aria-valuetext", "placeholder", "alt")
BLOCKS = {"div", "li", "p", "section", "summary", "details", "h1", "h2", "h3", "h4", "tr", "td", "th", "button",
          "label", "option", "ul", "ol", "table", "br", "header", "footer", "main", "nav", "dt", "dd", "figcaption"}
#: Inline parts set apart on the page (a row's caption, a badge), read as lines of their own, as are the
#: parts hidden from screen readers (a card's face, a seat's name above its card on a trick).
APART = {"dn-label", "dn-to-play"}
VOID = {"br", "input", "img", "hr", "meta", "link", "wbr"}


def _squeeze(text: str) -> str:
    """``text`` on one line, ASCII white space squeezed (no-break spaces kept: they are typography)."""
    return re.sub(r"[ \t\n\r\f]+", " ", text).strip()


class _Lines(HTMLParser):
    """The lines of an HTML fragment: its blocks' texts (and its parts set apart: :data:`APART`)
    and its spoken names, without the document's quotes, the English behind a click, notation,
    styles and scripts."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.skip: list[bool] = []
        self.apart: list[bool] = []
        self.lines: list[str] = []
        self.current: list[str] = []

    def _flush(self) -> None:
        text = _squeeze("".join(self.current))
        if text:
            self.lines.append(text)
        self.current = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        skip = bool(self.skip and self.skip[-1]) or tag in ("details", "style", "script") \
            or "dn-quote" in (found.get("class") or "").split() or found.get("translate") == "no"
        apart = tag in BLOCKS or found.get("aria-hidden") == "true" \
            or bool(APART & set((found.get("class") or "").split()))
        if apart:
            self._flush()
        if not skip:
            self.lines += [_squeeze(found[a] or "") for a in SPOKEN if found.get(a)]
        if tag not in VOID:
            self.skip.append(skip)
            self.apart.append(apart)

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID:
            return
        if self.skip:
            self.skip.pop()
        if self.apart.pop() if self.apart else tag in BLOCKS:
            self._flush()

    def handle_data(self, data: str) -> None:
        if not (self.skip and self.skip[-1]):
            self.current.append(data)

    def close(self) -> None:
        super().close()
        self._flush()


def lines_of(html: str) -> list[str]:
    """The lines a reader reads of an HTML fragment: those with words, and those with a decimal or
    a percentage (a table's cells: :data:`ENGLISH_NUMBER`).

    >>> lines_of('<div>Légal : <b>x</b><div class="dn-quote" lang="en">“y”</div><details>z</details></div>')
    ['Légal : x']
    >>> lines_of("<tr><td>1</td><td>0,367</td></tr>")
    ['0,367']
    """
    parser = _Lines()
    parser.feed(html)
    parser.close()
    return [line for line in parser.lines if re.search(r"[^\W\d_]{2,}|\d[.,]\d|\d\s?%", line)]


@functools.cache
def documents() -> frozenset[str]:
    """The source documents' own sentences (every rule's quote): shown as written, never corrected.

    >>> "Note : avant de jouer une première carte, il est permis d’échanger les cartes de sa main contre ses " \\
    ...     "cartes visibles." in documents()
    True
    """
    import danish_nb as dn

    return frozenset(rule.quote for game in dn.GAMES.values() for rule in game.catalogue)


def problems(line: str, lang: str) -> list[str]:
    """What is wrong with the form of ``line`` in ``lang`` (English is not checked for English words).

    >>> problems("P2 a remporté 1 pli(s): bravo", "fr")
    ['plural (s)', 'space before : ; ! ?']
    >>> problems("Il joue the card", "fr"), problems("„Gut“: ja", "de"), problems('"Gut"', "de")
    (['English'], [], ['ASCII quotes'])
    >>> problems("Dans « P1 play 9H 4C », un tour joue une seule carte", "fr")  # notation is no English
    []
    >>> problems("Dans « play 7H », « hole » est une action inconnue", "fr"), problems("le « playing card »", "fr")
    ([], ['English'])
    >>> problems("de 1 à 100000", "fr"), problems("1 bis 100.000", "de"), problems("1 to 100,000; seed 4711", "en")
    (['long number unseparated'], [], [])
    >>> problems("Hasard 47% 26% 128.9", "fr"), problems("Zufall 47\u00a0% 128,9", "de"), problems("[0.5, -1.0]", "de")
    (['English number'], [], [])
    >>> problems("9.480 Zustände, 1.100 Spiele", "de"), problems("9.48 Zustände", "de"), problems("1.100 parties", "fr")
    ([], ['English number'], ['English number'])
    >>> problems("le «\u202fBube: minus 2\u202f» sans précision\u202f?", "fr")  # a quotation keeps its punctuation
    []
    >>> problems("P3 wins the trick: the ace wins: the highest club", "en"), problems("the card", "en")
    (['chained colons'], [])
    """
    if line in documents():
        return []
    found = []
    if lang != "en" and ENGLISH_WORDS.search(NOTATION.sub("«»", line)):
        found.append("English")
    if lang != "en" and ENGLISH_NUMBER.search(GERMAN_THOUSANDS.sub("", line) if lang == "de" else line) \
            and not PYTHON_VALUE.match(line):
        found.append("English number")
    if LONG_NUMBER.search(line) and not PYTHON_VALUE.match(line):
        found.append("long number unseparated")
    if re.search(r"\w\((s|e|n|en|es|x)\)", line):
        found.append("plural (s)")
    if '"' in line:
        found.append("ASCII quotes")
    # a quotation keeps its own punctuation (a document's, a label's)
    own = re.sub(r"«[^«»]*»|„[^„“]*“|“[^“”]*”", "«»", line)
    if lang == "fr" and (re.search(r"[ \u00a0][:;!?](?=\s|$)", own) or re.search(r"[\w»)][:;!?](?=\s|$)", own)):
        found.append("space before : ; ! ?")
    if lang == "de" and ("”" in line or line.count("“") > line.count("„")):
        found.append("English quotes")
    if any(sentence.count(":") > 1 for sentence in _sentences(own)):
        found.append("chained colons")
    if re.search(r"[!?][\s\u202f]+[a-zß-ÿœ]", own):
        found.append("small letter after ! ?")
    if lang == "fr" and _capital_after_colon(own):
        found.append("capital after :")
    if re.search(r"\)\s*\(", line):
        found.append("double parentheses")
    if re.search(r"[^\W\d_]:[^\W\d_]|\d[^\W\d_]{3,}|\b(?!Pos1\b)[^\W\d_]{2,}\d", own):  # (Pos1: a German key)
        found.append("words run together")
    return found


#: What may start with a capital after a French colon: the games' names and Sjavs' bids (a name with
#: a digit or a second capital, P1 or DB-24, and a card's rank, A or V♠, may too).
FRENCH_NAMES = ("Danish Bastard", "Le danish", "Rat Bastard 17", "Bastard", "Sjavs", "Jeu", "Frappe", "Chelem")


def _capital_after_colon(text: str) -> bool:
    """Whether a French ``text`` starts what follows a colon with a capital (French goes on in
    small letters: « Illégal : jouer le six », never « Illégal : Jouer le six »), a name aside,
    and a title after its rule's code (« DB-8 : L’échange »).

    >>> _capital_after_colon("Illégal\u202f: Jouer le six"), _capital_after_colon("Illégal\u202f: jouer le six")
    (True, False)
    >>> _capital_after_colon("Règle\u202f: Sjavs, P2\u202f: DB-24"), _capital_after_colon("Partie\u202f: Le danish")
    (False, False)
    >>> _capital_after_colon("DB-8\u202f: L’échange"), _capital_after_colon("P1\u202f: Passer")
    (False, True)
    >>> _capital_after_colon("rangs\u202f: A R D V 10, puis\u202f: V♠ -1"), _capital_after_colon("x\u202f: Jeu, Frappe")
    (False, False)
    """
    for found in re.finditer(r":\s+(?=[A-ZÀ-ÖØ-ÞŒ])(\S+)", text):
        word, rest = found.group(1), text[found.start(1):]
        if re.search(r"\d|^.[A-ZÀ-ÖØ-ÞŒ]|^[A-Z](?![^\W\d_])", word) or rest.startswith(FRENCH_NAMES) \
                or re.search(r"\b[A-Z]{2}-\w+[\s\u202f]*$", text[:found.start()]):
            continue
        return True
    return False


def _sentences(text: str) -> list[str]:
    """``text``'s sentences and clauses (split after . ! ? and a space, and at ; · / between
    spaces: a list of scores, answers or labels); a line is at least one.

    >>> _sentences("A : b. C : d ! E ; f · g / h; i")
    ['A : b.', 'C : d !', 'E', 'f', 'g', 'h', 'i']
    """
    return re.split(r"(?<=[.!?])\s+(?=[^\W\d_])|[\s\u202f]?;\s|\s[·/]\s", text)


#: Where the executed lessons are, per language.
LESSONS = {"en": Path("notebooks"), "fr": Path("notebooks/fr"), "de": Path("notebooks/de")}


def lesson_texts(notebook: dict, lang: str, name: str) -> Iterator[tuple[str, str, str]]:
    """``(lang, source, text)`` of what an executed notebook's code cells show: each printed
    line, each HTML output, each plain result (a widget's plain stand-in aside).

    >>> cell = {"cell_type": "code", "outputs": [{"output_type": "stream", "text": ["coup 14 : P2 : x\\n"]},
    ...         {"output_type": "execute_result", "data": {"text/html": "<b>a</b>", "text/plain": "b"}}]}
    >>> list(lesson_texts({"cells": [cell]}, "fr", "01-x"))
    [('fr', '01-x lesson', 'coup 14 : P2 : x'), ('fr', '01-x lesson', '<b>a</b>')]
    """
    source = f"{name} lesson"
    for cell in notebook.get("cells", ()):
        if cell.get("cell_type") != "code":
            continue
        for output in cell.get("outputs", ()):
            data = output.get("data", {})
            if output.get("output_type") == "stream":
                text = "".join(output.get("text", ""))
            elif "application/vnd.jupyter.widget-view+json" in data:
                continue
            else:
                text = "".join(data.get("text/html") or data.get("text/plain") or "")
            for line in text.splitlines() if "<" not in text else [text]:
                if line.strip():
                    yield lang, source, line


def lessons(folders: dict[str, Path] = LESSONS) -> Iterator[tuple[str, str, str]]:
    """What every executed lesson in ``folders`` shows, per language (:func:`lesson_texts`)."""
    import json
    for lang, folder in folders.items():
        for path in sorted(folder.glob("[0-9][0-9]-*.ipynb")):
            yield from lesson_texts(json.loads(path.read_text(encoding="utf-8")), lang, path.stem)


def collect(seeds: range = range(1, 3), moves: int = 40, games: tuple[str, ...] = GAMES, *,
            coach: bool = True, boards: bool = True, practice: bool = True,
            lessons_shown: bool = False) -> dict[str, dict[str, str]]:
    """``{lang: {line: source}}``: every distinct line read, with where it was first met (the
    lessons' outputs too if ``lessons_shown``)."""
    found: dict[str, dict[str, str]] = {lang: {} for lang in LANGS}
    texts = _texts(seeds, moves, games, coach=coach, boards=boards, practice=practice)
    for lang, source, text in itertools.chain(texts, lessons() if lessons_shown else ()):
        for line in (lines_of(text) if "<" in text else [_squeeze(text)]):
            found[lang].setdefault(line, source)
    return found


def _texts(seeds: range, moves: int, games: tuple[str, ...], *, coach: bool, boards: bool,
           practice: bool) -> Iterator[tuple[str, str, str]]:
    import danish_nb as dn
    from danish_nb.agents import make_agent
    from danish_nb.errors import IllegalMove
    from danish_nb.render.html import rule_html, verdict_html
    from danish_nb.widgets.news import verdict_words
    for game_id in games:
        for rule in dn.GAMES[game_id].catalogue:
            for lang in LANGS:
                yield lang, f"{game_id} rule", rule_html(rule, lang)
        for seed in seeds:
            players = 2 if game_id == "rat-bastard-17" else 3
            game = dn.new_game(game_id, players=players, seed=seed)
            if seed == seeds[0]:
                yield from _unreadable(game)
            rng = random.Random(seed)
            thumb = make_agent("rule-of-thumb", game_id, seed)
            met: list = []  # moves legal at earlier positions: tried again, most are refused here
            for step in range(moves):
                if game.is_over:
                    break
                legal = game.legal_moves()
                mover = game.current_player
                again = [move._replace(player=mover) for move in rng.sample(met, min(3, len(met)))]
                met += legal[:6]
                tried = legal[:3] + legal[-1:] + [legal[0]._replace(player=(mover + 1) % players)] + again
                for move in tried:
                    verdict = game.explain(move)
                    for lang in LANGS:
                        yield lang, f"{game_id} verdict", verdict_html(verdict, lang, viewer=mover)
                        yield lang, f"{game_id} news", verdict_words(verdict, lang, viewer=mover)
                        if not verdict.legal:
                            yield lang, f"{game_id} refusal", IllegalMove(verdict).text_in(lang)
                choice = thumb.choose(game.state)
                for lang in LANGS:
                    yield lang, f"{game_id} reason", choice.why_for(mover, lang=lang)
                if coach and step % 15 == 7:
                    from danish_nb.coach import hint
                    found = hint(game.state, seat=mover, iterations=30, seed=seed)
                    for lang in LANGS:
                        yield lang, f"{game_id} coach", found.text(lang)
                if boards and step % 10 == 3:
                    yield from _boards(game, players)
                for event in game.play(rng.choice(legal)):
                    for viewer in (*range(players), None):
                        for lang in LANGS:
                            yield lang, f"{game_id} log", event.text_for(viewer, lang=lang)
            if coach and seed == seeds[0]:
                from danish_nb.coach import review
                for mistake in review(game, 0, iterations=20, seed=seed):
                    for lang in LANGS:
                        yield lang, f"{game_id} review", mistake.text(lang)
        if practice:
            yield from _practice(game_id)


#: Move texts a learner may type that are no move: each game's parser says what is wrong and how to write one.
UNREADABLE = ("", "P1", "hello there", "P9 play 7H", "play 7H", "P1 fly", "P1 play", "P1 play ZZ", "P1 hole 9",
              "P1 bid foo", "P1 trump", "P1 trump purple", "P1 take 3", "P1 swap 1", "P1 closed 7", "P1 send 4")


def _unreadable(game: Any) -> Iterator[tuple[str, str, str]]:
    """What a game's parser says, in each language, of move texts that are no move (:data:`UNREADABLE`)."""
    from danish_nb.errors import DanishNbError
    for text in UNREADABLE:
        try:
            game.play(text)
        except DanishNbError as error:
            for lang in LANGS:
                yield lang, f"{game.rules.id} refusal", error.text_in(lang)
        else:
            raise AssertionError(f"{text!r} was played")


def _boards(game: object, players: int) -> Iterator[tuple[str, str, str]]:
    from danish_nb.widgets import board_for
    for lang in LANGS:
        board = board_for(game, lang=lang, seats=("human",) * players)  # type: ignore[arg-type]
        yield lang, f"{game.rules.id} board", board.html  # type: ignore[attr-defined]


def _practice(game_id: str, items: int = 6) -> Iterator[tuple[str, str, str]]:
    from danish_nb.practice import PracticeSession
    from danish_nb.render.practice import feedback_html, item_html
    session = PracticeSession(game_id, seed=5)
    for number in range(items):
        item = session.next_item()
        for lang in LANGS:
            yield lang, f"{game_id} practice", item_html(item, frozenset(), None, lang)
        wrong = [choice.key for choice in item.choices if choice.key not in item.answer][:1]
        feedback = session.answer(item.id, wrong if number % 2 else sorted(item.answer))
        for lang in LANGS:
            yield lang, f"{game_id} practice", feedback_html(feedback, lang)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seeds", type=int, default=2)
    parser.add_argument("--moves", type=int, default=40)
    parser.add_argument("--sample", type=int, default=0, help="write a seeded sample of this many lines per language")
    parser.add_argument("--sample-seed", type=int, default=43, help="the sample's random seed")
    parser.add_argument("--out", default="native_words_sample")
    parser.add_argument("--show", type=int, default=0, help="print the first problem lines")
    parser.add_argument("--no-lessons", action="store_true", help="leave out the executed lessons' outputs")
    args = parser.parse_args()
    found = collect(range(1, args.seeds + 1), args.moves, lessons_shown=not args.no_lessons)
    for lang in LANGS:
        lines = found[lang]
        per_source = Counter(source.split(" ")[1] for source in lines.values())
        bad: dict[str, list[str]] = defaultdict(list)
        for line in lines:
            for problem in problems(line, lang):
                bad[problem].append(line)
        flagged = {line for group in bad.values() for line in group}
        print(f"{lang}: {len(lines)} distinct lines ({', '.join(f'{k} {n}' for k, n in sorted(per_source.items()))}); "
              f"{len(flagged)} with a problem of form ({', '.join(f'{k} {len(v)}' for k, v in bad.items()) or 'none'})")
        for problem, group in bad.items():
            for line in group[:args.show]:
                print(f"   {problem}: {line[:200]}")
        if args.sample:
            sample = random.Random(args.sample_seed).sample(sorted(lines), min(args.sample, len(lines)))
            path = Path(f"{args.out}.{lang}.txt")
            path.write_text("".join(f"{i + 1:3} [{lines[line]}] {line}\n" for i, line in enumerate(sample)),
                            encoding="utf-8")
            print(f"   sample of {len(sample)}: {path}")


if __name__ == "__main__":
    main()

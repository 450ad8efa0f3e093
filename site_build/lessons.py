"""The lesson notebooks as pages of the site, one per lesson and language (``lessons/<lang>/``).

A lesson with quizzes, replays or boards is *run* at build time, cell by cell in this process
(from the notebooks' folder, as Jupyter would), and what each cell shows is kept as blocks:

- the lesson helpers' HTML (a rule, a table, the rulings and options tables) is drawn in every
  interface language: the helpers are called once per language (:data:`LOCALIZED`);
- a quiz, its answer sheet, a replay, a board or a practice becomes a spec (a game record and
  what the widget offered, see :mod:`danish_nb.web.lessons`) that the page's Python answers from
  in the browser: every verdict comes from the engine when the learner clicks. Each spec is
  checked against the widget it stands for (the same moves in the same words, the same steps);
- what a cell prints with the lessons' ``say`` (the engine's events, verdicts, results) is kept
  in every language; other printed text stays as printed (English); the lessons' own text is in
  the page's language where the lesson is translated (:func:`prose_html`), in English elsewhere.

A lesson without them (simulations, research) shows the outputs stored in the notebook (``make
notebooks``); its widgets (progress bars) are left out and its plots made lighter (Pillow).
Markdown is converted with mistune. Each page holds every language (:func:`variants`): the
visitor's is shown, and another is one click away, with no new page.
"""

from __future__ import annotations

import ast
import base64
import contextlib
import hashlib
import html
import io
import json
import os
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
LESSONS = HERE.parent / "notebooks"
PATTERN = "0*.ipynb"
#: A lesson whose code makes one of these is run at build time; the others keep their stored outputs.
LIVE_CALLS = re.compile(r"\b(PositionQuiz|Replay|ShedBoard|TrickBoard|RatBoard|board_for|build_app)\(")
#: The lesson helpers whose HTML is drawn in every language (they take ``lang=``).
LOCALIZED = ("show_rule", "show_table", "games_table", "rulings_table", "options_table")
#: Lines a cell keeps for nbval, not for readers.
NBVAL = re.compile(r"^# NBVAL_\w+\n?", re.M)
WIDGET = "application/vnd.jupyter.widget-view+json"


@dataclass(frozen=True)
class Block:
    """One thing a lesson page shows: ``markdown`` (its text), ``code`` (a cell's source),
    ``text`` (printed), ``said`` (printed by ``say``, by language), ``html`` (by language), ``image``
    (a file name), or a live ``quiz``, ``answers``, ``replay``, ``board``, ``practice`` (a spec) or
    ``app`` (a link to the app)."""

    kind: str
    data: Any = None


@dataclass(frozen=True)
class _Localized:
    html: dict[str, str]


class _Hidden:
    """What ``styles()`` shows: nothing (the page has the styles)."""


class _Outputs:
    """What the running cell shows, in order: printed text and displayed values."""

    def __init__(self, show: Callable[[Any], Block | None]):
        self.blocks: list[Block] = []
        self.show = show

    def write(self, text: str) -> int:
        if self.blocks and self.blocks[-1].kind == "text":
            self.blocks[-1] = Block("text", self.blocks[-1].data + text)
        elif self.blocks and self.blocks[-1].kind == "said":
            self.said(dict.fromkeys(self.blocks[-1].data, text))
        elif text:
            self.blocks.append(Block("text", text))
        return len(text)

    def said(self, by_lang: dict[str, str]) -> None:
        """Printed text in every language (the lessons' ``say``), after what the cell printed so far."""
        if self.blocks and self.blocks[-1].kind in ("text", "said"):
            last = self.blocks.pop()
            before = last.data if last.kind == "said" else dict.fromkeys(by_lang, last.data)
            by_lang = {lang: before[lang] + text for lang, text in by_lang.items()}
        self.blocks.append(Block("said", by_lang))

    def flush(self) -> None:
        pass

    def display(self, *values: Any, **_options: Any) -> None:
        for value in values:
            block = self.show(value)
            if block is not None:
                self.blocks.append(block)


def _said(outputs: _Outputs) -> Callable[..., None]:
    """The lessons' ``say`` at build time: what it prints in every language, kept in order."""
    from danish_nb.i18n import LANGUAGES
    from danish_nb.lessons import say

    def every_language(*values: Any, **kwargs: Any) -> None:
        kwargs.pop("lang", None)
        by_lang = {}
        for lang in LANGUAGES:
            with contextlib.redirect_stdout(io.StringIO()) as printed:
                say(*values, lang=lang, **kwargs)
            by_lang[lang] = printed.getvalue()
        outputs.said(by_lang)
    return every_language


def _localized(helper: Callable[..., Any]) -> Callable[..., _Localized]:
    from danish_nb.i18n import LANGUAGES

    def every_language(*args: Any, **kwargs: Any) -> _Localized:
        kwargs.pop("lang", None)
        return _Localized({lang: helper(*args, lang=lang, **kwargs).data for lang in LANGUAGES})
    return every_language


@contextlib.contextmanager
def _patched(module: Any, names: dict[str, Any]) -> Iterator[None]:
    saved = {name: getattr(module, name) for name in names}
    for name, value in names.items():
        setattr(module, name, value)
    try:
        yield
    finally:
        for name, value in saved.items():
            setattr(module, name, value)


class _Run:
    """A lesson run at build time: turns what its cells show into blocks."""

    def __init__(self, path: Path):
        self.path = path
        self.quizzes: dict[str, dict[str, Any]] = {}  # a quiz's English answer sheet -> its spec

    def show(self, value: Any) -> Block | None:
        import ipywidgets
        from IPython.display import HTML

        from danish_nb.widgets.board import Board
        from danish_nb.widgets.lesson import AnswerSheet, PositionQuiz, Replay
        from danish_nb.widgets.practice import PracticeWidget

        if isinstance(value, _Localized):
            return Block("html", value.html)
        if isinstance(value, _Hidden):
            return None
        if isinstance(value, PositionQuiz):
            spec = self.quiz(value)
            self.quizzes[value.answers()] = spec
            return Block("quiz", spec)
        if isinstance(value, AnswerSheet):
            if value.text not in self.quizzes:
                raise SystemExit(f"{self.path.name}: an answer sheet of no quiz shown before it")
            return Block("answers", self.quizzes[value.text])
        if isinstance(value, Replay):
            return Block("replay", self.replay(value))
        if isinstance(value, Board):
            return Block("board", {"record": value.game.to_record(), "seats": list(value.seats),
                                   "teaching": value.teaching})
        if isinstance(value, PracticeWidget):
            return Block("practice", {"game": value.game_id})
        if isinstance(value, ipywidgets.Widget) and hasattr(value, "app"):
            return Block("app")
        if isinstance(value, ipywidgets.Widget):
            raise SystemExit(f"{self.path.name} shows a widget the site cannot carry: {type(value).__name__}")
        if isinstance(value, HTML):
            return Block("html", {lang: value.data for lang in _languages()})
        if hasattr(value, "_repr_html_"):
            return Block("html", {lang: value._repr_html_() for lang in _languages()})
        return Block("text", repr(value) + "\n")

    def quiz(self, quiz: Any) -> dict[str, Any]:
        """A PositionQuiz's spec (its :class:`~danish_nb.render.quiz.Quiz`'s), checked to offer the
        same moves in the same words when the page replays it."""
        from danish_nb.render.quiz import Quiz

        spec = quiz.model.spec()
        again = Quiz.from_spec(spec, quiz.lang)
        if [again.words(m) for m in again.moves] != [quiz.model.words(m) for m in quiz.model.moves]:
            raise SystemExit(f"{self.path.name}: a quiz's spec does not offer its moves {list(map(str, quiz.moves))}")
        return spec

    def replay(self, replay: Any) -> dict[str, Any]:
        """A Replay's spec, checked to tell its first, second and last steps the same way."""
        from danish_nb.web.lessons import replay_spec, replay_step

        spec = replay_spec(replay.game, replay.comments, replay.player, replay.reveal_hands)
        for step in sorted({0, min(1, len(replay.game.history)), len(replay.game.history)}):
            if replay_step(spec, step, replay.lang, replay.game)["lines"] != replay.step_text(step).split("\n"):
                raise SystemExit(f"{self.path.name}: a replay's spec tells step {step} otherwise")
        return spec

    def blocks(self, notebook: dict[str, Any]) -> list[Block]:
        """Run every code cell (in the notebook's folder, from a fresh namespace) and return the
        lesson's blocks."""
        import IPython.display

        import danish_nb.lessons as lessons
        import danish_nb.widgets.lesson as lesson

        blocks: list[Block] = []
        namespace: dict[str, Any] = {"__name__": "__main__"}
        outputs = _Outputs(self.show)
        helpers = {name: _localized(getattr(lesson, name)) for name in LOCALIZED} | {"styles": lambda: _Hidden()}
        here = Path.cwd()
        os.chdir(self.path.parent)
        try:
            with _patched(lesson, helpers), _patched(lessons, {"say": _said(outputs)}), \
                    _patched(IPython.display, {"display": lambda *v, **k: outputs.display(*v)}):
                for number, cell in enumerate(notebook["cells"], start=1):
                    source = "".join(cell["source"])
                    if cell["cell_type"] == "markdown":
                        blocks.append(Block("markdown", source))
                    elif cell["cell_type"] == "code":
                        blocks.append(Block("code", NBVAL.sub("", source).strip()))
                        outputs.blocks = []
                        with contextlib.redirect_stdout(outputs):
                            self.run(source, namespace, f"{self.path.name}, cell {number}", outputs)
                        blocks += outputs.blocks
        finally:
            os.chdir(here)
        return blocks

    @staticmethod
    def run(source: str, namespace: dict[str, Any], name: str, outputs: _Outputs) -> None:
        """Run a cell like Jupyter: its last line, if an expression, is shown."""
        tree = ast.parse(source, name)
        last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
        exec(compile(tree, name, "exec"), namespace)  # noqa: S102 (the package's own lessons)
        if last is not None:
            value = eval(compile(ast.Expression(last.value), name, "eval"), namespace)  # noqa: S307
            if value is not None:
                outputs.display(value)


def _languages() -> tuple[str, ...]:
    from danish_nb.i18n import LANGUAGES
    return LANGUAGES


def stored_blocks(notebook: dict[str, Any], images: dict[str, bytes]) -> list[Block]:
    """A lesson's blocks from the outputs stored in the notebook (widgets left out; images put
    in ``images`` by a name of their content).

    >>> cell = {"cell_type": "code", "source": "1 + 1", "outputs": [{"output_type": "execute_result",
    ...         "data": {"text/plain": "2"}}, {"output_type": "display_data", "data": {WIDGET: {}}}]}
    >>> stored_blocks({"cells": [cell]}, {})
    [Block(kind='code', data='1 + 1'), Block(kind='text', data='2\\n')]
    """
    blocks = []
    for cell in notebook["cells"]:
        source = "".join(cell["source"])
        if cell["cell_type"] == "markdown":
            blocks.append(Block("markdown", source))
            continue
        if cell["cell_type"] != "code":
            continue
        blocks.append(Block("code", NBVAL.sub("", source).strip()))
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            if output["output_type"] == "stream":
                blocks.append(Block("text", "".join(output["text"])))
            elif WIDGET in data:
                continue
            elif "image/png" in data:
                png = smaller_png(base64.b64decode("".join(data["image/png"])))
                name = hashlib.sha256(png).hexdigest()[:16] + ".png"
                images[name] = png
                blocks.append(Block("image", name))
            elif "text/html" in data:
                blocks.append(Block("html", {lang: "".join(data["text/html"]) for lang in _languages()}))
            elif "text/plain" in data:
                blocks.append(Block("text", "".join(data["text/plain"]) + "\n"))
    return blocks


def smaller_png(png: bytes) -> bytes:
    """A plot's PNG in 256 colours (Pillow), if that is smaller: a lesson's plots weigh 40% as much.

    >>> from PIL import Image
    >>> out = io.BytesIO(); Image.new("RGB", (64, 64), "white").save(out, "PNG")
    >>> Image.open(io.BytesIO(smaller_png(out.getvalue()))).size
    (64, 64)
    """
    from PIL import Image

    out = io.BytesIO()
    image = Image.open(io.BytesIO(png)).convert("RGB").quantize(256, method=Image.Quantize.MEDIANCUT)
    image.save(out, "PNG", optimize=True)
    return min(png, out.getvalue(), key=len)


def title(notebook: dict[str, Any], fallback: str) -> str:
    """The first heading of the notebook's first markdown cell.

    >>> title({"cells": [{"cell_type": "markdown", "source": ["# Start here: danish_nb\\n", "text"]}]}, "x")
    'Start here: danish_nb'
    """
    for cell in notebook["cells"]:
        if cell["cell_type"] == "markdown":
            first = "".join(cell["source"]).strip().splitlines()[0]
            return first.lstrip("#").strip() if first.startswith("#") else fallback
    return fallback


def markdown_html(text: str) -> str:
    """A markdown cell as HTML, links to other lessons pointing at their pages.

    >>> markdown_html("Next: [the game](01-danish-bastard.ipynb)")
    '<p>Next: <a href="01-danish-bastard.html">the game</a></p>\\n'
    """
    import mistune

    page = mistune.create_markdown(escape=False, plugins=["table", "strikethrough"])(text)
    return re.sub(r'href="(?:\.\./)?(0[\w-]*)\.ipynb"', r'href="\1.html"', page)


def attribute(spec: Any) -> str:
    """``spec`` as JSON for an attribute in single quotes (its many double quotes left as they are:
    ``&quot;`` made a tenth of a lesson page).

    >>> attribute({"move": "P1 play 10H", "why": "it's <b>"})
    '{"move":"P1 play 10H","why":"it&#x27;s &lt;b&gt;"}'
    """
    return html.escape(json.dumps(spec, ensure_ascii=False, separators=(",", ":")), quote=False).replace("'", "&#x27;")


def variants(tag: str, by_lang: dict[str, str], css: str = "", each: bool = False) -> str:
    """One element per language, all but English hidden until the page's script shows the
    visitor's (``data-lang``); a text the same in every language is written once (unless
    ``each``: an element the script fills in its own language later).

    >>> variants("span", {"en": "Hi", "fr": "Salut"})
    '<span data-lang="en" lang="en">Hi</span><span data-lang="fr" lang="fr" hidden>Salut</span>'
    >>> variants("p", {"en": "OK", "fr": "OK"}, "x")
    '<p class="x">OK</p>'
    """
    css_attr = f' class="{css}"' if css else ""
    if len(set(by_lang.values())) == 1 and not each:
        return f"<{tag}{css_attr}>{next(iter(by_lang.values()))}</{tag}>"
    return "".join(f'<{tag}{css_attr} data-lang="{lang}" lang="{lang}"{" hidden" if i else ""}>{text}</{tag}>'
                   for i, (lang, text) in enumerate(by_lang.items()))


def prose_html(text: str, name: str) -> str:
    """A markdown cell in every language: from the catalogues where the lesson is built in that
    language (:mod:`danish_nb.lessons.languages`, as its notebook), else in English, marked so.

    >>> prose_html("## Practise", "02-le-danish.ipynb").split("</section>")[1]
    '<section class="dn-md" data-lang="fr" lang="fr" hidden><h2>Exercice</h2>\\n'
    >>> prose_html("Not in a catalogue.", "09-not-built.ipynb")
    '<section class="dn-md" lang="en"><p>Not in a catalogue.</p>\\n</section>'
    """
    from danish_nb.i18n import DEFAULT, LANGUAGES
    from danish_nb.lessons.languages import built, translated

    shown = {lang: lang if lang == DEFAULT or name in built(lang) else DEFAULT for lang in LANGUAGES}
    if set(shown.values()) == {DEFAULT}:
        return f'<section class="dn-md" lang="{DEFAULT}">{markdown_html(text)}</section>'
    return "".join(f'<section class="dn-md" data-lang="{lang}" lang="{said}"{" hidden" if i else ""}>'
                   f'{markdown_html(translated(text, name, lang) if said != DEFAULT else text)}</section>'
                   for i, (lang, said) in enumerate(shown.items()))


def blocks_html(blocks: list[Block], words: dict[str, dict[str, str]], name: str = "") -> str:
    """A lesson's body: its text in every language it is translated to (:func:`prose_html`), its
    code (folded) once, what it shows in every language (see :func:`variants`); quizzes, replays
    and boards carry their spec once."""
    from danish_nb.i18n import LANGUAGES, translator
    from danish_nb.web.lessons import quiz_html

    def word(key: str) -> dict[str, str]:
        return {lang: html.escape(words[lang][key]) for lang in LANGUAGES}

    def said(text: str) -> dict[str, str]:
        return {lang: html.escape(translator(lang)(text)) for lang in LANGUAGES}

    parts, boards = [], 0
    for block in blocks:
        kind, data = block.kind, block.data
        if kind == "markdown":
            parts.append(prose_html(data, name))
        elif kind == "code" and data:
            parts.append(f'<details class="dn-code"><summary>{variants("span", word("code"))}</summary>'
                         f'<pre lang="en"><code>{html.escape(data)}</code></pre></details>')
        elif kind == "text":
            parts.append(f'<pre class="dn-output" lang="en">{html.escape(data.rstrip())}</pre>')
        elif kind == "said":
            printed = {lang: html.escape(text.rstrip()) for lang, text in data.items()}
            parts.append(variants("pre", printed, "dn-output"))
        elif kind == "html":
            parts.append(variants("div", data, "dn-output"))
        elif kind == "image":
            parts.append(f'<p class="dn-output"><img src="img/{data}" alt=""></p>')
        elif kind == "quiz":
            shown = {lang: quiz_html(data, lang) for lang in LANGUAGES}
            parts.append(f'<div class="dn-quiz dn-output" data-spec=\'{attribute(data)}\'>'
                         f'{variants("div", shown)}</div>')
        elif kind == "answers":
            parts.append(f'<details class="dn-answers dn-output" data-spec=\'{attribute(data)}\'><summary>'
                         f'{variants("span", said("Show answers"))}</summary>'
                         f'{variants("pre", dict.fromkeys(LANGUAGES, ""), each=True)}'
                         f"</details>")
        elif kind == "replay":
            shown = {lang: _replay_html(data, lang) for lang in LANGUAGES}
            parts.append('<div class="dn-replay dn-output" '
                         f'data-spec=\'{attribute(data)}\'>{variants("div", shown)}</div>')
        elif kind == "board":
            boards += 1
            parts.append(f'<div class="dn-lesson-board dn-output" data-key="board-{boards}" '
                         f'data-spec=\'{attribute(data)}\'>'
                         f'<p class="dn-board-status" role="status">{variants("span", word("loading"))}</p>'
                         f'<div class="dn-board-host"></div></div>')
        elif kind == "practice":
            boards += 1
            parts.append(f'<div class="dn-lesson-practice dn-output" data-key="practice-{boards}" '
                         f'data-spec=\'{attribute(data)}\'>'
                         f'<p class="dn-board-status" role="status">{variants("span", word("loading"))}</p>'
                         f'<div class="dn-practice-host"></div></div>')
        elif kind == "app":
            links = {lang: f'{html.escape(words[lang]["app_here"])} <a href="../index.html?lang={lang}">'
                           f'{html.escape(words[lang]["play"])}</a>' for lang in LANGUAGES}
            parts.append(variants("p", links, "dn-output"))
    return "\n".join(parts)


def _replay_html(spec: dict[str, Any], lang: str) -> str:
    """A replay's controls and first step in ``lang``."""
    from danish_nb.i18n import translator
    from danish_nb.web.lessons import replay_html, replay_step

    tr = translator(lang)
    last = replay_step(spec, 0, lang)["last"]
    steps = (("first", "«", tr("the deal")),
             ("back", "‹", tr("one move back")), ("forward", "›", tr("one move forward")),
             ("last", "»", tr("the last move")))
    buttons = "".join(f'<button type="button" data-step="{step}" aria-label="{html.escape(words)}" '
                      f'title="{html.escape(words)}">{sign}</button>' for step, sign, words in steps)
    return (f'<div class="dn-replay-controls" role="group">{buttons} <label>{html.escape(tr("move"))} '
            f'<input type="number" min="0" max="{last}" value="0"></label></div>'
            f'<div class="dn-replay-view" aria-live="polite">{replay_html(spec, 0, lang)}</div>')


APP_LINK = ' href="../index.html" data-lang-href="../index.html?lang=LANG"'


def page(head: str, body: str, words: dict[str, dict[str, str]], nav: str) -> str:
    """A lesson page (or the index), with the site's styles and the lesson script; in English
    until the script shows the visitor's language."""
    from danish_nb.i18n import DEFAULT, LANGUAGE_NAMES, LANGUAGES

    def word(key: str, tag: str, extra: str = "") -> str:
        return f'<{tag} data-word="{key}"{extra}>{html.escape(words[DEFAULT][key])}</{tag}>'

    choices = " ".join(f'<button type="button" data-set-lang="{lang}" lang="{lang}" '
                       f'aria-pressed="{str(lang == DEFAULT).lower()}">'
                       f"{LANGUAGE_NAMES[lang]}</button>" for lang in LANGUAGES)
    return (f'<!DOCTYPE html>\n<html lang="{DEFAULT}"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">'
            f'<title>{html.escape(head)}</title><meta name="theme-color" content="#1e5b35">'
            f'<link rel="manifest" href="../manifest.webmanifest"><link rel="icon" href="../icon.svg" '
            f'type="image/svg+xml"><link rel="stylesheet" href="../board.css">'
            f'<link rel="stylesheet" href="../page.css"><script type="module" src="../lesson.js"></script></head>\n'
            f'<body class="dn-lesson-page"><header class="dn-header"><nav>{nav}'
            f'{word("play", "a", APP_LINK)}</nav>'
            f'<nav class="dn-languages" aria-label="{html.escape(words[DEFAULT]["language"])}" '
            'data-word-label="language">'
            f'{choices}</nav></header>\n<main>\n{body}\n</main>\n'
            f'<footer class="dn-footer">{word("about", "p")}</footer></body></html>\n')


def lesson_blocks(path: Path, images: dict[str, bytes]) -> list[Block]:
    notebook = json.loads(path.read_text(encoding="utf-8"))
    if any(LIVE_CALLS.search("".join(c["source"])) for c in notebook["cells"] if c["cell_type"] == "code"):
        with contextlib.redirect_stderr(io.StringIO()):
            return _Run(path).blocks(notebook)
    return stored_blocks(notebook, images)


def build_lessons(out: Path) -> list[str]:
    """Write every lesson's page, their index and the lessons' images into ``out``; returns the
    lessons' page names."""
    from danish_nb.i18n import LANGUAGES
    from danish_nb.web.words import page_words

    words = {lang: page_words(lang) for lang in LANGUAGES}
    images: dict[str, bytes] = {}
    lessons = [(path.name, title(json.loads(path.read_text(encoding="utf-8")), path.stem),
                lesson_blocks(path, images)) for path in sorted(LESSONS.glob(PATTERN))]
    (out / "img").mkdir(parents=True, exist_ok=True)
    for name, png in images.items():
        (out / "img" / name).write_bytes(png)
    back = '<a href="index.html" data-word="all_lessons">{}</a> '.format(html.escape(words["en"]["all_lessons"]))
    for name, head, blocks in lessons:
        (out / page_name(name)).write_text(page(head, blocks_html(blocks, words, name), words, back), encoding="utf-8")
    body = (f'<h1 data-word="lessons">{html.escape(words["en"]["lessons"])}</h1><p data-word="lessons_intro">'
            f'{html.escape(words["en"]["lessons_intro"])}</p>{index_items([name for name, _, _ in lessons])}')
    (out / "index.html").write_text(page(words["en"]["lessons"], body, words, ""), encoding="utf-8")
    return [page_name(name) for name, _, _ in lessons]


def page_name(notebook: str) -> str:
    """A lesson's page: ``02-le-danish.ipynb`` is ``02-le-danish.html``."""
    return notebook.removesuffix(".ipynb") + ".html"


def index_items(names: list[str]) -> str:
    """The lessons' index: each lesson's title (a link to its page) and one line about it, in
    every language (:data:`danish_nb.lessons.LESSONS`, the words the ``danish-nb --lessons`` index says).

    >>> item = index_items(["02-le-danish.ipynb"])
    >>> 'href="02-le-danish.html"' in item and "Le danish, règle par règle" in item
    True
    """
    from danish_nb.i18n import LANGUAGES, translator
    from danish_nb.lessons import LESSONS as ALL

    about = {lesson.file: lesson for lesson in ALL}
    items = "".join(
        f'<li><a href="{page_name(name)}">'
        f'{variants("span", {lang: html.escape(translator(lang)(about[name].title)) for lang in LANGUAGES})}</a><br>'
        f'{variants("small", {lang: html.escape(translator(lang)(about[name].line)) for lang in LANGUAGES})}</li>'
        for name in names)
    return f'<ol class="dn-lesson-list">{items}</ol>'


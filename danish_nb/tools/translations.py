"""``make translations``: extract the interface's texts, update the catalogues, compile them.

Usage: ``python -m danish_nb.tools.translations [extract|update|compile|check|all]`` (default
``all``). Needs Babel (the ``test`` extra); the package itself reads the compiled ``.mo`` files
with the standard library's :mod:`gettext`.

What is extracted:

- texts in the code marked ``_()``, ``M()``, ``_n()``, ``tr()``, ``tr.n()`` and ``N_()`` (mapping in
  ``babel.cfg``), also inside f-strings (which Babel's extractor does not read: :func:`nested_calls`);
- the lessons' prose (``danish_nb.lessons.languages``), each paragraph in context ``lesson <name>``,
  and the texts their code cells print, marked ``M()`` / ``_n()`` like the package's;
- data the games define: every rule's English (its rendering, or its quote for an English
  document) in context ``rule <id>``, its title in context ``title <id>``, its note in context
  ``note <id>``, every ruling's question and reading in context ``ruling <id>``, and every
  option's label, help and choices in words.

A catalogue leaves out the rules quoted in its own language (a French reader reads the French
quote of Le danish and nothing else), except for the documents in :data:`RESTATED`, whose words
are too garbled to stand alone: a German reader of Bastard reads a clear German statement of
each rule, the document's words quoted beside it. Entries no longer extracted are dropped on update.
"""

from __future__ import annotations

import ast
import io
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from danish_nb.i18n import DOMAIN, LANGUAGES

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "danish_nb"
LOCALE = PACKAGE / "locale"
TEMPLATE = LOCALE / f"{DOMAIN}.pot"
#: gettext's plural rule per language (Babel's CLDR data gives French a third form, for millions)
PLURALS = {"fr": (2, "(n > 1)"), "de": (2, "(n != 1)")}
#: Games whose document, quoted in a catalogue's own language, is restated in it all the same
#: (the Bastard document is a machine translation into German).
RESTATED = frozenset({"bastard"})
KEYWORDS = {"_": None, "M": None, "_n": (1, 2), "N_": None, "tr": None, "n": (1, 2)}


def _po(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def rule_language(context: str | None) -> str | None:
    """The language a rule is quoted in, for a ``rule <id>`` context (else ``None``); ``None``
    too for a game in :data:`RESTATED` (its rules are restated in every language).

    >>> rule_language("rule LD-1"), rule_language("rule BA-1"), rule_language("title LD-1")
    ('fr', None, None)
    """
    if not context or not context.startswith("rule "):
        return None
    from danish_nb import GAMES
    rule_id = context.split(" ", 1)[1]
    for game in GAMES.values():
        if rule_id in game.catalogue.rules:
            return None if game.id in RESTATED else game.info.language
    return None


def extract() -> Catalog:
    """The template: marked code texts and the games' rules and options."""
    from danish_nb import GAMES
    template = Catalog(project="danish_nb", fuzzy=False)
    method_map, options_map = parse_mapping_cfg(io.StringIO((ROOT / "babel.cfg").read_text()))
    for path, lineno, message, comments, context in extract_from_dir(
            str(PACKAGE), method_map, options_map, keywords=KEYWORDS, comment_tags=("TRANSLATORS:",)):
        template.add(message, locations=[(f"danish_nb/{path}", lineno)], auto_comments=comments,
                     context=context, flags=("python-brace-format",) if "{" in str(message) else ())
    for path, lineno, message in nested_calls(PACKAGE):
        if template.get(message if isinstance(message, str) else message[0]) is None:
            template.add(message, locations=[(path, lineno)],
                         flags=("python-brace-format",) if "{" in str(message) else ())
    for game in GAMES.values():
        for rule in game.catalogue:
            where = [(f"danish_nb/sources/{rule.source}", 0)]
            quoted = [f"{game.info.language}: {rule.quote}"] if rule.english else []
            template.add(rule.english or rule.quote, locations=where, context=f"rule {rule.id}",
                         auto_comments=quoted)
            if rule.title:
                template.add(rule.title, locations=where, context=f"title {rule.id}")
            if rule.note:
                template.add(rule.note, locations=where, context=f"note {rule.id}")
        for ruling in game.catalogue.rulings.values():
            for text in (ruling.question, ruling.reading):
                template.add(text, locations=[(f"ruling {ruling.id}", 0)], context=f"ruling {ruling.id}")
        for option in game.info.options:
            for text in (option.label, option.help, *(option.choice_labels or ())):
                template.add(text, locations=[(f"option {game.id}.{option.name}", 0)])
    from danish_nb.lessons.languages import code_cells, messages  # the lessons' prose and printed labels

    for text, context, where in messages(ROOT / "notebooks"):
        template.add(text, locations=[(where, 0)], context=context)
    for where, source in code_cells(ROOT / "notebooks"):  # what the lessons' code prints, marked M() / _n()
        for lineno, message in marked(source):
            if template.get(message if isinstance(message, str) else message[0]) is None:
                template.add(message, locations=[(where, lineno)],
                             flags=("python-brace-format",) if "{" in str(message) else ())
    return template


def nested_calls(package: Path) -> list[tuple[str, int, str | tuple[str, str]]]:
    """Marked texts anywhere in the code, f-string parts included: calls of ``_``, ``M``, ``N_``
    and ``tr`` (and ``translator(lang)(...)``) with a literal first argument, ``_n``/``tr.n`` with
    two, as ``(path, line, message)``.

    >>> found = nested_calls(PACKAGE)
    >>> any(message == "deck: {n}" for _, _, message in found)
    True
    """
    found = []
    for file in sorted(package.rglob("*.py")):
        where = f"danish_nb/{file.relative_to(package).as_posix()}"
        found += [(where, line, message) for line, message in marked(file.read_text(encoding="utf-8"))]
    return found


def marked(source: str) -> list[tuple[int, str | tuple[str, str]]]:
    """The marked texts of Python ``source`` (see :func:`nested_calls`) as ``(line, message)``,
    outer calls first.

    >>> marked('say(M("P{seat} now holds {cards}", seat=1, cards=c))\\nx = _n("{n} card", "{n} cards", 2)')
    [(2, ('{n} card', '{n} cards')), (1, 'P{seat} now holds {cards}')]
    """
    single, plural = {"_", "M", "N_", "tr"}, {"_n", "Nn_"}
    found: list[tuple[int, str | tuple[str, str]]] = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call) or not node.args:
            continue
        func = node.func
        if isinstance(func, ast.Name):
            kind = "one" if func.id in single else "two" if func.id in plural else None
        elif isinstance(func, ast.Attribute) and func.attr == "n" and isinstance(func.value, ast.Name) \
                and func.value.id == "tr":
            kind = "two"
        elif isinstance(func, ast.Call) and isinstance(func.func, ast.Name) and func.func.id == "translator":
            kind = "one"
        else:
            kind = None
        texts = [a.value for a in node.args[:2] if isinstance(a, ast.Constant) and isinstance(a.value, str)]
        if kind == "one" and texts:
            found.append((node.lineno, texts[0]))
        elif kind == "two" and len(texts) == 2:
            found.append((node.lineno, (texts[0], texts[1])))
    return found


def update(template: Catalog) -> None:
    """Bring each language's catalogue in line with the template (new entries untranslated)."""
    TEMPLATE.parent.mkdir(parents=True, exist_ok=True)
    with TEMPLATE.open("wb") as out:
        write_po(out, template, omit_header=False, sort_output=False, width=100)
    for lang in LANGUAGES[1:]:
        path = _po(lang)
        path.parent.mkdir(parents=True, exist_ok=True)
        own = Catalog(locale=lang, project="danish_nb", fuzzy=False)
        own._num_plurals, own._plural_expr = PLURALS[lang]
        for message in template:
            if message.id and rule_language(message.context) != lang:
                own.add(message.id, locations=message.locations, auto_comments=message.auto_comments,
                        context=message.context, flags=message.flags)
        if path.exists():
            with path.open("rb") as handle:
                old = read_po(handle, locale=lang)
            for message in own:
                found = old.get(message.id, context=message.context)
                if found is not None and found.string:
                    message.string = found.string[:2] if isinstance(found.string, tuple) else found.string
        written = path.with_suffix(".po.new")  # (a write that fails leaves the catalogue whole)
        with written.open("wb") as out:
            write_po(out, own, omit_header=False, sort_output=False, width=100, include_previous=False)
        written.replace(path)


def compile_all() -> None:
    """Write each language's ``.mo`` next to its ``.po`` (these are committed)."""
    for lang in LANGUAGES[1:]:
        with _po(lang).open("rb") as handle:
            catalogue = read_po(handle, locale=lang)
        with _po(lang).with_suffix(".mo").open("wb") as out:
            write_mo(out, catalogue, use_fuzzy=False)


def missing(lang: str) -> list[str]:
    """The template's entries that ``lang``'s catalogue does not translate (as ``context|msgid``);
    a lesson's prose counts once that lesson is built in ``lang`` (:data:`~danish_nb.lessons.languages.BUILT`)."""
    from danish_nb.lessons.languages import SOURCES, built, context
    unbuilt = {context(name) for name in SOURCES} - {context(name) for name in built(lang)}
    with TEMPLATE.open("rb") as handle:
        template = read_po(handle)
    with _po(lang).open("rb") as handle:
        own = read_po(handle, locale=lang)
    gaps = []
    for message in template:
        if not message.id or rule_language(message.context) == lang or message.context in unbuilt:
            continue
        found = own.get(message.id, context=message.context)
        if found is None or not found.string or (message.pluralizable and not all(found.string)):
            gaps.append(f"{message.context or ''}|{message.id}")
    return gaps


def main(argv: list[str]) -> int:
    step = argv[0] if argv else "all"
    if step in ("extract", "update", "all"):
        template = extract()
        update(template) if step != "extract" else None
        if step == "extract":
            with TEMPLATE.open("wb") as out:
                write_po(out, template, width=100)
    if step in ("compile", "all"):
        compile_all()
    if step in ("check", "all"):
        gaps = {lang: missing(lang) for lang in LANGUAGES[1:]}
        for lang, items in gaps.items():
            print(f"{lang}: {len(items)} untranslated", *items[:20], sep="\n  ")
        return 1 if step == "check" and any(gaps.values()) else 0
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

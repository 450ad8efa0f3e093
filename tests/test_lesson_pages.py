"""The page's lessons draw the same source as the notebooks: a lesson built in French or German
reads on the page in that language, paragraph for paragraph the built notebook's (site_build's
prose_html), and the page's index names every lesson in every language."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from danish_nb.i18n import LANGUAGES, translator
from danish_nb.lessons import LESSONS, languages
from site_build.lessons import index_items, markdown_html, prose_html

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"


def load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def sections(page: str) -> dict[str, tuple[str, str]]:
    """Each language's section of a prose block: (the language it is written in, its HTML)."""
    found = re.findall(r'<section class="dn-md" data-lang="(\w+)" lang="(\w+)"(?: hidden)?>(.*?)</section>', page, re.S)
    return {lang: (written, body) for lang, written, body in found}


@pytest.mark.parametrize(("lang", "name"), [(lang, name) for lang in LANGUAGES[1:] for name in languages.built(lang)])
def test_a_built_lessons_page_reads_as_its_notebook_in_that_language(lang: str, name: str) -> None:
    english, built = load(NOTEBOOKS / name), load(NOTEBOOKS / lang / name)
    for source, mine in zip(english["cells"], built["cells"]):
        if source["cell_type"] == "markdown":
            shown = sections(prose_html("".join(source["source"]), name))
            assert shown[lang] == (lang, markdown_html("".join(mine["source"])))
            assert shown["en"] == ("en", markdown_html("".join(source["source"])))


def test_a_lesson_not_built_in_a_language_says_it_is_english_there(monkeypatch: pytest.MonkeyPatch) -> None:
    text = "## Practise"
    monkeypatch.setattr(languages, "BUILT", {"02-le-danish.ipynb": ("fr",)})
    shown = sections(prose_html(text, "02-le-danish.ipynb"))
    assert shown == {"en": ("en", "<h2>Practise</h2>\n"), "fr": ("fr", "<h2>Exercice</h2>\n"),
                     "de": ("en", "<h2>Practise</h2>\n")}
    monkeypatch.setattr(languages, "BUILT", {})
    assert prose_html(text, "02-le-danish.ipynb") == '<section class="dn-md" lang="en"><h2>Practise</h2>\n</section>'


def test_the_pages_index_names_every_lesson_in_every_language() -> None:
    index = index_items(list(languages.SOURCES))
    assert index.count("<li>") == len(LESSONS)
    for lesson in LESSONS:
        assert f'href="{lesson.file.removesuffix(".ipynb")}.html"' in index
        for lang in LANGUAGES:
            assert f'lang="{lang}"' in index and translator(lang)(lesson.title).replace("'", "&#x27;") in index


def test_links_between_lessons_lead_to_their_pages_from_a_built_lesson() -> None:
    french = "".join(load(NOTEBOOKS / "fr" / "00-start-here.ipynb")["cells"][4]["source"])
    page = markdown_html(french)
    assert 'href="02-le-danish.html"' in page and 'href="05-sjavs.html"' in page and ".ipynb\"" not in page


def test_what_a_lesson_says_reads_in_every_language_on_the_page() -> None:
    """The page runs the English lesson once; what its cells print with ``say`` (the engine's
    verdicts and events) is kept in every language, in order with what they print otherwise."""
    import contextlib

    import danish_nb as dn
    from danish_nb.web.words import page_words
    from site_build.lessons import _Outputs, _said, blocks_html

    g = dn.setup("danish-bastard", {"hands": [["8H", "4C"], ["9S"]], "pile": ["6C"]})
    outputs = _Outputs(lambda value: None)
    with contextlib.redirect_stdout(outputs):
        print("first:")
        _said(outputs)(g.explain("P1 play 4C"))
        print("then:", 2)
    assert [block.kind for block in outputs.blocks] == ["said"]
    said = outputs.blocks[0].data
    verdict = str(g.explain("P1 play 4C"))  # (it starts a line: with a capital, as say() prints it)
    assert said["en"] == f"first:\n{verdict[:1].upper()}{verdict[1:]}\nthen: 2\n"
    assert said["fr"].startswith("first:\nIllégal\u202f; le quatre de trèfle") and said["fr"].endswith("then: 2\n")
    assert said["de"].startswith("first:\nNicht erlaubt; Kreuz-Vier")
    page = blocks_html(outputs.blocks, {lang: page_words(lang) for lang in LANGUAGES})
    assert page.count("<pre") == 3 and 'data-lang="fr" lang="fr" hidden>first:\nIllégal' in page

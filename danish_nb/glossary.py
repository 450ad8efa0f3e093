"""The games' terms in English, French and German: one word per thing (``locale/glossary.toml``).

Each term has its word in each language, its gender and the forms texts need, and the other
words for the same thing that no text may use (``avoid``). The catalogues' translations follow
it; ``tests/test_glossary.py`` checks every catalogue entry and every line a seeded run
generates against it.

>>> word("soloist", "de"), word("face-down card", "fr"), gender("bid-strike", "fr")
('Alleinspieler', 'carte cachée', 'f')
>>> term("pile", "fr").form("de"), term("soloist", "de").form("dat")
('du tas', 'Alleinspieler')
>>> strays("P2 retourne la carte fermée n° 2", "fr")
[('face-down-card', 'carte fermée')]
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any

from .i18n import DEFAULT, Forms, Message, check_lang

__all__ = ["Named", "Term", "gender", "strays", "term", "terms", "word"]


@dataclass(frozen=True)
class Term:
    """One game term: its English, its word per language (with gender and forms), and the words
    ruled out per language (``avoid``)."""

    key: str
    en: str
    words: dict[str, dict[str, str]]
    avoid: dict[str, tuple[re.Pattern[str], ...]] = field(default_factory=dict)


@cache
def terms() -> dict[str, Term]:
    """Every term of the glossary, by key (``"face-down-card"``) and by its English (``"face-down card"``)."""
    data = tomllib.loads((resources.files("danish_nb") / "locale" / "glossary.toml").read_text(encoding="utf-8"))
    found: dict[str, Term] = {}
    for key, entry in data["terms"].items():
        made = Term(key, entry["en"], {lang: entry[lang] for lang in ("fr", "de")},
                    {lang: tuple(re.compile(p) for p in patterns) for lang, patterns in entry.get("avoid", {}).items()})
        found[key] = found[made.en] = made
    return found


def _entry(key: str, lang: str) -> dict[str, str]:
    check_lang(lang)
    found = terms().get(key)
    if found is None:
        raise KeyError(f"no term {key!r} in the glossary")
    return {"word": found.en} if lang == "en" else found.words[lang]


def word(key: str, lang: str) -> str:
    """The one word for ``key`` (a term's key or English) in ``lang``."""
    return _entry(key, lang)["word"]


def gender(key: str, lang: str) -> str:
    """The grammatical gender of the term in ``lang``: ``m``, ``f``, ``n`` (``""``: a verb, or English)."""
    return _entry(key, lang).get("gender", "")


def term(key: str, lang: str) -> Forms:
    """The term in ``lang`` with its forms (``plural``, French ``de``/``à``, German ``acc``/``dat``)."""
    entry = _entry(key, lang)
    return Forms(entry["word"], **{name: text for name, text in entry.items() if name not in ("word", "gender")})


class Named(Message):
    """A glossary term as a message: the English word as ``str``, the reader's word with its
    forms as a message's parameter (a template asks ``{bid:a}`` for "une Frappe",
    ``{bid:a_acc}`` for "einen Schlag").

    >>> strike = Named("bid-strike")
    >>> str(strike), strike.render("fr").form("a"), strike.render("de").form("a_acc")
    ('Strike', 'une Frappe', 'einen Schlag')
    >>> said = Message("{who} bids {bid_name}", who="P2", bid_name=strike)
    >>> str(said), said.render("fr"), said.render("de")
    ('P2 bids Strike', 'P2 annonce une Frappe', 'P2 bietet einen Schlag')
    """

    __slots__ = ("key",)

    def __init__(self, key: str):
        self.key = terms()[key].key
        super().__init__(terms()[key].en)

    def render(self, lang: str = DEFAULT, part: Any = None) -> Forms:
        return term(self.key, lang)

    def __repr__(self) -> str:
        return f"Named({self.key!r})"


def strays(text: str, lang: str) -> list[tuple[str, str]]:
    """The words in ``text`` the glossary rules out in ``lang``, as ``(term key, words found)``."""
    found = []
    for key, entry in terms().items():
        if key != entry.key:
            continue
        for pattern in entry.avoid.get(lang, ()):
            found += [(key, m.group(0)) for m in pattern.finditer(text)]
    return found

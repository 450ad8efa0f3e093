"""The interface in English, French and German: gettext catalogues and texts translated late.

Texts for learners stay *data* until they reach a reader, like :class:`danish_nb.core.Private`
cards: the engine builds a :class:`Message` (an English template, the gettext ``msgid``, and named
parameters) and whoever shows it renders it in the reader's language. ``str(message)`` is the
English text, so records, tests and notebooks read exactly as before.

>>> m = _n("{n} card", "{n} cards", 3)
>>> str(m), m.render("fr"), m.render("de")
('3 cards', '3 cartes', '3 Karten')

Code that builds a whole screen in one language takes a translator:

>>> tr = translator("de")
>>> tr("New game"), tr.n("{n} card", "{n} cards", 1)
('Neues Spiel', '1 Karte')

Marking strings (what ``make translations`` extracts): ``_(...)`` (or ``M(...)``) and ``_n(...)`` build messages,
``tr(...)`` and ``tr.n(...)`` (a :func:`translator`) translate at once, ``N_(...)`` marks a string
kept as data (an option label) and translated where it is shown (``tr(label)``). Catalogues live
in ``danish_nb/locale/<lang>/LC_MESSAGES/danish_nb.po``; the compiled ``.mo`` files are committed
(the package needs no Babel at run time). Rules are looked up by context ``rule <id>``
(:func:`rule_rendering`).
"""

from __future__ import annotations

import gettext as _gettext
from collections.abc import Callable, Iterable, Mapping
from functools import lru_cache
from importlib import resources
from typing import Any

__all__ = ["LANGUAGES", "LANGUAGE_NAMES", "DEFAULT", "DOMAIN", "Message", "Translator", "_", "M", "_n", "N_",
           "translator", "joined", "check_lang", "rule_rendering", "ruling_text", "title_in"]

#: The interface languages, English first (the source of every template).
LANGUAGES: tuple[str, ...] = ("en", "fr", "de")
#: Each language's name in itself, for a language menu.
LANGUAGE_NAMES: Mapping[str, str] = {"en": "English", "fr": "Français", "de": "Deutsch"}
DEFAULT = "en"
DOMAIN = "danish_nb"
_CONTEXT_SEP = "\x04"  # how gettext stores a msgctxt in a catalogue


def check_lang(lang: str) -> str:
    """``lang`` if it is an interface language, else a clear error.

    >>> check_lang("fr")
    'fr'
    >>> check_lang("xx")
    Traceback (most recent call last):
    ...
    ValueError: no interface language 'xx': choose one of en, fr, de
    """
    if lang not in LANGUAGES:
        raise ValueError(f"no interface language {lang!r}: choose one of {', '.join(LANGUAGES)}")
    return lang


@lru_cache(maxsize=None)
def _catalogue(lang: str) -> _gettext.NullTranslations:
    """The compiled catalogue of ``lang`` (English: none, templates are English)."""
    check_lang(lang)
    mo = resources.files("danish_nb") / "locale" / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"
    if lang == DEFAULT or not mo.is_file():
        return _gettext.NullTranslations()
    with mo.open("rb") as handle:
        return _gettext.GNUTranslations(handle)


def _format(template: str, params: Mapping[str, Any], part: Callable[[Any], str]) -> str:
    """``template`` with its parameters: numbers as they are (a template may say ``{points:+d}``),
    anything else rendered by ``part``."""
    if not params:
        return template
    return template.format_map({key: value if type(value) in (int, float) else part(value) for key, value in params.items()})


class Message:
    """A text translated when it is shown: an English template and named parameters.

    Parameters may be plain values, other messages (rendered in the same language) or anything
    the renderer knows (``core.render_text`` renders :class:`~danish_nb.core.Private` cards for
    one reader). A plural message picks its form by the parameter ``n``. Building one formats
    nothing, so the engine may build them freely.

    >>> _n("{n} card", "{n} cards", 1), _n("{n} card", "{n} cards", 2).render("fr")
    (Message('{n} card', plural='{n} cards', n=1), '2 cartes')
    >>> _("{a} then {b}", a=_("New game"), b="x").render("de")
    'Neues Spiel then x'
    >>> m = _("New game"); m == "New game", "game" in m, m.startswith("New"), m + "!"
    (True, True, True, 'New game!')
    """

    __slots__ = ("msgid", "plural", "params")

    def __init__(self, msgid: str, /, plural: str | None = None, **params: Any):
        self.msgid = msgid
        self.plural = plural
        self.params = params

    def render(self, lang: str = DEFAULT, part: Callable[[Any], str] | None = None) -> str:
        """The text in ``lang``; ``part`` renders each parameter (default: messages and errors in
        ``lang``, anything else by ``str``)."""
        def default(value: Any) -> str:
            if isinstance(value, Message):
                return value.render(lang, part)
            text_in = getattr(value, "text_in", None)  # an error that carries a message
            return text_in(lang) if callable(text_in) else str(value)
        catalogue = _catalogue(lang)
        if self.plural is None:
            template = catalogue.gettext(self.msgid)
        else:
            template = catalogue.ngettext(self.msgid, self.plural, int(self.params["n"]))
        return _format(template, self.params, part or default)

    def __str__(self) -> str:
        return self.render(DEFAULT)

    def __repr__(self) -> str:
        args = [repr(self.msgid)] + ([f"plural={self.plural!r}"] if self.plural else [])
        return f"Message({', '.join(args + [f'{k}={v!r}' for k, v in self.params.items()])})"

    # Read as its English text where code (or a test) treats it as ``str``: ``==`` a string,
    # ``in``, ``+`` and the string methods; nothing is formatted until asked.
    def __eq__(self, other: object) -> bool:
        if isinstance(other, Message):
            return (self.msgid, self.plural, self.params) == (other.msgid, other.plural, other.params)
        return str(self) == other if isinstance(other, str) else NotImplemented

    def __hash__(self) -> int:
        return hash(str(self))

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __contains__(self, part: str) -> bool:
        return part in str(self)

    def __len__(self) -> int:
        return len(str(self))

    def __add__(self, other: str) -> str:
        return str(self) + other

    def __radd__(self, other: str) -> str:
        return other + str(self)

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_") or not hasattr(str, name):
            raise AttributeError(name)
        return getattr(str(self), name)


def _(msgid: str, /, **params: Any) -> Message:
    """Mark and build a message: ``_("{player} takes the pile", player="P2")``; ``str()`` of it is the English text."""
    return Message(msgid, **params)


#: The same marker under a name that loop variables (``for _ in ...``) do not shadow: engine code
#: builds its texts with ``M(...)``.
M = _


def _n(singular: str, plural: str, n: int, /, **params: Any) -> Message:
    """Mark and build a plural message; ``{n}`` may appear in both forms."""
    return Message(singular, plural=plural, n=n, **params)


def joined(items: Iterable[Any]) -> Any:
    """Items joined with "and", as a message (``P1 and P2 and P3`` in English).

    >>> joined(["P1", "P2", "P3"]).render("fr"), joined(["P1"])
    ('P1 et P2 et P3', 'P1')
    """
    items = list(items)
    text = items[0]
    for item in items[1:]:
        text = _("{a} and {b}", a=text, b=item)
    return text


def N_(msgid: str) -> str:
    """Mark a string kept as data (an option's label) for extraction; it is translated where it
    is shown, with a :class:`Translator`.

    >>> N_("Seven allows equal")
    'Seven allows equal'
    """
    return msgid


class Translator:
    """Translate at once into one language: ``tr = translator("fr"); tr("New game")``.

    >>> tr = translator("fr")
    >>> tr.lang, tr.n("{n} card", "{n} cards", 2), tr.n("{n} card", "{n} cards", 1)
    ('fr', '2 cartes', '1 carte')
    >>> tr.render(_("New game")), tr.render("as is")
    ('Nouvelle partie', 'as is')
    """

    def __init__(self, lang: str):
        self.lang = check_lang(lang)

    def __call__(self, msgid: str, /, **params: Any) -> str:
        return Message(msgid, **params).render(self.lang)

    def n(self, singular: str, plural: str, n: int, /, **params: Any) -> str:
        return Message(singular, plural=plural, n=n, **params).render(self.lang)

    def render(self, text: Any) -> str:
        """A message in this language; a string marked ``N_`` translated (any other string as
        it is); any other value as ``str``."""
        if isinstance(text, Message):
            return text.render(self.lang)
        return _catalogue(self.lang).gettext(text) if isinstance(text, str) else str(text)


@lru_cache(maxsize=None)
def translator(lang: str = DEFAULT) -> Translator:
    """The :class:`Translator` of ``lang`` (one of :data:`LANGUAGES`)."""
    return Translator(lang)


def _pgettext(lang: str, context: str, msgid: str) -> str | None:
    """The translation of ``msgid`` in ``context``, or ``None`` if the catalogue has none."""
    found = _catalogue(lang).gettext(f"{context}{_CONTEXT_SEP}{msgid}")
    return None if _CONTEXT_SEP in found else found


def rule_rendering(rule_id: str, english: str, lang: str) -> str | None:
    """The rendering in ``lang`` of a rule whose English (rendering or quote) is ``english``;
    ``None`` in English or when the catalogue has none (a rule quoted in that very language).

    >>> rule_rendering("DB-1", "x", "en") is None
    True
    """
    return None if check_lang(lang) == DEFAULT else _pgettext(lang, f"rule {rule_id}", english)


def ruling_text(ruling_id: str, english: str, lang: str) -> str:
    """A ruling's question or reading (``english``) in ``lang``, looked up in context
    ``ruling <id>``; the English where the catalogue has none.

    >>> ruling_text("DB-a", "x", "en")
    'x'
    """
    return english if check_lang(lang) == DEFAULT else _pgettext(lang, f"ruling {ruling_id}", english) or english


def title_in(rule_id: str, title: str, lang: str) -> str:
    """A rule's short title in ``lang`` (the English title if there is no translation).

    >>> title_in("DB-1", "Object", "en")
    'Object'
    """
    return title if check_lang(lang) == DEFAULT else _pgettext(lang, f"title {rule_id}", title) or title

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
import re
import string
from collections.abc import Callable, Iterable, Mapping
from functools import cache
from importlib import resources
from typing import Any

__all__ = ["DEFAULT", "DOMAIN", "LANGUAGES", "LANGUAGE_NAMES", "N_", "Forms", "Listed", "M", "Message", "Nn_", "Number",
           "Translator", "_", "_n", "capital_start", "check_lang", "french_after", "in_turn", "joined", "note_text",
           "number_text",
           "rule_rendering", "ruling_text", "small_start", "title_in", "translator"]

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


@cache
def _catalogue(lang: str) -> _gettext.NullTranslations:
    """The compiled catalogue of ``lang`` (English: none, templates are English)."""
    check_lang(lang)
    mo = resources.files("danish_nb") / "locale" / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"
    if lang == DEFAULT or not mo.is_file():
        return _gettext.NullTranslations()
    with mo.open("rb") as handle:
        return _gettext.GNUTranslations(handle)


#: French articles and what "de" and "à" make of them (du roi, au roi, de la dame, à l’as).
_FRENCH_ARTICLES = (("le ", "du ", "au "), ("la ", "de la ", "à la "), ("l’", "de l’", "à l’"),
                    ("les ", "des ", "aux "))


def french_after(text: str, preposition: str) -> str:
    """A French noun phrase with its article after "de" or "à": the article contracted (du roi,
    au roi, de la dame, de l’as); a text without an article is left as it is (a card's name
    always has one: see :func:`danish_nb.cards.card_forms`).

    >>> french_after("le roi de cœur", "de"), french_after("l’as de pique", "à"), french_after("la dame", "de")
    ('du roi de cœur', 'à l’as de pique', 'de la dame')
    """
    for article, after_de, after_a in _FRENCH_ARTICLES:
        if text.startswith(article):
            return (after_de if preposition == "de" else after_a) + text[len(article):]
    return text


class _Grammar(string.Formatter):
    """Formats a template whose fields ask for a grammatical form (``{card:de}``, ``{card:acc}``):
    a :class:`Forms` value gives its own; a form nobody defined is the text itself. Other specs
    format as usual (``{points:+d}``)."""

    def format_field(self, value: Any, format_spec: str) -> str:
        if format_spec == "low":
            return small_start(str(value))
        if format_spec == "cap":
            return capital_start(str(value))
        if isinstance(value, Forms):
            return value.form(format_spec) if format_spec else str(value)
        if format_spec in GRAMMATICAL_FORMS:
            return str(value)
        return format(value, format_spec)


#: The forms a template may ask a parameter for: ``bare`` (no article), French ``de`` and ``à``,
#: German ``acc`` and ``dat`` (the accusative and dative); a glossary term's ``a`` and ``the``
#: (with the indefinite or definite article; German ``a_acc``, ``a_dat``, ``the_acc``, ``the_dat``);
#: ``low``, a phrase as it goes on inside a sentence (:func:`small_start`: French
#: « Illégal : {move:low} » reads « Illégal : jouer le six », where a button reads « Jouer le six »);
#: ``cap``, a clause as it starts a sentence ("{verdict}. {reasons:cap}": "… The six on the ten"); ``nor``, a
#: list after a negation (:class:`Listed`).
GRAMMATICAL_FORMS = ("bare", "de", "à", "acc", "dat", "a", "the", "a_acc", "a_dat", "the_acc", "the_dat", "low",
                     "cap", "nor")


def capital_start(text: str) -> str:
    """``text`` with a capital first letter, as a sentence starts (``{x:cap}`` in a catalogue entry).

    >>> capital_start("légal ; P1 laisse le trois"), capital_start("")
    ('Légal ; P1 laisse le trois', '')
    """
    return text[:1].upper() + text[1:]


def small_start(text: str) -> str:
    """``text`` with a small first letter, as a phrase reads inside a sentence (after a French
    colon); a name (a first word with a digit or a second capital: P1, DB-24) keeps its own.

    >>> small_start("Jouer le six de cœur"), small_start("P2 prend le talon"), small_start("")
    ('jouer le six de cœur', 'P2 prend le talon', '')
    """
    first = text.split(" ", 1)[0]
    if not first or any(c.isdigit() for c in first) or any(c.isupper() for c in first[1:]):
        return text
    return first[0].lower() + text[1:]


_GRAMMAR = _Grammar()


def _format(template: str, params: Mapping[str, Any], part: Callable[[Any], str], lang: str = DEFAULT) -> str:
    """``template`` with its parameters: numbers formatted as ``lang`` writes them by the spec the
    template gives (``{points:+d}``, ``{share:.0%}``: :func:`number_text`), anything else rendered
    by ``part`` (in the grammatical form a field asks for, see :class:`Forms`).

    >>> _format("{moves:.1f} moves, {draws:.0%} drawn", {"moves": 75.8, "draws": 0.1}, str, "fr")
    '75,8 moves, 10\\u202f% drawn'
    """
    if not params:
        return template
    # written as the language writes them: in French and German a float, and an int the template formats
    local = () if lang == DEFAULT else (int, float) if ":" in template else (float,)
    values = {key: (_Localised(value, lang) if type(value) in local else value) if type(value) in (int, float)
              else part(value) for key, value in params.items()}
    return _GRAMMAR.vformat(template, (), values) if ":" in template else template.format_map(values)


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

    A message is not a ``str``: it is text to translate, whose parameters may hold cards some
    reader may not see. Code that wants words renders it (``render(lang)``, or ``str()`` and
    ``format()`` for the English): it equals no string, and ``"; ".join``, ``+``, ``in`` and the
    string methods refuse it.

    >>> m = _("New game"); m == "New game", str(m) == "New game", "; ".join([str(m), m.render("de")])
    (False, True, 'New game; Neues Spiel')
    """

    __slots__ = ("msgid", "plural", "params")

    def __init__(self, msgid: str, /, plural: str | None = None, **params: Any):
        self.msgid = msgid.msgid if isinstance(msgid, Message) else msgid  # a marked template given again
        self.plural = plural
        self.params = params

    def render(self, lang: str = DEFAULT, part: Callable[[Any], str] | None = None) -> str:
        """The text in ``lang``; ``part`` renders each parameter (default: messages and errors in
        ``lang``, anything else by ``str``)."""
        def default(value: Any) -> str:
            if isinstance(value, Message):
                return value.render(lang, part)
            return _part(value, lang)  # cards in words, lists, an error that carries a message
        catalogue = _catalogue(lang)
        if self.plural is None:
            template = catalogue.gettext(self.msgid)
        else:
            template = catalogue.ngettext(self.msgid, self.plural, int(self.params["n"]))
        return _format(template, self.params, part or default, lang)

    def __str__(self) -> str:
        return self.render(DEFAULT)

    def __repr__(self) -> str:
        args = [repr(self.msgid)] + ([f"plural={self.plural!r}"] if self.plural else [])
        return f"Message({', '.join(args + [f'{k}={v!r}' for k, v in self.params.items()])})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Message):
            return NotImplemented
        return (self.msgid, self.plural, self.params) == (other.msgid, other.plural, other.params)

    def __hash__(self) -> int:
        return hash((self.msgid, self.plural))

    def __format__(self, spec: str) -> str:
        """Formatting a message writes its English text (as ``str``), padded as ``spec`` asks."""
        return format(str(self), spec)


def _(msgid: str, /, **params: Any) -> Message:
    """Mark and build a message: ``_("{player} takes the pile", player="P2")``; ``str()`` of it is the English text."""
    return Message(msgid, **params)


#: The same marker under a name that loop variables (``for _ in ...``) do not shadow: engine code
#: builds its texts with ``M(...)``.
M = _


def _n(singular: str, plural: str, n: int, /, **params: Any) -> Message:
    """Mark and build a plural message; ``{n}`` may appear in both forms."""
    return Message(singular, plural=plural, n=n, **params)


class Forms(str):
    """A text with the other grammatical forms a translation may ask for by a format spec: a
    French template writes ``{card:de}`` for "du roi de cœur" where ``{card}`` is "le roi de
    cœur", a German one ``{card:acc}`` for "roten Joker" where ``{card}`` is "roter Joker". A
    form nobody defined is the text itself.

    >>> f = Forms("le roi de cœur", de="du roi de cœur")
    >>> f"{f} / {f:de} / {f:à}"
    'le roi de cœur / du roi de cœur / le roi de cœur'
    """

    forms: Mapping[str, str]

    def __new__(cls, text: str, **forms: str) -> Forms:
        made = super().__new__(cls, text)
        made.forms = forms
        return made

    def form(self, name: str) -> str:
        """The form ``name`` (the text itself if there is none)."""
        return self.forms.get(name, str(self))

    def __format__(self, spec: str) -> str:
        return self.form(spec) if spec else str(self)


class Listed:
    """Items said as a list in the reader's language: "a, b and c"; each item rendered as a
    message parameter is (cards in words, messages translated). Grammatical forms carry over
    item by item (``{cards:de}`` in French: "du six et de la dame de cœur"); the ``nor`` form
    is the list after a negation ("does not hold {cards:nor}": "a, b or c").

    >>> Listed(["P1", "P2", "P3"]).text_in("fr"), str(Listed(["P1"])), str(Listed([]))
    ('P1, P2 et P3', 'P1', '')
    >>> f"{Listed(['P1', 'P2']).text_in('fr'):nor}", f"{Listed(['P1', 'P2']).text_in():nor}"
    ('P1 ni P2', 'P1 or P2')
    """

    __slots__ = ("items",)

    def __init__(self, items: Iterable[Any]):
        self.items = tuple(items)

    def text_in(self, lang: str = DEFAULT) -> Forms:
        parts = [_part(item, lang) for item in self.items]
        names = set().union(*(p.forms for p in parts if isinstance(p, Forms)))

        def join(texts: list[str], end: str = _LIST_AND) -> str:
            if len(texts) < 2:
                return "".join(texts)
            return _catalogue(lang).gettext(end).format(items=", ".join(texts[:-1]), last=texts[-1])
        texts = [str(p) for p in parts]
        return Forms(join(texts), nor=join(texts, _LIST_NOR),
                     **{name: join([p.form(name) if isinstance(p, Forms) else p for p in parts]) for name in names})

    def __str__(self) -> str:
        return str(self.text_in())

    def __repr__(self) -> str:
        return f"Listed({list(self.items)!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Listed) and self.items == other.items

    def __hash__(self) -> int:
        return hash(self.items)


#: How French and German write a number's parts: the decimal sign, the thousands' separator and
#: what comes before a percent sign (French: a narrow no-break space, as before its colons; German:
#: a no-break space), as the CLDR writes them.
_NUMBER_SIGNS: Mapping[str, tuple[str, str, str]] = {"fr": (",", "\u202f", "\u202f"), "de": (",", ".", "\u00a0")}
#: A format spec's parts: padding (fill, align, width) apart from the number's own format.
_SPEC = re.compile(r"(?P<pad>(?:.?[<>=^])?)(?P<sign>[-+ ]?)(?P<alt>z?#?)(?P<zero>0?)(?P<width>\d*)(?P<rest>.*)",
                   re.DOTALL)


def number_text(value: float, spec: str = "", lang: str = DEFAULT) -> str:
    """``value`` formatted by ``spec`` (Python's format spec) as ``lang`` writes numbers: in French
    and German a decimal comma, their thousands' separator and a space before the percent sign
    (any padding the spec asks for counted on the written text). Every number a template or a
    table shows goes through here.

    >>> number_text(75.8, ".1f", "fr"), number_text(0.1, ">5.0%", "de"), number_text(12345.5, ",.1f", "fr")
    ('75,8', ' 10\\xa0%', '12\\u202f345,5')
    >>> number_text(0.1, ".0%", "fr"), number_text(-3, "+03d", "de"), number_text(1234.5, ",", "en")
    ('10\\u202f%', '-03', '1,234.5')
    >>> number_text(-2.5, "=6.1f", "de"), number_text(2.5, "*<6", "fr"), number_text(5, "<03", "fr")
    ('-  2,5', '2,5***', '500')
    """
    if lang not in _NUMBER_SIGNS:  # English, as Python writes it
        return format(value, spec)
    parts = _SPEC.fullmatch(spec)
    assert parts is not None  # (each part of the pattern may be empty)
    text = format(value, parts["sign"] + parts["alt"] + parts["rest"])
    decimal, thousands, before_percent = _NUMBER_SIGNS[lang]
    text = text.translate({ord("."): decimal, ord(","): thousands})
    if text.endswith("%"):
        text = text[:-1] + before_percent + "%"
    width = int(parts["width"] or 0)
    fill, align = parts["pad"][:-1] or ("0" if parts["zero"] else " "), parts["pad"][-1:]
    align = align or ("=" if parts["zero"] else ">")  # a number's default: right, zeros after the sign
    if align == "=":  # the fill after the sign ("05", "+05", "*=5"): a text's format has no "="
        sign = text[:1] if text[:1] in "+- " else ""
        return sign + text[len(sign):].rjust(width - len(sign), fill)
    return format(text, fill + align + parts["width"]) if width else text


class _Localised:
    """A number in a message's parameters, formatted as the reader's language writes it
    (:func:`number_text`) by whatever spec the template gives."""

    __slots__ = ("value", "lang")

    def __init__(self, value: float, lang: str):
        self.value = value
        self.lang = lang

    def __format__(self, spec: str) -> str:
        return number_text(self.value, spec, self.lang)


class Number:
    """A number written as the reader's language writes it (a decimal comma in French and
    German), formatted by ``spec`` (:func:`number_text`).

    >>> Number(12.5).text_in("de"), Number(12.5).text_in("en"), str(Number(0.125, ".0%"))
    ('12,5', '12.5', '12%')
    """

    __slots__ = ("value", "spec")

    def __init__(self, value: float, spec: str = ".3g"):
        self.value = value
        self.spec = spec

    def text_in(self, lang: str = DEFAULT) -> str:
        return number_text(self.value, self.spec, lang)

    def __str__(self) -> str:
        return self.text_in()

    def __repr__(self) -> str:
        return f"Number({self.value!r}, {self.spec!r})"


def _part(value: Any, lang: str) -> str:
    """One parameter of a message in ``lang``: a message translated, a truth value as a word
    ("yes"/"no", never ``True``), anything with a ``text_in`` (cards, lists, errors) in that
    language, anything else as ``str``.

    >>> _("P1 to play: {answer}", answer=True).render("fr"), _part(False, "de")
    ('P1 to play: oui', 'nein')
    """
    if isinstance(value, Message):
        return value.render(lang)
    if isinstance(value, bool):
        return _catalogue(lang).gettext(_YES if value else _NO)
    text_in = getattr(value, "text_in", None)
    return text_in(lang) if callable(text_in) else str(value)


def joined(items: Iterable[Any]) -> Listed:
    """Items joined as a list: "P1, P2 and P3" in English (:class:`Listed`).

    >>> joined(["P1", "P2", "P3"]).text_in("de"), str(joined(["P1"]))
    ('P1, P2 und P3', 'P1')
    """
    return Listed(items)


def in_turn(items: Iterable[Any]) -> Any:
    """Sentences one after another, joined as the reader's language writes it ("a; b" in
    English, "a ; b" in French): a message (the one item itself, ``""`` for none).

    >>> str(in_turn(["a", "b", "c"])), in_turn(["a", "b"]).render("fr"), in_turn(["a"]), in_turn([])
    ('a; b; c', 'a\u202f; b', 'a', '')
    """
    items = list(items)
    if not items:
        return ""
    text = items[0]
    for item in items[1:]:
        text = Message(_THEN, first=text, then=item)
    return text


def N_(msgid: str) -> str:
    """Mark a string kept as data (an option's label) for extraction; it is translated where it
    is shown, with a :class:`Translator`.

    >>> N_("Seven allows equal")
    'Seven allows equal'
    """
    return msgid



def Nn_(singular: str, plural: str) -> tuple[str, str]:
    """Mark a text with plural forms kept as data for extraction (as :func:`N_` marks one);
    it is said with :func:`_n` where it is shown.

    >>> _n(*Nn_("{n} trick", "{n} tricks"), 2).render("en")
    '2 tricks'
    """
    return singular, plural

#: A truth value in a sentence, as words (see :func:`_part`).
_YES, _NO = N_("yes"), N_("no")


#: How a list ends (:class:`Listed`): "a, b and c".
_LIST_AND = N_("{items} and {last}")
#: How a list ends after a negation (a list's ``nor`` form): "does not hold a, b or c" (French « n’a pas a,
#: b ni c »), where "and" would say the cards are missing only together.
_LIST_NOR = N_("{items} or {last}")
#: How one sentence follows another (:func:`in_turn`): "a; b".
_THEN = N_("{first}; {then}")


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


@cache
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


def note_text(rule_id: str, english: str, lang: str = DEFAULT) -> str:
    """A rule's note (``english``) in ``lang``, looked up in context ``note <id>``; the English
    where the catalogue has none.

    >>> note_text("DB-9", "x", "en")
    'x'
    """
    return english if check_lang(lang) == DEFAULT else _pgettext(lang, f"note {rule_id}", english) or english


def title_in(rule_id: str, title: str, lang: str) -> str:
    """A rule's short title in ``lang`` (the English title if there is no translation).

    >>> title_in("DB-1", "Object", "en")
    'Object'
    """
    return title if check_lang(lang) == DEFAULT else _pgettext(lang, f"title {rule_id}", title) or title

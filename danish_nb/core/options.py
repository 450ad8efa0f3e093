"""Rule options: a game's options dataclass declares each with :func:`option`; a settings panel
reads them as :class:`OptionInfo`; :func:`make_options` builds a checked value from a dict.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Options:
...     jokers: int = option(2, "jokers in the pack", low=0, high=4)
>>> make_options(Options, {"jokers": 3}), option_infos(Options)[0].label
(Options(jokers=3), 'jokers')
>>> make_options(Options, None) is make_options(Options, {}) == Options()
True
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from ..errors import OptionsError, _short
from ..i18n import DEFAULT, M


def option(default: Any, help: str, ruling: str | None = None, choices: Sequence[Any] | Mapping[Any, str] | None = None,
           *, label: str | None = None, low: int | None = None, high: int | None = None) -> Any:
    """A rule-option field: its default, a line of help, the ruling it settles, allowed values
    (``choices``, or a whole-number range ``low``..``high``), and a short ``label`` for a settings
    panel (default: the name in words). ``choices`` may map each value to its words (what a
    settings panel offers, translated where shown); values without words are shown as they are.
    The help names the range as ``{low}`` and ``{high}`` (``{high:,}``: with thousands), written
    as the reader's language writes numbers (:meth:`OptionInfo.help_in`)."""
    if (low is None) != (high is None):
        raise TypeError("an option's range needs both ends, low and high")
    words = tuple(choices.values()) if isinstance(choices, Mapping) else None
    meta = {"help": help, "ruling": ruling, "choices": tuple(choices) if choices else None,
            "label": label, "low": low, "high": high, "choice_labels": words}
    return field(default=default, metadata=meta)


@dataclass(frozen=True, slots=True)
class OptionInfo:
    """What a settings panel (and the checks of :func:`make_options`) know of one rule option."""

    name: str
    default: Any
    help: str
    ruling: str | None
    choices: tuple[Any, ...] | None
    label: str = ""
    low: int | None = None
    high: int | None = None
    #: Each choice in words, in the order of ``choices`` (``None``: the values are their own words).
    choice_labels: tuple[str, ...] | None = None

    def choice_label(self, value: Any) -> str:
        """A value's words (English; translate where shown), or the value itself as text.

        >>> import danish_nb as dn
        >>> dn.GAMES["le-danish"].info.option("after_pickup").choice_label("last-player")
        'the last player who put cards down'
        """
        if self.choices and self.choice_labels and value in self.choices:
            return self.choice_labels[self.choices.index(value)]
        return str(value)

    def help_in(self, lang: str = DEFAULT) -> str:
        """The help in ``lang``, its range's numbers written as the language writes them.

        >>> import danish_nb as dn
        >>> info = dn.GAMES["rat-bastard-17"].info.option("turn_limit")
        >>> info.help_in(), info.help_in("de")
        ('The game is declared a draw after this many moves (1 to 100,000).', \
'Das Spiel wird nach so vielen Zügen für unentschieden erklärt (1 bis 100.000).')
        """
        return M(self.help, low=self.low, high=self.high).render(lang)

    def check(self, value: Any) -> None:
        """Raise :class:`OptionsError` naming the problem if ``value`` is not allowed."""
        expected = type(self.default)
        if isinstance(value, bool) != isinstance(self.default, bool) or (
                self.default is not None and not isinstance(value, expected)):
            raise OptionsError(M("option {name!r} takes a {kind}, not {kind2} {value}", name=self.name,
                                 kind=expected.__name__, kind2=type(value).__name__, value=_short(value)))
        if self.choices and value not in self.choices:
            raise OptionsError(M("option {name!r} must be one of {choices}, not {value}",
                                 name=self.name, choices=self.choices, value=_short(value)))
        if (self.low is not None and value < self.low) or (self.high is not None and value > self.high):
            raise OptionsError(M("option {name!r} must be from {low:,} to {high:,}, not {value}",
                                 name=self.name, low=self.low, high=self.high, value=_short(value)))


OptionsT = TypeVar("OptionsT")


def option_infos(options_type: type) -> tuple[OptionInfo, ...]:
    """The documented fields of an options dataclass, in declaration order (read once per type)."""
    infos = _INFOS.get(options_type)
    if infos is None:
        infos = _INFOS[options_type] = tuple(
            OptionInfo(f.name, f.default, f.metadata.get("help", ""), f.metadata.get("ruling"),
                       f.metadata.get("choices"), f.metadata.get("label") or f.name.replace("_", " "),
                       f.metadata.get("low"), f.metadata.get("high"), f.metadata.get("choice_labels"))
            for f in dataclasses.fields(options_type))
    return infos


def make_options(options_type: type[OptionsT], given: Mapping[str, Any] | OptionsT | None) -> OptionsT:
    """Build an options value from a dict, checking names, types, choices and ranges.

    Raises :class:`OptionsError` naming the bad entry; unknown names are errors, not ignored.
    No options (``None`` or an empty dict) are the defaults: one value per options type, made
    once (options are frozen dataclasses), so rules that cache per options value find it at once.
    """
    if given is None or (isinstance(given, Mapping) and not given):
        defaults = _DEFAULTS.get(options_type)
        if defaults is None:
            defaults = _DEFAULTS[options_type] = options_type()
        return defaults
    if isinstance(given, options_type):
        given = dataclasses.asdict(given)  # type: ignore[call-overload]  # options types are dataclasses
    if not isinstance(given, Mapping):
        raise OptionsError(M("options must be a dict, not {kind}", kind=type(given).__name__))
    known = {info.name: info for info in option_infos(options_type)}
    values: dict[str, Any] = {}
    for name, value in given.items():
        info = known.get(name) if isinstance(name, str) else None
        if info is None:
            raise OptionsError(M("unknown option {name}; this game's options are: {items}",
                                 name=_short(name), items=', '.join(known)))
        info.check(value)
        values[name] = value
    return options_type(**values)


#: Per options type, its fields (:func:`option_infos`) and its default value (:func:`make_options`).
_INFOS: dict[type, tuple[OptionInfo, ...]] = {}
_DEFAULTS: dict[type, Any] = {}

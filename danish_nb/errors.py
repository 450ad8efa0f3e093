"""What the package refuses, and the bounds it reads input within: the ground floor.

Every error of the package on bad input is a :class:`DanishNbError` (a ``ValueError``) whose text
may be a message to translate; the bounds (``MAX_*``) and checks here keep any input, however large
or deep, from costing more than a clear refusal. Nothing here imports the rest of the package but
:mod:`danish_nb.i18n`.

>>> check_plain({"moves": ["P1 take"]}, "a record", RecordError)
>>> issubclass(IllegalMove, ValueError), str(OptionsError("two players at least"))
(True, 'two players at least')
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Protocol

from .i18n import DEFAULT, M, Message, _


class Explained(Protocol):
    """What :class:`IllegalMove` reads of a verdict (:class:`danish_nb.core.Verdict`): the move
    and its reasons in a language."""

    @property
    def move(self) -> Any: ...
    def reasons_in(self, lang: str = DEFAULT) -> str: ...


class DanishNbError(ValueError):
    """Base of every error the package raises on bad input. Its text may be a message
    (:class:`~danish_nb.i18n.Message`): ``str()`` is the English, :meth:`text_in` a reader's language.

    >>> error = DanishNbError(_("nothing to redo"))
    >>> str(error), error.text_in("fr"), error.text_in("de")
    ('nothing to redo', 'rien à rétablir', 'nichts wiederherzustellen')
    """

    def __init__(self, *args: Any):
        super().__init__(*(str(a) if isinstance(a, Message) else a for a in args))
        self.message: str | Message = args[0] if len(args) == 1 and isinstance(args[0], Message) else str(self)

    def text_in(self, lang: str = DEFAULT) -> str:
        """The error's text in ``lang`` (its English if it is plain text)."""
        return self.message.render(lang) if isinstance(self.message, Message) else str(self)


#: What a move that is not well formed says in words (a move's ``words()``; its verdict says why).
NOT_WELL_FORMED = M("a move that is not well formed")


class MoveParseError(DanishNbError):
    """Text that is not a move of this game."""


class IllegalMove(DanishNbError):
    """A move the rules forbid. Carries the verdict (:class:`~danish_nb.core.Verdict`) that says why; nothing changed.
    Its text says it once: the move's notation and the reasons (``str``); a learner reads the
    reasons in words (:meth:`text_in`), a move that is not well formed only what is wrong with it.

    >>> import danish_nb as dn
    >>> g = dn.setup("danish-bastard", {"hands": [["8H", "4C"], ["9S"]], "pile": ["6C"]})
    >>> error = IllegalMove(g.explain("P1 play 4C"))
    >>> str(error)
    'illegal move P1 play 4♣: the four of clubs on the six of clubs: lower than the card before (rule DB-13)'
    >>> error.text_in("fr")
    'Coup refusé. Le quatre de trèfle sur le six de trèfle : plus faible que la carte précédente (règle DB-13).'
    """

    def __init__(self, verdict: Explained):
        self.verdict = verdict
        reasons = verdict.reasons_in()
        super().__init__(reasons if self._malformed() else f"illegal move {move_text(verdict.move)}: {reasons}")

    def _malformed(self) -> bool:
        """Whether the move is not a well-formed move (its one reason says what is wrong)."""
        words = getattr(self.verdict.move, "words", None)
        return not callable(words) or words() == NOT_WELL_FORMED

    def text_in(self, lang: str = DEFAULT) -> str:
        reasons = self.verdict.reasons_in(lang)
        return reasons if self._malformed() else _("Move refused. {reasons:cap}.", reasons=reasons).render(lang)


def cut(text: str, limit: int = 40) -> str:
    """A text someone gave, to quote in a sentence: unprintable characters as ``?``, cut to
    ``limit`` characters (so an error never echoes huge input).

    >>> cut("P1 play AS"), cut("x" * 50, 10), cut("P1\\nplay")
    ('P1 play AS', 'xxxxxxxxx…', 'P1?play')
    """
    text = "".join(c if c.isprintable() else "?" for c in text)
    return text if len(text) <= limit else text[:limit - 1] + "…"


class Cause:
    """What an error says is wrong, to end a sentence ("… does not replay, because {error}"): a
    refused move's reasons alone (without "Move refused." before them), any other error's text.

    >>> import danish_nb as dn
    >>> g = dn.setup("danish-bastard", {"hands": [["8H", "4C"], ["9S"]], "pile": ["6C"]})
    >>> Cause(IllegalMove(g.explain("P1 play 4C"))).text_in("fr")
    'le quatre de trèfle sur le six de trèfle : plus faible que la carte précédente (règle DB-13)'
    """

    __slots__ = ("error",)

    def __init__(self, error: DanishNbError):
        self.error = error

    def text_in(self, lang: str = DEFAULT) -> str:
        error = self.error
        if isinstance(error, IllegalMove):
            return error.verdict.reasons_in(lang)
        return error.text_in(lang)

    def __str__(self) -> str:
        return self.text_in(DEFAULT)


class OptionsError(DanishNbError):
    """Rule options, player counts or set-up positions that cannot make a game."""


class RecordError(DanishNbError):
    """A game record that is malformed, tampered with, or does not replay."""


# --------------------------------------------------------------------------- input bounds

#: The longest move text read (a real move is under 80 characters).
MAX_MOVE_TEXT = 400
#: How deeply a position, options or record may nest lists and dicts (real ones nest 4 deep).
MAX_DEPTH = 12
#: How many values (lists, dicts, strings, numbers) options or a record may hold.
MAX_ITEMS = 400_000
#: How many values a set-up position may hold: checked before any card is read, so a position
#: listing 200,000 cards is refused at once (the largest game deals 216 cards).
MAX_POSITION_ITEMS = 2_000


def _short(value: Any, limit: int = 40) -> str:
    """``repr(value)`` cut to ``limit`` characters, so an error never echoes huge input.

    >>> _short("x" * 100)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…"
    """
    if isinstance(value, str) and len(value) > limit:
        value = value[:limit]
    elif isinstance(value, (list, tuple, dict, set, frozenset)) and len(value) > limit:
        return f"<{type(value).__name__} of {len(value)} items>"
    try:
        text = repr(value)
    except (RecursionError, ValueError):
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[:limit - 1] + "…"


def check_keys(given: Mapping[str, Any], known: Iterable[str], what: str = "position keys") -> None:
    """Refuse (:class:`OptionsError`) keys of ``given`` not in ``known``, naming a few of them.

    >>> check_keys({"hands": [], "seats": 2, "x": 1}, ("hands", "pile"))
    Traceback (most recent call last):
    danish_nb.errors.OptionsError: unknown position keys ['seats', 'x']; use ['hands', 'pile']
    """
    known = set(known)
    unknown = [key for key in given if key not in known]
    if unknown:
        names = sorted(str(key)[:20] for key in unknown[:5])
        more = f" and {len(unknown) - 5} more" if len(unknown) > 5 else ""
        raise OptionsError(M("unknown {what} {names}{more}; use {sorted}",
                             what=what, names=names, more=more, sorted=sorted(known)))


def move_text(move: Any) -> str:
    """A move as notation for a message, or a short description if it cannot be written.

    >>> move_text(None), move_text("P1 take")
    ('None', "'P1 take'")
    """
    if isinstance(move, str):
        return _short(move)
    try:
        text = str(move)
    except Exception:  # noqa: BLE001 - a move object with fields of the wrong types cannot write itself
        return _short(move)
    return text if len(text) <= MAX_MOVE_TEXT else _short(move)


def check_plain(value: Any, what: str, error: type[DanishNbError], *, max_depth: int = MAX_DEPTH,
                max_items: int = MAX_ITEMS) -> None:
    """Refuse (with ``error``) a nested value deeper than ``max_depth`` or larger than
    ``max_items`` values, or holding a dict key that is not a ``str``; iterative, so no input
    can exhaust the stack.

    >>> check_plain({"hands": [["7H"], ["8C"]]}, "a position", OptionsError)
    >>> check_plain([[[[1]]]], "a position", OptionsError, max_depth=3)
    Traceback (most recent call last):
    danish_nb.errors.OptionsError: a position nests lists or dicts more than 3 deep
    """
    todo: list[tuple[Any, int]] = [(value, 0)]
    seen = 0
    while todo:
        item, depth = todo.pop()
        seen += 1
        if seen > max_items:
            raise error(f"{what} holds more than {max_items} values")
        if isinstance(item, (list, tuple, dict)):
            if depth >= max_depth:
                raise error(f"{what} nests lists or dicts more than {max_depth} deep")
            if len(item) > max_items:
                raise error(f"{what} holds more than {max_items} values")
            if isinstance(item, dict):
                bad = next((k for k in item if not isinstance(k, str)), None)
                if bad is not None:
                    raise error(f"{what} has a key that is not text: {_short(bad)}")
                item = item.values()
            todo.extend((child, depth + 1) for child in item)

"""Which drawing a view gets: a registry from view types (``ShedView``, ``TrickView`` and its
``AuctionView``, ``RatView``) to the function that draws a lesson's table from that view, so
quizzes, replays and tables draw any game without being told its family.

Each rendering module registers its own drawing with :func:`draws`; a view of a subclass finds
its parent's drawing unless it has its own. The families' rendering modules are imported when a
view finds no drawing yet (a page's first board does not wait for the other families').

>>> import danish_nb as dn
>>> 'dn-felt dn-tricks' in lesson_table(dn.new_game("sjavs", players=3, seed=1).state.view(0))
True
>>> lesson_table(object())
Traceback (most recent call last):
danish_nb.errors.DanishNbError: no table drawing for a view of type object
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from typing import Any, TypeVar

from ..core import DanishNbError
from ..i18n import translator

#: View type -> the function drawing a lesson's table from such a view.
LESSON_TABLES: dict[type, Callable[[Any], str]] = {}

Draw = TypeVar("Draw", bound=Callable[[Any], str])

#: The rendering modules registering the families' drawings, imported on a view's first miss.
FAMILY_MODULES = ("shedding", "tricks", "rat")


def draws(view_type: type) -> Callable[[Draw], Draw]:
    """Register the decorated function as the lesson drawing of ``view_type``."""
    def register(function: Draw) -> Draw:
        LESSON_TABLES[view_type] = function
        return function
    return register


def lesson_table(view: Any, lang: str = "en") -> str:
    """A lesson's table drawn from ``view`` by the drawing registered for its type (or the
    nearest base type), in ``lang``. Raises :class:`DanishNbError` for a view nothing draws."""
    drawing = _drawing(type(view))
    if drawing is None:
        for name in FAMILY_MODULES:
            import_module(f"{__package__}.{name}")
        drawing = _drawing(type(view))
    if drawing is not None:
        return drawing(view, lang)
    raise DanishNbError(f"no table drawing for a view of type {type(view).__name__}")


def _drawing(view_type: type) -> Callable[..., str] | None:
    """The drawing registered for ``view_type`` or its nearest base type, if any."""
    return next((LESSON_TABLES[kind] for kind in view_type.__mro__ if kind in LESSON_TABLES), None)


def seat_names(view: Any, lang: str = "en") -> list[str]:
    """The seats as a lesson names them: ``P1 (you)`` for the view's player, ``P2``...

    >>> import danish_nb as dn
    >>> view = dn.new_game("bastard", players=3, seed=1).state.view(1)
    >>> seat_names(view), seat_names(view, "fr")[1]
    (['P1', 'P2 (you)', 'P3'], 'P2 (vous)')
    """
    tr = translator(lang)
    return [tr("P{seat} (you)", seat=seat + 1) if seat == view.me else f"P{seat + 1}" for seat in range(view.players)]


__all__ = ["LESSON_TABLES", "draws", "lesson_table", "seat_names"]

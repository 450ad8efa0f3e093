"""Pure rendering: cards and views to HTML strings (no ipywidgets here). Each family's module
draws its tables and registers its lesson drawing in :mod:`~danish_nb.render.views`; the
families' modules are imported when first named (``render.tricks``, ``from danish_nb.render
import table_html``) or when a view finds no drawing, so a page's first board loads only its own.

>>> from danish_nb.cards import Card
>>> 'data-card="7H"' in card_html(Card.parse("7H"))
True
"""

from importlib import import_module
from typing import Any

from .html import back_html, card_html, cards_html, rule_html, verdict_html
from .views import FAMILY_MODULES, lesson_table


def __getattr__(name: str) -> Any:
    """A family's rendering module, or the shedding family's ``table_html``, imported when first
    named (PEP 562)."""
    if name in FAMILY_MODULES:
        return import_module(f"{__name__}.{name}")
    if name == "table_html":
        return import_module(f"{__name__}.shedding").table_html
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["back_html", "card_html", "cards_html", "lesson_table", "rat", "rule_html", "shedding", "table_html",
           "tricks", "verdict_html"]

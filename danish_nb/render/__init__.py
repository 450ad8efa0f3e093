"""Pure rendering: cards and views to HTML strings (no ipywidgets here). Each family's module
draws its tables and registers its lesson drawing in :mod:`~danish_nb.render.views`.

>>> from danish_nb.cards import Card
>>> 'data-card="7H"' in card_html(Card.parse("7H"))
True
"""

from . import rat, shedding, tricks
from .html import back_html, card_html, cards_html, rule_html, verdict_html
from .shedding import table_html
from .views import lesson_table

__all__ = ["back_html", "card_html", "cards_html", "lesson_table", "rat", "rule_html", "shedding", "table_html",
           "tricks", "verdict_html"]

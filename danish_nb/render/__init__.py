"""Pure rendering: cards and views to HTML strings (no ipywidgets here).

>>> from danish_nb.cards import Card
>>> 'data-card="7H"' in card_html(Card.parse("7H"))
True
"""

from .html import CSS, back_html, card_html, cards_html, rule_html, verdict_html
from .shedding import table_html

__all__ = ["CSS", "back_html", "card_html", "cards_html", "rule_html", "table_html", "verdict_html"]

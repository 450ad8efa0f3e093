"""Cards, rules and verdicts as small HTML fragments (styled by ``widgets/board.css``).

Every card element has the classes ``dn-card`` and ``dn-card-<CODE>`` (``dn-card-7H``) and a
``data-card`` attribute, so tests and browsers can find it; face-down cards carry no code at all.
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape

from ..cards import Card
from ..core import Reason, Rule, Verdict, render_text
from ..i18n import title_in, translator


def seat_order(players: int, me: int | None) -> list[int]:
    """The seats in the order a table shows them: the viewer first, then round the table.

    >>> seat_order(4, 2)
    [2, 3, 0, 1]
    """
    return [(seat + (me or 0)) % players for seat in range(players)]


def card_html(card: Card, *, playable: bool = False, selected: bool = False, zone: str = "",
              index: int | None = None) -> str:
    """One face-up card; with ``index``, one the viewer may click (``data-act="card"``,
    ``data-idx``: what a board's script sends back).

    >>> card_html(Card.parse("7H"), zone="hand", index=2)[:61]
    '<span data-act="card" data-idx="2" role="button" tabindex="0"'
    """
    classes = ["dn-card", f"dn-card-{card.code}"]
    if card.suit.is_red:
        classes.append("dn-red")
    if card.is_joker:
        classes.append("dn-joker")
    if playable:
        classes.append("dn-playable")
    if selected:
        classes.append("dn-selected")
    label = "Joker" if card.is_joker else escape(str(card))
    zone_attr = f' data-zone="{escape(zone)}"' if zone else ""
    act = "" if index is None else f'data-act="card" data-idx="{index}" role="button" tabindex="0" '
    return (f'<span {act}class="{" ".join(classes)}" data-card="{card.code}"{zone_attr} '
            f'title="{escape(str(card))}">{label}</span>')


def back_html(count: int = 1, zone: str = "") -> str:
    """``count`` face-down cards: nothing about them but how many."""
    zone_attr = f' data-zone="{escape(zone)}"' if zone else ""
    return "".join(f'<span class="dn-card dn-facedown"{zone_attr}></span>' for _ in range(count))


def cards_html(cards: Iterable[Card], zone: str = "") -> str:
    """A row of face-up cards."""
    return "".join(card_html(c, zone=zone) for c in cards)


def rule_html(rule: Rule, lang: str = "en") -> str:
    """A rule as a learner of ``lang`` reads it: id, title, the quote in its own language, its
    English rendering if any and, for a reader of another language, a rendering in theirs.

    >>> from danish_nb import GAMES
    >>> "dn-own" in rule_html(GAMES["bastard"].catalogue["BA-1"], "fr")
    True
    """
    tr = translator(lang)
    in_english, in_yours = escape(tr("In English:")), escape(tr("In your language:"))
    english = f'<div class="dn-english">{in_english} “{escape(rule.english)}”</div>' if rule.english else ""
    own = rule.rendering(lang) if lang != "en" else None
    own_html = f'<div class="dn-own" lang="{lang}">{in_yours} “{escape(own)}”</div>' if own else ""
    note = f"<div><em>{escape(rule.note)}</em></div>" if rule.note else ""
    return (f'<div class="dn-rule"><b>{escape(rule.id)}</b> {escape(title_in(rule.id, rule.title, lang))}'
            f'<div class="dn-quote" lang="{rule.language}">“{escape(rule.quote)}”</div>{english}{own_html}'
            f'{note}</div>')


def reason_html(reason: Reason, lang: str = "en") -> str:
    ruling = ""
    if reason.ruling is not None:
        tr = translator(lang)
        word = tr("Ruling")
        ruling = f"<div><small>{escape(word)} {escape(reason.ruling.id)}: {escape(reason.ruling.reading)}</small></div>"
    return f"<li>{escape(render_text(reason.text, lang=lang))}{rule_html(reason.rule, lang)}{ruling}</li>"


def verdict_html(verdict: Verdict, lang: str = "en") -> str:
    """A verdict in ``lang`` with each reason and the rule (and ruling) it rests on."""
    tr = translator(lang)
    head = tr("Legal") if verdict.legal else tr("Illegal")
    cls = "dn-verdict-legal" if verdict.legal else "dn-verdict-illegal"
    items = "".join(reason_html(r, lang) for r in verdict.reasons)
    return (f'<div class="dn-verdict"><b class="{cls}">{escape(head)}: {escape(str(verdict.move))}</b>'
            f"<ul>{items}</ul></div>")

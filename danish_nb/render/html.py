"""Cards, rules and verdicts as small HTML fragments, styled by :data:`CSS`.

Every card element has the classes ``dn-card`` and ``dn-card-<CODE>`` (``dn-card-7H``) and a
``data-card`` attribute, so tests and browsers can find it; face-down cards carry no code at all.
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape

from ..cards import Card
from ..core import Reason, Rule, Verdict

CSS = """
.dn-card { display:inline-flex; align-items:center; justify-content:center; width:2.6em;
  height:3.6em; margin:2px; border:1px solid #777; border-radius:6px; background:#fff;
  font:600 15px/1 system-ui, sans-serif; color:#222; box-shadow:1px 1px 2px #0002; }
.dn-card.dn-red { color:#c0182b; }
.dn-card.dn-joker { font-size:12px; background:#fff8dc; }
.dn-card.dn-facedown { background:repeating-linear-gradient(45deg,#2b5aa8,#2b5aa8 4px,#3d6fc4 4px,#3d6fc4 8px); }
.dn-card.dn-playable { border:2px solid #1a8f3c; box-shadow:0 0 4px #1a8f3c; }
.dn-card.dn-selected { transform:translateY(-6px); border:2px solid #d08a00; }
.dn-rule { border-left:4px solid #2b5aa8; padding:4px 8px; margin:4px 0; background:#f4f7fc; }
.dn-rule .dn-quote { font-style:italic; }
.dn-rule .dn-english { color:#555; }
.dn-verdict-legal { color:#1a6f2c; }
.dn-verdict-illegal { color:#a3141f; }
"""


def seat_order(players: int, me: int | None) -> list[int]:
    """The seats in the order a table shows them: the viewer first, then round the table.

    >>> seat_order(4, 2)
    [2, 3, 0, 1]
    """
    return [(seat + (me or 0)) % players for seat in range(players)]


def card_html(card: Card, *, playable: bool = False, selected: bool = False, zone: str = "") -> str:
    """One face-up card."""
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
    return (f'<span class="{" ".join(classes)}" data-card="{card.code}"{zone_attr} '
            f'title="{escape(str(card))}">{label}</span>')


def back_html(count: int = 1, zone: str = "") -> str:
    """``count`` face-down cards: nothing about them but how many."""
    zone_attr = f' data-zone="{escape(zone)}"' if zone else ""
    return "".join(f'<span class="dn-card dn-facedown"{zone_attr}></span>' for _ in range(count))


def cards_html(cards: Iterable[Card], zone: str = "") -> str:
    """A row of face-up cards."""
    return "".join(card_html(c, zone=zone) for c in cards)


def rule_html(rule: Rule) -> str:
    """A rule as a learner reads it: id, title, the quote, and its English rendering if any."""
    english = f'<div class="dn-english">In English: “{escape(rule.english)}”</div>' if rule.english else ""
    note = f"<div><em>{escape(rule.note)}</em></div>" if rule.note else ""
    return (f'<div class="dn-rule"><b>{escape(rule.id)}</b> {escape(rule.title)}'
            f'<div class="dn-quote">“{escape(rule.quote)}”</div>{english}{note}</div>')


def reason_html(reason: Reason) -> str:
    ruling = ""
    if reason.ruling is not None:
        ruling = f"<div><small>Ruling {escape(reason.ruling.id)}: {escape(reason.ruling.reading)}</small></div>"
    return f"<li>{escape(reason.text)}{rule_html(reason.rule)}{ruling}</li>"


def verdict_html(verdict: Verdict) -> str:
    """A verdict with each reason and the rule (and ruling) it rests on."""
    head = "Legal" if verdict.legal else "Illegal"
    cls = "dn-verdict-legal" if verdict.legal else "dn-verdict-illegal"
    items = "".join(reason_html(r) for r in verdict.reasons)
    return (f'<div class="dn-verdict"><b class="{cls}">{head}: {escape(str(verdict.move))}</b>'
            f"<ul>{items}</ul></div>")

"""A Rat Bastard 17 table (a :class:`~danish_nb.families.running_total.RatView`) as HTML.

Only what the view holds is drawn: the running total (large), the deck count, the pile, each
player's hand (or its count) and hole-card row. Face-down hole cards are plain backs, for their
owner too, so their codes never reach the page. Cards the viewer may click carry
``data-act``/``data-zone``/``data-idx`` attributes that a board's script sends back; a hole
card's ``data-idx`` is its slot (position - 1).

>>> import danish_nb as dn
>>> g = dn.new_game("rat-bastard-17", players=2, seed=7)
>>> html = table_html(g.state.view(0), names=("P1 (you)", "P2"))
>>> html.count("dn-facedown"), 'class="dn-total-value">0<' in html
(6, True)
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from html import escape
from typing import Any

from ..core import render_text
from ..families.running_total import RatView
from ..i18n import N_, M, translator
from .html import card_html, closed_html, felt_html, hidden_hand_html, row_html, seat_box, seat_order
from .shedding import pile_html
from .views import draws, seat_names

#: How many of the pile's top cards are always shown (the rest on demand).
PILE_TOP = 6
#: Events that tell the draw for first player (RB-9, RB-10).
DRAW_EVENTS = ("pick", "tie", "start")

#: How the value table's rank symbols are written (the joker's symbol is ``J*``).
RANK_NAMES = {"J*": N_("joker")}


def total_html(total: int, lang: str = "en") -> str:
    """The running total, large (RB-13, RB-15), read as "11 of 17" (a space between its parts).

    >>> total_html(11)
    '<div class="dn-total"><span class="dn-total-value">11</span> <span class="dn-total-limit">of 17</span></div>'
    """
    css = "dn-total dn-at-17" if total == 17 else "dn-total"
    return (f'<div class="{css}"><span class="dn-total-value">{total}</span> '
            f'<span class="dn-total-limit">{escape(translator(lang)("of 17"))}</span></div>')


def draw_html(events: Iterable[Any], lang: str = "en") -> str:
    """The draw for first player, from the game's events (kinds ``pick``, ``tie``, ``start``):
    each pair of drawn cards and who starts; ``''`` before the draw."""
    tr = translator(lang)
    parts = []
    for event in events:
        if event.kind == "pick" and len(event.cards) == 2:
            one, two = event.cards
            parts.append(f'<span class="dn-pick">P1 {card_html(one, zone="draw", lang=lang)} '
                         f'P2 {card_html(two, zone="draw", lang=lang)}</span>')
        elif event.kind == "tie":
            parts.append(f'<span class="dn-tie">{escape(tr("equal: draw again"))}</span>')
        elif event.kind == "start":
            parts.append(f'<span class="dn-start">→ <b>{escape(tr("P{p} starts", p=event.player + 1))}</b></span>')
    if not parts:
        return ""
    return f'<div class="dn-draw-first"><span class="dn-label">{escape(tr("first"))}</span>{" ".join(parts)}</div>'


def values_html(values: Mapping[str, str], lang: str = "en") -> str:
    """The value table in one line (from :func:`~danish_nb.games.rat_bastard_17.value_table`).

    >>> values_html({"A": "1", "K": "0"})
    '<div class="dn-values">values: A=1 · K=0</div>'
    """
    tr = translator(lang)
    text = " · ".join(f"{tr.render(RANK_NAMES.get(rank, rank))}={tr.render(value)}" for rank, value in values.items())
    return f'<div class="dn-values">{escape(tr("values: {table}", table=text))}</div>'


def table_html(view: RatView, names: Sequence[str], *, clickable: bool = False,
               playable: Collection[tuple[str, int]] = (), selected: Collection[tuple[str, int]] = (),
               down_clickable: bool = False, draw_events: Iterable[Any] = (),
               values: Mapping[str, str] | None = None, refused: Mapping[tuple[str, int], str] | None = None,
               lang: str = "en") -> str:
    """The whole table as seen in ``view``: the middle, then the seats (``view.me`` first).

    ``playable``/``selected`` hold ``(zone, index)`` pairs of the viewer's cards: ``("hand", i)``,
    ``("hole", slot)`` for a face-up hole card and ``("down", slot)`` for a face-down one.
    ``clickable`` makes the viewer's face-up cards clickable, ``down_clickable`` its face-down
    hole cards; ``refused`` says why the rules refuse one of the viewer's cards now (``(zone, index)``
    -> words: ``("hand", i)``, ``("hole", slot)``, ``("down", slot)``).
    """
    seats = [seat_html(view, seat, names[seat], clickable=clickable and seat == view.me,
                              playable=playable if seat == view.me else (),
                              selected=selected if seat == view.me else (),
                              down_clickable=down_clickable and seat == view.me,
                              refused=refused if seat == view.me else None, lang=lang)
             for seat in seat_order(view.players, view.me)]
    return felt_html("dn-rat", middle_html(view, names, draw_events, values, lang), seats, lang=lang)


@draws(RatView)
def lesson_html(view: RatView, lang: str = "en") -> str:
    """A lesson's table: seats named ``P1 (you)``, ``P2``; only what the view holds.

    >>> import danish_nb as dn
    >>> g = dn.setup("rat-bastard-17", {"hands": [["8H"], ["9S"]], "holes": [["2D", "3D"], []]})
    >>> html = lesson_html(g.state.view(0))
    >>> "P1 (you)" in html, "dn-card-2D" in html, "dn-card-3D" in html   # position 1 is face down
    (True, False, True)
    """
    return f'<div class="dn-lesson">{table_html(view, seat_names(view, lang), lang=lang)}</div>'


def middle_html(view: RatView, names: Sequence[str], draw_events: Iterable[Any] = (),
                values: Mapping[str, str] | None = None, lang: str = "en") -> str:
    """Whose turn, the running total, the deck and discard counts, the pile, the draw for first."""
    tr = translator(lang)
    if view.result is not None:
        turn = escape(render_text(M("Game over: {reason}", reason=view.result.text), lang=lang))
    elif view.current is not None:
        name, mine = names[view.current], view.current == view.me
        if view.phase == "swap":
            said = tr("Your turn · swapping face-up hole cards") if mine else \
                tr("{name} to play · swapping face-up hole cards", name=name)
        else:
            said = tr("Your turn") if mine else tr("{name} to play", name=name)
        turn = escape(said)
    else:
        turn = escape(tr("waiting"))
    note = (f'<div class="dn-note">{escape(render_text(view.note, lang=lang))}</div>'
            if view.note and view.result is None else "")
    return (f'<div class="dn-middle" role="group" aria-label="{escape(tr("the running total and the pile"))}">'
            f'<div class="dn-turn">{turn}</div>{note}{total_html(view.total, lang)}'
            f'<div class="dn-counts"><span class="dn-deck-count">{escape(tr("deck: {n}", n=view.deck_count))}</span> · '
            f'<span class="dn-discard-count">{escape(tr("discarded: {n}", n=view.discard_count))}</span> · '
            f'<span class="dn-pile-count">{escape(tr("pile: {n}", n=len(view.pile)))}</span></div>'
            f'{pile_html(view.pile, PILE_TOP, lang)}{draw_html(draw_events, lang)}'
            f'{values_html(values, lang) if values else ""}</div>')


def seat_html(view: RatView, seat: int, name: str, *, clickable: bool = False,
              playable: Collection[tuple[str, int]] = (), selected: Collection[tuple[str, int]] = (),
              down_clickable: bool = False, refused: Mapping[tuple[str, int], str] | None = None,
              lang: str = "en") -> str:
    """One player's hand (or its count) and hole-card row (``refused``: see :func:`table_html`)."""
    tr = translator(lang)
    hand = view.hands[seat]
    if hand is None:
        hand_part = hidden_hand_html(view.hand_counts[seat], lang)
    else:
        hand_part = "".join(_card(card, "hand", i, clickable, playable, selected, lang, refused)
                            for i, card in enumerate(hand))
        hand_part = hand_part or f'<span class="dn-empty">{escape(tr("no cards in hand"))}</span>'
    holes = hole_row_html(view, seat, clickable=clickable, playable=playable, selected=selected,
                          down_clickable=down_clickable, refused=refused, lang=lang)
    body = (row_html("dn-hand-row", tr("hand"), hand_part, words=tr("{name}: hand", name=name))
            + row_html("dn-table-row", tr("holes"), holes,
                       words=tr("{name}: hole cards 1 to 5; only the two ends of the row may be played", name=name)))
    return seat_box(seat, name, body, current=seat == view.current, me=seat == view.me, lang=lang)


def hole_row_html(view: RatView, seat: int, *, clickable: bool = False, playable: Collection[tuple[str, int]] = (),
                  selected: Collection[tuple[str, int]] = (), down_clickable: bool = False,
                  refused: Mapping[tuple[str, int], str] | None = None, lang: str = "en") -> str:
    """Positions 1-5 (down, up, down, up, down; ruling RB-c): face-up cards, backs for face-down
    ones, a dashed gap for a used position. The ends of what is left (the cards that may be
    used, RB-20) are marked ``dn-end``."""
    ups, downs = view.hole_up[seat], view.hole_down[seat]
    filled = [i for i in range(len(ups)) if ups[i] is not None or downs[i]]
    ends = {filled[0], filled[-1]} if filled else set()
    tr = translator(lang)
    slots = []
    for i, (up, down) in enumerate(zip(ups, downs)):
        if up is not None:
            inner = _card(up, "hole", i, clickable, playable, selected, lang, refused)
        elif down:
            inner = _back(i, down_clickable, ("down", i) in playable, lang, (refused or {}).get(("down", i)))
        else:
            inner = f'<span class="dn-used" role="img" aria-label="{escape(tr("position {n}: used", n=i + 1))}"></span>'
        end = " dn-end" if i in ends else ""
        slots.append(f'<span class="dn-hole-slot{end}" data-pos="{i + 1}">{inner}'
                     f'<span class="dn-pos" aria-hidden="true">{i + 1}</span></span>')
    # one sentence, the colour's word in bold: a marker where it goes, escaped, then the word
    said = escape(tr("positions 1-5; {orange}: the two ends of the row, the only hole cards that may be played",
                     orange="\x00"))
    legend = (f'<span class="dn-hole-legend">{said.replace(chr(0), "<b>" + escape(tr("orange")) + "</b>")}</span>'
              if seat == view.me else "")
    return f'<span class="dn-hole-row">{"".join(slots)}</span>{legend}'


def _card(card: Any, zone: str, index: int, clickable: bool, playable: Collection[tuple[str, int]],
          selected: Collection[tuple[str, int]], lang: str,
          refused: Mapping[tuple[str, int], str] | None = None) -> str:
    return card_html(card, playable=(zone, index) in playable, selected=(zone, index) in selected, zone=zone,
                     index=index if clickable else None, refused=(refused or {}).get((zone, index)), lang=lang)


def _back(slot: int, clickable: bool, playable: bool, lang: str, refused: str | None = None) -> str:
    """A face-down hole card: its position only, never its code. One the rules refuse now
    (``refused``: why) is said as unavailable, the reason its description; a click still says why.

    >>> html = _back(1, True, False, "en", "only the ends of the row may be played")
    >>> 'aria-disabled="true"' in html, 'play it blind' in html, 'title="only the ends' in html
    (True, False, True)
    """
    tr = translator(lang)
    if not clickable:
        label = escape(tr("face-down hole card {n}", n=slot + 1))
        return f'<span class="dn-card dn-facedown" data-zone="down" role="img" aria-label="{label}"></span>'
    if refused is None or playable:
        return closed_html(slot, tr("face-down hole card at position {n}: play it blind", n=slot + 1),
                           playable=playable)
    label = escape(tr("face-down hole card {n}", n=slot + 1))
    return (f'<span class="dn-card dn-facedown dn-closed" data-act="closed" data-idx="{slot}" '
            f'data-key="closed-{slot}" role="button" tabindex="0" aria-disabled="true" aria-label="{label}" '
            f'title="{escape(refused)}"></span>')


__all__ = ["draw_html", "hole_row_html", "lesson_html", "table_html", "total_html", "values_html"]

"""A shedding-game table (a :class:`~danish_nb.families.shedding.ShedView`) as HTML.

Only what the view holds is drawn: hidden hands (``None`` in the view) become a count, and
face-down cards are plain backs, so nothing secret can reach the page. Cards the viewer may
click carry ``data-act``/``data-zone``/``data-idx`` attributes that a board's script sends back.

>>> import danish_nb as dn
>>> g = dn.new_game("danish-bastard", players=3, seed=7)
>>> html = table_html(g.state.view(0), names=("P1 (you)", "P2", "P3"))
>>> 'class="dn-turn"' in html and html.count("dn-facedown") >= 9
True
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

from ..cards import Card
from ..core import render_text
from ..families.shedding import ShedView
from ..i18n import M, translator
from .html import card_html, closed_html, escape, felt_html, hidden_hand_html, row_html, seat_box, seat_order
from .views import draws, seat_names

#: How many of the pile's top cards are always shown (the rest on demand).
PILE_TOP = 4


def table_html(view: ShedView, names: Sequence[str], *, clickable: bool = False,
               playable: Collection[tuple[str, int]] = (), selected: Collection[tuple[str, int]] = (),
               closed_clickable: bool = False, refused: Mapping[tuple[str, int], str] | None = None,
               lang: str = "en") -> str:
    """The whole table as seen in ``view``: the seats (``view.me`` first), then the middle.

    ``playable``/``selected`` hold ``(zone, index)`` pairs of the viewer's cards (zones
    ``"hand"`` and ``"open"``); ``clickable`` makes the viewer's face-up cards clickable and
    ``closed_clickable`` their face-down cards; ``refused`` says why the rules refuse a clickable
    card now (``(zone, index)`` -> words).
    """
    seats = [seat_html(view, seat, names[seat], clickable=clickable and seat == view.me,
                              playable=playable if seat == view.me else (),
                              selected=selected if seat == view.me else (),
                              closed_clickable=closed_clickable and seat == view.me,
                              refused=refused if seat == view.me else None, lang=lang)
             for seat in seat_order(view.players, view.me)]
    return felt_html("dn-shed", middle_html(view, names, lang), seats, lang=lang)


def middle_html(view: ShedView, names: Sequence[str], lang: str = "en") -> str:
    """Whose turn, the direction, stock and burned counts, and the pile."""
    tr = translator(lang)
    if view.result is not None:
        turn = escape(render_text(M("Game over: {reason}", reason=view.result.text), lang=lang))
    elif view.current is not None:
        arrow = tr("clockwise ↻") if view.direction == 1 else tr("anticlockwise ↺")
        turn = escape(tr("Your turn · {direction}", direction=arrow) if view.current == view.me
                      else tr("{name} to play · {direction}", name=names[view.current], direction=arrow))
    else:
        turn = escape(tr("waiting"))
    note = (f'<div class="dn-note">{escape(render_text(view.note, lang=lang))}</div>'
            if view.note and view.result is None else "")
    return (f'<div class="dn-middle" role="group" aria-label="{escape(tr("the pile"))}">'
            f'<div class="dn-turn">{turn}</div>{note}'
            '<div class="dn-counts">'
            f'<span class="dn-stock-count">{escape(tr("stock: {n}", n=view.stock_count))}</span> · '
            f'<span class="dn-burned-count">{escape(tr("burned: {n}", n=view.burned_count))}</span> · '
            f'<span class="dn-pile-count">{escape(tr("pile: {n}", n=len(view.pile)))}</span></div>'
            f'{pile_html(view.pile, lang=lang)}</div>')


def pile_html(pile: Sequence[Card], shown: int = PILE_TOP, lang: str = "en") -> str:
    """The ``shown`` top cards of the pile, and the whole pile on demand."""
    tr = translator(lang)
    shown_cards = pile[-shown:]
    top = "".join(card_html(c, zone="pile", new=i == len(shown_cards) - 1, lang=lang)
                  for i, c in enumerate(shown_cards)) or f'<span class="dn-empty">{escape(tr("empty"))}</span>'
    full = ""
    if len(pile) > shown:
        whole = escape(tr.n("whole pile ({n} card)", "whole pile ({n} cards)", len(pile)))
        full = (f'<details class="dn-full-pile"><summary>{whole}</summary>'
                f'{"".join(card_html(c, zone="pile", lang=lang) for c in pile)}</details>')
    return f'<div class="dn-pile">{top}</div>{full}'


def seat_html(view: ShedView, seat: int, name: str, *, clickable: bool = False,
              playable: Collection[tuple[str, int]] = (), selected: Collection[tuple[str, int]] = (),
              closed_clickable: bool = False, refused: Mapping[tuple[str, int], str] | None = None,
              lang: str = "en") -> str:
    """One player's hand (or its count), face-up and face-down cards (``refused``: see :func:`table_html`)."""
    tr = translator(lang)
    status = ""
    if seat in view.finished:
        place = view.finished.index(seat) + 1
        status = f' <span class="dn-finished">{escape(tr("out ({place}.)", place=place))}</span>'
    hand = view.hands[seat]
    if hand is None:
        hand_part = hidden_hand_html(view.hand_counts[seat], lang)
    else:
        hand_part = (_zone("hand", hand, clickable, playable, selected, lang, refused)
                     or f'<span class="dn-empty">{escape(tr("no cards in hand"))}</span>')
    open_part = _zone("open", view.open[seat], clickable, playable, selected, lang, refused)
    closed_part = "".join(_back(i, closed_clickable, lang) for i in range(view.closed_counts[seat]))
    table = f'<span class="dn-open">{open_part}</span><span class="dn-closed-row">{closed_part}</span>'
    body = (row_html("dn-hand-row", tr("hand"), hand_part, words=tr("{name}: hand", name=name))
            + row_html("dn-table-row", tr("table"), table,
                       words=tr("{name}: table cards, face up and face down", name=name)))
    return seat_box(seat, name, body, current=seat == view.current, me=seat == view.me, status=status, lang=lang)


def _zone(zone: str, cards: Sequence[Card], clickable: bool, playable: Collection[tuple[str, int]],
          selected: Collection[tuple[str, int]], lang: str, refused: Mapping[tuple[str, int], str] | None) -> str:
    return "".join(card_html(card, playable=(zone, i) in playable, selected=(zone, i) in selected, zone=zone,
                             index=i if clickable else None, refused=(refused or {}).get((zone, i)), lang=lang)
                   for i, card in enumerate(cards))


def _back(index: int, clickable: bool, lang: str) -> str:
    tr = translator(lang)
    if clickable:
        return closed_html(index, tr("face-down card {n}: play it blind", n=index + 1))
    return (f'<span class="dn-card dn-facedown" role="img" '
            f'aria-label="{escape(tr("face-down card {n}", n=index + 1))}"></span>')


@draws(ShedView)
def lesson_html(view: ShedView, lang: str = "en") -> str:
    """A lesson's table: seats named ``P1 (you)``, ``P2``...; only what the view holds.

    >>> import danish_nb as dn
    >>> g = dn.setup("danish-bastard", {"hands": [["8H"], ["9S"]], "pile": ["6C"]})
    >>> html = lesson_html(g.state.view(0))
    >>> "P1 (you)" in html, "dn-card-8H" in html, "dn-card-9S" in html
    (True, True, False)
    """
    return f'<div class="dn-lesson">{table_html(view, seat_names(view, lang), lang=lang)}</div>'

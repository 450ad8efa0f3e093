"""A trick-taking table (a :class:`~danish_nb.families.tricks.TrickView`) as HTML: the deal and
trumps, the trick on the table, each seat's hand (or its count) and tricks won, the last trick
on demand, and the score table with each finished deal's explanation lines.

Only what the view holds is drawn: hidden hands (``None`` in the view) become a count, so no
other player's card can reach the page. The viewer's cards carry ``data-act="card"``,
``data-zone="hand"`` and ``data-idx`` when they may be clicked.

>>> import danish_nb as dn
>>> g = dn.new_game("bastard", players=4, seed=3)
>>> html = table_html(g.state.view(0), names=("P1 (you)", "P2", "P3", "P4"))
>>> html.count("13 in hand"), "trumps: to be named" in html
(3, True)
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from html import escape

from ..cards import Card
from ..families.tricks import TrickRecord, TrickView
from .html import back_html, card_html, seat_order
from .views import draws, seat_names


def trump_html(view: TrickView) -> str:
    """``trumps: hearts ♥``, ``no trumps`` or ``trumps: to be named``."""
    trumps = view.trumps
    if trumps is None:
        text = "trumps: to be named"
    elif trumps.suit is None:
        text = "no trumps"
    else:
        text = f"trumps: {trumps.name} {trumps.suit.symbol}"
    red = " dn-red" if trumps is not None and trumps.suit is not None and trumps.suit.is_red else ""
    return f'<span class="dn-trumps{red}">{escape(text)}</span>'


def table_html(view: TrickView, names: Sequence[str], *, clickable: bool = False,
               playable: Collection[int] = (), selected: Collection[int] = (),
               show_last: bool = False) -> str:
    """The whole table as seen in ``view``: the middle (deal, trumps, trick), then the seats
    (``view.me`` first). ``playable``/``selected`` are indexes into the viewer's hand;
    ``clickable`` makes the viewer's cards clickable; ``show_last`` shows the last trick."""
    seats = "".join(seat_html(view, seat, names[seat], clickable=clickable and seat == view.me,
                              playable=playable if seat == view.me else (),
                              selected=selected if seat == view.me else ())
                    for seat in seat_order(view.players, view.me))
    last = last_trick_html(view.last_trick, names) if show_last else ""
    return (f'<div class="dn-table dn-tricks">{middle_html(view, names)}{last}'
            f'<div class="dn-seats">{seats}</div></div>')


#: What the player to move does, by phase (card play otherwise).
TURN_WORDS = {"bid": "to bid or pass", "trump": "to name trumps", "discard": "to discard"}


def middle_html(view: TrickView, names: Sequence[str]) -> str:
    """Whose turn, the deal and dealer, the trumps, and the cards on the current trick."""
    if view.result is not None:
        turn = f"Match over: {escape(view.result.reason)}"
    elif view.current is not None:
        turn = f"{escape(names[view.current])} {TURN_WORDS.get(view.phase, 'to play')}"
    else:
        turn = "waiting"
    deals = f" of {view.deals}" if view.deals else ""
    note = f'<div class="dn-note">{escape(view.note)}</div>' if view.note and view.result is None else ""
    plays = "".join(_play_html(p.player, p.card, "trick") for p in view.trick)
    trick = plays or '<span class="dn-empty">no card on the trick yet</span>'
    return (f'<div class="dn-middle"><div class="dn-turn">{turn}</div>{note}'
            f'<div class="dn-counts"><span class="dn-deal">deal {view.deal + 1}{deals}</span> · '
            f'<span class="dn-dealer">dealer: {escape(names[view.dealer])}</span> · {trump_html(view)}</div>'
            f'{auction_html(view)}'
            f'<div class="dn-trick" title="the trick on the table, in the order played">{trick}</div></div>')


def auction_html(view: TrickView) -> str:
    """For a game with an auction (a view with ``bids``, e.g. Sjavs): the bids, the contract
    and the cards out of play (as backs unless the view shows them); ``''`` otherwise."""
    if not hasattr(view, "bids"):
        return ""
    bids = ", ".join(f"P{seat + 1} {escape(bid)}" for seat, bid in view.bids) or "none yet"
    target = f' · <span class="dn-contract">{escape(view.target)}</span>' if view.target else ""
    if view.skat is not None:
        skat = "".join(card_html(card, zone="skat") for card in view.skat) or "none"
    else:
        skat = back_html(view.skat_count)
    return (f'<div class="dn-auction"><span class="dn-bids">bids: {bids}</span>{target}'
            f'<div class="dn-skat">out of play: {skat}</div></div>')


def last_trick_html(record: TrickRecord | None, names: Sequence[str]) -> str:
    """The last finished trick: its cards in the order played, who won it and why."""
    if record is None:
        return '<div class="dn-last-trick"><span class="dn-empty">no trick finished yet this deal</span></div>'
    plays = "".join(_play_html(p.player, p.card, "last") for p in record.plays)
    return (f'<div class="dn-last-trick"><b>Last trick</b> {plays}'
            f'<div>{escape(names[record.winner])} won it: {escape(record.why)}</div></div>')


def _play_html(player: int, card: Card, zone: str) -> str:
    """A card on a trick, under the seat that played it (``P2``)."""
    return f'<span class="dn-play"><small>P{player + 1}</small>{card_html(card, zone=zone)}</span>'


def seat_html(view: TrickView, seat: int, name: str, *, clickable: bool = False,
              playable: Collection[int] = (), selected: Collection[int] = ()) -> str:
    """One player: name (dealer marked), tricks won this deal, and hand (or how many cards)."""
    classes = ["dn-seat"]
    if seat == view.current:
        classes.append("dn-current")
    if seat == view.me:
        classes.append("dn-me")
    dealer = ' <small class="dn-dealer-mark">(dealer)</small>' if seat == view.dealer else ""
    won = view.tricks_won[seat]
    points = getattr(view, "card_points", ())
    points_part = f' · <span class="dn-card-points">{points[seat]} card points</span>' if points else ""
    hand = view.hands[seat]
    if hand is None:
        hand_part = f'<span class="dn-hidden-hand">{view.hand_counts[seat]} in hand</span>'
    elif not hand:
        hand_part = '<span class="dn-empty">no cards in hand</span>'
    else:
        hand_part = "".join(card_html(card, playable=i in playable, selected=i in selected, zone="hand",
                                      index=i if clickable else None) for i, card in enumerate(hand))
    return (f'<div class="{" ".join(classes)}" data-seat="{seat}"><div class="dn-name">{escape(name)}'
            f'{dealer} · <span class="dn-won">{won} trick{"" if won == 1 else "s"}</span>{points_part}</div>'
            f'<div class="dn-row dn-hand-row" title="hand">{hand_part}</div></div>')


def scores_html(view: TrickView) -> str:
    """The match score table: per finished deal its points and the running totals, each deal
    followed by its explanation lines (which jacks and sevens were taken, by whom)."""
    players = range(view.players)
    head = "".join(f"<th>P{p + 1}</th>" for p in players)
    rows = []
    for (number, points, totals), deal in zip(view.score_table(), view.deal_scores):
        cells = "".join(f"<td>{pts:+d} → <b>{total}</b></td>" for pts, total in zip(points, totals))
        lines = "".join(f"<li>{escape(line)}</li>" for line in deal.explanation())
        rows.append(f'<tr class="dn-deal-row"><td>deal {number}</td>{cells}</tr>'
                    f'<tr class="dn-deal-lines"><td colspan="{view.players + 1}"><ul>{lines}</ul></td></tr>')
    body = "".join(rows) or (f'<tr><td colspan="{view.players + 1}" class="dn-empty">'
                             f'no deal finished yet</td></tr>')
    totals = "".join(f"<td><b>{s}</b></td>" for s in view.scores)
    return (f'<div class="dn-scores"><b>Scores</b><table class="dn-score-table"><tr><th>deal</th>{head}</tr>'
            f'{body}<tr class="dn-totals"><td>total</td>{totals}</tr></table></div>')


@draws(TrickView)
def lesson_html(view: TrickView) -> str:
    """A lesson's trick table (seats named ``P1 (you)``, ``P2``...), the last trick of the deal
    and, once a deal is scored, the score table; only what the view holds.

    >>> import danish_nb as dn
    >>> html = lesson_html(dn.new_game("bastard", players=3, seed=1).state.view(0))
    >>> "P1 (you)" in html, "dn-score-table" in html
    (True, False)
    """
    names = seat_names(view)
    last = last_trick_html(view.last_trick, names) if view.last_trick is not None else ""
    scores = scores_html(view) if view.deal_scores else ""
    return f'<div class="dn-lesson">{table_html(view, names)}{last}{scores}</div>'

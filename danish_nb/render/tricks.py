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

from collections.abc import Collection, Mapping, Sequence
from html import escape

from ..cards import Card
from ..core import render_text
from ..families.tricks import BID_NAMES, TrickRecord, TrickView
from ..i18n import N_, M, joined, translator
from .html import back_html, card_html, felt_html, hidden_hand_html, row_html, seat_box, seat_order
from .views import draws, seat_names


def trump_html(view: TrickView, lang: str = "en") -> str:
    """``trumps: hearts ♥``, ``no trumps`` or ``trumps: to be named``."""
    tr = translator(lang)
    trumps = view.trumps
    if trumps is None:
        text = tr("trumps: to be named")
    elif trumps.suit is None:
        text = tr("no trumps")
    else:
        text = tr("trumps: {suit} {symbol}", suit=trumps.text, symbol=trumps.suit.symbol)
    red = " dn-red" if trumps is not None and trumps.suit is not None and trumps.suit.is_red else ""
    return f'<span class="dn-trumps{red}">{escape(text)}</span>'


def table_html(view: TrickView, names: Sequence[str], *, clickable: bool = False,
               playable: Collection[int] = (), selected: Collection[int] = (),
               show_last: bool = False, refused: Mapping[int, str] | None = None, lang: str = "en") -> str:
    """The whole table as seen in ``view``: the middle (deal, trumps, trick), then the seats
    (``view.me`` first). ``playable``/``selected`` are indexes into the viewer's hand;
    ``clickable`` makes the viewer's cards clickable; ``refused`` says why the rules refuse a
    card of the hand now (index -> words); ``show_last`` shows the last trick."""
    seats = [seat_html(view, seat, names[seat], clickable=clickable and seat == view.me,
                              playable=playable if seat == view.me else (),
                              selected=selected if seat == view.me else (),
                              refused=refused if seat == view.me else None, lang=lang)
             for seat in seat_order(view.players, view.me)]
    last = last_trick_html(view.last_trick, names, lang) if show_last else ""
    return felt_html("dn-tricks", middle_html(view, names, last, lang), seats, lang=lang)


#: What the player to move does, by phase (card play otherwise).
TURN_WORDS = {"bid": N_("{name} to bid or pass"), "trump": N_("{name} to name trumps"),
              "discard": N_("{name} to discard")}
#: The same, said to the viewer whose turn it is.
YOUR_TURN_WORDS = {"bid": N_("Your turn to bid or pass"), "trump": N_("Your turn to name trumps"),
                   "discard": N_("Your turn to discard")}


def middle_html(view: TrickView, names: Sequence[str], last: str = "", lang: str = "en") -> str:
    """Whose turn, the deal and dealer, the trumps, and the cards on the current trick. Until the
    viewer plays to the next trick, the trick finished last stays on the table with who took it
    (so it is seen even when the computers play at once). ``last``: the last trick on demand."""
    tr = translator(lang)
    if view.result is not None:
        turn = escape(render_text(M("Match over: {reason}", reason=view.result.text), lang=lang))
    elif view.current is not None:
        turn = escape(tr(YOUR_TURN_WORDS.get(view.phase, "Your turn")) if view.current == view.me
                      else tr(TURN_WORDS.get(view.phase, "{name} to play"), name=names[view.current]))
    else:
        turn = escape(tr("waiting"))
    deal = tr("deal {deal} of {deals}", deal=view.deal + 1, deals=view.deals) if view.deals else \
        tr("deal {deal}", deal=view.deal + 1)
    note = (f'<div class="dn-note">{escape(render_text(view.note, lang=lang))}</div>'
            if view.note and view.result is None else "")
    plays = "".join(_play_html(p.player, p.card, "trick", new=i == len(view.trick) - 1, lang=lang)
                    for i, p in enumerate(view.trick))
    trick = plays or f'<span class="dn-empty">{escape(tr("no card on the trick yet"))}</span>'
    taken = ""
    if view.last_trick is not None and view.result is None and not last \
            and all(p.player != view.me for p in view.trick):
        taken = just_taken_html(view.last_trick, names, lang)  # what happened since the viewer's last card
    return (f'<div class="dn-middle" role="group" aria-label="{escape(tr("the trick"))}">'
            f'<div class="dn-turn">{turn}</div>{note}'
            f'<div class="dn-counts"><span class="dn-deal">{escape(deal)}</span> · '
            f'<span class="dn-dealer">{escape(tr("dealer: {name}", name=names[view.dealer]))}</span> · '
            f'{trump_html(view, lang)}</div>{auction_html(view, lang)}{last}{taken}'
            '<div class="dn-trick" role="group" '
            f'aria-label="{escape(tr("the trick on the table, in the order played"))}">'
            f'{trick}</div></div>')


def auction_html(view: TrickView, lang: str = "en") -> str:
    """For a game with an auction (a view with ``bids``, e.g. Sjavs): the bids, the contract
    and the cards out of play (as backs unless the view shows them); ``''`` otherwise."""
    if not hasattr(view, "bids"):
        return ""
    tr = translator(lang)
    said = [M("{who} bids {bid_name}", who=f"P{seat + 1}", bid_name=BID_NAMES[bid]) if bid in BID_NAMES
            else M("{who} passes", who=f"P{seat + 1}") for seat, bid in view.bids]
    bids = render_text(joined(said), lang=lang) or tr("none yet")
    target = (f' · <span class="dn-contract">{escape(render_text(view.target, lang=lang))}</span>'
              if view.target else "")
    if view.skat is not None:
        skat = "".join(card_html(card, zone="skat", lang=lang) for card in view.skat) or escape(tr("none"))
    else:
        skat = back_html(view.skat_count, lang=lang)
    return (f'<div class="dn-auction"><span class="dn-bids">{escape(tr("bids: {bids}", bids=bids))}</span>{target}'
            f'<div class="dn-skat">{escape(tr("out of play:"))} {skat}</div></div>')


def last_trick_html(record: TrickRecord | None, names: Sequence[str], lang: str = "en") -> str:
    """The last finished trick: its cards in the order played, who won it and why."""
    tr = translator(lang)
    if record is None:
        return (f'<div class="dn-last-trick"><span class="dn-empty">{escape(tr("no trick finished yet this deal"))}'
                f'</span></div>')
    plays = "".join(_play_html(p.player, p.card, "last", lang=lang) for p in record.plays)
    won = tr("{name} won it: {why}", name=names[record.winner], why=render_text(record.why, lang=lang))
    return f'<div class="dn-last-trick"><b>{escape(tr("Last trick"))}</b> {plays}<div>{escape(won)}</div></div>'


def just_taken_html(record: TrickRecord, names: Sequence[str], lang: str = "en") -> str:
    """The trick finished last, shown until the viewer plays to the next one: its cards, the
    winner's card marked, and who took it and why."""
    tr = translator(lang)
    plays = "".join(_play_html(p.player, p.card, "taken", new=p.player == record.winner, lang=lang)
                    for p in record.plays)
    name = escape(names[record.winner])
    took = escape(tr("{name} took the trick: {why}", name=names[record.winner], why=render_text(record.why, lang=lang)))
    return (f'<div class="dn-just-taken" role="group" aria-label="{escape(tr("the trick just taken"))}">'
            f'<span class="dn-label">{escape(tr("just taken"))}</span>{plays}<div class="dn-taken-by">'
            f'{took.replace(name, f"<b>{name}</b>", 1)}</div></div>')


def _play_html(player: int, card: Card, zone: str, *, new: bool = False, lang: str = "en") -> str:
    """A card on a trick, under the seat that played it (``P2``)."""
    return (f'<span class="dn-play"><small aria-hidden="true">P{player + 1}</small>'
            f'{card_html(card, zone=zone, new=new, by=f"P{player + 1}", lang=lang)}</span>')


def seat_html(view: TrickView, seat: int, name: str, *, clickable: bool = False,
              playable: Collection[int] = (), selected: Collection[int] = (),
              refused: Mapping[int, str] | None = None, lang: str = "en") -> str:
    """One player: name (dealer marked), tricks won this deal, and hand (or how many cards;
    ``refused``: see :func:`table_html`)."""
    tr = translator(lang)
    dealer = f' <small class="dn-dealer-mark">{escape(tr("· dealer"))}</small>' if seat == view.dealer else ""
    won = view.tricks_won[seat]
    points = getattr(view, "card_points", ())
    points_part = (f' · <span class="dn-card-points">{escape(tr("{n} card points", n=points[seat]))}</span>'
                   if points else "")
    hand = view.hands[seat]
    if hand is None:
        hand_part = hidden_hand_html(view.hand_counts[seat], lang)
    elif not hand:
        hand_part = f'<span class="dn-empty">{escape(tr("no cards in hand"))}</span>'
    else:
        hand_part = "".join(card_html(card, playable=i in playable, selected=i in selected, zone="hand",
                                      index=i if clickable else None, refused=(refused or {}).get(i), lang=lang)
                            for i, card in enumerate(hand))
    status = f'{dealer} · <span class="dn-won">{escape(tr.n("{n} trick", "{n} tricks", won))}</span>{points_part}'
    body = row_html("dn-hand-row", tr("hand"), hand_part, words=tr("{name}: hand", name=name))
    return seat_box(seat, name, body, current=seat == view.current, me=seat == view.me, status=status, lang=lang)


def scores_html(view: TrickView, lang: str = "en") -> str:
    """The match score table: per finished deal its points and the running totals, each deal
    followed by its explanation lines (which jacks and sevens were taken, by whom)."""
    tr = translator(lang)
    players = range(view.players)
    head = "".join(f"<th>P{p + 1}</th>" for p in players)
    rows = []
    for (number, points, totals), deal in zip(view.score_table(), view.deal_scores):
        cells = "".join(f"<td>{pts:+d} → <b>{total}</b></td>" for pts, total in zip(points, totals))
        lines = "".join(f"<li>{escape(line)}</li>" for line in deal.explanation(lang=lang))
        rows.append(f'<tr class="dn-deal-row"><td>{escape(tr("deal {deal}", deal=number))}</td>{cells}</tr>'
                    f'<tr class="dn-deal-lines"><td colspan="{view.players + 1}"><ul>{lines}</ul></td></tr>')
    body = "".join(rows) or (f'<tr><td colspan="{view.players + 1}" class="dn-empty">'
                             f'{escape(tr("no deal finished yet"))}</td></tr>')
    totals = "".join(f"<td><b>{s}</b></td>" for s in view.scores)
    return (f'<div class="dn-scores"><b>{escape(tr("Scores"))}</b><table class="dn-score-table"><tr>'
            f'<th>{escape(tr("deal"))}</th>{head}</tr>'
            f'{body}<tr class="dn-totals"><td>{escape(tr("total"))}</td>{totals}</tr></table></div>')


@draws(TrickView)
def lesson_html(view: TrickView, lang: str = "en") -> str:
    """A lesson's trick table (seats named ``P1 (you)``, ``P2``...), the last trick of the deal
    and, once a deal is scored, the score table; only what the view holds.

    >>> import danish_nb as dn
    >>> html = lesson_html(dn.new_game("bastard", players=3, seed=1).state.view(0))
    >>> "P1 (you)" in html, "dn-score-table" in html
    (True, False)
    """
    names = seat_names(view, lang)
    last = last_trick_html(view.last_trick, names, lang) if view.last_trick is not None else ""
    scores = scores_html(view, lang) if view.deal_scores else ""
    return f'<div class="dn-lesson">{table_html(view, names, lang=lang)}{last}{scores}</div>'

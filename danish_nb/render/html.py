"""Cards, rules and verdicts as small HTML fragments (styled by ``widgets/board.css``).

Every card element has the classes ``dn-card`` and ``dn-card-<CODE>`` (``dn-card-7H``) and a
``data-card`` attribute, so tests and browsers can find it; face-down cards carry no code at all.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..cards import Card, card_words, face_letter
from ..core import Reason, Rule, Verdict, move_text, render_text
from ..i18n import title_in, translator
from ..words import move_words


def escape(text: str, quote: bool = True) -> str:
    """``text`` with ``& < >`` (and with ``quote``, both quotes) made HTML character references,
    as :func:`html.escape` does; written here because importing :mod:`html` imports its table of
    2,231 named references (:mod:`html.entities`, for ``unescape``), which a page's first board
    never needs.

    >>> escape("<p class='x'>&</p>"), escape('"<"', quote=False)
    ('&lt;p class=&#x27;x&#x27;&gt;&amp;&lt;/p&gt;', '"&lt;"')
    """
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return text.replace('"', "&quot;").replace("'", "&#x27;") if quote else text


def seat_order(players: int, me: int | None) -> list[int]:
    """The seats in the order a table shows them: the viewer first, then round the table.

    >>> seat_order(4, 2)
    [2, 3, 0, 1]
    """
    return [(seat + (me or 0)) % players for seat in range(players)]


def seat_places(others: int) -> list[str]:
    """Where the other players sit, in playing order after the viewer (who sits at the bottom):
    the next on the left, the last on the right, the rest across the top.

    >>> seat_places(1), seat_places(2), seat_places(3), seat_places(5)
    (['top'], ['left', 'right'], ['left', 'top', 'right'], ['left', 'top', 'top', 'top', 'right'])
    """
    if others <= 1:
        return ["top"] * others
    return ["left"] + ["top"] * (others - 2) + ["right"]


def felt_html(css: str, middle: str, seats: list[str], *, lang: str = "en") -> str:
    """A card table: ``seats`` (HTML, the viewer's first, then in playing order) placed around
    ``middle`` (the pile or trick), the viewer at the bottom; a group named in ``lang`` (not a
    landmark: a lesson shows several tables, and landmarks must be few and named apart).

    >>> html = felt_html("dn-tricks", "<i>mid</i>", ["<b>me</b>", "<b>P2</b>", "<b>P3</b>"])
    >>> html.index("P2") < html.index("mid") < html.index("P3") < html.index("me")
    True
    """
    label = translator(lang)("card table")
    places = seat_places(len(seats) - 1)
    top = "".join(seat for seat, place in zip(seats[1:], places) if place == "top")
    side = {place: seat for seat, place in zip(seats[1:], places) if place != "top"}
    return (f'<div class="dn-table dn-felt {css}" role="group" aria-label="{escape(label)}">'
            f'<div class="dn-area-top">{top}</div><div class="dn-area-left">{side.get("left", "")}</div>'
            f'{middle}<div class="dn-area-right">{side.get("right", "")}</div>'
            f'<div class="dn-area-me">{seats[0] if seats else ""}</div></div>')


def seat_box(seat: int, name: str, body: str, *, current: bool = False, me: bool = False, status: str = "",
             lang: str = "en") -> str:
    """One seat: its name (and ``status`` HTML), a "to play" badge on the player to move, and
    ``body`` (its rows of cards), as a group named for screen readers.

    >>> seat_box(1, "P2", "", current=True)[:81]
    '<div class="dn-seat dn-current" data-seat="1" role="group" aria-label="P2, to pla'
    >>> "am Zug" in seat_box(1, "P2", "", current=True, lang="de")
    True
    """
    tr = translator(lang)
    classes = "dn-seat" + (" dn-current" if current else "") + (" dn-me" if me else "")
    badge = f' <span class="dn-to-play">{escape(tr("to play"))}</span>' if current else ""
    label = tr("{name}, to play", name=name) if current else name
    return (f'<div class="{classes}" data-seat="{seat}" role="group" aria-label="{escape(label)}">'
            f'<div class="dn-name">{escape(name)}{status}{badge}</div>{body}</div>')


def row_html(css: str, label: str, content: str, *, words: str = "") -> str:
    """A row of a seat (``dn-hand-row``...): a small visible ``label`` and its cards, a group
    named ``words`` (default: the label) for screen readers (both already in the reader's language).

    >>> print(row_html("dn-hand-row", "hand", "").replace("><", ">\\n<"))
    <div class="dn-row dn-hand-row" role="group" aria-label="hand">
    <span class="dn-label" aria-hidden="true">hand</span>
    </div>
    """
    return (f'<div class="dn-row {css}" role="group" aria-label="{escape(words or label)}">'
            f'<span class="dn-label" aria-hidden="true">{escape(label)}</span>{content}</div>')


def hidden_hand_html(count: int, lang: str = "en") -> str:
    """Another player's hand: one small back and how many cards it holds."""
    return (f'<span class="dn-hidden-hand"><span class="dn-mini-back" aria-hidden="true"></span>'
            f'{escape(translator(lang)("{n} in hand", n=count))}</span>')


def card_name(card: Card, lang: str = "en") -> str:
    """A card in words, as a screen reader says it (in ``lang``).

    >>> card_name(Card.parse("7H")), card_name(Card.parse("AS")), card_name(Card.parse("RJ"))
    ('seven of hearts', 'ace of spades', 'red joker')
    >>> card_name(Card.parse("10D"), "de")
    'Karo-Zehn'
    """
    return card_words(card).render(lang)


def face_html(card: Card, lang: str = "en") -> str:
    """A card's face (hidden from screen readers, which read its name): the rank as the cards
    of ``lang`` print it (a French queen shows D, a German jack B) and the suit in two corners,
    and the suit large in the middle; a joker shows a star and the word JOKER.

    >>> face_html(Card.parse("10S")).count("10"), face_html(Card.parse("QS"), "fr").count("D<br>")
    (2, 2)
    """
    if card.is_joker:
        corner, middle, css = "★", "JOKER", "dn-pip dn-joker-word"
    else:
        corner, middle, css = f"{face_letter(card.rank, lang)}<br>{card.suit.symbol}", card.suit.symbol, "dn-pip"
    return (f'<span class="dn-corner dn-tl" aria-hidden="true">{corner}</span>'
            f'<span class="{css}" aria-hidden="true">{middle}</span>'
            f'<span class="dn-corner dn-br" aria-hidden="true">{corner}</span>')


def card_html(card: Card, *, playable: bool = False, selected: bool = False, zone: str = "",
              index: int | None = None, new: bool = False, by: str = "", refused: str | None = None,
              lang: str = "en") -> str:
    """One face-up card, named in words; with ``index``, one the viewer may click
    (``data-act="card"``, ``data-idx``: what a board's script sends back; ``data-key``: what
    keeps the keyboard focus on it across redraws). ``new`` highlights what was just played;
    ``by`` (``"P2"``) starts its spoken name with who played it; its name is in ``lang``. A card
    the rules refuse now (``refused``: why, in words) is said as unavailable (``aria-disabled``),
    the reason its description (``title``); a click still says why.

    >>> card_html(Card.parse("7H"), zone="hand", index=2)[:61]
    '<span data-act="card" data-idx="2" role="button" tabindex="0"'
    >>> html = card_html(Card.parse("7H"), zone="open", index=0, refused="Not allowed now — play your hand first")
    >>> 'aria-disabled="true"' in html, 'title="Not allowed now — play your hand first"' in html
    (True, True)
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
    if new:
        classes.append("dn-new")
    tr = translator(lang)
    name = tr("{player}: {card}", player=by, card=card_words(card)) if by else card_name(card, lang)
    zone_attr = f' data-zone="{escape(zone)}"' if zone else ""
    if index is None:
        return (f'<span role="img" class="{" ".join(classes)}" data-card="{card.code}"{zone_attr} '
                f'aria-label="{escape(name)}">{face_html(card, lang)}</span>')
    # A button named by its content (the face as an image named in words), so its name holds
    # all it shows (WCAG 2.5.3).
    label = tr("{card}, playable", card=name) if playable else name
    why = "" if refused is None or playable else \
        ' aria-disabled="true"' + (f' title="{escape(refused)}"' if refused else "")
    return (f'<span data-act="card" data-idx="{index}" role="button" tabindex="0" '
            f'aria-pressed="{"true" if selected else "false"}"{why} data-key="card-{escape(zone)}-{card.code}" '
            f'class="{" ".join(classes)}" data-card="{card.code}"{zone_attr}>'
            f'<span class="dn-face" role="img" aria-label="{escape(label)}">{face_html(card, lang)}</span></span>')


def back_html(count: int = 1, zone: str = "", lang: str = "en") -> str:
    """``count`` face-down cards: nothing about them but how many."""
    zone_attr = f' data-zone="{escape(zone)}"' if zone else ""
    label = escape(translator(lang)("face-down card"))
    return "".join(f'<span class="dn-card dn-facedown"{zone_attr} role="img" aria-label="{label}"></span>'
                   for _ in range(count))


def closed_html(index: int, label: str, *, playable: bool = False) -> str:
    """A face-down card the viewer may play blind by clicking it (``data-act="closed"``,
    ``data-idx``): only its position is on the page.

    >>> closed_html(1, "face-down card 2: play it blind")[:67]
    '<span class="dn-card dn-facedown dn-closed" data-act="closed" data-'
    """
    css = "dn-card dn-facedown dn-closed" + (" dn-playable" if playable else "")
    return (f'<span class="{css}" data-act="closed" data-idx="{index}" data-key="closed-{index}" '
            f'role="button" tabindex="0" aria-label="{escape(label)}" title="{escape(label)}"></span>')


def cards_html(cards: Iterable[Card], zone: str = "", lang: str = "en") -> str:
    """A row of face-up cards."""
    return "".join(card_html(c, zone=zone, lang=lang) for c in cards)


def notation_html(text: str, tag: str = "span") -> str:
    """A move's notation (``P1 play 7♥``): the same in every language, marked
    ``translate="no"`` (HTML's own mark for text not to translate).

    >>> notation_html("P1 take", "b")
    '<b class="dn-notation" translate="no">P1 take</b>'
    """
    return f'<{tag} class="dn-notation" translate="no">{escape(text)}</{tag}>'


def move_notation(move: Any, viewer: int | None = None, reveal_hands: bool = False) -> str:
    """A move's notation as ``viewer`` may read it (a move that cannot write itself: a short
    description), for a teacher who asked to see notation.

    >>> import danish_nb as dn
    >>> move_notation(dn.new_game("sjavs", players=3).parse_move("P2 discard 10H KD"), viewer=0)
    'P2 discard 2 cards'
    """
    text_for = getattr(move, "text_for", None)
    return text_for(viewer, reveal_hands) if callable(text_for) else move_text(move)


def quoted(text: str, lang: str = "en") -> str:
    """``text`` in the quotation marks of ``lang`` (“…” in English, « … » in French, „…“ in German).

    >>> quoted("Fertig", "de"), quoted("fini", "fr") == "«\u202ffini\u202f»"
    ('„Fertig“', True)
    """
    return translator(lang)("“{text}”", text=text)


def rule_html(rule: Rule, lang: str = "en") -> str:
    """A rule as a learner of ``lang`` reads it: id and title, then the rule in the reader's
    language with the document's own words quoted beside it; the English rendering of a French
    or German document only behind a click (a ``<details>`` whose summary is in the reader's language
    and whose English is marked ``lang="en"``, for a screen reader's voice and for checkers of the
    page's language). This is the one place that writes it (boards' verdicts, lessons, practice and
    the static site's lesson pages show what it writes). A document quoted in the reader's
    own language stands alone (Le danish on a French page), unless it is restated (the German
    Bastard document, a machine translation: see :meth:`~danish_nb.core.Rule.rendering`). An
    English page shows the quote and the English rendering.

    >>> from danish_nb import GAMES
    >>> html = rule_html(GAMES["bastard"].catalogue["BA-2"], "de")
    >>> html.index("Drei oder vier") < html.index("Anzahl der Spieler") < html.index("<details")
    True
    >>> html[html.index("<summary>"):-16]  # the summary in the page's language, the English marked as English
    '<summary>Auf Englisch</summary><span lang="en">“Three or four players.”</span>'
    >>> "<details" in rule_html(GAMES["le-danish"].catalogue["LD-1"], "fr")
    False
    """
    tr = translator(lang)
    title = f'<b>{escape(rule.id)}</b> {escape(title_in(rule.id, rule.title, lang))}'
    quote = f'<div class="dn-quote" lang="{rule.language}">{escape(quoted(rule.quote, lang))}</div>'
    own = rule.rendering(lang)
    if lang == "en":
        body = quote + (f'<div class="dn-english">{escape(tr("In English:"))} '
                        f'<span lang="en">{escape(quoted(rule.english))}</span></div>' if rule.english else "")
    elif own is None and rule.language == lang:
        body = quote
    else:
        body = (f'<div class="dn-own" lang="{lang}">{escape(quoted(own, lang))}</div>' if own else "") + \
            f'<div class="dn-source">{escape(tr("In the document:"))}{quote}</div>'
        if rule.english:
            body += (f'<details class="dn-english"><summary>{escape(tr("In English"))}</summary>'
                     f'<span lang="en">{escape(quoted(rule.english))}</span></details>')
    note = f'<div class="dn-rule-note"><em>{escape(rule.note_in(lang))}</em></div>' if rule.note else ""
    return f'<div class="dn-rule">{title}{body}{note}</div>'


def reason_html(reason: Reason, lang: str = "en") -> str:
    """One reason of a verdict: its words, its rule and its ruling's reading, in ``lang``."""
    ruling = ""
    if reason.ruling is not None:
        line = translator(lang)("Ruling {id} — {reading}", id=reason.ruling.id, reading=reason.ruling.reading_in(lang))
        ruling = f"<div><small>{escape(line)}</small></div>"
    return f"<li>{escape(render_text(reason.text, lang=lang))}{rule_html(reason.rule, lang)}{ruling}</li>"


def verdict_html(verdict: Verdict, lang: str = "en", *, viewer: int | None = None, reveal_hands: bool = False,
                 notation: bool = False) -> str:
    """A verdict in ``lang``: the move in words as ``viewer`` may read it (its notation too with
    ``notation=True``, for a teacher), then each reason and the rule (and ruling) it rests on.

    >>> import danish_nb as dn
    >>> g = dn.setup("danish-bastard", {"hands": [["8H", "4C"], ["9S"]], "pile": ["6C"]})
    >>> html = verdict_html(g.explain("P1 play 4C"), "fr")
    >>> html[:79], "P1 play" in html, "P1 play 4♣" in verdict_html(g.explain("P1 play 4C"), notation=True)
    ('<div class="dn-verdict"><b class="dn-verdict-illegal">Illégal\u202f: jouer le quatre', False, True)
    """
    tr = translator(lang)
    words = move_words(verdict.move, viewer, lang=lang, reveal_hands=reveal_hands)
    head = tr("Legal: {move}", move=words) if verdict.legal else tr("Illegal: {move}", move=words)
    cls = "dn-verdict-legal" if verdict.legal else "dn-verdict-illegal"
    shown = f" {notation_html(move_notation(verdict.move, viewer, reveal_hands))}" if notation else ""
    items = "".join(reason_html(r, lang) for r in verdict.reasons)
    return f'<div class="dn-verdict"><b class="{cls}">{escape(head)}</b>{shown}<ul>{items}</ul></div>'

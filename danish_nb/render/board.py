"""A board's controls and log as HTML: buttons that carry ``data-act`` (what a board's script
sends back when clicked), the step-through bar and the move log.

>>> button_html("Take the pile", "move", css="dn-take", move="P1 take")
'<button class="dn-take" data-act="move" data-move="P1 take" data-key="move:P1 take">Take the pile</button>'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..i18n import N_, translator
from .html import escape, notation_html


def button_html(label: str, act: str, *, css: str = "", move: str = "", enabled: bool = True,
                title: str = "", shortcut: str = "", pressed: bool | None = None, name: str = "",
                refused: bool = False, checked: bool | None = None) -> str:
    """A button that sends ``{"act": act, "move": move}`` when clicked; ``data-key`` names it
    so the keyboard focus stays on it across redraws; ``shortcut`` is its key (announced as
    ``aria-keyshortcuts``); ``pressed`` marks a chosen toggle; ``name`` is the spoken name of a
    button labelled by a symbol. ``refused``: a move the rules refuse now, said as unavailable
    (``aria-disabled``, its ``title`` the reason, read as its description) yet still pressable,
    to hear why. ``checked``: an option of a radio group (:func:`radio_group_html`)."""
    attrs = [f'class="{escape(css)}"' if css else "", f'data-act="{escape(act)}"']
    if move:
        attrs.append(f'data-move="{escape(move)}"')
    attrs.append(f'data-key="{escape(act)}:{escape(move)}"')
    if title:
        attrs.append(f'title="{escape(title)}"')
    if name:
        attrs.append(f'aria-label="{escape(name)}"')
    if shortcut:
        attrs.append(f'aria-keyshortcuts="{escape(shortcut)}"')
    if checked is not None:
        attrs.append(f'role="radio" aria-checked="{"true" if checked else "false"}" tabindex="{0 if checked else -1}"')
    elif refused:
        attrs.append('aria-disabled="true"')
    elif pressed is not None:
        attrs.append(f'aria-pressed="{"true" if pressed else "false"}"')
    if not enabled:
        attrs.append("disabled")
    return f'<button {" ".join(a for a in attrs if a)}>{escape(label)}</button>'


#: The board's keyboard shortcuts (documented on the page by :func:`keys_html`).
SHORTCUTS = ((N_("Tab / Shift+Tab"), N_("move between cards and buttons")),
             (N_("← → ↑ ↓ (Home, End)"), N_("move between your cards")),
             (N_("Enter or Space"), N_("select a card, press a button")),
             ("P", N_("play the selection or the chosen move")),
             ("T", N_("choose: take the pile (or pick up)")),
             ("C", N_("let the computer play")),
             ("U", N_("undo my move")),
             ("N", N_("next deal (a trick game, once a deal is over)")),
             ("R", N_("hear the rules behind the last move or verdict")),
             (N_("0 to 9"), N_("choose a wild card's value (0: 10), then Enter")),
             (N_("Escape"), N_("clear the selection")),
             (N_("[ and ]"), N_("one move back, one move forward")))


def keys_html(lang: str = "en") -> str:
    """The keyboard shortcuts, folded away under a summary (in ``lang``).

    >>> "play the selection" in keys_html(), "Raccourcis clavier" in keys_html("fr")
    (True, True)
    """
    tr = translator(lang)
    rows = "".join(f"<li><kbd>{escape(tr.render(k))}</kbd> {escape(tr.render(what))}</li>" for k, what in SHORTCUTS)
    return f'<details class="dn-keys"><summary>{escape(tr("Keyboard shortcuts"))}</summary><ul>{rows}</ul></details>'


def nav_html(position: int, last: int, *, enabled: bool = True, lang: str = "en") -> str:
    """First / back / forward / last buttons and a slider over positions ``0..last``."""
    tr = translator(lang)
    back = enabled and position > 0
    forward = enabled and position < last
    where = escape(tr("move {position} of {last}", position=position, last=last))
    slider = (f'<input type="range" class="dn-slider" data-act="goto" data-key="goto:" min="0" max="{last}" '
              f'value="{position}" aria-label="{escape(tr("move shown"))}" aria-valuetext="{where}"'
              f'{"" if enabled else " disabled"}>')
    first, one_back, one_forward, now = (tr("first position"), tr("one move back"), tr("one move forward"),
                                         tr("the game now"))
    ahead = button_html("›", "forward", css="dn-forward", enabled=forward, title=one_forward, name=one_forward,
                        shortcut="]")
    return (f'<div class="dn-nav" role="group" aria-label="{escape(tr("step through the game"))}">'
            f'{button_html("«", "first", css="dn-first", enabled=back, title=first, name=first)}'
            f'{button_html("‹", "back", css="dn-back", enabled=back, title=one_back, name=one_back, shortcut="[")}'
            f'{slider}'
            f'{ahead}'
            f'{button_html("»", "last", css="dn-last", enabled=forward, title=now, name=now)}'
            f' <span class="dn-position">{where}</span></div>')


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One played move: its number, the player's name (``P2``) and kind of seat (``who``), the
    computer's reason, what happened in words (the move's events, as the reader may read them),
    and the move's notation if a teacher asked to see it."""

    number: int
    name: str
    who: str
    why: str
    events: tuple[str, ...]
    notation: str = ""


def log_html(entries: Sequence[LogEntry], *, position: int | None = None, hidden: int = 0,
             opening: Sequence[str] = (), lang: str = "en") -> str:
    """The log, newest last; moves after ``position`` (when stepping back) are greyed; its
    words in ``lang`` (a move's notation, shown only if asked for, is marked not to translate).

    ``hidden`` says how many older moves are left out to keep the page small; ``opening`` is
    what the deal did (shown before the first move).
    """
    tr = translator(lang)
    items = []
    for entry in entries:
        past = ' class="dn-past"' if position is not None and entry.number > position else ""
        why = f' <span class="dn-why">— {escape(entry.why)}</span>' if entry.why else ""
        events = "".join(f"<li>{escape(e)}</li>" for e in entry.events)
        notation = f" {notation_html(entry.notation, 'code')}" if entry.notation else ""
        items.append(f'<li value="{entry.number}"{past}><b>{escape(entry.name)}</b> '
                     f'<small>({escape(entry.who)})</small>{notation}{why}<ul>{events}</ul></li>')
    more = (f"<div><small>{escape(tr.n('{n} earlier move not shown', '{n} earlier moves not shown', hidden))}"
            f"</small></div>") if hidden else ""
    empty = "" if entries else f"<div><small>{escape(tr('No moves yet.'))}</small></div>"
    deal = ""
    if opening and not hidden:
        deal = (f'<div class="dn-deal-log"><b>{escape(tr("The deal"))}</b>'
                f'<ul>{"".join(f"<li>{escape(e)}</li>" for e in opening)}</ul></div>')
    log = escape(tr("Log"))
    # Drawn anew each time: not a live region (the board's news says each move once).
    return (f'<div class="dn-log" role="log" aria-live="off" aria-label="{log}" tabindex="0"><b>{log}</b>'
            f'{deal}{more}{empty}<ol>{"".join(items)}</ol></div>')


def radio_group_html(label: str, options: Sequence[str]) -> str:
    """Options (buttons made with ``checked=``) in one radio group named ``label``: one Tab stop,
    the arrow keys move between them, a digit jumps to the option it starts, Enter presses it
    (board.js).

    >>> html = radio_group_html("Value", [button_html("7", "choose", move="P1 play RJ=7", checked=True)])
    >>> html.startswith('<div class="dn-radios" role="radiogroup" aria-label="Value">'), 'role="radio"' in html
    (True, True)
    """
    return (f'<div class="dn-radios" role="radiogroup" aria-label="{escape(label)}">'
            f'<span class="dn-radios-label" aria-hidden="true">{escape(label)}</span>{"".join(options)}</div>')


def news_html(said: Any, moves: int = 0, label: str = "") -> str:
    """What a board says to screen readers in one drawing (a :class:`~danish_nb.widgets.news.Said`),
    hidden: the page's script appends each numbered item it has not said yet to its live region,
    and reads the rules' words on ``R`` (each in its own language). ``moves``: how many moves are
    played (the script moves the focus back to the hand after a move); ``label``: the board's name
    as a region.

    >>> from danish_nb.widgets.news import Said
    >>> print(news_html(Said(((3, "P2 plays the ace of hearts."),), (("Aces are high.", "en"),)), 7)
    ...       .replace("><", ">\\n<"))
    <div class="dn-news" hidden data-played="7">
    <p data-n="3">P2 plays the ace of hearts.</p>
    <p class="dn-rules" lang="en">Aces are high.</p>
    </div>
    """
    named = f' data-label="{escape(label)}"' if label else ""
    items = "".join(f'<p data-n="{n}">{escape(text)}</p>' for n, text in said.items)
    rules = "".join(f'<p class="dn-rules" lang="{escape(lang)}">{escape(text)}</p>' for text, lang in said.rules)
    return (f'<div class="dn-news" hidden data-played="{moves}"{named}>'
            f'{items}{rules}</div>')


def message_html(text: str, *, info: bool = False) -> str:
    """The board's message line (errors in red, notes in blue)."""
    css = "dn-message dn-info" if info else "dn-message"
    return f'<div class="{css}">{escape(text)}</div>'

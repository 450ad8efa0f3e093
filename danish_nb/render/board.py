"""A board's controls and log as HTML: buttons that carry ``data-act`` (what a board's script
sends back when clicked), the step-through bar and the move log.

>>> button_html("Take the pile", "move", css="dn-take", move="P1 take")
'<button class="dn-take" data-act="move" data-move="P1 take" data-key="move:P1 take">Take the pile</button>'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape


def button_html(label: str, act: str, *, css: str = "", move: str = "", enabled: bool = True,
                title: str = "", shortcut: str = "", pressed: bool | None = None, name: str = "") -> str:
    """A button that sends ``{"act": act, "move": move}`` when clicked; ``data-key`` names it
    so the keyboard focus stays on it across redraws; ``shortcut`` is its key (announced as
    ``aria-keyshortcuts``); ``pressed`` marks a chosen toggle; ``name`` is the spoken name of a
    button labelled by a symbol."""
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
    if pressed is not None:
        attrs.append(f'aria-pressed="{"true" if pressed else "false"}"')
    if not enabled:
        attrs.append("disabled")
    return f'<button {" ".join(a for a in attrs if a)}>{escape(label)}</button>'


#: The board's keyboard shortcuts (documented on the page by :func:`keys_html`).
SHORTCUTS = (("Tab / Shift+Tab", "move between cards and buttons"),
             ("← → ↑ ↓ (Home, End)", "move between your cards"),
             ("Enter or Space", "select a card, press a button"),
             ("P", "play the selection or the chosen move"),
             ("T", "choose: take the pile (or pick up)"),
             ("C", "let the computer play"),
             ("U", "undo my move"),
             ("Escape", "clear the selection"),
             ("[ and ]", "one move back, one move forward"))


def keys_html() -> str:
    """The keyboard shortcuts, folded away under a summary.

    >>> "play the selection" in keys_html()
    True
    """
    rows = "".join(f"<li><kbd>{escape(k)}</kbd> {escape(what)}</li>" for k, what in SHORTCUTS)
    return f'<details class="dn-keys"><summary>Keyboard shortcuts</summary><ul>{rows}</ul></details>'


def nav_html(position: int, last: int, *, enabled: bool = True) -> str:
    """First / back / forward / last buttons and a slider over positions ``0..last``."""
    back = enabled and position > 0
    forward = enabled and position < last
    slider = (f'<input type="range" class="dn-slider" data-act="goto" data-key="goto:" min="0" max="{last}" '
              f'value="{position}" aria-label="move shown" aria-valuetext="move {position} of {last}"'
              f'{"" if enabled else " disabled"}>')
    return (f'<div class="dn-nav" role="group" aria-label="step through the game">'
            f'{button_html("«", "first", css="dn-first", enabled=back, title="first position", name="first position")}'
            f'{button_html("‹", "back", css="dn-back", enabled=back, title="one move back", name="one move back", shortcut="[")}'
            f'{slider}'
            f'{button_html("›", "forward", css="dn-forward", enabled=forward, title="one move forward", name="one move forward", shortcut="]")}'
            f'{button_html("»", "last", css="dn-last", enabled=forward, title="the game now", name="the game now")}'
            f' <span class="dn-position">move {position} of {last}</span></div>')


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One played move: its number, notation, who played it, the computer's reason, events."""

    number: int
    move: str
    who: str
    why: str
    events: tuple[str, ...]


def log_html(entries: Sequence[LogEntry], *, position: int | None = None, hidden: int = 0,
             opening: Sequence[str] = ()) -> str:
    """The log, newest last; moves after ``position`` (when stepping back) are greyed.

    ``hidden`` says how many older moves are left out to keep the page small; ``opening`` is
    what the deal did (shown before the first move).
    """
    items = []
    for entry in entries:
        past = ' class="dn-past"' if position is not None and entry.number > position else ""
        why = f' <span class="dn-why">— {escape(entry.why)}</span>' if entry.why else ""
        events = "".join(f"<li>{escape(e)}</li>" for e in entry.events)
        items.append(f'<li value="{entry.number}"{past}><b>{escape(entry.move)}</b> '
                     f'<small>({escape(entry.who)})</small>{why}<ul>{events}</ul></li>')
    more = f"<div><small>{hidden} earlier moves not shown</small></div>" if hidden else ""
    empty = "" if entries else "<div><small>No moves yet.</small></div>"
    deal = ""
    if opening and not hidden:
        deal = f'<div class="dn-deal-log"><b>The deal</b><ul>{"".join(f"<li>{escape(e)}</li>" for e in opening)}</ul></div>'
    return f'<div class="dn-log" role="log" aria-label="log" tabindex="0"><b>Log</b>{deal}{more}{empty}<ol>{"".join(items)}</ol></div>'


def message_html(text: str, *, info: bool = False) -> str:
    """The board's message line (errors in red, notes in blue)."""
    css = "dn-message dn-info" if info else "dn-message"
    return f'<div class="{css}">{escape(text)}</div>'

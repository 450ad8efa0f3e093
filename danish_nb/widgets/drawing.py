"""How a board draws itself: the view side of :class:`~danish_nb.widgets.board.Board`.

The board (the controller) decides what the page shows and offers and hands it over as a
:class:`Frame`, a read-only snapshot: the viewer's view of the position shown, the cards a click
may choose, the buttons, the selection, the verdict, the message, the log's moves. A
:class:`Drawing` turns a frame into one HTML string (the table, drawn by the family's drawing,
then the controls, the step-through bar and the log) and writes it to its pad: one comm message
per update. It changes nothing of the board's; it never sees a state, only what the viewer may
see (the viewer's view, the moves' events and words written for the viewer).

The board keeps what it offered (:class:`Offer`), so messages from the browser can be checked
against it.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from itertools import groupby
from typing import Any

from ..core import Verdict, render_text
from ..i18n import translator
from ..render.board import (
    LogEntry,
    button_html,
    keys_html,
    log_html,
    message_html,
    nav_html,
    news_html,
    radio_group_html,
)
from ..render.html import escape, verdict_html
from .news import Said

#: A place of one of the viewer's cards: ``("hand", 2)``, ``("open", 0)``, ``("hole", 1)``...
Spot = tuple[str, int]
#: How many moves the log shows (older ones are counted, to keep each update small).
LOG_LENGTH = 40


@dataclass
class Spots:
    """The viewer's cards a click may choose now: face-up ``cards`` (spot -> code), the spots a
    legal move plays (``playable``, highlighted), face-down ``closed`` slots played blind, and the
    cards the rules refuse now with why (``refused``: spot -> reason, ``""`` if none is given; a
    face-down card's spot is ``("down", slot)``), drawn as unavailable, the reason their description."""

    cards: dict[Spot, str] = field(default_factory=dict)
    playable: set[Spot] = field(default_factory=set)
    closed: set[int] = field(default_factory=set)
    refused: dict[Spot, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Button:
    """A button under the table: a move, in words (``act="choose"``: a click shows its verdict,
    a second click or the play button plays it; a move that is not legal now is shown muted, said
    as unavailable with the reason as its ``title``, and can still be chosen, to hear why) or a
    family's own control (``act``, e.g. ``"lasttrick"``).

    >>> print(Button("Take the pile", "dn-take", move="P1 take", shortcut="t").html().replace('" ', '"\\n'))
    <button class="dn-take"
    data-act="choose"
    data-move="P1 take"
    data-key="choose:P1 take"
    aria-keyshortcuts="t"
    aria-pressed="false">Take the pile</button>
    """

    label: str
    css: str
    move: Any = None
    act: str = "choose"
    enabled: bool = True
    title: str = ""
    shortcut: str = ""
    chosen: bool = False
    #: The radio group the button is an option of (its name: options of one group are drawn
    #: together, one Tab stop, chosen with the arrow keys), and whether it is the option checked.
    group: Any = ""
    checked: bool = False

    def html(self) -> str:
        if self.group:
            return button_html(self.label, self.act, css=self.css, move=str(self.move), title=self.title,
                               checked=self.checked)
        if self.move is None:
            return button_html(self.label, self.act, css=self.css, enabled=self.enabled, title=self.title,
                               shortcut=self.shortcut)
        css = self.css + ("" if self.enabled else " dn-not-legal") + (" dn-chosen" if self.chosen else "")
        return button_html(self.label, self.act, css=css, move=str(self.move), title=self.title,
                           shortcut=self.shortcut, pressed=self.chosen, refused=not self.enabled)


@dataclass
class Offer:
    """What the page last drawn offered; a message from the browser asking for anything else is
    refused. ``acts`` are the family controls that may be used now."""

    cards: dict[Spot, str] = field(default_factory=dict)
    closed: set[int] = field(default_factory=set)
    moves: dict[str, Any] = field(default_factory=dict)
    play: bool = False
    step: bool = False
    nav: bool = False
    reveal: bool = False
    acts: frozenset[str] = frozenset()


@dataclass(frozen=True, slots=True)
class Log:
    """The log as the viewer may read it, written by the board (:meth:`~danish_nb.widgets.board.Board.frame`):
    ``entries`` (the last :data:`LOG_LENGTH` moves of the deal shown), how many older moves are
    ``hidden``, what the deal did (``opening``), and the last move shown in words (``recent``,
    empty before the deal's first move)."""

    entries: tuple[LogEntry, ...] = ()
    hidden: int = 0
    opening: tuple[str, ...] = ()
    recent: str = ""


@dataclass(frozen=True)
class Frame:
    """What the board shows and offers now, as the drawing reads it (a snapshot the board makes
    before each drawing; the drawing changes none of the board's fields).

    ``view`` is the viewer's view of the position shown (``None`` behind the privacy screen),
    ``position`` the move number shown when stepping back (``None``: the game now), ``outcome``
    and ``turn`` that position's result and player to move, ``result`` the game's. ``buttons``
    are the move and family buttons (the chosen one marked), ``undo`` whether "Undo my move" is
    offered, ``computers`` whether the board plays computer seats. ``family`` is what a family's
    drawing reads besides (e.g. the trick game's last trick shown). ``moves`` is the number of
    moves played; ``log`` the moves already written in words as the viewer may read them (the
    drawing never holds a played move: a move that hides cards cannot reach the page). ``said``
    is what the page says to a screen reader this time (see :mod:`~danish_nb.widgets.news`).
    """

    lang: str
    viewer: int | None
    seats: tuple[str, ...]
    names: tuple[str, ...]
    offer: Offer
    moves: int
    log: Log = field(default_factory=lambda: Log())
    teaching: bool = False
    notation: bool = False
    screened: bool = False
    position: int | None = None
    result: Any = None
    outcome: Any = None
    turn: int | None = None
    message: str = ""
    info: bool = False
    view: Any = None
    spots: Spots = field(default_factory=Spots)
    buttons: tuple[Button, ...] = ()
    selection: tuple[Spot, ...] = ()
    chosen: Any = None
    verdict: Verdict | None = None
    undo: bool = False
    computers: bool = False
    step_mode: bool = False
    play_label: str = ""
    family: Any = None
    said: Said | None = None

    @property
    def live(self) -> bool:
        """Whether the frame shows the game as it is now (not a past position)."""
        return self.position is None

    @property
    def shown(self) -> int:
        """The number of moves played in the position shown."""
        return self.moves if self.position is None else self.position


class Drawing:
    """The view of a board: draws a :class:`Frame` and writes it to ``pad`` (anything with a
    writable ``html`` and ``hold_sync()``). A family's drawing says how its table is drawn
    (:meth:`table_html`) and what comes after the step-through bar (:meth:`after_nav_html`).

    >>> from danish_nb.web.pad import PagePad
    >>> drawing = Drawing(PagePad())
    >>> drawing.show(Frame("en", 0, ("human",), ("P1 (you)",), Offer(reveal=True), 0, screened=True))
    >>> "Pass the screen" in drawing.pad.html, drawing.writing
    (True, False)
    """

    def __init__(self, pad: Any):
        self.pad = pad
        #: Whether the drawing is writing to the pad now (anything else writing it is refused).
        self.writing = False

    def show(self, frame: Frame) -> None:
        """Write ``frame``'s HTML to the pad (one comm message)."""
        html = self.html(frame)
        self.writing = True
        try:
            with self.pad.hold_sync():
                self.pad.html = html
        finally:
            self.writing = False

    def html(self, frame: Frame) -> str:
        """The page for ``frame``: the privacy screen, or the table and everything around it."""
        return self._screen_html(frame) if frame.screened else self._board_html(frame)

    # ------------------------------------------------------------------ the family's part
    def table_html(self, frame: Frame) -> str:
        """The table drawn from ``frame.view``, the viewer's ``frame.spots`` clickable and marked."""
        raise NotImplementedError

    def after_nav_html(self, frame: Frame) -> str:
        """What the page shows between the step-through bar and the log (e.g. scores)."""
        return ""

    # ------------------------------------------------------------------ the page
    def _screen_html(self, frame: Frame) -> str:
        tr = translator(frame.lang)
        name = f"P{(frame.viewer or 0) + 1}"
        pass_to = tr("Pass the screen to {name}.", name=name)
        shown = escape(tr("Pass the screen to {name}.", name=f"\x00{name}\x01")).replace(
            "\x00", "<b>").replace("\x01", "</b>")
        reveal = button_html(tr("I am {name}: show my cards", name=name), "reveal", css="dn-reveal dn-primary")
        return (f'<div class="dn-privacy"><p>{shown}</p>{reveal}</div>'
                f'{self._news_html(frame, pass_to)}{self._log_html(frame)}')

    def _board_html(self, frame: Frame) -> str:
        return (f"{self._recent_html(frame)}{self.table_html(frame)}{self._controls_html(frame)}"
                f"{nav_html(frame.shown, frame.moves, lang=frame.lang)}{self.after_nav_html(frame)}"
                f"{self._log_html(frame)}{keys_html(frame.lang)}")

    def _over_html(self, frame: Frame) -> str:
        """Who won, shown once the game is over (shown as it is now): "You won!" to the winner
        (said by the news, see :mod:`~danish_nb.widgets.news`)."""
        result = frame.result
        if not frame.live or result is None:
            return ""
        tr = translator(frame.lang)
        won = (not result.draw and bool(result.order) and result.order[0] == frame.viewer
               and frame.viewer is not None and frame.seats[frame.viewer] == "human")
        head = tr("You won!") if won else tr("Game over")
        return (f'<div class="dn-game-over"><b>{escape(head)}</b> '
                f'{escape(result.reason_in(frame.lang))}</div>')

    def _recent_html(self, frame: Frame) -> str:
        """What just happened (the last move shown, as the viewer may read it), shown on top of
        the table; then what the page says to screen readers this time (:meth:`_news_html`)."""
        recent = escape(frame.log.recent)
        just_now = escape(translator(frame.lang)("Just now —"))
        just = f'<div class="dn-just" aria-hidden="true"><b>{just_now}</b> {recent}</div>' if recent else ""
        return just + self._news_html(frame)

    def _refused(self, frame: Frame) -> dict[Spot, str]:
        """Why the rules refuse each refused card of the viewer (:attr:`Spots.refused`), in words."""
        return {spot: self._words(frame, why) for spot, why in frame.spots.refused.items()}

    @staticmethod
    def _news_html(frame: Frame, fallback: str = "") -> str:
        """The items the page's live region says this time (``fallback``: what to say when the
        frame brings no news, e.g. a drawing made outside a board)."""
        said = frame.said if frame.said is not None else Said(((1, fallback),) if fallback else ())
        return news_html(said, frame.moves, translator(frame.lang)("the game board"))

    @staticmethod
    def _words(frame: Frame, text: Any) -> str:
        """A label, a title or a move's words in the board's language, as the viewer may read it
        (no title stays none: gettext translates ``''`` into its catalogue's header)."""
        if isinstance(text, str):
            return translator(frame.lang).render(text) if text else ""
        return render_text(text, frame.viewer, frame.teaching, lang=frame.lang)

    def _controls_html(self, frame: Frame) -> str:
        tr = translator(frame.lang)
        buttons = [replace(b, label=self._words(frame, b.label), title=self._words(frame, b.title))
                   for b in frame.buttons]  # in the board's language (a group's name: when drawn)
        parts = []
        if frame.offer.cards or frame.chosen is not None:
            chosen = next((b.label for b in buttons if b.chosen), "")
            label = tr("Confirm: {chosen}", chosen=chosen) if chosen else tr.render(frame.play_label)
            parts.append(button_html(label, "play", css="dn-play dn-primary", enabled=frame.offer.play, shortcut="p"))
            parts.append(button_html(tr("Clear"), "clear", css="dn-clear", enabled=frame.offer.play, shortcut="Escape"))
        for group, options in groupby(buttons, key=lambda b: b.group):
            html = [b.html() for b in options]
            parts += [radio_group_html(self._words(frame, group), html)] if group else html
        if frame.offer.step:
            parts.append(button_html(tr("Let the computer play"), "step", css="dn-step", shortcut="c"))
        if frame.undo:
            parts.append(button_html(tr("Undo my move"), "undo", css="dn-undo", shortcut="u"))
        if frame.computers:  # only where the board plays computer seats (not at a class table, nor all humans)
            checked = " checked" if frame.step_mode else ""
            step_words = escape(tr("Step through computer turns"))
            parts.append(f'<label class="dn-step-mode"><input type="checkbox" data-act="stepmode" data-key="stepmode:"'
                         f'{checked}> {step_words}</label>')
        if not frame.live:
            looking_back = escape(tr("Looking back: press » to return to the game."))
            parts.append(f' <span class="dn-history-note">{looking_back}</span>')
        verdict = '<div class="dn-verdict"></div>' if frame.verdict is None else \
            verdict_html(frame.verdict, frame.lang, viewer=frame.viewer, reveal_hands=frame.teaching,
                         notation=frame.notation)
        actions = escape(tr("actions"))
        return (f'{self._over_html(frame)}<div class="dn-controls" role="group" aria-label="{actions}">'
                f'{"".join(parts)}</div>{verdict}{message_html(frame.message, info=frame.info)}')

    @staticmethod
    def _log_html(frame: Frame) -> str:
        """The log the board wrote (see :class:`Log`)."""
        log = frame.log
        return log_html(log.entries, position=frame.position, hidden=log.hidden, opening=log.opening, lang=frame.lang)


__all__ = ["LOG_LENGTH", "Button", "Drawing", "Frame", "Log", "Offer", "Spot", "Spots"]

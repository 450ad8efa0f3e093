"""How a board draws itself: one HTML string from the viewer's view (the table, drawn by the
family adapter, then the controls the viewer may use now, the step-through bar and the log),
and the record of what it offered (:class:`Offer`), so messages from the browser can be checked
against it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..core import render_text
from ..render.board import LogEntry, button_html, log_html, message_html, nav_html
from ..render.html import verdict_html

#: A place of one of the viewer's cards: ``("hand", 2)``, ``("open", 0)``, ``("hole", 1)``...
Spot = tuple[str, int]
#: How many moves the log shows (older ones are counted, to keep each update small).
LOG_LENGTH = 40


@dataclass
class Spots:
    """The viewer's cards a click may choose now: face-up ``cards`` (spot -> code), the spots a
    legal move plays (``playable``, highlighted) and face-down ``closed`` slots played blind."""

    cards: dict[Spot, str] = field(default_factory=dict)
    playable: set[Spot] = field(default_factory=set)
    closed: set[int] = field(default_factory=set)


@dataclass(frozen=True)
class Button:
    """A button under the table: a move (``act="move"``; shown disabled when illegal, so a click
    can say why) or a family's own control (``act``, e.g. ``"lasttrick"``).

    >>> Button("Take the pile", "dn-take", move="P1 take").html()
    '<button class="dn-take" data-act="move" data-move="P1 take">Take the pile</button>'
    """

    label: str
    css: str
    move: Any = None
    act: str = "move"
    enabled: bool = True
    title: str = ""

    def html(self) -> str:
        move = "" if self.move is None else str(self.move)
        return button_html(self.label, self.act, css=self.css, move=move, enabled=self.enabled, title=self.title)


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


class DrawingMixin:
    """The page side of :class:`~danish_nb.widgets.board.Board`."""

    def _render(self) -> None:
        """Re-render the one HTML trait (one comm message per update)."""
        html = self._screen_html() if self.screened else self._board_html()
        self._drawing = True
        try:
            with self.widget.hold_sync():
                self.widget.html = html
        finally:
            self._drawing = False

    def _screen_html(self) -> str:
        self._offer = Offer(reveal=True)
        name = f"P{self.viewer + 1}"
        return (f'<div class="dn-privacy"><p>Pass the screen to <b>{name}</b>.</p>'
                f'{button_html(f"I am {name}: show my cards", "reveal", css="dn-reveal dn-primary")}</div>'
                f'{self._log_html()}')

    def _shown_state(self) -> Any:
        return self.game.states()[self.position] if self.position is not None else self.game.state

    def _board_html(self) -> str:
        view = self._shown_state().view(self.viewer, reveal_hands=self.teaching)
        moves = self._my_moves()
        spots = self._spots(view, moves) if moves else Spots()
        self.selection = [s for s in self.selection if s in spots.cards]
        buttons = (self._move_buttons(view, moves) if moves else []) + self._family_buttons(view)
        step = self.live and not self.screened and self.game.current_player in self.agents
        self._offer = Offer(cards=spots.cards, closed=spots.closed, play=bool(self.selection), step=step, nav=True,
                            moves={str(b.move): b.move for b in buttons if b.move is not None},
                            acts=frozenset(b.act for b in buttons if b.move is None and b.enabled))
        return (f"{self._table_html(view, spots)}{self._controls_html(buttons, step)}"
                f"{nav_html(self._shown(), len(self.game.history))}{self._after_nav_html(view)}{self._log_html()}")

    def _controls_html(self, buttons: list[Button], step: bool) -> str:
        parts = []
        if self._offer.cards:
            parts.append(button_html(self._play_label(), "play", css="dn-play dn-primary", enabled=bool(self.selection)))
            parts.append(button_html("Clear", "clear", css="dn-clear", enabled=bool(self.selection)))
        parts += [b.html() for b in buttons]
        if step:
            parts.append(button_html("Let the computer play", "step", css="dn-step"))
        if self._undo_target() is not None:
            parts.append(button_html("Undo my move", "undo", css="dn-undo"))
        checked = " checked" if self.step_mode else ""
        parts.append(f'<label class="dn-step-mode"><input type="checkbox" data-act="stepmode"{checked}> '
                     f'step computer turns</label>')
        if not self.live:
            parts.append('<span class="dn-history-note">Looking back: press » to return to the game.</span>')
        verdict = verdict_html(self.verdict, self.lang) if self.verdict is not None else '<div class="dn-verdict"></div>'
        return (f'<div class="dn-controls">{"".join(parts)}</div>{verdict}'
                f"{message_html(self.message, info=self._info)}")

    def _log_html(self) -> str:
        """The moves the log covers (the last :data:`LOG_LENGTH` of them) with their events and
        the computers' reasons, each written as the viewer may read it (a spectator's while the
        privacy screen is up); the deal's own events before the first move."""
        start, end = self._log_span()
        first = max(start, end - LOG_LENGTH)
        viewer, reveal = (None, False) if self.screened else (self.viewer, self.teaching)
        entries = [self._log_entry(i, viewer, reveal) for i in range(first, end)]
        opening = tuple(e.text_for(viewer, reveal, lang=self.lang) for e in self.game.opening_events) if start == 0 else ()
        return log_html(entries, position=self.position, hidden=first - start, opening=opening)

    def _log_entry(self, index: int, viewer: int | None, reveal: bool) -> LogEntry:
        """Move ``index`` (0-based) of the history as ``viewer`` may read it."""
        step = self.game.history[index]
        why = render_text(self._why.get(index + 1, ""), viewer, reveal, lang=self.lang)
        return LogEntry(index + 1, step.move.text_for(viewer, reveal), self.seats[step.move.player], why,
                        tuple(e.text_for(viewer, reveal, lang=self.lang) for e in step.events))

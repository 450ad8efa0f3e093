"""How a board draws itself: one HTML string from the viewer's view, the controls the viewer may
use now, the step-through bar and the log; and the record of what it offered (so messages from
the browser can be checked against it).
"""

from __future__ import annotations

from typing import Any

from ..core import DanishNbError, render_text
from ..families.shedding import ACTIONS, ShedMove
from ..render.board import LogEntry, button_html, log_html, message_html, nav_html
from ..render.html import verdict_html
from ..render.shedding import table_html

#: Move actions chosen by selecting cards, and the zones their cards come from.
CARD_ACTIONS = {"face-up": ("hand", "open"), "play": ("hand",), "open": ("open",)}
#: Buttons with a class of their own (the DOM contract); other actions get ``dn-move``.
BUTTON_CLASS = {"take": "dn-take", "stock": "dn-stock"}
BUTTON_LABEL = {"take": "Take the pile", "stock": "Play the stock card"}
#: How many moves the log shows (older ones are counted, to keep each update small).
LOG_LENGTH = 40


class DrawingMixin:
    """The page side of :class:`~danish_nb.widgets.board.ShedBoard`."""

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
        self._offer = {"reveal": True}
        name = f"P{self.viewer + 1}"
        return (f'<div class="dn-privacy"><p>Pass the screen to <b>{name}</b>.</p>'
                f'{button_html(f"I am {name}: show my cards", "reveal", css="dn-reveal dn-primary")}</div>'
                f'{self._log_html()}')

    def _board_html(self) -> str:
        state = self.game.states()[self.position] if self.position is not None else self.game.state
        view = state.view(self.viewer, reveal_hands=self.teaching)
        moves = self._my_moves()
        cards: dict[tuple[str, int], str] = {}
        playable: set[tuple[str, int]] = set()
        if moves:
            zones = {z for m in moves for z in CARD_ACTIONS.get(m.action, ())} or {"hand", "open"}
            fitting = {(z, c) for m in moves for z in CARD_ACTIONS.get(m.action, ()) for c in m.cards}
            for zone in ("hand", "open"):
                for i, card in enumerate((view.hands if zone == "hand" else view.open)[self.viewer]):
                    cards[zone, i] = card.code
                    if zone in zones and (zone, card) in fitting:
                        playable.add((zone, i))
        self.selection = [s for s in self.selection if s in cards]
        closed = {i for i in range(view.closed_counts[self.viewer])} if moves and self.viewer is not None else set()
        buttons, offered = self._move_buttons(moves, view)
        step = (self.live and not self.screened and self.game.current_player in self.agents)
        self._offer = {"cards": cards, "closed": closed, "moves": offered, "play": bool(self.selection),
                       "step": step, "nav": True}
        table = table_html(view, self.names(), clickable=bool(cards), playable=playable,
                           selected=set(self.selection), closed_clickable=bool(closed))
        return (f"{table}{self._controls_html(buttons, step)}"
                f"{nav_html(self._shown(), len(self.game.history))}{self._log_html()}")

    def _move_buttons(self, moves: list[ShedMove], view: Any) -> tuple[list[str], dict[str, ShedMove]]:
        """Buttons for the moves that are not chosen by selecting cards; take and stock (if the
        game has them) are shown even when illegal, disabled, so a click can say why."""
        offered: dict[str, ShedMove] = {}
        buttons = []
        if moves:
            extra = {}
            if view.stock_count and self._game_has("stock"):
                extra["stock"] = ShedMove(self.viewer, "stock")
            if view.pile and self._game_has("take"):
                extra["take"] = ShedMove(self.viewer, "take")
            listed = [m for m in moves if m.action not in CARD_ACTIONS and m.action != "closed"]
            for move in listed + [m for a, m in extra.items() if all(x.action != a for x in listed)]:
                offered[str(move)] = move
                legal = move in moves
                label = BUTTON_LABEL.get(move.action, str(move).split(" ", 1)[1])
                buttons.append(button_html(label, "move", css=BUTTON_CLASS.get(move.action, "dn-move"),
                                           move=str(move), enabled=legal, title=ACTIONS.get(move.action, "")))
        return buttons, offered

    def _game_has(self, action: str) -> bool:
        try:
            self.game.parse_move(f"P1 {action}")
        except DanishNbError:
            return False
        return True

    def _controls_html(self, buttons: list[str], step: bool) -> str:
        parts = []
        if self._offer["cards"]:
            label = "Leave these face up" if self._card_action("hand") == "face-up" else "Play selected"
            parts.append(button_html(label, "play", css="dn-play dn-primary", enabled=bool(self.selection)))
            parts.append(button_html("Clear", "clear", css="dn-clear", enabled=bool(self.selection)))
        parts += buttons
        if step:
            parts.append(button_html("Let the computer play", "step", css="dn-step"))
        if self._undo_target() is not None:
            parts.append(button_html("Undo my move", "undo", css="dn-undo"))
        checked = " checked" if self.step_mode else ""
        parts.append(f'<label class="dn-step-mode"><input type="checkbox" data-act="stepmode"{checked}> '
                     f'step computer turns</label>')
        if not self.live:
            parts.append('<span class="dn-history-note">Looking back: press » to return to the game.</span>')
        verdict = verdict_html(self.verdict) if self.verdict is not None else '<div class="dn-verdict"></div>'
        return (f'<div class="dn-controls">{"".join(parts)}</div>{verdict}'
                f"{message_html(self.message, info=self._info)}")

    def _log_html(self) -> str:
        """The last moves with their events and the computers' reasons, each written as the
        viewer may read it (a spectator's while the privacy screen is up)."""
        history = self.game.history
        start = max(0, len(history) - LOG_LENGTH)
        viewer, reveal = self._log_reader()
        entries = [self._log_entry(i, viewer, reveal) for i in range(start, len(history))]
        return log_html(entries, position=self.position, hidden=start,
                        opening=tuple(e.text_for(viewer, reveal) for e in self.game.opening_events))

    def _log_reader(self) -> tuple[int | None, bool]:
        """Who reads the log: the viewer, or nobody in particular behind the privacy screen."""
        return (None, False) if self.screened else (self.viewer, self.teaching)

    def _log_entry(self, index: int, viewer: int | None, reveal: bool) -> LogEntry:
        """Move ``index`` (0-based) of the history as ``viewer`` may read it."""
        step = self.game.history[index]
        why = render_text(self._why.get(index + 1, ""), viewer, reveal)
        return LogEntry(index + 1, step.move.text_for(viewer, reveal), self.seats[step.move.player], why,
                        tuple(e.text_for(viewer, reveal) for e in step.events))

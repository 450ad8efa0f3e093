"""How a board draws itself: one HTML string from the viewer's view (the table, drawn by the
family adapter, then the controls the viewer may use now, the step-through bar and the log),
and the record of what it offered (:class:`Offer`), so messages from the browser can be checked
against it.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from html import escape
from typing import Any

from ..core import render_text
from ..i18n import N_, translator
from ..render.board import LogEntry, button_html, keys_html, log_html, message_html, nav_html
from ..render.html import move_notation, verdict_html
from ..words import move_words

#: A place of one of the viewer's cards: ``("hand", 2)``, ``("open", 0)``, ``("hole", 1)``...
Spot = tuple[str, int]
#: How many moves the log shows (older ones are counted, to keep each update small).
LOG_LENGTH = 40
#: Who sits at a seat, in words (``P2 (rule-of-thumb)``; ``you``: the person at the screen).
SEAT_WORDS = {"you": N_("you"), "human": N_("human"), "random": N_("random"), "rule-of-thumb": N_("rule-of-thumb"),
              "strong": N_("strong")}


@dataclass
class Spots:
    """The viewer's cards a click may choose now: face-up ``cards`` (spot -> code), the spots a
    legal move plays (``playable``, highlighted) and face-down ``closed`` slots played blind."""

    cards: dict[Spot, str] = field(default_factory=dict)
    playable: set[Spot] = field(default_factory=set)
    closed: set[int] = field(default_factory=set)


@dataclass(frozen=True)
class Button:
    """A button under the table: a move, in words (``act="choose"``: a click shows its verdict,
    a second click or the play button plays it; a move that is not legal now is shown muted and
    can still be chosen, to see why) or a family's own control (``act``, e.g. ``"lasttrick"``).

    >>> Button("Take the pile", "dn-take", move="P1 take", shortcut="t").html()
    '<button class="dn-take" data-act="choose" data-move="P1 take" data-key="choose:P1 take" aria-keyshortcuts="t" aria-pressed="false">Take the pile</button>'
    """

    label: str
    css: str
    move: Any = None
    act: str = "choose"
    enabled: bool = True
    title: str = ""
    shortcut: str = ""
    chosen: bool = False

    def html(self) -> str:
        if self.move is None:
            return button_html(self.label, self.act, css=self.css, enabled=self.enabled, title=self.title,
                               shortcut=self.shortcut)
        css = self.css + ("" if self.enabled else " dn-not-legal") + (" dn-chosen" if self.chosen else "")
        return button_html(self.label, self.act, css=css, move=str(self.move), title=self.title,
                           shortcut=self.shortcut, pressed=self.chosen)


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
        tr = translator(self.lang)
        name = f"P{self.viewer + 1}"
        pass_to = escape(tr("Pass the screen to {name}.", name=name))
        shown = escape(tr("Pass the screen to {name}.", name=f"\x00{name}\x01")).replace(
            "\x00", "<b>").replace("\x01", "</b>")
        reveal = button_html(tr("I am {name}: show my cards", name=name), "reveal", css="dn-reveal dn-primary")
        return (f'<div class="dn-privacy"><p>{shown}</p>{reveal}</div>'
                f'<div class="dn-announce" hidden>{pass_to}</div>{self._log_html()}')

    def _shown_state(self) -> Any:
        return self.game.states()[self.position] if self.position is not None else self.game.state

    def _board_html(self) -> str:
        view = self._shown_state().view(self.viewer, reveal_hands=self.teaching)
        moves = self._my_moves()
        spots = self._spots(view, moves) if moves else Spots()
        self.selection = [s for s in self.selection if s in spots.cards]
        buttons = (self._move_buttons(view, moves) if moves else []) + self._family_buttons(view) + self._over_buttons()
        if self.chosen is not None and all(b.move != self.chosen for b in buttons):
            self.chosen = None
        buttons = [replace(b, chosen=True) if b.move is not None and b.move == self.chosen else b for b in buttons]
        step = (self.live and not self.screened and self.game.current_player in self.agents
                and self.thinking is None and not self._paused())
        self._offer = Offer(cards=spots.cards, closed=spots.closed, play=bool(self.selection) or self.chosen is not None,
                            step=step, nav=True, moves={str(b.move): b.move for b in buttons if b.move is not None},
                            acts=frozenset(b.act for b in buttons if b.move is None and b.enabled))
        return (f"{self._recent_html()}{self._table_html(view, spots)}{self._controls_html(buttons, step)}"
                f"{nav_html(self._shown(), len(self.game.history), lang=self.lang)}{self._after_nav_html(view)}"
                f"{self._log_html()}{keys_html(self.lang)}")

    def _over_buttons(self) -> list[Button]:
        """Once the game is over (and shown as it is now): "Play again" (where the app offers it)
        and "Review my game" (for a human seat)."""
        if not (self.live and self.game.is_over):
            return []
        buttons = [Button(N_("Play again"), "dn-again dn-primary", act="again")] if self.on_play_again else []
        if "human" in self.seats:
            buttons.append(Button(N_("Review my game"), "dn-review", act="review"))
        return buttons

    def _over_html(self) -> str:
        """Who won, said once the game is over (shown as it is now): "You won!" to the winner."""
        result = self.game.result
        if not self.live or result is None:
            return ""
        tr = translator(self.lang)
        won = (not result.draw and bool(result.order) and result.order[0] == self.viewer
               and self.viewer is not None and self.seats[self.viewer] == "human")
        head = tr("You won!") if won else tr("Game over")
        return (f'<div class="dn-game-over" role="status"><b>{escape(head)}</b> '
                f'{escape(result.reason_in(self.lang))}</div>')

    def _recent_html(self) -> str:
        """What just happened (the last move shown, as the viewer may read it), then whose turn
        it is: shown on top of the table, and announced to screen readers by the page's live
        region (``dn-announce``), with any message."""
        shown = self._shown()
        recent = ""
        if shown > self._log_span()[0]:  # a move of the deal shown (a new deal starts afresh)
            step = self.game.history[shown - 1]
            events = [e.text_for(self.viewer, self.teaching, lang=self.lang) for e in step.events]
            recent = escape("; ".join(events) or move_words(step.move, self.viewer, lang=self.lang,
                                                            reveal_hands=self.teaching, player=True))
        state = self._shown_state()
        tr = translator(self.lang)
        if state.result is not None:
            turn = tr("Game over: {reason}", reason=state.result.reason_in(self.lang))
        elif state.current_player is not None:
            turn = tr("{name} to play", name=self.names()[state.current_player])
        else:
            turn = ""
        just_now = escape(tr("Just now:"))
        just = f'<div class="dn-just" aria-hidden="true"><b>{just_now}</b> {recent}</div>' if recent else ""
        spoken = ". ".join(t for t in (recent, escape(turn), escape(self.message)) if t)
        return f'{just}<div class="dn-announce" hidden>{spoken}</div>'

    def _words(self, text: Any) -> str:
        """A label, a title or a move's words in the board's language, as the viewer may read it
        (no title stays none: gettext translates ``''`` into its catalogue's header)."""
        if isinstance(text, str):
            return translator(self.lang).render(text) if text else ""
        return render_text(text, self.viewer, self.teaching, lang=self.lang)

    def _controls_html(self, buttons: list[Button], step: bool) -> str:
        tr = translator(self.lang)
        buttons = [replace(b, label=self._words(b.label), title=self._words(b.title))  # in the board's language
                   for b in buttons]
        parts = []
        if self._offer.cards or self.chosen is not None:
            chosen = next((b.label for b in buttons if b.chosen), "")
            label = tr("Confirm: {chosen}", chosen=chosen) if chosen else tr.render(self._play_label())
            parts.append(button_html(label, "play", css="dn-play dn-primary", enabled=self._offer.play, shortcut="p"))
            parts.append(button_html(tr("Clear"), "clear", css="dn-clear", enabled=self._offer.play, shortcut="Escape"))
        parts += [b.html() for b in buttons]
        if step:
            parts.append(button_html(tr("Let the computer play"), "step", css="dn-step", shortcut="c"))
        if self._undo_target() is not None:
            parts.append(button_html(tr("Undo my move"), "undo", css="dn-undo", shortcut="u"))
        if self.agents:  # only where the board plays computer seats (not at a class table, nor all humans)
            checked = " checked" if self.step_mode else ""
            step_words = escape(tr("Step through computer turns"))
            parts.append(f'<label class="dn-step-mode"><input type="checkbox" data-act="stepmode" data-key="stepmode:"'
                         f'{checked}> {step_words}</label>')
        if not self.live:
            looking_back = escape(tr("Looking back: press » to return to the game."))
            parts.append(f' <span class="dn-history-note">{looking_back}</span>')
        verdict = verdict_html(self.verdict, self.lang, viewer=self.viewer, reveal_hands=self.teaching,
                               notation=self.notation) if self.verdict is not None else '<div class="dn-verdict"></div>'
        actions = escape(tr("actions"))
        return (f'{self._over_html()}<div class="dn-controls" role="group" aria-label="{actions}">{"".join(parts)}</div>'
                f'{verdict}{message_html(self.message, info=self._info)}')

    def _log_html(self) -> str:
        """The moves the log covers (the last :data:`LOG_LENGTH` of them) with their events and
        the computers' reasons, each written as the viewer may read it (a spectator's while the
        privacy screen is up); the deal's own events before the first move."""
        start, end = self._log_span()
        first = max(start, end - LOG_LENGTH)
        viewer, reveal = (None, False) if self.screened else (self.viewer, self.teaching)
        entries = [self._log_entry(i, viewer, reveal) for i in range(first, end)]
        opening = tuple(e.text_for(viewer, reveal, lang=self.lang) for e in self.game.opening_events) if start == 0 else ()
        return log_html(entries, position=self.position, hidden=first - start, opening=opening, lang=self.lang)

    def _log_entry(self, index: int, viewer: int | None, reveal: bool) -> LogEntry:
        """Move ``index`` (0-based) of the history as ``viewer`` may read it: who played it, then
        what happened in words (every move has its events); its notation only if asked for."""
        step = self.game.history[index]
        why = render_text(self._why.get(index + 1, ""), viewer, reveal, lang=self.lang)
        who = translator(self.lang).render(SEAT_WORDS[self.seats[step.move.player]])
        events = tuple(e.text_for(viewer, reveal, lang=self.lang) for e in step.events) or \
            (move_words(step.move, viewer, lang=self.lang, reveal_hands=reveal),)
        return LogEntry(index + 1, f"P{step.move.player + 1}", who, why, events,
                        move_notation(step.move, viewer, reveal) if self.notation else "")

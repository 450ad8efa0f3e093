"""An interactive board for the shedding games (Danish Bastard, Le danish).

The board is driven only by the engine: ``state.legal_moves()`` says what is playable,
``state.explain(move)`` gives every verdict, ``state.view(player)`` is all that is drawn.
It is one :class:`~danish_nb.widgets.pad.HtmlPad` model whose HTML is re-rendered in place;
clicks come back as messages that are checked against what the board offered, then by the
engine, so a forged message changes nothing and gets a message on the board.

>>> import danish_nb as dn
>>> board = ShedBoard(dn.new_game("danish-bastard", players=3, seed=7))
>>> board.click_card(board.game.state.hands[0][0].code).legal is False  # swap phase: choose 3
True
>>> board.play(str(board.game.legal_moves()[0])).legal   # then the computers reply
True
>>> board.game.current_player
0
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from ..agents import make_agent
from ..cards import Card, CardParseError
from ..core import DanishNbError, Game, IllegalMove, OptionsError, Text, Verdict, render_text
from ..families.shedding import ShedMove
from .drawing import CARD_ACTIONS, DrawingMixin
from .messages import MessagesMixin
from .pad import HtmlPad

#: Seat kinds: a person at the screen, or a computer player by name.
SEAT_KINDS = ("human", "random", "rule-of-thumb")
#: The most computer moves played in a row without a human.
AUTO_LIMIT = 5000


class ShedBoard(DrawingMixin, MessagesMixin):
    """A board for one shedding game; ``seats`` says who plays each seat.

    ``teaching=True`` shows every hand (never a face-down card). ``step_mode=True`` makes
    computer seats wait for :meth:`step_computer` instead of replying at once.
    The Python methods mirror the clicks and return the verdict they showed (or ``None``);
    a refused action sets :attr:`message` and changes nothing.
    """

    def __init__(self, game: Game, seats: Sequence[str] | None = None, *, teaching: bool = False,
                 step_mode: bool = False):
        seats = tuple(seats) if seats is not None else ("human",) + ("rule-of-thumb",) * (game.players - 1)
        if len(seats) != game.players:
            raise OptionsError(f"give one seat per player: {game.players}, not {len(seats)}")
        bad = [s for s in seats if s not in SEAT_KINDS]
        if bad:
            raise OptionsError(f"unknown seat {bad[0]!r}; seats are {', '.join(SEAT_KINDS)}")
        self.game = game
        self.seats = seats
        self.teaching = teaching
        self.step_mode = step_mode
        self.agents = {seat: make_agent(kind, game.rules.id, seed=(game.seed or 0) * 101 + seat)
                       for seat, kind in enumerate(seats) if kind != "human"}
        humans = [seat for seat, kind in enumerate(seats) if kind == "human"]
        self.viewer: int | None = humans[0] if humans else None
        self.screened = False
        self.position: int | None = None
        self.selection: list[tuple[str, int]] = []
        self.verdict: Verdict | None = None
        self.message = ""
        self._info = False
        self._why: dict[int, Text] = {}
        self._offer: dict[str, Any] = {}
        self._busy = False
        self._drawing = False
        self.widget = HtmlPad()
        self.widget.add_class("dn-board-widget")
        self.widget.on_msg(self._on_msg)
        self.widget.observe(self._on_html_set, names="html")
        game.listeners.append(self._on_game_change)
        if humans:
            self._run_computers()
        self._follow_turn()
        self._render()

    def close(self) -> None:
        """Stop following the game and close the widget (and its layout)."""
        if self._on_game_change in self.game.listeners:
            self.game.listeners.remove(self._on_game_change)
        self.widget.layout.close()
        self.widget.close()

    @contextmanager
    def _acting(self) -> Iterator[None]:
        """The board changes the game itself: draw once at the end, not on every change."""
        self._busy = True
        try:
            yield
        finally:
            self._busy = False

    def _on_game_change(self, _game: Game) -> None:
        """The game changed outside the board (e.g. ``game.play`` in a notebook cell)."""
        if self._busy:
            return
        if self.position is not None and self.position > len(self.game.history):
            self.position = None
        self.selection = []
        self.verdict = None
        self._follow_turn()
        self._render()

    # ------------------------------------------------------------------ reading
    @property
    def verdict_text(self) -> str:
        """The last verdict shown, as one line (``''`` if none)."""
        return self.verdict.summary() if self.verdict is not None else ""

    @property
    def html(self) -> str:
        return self.widget.html

    @property
    def live(self) -> bool:
        """Whether the board shows the game as it is now (not a past position)."""
        return self.position is None

    def names(self) -> tuple[str, ...]:
        def name(seat: int) -> str:
            kind = self.seats[seat]
            who = "you" if seat == self.viewer and kind == "human" else kind
            return f"P{seat + 1} ({who})"
        return tuple(name(seat) for seat in range(self.game.players))

    def _my_turn(self) -> bool:
        state = self.game.state
        return (self.live and not self.screened and self.viewer is not None
                and state.current_player == self.viewer and self.seats[self.viewer] == "human")

    def _my_moves(self) -> list[ShedMove]:
        return self.game.legal_moves() if self._my_turn() else []

    # ------------------------------------------------------------------ card selection
    def click_card(self, code: str, zone: str | None = None) -> Verdict | None:
        """Select or unselect one of your face-up cards (``'7H'`` or ``'7♥'``; the first match
        in hand, then open, unless ``zone`` says) and show the verdict of playing the selection."""
        try:
            code = Card.parse(code).code
        except CardParseError as exc:
            return self._refuse(str(exc))
        spots = [spot for spot, c in self._offer.get("cards", {}).items()
                 if c == code and (zone is None or spot[0] == zone)]
        if not spots:
            return self._refuse(f"{code} is not one of your cards you can select now")
        chosen = [s for s in spots if s in self.selection]
        return self._toggle(chosen[0] if chosen else spots[0])

    def _toggle(self, spot: tuple[str, int]) -> Verdict | None:
        self.message = ""
        if spot in self.selection:
            self.selection.remove(spot)
        else:
            action = self._card_action(spot[0])
            zones = CARD_ACTIONS.get(action, (spot[0],))
            self.selection = [s for s in self.selection if s[0] in zones] + [spot]
        self.verdict = self._selection_verdict()
        self._render()
        return self.verdict

    def _card_action(self, zone: str) -> str:
        actions = {m.action for m in self._my_moves()}
        if "face-up" in actions:
            return "face-up"
        return "play" if zone == "hand" else "open"

    def _selected_move(self) -> ShedMove | None:
        if not self.selection:
            return None
        view = self.game.state.view(self.viewer)
        cards = [self._card_at(view, spot) for spot in self.selection]
        action = self._card_action(self.selection[-1][0])
        candidate = ShedMove(self.viewer, action, tuple(cards))
        for move in self._my_moves():  # the engine's own order of the same cards
            if move.action == action and Counter(move.cards) == Counter(cards):
                return move
        return candidate

    def _card_at(self, view: Any, spot: tuple[str, int]) -> Any:
        zone, index = spot
        return (view.hands if zone == "hand" else view.open)[self.viewer][index]

    def _selection_verdict(self) -> Verdict | None:
        move = self._selected_move()
        return None if move is None else self.game.state.explain(move)

    def clear_selection(self) -> None:
        self.selection = []
        self.verdict = None
        self._render()

    # ------------------------------------------------------------------ playing
    def play_selected(self) -> Verdict | None:
        """Play the selected cards (or say why not)."""
        if not self._offer.get("play"):
            return self._refuse("nothing is selected to play")
        return self._try(self._selected_move())

    def click_closed(self, index: int) -> Verdict | None:
        """Play your face-down card at ``index`` (0-based) blind."""
        if index not in self._offer.get("closed", ()):
            return self._refuse(f"face-down card {index + 1} is not yours to play now")
        return self._try(ShedMove(self.viewer, "closed", (), index))

    def play(self, text: str) -> Verdict | None:
        """Play a move written in notation (``'P1 take'``) for the human at the screen."""
        move = self.game.parse_move(text)
        if not self._my_turn() or move.player != self.viewer:
            return self._refuse(f"{text!r}: it is not your turn to play that")
        return self._try(move)

    def _try(self, move: ShedMove) -> Verdict:
        verdict = self.game.state.explain(move)
        self.verdict = verdict
        if not verdict.legal:
            self._say(f"Not played. {verdict.summary()}")
            return verdict
        try:
            with self._acting():
                self.game.play(move)
        except IllegalMove as exc:  # explain and apply disagree: trust apply, show why
            self.verdict = exc.verdict
            self._say(f"Not played. {exc.verdict.summary()}")
            return exc.verdict
        self._why.pop(len(self.game.history), None)
        self.selection = []
        self.verdict = None
        self.message = ""
        if not self.step_mode:
            self._run_computers()
        self._follow_turn()
        self._render()
        return verdict

    def step_computer(self) -> str:
        """Let the computer whose turn it is play one move; returns its reason, every card named
        (the log shows each viewer only what they may read)."""
        if not self._offer.get("step"):
            self._refuse("it is not a computer's turn (or the board shows a past position)")
            return ""
        try:
            why = self._computer_move()
        except DanishNbError as exc:
            self._say(f"The computer player could not move: {exc}")
            return ""
        self.verdict = None
        self._follow_turn()
        self._render()
        return why

    def _computer_move(self) -> str:
        seat = self.game.current_player
        choice = self.agents[seat].choose(self.game.state)
        with self._acting():
            self.game.play(choice.move)
        self._why[len(self.game.history)] = choice.why
        return render_text(choice.why, omniscient=True)

    def _run_computers(self) -> None:
        try:
            for _ in range(AUTO_LIMIT):
                seat = self.game.current_player
                if seat is None or seat not in self.agents:
                    return
                self._computer_move()
        except DanishNbError as exc:  # a computer player's bug must not break the board
            self.message = f"The computer player could not move: {exc}"

    def _follow_turn(self) -> None:
        """Hand the screen to the human whose turn it is (behind a privacy screen if another
        human was looking, unless every hand is shown anyway)."""
        seat = self.game.current_player
        if seat is None or self.seats[seat] != "human" or seat == self.viewer:
            return
        self.screened = not self.teaching and self.viewer is not None
        self.viewer = seat
        self.selection = []
        self.verdict = None

    def reveal(self) -> None:
        """The human whose turn it is lifts the privacy screen."""
        if not self._offer.get("reveal"):
            self._refuse("there is nothing to reveal")
            return
        self.screened = False
        self.message = ""
        self._render()

    def undo(self) -> None:
        """Take back your last move (and the computer moves after it)."""
        target = self._undo_target()
        if target is None:
            self._refuse("there is no move of yours to take back")
            return
        while len(self.game.history) > target:
            with self._acting():
                self.game.undo()
            self._why.pop(len(self.game.history) + 1, None)
        self.selection = []
        self.verdict = None
        self._say("Your last move was taken back.", info=True)

    def _undo_target(self) -> int | None:
        if not self.live or self.screened or self.viewer is None:
            return None
        for index in range(len(self.game.history) - 1, -1, -1):
            player = self.game.history[index].move.player
            if self.seats[player] == "human":
                return index if player == self.viewer else None
        return None

    # ------------------------------------------------------------------ stepping through
    def goto(self, position: int | None) -> None:
        """Show the position after ``position`` moves (``None`` or the last: the game now)."""
        last = len(self.game.history)
        if position is not None and not 0 <= position <= last:
            self._refuse(f"there is no position {position}; choose 0 to {last}")
            return
        self.position = None if position is None or position == last else position
        self.selection = []
        self.verdict = None
        self.message = ""
        self._render()

    def first(self) -> None:
        self.goto(0)

    def back(self) -> None:
        self.goto(max(0, self._shown() - 1))

    def forward(self) -> None:
        self.goto(min(len(self.game.history), self._shown() + 1))

    def last(self) -> None:
        self.goto(None)

    def _shown(self) -> int:
        return len(self.game.history) if self.position is None else self.position

    def set_teaching(self, on: bool) -> None:
        """Show every hand (never a face-down card), or only the viewer's."""
        self.teaching = bool(on)
        self._render()

    def set_step_mode(self, on: bool) -> None:
        self.step_mode = bool(on)
        if not self.step_mode and self.live and not self.screened:
            self._run_computers()
            self._follow_turn()
        self._render()

    # ------------------------------------------------------------------ messages
    def _say(self, text: str, info: bool = False) -> None:
        self.message = text
        self._info = info
        self._render()

    def _refuse(self, text: str) -> None:
        self._say(f"Ignored: {text}.")
        return None

    # ------------------------------------------------------------------ display
    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

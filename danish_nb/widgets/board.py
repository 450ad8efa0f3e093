"""The one board every game family shares, driven only by the engine: ``state.legal_moves()``
says what is playable, ``state.explain(move)`` gives every verdict, ``state.view(player)`` is
all that is drawn.

:class:`Board` owns the game session: the seats (a person, or a computer player by name), the
viewer (in hot seat, the human whose turn it is, behind a privacy screen), the selection and the
verdict shown before playing, computer turns and their reasons, undo, stepping back and forth,
teaching mode, the log, and the checks on every message from the browser (against what the page
offered, then by the engine). It is one :class:`~danish_nb.widgets.pad.HtmlPad` model whose HTML
is re-rendered in place: one comm message per update. Another pad can carry the same HTML and
messages (``pad=``, e.g. :class:`danish_nb.web.pad.PagePad` in a Web Worker): the widget packages
are then never imported.

Two collaborators are given to it or made by it, never patched from outside: its
:class:`~danish_nb.widgets.seating.Seating` (who sits where and where moves go: one screen by
default, one learner's seat at a class table) and its
:class:`~danish_nb.widgets.computers.ComputerPlayers` (the computer seats and the thread of the
one searching in the background).

The board is the controller; the page is drawn by its view, a
:class:`~danish_nb.widgets.drawing.Drawing` (``board.drawing``, writing to the pad), from a
read-only :class:`~danish_nb.widgets.drawing.Frame` the board makes before each drawing
(:meth:`Board.frame`): the drawing reads what the viewer may see and changes nothing of the board's.

A family adapter is a small subclass (:class:`~danish_nb.widgets.shed_board.ShedBoard`,
:class:`~danish_nb.widgets.tricks_board.TrickBoard`, :class:`~danish_nb.widgets.rat_board.RatBoard`)
saying which of the viewer's cards a click may choose (:meth:`Board._spots`), what a selection
or a face-down card plays (:meth:`Board._selected_move`, :meth:`Board._closed_move`) and which
moves are buttons (:meth:`Board._move_buttons`); its drawing (``DRAWING``: e.g.
:class:`~danish_nb.widgets.shed_board.ShedDrawing`) says how the table is drawn.
"""

from __future__ import annotations

import functools
import threading
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import replace
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from ..cards import Card
from ..core import DanishNbError, Game, MoveParseError, OptionsError, Text, Verdict, render_text
from ..i18n import N_, M, Message, check_lang, in_turn, translator
from ..render.board import LogEntry
from ..render.html import move_notation
from ..words import SEAT_KINDS, SEAT_WORDS, move_words
from .computers import ComputerPlayers, Search
from .drawing import LOG_LENGTH, Button, Drawing, Frame, Log, Offer, Spot, Spots
from .messages import handle_message
from .news import NOT_PLAYED, News
from .seating import Seating

if TYPE_CHECKING:  # imported on first use: a board on another pad needs no widget package
    import ipywidgets

    from .coach import CoachPanel

#: The most computer moves played in a row without a human.
AUTO_LIMIT = 5000


#: What the board says while a slow computer player searches in the background.
THINKING = M("{name} is thinking... {percent}%")
#: What a move asked for meanwhile is told.
WAIT = M("{name} is thinking: wait for its move.")
#: The browser's actions that would change the game (refused while a computer thinks).
PLAY_ACTS = frozenset({"card", "closed", "move", "choose", "play", "step", "clear"})

_F = TypeVar("_F", bound=Callable[..., Any])


def _locked(method: _F) -> _F:
    """Run a board method under the board's lock: a computer's move found in the background is
    played only between two messages, never in the middle of one."""
    @functools.wraps(method)
    def wrapper(self: Board, *args: Any, **kwargs: Any) -> Any:
        with self._lock:
            return method(self, *args, **kwargs)
    return wrapper  # type: ignore[return-value]


class Board(ABC):
    """A board for one game; ``seats`` says who plays each seat (default: a human, then
    rule-of-thumb players).

    ``teaching=True`` shows every hand (never a face-down card). ``step_mode=True`` makes
    computer seats wait for :meth:`step_computer` instead of replying at once. A slow computer
    player (one with ``slow = True``, the "strong" one) searches in a background thread when
    ``background=True`` (the default): the board shows its progress and answers meanwhile
    (moves are refused until it has played; undo or a change to the game drops its search);
    :meth:`wait` waits for it. ``background=False`` plays it at once, like the others.
    ``pad`` is where the HTML goes and the browser's messages come from: by default an anywidget
    :class:`~danish_nb.widgets.pad.HtmlPad`; any object with a writable ``html``, ``on_msg(callback)``
    (called with the pad, the message and its buffers), ``hold_sync()`` and ``close()`` will do.
    ``seating`` says who sits at the board and where its moves go (default: one screen, see
    :mod:`~danish_nb.widgets.seating`; a class table's board has its own).
    The Python methods mirror the clicks and return the verdict they showed (or ``None``);
    a refused action sets :attr:`message` and changes nothing.
    """

    def __init__(self, game: Game, seats: Sequence[str] | None = None, *, teaching: bool = False,
                 step_mode: bool = False, lang: str = "en", background: bool = True, notation: bool = False,
                 confirm: bool = False, pad: Any = None, seating: Seating | None = None):
        self.lang = check_lang(lang)
        #: Show each move's notation next to its words (for teachers; learners read words).
        self.notation = notation
        #: A legal move button waits for a second click (or "Confirm") before it is played: for
        #: teaching; by default one click plays it.
        self.confirm = confirm
        #: What "Play again" does once the game is over (the app deals a new game); ``None``: no
        #: such button.
        self.on_play_again: Callable[[], Any] | None = None
        #: What "Review my game" does once the game is over (the app's coach); ``None``: the
        #: board's own coach panel under it (widgets/coach.py).
        self.on_review: Callable[[], Any] | None = None
        seats = tuple(seats) if seats is not None else ("human",) + ("rule-of-thumb",) * (game.players - 1)
        if len(seats) != game.players:
            raise OptionsError(f"give one seat per player: {game.players}, not {len(seats)}")
        bad = [s for s in seats if s not in SEAT_KINDS]
        if bad:
            raise OptionsError(f"unknown seat {bad[0]!r}; seats are {', '.join(SEAT_KINDS)}")
        self.game = game
        self.seats = seats
        #: Who sits at the board and where its moves go.
        self.seating = seating = seating if seating is not None else Seating()
        self.teaching = teaching
        self.step_mode = step_mode
        #: The computer players the board plays (none where the seating plays them) and their searches.
        self.computers = ComputerPlayers(game.rules.id, seats if seating.plays_computers else (),
                                         seed=game.seed or 0, background=background)
        self.viewer: int | None = seating.viewer(seats)
        self.screened = False
        self.position: int | None = None
        self.selection: list[Spot] = []
        self.chosen: Any = None
        self.verdict: Verdict | None = None
        #: Called with the verdict of each illegal move the human tries (practice counts them).
        self.tried: list[Callable[[Verdict], None]] = []
        self.message = ""
        self._info = False
        self._why: dict[int, Text] = {}
        self._offer = Offer()
        self._busy = False
        #: The browser's action being handled (a seating may say why it was refused).
        self._act = ""
        #: What the last drawing showed around the game (:meth:`Seating.around`).
        self._around: tuple[Any, ...] = ()
        self._lock = threading.RLock()
        if pad is None:
            from .pad import HtmlPad

            pad = HtmlPad()
            pad.add_class("dn-board-widget")
            pad.observe(self._on_html_set, names="html")
        self.widget = pad
        #: The view: draws each :meth:`frame` on the pad.
        self.drawing = self.DRAWING(pad)
        #: What the board says to a screen reader (each move, verdict and message once).
        self.news = News()
        self.widget.on_msg(self._on_msg)
        self._coach: CoachPanel | None = None
        self._box: ipywidgets.VBox | None = None
        game.listeners.append(self._on_game_change)
        with self._lock:  # a computer's move found in the background waits for the first drawing
            if "human" in seats:
                self._run_computers()
            self._follow_turn()
            self._render()

    @property
    def agents(self) -> dict[int, Any]:
        """The computer player of each seat the board plays."""
        return self.computers.agents

    #: A family's own controls: browser action -> board method (e.g. ``{"lasttrick": "show_last_trick"}``).
    FAMILY_ACTS: ClassVar[dict[str, str]] = {}
    #: The family's view: how its table is drawn.
    DRAWING: ClassVar[type[Drawing]]

    @property
    def offer(self) -> Offer:
        """What the page last drawn offered (cards, face-down cards, moves, controls): a message
        from the browser asking for anything else is refused."""
        return self._offer

    @property
    def background(self) -> bool:
        """Whether a slow computer player searches in a background thread."""
        return self.computers.background

    @property
    def coach(self) -> CoachPanel:
        """The Hint / Review my game panel (widgets/coach.py), made on first use."""
        if self._coach is None:
            from .coach import CoachPanel

            self._coach = CoachPanel(self)
        return self._coach

    @property
    def box(self) -> ipywidgets.VBox:
        """The board with its coach panel underneath: display this to offer hints."""
        if self._box is None:
            import ipywidgets

            self._box = ipywidgets.VBox([self.widget, self.coach.widget])
        return self._box

    # ------------------------------------------------------------------ the family adapter
    @abstractmethod
    def _spots(self, view: Any, moves: list[Any]) -> Spots:
        """The viewer's cards a click may choose now (``moves``: the viewer's legal moves)."""

    def _select(self, spot: Spot) -> list[Spot]:
        """The selection after clicking the unselected ``spot`` (default: that card alone)."""
        return [spot]

    @abstractmethod
    def _selected_move(self) -> Any:
        """The move the (non-empty) selection makes: the engine's own legal move when there is
        one, else a candidate whose verdict says why not."""

    def _closed_move(self, index: int) -> Any:
        """The move that plays the viewer's face-down card at slot ``index`` blind."""
        raise DanishNbError("this game has no face-down cards to play")

    @abstractmethod
    def _move_buttons(self, view: Any, moves: list[Any]) -> list[Button]:
        """The moves offered as buttons (those not made by choosing cards)."""

    def _family_buttons(self, view: Any) -> list[Button]:
        """The family's own controls (act buttons, listed in ``FAMILY_ACTS``)."""
        return []

    def _play_label(self) -> str:
        return N_("Play selected")

    def _incomplete(self) -> str | Message:
        """A note when the selection is not yet a whole move (e.g. 2 of the 3 face-up cards),
        shown instead of a verdict; ``''`` when the selection is a move to judge."""
        return ""

    def _family_frame(self) -> Any:
        """What the family's drawing reads besides the frame's common fields (``Frame.family``)."""
        return None

    def _log_span(self) -> tuple[int, int]:
        """The moves (``start``, ``end``: 0-based, end excluded) the log is about."""
        return 0, len(self.game.history)

    # ------------------------------------------------------------------ the session
    def close(self) -> None:
        """Stop following the game (dropping a computer's search) and close the widget (and its layout)."""
        with self._lock:
            self._drop_thinking()
        if self._on_game_change in self.game.listeners:
            self.game.listeners.remove(self._on_game_change)
        if self._coach is not None:
            self._coach.close()
        if self._box is not None:
            self._box.layout.close()
            self._box.close()
        if getattr(self.widget, "layout", None) is not None:  # a widget's layout model
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

    @_locked
    def _on_game_change(self, _game: Game) -> None:
        """The game changed outside the board (e.g. ``game.play`` in a notebook cell): a
        computer's search for the old position is dropped."""
        note = self.seating.game_changed(self, _game, self._busy)
        if note is not None:
            self.message, self._info = translator(self.lang).render(note), False
        if self._busy:
            return
        self._drop_thinking()
        if self.position is not None and self.position > len(self.game.history):
            self.position = None
        self._reset_choice()
        self._follow_turn()
        self._render()

    @property
    def verdict_text(self) -> str:
        """The last verdict shown, as one line (``''`` if none)."""
        return self.verdict.summary(self.lang) if self.verdict is not None else ""

    @property
    def html(self) -> str:
        return self.widget.html

    @property
    def live(self) -> bool:
        """Whether the board shows the game as it is now (not a past position)."""
        return self.position is None

    def names(self) -> tuple[str, ...]:
        """Each seat in words, as the seating names them (``P1 (you)``...)."""
        return self.seating.names(self)

    def redraw_if_changed(self) -> bool:
        """Draw the board again if what it shows around the game changed since the last drawing
        (at a class table: a seat's name or presence, the table closed, the seat opened on another
        device; no move changes those). Whether it did."""
        if self.seating.around(self) == self._around:
            return False
        self._render()
        return True

    def my_turn(self) -> bool:
        """Whether the viewer, a human, may move now: the board live, unscreened, not paused, its turn."""
        return (self.live and not self.screened and self.viewer is not None and not self._paused()
                and self.game.current_player == self.viewer and self.seats[self.viewer] == "human"
                and self.seating.may_move())

    def _paused(self) -> bool:
        """Whether play waits for the learner to read what just ended (a trick game's deal)."""
        return False

    def _my_moves(self) -> list[Any]:
        return self.game.legal_moves() if self.my_turn() else []

    # ------------------------------------------------------------------ card selection
    @_locked
    def click_card(self, code: str, zone: str | None = None) -> Verdict | None:
        """Select or unselect one of your face-up cards (``'7H'`` or ``'7♥'``; the first match,
        unless ``zone`` says) and show the verdict of the move the selection makes."""
        try:
            code = Card.parse(code).code
        except DanishNbError as exc:
            return self._refuse(exc)
        spots = [spot for spot, c in self._offer.cards.items() if c == code and (zone is None or spot[0] == zone)]
        if not spots:
            return self._refuse(M("{code} is not one of your cards you can select now", code=code))
        chosen = [s for s in spots if s in self.selection]
        return self._toggle(chosen[0] if chosen else spots[0])

    @_locked
    def select_spot(self, spot: Spot) -> Verdict | None:
        """Select or unselect the card at ``spot`` (``("hand", 2)``), as the page offered it, and
        show the verdict of the move the selection makes."""
        if spot not in self._offer.cards:
            return self._refuse(M("a card the board did not offer"))
        return self._toggle(spot)

    def _toggle(self, spot: Spot) -> Verdict | None:
        self.seating.choosing()
        self.message = ""
        self.chosen = None
        if spot in self.selection:
            self.selection.remove(spot)
        else:
            self.selection = self._select(spot)
        note = self._incomplete() if self.selection else ""
        self.verdict = self.game.state.explain(self._selected_move()) if self.selection and not note else None
        if note:
            self.message, self._info = translator(self.lang).render(note), True
        self._render()
        return self.verdict

    @_locked
    def choose(self, text: Any) -> Verdict | None:
        """Choose a move offered as a button (a bid, taking the pile, sending it...): a legal move
        is played at once (with :attr:`confirm`, its verdict is shown first, and choosing it again
        or :meth:`play_selected` plays it); an illegal one shows its verdict and offers no Confirm."""
        self.seating.choosing()
        try:
            move = self.game.parse_move(text) if isinstance(text, str) else text
        except DanishNbError as exc:
            return self._refuse(exc)
        if str(move) not in self._offer.moves:
            return self._refuse(M("“{move}” is not a move offered now", move=self._words_of(move)))
        move = self._offer.moves[str(move)]
        verdict = self.game.state.explain(move)
        if self.chosen == move or (verdict.legal and not self.confirm):
            return self._try(move)
        self.selection = []
        self.chosen = move if verdict.legal else None
        self.message = ""
        self.verdict = verdict
        self._render()
        return self.verdict

    def _reset_choice(self) -> None:
        self.selection = []
        self.chosen = None
        self.verdict = None

    @_locked
    def clear_selection(self) -> None:
        self._reset_choice()
        self._render()

    # ------------------------------------------------------------------ playing
    @_locked
    def play_selected(self) -> Verdict | None:
        """Play the selected cards or the chosen move (or say why not)."""
        if not self._offer.play:
            return self._refuse(M("nothing is selected to play"))
        if self.chosen is not None:
            return self._try(self.chosen)
        if self._incomplete():
            return self._refuse(translator(self.lang).render(self._incomplete()).rstrip("."))
        return self._try(self._selected_move())

    @_locked
    def click_closed(self, index: int) -> Verdict | None:
        """Play your face-down card at slot ``index`` (0-based) blind."""
        if index not in self._offer.closed:
            return self._refuse(M("there is no face-down card of yours at position {n} to play now", n=index + 1))
        return self._try(self._closed_move(index))

    @_locked
    def play(self, text: str) -> Verdict | None:
        """Play a move written in notation (``'P1 take'``) for the human at the screen."""
        move = self.game.parse_move(text)
        if not self.my_turn() or move.player != self.viewer:
            return self._refuse(M("“{move}”: it is not your turn to play that", move=self._words_of(move)))
        return self._try(move)

    @_locked
    def play_move(self, move: Any) -> Verdict | None:
        """Play a move the page offers as a button at once (no Confirm step), or say why not."""
        if str(move) not in self._offer.moves:
            return self._refuse(M("“{move}” is not a move offered now", move=self._words_of(move)))
        return self._try(self._offer.moves[str(move)])

    def _words_of(self, move: Any) -> str:
        """A move in words as the viewer may read it, in the board's language."""
        return move_words(move, self.viewer, lang=self.lang, reveal_hands=self.teaching)

    def _try(self, move: Any) -> Verdict:
        """Check ``move`` with the engine and, if it is legal, play it (through :meth:`_store`)."""
        verdict = self.game.state.explain(move)
        self.verdict = verdict
        if not verdict.legal:
            for listener in list(self.tried):
                listener(verdict)
            self._say(translator(self.lang).render(NOT_PLAYED))
            return verdict
        with self._acting():
            refusal = self.seating.store(self, move)
        if refusal is not None:
            self._say(translator(self.lang).render(refusal))
            return self.verdict or verdict
        self._why.pop(len(self.game.history), None)
        self._on_step()
        self._reset_choice()
        self.message = ""
        if not self.step_mode:
            self._run_computers()
        self._follow_turn()
        self._render()
        return verdict

    @_locked
    def step_computer(self) -> str:
        """Let the computer whose turn it is play one move; returns its reason, every card named
        (the log shows each viewer only what they may read), or ``''`` when a slow player starts
        thinking in the background (its reason comes with its move)."""
        if self.thinking is not None:
            self._say(self._wait_text())
            return ""
        if not self._offer.step:
            self._refuse(M("it is not a computer's turn (or the board shows a past position)"))
            return ""
        if self.computers.slow(self.game.current_player):
            self._think(self.game.current_player)
            self._render()
            return ""
        try:
            why = self._computer_move()
        except DanishNbError as exc:
            self._say(M("The computer player could not move: {error}", error=exc.text_in(self.lang)))
            return ""
        self.verdict = None
        self._follow_turn()
        self._render()
        return render_text(why, omniscient=True)

    def _computer_move(self, choice: Any = None) -> Text:
        """Play the move of the computer to move (``choice``: its choice, made in the background)."""
        if choice is None:
            choice = self.agents[self.game.current_player].choose(self.game.state)
        with self._acting():
            self.game.play(choice.move)
        self._why[len(self.game.history)] = choice.why
        self._on_step()
        return choice.why

    def _on_step(self) -> None:  # noqa: B027 (a hook, doing nothing by default)
        """After each move the board played (a family may then wait, see :meth:`_paused`)."""

    def _run_computers(self) -> None:
        if not self.seating.plays_computers:
            return  # e.g. a class table's session plays them, through the store
        try:
            for _ in range(AUTO_LIMIT):
                seat = self.game.current_player
                if seat is None or seat not in self.agents or self.thinking is not None or self._paused():
                    return
                if self.computers.slow(seat):
                    self._think(seat)
                    return
                self._computer_move()
        except DanishNbError as exc:  # a computer player's bug must not break the board
            self.message = translator(self.lang).render(M("The computer player could not move: {error}",
                                                          error=exc.text_in(self.lang)))

    # ------------------------------------------------------------------ thinking in the background
    @property
    def thinking(self) -> int | None:
        """The seat of the computer searching in the background, if one is."""
        return self.computers.searching

    def _think(self, seat: int) -> None:
        """Start ``seat``'s search in a background thread (the caller draws the board)."""
        with self._lock:  # its progress and move are shown after this first line
            job = self.computers.start(seat, self.game.state, self._searched_some, self._searched)
            self._show_thinking(job, 0)

    def _show_thinking(self, job: Search, percent: int) -> None:
        job.shown = percent
        job.text = self.message = translator(self.lang)(THINKING, name=f"P{job.seat + 1}", percent=percent)
        self._info = True

    def _wait_text(self) -> str:
        seat = self.thinking
        return translator(self.lang)(WAIT, name=f"P{seat + 1}") if seat is not None else ""

    def _searched_some(self, job: Search, percent: int) -> None:
        """A search's progress (in its thread): shown if the board still wants its move."""
        with self._lock:
            if self.computers.search is job:
                self._show_thinking(job, percent)
                self._render()

    def _searched(self, job: Search, choice: Any, problem: DanishNbError | None) -> None:
        """A search's end (in its thread): play the move if the board still wants it."""
        with self._lock:
            if self.computers.search is not job or job.cancel.is_set() or self.game.state is not job.state:
                return  # dropped meanwhile: the move was for a position the board left
            self.computers.search = None
            self.message = ""
            if problem is not None:
                self.message = translator(self.lang).render(M("The computer player could not move: {error}",
                                                              error=problem.text_in(self.lang)))
            else:
                self._computer_move(choice)
                self.verdict = None
                if not self.step_mode:
                    self._run_computers()
            self._follow_turn()
            self._render()

    def _drop_thinking(self) -> None:
        """Cancel a background search: its move, if it still comes, is thrown away."""
        job = self.computers.drop()
        if job is not None and self.message == job.text:
            self.message = ""

    def wait(self, timeout: float | None = None) -> bool:
        """Wait until no computer is thinking in the background (each search in turn);
        ``True`` if none is, ``False`` if ``timeout`` seconds passed first."""
        return self.computers.wait(timeout)

    def _on_msg(self, widget: Any, content: Any, buffers: Any) -> None:
        """A message from the browser, under the board's lock; a move while a computer thinks
        is refused with a clear message."""
        with self._lock:
            if self.thinking is not None and isinstance(content, dict) and content.get("act") in PLAY_ACTS:
                self._say(self._wait_text())
                return
            self._act = content.get("act", "") if isinstance(content, dict) else ""
            try:
                refusal = handle_message(self, content)
                if refusal is not None:
                    self._refuse(refusal)
            except DanishNbError as exc:
                self._say(exc.text_in(self.lang))
            finally:
                self._act = ""

    def _on_html_set(self, _change: Any) -> None:
        """Only the board writes the page; anything else setting it is put right at once."""
        if not self.drawing.writing:
            self._refuse(M("the page was changed from outside the board"))

    def _render(self) -> None:
        """Draw the page again (one comm message): the board decides what it shows and offers
        (:meth:`frame`), its drawing draws that."""
        with self._lock:
            self._around = self.seating.around(self)
            search = self.computers.search  # a search's progress is said once, at its start
            quiet = search.text if search is not None and search.shown else ""
            self.drawing.show(replace(self.frame(), said=self.news.since(self, quiet)))

    def frame(self) -> Frame:
        """Decide what the page shows and offers now, and hand it to the drawing as a read-only
        :class:`~danish_nb.widgets.drawing.Frame`: the cards a click may choose, the buttons, the
        selection and the chosen move (both dropped where no longer offered), whether the computer
        may be stepped; what it offers is kept (:attr:`offer`) to check the browser's messages.

        >>> import danish_nb as dn
        >>> from danish_nb.widgets import board_for
        >>> board = board_for(dn.new_game("danish-bastard", players=2, seed=1))
        >>> frame = board.frame()
        >>> frame.viewer, frame.live, [b.css for b in frame.buttons], frame.offer is board.offer
        (0, True, ['dn-stock'], True)
        >>> frame.message = "drawn over"
        Traceback (most recent call last):
        dataclasses.FrozenInstanceError: cannot assign to field 'message'
        """
        with self._lock:
            game = self.game
            common: dict[str, Any] = dict(
                lang=self.lang, viewer=self.viewer, seats=self.seats, names=self.names(), moves=len(game.history),
                log=self._written_log(),
                teaching=self.teaching, notation=self.notation, screened=self.screened, position=self.position,
                result=game.result, message=self.message, info=self._info)
            if self.screened:
                self._offer = Offer(reveal=True)
                return Frame(offer=self._offer, **common)
            state = self._shown_state()
            view = state.view(self.viewer, reveal_hands=self.teaching)
            moves = self._my_moves()
            spots = self._spots(view, moves) if moves else Spots()
            spots.refused.update(self._refused_cards(spots))
            self.selection = [s for s in self.selection if s in spots.cards]
            buttons = [self._with_reason(b) for b in self._move_buttons(view, moves)] if moves else []
            buttons += self._family_buttons(view) + self._over_buttons()
            if self.chosen is not None and all(b.move != self.chosen for b in buttons):
                self.chosen = None
            buttons = [replace(b, chosen=True) if b.move is not None and b.move == self.chosen else b for b in buttons]
            step = (self.live and not self.screened and game.current_player in self.agents
                    and self.thinking is None and not self._paused())
            self._offer = Offer(cards=spots.cards, closed=spots.closed,
                                play=bool(self.selection) or self.chosen is not None, step=step, nav=True,
                                moves={str(b.move): b.move for b in buttons if b.move is not None},
                                acts=frozenset(b.act for b in buttons if b.move is None and b.enabled))
            play_label = self._play_label() if spots.cards or self.chosen is not None else ""
            return Frame(offer=self._offer, view=view, outcome=state.result, turn=state.current_player, spots=spots,
                         buttons=tuple(buttons), selection=tuple(self.selection), chosen=self.chosen,
                         verdict=self.verdict, undo=self._undo_target() is not None, computers=bool(self.agents),
                         step_mode=self.step_mode, play_label=play_label, family=self._family_frame(), **common)

    def _with_reason(self, button: Button) -> Button:
        """A move button the rules refuse now, with why (the verdict's last reason) as its title:
        a screen reader reads it as the button's description."""
        if button.enabled or button.move is None or button.title:
            return button
        why = self._refusal(button.move)
        return replace(button, title=why) if why else button

    def _refusal(self, move: Any) -> Message | str | None:
        """Why the rules refuse ``move`` now, as its description says it (the verdict's last
        reason; ``''`` if the verdict gives none); ``None`` if it is legal."""
        verdict = self.game.state.explain(move)
        if verdict.legal:
            return None
        return M("Not allowed now — {reason}", reason=verdict.reasons[-1].text) if verdict.reasons else ""

    def _refused_cards(self, spots: Spots) -> dict[Spot, Message | str]:
        """Each face-up card of the viewer offered now that no legal move plays, with why the
        rules refuse the move a click on it alone makes (:meth:`_refusal`); a card that only
        makes part of a move (one of the face-up choice or of a discard) is left out."""
        kept, found = self.selection, {}
        try:
            for spot in sorted(spots.cards.keys() - spots.playable - spots.refused.keys()):
                self.selection = [spot]
                try:
                    why = None if self._incomplete() else self._refusal(self._selected_move())
                except DanishNbError:  # no move of the game names that card alone
                    continue
                if why is not None:
                    found[spot] = why
        finally:
            self.selection = kept
        return found

    def _written_log(self) -> Log:
        """The log in words as the viewer may read it (a spectator's while the privacy screen is
        up), and the last move shown: the drawing gets these words, never the played moves."""
        game, lang = self.game, self.lang
        start, end = self._log_span()
        first = max(start, end - LOG_LENGTH)
        viewer, reveal = (None, False) if self.screened else (self.viewer, self.teaching)
        entries = tuple(self._log_entry(i, viewer, reveal) for i in range(first, end))
        opening = tuple(e.text_for(viewer, reveal, lang=lang) for e in game.opening_events) if start == 0 else ()
        shown = len(game.history) if self.position is None else self.position
        recent = ""
        if not self.screened and shown > start:  # a move of the deal shown (a new deal starts afresh)
            step = game.history[shown - 1]
            events = [e.text_for(self.viewer, self.teaching, lang=lang) for e in step.events]
            recent = render_text(in_turn(events), lang=lang) or \
                move_words(step.move, self.viewer, lang=lang, reveal_hands=self.teaching, player=True)
        return Log(entries, first - start, opening, recent)

    def _log_entry(self, index: int, viewer: int | None, reveal: bool) -> LogEntry:
        """Move ``index`` (0-based) of the history as ``viewer`` may read it: who played it, then
        what happened in words (every move has its events); its notation only if asked for."""
        step, lang = self.game.history[index], self.lang
        why = render_text(self._why.get(index + 1, ""), viewer, reveal, lang=lang)
        who = translator(lang).render(SEAT_WORDS[self.seats[step.move.player]])
        events = tuple(e.text_for(viewer, reveal, lang=lang) for e in step.events) or \
            (move_words(step.move, viewer, lang=lang, reveal_hands=reveal),)
        return LogEntry(index + 1, f"P{step.move.player + 1}", who, why, events,
                        move_notation(step.move, viewer, reveal) if self.notation else "")

    def _shown_state(self) -> Any:
        return self.game.states()[self.position] if self.position is not None else self.game.state

    def _over_buttons(self) -> list[Button]:
        """Once the game is over (and shown as it is now): "Play again" (where the app offers it)
        and "Review my game" (for a human seat)."""
        if not (self.live and self.game.is_over):
            return []
        buttons = [Button(N_("Play again"), "dn-again dn-primary", act="again")] if self.on_play_again else []
        if "human" in self.seats:
            buttons.append(Button(N_("Review my game"), "dn-review", act="review"))
        return buttons

    def _follow_turn(self) -> None:
        """Hand the screen to the human whose turn it is (behind a privacy screen if another
        human was looking, unless every hand is shown anyway)."""
        seat = self.game.current_player
        if (not self.seating.hot_seat or seat is None or self.seats[seat] != "human" or seat == self.viewer
                or self._paused()):
            return
        self.screened = not self.teaching and self.viewer is not None
        self.viewer = seat
        self._reset_choice()

    @_locked
    def reveal(self) -> None:
        """The human whose turn it is lifts the privacy screen."""
        if not self._offer.reveal:
            self._refuse(M("there is nothing to reveal"))
            return
        self.screened = False
        self.message = ""
        self._render()

    @_locked
    def undo(self) -> None:
        """Take back your last move (and the computer moves after it; a computer's search in
        the background is dropped)."""
        target = self._undo_target()
        if target is None:
            self._refuse(M("there is no move of yours to take back"))
            return
        self._drop_thinking()
        while len(self.game.history) > target:
            with self._acting():
                self.game.undo()
            self._why.pop(len(self.game.history) + 1, None)
        self._reset_choice()
        self._say(M("Your last move was taken back."), info=True)

    def _undo_target(self) -> int | None:
        if not self.seating.undo or not self.live or self.screened or self.viewer is None:
            return None
        for index in range(len(self.game.history) - 1, -1, -1):
            player = self.game.history[index].move.player
            if self.seats[player] == "human":
                return index if player == self.viewer else None
        return None

    # ------------------------------------------------------------------ stepping through
    @_locked
    def goto(self, position: int | None) -> None:
        """Show the position after ``position`` moves (``None`` or the last: the game now)."""
        last = len(self.game.history)
        if position is not None and not 0 <= position <= last:
            self._refuse(M("there is no position {position}; choose 0 to {last}", position=position, last=last))
            return
        self.position = None if position is None or position == last else position
        self._reset_choice()
        thinking = self.computers.search  # stepping through keeps saying that a computer thinks
        self.message, self._info = (thinking.text, True) if thinking is not None else ("", False)
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

    @_locked
    def set_teaching(self, on: bool) -> None:
        """Show every hand (never a face-down card), or only the viewer's."""
        self.teaching = bool(on)
        self._render()

    @_locked
    def set_notation(self, on: bool) -> None:
        """Show each move's notation (``P1 play 7♥``) next to its words in the verdict and the
        log, for a teacher; off, a learner reads only words."""
        self.notation = bool(on)
        self._render()

    @_locked
    def set_confirm(self, on: bool) -> None:
        """Make a legal move button wait for a second click (teaching), or play it at once."""
        self.confirm = bool(on)
        self.chosen = None if not self.confirm else self.chosen
        self._render()

    @_locked
    def play_again(self) -> None:
        """Once the game is over: what the app does for "Play again" (deal a new game)."""
        if "again" not in self._offer.acts or self.on_play_again is None:
            self._refuse(M("the game is not over"))
            return
        self.on_play_again()

    @_locked
    def review_game(self) -> None:
        """Once the game is over: the coach reviews the human's game (under the board)."""
        if "review" not in self._offer.acts:
            self._refuse(M("the game is not over"))
            return
        if self.on_review is not None:
            self.on_review()
        else:
            self.coach.review()

    @_locked
    def set_step_mode(self, on: bool) -> None:
        refusal = self.seating.step_refusal()
        if refusal is not None:
            self._refuse(refusal)
            return
        self.step_mode = bool(on)
        if not self.step_mode and self.live and not self.screened:
            self._run_computers()
            self._follow_turn()
        self._render()

    # ------------------------------------------------------------------ messages
    @_locked
    def _say(self, text: str | Message, info: bool = False) -> None:
        """Show ``text`` (a message in the board's language) on the message line."""
        self.message = translator(self.lang).render(text)
        self._info = info
        self._render()

    def _refuse(self, text: str | Message | DanishNbError) -> None:
        """Say why an action is refused: "Ignored — " and what was wrong, or, for a move text that is
        no move (an error that is a sentence of its own: "In “P1 jump”, ..."), "Ignored." and that sentence."""
        instead = self.seating.refusal(self._act)
        if instead is None and isinstance(text, MoveParseError):
            instead = M("Ignored. {error}.", error=text.message)
        elif instead is None:
            instead = M("Ignored — {text}.", text=text.message if isinstance(text, DanishNbError) else text)
        self._say(instead)
        return None

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)


__all__ = ["AUTO_LIMIT", "SEAT_KINDS", "Board", "Button", "Spots"]

"""The board of a class table: the family's own :class:`~danish_nb.widgets.board.Board`, drawn
for one seat only and playing through a :class:`~danish_nb.tables.TableSession`.

The board shows ``session.game`` (replayed from the store), locked to the learner's seat: the
viewer never changes, there is no privacy screen, no undo and no stepping of computer turns
(computer seats are played once, by the store's move numbers; see :mod:`danish_nb.tables.session`).
A move the learner makes is checked by the engine and stored by ``session.play``; a move that
loses a race, comes out of turn or reaches a closed table puts the reason on the board and
changes nothing; so does a click on a choice another page of the seat overtook (two clicks at
once: the board says which move came first, and shows it). Moves stored by other kernels reach the
board when the session catches up (``session.update()``): the game's listener redraws it. Seats
are named as everywhere at the table (:mod:`danish_nb.widgets.table_words`), with who is away.
A watcher (``session.seat is None``) sees the table as a spectator, or every hand in the
teacher's teaching mode.

>>> from danish_nb.tables import TableSession, create_table, open_store
>>> store = open_store("sqlite:///:memory:")
>>> code = create_table(store, "bastard", ("human", "human", "rule-of-thumb"), seed=1)
>>> ada, bo = TableSession.join(store, code, name="Ada"), TableSession.join(store, code, name="Bo")
>>> board = table_board(bo)
>>> board.viewer, board.names()[:2]
(1, ('P1 (Ada)', 'P2 (you)'))
>>> board.play("P2 trump clubs") is None     # not Bo's turn: refused, nothing stored
True
>>> store.close()
"""

from __future__ import annotations

from typing import Any

from ..core import DanishNbError, IllegalMove
from ..i18n import M, Message, translator
from ..tables import HUMAN, MoveConflict, TableError, TableSession
from ..tables.session import seat_rows
from . import board_class, has_board
from .board import PLAY_ACTS, SEAT_KINDS, Board
from .drawing import SEAT_WORDS
from .table_words import seat_name
from ..words import move_words


class TableBoardMixin:
    """What a family board changes to sit at a class table (put in front of the family class)."""

    session: TableSession
    #: False while the family board sets itself up with its own idea of the viewer: nothing is
    #: drawn (so sent) until the viewer is the session's seat.
    _seated = False
    #: What a click on a choice that another page of the seat overtook is told (which move
    #: came first), until the learner chooses again.
    _overtaken: Message | None = None
    #: The browser's action being handled (refusals of a play say why it came too late).
    _act = ""
    #: What the last drawing showed of the table around the game: the seat names (who is away),
    #: whether the table is closed and whether this page still plays its seat.
    _drawn: tuple[Any, ...] = ()
    #: How many moves the board has seen (to tell which moves arrived from elsewhere).
    _known = 0

    def _render(self) -> None:
        if self._seated:
            self._drawn = self._around()
            super()._render()

    def _around(self) -> tuple[Any, ...]:
        return self.names(), self.session.info.closed, self.session.seat_lost() is None

    def redraw_if_changed(self) -> bool:
        """Draw the board again if a seat's name or presence changed since the last drawing, the
        table was closed or the seat opened on another device (no move changes those: the app
        calls this when it reads the table). Whether it did."""
        if self._around() == self._drawn:
            return False
        self._render()
        return True

    def _my_turn(self) -> bool:
        """No moves on a closed table, nor from a page whose seat was opened on another device."""
        return super()._my_turn() and not self.session.info.closed and self.session.seat_lost() is None

    def _on_game_change(self, game: Any) -> None:
        """A move stored by another kernel: if it is this seat's own (from another page of the
        seat), a choice made here is overtaken: say which move came first."""
        known, chosen = self._known, bool(self.selection) or self.chosen is not None
        self._known = len(game.history)
        if not self._busy and self.viewer is not None:
            mine = [step.move for step in game.history[known:] if step.move.player == self.viewer]
            if mine:
                self._overtaken = M("this move came first, from another page of your seat: {first}; the table "
                                    "shows the new position", first=move_words(mine[0], self.viewer, lang=self.lang))
                if chosen:
                    self.message = translator(self.lang)("Your choice was withdrawn: {why}", why=self._overtaken)
                    self._info = False
        super()._on_game_change(game)

    def _on_msg(self, widget: Any, content: Any, buffers: Any) -> None:
        self._act = content.get("act", "") if isinstance(content, dict) else ""
        try:
            super()._on_msg(widget, content, buffers)
        finally:
            self._act = ""

    def _refuse(self, text: Any) -> None:
        """A play refused because another page's move overtook it says so, not "nothing is selected"."""
        if self._overtaken is not None and self._act in PLAY_ACTS:
            self._say(M("Not played: {why}", why=self._overtaken))
            return None
        return super()._refuse(text)

    def _toggle(self, spot: Any) -> Any:
        self._overtaken = None
        return super()._toggle(spot)

    def choose(self, text: Any) -> Any:
        self._overtaken = None
        return super().choose(text)

    def _run_computers(self) -> None:
        """Computer seats are the session's: it plays them once, through the store."""

    def _follow_turn(self) -> None:
        """The board stays with its seat (no hot seat, no privacy screen)."""

    def _undo_target(self) -> int | None:
        return None  # a stored move is never taken back

    def set_step_mode(self, on: bool) -> None:
        self._refuse(M("at a class table the computer seats play by themselves"))

    def names(self) -> tuple[str, ...]:
        """Each seat as the table names it (:func:`~danish_nb.widgets.table_words.seat_name`),
        ``you`` for the viewer's own, and ``away`` after a learner whose pages are all closed."""
        tr = translator(self.lang)

        def name(row: dict[str, Any]) -> str:
            if row["seat"] == self.viewer and row["kind"] == HUMAN:
                who = tr.render(SEAT_WORDS["you"])
            elif row["state"] == "away":
                who = tr("{name}, away", name=seat_name(row, tr))
            else:
                who = seat_name(row, tr)
            return tr("P{seat} ({who})", seat=row["seat"] + 1, who=who)
        return tuple(name(row) for row in seat_rows(self.session.info))

    def _store(self, move: Any) -> Any:
        """Store ``move`` through the session (see :meth:`Board._store`); a move that lost a race
        to another page of the table, or reached a closed table, is not played: say which."""
        known = len(self.game.history)
        try:
            self.session.play(move)
        except (IllegalMove, TableError) as exc:  # the session caught up first: say so
            self.selection = []
            self.verdict = exc.verdict if isinstance(exc, IllegalMove) else None
            first = (M("this move came first: {move}; ",
                       move=move_words(self.game.history[known].move, self.viewer, lang=self.lang))
                     if len(self.game.history) > known and not isinstance(exc, MoveConflict) else "")
            why = exc.verdict.summary(self.lang) if isinstance(exc, IllegalMove) else exc
            return M("Not played: {first}{why}", first=first, why=why)
        finally:
            self._known = len(self.game.history)
        self._overtaken = None
        return None


def table_board(session: TableSession, lang: str = "en") -> Board:
    """The board for ``session``'s seat (or, for a watcher, the table as the session may see it),
    in the interface language ``lang``.

    Raises :class:`~danish_nb.core.OptionsError` for a game without a board.
    """
    rules = session.game.rules
    if not has_board(rules):
        raise DanishNbError(M("{title} has no board yet", title=rules.title))
    family = board_class(rules)
    table_class = type(f"Table{family.__name__}", (TableBoardMixin, family), {"session": session})
    seats = tuple(seat.kind if seat.kind in SEAT_KINDS else "rule-of-thumb" for seat in session.info.seats)
    board = table_class(session.game, seats=seats, teaching=session.reveal_hands, lang=lang)
    board.agents = {}  # no "let the computer play" button: the session plays computer seats
    board.viewer = session.seat
    board._known = len(session.game.history)
    board._seated = True
    board._render()
    return board


__all__ = ["TableBoardMixin", "table_board"]

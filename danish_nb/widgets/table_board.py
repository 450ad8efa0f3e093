"""The board of a class table: the family's own :class:`~danish_nb.widgets.board.Board`, drawn
for one seat only and playing through a :class:`~danish_nb.tables.TableSession`.

The board shows ``session.game`` (replayed from the store), locked to the learner's seat: the
viewer never changes, there is no privacy screen, no undo and no stepping of computer turns
(computer seats are played once, by the store's move numbers; see :mod:`danish_nb.tables.session`).
A move the learner makes is checked by the engine and stored by ``session.play``; a move that
loses a race, comes out of turn or reaches a closed table puts the reason on the board and
changes nothing. Moves stored by other kernels reach the board when the session catches up
(``session.update()``): the game's listener redraws it. A watcher (``session.seat is None``)
sees the table as a spectator, or every hand in the teacher's teaching mode.

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

from ..core import DanishNbError, IllegalMove, Verdict
from ..tables import HUMAN, MoveConflict, TableError, TableSession
from . import BOARDS, has_board
from .board import SEAT_KINDS, Board


class TableBoardMixin:
    """What a family board changes to sit at a class table (put in front of the family class)."""

    session: TableSession
    #: False while the family board sets itself up with its own idea of the viewer: nothing is
    #: drawn (so sent) until the viewer is the session's seat.
    _seated = False

    def _render(self) -> None:
        if self._seated:
            super()._render()

    def _run_computers(self) -> None:
        """Computer seats are the session's: it plays them once, through the store."""

    def _follow_turn(self) -> None:
        """The board stays with its seat (no hot seat, no privacy screen)."""

    def _undo_target(self) -> int | None:
        return None  # a stored move is never taken back

    def set_step_mode(self, on: bool) -> None:
        self._refuse("at a class table the computer seats play by themselves")

    def names(self) -> tuple[str, ...]:
        def name(seat: Any) -> str:
            if seat.seat == self.viewer and seat.kind == HUMAN:
                return f"P{seat.seat + 1} (you)"
            who = seat.name or ("a free seat" if seat.kind == HUMAN else seat.kind)
            return f"P{seat.seat + 1} ({who})"
        return tuple(name(seat) for seat in self.session.info.seats)

    def _try(self, move: Any) -> Verdict:
        """Check ``move`` with the engine, then store it through the session.

        Its shape follows :meth:`Board._try` (explain, refuse, apply, tidy up) but it stays
        whole here for now: widgets/board.py belongs to the branch adding threaded computer
        turns there this round, so a shared hook would change its ``_try`` under it. Once that
        lands, ``Board._try`` can apply through a ``_store(move)`` hook (``game.play`` there,
        ``session.play`` here) and this override shrinks to the hook and the race message."""
        verdict = self.game.state.explain(move)
        self.verdict = verdict
        if not verdict.legal:
            self._say(f"Not played. {verdict.summary()}")
            return verdict
        known = len(self.game.history)
        try:
            with self._acting():
                self.session.play(move)
        except (IllegalMove, TableError) as exc:  # the session caught up first: say so
            self.selection = []
            self.verdict = exc.verdict if isinstance(exc, IllegalMove) else None
            first = (f"{self.game.history[known].move.text_for(self.viewer)} was played first; "
                     if len(self.game.history) > known and not isinstance(exc, MoveConflict) else "")
            why = exc.verdict.summary() if isinstance(exc, IllegalMove) else str(exc)
            self._say(f"Not played: {first}{why}")
            return self.verdict or verdict
        self.selection = []
        self.verdict = None
        self.message = ""
        self._render()
        return verdict


def table_board(session: TableSession) -> Board:
    """The board for ``session``'s seat (or, for a watcher, the table as the session may see it).

    Raises :class:`~danish_nb.core.OptionsError` for a game without a board.
    """
    rules = session.game.rules
    if not has_board(rules):
        raise DanishNbError(f"{rules.title} has no board yet")
    family = BOARDS[rules.info.family]
    board_class = type(f"Table{family.__name__}", (TableBoardMixin, family), {"session": session})
    seats = tuple(seat.kind if seat.kind in SEAT_KINDS else "rule-of-thumb" for seat in session.info.seats)
    board = board_class(session.game, seats=seats, teaching=session.reveal_hands)
    board.agents = {}  # no "let the computer play" button: the session plays computer seats
    board.viewer = session.seat
    board._seated = True
    board._render()
    return board


__all__ = ["TableBoardMixin", "table_board"]

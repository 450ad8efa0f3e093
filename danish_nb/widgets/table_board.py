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

from ..core import DanishNbError, IllegalMove
from ..i18n import M, N_, translator
from ..tables import HUMAN, MoveConflict, TableError, TableSession
from . import BOARDS, has_board
from .board import SEAT_KINDS, Board
from .drawing import SEAT_WORDS

#: How a learner seat nobody has taken is named.
FREE_SEAT = N_("a free seat")


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
        self._refuse(M("at a class table the computer seats play by themselves"))

    def names(self) -> tuple[str, ...]:
        tr = translator(self.lang)

        def name(seat: Any) -> str:
            if seat.seat == self.viewer and seat.kind == HUMAN:
                who = tr.render(SEAT_WORDS["you"])
            else:
                who = seat.name or tr.render(FREE_SEAT if seat.kind == HUMAN else SEAT_WORDS.get(seat.kind, seat.kind))
            return tr("P{seat} ({who})", seat=seat.seat + 1, who=who)
        return tuple(name(seat) for seat in self.session.info.seats)

    def _store(self, move: Any) -> Any:
        """Store ``move`` through the session (see :meth:`Board._store`); a move that lost a race
        to another page of the table, or reached a closed table, is not played: say which."""
        known = len(self.game.history)
        try:
            self.session.play(move)
        except (IllegalMove, TableError) as exc:  # the session caught up first: say so
            self.selection = []
            self.verdict = exc.verdict if isinstance(exc, IllegalMove) else None
            first = (M("{move} was played first; ", move=self.game.history[known].move.text_for(self.viewer))
                     if len(self.game.history) > known and not isinstance(exc, MoveConflict) else "")
            why = exc.verdict.summary(self.lang) if isinstance(exc, IllegalMove) else exc
            return M("Not played: {first}{why}", first=first, why=why)
        return None


def table_board(session: TableSession, lang: str = "en") -> Board:
    """The board for ``session``'s seat (or, for a watcher, the table as the session may see it),
    in the interface language ``lang``.

    Raises :class:`~danish_nb.core.OptionsError` for a game without a board.
    """
    rules = session.game.rules
    if not has_board(rules):
        raise DanishNbError(M("{title} has no board yet", title=rules.title))
    family = BOARDS[rules.info.family]
    board_class = type(f"Table{family.__name__}", (TableBoardMixin, family), {"session": session})
    seats = tuple(seat.kind if seat.kind in SEAT_KINDS else "rule-of-thumb" for seat in session.info.seats)
    board = board_class(session.game, seats=seats, teaching=session.reveal_hands, lang=lang)
    board.agents = {}  # no "let the computer play" button: the session plays computer seats
    board.viewer = session.seat
    board._seated = True
    board._render()
    return board


__all__ = ["TableBoardMixin", "table_board"]

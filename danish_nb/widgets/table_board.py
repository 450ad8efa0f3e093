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

from collections.abc import Sequence
from typing import Any

from ..core import DanishNbError, IllegalMove
from ..i18n import M, Message, translator
from ..tables import HUMAN, NotSaved, TableError, TableSession
from ..tables.session import seat_rows
from ..words import SEAT_WORDS, move_words
from . import board_class, has_board
from .board import PLAY_ACTS, SEAT_KINDS, Board
from .news import not_played
from .seating import Seated, Seating
from .table_words import seat_name


class TableSeating(Seating):
    """One learner at one seat of a class table (or a watcher): the board's seating (see
    :mod:`~danish_nb.widgets.seating`) that stores moves through ``session``.

    The viewer never changes, there is no privacy screen, no undo, and the session plays the
    computer seats (once, through the store). It remembers which choice another page of the
    seat overtook (two clicks at once), to say which move came first.
    """

    hot_seat = plays_computers = undo = False

    def __init__(self, session: TableSession):
        self.session = session
        #: How many moves the board has seen (to tell which moves arrived from elsewhere).
        self.known = len(session.game.history)
        #: The move, in words, that another page of the seat played before a choice made here
        #: (what a click on that choice is told), until the learner chooses again.
        self.overtaken: str | None = None

    def viewer(self, seats: Sequence[str]) -> int | None:
        return self.session.seat

    def names(self, board: Seated) -> tuple[str, ...]:
        """Each seat as the table names it (:func:`~danish_nb.widgets.table_words.seat_name`),
        ``you`` for the viewer's own, and ``away`` after a learner whose pages are all closed."""
        tr = translator(board.lang)

        def name(row: dict[str, Any]) -> str:
            if row["seat"] == board.viewer and row["kind"] == HUMAN:
                who = tr.render(SEAT_WORDS["you"])
            elif row["state"] == "away":
                who = tr("{name}, away", name=seat_name(row, tr))
            else:
                who = seat_name(row, tr)
            return tr("P{seat} ({who})", seat=row["seat"] + 1, who=who)
        return tuple(name(row) for row in seat_rows(self.session.info))

    def may_move(self) -> bool:
        """No moves on a closed table, from a page whose seat was opened on another device, nor
        while the learner's last move waits to be saved."""
        session = self.session
        return not session.info.closed and session.seat_lost() is None and session.pending is None

    def around(self, board: Seated) -> tuple[Any, ...]:
        """The seat names (who is away), whether the table is closed, whether this page still
        plays its seat, and the move waiting to be saved."""
        return board.names(), self.session.info.closed, self.session.seat_lost() is None, self.session.pending

    def step_refusal(self) -> Message:
        return M("at a class table the computer seats play by themselves")

    def game_changed(self, board: Seated, game: Any, moved_here: bool) -> Message | None:
        """A move stored by another kernel: if it is this seat's own (from another page of the
        seat), a choice made here is overtaken: say which move came first."""
        known, chosen = self.known, bool(board.selection) or board.chosen is not None
        self.known = len(game.history)
        if moved_here or board.viewer is None:
            return None
        mine = [step.move for step in game.history[known:] if step.move.player == board.viewer]
        if not mine:
            return None
        if str(mine[0]) == self.session.pending:  # the move that waited for the store is saved now
            return M("Saved: your move {move} is at the table now.",
                     move=move_words(mine[0], board.viewer, lang=board.lang))
        self.overtaken = move_words(mine[0], board.viewer, lang=board.lang)
        return M("Your choice was withdrawn, because another page of your seat played this move first: "
                 "{move}. The table shows the new position.", move=self.overtaken) if chosen else None

    def choosing(self) -> None:
        self.overtaken = None

    def refusal(self, act: str) -> Message | None:
        """A play refused because another page's move overtook it says so, not "nothing is selected"."""
        if self.overtaken is None or act not in PLAY_ACTS:
            return None
        return M("Not played, because another page of your seat played this move first: {move}. The table "
                 "shows the new position.", move=self.overtaken)

    def store(self, board: Seated, move: Any) -> Message | None:
        """Store ``move`` through the session (see :meth:`Seating.store`); a move that lost a race
        to another page of the table, or reached a closed table, is not played: say which."""
        game = board.game
        known = len(game.history)
        try:
            self.session.play(move)
        except NotSaved as exc:  # the store is away: the move waits in the session, said plainly
            board.selection = []
            board.verdict = None
            return exc.message if isinstance(exc.message, Message) else not_played(exc)
        except (IllegalMove, TableError) as exc:  # the session caught up first: say so
            board.selection = []
            board.verdict = exc.verdict if isinstance(exc, IllegalMove) else None
            first = move_words(game.history[known].move, board.viewer, lang=board.lang) \
                if len(game.history) > known else None
            why = exc.verdict.summary(board.lang) if isinstance(exc, IllegalMove) else exc
            return not_played(why, first)  # (a lost race, MoveConflict, is said alone: see not_played)
        finally:
            self.known = len(game.history)
        self.overtaken = None
        return None


def table_board(session: TableSession, lang: str = "en") -> Board:
    """The board for ``session``'s seat (or, for a watcher, the table as the session may see it),
    in the interface language ``lang``: the game's own board class with a :class:`TableSeating`.

    Raises :class:`~danish_nb.errors.OptionsError` for a game without a board.
    """
    rules = session.game.rules
    if not has_board(rules):
        raise DanishNbError(M("{title} has no board yet", title=rules.title))
    seats = tuple(seat.kind if seat.kind in SEAT_KINDS else "rule-of-thumb" for seat in session.info.seats)
    return board_class(rules)(session.game, seats=seats, teaching=session.reveal_hands, lang=lang,
                              seating=TableSeating(session))


__all__ = ["TableSeating", "table_board"]

"""Who sits at a board and where its moves go: a small collaborator of
:class:`~danish_nb.widgets.board.Board`, given to its constructor (``seating=``).

:class:`Seating` is one screen: the board plays the computer seats, hands the screen to the
human whose turn it is (hot seat), takes moves back and plays moves on its own game. A class
table's board sits one learner at one seat and stores moves through the table's session instead
(:class:`~danish_nb.widgets.table_board.TableSeating`): no class is built per session, nothing
private is patched.

>>> import danish_nb as dn
>>> from danish_nb.widgets import board_for
>>> board = board_for(dn.new_game("danish-bastard", players=2, seed=1), seats=("human", "human"))
>>> board.seating.viewer(board.seats), board.seating.hot_seat, board.seating.plays_computers
(0, True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from ..core import Game, IllegalMove, Verdict
from ..i18n import Message, translator
from ..words import SEAT_WORDS
from .news import NOT_PLAYED


class Seated(Protocol):
    """What a seating reads and sets of its board (a :class:`~danish_nb.widgets.board.Board`)."""

    game: Game
    lang: str
    seats: tuple[str, ...]
    viewer: int | None
    verdict: Verdict | None
    selection: list[Any]
    chosen: Any

    def names(self) -> tuple[str, ...]: ...


class Seating:
    """One screen: the default seating of a board (see the module's docstring).

    Each hook is called by the board at one point of its work; a seating of another kind
    overrides the ones it changes.
    """

    #: The board hands the screen to the human whose turn it is (behind a privacy screen).
    hot_seat = True
    #: The board plays the computer seats itself (and offers to step through them).
    plays_computers = True
    #: A human may take their last move back.
    undo = True

    def viewer(self, seats: Sequence[str]) -> int | None:
        """The seat whose view the board shows first: the first human's."""
        return next((seat for seat, kind in enumerate(seats) if kind == "human"), None)

    def names(self, board: Seated) -> tuple[str, ...]:
        """Each seat in words: ``P1 (you)``, ``P2 (rule of thumb)``."""
        tr = translator(board.lang)

        def name(seat: int) -> str:
            kind = board.seats[seat]
            who = "you" if seat == board.viewer and kind == "human" else kind
            return tr("P{seat} ({who})", seat=seat + 1, who=tr.render(SEAT_WORDS[who]))
        return tuple(name(seat) for seat in range(board.game.players))

    def may_move(self) -> bool:
        """Whether the viewer may move at all now (besides its being their turn)."""
        return True

    def store(self, board: Seated, move: Any) -> Message | None:
        """Play ``move``, legal by the engine's verdict, on the board's game: ``None``, or the
        text saying why it was not played after all (then ``board.verdict`` is the verdict to show)."""
        try:
            board.game.play(move)
        except IllegalMove as exc:  # explain and apply disagree: trust apply, show why
            board.verdict = exc.verdict
            return NOT_PLAYED
        return None

    def step_refusal(self) -> Message | None:
        """Why the learner may not switch stepping through computer turns (``None``: they may)."""
        return None

    def game_changed(self, board: Seated, game: Any, moved_here: bool) -> Message | None:
        """The game changed (``moved_here``: by the board itself), before the board follows it:
        a message to show the learner, if any."""
        return None

    def choosing(self) -> None:
        """The learner starts a new choice (a card clicked, a move button chosen)."""

    def refusal(self, act: str) -> Message | None:
        """What a refused browser action ``act`` is told instead of the board's own reason."""
        return None

    def around(self, board: Seated) -> tuple[Any, ...]:
        """What the board shows around the game that no move changes (the board draws itself
        again when it changed: :meth:`~danish_nb.widgets.board.Board.redraw_if_changed`)."""
        return ()


__all__ = ["Seating"]

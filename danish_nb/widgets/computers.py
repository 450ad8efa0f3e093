"""The computer players of a board and the one searching in a background thread: a collaborator
of :class:`~danish_nb.widgets.board.Board` that owns the thread, its cancelling and the waiting
for it; the board says what to do with the search's progress and its move (no widget package).

>>> import danish_nb as dn
>>> game = dn.new_game("rat-bastard-17", players=2, seed=2)
>>> players = ComputerPlayers(game.rules.id, ("human", "strong"), seed=0)
>>> sorted(players.agents), players.slow(1), players.slow(0), players.searching
([1], True, False, None)
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..agents import make_agent
from ..core import DanishNbError


class Cancelled(Exception):
    """The board no longer wants the move being searched (undo, the game changed, the board closed)."""


@dataclass(eq=False)
class Search:
    """A slow computer player's search running in a background thread, for the position
    ``state``; ``shown``: the progress (percent) the board shows, in ``text``."""

    seat: int
    state: Any
    cancel: threading.Event = field(default_factory=threading.Event)
    thread: threading.Thread | None = None
    shown: int = 0
    text: str = ""


#: What the board hears while a search goes on: (the search, its progress in percent).
OnProgress = Callable[[Search, int], None]
#: What the board hears when a search ends: (the search, the agent's choice or ``None``, the
#: error a computer player's bug raised or ``None``).
OnDone = Callable[[Search, Any, "DanishNbError | None"], None]


class ComputerPlayers:
    """One computer player per non-human seat (``seats``: kinds, as the board's), seeded from
    ``seed``; a slow one (``slow = True``, the "strong" player) searches in a background thread
    when ``background`` is true. At most one search runs at a time (:attr:`searching`)."""

    def __init__(self, game_id: str, seats: Sequence[str], *, seed: int, background: bool = True):
        self.agents = {seat: make_agent(kind, game_id, seed=seed * 101 + seat)
                       for seat, kind in enumerate(seats) if kind != "human"}
        self.background = background
        self.search: Search | None = None

    @property
    def searching(self) -> int | None:
        """The seat of the computer searching in the background, if one is."""
        return self.search.seat if self.search is not None else None

    def slow(self, seat: int) -> bool:
        """Whether ``seat`` searches in the background."""
        return self.background and getattr(self.agents.get(seat), "slow", False)

    def start(self, seat: int, state: Any, on_progress: OnProgress, on_done: OnDone) -> Search:
        """Start ``seat``'s search of ``state`` in a background thread: ``on_progress`` hears every
        25% more (raising :class:`Cancelled` stops it), ``on_done`` hears its end (unless it was
        cancelled). Both are called in that thread: the board holds its lock while it starts one
        and takes it in both."""
        job = Search(seat, state)

        def run() -> None:
            def progress(done: int, total: int) -> None:
                if job.cancel.is_set():
                    raise Cancelled
                percent = 100 * done // max(total, 1)
                if percent >= job.shown + 25:
                    on_progress(job, percent)
            choice, problem = None, None
            try:
                choice = self.agents[seat].choose(state, progress=progress)
            except Cancelled:
                return
            except DanishNbError as exc:  # a computer player's bug must not break the board
                problem = exc
            on_done(job, choice, problem)
        job.thread = threading.Thread(target=run, name="dn-board-computer", daemon=True)
        self.search = job
        job.thread.start()
        return job

    def drop(self) -> Search | None:
        """Cancel the search (its move, if it still comes, is thrown away); the search dropped."""
        job, self.search = self.search, None
        if job is not None:
            job.cancel.set()
        return job

    def wait(self, timeout: float | None = None) -> bool:
        """Wait until no computer searches (each search in turn); ``True`` if none does, ``False``
        if ``timeout`` seconds passed first."""
        deadline = None if timeout is None else time.monotonic() + timeout
        while (job := self.search) is not None:
            left = None if deadline is None else deadline - time.monotonic()
            if left is not None and left <= 0:
                return False
            if job.thread is not None:
                job.thread.join(left)
        return True


__all__ = ["Cancelled", "ComputerPlayers", "Search"]

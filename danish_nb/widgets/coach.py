"""The coach under a board, drawn with ipywidgets: a "Hint" button (the best move for the human at
the screen, from that seat's view only) and "Review my game" once the game is over, each searched
in a background thread with a progress bar, so the board stays responsive; the review's findings
are drawn as they come. What the coach says and when it may is
:class:`~danish_nb.app_model.Coach`'s (the page draws the same model and its findings).

>>> import danish_nb as dn
>>> from danish_nb.widgets import board_for
>>> board = board_for(dn.new_game("rat-bastard-17", players=2, seed=2), seats=("human", "strong"))
>>> board.box.children[1] is board.coach.widget
True
>>> board.coach.hint_button.description, board.coach.review_button.disabled
('Hint', True)
"""

from __future__ import annotations

import html
import threading
from typing import Any

import ipywidgets

from ..app_model import ACTIONS, THINKING, Coach
from ..i18n import translator
from .settings import close_tree


class CoachPanel:
    """Hint and review for ``board``'s human seats; ``iterations`` per search (default: the
    strong player's). ``widget`` is what is shown (the board shows it under the table);
    ``model`` the :class:`~danish_nb.app_model.Coach` it draws."""

    def __init__(self, board: Any, iterations: int | None = None) -> None:
        self.board = board
        self.model = Coach(board, iterations)
        self.tr = tr = translator(board.lang)
        words = {action.name: action for action in ACTIONS}
        self.hint_button, self.review_button = (
            ipywidgets.Button(description=tr(words[name].label), tooltip=tr(words[name].tip),
                              layout=ipywidgets.Layout(width="auto"))  # the words decide the width
            for name in ("hint", "review"))
        self.progress = ipywidgets.IntProgress(value=0, min=0, max=1, description=tr(THINKING))
        self.progress.layout.visibility = "hidden"
        self.output = ipywidgets.HTML()
        self.widget = ipywidgets.VBox([ipywidgets.HBox([self.hint_button, self.review_button, self.progress],
                                                       layout=ipywidgets.Layout(flex_flow="row wrap")),
                                       self.output])
        self.widget.add_class("dn-coach")
        self.hint_button.on_click(lambda _: self.hint())
        self.review_button.on_click(lambda _: self.review())
        self.thread: threading.Thread | None = None
        board.game.listeners.append(self._on_game_change)
        self.refresh()

    # ------------------------------------------------------------------ state of the buttons
    @property
    def busy(self) -> bool:
        """Whether a search is running."""
        return self.thread is not None and self.thread.is_alive()

    def refresh(self) -> None:
        """Enable Hint on the human's turn (the board live, no privacy screen), Review once the
        game is over; neither while a search runs."""
        self.hint_button.disabled = self.busy or not self.model.can_hint()
        self.review_button.disabled = self.busy or not self.model.can_review()

    def _on_game_change(self, _game: Any) -> None:
        self.refresh()

    def _progress(self, done: int, total: int) -> None:
        self.progress.max = max(total, 1)
        self.progress.value = done

    def _say(self, text: str) -> None:
        self.output.value = f"<div class='dn-coach-text'>{text}</div>"

    # ------------------------------------------------------------------ the searches
    def _run(self, work: Any, wait: bool) -> threading.Thread:
        self.progress.value = 0
        self.progress.layout.visibility = "visible"

        def target() -> None:
            try:
                self._say(work())
            finally:
                self.progress.layout.visibility = "hidden"
                self.thread = None
                self.refresh()
        thread = self.thread = threading.Thread(target=target, name="dn-coach", daemon=True)
        thread.start()
        self.refresh()
        if wait:
            thread.join()  # (not self.thread: a quick search has set it back to None already)
        return thread

    def hint(self, wait: bool = False) -> threading.Thread | None:
        """Search the best move for the human to move, in a background thread (``wait=True``:
        return when done). The search reads only that seat's view (every hand in teaching mode)."""
        self.refresh()
        if self.hint_button.disabled:
            return None
        self._say(self.tr("Thinking about your move..."))
        return self._run(lambda: self.model.hint(self._progress), wait)

    def review(self, wait: bool = False) -> threading.Thread | None:
        """List the human's moves that were much worse than the best, in a background thread,
        each finding shown as it comes (the model's findings so far), then the whole review."""
        self.refresh()
        if self.review_button.disabled:
            return None
        self._say(html.escape(self.tr("Reviewing your game...")))
        found = threading.Event()  # once a finding is shown, the progress bar alone says how far

        def progress(done: int, total: int) -> None:
            self._progress(done, total)
            if not found.is_set():
                self._say(html.escape(self.tr("Reviewing your game: {done} of your {total} choices weighed...",
                                              done=done, total=total)))

        def shown(text: str) -> None:
            found.set()
            self._say(text)
        return self._run(lambda: self.model.review(progress, shown), wait)

    def close(self) -> None:
        """Stop following the game and close the widgets."""
        if self._on_game_change in self.board.game.listeners:
            self.board.game.listeners.remove(self._on_game_change)
        close_tree(self.widget)

"""How a board takes messages from the browser: each is checked against what the board offered
on the page it last drew (cards, face-down cards, move buttons), then the engine decides. A
forged or stale message changes nothing and puts a message on the board.
"""

from __future__ import annotations

from typing import Any, ClassVar

from ..core import DanishNbError
from ..i18n import M

#: Actions that take no arguments, and the board method each one calls.
SIMPLE = {"play": "play_selected", "step": "step_computer", "reveal": "reveal", "undo": "undo",
          "first": "first", "back": "back", "forward": "forward", "last": "last",
          "clear": "clear_selection", "again": "play_again", "review": "review_game"}
NAVIGATION = ("first", "back", "forward", "last")


class MessagesMixin:
    """The browser side of :class:`~danish_nb.widgets.board.Board`; a family adds its own
    controls in ``FAMILY_ACTS`` (action -> board method)."""

    FAMILY_ACTS: ClassVar[dict[str, str]] = {}

    def _on_html_set(self, _change: Any) -> None:
        """Only the board writes the page; anything else setting it is put right at once."""
        if not self._drawing:
            self._refuse(M("the page was changed from outside the board"))

    def _on_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        """A message from the browser: check it against what was offered, then act."""
        if not isinstance(content, dict) or not isinstance(content.get("act"), str):
            self._refuse(M("a message the board did not understand"))
            return
        act = content["act"]
        try:
            if act == "card":
                spot = (str(content.get("zone")), int(content.get("idx")))
                if spot not in self._offer.cards:
                    self._refuse(M("a card the board did not offer"))
                else:
                    self._toggle(spot)
            elif act == "closed":
                self.click_closed(int(content.get("idx")))
            elif act in ("move", "choose"):  # play a move button's move, or show its verdict first
                move = self._offer.moves.get(content.get("move"))
                if move is None:
                    self._refuse(M("the move {move} was not offered", move=repr(str(content.get("move"))[:40])))
                else:
                    (self._try if act == "move" else self.choose)(move)
            elif act == "goto":
                self.goto(int(content.get("value")) if self._offer.nav else -1)
            elif act == "stepmode":
                self.set_step_mode(content.get("value") is True)
            elif act in SIMPLE:
                if act in NAVIGATION and not self._offer.nav:
                    self._refuse(M("stepping through is not available now"))
                    return
                getattr(self, SIMPLE[act])()
            elif act in self.FAMILY_ACTS:
                getattr(self, self.FAMILY_ACTS[act])()
            else:
                self._refuse(M("unknown action {act}", act=repr(act[:20])))
        except (TypeError, ValueError, OverflowError) as exc:  # OverflowError: int() of an infinite number
            if isinstance(exc, DanishNbError):
                self._say(exc.text_in(self.lang))
            else:
                self._refuse(M("a message with bad values"))

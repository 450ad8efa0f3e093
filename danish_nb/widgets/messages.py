"""How a board takes messages from the browser: each is checked against what the board offered
on the page it last drew (cards, face-down cards, move buttons), then the engine decides. A
forged or stale message changes nothing and puts a message on the board. Only the board's
public methods are called.
"""

from __future__ import annotations

from typing import Any

from ..core import DanishNbError
from ..i18n import M, Message

#: Actions that take no arguments, and the board method each one calls.
SIMPLE = {"play": "play_selected", "step": "step_computer", "reveal": "reveal", "undo": "undo",
          "first": "first", "back": "back", "forward": "forward", "last": "last",
          "clear": "clear_selection", "again": "play_again", "review": "review_game"}
NAVIGATION = ("first", "back", "forward", "last")


def handle_message(board: Any, content: Any) -> Message | None:
    """Act on a message from ``board``'s page, checked against what the board offered on the
    page it last drew (``board.offer``) and done through the board's public methods; a family's
    own controls are in its ``FAMILY_ACTS`` (action -> method). The reason it is refused, if it
    is (the board says "Ignored — ..."); a :class:`~danish_nb.errors.DanishNbError` raised while
    acting comes out as it is.

    >>> import danish_nb as dn
    >>> from danish_nb.widgets import board_for
    >>> board = board_for(dn.new_game("danish-bastard", players=2, seed=1))
    >>> str(handle_message(board, {"act": "card", "zone": "hand", "idx": 99}))
    'a card the board did not offer'
    >>> str(handle_message(board, {"act": "dance"}))
    "unknown action 'dance'"
    >>> handle_message(board, {"act": "first"}) is None  # done: the board shows the deal
    True
    """
    if not isinstance(content, dict) or not isinstance(content.get("act"), str):
        return M("a message the board did not understand")
    act, offer = content["act"], board.offer
    try:
        if act == "card":
            spot = (str(content.get("zone")), int(content.get("idx")))
            if spot not in offer.cards:
                return M("a card the board did not offer")
            board.select_spot(spot)
        elif act == "closed":
            board.click_closed(int(content.get("idx")))
        elif act in ("move", "choose"):  # play a move button's move, or show its verdict first
            move = offer.moves.get(content.get("move"))
            if move is None:
                return M("the move {move} was not offered", move=repr(str(content.get("move"))[:40]))
            (board.play_move if act == "move" else board.choose)(move)
        elif act == "goto":
            board.goto(int(content.get("value")) if offer.nav else -1)
        elif act == "stepmode":
            board.set_step_mode(content.get("value") is True)
        elif act in SIMPLE:
            if act in NAVIGATION and not offer.nav:
                return M("stepping through is not available now")
            getattr(board, SIMPLE[act])()
        elif act in board.FAMILY_ACTS:
            getattr(board, board.FAMILY_ACTS[act])()
        else:
            return M("unknown action {act}", act=repr(act[:20]))
    except (TypeError, ValueError, OverflowError) as exc:  # OverflowError: int() of an infinite number
        if isinstance(exc, DanishNbError):
            raise
        return M("a message with bad values")
    return None


__all__ = ["NAVIGATION", "SIMPLE", "handle_message"]

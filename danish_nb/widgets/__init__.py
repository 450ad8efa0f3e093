"""ipywidgets boards on top of the rules engine (the core never imports this package).

>>> import danish_nb as dn
>>> board = board_for(dn.new_game("danish-bastard", players=2, seed=1))
>>> type(board).__name__
'ShedBoard'
"""

from __future__ import annotations

from typing import Any

from ..core import Game, GameRules, OptionsError
from .board import SEAT_KINDS, ShedBoard
from .rat_board import RatBoard
from .tricks_board import TrickBoard

#: Board classes by game family.
BOARDS = {"shedding": ShedBoard, "tricks": TrickBoard, "rat-bastard": RatBoard}


def has_board(rules: GameRules) -> bool:
    """Whether a game (its rules object) has a board."""
    return getattr(rules, "family", None) in BOARDS


def board_for(game: Game, **kwargs: Any) -> ShedBoard:
    """The board for a game's family (keyword arguments go to the board)."""
    family = getattr(game.rules, "family", None)
    if family not in BOARDS:
        raise OptionsError(f"{game.rules.title} has no board yet")
    return BOARDS[family](game, **kwargs)


__all__ = ["BOARDS", "SEAT_KINDS", "ShedBoard", "board_for", "has_board"]

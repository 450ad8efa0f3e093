"""ipywidgets boards on top of the rules engine (the core never imports this package): one
:class:`~danish_nb.widgets.board.Board` with a small adapter per game family.

>>> import danish_nb as dn
>>> board = board_for(dn.new_game("danish-bastard", players=2, seed=1))
>>> type(board).__name__
'ShedBoard'
"""

from __future__ import annotations

from typing import Any

from ..core import Game, GameRules, OptionsError, load_object
from .board import SEAT_KINDS, Board
from .rat_board import RatBoard
from .shed_board import ShedBoard
from .tricks_board import TrickBoard

#: Board classes by game family (``dn.GAMES[id].info.family``).
BOARDS: dict[str, type[Board]] = {"shedding": ShedBoard, "tricks": TrickBoard, "running-total": RatBoard}


def has_board(rules: GameRules) -> bool:
    """Whether a game (its rules object) has a board: its own, or its family's."""
    return rules.info.parts.board is not None or rules.info.family in BOARDS


def board_class(rules: GameRules) -> type[Board]:
    """A game's board class: its own (``GameParts.board``) or its family's (:data:`BOARDS`)."""
    own = rules.info.parts.board
    return load_object(own) if own else BOARDS[rules.info.family]


def board_for(game: Game, *, lang: str = "en", **kwargs: Any) -> Board:
    """The board for a game's family, its texts in ``lang`` (one of ``danish_nb.i18n.LANGUAGES``:
    verdicts, the log, the computers' reasons; rule quotes stay in their own language, with their
    English rendering and one in ``lang``). Other keyword arguments go to the board.

    >>> import danish_nb as dn
    >>> board = board_for(dn.setup("danish-bastard", {"hands": [["8H", "4C"], ["9S"]], "pile": ["6C"]}), lang="fr")
    >>> board.play("P1 play 4C").summary(board.lang)
    'illégal\u202f; le quatre de trèfle sur le six de trèfle\u202f: plus faible que la carte précédente (règle DB-13)'
    """
    if not has_board(game.rules):
        raise OptionsError(f"{game.rules.title} has no board yet")
    return board_class(game.rules)(game, lang=lang, **kwargs)


__all__ = ["BOARDS", "SEAT_KINDS", "Board", "RatBoard", "ShedBoard", "TrickBoard", "board_class", "board_for",
           "has_board"]

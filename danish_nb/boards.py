"""Which board serves which game, as data: each game family's board class as a ``"module:Class"``
path, unless a game names its own (``GameParts.board``). The app model (:mod:`danish_nb.app_model`,
which imports no widget package) and :mod:`danish_nb.widgets` both read it; naming a board imports
nothing (``family in BOARD_PATHS``), its module is imported when its class is asked for.

>>> import danish_nb as dn
>>> board_class(dn.GAMES["sjavs"]).__name__
'TrickBoard'
"""

from __future__ import annotations

from typing import Any

from .core import GameRules, OptionsError, load_object

#: Where each family's board class lives, by game family (``dn.GAMES[id].info.family``).
BOARD_PATHS = {"shedding": "danish_nb.widgets.shed_board:ShedBoard",
               "tricks": "danish_nb.widgets.tricks_board:TrickBoard",
               "running-total": "danish_nb.widgets.rat_board:RatBoard"}


def has_board(rules: GameRules) -> bool:
    """Whether a game (its rules object) has a board: its own, or its family's."""
    return rules.info.parts.board is not None or rules.info.family in BOARD_PATHS


def board_class(rules: GameRules) -> Any:
    """A game's board class (a :class:`danish_nb.widgets.board.Board`): its own
    (``GameParts.board``) or its family's (:data:`BOARD_PATHS`), its module imported now;
    :class:`~danish_nb.core.OptionsError` for a game with neither (:func:`has_board`)."""
    if not has_board(rules):
        raise OptionsError(f"{rules.title} has no board yet")
    own = rules.info.parts.board
    return load_object(own or BOARD_PATHS[rules.info.family])


__all__ = ["BOARD_PATHS", "board_class", "has_board"]

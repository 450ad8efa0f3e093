"""ipywidgets boards on top of the rules engine (the core never imports this package): one
:class:`~danish_nb.widgets.board.Board` with a small adapter per game family, each family's
module imported when its board is first asked for (a page's first board loads only its own);
which board serves which game is :mod:`danish_nb.boards`'s table.

>>> import danish_nb as dn
>>> board = board_for(dn.new_game("danish-bastard", players=2, seed=1))
>>> type(board).__name__
'ShedBoard'
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any

from ..boards import BOARD_PATHS, board_class, has_board
from ..core import Game, load_object
from .board import SEAT_KINDS, Board

if TYPE_CHECKING:
    from .rat_board import RatBoard
    from .shed_board import ShedBoard
    from .tricks_board import TrickBoard


class _Boards(Mapping[str, type[Board]]):
    """Board classes by game family, each family's module imported when its class is first read."""

    def __getitem__(self, family: str) -> type[Board]:
        return load_object(BOARD_PATHS[family])  # type: ignore[no-any-return]

    def __contains__(self, family: object) -> bool:
        return family in BOARD_PATHS  # Mapping's own would import the board

    def __iter__(self) -> Iterator[str]:
        return iter(BOARD_PATHS)

    def __len__(self) -> int:
        return len(BOARD_PATHS)


#: Board classes by game family (``dn.GAMES[id].info.family``); ``family in BOARDS`` imports none.
BOARDS: Mapping[str, type[Board]] = _Boards()


def __getattr__(name: str) -> Any:
    """The family boards (``from danish_nb.widgets import TrickBoard``), imported when first named (PEP 562)."""
    for path in BOARD_PATHS.values():
        if path.endswith(f":{name}"):
            return load_object(path)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def board_for(game: Game, *, lang: str = "en", **kwargs: Any) -> Board:
    """The board for a game's family, its texts in ``lang`` (one of ``danish_nb.i18n.LANGUAGES``:
    verdicts, the log, the computers' reasons; rule quotes stay in their own language, with their
    English rendering and one in ``lang``). Other keyword arguments go to the board.

    >>> import danish_nb as dn
    >>> board = board_for(dn.setup("danish-bastard", {"hands": [["8H", "4C"], ["9S"]], "pile": ["6C"]}), lang="fr")
    >>> board.play("P1 play 4C").summary(board.lang)
    'illégal\u202f; le quatre de trèfle sur le six de trèfle\u202f: plus faible que la carte précédente (règle DB-13)'
    """
    return board_class(game.rules)(game, lang=lang, **kwargs)  # type: ignore[no-any-return]


__all__ = ["BOARDS", "SEAT_KINDS", "Board", "RatBoard", "ShedBoard", "TrickBoard", "board_class", "board_for",
           "has_board"]

"""danish_nb: learn and play five card games in Jupyter and Voila.

>>> import danish_nb as dn
>>> g = dn.new_game("danish-bastard", players=3, seed=7)
>>> g.current_player, len(g.legal_moves()) > 0
(0, True)
"""

from . import games as _games  # noqa: F401  (declares every game in GAMES)
from .cards import Card, Rank, Suit
from .core import (
    GAMES,
    DanishNbError,
    Event,
    Game,
    IllegalMove,
    MoveParseError,
    OptionsError,
    Reason,
    RecordError,
    Result,
    Rule,
    Ruling,
    Verdict,
    load_record,
    new_game,
    setup,
)

__all__ = ["GAMES", "Card", "DanishNbError", "Event", "Game", "IllegalMove", "MoveParseError",
           "OptionsError", "Rank", "Reason", "RecordError", "Result", "Rule", "Ruling", "Suit",
           "Verdict", "load_record", "new_game", "setup"]

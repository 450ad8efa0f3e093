"""Computer players. Each chooses a move for the current state and says why.

>>> import danish_nb as dn
>>> from danish_nb.agents import make_agent
>>> g = dn.new_game("danish-bastard", players=2, seed=1)
>>> choice = make_agent("rule-of-thumb", "danish-bastard", seed=1).choose(g.state)
>>> choice.move in g.legal_moves(), bool(choice.why)
(True, True)
"""

from .base import AGENTS, Agent, Choice, RandomAgent, SeededPlayer, game_over, make_agent, play_out
from . import shedding as _shedding  # noqa: F401  (each module registers its rule-of-thumb player)
from . import tricks as _tricks  # noqa: F401
from . import search as _search  # noqa: F401  (the strong player, for every game)

__all__ = ["AGENTS", "Agent", "Choice", "RandomAgent", "SeededPlayer", "game_over", "make_agent", "play_out"]

"""Computer players. Each chooses a move for the current state and says why.

>>> import danish_nb as dn
>>> from danish_nb.agents import make_agent
>>> g = dn.new_game("danish-bastard", players=2, seed=1)
>>> choice = make_agent("rule-of-thumb", "danish-bastard", seed=1).choose(g.state)
>>> choice.move in g.legal_moves(), bool(choice.why)
(True, True)
"""

from .base import AGENTS, Agent, Choice, RandomAgent, SeededPlayer, game_over, make_agent, play_out

# isort: split
# each module registers its players in AGENTS, whose order the class tables offer them in (seat_kinds):
# the rule-of-thumb players first (shedding, then tricks), then the strong player, for every game (search)
from . import shedding, tricks  # noqa: F401

# isort: split
from . import search  # noqa: F401

__all__ = ["AGENTS", "Agent", "Choice", "RandomAgent", "SeededPlayer", "game_over", "make_agent", "play_out"]

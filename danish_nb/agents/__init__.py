"""Computer players. Each chooses a move for the current state and says why.

The tricks family's rule-of-thumb player and the strong player are registered here by name and
their modules (with the tricks family's rules and the search) imported when first made or read,
so a shedding game's first board does not wait for them.

>>> import danish_nb as dn
>>> from danish_nb.agents import make_agent
>>> g = dn.new_game("danish-bastard", players=2, seed=1)
>>> choice = make_agent("rule-of-thumb", "danish-bastard", seed=1).choose(g.state)
>>> choice.move in g.legal_moves(), bool(choice.why)
(True, True)
>>> make_agent("strong", "sjavs", seed=1).game_id, sorted(AGENTS["rule-of-thumb"])
('sjavs', ['shedding', 'tricks'])
"""

from collections.abc import Callable, Iterator, Mapping
from importlib import import_module

from ..core import GAMES, load_object
from .base import AGENTS, Agent, Choice, RandomAgent, SeededPlayer, game_over, make_agent, play_out

# isort: split
# each module registers its players in AGENTS, whose order the class tables offer them in (seat_kinds):
# the rule-of-thumb players first (shedding, then tricks), then the strong player, for every game (search)
from . import shedding  # noqa: F401


def _trick_player(seed: int) -> Agent:
    """The tricks family's rule-of-thumb player (agents.tricks, imported now, puts its class here)."""
    return load_object(f"{__name__}.tricks:TrickRuleOfThumb")(seed)  # type: ignore[no-any-return]


class _StrongLater(Mapping[str, Callable[[int], Agent]]):
    """The strong player's factories by game id, agents.search imported when one is first read
    (it puts its own mapping in :data:`AGENTS`)."""

    def __getitem__(self, game_id: str) -> Callable[[int], Agent]:
        import_module(f"{__name__}.search")
        return AGENTS["strong"][game_id]

    def __contains__(self, game_id: object) -> bool:
        return game_id in GAMES  # Mapping's own would import the search

    def __iter__(self) -> Iterator[str]:
        return iter(GAMES)

    def __len__(self) -> int:
        return len(GAMES)


AGENTS["rule-of-thumb"].setdefault("tricks", _trick_player)
AGENTS.setdefault("strong", _StrongLater())  # type: ignore[arg-type]

__all__ = ["AGENTS", "Agent", "Choice", "RandomAgent", "SeededPlayer", "game_over", "make_agent", "play_out"]

"""The computer-player protocol, the registry of players, and the random player."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from ..core import DanishNbError, Text, render_text


@dataclass(frozen=True, slots=True)
class Choice:
    """A computer player's move and its reason, in words a learner can follow.

    ``why`` may name cards of the player's hand as :class:`~danish_nb.core.Private` parts:
    :meth:`why_for` renders it for one viewer.
    """

    move: Any
    why: Text

    def why_for(self, viewer: int | None, reveal_hands: bool = False) -> str:
        """The reason as ``viewer`` may read it."""
        return render_text(self.why, viewer, reveal_hands)


class Agent(Protocol):
    name: str

    def choose(self, state: Any) -> Choice: ...


class RandomAgent:
    """Plays a uniformly random legal move (seeded: the same seed plays the same game)."""

    name = "random"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, state: Any) -> Choice:
        moves = state.legal_moves()
        if not moves:
            raise DanishNbError("no legal move: the game is over")
        move = self.rng.choice(moves)
        return Choice(move, f"picked at random among {len(moves)} legal moves")


#: name -> {game id, family or "*": factory(seed)}; games and families add their own players.
AGENTS: dict[str, dict[str, Callable[[int], Agent]]] = {"random": {"*": RandomAgent}}


def make_agent(name: str, seed: int = 0, family: str = "shedding", game: str | None = None) -> Agent:
    """A computer player by name (``"random"``, ``"rule-of-thumb"``): the one made for the game
    (its id) if there is one, else the one for its family."""
    by_family = AGENTS.get(name)
    if by_family is None:
        raise DanishNbError(f"unknown computer player {name!r}; choose from {', '.join(AGENTS)}")
    factory = by_family.get(game) or by_family.get(family) or by_family.get("*")
    if factory is None:
        raise DanishNbError(f"the {name!r} player does not play {family} games")
    return factory(seed)

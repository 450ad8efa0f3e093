"""What a player sees: the :class:`View` protocol every family's view implements (the shedding
table's, the trick table's and its auction variant, the running total's), and the one hook
for sampling a world from it.

A view is rendered from one player's knowledge (``me``; ``None``: a spectator), never masked
from the full state, so hidden cards cannot leak through it. ``to_dict()`` is what a browser
receives; ``sample_world(rng)`` deals the cards the viewer has not seen into the places they
cannot see and returns a complete state they could be in (determinization). The search
player, the endgame solver, the coach and the bridges all sample through that one method.

>>> import random
>>> import danish_nb as dn
>>> state = dn.new_game("bastard", players=3, seed=2).state
>>> view = state.view(0)
>>> isinstance(view, View), view.me, view.to_dict()["hands"][1]
(True, 0, None)
>>> world = view.sample_world(random.Random(0))
>>> world.view(0) == view, world.hands[0] == state.hands[0]
(True, True)
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from .cards import Card

if TYPE_CHECKING:
    from .core import State, Text

__all__ = ["View"]


@runtime_checkable
class View(Protocol):
    """What one player (``me``; ``None``: a spectator) may know of a table: the fields every
    family's view shares, a JSON-able form, and worlds sampled from it."""

    @property
    def game(self) -> str:
        """The game's id (``'danish-bastard'``, ...)."""
        ...

    @property
    def players(self) -> int: ...

    @property
    def me(self) -> int | None: ...

    @property
    def hands(self) -> tuple[tuple[Card, ...] | None, ...]:
        """Per seat, the hand if the viewer may see it, else ``None``."""
        ...

    @property
    def hand_counts(self) -> tuple[int, ...]: ...

    @property
    def current(self) -> int | None:
        """Whose turn it is (``None`` once the game is over)."""
        ...

    @property
    def phase(self) -> str: ...

    @property
    def result(self) -> Any: ...

    @property
    def note(self) -> Text:
        """A line for the board: what happens now."""
        ...

    @property
    def options(self) -> Any: ...

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able dict (cards as codes like ``'7H'``), e.g. to send to a browser."""
        ...

    def sample_world(self, rng: random.Random) -> State:
        """A complete state of this game the viewer cannot tell from the real one: what they
        see or know is as it is, the unseen cards are dealt at random into the hidden places."""
        ...

"""Practice in Rat Bastard 17 (:mod:`danish_nb.practice`): its scenes, the rules left out, the
questions its events support (``GameParts.practice``): who starts after the draws, and the
running total after a card.

>>> import danish_nb as dn
>>> g = dn.setup(ID, {"hands": [["9H", "6D"], ["9S"]], "pile": ["6C", "5D"]})
>>> move = g.parse_move("P1 play 6D")
>>> after, events = g.state.apply(move)
>>> total_after(g.state, after, move, events, events[0])
('total', None, 17)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core import Event
from ..practice.catalogue import DEAL, FORBIDS, NOTATION, OBJECT, OUTCOME, UNENFORCED
from ..practice.part import PracticePart
from ..practice.scenes import opening, random_play, stage
from .rat_bastard_17 import UP_SLOTS, blind_value, card_value

ID = "rat-bastard-17"


def deck_gone(state: Any) -> bool:
    """Rat Bastard 17 with the deck gone: hands running out, the hole cards played."""
    return state.phase == "play" and not state.deck


def total_after(state: Any, after: Any, move: Any, events: Sequence[Event], event: Event
                ) -> tuple[str, int | None, int] | None:
    """After a card is played: the running total once it is down (before a 17 empties the pile:
    RB-13)."""
    if event.kind != "play":
        return None
    if move.action == "play":
        card, blind = move.card, False
    else:
        card, blind = state.holes[move.player][move.position - 1], move.position - 1 not in UP_SLOTS
    if move.value is not None:
        return "total", None, state.total + move.value
    value = blind_value(card, state.total, state.options) if blind else card_value(card, state.options)
    return "total", None, state.total + value


PRACTICE = PracticePart(
    scenes=(
        (random_play(ID, 40), 1.0, None),
        (opening(ID), 3.0, frozenset({"RB-7", "RB-9", "RB-10"})),
        (stage(ID, deck_gone), 3.0, frozenset({"RB-4", "RB-5", "RB-19", "RB-20", "RB-21", "RB-22"})),
    ),
    left_out={"RB-2": OBJECT, "RB-3": DEAL, "RB-6": DEAL, "RB-8": DEAL, "RB-11": NOTATION, "RB-14": UNENFORCED},
    when={"RB-1": lambda o, n: o.wild != "none"},
    who={"pick": "starter", "tie": "starter", "start": "starter", "end": "winner"},
    number=total_after,
    outcomes={"refill": "RB-12", "discard": "RB-17", "restart": "RB-16", "over": "RB-21", "take": "RB-16",
              "win": "RB-22"},
    numbers={"total": lambda answer: [n for n in range(answer - 4, answer + 5) if 0 <= n <= 27]},
    fixed={"RB-4": FORBIDS, "RB-5": FORBIDS, "RB-12": OUTCOME, "RB-20": FORBIDS, "RB-21": OUTCOME, "RB-22": OUTCOME},
)

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

import random
from collections.abc import Sequence
from typing import Any

from ..core import Event
from ..practice.catalogue import DEAL, LAYOUT, NOTATION, OBJECT, UNENFORCED
from ..practice.part import PracticePart
from ..practice.scenes import codes, deal_out, from_position, opening, random_play
from .rat_bastard_17 import UP_SLOTS, blind_value, card_value, pack

ID = "rat-bastard-17"


def late(rng: random.Random, players: int, options: Any) -> dict[str, Any]:
    """Rat Bastard 17 with the deck gone: small hands (often none), a few hole cards left in
    the row, a running total."""
    cards = deal_out(rng, pack(options))
    hands, holes = [], []
    for _seat in range(2):
        hands.append(codes([cards.pop() for _ in range(rng.choice((0, 0, 1, 2)))]))
        left = rng.randrange(1, 6)
        start = rng.randrange(0, 6 - left)
        row: list[str | None] = [None] * 5
        for slot in range(start, start + left):
            row[slot] = cards.pop().code
        holes.append(row)
    pile, total = [], 0
    while cards and rng.random() < 0.7:
        card = cards.pop()
        value = card_value(card, options)
        if value is None or total + value >= 17:
            break
        pile.append(card.code)
        total += value
    return {"hands": hands, "holes": holes, "pile": pile, "total": total, "current": rng.randrange(2),
            "discard": codes(cards)}


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
        (from_position(ID, late), 3.0, frozenset({"RB-4", "RB-5", "RB-19", "RB-20", "RB-21", "RB-22"})),
    ),
    left_out={"RB-2": OBJECT, "RB-3": LAYOUT, "RB-6": DEAL, "RB-8": DEAL, "RB-11": NOTATION, "RB-14": UNENFORCED},
    when={"RB-1": lambda o, n: o.wild != "none"},
    who={"pick": "starter", "tie": "starter", "start": "starter", "end": "winner"},
    number=total_after,
    outcomes={"refill": "RB-12", "discard": "RB-17", "restart": "RB-16", "over": "RB-21", "take": "RB-16",
              "win": "RB-22"},
)

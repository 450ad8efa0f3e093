"""Practice in Rat Bastard 17 (:mod:`danish_nb.practice`): its scenes, the rules left out, the
questions its events support (``GameParts.practice``): who starts after the draws, the
running total after a card, and the hole cards' layout (RB-3) through how many face-down ones a
player has played.

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
from ..i18n import _n, joined
from ..practice.catalogue import DEAL, FORBIDS, NOTATION, OBJECT, OUTCOME, UNENFORCED
from ..practice.part import PracticePart
from ..practice.scenes import opening, random_play, stage
from .rat_bastard_17 import RULING, UP_SLOTS, R, blind_value, card_value

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


def turned_over(state: Any) -> list[tuple[str, int, Event]]:
    """For each player with two hole cards or more gone from the row: how many of them were
    dealt face down. The board shows a used position as a gap, not how it was dealt: the layout
    (RB-3, read by ruling RB-c: down, up, down, up, down) says it (one card gone is always from
    an end, face down: not asked).

    >>> import danish_nb as dn
    >>> rows = [[None, None, "2D", "5H", "3C"], ["AS", "2S", "3S", "4S", "5S"]]
    >>> asks = turned_over(dn.setup(ID, {"holes": rows}).state)
    >>> [(question, n, str(why).split(": ")[1]) for question, n, why in asks]  # doctest: +NORMALIZE_WHITESPACE
    [('turned-over', 1,
      'of the hole cards P1 has played, at positions 1 and 2, 1 was dealt face down (rule RB-3) [ruling RB-c]')]
    """
    asks = []
    for seat, row in enumerate(state.holes):
        used = [slot for slot, card in enumerate(row) if card is None]
        if len(used) < 2:
            continue
        n = sum(1 for slot in used if slot not in UP_SLOTS)
        why = _n("positions 1, 3 and 5 of the row are dealt face down, 2 and 4 face up: of the hole cards P{p} has "
                 "played, at positions {positions}, {n} was dealt face down",
                 "positions 1, 3 and 5 of the row are dealt face down, 2 and 4 face up: of the hole cards P{p} has "
                 "played, at positions {positions}, {n} were dealt face down",
                 n, p=seat + 1, positions=joined(slot + 1 for slot in used))
        asks.append(("turned-over", n, Event("layout", seat, why, (), R["RB-3"], RULING["RB-c"])))
    return asks


PRACTICE = PracticePart(
    scenes=(
        (random_play(ID, 40), 1.0, None),
        (opening(ID), 3.0, frozenset({"RB-7", "RB-9", "RB-10"})),
        (stage(ID, deck_gone), 3.0, frozenset({"RB-3", "RB-4", "RB-5", "RB-19", "RB-20", "RB-21", "RB-22"})),
    ),
    left_out={"RB-2": OBJECT, "RB-6": DEAL, "RB-8": DEAL, "RB-11": NOTATION, "RB-14": UNENFORCED},
    when={"RB-1": lambda o, n: o.wild != "none"},
    who={"pick": "starter", "tie": "starter", "start": "starter", "end": "winner"},
    number=total_after,
    outcomes={"refill": "RB-12", "discard": "RB-17", "restart": "RB-16", "over": "RB-21", "take": "RB-16",
              "win": "RB-22"},
    position={"RB-3": turned_over},
    numbers={"total": lambda answer: [n for n in range(answer - 4, answer + 5) if 0 <= n <= 27],
             "turned-over": lambda answer: range(4)},
    fixed={"RB-4": FORBIDS, "RB-5": FORBIDS, "RB-12": OUTCOME, "RB-20": FORBIDS, "RB-21": OUTCOME, "RB-22": OUTCOME},
)

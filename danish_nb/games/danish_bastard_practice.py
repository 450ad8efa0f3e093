"""Practice in Danish Bastard (:mod:`danish_nb.practice`): its scenes, the rules left out, the
questions its events support (``GameParts.practice``).

>>> from danish_nb.practice.part import practice_part
>>> practice_part("danish-bastard").actions
('play', 'open', 'stock', 'take', 'closed')
"""

from __future__ import annotations

from typing import Any

from ..practice.catalogue import ALLOWS, DEAL, FORBIDS, NOTATION, OUTCOME, SEAT
from ..practice.part import PracticePart, always
from ..practice.scenes import opening, random_play, stage, stock_gone, top_rank_held

ID = "danish-bastard"


def last_two(state: Any) -> bool:
    """Danish Bastard near its end: two players left with cards, the one to move down to two
    cards or fewer in all (where the last to hold cards loses: DB-1)."""
    seat = state.current_player
    return (stock_gone(state) and seat is not None and state.players - len(state.finished) == 2
            and len(state.hands[seat]) + len(state.open[seat]) + len(state.closed[seat]) <= 2)

#: The rules of placing cards on the pile (and the special cards), which a pile topped by a run decides.
PLACE = frozenset({"DB-11", "DB-13", "DB-14", "DB-15", "DB-16", "DB-17", "DB-18", "DB-19", "DB-20", "DB-21",
                   "DB-22", "DB-23", "DB-24", "DB-26", "DB-32"})

PRACTICE = PracticePart(
    scenes=(
        (random_play(ID, 60), 1.0, None),
        (opening(ID), 3.0, frozenset({"DB-8", "DB-9", "DB-12"})),
        (stage(ID, top_rank_held), 2.0, PLACE),
        (stage(ID, last_two), 3.0, frozenset({"DB-1"})),
        (stage(ID, stock_gone), 3.0,
         frozenset({"DB-25", "DB-26", "DB-27", "DB-28", "DB-29", "DB-30", "DB-31", "DB-32"})),
    ),
    left_out={"DB-2": DEAL, "DB-3": DEAL, "DB-4": DEAL, "DB-5": DEAL, "DB-6": DEAL, "DB-7": DEAL,
              "DB-10": NOTATION, "DB-33": DEAL},
    when={
        "DB-12": lambda o, n: o.stock_by_choice,
        "DB-9": lambda o, n: o.stock_by_choice and not o.stock_opening,
    },
    actions=("play", "open", "stock", "take", "closed"),
    who={"start": "first", "end": "loser"},
    outcomes={"burn": "DB-18", "reverse": "DB-19", "again": "DB-19", "black-joker": "DB-21", "draw": "DB-11",
              "fail": "DB-24", "take": "DB-24", "finish": "DB-31"},
    hand_size=frozenset({"DB-26"}),
    through={"DB-1": ("end", always)},
    fixed={"DB-9": SEAT, "DB-11": OUTCOME, "DB-12": ALLOWS, "DB-17": OUTCOME, "DB-19": OUTCOME, "DB-25": FORBIDS,
           "DB-26": OUTCOME, "DB-27": FORBIDS, "DB-30": OUTCOME, "DB-32": FORBIDS},
)

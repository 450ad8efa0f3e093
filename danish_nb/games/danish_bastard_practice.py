"""Practice in Danish Bastard (:mod:`danish_nb.practice`): its scenes, the rules left out, the
questions its events support (``GameParts.practice``).

>>> from danish_nb.practice.part import practice_part
>>> practice_part("danish-bastard").actions
('play', 'open', 'stock', 'take', 'closed')
"""

from __future__ import annotations

from ..practice.catalogue import DEAL, GOAL, NOTATION
from ..practice.part import PracticePart
from ..practice.scenes import from_position, late_shed_table, opening, pile_table, random_play, shed_position

ID = "danish-bastard"
#: The rules of placing cards on the pile (and the special cards), which a pile topped by a run decides.
PLACE = frozenset({"DB-11", "DB-13", "DB-14", "DB-15", "DB-16", "DB-17", "DB-18", "DB-19", "DB-20", "DB-21",
                   "DB-22", "DB-23", "DB-24", "DB-26", "DB-32"})

PRACTICE = PracticePart(
    scenes=(
        (random_play(ID, 60), 1.0, None),
        (opening(ID), 3.0, frozenset({"DB-8", "DB-9", "DB-12"})),
        (from_position(ID, shed_position(ID, pile_table)), 2.0, PLACE),
        (from_position(ID, shed_position(ID, late_shed_table)), 3.0,
         frozenset({"DB-25", "DB-26", "DB-27", "DB-28", "DB-29", "DB-30", "DB-31", "DB-32"})),
    ),
    left_out={"DB-1": GOAL, "DB-2": DEAL, "DB-3": DEAL, "DB-4": DEAL, "DB-5": DEAL, "DB-6": DEAL, "DB-7": DEAL,
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
)

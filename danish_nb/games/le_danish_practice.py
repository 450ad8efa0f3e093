"""Practice in Le danish (:mod:`danish_nb.practice`): its scenes, the rules left out, the
questions its events support (``GameParts.practice``).

>>> from danish_nb.practice.part import practice_part
>>> practice_part("le-danish").who["lead"]
'leader'
"""

from __future__ import annotations

from ..practice.catalogue import DEAL, DIRECTION, OBJECT, UNENFORCED
from ..practice.part import PracticePart
from ..practice.scenes import from_position, late_shed_table, opening, pile_table, random_play, shed_position

ID = "le-danish"
#: The rules of placing cards on the pile (and the special cards), which a pile topped by a run decides.
PLACE = frozenset({"LD-11", "LD-12", "LD-14", "LD-15", "LD-16", "LD-17", "LD-18", "LD-25", "LD-26", "LD-27",
                   "LD-28", "LD-29", "LD-30", "LD-31", "LD-32", "LD-33"})

PRACTICE = PracticePart(
    scenes=(
        (random_play(ID, 60), 1.0, None),
        (opening(ID), 3.0, frozenset({"LD-6", "LD-9"})),
        (from_position(ID, shed_position(ID, pile_table)), 2.0, PLACE),
        (from_position(ID, shed_position(ID, late_shed_table)), 3.0,
         frozenset({"LD-19", "LD-20", "LD-21", "LD-22", "LD-23", "LD-24", "LD-34"})),
    ),
    left_out={"LD-1": OBJECT, "LD-2": DEAL, "LD-3": DEAL, "LD-4": DEAL, "LD-5": DEAL, "LD-7": UNENFORCED,
              "LD-8": DEAL, "LD-10": DIRECTION, "LD-13": DEAL},
    when={
        "LD-18": lambda o, n: o.after_pickup == "last-player",
        "LD-22": lambda o, n: o.chain_face_down,
        "LD-24": lambda o, n: o.face_down_below_three,
        "LD-30": lambda o, n: o.four_of_a_kind_burns,
        "LD-31": lambda o, n: o.three_passes_hands,
        "LD-32": lambda o, n: o.six_reverses,
        "LD-33": lambda o, n: o.complete_four,
    },
    actions=("play", "take", "pick-up-open", "closed"),
    who={"lead": "leader", "start": "first", "end": "winner"},
    outcomes={"burn": "LD-28", "again": "LD-28", "draw": "LD-14", "take": "LD-16", "fail": "LD-23", "skip": "LD-27",
              "ace": "LD-29", "finish": "LD-34", "pass-hands": "LD-31", "reverse": "LD-32", "offer": "LD-33",
              "chain": "LD-22"},
    hand_size=frozenset({"LD-17"}),
)

"""Practice in Le danish (:mod:`danish_nb.practice`): its scenes, the rules left out, the
questions its events support (``GameParts.practice``).

>>> from danish_nb.practice.part import practice_part
>>> practice_part("le-danish").who["lead"]
'leader'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core import Event
from ..practice.catalogue import ALLOWS, DEAL, FORBIDS, OBJECT, OUTCOME, SEAT, UNENFORCED
from ..practice.part import PracticePart
from ..practice.scenes import nothing_fits, opening, random_play, stage, stock_gone, top_rank_held

ID = "le-danish"


def clockwise(state: Any, after: Any, move: Any, events: Sequence[Event]) -> bool:
    """Whether the direction of play (LD-10) says who plays next after ``move``: three players or
    more, play going clockwise before and after it (no six reversed it: LD-32), and the turn
    passing on (not the same player again, after a 10 or a four: LD-28)."""
    return (state.players >= 3 and state.direction == after.direction == 1
            and after.current_player not in (None, move.player))

#: The rules of placing cards on the pile (and the special cards), which a pile topped by a run decides.
PLACE = frozenset({"LD-11", "LD-12", "LD-14", "LD-15", "LD-16", "LD-25", "LD-26", "LD-27",
                   "LD-28", "LD-29", "LD-30", "LD-31", "LD-32", "LD-33"})

PRACTICE = PracticePart(
    scenes=(
        (random_play(ID, 60), 1.0, None),
        (opening(ID), 3.0, frozenset({"LD-6", "LD-9"})),
        (stage(ID, top_rank_held), 2.0, PLACE),
        (stage(ID, nothing_fits), 2.0, frozenset({"LD-17", "LD-18"})),
        (stage(ID, stock_gone), 3.0,
         frozenset({"LD-19", "LD-20", "LD-21", "LD-22", "LD-23", "LD-24", "LD-34"})),
    ),
    left_out={"LD-1": OBJECT, "LD-2": DEAL, "LD-3": DEAL, "LD-4": DEAL, "LD-5": DEAL, "LD-7": UNENFORCED,
              "LD-8": DEAL, "LD-13": DEAL},
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
    through={"LD-10": ("next", clockwise)},
    fixed={"LD-9": SEAT, "LD-11": ALLOWS, "LD-14": OUTCOME, "LD-19": FORBIDS, "LD-23": OUTCOME, "LD-27": OUTCOME,
           "LD-28": OUTCOME},
)

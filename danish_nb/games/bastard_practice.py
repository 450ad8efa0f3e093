"""Practice in Bastard (:mod:`danish_nb.practice`): its scenes, the rules left out, and the
deal's points asked after a score (``GameParts.practice``).

>>> from danish_nb.practice.part import practice_part
>>> sorted(practice_part("bastard").left_out)[:3]
['BA-1', 'BA-2', 'BA-5']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core import Event
from ..practice.catalogue import ALLOWS, DEAL, UNENFORCED
from ..practice.part import PracticePart, always, last_score, order_decides
from ..practice.scenes import last_trick, opening, random_play, stage

ID = "bastard"


def deal_points(state: Any, after: Any, move: Any, events: Sequence[Event], event: Event
                ) -> tuple[str, int | None, int] | None:
    """After a score: the points of the deal, of the player scored (the one with the most
    points either way once the deal is scored)."""
    if event.kind not in ("score", "deal-scored") or (score := last_score(after, event)) is None:
        return None
    seat = event.player
    if event.kind == "deal-scored":
        seat = max(range(len(score.points)), key=lambda s: abs(score.points[s]))
    return "deal-points", seat, score.points[seat]


PRACTICE = PracticePart(
    scenes=(
        (random_play(ID, 40), 1.0, None),
        (opening(ID, 4), 2.0, frozenset({"BA-8", "BA-9"})),
        (stage(ID, last_trick), 3.0,
         frozenset({"BA-4", "BA-13", "BA-14", "BA-15", "BA-16", "BA-17", "BA-18", "BA-19"})),
    ),
    left_out={"BA-1": DEAL, "BA-2": DEAL, "BA-5": DEAL, "BA-6": UNENFORCED,
              "BA-7": DEAL},
    actions=("trump",),
    number=deal_points,
    through={"BA-3": ("trick", order_decides()), "BA-4": ("end", always)},
    fixed={"BA-9": ALLOWS, "BA-12": ALLOWS},
)

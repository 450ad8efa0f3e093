"""Practice in Sjavs (:mod:`danish_nb.practice`): its scenes, the rules left out, and the
numbers asked after a score: the soloist's card points, the game points lost
(``GameParts.practice``).

>>> from danish_nb.practice.part import practice_part
>>> practice_part("sjavs").who
{'end': 'loser'}
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ..core import Event
from ..families.tricks import cards_won
from ..practice.catalogue import DEAL, ORDER
from ..practice.part import PracticePart, last_score
from ..practice.scenes import codes, deal_out, from_position, last_trick, opening, random_play
from .sjavs import card_points, layout

ID = "sjavs"


def last_trick_position(rng: random.Random, players: int, options: Any) -> dict[str, Any]:
    """A deal at its last trick: a random contract and soloist (and trumps, in Farvesjavs),
    the skat set aside, random game points so far."""
    plan = layout(players, options)
    cards = deal_out(rng, plan.pack)
    out = [cards.pop() for _ in range(plan.skat)]
    position: dict[str, Any] = {"players": players}
    soloist = rng.randrange(players)
    contract = rng.choice(("play", "play", "strike", "slam"))
    position.update(contract=contract, soloist=soloist, skat=codes(out))
    if options.farvesjavs:
        position["trump"] = rng.choice(("clubs", "diamonds", "hearts", "spades"))
    last_trick(rng, players, cards, position)
    position["scores"] = [rng.choice((5, 10, 15, 40, 65)) for _ in range(players)]
    return position


def soloist_points(state: Any, events: Sequence[Event]) -> int:
    """The card points the soloist counts at the end of the deal: the tricks they won (the
    last one, the events say who took it) and the cards out of play (SJ-3, SJ-10)."""
    soloist = state.soloist
    last = [e.cards for e in events if e.kind == "trick" and e.player == soloist]
    return card_points(cards_won(state.won[soloist]) + sum(last, ())) + card_points(state.skat)


def score_numbers(state: Any, after: Any, move: Any, events: Sequence[Event], event: Event
                  ) -> tuple[str, int | None, int] | None:
    """After a score: the game points of the player furthest behind once the deal is scored,
    the soloist's card points, or the game points a player lost."""
    if event.kind not in ("score", "deal-scored") or (score := last_score(after, event)) is None:
        return None
    seat = event.player
    if event.kind == "deal-scored":
        seat = min(range(len(score.points)), key=lambda s: score.points[s])
        return "game-points", seat, after.match.scores[seat]
    if event.rule.id in ("SJ-3", "SJ-10") and seat == state.soloist:
        return "card-points", seat, soloist_points(state, events)
    if any(line.player == seat and line.points for line in score.lines) or event.rule.id in ("SJ-17", "SJ-18", "SJ-20"):
        return "game-points-lost", seat, -score.points[seat]
    return None


PRACTICE = PracticePart(
    scenes=(
        (random_play(ID, 20), 1.0, None),
        (opening(ID, 6), 2.0, frozenset({"SJ-6", "SJ-7", "SJ-8", "SJ-9", "SJ-11", "SJ-12", "SJ-25"})),
        (from_position(ID, last_trick_position, moves=4), 3.0,
         frozenset({"SJ-3", "SJ-10", "SJ-16", "SJ-17", "SJ-18", "SJ-19", "SJ-20", "SJ-22"})),
    ),
    left_out={"SJ-2": ORDER, "SJ-4": DEAL, "SJ-5": DEAL, "SJ-21": DEAL, "SJ-23": DEAL, "SJ-24": DEAL},
    when={
        "SJ-1": lambda o, n: not o.farvesjavs,
        "SJ-20": lambda o, n: o.last_points > 0,
        "SJ-22": lambda o, n: ((n in (None, 3) and not o.red_queens)
                               or (n in (None, 4) and o.four_player_deal == "2-(2)-2")),
        "SJ-25": lambda o, n: o.farvesjavs,
    },
    actions=("bid", "trump"),
    who={"end": "loser"},
    number=score_numbers,
    outcomes={"auction": "SJ-6", "skat": "SJ-8", "throw-in": "SJ-6"},
)

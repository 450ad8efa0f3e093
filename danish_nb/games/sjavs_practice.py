"""Practice in Sjavs (:mod:`danish_nb.practice`): its scenes, the rules left out, and the
numbers asked after a score: the soloist's card points, the game points lost
(``GameParts.practice``).

>>> from danish_nb.practice.part import practice_part
>>> practice_part("sjavs").who
{'end': 'loser'}
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from ..core import Event, Game, make_options, setup
from ..families.tricks import Match, cards_won
from ..practice.catalogue import ALLOWS, DEAL, FORBIDS
from ..practice.part import PracticePart, last_score, order_decides
from ..practice.scenes import last_trick, opening, random_play, stage
from .sjavs import LOSS, START_POINTS, Options, card_points, deal_state

ID = "sjavs"


def match_start(rng: random.Random, players: int, options: Mapping[str, Any]) -> Game:
    """A deal's start later in a match: random game points so far (multiples of 5, from 5 to
    65), each reached by deals in which that player, the soloist, lost a Play (SJ-18: 5 each),
    so the deal's number is the count of those deals and its dealer the seat they bring round;
    the cards dealt by the engine, nothing played (``GameParts.practice``'s positions are all
    reached by a legal history: :func:`~danish_nb.practice.scenes.history_is_legal`).

    >>> import random
    >>> game = match_start(random.Random(3), 3, {})
    >>> sorted(game.position), all(s % 5 == 0 and 0 < s <= START_POINTS for s in game.position["scores"])
    (['deal', 'dealer', 'hands', 'players', 'scores', 'seed', 'skat'], True)
    """
    scores = [rng.choice((5, 10, 15, 40, START_POINTS)) for _ in range(players)]
    deal_no = sum(START_POINTS - score for score in scores) // LOSS["play"]
    opts = make_options(Options, dict(options))
    if deal_no >= opts.max_deals:
        scores, deal_no = [START_POINTS] * players, 0
    seed = rng.randrange(2**31)
    dealer = (players - 1 + deal_no) % players
    state = deal_state(opts, players, Match(seed, deal_no, dealer, tuple(scores)))
    return setup(ID, {"players": players, "hands": [[c.code for c in hand] for hand in state.hands],
                      "skat": [c.code for c in state.skat],
                      "dealer": dealer, "deal": deal_no, "scores": scores, "seed": seed}, dict(options))


def points_near(answer: int) -> list[int]:
    """Card or game points a learner could mistake for ``answer``: a card's points more or less
    (SJ-3: 3, 4, 5, 10, 11), never below zero."""
    return [n for n in (answer + d for d in (-11, -10, -5, -4, -3, 3, 4, 5, 10, 11)) if n >= 0]


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
        (stage(ID, last_trick, match_start), 3.0,
         frozenset({"SJ-3", "SJ-10", "SJ-16", "SJ-17", "SJ-18", "SJ-19", "SJ-20", "SJ-22"})),
    ),
    left_out={"SJ-4": DEAL, "SJ-5": DEAL, "SJ-21": DEAL, "SJ-23": DEAL, "SJ-24": DEAL},
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
    through={"SJ-2": ("trick", order_decides(plain=True))},
    numbers={"game-points-lost": lambda answer: [0, *LOSS.values()],
             "card-points": points_near, "game-points": points_near},
    fixed={"SJ-1": FORBIDS, "SJ-7": FORBIDS, "SJ-12": ALLOWS, "SJ-15": ALLOWS},
    outcomes={"auction": "SJ-6", "skat": "SJ-8", "throw-in": "SJ-6"},
)

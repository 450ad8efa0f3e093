"""A rule-of-thumb player for the shedding games: play the lowest card that fits, keep the
power cards (2, 10, jokers) for when nothing else fits, and never waste a good face-up card."""

from __future__ import annotations

from typing import Any

from ..cards import Card, Rank
from ..i18n import M
from .base import AGENTS, Choice, SeededPlayer

#: Cards worth keeping: the higher, the later they are played.
POWER = {Rank.TWO: 20, Rank.TEN: 21, Rank.JOKER: 22}
#: When no card is played: the first of these actions that is legal, and why.
_LAST_RESORTS = (("stock", M("no card fits: tries the stock card")), ("closed", M("turns over a face-down card")),
                 ("send", M("sends the pile on")), ("take", M("nothing fits: takes the pile")))


def card_cost(card: Card) -> int:
    """How reluctant the player is to part with a card (low cards go first)."""
    return POWER.get(card.rank, int(card.rank))


class ShedRuleOfThumb(SeededPlayer):
    """Lowest fitting card first (all copies of it), power cards last; face-up choice keeps
    the strongest cards on the table; takes the pile only when it must."""

    name = "rule-of-thumb"

    def choose(self, state: Any) -> Choice:
        moves = self.moves(state)
        plays = [m for m in moves if m.action in ("play", "open")]
        face_up = [m for m in moves if m.action == "face-up"]
        if face_up:
            best = max(face_up, key=lambda m: sorted((card_cost(c) for c in m.cards), reverse=True))
            return Choice(best, M("leaves its strongest cards face up for later"))
        if plays:
            best = min(plays, key=lambda m: (card_cost(m.cards[0]), -len(m.cards)))
            kind = M("power card, since nothing lower fits") if _is_power(best) else M("lowest card that fits")
            many = M(" (all {cards} of them)", cards=len(best.cards)) if len(best.cards) > 1 else ""
            return Choice(best, M("plays its {kind}{many}", kind=kind, many=many))
        for action, why in _LAST_RESORTS:
            options = [m for m in moves if m.action == action]
            if options:
                return Choice(self.rng.choice(options), why)
        move = self.rng.choice(moves)
        return Choice(move, M("no better idea: a random legal move"))


def _is_power(move: Any) -> bool:
    return move.cards[0].rank in POWER


AGENTS.setdefault("rule-of-thumb", {})["shedding"] = ShedRuleOfThumb

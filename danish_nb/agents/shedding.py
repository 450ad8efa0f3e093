"""A rule-of-thumb player for the shedding games: play the lowest card that fits, keep the
power cards (2, 10, jokers) for when nothing else fits, and never waste a good face-up card."""

from __future__ import annotations

from typing import Any

from ..cards import Card, Rank
from ..i18n import N_, M
from .base import AGENTS, Choice, SeededPlayer

#: Cards worth keeping: the higher, the later they are played.
POWER = {Rank.TWO: 20, Rank.TEN: 21, Rank.JOKER: 22}
#: When no card is played: the first of these actions that is legal, and why.
_LAST_RESORTS = (("stock", M("no card fits: tries the stock card")), ("closed", M("turns over a face-down card")),
                 ("send", M("sends the pile on")), ("take", M("nothing fits: takes the pile")))


#: Each rank's cost (:func:`card_cost`), looked up once per legal move of every playout of the search.
COST = {rank: POWER.get(rank, int(rank)) for rank in Rank}
#: The reasons that name nothing, made once.
_FACE_UP = M("leaves its strongest cards face up for later")
_POWER_CARD, _LOWEST = M("plays its power card, since nothing lower fits"), M("plays its lowest card that fits")
#: The same reasons when the play is several cards of that rank.
_POWER_CARDS = N_("plays its {cards} power cards of one rank, since nothing lower fits")
_LOWEST_CARDS = N_("plays its {cards} lowest cards that fit, all of one rank")


def card_cost(card: Card) -> int:
    """How reluctant the player is to part with a card (low cards go first).

    >>> card_cost(Card.parse("3C")), card_cost(Card.parse("AS")), card_cost(Card.parse("2H"))
    (3, 14, 20)
    """
    return COST[card.rank]


class ShedRuleOfThumb(SeededPlayer):
    """Lowest fitting card first (all copies of it), power cards last; face-up choice keeps
    the strongest cards on the table; takes the pile only when it must."""

    name = "rule-of-thumb"

    def choose(self, state: Any) -> Choice:
        moves = self.moves(state)
        best, least = None, None  # the first play of the lowest cost, the most cards of it
        face_up = []
        for m in moves:  # one pass: the search's playouts ask this at every move
            action = m.action
            if action == "play" or action == "open":
                cards = m.cards
                key = (COST[cards[0].rank], -len(cards))
                if least is None or key < least:
                    best, least = m, key
            elif action == "face-up":
                face_up.append(m)
        if face_up:
            chosen = max(face_up, key=lambda m: sorted((card_cost(c) for c in m.cards), reverse=True))
            return Choice(chosen, _FACE_UP)
        if best is not None:
            power, many = _is_power(best), len(best.cards)
            if many == 1:
                return Choice(best, _POWER_CARD if power else _LOWEST)
            return Choice(best, M(_POWER_CARDS if power else _LOWEST_CARDS, cards=many))
        for action, why in _LAST_RESORTS:
            options = [m for m in moves if m.action == action]
            if options:
                return Choice(self.rng.choice(options), why)
        move = self.rng.choice(moves)
        return Choice(move, M("no better idea: a random legal move"))


def _is_power(move: Any) -> bool:
    return move.cards[0].rank in POWER


AGENTS.setdefault("rule-of-thumb", {})["shedding"] = ShedRuleOfThumb

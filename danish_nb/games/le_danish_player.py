"""A rule-of-thumb player for Le danish: the shedding player's habits, plus choices for the
moves only Le danish has (where to send an Ace's pile, completing a four, turning another
face-down card).

>>> import danish_nb as dn
>>> g = dn.setup("le-danish", {"hands": [["AH", "4C"], ["9S", "9C"], ["5D"]], "pile": ["6C"]})
>>> _ = g.play("P1 play AH")
>>> LeDanishRuleOfThumb().choose(g.state).move
ShedMove(player=0, action='send', cards=(), index=2)
"""

from __future__ import annotations

from typing import Any

from ..agents.base import Choice
from ..agents.shedding import ShedRuleOfThumb
from ..cards import Rank, rank_words
from ..i18n import M


def cards_left(state: Any, seat: int) -> int:
    """How many cards a player still has to get rid of (hand, face-up and face-down)."""
    return len(state.hands[seat]) + len(state.open[seat]) + len(state.closed[seat])


class LeDanishRuleOfThumb(ShedRuleOfThumb):
    """Sends an Ace's pile to the player closest to winning, always completes a four, turns
    another face-down card only on a low or empty pile; otherwise plays like
    :class:`~danish_nb.agents.shedding.ShedRuleOfThumb`."""

    def choose(self, state: Any) -> Choice:
        moves = self.moves(state)
        sends = [m for m in moves if m.action == "send"]
        if sends:
            order = [(state.current + k * state.direction) % state.players for k in range(1, state.players)]
            best = min(sends, key=lambda m: (cards_left(state, m.index), order.index(m.index)))
            return Choice(best, M("sends the pile to P{index}, who has the fewest cards left ({cards_left})",
                                  index=best.index + 1, cards_left=cards_left(state, best.index)))
        completes = [m for m in moves if m.action == "complete"]
        if completes:
            return Choice(completes[0], M("completes the four {ranks}: two cards fewer, and play goes on "
                                          "from here", ranks=rank_words(completes[0].cards[0].rank, plural=True)))
        if state.phase == "chain":
            top = state.pile[-1] if state.pile else None
            closed = [m for m in moves if m.action == "closed"]
            if top is None or top.rank <= Rank.SIX:
                return Choice(closed[0], M("the pile is low: another face-down card will likely fit"))
            return Choice(next(m for m in moves if m.action == "pass"),
                          M("stops: a blind card on {top} would likely fail", top=top))
        return super().choose(state)


"""A rule-of-thumb player for Rat Bastard 17: aim for exactly 17, otherwise play the highest
card that keeps the total at or under 17 (it leaves the opponent the least room), keep wild
cards for when nothing else fits, prefer a known hole card to a blind one, and put low cards
face up in the hole row at the deal (they fit late in the game).

>>> import danish_nb as dn
>>> g = dn.setup("rat-bastard-17", {"hands": [["9H", "6D", "RJ"], ["9S"]], "pile": ["6C", "5D"]})
>>> choice = RatRuleOfThumb().choose(g.state)
>>> str(choice.move), str(choice.why)
('P1 play 6♦', 'plays the six of diamonds to reach exactly 17, then starts again from 0')
"""

from __future__ import annotations

from typing import Any

from ..agents.base import Choice, SeededPlayer
from ..i18n import M
from .rat_bastard_17 import TARGET, UP_SLOTS, RatMove, card_value


class RatRuleOfThumb(SeededPlayer):
    """Exactly 17 first, then the highest fixed card that fits, then a wild card (as the value
    that reaches 17, or 10), then a blind hole card; takes only when nothing can be played."""

    name = "rule-of-thumb"

    def choose(self, state: Any) -> Choice:
        moves = self.moves(state)
        if moves[0].action in ("swap", "keep"):
            return self._swap(state, moves)
        opts = state.options
        known: list[tuple[RatMove, Any, int | None]] = []
        blind: list[RatMove] = []
        for move in moves:
            if move.action == "take":
                continue
            card = move.card if move.action == "play" else state.holes[move.player][move.position - 1]
            if move.action == "hole" and move.position - 1 not in UP_SLOTS:
                blind.append(move)
            else:
                known.append((move, card, card_value(card, opts)))
        fixed = [(m, c, v) for m, c, v in known if v is not None]
        wild = [(m, c) for m, c, v in known if v is None]
        exact = [(m, c) for m, c, v in fixed if state.total + v == TARGET]
        if exact:
            move, card = exact[0]
            return Choice(move, M("plays {card} to reach exactly 17, then starts again from 0", card=card))
        if fixed:
            move, card, value = max(fixed, key=lambda mcv: mcv[2])
            return Choice(move, M("plays its highest card that fits, {card} (total {x}), leaving the opponent "
                                  "little room", card=card, x=state.total + value))
        if wild:
            best = min(10, TARGET - state.total)
            move, card = next((m, c) for m, c in wild if m.value == best)
            if state.total + best == TARGET:
                return Choice(move, M("no other card fits: plays {card}, a wild card, as {best} to reach exactly 17",
                                      card=card, best=best))
            return Choice(move, M("no other card fits: plays {card}, a wild card, as {best}, its highest value",
                                  card=card, best=best))
        if blind:
            move = self.rng.choice(blind)
            return Choice(move, M("no known card fits: turns over the face-down hole card at position "
                                  "{position} and hopes", position=move.position))
        return Choice(moves[0], M("no card fits: must pick up"))

    def _swap(self, state: Any, moves: list[RatMove]) -> Choice:
        opts = state.options

        def gain(move: RatMove) -> int:
            mine, table = card_value(move.card, opts), card_value(move.other, opts)
            if mine is None or table is None:
                return 0  # never part with a wild card, never put one face up
            return table - mine

        swaps = [m for m in moves if m.action == "swap" and gain(m) > 0]
        if swaps:
            best = max(swaps, key=gain)
            return Choice(best, M("puts {card}, a low card, face up instead of {other}: low hole cards fit late in "
                                  "the game", card=best.card, other=best.other))
        keep = next(m for m in moves if m.action == "keep")
        return Choice(keep, M("its face-up hole cards are already as low as its hand allows"))


"""A rule-of-thumb player for the trick-taking games: name the longest, strongest suit as
trumps, lead low, follow low, take cheap tricks when last to play, keep clear of tricks holding
jacks (and pass its own jacks to others), and chase the 7♣.

It decides from the player's view only (its own hand, the trick, the trumps), never from
hidden cards. What a card is worth to its taker comes from :data:`CARD_VALUES` by game id.

>>> import danish_nb as dn
>>> g = dn.new_game("bastard", players=4, seed=2)
>>> choice = TrickRuleOfThumb().choose(g.state)
>>> choice.move in g.legal_moves(), choice.why.startswith("names")
(True, True)
"""

from __future__ import annotations

import random
from typing import Any

from ..cards import SUITS, Card, Rank, format_cards
from ..families.tricks import SUIT_NAMES, Play, TrickMove, Trumps, trick_winner
from .base import AGENTS, Choice

#: game id -> what taking each card is worth to its taker (rough, for play only; not scoring).
CARD_VALUES: dict[str, dict[Card, int]] = {
    "bastard": {Card.parse("JS"): -1, Card.parse("JC"): -2, Card.parse("JD"): -3, Card.parse("JH"): -4,
                Card.parse("7C"): 3, Card.parse("7D"): -1},
}


class TrickRuleOfThumb:
    """Plays trick games by simple rules, each choice with its reason."""

    name = "rule-of-thumb"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, state: Any) -> Choice:
        moves = state.legal_moves()
        if not moves:
            raise ValueError("no legal move: the game is over")
        view = state.view(state.current_player)
        calls = [m for m in moves if m.action == "trump"]
        if calls:
            return self._call(view.hand, calls)
        plays = [m for m in moves if m.action == "play"]
        if not plays or view.trumps is None:
            return Choice(self.rng.choice(moves), "no rule of thumb for this step: a random legal move")
        values = CARD_VALUES.get(view.game, {})
        return self._play(view.me, view.trick, view.trumps, [m.card for m in plays], values, view.players)

    def _call(self, hand: tuple[Card, ...], calls: list[TrickMove]) -> Choice:
        """Trumps: the longest suit, ties broken by its high cards; no trumps if no suit is both
        long (more than a quarter of the hand) and holds a picture card or ace."""
        def weight(suit) -> tuple[int, int]:
            cards = [c for c in hand if c.suit is suit]
            return len(cards), sum(int(c.rank) for c in cards if c.rank >= Rank.JACK)
        best = max(SUITS, key=weight)
        length, honours = weight(best)
        call = {m.suit: m for m in calls}
        if length * 4 <= len(hand) or not honours:
            return Choice(call[None], f"declares no trumps: no suit is both long and strong "
                          f"(the longest, {SUIT_NAMES[best]}, has {length} cards)")
        held = format_cards(sorted((c for c in hand if c.suit is best), key=lambda c: -c.rank))
        return Choice(call[best], f"names {SUIT_NAMES[best]}: its longest and strongest suit ({held})")

    def _play(self, me: int, trick: tuple[Play, ...], trumps: Trumps, cards: list[Card],
              values: dict[Card, int], players: int) -> Choice:
        def cost(card: Card) -> tuple[int, int, int]:
            """Cheap cards first: no value to lose, not a trump, low."""
            return (values.get(card, 0) != 0, trumps.is_trump(card), trumps.strength(card))

        def move(card: Card, why: str) -> Choice:
            return Choice(TrickMove(me, "play", card), why)

        if not trick:
            card = min(cards, key=cost)
            return move(card, f"leads its cheapest card, {card}, keeping trumps and high cards")
        stake = sum(values.get(p.card, 0) for p in trick)
        winners = [c for c in cards if trick_winner(trick + (Play(me, c),), trumps)[0].player == me]
        losers = [c for c in cards if c not in winners]
        last = len(trick) == players - 1
        bad = [p.card for p in trick if values.get(p.card, 0) < 0]
        if bad:
            if losers:
                dump = min(losers, key=lambda c: (values.get(c, 0), -trumps.strength(c)))
                if values.get(dump, 0) < 0:
                    return move(dump, f"the trick holds {format_cards(bad)}: stays out of it and gives "
                                      f"away its own {dump}")
                return move(dump, f"the trick holds {format_cards(bad)}: plays its highest card that "
                                  f"does not win it, {dump}")
            card = min(winners, key=lambda c: (values.get(c, 0) < 0, trumps.strength(c)))
            return move(card, f"must take the trick with {format_cards(bad)}: plays {card}, keeping "
                              f"its own jacks out")
        prize = [p.card for p in trick if values.get(p.card, 0) > 0]
        if winners and (prize or last):
            safe = [c for c in winners if values.get(c, 0) >= 0] or winners
            if prize and not last:
                card = max(safe, key=trumps.strength)
                return move(card, f"chases the {format_cards(prize)}: plays its highest winning card, {card}")
            card = min(safe, key=trumps.strength)
            gain = stake + 1 + values.get(card, 0)
            return move(card, f"last to play: takes the trick with its lowest winning card, {card} "
                              f"(worth about {gain:+d})")
        if losers:
            jacks = [c for c in losers if values.get(c, 0) < 0]
            if jacks:
                card = min(jacks, key=lambda c: values[c])
                return move(card, f"cannot win cheaply: gives away its {card}")
            card = min(losers, key=cost)
            return move(card, f"follows low with {card}")
        card = min(cards, key=cost)
        return move(card, f"every card wins here: plays its cheapest, {card}")


AGENTS.setdefault("rule-of-thumb", {})["tricks"] = TrickRuleOfThumb

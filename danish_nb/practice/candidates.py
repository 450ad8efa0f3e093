"""The moves a learner could try in a position: what a practice item asks about.

Not every move the notation can write (another player's move, cards the player does not hold):
only what the player to move could reach for at a table. Each family lists them from the state
(the player's own cards, and the other actions of its notation the game's practice part
declares); the rules then judge them.

>>> import danish_nb as dn
>>> g = dn.setup("danish-bastard", {"hands": [["8H", "4C"], ["9S"]], "pile": ["6C"]})
>>> [str(m) for m in tries(g.state)]
['P1 play 8♥', 'P1 play 4♣', 'P1 play 4♣ 8♥', 'P1 stock', 'P1 take']
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..cards import Card
from ..core import get_game
from ..families.running_total import ROW, RatMove
from ..families.shedding import ShedMove, ShedTable
from ..families.tricks import SUITS, TrickMove
from .part import practice_part


def tries(state: Any) -> list[Any]:
    """The moves the player to move could try here, legal or not (the legal ones first, then the
    others in a fixed order); ``[]`` when nobody is to move."""
    player = state.current_player
    if player is None:
        return []
    legal = state.legal_moves()
    others = _BY_FAMILY[get_game(state.game_id).info.family](state, player)
    seen = set(legal)
    return legal + [m for m in dict.fromkeys(others) if m not in seen]


def card_of(move: Any) -> Card | None:
    """The one card a single play puts down (``None`` for any other move): a move's ``cards``
    (a shedding game's) or ``card`` (a trick's, Rat Bastard 17's hand card).

    >>> import danish_nb as dn
    >>> g = dn.new_game("bastard", players=3)
    >>> card_of(g.parse_move("P1 play 7H")), card_of(g.parse_move("P1 trump none"))
    (Card('7♥'), None)
    """
    if move.action not in ("play", "open"):
        return None
    cards = getattr(move, "cards", ())
    if not cards and getattr(move, "card", None) is not None:
        cards = (move.card,)
    return cards[0] if len(cards) == 1 else None


def _shed_tries(state: ShedTable, p: int) -> list[ShedMove]:
    if state.phase == "swap":
        return [ShedMove(p, "play", (card,)) for card in dict.fromkeys(state.hands[p])]
    hand, opens = state.hands[p], state.open[p]
    moves = [ShedMove(p, "play", (card,)) for card in dict.fromkeys(hand)]
    ranks: dict[Any, list[Card]] = {}
    for card in hand:
        ranks.setdefault(card.rank, []).append(card)
    moves += [ShedMove(p, "play", tuple(group)) for group in ranks.values() if len(group) > 1]
    kinds = list(ranks.values())
    if len(kinds) > 1:
        moves.append(ShedMove(p, "play", (kinds[0][0], kinds[1][0])))
    actions = practice_part(state.game_id).actions  # the rest of the family's notation is not the game's
    if "open" in actions:
        moves += [ShedMove(p, "open", (card,)) for card in dict.fromkeys(opens)]
    moves += [ShedMove(p, action) for action in ("stock", "take", "pick-up-open") if action in actions]
    moves += [ShedMove(p, "closed", (), i) for i in range(len(state.closed[p]))]
    return moves


def _rat_tries(state: Any, p: int) -> list[RatMove]:
    if state.phase == "swap":
        return [RatMove(p, "play", card) for card in dict.fromkeys(state.hands[p])]
    moves = [RatMove(p, "play", card) for card in dict.fromkeys(state.hands[p])]
    moves += [RatMove(p, "hole", None, None, position) for position in range(1, ROW + 1)
              if state.holes[p][position - 1] is not None]
    moves.append(RatMove(p, "take"))
    return moves


def _trick_tries(state: Any, p: int) -> list[TrickMove]:
    moves = [TrickMove(p, "play", card) for card in state.hands[p]]
    phase, actions = state.phase, practice_part(state.game_id).actions
    if phase == "bid" and "bid" in actions:
        bids = get_game(state.game_id).info.parts.bids  # the game's declaration (GameParts.bids)
        moves += [TrickMove(p, "pass")] + [TrickMove(p, "bid", bid=bid) for bid in bids]
    elif phase == "trump" and "trump" in actions:
        moves += [TrickMove(p, "trump", None, suit) for suit in (*SUITS, None)]
    elif phase == "play" and "trump" in actions:
        moves.append(TrickMove(p, "trump", None, SUITS[0]))
    return moves


#: The moves a player could reach for, by the game's family (its ``info.family``).
_BY_FAMILY: dict[str, Callable[[Any, int], list[Any]]] = {"shedding": _shed_tries, "running-total": _rat_tries,
                                                          "tricks": _trick_tries}

"""Which rules are practised: every rule of a game's catalogue that decides whether a move a
player could try is legal, or what a legal move does, under the table's options.

Left out, with the reason (:func:`left_out`, declared in the game's practice part): the rules
of the deal (the shuffle, the packs, how many cards each gets, the hole cards' layout: settled
before any move), the object of the game where it only ends a game in a draw, rules the engine
cannot enforce, and rules cited only when a move is not a move of the game at all. The rules the
engine never cites as deciding a move are asked through the question they decide (the part's
``through``): an order of the cards through who takes a trick, the object of a game through who
wins or loses at its end, the direction of play through who plays next. Some rules are practised
only under an option (its part's ``when``): a variant switched off, or a reading an option
replaces, is never asked. :func:`left_out_lines` lists the rules left out, with their reasons,
for a lesson to show.

>>> "DB-13" in active_rules("danish-bastard", {}), "LD-30" in active_rules("le-danish", {})
(True, False)
>>> "LD-30" in active_rules("le-danish", {"four_of_a_kind_burns": True})
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core import get_game, make_options
from ..i18n import N_
from .part import practice_part

#: Why rules are not practised.
DEAL = N_("a rule of the deal: it is settled before any move")
OBJECT = N_("the object of the game: it only ends a game that would go on forever, as a draw")
UNENFORCED = N_("a sentence the engine cannot enforce")
NOTATION = N_("cited only for a move that is not a move of the game")


def left_out(game_id: str) -> Mapping[str, str]:
    """The rules of ``game_id`` not practised, each with the reason (its practice part's).

    >>> str(left_out("sjavs")["SJ-4"])
    'a rule of the deal: it is settled before any move'
    """
    return practice_part(game_id).left_out


def active_rules(game_id: str, options: Mapping[str, Any] | Any = None, players: int | None = None) -> tuple[str, ...]:
    """The rules of ``game_id`` practised under ``options`` (a dict or the game's options value)
    at a table of ``players`` (``None``: any count), in catalogue order."""
    rules = get_game(game_id)
    opts = make_options(rules.options_type, options)
    part = practice_part(game_id)
    return tuple(rule.id for rule in rules.catalogue
                 if rule.id not in part.left_out and (rule.id not in part.when or part.when[rule.id](opts, players)))

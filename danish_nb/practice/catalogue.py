"""Which rules are practised: every rule of the five catalogues that decides whether a move a
player could try is legal, or what a legal move does, under the table's options.

Left out, with the reason (:data:`LEFT_OUT`): the rules of the deal (the shuffle, the packs,
how many cards each gets: settled before any move), the object of the game where it only ends
a game in a draw, rules the engine cannot enforce, and rules cited only when a move is not a
move of the game at all. Some rules are practised only under an option (:data:`WHEN`): a
variant switched off, or a reading an option replaces, is never asked.

>>> "DB-13" in active_rules("danish-bastard", {}), "LD-30" in active_rules("le-danish", {})
(True, False)
>>> "LD-30" in active_rules("le-danish", {"four_of_a_kind_burns": True})
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..core import get_game, make_options
from ..i18n import N_

#: Why rules are not practised.
DEAL = N_("a rule of the deal: it is settled before any move")
OBJECT = N_("the object of the game: it only ends a game that would go on forever, as a draw")
UNENFORCED = N_("a sentence the engine cannot enforce")
NOTATION = N_("cited only for a move that is not a move of the game")

#: Per game, the rules not practised and why.
LEFT_OUT: dict[str, dict[str, str]] = {
    "danish-bastard": {"DB-1": OBJECT, "DB-2": DEAL, "DB-3": DEAL, "DB-4": DEAL, "DB-5": DEAL, "DB-6": DEAL,
                       "DB-7": DEAL, "DB-10": NOTATION, "DB-33": DEAL},
    "le-danish": {"LD-1": OBJECT, "LD-2": DEAL, "LD-3": DEAL, "LD-4": DEAL, "LD-5": DEAL, "LD-7": UNENFORCED,
                  "LD-8": DEAL, "LD-10": NOTATION, "LD-13": DEAL},
    "rat-bastard-17": {"RB-2": OBJECT, "RB-3": DEAL, "RB-6": DEAL, "RB-8": DEAL, "RB-11": NOTATION,
                       "RB-14": UNENFORCED},
    "bastard": {"BA-1": DEAL, "BA-2": DEAL, "BA-3": NOTATION, "BA-4": OBJECT, "BA-5": DEAL, "BA-6": UNENFORCED,
                "BA-7": DEAL},
    "sjavs": {"SJ-2": NOTATION, "SJ-4": DEAL, "SJ-5": DEAL, "SJ-21": DEAL, "SJ-23": DEAL, "SJ-24": DEAL},
}

#: Rules practised only under some options (and player counts): the options value and the
#: player count (``None``: any) to a yes or no.
WHEN: dict[str, dict[str, Callable[[Any, int | None], bool]]] = {
    "danish-bastard": {
        "DB-12": lambda o, n: o.stock_by_choice,
        "DB-9": lambda o, n: o.stock_by_choice and not o.stock_opening,
    },
    "le-danish": {
        "LD-18": lambda o, n: o.after_pickup == "last-player",
        "LD-22": lambda o, n: o.chain_face_down,
        "LD-24": lambda o, n: o.face_down_below_three,
        "LD-30": lambda o, n: o.four_of_a_kind_burns,
        "LD-31": lambda o, n: o.three_passes_hands,
        "LD-32": lambda o, n: o.six_reverses,
        "LD-33": lambda o, n: o.complete_four,
    },
    "rat-bastard-17": {
        "RB-1": lambda o, n: o.wild != "none",
    },
    "bastard": {},
    "sjavs": {
        "SJ-1": lambda o, n: not o.farvesjavs,
        "SJ-20": lambda o, n: o.last_points > 0,
        "SJ-22": lambda o, n: (n in (None, 3) and not o.red_queens) or (n in (None, 4) and o.four_player_deal == "2-(2)-2"),
        "SJ-25": lambda o, n: o.farvesjavs,
    },
}


def active_rules(game_id: str, options: Mapping[str, Any] | Any = None, players: int | None = None) -> tuple[str, ...]:
    """The rules of ``game_id`` practised under ``options`` (a dict or the game's options value)
    at a table of ``players`` (``None``: any count), in catalogue order."""
    rules = get_game(game_id)
    opts = make_options(rules.options_type, options)
    left_out, when = LEFT_OUT.get(game_id, {}), WHEN.get(game_id, {})
    return tuple(rule.id for rule in rules.catalogue
                 if rule.id not in left_out and (rule.id not in when or when[rule.id](opts, players)))

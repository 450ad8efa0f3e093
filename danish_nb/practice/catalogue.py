"""Which rules are practised: every rule of a game's catalogue that decides whether a move a
player could try is legal, or what a legal move does, under the table's options.

Left out, with the reason (:func:`left_out`, declared in the game's practice part): the rules of
the deal (the shuffle, the packs, how many cards each gets: settled before any move), the object
of the game where it only ends a game in a draw, rules the engine cannot enforce, and rules
cited only when a move is not a move of the game at all. The rules the engine never cites as
deciding a move are asked through the question they decide (the part's ``through``): an order of
the cards through who takes a trick, the object of a game through who wins or loses at its end,
the direction of play through who plays next; a layout of the deal the board does not show
through a question on the position (the part's ``position``: Rat Bastard 17's hole cards). Some
rules are practised only under an option (its part's ``when``): a variant switched off, or a
reading an option replaces, is never asked. :func:`left_out_lines` lists the rules left out,
with their reasons, for a lesson to show.

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

#: Why a practised rule's answer cannot vary (the positions, players and moves still do).
FORBIDS = N_("one answer only: the rule only forbids, so a move it decides is never legal (the positions, players "
             "and moves vary)")
ALLOWS = N_("one answer only: the rule only allows, so a move it decides is always legal (the positions, players "
            "and moves vary)")
OUTCOME = N_("one answer only: the rule always makes the same thing happen (the positions, players and moves vary)")
#: Why a rule of a variant is not practised under the options of the table.
OPTION = N_("not in play under these options: a variant switched off, or a reading an option replaces")
SEAT = N_("one answer only: the first deal's order always has the same player start")


def left_out(game_id: str) -> Mapping[str, str]:
    """The rules of ``game_id`` not practised, each with the reason (its practice part's).

    >>> str(left_out("sjavs")["SJ-4"])
    'a rule of the deal: it is settled before any move'
    """
    return practice_part(game_id).left_out


def one_answer(game_id: str) -> Mapping[str, str]:
    """The practised rules of ``game_id`` whose answer cannot vary, each with the reason.

    >>> str(one_answer("sjavs")["SJ-1"]).split(":")[0]
    'one answer only'
    """
    return practice_part(game_id).fixed


def practice_notes(game_id: str, options: Mapping[str, Any] | Any = None) -> tuple[tuple[str, str, str], ...]:
    """What a lesson shows about its game's practice: every rule not practised under ``options``
    (left out, or switched off by an option), then every practised rule whose answer cannot vary,
    each as ``(rule id, title, reason)`` (title and reason in English: render them with
    :func:`~danish_nb.i18n.title_in` and the catalogue; :func:`danish_nb.render.practice.notes_html`
    draws them).

    >>> notes = practice_notes("le-danish")
    >>> notes[0][:2], "LD-30" in [rule for rule, _, _ in notes]
    (('LD-1', 'Object'), True)
    """
    rules = get_game(game_id)
    active = set(active_rules(game_id, options))
    part = practice_part(game_id)
    out = [(rule.id, rule.title, part.left_out.get(rule.id, OPTION)) for rule in rules.catalogue
           if rule.id not in active]
    return tuple(out + [(rule.id, rule.title, part.fixed[rule.id]) for rule in rules.catalogue
                        if rule.id in active and rule.id in part.fixed])


def active_rules(game_id: str, options: Mapping[str, Any] | Any = None, players: int | None = None) -> tuple[str, ...]:
    """The rules of ``game_id`` practised under ``options`` (a dict or the game's options value)
    at a table of ``players`` (``None``: any count), in catalogue order."""
    rules = get_game(game_id)
    opts = make_options(rules.options_type, options)
    part = practice_part(game_id)
    return tuple(rule.id for rule in rules.catalogue
                 if rule.id not in part.left_out and (rule.id not in part.when or part.when[rule.id](opts, players)))

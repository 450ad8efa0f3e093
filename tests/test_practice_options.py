"""The options that decide a practice item (:meth:`Item.deciding_options`, shown with the item)
are the same as before the replay under each other option value went state by state (issue 41):
the reference below is the former function, which replayed the whole record by its notation with
:func:`~danish_nb.core.load_record` per value.
"""

from __future__ import annotations

from typing import Any

import pytest

from danish_nb.core import GAMES, DanishNbError, load_record
from danish_nb.practice import NoItem, active_rules, make_item
from danish_nb.practice.items import Item, _pick_moves, _position_asks, card_of, decider, tries

#: Seeds per practised rule at the default table; at Danish Bastard's tables with one option
#: switched, every :data:`STEP`-th practised rule (the first question of lesson 01 replays its
#: game under each other value of each option, and items of every game are compared).
SEEDS, STEP = 1, 3


def former_signature(game: Any, item: Item) -> Any:
    """The former ``_signature``: what decides the item's answer in ``game``."""
    state = game.state
    if item.kind == "pick":
        picks = _pick_moves([(m, state.explain(m)) for m in tries(state)])
        return frozenset((card_of(m).code, v.legal) for m, v in picks)
    if item.move is None:
        return tuple(str(why) for why in _position_asks(item, state))
    verdict = state.explain(game.parse_move(item.move))
    if item.kind == "legal" or not verdict.legal:
        return (verdict.legal, decider(verdict))
    return tuple(str(event) for event in state.apply(verdict.move)[1])


def former_deciding_options(item: Item) -> tuple[tuple[Any, Any], ...]:
    """The former ``_deciding_options``: the whole record replayed by :func:`load_record`."""
    game = item.game()
    here = former_signature(game, item)
    values = dict(item.record.get("options") or {})
    found = []
    for info in game.rules.info.options:
        others = [v for v in (info.choices or ((True, False) if isinstance(info.default, bool) else ()))
                  if v != values.get(info.name, info.default)]
        for value in others:
            try:
                other = load_record({**item.record, "options": {**values, info.name: value}})
                changed = former_signature(other, item) != here
            except DanishNbError:
                changed = False
            if changed:
                found.append((info, values.get(info.name, info.default)))
                break
    return tuple(found)


def items(game_id: str, options: dict[str, Any], seeds: int, step: int = 1) -> list[Item]:
    """Items of every ``step``-th rule practised at the table of ``options`` in ``game_id``, from
    ``seeds`` seeds each."""
    made = []
    for rule in active_rules(game_id, options)[::step]:
        for seed in range(seeds):
            try:
                made.append(make_item(game_id, rule, seed, options=options))
            except NoItem:
                continue
    return made


def tables() -> list[tuple[str, dict[str, Any], int, int]]:
    """Each game at its default table; Danish Bastard with each of its on/off options switched."""
    found: list[tuple[str, dict[str, Any], int, int]] = [(game_id, {}, SEEDS, 1) for game_id in sorted(GAMES)]
    found += [("danish-bastard", {info.name: not info.default}, 1, STEP)
              for info in GAMES["danish-bastard"].info.options if isinstance(info.default, bool)]
    return found


@pytest.mark.parametrize(("game_id", "options", "seeds", "step"), tables())
def test_the_same_options_decide_as_before(game_id: str, options: dict[str, Any], seeds: int, step: int) -> None:
    made = items(game_id, options, seeds, step)
    assert made
    for item in made:
        assert item.deciding_options() == former_deciding_options(item), item.to_dict()
    if not options:  # the comparison meets both: items some option decides, and items none does
        decided = [bool(item.deciding_options()) for item in made]
        assert any(decided) and not all(decided)

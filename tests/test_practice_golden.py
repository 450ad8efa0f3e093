"""Practice items are the same for the same seeds: per game, a hash of the items made for every
practised rule (default options) from a few seeds, captured on main at ca09f12, before each
game's practice facts moved from ``danish_nb/practice/`` into its own practice part (issue 30).

A change to a scene, a question, a choice, an answer or the position behind an item changes
the hash (:func:`trace`: the item's id hashes its record, kind, move, choice keys and rule; the
texts are hashed as a learner reads them in English). Two seeds per rule catch most changes,
not every one: a question asked rarely (who loses a game of Danish Bastard) may not be among
them.
"""

from __future__ import annotations

import hashlib
import json

import pytest

from danish_nb.core import render_text
from danish_nb.practice import NoItem, active_rules, make_item

SEEDS = 2
#: game id -> sha256 of :func:`trace` (captured on main at ca09f12).
GOLDEN = {
    "danish-bastard": "772f1fc5b49c1e2c1a26464eb71c59a620998e64bb3646a23dc25e2bb2f6a13b",
    "le-danish": "d8140e19327fd2415fa604cef3909f713ad24002e631cf3224d41cce6eb4bb78",
    "rat-bastard-17": "d776cd82c0c54674424a4786ef10794d7b2caaeb1ddd3a787127d274a78d0f97",
    "bastard": "22f172685a6e35239efe33484b07449af92cf7e584ef959410149a226f1f84d1",
    "sjavs": "33964230b1b96f7ec7a5eecb000dd4fcb014a1ad9eceb06455ada204065cfe1b",
}


def trace(game_id: str, seeds: int = SEEDS) -> str:
    """The sha256 of every item of ``game_id`` for each practised rule and seed (or that none
    could be made)."""
    lines = []
    for rule in active_rules(game_id, {}):
        for seed in range(seeds):
            try:
                item = make_item(game_id, rule, seed)
            except NoItem as error:
                lines.append([rule, seed, str(error)])
                continue
            lines.append([rule, seed, item.id, item.kind, render_text(item.question), item.move,
                          render_text(item.note), item.player, sorted(item.answer),
                          [(c.key, render_text(c.text), c.group) for c in item.choices]])
    return hashlib.sha256(json.dumps(lines, ensure_ascii=False).encode()).hexdigest()


@pytest.mark.parametrize("game_id", sorted(GOLDEN))
def test_the_same_seeds_give_the_same_items(game_id):
    assert trace(game_id) == GOLDEN[game_id]


if __name__ == "__main__":
    for game in GOLDEN:
        print(f"    {game!r}: {trace(game)!r},")

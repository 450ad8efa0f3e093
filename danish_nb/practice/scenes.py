"""Where practice positions come from: seeded scenes, each a stream of positions of one game
(a :class:`~danish_nb.core.Game`, its current state the position) under the table's options.

Every game has random play from a seeded deal (most rules decide something within a few
moves of it); rules that random play rarely reaches (the end of a game or of a deal, the
last face-down cards, scoring with the sevens) also have a scene that sets up such a
position directly (:func:`danish_nb.setup`) from seeded random cards, then plays on from it.
The same seed gives the same positions.

>>> import random
>>> game = next(scene_for("bastard", "BA-10", random.Random(1), {}))
>>> game.rules.id, game.state.phase in ("trump", "play")
('bastard', True)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from ..cards import Card
from ..core import DanishNbError, Game, get_game, make_options, new_game, setup

#: The most players a practice position seats (wider tables are harder to read, and the rules
#: they reach are the same).
MAX_PLAYERS = 5
#: The most moves a scene plays from its start before it gives up.
SCENE_MOVES = 400

Scene = Callable[[random.Random, Mapping[str, Any], int | None], Iterator[Game]]


def player_counts(game_id: str, players: int | None) -> list[int]:
    """The player counts a position may have: ``players`` if given, else the game's (up to
    :data:`MAX_PLAYERS`)."""
    info = get_game(game_id).info
    if players is not None:
        return [players]
    return [n for n in info.player_counts if n <= MAX_PLAYERS]


def play_on(game: Game, rng: random.Random, skip: int = 0, limit: int = SCENE_MOVES) -> Iterator[Game]:
    """``game`` after each random legal move (from the ``skip``-th position on), until it ends or
    ``limit`` moves were played."""
    for number in range(limit):
        if game.is_over:
            return
        if number >= skip:
            yield game
        game.play(rng.choice(game.legal_moves()))


def random_play(game_id: str, skip: int) -> Scene:
    """A seeded deal played on at random: its positions from a random point within the first
    ``skip`` moves on."""
    def scene(rng: random.Random, options: Mapping[str, Any], players: int | None) -> Iterator[Game]:
        count = rng.choice(player_counts(game_id, players))
        game = new_game(game_id, players=count, seed=rng.randrange(2**31), options=dict(options))
        yield from play_on(game, rng, skip=rng.randrange(skip))
    return scene


def opening(game_id: str, moves: int = 8) -> Scene:
    """The first ``moves`` positions of a seeded deal: choosing face-up cards, swapping, naming
    trumps, the auction, the first lead."""
    def scene(rng: random.Random, options: Mapping[str, Any], players: int | None) -> Iterator[Game]:
        count = rng.choice(player_counts(game_id, players))
        game = new_game(game_id, players=count, seed=rng.randrange(2**31), options=dict(options))
        yield from play_on(game, rng, limit=moves + count)
    return scene


def from_position(game_id: str, make: Callable[[random.Random, int, Any], dict[str, Any] | None],
                  moves: int = 12) -> Scene:
    """Positions set up by ``make(rng, players, options)`` (a position dict, or ``None`` when it
    cannot make one), each played on at random for up to ``moves`` moves."""
    def scene(rng: random.Random, options: Mapping[str, Any], players: int | None) -> Iterator[Game]:
        count = rng.choice(player_counts(game_id, players))
        position = make(rng, count, make_options(get_game(game_id).options_type, dict(options)))
        if position is None:
            return
        try:
            game = setup(game_id, position, dict(options))
        except DanishNbError:  # a position these options refuse (e.g. a variant's pack)
            return
        yield from play_on(game, rng, limit=moves)
    return scene


def codes(cards: list[Card]) -> list[str]:
    return [card.code for card in cards]


def deal_out(rng: random.Random, pack: tuple[Card, ...]) -> list[Card]:
    """The pack shuffled by ``rng``."""
    cards = list(pack)
    rng.shuffle(cards)
    return cards


# --------------------------------------------------------------------------- shedding games

def late_shed_table(deck_for: Callable[[int], tuple[Card, ...]]) -> Callable[[random.Random, int, Any], dict[str, Any]]:
    """A shedding table after the stock ran out: each player with a few cards in hand (or none),
    some face-up and face-down cards left, a pile: the stages where face-up and face-down cards
    are played, and players finish."""
    def make(rng: random.Random, players: int, options: Any) -> dict[str, Any]:
        cards = deal_out(rng, deck_for(players))
        hands, opens, closed = [], [], []
        for _ in range(players):
            size = rng.choice((0, 0, 1, 2, 3))
            hands.append(codes([cards.pop() for _ in range(size)]))
            opens.append(codes([cards.pop() for _ in range(rng.choice((0, 1, 2, 3)) if not size else 3)]))
            closed.append(codes([cards.pop() for _ in range(rng.choice((1, 1, 2, 3)))]))
        pile = codes([cards.pop() for _ in range(rng.randrange(0, 6))])
        position: dict[str, Any] = {"hands": hands, "open": opens, "closed": closed, "pile": pile,
                                    "current": rng.randrange(players), "burned": codes(cards)}
        return position
    return make


def pile_table(deck_for: Callable[[int], tuple[Card, ...]]) -> Callable[[random.Random, int, Any], dict[str, Any]]:
    """A shedding table while the stock lasts, the pile topped by a run of one rank (0 to 3 more
    cards of it below the top) and the player to move holding 0 to 2 cards of that rank: where
    the placement rules, runs of four and the special cards decide."""
    def make(rng: random.Random, players: int, options: Any) -> dict[str, Any]:
        cards = deal_out(rng, deck_for(players))
        top = cards.pop()
        same = [c for c in cards if c.rank == top.rank and c != top]
        run = same[:rng.choice((0, 0, 1, 2, 3))]
        held = same[len(run):len(run) + rng.choice((0, 1, 1, 2))]
        for card in run + held:
            cards.remove(card)
        current = rng.randrange(players)

        def take(count: int) -> list[Card]:
            return [cards.pop() for _ in range(min(count, len(cards)))]
        pile = codes(take(rng.randrange(0, 4)) + run + [top])
        hands, opens, closed = [], [], []
        for seat in range(players):
            mine = held if seat == current else []
            hands.append(codes(mine + take(max(0, rng.choice((3, 3, 3, 4)) - len(mine)))))
            opens.append(codes(take(3)))
            closed.append(codes(take(3)))
        stock = codes(take(rng.randrange(1, 20)))
        return {"hands": hands, "open": opens, "closed": closed, "pile": pile, "stock": stock,
                "current": current, "burned": codes(cards)}
    return make


# --------------------------------------------------------------------------- the scenes of each game

def _deck(game_id: str) -> Callable[[int], tuple[Card, ...]]:
    """A shedding game's deck for a player count (its state's ``deck_for``)."""
    def deck_for(players: int) -> tuple[Card, ...]:
        return type(new_game(game_id, players=players).state).deck_for(players)
    return deck_for


def _shed(game_id: str, make: Callable[[Callable[[int], tuple[Card, ...]]], Callable[..., dict[str, Any]]]
          ) -> Callable[[random.Random, int, Any], dict[str, Any]]:
    """``make`` (a table maker from a deck) for one shedding game."""
    deck_for = _deck(game_id)

    def position(rng: random.Random, players: int, options: Any) -> dict[str, Any]:
        return make(deck_for)(rng, players, options)
    return position


def _rat_late(rng: random.Random, players: int, options: Any) -> dict[str, Any]:
    """Rat Bastard 17 with the deck gone: small hands (often none), a few hole cards left in
    the row, a running total."""
    from ..games.rat_bastard_17 import card_value, pack
    cards = deal_out(rng, pack(options))
    hands, holes = [], []
    for _seat in range(2):
        hands.append(codes([cards.pop() for _ in range(rng.choice((0, 0, 1, 2)))]))
        left = rng.randrange(1, 6)
        start = rng.randrange(0, 6 - left)
        row: list[str | None] = [None] * 5
        for slot in range(start, start + left):
            row[slot] = cards.pop().code
        holes.append(row)
    pile, total = [], 0
    while cards and rng.random() < 0.7:
        card = cards.pop()
        value = card_value(card, options)
        if value is None or total + value >= 17:
            break
        pile.append(card.code)
        total += value
    return {"hands": hands, "holes": holes, "pile": pile, "total": total, "current": rng.randrange(2),
            "discard": codes(cards)}


def _tricks_end(game_id: str) -> Callable[[random.Random, int, Any], dict[str, Any] | None]:
    """A trick game's deal at its last trick: the cards taken so far dealt out as won tricks
    (at random), one card left in each hand, some of the last trick already played."""
    def make(rng: random.Random, players: int, options: Any) -> dict[str, Any] | None:
        if game_id == "bastard":
            from ..games.bastard import pack_for
            pack, skat = pack_for(players), 0
        else:
            from ..games.sjavs import layout
            plan = layout(players, options)
            pack, skat = plan.pack, plan.skat
        cards = deal_out(rng, pack)
        out = [cards.pop() for _ in range(skat)]
        per = (len(cards)) // players
        position: dict[str, Any] = {"players": players}
        if game_id == "bastard":
            position["trump"] = rng.choice(("clubs", "diamonds", "hearts", "spades", "none"))
        else:
            soloist = rng.randrange(players)
            contract = rng.choice(("play", "play", "strike", "slam"))
            position.update(contract=contract, soloist=soloist, skat=codes(out))
            if options.farvesjavs:
                position["trump"] = rng.choice(("clubs", "diamonds", "hearts", "spades"))
        hands = [codes([cards.pop()]) for _ in range(players)]
        won: list[list[list[str]]] = [[] for _ in range(players)]
        favourite = rng.randrange(players)
        for _ in range(per - 1):
            winner = favourite if rng.random() < 0.5 else rng.randrange(players)
            won[winner].append(codes([cards.pop() for _ in range(players)]))
        leader = rng.choice([seat for seat in range(players) if won[seat]] or [0])
        played = rng.randrange(players)
        trick = []
        for k in range(played):
            seat = (leader + k) % players
            trick.append(hands[seat].pop())
        position.update(hands=hands, won=won, leader=leader, trick=trick)
        if game_id == "sjavs":
            position["scores"] = [rng.choice((5, 10, 15, 40, 65)) for _ in range(players)]
        return position
    return make


_DB_PLACE = frozenset({"DB-11", "DB-13", "DB-14", "DB-15", "DB-16", "DB-17", "DB-18", "DB-19", "DB-20", "DB-21",
                       "DB-22", "DB-23", "DB-24", "DB-26", "DB-32"})
_LD_PLACE = frozenset({"LD-11", "LD-12", "LD-14", "LD-15", "LD-16", "LD-17", "LD-18", "LD-25", "LD-26", "LD-27",
                       "LD-28", "LD-29", "LD-30", "LD-31", "LD-32", "LD-33"})

#: Each game's scenes: (scene, weight, the rules it is for; ``None``: every rule).
SCENES: dict[str, list[tuple[Scene, float, frozenset[str] | None]]] = {
    "danish-bastard": [
        (random_play("danish-bastard", 60), 1.0, None),
        (opening("danish-bastard"), 3.0, frozenset({"DB-8", "DB-9", "DB-12"})),
        (from_position("danish-bastard", _shed("danish-bastard", pile_table)), 2.0, _DB_PLACE),
        (from_position("danish-bastard", _shed("danish-bastard", late_shed_table)), 3.0,
         frozenset({"DB-25", "DB-26", "DB-27", "DB-28", "DB-29", "DB-30", "DB-31", "DB-32"})),
    ],
    "le-danish": [
        (random_play("le-danish", 60), 1.0, None),
        (opening("le-danish"), 3.0, frozenset({"LD-6", "LD-9"})),
        (from_position("le-danish", _shed("le-danish", pile_table)), 2.0, _LD_PLACE),
        (from_position("le-danish", _shed("le-danish", late_shed_table)), 3.0,
         frozenset({"LD-19", "LD-20", "LD-21", "LD-22", "LD-23", "LD-24", "LD-34"})),
    ],
    "rat-bastard-17": [
        (random_play("rat-bastard-17", 40), 1.0, None),
        (opening("rat-bastard-17"), 3.0, frozenset({"RB-7", "RB-9", "RB-10"})),
        (from_position("rat-bastard-17", _rat_late), 3.0,
         frozenset({"RB-4", "RB-5", "RB-19", "RB-20", "RB-21", "RB-22"})),
    ],
    "bastard": [
        (random_play("bastard", 40), 1.0, None),
        (opening("bastard", 4), 2.0, frozenset({"BA-8", "BA-9"})),
        (from_position("bastard", _tricks_end("bastard"), moves=4), 3.0,
         frozenset({"BA-13", "BA-14", "BA-15", "BA-16", "BA-17", "BA-18", "BA-19"})),
    ],
    "sjavs": [
        (random_play("sjavs", 20), 1.0, None),
        (opening("sjavs", 6), 2.0, frozenset({"SJ-6", "SJ-7", "SJ-8", "SJ-9", "SJ-11", "SJ-12", "SJ-25"})),
        (from_position("sjavs", _tricks_end("sjavs"), moves=4), 3.0,
         frozenset({"SJ-3", "SJ-10", "SJ-16", "SJ-17", "SJ-18", "SJ-19", "SJ-20", "SJ-22"})),
    ],
}


def scene_for(game_id: str, rule_id: str, rng: random.Random, options: Mapping[str, Any],
              players: int | None = None) -> Iterator[Game]:
    """The positions of one scene for ``rule_id``, chosen by ``rng`` among the game's scenes
    for that rule (by weight)."""
    scenes = [(scene, weight) for scene, weight, rules in SCENES[game_id] if rules is None or rule_id in rules]
    scene = rng.choices([s for s, _ in scenes], weights=[w for _, w in scenes])[0]
    return scene(rng, options, players)

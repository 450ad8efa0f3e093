"""Where practice positions come from: seeded scenes, each a stream of positions of one game
(a :class:`~danish_nb.core.Game`, its current state the position) under the table's options.

Every game has random play from a seeded deal (most rules decide something within a few
moves of it); rules that random play rarely reaches (the end of a game or of a deal, the
last face-down cards, scoring with the sevens) also have a scene that sets up such a
position directly (:func:`danish_nb.setup`) from seeded random cards, then plays on from it.
A set-up shedding position is kept only if its pile could have been built by legal plays
(:func:`pile_replays`: each card of it played in turn, by the engine, onto the cards below it,
none burning the pile), so no item shows an unburned 10 or four of a kind on a pile.
The same seed gives the same positions. Each game declares its scenes in its practice part
(:class:`~danish_nb.practice.part.PracticePart`), made with the helpers here.

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
from .part import Scene, practice_part

#: The most players a practice position seats (wider tables are harder to read, and the rules
#: they reach are the same).
MAX_PLAYERS = 5
#: The most moves a scene plays from its start before it gives up.
SCENE_MOVES = 400

#: How far into a seeded deal random play starts, for a game that declares no scenes.
GENERIC_SKIP = 40


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
        if "open" in position and not pile_replays(game_id, position, options):
            return
        yield from play_on(game, rng, limit=moves)
    return scene


def pile_replays(game_id: str, position: Mapping[str, Any], options: Mapping[str, Any]) -> bool:
    """Whether a set-up shedding position's pile could have been built by legal plays: each card,
    from the bottom, played by the player to move onto the cards below it (the rest of the
    position as it is) is legal and leaves the pile in place (no burn, no discard).

    >>> pile_replays("danish-bastard", {"hands": [["4C"], ["9S"]], "pile": ["6C", "9H"]}, {})
    True
    >>> pile_replays("danish-bastard", {"hands": [["4C"], ["9S"]], "pile": ["6C", "10H", "9H"]}, {})  # the 10 burns
    False
    """
    pile = list(position.get("pile") or ())
    seat = int(position.get("current", 0) or 0)
    for k in range(1, len(pile)):
        probe = {key: ([list(zone) for zone in value] if key == "hands" else value) for key, value in position.items()}
        probe["hands"][seat] = [pile[k], *probe["hands"][seat]]
        probe["pile"] = pile[:k]
        try:
            game = setup(game_id, probe, dict(options))
            move = game.parse_move(f"P{seat + 1} play {pile[k]}")
            if not game.state.explain(move).legal:
                return False
            after, events = game.state.apply(move)
        except DanishNbError:
            return False
        if any(event.kind in ("burn", "discard") for event in events) or list(_codes(after.pile)) != pile[:k + 1]:
            return False
    return True


def _codes(pile: Any) -> list[str]:
    return [card.code for card in pile]


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


# --------------------------------------------------------------------------- helpers for the games' scenes

def shed_position(game_id: str, make: Callable[[Callable[[int], tuple[Card, ...]]], Callable[..., dict[str, Any]]]
                  ) -> Callable[[random.Random, int, Any], dict[str, Any]]:
    """``make`` (a table maker from a deck, such as :func:`pile_table`) for one shedding game,
    dealt from its state's ``deck_for``."""
    def deck_for(players: int) -> tuple[Card, ...]:
        return type(new_game(game_id, players=players).state).deck_for(players)

    def position(rng: random.Random, players: int, options: Any) -> dict[str, Any]:
        return make(deck_for)(rng, players, options)
    return position


def last_trick(rng: random.Random, players: int, cards: list[Card], position: dict[str, Any]) -> dict[str, Any]:
    """A trick game's deal at its last trick, completing ``position`` (the game's own keys) from
    the shuffled ``cards`` left after any set aside: the cards taken so far dealt out as won
    tricks (at random), one card left in each hand, some of the last trick already played."""
    per = len(cards) // players
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
    return position


def scene_for(game_id: str, rule_id: str, rng: random.Random, options: Mapping[str, Any],
              players: int | None = None) -> Iterator[Game]:
    """The positions of one scene for ``rule_id``, chosen by ``rng`` among the game's scenes
    for that rule (by weight): those of its practice part, else random play."""
    declared = practice_part(game_id).scenes or ((random_play(game_id, GENERIC_SKIP), 1.0, None),)
    scenes = [(scene, weight) for scene, weight, rules in declared if rules is None or rule_id in rules]
    scene = rng.choices([s for s, _ in scenes], weights=[w for _, w in scenes])[0]
    return scene(rng, options, players)

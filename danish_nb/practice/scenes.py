"""Where practice positions come from: seeded scenes, each a stream of positions of one game
(a :class:`~danish_nb.core.Game`, its current state the position) under the table's options.

Every position is reached by a legal history: a seeded deal played on at random, move by move,
by the engine, so its record (the deal and the moves) replays, and nothing impossible is ever
shown (an unburned 10 on a pile, face-down cards played before the face-up ones, a trick won
against the suit, a pass an obliged bidder could not make). Most rules decide something within
a few moves of the deal (:func:`random_play`, :func:`opening`); the rules random play meets
later (the end of a game or of a deal, the last face-down cards, a pile topped by a card of a
rank the player holds) have a scene that plays on to such a stage and offers only its
positions (:func:`stage`). A game whose later stages need the match so far (Sjavs' game
points) starts its stage from a deal's start given that match (its practice part's ``start``:
the cards dealt and the scores, nothing played: :data:`DEAL_START`).
The same seed gives the same positions. Each game declares its scenes in its practice part
(:class:`~danish_nb.practice.part.PracticePart`), made with the helpers here.

>>> import random
>>> game = next(scene_for("bastard", "BA-10", random.Random(1), {}))
>>> game.rules.id, game.state.phase in ("trump", "play")
('bastard', True)
>>> history_is_legal(game.to_record())
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from ..core import DanishNbError, Game, get_game, load_record, new_game
from .part import Scene, practice_part

#: The most players a practice position seats (wider tables are harder to read, and the rules
#: they reach are the same).
MAX_PLAYERS = 5
#: The most moves a scene plays from its start before it gives up.
SCENE_MOVES = 400
#: The most moves a :func:`stage` plays to reach its stage and on through it (a whole match).
STAGE_MOVES = 3000
#: A :func:`stage` offers its positions from a random one of its first this many on (so the first
#: position of a stage is not always the one asked about).
STAGE_SKIP = 3
#: How far into a seeded deal random play starts, for a game that declares no scenes.
GENERIC_SKIP = 40
#: The keys a set-up position at a deal's start may hold: the cards dealt and the match so far
#: (who deals, which deal, the game points, the seed of later deals), nothing played.
DEAL_START = frozenset({"players", "hands", "skat", "dealer", "deal", "scores", "seed"})

#: ``start(rng, players, options)``: a deal's start (a set-up game, nothing played yet).
Start = Callable[[random.Random, int, Mapping[str, Any]], Game]


def player_counts(game_id: str, players: int | None) -> list[int]:
    """The player counts a position may have: ``players`` if given, else the game's (up to
    :data:`MAX_PLAYERS`)."""
    info = get_game(game_id).info
    if players is not None:
        return [players]
    return [n for n in info.player_counts if n <= MAX_PLAYERS]


def play_on(game: Game, rng: random.Random, skip: int = 0, limit: int = SCENE_MOVES,
            when: Callable[[Any], bool] | None = None) -> Iterator[Game]:
    """``game`` after each random legal move (from the ``skip``-th position on; only those whose
    state ``when`` accepts, if given), until it ends or ``limit`` moves were played."""
    for number in range(limit):
        if game.is_over:
            return
        if number >= skip and (when is None or when(game.state)):
            yield game
        game.play(rng.choice(game.legal_moves()))


def _deal(game_id: str, rng: random.Random, options: Mapping[str, Any], players: int | None) -> Game:
    count = rng.choice(player_counts(game_id, players))
    return new_game(game_id, players=count, seed=rng.randrange(2**31), options=dict(options))


def random_play(game_id: str, skip: int) -> Scene:
    """A seeded deal played on at random: its positions from a random point within the first
    ``skip`` moves on."""
    def scene(rng: random.Random, options: Mapping[str, Any], players: int | None) -> Iterator[Game]:
        yield from play_on(_deal(game_id, rng, options, players), rng, skip=rng.randrange(skip))
    return scene


def opening(game_id: str, moves: int = 8) -> Scene:
    """The first ``moves`` positions of a seeded deal: choosing face-up cards, swapping, naming
    trumps, the auction, the first lead."""
    def scene(rng: random.Random, options: Mapping[str, Any], players: int | None) -> Iterator[Game]:
        game = _deal(game_id, rng, options, players)
        yield from play_on(game, rng, limit=moves + game.players)
    return scene


def stage(game_id: str, when: Callable[[Any], bool], start: Start | None = None) -> Scene:
    """A seeded deal (or ``start``'s deal) played on at random, its positions offered only where
    ``when(state)`` holds (the stage a rule decides in), from a random one of the first few on,
    up to the end of the game.

    >>> scene = stage("danish-bastard", lambda state: not state.stock)
    >>> game = next(scene(random.Random(2), {}, 3))
    >>> len(game.state.stock), history_is_legal(game.to_record())
    (0, True)
    """
    def scene(rng: random.Random, options: Mapping[str, Any], players: int | None) -> Iterator[Game]:
        if start is None:
            game = _deal(game_id, rng, options, players)
        else:
            game = start(rng, rng.choice(player_counts(game_id, players)), options)
        skip = rng.randrange(STAGE_SKIP)
        for number, position in enumerate(play_on(game, rng, limit=STAGE_MOVES, when=when)):
            if number >= skip:
                yield position
    return scene


def history_is_legal(record: Mapping[str, Any]) -> bool:
    """Whether a game record reaches its position by a legal history: it starts from a seeded
    deal, or from a set-up deal's start (:data:`DEAL_START`: the cards dealt and the match so
    far, nothing played), and every move replays.

    >>> import danish_nb as dn
    >>> history_is_legal(dn.setup("danish-bastard", {"hands": [["4C"], ["9S"]], "pile": ["10H"]}).to_record())
    False
    """
    position = record.get("position")
    if position is not None and not set(position) <= DEAL_START:
        return False
    try:
        load_record(record)
    except DanishNbError:
        return False
    return True


# --------------------------------------------------------------------------- stages the games' scenes use

def last_trick(state: Any) -> bool:
    """A trick game at its last trick: every hand down to one card or none."""
    return state.phase == "play" and max(len(hand) for hand in state.hands) <= 1


def stock_gone(state: Any) -> bool:
    """A shedding game once the stock is gone: face-up and face-down cards played, players finishing."""
    return state.phase == "play" and not state.stock


def top_rank_held(state: Any) -> bool:
    """A shedding pile topped by a card of a rank the player to move holds: where runs of one rank,
    the placement rules and the special cards decide."""
    seat = state.current_player
    return bool(state.pile) and seat is not None and any(card.rank == state.pile[-1].rank
                                                           for card in state.hands[seat])


def nothing_fits(state: Any) -> bool:
    """A shedding pile on which nothing the player to move holds may go: the moves left take cards
    into the hand (the pile, or the face-up cards), where the rules of a pick-up decide."""
    return bool(state.pile) and state.current_player is not None and all(
        move.action in ("take", "pick-up-open") for move in state.legal_moves())


def scene_for(game_id: str, rule_id: str, rng: random.Random, options: Mapping[str, Any],
              players: int | None = None) -> Iterator[Game]:
    """The positions of one scene for ``rule_id``, chosen by ``rng`` among the game's scenes
    for that rule (by weight): those of its practice part, else random play."""
    declared = practice_part(game_id).scenes or ((random_play(game_id, GENERIC_SKIP), 1.0, None),)
    scenes = [(scene, weight) for scene, weight, rules in declared if rules is None or rule_id in rules]
    scene = rng.choices([s for s, _ in scenes], weights=[w for _, w in scenes])[0]
    return scene(rng, options, players)

"""The contract every registered game keeps (as OpenSpiel tests every registered game): one
suite over ``dn.GAMES``, so registering a game is enough to be covered.

Random play (every player count, seeds, option combinations drawn from the game's option
schema) checks at each visited state: legal moves are exactly the candidates whose
``explain`` is legal (candidates: the legal moves, moves of other players, earlier legal
moves, and legal moves mutated field by field); illegal moves raise ``IllegalMove`` and change
nothing; the notation reads back; views hide; cards are conserved; undo and redo restore equal
states; every game ends within a bound; records replay to an equal state; computer players
choose legal moves with a reason that names no card its reader cannot see; sampled worlds
agree with the view they come from.

Per-game files keep the scenario tests. ``make fuzz`` runs this suite with more examples
(the ``fuzz`` Hypothesis profile, see ``conftest.py``).
"""

from __future__ import annotations

import dataclasses
import json
import random
import re
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings, strategies as st

import danish_nb as dn
from danish_nb.agents import AGENTS, make_agent
from danish_nb.agents.search import StrongPlayer
from danish_nb.cards import Card
from danish_nb.core import OptionInfo, View
from helpers import CODE, FUZZ

GAMES = sorted(dn.GAMES)
#: The longest game random play may take (moves), whatever the options.
MOVE_BOUND = 20_000
SAMPLE_CARDS = tuple(Card.parse(t) for t in ("2C", "7H", "10S", "QD", "AS", "KH", "JC", "RJ", "BJ"))

#: A few games per test in ``make test``; ``make fuzz`` plays 25 times as many.
contract = settings(max_examples=100 if FUZZ else 4, deadline=None, database=None,
                    suppress_health_check=[HealthCheck.too_slow])


# --------------------------------------------------------------------------- strategies

def option_values(info: OptionInfo) -> st.SearchStrategy:
    """Values an option may take: its choices, both booleans, or whole numbers in its range
    (near the default, so matches stay short)."""
    if info.choices:
        return st.sampled_from(info.choices)
    if isinstance(info.default, bool):
        return st.booleans()
    if isinstance(info.default, int):
        low = info.low if info.low is not None else info.default
        high = info.high if info.high is not None else info.default
        return st.integers(low, max(low, min(high, info.default)))
    return st.just(info.default)


@st.composite
def deals(draw: st.DrawFn, game_id: str) -> dn.Game:
    """A new game of ``game_id``: a player count in its range, a seed, options from its schema."""
    info = dn.GAMES[game_id].info
    players = draw(st.sampled_from(info.player_counts))
    options = {o.name: draw(option_values(o)) for o in info.options if draw(st.booleans())}
    try:
        return dn.new_game(game_id, players=players, seed=draw(st.integers(0, 10**6)), options=options)
    except dn.OptionsError:  # a combination the game refuses as a whole
        assume(False)
        raise


# --------------------------------------------------------------------------- candidates

def mutations(move: Any, players: int) -> Iterator[Any]:
    """The move with one field changed to another value of the same type: another player,
    another action seen in the game, cards added, dropped or swapped for others, numbers off by one."""
    if not hasattr(move, "_replace"):
        return
    for name, value in zip(move._fields, move):
        if name == "player":
            for other in (*range(players), players):
                if other != value:
                    yield move._replace(player=other)
        elif isinstance(value, Card):
            for card in SAMPLE_CARDS:
                yield move._replace(**{name: card})
        elif isinstance(value, tuple) and all(isinstance(c, Card) for c in value):
            if value:
                yield move._replace(**{name: value[1:]})
                yield move._replace(**{name: value[:1] * 2 + value[1:]})
            for card in SAMPLE_CARDS[:4]:
                yield move._replace(**{name: value + (card,)})
                if value:
                    yield move._replace(**{name: (card,) + value[1:]})
        elif isinstance(value, int) and not isinstance(value, bool):
            for number in (value - 1, value + 1, 0, 5):
                yield move._replace(**{name: number})


def candidates(state: Any, players: int, seen: list[Any], rng: random.Random, limit: int = 150) -> list[Any]:
    """Legal moves, earlier legal moves, and mutated legal moves (deduplicated, capped)."""
    legal = state.legal_moves()
    pool = dict.fromkeys(legal)
    pool.update(dict.fromkeys(rng.sample(seen, min(len(seen), 20))))
    actions = {m.action for m in seen[-50:] if hasattr(m, "action")}
    for move in rng.sample(legal, min(len(legal), 12)):
        pool.update(dict.fromkeys(mutations(move, players)))
        if hasattr(move, "_replace"):
            pool.update(dict.fromkeys(move._replace(action=a) for a in actions))
    extra = [m for m in pool if m not in set(legal)]
    return legal + rng.sample(extra, min(len(extra), limit))


# --------------------------------------------------------------------------- what a view shows

def codes(value: Any) -> Counter:
    """Every card code a view (or any JSON-able value) names, as a multiset."""
    return Counter(CODE.findall(json.dumps(value)))


def seen(state: Any, viewer: int | None, reveal_hands: bool = False) -> Counter:
    return codes(state.view(viewer, reveal_hands=reveal_hands).to_dict())


def check_views(state: Any, players: int) -> None:
    """A player sees at least what a spectator sees, never more in play than in teaching mode,
    and (with one pack) no two players share a card only they can see, but for cards they saw go
    into a hand (a hand passed on: the view's ``known``)."""
    public = seen(state, None)
    private = {}
    for p in range(players):
        mine = seen(state, p)
        assert not public - mine, f"P{p + 1} sees less than a spectator"
        assert not mine - seen(state, p, reveal_hands=True), f"P{p + 1} sees more in play than in teaching mode"
        private[p] = mine - public
    if max(Counter(c.code for c in state.all_cards()).values()) == 1:
        for p in range(players):
            for q in range(p + 1, players):
                shared = private[p] & private[q] - remembered(state, p) - remembered(state, q)
                assert not shared, f"P{p + 1} and P{q + 1} both see {sorted(shared)}, a spectator does not"


def remembered(state: Any, p: int) -> Counter:
    """The codes of the cards ``p`` saw go into hands (the views that track them: ``known``)."""
    return Counter(c.code for cards in getattr(state.view(p), "known", ()) for c in cards)


# --------------------------------------------------------------------------- the contract

def check_state(game: dn.Game, rng: random.Random, history_moves: list[Any]) -> None:
    state = game.state
    legal = state.legal_moves()
    assert legal, "a game that is not over has a legal move"
    assert len(set(legal)) == len(legal), "legal moves are listed once"
    for move in legal:
        assert game.parse_move(str(move)) == move, f"{move} does not read back from its notation"
    before_views = [state.view(p) for p in range(game.players)]
    history = list(game.history)
    refused = 0
    for move in candidates(state, game.players, history_moves, rng):
        verdict = state.explain(move)
        assert verdict.legal == state.is_legal(move), f"explain and legal_moves disagree on {move!r}: {verdict}"
        assert verdict.reasons, f"a verdict without a reason: {move}"
        if not verdict.legal and refused < 6:
            refused += 1
            with pytest.raises(dn.IllegalMove):
                game.play(move)
            assert game.state is state and game.history == history, f"refusing {move} changed the game"
            assert [state.view(p) for p in range(game.players)] == before_views
    check_views(state, game.players)


def play_checked(game: dn.Game, seed: int) -> None:
    """Play ``game`` out at random, checking the contract at states spread over the game."""
    rng = random.Random(seed)
    dealt = Counter(game.state.all_cards())
    played: list[Any] = []
    next_check = 0
    while not game.is_over:
        assert len(game.history) < MOVE_BOUND, f"no end after {MOVE_BOUND} moves"
        checking = len(game.history) == next_check
        if checking:
            check_state(game, rng, played)
            next_check = 2 * next_check + 1
        move = rng.choice(game.legal_moves())
        played.append(move)
        before = game.state
        game.play(move)
        after = game.state
        assert Counter(after.all_cards()) == dealt, f"cards not conserved by {move}"
        if checking:
            game.undo()
            assert game.state == before
            game.redo()
            assert game.state == after
    assert game.result is not None and not game.legal_moves()
    again = dn.load_record(json.loads(json.dumps(game.to_record())))
    assert again.state == game.state and [s.move for s in again.history] == [s.move for s in game.history]


@pytest.mark.parametrize("game_id", GAMES)
def test_random_play_keeps_the_contract(game_id):
    @contract
    @given(data=st.data())
    def play(data: st.DataObject) -> None:
        play_checked(data.draw(deals(game_id)), data.draw(st.integers(0, 10**6)))

    play()


# --------------------------------------------------------------------------- computer players

def visible(game: dn.Game, views: dict, index: int, viewer: int) -> set[str]:
    """Card codes ``viewer`` may know around move ``index``: in its views before and after
    the move (``views`` caches them), in the move and its events as it reads them."""
    step = game.history[index]
    texts = [step.move.text_for(viewer), *(e.text_for(viewer) for e in step.events)]
    states = game.states()
    for at in (index, index + 1):
        if (at, viewer) not in views:
            views[at, viewer] = set(seen(states[at], viewer))
    found = views[index, viewer] | views[index + 1, viewer]
    return found.union(*map(named, texts))


CARD_NAME = re.compile(r"(?<![\w])(?:10|[2-9JQKA])[♣♦♥♠CDHS](?![\w])|(?<![\w])[RB]J(?![\w])")


def named(text: str) -> set[str]:
    """The codes of the cards a text names (``7♥``, ``7H``, ``RJ``)."""
    return {Card.parse(name).code for name in CARD_NAME.findall(text)}


@pytest.mark.parametrize("name", sorted(AGENTS))
@pytest.mark.parametrize("game_id", GAMES)
@contract
@given(data=st.data())
def test_computer_players_choose_legal_moves_and_their_reasons_hide_cards(game_id, name, data):
    game = data.draw(deals(game_id))
    seed = data.draw(st.integers(0, 10**6))
    agents = [make_agent(name, game_id, seed + seat) for seat in range(game.players)]
    searching = isinstance(agents[0], StrongPlayer)
    for agent in agents:
        if searching:
            agent.iterations = 4  # legality and hidden cards do not depend on the budget; strength has its own tests
    reasons = []
    while not game.is_over and len(game.history) < (40 if searching else 300):  # a search plays whole games out
        choice = agents[game.current_player].choose(game.state)
        assert game.state.is_legal(choice.move), f"{name} chose an illegal move {choice.move}"
        assert choice.why_for(game.current_player), "a choice without a reason"
        game.play(choice.move)
        reasons.append(choice)
    views: dict = {}
    for index, choice in enumerate(reasons):
        for viewer in range(game.players):
            text = choice.why_for(viewer)
            names = named(text)
            leaked = names - visible(game, views, index, viewer) if names else set()
            assert not leaked, f"P{viewer + 1} reads {text!r}: names {sorted(leaked)} it cannot see"


# --------------------------------------------------------------------------- sampled worlds

def places(state: Any) -> Counter:
    """``(place, card code)`` for every card of a state, a place being a field of the state and
    (for per-player fields) a seat: ``("hands", 1)``, ``("stock",)``. Fields marked
    ``metadata={"knowledge": True}`` record who knows which cards, and ``{"memory": True}`` the
    positions seen before (for the repetition draw), not where cards lie."""
    found: Counter = Counter()
    for f in dataclasses.fields(state):
        if f.name.startswith("_") or f.metadata.get("knowledge") or f.metadata.get("memory"):
            continue
        todo = [((f.name,), getattr(state, f.name))]
        while todo:
            path, value = todo.pop()
            if isinstance(value, Card):
                found[path[:2], value.code] += 1
            elif isinstance(value, tuple):
                todo.extend((path + (i,), v) for i, v in enumerate(value))
    return found


def view_cards(view: Any) -> Counter:
    """Every card code anywhere in a view (its fields walked, not only what ``to_dict`` sends:
    won tricks and known cards count), each code once."""
    found: set[str] = set()
    todo = [getattr(view, f.name) for f in dataclasses.fields(view)]
    while todo:
        value = todo.pop()
        if isinstance(value, Card):
            found.add(value.code)
        elif isinstance(value, tuple):
            todo.extend(value)
    return Counter(found)


def hidden(state: Any, viewer: int) -> Counter:
    """``(place, card code)`` of the cards ``viewer`` cannot see (one pack: each code once)."""
    unseen = Counter(c.code for c in state.all_cards()) - view_cards(state.view(viewer))
    where = places(state)
    out: Counter = Counter()
    for (place, code), n in sorted(where.items()):
        take = min(n, unseen[code])
        if take:
            out[place, code] += take
            unseen[code] -= take
    return out


@pytest.mark.parametrize("game_id", GAMES)
@contract
@given(data=st.data())
def test_sampled_worlds_agree_with_the_view(game_id, data):
    """``view.sample_world(rng)`` is a full state the viewer cannot tell from the real one:
    the same view, the same cards; the cards it cannot see stay in places holding unseen
    cards (as many in each). That every unseen card reaches each place it could be, and only
    those (voids, known cards), is checked per family by enumeration: test_shedding_observers.py,
    test_trick_observers.py."""
    game = data.draw(deals(game_id))
    rng = random.Random(data.draw(st.integers(0, 10**6)))
    for _ in range(rng.randrange(0, 80)):
        if game.is_over:
            break
        game.play(rng.choice(game.legal_moves()))
    state = game.state
    dealt = sorted(c.code for c in state.all_cards())
    for viewer in range(game.players):
        view = state.view(viewer)
        assert isinstance(view, View), f"{type(view).__name__} does not implement the View protocol"
        truth = hidden(state, viewer)
        sizes = Counter(place for (place, _), n in truth.items() for _ in range(n))
        for _ in range(20):
            world = view.sample_world(rng)
            assert world.view(viewer) == view, "a sampled world shows the viewer something else"
            assert sorted(c.code for c in world.all_cards()) == dealt, "a sampled world has other cards"
            if len(set(dealt)) < len(dealt):
                continue  # equal cards of several packs: which copy is the unseen one is ambiguous
            sample = hidden(world, viewer)
            assert Counter(place for (place, _), n in sample.items() for _ in range(n)) == sizes, \
                "unseen cards went to a place the viewer can see, or places changed size"

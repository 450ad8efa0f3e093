"""What a player may know in Bastard, Sjavs and Rat Bastard 17: no event or move text names a
card hidden from its reader, and (``sample_world``) worlds sampled from a player's view agree
with everything that player knows.

"Hidden" is derived from ``state.view(viewer)``: the cards of the places the view masks
(another player's hand, a skat not shown, face-down hole cards, the deck).
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations
from typing import Any

import pytest
from hypothesis import given, settings, strategies as st

import danish_nb as dn
from danish_nb.cards import Card
from danish_nb.families.running_total import RatMove
from helpers import said

#: (game id, players, options) played at random: every player count and the variants that deal
#: or lay cards aside differently.
TABLES = [
    ("bastard", 3, None), ("bastard", 4, None),
    ("sjavs", 3, None), ("sjavs", 3, {"red_queens": False}), ("sjavs", 3, {"farvesjavs": True}),
    ("sjavs", 4, None), ("sjavs", 4, {"four_player_deal": "no-skat"}),
    ("rat-bastard-17", 2, None), ("rat-bastard-17", 2, {"wild": "jokers+twos"}),
]


def hidden(state: Any, viewer: int | None, reveal_hands: bool = False) -> set[Card]:
    """The cards of ``state`` in the places ``state.view(viewer, reveal_hands)`` masks."""
    view = state.view(viewer, reveal_hands)
    cards = {card for seat, hand in enumerate(view.hands) if hand is None for card in state.hands[seat]}
    if getattr(view, "skat", ()) is None:
        cards.update(state.skat)
    if hasattr(view, "hole_down"):
        cards.update(state.deck)
        cards.update(card for row, downs in zip(state.holes, view.hole_down)
                     for card, down in zip(row, downs) if down)
    return cards


def turned_up(before: Any, move: Any) -> set[Card]:
    """The card a move puts face up for all to see: a card played (from the hand or the hole)."""
    if move.action == "hole":
        return {before.holes[move.player][move.position - 1]}
    return {move.card} if move.action == "play" else set()


def hidden_after(before: Any, move: Any, after: Any, viewer: int | None, reveal_hands: bool) -> set[Card]:
    """The cards hidden from ``viewer`` before ``move``, not turned up by it, and hidden after it.
    A move that ends a deal shows what the scoring counts openly (the cards out of play)."""
    was = hidden(before, viewer, reveal_hands) - turned_up(before, move)
    match = getattr(before, "match", None)
    if match is None or (after.match.deal == match.deal and not after.is_over):
        return was & hidden(after, viewer, reveal_hands)
    if before.phase == "play":
        return was - set(before.skat if hasattr(before, "skat") else ())
    return was  # a throw-in: nothing is shown


def named(text: str, cards: set[Card]) -> list[str]:
    return [str(card) for card in cards if str(card) in text]


def random_game(game_id: str, players: int, options: dict | None, seed: int, max_moves: int = 150):
    """(state before, move, events, state after) of a seeded random game, step by step."""
    state = dn.new_game(game_id, players=players, seed=seed, options=options).state
    rng = random.Random(seed)
    for _ in range(max_moves):
        if state.is_over:
            return
        move = rng.choice(state.legal_moves())
        after, events = state.apply(move)
        yield state, move, events, after
        state = after


@pytest.mark.parametrize("game_id, players, options", TABLES)
@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_no_text_names_a_hidden_card(game_id, players, options, seed):
    """Every event's ``text_for(viewer)`` and every move's ``text_for(viewer)`` names only cards
    the viewer saw (teaching mode: hands shown, never cards laid aside or face down)."""
    viewers = [None, *range(players)]
    for before, move, events, after in random_game(game_id, players, options, seed):
        for viewer in viewers:
            for reveal in (False, True):
                secret = hidden_after(before, move, after, viewer, reveal)
                texts = [move.text_for(viewer, reveal)] + [e.text_for(viewer, reveal) for e in events]
                for text in texts:
                    assert not named(text, secret), (viewer, reveal, text)


def test_a_discard_names_its_cards_to_its_owner_only():
    g = dn.setup("sjavs", {"hands": [["QC", "AH"], ["KH", "10S"], ["AS", "KS", "10D", "AD"]], "skat": [],
                           "contract": "play", "soloist": 2, "phase": "discard"})
    (event,) = g.play("P3 discard 10D AD")
    assert event.text_for(2) == said("P3 discards 10♦ A♦ face down; P1 (eldest) leads (rule SJ-8)")
    assert event.text_for(0) == event.text_for(0, reveal_hands=True) == \
        "P3 discards 2 cards face down; P1 (eldest) leads (rule SJ-8)"


def test_the_skat_taken_up_is_named_to_the_soloist():
    g = dn.setup("sjavs", {"hands": [["QC", "AH"], ["KH", "10S"], ["AS", "KS"]], "skat": ["10D", "AD"],
                           "bids": ["pass", "pass"]})
    events = g.play("P3 bid play")
    skat = next(e for e in events if e.kind == "skat")
    assert skat.text_for(2) == said("P3 takes the skat (10♦ A♦) and will discard as many (rule SJ-8)")
    assert skat.text_for(1) == "P3 takes the skat (2 cards) and will discard as many (rule SJ-8)"


def test_a_refill_names_the_drawn_cards_to_the_drawer_only():
    g = dn.setup("rat-bastard-17", {"hands": [["2H", "3H", "4H", "5H", "6H"], ["2C", "3C", "4C", "5C", "6C"]],
                                    "deck": ["KS", "QS"], "holes": [["7D"], ["8D"]]})
    events = g.play("P1 play 2H")
    refill = next(e for e in events if e.kind == "refill")
    assert refill.text_for(0) == said("P1 draws Q♠ from the deck to hold 5 (rule RB-12)")
    assert refill.text_for(1) == refill.text_for(None) == "P1 draws 1 card from the deck to hold 5 (rule RB-12)"


# --------------------------------------------------------------------------- sampled worlds

class Knowledge:
    """What the play of a deal showed, followed move by move by the test itself: per player the
    suits they failed to follow, who passed while nobody had bid (Sjavs: fewer than four
    trumps) and the cards each played since."""

    def __init__(self, players: int):
        self.voids: list[set] = [set() for _ in range(players)]
        self.passed: list[int] = []
        self.played: list[list[Card]] = [[] for _ in range(players)]

    def follow(self, before: Any, move: Any, after: Any) -> None:
        if hasattr(before, "match") and after.match.deal != before.match.deal:
            self.__init__(before.players)
            return
        if move.action == "play" and hasattr(before, "trick"):
            self.played[move.player].append(move.card)
            if before.trick:
                led = before.trumps.suit_of(before.trick[0].card)
                if before.trumps.suit_of(move.card) is not led:
                    self.voids[move.player].add(led)
        if move.action == "pass" and before.contract is None:
            self.passed.append(move.player)

    def allows(self, game_id: str, world: Any) -> bool:
        """Whether ``world``'s hands agree with what the play showed."""
        from danish_nb.games.sjavs import best_trump_count
        for seat, hand in enumerate(world.hands):
            if world.trumps is not None and any(world.trumps.suit_of(c) in self.voids[seat] for c in hand):
                return False
        return all(best_trump_count(world.hands[seat] + tuple(self.played[seat]),
                                    world.options.farvesjavs)[0] < 4 for seat in self.passed)


def followed_game(game_id: str, players: int, options: dict | None, seed: int, max_moves: int = 150):
    """(state, knowledge) after each move of a seeded random game."""
    knowledge = Knowledge(players)
    for before, move, _, after in random_game(game_id, players, options, seed, max_moves):
        knowledge.follow(before, move, after)
        yield after, knowledge


def places_of(state: Any, viewer: int | None) -> dict[str, tuple[Card, ...]]:
    """The true contents of the places ``viewer`` cannot see (named as ``hidden_places`` names them)."""
    view = state.view(viewer)
    if hasattr(view, "hole_down"):
        places = {f"hand {seat}": tuple((Counter(state.hands[seat]) - Counter(view.known[seat])).elements())
                  for seat, hand in enumerate(view.hands) if hand is None}
        places["deck"] = state.deck
        places.update({f"hole {seat} {slot}": (state.holes[seat][slot],)
                       for seat, downs in enumerate(view.hole_down) for slot, down in enumerate(downs) if down})
        return places
    places = {f"hand {seat}": state.hands[seat] for seat, hand in enumerate(view.hands) if hand is None}
    if getattr(view, "skat", ()) is None and state.skat:
        places["skat"] = state.skat
    return places


@pytest.mark.parametrize("game_id, players, options", TABLES)
@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 10**6), every=st.integers(5, 25))
def test_sampled_worlds_agree_with_the_view(game_id, players, options, seed, every):
    """A sampled world shows the viewer exactly their view, holds the same cards, puts every
    seen card where it is and respects the voids and passes the play showed."""
    rng = random.Random(seed)
    for n, (state, knowledge) in enumerate(followed_game(game_id, players, options, seed)):
        if n % every or state.is_over:
            continue
        for viewer in (None, *range(players)):
            view = state.view(viewer)
            world = view.sample_world(rng)
            assert type(world) is type(state)
            assert world.view(viewer) == view
            assert Counter(world.all_cards()) == Counter(state.all_cards())
            hidden_cards = Counter(c for cards in places_of(state, viewer).values() for c in cards)
            assert Counter(c for cards in places_of(world, viewer).values() for c in cards) == hidden_cards
            assert knowledge.allows(game_id, world) if game_id != "rat-bastard-17" else True


@pytest.mark.parametrize("game_id, players, options", [
    ("bastard", 3, {"deals": 1}), ("bastard", 4, {"deals": 1}), ("sjavs", 3, {"max_deals": 2}),
    ("sjavs", 4, {"max_deals": 2}), ("rat-bastard-17", 2, None)])
@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 10**6), moves=st.integers(0, 40))
def test_sampled_worlds_play_to_the_end(game_id, players, options, seed, moves):
    state = dn.new_game(game_id, players=players, seed=seed, options=options).state
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_over:
            break
        state, _ = state.apply(rng.choice(state.legal_moves()))
    world = state.view(state.current_player).sample_world(rng)
    for _ in range(5000):
        if world.is_over:
            break
        world, _ = world.apply(rng.choice(world.legal_moves()))
    assert world.is_over


def assignments(places: dict[str, int], cards: list[Card]):
    """Every way to deal ``cards`` into places of these sizes (as ``{place: cards}``)."""
    if not places:
        yield {}
        return
    (name, size), rest = next(iter(places.items())), dict(list(places.items())[1:])
    for chosen in combinations(range(len(cards)), size):
        left = [c for i, c in enumerate(cards) if i not in chosen]
        for tail in assignments(rest, left):
            yield {name: tuple(cards[i] for i in chosen), **tail}


class _World:
    """Just enough of a state for :meth:`Knowledge.allows`: hands, trumps and options."""

    def __init__(self, hands, trumps, options):
        self.hands, self.trumps, self.options = hands, trumps, options


@pytest.mark.parametrize("game_id, players, options", TABLES[:7])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_unseen_cards_reach_every_place_they_could_be(game_id, players, options, seed):
    """Late in a deal, every (card, hidden place) pair that some world consistent with the play
    allows comes out of 300 samples, and no other pair ever does."""
    viewer = 0
    for state, knowledge in followed_game(game_id, players, options, seed, max_moves=400):
        places = places_of(state, viewer)
        unseen = [c for cards in places.values() for c in cards]
        if state.is_over or not 3 <= len(unseen) <= 8 or len(places) < 2:
            continue
        possible = set()
        sizes = {name: len(cards) for name, cards in places.items()}
        for deal in assignments(sizes, unseen):
            hands = tuple(deal.get(f"hand {seat}", hand) for seat, hand in enumerate(state.hands))
            if knowledge.allows(game_id, _World(hands, state.trumps, state.options)):
                possible |= {(card, name) for name, cards in deal.items() for card in cards}
        rng = random.Random(seed)
        view = state.view(viewer)
        reached = set()
        for _ in range(300):
            world = view.sample_world(rng)
            reached |= {(card, name) for name, cards in places_of(world, viewer).items() for card in cards}
        assert reached == possible
        assert {(c, name) for name, cards in places.items() for c in cards} <= possible
        return
    pytest.skip("no late position with a few unseen cards in this game")


def test_rat_unseen_cards_reach_the_hand_the_deck_and_every_face_down_card():
    """Rat Bastard 17: a card nobody has seen may be in the other hand (beyond the cards seen
    picked up), the deck or any face-down hole card; seen cards never move."""
    for seed in range(20):
        for state, _ in followed_game("rat-bastard-17", 2, None, seed, max_moves=400):
            places = places_of(state, 0)
            unseen = {c for cards in places.values() for c in cards}
            if state.is_over or len(unseen) > 12 or not state.deck or not state.known[1]:
                continue
            rng = random.Random(seed)
            reached = set()
            view = state.view(0)
            for _ in range(800):
                world = view.sample_world(rng)
                assert set(world.known[1]) <= set(world.hands[1]) and world.known == state.known
                reached |= {(card, name) for name, cards in places_of(world, 0).items() for card in cards}
            assert reached == {(card, name) for card in unseen for name in places}
            return
    pytest.fail("no late Rat Bastard 17 position with a card seen picked up")


# --------------------------------------------------------------------------- every ruling is cited

#: Positions and moves for rulings that random play rarely reaches: (game, position, options, moves);
#: the verdict of each move is read, and the legal ones are played.
RULING_SCENARIOS = [
    # a three-way tie at the end of the match (ruling BA-j)
    ("bastard", {"hands": [["2D"], ["3D"], ["4D"]], "trump": "none", "deal": 2,
                 "won": [[["2C", "3C", "4C"]], [["5C", "6C", "8C"]], []]}, None,
     ["P1 play 2D", "P2 play 3D", "P3 play 4D"]),
    # a play must name one card from the hand (ruling RB-d)
    ("rat-bastard-17", {"hands": [["7H"], ["5C"]]}, None, [RatMove(0, "play")]),
    # a face-down wild card turned over blind takes its best value (ruling RB-m)
    ("rat-bastard-17", {"hands": [[], ["5C"]], "holes": [["RJ"], []], "pile": ["9D"]}, None, ["P1 hole 1"]),
    # the outer hole cards are face up and too high: the player picks up (ruling RB-q)
    ("rat-bastard-17", {"hands": [[], ["5C"]], "holes": [[None, "9H"], []], "pile": ["9D", "AD"]}, None,
     ["P1 take"]),
]


def rulings_cited(game: dn.Game, moves) -> set[str]:
    """The rulings cited by the opening events and, for each state, the verdicts of ``moves(state)``
    and the events of the move played."""
    cited = {e.ruling.id for e in game.opening_events if e.ruling}
    for step in game.history:
        cited |= {e.ruling.id for e in step.events if e.ruling}
    for state in game.states():
        for move in moves(state):
            cited |= {r.ruling.id for r in state.explain(move).reasons if r.ruling}
    return cited


def test_every_ruling_is_cited_by_a_verdict_or_an_event():
    """Each ruling of the Bastard, Sjavs and Rat Bastard 17 catalogues is cited by some verdict or
    event of random play (every player count and option that deals differently) or of the
    scenarios above."""
    cited: dict[str, set[str]] = {"bastard": set(), "sjavs": set(), "rat-bastard-17": set()}
    tables = TABLES + [("bastard", 4, {"target_score": 30}), ("bastard", 3, {"both_sevens_per_trick": 6}),
                       ("sjavs", 3, {"last_points": 5, "max_deals": 3}),
                       ("rat-bastard-17", 2, {"over_after_deck": "whole-pile", "turn_limit": 60})]
    for game_id, players, options in tables:
        for seed in range(3):
            game = dn.new_game(game_id, players=players, seed=seed, options=options)
            rng = random.Random(seed)
            while not game.is_over and len(game.history) < 400:
                game.play(rng.choice(game.legal_moves()))
            cited[game_id] |= rulings_cited(game, lambda state: state.legal_moves())
    for game_id, position, options, moves in RULING_SCENARIOS:
        game = dn.setup(game_id, position, options)
        for move in moves:
            cited[game_id] |= {r.ruling.id for r in game.explain(move).reasons if r.ruling}
            if game.explain(move).legal:
                game.play(move)
        cited[game_id] |= rulings_cited(game, lambda state: [])
    for game_id, ids in cited.items():
        assert set(dn.GAMES[game_id].catalogue.rulings) - ids == set(), game_id

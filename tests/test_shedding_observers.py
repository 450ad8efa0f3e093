"""The shedding family's protocol over Danish Bastard and Le danish: observers (``state.view(p)``
and ``view.sample_world(rng)``, the complete states a player could be in: determinization),
malformed moves and positions (issue 11), and rulings cited in play (issue 18).

A sampled world keeps everything the viewer sees or knows (own hand, face-up cards, pile,
burned cards, the counts of every hidden place, cards seen going into a hand) and deals the
unseen cards at random into the hidden places.
"""

from __future__ import annotations

import dataclasses
import math
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import danish_nb as dn
from danish_nb.cards import Card
from danish_nb.families.shedding import ACTIONS, ShedMove
from danish_nb.games import danish_bastard as db, le_danish as ld

DB, LD = "danish-bastard", "le-danish"


def _bools(options_type: type) -> dict:
    return {f.name: st.booleans() for f in dataclasses.fields(options_type) if isinstance(f.default, bool)}


OPTIONS = {
    DB: st.fixed_dictionaries(_bools(db.Options)),
    LD: st.fixed_dictionaries({**_bools(ld.Options),
                               "after_pickup": st.sampled_from(("last-player", "next-player")),
                               "two_mode": st.sampled_from(("wild", "mirror")),
                               "after_ace": st.sampled_from(("sender", "next"))}),
}
PLAYERS = {DB: st.integers(2, 9), LD: st.integers(2, 11)}


@st.composite
def games(draw) -> dn.Game:
    """A game of either shedding game with random options, played at random for a while."""
    game_id = draw(st.sampled_from((DB, LD)))
    options = {**draw(OPTIONS[game_id]), "turn_limit": 400}
    g = dn.new_game(game_id, players=draw(PLAYERS[game_id]), seed=draw(st.integers(0, 2**32 - 1)),
                    options=options)
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    for _ in range(draw(st.integers(0, 300))):
        if g.is_over:
            break
        g.play(rng.choice(g.legal_moves()))
    return g


def modest(examples: int):
    return settings(max_examples=examples, deadline=None, database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def places(state) -> dict[tuple, Counter]:
    """Every place a card can lie, with its cards."""
    where = {("pile",): Counter(state.pile), ("burned",): Counter(state.burned), ("stock",): Counter(state.stock)}
    for seat in range(state.players):
        for zone in ("hands", "open", "closed"):
            where[(zone, seat)] = Counter(getattr(state, zone)[seat])
    return where


def hidden_places(view) -> dict[tuple, int]:
    """The places the viewer cannot see into, with how many unknown cards each holds."""
    hidden = {("stock",): view.stock_count}
    for seat in range(view.players):
        hidden[("closed", seat)] = view.closed_counts[seat]
        if view.hands[seat] is None:
            hidden[("hands", seat)] = view.hand_counts[seat] - len(view.known[seat])
    return {place: n for place, n in hidden.items() if n}


def known_rows_hold(state) -> bool:
    """Every card anyone knows to be in a hand is in that hand."""
    return all(not Counter(row[seat]) - Counter(state.hands[seat])
               for row in state.known for seat in range(state.players))


# --------------------------------------------------------------------------- properties

@modest(60)
@given(g=games(), viewer=st.integers(-1, 10), reveal=st.booleans(), seed=st.integers(0, 2**32 - 1))
def test_a_sampled_world_shows_the_viewer_exactly_their_view(g, viewer, reveal, seed):
    state = g.state
    me = None if viewer < 0 else viewer % state.players
    view = state.view(me, reveal_hands=reveal)
    assert known_rows_hold(state)
    rng = random.Random(seed)
    for _ in range(3):
        world = view.sample_world(rng)
        assert type(world) is type(state) and world.options == state.options
        assert world.view(me, reveal_hands=reveal) == view
        assert sorted(world.all_cards()) == sorted(state.all_cards())
        assert known_rows_hold(world)
        assert (world.legal_moves() == []) == state.is_over


@modest(25)
@given(g=games(), viewer=st.integers(0, 10), seed=st.integers(0, 2**32 - 1))
def test_a_sampled_world_plays_to_the_end(g, viewer, seed):
    rng = random.Random(seed)
    world = g.state.view(viewer % g.state.players).sample_world(rng)
    while not world.is_over:
        world, _ = world.apply(rng.choice(world.legal_moves()))
    assert world.result is not None and world.turn <= world.options.turn_limit


@modest(12)
@given(g=games(), viewer=st.integers(-1, 10))
def test_unseen_cards_reach_every_hidden_place_and_no_other(g, viewer):
    """Over many samples each unseen card lands in every hidden place that has room for it, and
    never where the viewer sees; a card known to be in a hand is always there."""
    state = g.state
    me = None if viewer < 0 else viewer % state.players
    view = state.view(me)
    hidden = hidden_places(view)
    unseen = Counter(view.unseen())
    assert sum(unseen.values()) == sum(hidden.values())  # a dealt game: the deck fills them exactly
    reached: dict[Card, set] = {card: set() for card in unseen}
    rng = random.Random(1)
    # enough samples that a card misses a place with room for it with odds below 1e-9
    total = sum(unseen.values())
    # one hidden place takes every unseen card: one sample shows it
    rounds = 1 if len(hidden) <= 1 else math.ceil(math.log(1e-9) / math.log(1 - min(hidden.values()) / total))
    for _ in range(rounds):
        world = view.sample_world(rng)
        for place, cards in places(world).items():
            if place[0] == "hands":
                if view.hands[place[1]] is not None:
                    assert cards == Counter(view.hands[place[1]])
                    continue
                assert not Counter(view.known[place[1]]) - cards, "a known card left its hand"
                cards = cards - Counter(view.known[place[1]])
            elif place not in hidden:
                assert cards == places(state)[place], f"{place} is seen, so it never changes"
                continue
            for card in cards:
                reached[card].add(place)
    for card, where in reached.items():
        assert where == set(hidden), f"{card} reached {sorted(where)}, not every hidden place {sorted(hidden)}"


# --------------------------------------------------------------------------- what is known

def test_a_pile_picked_up_is_known_to_be_in_the_takers_hand_until_played():
    g = dn.setup(DB, {"hands": [["3C", "4C"], ["9S", "9D"], ["JH"]], "pile": ["KC", "AS"],
                      "closed": [["QS"], ["QD"], ["QH"]]})
    g.play("P1 take")
    for me in (1, 2, None):
        assert g.state.view(me).known[0] == (Card.parse("KC"), Card.parse("AS"))
    rng = random.Random(0)
    for _ in range(50):
        world = g.state.view(1).sample_world(rng)
        assert {"KC", "AS"} <= {c.code for c in world.hands[0]} and len(world.hands[0]) == 4
    g.play("P2 play 9S 9D")
    g.play("P3 play JH")
    g.play("P1 play AS")
    assert g.state.view(1).known[0] == (Card.parse("KC"),)


def test_face_up_cards_taken_into_the_hand_at_the_swap_are_known():
    g = dn.setup(DB, {"hands": [["2C", "3C", "4C"], ["5D", "6D", "7D"]],
                      "open": [["KC", "QC", "JC"], ["KD", "QD", "JD"]], "phase": "swap"})
    g.play("P1 face-up 2C KC QC")
    assert g.state.view(1).known[0] == (Card.parse("JC"),)
    assert g.state.view(0).known[1] == ()


def test_a_failed_face_down_card_and_the_pile_are_known_in_le_danish():
    g = dn.setup(LD, {"hands": [[], ["9S"]], "closed": [["4C"], ["QS"]], "pile": ["KC"]})
    g.play("P1 closed 1")
    assert sorted(c.code for c in g.state.view(1).known[0]) == ["4C", "KC"]


def test_a_hand_passed_by_a_3_is_known_to_its_passer_only():
    """Variant 3 (LD-31): 'Tous les joueurs passent leur main au joueur de droite.'"""
    g = dn.setup(LD, {"hands": [["3C", "8H"], ["9S", "JD"], ["QC", "KD"]],
                      "closed": [["2S"], ["2H"], ["2D"]], "current": 0},
                 {"three_passes_hands": True})
    g.play("P1 play 3C")
    state = g.state
    # P1 passed 8H to the player on the right (P3); P2 passed 9S JD to P1; P3 passed QC KD to P2
    assert state.hands[2] == (Card.parse("8H"),)
    assert state.view(0).known[2] == (Card.parse("8H"),)
    assert state.view(1).known[0] == (Card.parse("9S"), Card.parse("JD"))
    assert state.view(None).known == ((), (), ())
    assert state.view(2).known[1] == (Card.parse("QC"), Card.parse("KD"))
    world = state.view(0).sample_world(random.Random(3))
    assert world.hands[2] == (Card.parse("8H"),) and world.view(0) == state.view(0)


def test_le_danish_bookkeeping_is_kept_in_a_sampled_world():
    g = dn.setup(LD, {"hands": [["AH", "4C"], ["9S", "5D"], ["6C", "7C"]], "pile": ["KC"]})
    g.play("P1 play AH")
    view = g.state.view(2)
    world = view.sample_world(random.Random(0))
    assert (world.phase, world.current, world.last) == ("send", 0, 0)
    assert world.legal_moves() == g.state.legal_moves()


def test_a_view_from_elsewhere_cannot_be_sampled():
    view = dn.new_game(DB, players=3, seed=1).state.view(0)
    with pytest.raises(dn.DanishNbError, match="which game"):
        dataclasses.replace(view, table=None).sample_world(random.Random(0))


# --------------------------------------------------------------------------- the catalogues

def _cited_in_play(game_id: str, games: int = 40) -> set[str]:
    """The rulings cited by the deal, by every event, and by the verdicts on a few legal moves, on
    each bare action, the first face-down card, pairs of one rank and a move out of turn, over
    random games with random options."""
    rules = dn.GAMES[game_id]
    names = [f.name for f in dataclasses.fields(rules.options_type)]
    cited: set[str] = set()
    for seed in range(games):
        rng = random.Random(seed)
        options = {name: rng.choice(info.choices) if info.choices else rng.random() < 0.5
                   for name, info in zip(names, dn.core.option_infos(rules.options_type))
                   if info.choices or isinstance(info.default, bool)}
        g = dn.new_game(game_id, players=2 + seed % 7, seed=seed, options={**options, "turn_limit": 400})
        cited |= {e.ruling.id for e in g.opening_events if e.ruling}
        state = g.state
        while not state.is_over:
            moves = state.legal_moves()
            p = state.current_player
            tries = rng.sample(moves, min(4, len(moves))) + [ShedMove(p, action) for action in ACTIONS] + [
                ShedMove(p, "closed", (), 0), ShedMove((p + 1) % state.players, "take")]
            for action, zone in (("play", state.hands[p]), ("open", state.open[p])):
                tries += [ShedMove(p, action, pair) for pair in _pairs(zone)]
            for move in tries:
                cited |= {r.ruling.id for r in state.explain(move).reasons if r.ruling}
            state, events = state.apply(rng.choice(moves))
            cited |= {e.ruling.id for e in events if e.ruling}
    return cited


def _pairs(cards: tuple[Card, ...]) -> list[tuple[Card, Card]]:
    """Two cards of each rank (jokers of either colour count as one rank)."""
    by_rank: dict = {}
    for card in cards:
        by_rank.setdefault(card.rank, []).append(card)
    return [(group[0], group[-1]) for group in by_rank.values() if len(group) > 1]


@pytest.mark.parametrize("game_id", [DB, LD])
def test_every_ruling_is_cited_by_a_verdict_or_an_event_in_play(game_id):
    """Each ruling of the catalogue settles something that happens: some verdict or event of
    random play cites it (events that follow a ruling carry its id)."""
    catalogue = dn.GAMES[game_id].catalogue
    missing = {ruling.id for ruling in catalogue.rulings.values()} - _cited_in_play(game_id)
    assert not missing, f"rulings that no verdict or event cites: {sorted(missing)}"


# --------------------------------------------------------------------------- bad input

MALFORMED = [
    (ShedMove(None, "take"), "player must be a whole number"),
    (ShedMove(True, "take"), "player must be a whole number"),
    (ShedMove(10**5000, "take"), "player must be a whole number"),
    (ShedMove(0, "play", "7H"), "cards must be a tuple of Card"),
    (ShedMove(0, "play", ("7H",)), "cards must be a tuple of Card"),
    (ShedMove(0, "play", (Card.parse("7H"),) * 5000), "at most 64"),
    (ShedMove(0, 7), "action must be one of"),
    (ShedMove(0, "fly"), "action must be one of"),
    (ShedMove(0, "closed", (), 1.0), "index must be None or a whole number"),
    ("P1 take", "str 'P1 take' is not a ShedMove"),
    (5, "int 5 is not a ShedMove"),
]


@pytest.mark.parametrize("game_id, not_a_move", [(DB, "DB-10"), (LD, "LD-15")])
@pytest.mark.parametrize("move, problem", MALFORMED, ids=lambda x: str(x)[:30])
def test_a_malformed_move_is_explained_refused_and_changes_nothing(game_id, not_a_move, move, problem):
    g = dn.new_game(game_id, players=3, seed=1)
    for _ in range(4):
        g.play(g.legal_moves()[0])
    before = g.state
    verdict = before.explain(move)
    assert not verdict.legal and verdict.rule_ids == (not_a_move,) and problem in verdict.summary()
    with pytest.raises(dn.IllegalMove) as info:
        before.apply(move)
    assert len(str(info.value)) < 400 and g.state is before
    assert before.legal_moves() == g.legal_moves()


def test_str_of_an_odd_move_never_fails():
    assert str(ShedMove(0, "closed")) == "P1 closed"
    assert str(ShedMove(0, "send")) == "P1 send"
    assert str(ShedMove(None, "take")).startswith("a malformed move (its player")


@pytest.mark.parametrize("game_id", [DB, LD])
@pytest.mark.parametrize("position, problem", [
    ({"hands": [["8H"], ["9S"]], "closed": [["2D"], ["3D"]], "direction": 1.0}, "direction"),
    ({"hands": [["8H"], ["9S"]], "closed": [["2D"], ["3D"]], "direction": True}, "direction"),
    ({"hands": [["8H"], ["9S"]], "closed": [["2D"], ["3D"]], "current": 1.0}, "current"),
    ({"hands": [["8H"], ["9S"]], "closed": [["2D"], ["3D"]], "players": 2.0}, "players"),
    ({"hands": [["7H"] * 26, ["8C"]]}, "26 × 7♥ but the deck for 2 players has 1"),
    ({"hands": [["7H"], ["8C"]], "pile": ["7H"]}, "2 × 7♥"),
])
def test_a_bad_position_is_an_options_error_naming_the_problem(game_id, position, problem):
    with pytest.raises(dn.OptionsError, match=problem):
        dn.setup(game_id, position)


def test_jokers_beyond_the_packs_are_refused():
    with pytest.raises(dn.OptionsError, match="3 × BJ"):
        dn.setup(DB, {"hands": [["BJ", "BJ"], ["BJ"]]})
    assert dn.setup(DB, {"hands": [["BJ", "BJ"], ["9S"], [], [], []],
                         "closed": [[], [], ["2D"], ["3D"], ["4D"]]}).state.players == 5
    with pytest.raises(dn.OptionsError, match="1 × BJ but the deck for 2 players has 0"):
        dn.setup(LD, {"hands": [["BJ"], ["9S"]]})


@pytest.mark.parametrize("game_id", [DB, LD])
@pytest.mark.parametrize("limit", [0, -1, 10**7, 10**100])
def test_turn_limits_out_of_range_are_refused(game_id, limit):
    with pytest.raises(dn.OptionsError, match="turn_limit' must be from 1 to 1,000,000"):
        dn.new_game(game_id, players=2, seed=1, options={"turn_limit": limit})

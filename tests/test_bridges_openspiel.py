"""The OpenSpiel bridge (danish_nb.bridges.openspiel) under OpenSpiel's own checks: random
simulation with serialisation, round trips, chance, hidden information, payoffs, and MCTS and
ISMCTS bots playing whole games; and the action space both bridges share."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from helpers import FUZZ
from rl_extra import import_or_skip

pyspiel = import_or_skip("pyspiel")

from open_spiel.python.observation import make_observation  # noqa: E402

import danish_nb as dn  # noqa: E402
from danish_nb.bridges import features, openspiel  # noqa: E402
from danish_nb.bridges.actions import CARD_COUNT, codec_for  # noqa: E402
from danish_nb.core import Result  # noqa: E402
from danish_nb.families.common import card_codes  # noqa: E402

#: (game, parameters, simulations) for pyspiel.random_sim_test: each game, and options and player
#: counts that bring in other moves (Le danish's "complete", Sjavs' 3-card skat, two packs).
SIMULATIONS = [
    ("danish-bastard", "players=2", 1),
    ("danish-bastard", "players=5", 1),
    ("le-danish", "players=3,complete_four=true", 1),
    ("rat-bastard-17", "", 3),
    ("bastard", "players=4", 3),
    ("sjavs", "players=3,red_queens=false", 2),
    ("sjavs", "", 2),
]
#: Any other registered game (a game added later, the toy of test_toy_game.py): its defaults.
SIMULATIONS += [(game_id, "", 2) for game_id in dn.GAMES if game_id not in {case[0] for case in SIMULATIONS}]
#: ``make test``'s parameters for a case whose whole random game is too long for it (each state is
#: serialised and read back, so a game's cost grows with the square of its length): Danish bastard
#: for five runs 900-1,000 moves (13-26 CPU s, a minute on a busy machine), cut by the turn limit
#: at 300 (1.5-3 CPU s: the same seats, moves and serialisation, ending in the turn limit's result);
#: Le danish for three runs 160-2,150 moves, cut at 1,000 (30 random games: its first "complete"
#: came by move 730 or never). ``make fuzz`` plays the whole games.
SHORTER = {("danish-bastard", "players=5"): "players=5,turn_limit=300",
           ("le-danish", "players=3,complete_four=true"): "players=3,complete_four=true,turn_limit=1000"}


def load(game_id: str, params: str = "") -> pyspiel.Game:
    name = openspiel.game_name(game_id)
    return pyspiel.load_game(f"{name}({params})" if params else name)


def random_state(game: pyspiel.Game, seed: int, moves: int) -> pyspiel.State:
    """A state after the deal and up to ``moves`` random actions."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    for _ in range(features.SEED_DIGITS):
        state.apply_action(rng.randrange(features.SEED_BASE))
    for _ in range(moves):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("game_id, params, sims", SIMULATIONS)
def test_openspiel_random_simulation_passes_with_serialisation(game_id: str, params: str, sims: int) -> None:
    """``make test`` plays one whole random game of each case (each state serialised and read
    back: 2-10 CPU s a game; a case in :data:`SHORTER` with its shorter parameters); ``make
    fuzz`` plays the case's ``sims``, whole."""
    if not FUZZ:
        params, sims = SHORTER.get((game_id, params), params), 1
    pyspiel.random_sim_test(load(game_id, params), num_sims=sims, serialize=True, verbose=False)


def test_every_game_is_registered_with_its_type() -> None:
    for game_id in dn.GAMES:
        game_type = load(game_id).get_type()
        assert game_type.short_name in pyspiel.registered_names()
        assert game_type.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
        assert game_type.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
        assert game_type.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
        assert game_type.utility == pyspiel.GameType.Utility.ZERO_SUM
        info = dn.GAMES[game_id].info
        assert (game_type.min_num_players, game_type.max_num_players) == (info.min_players, info.max_players)


def test_the_chance_bytes_are_the_deal_seed() -> None:
    game = load("sjavs", "players=3")
    state = game.new_initial_state()
    for byte in (0, 0, 1, 2):
        assert state.is_chance_node()
        outcomes = state.chance_outcomes()
        assert len(outcomes) == 256 and sum(p for _, p in outcomes) == pytest.approx(1)
        state.apply_action(byte)
    ours = dn.new_game("sjavs", players=3, seed=258).state
    assert state.current_player() == ours.current_player == 0
    assert state.observation_string(0) == features.observation_string(ours, 0)
    assert {state.action_to_string(a) for a in state.legal_actions()} == {str(m) for m in ours.legal_moves()}


def test_options_and_players_are_parameters_checked_by_our_rules() -> None:
    game = load("le-danish", "players=4,complete_four=true,turn_limit=50")
    assert game.num_players() == 4 and game.options.complete_four and game.options.turn_limit == 50
    with pytest.raises(dn.OptionsError, match="3 to 4 players"):
        load("sjavs", "players=7")
    with pytest.raises(dn.OptionsError, match="from 1 to 1,000"):
        load("sjavs", "max_deals=0")


@pytest.mark.parametrize("game_id", list(dn.GAMES))
def test_serialise_and_deserialise_round_trip(game_id: str) -> None:
    game = load(game_id)
    for seed, moves in ((1, 0), (2, 30), (3, 400)):
        state = random_state(game, seed, moves)
        again = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))[1]
        assert again.history() == state.history()
        assert again.legal_actions() == state.legal_actions()
        for player in range(game.num_players()):
            assert again.information_state_string(player) == state.information_state_string(player)
            assert np.array_equal(again.observation_tensor(player), state.observation_tensor(player))


@pytest.mark.parametrize("game_id", list(dn.GAMES))
def test_a_world_sampled_for_a_player_looks_the_same_to_them(game_id: str) -> None:
    """Hidden cards stay hidden: redealing what a player cannot see changes nothing they observe,
    while another player's observation differs from theirs."""
    game = load(game_id)
    rng = random.Random(4)
    for seed in range(3):
        state = random_state(game, seed, 15 + 20 * seed)
        if state.is_terminal():
            continue
        for player in range(game.num_players()):
            world = state.resample(player, rng)
            assert world.observation_string(player) == state.observation_string(player)
            assert world.information_state_string(player) == state.information_state_string(player)
            assert np.array_equal(world.observation_tensor(player), state.observation_tensor(player))
            other = (player + 1) % game.num_players()
            assert state.observation_string(other) != state.observation_string(player)


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    state = random_state(load("bastard"), 0, 0)
    before = state.history()
    illegal = next(a for a in range(state.num_distinct_actions()) if a not in state.legal_actions())
    with pytest.raises(dn.DanishNbError, match="not legal here"):
        state.apply_action(illegal)
    assert state.history() == before and state.current_player() == 0


def test_a_draw_pays_everyone_nothing() -> None:
    """Rat Bastard 17 with a turn limit of 3 moves ends in a declared draw (rule RB turn limit)."""
    state = random_state(load("rat-bastard-17", "turn_limit=3"), 0, 50)
    assert state.is_terminal() and state.rules_state.result.draw
    assert state.returns() == [0.0, 0.0]


@pytest.mark.parametrize("game_id, players", [("danish-bastard", 3), ("le-danish", 2), ("bastard", 3),
                                              ("sjavs", 4), ("rat-bastard-17", 2)])
def test_returns_are_our_result_zero_sum(game_id: str, players: int) -> None:
    state = random_state(load(game_id, f"players={players}"), players, 100_000)
    assert state.is_terminal()
    result = state.rules_state.result
    assert state.returns() == features.returns(result, players)
    assert sum(state.returns()) == pytest.approx(0)
    if not result.draw:
        assert state.returns()[result.order[0]] == max(state.returns()) > 0


@pytest.mark.parametrize("game_id", list(dn.GAMES))
def test_a_game_played_through_openspiel_is_our_record(game_id: str) -> None:
    state = random_state(load(game_id), 11, 100_000)
    record = state.record()
    replayed = dn.load_record(record)
    assert replayed.result == state.rules_state.result
    assert [str(step.move) for step in replayed.history] == str(state).splitlines()[1:]
    assert record["seed"] == int(str(state).splitlines()[0].split()[1])
    with pytest.raises(dn.DanishNbError, match="before the deal"):
        load(game_id).new_initial_state().record()


@pytest.mark.parametrize("result, players, expected", [
    (Result(order=(1, 0), loser=0), 2, [-1.0, 1.0]),                       # Rat Bastard 17: P2 wins
    (Result(order=(0, 2, 1), loser=1), 3, [1.0, -1.0, 0.0]),               # a Danish Bastard finishing order
    (Result(order=(2,)), 4, [-1 / 3, -1 / 3, 1.0, -1 / 3]),                # Le danish: one winner
    (Result(order=(0, 1, 2), scores=(9, 9, 3), draw=True), 3, [0.5, 0.5, -1.0]),  # Bastard: shared first place
    (Result(order=(0,), draw=True), 3, [1.0, -0.5, -0.5]),                 # a turn limit: P1 out keeps first
    (Result(draw=True), 3, [0.0, 0.0, 0.0]),                               # a turn limit, nobody out: a draw
])
def test_payoffs_of_results(result: Result, players: int, expected: list[float]) -> None:
    assert features.returns(result, players) == pytest.approx(expected)


def test_ismcts_and_mcts_bots_play_a_whole_game() -> None:
    from open_spiel.python.algorithms import ismcts, mcts

    game = load("bastard", "players=3,deals=1")
    rng = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    search = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=8, random_state=rng)
    search.set_resampler(openspiel.resampler(seed=0))
    cheat = mcts.MCTSBot(game, 2.0, 8, evaluator, random_state=rng)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            action = rng.randint(features.SEED_BASE)
        elif state.current_player() == 0:
            action = search.step(state)
        elif state.current_player() == 1:
            action = cheat.step(state)
        else:
            action = rng.choice(state.legal_actions())
        assert action in state.legal_actions() or state.is_chance_node()
        state.apply_action(action)
    assert sum(state.returns()) == pytest.approx(0)
    assert state.rules_state.result.order


# --------------------------------------------------------------------------- the action space

@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game_id=st.sampled_from(list(dn.GAMES)), seed=st.integers(0, 10_000), extra=st.integers(0, 2))
def test_action_numbers_are_distinct_and_read_back_as_the_move(game_id: str, seed: int, extra: int) -> None:
    info = dn.GAMES[game_id].info
    players = min(info.min_players + extra * 3, info.max_players)
    codec = codec_for(game_id, players)
    game = dn.new_game(game_id, players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(60):
        if game.is_over:
            break
        moves = game.legal_moves()
        numbers = [codec.encode(move) for move in moves]
        assert len(set(numbers)) == len(numbers) and all(0 <= n < codec.size for n in numbers)
        for move, number in zip(moves, numbers):
            text = f"P{move.player + 1} {codec.describe(number)}"
            assert game.state.normalize(game.parse_move(text)) == game.state.normalize(move)
        game.play(rng.choice(moves))


def test_an_action_number_outside_the_space_is_refused() -> None:
    codec = codec_for("bastard", 3)
    assert codec.describe(0) == "trump clubs" and codec.describe(5) == "play 2♣"
    for bad in (-1, codec.size, "3", True):
        with pytest.raises(dn.DanishNbError, match="whole number from 0"):
            codec.describe(bad)
    with pytest.raises(dn.DanishNbError, match="no action number"):
        codec.encode(dn.GAMES["sjavs"].parse_move("P1 bid play"))


# --------------------------------------------------------------------------- information states

#: (game, parameters, seeds) for the twin tests: every game, and options whose moves reveal or pass cards.
TWINS = [("danish-bastard", "players=3,turn_limit=300", range(4)),
         ("danish-bastard", "players=4,turn_limit=300", range(3)),
         ("le-danish", "players=3,three_passes_hands=true,turn_limit=300", range(4)),
         ("rat-bastard-17", "turn_limit=300", range(4)),
         ("bastard", "players=3", range(3)), ("sjavs", "players=4,max_deals=3", range(3)),
         ("sjavs", "players=3,red_queens=false,max_deals=12", range(3, 6))]  # later deals: the skat shown in the scores


def twin_runs(game: pyspiel.Game, seed: int, viewer: int | None, steps: int = 40):
    """A random state, a twin of it that ``viewer`` (``None``: a spectator) cannot tell from it
    (its hidden cards dealt afresh: ``resample``), then the same
    actions applied to both (each legal in both); yields, after every action, the two states and
    whether ``viewer``'s views of them have differed at some point so far."""
    rng = random.Random(seed)
    state = random_state(game, seed, 10 + 25 * seed)
    if state.is_terminal():
        return
    twin = state.resample(viewer, rng)
    apart = False
    for _ in range(steps):
        common = sorted(set(state.legal_actions()) & set(twin.legal_actions()))
        if state.is_terminal() or twin.is_terminal() or not common:
            return
        action = rng.choice(common)
        state.apply_action(action)
        twin.apply_action(action)
        apart = apart or state.rules_state.view(viewer) != twin.rules_state.view(viewer)
        yield state, twin, apart


@pytest.mark.parametrize("game_id, params, seeds", TWINS)
def test_information_states_are_perfect_recall_and_hide_what_they_should(game_id: str, params: str, seeds) -> None:
    """Two states a player can tell apart (their views differed at some point) never share an
    information-state string; two they cannot always do, with the same observation and tensor."""
    game = load(game_id, params)
    public = make_observation(game, pyspiel.IIGObservationType(
        public_info=True, perfect_recall=True, private_info=pyspiel.PrivateInfoType.NONE))
    counts = {True: 0, False: 0}
    for seed in seeds:
        for viewer in [*range(game.num_players()), None]:
            for state, twin, apart in twin_runs(game, seed, viewer):
                counts[apart] += 1
                if viewer is None:
                    mine, theirs = public.string_from(state, 0), public.string_from(twin, 0)
                else:
                    mine, theirs = state.information_state_string(viewer), twin.information_state_string(viewer)
                assert (mine != theirs) == apart, (viewer, apart, mine.splitlines()[-3:], theirs.splitlines()[-3:])
                if viewer is not None:  # the tensor too: the observation now and the record of every move seen
                    assert (state.information_state_tensor(viewer) != twin.information_state_tensor(viewer)) == apart
                if not apart and viewer is not None:
                    assert state.observation_string(viewer) == twin.observation_string(viewer)
                    assert np.array_equal(state.observation_tensor(viewer), twin.observation_tensor(viewer))
    assert counts[False], counts
    if dn.GAMES[game_id].info.family != "tricks":  # there, twins part only when a card one lacks is played
        assert counts[True], counts


def test_a_card_turned_over_from_the_stock_is_in_everyones_information_state() -> None:
    """Issue 33's case: P2 turns over the stock card, J♠ or (in the twin) 6♦; P1's view, tensor
    and information-state token of the move tell the two apart (the token names the card)."""
    seen = []
    for stock in ("JS", "6D"):
        game = dn.setup("danish-bastard", {"hands": [["9S", "3C"], ["4C"]], "closed": [["QS"], ["QD"]],
                                           "stock": ["2H", stock], "pile": ["AS"], "current": 1})
        move = game.parse_move("P2 stock")
        before = features.shown_cards(game.state.view(0))
        game.play(move)
        number = codec_for("danish-bastard", 2, game.options).encode(move)
        seen.append((game.state.view(0).to_dict(), features.observation_tensor(game.state, 0),
                     features.move_token(move, number, 0,
                                         features.newly_shown(before, features.shown_cards(game.state.view(0))))))
    (view, tensor, token), (twin_view, twin_tensor, twin_token) = seen
    assert view != twin_view and not np.array_equal(tensor, twin_tensor)
    assert token.endswith("+JS") and twin_token.endswith("+6D")
    game = load("danish-bastard", "players=2")
    for state in (random_state(game, seed, 300) for seed in range(6)):
        tokens = state.information_state_string(0).splitlines()[1].split()
        stock = [token for move, token in zip(state.track.moves, tokens) if str(move).endswith(" stock")]
        if stock:
            assert all("+" in token for token in stock), stock
            return
    pytest.fail("no stock card was turned over in these games")


def test_the_views_carry_everything_the_player_knows() -> None:
    g = dn.setup("danish-bastard", {"hands": [["3C", "4C"], ["9S", "9D"], ["JH"]], "pile": ["KC", "AS"],
                                    "closed": [["QS"], ["QD"], ["QH"]], "burned": ["10H", "7C"]})
    g.play("P1 take")
    data = g.state.view(1).to_dict()
    assert data["known"][0] == ["KC", "AS"] and data["burned"] == ["10H", "7C"]
    rat = dn.new_game("rat-bastard-17", players=2, seed=0)
    while not rat.state.discard:
        rat.play(random.Random(len(rat.history)).choice(rat.legal_moves()))
    data = rat.state.view(0).to_dict()
    assert data["discard"] == [c.code for c in rat.state.discard] and len(data["known"]) == 2
    bastard = dn.new_game("bastard", players=3, seed=1)
    while not bastard.state.tricks:
        bastard.play(bastard.legal_moves()[0])
    trick = bastard.state.tricks[0]
    assert bastard.state.view(2).to_dict()["tricks"] == [
        {"plays": [[p.player, p.card.code] for p in trick.plays], "winner": trick.winner}]


# --------------------------------------------------------------------------- observers

PUBLIC = pyspiel.IIGObservationType(public_info=True, perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE)
PRIVATE = pyspiel.IIGObservationType(public_info=False, perfect_recall=False,
                                     private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER)


@pytest.mark.parametrize("game_id", list(dn.GAMES))
def test_observers_give_what_their_type_asks(game_id: str) -> None:
    """The public observation is a spectator's (no hand, the same for every player); the private
    one is the player's own part only; the default one both."""
    game = load(game_id)
    public, private = make_observation(game, PUBLIC), make_observation(game, PRIVATE)
    state = random_state(game, 3, 30)
    rules = state.rules_state
    spectator = features.observation_string(rules, None)
    assert "hands=[" + ",".join(["-"] * game.num_players()) + "]" in spectator
    for player in range(game.num_players()):
        hand = card_codes(rules.view(player).hands[player])
        assert hand and "".join(code.replace("10", "T") for code in hand) in state.observation_string(player)
        assert state.observation_string(player).isascii()
        assert public.string_from(state, player) == spectator
        mine = json.loads(private.string_from(state, player))
        assert mine["hand"] == hand and "pile" not in mine and "trick" not in mine
        public.set_from(state, player)
        private.set_from(state, player)
        assert np.array_equal(public.tensor, features.observation_tensor(rules, None, seat=player))
        full = state.observation_tensor(player)
        assert len(public.tensor) == len(full) and public.tensor.sum() < sum(full)
        assert private.tensor[:CARD_COUNT].sum() == len(hand)


def test_a_public_information_state_is_the_spectators_and_a_private_part_has_no_recall() -> None:
    game = load("danish-bastard")
    state = random_state(game, 2, 60)
    public = make_observation(game, pyspiel.IIGObservationType(
        public_info=True, perfect_recall=True, private_info=pyspiel.PrivateInfoType.NONE))
    text = public.string_from(state, 1)
    assert text == public.string_from(state, 0) and public.tensor is None
    assert text.splitlines()[-1] == features.observation_string(state.rules_state, None)
    assert len(text.splitlines()[1].split()) == len(state.track.moves)
    for refused in (pyspiel.IIGObservationType(perfect_recall=True, public_info=False,
                                               private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER),
                    pyspiel.IIGObservationType(perfect_recall=True, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS),
                    pyspiel.IIGObservationType(perfect_recall=False, public_info=False,
                                               private_info=pyspiel.PrivateInfoType.NONE)):
        with pytest.raises(dn.DanishNbError, match="danish_nb observes a player"):
            make_observation(game, refused)


def test_the_information_state_tensor_is_the_observation_and_the_record_of_the_moves_seen() -> None:
    """Its shape is in the game; its first part is the observation tensor; its record holds one row
    per move seen (the seat and kind of each set), zeros after; rl_environment reads it."""
    game = load("danish-bastard", "players=3,turn_limit=60")
    assert game.get_type().provides_information_state_tensor
    spec = openspiel.spec_of(game)
    size = features.tensor_size("danish-bastard", 3)
    assert game.information_state_tensor_shape() == [size + spec.record.size]
    state = random_state(game, 1, 25)
    moves = len(state.track.moves)
    tensor = np.array(state.information_state_tensor(1))
    assert np.array_equal(tensor[:size], state.observation_tensor(1))
    rows = tensor[size:].reshape(spec.record.slots, spec.record.width)
    assert rows[:moves, :3].sum() == moves and rows[:moves, 3:3 + len(spec.codec.segments)].sum() == moves
    assert not rows[moves:].any()
    public = make_observation(game, pyspiel.IIGObservationType(
        public_info=True, perfect_recall=True, private_info=pyspiel.PrivateInfoType.NONE))
    assert public.tensor is None
    from open_spiel.python import rl_environment

    env = rl_environment.Environment(game, observation_type=rl_environment.ObservationType.INFORMATION_STATE)
    step = env.reset()
    rng = random.Random(0)
    while not step.last():
        player = step.observations["current_player"]
        assert len(step.observations["info_state"][player]) == size + spec.record.size
        step = env.step([rng.choice(step.observations["legal_actions"][player])])
    assert sum(step.rewards) == pytest.approx(0)


def test_openspiel_writes_a_playthrough_with_public_and_private_observations() -> None:
    from open_spiel.python.algorithms import generate_playthrough

    text = generate_playthrough.playthrough("danish_nb_rat_bastard_17(turn_limit=12)", None, seed=3)
    assert "PublicObservationString() = " in text and "PrivateObservationString(1) = " in text
    assert "InformationStateTensor(0)" in text and "ObservationTensor(0)" in text
    public = [line for line in text.splitlines() if line.startswith('PublicObservationString() = "hands=')]
    assert len(public) > 5 and all('hands=[-,-]' in line for line in public)


@pytest.mark.parametrize("game_id", list(dn.GAMES))
def test_resample_from_infostate_keeps_what_the_player_knows(game_id: str) -> None:
    """OpenSpiel's hook: a world consistent with the player's information state (the same string
    and tensor for them), its hidden cards dealt afresh; seeded by the sampler."""
    game = load(game_id)
    state = random_state(game, 4, 30)
    player = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    worlds = [state.resample_from_infostate(player, sampler) for _ in range(6)]
    for world in worlds:
        assert world.information_state_string(player) == state.information_state_string(player)
        assert world.information_state_tensor(player) == state.information_state_tensor(player)
        assert world.legal_actions() == state.legal_actions()
    hidden = {str(world.rules_state.view(None).to_dict()) + str([world.rules_state.view(p).to_dict()
                                                                   for p in range(game.num_players())])
              for world in worlds}
    assert len(hidden) > 1  # some other player's cards differ between worlds
    with pytest.raises(dn.DanishNbError, match="before the deal"):
        game.new_initial_state().resample_from_infostate(0, sampler)


@pytest.mark.parametrize("game_id", list(dn.GAMES))
def test_the_all_players_observer_shows_every_hand_and_no_hidden_card(game_id: str) -> None:
    game = load(game_id)
    everyone = make_observation(game, pyspiel.IIGObservationType(
        perfect_recall=False, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS))
    state = random_state(game, 2, 20)
    rules = state.rules_state
    everyone.set_from(state, 1)
    size = features.tensor_size(game_id, game.num_players())
    assert np.array_equal(everyone.tensor[:size], features.observation_tensor(rules, None, seat=1))
    private = len(features.private_tensor(rules, 0))
    for k in range(game.num_players()):
        seat = (1 + k) % game.num_players()
        part = everyone.tensor[size + k * private:size + (k + 1) * private]
        assert np.array_equal(part, features.private_tensor(rules, seat))
    text = everyone.string_from(state, 1)
    assert text.isascii() and len(text.splitlines()) == 1 + game.num_players()
    assert text.splitlines()[0] == features.observation_string(rules, None)


def test_the_ismcts_bot_plays_through_evaluate_bots() -> None:
    from open_spiel.python.algorithms import evaluate_bots

    from danish_nb.bridges.bots import ISMCTSBot

    game = load("danish-bastard", "players=3,turn_limit=40")
    bots = [ISMCTSBot(game, max_simulations=4, seed=seat) for seat in range(3)]
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(0))
    assert len(returns) == 3 and sum(returns) == pytest.approx(0)
    histories = []
    for _ in range(2):  # the same seeds play the same game: the worlds come from the bots' own generators
        bots = [ISMCTSBot(game, max_simulations=4, seed=seat) for seat in range(3)]
        state = random_state(game, 1, 0)
        while not state.is_terminal():
            state.apply_action(bots[state.current_player()].step(state))
        histories.append(state.history())
    assert histories[0] == histories[1]


@pytest.mark.parametrize("game_id, params", [("danish-bastard", "players=2,turn_limit=30"),
                                             ("le-danish", "players=2,turn_limit=30"),
                                             ("rat-bastard-17", "turn_limit=30")])
def test_outcome_sampling_mccfr_runs_on_the_short_variants_without_overflow(game_id: str, params: str) -> None:
    """A short turn limit keeps a game to a few dozen moves: OpenSpiel's outcome-sampling MCCFR
    neither recurses too deep nor underflows its sampling probability (every regret and average
    policy entry finite), and its average policy is a distribution at every information state."""
    from open_spiel.python.algorithms import outcome_sampling_mccfr

    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(load(game_id, params))
    for _ in range(40):
        solver.iteration()
    table = solver._infostates
    assert len(table) > 100
    assert all(np.isfinite(regrets).all() and np.isfinite(average).all() for regrets, average in table.values())
    state = random_state(load(game_id, params), 5, 12)
    policy = solver.average_policy().action_probabilities(state)
    assert sum(policy.values()) == pytest.approx(1) and set(policy) == set(state.legal_actions())

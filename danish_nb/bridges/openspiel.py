"""The five games as OpenSpiel Python games (needs the ``rl`` extra: ``pip install 'danish-nb[rl]'``).

Importing this module registers ``danish_nb_danish_bastard``, ``danish_nb_le_danish``,
``danish_nb_rat_bastard_17``, ``danish_nb_bastard`` and ``danish_nb_sjavs`` with
``pyspiel.register_game``; ``pyspiel.load_game("danish_nb_sjavs(players=3)")`` then works, with
``players`` and every rule option of the game (:class:`danish_nb.core.GameInfo`) as parameters.

- Sequential, imperfect information, zero-sum, terminal rewards (:func:`.features.returns`:
  first place +1, last -1, draws 0).
- Chance is an explicit player: the game opens with four chance nodes of 256 outcomes each,
  the four bytes of the 32-bit seed the deal is shuffled with (``dn.new_game(id, players,
  seed)``). Every later card (a stock draw, a re-deal of a match) follows from that seed, as in
  our own games, hidden from the players until their views show it.
- Actions: :mod:`.actions` (one fixed number per move; ``action_to_string`` writes the move).
- Observations (:class:`DanishNbObserver`, :mod:`.features`): the player's view as one line of
  ASCII (:func:`.features.compact_view`) and as a tensor; the information state (perfect recall)
  is the player's first view, every move as they saw it (its action number, or its text where
  they do not see all of it, and every card it showed them: :func:`.features.move_token`) and
  their view now, as text; as a tensor, the observation tensor and the record of every move seen
  (:class:`.features.Record`, one row per move up to the game's longest play: use a short
  ``turn_limit`` or ``max_deals`` for a small tensor). ``make_observation`` also gives the public
  information alone (with or without perfect recall) and one player's private information alone,
  and refuses what it cannot give (every player's private information).

>>> import pyspiel
>>> from danish_nb.bridges import openspiel
>>> game = pyspiel.load_game("danish_nb_bastard")
>>> state = game.new_initial_state()
>>> for byte in (0, 0, 0, 7):
...     state.apply_action(byte)
>>> state.current_player(), state.action_to_string(state.legal_actions()[0])
(0, 'P1 trump clubs')
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

import numpy as np
import pyspiel

import danish_nb as dn

from ..core import DanishNbError
from . import features
from .actions import Codec, codec_for


def game_name(game_id: str) -> str:
    """The OpenSpiel name of one of our games.

    >>> game_name("rat-bastard-17")
    'danish_nb_rat_bastard_17'
    """
    return "danish_nb_" + game_id.replace("-", "_")


#: OpenSpiel name -> our game id, for every game registered with OpenSpiel (:func:`register_game`).
GAME_IDS: dict[str, str] = {}


@dataclass(frozen=True)
class GameSpec:
    """What a state needs of its game: our game id, seats, options and action space."""

    game_id: str
    players: int
    options: Any
    codec: Codec
    #: the layout of the information-state record (:class:`.features.Record`), one row per move
    record: features.Record

    @classmethod
    def make(cls, game_id: str, params: dict[str, Any]) -> GameSpec:
        """From OpenSpiel parameters (missing ones take their defaults); checked by our rules."""
        params = {**_parameters(game_id), **params}
        players = int(params["players"])
        given = {o.name: params[o.name] for o in dn.GAMES[game_id].info.options}
        options = dn.new_game(game_id, players, 0, given).options
        codec = codec_for(game_id, players, options)
        slots = features.max_length(game_id, players, options) - features.SEED_DIGITS
        return cls(game_id, players, options, codec, features.Record(codec, players, slots))


@cache
def _spec(short_name: str, params: tuple) -> GameSpec:
    return GameSpec.make(GAME_IDS[short_name], dict(params))


def spec_of(game: pyspiel.Game) -> GameSpec:
    """The spec of a loaded game, from its name and parameters only (OpenSpiel may hand a state
    a game object without the Python attributes of the one it was made from)."""
    return _spec(game.get_type().short_name, tuple(sorted(game.get_parameters().items())))


class _Track:
    """The Python side of a state: the seed bytes drawn, the deal, the moves played with their
    events and the engine state after each, the worlds sampled into it (:meth:`DanishNbState.resample`),
    the current engine state. Copied shallowly when OpenSpiel clones a state (engine states and
    events are immutable); pickled (OpenSpiel's serialisation) without what follows from the
    rest: the events and states after each move are replayed when first needed."""

    __slots__ = ("game", "digits", "first", "moves", "worlds", "events", "after", "state", "_legal", "_played",
                 "_lines", "_first")
    #: What pickles.
    SAVED = ("game", "digits", "first", "moves", "worlds", "state")

    def __init__(self, game: GameSpec) -> None:
        self.game = game
        self.digits: list[int] = []
        self.first: Any = None
        self.moves: list[Any] = []
        #: (moves played then, the world) for every world sampled into this track
        self.worlds: tuple[tuple[int, Any], ...] = ()
        self.events: list[tuple] | None = []
        self.after: list[Any] | None = []
        self.state: Any = None
        self._legal: dict[int, Any] | None = None
        self._played: list[str] = []
        self._lines: dict[int | None, tuple[list[str], list, list]] = {}
        self._first: dict[int | None, str] = {}

    def __getstate__(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in self.SAVED}

    def __setstate__(self, saved: dict[str, Any]) -> None:
        self.__init__(saved["game"])
        for name, value in saved.items():
            setattr(self, name, value)
        self.events = self.after = None

    def __deepcopy__(self, memo: dict) -> _Track:
        other = _Track(self.game)
        other.digits, other.first, other.state, other.worlds = list(self.digits), self.first, self.state, self.worlds
        other.moves = list(self.moves)
        other.events, other.after = (None, None) if self.events is None else (list(self.events), list(self.after))
        other._legal, other._played = self._legal, list(self._played)
        other._lines = {viewer: (list(lines), list(last), list(rows))
                        for viewer, (lines, last, rows) in self._lines.items()}
        other._first = dict(self._first)
        return other

    def play(self, move: Any) -> None:
        """Apply ``move`` to the engine state, keeping it, and its events and the state after."""
        self.state, events = self.state.apply(move)
        self.moves.append(move)
        if self.events is not None:
            self.events.append(events)
            self.after.append(self.state)
        self._legal = None

    def sample(self, world: Any) -> None:
        """Play on from ``world`` (a world sampled from a player's view) instead of the state."""
        self.worlds += ((len(self.moves), world),)
        self.state, self._legal = world, None

    def replayed(self) -> tuple[list[tuple], list[Any]]:
        """The events of every move and the state after it, replayed from the deal (and from the
        worlds sampled since) if they were not kept."""
        if self.events is None:
            worlds, state = dict(self.worlds), self.first
            self.events, self.after = [], []
            for index, move in enumerate(self.moves):
                state, events = worlds.get(index, state).apply(move)
                self.events.append(events)
                self.after.append(state)
        return self.events, self.after

    def played(self) -> list[str]:
        """The moves as played (``str(move)``), written once each."""
        self._played.extend(str(move) for move in self.moves[len(self._played):])
        return self._played

    def first_text(self, viewer: int | None) -> str:
        """The deal as ``viewer`` saw it (:func:`.features.compact_view`), written once."""
        text = self._first.get(viewer)
        if text is None:
            text = self._first[viewer] = features.compact_view(self.first.view(viewer))
        return text

    def lines(self, viewer: int | None) -> list[str]:
        """Every move as ``viewer`` saw it (``None``: a spectator), written once each
        (:func:`.features.move_token`): its action number, or its text where they do not see all
        of it, and the cards it showed them."""
        return self._seen(viewer)[0]

    def rows(self, viewer: int) -> list[list[tuple[int, float]]]:
        """Every move as ``viewer`` saw it, as rows of the information-state record (:class:`.features.Record`)."""
        return self._seen(viewer)[2]

    def _seen(self, viewer: int | None) -> tuple[list[str], list, list]:
        cached = self._lines.get(viewer)
        if cached is None:
            cached = self._lines[viewer] = ([], [features.shown_cards(self.first.view(viewer))], [])
        lines, last, rows = cached
        if len(lines) < len(self.moves):
            _, after = self.replayed()
            codec, record = self.game.codec, self.game.record
            for index in range(len(lines), len(self.moves)):
                move, now = self.moves[index], features.shown_cards(after[index].view(viewer))
                number, shown = codec.encode(move), features.newly_shown(last[0], now)
                lines.append(features.move_token(move, number, viewer, shown))
                rows.append(record.row(move, number, viewer or 0, move.text_for(viewer) == str(move), shown))
                last[0] = now
        return cached

    def legal(self, codec: Codec) -> dict[int, Any]:
        """Action number -> move, for the current engine state (cached)."""
        if self._legal is None:
            self._legal = {codec.encode(move): move for move in self.state.legal_moves()}
        return self._legal


class DanishNbState(pyspiel.State):
    """One of our game states, seen through OpenSpiel."""

    def __init__(self, game: DanishNbGame):
        super().__init__(game)
        self.track = _Track(spec_of(game))

    @property
    def rules_state(self) -> Any:
        """The engine state (``None`` before the deal)."""
        return self.track.state

    def current_player(self) -> int:
        state = self.track.state
        if state is None:
            return pyspiel.PlayerId.CHANCE
        if state.is_over:
            return pyspiel.PlayerId.TERMINAL
        return state.current_player

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self.track.legal(self.track.game.codec))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(byte, 1 / features.SEED_BASE) for byte in range(features.SEED_BASE)]

    def _apply_action(self, action: int) -> None:
        track, game = self.track, self.track.game
        if track.state is None:
            track.digits.append(action)
            if len(track.digits) == features.SEED_DIGITS:
                seed = features.seed_of(track.digits)
                track.first = track.state = dn.new_game(game.game_id, game.players, seed, game.options).state
            return
        move = track.legal(game.codec).get(action)
        if move is None:
            raise DanishNbError(f"action {action} is not legal here: {game.codec.describe(action)}")
        track.play(move)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed byte {action}"
        return f"P{player + 1} {self.track.game.codec.describe(action)}"

    def is_terminal(self) -> bool:
        return self.track.state is not None and self.track.state.is_over

    def returns(self) -> list[float]:
        state = self.track.state
        return features.returns(state.result if state is not None else None, self.track.game.players)

    def record(self) -> dict[str, Any]:
        """Our game record of the play so far (seed and moves): ``dn.load_record`` replays it.
        Raises :class:`DanishNbError` before the deal."""
        track, spec = self.track, self.track.game
        if track.state is None:
            raise DanishNbError("no record before the deal: the chance nodes have not drawn the seed yet")
        game = dn.new_game(spec.game_id, spec.players, features.seed_of(track.digits), spec.options)
        for move in track.moves:
            game.play(move)
        return game.to_record()

    def resample(self, player: int, rng: random.Random) -> DanishNbState:
        """A copy of this state whose hidden cards are dealt afresh, consistently with what
        ``player`` knows (``None``: a spectator; ``view.sample_world``): for information-set search. Its history (and
        so its serialisation and :meth:`record`) stays this state's."""
        clone = self.clone()
        clone.track.sample(self.track.state.view(player).sample_world(rng))
        return clone

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> DanishNbState:
        """OpenSpiel's hook (its ISMCTS calls it): :meth:`resample` for ``player_id``, the world
        drawn with a generator seeded from one draw of ``probability_sampler`` (a number in [0, 1))."""
        if self.track.state is None:
            raise DanishNbError("no world to resample before the deal: the chance nodes have not drawn the seed yet")
        return self.resample(player_id, random.Random(int(probability_sampler() * 2 ** 53)))

    def __str__(self) -> str:
        if self.track.state is None:
            return f"dealing: {len(self.track.digits)} of {features.SEED_DIGITS} seed bytes drawn"
        return "\n".join([f"seed {features.seed_of(self.track.digits)}", *self.track.played()])


#: What an observer shows (see :class:`DanishNbObserver`).
OBSERVED = ("player", "public", "private", "all")


def observed(iig_obs_type: Any) -> tuple[str, bool]:
    """What an ``IIGObservationType`` asks for, as one of :data:`OBSERVED` and whether with perfect
    recall (``None``: a player's observation, OpenSpiel's default). Raises :class:`DanishNbError`
    for what our observers cannot give: nothing at all, or private parts with perfect recall.

    >>> observed(pyspiel.IIGObservationType(perfect_recall=True))
    ('player', True)
    >>> observed(pyspiel.IIGObservationType(public_info=True, perfect_recall=False,
    ...                                     private_info=pyspiel.PrivateInfoType.NONE))
    ('public', False)
    """
    if iig_obs_type is None:
        return "player", False
    private, public, recall = iig_obs_type.private_info, iig_obs_type.public_info, iig_obs_type.perfect_recall
    kind = {(True, pyspiel.PrivateInfoType.SINGLE_PLAYER): "player", (True, pyspiel.PrivateInfoType.NONE): "public",
            (False, pyspiel.PrivateInfoType.SINGLE_PLAYER): "private",
            (True, pyspiel.PrivateInfoType.ALL_PLAYERS): "all"}.get((public, private))
    if kind is None or (kind in ("private", "all") and recall):
        raise DanishNbError(
            f"danish_nb observes a player (public and their private information), the public information, "
            f"one player's private information or everyone's (the last two without perfect recall), not "
            f"public_info={public}, "
            f"private_info={private.name}, perfect_recall={recall}")
    return kind, recall


class DanishNbObserver:
    """OpenSpiel's observer of one player, as its ``IIGObservationType`` asks (:func:`observed`):

    - a player's observation (the default): their view as text and tensor
      (:func:`.features.observation_text`, :func:`.features.observation_tensor`);
    - the public information only: a spectator's view as text and tensor (the tensor's hand part
      empty, seats counted from the player);
    - one player's private information only: :func:`.features.private_text` and the ``private`` tensor;
    - every player's private information with the public one (``ALL_PLAYERS``, for privileged
      critics): :func:`.features.all_players_string` and the ``all`` tensor
      (:func:`.features.all_players_tensor`);
    - with perfect recall (a player's, or the public one): the first view, every move as it was
      seen (:func:`.features.move_token`) and the view now, as text; a player's also as a tensor,
      their observation tensor then the record of the moves they saw (:class:`.features.Record`;
      ``dict`` holds both parts); the public one has no tensor (``tensor`` is ``None``).
    """

    def __init__(self, game: GameSpec, iig_obs_type: Any, params: Any):
        if params:
            raise DanishNbError(f"observation parameters are not supported, got {params}")
        self.kind, self.perfect_recall = observed(iig_obs_type)
        self.record = game.record
        self.dict: dict[str, np.ndarray] = {}
        self.tensor: np.ndarray | None = None
        sizes = _tensor_sizes(game.game_id, game.players)
        if not self.perfect_recall:
            name = "observation" if self.kind == "player" else self.kind
            self.tensor = np.zeros(sizes[name], np.float32)
            self.dict[name] = self.tensor
        elif self.kind == "player":
            self.tensor = np.zeros(sizes["observation"] + self.record.size, np.float32)
            self.dict["observation"] = self.tensor[:sizes["observation"]]
            self.dict["record"] = self.tensor[sizes["observation"]:]

    def set_from(self, state: DanishNbState, player: int) -> None:
        if self.tensor is None:
            raise DanishNbError("the public information with perfect recall has no tensor here: read its string, "
                                "or a player's information-state tensor")
        rules = state.track.state
        if rules is None:
            self.tensor.fill(0)
        elif self.perfect_recall:
            self.tensor.fill(0)
            self.dict["observation"][:] = features.observation_tensor(rules, player)
            self.record.write(state.track.rows(player), self.dict["record"])
        elif self.kind == "private":
            self.tensor[:] = features.private_tensor(rules, player)
        elif self.kind == "all":
            self.tensor[:] = features.all_players_tensor(rules, player)
        else:
            self.tensor[:] = features.observation_tensor(rules, None if self.kind == "public" else player, seat=player)

    def string_from(self, state: DanishNbState, player: int) -> str:
        track = state.track
        if track.state is None:
            dealing = f"dealing ({len(track.digits)} of {features.SEED_DIGITS} seed bytes drawn)"
            return dealing if self.kind == "public" else f"P{player + 1}: {dealing}"
        if self.kind == "private":
            return features.private_text(track.state, player)
        if self.kind == "all":
            return features.all_players_string(track.state, player)
        viewer = None if self.kind == "public" else player
        now = features.observation_string(track.state, viewer)
        if not self.perfect_recall:
            return now
        return features.info_state_text(track.first_text(viewer), track.lines(viewer), now)


@cache
def _tensor_sizes(game_id: str, players: int) -> dict[str, int]:
    """The lengths of the tensors of ``game_id`` with ``players`` players (see :class:`DanishNbObserver`)."""
    state = dn.new_game(game_id, players=players, seed=0).state
    size = features.tensor_size(game_id, players)
    private = len(features.private_tensor(state, 0))
    return {"observation": size, "public": size, "private": private, "all": size + players * private}


class DanishNbGame(pyspiel.Game):
    """One of our games as an OpenSpiel game (a subclass per game sets ``game_id``)."""

    game_id = ""

    def __init__(self, params: dict | None = None):
        spec = GameSpec.make(self.game_id, params or {})
        self.players, self.options, self.codec = spec.players, spec.options, spec.codec
        game_info = pyspiel.GameInfo(
            num_distinct_actions=spec.codec.size, max_chance_outcomes=features.SEED_BASE,
            num_players=spec.players, min_utility=-1.0, max_utility=1.0, utility_sum=0.0,
            max_game_length=features.max_length(self.game_id, spec.players, spec.options))
        super().__init__(_game_type(self.game_id), game_info, {**_parameters(self.game_id), **(params or {})})

    def new_initial_state(self) -> DanishNbState:
        return DanishNbState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> DanishNbObserver:
        return DanishNbObserver(spec_of(self), iig_obs_type, params)


def _parameters(game_id: str) -> dict[str, Any]:
    info = dn.GAMES[game_id].info
    return {"players": info.default_players, **{o.name: o.default for o in info.options}}


def _game_type(game_id: str) -> pyspiel.GameType:
    info = dn.GAMES[game_id].info
    return pyspiel.GameType(
        short_name=game_name(game_id), long_name=f"{info.title} (danish_nb)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM, reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=info.max_players, min_num_players=info.min_players,
        provides_information_state_string=True, provides_information_state_tensor=True,
        provides_observation_string=True, provides_observation_tensor=True,
        parameter_specification=_parameters(game_id))


def resampler(seed: int | None = None) -> Callable[[DanishNbState, int], DanishNbState]:
    """A resampler for ``open_spiel.python.algorithms.ismcts.ISMCTSBot.set_resampler``: called
    with a state and a player, it returns a world consistent with what that player knows
    (:meth:`DanishNbState.resample`), drawn from its own generator seeded with ``seed``."""
    rng = random.Random(seed)

    def resample(state: DanishNbState, player: int) -> DanishNbState:
        return state.resample(player, rng)

    return resample


GAME_CLASSES: dict[str, type[DanishNbGame]] = {}


def register_game(game_id: str) -> type[DanishNbGame]:
    """Register our game ``game_id`` with OpenSpiel as ``danish_nb_<id>`` (every game in
    ``dn.GAMES`` is registered when this module is imported; a game registered later calls this)."""
    name = f"{game_id.title().replace('-', '')}Game"
    # a module attribute, so that pickle (OpenSpiel's serialisation) finds the class by name
    GAME_CLASSES[game_id] = globals()[name] = type(name, (DanishNbGame,), {"game_id": game_id})
    GAME_IDS[game_name(game_id)] = game_id
    if game_name(game_id) not in pyspiel.registered_names():
        pyspiel.register_game(_game_type(game_id), GAME_CLASSES[game_id])
    return GAME_CLASSES[game_id]


for _game_id in dn.GAMES:
    register_game(_game_id)

"""The five games as PettingZoo AEC environments (needs the ``rl`` extra: ``pip install 'danish-nb[rl]'``).

``env("sjavs", players=3)`` (or :func:`raw_env`) is an ``AECEnv`` whose agents are
``player_1`` ... ``player_n`` in seat order; the agent to act is the game's current player.

- Actions: one ``Discrete`` space per game (:mod:`.actions`); each observation carries the
  ``action_mask`` of the acting agent's legal moves (all zero for the others).
- Observations: ``{"observation": the agent's view as a float32 vector, "action_mask": ...}``
  (:func:`.features.observation_tensor`), or with ``observation_type="information_state"`` the
  agent's perfect-recall information-state tensor (their view, then the record of every move they
  saw: :class:`.features.Record`, as OpenSpiel's ``information_state_tensor``); ``env.view_text(agent)``
  is the view as JSON text. ``state()`` (``state_space``) is everything on the table, every hand
  included, for privileged critics (:func:`.features.all_players_tensor`).
- Rewards: 0 until the end, then the zero-sum result (:func:`.features.returns`: first +1,
  last -1, draws 0); every agent is terminated at the end (a turn limit ends our games as a
  draw, so nothing is truncated).
- ``reset(seed=s)`` deals a game seeded from ``s``: the same seed deals the same cards.
- Rendering: ``render_mode="ansi"``: ``render()`` returns every seat's view as JSON text;
  ``render_mode="human"``: the game is printed as it goes, a spectator's view at the deal, then
  every move with what it caused, as a spectator reads them (``render()`` prints what is new).

>>> from danish_nb.bridges.pettingzoo import env
>>> e = env("bastard", players=3)
>>> e.reset(seed=1)
>>> e.agent_selection, int(e.observe("player_1")["action_mask"].sum())
('player_1', 5)
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv

import danish_nb as dn

from ..core import DanishNbError, get_game
from . import features
from .actions import codec_for

#: What an agent observes: its view (``observation``) or its information state (``information_state``).
OBSERVATION_TYPES = ("observation", "information_state")


class DanishNbEnv(AECEnv):
    """One of our games (``game_id``) as a PettingZoo AEC environment."""

    metadata = {"render_modes": ["ansi", "human"], "name": "danish_nb_v0", "is_parallelizable": False}

    def __init__(self, game_id: str, players: int | None = None, options: dict[str, Any] | None = None,
                 render_mode: str | None = None, observation_type: str = "observation"):
        super().__init__()
        info = get_game(game_id).info
        self.game_id = game_id
        self.players = info.default_players if players is None else players
        # checks the player count and the options, and fixes the action and observation sizes
        self.options = dn.new_game(game_id, self.players, 0, options).options
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise DanishNbError(f"render_mode is None, 'ansi' or 'human', not {render_mode!r}")
        self.render_mode = render_mode
        if observation_type not in OBSERVATION_TYPES:
            raise DanishNbError(f"observation_type is one of {', '.join(OBSERVATION_TYPES)}, not {observation_type!r}")
        self.observation_type = observation_type
        self._printed: list[str] = []  # what render_mode="human" has yet to print
        self.metadata = {**self.metadata, "name": f"danish_nb_{game_id.replace('-', '_')}_v0"}
        self.codec = codec_for(game_id, self.players, self.options)
        self.possible_agents = [f"player_{seat + 1}" for seat in range(self.players)]
        self.record = features.Record(self.codec, self.players,
                                      features.max_length(game_id, self.players, self.options) - features.SEED_DIGITS)
        state = dn.new_game(game_id, self.players, 0, self.options).state
        self.state_space = spaces.Box(-np.inf, np.inf, (len(features.all_players_tensor(state, 0)),), np.float32)
        size = features.tensor_size(game_id, self.players)
        if observation_type == "information_state":
            size += self.record.size
        self._observation_spaces = {agent: spaces.Dict({
            "observation": spaces.Box(-np.inf, np.inf, (size,), np.float32),
            "action_mask": spaces.Box(0, 1, (self.codec.size,), np.int8)}) for agent in self.possible_agents}
        self._action_spaces = {agent: spaces.Discrete(self.codec.size) for agent in self.possible_agents}
        self._rng, _ = seeding.np_random(None)
        self.state_: Any = None
        self._legal: dict[int, Any] = {}
        #: per seat, the cards their view shows and the record rows of the moves they saw (information_state)
        self._shown: list[dict] = []
        self._rows: list[list] = []

    def observation_space(self, agent: str) -> spaces.Space:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self._action_spaces[agent]

    def _seat(self, agent: str) -> int:
        return self.possible_agents.index(agent)

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is not None:
            self._rng, _ = seeding.np_random(seed)
        deal = int(self._rng.integers(0, 2 ** 32))
        self.state_ = dn.new_game(self.game_id, self.players, deal, self.options).state
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        if self.observation_type == "information_state":
            self._shown = [features.shown_cards(self.state_.view(seat)) for seat in range(self.players)]
            self._rows = [[] for _ in range(self.players)]
        self._update()
        self._printed = [features.observation_text(self.state_, None)]
        if self.render_mode == "human":
            self.render()

    def _update(self) -> None:
        """Legal moves, infos and the agent to act, from the engine state."""
        state = self.state_
        if state.is_over:
            self._legal = {}
            payoff = features.returns(state.result, self.players)
            self.rewards = {agent: payoff[self._seat(agent)] for agent in self.agents}
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self._legal = {self.codec.encode(move): move for move in state.legal_moves()}
            self.agent_selection = self.possible_agents[state.current_player]
        self.infos = {agent: {} for agent in self.agents}

    def view_text(self, agent: str) -> str:
        """What ``agent`` may know of the game now, as JSON text (:func:`.features.observation_text`)."""
        return features.observation_text(self.state_, self._seat(agent))

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self._seat(agent)
        mask = np.zeros(self.codec.size, np.int8)
        if not self.state_.is_over and seat == self.state_.current_player:
            mask[list(self._legal)] = 1
        observation = features.observation_tensor(self.state_, seat)
        if self.observation_type == "information_state":
            record = np.zeros(self.record.size, np.float32)
            self.record.write(self._rows[seat], record)
            observation = np.concatenate([observation, record])
        return {"observation": observation, "action_mask": mask}

    def state(self) -> np.ndarray:
        """Everything on the table, every hand included (:func:`.features.all_players_tensor`,
        seats from P1): for a privileged critic, never for a policy."""
        return features.all_players_tensor(self.state_, 0)

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        move = self._legal.get(int(action)) if action is not None else None
        if move is None:
            raise DanishNbError(f"{agent} cannot play action {action!r} here (not in its action_mask)")
        self._cumulative_rewards[agent] = 0.0
        self.state_, events = self.state_.apply(move)
        if self.observation_type == "information_state":
            number = self.codec.encode(move)
            for seat in range(self.players):
                now = features.shown_cards(self.state_.view(seat))
                self._rows[seat].append(self.record.row(move, number, seat, move.text_for(seat) == str(move),
                                                        features.newly_shown(self._shown[seat], now)))
                self._shown[seat] = now
        self._printed += [move.text_for(None), *(f"  {event.text_for(None)}" for event in events)]
        self._update()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """``render_mode="ansi"``: every seat's view as text. ``render_mode="human"``: prints what
        happened since the last print (the deal, then each move with its events) and returns ``None``."""
        if self.render_mode == "human":
            if self._printed:
                print("\n".join(self._printed))
            self._printed = []
            return None
        if self.render_mode is None:
            return None
        return "\n".join(features.observation_text(self.state_, seat) for seat in range(self.players))

    def close(self) -> None:
        pass


def raw_env(game_id: str, players: int | None = None, options: dict[str, Any] | None = None,
            render_mode: str | None = None, observation_type: str = "observation") -> DanishNbEnv:
    """The environment without wrappers."""
    return DanishNbEnv(game_id, players, options, render_mode, observation_type)


def env(game_id: str, players: int | None = None, options: dict[str, Any] | None = None,
        render_mode: str | None = None, observation_type: str = "observation") -> AECEnv:
    """The environment in PettingZoo's usual wrappers (order enforcing, action bounds)."""
    from pettingzoo.utils import wrappers

    return wrappers.OrderEnforcingWrapper(wrappers.AssertOutOfBoundsWrapper(
        raw_env(game_id, players, options, render_mode, observation_type)))

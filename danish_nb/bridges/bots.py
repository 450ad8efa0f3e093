"""The strong player (:class:`~danish_nb.agents.search.StrongPlayer`) for game-AI research: an
OpenSpiel bot (:class:`StrongBot`, a ``pyspiel.Bot``) and a PettingZoo policy
(:class:`StrongPolicy`), both needing the ``rl`` extra; and OpenSpiel's Python ISMCTS made
ready for ``evaluate_bots`` (:class:`ISMCTSBot`).

Both decide from the mover's view only (``state.view(player)``: what OpenSpiel's information
state shows them), never from the hidden cards of the state they are handed. Give them
``iterations`` per decision (the same seed and view then give the same choice) or a budget of
``cpu_seconds`` per decision (``time.process_time``, which waiting for a core does not count:
for fair matches against other bots on a busy machine; the choice then depends on the machine).

>>> import pyspiel
>>> from danish_nb.bridges import openspiel
>>> game = pyspiel.load_game("danish_nb_bastard")
>>> state = game.new_initial_state()
>>> for byte in (0, 0, 0, 7):
...     state.apply_action(byte)
>>> bot = StrongBot(game, seed=1, iterations=20)
>>> action = bot.step(state)
>>> action in state.legal_actions(), state.action_to_string(action)
(True, 'P1 trump hearts')
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from ..agents.search import AUCTION_TRIES, SearchResult, search_view
from ..core import DanishNbError
from . import openspiel


class _Search:
    """The strong player's settings, and its search of one view."""

    def __init__(self, game_id: str, seed: int, iterations: int | None, cpu_seconds: float | None,
                 options: dict[str, Any]):
        self.game_id, self.seed, self.iterations, self.cpu_seconds = game_id, seed, iterations, cpu_seconds
        self.options = {"auction_tries": AUCTION_TRIES, **options}
        self.last: SearchResult | None = None

    def move(self, view: Any) -> Any:
        self.last = search_view(view, self.game_id, seed=self.seed, iterations=self.iterations,
                                cpu_seconds=self.cpu_seconds, **self.options)
        return self.last.move


class StrongBot(pyspiel.Bot):
    """The strong player as an OpenSpiel bot for one of our games (``game``, loaded through
    :mod:`.openspiel`): ``step(state)`` searches the view of the player to move and returns
    its action. ``options`` go to :func:`~danish_nb.agents.search.search_view` (``method``,
    ``horizon``, ...). It keeps nothing between decisions (``restart_at`` and ``inform_action``
    do nothing); ``last`` is the last search's :class:`~danish_nb.agents.search.SearchResult`."""

    def __init__(self, game: pyspiel.Game, seed: int = 0, iterations: int | None = None,
                 cpu_seconds: float | None = None, **options: Any):
        pyspiel.Bot.__init__(self)
        self.spec = openspiel.spec_of(game)
        self._search = _Search(self.spec.game_id, seed, iterations, cpu_seconds, options)

    @property
    def last(self) -> SearchResult | None:
        return self._search.last

    def step(self, state: pyspiel.State) -> int:
        rules = state.rules_state
        if rules is None or state.is_terminal():
            raise DanishNbError("the strong bot plays for a player, not at a chance node or the end of the game")
        move = self._search.move(rules.view(rules.current_player))
        return self.spec.codec.encode(move)

    def restart_at(self, state: pyspiel.State) -> None:
        pass

    def inform_action(self, state: pyspiel.State, player: int, action: int) -> None:
        pass

    def provides_policy(self) -> bool:
        return False


class StrongPolicy:
    """The strong player as a PettingZoo policy for an environment of :mod:`.pettingzoo`:
    ``policy(observation, agent)`` returns the agent's action, searched from the agent's view of
    the environment's game (``observation`` is not read: the view holds more than the tensor).

    >>> from danish_nb.bridges.pettingzoo import env
    >>> e = env("rat-bastard-17")
    >>> e.reset(seed=2)
    >>> policy = StrongPolicy(e, seed=1, iterations=10)
    >>> agent = e.agent_selection
    >>> observation = e.observe(agent)
    >>> bool(observation["action_mask"][policy(observation, agent)])
    True
    """

    def __init__(self, env: Any, seed: int = 0, iterations: int | None = None, cpu_seconds: float | None = None,
                 **options: Any):
        self.env = env.unwrapped
        self._search = _Search(self.env.game_id, seed, iterations, cpu_seconds, options)

    @property
    def last(self) -> SearchResult | None:
        return self._search.last

    def __call__(self, observation: Any, agent: str) -> int:
        state, seat = self.env.state_, self.env.possible_agents.index(agent)
        if state is None or state.is_over or state.current_player != seat:
            raise DanishNbError(f"it is not {agent}'s turn: the strong policy plays for the agent to act")
        return self.env.codec.encode(self._search.move(state.view(seat)))


class ISMCTSBot(ismcts.ISMCTSBot):
    """OpenSpiel's Python ISMCTS (``open_spiel.python.algorithms.ismcts.ISMCTSBot``) as
    ``evaluate_bots`` needs it: OpenSpiel's class lacks ``restart_at`` and ``inform_action``
    (it keeps no tree between decisions, so both do nothing). Worlds come from the state's
    ``resample_from_infostate`` (:meth:`.openspiel.DanishNbState.resample`), drawn with the bot's
    generator; by default UCT with c = 2 and one random rollout per simulation, ``seed`` for all:
    the same seed plays the same game.

    >>> import pyspiel
    >>> from open_spiel.python.algorithms import evaluate_bots
    >>> from danish_nb.bridges import openspiel
    >>> game = pyspiel.load_game("danish_nb_rat_bastard_17(turn_limit=20)")
    >>> bots = [ISMCTSBot(game, max_simulations=5, seed=s) for s in range(2)]
    >>> returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(1))
    >>> len(returns), sum(returns)
    (2, 0.0)
    """

    def __init__(self, game: pyspiel.Game, max_simulations: int = 100, uct_c: float = 2.0, seed: int = 0,
                 evaluator: Any = None, **options: Any):
        rng = np.random.RandomState(seed)
        evaluator = evaluator or mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
        super().__init__(game, evaluator, uct_c, max_simulations, random_state=rng, **options)

    def resample_from_infostate(self, state: pyspiel.State) -> pyspiel.State:
        """A world for the mover (the state's ``resample_from_infostate``), drawn from this bot's own
        generator, so that the same seed plays the same game (OpenSpiel's default sampler is unseeded)."""
        if self._resampler_cb:
            return self._resampler_cb(state, state.current_player())
        return state.resample_from_infostate(state.current_player(), self.random_number)

    def restart_at(self, state: pyspiel.State) -> None:
        pass

    def inform_action(self, state: pyspiel.State, player: int, action: int) -> None:
        pass

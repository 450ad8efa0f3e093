"""Bridge benchmark: random-play steps per second through OpenSpiel and PettingZoo against our own API.

Run ``python -m benchmarks.bridges`` (needs the ``rl`` extra). For each game, rounds interleave
the ways of playing random legal moves, each for the same number of steps (new games are dealt
as games end), single process; figures are medians over rounds, and each bridge's ratio is its
rate over our own API's:

- ``ours``: ``state.apply(choice(state.legal_moves()))``;
- ``ours+tensor``: the same, plus the acting player's observation tensor (what an RL loop reads);
- ``openspiel``: ``state.apply_action(choice(state.legal_actions()))`` on a ``pyspiel`` state
  (the deal's four chance nodes count as steps);
- ``openspiel+tensor``: the same, plus ``state.observation_tensor(player)``;
- ``openspiel+infostate``: the same, plus ``state.information_state_string(player)`` (what
  OpenSpiel's ISMCTS reads at every node: perfect recall, so it grows with the game);
- ``pettingzoo``: the AEC loop, ``env.last()`` (observation and action mask) then ``env.step``.

``--strings`` measures the information-state strings instead (:func:`strings`).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

import numpy as np
import pyspiel

import danish_nb as dn
from danish_nb.bridges import features, openspiel
from danish_nb.bridges.pettingzoo import raw_env

from .report import print_rows

PLAYERS = {"danish-bastard": 3, "le-danish": 3, "rat-bastard-17": 2, "bastard": 3, "sjavs": 4}


def ours(game_id: str, players: int, steps: int, seed: int, tensor: bool = False) -> None:
    rng, deal = random.Random(seed), seed
    state = dn.new_game(game_id, players=players, seed=deal).state
    for _ in range(steps):
        if state.is_over:
            deal += 1
            state = dn.new_game(game_id, players=players, seed=deal).state
        if tensor:
            features.observation_tensor(state, state.current_player)
        state, _ = state.apply(rng.choice(state.legal_moves()))


def through_openspiel(game_id: str, players: int, steps: int, seed: int, tensor: bool = False,
                      infostate: bool = False) -> None:
    rng = random.Random(seed)
    game = pyspiel.load_game(f"{openspiel.game_name(game_id)}(players={players})")
    state = game.new_initial_state()
    for _ in range(steps):
        if state.is_terminal():
            state = game.new_initial_state()
        if state.is_chance_node():
            state.apply_action(rng.randrange(features.SEED_BASE))
            continue
        if tensor:
            state.observation_tensor(state.current_player())
        if infostate:
            state.information_state_string(state.current_player())
        state.apply_action(rng.choice(state.legal_actions()))


def through_pettingzoo(game_id: str, players: int, steps: int, seed: int) -> None:
    rng = random.Random(seed)
    env = raw_env(game_id, players)
    env.reset(seed=seed)
    for _ in range(steps):
        if not env.agents:
            env.reset()
        observation, _, termination, truncation, _ = env.last()
        if termination or truncation:
            env.step(None)
        else:
            env.step(rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))


WAYS: dict[str, Callable[..., None]] = {
    "ours": ours,
    "ours+tensor": lambda *args: ours(*args, tensor=True),
    "openspiel": through_openspiel,
    "openspiel+tensor": lambda *args: through_openspiel(*args, tensor=True),
    "openspiel+infostate": lambda *args: through_openspiel(*args, infostate=True),
    "pettingzoo": through_pettingzoo,
}


def measure(game_id: str, players: int, steps: int, rounds: int) -> dict[str, float]:
    """Median steps per second of each way, the ways interleaved round by round."""
    rates: dict[str, list[float]] = {name: [] for name in WAYS}
    for r in range(rounds):
        for name, way in WAYS.items():
            start = time.perf_counter()
            way(game_id, players, steps, r)
            rates[name].append(steps / (time.perf_counter() - start))
    return {name: statistics.median(values) for name, values in rates.items()}


def string_states(game_id: str, games: int, every: int) -> list[pyspiel.State]:
    """States of ``games`` random games (seeds 0, 1, ...), every ``every``-th move, players to act."""
    game = pyspiel.load_game(f"{openspiel.game_name(game_id)}(players={PLAYERS[game_id]})")
    out = []
    for seed in range(games):
        rng, state = random.Random(seed), game.new_initial_state()
        while not state.is_terminal():
            if len(state.history()) % every == 0 and not state.is_chance_node():
                out.append(state.clone())
            state.apply_action(rng.choice(state.legal_actions()))
    return out


def strings(games: int, every: int, calls: int | None, only: list[str] | None) -> None:
    """``--strings``: information-state strings, characters and cost per call, per game. Random games
    (seeded) are played through OpenSpiel; at every ``every``-th move the acting player's
    ``information_state_string`` is read: average characters, the most within 200 moves (Danish
    Bastard's target: under 2,000), microseconds per call on a warm state (the call after the
    previous one) and on a state just deserialised (``cold``: ``pyspiel.deserialize_game_and_state``,
    what a worker process starts from). ``calls``: only make that many cold calls, for
    ``valgrind --tool=callgrind`` (subtract a run with 0)."""
    rows = []
    for game_id in only or list(PLAYERS):
        sample = string_states(game_id, games, every)
        saved = [pyspiel.serialize_game_and_state(s.get_game(), s) for s in sample]
        if calls is not None:
            for text in saved[:calls]:
                _, state = pyspiel.deserialize_game_and_state(text)
                state.information_state_string(state.current_player())
            continue
        sizes, at_200, warm, cold = [], [], [], []
        for state, text in zip(sample, saved):
            player = state.current_player()
            string = state.information_state_string(player)
            start = time.perf_counter()
            state.information_state_string(player)
            warm.append(time.perf_counter() - start)
            sizes.append(len(string))
            if len(state.history()) - 4 <= 200:
                at_200.append(len(string))
            _, again = pyspiel.deserialize_game_and_state(text)
            start = time.perf_counter()
            again.information_state_string(player)
            cold.append(time.perf_counter() - start)
        rows.append({"game": game_id, "states": len(sample), "chars mean": round(statistics.mean(sizes)),
                     "chars max": max(sizes), "chars <=200 moves max": max(at_200),
                     "warm us": round(1e6 * statistics.median(warm), 1),
                     "cold us": round(1e6 * statistics.median(cold))})
    if rows:
        print(" | ".join(rows[0]))
        for row in rows:
            print(" | ".join(str(value) for value in row.values()))




def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=2000, help="steps per way per round")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--game", action="append", help="game id (default: every game)")
    parser.add_argument("--strings", action="store_true", help="information-state strings: characters, cost per call")
    parser.add_argument("--games", type=int, default=3, help="--strings: random games per game")
    parser.add_argument("--every", type=int, default=25, help="--strings: read every so many moves")
    parser.add_argument("--calls", type=int, default=None, help="--strings: only this many cold calls (callgrind)")
    args = parser.parse_args()
    if args.strings:
        strings(args.games, args.every, args.calls, args.game)
        return
    rows = []
    for game_id in args.game or list(PLAYERS):
        rates = measure(game_id, PLAYERS[game_id], args.steps, args.rounds)
        for name, rate in rates.items():
            ratio = rate / rates["ours"]
            rows.append((f"{game_id} ({PLAYERS[game_id]}p) {name}", f"{rate:,.0f}/s",
                         "" if name == "ours" else f"{ratio:.2f} x ours"))
    print_rows(rows)


if __name__ == "__main__":
    main()

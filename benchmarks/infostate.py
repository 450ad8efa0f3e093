"""Information-state strings: characters and cost per call, per game (needs the ``rl`` extra).

Run ``python -m benchmarks.infostate``. For each game, random games (seeded) are played through
OpenSpiel; at every ``--every``-th move the acting player's ``information_state_string`` is read:
the table gives the average characters, the characters at move 200 (Danish Bastard's target: under
2,000), microseconds per call on a warm state (``warm``: the call after the previous move's) and on
a state just deserialised (``cold``: ``pyspiel.deserialize_game_and_state``, what a worker process
starts from). For instructions per call run it under ``valgrind --tool=callgrind`` with ``--calls``
(the calls alone, after the games are played) and subtract a run with ``--calls 0``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import pyspiel

from danish_nb.bridges import openspiel

PLAYERS = {"danish-bastard": 3, "le-danish": 3, "rat-bastard-17": 2, "bastard": 3, "sjavs": 4}


def states(game_id: str, games: int, every: int) -> list[pyspiel.State]:
    game = pyspiel.load_game(f"{openspiel.game_name(game_id)}(players={PLAYERS[game_id]})")
    out = []
    for seed in range(games):
        rng, state = random.Random(seed), game.new_initial_state()
        while not state.is_terminal():
            if len(state.history()) % every == 0 and not state.is_chance_node():
                out.append(state.clone())
            state.apply_action(rng.choice(state.legal_actions()))
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--every", type=int, default=25)
    parser.add_argument("--calls", type=int, default=None, help="only make this many cold calls (for callgrind)")
    parser.add_argument("--game", default=None)
    args = parser.parse_args(argv)
    rows = []
    for game_id in [args.game] if args.game else PLAYERS:
        sample = states(game_id, args.games, args.every)
        saved = [pyspiel.serialize_game_and_state(s.get_game(), s) for s in sample]
        if args.calls is not None:
            for text in saved[:args.calls]:
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


if __name__ == "__main__":
    main()

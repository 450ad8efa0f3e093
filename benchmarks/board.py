"""Measure the boards: live widget models, comm messages and bytes per move, and Python time
per move, for the board of each family as built (one anywidget model re-rendered in place) and,
for the shedding board, the alternative it was chosen over (an HTML table plus a pool of stock
Buttons, one per selectable card, each Button being three models).

Run: ``python benchmarks/board.py`` (prints the figures; asserts nothing).
"""

from __future__ import annotations

import json
import random
import statistics
import time
import warnings

import ipywidgets

import danish_nb as dn
from danish_nb.render.shedding import table_html
from danish_nb.widgets import board_for

warnings.simplefilter("ignore", DeprecationWarning)
MOVES = 500
POOL = 24  # card Buttons a Button board keeps (hand + open cards of a typical hand)


class Counter:
    """Counts the comm messages (and their JSON size) every widget sends."""

    def __init__(self) -> None:
        self.messages = 0
        self.bytes = 0
        self._original = ipywidgets.Widget._send

    def __enter__(self) -> Counter:
        counter = self

        def counting(widget, msg, buffers=None):
            counter.messages += 1
            counter.bytes += len(json.dumps(msg, default=str).encode())
            return counter._original(widget, msg, buffers)
        ipywidgets.Widget._send = counting
        return self

    def __exit__(self, *exc) -> None:
        ipywidgets.Widget._send = self._original


def live() -> int:
    return len(ipywidgets.Widget.widgets)


def play_board(seed: int, game_id: str = "danish-bastard", players: int = 3) -> dict:
    """The real board, all seats random, stepped one computer move at a time."""
    before = live()
    start = time.perf_counter()
    board = board_for(dn.new_game(game_id, players=players, seed=seed), seats=("random",) * players)
    built = time.perf_counter() - start
    models = live() - before
    times, msgs, sizes = [], [], []
    with Counter() as count:
        for _ in range(MOVES):
            if board.game.is_over:
                break
            m0, b0, t0 = count.messages, count.bytes, time.perf_counter()
            board.step_computer()
            times.append(time.perf_counter() - t0)
            msgs.append(count.messages - m0)
            sizes.append(count.bytes - b0)
    grew = live() - before - models
    board.close()
    return {"models": models, "build_ms": built * 1000, "moves": len(times), "grew": grew,
            "msgs": msgs, "bytes": sizes, "times": times}


def play_buttons(seed: int) -> dict:
    """The alternative: an HTML table plus a pool of card Buttons updated per move."""
    from danish_nb.agents import make_agent
    before = live()
    start = time.perf_counter()
    table = ipywidgets.HTML()
    pool = [ipywidgets.Button(layout=ipywidgets.Layout(display="none")) for _ in range(POOL)]
    box = ipywidgets.VBox([table, ipywidgets.HBox(pool)])
    built = time.perf_counter() - start
    models = live() - before
    game = dn.new_game("danish-bastard", players=3, seed=seed)
    agents = [make_agent("random", "danish-bastard", seed=seed * 101 + i) for i in range(3)]
    times, msgs, sizes = [], [], []
    with Counter() as count:
        for _ in range(MOVES):
            if game.is_over:
                break
            m0, b0, t0 = count.messages, count.bytes, time.perf_counter()
            game.play(agents[game.current_player].choose(game.state).move)
            view = game.state.view(0)
            table.value = table_html(view, ("P1", "P2", "P3"))
            cards = list(view.hands[0]) + list(view.open[0])
            for i, button in enumerate(pool):
                with button.hold_sync():
                    if i < len(cards):
                        button.description = str(cards[i])
                        button.layout.display = ""
                    else:
                        button.layout.display = "none"
            times.append(time.perf_counter() - t0)
            msgs.append(count.messages - m0)
            sizes.append(count.bytes - b0)
    box.close()
    return {"models": models, "build_ms": built * 1000, "moves": len(times), "grew": 0,
            "msgs": msgs, "bytes": sizes, "times": times}


def report(name: str, figures: dict) -> None:
    msgs, sizes, times = figures["msgs"], figures["bytes"], figures["times"]
    print(f"{name}:\n  models at start {figures['models']}, built in {figures['build_ms']:.1f} ms; "
          f"{figures['moves']} moves, live widgets grew by {figures['grew']}\n"
          f"  comm messages per move: mean {statistics.mean(msgs):.2f}, max {max(msgs)}\n"
          f"  bytes per move: mean {statistics.mean(sizes):,.0f}, max {max(sizes):,}\n"
          f"  python time per move: mean {statistics.mean(times) * 1000:.2f} ms, "
          f"max {max(times) * 1000:.2f} ms")


def refused_cards_cost(seed: int = 3, turns: int = 60) -> None:
    """The learner's frames with and without the reasons of the refused cards (issue 44: each
    refused card's verdict is asked of the engine): per game, the median time of ``board.frame()``
    on the learner's turns, the two measured one after the other at each position (interleaved)."""
    from danish_nb.widgets.board import Board

    real = Board._refused_cards
    for game_id, players in (("danish-bastard", 3), ("le-danish", 3), ("rat-bastard-17", 2), ("bastard", 4),
                             ("sjavs", 3)):
        board = board_for(dn.new_game(game_id, players=players, seed=seed), background=False)
        rng = random.Random(seed)
        with_reasons, without, refused = [], [], []
        for _ in range(turns):
            if board.game.is_over or board.game.current_player != 0:
                break
            for stub, out in ((False, with_reasons), (True, without)):
                Board._refused_cards = (lambda self, spots: {}) if stub else real  # type: ignore[method-assign]
                t0 = time.perf_counter()
                frame = board.frame()
                out.append(time.perf_counter() - t0)
            Board._refused_cards = real  # type: ignore[method-assign]
            refused.append(len(board.frame().spots.refused))
            if hasattr(board, "next_deal") and "nextdeal" in board.offer.acts:
                board.next_deal()
            else:
                board.play(str(rng.choice(board.game.legal_moves())))
        del frame
        print(f"{game_id}: {len(with_reasons)} learner's turns, refused cards per turn mean "
              f"{statistics.mean(refused):.1f} (max {max(refused)}); frame median "
              f"{statistics.median(with_reasons) * 1000:.2f} ms with their reasons, "
              f"{statistics.median(without) * 1000:.2f} ms without")
        board.close()


def app_models() -> None:
    from danish_nb.app import build_app
    before = live()
    start = time.perf_counter()
    build_app(seed=1)
    print(f"app (build_app): {live() - before} models, built in {(time.perf_counter() - start) * 1000:.0f} ms")


if __name__ == "__main__":
    for game_id, players in (("danish-bastard", 3), ("bastard", 4), ("sjavs", 3), ("rat-bastard-17", 2)):
        report(f"{game_id} board (one HtmlPad model)", play_board(3, game_id, players))
    report(f"HTML + {POOL} stock Buttons (for comparison)", play_buttons(seed=3))
    app_models()
    refused_cards_cost()

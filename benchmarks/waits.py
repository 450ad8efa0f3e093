"""The waits a learner sits through, in Python alone (no browser, no server): the coach's Hint in
each game and a lesson quiz's answer.

Run ``python -m benchmarks.waits``. Each measure runs in a fresh interpreter (a visit), as a
kernel or a page's worker is: per game,

- first hint: the page's coach (:class:`~danish_nb.web.app.PageApp`: half the strong player's
  iterations, at most :data:`~danish_nb.app_model.HINT_SECONDS` of search) at P1's first turn of
  seed 4, the coach's modules imported by it as on a page; then the same hint asked again;
- Voila's hint: the board's coach in Voila (the strong player's iterations, the same bound);
- search CPU: the Voila hint's search at its full iterations with no time bound (CPU seconds,
  what a playout costs, which the time bound hides);

and per lesson (01 to 05, English), each code cell run as a kernel runs it, then every quiz's
every offered move answered (:meth:`~danish_nb.widgets.lesson.PositionQuiz.answer`, the answer
kept in a learner's record in SQLite as a served lesson keeps it): the answers' median and worst
(ms), and the slowest cell from the first quiz on (s), which a click on an answer waits behind
while the lesson loads (a kernel runs one message at a time).
Each row gives the median and the worst of the visits.

``--before DIR`` runs a checkout of the code before a change (``git archive REV | tar -x -C DIR``)
in turns with this one, visit by visit, so both see the same load.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

from .report import print_rows

GAMES = ("le-danish", "rat-bastard-17", "danish-bastard", "bastard", "sjavs")
LESSONS = ("01-danish-bastard", "02-le-danish", "03-rat-bastard-17", "04-bastard", "05-sjavs")

#: One visit of a game: its hints (seconds), in a fresh interpreter.
HINT_VISIT = """
import json, sys, time
game = sys.argv[1]
from danish_nb.agents import make_agent
from danish_nb.core import GAMES
from danish_nb.web.app import PageApp
from danish_nb import app_model
players = GAMES[game].info.min_players
app = PageApp(seed=4)
app.new_game({"game": game, "players": str(players), "seed": "4",
              **{f"seat-{i + 1}": "rule-of-thumb" for i in range(1, players)}})
board = app.model.board
while board.game.current_player not in (None, 0):
    board.game.play(make_agent("rule-of-thumb", game, 1).choose(board.game.state).move)
found = {}
for name in ("first hint", "hint again"):
    t0 = time.perf_counter()
    app.hint()
    found[name] = time.perf_counter() - t0
voila = app_model.Coach(board)
t0 = time.perf_counter()
voila.hint()
found["Voila's hint"] = time.perf_counter() - t0
from danish_nb.agents.search import search_view
t0 = time.process_time()
search_view(board.game.state.view(0), game, seed=len(board.game.history))
found["search CPU"] = time.process_time() - t0
print(json.dumps(found))
"""

#: One visit of a lesson: its cells run, then its quizzes answered, in a fresh interpreter.
LESSON_VISIT = """
import contextlib, io, json, os, sys, tempfile, time
from IPython.core.interactiveshell import InteractiveShell
from danish_nb.tables import open_store
from danish_nb.widgets import learner_keeper, lesson
from danish_nb.widgets.learner_keeper import PageLearner
made = []
init = lesson.PositionQuiz.__init__
def kept(self, *args, **kwargs):
    init(self, *args, **kwargs)
    made.append(self)
lesson.PositionQuiz.__init__ = kept
folder = tempfile.mkdtemp()
page = PageLearner(store=open_store(f"sqlite:///{folder}/progress.db"), room="")
page.keeper._on_report(None, {"act": "stored", "token": "t" * 20}, [])
learner_keeper._PAGE.append(page)
learner_keeper.served = lambda: True
os.chdir(sys.argv[1])
shell = InteractiveShell.instance()
cells = [c for c in json.load(open(sys.argv[2] + ".ipynb"))["cells"] if c["cell_type"] == "code"]
slowest = 0.0
for cell in cells:
    t0 = time.perf_counter()
    with contextlib.redirect_stdout(io.StringIO()):
        shell.run_cell("".join(cell["source"]))
    if made:  # a cell run once the first quiz is shown: an answer clicked then waits for it
        slowest = max(slowest, time.perf_counter() - t0)
answers = []
for quiz in made:
    for move in quiz.model.moves:
        t0 = time.perf_counter()
        quiz.answer(move)
        answers.append(time.perf_counter() - t0)
answers.sort()
print(json.dumps({"answer median ms": 1000 * answers[len(answers) // 2], "answer worst ms": 1000 * answers[-1],
                  "slowest cell": slowest, "answers": len(answers)}))
"""


def visit(code: Path, program: str, *args: str) -> dict[str, float]:
    """One visit's figures, ``program`` run by a fresh interpreter from ``code`` (a checkout:
    its ``danish_nb`` comes first on the path)."""
    env = {**os.environ, "PYTHONPATH": str(code)}
    done = subprocess.run([sys.executable, "-c", program, *args], cwd=code, env=env, capture_output=True,
                          text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"a visit failed in {code}:\n{done.stderr[-2000:]}")
    return json.loads(done.stdout.splitlines()[-1])  # type: ignore[no-any-return]


def summary(values: list[float], unit: str = "s") -> tuple[str, str]:
    """A row's value (the median) and detail (the worst and every visit).

    >>> summary([0.5, 0.25, 1.0])
    ('0.50 s', 'worst 1.00; 0.50 0.25 1.00')
    """
    return (f"{statistics.median(values):.2f} {unit}",
            f"worst {max(values):.2f}; " + " ".join(f"{v:.2f}" for v in values))


def rows(visits: int, games: list[str], lessons: list[str], before: Path | None) -> list[tuple[str, str, str]]:
    """Each measure's median and worst over ``visits`` visits, for this code and (in turns, visit
    by visit) the code ``before``."""
    here = Path(__file__).resolve().parent.parent
    codes = {"before": before, "after": here} if before else {"": here}
    seen: dict[tuple[str, str, str], list[float]] = {}
    for turn in range(visits):
        for label, code in codes.items():
            assert code is not None
            print(f"visit {turn + 1} of {visits}: {label or 'this code'}", file=sys.stderr, flush=True)
            for game in games:
                for name, value in visit(code, HINT_VISIT, game).items():
                    seen.setdefault((game, name, label), []).append(value)
            for name in lessons:
                found = visit(code, LESSON_VISIT, str(code / "danish_nb" / "lessons"), name)
                for measure in ("answer median ms", "answer worst ms", "slowest cell"):
                    seen.setdefault((name, measure, label), []).append(found[measure])
    out = []
    for (where, measure, label), values in seen.items():
        unit = "ms" if measure.endswith(" ms") else "s"
        value, detail = summary(values, unit)
        out.append((f"{where} {measure.removesuffix(' ms')}" + (f", {label}" if label else ""), value, detail))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--visits", type=int, default=5, help="fresh interpreters per measure (and per code)")
    parser.add_argument("--games", default=",".join(GAMES), help="the games whose hints are timed (comma-separated)")
    parser.add_argument("--lessons", default=",".join(LESSONS),
                        help="the lessons whose quizzes are answered (comma-separated; none: '')")
    parser.add_argument("--before", type=Path, metavar="DIR", help="a checkout of the code before, run in turns")
    args = parser.parse_args(argv)
    load = os.getloadavg()[0]
    print(f"load average at the start: {load:.1f} on {os.cpu_count()} cores")
    print_rows(rows(args.visits, [g for g in args.games.split(",") if g], [n for n in args.lessons.split(",") if n],
                    args.before.resolve() if args.before else None), value_width=10)
    print(f"load average at the end: {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

// node benchmarks/site_coach.mjs SITE GAMES: the coach's waits in a built site's Python (Pyodide under
// Node.js, as the page's worker runs it, with the site's wheels): for each game of GAMES (comma-
// separated), the wall-clock seconds of the app's Hint at the learner's first turn and of "Review my
// game" once a game the learner (P1, playing at random) lost or won is over, through the page's own
// app (danish_nb.web.app.PageApp, the coach's default budget). Prints one JSON object.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const [site, games] = process.argv.slice(2);
const worker = readFileSync(join(site, "worker.js"), "utf8");
const BUILD = JSON.parse(worker.match(/const BUILD = (\{.*\});/)[1]);
const { loadPyodide } = await import(pathToFileURL(join(site, "pyodide", "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: join(site, "pyodide") + "/", lockFileContents: BUILD.lock });
// as the site's worker does: its wheels imported from the zips (worker.js says WHEELS) or unpacked (older sites)
const WHEELS = worker.match(/const WHEELS = "([^"]*)";/)?.[1];
const sitePackages = pyodide.runPython("import site\nsite.getsitepackages()[0]");
if (WHEELS) pyodide.FS.mkdirTree(WHEELS);
for (const [i, wheel] of [BUILD.wheel, ...BUILD.wheels].entries()) {
  const bytes = new Uint8Array(readFileSync(join(site, wheel)));
  if (!WHEELS) pyodide.unpackArchive(bytes, "wheel", { extractDir: sitePackages });
  else {
    pyodide.FS.writeFile(`${WHEELS}/${i}.whl`, bytes);
    pyodide.runPython(`import sys\nsys.path.append("${WHEELS}/${i}.whl")`);
  }
}
pyodide.globals.set("GAMES", games);
const out = pyodide.runPython(`
import json, time
from danish_nb.agents import make_agent, play_out
from danish_nb.core import GAMES as RULES
from danish_nb.web.app import PageApp

found = {}
for game in GAMES.split(","):
    players = RULES[game].info.min_players
    seats = {f"seat-{i + 1}": "rule-of-thumb" for i in range(1, players)}
    app = PageApp(seed=4)
    app.new_game({"game": game, "players": str(players), "seed": "4", **seats})
    board = app.model.board
    while board.game.current_player not in (None, 0):
        board.game.play(make_agent("rule-of-thumb", game, 1).choose(board.game.state).move)
    t0 = time.perf_counter()
    hint = app.hint()["coach"]["text"]
    found[f"{game} hint"] = round(time.perf_counter() - t0, 2)
    play_out(board.game, {0: make_agent("random", game, 1), **{i: "rule-of-thumb" for i in range(1, players)}})
    t0 = time.perf_counter()
    text = app.review()["coach"]["text"]
    found[f"{game} review"] = round(time.perf_counter() - t0, 2)
    found[f"{game} review findings"] = text.count("<li>")
json.dumps(found)
`);
console.log(out);
process.exit(0);

// node benchmarks/site_steps.mjs SITE: the CPU seconds of each step of a built site's Python start,
// as its worker (worker.js) takes them, in Pyodide under Node.js: a proxy for the page's worker that
// a busy machine disturbs less than wall time (no page, no WebAssembly code cache). Pyodide itself,
// the wheels (put on the path as zips, or unpacked by sites built before that), the session and a
// first board; then, after the first board as in the worker, the warm-up and the snapshot; then a
// restore from that snapshot, its first board (before the wheels' files are back, as in the
// worker) and the wheels again. Prints one JSON object.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const site = process.argv[2];
const worker = readFileSync(join(site, "worker.js"), "utf8");
const BUILD = JSON.parse(worker.match(/const BUILD = (\{.*\});/)[1]);
const SESSION = JSON.parse(`"${worker.match(/const SESSION = `([^`]*)`;/)?.[1].replaceAll("\n", "\\n") ?? ""}"`);
const wheels = () => [BUILD.wheel, ...BUILD.wheels].map((path) => new Uint8Array(readFileSync(join(site, path))));
let start = process.cpuUsage();
const cpu = () => {
  const used = process.cpuUsage(start);
  start = process.cpuUsage();
  return (used.user + used.system) / 1e6;
};
const { loadPyodide } = await import(pathToFileURL(join(site, "pyodide", "pyodide.mjs")).href);
const options = { indexURL: join(site, "pyodide") + "/", lockFileContents: BUILD.lock };
// as the site's worker does: its wheels imported from the zips (worker.js says WHEELS) or unpacked (older sites)
const WHEELS = worker.match(/const WHEELS = "([^"]*)";/)?.[1];
const unpack = (pyodide) => {
  if (WHEELS) {
    pyodide.FS.mkdirTree(WHEELS);
    const paths = wheels().map((wheel, i) => {
      const path = `${WHEELS}/${i}.whl`;
      pyodide.FS.writeFile(path, wheel);
      return path;
    });
    pyodide.runPython(`import sys\nsys.path += [p for p in ${JSON.stringify(paths)} if p not in sys.path]`);
    return;
  }
  const extractDir = pyodide.runPython("import site\nsite.getsitepackages()[0]");
  for (const wheel of wheels()) pyodide.unpackArchive(wheel, "wheel", { extractDir });
};
const board = (pyodide) => {
  const handle = pyodide.runPython(SESSION || "from danish_nb.web.session import Session\nSession().handle_json");
  const key = JSON.parse(handle(JSON.stringify({ op: "app.open", seed: 1 }))).board_key;
  handle.destroy(); // as worker.js does before its snapshot
  return key;
};
const steps = {};
cpu();
const pyodide = await loadPyodide({ ...options, _makeSnapshot: true });
steps.pyodide = cpu();
unpack(pyodide);
steps.wheel = cpu();
board(pyodide);
steps["first board"] = cpu();
pyodide.runPython(BUILD.warmUp);
steps["warm-up"] = cpu();
const snapshot = pyodide.makeMemorySnapshot();
steps.snapshot = cpu();
const again = await loadPyodide({ ...options, _loadSnapshot: snapshot });
steps.restore = cpu();
board(again); // as worker.js does: the first board before the wheel is unpacked again
steps["first board after restore"] = cpu();
unpack(again);
steps["wheel again"] = cpu();
steps.bytes = snapshot.length / 1e6;
console.log(JSON.stringify(steps));
process.exit(0);

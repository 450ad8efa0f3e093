// node benchmarks/site_steps.mjs SITE: the CPU seconds of each step of a built site's Python start,
// as its worker (worker.js) takes them, in Pyodide under Node.js: a proxy for the page's worker that
// a busy machine disturbs less than wall time (no page, no WebAssembly code cache). A site whose
// build took the start-up snapshot (pyodide/snapshot.bin): Pyodide restoring it (an empty standard
// library), the session and first board, then, after it as in the worker, the standard library and
// the wheels written and the warm-up; then, for comparison, a fresh start (Pyodide, the wheels, the
// first board's imports). An older site: Pyodide itself, the wheels, the session and a first board;
// then the warm-up and the snapshot the worker took after its first board; then a restore from that
// snapshot, its first board (before the wheels' files are back) and the wheels again. Prints one
// JSON object.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const site = process.argv[2];
const worker = readFileSync(join(site, "worker.js"), "utf8");
const BUILD = JSON.parse(worker.match(/const BUILD = (\{.*\});/)[1]);
const SESSION = worker.includes("const SESSION = \"") ? JSON.parse(worker.match(/const SESSION = ("[^\n]*");/)[1])
  : JSON.parse(`"${worker.match(/const SESSION = `([^`]*)`;/)?.[1].replaceAll("\n", "\\n") ?? ""}"`);
const FORGET_LISTINGS = JSON.parse(worker.match(/const FORGET_LISTINGS = ("[^\n]*");/)?.[1] ?? '""');
// a function of the worker's own (sites that have it), such as unzip (it writes the wheels' files in
// JavaScript) or unpacked (the snapshot from its file)
const workerFunction = async (name) => {
  const source = worker.match(new RegExp(`\\nfunction ${name}\\([\\s\\S]*?\\n\\}\\n`))?.[0];
  return source && (await import(`data:text/javascript,${encodeURIComponent(
    source.replace(`function ${name}`, "export default function"))}`)).default;
};
const unzip = await workerFunction("unzip");
const unpacked = await workerFunction("unpacked");
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
if (BUILD.snapshot && existsSync(join(site, BUILD.snapshot))) {
  const empty = join(mkdtempSync(join(tmpdir(), "dn-steps-")), "empty.zip");
  writeFileSync(empty, new Uint8Array());
  const file = readFileSync(join(site, BUILD.snapshot));
  const snapshot = unpacked ? unpacked(file.buffer.slice(file.byteOffset, file.byteOffset + file.length)) : file;
  steps["snapshot read"] = cpu();
  const restored = await loadPyodide({ ...options, stdLibURL: empty, _loadSnapshot: snapshot });
  steps.restore = cpu();
  const handle = restored.runPython(SESSION);
  handle(JSON.stringify({ op: "app.open", seed: 1 }));
  steps["first board after restore"] = cpu();
  steps["to the first board"] = steps["snapshot read"] + steps.restore + steps["first board after restore"];
  const zip = restored.runPython("import sys\nnext(p for p in sys.path if p.endswith('.zip'))");
  restored.FS.writeFile(zip, new Uint8Array(readFileSync(join(site, "pyodide", "python_stdlib.zip"))));
  if (unzip) {
    const sitePackages = restored.runPython("import site\nsite.getsitepackages()[0]");
    for (const wheel of wheels()) unzip(restored.FS, wheel, sitePackages);
  } else unpack(restored);
  restored.runPython(FORGET_LISTINGS);
  steps["files after the first board"] = cpu();
  for (const name of BUILD.warmUp) restored.runPython(`import ${name}`);
  steps["warm-up"] = cpu();
  const fresh = await loadPyodide(options);
  steps["fresh: pyodide"] = cpu();
  unpack(fresh);
  fresh.runPython(BUILD.prepare);
  steps["fresh: wheel and first board"] = cpu();
  steps.bytes = snapshot.length / 1e6;
  console.log(JSON.stringify(steps));
  process.exit(0);
}
const pyodide = await loadPyodide({ ...options, _makeSnapshot: true });
steps.pyodide = cpu();
unpack(pyodide);
steps.wheel = cpu();
board(pyodide);
steps["first board"] = cpu();
steps["to the first board"] = steps.pyodide + steps.wheel + steps["first board"];
pyodide.runPython(BUILD.warmUp);
steps["warm-up"] = cpu();
const snapshot = pyodide.makeMemorySnapshot();
steps.snapshot = cpu();
const again = await loadPyodide({ ...options, _loadSnapshot: snapshot });
steps.restore = cpu();
board(again); // as worker.js did: the first board before the wheel is unpacked again
steps["first board after restore"] = cpu();
unpack(again);
steps["wheel again"] = cpu();
steps.bytes = snapshot.length / 1e6;
console.log(JSON.stringify(steps));
process.exit(0);

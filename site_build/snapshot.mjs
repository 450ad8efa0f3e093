// node snapshot.mjs SITE: the memory snapshot the page's worker restores (SITE/pyodide/snapshot.bin),
// taken in the site's own Pyodide under Node.js as the worker would start afresh: the site's standard
// library, its wheels unpacked, the build's prepare run (worker.js BUILD.prepare: the session's
// module, the app's first board drawn once, every language's catalogue read). No JavaScript object is
// handed to Python before it. Then the snapshot is checked as the worker uses it: restored with an
// empty standard library (the worker writes the real one after the first board), a new session
// (worker.js SESSION) draws the first board in every language, with no file. The file leaves out
// the snapshot's runs of 64 KiB of zeros or more (a third of it: the stack, the memory not yet
// used): worker.js unpacked() puts them back. Prints the snapshot's size in bytes.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const site = process.argv[2];
const worker = readFileSync(join(site, "worker.js"), "utf8");
const BUILD = JSON.parse(worker.match(/const BUILD = (\{.*\});/)[1]);
const SESSION = JSON.parse(worker.match(/const SESSION = ("[^\n]*");/)[1]);
const { loadPyodide } = await import(pathToFileURL(join(site, "pyodide", "pyodide.mjs")).href);
const options = { indexURL: join(site, "pyodide") + "/", lockFileContents: BUILD.lock };

/** ``snapshot`` without its long runs of zeros: 3 little-endian u32 (a mark, its length, the number
 * of parts kept), each part's offset and length (u32 pairs), then the parts' bytes. */
function packed(snapshot) {
  const parts = [];
  let start = 0;
  for (let i = 0; i < snapshot.length;) {
    if (snapshot[i] !== 0) {
      i += 1;
      continue;
    }
    let end = i;
    while (end < snapshot.length && snapshot[end] === 0) end += 1;
    if (end - i >= 65536) {
      if (i > start) parts.push([start, i]);
      start = end;
    }
    i = end;
  }
  if (start < snapshot.length) parts.push([start, snapshot.length]);
  const head = new Uint32Array([0x6e736e64, snapshot.length, parts.length, ...parts.flatMap(([a, b]) => [a, b - a])]);
  return Buffer.concat([new Uint8Array(head.buffer), ...parts.map(([a, b]) => snapshot.subarray(a, b))]);
}

const pyodide = await loadPyodide({ ...options, _makeSnapshot: true });
const sitePackages = pyodide.runPython("import site\nsite.getsitepackages()[0]");
for (const wheel of [BUILD.wheel, ...BUILD.wheels]) {
  pyodide.unpackArchive(new Uint8Array(readFileSync(join(site, wheel))), "wheel", { extractDir: sitePackages });
}
pyodide.runPython(BUILD.prepare);
const snapshot = pyodide.makeMemorySnapshot();
writeFileSync(join(site, BUILD.snapshot), packed(snapshot));

const empty = join(mkdtempSync(join(tmpdir(), "dn-snapshot-")), "empty.zip");
writeFileSync(empty, new Uint8Array());
const again = await loadPyodide({ ...options, stdLibURL: empty, _loadSnapshot: snapshot });
const handle = again.runPython(SESSION);
for (const lang of JSON.parse(again.runPython("import json\nfrom danish_nb.i18n import LANGUAGES\njson.dumps(LANGUAGES)"))) {
  const answer = JSON.parse(handle(JSON.stringify({ op: "app.open", lang, seed: 1 })));
  if (!answer.board || answer.error) throw new Error(`the restored snapshot drew no board in ${lang}: ${answer.error}`);
}
console.log(snapshot.length);
process.exit(0);

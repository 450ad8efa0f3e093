// The page's Python: Pyodide in a Web Worker with danish_nb's wheel and the wheels of its pure-Python
// dependencies (fsrs, typing-extensions; no Jupyter, no widget package). The page posts {id, request};
// the worker answers {id, result} with what danish_nb.web.session.Session.handle returned (or {id,
// error}), one request after another.
//
// A first visit starts Python, unpacks the wheel, runs the build's warm-up (the imports of the
// first board, the catalogues of every language) and takes a memory snapshot of the interpreter
// right then, before any JavaScript object reaches Python (pyodide's _makeSnapshot); it is saved
// in the Cache Storage once the first answer is out. Later visits of the same build restore it
// (_loadSnapshot) instead of starting and importing again. The file system is not in a snapshot:
// the wheel is unpacked again, after the app's first board (which needs nothing the warm-up has
// not loaded) and before anything else. The underscore options are experimental: the Pyodide
// version is pinned (site_build/build.py) and the snapshot is tested (tests/test_site.py).
import { loadPyodide } from "./pyodide/pyodide.mjs";

const BUILD = /*BUILD*/{};
const SNAPSHOTS = `danish-nb-snapshot-${BUILD.version}`;
// Cache Storage exists only in secure contexts (HTTPS, localhost): elsewhere no snapshot is kept.
const KEEPS = typeof caches !== "undefined";

/** The saved snapshot as {bytes: a promise of them} (read while Pyodide loads), or null when there is none. */
async function savedSnapshot() {
  if (!KEEPS) return null;
  try {
    for (const name of await caches.keys()) {
      if (name.startsWith("danish-nb-snapshot-") && name !== SNAPSHOTS) await caches.delete(name);
    }
    const found = await (await caches.open(SNAPSHOTS)).match("snapshot");
    return found ? { bytes: found.arrayBuffer().then((bytes) => new Uint8Array(bytes)) } : null;
  } catch {
    return null; // Cache Storage refused (an opaque origin, storage blocked): start afresh each time
  }
}

async function start() {
  const began = performance.now();
  const phases = {}; // seconds of each step, for benchmarks/site.py
  let last = began;
  const step = (name) => {
    const now = performance.now();
    phases[name] = Math.round(now - last) / 1000;
    last = now;
  };
  const wheels = [BUILD.wheel, ...BUILD.wheels].map((path) => fetch(new URL(path, import.meta.url)).then((response) => {
    if (!response.ok) throw new Error(`${response.status} ${response.url}`);
    return response.arrayBuffer();
  }));
  const options = { indexURL: new URL("./pyodide/", import.meta.url).href, lockFileContents: BUILD.lock,
                    stdout: () => {}, stderr: (line) => console.warn(line) };
  const snapshot = await savedSnapshot(); // its bytes are read while Pyodide loads
  step("snapshot found");
  let pyodide = null;
  if (snapshot) {
    try {
      pyodide = await loadPyodide({ ...options, _loadSnapshot: snapshot.bytes });
    } catch (error) {
      console.warn("danish_nb: the saved start-up snapshot did not load, starting afresh", error);
      await caches.delete(SNAPSHOTS);
    }
  }
  const restored = pyodide !== null;
  pyodide ??= await loadPyodide({ ...options, _makeSnapshot: KEEPS });
  step(restored ? "Pyodide from the snapshot" : "Pyodide");
  const unpack = async () => {
    const sitePackages = pyodide.runPython("import site\nsite.getsitepackages()[0]");
    for (const wheel of wheels) {
      pyodide.unpackArchive(new Uint8Array(await wheel), "wheel", { extractDir: sitePackages });
    }
  };
  let made = null;
  if (!restored) {
    await unpack();
    step("wheel");
    pyodide.runPython(BUILD.warmUp);
    step("warm-up");
    if (KEEPS) {
      made = pyodide.makeMemorySnapshot();
      step("snapshot made");
    }
  }
  self.dnProgress = (done, total) => postMessage({ progress: [done, total] });
  // what a long call shows before its answer (a review's findings so far), as JSON text
  self.dnPartial = (text) => postMessage({ partial: JSON.parse(text) });
  const handle = pyodide.runPython(
    "from js import dnPartial, dnProgress\nfrom danish_nb.web.session import Session\n"
    + "Session(progress=lambda done, total: dnProgress(done, total), partial=lambda text: dnPartial(text)).handle_json");
  return { handle, made, unpack: restored ? unpack : null, restored, phases, seconds: (performance.now() - began) / 1000 };
}

const python = start();
python.then(({ restored, phases, seconds }) => postMessage({ ready: { restored, phases, seconds } }),
            (error) => postMessage({ failed: String(error && error.message || error) }));

async function save(snapshot) {
  try {
    await (await caches.open(SNAPSHOTS)).put("snapshot", new Response(snapshot));
  } catch (error) {
    console.warn("danish_nb: could not keep the start-up snapshot", error);
  }
}

/** The wheel's files, if a restored interpreter still lacks them. */
async function unpacked(ready) {
  if (ready.unpack) {
    const unpack = ready.unpack;
    ready.unpack = null;
    await unpack();
  }
}

let queue = Promise.resolve();
self.onmessage = (event) => {
  const { id, request } = event.data;
  queue = queue.then(async () => {
    let ready;
    try {
      ready = await python;
      if (request.op !== "app.open") await unpacked(ready);
      postMessage({ id, result: JSON.parse(ready.handle(JSON.stringify(request))) });
    } catch (error) {
      console.error(error);
      postMessage({ id, error: String(error && error.message || error) });
    }
    if (ready) await unpacked(ready).catch((error) => console.error(error));
    if (ready?.made) {
      const snapshot = ready.made;
      ready.made = null;
      await save(snapshot);
      postMessage({ saved: snapshot.length });
    }
  });
};

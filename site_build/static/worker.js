// The page's Python: Pyodide in a Web Worker with danish_nb's wheel and the wheels of its pure-Python
// dependencies (fsrs, typing-extensions; no Jupyter, no widget package). The page posts {id, request};
// the worker answers {id, result} with what danish_nb.web.session.Session.handle returned (or {id,
// error}), one request after another.
//
// A first visit starts Python, unpacks the wheels and answers the first request (the app's first
// board imports what it needs, in the visitor's language only). Then, once the page has drawn that
// board and before any other request (settle), it runs the build's warm-up (the catalogues of every language, the modules a restored interpreter needs
// before its wheels are unpacked again) and takes a memory snapshot of the interpreter
// (pyodide's _makeSnapshot) while Python holds no JavaScript object: the page's progress and
// partial-answer callbacks reach Python through hooks set only after it. The snapshot is saved in
// the Cache Storage. Later visits of the same build restore it (_loadSnapshot) instead of starting
// and importing again, reseed Python's random numbers (a snapshot holds its generator's state: each
// visit would deal the same "random" game) and start a new session. The file system is not in a
// snapshot: the wheels are unpacked again, once the app's first board (which needs nothing the
// snapshot has not imported) is drawn, before any other request. The underscore options are experimental: the
// Pyodide version is pinned (site_build/build.py) and the snapshot is tested (tests/test_site.py).
const BUILD = /*BUILD*/{};
const SNAPSHOTS = `danish-nb-snapshot-${BUILD.version}`;
// Cache Storage exists only in secure contexts (HTTPS, localhost): elsewhere no snapshot is kept.
const KEEPS = typeof caches !== "undefined";
// Pyodide's module, asked for while the saved snapshot is looked up
const pyodideModule = import("./pyodide/pyodide.mjs");
// One session and the hooks through which it reaches the page (set by HOOKS, once a fresh
// interpreter's snapshot is taken); evaluates to the session's entry.
const SESSION = `from danish_nb.web.session import Session
class DnHooks:
    progress = partial = staticmethod(lambda *args: None)
dn_hooks = DnHooks()
dn_session = Session(progress=lambda done, total: dn_hooks.progress(done, total),
                     partial=lambda text: dn_hooks.partial(text))
dn_session.handle_json`;
const HOOKS = "from js import dnPartial, dnProgress\ndn_hooks.progress, dn_hooks.partial = dnProgress, dnPartial";

/** The saved snapshot as {bytes: a promise of them} (read while Pyodide loads), or null when there is none. */
async function savedSnapshot() {
  if (!KEEPS) return null;
  try {
    const found = await (await caches.open(SNAPSHOTS)).match("snapshot");
    return found ? { bytes: found.arrayBuffer().then((bytes) => new Uint8Array(bytes)) } : null;
  } catch {
    return null; // Cache Storage refused (an opaque origin, storage blocked): start afresh each time
  }
}

/** The snapshots of other builds, dropped once this one's is saved. */
async function dropOldSnapshots() {
  for (const name of await caches.keys()) {
    if (name.startsWith("danish-nb-snapshot-") && name !== SNAPSHOTS) await caches.delete(name);
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
  const [{ loadPyodide }, snapshot] = await Promise.all([pyodideModule, savedSnapshot()]);
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
  if (!restored) {
    await unpack();
    step("wheel");
  } else {
    pyodide.runPython("import random\nrandom.seed()");
  }
  self.dnProgress = (done, total) => postMessage({ progress: [done, total] });
  // what a long call shows before its answer (a review's findings so far), as JSON text
  self.dnPartial = (text) => postMessage({ partial: JSON.parse(text) });
  const handle = pyodide.runPython(SESSION);
  const hooks = () => pyodide.runPython(HOOKS);
  const snapshotNext = !restored && KEEPS;
  if (!snapshotNext) hooks();
  step("session");
  const ready = { handle, after: null, unpack: restored ? unpack : null, restored, phases,
                  seconds: (performance.now() - began) / 1000 };
  // after the first answer, a fresh interpreter warms up and is snapshotted (the entry given to
  // JavaScript let go first: a restored interpreter would hold its session for ever), then hears
  // the page
  if (snapshotNext) {
    ready.after = () => {
      ready.handle.destroy();
      try {
        pyodide.runPython(BUILD.warmUp);
        return pyodide.makeMemorySnapshot();
      } finally {
        ready.handle = pyodide.runPython("dn_session.handle_json");
        hooks();
      }
    };
  }
  return ready;
}

const python = start();
python.then(({ restored, phases, seconds }) => postMessage({ ready: { restored, phases, seconds } }),
            (error) => postMessage({ failed: String(error && error.message || error) }));

async function save(snapshot) {
  try {
    await (await caches.open(SNAPSHOTS)).put("snapshot", new Response(snapshot));
    await dropOldSnapshots();
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
let settling = false;
/** The work left after the first answer (the wheels unpacked again, the warm-up and snapshot),
 * queued once the page has drawn that answer (it says {drawn: true}; or 3 s after it, as a hidden
 * tab draws nothing), so that it does not take the processor from the first board's drawing. */
function settle() {
  if (settling) return;
  settling = true;
  queue = queue.then(async () => {
    const ready = await python.catch(() => null);
    if (!ready) return;
    await unpacked(ready).catch((error) => console.error(error));
    if (!ready.after) return;
    const after = ready.after;
    ready.after = null;
    const began = performance.now();
    let snapshot = null;
    try {
      snapshot = after();
    } catch (error) {
      console.warn("danish_nb: no start-up snapshot", error);
    }
    if (snapshot) {
      const seconds = (performance.now() - began) / 1000;
      await save(snapshot);
      postMessage({ saved: snapshot.length, seconds });
    }
  });
}

self.onmessage = (event) => {
  if (event.data.drawn) {
    settle();
    return;
  }
  const { id, request } = event.data;
  queue = queue.then(async () => {
    try {
      const ready = await python;
      if (request.op !== "app.open") await unpacked(ready);
      postMessage({ id, result: JSON.parse(ready.handle(JSON.stringify(request))) });
    } catch (error) {
      console.error(error);
      postMessage({ id, error: String(error && error.message || error) });
    }
    if (!settling) setTimeout(settle, 3000);
  });
};

// The page's Python: Pyodide in a Web Worker with danish_nb's wheel and the wheels of its pure-Python
// dependencies (fsrs, typing-extensions; no Jupyter, no widget package). The page posts {id, request};
// the worker answers {id, result} with what danish_nb.web.session.Session.handle returned (or {id,
// error}), one request after another.
//
// Python does not start here: it restores the memory snapshot the build took (pyodide/snapshot.bin,
// site_build/snapshot.mjs: Python started, the wheels unpacked, the app's first board drawn once and
// every language's catalogue read), on every visit, first or not, and then reseeds its random numbers
// (the snapshot holds one generator state) and starts a session (local times come from the browser's
// clock at each call: none is in the snapshot). The file
// system is not in a snapshot: the standard library's zip is an empty file until the app's first board
// (which imports nothing the snapshot has not) is drawn; then the real one and the wheels are fetched
// and written, before any other request (a lesson page's first request waits for them), and, after the
// requests that came meanwhile, the rest of the build's warm-up imported (the other boards, the strong
// player's search, the coach).
// If the snapshot does not load, Python starts afresh (the whole standard library, the wheels, the
// first board's imports). The underscore options are experimental: the Pyodide version is pinned
// (site_build/build.py) and the snapshot is tested (tests/test_site.py).
const BUILD = /*BUILD*/{};
// Pyodide's module, its runtime and the snapshot, asked for at once: loadPyodide would import the
// runtime (pyodide.asm.js, 1 MB) only once its module has run, a second round trip before the
// WebAssembly is compiled; the same URL, so it finds this import done or under way
const pyodideModule = Promise.all([import("./pyodide/pyodide.mjs"), import("./pyodide/pyodide.asm.js")])
  .then(([module]) => module);
const url = (path) => new URL(path, import.meta.url);
const bytes = (path) => fetch(url(path)).then((response) => {
  if (!response.ok) throw new Error(`${response.status} ${response.url}`);
  return response.arrayBuffer();
});
const snapshotBytes = bytes(BUILD.snapshot).then(unpacked);

/** The snapshot from its file, which leaves out its long runs of zeros (site_build/snapshot.mjs). */
function unpacked(file) {
  const [mark, length, count] = new Uint32Array(file, 0, 3);
  if (mark !== 0x6e736e64) throw new Error("not a danish-nb start-up snapshot");
  const parts = new Uint32Array(file, 12, 2 * count);
  const snapshot = new Uint8Array(length);
  for (let i = 0, from = 12 + 8 * count; i < count; from += parts[2 * i + 1], i += 1) {
    snapshot.set(new Uint8Array(file, from, parts[2 * i + 1]), parts[2 * i]);
  }
  return snapshot;
}
// A new session on the restored interpreter (the build's prepare defined dn_new_session); evaluates to
// the session's entry.
const SESSION = "import random\nrandom.seed()\ndn_new_session()";
// The directories' listings the import system kept in the snapshot, forgotten once the wheels are
// unpacked again (importlib.invalidate_caches() would import importlib.metadata, which needs email:
// not in the site's standard library). The standard library's zip needs nothing: its table of
// contents in the snapshot is the real zip's.
const FORGET_LISTINGS = "import sys\nfor f in list(sys.path_importer_cache.values()):\n    if type(f).__name__ == 'FileFinder': f.invalidate_caches()";
// the page's progress and partial-answer callbacks (JavaScript objects: never in a snapshot)
const HOOKS = "from js import dnPartial, dnProgress\ndn_hooks.progress, dn_hooks.partial = dnProgress, dnPartial";

async function start() {
  const began = performance.now();
  const phases = {}; // seconds of each step, for benchmarks/site.py
  let last = began;
  const step = (name) => {
    const now = performance.now();
    phases[name] = Math.round(now - last) / 1000;
    last = now;
  };
  const options = { indexURL: url("./pyodide/").href, lockFileContents: BUILD.lock,
                    stdout: () => {}, stderr: (line) => console.warn(line) };
  const { loadPyodide } = await pyodideModule;
  step("Pyodide's module");
  let pyodide = null;
  try {
    // the standard library: an empty file until the first board is drawn (files())
    pyodide = await loadPyodide({ ...options, stdLibURL: "data:application/zip,", _loadSnapshot: snapshotBytes });
  } catch (error) {
    console.warn("danish_nb: the start-up snapshot did not load, starting afresh", error);
  }
  const restored = pyodide !== null;
  let files = null;
  if (restored) {
    step("Pyodide from the snapshot");
  } else {
    pyodide = await loadPyodide(options);
    step("Pyodide");
    files = unpackWheels(pyodide);
    await files;
    pyodide.runPython(FORGET_LISTINGS);
    pyodide.runPython(BUILD.prepare);
    step("wheel and first imports");
  }
  self.dnProgress = (done, total) => postMessage({ progress: [done, total] });
  // what a long call shows before its answer (a review's findings so far), as JSON text
  self.dnPartial = (text) => postMessage({ partial: JSON.parse(text) });
  const handle = pyodide.runPython(SESSION);
  pyodide.runPython(HOOKS);
  step("session");
  return { pyodide, handle, files, restored, phases, seconds: (performance.now() - began) / 1000 };
}

/** The wheels (fetched) unpacked into site-packages. */
async function unpackWheels(pyodide, wheels = [BUILD.wheel, ...BUILD.wheels].map(bytes)) {
  const sitePackages = pyodide.runPython("import site\nsite.getsitepackages()[0]");
  for (const wheel of wheels) unzip(pyodide.FS, new Uint8Array(await wheel), sitePackages);
}

/** Write the files of a zip archive under ``folder``: a wheel of the build, its members stored (no
 * compression, no zip64), so that they are written as they are, a hundredth of the time Python's
 * zipfile takes in Pyodide. */
function unzip(FS, zip, folder) {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  let end = zip.length - 22;
  while (view.getUint32(end, true) !== 0x06054b50) end -= 1; // the end of the central directory
  const names = new TextDecoder();
  for (let i = 0, at = view.getUint32(end + 16, true); i < view.getUint16(end + 10, true); i += 1) {
    const size = view.getUint32(at + 20, true);
    const nameLength = view.getUint16(at + 28, true);
    const local = view.getUint32(at + 42, true);
    const name = names.decode(zip.subarray(at + 46, at + 46 + nameLength));
    if (view.getUint16(at + 10, true) !== 0) throw new Error(`${name}: a compressed member (the build stores them)`);
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    if (name.endsWith("/")) continue;
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    const path = `${folder}/${name}`;
    FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
    FS.writeFile(path, zip.subarray(start, start + size));
  }
}

/** A restored interpreter's files: the standard library's zip (the same bytes as when the snapshot
 * was taken: its table of contents is in the snapshot) and the wheels. */
async function restoreFiles(pyodide) {
  const stdlib = bytes("pyodide/python_stdlib.zip");
  const wheels = [BUILD.wheel, ...BUILD.wheels].map(bytes);
  const zip = pyodide.runPython("import sys\nnext(p for p in sys.path if p.endswith('.zip'))");
  pyodide.FS.writeFile(zip, new Uint8Array(await stdlib));
  await unpackWheels(pyodide, wheels);
  pyodide.runPython(FORGET_LISTINGS);
}

const python = start();
python.then(({ restored, phases, seconds }) => postMessage({ ready: { restored, phases, seconds } }),
            (error) => postMessage({ failed: String(error && error.message || error) }));

/** The files a request other than the app's first board needs (fetched once). */
function filesOf(ready) {
  ready.files ??= restoreFiles(ready.pyodide);
  return ready.files;
}

let queue = Promise.resolve();
let settling = false;
/** The files left after the first answer, queued once the page has drawn that answer (it says
 * {drawn: true}; or 3 s after it, as a hidden tab draws nothing), so that they take neither the
 * line nor the processor from the first board; then, after the requests that came meanwhile, the
 * warm-up. */
function settle() {
  if (settling) return;
  settling = true;
  queue = queue.then(async () => {
    const ready = await python.catch(() => null);
    if (!ready) return;
    try {
      await filesOf(ready);
    } catch (error) {
      console.error(error);
      return;
    }
    warmUp(ready.pyodide, BUILD.warmUp);
  });
}

/** Import ``names`` one at a time, each a second after the last (the first clicks after the first
 * board come before them) and queued after the requests that came meanwhile. */
function warmUp(pyodide, names) {
  if (!names.length) {
    postMessage({ settled: true });
    return;
  }
  setTimeout(() => {
    queue = queue.then(() => {
      try {
        pyodide.runPython(`import ${names[0]}`);
      } catch (error) {
        console.error(error);
      }
      warmUp(pyodide, names.slice(1));
    });
  }, 1000);
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
      if (request.op !== "app.open") await filesOf(ready);
      postMessage({ id, result: JSON.parse(ready.handle(JSON.stringify(request))) });
    } catch (error) {
      console.error(error);
      postMessage({ id, error: String(error && error.message || error) });
    }
    if (!settling) setTimeout(settle, 3000);
  });
};

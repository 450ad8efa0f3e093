// node bytecode.mjs DIR LOCK WHEEL IMPORTS LEFT_OUT SKIPPED: in the Pyodide of DIR (pyodide.mjs and its
// files, LOCK its npm package's pyodide-lock.json: its ABI is checked, no package is taken from
// it), unpack WHEEL and import IMPORTS (comma-separated), then rewrite DIR's standard library zip
// and WHEEL with bytecode for the modules now imported, in place of their sources (bytecode.py
// says how). Then import every danish_nb module: the
// last line printed lists those that need a standard module the site leaves out (LEFT_OUT,
// comma-separated; still in the zip here), as JSON, but for the modules SKIPPED (comma-separated
// names and prefixes: the server side); the lines before it name the files rewritten.
import { readFileSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { pathToFileURL } from "node:url";

const [dir, lockFile, wheel, imports, leftOut, skipped] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(join(dir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: dir + "/", lockFileContents: { info: JSON.parse(readFileSync(lockFile)).info, packages: {} } });
const sitePackages = pyodide.runPython("import site\nsite.getsitepackages()[0]");
pyodide.unpackArchive(new Uint8Array(readFileSync(wheel)), "wheel", { extractDir: sitePackages });
pyodide.runPython(readFileSync(new URL("./bytecode.py", import.meta.url), "utf8"));
const [stdlib, site] = pyodide.globals.get("imported_files")(imports.split(",")).toJs();
const compile = pyodide.runPython(
  "lambda data, wanted: compiled(data.to_bytes(), set(wanted))");
for (const [path, wanted] of [[join(dir, "python_stdlib.zip"), stdlib], [wheel, site]]) {
  const result = compile(new Uint8Array(readFileSync(path)), [...wanted]);
  if (result !== undefined) {
    writeFileSync(path, result.toJs());
    result.destroy();
    console.log(basename(path));
  }
}
const missing = pyodide.globals.get("needed_but_left_out")(
  "danish_nb", pyodide.toPy(new Set(leftOut.split(","))), pyodide.toPy(skipped.split(",")));
console.log(JSON.stringify(missing.toJs()));
process.exit(0);

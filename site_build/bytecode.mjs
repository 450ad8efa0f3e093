// node bytecode.mjs DIR PACKAGES IMPORTS SOURCED: in the Pyodide of DIR (pyodide.mjs, its lock,
// wheels), load PACKAGES and import IMPORTS (comma-separated), then rewrite DIR's standard library
// zip and every wheel they hold with bytecode for the modules now imported (bytecode.py says how);
// the wheels of the SOURCED packages keep those modules' sources too.
// Prints the names of the files rewritten, one a line.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const [dir, packages, imports, sourced] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(join(dir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: dir + "/", packages: packages.split(",") });
pyodide.runPython(readFileSync(new URL("./bytecode.py", import.meta.url), "utf8"));
const [stdlib, site] = pyodide.globals.get("imported_files")(imports.split(",")).toJs();
const compile = pyodide.runPython(
  "lambda data, wanted, sourceless: compiled(data.to_bytes(), set(wanted), sourceless)");
const lock = JSON.parse(readFileSync(join(dir, "pyodide-lock.json"), "utf8"));
const archives = [["python_stdlib.zip", stdlib, true],
  ...Object.values(lock.packages).map((p) => [p.file_name, site, !sourced.split(",").includes(p.name)])];
for (const [name, wanted, sourceless] of archives) {
  const path = join(dir, name);
  const result = compile(new Uint8Array(readFileSync(path)), [...wanted], sourceless);
  if (result !== undefined) {
    writeFileSync(path, result.toJs());
    result.destroy();
    console.log(name);
  }
}
process.exit(0);

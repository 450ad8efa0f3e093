// node benchmarks/site_steps.mjs PYODIDE_DIR: the CPU seconds of each start-up step of a built
// site's Python, in Pyodide under Node.js (a proxy for the page's kernel worker that a busy
// machine disturbs less than wall time): Pyodide itself, the preloaded packages, the kernel's
// imports, the app's import. Prints one JSON object.
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { readFileSync } from "node:fs";

const dir = process.argv[2];
const settings = JSON.parse(readFileSync(join(dir, "..", "..", "jupyter-lite.json"), "utf8"));
const packages = settings["jupyter-config-data"].litePluginSettings[
  "@jupyterlite/pyodide-kernel-extension:kernel"].loadPyodideOptions.packages;
let start = process.cpuUsage();
const cpu = () => {
  const used = process.cpuUsage(start);
  start = process.cpuUsage();
  return (used.user + used.system) / 1e6;
};
const { loadPyodide } = await import(pathToFileURL(join(dir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: dir + "/" });
const steps = { pyodide: cpu() };
await pyodide.loadPackage(packages, { messageCallback: () => {} });
steps.packages = cpu();
await pyodide.runPythonAsync("import piplite.piplite\nimport pyodide_kernel");
steps.kernel = cpu();
await pyodide.runPythonAsync("import danish_nb.app");
steps.app = cpu();
console.log(JSON.stringify(steps));
process.exit(0);

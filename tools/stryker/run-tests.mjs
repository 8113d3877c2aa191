// The Node tests of one mutant, for Stryker's command runner (tools/mutation_web.py):
// each test file (node:test) in a worker thread of its own, one after another (its
// own globals and modules, as `node --test` gives it its own process, for a
// fraction of a process's start), stopping at the first that fails, whose output
// is shown and whose failure is the exit code. Usage: node run-tests.mjs FILE...

import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";

function run(file) {
  return new Promise((done) => {
    const worker = new Worker(pathToFileURL(resolve(file)), { stdout: true, stderr: true });
    const said = [];
    worker.stdout.on("data", (chunk) => said.push(chunk));
    worker.stderr.on("data", (chunk) => said.push(chunk));
    worker.on("error", (error) => said.push(String(error.stack)));
    worker.on("exit", (code) => done({ code, said: said.join("") }));
  });
}

for (const file of process.argv.slice(2)) {
  const { code, said } = await run(file);
  if (code !== 0) {
    console.log(`${said}\n${file} failed (exit code ${code})`);
    process.exit(1);
  }
}

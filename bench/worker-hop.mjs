// bench/worker-hop: the cost per call of running the engine in a worker_threads Worker rather than in the calling
// thread, on a small file (target: <= 1 ms). Both sides go through the same core (dist/engine/core, dist/engine/service): the same
// RecoveringEngine, one with the in-thread spawn and one with the worker spawn.
// Run with `npm run bench:worker-hop` (builds first; uses the pinned Node 24). Options: --calls N
import { performance } from "node:perf_hooks";
import { inThreadSpawn } from "../dist/engine/core/index.js";
import { RecoveringEngine } from "../dist/engine/service/index.js";
import { locateEngineFiles } from "../dist/engine/node/engine-files.js";
import { readEngineImage } from "../dist/engine/node/engine-image.js";
import { workerSpawn } from "../dist/engine/node/worker-host.js";

const callsArg = process.argv.indexOf("--calls");
const calls = callsArg === -1 ? 300 : Number(process.argv[callsArg + 1]);
const files = locateEngineFiles();
const SMALL = "class A {\n  int twice(int x) { x * 2 }\n}\nprintln new A().twice(21)\n";
const URI = "groovy-buffer:hop";
const quiet = () => undefined;

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const percentile = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];

async function measure(engine) {
  await engine.ready();
  await engine.open(URI, SMALL);
  // the ops a session runs most: a compile (diagnostics) and a cheap query on the cached compile (describe)
  const out = {};
  for (const [op, params] of [["diagnostics", { uri: URI }], ["describe", { uri: URI, line: 1, character: 7 }], ["keywords", {}]]) {
    for (let i = 0; i < 30; i++) await engine.request(op, params); // warm up (JIT, caches)
    const times = [];
    for (let i = 0; i < calls; i++) {
      const t = performance.now();
      await engine.request(op, params);
      times.push(performance.now() - t);
    }
    out[op] = { median: median(times), p90: percentile(times, 0.9) };
  }
  // a compile of changed text: open (replace) then diagnostics, two hops
  const times = [];
  for (let i = 0; i < calls + 30; i++) {
    const t = performance.now();
    await engine.open(URI, `${SMALL}// edit ${i}\n`);
    await engine.request("diagnostics", { uri: URI });
    if (i >= 30) times.push(performance.now() - t);
  }
  out["open + diagnostics (changed text)"] = { median: median(times), p90: percentile(times, 0.9) };
  engine.dispose();
  return out;
}

const inThread = await measure(new RecoveringEngine({ spawn: inThreadSpawn(() => readEngineImage(files, []), { javaOutput: quiet }) }));
const inWorker = await measure(new RecoveringEngine({ spawn: workerSpawn({ files, classpathJars: [], log: quiet }) }));

console.log(`Node ${process.versions.node}, ${calls} calls per op after 30 warm-up calls, small file (${SMALL.length} chars)`);
console.log("| op | in-thread median | worker median | hop (median) | worker p90 | target |\n|---|---|---|---|---|---|");
for (const op of Object.keys(inThread)) {
  const a = inThread[op];
  const b = inWorker[op];
  console.log(`| ${op} | ${a.median.toFixed(3)} ms | ${b.median.toFixed(3)} ms | ${(b.median - a.median).toFixed(3)} ms | ${b.p90.toFixed(3)} ms | <= 1 ms |`);
}
process.exit(0);

// Rewrites the two entry points that a process starts from, dist/cli.js and the engine's worker, as single files
// (esbuild, from tsc's output in dist/, so the bundle holds exactly the JavaScript the tests import). Node's ES module
// loader costs about 1-2 ms per module on the machines measured, and a server start resolves ~60 modules before it
// can start the engine, then ~20 more in the worker: 100-150 ms of the time to the first answer
// (docs/performance.md, "Start-up"). Both bundles sit directly in dist/, where src/package-file.ts sits,
// so paths from the package root resolve the same in both layouts; the bundled worker host finds the bundled
// worker beside it (dist/engine-worker.js), the unbundled one finds tsc's (dist/engine/node/engine-worker.js).
// The rest of dist/ stays as tsc wrote it, for the benches and tests that import single modules.
import { build } from "esbuild";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const dist = join(dirname(fileURLToPath(import.meta.url)), "..", "dist");
// the bundled CommonJS dependencies (commander, ajv) call require() for Node's modules; an ES module has none
const banner = 'import { createRequire as __groovymcpRequire } from "node:module"; const require = __groovymcpRequire(import.meta.url);';

const entries = [
  { from: join(dist, "cli.js"), to: join(dist, "cli.js") },
  { from: join(dist, "engine", "node", "engine-worker.js"), to: join(dist, "engine-worker.js") },
];
// the packages inlined into the bundles, by their folder in node_modules
const packages = new Set();
for (const { from, to } of entries) {
  const { metafile } = await build({
    entryPoints: [from],
    outfile: to,
    allowOverwrite: true,
    bundle: true,
    platform: "node",
    format: "esm",
    // what tsc emits (tsconfig.json); the version check in cli.js must still parse on an old Node to refuse it
    target: "es2022",
    banner: { js: banner },
    // a bundled package's legal comments (none of today's have one) would stay, at the end; NOTICE names them all
    legalComments: "eof",
    logLevel: "warning",
    metafile: true,
  });
  for (const input of Object.keys(metafile.inputs)) {
    const m = /(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input);
    if (m) packages.add(m[1]);
  }
}

// Their licences ask that the notice travel with every copy, and the bundle is now the copy that ships: each
// package's own licence file, verbatim, beside the bundles (NOTICE points here).
const root = join(dist, "..");
const notices = [...packages].sort().map((name) => {
  const folder = join(root, "node_modules", name);
  const { version, license } = JSON.parse(readFileSync(join(folder, "package.json"), "utf8"));
  const file = readdirSync(folder).find((f) => /^licen[cs]e/i.test(f));
  if (file === undefined) throw new Error(`bundle-entries: ${name} has no licence file to ship`);
  return `${name} ${version} (${license})\n\n${readFileSync(join(folder, file), "utf8").trim()}\n`;
});
writeFileSync(join(dist, "THIRD-PARTY-LICENSES.txt"), `The npm packages bundled into dist/cli.js and dist/engine-worker.js, each with its licence.\n\n${notices.join(`\n${"-".repeat(78)}\n\n`)}`);

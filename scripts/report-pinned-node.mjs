// Runs after `npm ci` / `npm install` in a checkout (the `prepare` script). On a system Node older than the engine
// needs, npm prints EBADENGINE warnings for the dev tools that need Node 22 and stays silent about the Node it
// fetched to run them; this says once, on stderr, which Node that is and that the warnings need no action.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const NEEDED = [22, 19];
const root = join(dirname(fileURLToPath(import.meta.url)), "..");
// The Node that runs npm, which is the system's: within an npm script, `node` on PATH is already the pinned one
// (node_modules/.bin comes first), so this script's own version says nothing about the system.
const system = /\bnode\/v([\d.]+)/.exec(process.env.npm_config_user_agent ?? "")?.[1] ?? process.versions.node;
const [major, minor] = system.split(".").map(Number);
if (major > NEEDED[0] || (major === NEEDED[0] && minor >= NEEDED[1])) process.exit(0);

const pinned = join(root, "node_modules", "node", "bin", "node");
const where = relative(process.cwd(), pinned) || pinned;
const version = existsSync(pinned) ? spawnSync(pinned, ["--version"], { encoding: "utf8", timeout: 30_000 }).stdout?.trim() : undefined;
const why = `this system's Node is v${system}; groovymcp's engine needs Node ${NEEDED.join(".")} or newer (WebAssembly GC)`;
if (version) {
  process.stderr.write(
    `groovymcp: ${why}. Setup fetched Node ${version} (the pinned \`node\` dev dependency, ${where}); ` +
      "the server, lint, the tests and the benches run on it through scripts/run-with-node24.mjs, npm start and " +
      "scripts/quickstart.sh. The EBADENGINE warnings above name dev tools that only run on that Node: no action needed.\n",
  );
} else {
  process.stderr.write(
    `groovymcp: ${why}, and the pinned Node (the \`node\` dev dependency) is not installed: run \`npm ci\` ` +
      "without --omit=dev, or install Node 22.19 or newer.\n",
  );
}

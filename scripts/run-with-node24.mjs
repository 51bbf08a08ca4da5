// Runs a script with the Node >= 22 binary that the `node` dev dependency installs
// (this machine's system Node may be too old for WebAssembly GC).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const candidates = [join(root, "node_modules", "node", "bin", "node"), join(root, "node_modules", ".bin", "node")];
const pinned = candidates.find((p) => existsSync(p));
const major = Number(process.versions.node.split(".")[0]);
const nodeBinary = pinned ?? (major >= 22 ? process.execPath : undefined);
if (nodeBinary === undefined) {
  process.stderr.write("groovymcp: tests need Node.js 22 or newer; run `npm install` so the pinned `node` dev dependency is present\n");
  process.exit(1);
}
const result = spawnSync(nodeBinary, process.argv.slice(2), { stdio: "inherit", cwd: root });
process.exit(result.status ?? 1);

// `npm start`: build the host if dist/ is missing or older than src/, then run the server on stdio.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const newest = (dir) => {
  let t = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    t = Math.max(t, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
};
const cli = join(root, "dist", "cli.js");
if (!existsSync(cli) || newest(join(root, "src")) > statSync(cli).mtimeMs) {
  const tsc = spawnSync(process.execPath, [join(root, "node_modules", "typescript", "bin", "tsc"), "-p", join(root, "tsconfig.json")], { stdio: ["ignore", 2, 2] });
  if (tsc.status !== 0) process.exit(tsc.status ?? 1);
}
const pinned = join(root, "node_modules", "node", "bin", "node");
const nodeBinary = Number(process.versions.node.split(".")[0]) >= 22 || !existsSync(pinned) ? process.execPath : pinned;
const server = spawnSync(nodeBinary, [cli, ...process.argv.slice(2)], { stdio: "inherit" });
process.exit(server.status ?? 1);

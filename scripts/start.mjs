// `npm start`: build the host when its inputs are newer than the last successful build (the same stamp check as
// the quick start, so a half-finished build or a changed bundle script is rebuilt too), then run the server on stdio.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const build = spawnSync(process.execPath, [join(root, "scripts", "build-host-if-stale.mjs")], { stdio: ["ignore", 2, 2] });
if (build.status !== 0) process.exit(build.status ?? 1);
const cli = join(root, "dist", "cli.js");
const pinned = join(root, "node_modules", "node", "bin", "node");
const nodeBinary = Number(process.versions.node.split(".")[0]) >= 22 || !existsSync(pinned) ? process.execPath : pinned;
const server = spawnSync(nodeBinary, [cli, ...process.argv.slice(2)], { stdio: "inherit" });
process.exit(server.status ?? 1);

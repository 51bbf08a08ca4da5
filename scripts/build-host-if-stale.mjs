// Builds the host (`npm run build`, its output on stderr) unless the last successful build is newer than every file
// it reads. A stamp written after the build succeeds, not dist/'s own times, decides: a build that failed half way
// leaves dist/ newer than src/ but no stamp, so the next run builds again. The stamp lives in node_modules/.cache,
// which `npm ci` empties, since a new set of dependencies changes the bundles too.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const stamp = join(root, "node_modules", ".cache", "groovymcp", "host-build.stamp");
const inputs = ["src", "tsconfig.json", "package.json", "package-lock.json", "scripts/compile-validators.mjs", "scripts/bundle-entries.mjs"];

/** The newest modification time under `path` (a file or a folder, walked). */
function newest(path) {
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let t = st.mtimeMs;
  for (const name of readdirSync(path)) t = Math.max(t, newest(join(path, name)));
  return t;
}

const current =
  existsSync(stamp) &&
  existsSync(join(root, "dist", "cli.js")) &&
  inputs.every((p) => !existsSync(join(root, p)) || newest(join(root, p)) <= statSync(stamp).mtimeMs);
if (!current) {
  process.stderr.write("groovymcp: building the host (dist/)\n");
  const npm = process.env.npm_execpath;
  const build = npm?.endsWith(".js")
    ? spawnSync(process.execPath, [npm, "run", "--silent", "build"], { cwd: root, stdio: ["ignore", 2, 2] })
    : spawnSync("npm", ["run", "--silent", "build"], { cwd: root, stdio: ["ignore", 2, 2] });
  if (build.status !== 0) process.exit(build.status ?? 1);
  mkdirSync(dirname(stamp), { recursive: true });
  writeFileSync(stamp, `${new Date().toISOString()}\n`);
}

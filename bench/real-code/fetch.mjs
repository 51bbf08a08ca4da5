// bench/real-code: real public Groovy for every bench. Sources jars listed in sources.json are fetched from Maven
// Central with Maven at run time, their .groovy files are unpacked into a git-ignored cache, de-duplicated by
// content and returned as one stable, sorted list. Nothing fetched is ever committed.
//
//   import { realCodeFiles, sample } from "./real-code/fetch.mjs";
//   const files = await realCodeFiles({ min: 500 });   // [{ id, path, artifact, lines, bytes, sha1 }]
//
// Kinds that sources jars lack (Gradle scripts, Jenkinsfiles, Spock specifications) come from git repositories
// already on the machine: gitCodeFiles(["<git dir>[@<commit>]", ...]), written into the same cache.
//
// CLI: node bench/real-code/fetch.mjs [--min N] [--list] [--json]   (summary on stderr, list on stdout)
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
export const defaultCacheDir = process.env.GROOVYMCP_REAL_CODE_CACHE ?? join(here, "..", ".cache", "real-code");
const m2 = process.env.MAVEN_REPO ?? join(homedir(), ".m2", "repository");
/** Bumped when the unpacking or the index format changes, so stale caches are rebuilt. */
const FORMAT = 1;

/** The coordinates (group:artifact:version) of sources.json. */
export function coordinates() {
  return JSON.parse(readFileSync(join(here, "sources.json"), "utf8")).artifacts;
}

function jarPath(coord) {
  const [g, a, v] = coord.split(":");
  return join(m2, ...g.split("."), a, v, `${a}-${v}-sources.jar`);
}

/** Fetches one sources jar with Maven (no transitive dependencies); returns its path or null if Maven cannot. */
function fetchJar(coord, log) {
  const jar = jarPath(coord);
  if (existsSync(jar)) return jar;
  log(`real-code: fetching ${coord}:jar:sources with Maven`);
  const r = spawnSync("mvn", ["-B", "-q", "-ntp", "dependency:get", "-Dtransitive=false", `-Dartifact=${coord}:jar:sources`],
    { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], timeout: 180_000 });
  if (r.error) throw new Error(`real-code: cannot run mvn (${r.error.message}); Maven is needed to fetch real code`);
  if (r.status !== 0 || !existsSync(jar)) {
    const why = (r.stdout + r.stderr).split("\n").find((l) => l.includes("ERROR")) ?? `exit ${r.status}`;
    log(`real-code: skipping ${coord}: ${why.replace(/\x1b\[[0-9;]*m/g, "").slice(0, 200)}`);
    return null;
  }
  return jar;
}

function walk(dir, out = []) {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) walk(p, out);
    else if (e.isFile() && e.name.endsWith(".groovy")) out.push(p);
  }
  return out;
}

/** Unpacks a jar's .groovy files into cacheDir/<coord>/ once (the JDK's `jar` tool: Maven needs a JDK anyway). */
function unpack(coord, jar, cacheDir) {
  const dest = join(cacheDir, coord.replaceAll(":", "_"));
  const done = join(dest, ".unpacked");
  if (existsSync(done)) return dest;
  const tmp = `${dest}.tmp-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  const r = spawnSync("jar", ["xf", jar], { cwd: tmp, encoding: "utf8" });
  if (r.status !== 0) throw new Error(`real-code: jar xf ${jar} failed: ${r.stderr}`);
  // Keep only the Groovy sources; Java sources and resources are not ours to bench.
  const keep = new Set(walk(tmp));
  const prune = (dir) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) {
        prune(p);
        if (readdirSync(p).length === 0) rmSync(p, { recursive: true });
      } else if (!keep.has(p)) rmSync(p);
    }
  };
  prune(tmp);
  writeFileSync(join(tmp, ".unpacked"), `${jar}\n`);
  rmSync(dest, { recursive: true, force: true });
  renameSync(tmp, dest);
  return dest;
}

const countLines = (text) => (text.length === 0 ? 0 : text.split("\n").length - (text.endsWith("\n") ? 1 : 0));

/**
 * All real files, sorted by id (`<coord>/<path in jar>`), de-duplicated by content (the first id wins).
 * @param {{min?: number, cacheDir?: string, log?: (s: string) => void}} [opts]
 * @returns {Promise<Array<{id: string, path: string, artifact: string, lines: number, bytes: number, sha1: string}>>}
 */
export async function realCodeFiles(opts = {}) {
  const { min = 0, cacheDir = defaultCacheDir, log = (s) => process.stderr.write(`${s}\n`) } = opts;
  mkdirSync(cacheDir, { recursive: true });
  const coords = coordinates();
  const indexFile = join(cacheDir, "index.json");
  const key = JSON.stringify({ FORMAT, coords });
  if (existsSync(indexFile)) {
    const idx = JSON.parse(readFileSync(indexFile, "utf8"));
    if (idx.key === key && idx.files.every((f) => existsSync(f.path))) return check(idx.files, min);
  }
  const files = [];
  const seen = new Set();
  for (const coord of [...coords].sort()) {
    const jar = fetchJar(coord, log);
    if (!jar) continue;
    const dir = unpack(coord, jar, cacheDir);
    for (const p of walk(dir).sort()) {
      const buf = readFileSync(p);
      const sha1 = createHash("sha1").update(buf).digest("hex");
      if (seen.has(sha1)) continue;
      seen.add(sha1);
      files.push({ id: `${coord}/${relative(dir, p).split(sep).join("/")}`, path: p, artifact: coord,
        lines: countLines(buf.toString("utf8")), bytes: buf.length, sha1 });
    }
  }
  files.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  writeFileSync(indexFile, JSON.stringify({ key, files }, null, 1));
  return check(files, min);
}

function check(files, min) {
  if (files.length < min) {
    throw new Error(`real-code: only ${files.length} Groovy files could be fetched, ${min} needed (see sources.json)`);
  }
  return files;
}

/**
 * The kind of a real file, for the varied set's summary: a Gradle script, a Jenkinsfile, a Spock specification, a file
 * that declares a class (or interface, trait, enum), or a script.
 */
export function kindOf(path, text) {
  const base = path.split(/[\\/]/).pop();
  if (base.endsWith(".gradle")) return "gradle";
  if (/^jenkinsfile/i.test(base) || /^\s*(?:pipeline|node)\s*(?:\([^)]*\)\s*)?\{/m.test(text)) return "jenkinsfile";
  if (/\bextends\s+(spock\.lang\.)?Specification\b/.test(text)) return "spock";
  if (/^\s*(?:(?:public|abstract|final|@\w+(?:\([^)]*\))?)\s+)*(?:class|interface|trait|enum)\s+\w/m.test(text)) return "class";
  return "script";
}

/** What a git checkout contributes: Groovy sources, Gradle scripts and Jenkinsfiles (the kinds sources jars lack). */
const GIT_PATHS = (path) => /\.(groovy|gradle)$/.test(path) || /(^|\/)jenkinsfile[^/]*$/i.test(path);

const git = (dir, args, input) => {
  const r = spawnSync("git", ["--git-dir", dir, ...args], { input, maxBuffer: 1 << 30, stdio: ["pipe", "pipe", "pipe"] });
  if (r.error || r.status !== 0) throw new Error(`real-code: git ${args[0]} in ${dir} failed: ${r.error?.message ?? r.stderr.toString().trim()}`);
  return r.stdout;
};

/**
 * Real files from git repositories already on this machine (bare or not), for the kinds Maven's sources jars lack:
 * each spec is `<git dir>[@<commit>]` (default HEAD); the files GIT_PATHS keeps are written once into
 * cacheDir/git/<repo>-<commit>/ and returned as realCodeFiles returns its own, with the repository as `artifact`
 * and `kind` set. Nothing is fetched from the network here and nothing is committed.
 * @param {string[]} specs
 */
export function gitCodeFiles(specs, opts = {}) {
  const { cacheDir = defaultCacheDir } = opts;
  const files = [];
  for (const spec of specs) {
    const at = spec.lastIndexOf("@");
    const dir = at > 0 ? spec.slice(0, at) : spec;
    const commit = git(dir, ["rev-parse", "--verify", `${at > 0 ? spec.slice(at + 1) : "HEAD"}^{commit}`]).toString().trim();
    // a mirror's directory is <owner>+<name>/repo; a checkout's is its own name
    const parts = dir.replace(/[\\/]+$/, "").split(/[\\/]/);
    const repo = (parts.at(-1) === "repo" || parts.at(-1) === ".git" ? parts.at(-2) : parts.at(-1)).replace(/\.git$/, "");
    const dest = join(cacheDir, "git", `${repo}-${commit.slice(0, 12)}`);
    const listed = git(dir, ["ls-tree", "-r", "-z", commit]).toString().split("\0").filter(Boolean)
      .map((l) => ({ type: l.split(" ")[1], blob: l.split(" ")[2].split("\t")[0], path: l.slice(l.indexOf("\t") + 1) }))
      .filter((e) => e.type === "blob" && GIT_PATHS(e.path)).sort((a, b) => (a.path < b.path ? -1 : 1));
    if (!existsSync(join(dest, ".unpacked"))) {
      for (const e of listed) {
        const p = join(dest, ...e.path.split("/"));
        mkdirSync(dirname(p), { recursive: true });
        writeFileSync(p, git(dir, ["cat-file", "blob", e.blob]));
      }
      mkdirSync(dest, { recursive: true });
      writeFileSync(join(dest, ".unpacked"), `${dir} ${commit}\n`);
    }
    for (const e of listed) {
      const p = join(dest, ...e.path.split("/"));
      const buf = readFileSync(p);
      const text = buf.toString("utf8");
      files.push({ id: `${repo}@${commit.slice(0, 12)}/${e.path}`, path: p, artifact: `${repo}@${commit.slice(0, 12)}`,
        lines: countLines(text), bytes: buf.length, sha1: createHash("sha1").update(buf).digest("hex"), kind: kindOf(p, text) });
    }
  }
  return files;
}

/** A deterministic, evenly spread subset of n files (every k-th of the sorted list), so benches stay bounded. */
export function sample(files, n) {
  if (n >= files.length) return [...files];
  const out = [];
  for (let i = 0; i < n; i++) out.push(files[Math.floor((i * files.length) / n)]);
  return out;
}

export function summary(files) {
  const per = new Map();
  for (const f of files) {
    const s = per.get(f.artifact) ?? { files: 0, lines: 0 };
    s.files++;
    s.lines += f.lines;
    per.set(f.artifact, s);
  }
  return { files: files.length, lines: files.reduce((a, f) => a + f.lines, 0), perArtifact: Object.fromEntries(per) };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = process.argv.slice(2);
  const minAt = args.indexOf("--min");
  const min = minAt >= 0 ? Number(args[minAt + 1]) : 0;
  try {
    const files = await realCodeFiles({ min });
    const s = summary(files);
    for (const [a, v] of Object.entries(s.perArtifact)) process.stderr.write(`${String(v.files).padStart(5)} files ${String(v.lines).padStart(7)} lines  ${a}\n`);
    process.stderr.write(`${String(s.files).padStart(5)} files ${String(s.lines).padStart(7)} lines  total (cache ${defaultCacheDir})\n`);
    if (args.includes("--json")) process.stdout.write(`${JSON.stringify(files, null, 1)}\n`);
    else if (args.includes("--list")) for (const f of files) process.stdout.write(`${f.lines}\t${f.path}\n`);
  } catch (e) {
    process.stderr.write(`${e.message}\n`);
    process.exit(1);
  }
}

// bench/lint: the same real Groovy files through `groovymcp lint --format json` and through npm-groovy-lint 18.x,
// printing wall time, peak memory (RSS of the whole process tree, Java included) and the ratio as a table.
//
//   npm run build && node scripts/run-with-node24.mjs bench/lint.mjs [--corpus codenarc|all] [--skip-ngl] [--jobs 1,2]
//
// Real files only: Groovy sources jars from Maven Central, fetched with Maven at run time by bench/real-code (the
// shared fetcher) when present, else by the small fetcher below (CodeNarc's sources). They are copied into a
// temporary tree that keeps each artifact's package layout, and never committed. npm-groovy-lint is installed into a
// temporary directory at bench time (never a project dependency) and needs Java 17+, which this machine has for the
// comparison only. Both tools are run cold, as CI runs them: npm-groovy-lint's CodeNarc server is killed first.
import { spawn, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { dirname, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const NODE = process.execPath;
const CLI = join(root, "dist", "cli.js");
const NGL_VERSION = "18";

const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
};
const corpusName = opt("--corpus", "codenarc");
const jobsList = opt("--jobs", "1,2").split(",").map(Number);
const replicate = Number(opt("--replicate", "1"));
// --replicate K copies the corpus K times (as K separate artifacts) to show lint's memory bound on a large tree;
// only groovymcp runs then, unless --with-ngl is given.
const skipNgl = args.includes("--skip-ngl") || (replicate > 1 && !args.includes("--with-ngl"));
const log = (s) => process.stderr.write(`${s}\n`);

if (Number(process.versions.node.split(".")[0]) < 22) {
  log("bench/lint: run it with Node 22+ (node scripts/run-with-node24.mjs bench/lint.mjs)");
  process.exit(1);
}
if (!existsSync(CLI)) {
  log("bench/lint: dist/cli.js is missing; run npm run build first");
  process.exit(1);
}

/** The fallback fetcher: CodeNarc's sources jar with Maven, unpacked with the JDK's jar tool. */
function fetchCodeNarc() {
  const coord = "org.codenarc:CodeNarc:3.5.0";
  const jar = join(homedir(), ".m2", "repository", "org", "codenarc", "CodeNarc", "3.5.0", "CodeNarc-3.5.0-sources.jar");
  if (!existsSync(jar)) {
    log(`bench/lint: fetching ${coord}:jar:sources with Maven`);
    const r = spawnSync("mvn", ["-B", "-q", "-ntp", "dependency:get", "-Dtransitive=false", `-Dartifact=${coord}:jar:sources`], { stdio: "inherit" });
    if (r.status !== 0 || !existsSync(jar)) throw new Error("bench/lint: Maven could not fetch CodeNarc's sources jar");
  }
  const dest = join(tmpdir(), "groovymcp-bench-lint-codenarc");
  if (!existsSync(join(dest, ".unpacked"))) {
    rmSync(dest, { recursive: true, force: true });
    mkdirSync(dest, { recursive: true });
    const r = spawnSync("jar", ["xf", jar], { cwd: dest });
    if (r.status !== 0) throw new Error("bench/lint: jar xf failed");
    spawnSync("touch", [join(dest, ".unpacked")]);
  }
  const out = [];
  const walk = (d) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith(".groovy")) out.push({ id: `${coord}/${relative(dest, p).split(sep).join("/")}`, path: p, artifact: coord });
    }
  };
  walk(dest);
  return out.sort((a, b) => (a.id < b.id ? -1 : 1));
}

async function corpusFiles() {
  const shared = join(root, "bench", "real-code", "fetch.mjs");
  let files;
  if (existsSync(shared)) {
    const { realCodeFiles } = await import(shared);
    files = await realCodeFiles({ min: 500 });
  } else {
    log("bench/lint: bench/real-code is not on this branch; using the fallback CodeNarc fetcher");
    files = fetchCodeNarc();
  }
  if (corpusName === "codenarc") files = files.filter((f) => f.artifact.startsWith("org.codenarc:CodeNarc:"));
  if (files.length < 500) throw new Error(`bench/lint: only ${files.length} files in corpus ${corpusName}; 500 are needed`);
  return files;
}

/** Copies the files into one tree, `<artifact>/<path in jar>`, so source trees and packages stay as they were. */
function layOut(files) {
  const dir = mkdtempSync(join(tmpdir(), "groovymcp-bench-lint-"));
  mkdirSync(join(dir, ".git"));
  let lines = 0;
  for (let copy = 1; copy <= replicate; copy++) for (const f of files) {
    const [artifact, ...rest] = f.id.split("/");
    const target = join(dir, `${artifact.replaceAll(":", "_")}${replicate > 1 ? `_copy${copy}` : ""}`, ...rest);
    mkdirSync(dirname(target), { recursive: true });
    cpSync(f.path, target);
    const text = readFileSync(target, "utf8");
    lines += text.length === 0 ? 0 : text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
  }
  return { dir, lines };
}

/** Sum of RSS over a process tree (and any process whose command line has `marker`), sampled every 100 ms. */
function rssOfTree(rootPid, marker) {
  const ps = spawnSync("ps", ["-eo", "pid=,ppid=,rss=,args="], { encoding: "utf8" }).stdout;
  const procs = ps.split("\n").filter(Boolean).map((l) => {
    const m = /^\s*(\d+)\s+(\d+)\s+(\d+)\s+(.*)$/.exec(l);
    return m ? { pid: Number(m[1]), ppid: Number(m[2]), rss: Number(m[3]), args: m[4] } : undefined;
  }).filter(Boolean);
  const inTree = new Set([rootPid]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const p of procs) if (!inTree.has(p.pid) && inTree.has(p.ppid)) { inTree.add(p.pid); grew = true; }
  }
  let kb = 0;
  for (const p of procs) if (inTree.has(p.pid) || (marker !== undefined && p.args.includes(marker))) kb += p.rss;
  return kb * 1024;
}

function timed(command, argv, options, marker) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, argv, { ...options, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (d) => (stdout += d));
    child.stderr.setEncoding("utf8").on("data", (d) => (stderr += d));
    let peak = 0;
    const timer = setInterval(() => {
      peak = Math.max(peak, rssOfTree(child.pid, marker));
    }, 100);
    child.on("error", reject);
    child.on("close", (status) => {
      clearInterval(timer);
      resolve({ status, stdout, stderr, seconds: (performance.now() - started) / 1000, peak });
    });
  });
}

function installNgl() {
  const dir = join(tmpdir(), `groovymcp-bench-npm-groovy-lint-${NGL_VERSION}`);
  const bin = join(dir, "node_modules", "npm-groovy-lint", "lib", "index.js");
  if (!existsSync(bin)) {
    log(`bench/lint: installing npm-groovy-lint@${NGL_VERSION} into ${dir}`);
    mkdirSync(dir, { recursive: true });
    const r = spawnSync("npm", ["install", "--no-audit", "--no-fund", "--prefix", dir, `npm-groovy-lint@${NGL_VERSION}`], { stdio: ["ignore", "ignore", "inherit"] });
    if (r.status !== 0 || !existsSync(bin)) throw new Error("bench/lint: npm-groovy-lint could not be installed");
  }
  const pkg = JSON.parse(readFileSync(join(dir, "node_modules", "npm-groovy-lint", "package.json"), "utf8"));
  return { dir, bin, version: pkg.version };
}

const mib = (bytes) => (bytes / 1024 / 1024).toFixed(0);

const files = await corpusFiles();
const { dir, lines } = layOut(files);
const fileCount = files.length * replicate;
log(`bench/lint: ${fileCount} real files, ${lines} lines (${corpusName}${replicate > 1 ? ` x${replicate}` : ""}) in ${dir}`);
const rows = [];

for (const jobs of jobsList) {
  const out = join(dir, `groovymcp-${jobs}.json`);
  const r = await timed(NODE, [CLI, "lint", "--format", "json", "--output", out, "--jobs", String(jobs), "--fail-on", "none", "."], { cwd: dir });
  if (r.status !== 0) throw new Error(`bench/lint: groovymcp lint exited ${r.status}: ${r.stderr.slice(0, 500)}`);
  const report = JSON.parse(readFileSync(out, "utf8"));
  const s = report.summary;
  rows.push({ tool: `groovymcp lint --jobs ${jobs}`, files: s.files, seconds: r.seconds, peak: r.peak, findings: `${s.errors} err, ${s.warnings} warn, ${s.information} info` });
  log(`bench/lint: groovymcp --jobs ${jobs}: ${r.seconds.toFixed(1)} s, ${mib(r.peak)} MiB`);
}

if (!skipNgl) {
  const ngl = installNgl();
  spawnSync(NODE, [ngl.bin, "--killserver"], { stdio: "ignore", timeout: 60_000 });
  const r = await timed(NODE, [ngl.bin, "--output", "json", "--failon", "none", "."], { cwd: dir }, ngl.dir);
  spawnSync(NODE, [ngl.bin, "--killserver"], { stdio: "ignore", timeout: 60_000 });
  let summary = "?";
  let linted = "?";
  try {
    const start = r.stdout.indexOf("{");
    const report = JSON.parse(r.stdout.slice(start));
    linted = report.summary.totalFilesLinted;
    summary = `${report.summary.totalFoundErrorNumber} err, ${report.summary.totalFoundWarningNumber} warn, ${report.summary.totalFoundInfoNumber} info`;
  } catch {
    summary = `unparsed output (exit ${r.status})`;
  }
  rows.push({ tool: `npm-groovy-lint ${ngl.version}`, files: linted, seconds: r.seconds, peak: r.peak, findings: summary });
  log(`bench/lint: npm-groovy-lint: ${r.seconds.toFixed(1)} s, ${mib(r.peak)} MiB`);
}

const ngl = rows.find((r) => r.tool.startsWith("npm-groovy-lint"));
const header = ["tool", "files", "wall s", "peak RSS MiB", "s per 1k lines", "vs npm-groovy-lint", "findings"];
const table = [header, header.map(() => "---")];
for (const r of rows) {
  table.push([
    r.tool,
    String(r.files),
    r.seconds.toFixed(1),
    mib(r.peak),
    ((r.seconds * 1000) / lines).toFixed(2),
    ngl === undefined || r === ngl ? "" : `${(ngl.seconds / r.seconds).toFixed(1)}x faster`,
    r.findings,
  ]);
}
const one = rows.find((r) => r.tool === "groovymcp lint --jobs 1");
const two = rows.find((r) => r.tool === "groovymcp lint --jobs 2");
process.stdout.write(`\nbench/lint: ${fileCount} real files, ${lines} lines (${corpusName}${replicate > 1 ? ` x${replicate}` : ""}), ${new Date().toISOString().slice(0, 10)}\n\n`);
for (const row of table) process.stdout.write(`| ${row.join(" | ")} |\n`);
if (one !== undefined && two !== undefined) process.stdout.write(`\nthroughput 1 -> 2 workers: ${(one.seconds / two.seconds).toFixed(2)}x\n`);
rmSync(dir, { recursive: true, force: true });

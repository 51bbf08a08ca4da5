// bench/lint: the same real Groovy files through `groovymcp lint --format json` and through npm-groovy-lint 18.x,
// printing wall time, peak memory (RSS of the whole process tree, Java included) and the ratio as a table.
//
//   npm run build && node scripts/run-with-node24.mjs bench/lint.mjs [--corpus codenarc|all] [--skip-ngl] [--jobs 1,2]
//   npm run bench:lint -- --tree spock=DIR --tree grails-core=DIR ... [--jobs 2] [--skip-ngl] [--replicate K]
//
// With --tree (repeatable), each named directory is a checkout of a public repository (bench/README.md lists which
// and at which commit); it is linted as a user would lint it, from its root with default settings, and the table
// has one row per tree plus, per tree, its most frequent error messages with class names elided, each split by
// where the unresolved class lives, so that false errors can be attributed to a cause. The trees are never
// modified; --replicate K copies each into a temporary tree K times (one tree, K sibling folders) for memory bounds.
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
/** `--tree NAME=DIR`, repeatable. */
const trees = args.flatMap((a, i) => (a === "--tree" ? [args[i + 1]] : [])).map((spec) => {
  const eq = spec === undefined ? -1 : spec.indexOf("=");
  if (eq <= 0) throw new Error(`bench/lint: --tree wants NAME=DIR, got ${spec}`);
  return { name: spec.slice(0, eq), dir: spec.slice(eq + 1) };
});
const jobsList = opt("--jobs", trees.length > 0 ? "2" : "1,2").split(",").map(Number);
const topMessages = Number(opt("--top", "8"));
// --reports DIR keeps each tree's JSON report (DIR/NAME.json) for a closer look at its findings
const reportsDir = opt("--reports", undefined);
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
    let reported = started;
    const timer = setInterval(() => {
      peak = Math.max(peak, rssOfTree(child.pid, marker));
      // a long run (a large tree on a busy machine) says where it is once a minute, on stderr
      if (performance.now() - reported > 60_000) {
        reported = performance.now();
        log(`bench/lint: still running in ${options.cwd}: ${((reported - started) / 1000).toFixed(0)} s, peak ${(peak / 1048576).toFixed(0)} MiB`);
      }
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

/** Runs npm-groovy-lint cold in `cwd` (its CodeNarc server killed before and after) and reads its JSON summary. */
async function runNgl(ngl, cwd) {
  spawnSync(NODE, [ngl.bin, "--killserver"], { stdio: "ignore", timeout: 60_000 });
  const r = await timed(NODE, [ngl.bin, "--output", "json", "--failon", "none", "."], { cwd }, ngl.dir);
  spawnSync(NODE, [ngl.bin, "--killserver"], { stdio: "ignore", timeout: 60_000 });
  try {
    const report = JSON.parse(r.stdout.slice(r.stdout.indexOf("{")));
    const s = report.summary;
    return { ...r, files: s.totalFilesLinted, errors: s.totalFoundErrorNumber, warnings: s.totalFoundWarningNumber, info: s.totalFoundInfoNumber };
  } catch {
    return { ...r, files: "?", errors: "?", warnings: "?", info: `unparsed output (exit ${r.status})` };
  }
}

/** Runs `groovymcp lint` with default settings from `cwd` and returns its JSON report with the run's cost. */
async function runLint(cwd, jobs, out) {
  const r = await timed(NODE, [CLI, "lint", "--format", "json", "--output", out, "--jobs", String(jobs), "--fail-on", "none", "."], { cwd });
  if (r.status !== 0) throw new Error(`bench/lint: groovymcp lint exited ${r.status} in ${cwd}: ${r.stderr.slice(0, 500)}`);
  return { ...r, report: JSON.parse(readFileSync(out, "utf8")) };
}

/** A module's build file: Maven's pom, or any Gradle script (Spock's modules have `spock-core/spock-core.gradle`). */
const isBuildFile = (name) => name === "pom.xml" || /\.gradle(\.kts)?$/.test(name);
const hasBuildFile = (d) => readdirSync(d, { withFileTypes: true }).some((e) => e.isFile() && isBuildFile(e.name));
const NOT_WALKED = new Set([".git", "node_modules", ".gradle"]);

/**
 * Where each simple class name is declared in a tree, judged by file name (`Foo.groovy`, `Foo.java`): enough to tell
 * an unresolved class the tree owns from one it does not. Each declaration keeps its module (nearest folder with a
 * build file) and source set (`src/<set>/`, or the first folder under the module: `src`, `test`, `vars`).
 */
function declarations(dir) {
  const byName = new Map();
  const walk = (d, module) => {
    if (hasBuildFile(d)) module = d;
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory() && !NOT_WALKED.has(e.name)) walk(p, module);
      else if (e.isFile() && /\.(groovy|java)$/.test(e.name)) {
        const name = e.name.replace(/\.(groovy|java)$/, "");
        const list = byName.get(name) ?? [];
        list.push(place(relative(dir, p), relative(dir, module)));
        byName.set(name, list);
      }
    }
  };
  walk(dir, dir);
  return byName;
}

/** The module, source set and kind of a file at `path` (relative to the tree) in module folder `module`. */
function place(path, module) {
  const inModule = (module === "" ? path : path.slice(module.length + 1)).split(sep).join("/");
  const set = /^src\/([^/]+)\//.exec(inModule)?.[1] ?? inModule.split("/")[0];
  const fixture = /(^|\/)src\/[^/]+\/resources\//.test(inModule);
  return { module, set, java: path.endsWith(".java"), fixture };
}

function moduleOf(dir, path) {
  let d = dirname(join(dir, path));
  while (d.length >= dir.length) {
    if (hasBuildFile(d)) return relative(dir, d);
    if (d === dir) break;
    d = dirname(d);
  }
  return "";
}

/** The cause class of one unresolved-class error: where the tree declares the class, relative to the file asking. */
function attribute(decls, asking, className) {
  if (asking.fixture) return "asking file is a resources fixture";
  const found = decls.get(className.split(".").pop()) ?? [];
  if (found.length === 0) return "not declared in the tree";
  if (found.some((f) => f.java)) return "a Java source of the tree";
  if (found.some((f) => f.module === asking.module && f.set === asking.set)) return "same source set (follow-on or nested)";
  if (found.some((f) => f.module === asking.module)) return "another source set of the module";
  return "another module";
}

/** A message with the names that vary elided, so that one cause groups into one row. */
function elide(message) {
  return message
    .split("\n")[0]
    .replace(/'[^']*'|"[^"]*"/g, "'…'")
    .replace(/[\w.$-]*\/[\w./$-]+/g, "<path>")
    .replace(/\b[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)+\b/g, "<name>")
    .replace(/(?<=\S\s+)\b[A-Z][\w$]*\b/g, "<name>")
    .replace(/<name>(<[^>]*>|\[\])+/g, "<name>")
    .replace(/\b\d+\b/g, "N");
}

/** The top error messages of one report, each with its count and, for unresolved classes, its causes. */
function errorGroups(dir, report) {
  const decls = declarations(dir);
  const groups = new Map();
  for (const file of report.files) {
    const asking = place(file.path, moduleOf(dir, file.path));
    for (const f of file.findings) {
      if (f.severity !== "error") continue;
      const key = `${f.rule}\u0000${elide(f.message)}`;
      const g = groups.get(key) ?? { rule: f.rule, message: elide(f.message), count: 0, causes: new Map() };
      g.count++;
      const unresolved = /unable to resolve class ([\w.$]+)/.exec(f.message);
      const cause = unresolved ? attribute(decls, asking, unresolved[1]) : asking.fixture ? "asking file is a resources fixture" : undefined;
      if (cause !== undefined) g.causes.set(cause, (g.causes.get(cause) ?? 0) + 1);
      groups.set(key, g);
    }
  }
  return [...groups.values()].sort((a, b) => b.count - a.count || (a.message < b.message ? -1 : 1));
}

/** The tree's commit, when it is a git checkout. */
function commitOf(dir) {
  const r = spawnSync("git", ["-C", dir, "rev-parse", "--short=12", "HEAD"], { encoding: "utf8" });
  return r.status === 0 ? r.stdout.trim() : "not a git checkout";
}

/** K copies of a tree under one temporary root (with `.git`, so it is one repository), for the memory bound. */
function replicated(tree) {
  const out = mkdtempSync(join(tmpdir(), `groovymcp-bench-lint-${tree.name}-`));
  mkdirSync(join(out, ".git"));
  for (let copy = 1; copy <= replicate; copy++) {
    cpSync(tree.dir, join(out, `copy${copy}`), { recursive: true, filter: (src) => !src.endsWith(`${sep}.git`) });
  }
  return out;
}

async function benchTrees() {
  const ngl = skipNgl ? undefined : installNgl();
  const rows = [];
  const details = [];
  for (const tree of trees) {
    if (!existsSync(tree.dir) || !statSync(tree.dir).isDirectory()) throw new Error(`bench/lint: --tree ${tree.name}: ${tree.dir} is not a folder`);
    const dir = replicate > 1 ? replicated(tree) : tree.dir;
    const scratch = mkdtempSync(join(tmpdir(), "groovymcp-bench-lint-out-"));
    const commit = commitOf(tree.dir);
    for (const jobs of jobsList) {
      const r = await runLint(dir, jobs, join(scratch, `${jobs}.json`));
      const s = r.report.summary;
      log(`bench/lint: ${tree.name} groovymcp --jobs ${jobs}: ${s.files} files, ${s.errors} errors, ${r.seconds.toFixed(1)} s, ${mib(r.peak)} MiB`);
      rows.push({ tree: tree.name, commit, jobs, lint: r, summary: s });
      if (jobs === jobsList[jobsList.length - 1]) {
        details.push({ tree: tree.name, groups: errorGroups(dir, r.report) });
        if (reportsDir !== undefined) {
          mkdirSync(reportsDir, { recursive: true });
          cpSync(join(scratch, `${jobs}.json`), join(reportsDir, `${tree.name}.json`));
        }
      }
    }
    if (ngl !== undefined) {
      const n = await runNgl(ngl, dir);
      log(`bench/lint: ${tree.name} npm-groovy-lint: ${n.files} files, ${n.errors} errors, ${n.seconds.toFixed(1)} s, ${mib(n.peak)} MiB`);
      for (const row of rows) if (row.tree === tree.name) row.ngl = n;
    }
    rmSync(scratch, { recursive: true, force: true });
    if (dir !== tree.dir) rmSync(dir, { recursive: true, force: true });
  }
  const header = ["tree", "commit", "lint jobs", "files", "errors", "warnings", "wall s", "peak RSS MiB", "ngl files", "ngl errors", "ngl warnings", "ngl wall s", "ngl peak RSS MiB", "lint vs ngl"];
  process.stdout.write(`\nbench/lint: ${trees.length} trees${replicate > 1 ? `, each x${replicate}` : ""}, groovymcp lint with default settings${ngl ? ` against npm-groovy-lint ${ngl.version}` : ""}\n\n`);
  for (const row of [header, header.map(() => "---")]) process.stdout.write(`| ${row.join(" | ")} |\n`);
  for (const r of rows) {
    const n = r.ngl;
    const cells = [r.tree, r.commit, r.jobs, r.summary.files, r.summary.errors, r.summary.warnings, r.lint.seconds.toFixed(1), mib(r.lint.peak)];
    cells.push(...(n === undefined ? ["", "", "", "", ""] : [n.files, n.errors, n.warnings, n.seconds.toFixed(1), mib(n.peak)]));
    cells.push(n === undefined ? "" : `${(n.seconds / r.lint.seconds).toFixed(1)}x faster`);
    process.stdout.write(`| ${cells.join(" | ")} |\n`);
  }
  for (const d of details) {
    process.stdout.write(`\n${d.tree}: top error messages (names elided; for unresolved classes, where the tree declares them)\n\n`);
    process.stdout.write("| errors | rule | message | cause |\n| ---: | --- | --- | --- |\n");
    for (const g of d.groups.slice(0, topMessages)) {
      const causes = [...g.causes].sort((a, b) => b[1] - a[1]).map(([c, k]) => `${c} ${k}`).join("; ");
      process.stdout.write(`| ${g.count} | ${g.rule} | ${g.message.replaceAll("|", "\\|")} | ${causes} |\n`);
    }
    if (d.groups.length > topMessages) process.stdout.write(`| ${d.groups.slice(topMessages).reduce((n, g) => n + g.count, 0)} | | (${d.groups.length - topMessages} other messages) | |\n`);
  }
}

if (trees.length > 0) {
  await benchTrees();
  process.exit(0);
}


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

// bench/fidelity (issue 11): groovymcp's diagnostics against the STOCK Groovy 5.0.8 compiler on real public code,
// file by file, each file compiled alone. Prints the agreement figure and the differences by cause; then the same
// with @TypeChecked and with @CompileStatic inserted before every class of the files that are clean (same lines).
//
//   npm run bench:fidelity [-- --limit N] [--variants plain,TypeChecked,CompileStatic] [--phases stock|canonicalization]
//                          [--examples K] [--out report.json]
//
// Needs java and mvn (it builds engine-wasm/stock-oracle on first use; no TeaVM) and the built engine + dist/.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { realCodeFiles, sample, summary } from "./real-code/fetch.mjs";
import { openEngine } from "./real-code/engine.mjs";
import { annotateClasses, categorise, compareFile, engineKeys, stockKeys } from "./fidelity/compare.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const { values: opt } = parseArgs({
  options: {
    limit: { type: "string" },
    variants: { type: "string", default: "plain,TypeChecked,CompileStatic" },
    phases: { type: "string", default: "stock" },
    examples: { type: "string", default: "3" },
    out: { type: "string" },
  },
});
const log = (s) => process.stderr.write(`${s}\n`);
const oracleDir = join(root, "engine-wasm", "stock-oracle");
const workDir = join(root, "bench", ".cache", "fidelity");

function stockClasspath() {
  const jar = join(oracleDir, "target", "stock-oracle-0.1.0.jar");
  const cpFile = join(oracleDir, "target", "classpath.txt");
  if (!existsSync(jar) || !existsSync(cpFile)) {
    log("fidelity: building engine-wasm/stock-oracle (the stock compiler oracle; plain Maven, no TeaVM)");
    const r = spawnSync("mvn", ["-B", "-q", "-ntp", "-f", join(oracleDir, "pom.xml"), "package"], { stdio: ["ignore", "inherit", "inherit"] });
    if (r.status !== 0) throw new Error("fidelity: building the stock oracle failed");
  }
  return `${jar}:${readFileSync(cpFile, "utf8").trim()}`;
}

/** Runs the stock oracle over [{path, name}] and returns a Map name -> its JSON line. */
function runStock(items, args) {
  const input = items.map((i) => `${i.path}\t${i.name}`).join("\n");
  const r = spawnSync("java", ["-Xss8m", "-cp", stockClasspath(), "io.groovymcp.stockoracle.StockOracle", ...args],
    { input, encoding: "utf8", maxBuffer: 1 << 28, stdio: ["pipe", "pipe", "ignore"] });
  if (r.status !== 0) throw new Error(`fidelity: the stock oracle failed (exit ${r.status})`);
  const out = new Map();
  for (const line of r.stdout.split("\n")) if (line) {
    const o = JSON.parse(line);
    out.set(o.name, o);
  }
  return out;
}

async function runEngine(engine, items) {
  const out = new Map();
  for (const i of items) {
    let result;
    let failure;
    const t0 = performance.now();
    try {
      await engine.open(i.name, i.text);
      result = await engine.diagnostics(i.name);
    } catch (e) {
      failure = `${e.name}: ${e.message}`;
    } finally {
      await engine.close(i.name).catch(() => {});
    }
    if (result && result.diagnostics.some((d) => d.code === "internal")) failure = "internal error reported as a diagnostic";
    out.set(i.name, { result, failure, ms: performance.now() - t0 });
  }
  return out;
}

function compareAll(items, stock, engine) {
  const rows = [];
  for (const i of items) {
    const s = stock.get(i.name);
    const e = engine.get(i.name);
    const sk = stockKeys(i.text, s.errors);
    const ek = e.result ? engineKeys(e.result) : [];
    const diff = compareFile(sk, ek);
    if (e.failure || s.crash) diff.verdict = "different";
    const row = { id: i.id, verdict: diff.verdict, stockErrors: sk.length, engineErrors: ek.length };
    if (diff.verdict === "different") {
      row.cause = categorise(i.text, diff, { engineFailure: e.failure, stockCrash: s.crash });
      row.onlyStock = diff.onlyStock.slice(0, 5);
      row.onlyEngine = diff.onlyEngine.slice(0, 5);
    }
    rows.push(row);
  }
  return rows;
}

function report(title, rows, examples) {
  const n = rows.length;
  const ident = rows.filter((r) => r.verdict === "identical").length;
  const dedup = rows.filter((r) => r.verdict === "dedup").length;
  const diff = rows.filter((r) => r.verdict === "different");
  console.log(`\n### ${title}\n`);
  console.log(`${ident + dedup} of ${n} files agree: ${(((ident + dedup) / n) * 100).toFixed(1)}% ` +
    `(${ident} identical, ${dedup} identical apart from the engine's de-duplication of repeated errors); ${diff.length} differ.\n`);
  const byCause = new Map();
  for (const r of diff) byCause.set(r.cause, [...(byCause.get(r.cause) ?? []), r]);
  if (byCause.size === 0) return;
  console.log("| cause | files | example (file: only stock / only engine) |");
  console.log("|---|---:|---|");
  const esc = (s) => s.replaceAll("|", "\\|").replaceAll("\n", " ").slice(0, 160);
  for (const [cause, rs] of [...byCause].sort((a, b) => b[1].length - a[1].length)) {
    const ex = rs.slice(0, examples).map((r) => `${r.id.split("/").pop()}: ${esc(r.onlyStock[0] ?? "-")} / ${esc(r.onlyEngine[0] ?? "-")}`);
    console.log(`| ${esc(cause)} | ${rs.length} | ${ex.join("<br>")} |`);
  }
}

const all = await realCodeFiles({ min: 500 });
const files = opt.limit ? sample(all, Number(opt.limit)) : all;
const s = summary(files);
log(`fidelity: ${s.files} real files, ${s.lines} lines, from ${Object.keys(s.perArtifact).length} sources jars`);
const engine = await openEngine();
const variants = opt.variants.split(",");
const phasesArg = ["--phases", opt.phases];
const results = {};

const plainItems = files.map((f) => ({ id: f.id, path: f.path, name: pathToFileURL(f.path).href, text: readFileSync(f.path, "utf8") }));
let t0 = performance.now();
const plainStock = runStock(plainItems, phasesArg);
log(`fidelity: stock compiler ran ${plainItems.length} files in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
t0 = performance.now();
const plainEngine = await runEngine(engine, plainItems);
log(`fidelity: engine ran ${plainItems.length} files in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

console.log(`## Fidelity on real code: groovymcp vs the stock Groovy 5.0.8 compiler (phases: ${opt.phases === "stock" ? "compile to INSTRUCTION_SELECTION" : "CANONICALIZATION + type checker"}; Node ${process.versions.node})`);
console.log(`\nCorpus: ${s.files} files, ${s.lines} lines: ${Object.entries(s.perArtifact).map(([a, v]) => `${a} (${v.files})`).join(", ")}.`);
if (variants.includes("plain")) {
  results.plain = compareAll(plainItems, plainStock, plainEngine);
  report("As published (each file alone, no classpath)", results.plain, Number(opt.examples));
}

// Clean files that declare classes: insert the annotation before each class, on the same line.
const clean = plainItems.filter((i) => plainStock.get(i.name).errors.length === 0 && !plainStock.get(i.name).crash);
const positions = runStock(clean, ["--class-positions"]);
const annotatable = clean.filter((i) => positions.get(i.name).classes.length > 0);
for (const v of variants.filter((x) => x !== "plain")) {
  const fqn = v === "TypeChecked" ? "@groovy.transform.TypeChecked" : v === "CompileStatic" ? "@groovy.transform.CompileStatic" : null;
  if (!fqn) throw new Error(`unknown variant ${v}`);
  const dir = join(workDir, v);
  const items = annotatable.map((i) => {
    const text = annotateClasses(i.text, positions.get(i.name).classes, fqn);
    const path = join(dir, i.id.replaceAll(":", "_"));
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
    return { id: i.id, path, name: i.name, text };
  });
  const st = runStock(items, phasesArg);
  const en = await runEngine(engine, items);
  results[v] = compareAll(items, st, en);
  report(`@${v} on every class of the ${items.length} clean files that declare classes (of ${clean.length} clean)`, results[v], Number(opt.examples));
}
if (opt.out) writeFileSync(opt.out, JSON.stringify(results, null, 1));
log(`fidelity: done; peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);

// bench/engine-real/profile: where a warm compile of real code spends its time, in wasm (V8's sampling profiler,
// through node:inspector, warm rounds only) and on the JVM with the same facade (JFR execution samples), grouped into
// the compiler's stages. Names in the wasm profile need an unminified module: build one with
// `-Dteavm.minifying=false` and point GROOVYMCP_ENGINE_DIR at its dist/.
//
//   node bench/engine-real/profile.mjs [--files 120] [--rounds 3] [--top 25] [--jvm-only|--wasm-only]
//
// `--first <file> [--runs 3]` profiles instead what issue 10's first-answer rows measure: the first diagnostics of one
// file in a fresh process, after load (cold V8 code, the seeded parser DFA, the class model's first lookups), wasm
// only, one child process per run; stages in ms are medians over the runs.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { realCodeFiles, sample, summary } from "../real-code/fetch.mjs";
import { openEngine, diagnoseAlone } from "../real-code/engine.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const work = join(root, "bench", ".cache", "engine-real");
const { values: opt } = parseArgs({
  options: { files: { type: "string", default: "120" }, rounds: { type: "string", default: "3" }, top: { type: "string", default: "25" },
    "jvm-only": { type: "boolean", default: false }, reuse: { type: "boolean", default: false }, "wasm-only": { type: "boolean", default: false },
    first: { type: "string", default: "" }, runs: { type: "string", default: "3" }, "child-first": { type: "string", default: "" } },
});

/**
 * Stages of a compile. A sample belongs to the innermost frame on its stack that names a specific stage (so a HashMap
 * call made by the ANTLR simulator is parser time); the generic groups at the end only catch samples with no
 * specific stage above them.
 */
export const STAGES = [
  ["GC", /\(garbage collector\)/],
  ["exceptions: stack-trace capture", /Throwable[.:]+fillInStackTrace|takeStackTrace/],
  ["parser: ANTLR lexing", /LexerATNSimulator|\.Lexer[.:]|GroovyLangLexer|GroovyLexer|CharStream/],
  ["parser: ANTLR prediction (parser ATN, DFA, contexts)", /groovyjarjarantlr4|GroovyLangParser|GroovyParser\b|GroovyParser[.$]|AtnManager/],
  ["parser: AST building", /parser\.antlr4\.|AntlrParserPlugin/],
  ["class model: stubs, decompiler, ASM", /engine\.classmodel|ast\.decompiled|groovyjarjarasm|ClassModelVMPlugin|ModelClassLoader|\bzip\b|Inflater/],
  ["resolver (ResolveVisitor, ClassNodeResolver)", /ResolveVisitor|ClassNodeResolver/],
  ["static type checker", /transform\.stc|transform\.sc\./],
  ["other AST transforms", /codehaus\.groovy\.transform\.|ASTTransformationVisitor|ASTTransformationCollector/],
  ["semantic checks (class completion, generics, static imports...)", /ClassCompletionVerifier|GenericsVisitor|StaticImportVisitor|StaticVerifier|OptimizerVisitor|AnnotationConstantsVisitor|InnerClassVisitor|classgen\.Verifier|EnumVisitor|VariableScopeVisitor|ExtendedVerifier|classgen\.AnnotationVisitor/],
  ["Groovy runtime / metaclass (dynamic dispatch inside the compiler)", /codehaus\.groovy\.(runtime|reflection)|groovy\.lang\.Meta|vmplugin/],
  ["facade: diagnostics, index, JSON, buffers", /io\.groovymcp\.engine/],
  ["other compiler code", /codehaus\.groovy|org\.apache\.groovy/],
  ["JS side: bridge, JSON, strings across the boundary", /^(?!.*[.:]).*$/],
];
/** Frames of the profiling harness itself (the inspector session), left out. */
const HARNESS = /^(post|wasmProfile|fn)$/;
const stageOf = (name) => STAGES.find(([, re]) => re.test(name))?.[0];
const stageOfStack = (frames) => {
  for (const f of frames) {
    const s = STAGES.findIndex(([, re]) => re.test(f));
    if (s >= 0 && s < STAGES.length - 3) return STAGES[s][0];
  }
  for (const [name, re] of STAGES.slice(-3)) if (frames.some((f) => re.test(f))) return name;
  return "unattributed";
};

/** Share of samples per innermost stage, and the self-time leaders. */
function aggregate(stacks) {
  const incl = new Map();
  const self = new Map();
  let total = 0;
  for (const { frames, weight } of stacks) {
    if (frames.some((f) => HARNESS.test(f))) continue;
    total += weight;
    const st = stageOfStack(frames);
    incl.set(st, (incl.get(st) ?? 0) + weight);
    const leaf = frames[0] ?? "(unknown)";
    self.set(leaf, (self.get(leaf) ?? 0) + weight);
  }
  return { total, incl, self };
}

/** V8 profile -> [{frames: leaf first, weight: µs}]. */
function v8Stacks(profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const cache = new Map();
  const framesOf = (id) => {
    if (cache.has(id)) return cache.get(id);
    const out = [];
    for (let x = id; x !== undefined; x = parent.get(x)) {
      const cf = byId.get(x).callFrame;
      if (cf.functionName && cf.functionName !== "(root)") out.push(cf.functionName);
    }
    cache.set(id, out);
    return out;
  };
  return profile.samples.map((id, i) => ({ frames: framesOf(id), weight: profile.timeDeltas[i] ?? 0 }));
}

/** Starts V8's sampling profiler in this thread (interval in µs); the returned function stops it and gives the profile. */
async function startProfiler(interval) {
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.setSamplingInterval", { interval });
  await session.post("Profiler.start");
  return async () => (await session.post("Profiler.stop")).profile;
}

async function wasmProfile(files, rounds) {
  const saved = join(work, "wasm-warm.cpuprofile");
  if (opt.reuse && existsSync(saved)) {
    const profile = JSON.parse(readFileSync(saved, "utf8"));
    const ms = (profile.endTime - profile.startTime) / 1000;
    return { ms, roundMs: ms / (rounds - 1), stacks: v8Stacks(profile) };
  }
  const e = await openEngine();
  const items = files.map((f) => ({ uri: pathToFileURL(f.path).href, text: readFileSync(f.path, "utf8") }));
  for (const it of items) await diagnoseAlone(e, it.uri, it.text); // warm-up round, not profiled
  const stop = await startProfiler(500);
  const t0 = performance.now();
  for (let r = 1; r < rounds; r++) for (const it of items) await diagnoseAlone(e, it.uri, it.text);
  const ms = performance.now() - t0;
  const profile = await stop();
  mkdirSync(work, { recursive: true });
  writeFileSync(join(work, "wasm-warm.cpuprofile"), JSON.stringify(profile));
  return { ms, roundMs: ms / (rounds - 1), stacks: v8Stacks(profile) };
}

function jvmProfile(files, rounds) {
  const list = join(work, "profile.tsv");
  mkdirSync(work, { recursive: true });
  writeFileSync(list, files.map((f) => `${f.path}\t${pathToFileURL(f.path).href}`).join("\n") + "\n");
  const jfr = join(work, "jvm-warm.jfr");
  const { jvmClasspath } = { jvmClasspath: () => {
    const dist = join(root, "engine-wasm", "target", "dist");
    return [...readFileSync(join(dist, "jvm-classpath.txt"), "utf8").trim().split(":"), join(root, "engine-wasm", "facade", "target", "engine-facade-0.1.0.jar")].join(":");
  } };
  const model = join(root, "engine-wasm", "target", "dist", "classmodel.bin");
  const t0 = performance.now();
  if (opt.reuse && existsSync(jfr)) return { ms: 0, ...jfrStacks(jfr, rounds) };
  // rounds+2: the first rounds warm the JIT; samples before the last `rounds-1` rounds' share are dropped below.
  const r = spawnSync("java", ["-Xss8m", `-XX:StartFlightRecording=filename=${jfr},settings=profile,jdk.ExecutionSample#period=2ms`, "-cp", jvmClasspath(),
    join(root, "bench", "engine-real", "FacadeRealBench.java"), model, "warm", list, String(rounds + 2)], { encoding: "utf8", maxBuffer: 1 << 28 });
  if (r.status !== 0) throw new Error(`JVM profile failed: ${r.stderr.slice(-800)}`);
  const lastRoundMs = JSON.parse(r.stdout.trim().split("\n").pop()).perFileMs.reduce((a, b) => a + b, 0);
  return { ms: performance.now() - t0, roundMs: lastRoundMs, ...jfrStacks(jfr, rounds) };
}

function jfrStacks(jfr, rounds) {
  const p = spawnSync("jfr", ["print", "--json", "--stack-depth", "200", "--events", "jdk.ExecutionSample,jdk.GarbageCollection", jfr], { encoding: "utf8", maxBuffer: 1 << 30 });
  if (p.status !== 0) throw new Error(`jfr print failed: ${p.stderr}`);
  const events = JSON.parse(p.stdout).recording.events;
  const samples = events.filter((ev) => ev.type === "jdk.ExecutionSample");
  samples.sort((a, b) => (a.values.startTime < b.values.startTime ? -1 : 1));
  // keep the last (rounds-1)/(rounds+2) of the samples: the JIT-warm part, like the wasm side's profiled rounds
  const keep = samples.slice(Math.floor(samples.length * (3 / (rounds + 2))));
  const stacks = keep.map((ev) => ({ weight: 1, frames: (ev.values.stackTrace?.frames ?? []).map((f) => `${f.method.type.name.replaceAll("/", ".")}.${f.method.name}`) }));
  const gcMs = events.filter((ev) => ev.type === "jdk.GarbageCollection").reduce((a, ev) => a + parseDuration(ev.values.duration), 0);
  return { stacks, gcMs, samples: keep.length };
}

const parseDuration = (d) => {
  // ISO-8601 like "PT0.0123S"
  const m = /PT(?:(\d+)M)?([\d.]+)S/.exec(d ?? "");
  return m ? (Number(m[1] ?? 0) * 60 + Number(m[2])) * 1000 : 0;
};

/** One fresh process: load, then the profiled first diagnostics of the file; the profile goes to `out`. */
async function childFirst(path, out) {
  const e = await openEngine();
  const stop = await startProfiler(100);
  const t0 = performance.now();
  await diagnoseAlone(e, pathToFileURL(path).href, readFileSync(path, "utf8"));
  const ms = performance.now() - t0;
  const profile = await stop();
  writeFileSync(out, JSON.stringify(profile));
  process.stdout.write(JSON.stringify({ ms, loadMs: e.loadMs }) + "\n");
}

function firstProfiles(path, runs) {
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  mkdirSync(work, { recursive: true });
  const perRun = [];
  const pooled = [];
  for (let r = 0; r < runs; r++) {
    const out = join(work, `wasm-first-${r}.cpuprofile`);
    // the parent's V8 options go to each child, so a flag can be profiled (node --some-flag profile.mjs --first ...)
    const c = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), "--child-first", out, "--first", path],
      { encoding: "utf8", maxBuffer: 1 << 26 });
    if (c.status !== 0) throw new Error(`first-compile child failed (${c.status}): ${c.stderr.slice(-800)}`);
    const { ms, loadMs } = JSON.parse(c.stdout.trim().split("\n").pop());
    const stacks = v8Stacks(JSON.parse(readFileSync(out, "utf8")));
    pooled.push(...stacks);
    perRun.push({ ms, loadMs, agg: aggregate(stacks) });
  }
  const lines = readFileSync(path, "utf8").split("\n").length;
  console.log(`## First-compile profile: ${path} (${lines} lines) in ${runs} fresh processes; Node ${process.versions.node}\n`);
  console.log(`load ${perRun.map((p) => p.loadMs.toFixed(0)).join(", ")} ms; first diagnostics (profiled) ${perRun.map((p) => p.ms.toFixed(0)).join(", ")} ms\n`);
  console.log("| stage (innermost on the stack) | share (pooled) | ms (median over runs) |\n|---|---:|---:|");
  const P = aggregate(pooled);
  for (const k of [...STAGES.map(([n]) => n), "unattributed"]) {
    const ms = median(perRun.map((p) => ((p.agg.incl.get(k) ?? 0) / p.agg.total) * p.ms));
    console.log(`| ${k} | ${((100 * (P.incl.get(k) ?? 0)) / P.total).toFixed(1)}% | ${ms.toFixed(0)} |`);
  }
  const top = Number(opt.top);
  console.log(`\n### top ${top} functions by self time (pooled)\n\n| self | function | stage |\n|---:|---|---|`);
  for (const [fn, w] of [...P.self].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`| ${((100 * w) / P.total).toFixed(1)}% | \`${fn.slice(0, 110)}\` | ${stageOf(fn) ?? ""} |`);
  }
}

if (opt["child-first"]) {
  await childFirst(opt.first, opt["child-first"]);
  process.exit(0);
}
if (opt.first) {
  const runs = Number(opt.runs);
  const bad = !Number.isInteger(runs) || runs < 1 ? `--runs must be a whole number of at least 1, not ${opt.runs}`
    : !existsSync(opt.first) ? `--first: no such file: ${opt.first}` : null;
  if (bad) {
    process.stderr.write(`profile: ${bad}\n`);
    process.exit(2);
  }
  firstProfiles(opt.first, runs);
  process.exit(0);
}

const all = await realCodeFiles({ min: 500 });
const files = sample(all, Number(opt.files));
const rounds = Number(opt.rounds);
const s = summary(files);
console.log(`## Warm compile profile: ${s.files} real files (${s.lines} lines), each alone; Node ${process.versions.node}\n`);
const wasm = opt["jvm-only"] ? null : await wasmProfile(files, rounds);
const jvm = opt["wasm-only"] ? null : jvmProfile(files, rounds);
const W = wasm && aggregate(wasm.stacks);
const J = jvm && aggregate(jvm.stacks);
const pct = (agg, k) => (agg ? `${((100 * (agg.incl.get(k) ?? 0)) / agg.total).toFixed(1)}%` : "-");
// Absolute: a stage's share of a warm round, in ms per 1,000 lines (JVM: the last round's own timing).
const kloc = s.lines / 1000;
const abs = (agg, run, k) => (agg && run?.roundMs ? ((agg.incl.get(k) ?? 0) / agg.total) * (run.roundMs / kloc) : NaN);
const f1 = (x) => (Number.isFinite(x) ? x.toFixed(0) : "-");
console.log("| stage (innermost on the stack) | wasm share | JVM share | wasm ms/kLOC | JVM ms/kLOC | wasm/JVM |\n|---|---:|---:|---:|---:|---:|");
for (const k of [...STAGES.map(([n]) => n), "unattributed"]) {
  const w = abs(W, wasm, k);
  const j = abs(J, jvm, k);
  console.log(`| ${k} | ${pct(W, k)} | ${pct(J, k)} | ${f1(w)} | ${f1(j)} | ${Number.isFinite(w / j) && j > 0 ? (w / j).toFixed(1) : "-"} |`);
}
if (wasm && jvm) console.log(`| total warm round | | | ${f1(wasm.roundMs / kloc)} | ${f1(jvm.roundMs / kloc)} | ${(wasm.roundMs / jvm.roundMs).toFixed(2)} |`);
if (wasm) console.log(`\nwasm: profiled ${(wasm.ms / 1000).toFixed(1)} s of warm rounds.`);
if (jvm) console.log(`\nJVM: ${jvm.samples} samples kept; GC pauses over the whole run ${jvm.gcMs.toFixed(0)} ms (JFR jdk.GarbageCollection; parallel threads, not in the samples).`);
const top = Number(opt.top);
for (const [name, agg] of [["wasm", W], ["JVM", J]]) {
  if (!agg) continue;
  console.log(`\n### ${name}: top ${top} functions by self time\n\n| self | function | stage |\n|---:|---|---|`);
  for (const [fn, w] of [...agg.self].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`| ${((100 * w) / agg.total).toFixed(1)}% | \`${fn.slice(0, 110)}\` | ${stageOf(fn) ?? ""} |`);
  }
}

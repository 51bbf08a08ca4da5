// bench/engine-real/profile: where a warm compile of real code spends its time, in wasm (V8's sampling profiler,
// through node:inspector, warm rounds only) and on the JVM with the same facade (JFR execution samples), grouped into
// the compiler's stages. Names in the wasm profile need an unminified module: build one with
// `-Dteavm.minifying=false` and point GROOVYMCP_ENGINE_DIR at its dist/.
//
//   node bench/engine-real/profile.mjs [--files 120] [--rounds 3] [--top 25] [--jvm-only|--wasm-only]
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
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
    "jvm-only": { type: "boolean", default: false }, "wasm-only": { type: "boolean", default: false } },
});

/** Stages of a compile, tried in order on a frame's Java name (first match wins for that frame). */
export const STAGES = [
  ["parser: ANTLR prediction/lexing", /groovyjarjarantlr4|GroovyLangLexer|GroovyLangParser|GroovyParser\b|GroovyParser[.$]|GroovyLexer|antlr4\.internal|AtnManager/],
  ["parser: AST building", /parser\.antlr4\.(AstBuilder|ModifierManager|TryWithResourcesASTTransformation|GroovydocManager)|AntlrParserPlugin/],
  ["class model: stubs, decompiler, ASM", /engine\.classmodel|ast\.decompiled|groovyjarjarasm|ClassModelVMPlugin|ModelClassLoader|\bzip\b|Inflater/],
  ["resolver (ResolveVisitor, ClassNodeResolver)", /control\.(ResolveVisitor|ClassNodeResolver)|ResolveVisitor|ClassNodeResolver/],
  ["static type checker", /transform\.stc|transform\.sc\./],
  ["other AST transforms", /codehaus\.groovy\.transform\.|ASTTransformationVisitor|ASTTransformationCollector/],
  ["semantic checks (class completion, generics, static imports...)", /control\.(ClassCompletionVerifier|GenericsVisitor|StaticImportVisitor|StaticVerifier|OptimizerVisitor|AnnotationConstantsVisitor|InnerClassVisitor|Verifier)|classgen\.(Verifier|InnerClass|EnumVisitor|ClassCompletion|VariableScopeVisitor|ExtendedVerifier|AnnotationVisitor)/],
  ["facade: diagnostics, index, JSON", /io\.groovymcp\.engine\.(query|json|text|compile)/],
  ["Groovy runtime / metaclass (dynamic dispatch inside the compiler)", /codehaus\.groovy\.(runtime|reflection)|groovy\.lang\.|org\.codehaus\.groovy\.vmplugin/],
  ["other compiler code", /codehaus\.groovy|org\.apache\.groovy/],
  ["JDK / TeaVM class library (collections, strings)", /^java\.|^javax\.|teavm|^jdk\.|^sun\./],
  ["GC", /\(garbage collector\)|GarbageCollection/],
];
const stageOf = (name) => STAGES.find(([, re]) => re.test(name))?.[0];

/** Inclusive share (a sample counts once for every stage on its stack) and the self-time leaders. */
function aggregate(stacks) {
  const incl = new Map();
  const self = new Map();
  for (const { frames, weight } of stacks) {
    const seen = new Set(frames.map(stageOf).filter(Boolean));
    for (const s of seen) incl.set(s, (incl.get(s) ?? 0) + weight);
    const leaf = frames[0] ?? "(unknown)";
    self.set(leaf, (self.get(leaf) ?? 0) + weight);
  }
  const total = stacks.reduce((a, s) => a + s.weight, 0);
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

async function wasmProfile(files, rounds) {
  const e = await openEngine();
  const items = files.map((f) => ({ uri: pathToFileURL(f.path).href, text: readFileSync(f.path, "utf8") }));
  for (const it of items) await diagnoseAlone(e, it.uri, it.text); // warm-up round, not profiled
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.setSamplingInterval", { interval: 500 });
  await session.post("Profiler.start");
  const t0 = performance.now();
  for (let r = 1; r < rounds; r++) for (const it of items) await diagnoseAlone(e, it.uri, it.text);
  const ms = performance.now() - t0;
  const { profile } = await session.post("Profiler.stop");
  mkdirSync(work, { recursive: true });
  writeFileSync(join(work, "wasm-warm.cpuprofile"), JSON.stringify(profile));
  return { ms, stacks: v8Stacks(profile) };
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
  // rounds+2: the first rounds warm the JIT; samples before the last `rounds-1` rounds' share are dropped below.
  const r = spawnSync("java", ["-Xss8m", `-XX:StartFlightRecording=filename=${jfr},settings=profile,jdk.ExecutionSample#period=2ms`, "-cp", jvmClasspath(),
    join(root, "bench", "engine-real", "FacadeRealBench.java"), model, "warm", list, String(rounds + 2)], { encoding: "utf8", maxBuffer: 1 << 28 });
  if (r.status !== 0) throw new Error(`JVM profile failed: ${r.stderr.slice(-800)}`);
  const ms = performance.now() - t0;
  const p = spawnSync("jfr", ["print", "--json", "--stack-depth", "200", "--events", "jdk.ExecutionSample,jdk.GarbageCollection", jfr], { encoding: "utf8", maxBuffer: 1 << 30 });
  if (p.status !== 0) throw new Error(`jfr print failed: ${p.stderr}`);
  const events = JSON.parse(p.stdout).recording.events;
  const samples = events.filter((ev) => ev.type === "jdk.ExecutionSample");
  samples.sort((a, b) => (a.values.startTime < b.values.startTime ? -1 : 1));
  // keep the last (rounds-1)/(rounds+2) of the samples: the JIT-warm part, like the wasm side's profiled rounds
  const keep = samples.slice(Math.floor(samples.length * (3 / (rounds + 2))));
  const stacks = keep.map((ev) => ({ weight: 1, frames: (ev.values.stackTrace?.frames ?? []).map((f) => `${f.method.type.name.replaceAll("/", ".")}.${f.method.name}`) }));
  const gcMs = events.filter((ev) => ev.type === "jdk.GarbageCollection").reduce((a, ev) => a + parseDuration(ev.values.duration), 0);
  return { ms, stacks, gcMs, samples: keep.length };
}

const parseDuration = (d) => {
  // ISO-8601 like "PT0.0123S"
  const m = /PT(?:(\d+)M)?([\d.]+)S/.exec(d ?? "");
  return m ? (Number(m[1] ?? 0) * 60 + Number(m[2])) * 1000 : 0;
};

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
console.log("| stage (inclusive: a sample counts for every stage on its stack) | wasm | JVM |\n|---|---:|---:|");
for (const [k] of STAGES) console.log(`| ${k} | ${pct(W, k)} | ${pct(J, k)} |`);
if (jvm) console.log(`\nJVM: ${jvm.samples} samples kept; GC pauses over the whole run ${jvm.gcMs.toFixed(0)} ms of ${jvm.ms.toFixed(0)} ms.`);
const top = Number(opt.top);
for (const [name, agg] of [["wasm", W], ["JVM", J]]) {
  if (!agg) continue;
  console.log(`\n### ${name}: top ${top} functions by self time\n\n| self | function | stage |\n|---:|---|---|`);
  for (const [fn, w] of [...agg.self].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`| ${((100 * w) / agg.total).toFixed(1)}% | \`${fn.slice(0, 110)}\` | ${stageOf(fn) ?? ""} |`);
  }
}

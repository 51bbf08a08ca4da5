// bench/jenkins-declarative: the Declarative plugin's own error tests through `groovymcp lint` on the real engine.
//
//   npm run bench:jenkins -- --plugin DIR [--catalog FILE] [--jobs N] [--verbose]
//
// DIR is a checkout (a work tree or a bare git directory) of github:jenkinsci/pipeline-model-definition-plugin. Its
// test Jenkinsfiles are copied into a temporary tree (never committed), linted as kind jenkins, and compared with
// test/jenkins/declarative-cases.json (scripts/jenkins-declarative-cases.mjs): a case passes when a finding of its
// rule names every name the plugin's message names (and sits on the line the test states, when it states one). The
// pipelines the plugin's tests expect to succeed must have no jenkins/declarative-* finding.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { Command } from "commander";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const CLI = join(ROOT, "dist", "cli.js");
const RESOURCES = "pipeline-model-definition/src/test/resources";
const MEASURED = ["syntax-tree", "catalogue"];

const opts = new Command()
  .requiredOption("--plugin <dir>", "a checkout of jenkinsci/pipeline-model-definition-plugin")
  .option("--catalog <file>", "a site catalogue to pass as --jenkins-catalog")
  .option("--jobs <n>", "lint worker threads", "2")
  .option("--verbose", "list every failing case")
  .parse()
  .opts();
const plugin = resolve(opts.plugin);
const table = JSON.parse(readFileSync(join(ROOT, "test", "jenkins", "declarative-cases.json"), "utf8"));

function read(path) {
  const file = join(plugin, path);
  if (existsSync(file)) return readFileSync(file, "utf8");
  return execFileSync("git", ["--git-dir", plugin, "show", `HEAD:${path}`], { encoding: "utf8", maxBuffer: 16 << 20 });
}

const tree = mkdtempSync(join(tmpdir(), "groovymcp-jenkins-bench-"));
try {
  mkdirSync(join(tree, ".git"));
  const resources = new Set([...table.cases.map((c) => c.resource), ...table.valid]);
  for (const r of resources) {
    mkdirSync(dirname(join(tree, "p", r)), { recursive: true });
    writeFileSync(join(tree, "p", r), read(`${RESOURCES}/${r}`));
  }
  writeFileSync(join(tree, ".groovymcp.json"), JSON.stringify({ kinds: { "p/**/*.groovy": "jenkins" } }));
  const args = [CLI, "lint", "--format", "json", "--jobs", String(opts.jobs), "--fail-on", "none", "p"];
  if (opts.catalog !== undefined) args.push("--jenkins-catalog", resolve(opts.catalog));
  const started = performance.now();
  const run = spawnSync(process.execPath, args, { cwd: tree, encoding: "utf8", maxBuffer: 256 << 20 });
  const seconds = (performance.now() - started) / 1000;
  if (run.status !== 0) {
    process.stderr.write(run.stderr);
    throw new Error(`groovymcp lint exited ${run.status}`);
  }
  const report = JSON.parse(run.stdout);
  const findings = new Map(report.files.map((f) => [f.path.replace(/^p\//, ""), f.findings.filter((x) => x.rule.startsWith("jenkins/declarative-"))]));

  const rows = [];
  for (const category of MEASURED) {
    const cases = table.cases.filter((c) => c.category === category);
    const failing = cases.filter((c) => !(findings.get(c.resource) ?? []).some((f) => f.rule === c.rule && c.names.every((n) => f.message.includes(n)) && (c.line === null || f.line === c.line)));
    rows.push({ category, total: cases.length, passed: cases.length - failing.length, failing });
  }
  const falseErrors = table.valid.filter((v) => (findings.get(v) ?? []).length > 0);
  const total = rows.reduce((s, r) => s + r.total, 0);
  const passed = rows.reduce((s, r) => s + r.passed, 0);
  const out = [`plugin commit ${table.commit}; ${resources.size} Jenkinsfiles linted in ${seconds.toFixed(1)} s (--jobs ${opts.jobs})`];
  for (const r of rows) out.push(`${r.category.padEnd(12)} ${String(r.passed).padStart(4)} / ${String(r.total).padEnd(4)} passed`);
  out.push(`${"measured".padEnd(12)} ${String(passed).padStart(4)} / ${String(total).padEnd(4)} passed (${((100 * passed) / total).toFixed(1)}%)`);
  for (const c of ["live-controller", "literal"]) out.push(`${c.padEnd(16)} ${table.cases.filter((x) => x.category === c).length} not measured`);
  out.push(`valid pipelines with a jenkins/declarative-* finding: ${falseErrors.length} of ${table.valid.length}`);
  if (opts.verbose) {
    for (const r of rows) for (const c of r.failing) out.push(`  fail ${c.test} ${c.key} ${JSON.stringify(c.names)}: ${JSON.stringify((findings.get(c.resource) ?? []).map((f) => `${f.line} ${f.rule} ${f.message}`))}`);
    for (const v of falseErrors) out.push(`  false error ${v}: ${JSON.stringify(findings.get(v))}`);
  }
  process.stdout.write(out.join("\n") + "\n");
} finally {
  rmSync(tree, { recursive: true, force: true });
}

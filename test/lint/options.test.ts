import { execFile, execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { Ajv2020 } from "ajv/dist/2020.js";
import { beforeAll, describe, expect, it } from "vitest";
import { CLI, ENGINE_MISSING, FIXTURES, lint, NODE, PROJECT_ROOT, tempRepo, writeTree, type JsonReport } from "./support.js";
import { describeWith } from "../support/peers.js";
import type { FileKind } from "../../src/lint/file-kind.js";
import { formatGithub } from "../../src/lint/report/github.js";
import { formatSarif } from "../../src/lint/report/sarif.js";
import { summarize, type ReportInput } from "../../src/lint/report/summary.js";
import { formatText } from "../../src/lint/report/text.js";
import type { Severity } from "../../src/lint/rules.js";

const parse = (stdout: string): JsonReport => JSON.parse(stdout) as JsonReport;
const rulesOf = (r: JsonReport): string[] => r.files.flatMap((f) => f.findings.map((x) => `${f.path}:${x.line}:${x.rule}:${x.severity}`));

/** A copy of the rule fixtures in a fresh repository, so configs above it never apply. */
function rulesTree(): string {
  const dir = tempRepo("rules");
  cpSync(join(FIXTURES, "rules"), join(dir, "rules"), { recursive: true });
  return dir;
}

/**
 * The findings of a JSON report as the format writers take them, so a test can check that the CLI writes what the
 * writers (unit-tested in test/unit/lint-report-formats.test.ts) make of the same findings.
 */
function reportInput(report: JsonReport, elapsedMs = 0): ReportInput {
  const reports = report.files.map((f) => ({
    path: f.path,
    displayPath: f.path,
    kind: f.kind as FileKind,
    suppressed: f.suppressed,
    findings: f.findings.map((x) => ({
      rule: x.rule,
      severity: x.severity as Severity,
      message: x.message,
      range: { start: { line: x.line - 1, character: x.column - 1 }, end: { line: x.endLine - 1, character: x.endColumn - 1 } },
      fingerprint: x.fingerprint,
    })),
  }));
  expect(summarize(reports)).toEqual(report.summary);
  return { reports, summary: report.summary, toolVersion: report.tool.version, astRules: report.tool.astRules, elapsedMs, color: false };
}

/** A 22-byte empty zip: a jar file the engine accepts with no classes in it. */
const EMPTY_JAR = Buffer.from([0x50, 0x4b, 0x05, 0x06, ...new Array<number>(18).fill(0)]);

describeWith(ENGINE_MISSING)("options on the real engine", () => {
  let dir: string;
  let full: JsonReport;
  let fullText: string;

  beforeAll(async () => {
    dir = rulesTree();
    const run = await lint(["--format", "json", "--jobs", "1"], { cwd: dir });
    expect(run.status).toBe(1);
    fullText = run.stdout;
    full = parse(run.stdout);
  });

  // each test runs its own CLI processes on files no other test changes, so they run side by side
  describe.concurrent("determinism and formats", () => {
    it("gives byte-identical JSON across runs and across --jobs", async () => {
      const [again, third] = await Promise.all([lint(["--format", "json", "--jobs", "2"], { cwd: dir }), lint(["--format", "json", "--jobs", "2", "."], { cwd: dir })]);
      expect(again.stdout).toBe(fullText);
      expect(third.stdout).toBe(fullText);
    });

    it("validates the JSON against its published schema", () => {
      const schema = JSON.parse(readFileSync(join(PROJECT_ROOT, "schemas", "lint-report.schema.json"), "utf8")) as object;
      const validate = new Ajv2020({ strict: true }).compile(schema);
      expect(validate(full), JSON.stringify(validate.errors)).toBe(true);
      expect(full.version).toBe(1);
      expect(full.files.map((f) => f.path)).toEqual([...full.files.map((f) => f.path)].sort());
    });

    it("writes SARIF 2.1.0 that Microsoft's SARIF multitool accepts (SARIF, GitHub and GHAS rules), byte-identical across --jobs", async () => {
      // --jobs 2 against the --jobs 1 findings: the writer's output for those is what the CLI must print
      const a = await lint(["--format", "sarif", "--jobs", "2"], { cwd: dir });
      expect(a.status).toBe(1);
      expect(a.stdout).toBe(formatSarif(reportInput(full)));
      const work = mkdtempSync(join(tmpdir(), "groovymcp-sarif-"));
      const input = join(work, "lint.sarif");
      const output = join(work, "validation.sarif");
      writeTree(work, { "lint.sarif": a.stdout });
      const multitool = createRequire(import.meta.url)("@microsoft/sarif-multitool") as string;
      execFileSync(multitool, ["validate", input, "--output", output, "--log", "ForceOverwrite", "--rule-kind", "Sarif;Gh;Ghas"], { cwd: work, stdio: "pipe", timeout: 120_000 });
      const verdict = JSON.parse(readFileSync(output, "utf8")) as { runs: { results: { ruleId: string; level?: string; message: unknown }[] }[] };
      expect(verdict.runs[0]!.results).toEqual([]);
      const sarif = JSON.parse(a.stdout) as { version: string; runs: { tool: { driver: { rules: { id: string; helpUri?: string; help: { markdown: string }; shortDescription: { text: string }; defaultConfiguration: { level: string } }[] } }; results: { ruleId: string; level: string; partialFingerprints: Record<string, string>; locations: unknown[] }[] }[] };
      expect(sarif.version).toBe("2.1.0");
      const run = sarif.runs[0]!;
      for (const rule of run.tool.driver.rules) {
        // no address to go stale: the rule's documentation is in the log, from the shipped docs
        expect(rule.helpUri).toBeUndefined();
        expect(rule.help.markdown).toMatch(new RegExp(`^#{2,3} ${rule.id}\n`));
        expect(rule.shortDescription.text.length).toBeGreaterThan(10);
        expect(["error", "warning", "note"]).toContain(rule.defaultConfiguration.level);
      }
      expect(run.results).toHaveLength(full.summary.errors + full.summary.warnings + full.summary.information);
      expect(run.results.map((r) => r.level).sort()).toEqual(rulesOf(full).map((x) => ({ error: "error", warning: "warning", information: "note" })[x.split(":")[3]!]).sort());
      for (const r of run.results) {
        expect(r.locations).toHaveLength(1);
        expect(Object.values(r.partialFingerprints)[0]).toMatch(/^[0-9a-f]{32}$/);
      }
    });

    it("writes GitHub workflow commands, one per finding", async () => {
      const run = await lint(["--format", "github", "--jobs", "1"], { cwd: dir });
      expect(run.status).toBe(1);
      expect(run.stdout).toBe(formatGithub(reportInput(full)));
      const lines = run.stdout.trimEnd().split("\n");
      expect(lines).toHaveLength(rulesOf(full).length);
      for (const line of lines) expect(line).toMatch(/^::(error|warning|notice) file=[^,:]+,line=\d+,col=\d+,endLine=\d+,endColumn=\d+,title=(groovy|jenkins)\/[a-z-]+::.+$/);
      expect(lines).toContain(
        "::error file=rules/typed/Typed.groovy,line=3,col=15,endLine=3,endColumn=18,title=groovy/type-check::[Static type checking] - Cannot return value of type java.lang.String for method returning int",
      );
      expect(lines.filter((l) => l.startsWith("::notice "))).toHaveLength(1);
    });

    it("writes text grouped by file with a summary line, without colour off a terminal", async () => {
      const run = await lint(["--jobs", "1"], { cwd: dir });
      expect(run.status).toBe(1);
      const elapsed = /in (\d+\.\d\d)s\n$/.exec(run.stdout);
      expect(run.stdout).toBe(formatText(reportInput(full, Number(elapsed?.[1]) * 1000)));
      expect(run.stdout).not.toContain("\u001b[");
      const blocks = run.stdout.trimEnd().split("\n\n");
      expect(blocks.at(-1)).toMatch(/^11 files, 6 errors, 3 warnings, 1 information, 2 suppressed in \d+\.\d\ds$/);
      expect(blocks).toHaveLength(full.files.filter((f) => f.findings.length > 0).length + 1);
      expect(run.stdout).toContain("rules/scripts/unresolved.groovy:1:9  error  unable to resolve class Frobnicator  groovy/unresolved\n");
    });

    it("colours text and shows progress on a terminal only, and --no-color and NO_COLOR turn colour off", async () => {
      const many = tempRepo("tty");
      const files: Record<string, string> = {};
      for (let i = 0; i < 22; i++) files[`s${String(i).padStart(2, "0")}.groovy`] = i === 0 ? "import java.util.List\nclass S {}\n" : `println ${i}\n`;
      writeTree(many, files);
      // script(1) gives the CLI a terminal for stdout and stderr
      const tty = async (extra: string): Promise<string> =>
        (await promisify(execFile)("script", ["-qec", `${NODE} ${CLI} lint --jobs 1 ${extra}`, "/dev/null"], { cwd: many, encoding: "utf8", timeout: 90_000 }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? "" }))).stdout;
      const [coloured, plain, quiet] = await Promise.all([tty(""), tty("--no-color"), tty("--quiet")]);
      expect(coloured).toContain("\u001b[33mwarning\u001b[39m");
      expect(coloured).toContain("22 files");
      expect(coloured).toMatch(/groovymcp lint: \d+\/22 files/);
      expect(plain).not.toContain("\u001b[33m");
      expect(plain).toContain("s00.groovy:1:1  warning  Unused import: java.util.List  groovy/unused-import");
      expect(quiet).not.toMatch(/\d+\/22 files/);
    });
  });

  // the decision itself is unit-tested in test/unit/lint-exit-status.test.ts; these runs show each flag reaches it
  describe.concurrent("--fail-on, --max-warnings, --quiet, --output", () => {
    it("--fail-on warning fails on a warning that the default passes", async () => {
      const run = await lint(["--format", "json", "--fail-on", "warning", "--jobs", "1", "rules/unused", "rules/scripts/missing.groovy"], { cwd: dir });
      expect(run.status).toBe(1);
      expect(rulesOf(parse(run.stdout))).toEqual(["rules/scripts/missing.groovy:1:groovy/missing-dependency:information", "rules/unused/Unused.groovy:1:groovy/unused-import:warning"]);
    });

    it("--max-warnings 0 fails on the warning that the default passes", async () => {
      expect((await lint(["--max-warnings", "0", "--jobs", "1", "rules/unused"], { cwd: dir })).status).toBe(1);
    });

    it("--quiet reports errors only, and prints nothing when there are none", async () => {
      const run = await lint(["--quiet", "--format", "json", "--jobs", "1"], { cwd: dir });
      expect(run.status).toBe(1);
      const quiet = parse(run.stdout);
      expect(rulesOf(quiet)).toEqual(rulesOf(full).filter((x) => x.endsWith(":error")));
      const clean = await lint(["--quiet", "--jobs", "1", "rules/unused"], { cwd: dir });
      expect(clean.status).toBe(0);
      expect(clean.stdout).toBe("");
    });

    it("--output writes the report to a file and nothing to stdout", async () => {
      const run = await lint(["--format", "json", "--output", "out/report.json", "--jobs", "1"], { cwd: dir });
      // the directory does not exist: an I/O error naming the option's file
      expect(run.status).toBe(2);
      expect(run.stderr).toContain("out/report.json");
      const ok = await lint(["--format", "json", "-o", "report.json", "--jobs", "1"], { cwd: dir });
      expect(ok.status).toBe(1);
      expect(ok.stdout).toBe("");
      expect(readFileSync(join(dir, "report.json"), "utf8")).toBe(fullText);
    });
  });

  describe.concurrent("stdin", () => {
    it("lints - with --stdin-filename deciding the path and the kind", async () => {
      const run = await lint(["--format", "json", "--stdin-filename", "ci/Jenkinsfile", "-"], { cwd: dir, input: "pipeline {\n  agent any\n  stages { stage('a') { steps { sh 'make' } } }\n}\n" });
      expect(run.status).toBe(0);
      const report = parse(run.stdout);
      expect(report.files.map((f) => [f.path, f.kind, f.findings.length])).toEqual([["ci/Jenkinsfile", "jenkins", 0]]);
    });

    it("reports stdin's errors under its name (default stdin.groovy)", async () => {
      const run = await lint(["-"], { cwd: dir, input: "def x = {\n" });
      expect(run.status).toBe(1);
      expect(run.stdout).toContain("stdin.groovy:2:1  error  Unexpected input");
    });
  });

  describe("--shard", () => {
    it("partitions the files exactly, whatever N", async () => {
      const all = full.files.map((f) => f.path);
      const shards = [2, 3].flatMap((n) => Array.from({ length: n }, (_, i) => `${i + 1}/${n}`));
      const runs = new Map(await Promise.all(shards.map(async (s) => [s, await lint(["--format", "json", "--shard", s, "--jobs", "1"], { cwd: dir })] as const)));
      for (const n of [2, 3]) {
        const seen: string[] = [];
        for (let i = 1; i <= n; i++) {
          const part = parse(runs.get(`${i}/${n}`)!.stdout);
          expect(part.files.length).toBeGreaterThan(0);
          seen.push(...part.files.map((f) => f.path));
          // each shard's findings are exactly the full run's findings for its files
          expect(part.files).toEqual(full.files.filter((f) => part.files.some((p) => p.path === f.path)));
        }
        expect(seen.sort()).toEqual(all);
      }
    });
  });

  describe.concurrent("--classpath and the config file", () => {
    it("makes a missing dependency an error once a classpath is given", async () => {
      writeTree(dir, { "lib/.keep": "" });
      writeFileSync(join(dir, "lib", "empty.jar"), EMPTY_JAR);
      const run = await lint(["--format", "json", "--classpath", "lib/empty.jar", "--jobs", "1", "rules/scripts/missing.groovy"], { cwd: dir });
      expect(run.status).toBe(1);
      expect(rulesOf(parse(run.stdout))).toEqual(["rules/scripts/missing.groovy:1:groovy/unresolved:error"]);
    });

    it("applies rule settings, include, exclude, kinds and classpath from the nearest .groovymcp.json", async () => {
      const repo = tempRepo("configured");
      cpSync(join(FIXTURES, "rules"), join(repo, "rules"), { recursive: true });
      writeTree(repo, {
        ".groovymcp.json": JSON.stringify({
          rules: { "groovy/unused-import": "off", "groovy/type-check": "warning", "groovy/missing-dependency": { severity: "error" } },
          exclude: ["rules/dup/**", "rules/scripts/syntax.groovy"],
          kinds: { "rules/scripts/ok-script.groovy": "jenkins" },
        }),
        "sub/deeper/.keep": "",
      });
      const run = await lint(["--format", "json", "--jobs", "1", "../../rules"], { cwd: join(repo, "sub", "deeper") });
      expect(run.stderr).toBe("");
      const report = parse(run.stdout);
      const paths = report.files.map((f) => f.path);
      expect(paths).not.toContain("../../rules/dup/Dup.groovy");
      expect(paths).not.toContain("../../rules/scripts/syntax.groovy");
      expect(paths).toContain("../../rules/ok/Ok.groovy");
      expect(report.files.find((f) => f.path === "../../rules/scripts/ok-script.groovy")!.kind).toBe("jenkins");
      const found = rulesOf(report);
      expect(found.filter((x) => x.includes("unused-import"))).toEqual([]);
      expect(found).toContain("../../rules/typed/Typed.groovy:3:groovy/type-check:warning");
      expect(found).toContain("../../rules/scripts/missing.groovy:1:groovy/missing-dependency:error");

      // include narrows what directory walks pick up; --config names the file explicitly
      // include narrows what directory walks pick up; a configured classpath (relative to the config) counts as one
      writeTree(repo, { "conf/other.json": JSON.stringify({ include: ["../rules/typed/**", "../rules/scripts/missing.groovy"], classpath: ["../lib/empty.jar"] }), "lib/.keep": "" });
      writeFileSync(join(repo, "lib", "empty.jar"), EMPTY_JAR);
      const narrowed = await lint(["--format", "json", "--config", "conf/other.json", "--jobs", "1", "rules"], { cwd: repo });
      expect(narrowed.stderr).toBe("");
      expect(rulesOf(parse(narrowed.stdout))).toEqual(["rules/scripts/missing.groovy:1:groovy/unresolved:error", "rules/typed/Typed.groovy:3:groovy/type-check:error"]);
    });
  });

  describe("paths", () => {
    it("takes directories, globs and explicit files (even under node_modules), skipping what .gitignore ignores", async () => {
      const repo = tempRepo("paths");
      writeTree(repo, {
        ".gitignore": "ignored/\n*.tmp.groovy\n",
        "a/A.groovy": "println 'a'\n",
        "a/x.tmp.groovy": "def broken = {\n",
        "ignored/I.groovy": "def broken = {\n",
        "node_modules/m/M.groovy": "println 'm'\n",
        "b/Jenkinsfile.release": "node { sh 'x' }\n",
        "b/notes.txt": "not groovy\n",
        "b/c/build.gradle": "plugins { id 'java' }\n",
      });
      const dirRun = await lint(["--format", "json", "--jobs", "1"], { cwd: repo });
      expect(dirRun.status).toBe(0);
      expect(parse(dirRun.stdout).files.map((f) => f.path)).toEqual(["a/A.groovy", "b/Jenkinsfile.release", "b/c/build.gradle"]);
      const globRun = await lint(["--format", "json", "--jobs", "1", "**/*.gradle", "node_modules/m/M.groovy"], { cwd: repo });
      expect(parse(globRun.stdout).files.map((f) => f.path)).toEqual(["b/c/build.gradle", "node_modules/m/M.groovy"]);
    });
  });
});

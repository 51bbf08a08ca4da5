import { cpSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENGINE_PRESENT, lint, PROJECT_ROOT, tempRepo, type JsonReport } from "../lint/support.js";
import { ServerProcess, toolResult } from "../host/support/server-process.js";

/**
 * One engine op for every front end: the same Jenkinsfile gives the same jenkins/declarative-* findings from
 * `groovymcp lint` and from the MCP server's groovy_diagnostics (by its name, and by an explicit kind), over real
 * pipes.
 */

const INVALID = join(PROJECT_ROOT, "test", "jenkins", "pipelines", "invalid");
const NAMES = readdirSync(INVALID).filter((n) => n.startsWith("Jenkinsfile."));

if (!ENGINE_PRESENT && process.env["CI"] === "true") throw new Error("the engine is not built: CI runs these tests on the real engine");

interface Shown {
  readonly rule: string;
  readonly message: string;
  readonly start: [number, number];
  readonly end: [number, number];
}

interface Diagnostic {
  readonly code: string;
  readonly message: string;
  readonly severity: string;
  readonly range: { start: { line: number; character: number }; end: { line: number; character: number } };
}

describe.skipIf(!ENGINE_PRESENT)("lint and groovy_diagnostics agree on Declarative findings", () => {
  let report: JsonReport;
  let server: ServerProcess;
  let id = 0;

  beforeAll(async () => {
    const root = tempRepo("jenkins-parity");
    cpSync(INVALID, root, { recursive: true });
    const run = await lint(["--format", "json", "--jobs", "2", ...NAMES], { cwd: root });
    expect(run.stderr).toBe("");
    report = JSON.parse(run.stdout) as JsonReport;
    server = new ServerProcess([], { env: { ...process.env, GROOVYMCP_WARMUP: "0" } });
    await server.initialize();
  }, 180_000);

  afterAll(async () => {
    await server?.close();
  });

  const fromLint = (name: string): Shown[] =>
    report.files
      .find((f) => f.path === name)!
      .findings.filter((f) => f.rule.startsWith("jenkins/declarative-"))
      .map((f) => ({ rule: f.rule, message: f.message, start: [f.line - 1, f.column - 1], end: [f.endLine - 1, f.endColumn - 1] }));

  const fromServer = async (args: Record<string, unknown>): Promise<Shown[]> => {
    const result = toolResult(await server.callTool(++id, "groovy_diagnostics", args));
    const diagnostics = (result.structuredContent as { diagnostics: Diagnostic[] }).diagnostics;
    return diagnostics
      .filter((d) => d.code.startsWith("jenkins/declarative-"))
      .map((d) => {
        expect(d.severity).toBe("error");
        return { rule: d.code, message: d.message, start: [d.range.start.line, d.range.start.character], end: [d.range.end.line, d.range.end.character] };
      });
  };

  it.each(NAMES)("%s: the same findings by explicit kind and by file name", async (name) => {
    const text = readFileSync(join(INVALID, name), "utf8");
    const expected = fromLint(name);
    expect(expected.length).toBeGreaterThan(0);
    const sortKey = (s: Shown) => `${String(s.start[0]).padStart(5, "0")}:${String(s.start[1]).padStart(5, "0")}:${s.rule}`;
    const sorted = (a: Shown[]) => [...a].sort((x, y) => sortKey(x).localeCompare(sortKey(y)));
    expect(sorted(await fromServer({ text, uri: `groovy-buffer:${name}-by-kind`, kind: "jenkins" }))).toEqual(sorted(expected));
    expect(sorted(await fromServer({ text, uri: `groovy-buffer:pipelines/${name}` }))).toEqual(sorted(expected));
  });

  it("a buffer that is not a Jenkinsfile gets no Declarative findings", async () => {
    const text = readFileSync(join(INVALID, NAMES[0]!), "utf8");
    expect(await fromServer({ text, uri: "groovy-buffer:plain-script.groovy" })).toEqual([]);
    expect(await fromServer({ text, uri: "groovy-buffer:Jenkinsfile.as-script", kind: "script" })).toEqual([]);
  });
});

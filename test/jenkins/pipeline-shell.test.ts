import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENGINE_PRESENT, lint, tempRepo, writeTree, type JsonReport } from "../lint/support.js";
import { ServerProcess, toolResult } from "../host/support/server-process.js";

/**
 * The CPS shell's view of a pipeline on the real engine, over real pipes: a class Jenkins's Groovy 2.4
 * default-imported and later Groovy moved gets an information note at each use (lint and groovy_diagnostics alike),
 * and a file that is `jenkins` only through the config's `kinds` gets the shell's imports as a Jenkinsfile does.
 */

if (!ENGINE_PRESENT && process.env["CI"] === "true") throw new Error("the engine is not built: CI runs these tests on the real engine");

const PIPELINE = "@NonCPS\ndef parse(String s) { new XmlSlurper().parseText(s) }\necho parse('<a/>').name()\n";

interface Diagnostic {
  readonly code: string;
  readonly message: string;
  readonly severity: string;
  readonly range: { start: { line: number; character: number } };
}

describe.skipIf(!ENGINE_PRESENT)("the pipeline shell's view", () => {
  let report: JsonReport;

  beforeAll(async () => {
    const root = tempRepo("jenkins-shell");
    writeTree(root, {
      "Jenkinsfile": PIPELINE,
      "ci/release.groovy": PIPELINE,
      "tools/plain.groovy": PIPELINE,
      ".groovymcp.json": JSON.stringify({ kinds: { "ci/*.groovy": "jenkins" } }),
    });
    const run = await lint(["--format", "json", "--jobs", "2", "."], { cwd: root });
    expect(run.stderr).toBe("");
    report = JSON.parse(run.stdout) as JsonReport;
  }, 180_000);

  const findings = (path: string): string[] =>
    report.files.find((f) => f.path === path)!.findings.map((f) => `${f.line}:${f.column} ${f.rule} ${f.severity}`);

  it("notes a moved class at its use, as information, never as an error", () => {
    expect(findings("Jenkinsfile")).toEqual(["2:27 jenkins/moved-class information"]);
    const note = report.files.find((f) => f.path === "Jenkinsfile")!.findings[0]!;
    expect(note.message).toContain("groovy.xml.XmlSlurper");
    expect(note.message).toContain("imports it by default");
  });

  it("gives a file the config calls jenkins the same imports as a Jenkinsfile", () => {
    expect(findings("ci/release.groovy")).toEqual(findings("Jenkinsfile"));
  });

  it("leaves an ordinary script with Groovy's own view", () => {
    const rules = findings("tools/plain.groovy").map((f) => f.split(" ")[1]);
    expect(rules).toContain("groovy/unresolved");
    expect(rules).not.toContain("jenkins/moved-class");
  });

  describe("the MCP server", () => {
    let server: ServerProcess;
    let id = 0;

    beforeAll(async () => {
      server = new ServerProcess([], { env: { ...process.env, GROOVYMCP_WARMUP: "0" } });
      await server.initialize();
    }, 180_000);

    afterAll(async () => {
      await server?.close();
    });

    const diagnostics = async (args: Record<string, unknown>): Promise<Diagnostic[]> =>
      (toolResult(await server.callTool(++id, "groovy_diagnostics", args)).structuredContent as { diagnostics: Diagnostic[] }).diagnostics;

    it("shows the same note in groovy_diagnostics, by name and by explicit kind", async () => {
      for (const args of [{ text: PIPELINE, uri: "groovy-buffer:Jenkinsfile" }, { text: PIPELINE, uri: "groovy-buffer:ci/release.groovy", kind: "jenkins" }]) {
        const shown = await diagnostics(args);
        expect(shown.map((d) => `${d.range.start.line + 1}:${d.range.start.character + 1} ${d.code} ${d.severity}`)).toEqual(["2:27 jenkins/moved-class information"]);
        expect(shown[0]!.message).toBe(report.files.find((f) => f.path === "Jenkinsfile")!.findings[0]!.message);
      }
    });
  });
});

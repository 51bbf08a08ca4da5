import { expect, it } from "vitest";
import { ENGINE_MISSING, javaFreeEnvironment, lint, tempRepo, writeTree, type JsonReport } from "./support.js";
import { describeWith } from "../support/peers.js";

/**
 * A Jenkinsfile as Jenkins's CPS shell compiles it: `@Library` and `@NonCPS` without imports, the classes
 * Groovy 2.4 default-imported from groovy.util, the pipeline's globals. None of that is an error; a real error is.
 */
const JENKINSFILE = [
  "@Library('x@main') _",
  "@Library('y') import org.example.Util",
  "",
  "@NonCPS",
  "def titles(String xml) { new XmlSlurper().parseText(xml).item*.title }",
  "",
  "node {",
  "  echo \"${env.BRANCH_NAME} ${currentBuild.result}\"",
  "  Util.greet(this)",
  "  Run last = currentBuild.rawBuild",
  "}",
  "",
].join("\n");

describeWith(ENGINE_MISSING)("groovymcp lint: the pipeline shell's view of a Jenkinsfile", () => {
  const env = javaFreeEnvironment();

  async function findings(files: Record<string, string>): Promise<{ status: number | null; lines: string[]; report: JsonReport }> {
    const dir = tempRepo("cps");
    writeTree(dir, files);
    const run = await lint(["--format", "json"], { cwd: dir, env });
    expect(run.stderr).toBe("");
    const report = JSON.parse(run.stdout) as JsonReport;
    return { status: run.status, report, lines: report.files.flatMap((f) => f.findings.map((x) => `${f.path}:${x.line}:${x.rule}:${x.severity}`)) };
  }

  it("gives no error for the shell's imports, annotations, moved classes and globals", async () => {
    const { status, lines, report } = await findings({ Jenkinsfile: JENKINSFILE, "vars/deploy.groovy": "@NonCPS\ndef call() { new XmlParser() }\n" });
    // the shared library's class lives outside the tree: a missing dependency at its import; the moved class of the
    // vars step is a note, never an error (the Jenkinsfile's own stops at its unresolved import, as Groovy does)
    expect(lines).toEqual(["Jenkinsfile:2:groovy/missing-dependency:information", "vars/deploy.groovy:2:jenkins/moved-class:information"]);
    expect(report.files.map((f) => [f.path, f.kind])).toEqual([["Jenkinsfile", "jenkins"], ["vars/deploy.groovy", "jenkins"]]);
    expect(report.summary.errors).toBe(0);
    expect(status).toBe(0);
  });

  it("calls Jenkins's own classes missing, and still reports a real error", async () => {
    // an unresolved import stops the compiler resolving the rest of its file, so these go without the library's
    const pipeline = JENKINSFILE.split("\n").filter((l) => !l.includes("org.example.Util") && !l.includes("Util.greet")).join("\n");
    const { status, lines, report } = await findings({ Jenkinsfile: `${pipeline}def broken() { def a = 1; def a = 2; a }\n` });
    expect(lines, JSON.stringify(report)).toEqual(["Jenkinsfile:8:groovy/missing-dependency:information", "Jenkinsfile:10:groovy/compiler:error"]);
    expect(status).toBe(1);
  });
});

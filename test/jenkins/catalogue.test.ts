import { describe, expect, it } from "vitest";
import { ENGINE_PRESENT, lint, tempRepo, writeTree, type JsonReport } from "../lint/support.js";

/** The site catalogue: names installed plugins define are checked only when a controller's export is given. */

if (!ENGINE_PRESENT && process.env["CI"] === "true") throw new Error("the engine is not built: CI runs these tests on the real engine");

const PIPELINE = `pipeline {
    agent { ec2 'small' }
    options {
        bananaOption()
        timestamps()
    }
    stages {
        stage('Build') {
            steps {
                sh 'make'
            }
        }
    }
}
`;

const CATALOGUE = { options: ["timestamps", "timeout"], agents: ["label", "docker"], steps: ["sh", "echo"] };

const declarative = (report: JsonReport): string[] =>
  report.files.flatMap((f) => f.findings.filter((x) => x.rule.startsWith("jenkins/declarative-")).map((x) => `${x.line}:${x.rule}`));

describe.skipIf(!ENGINE_PRESENT)("--jenkins-catalog and the jenkinsCatalog config key", () => {
  it("without a catalogue, plugin-defined names are never guessed", async () => {
    const dir = tempRepo("catalogue-none");
    writeTree(dir, { Jenkinsfile: PIPELINE });
    const run = await lint(["--format", "json", "Jenkinsfile"], { cwd: dir });
    expect(run.stderr).toBe("");
    expect(declarative(JSON.parse(run.stdout) as JsonReport)).toEqual([]);
  });

  it("with one, an agent type and an option the controller lacks are errors", async () => {
    const dir = tempRepo("catalogue-cli");
    writeTree(dir, { Jenkinsfile: PIPELINE, "ci/controller.json": JSON.stringify(CATALOGUE) });
    const run = await lint(["--format", "json", "--jenkins-catalog", "ci/controller.json", "Jenkinsfile"], { cwd: dir });
    expect(run.stderr).toBe("");
    expect(run.status).toBe(1);
    expect(declarative(JSON.parse(run.stdout) as JsonReport)).toEqual(["2:jenkins/declarative-unknown-name", "4:jenkins/declarative-unknown-name"]);
  });

  it("the config key names the file relative to the config", async () => {
    const dir = tempRepo("catalogue-config");
    writeTree(dir, {
      Jenkinsfile: PIPELINE,
      "ci/controller.json": JSON.stringify({ options: ["timestamps", "bananaOption"] }),
      ".groovymcp.json": JSON.stringify({ jenkinsCatalog: "ci/controller.json" }),
    });
    const run = await lint(["--format", "json", "Jenkinsfile"], { cwd: dir });
    expect(run.stderr).toBe("");
    // options are listed and all known; agents are not listed, so agent types stay unchecked
    expect(declarative(JSON.parse(run.stdout) as JsonReport)).toEqual([]);
  });

  it.each([
    ["not JSON", "{", /is not valid JSON/],
    ["an unknown key", JSON.stringify({ plugins: [] }), /unknown key "plugins"/],
    ["a non-array", JSON.stringify({ steps: "sh" }), /steps must be an array of names/],
  ])("refuses a catalogue that is %s with a usage error", async (_what, text, message) => {
    const dir = tempRepo("catalogue-bad");
    writeTree(dir, { Jenkinsfile: PIPELINE, "c.json": text });
    const run = await lint(["--jenkins-catalog", "c.json", "Jenkinsfile"], { cwd: dir });
    expect(run.status).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr).toMatch(message);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });
});

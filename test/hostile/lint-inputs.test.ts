import { describe, expect, it } from "vitest";
import { ENGINE_PRESENT, javaFreeEnvironment, lint, tempRepo, writeTree, type JsonReport } from "../lint/support.js";

/**
 * Inputs that once failed a whole lint unit, through the real CLI and the WebAssembly engine: no input may cost more
 * than its own findings. Each file here compiles alone (a Jenkinsfile, a script), so a unit failure would show as
 * the engine-failure finding on that file and a line on stderr.
 */
const INPUTS: Record<string, string> = {
  // a repeated shared-library import of a class in the default package (the import names no package at all)
  Jenkinsfile: "@Library('x') import y\n@Library('x') import y\nnode { echo 'hi' }\n",
  "Jenkinsfile.single": "@Library('x') import y\npipeline { agent any; stages { stage('a') { steps { echo 'a' } } } }\n",
  "scripts/default-package-import.groovy": "import y\nimport y as z\nimport static y.q\nprintln 1\n",
  "scripts/spock-like.groovy": [
    "class S extends Specification {",
    "    def 'f'() {",
    "        when: throw new IllegalStateException()",
    "        then: thrown(IllegalStateException)",
    "        where: a | b || c",
    "        1 | 2 || 3",
    "    }",
    "}",
    "",
  ].join("\n"),
};

const REQUIRED = process.env["CI"] === "true";

describe.skipIf(!ENGINE_PRESENT && !REQUIRED)("hostile lint inputs", () => {
  it("cost only their own findings: no unit fails, nothing on stderr but the report's own lines", async () => {
    expect(ENGINE_PRESENT, "the WebAssembly engine must be built under CI=true").toBe(true);
    const dir = tempRepo("lint-inputs");
    writeTree(dir, INPUTS);
    const run = await lint(["--format", "json", "--jobs", "2", "."], { cwd: dir, env: javaFreeEnvironment() });
    expect(run.stderr).not.toMatch(/engine failed|internal error|Exception/);
    const report = JSON.parse(run.stdout) as JsonReport;
    expect(report.files.map((f) => f.path).sort()).toEqual(Object.keys(INPUTS).sort());
    for (const f of report.files) {
      expect(f.findings.filter((x) => x.fingerprint === "engine-failure" || x.message.includes("Groovy engine")), f.path).toEqual([]);
    }
    const jenkinsfile = report.files.find((f) => f.path === "Jenkinsfile")!;
    // each import line is one finding about the library's class it cannot find, never also an unused import
    expect(jenkinsfile.findings.map((x) => `${x.line}:${x.rule}`)).toEqual(["1:groovy/missing-dependency", "2:groovy/missing-dependency"]);
    const spock = report.files.find((f) => f.path === "scripts/spock-like.groovy")!;
    expect(spock.findings.filter((x) => x.rule === "groovy/unreachable-code")).toEqual([]);
  }, 120_000);
});

import { expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { ENGINE_MISSING, fixtureTree, javaFreeEnvironment, lint, type JsonReport } from "./support.js";
import { describeWith } from "../support/peers.js";


describeWith(ENGINE_MISSING)("groovymcp lint end to end, with no java on PATH", () => {
  const env = javaFreeEnvironment();

  it("really has no java on that PATH", () => {
    const probe = spawnSync("java", ["-version"], { env });
    expect((probe.error as NodeJS.ErrnoException | undefined)?.code).toBe("ENOENT");
    expect(env["JAVA_HOME"]).toBeUndefined();
  });

  it("lints a realistic tree: cross-file classes, two Jenkinsfiles, Gradle, Spock, skipped folders", async () => {
    const dir = fixtureTree();
    const run = await lint(["--format", "json", "--jobs", "2"], { cwd: dir, env });
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    const report = JSON.parse(run.stdout) as JsonReport;
    expect(report.files.map((f) => [f.path, f.kind])).toEqual([
      ["Jenkinsfile", "jenkins"],
      ["app/build.gradle", "gradle"],
      ["app/src/main/groovy/com/acme/App.groovy", "class"],
      ["app/src/main/groovy/com/acme/Greeter.groovy", "class"],
      ["app/src/test/groovy/com/acme/GreeterSpec.groovy", "class"],
      ["deploy/Jenkinsfile", "jenkins"],
    ]);
    const findings = report.files.flatMap((f) => f.findings.map((x) => `${f.path}:${x.line}:${x.rule}:${x.severity}`));
    // Spock is not on the classpath: one information finding at its import, nothing else
    expect(findings).toEqual(["app/src/test/groovy/com/acme/GreeterSpec.groovy:3:groovy/missing-dependency:information"]);
    expect(report.summary).toEqual({ files: 6, errors: 0, warnings: 0, information: 1, suppressed: 0 });
  });

  it("fails the class used from another file when that file is not in the compile", async () => {
    const dir = fixtureTree();
    const run = await lint(["--format", "json", "app/src/main/groovy/com/acme/App.groovy"], { cwd: dir, env });
    expect(run.status).toBe(1);
    const report = JSON.parse(run.stdout) as JsonReport;
    expect(report.files[0]!.findings.map((f) => [f.rule, f.message])).toEqual([["groovy/unresolved", "unable to resolve class Greeter"]]);
  });
});

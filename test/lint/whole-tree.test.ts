import { cpSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ENGINE_PRESENT, PROJECT_ROOT, javaFreeEnvironment, lint, tempRepo, writeTree, type JsonReport } from "./support.js";

/**
 * The project model through the real CLI and wasm engine: every unit resolves the classes the rest of the tree
 * declares (other modules, other source sets, Java sources) from their declarations, while it compiles only its own
 * files. The fixture is shaped like the false errors real trees gave: a multi-module Gradle build with a Java class
 * used from Groovy next door, a Spock spec using main, a Jenkins shared library whose test/ uses src/, and a resources
 * fixture that does not compile.
 */
function wholeTree(extra: Record<string, string> = {}): string {
  const dir = tempRepo("whole-tree");
  cpSync(join(PROJECT_ROOT, "test", "fixtures", "whole-tree"), dir, { recursive: true });
  writeTree(dir, extra);
  return dir;
}

function findings(report: JsonReport): string[] {
  return report.files.flatMap((f) => f.findings.map((x) => `${f.path}:${x.line}:${x.rule}:${x.severity}:${x.message}`));
}

describe.skipIf(!ENGINE_PRESENT && process.env["CI"] !== "true")("lint sees the whole tree", () => {
  const env = javaFreeEnvironment();

  it("lints modules, source sets, Java sources and a shared library with no false error", async () => {
    const run = await lint(["--format", "json", "--jobs", "2"], { cwd: wholeTree(), env });
    expect(run.stderr).toBe("");
    const report = JSON.parse(run.stdout) as JsonReport;
    expect(findings(report)).toEqual([
      "app/src/test/groovy/org/acme/app/CheckoutSpec.groovy:3:groovy/missing-dependency:information:spock.lang.Specification is not on the classpath (missing dependency: package spock.lang)",
    ]);
    // the resources fixture is not a source; the Java file is read for its declarations, never linted
    expect(report.files.map((f) => f.path)).not.toContain("app/src/test/resources/fixtures/Snippet.groovy");
    expect(report.summary.errors).toBe(0);
    expect(run.status).toBe(0);
  });

  it("keeps an unresolved class in a package the tree declares an error, and one elsewhere a missing dependency", async () => {
    const dir = wholeTree({
      "app/src/main/groovy/org/acme/app/Refund.groovy": [
        "package org.acme.app",
        "",
        "import org.acme.core.Voucher",
        "import com.elsewhere.Coupon",
        "",
        "class Refund {",
        "    Voucher voucher",
        "    Coupon coupon",
        "}",
        "",
      ].join("\n"),
    });
    const run = await lint(["--format", "json"], { cwd: dir, env });
    const report = JSON.parse(run.stdout) as JsonReport;
    const refund = findings(report).filter((f) => f.startsWith("app/src/main/groovy/org/acme/app/Refund.groovy:"));
    expect(refund).toEqual([
      "app/src/main/groovy/org/acme/app/Refund.groovy:3:groovy/unresolved:error:unable to resolve class org.acme.core.Voucher",
      expect.stringMatching(/^app\/src\/main\/groovy\/org\/acme\/app\/Refund\.groovy:4:groovy\/missing-dependency:information:/),
    ]);
    expect(run.status).toBe(1);
  });

  it("knows a class of a file that does not compile by its declaration: one error, at its cause", async () => {
    const dir = wholeTree({
      // a syntax error in a method body; the class and its API are still readable
      "core/src/main/groovy/org/acme/core/Discount.groovy": "package org.acme.core\n\nclass Discount {\n    Money apply(Money m) {\n        m.plus(new Money(-\n    }\n}\n",
      "app/src/main/groovy/org/acme/app/Sale.groovy": "package org.acme.app\n\nimport org.acme.core.Discount\n\nclass Sale {\n    Discount discount = new Discount()\n}\n",
    });
    const run = await lint(["--format", "json"], { cwd: dir, env });
    const report = JSON.parse(run.stdout) as JsonReport;
    const errors = findings(report).filter((f) => f.includes(":error:"));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^core\/src\/main\/groovy\/org\/acme\/core\/Discount\.groovy:\d+:groovy\/syntax:error:/);
  });
});

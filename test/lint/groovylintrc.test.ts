import { describe, expect, it } from "vitest";
import { LintUsageError } from "../../src/lint/errors.js";
import { notApplicableLine, readGroovylintrc } from "../../src/lint/groovylintrc.js";
import { ENGINE_MISSING, javaFreeEnvironment, lint, tempRepo, writeTree, type JsonReport } from "./support.js";
import { itWith } from "../support/peers.js";

/** Issue 28 item 5: npm-groovy-lint's `.groovylintrc.json` is honoured where it maps onto groovymcp's rules. */
describe("reading .groovylintrc.json", () => {
  const field = (detail: string): string => `config rc: field ${detail}`;

  it("maps CodeNarc names (with or without a section) and their severities onto ours, and lists the rest", () => {
    const rc = readGroovylintrc(
      {
        extends: "recommended",
        rules: { "imports.UnusedImport": "error", DuplicateMapKey: { enabled: false }, EmptyCatchBlock: { severity: "info" }, UnusedVariable: { enabled: true }, NoDef: "off", "formatting.LineLength": { severity: "warning" } },
        ignorepattern: "**/legacy/**, gen/",
      },
      field,
    );
    expect([...rc.rules]).toEqual([
      ["groovy/unused-import", "error"],
      ["groovy/duplicate-map-key", "off"],
      ["groovy/empty-catch", "information"],
    ]);
    expect(rc.exclude).toEqual(["**/legacy/**", "gen/**"]);
    expect(rc.notApplicable).toEqual(["rules.NoDef", "rules.formatting.LineLength", "extends"]);
    expect(notApplicableLine("rc", rc.notApplicable)).toBe("rc: not applicable to groovymcp lint, ignored: rules.NoDef, rules.formatting.LineLength, extends");
  });

  it("refuses a malformed setting, naming the field", () => {
    expect(() => readGroovylintrc({ rules: { UnusedImport: "loud" } }, field)).toThrow(new LintUsageError('config rc: field rules["UnusedImport"] must be "off", "error", "warning", "info" or an object with one of them as severity'));
    expect(() => readGroovylintrc({ ignorepattern: ["x"] }, field)).toThrow(/field ignorepattern must be a string/);
    expect(() => readGroovylintrc({ ignorepattern: `${"a*".repeat(10)}x` }, field)).toThrow(/wildcards/);
  });

  itWith(ENGINE_MISSING)("is found like .groovymcp.json and applied by the CLI, with one stderr line for the rest", async () => {
    const dir = tempRepo("groovylintrc");
    writeTree(dir, {
      ".groovylintrc.json": JSON.stringify({ extends: "recommended-jenkinsfile", rules: { UnusedImport: "error", DuplicateMapKey: "off", CompileStatic: "off" }, ignorepattern: "**/legacy/**" }),
      "src/A.groovy": "import java.util.concurrent.ConcurrentHashMap\nclass A {\n  def m = [k: 1, k: 2]\n}\n",
      "legacy/Broken.groovy": "class Broken {\n",
    });
    const run = await lint(["--format", "json"], { cwd: dir, env: javaFreeEnvironment() });
    expect(run.stderr).toBe(`groovymcp lint: ${dir}/.groovylintrc.json: not applicable to groovymcp lint, ignored: rules.CompileStatic, extends\n`);
    expect(run.status).toBe(1);
    const report = JSON.parse(run.stdout) as JsonReport;
    expect(report.files.map((f) => [f.path, f.findings.map((x) => `${x.rule}:${x.severity}`)])).toEqual([["src/A.groovy", ["groovy/unused-import:error"]]]);
  });
});

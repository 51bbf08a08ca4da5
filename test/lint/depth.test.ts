import { expect, it } from "vitest";
import { ENGINE_MISSING, javaFreeEnvironment, lint, tempRepo, writeTree, type JsonReport } from "./support.js";
import { describeWith } from "../support/peers.js";

/**
 * Lint's depth containment: the MCP server's (src/engine/service, maxNestingDepth 1,000). Closures nested 5,000 deep
 * run the compiler out of even the 16 MiB worker stack, which used to cost the file's whole compile unit an engine
 * restart and a "the Groovy engine failed" finding. Now such a file is never compiled: it gets the server's one
 * `parsing failed` error at the first bracket past the limit, while a good file of the same compile unit is
 * checked exactly as it is on its own.
 */
const DEPTH = 5000;
const deepLine = `    def nested = ${"{ -> ".repeat(DEPTH)}1${" }".repeat(DEPTH)}`;
const DEEP = `package deep\n\nclass Deep {\n${deepLine}\n}\n`;
const GOOD = "package deep\n\nimport java.util.concurrent.ConcurrentHashMap\n\nclass Good {\n    def make() { new Missing() }\n    String name() { 'good' }\n}\n";

/** 1-based column of the bracket that goes past 1,000 levels: the class body is level 1, so the 1,000th closure. */
function columnPastLimit(): number {
  let seen = 1; // the class body's brace, on the line before
  for (let i = 0; i < deepLine.length; i++) {
    if (deepLine[i] === "{" && ++seen === 1001) return i + 1;
  }
  throw new Error("the deep line has fewer than 1,001 levels");
}

describeWith(ENGINE_MISSING)("groovymcp lint on a file nested 5,000 deep", () => {
  const env = javaFreeEnvironment();

  it("reports one parsing-failed syntax error for it, and the good file of its unit as on its own", async () => {
    const dir = tempRepo("depth");
    writeTree(dir, { "deep/Deep.groovy": DEEP, "deep/Good.groovy": GOOD });

    const both = await lint(["--format", "json", "deep"], { cwd: dir, env });
    const alone = await lint(["--format", "json", "deep/Good.groovy"], { cwd: dir, env });

    // nothing on stderr: no stack trace, no engine restart ("out of stack"), no failure line
    expect(both.stderr).toBe("");
    expect(both.status).toBe(1);
    const report = JSON.parse(both.stdout) as JsonReport;
    expect(report.files.map((f) => [f.path, f.kind])).toEqual([["deep/Deep.groovy", "class"], ["deep/Good.groovy", "class"]]);
    const deep = report.files[0]!.findings;
    expect(deep.map((f) => [f.rule, f.severity, f.line, f.column])).toEqual([["groovy/syntax", "error", 4, columnPastLimit()]]);
    expect(deep[0]!.message).toBe("parsing failed: brackets nest 1001 levels deep here, past the 1000 levels groovymcp lint compiles. Split the expression or reduce the nesting");

    expect(alone.stderr).toBe("");
    const good = (JSON.parse(alone.stdout) as JsonReport).files;
    expect(good.map((f) => f.path)).toEqual(["deep/Good.groovy"]);
    expect(report.files[1]!.findings).toEqual(good[0]!.findings);
    // and those findings are real ones, so the comparison cannot pass on two empty lists
    expect(good[0]!.findings.map((f) => f.rule)).toEqual(["groovy/unused-import", "groovy/unresolved"]);
    expect(report.summary).toEqual({ files: 2, errors: 2, warnings: 1, information: 0, suppressed: 0 });
  }, 120_000);
});

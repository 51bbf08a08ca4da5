import { describe, expect, it } from "vitest";
import { Suppressions } from "../../src/lint/suppression.js";

describe("suppression comments", () => {
  const text = [
    "import a.B // groovymcp-disable-line groovy/unused-import", // 0
    "// groovymcp-disable-next-line groovy/empty-catch, groovy/unused-import", // 1
    "x", // 2
    "// groovymcp-disable-next-line", // 3
    "y", // 4
    "// groovymcp-disable-next-line groovy/not-a-rule", // 5
    "z", // 6
    "/* groovymcp-disable groovy/duplicate */", // 7
    "w", // 8
    "/* groovymcp-enable groovy/duplicate */", // 9
    "v", // 10
  ].join("\n");
  const s = Suppressions.parse(text);

  it.each([
    ["groovy/unused-import", 0, true],
    ["groovy/empty-catch", 0, false],
    ["groovy/empty-catch", 2, true],
    ["groovy/unused-import", 2, true],
    ["groovy/syntax", 2, false],
    ["groovy/syntax", 4, true],
    ["groovy/syntax", 6, false],
    ["groovy/duplicate", 6, false],
    ["groovy/duplicate", 8, true],
    ["groovy/unused-import", 8, false],
    ["groovy/duplicate", 10, false],
  ])("%s on line %i suppressed: %s", (rule, line, expected) => {
    expect(s.suppresses(rule, line)).toBe(expected);
  });

  it("honours a file-level disable for every later line", () => {
    const f = Suppressions.parse("/* groovymcp-disable groovy/unused-import */\nimport a.B\n\n\nimport c.D\n");
    expect(f.suppresses("groovy/unused-import", 1)).toBe(true);
    expect(f.suppresses("groovy/unused-import", 4)).toBe(true);
    expect(f.suppresses("groovy/empty-catch", 4)).toBe(false);
    const all = Suppressions.parse("/* groovymcp-disable */\nx\n");
    expect(all.suppresses("groovy/syntax", 1)).toBe(true);
  });

  it("maps npm-groovy-lint's comments onto our rules", () => {
    const g = Suppressions.parse(
      [
        "/* groovylint-disable UnusedImport */", // 0
        "import a.B", // 1
        "// groovylint-disable-next-line EmptyCatchBlock", // 2
        "try {} catch (e) {}", // 3
        "def x = 1 // groovylint-disable-line UnusedVariable", // 4
        "// groovylint-disable-next-line NoDef, CompileStatic", // 5
        "def y = 2", // 6
        "/* groovylint-enable UnusedImport */", // 7
        "import c.D", // 8
      ].join("\n"),
    );
    expect(g.suppresses("groovy/unused-import", 1)).toBe(true);
    expect(g.suppresses("groovy/empty-catch", 3)).toBe(true);
    expect(g.suppresses("groovy/unused-local-variable", 4)).toBe(true);
    // NoDef and CompileStatic have no counterpart: the comment suppresses nothing
    expect(g.suppresses("groovy/unused-local-variable", 6)).toBe(false);
    expect(g.suppresses("groovy/unused-import", 8)).toBe(false);
  });

  it("ignores an ESLint-style reason after --", () => {
    const r = Suppressions.parse("// groovymcp-disable-next-line groovy/empty-catch -- legacy code\nx\n");
    expect(r.suppresses("groovy/empty-catch", 1)).toBe(true);
    expect(r.suppresses("groovy/syntax", 1)).toBe(false);
  });
});

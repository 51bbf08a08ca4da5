import { describe, expect, it } from "vitest";
import { deepestNesting } from "../../src/engine/service/nesting-depth.js";

/** The pure depth scan behind the depth error (src/engine/service/nesting-depth.ts): a table of sources and answers. */
describe("deepestNesting", () => {
  const table: [string, string, number | undefined, { depth: number; line: number; character: number } | undefined][] = [
    ["no brackets", "def x = 1\n", undefined, undefined],
    ["the first bracket at the deepest level", "f(a(b), c(d(e)))", undefined, { depth: 3, line: 0, character: 11 }],
    ["brackets of all three kinds count together", "[{ (1) }]", undefined, { depth: 3, line: 0, character: 3 }],
    ["the first bracket past the limit", "((((((1))))))", 3, { depth: 4, line: 0, character: 3 }],
    ["within the limit: the deepest point", "((1))", 3, { depth: 2, line: 0, character: 1 }],
    ["lines and characters are 0-based", "def a\n  def b = ((\n1))", undefined, { depth: 2, line: 1, character: 11 }],
    ["line comments are skipped", "// ((((((\n(1)", undefined, { depth: 1, line: 1, character: 0 }],
    ["block comments are skipped and their lines counted", "/* ((((\n((( */\n(1)", undefined, { depth: 1, line: 2, character: 0 }],
    ["single-quoted strings are skipped", "f('((((', \"[[[[\")", undefined, { depth: 1, line: 0, character: 1 }],
    ["escaped quotes stay inside the string", "f('\\'((((')", undefined, { depth: 1, line: 0, character: 1 }],
    ["triple-quoted strings span lines", "def s = '''\n(((\n'''\n[1]", undefined, { depth: 1, line: 3, character: 0 }],
    ["an unterminated string ends at its line", "def s = '((\n(1)", undefined, { depth: 1, line: 1, character: 0 }],
    ["closers never go below zero", ")))((1))", undefined, { depth: 2, line: 0, character: 4 }],
  ];
  for (const [what, source, limit, expected] of table) {
    it(what, () => {
      expect(deepestNesting(source, limit)).toEqual(expected);
    });
  }

  it("is linear: 262,144 levels scan at once", () => {
    const source = "(".repeat(262_144) + ")".repeat(262_144);
    expect(deepestNesting(source)?.depth).toBe(262_144);
    expect(deepestNesting(source, 1000)).toEqual({ depth: 1001, line: 0, character: 1000 });
  });
});

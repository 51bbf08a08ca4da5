import { describe, expect, it } from "vitest";
import { isInside } from "../../src/root-guard/path-guard.js";

/** The pure root guard, table-driven (POSIX paths; the guard uses the platform's path module). */
const TABLE: [dir: string, candidate: string, inside: boolean][] = [
  ["/root", "/root", true],
  ["/root", "/root/a.groovy", true],
  ["/root", "/root/sub/a.groovy", true],
  ["/root", "/root/..hidden.groovy", true],
  ["/root", "/root/...groovy", true],
  ["/root", "/root/..a/b.groovy", true],
  ["/root", "/root/a..b", true],
  ["/root", "/root/sub/..hidden", true],
  ["/root", "/", false],
  ["/root", "/rootx/a.groovy", false],
  ["/root", "/roo", false],
  ["/root", "/other/a.groovy", false],
  ["/root", "/root/../other", false], // not normalised by the caller: relative() resolves it, so it is outside
  ["/root/sub", "/root", false],
  ["/root/sub", "/root/subway/a.groovy", false],
  ["/", "/anything", true],
];

describe("isInside (root guard)", () => {
  it.each(TABLE)("%s contains %s: %s", (dir, candidate, inside) => {
    expect(isInside(dir, candidate)).toBe(inside);
  });
});

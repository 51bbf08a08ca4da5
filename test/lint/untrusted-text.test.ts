import { mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readSmallRegularFile } from "../../src/lint/bounded-read.js";
import { checkGlobComplexity } from "../../src/lint/glob-limits.js";
import { neutralise, neutraliseLineStart } from "../../src/lint/report/neutralise.js";

/** The pure parts of lint's defences against a hostile repository (the CLI cases are in test/hostile/lint-repository). */
describe("neutralising untrusted text", () => {
  it("escapes every control character visibly and leaves printable text alone", () => {
    expect(neutralise("a\nb\rc\td\u001b]0;x\u0007e\u007f\u0085\u2028\u2029")).toBe("a\\nb\\rc\\td\\x1b]0;x\\x07e\\x7f\\x85\\u2028\\u2029");
    expect(neutralise("src/Ünïcode 名前.groovy")).toBe("src/Ünïcode 名前.groovy");
  });

  it("keeps a path from starting a line with a workflow command", () => {
    expect(neutraliseLineStart("::error::x.groovy")).toBe("./::error::x.groovy");
    expect(neutraliseLineStart(" ::warning::x")).toBe("./ ::warning::x");
    expect(neutraliseLineStart("a\n::error::b")).toBe("a\\n::error::b");
    expect(neutraliseLineStart("src/A.groovy")).toBe("src/A.groovy");
  });
});

describe("config glob limits", () => {
  it("accepts the globs real configs use", () => {
    for (const glob of ["**/*.groovy", "legacy/**", "src/**/generated/**", "**/*Spec*.groovy", "{a,b}/**/*.gradle", "pipelines/[a-z]*.groovy"]) {
      expect(() => checkGlobComplexity(glob, "exclude[0]"), glob).not.toThrow();
    }
  });

  it("refuses the shapes that backtrack, naming the field", () => {
    expect(() => checkGlobComplexity("a*a*a*x", "exclude[0]")).toThrow(/^exclude\[0\]: the glob "a\*a\*a\*x" has more than 2 wildcards in one path segment/);
    expect(() => checkGlobComplexity("**/a/**/b/**/c", "include[1]")).toThrow(/^include\[1\]: the glob ".*" has more than 2 \*\* segments/);
    expect(() => checkGlobComplexity("**/*a*/**/*x", "x")).toThrow(/more than 4 wildcards/);
    expect(() => checkGlobComplexity("+(a*)x", "x")).toThrow(/extended glob/);
    expect(() => checkGlobComplexity("a".repeat(1025), "x")).toThrow(/longer than 1024/);
  });
});

describe("reading a small file of the repository", () => {
  const dir = mkdtempSync(join(tmpdir(), "groovymcp-small-"));

  it("reads a regular file, and refuses a device, a directory and a file over the cap", () => {
    writeFileSync(join(dir, "ok"), "build/\n");
    expect(readSmallRegularFile(join(dir, "ok"))).toEqual({ ok: true, text: "build/\n" });
    symlinkSync("/dev/zero", join(dir, "zero"));
    expect(readSmallRegularFile(join(dir, "zero"))).toEqual({ ok: false, reason: "is not a regular file" });
    expect(readSmallRegularFile(dir)).toEqual({ ok: false, reason: "is not a regular file" });
    writeFileSync(join(dir, "big"), "x".repeat(101));
    expect(readSmallRegularFile(join(dir, "big"), 100)).toEqual({ ok: false, reason: "is larger than 100 bytes" });
    expect(readSmallRegularFile(join(dir, "missing"))).toEqual({ ok: false, reason: "cannot be read" });
  });
});

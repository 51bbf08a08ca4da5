import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, sep } from "node:path";
import { describe, expect, it } from "vitest";
import { detectKind, KindOverrides } from "../../src/lint/file-kind.js";
import type { JsonObject } from "../../src/json/json.js";
import { declaredNames } from "../../src/lint/tree-declarations.js";
import { groupUnits, MAX_UNIT_FILES, shardUnits, sourceTreeOf, type LintFile } from "../../src/lint/units.js";

function file(path: string, kind: LintFile["kind"], packageName: string | null = null, size = 100): LintFile {
  return { path, displayPath: path, kind, packageName, size };
}

describe("file kinds", () => {
  it.each([
    ["Jenkinsfile", "", "jenkins"],
    ["ci/Jenkinsfile.release", "", "jenkins"],
    ["pipelines/deploy.jenkinsfile", "", "jenkins"],
    ["build.gradle", "plugins { id 'java' }", "gradle"],
    ["lib/vars/deploy.groovy", "def call() { sh 'x' }", "jenkins"],
    ["tools/run.gsh", "class A {}", "script"],
    ["src/A.groovy", "package a\nclass A {}", "class"],
    ["src/B.groovy", "@CompileStatic\nfinal class B {}", "class"],
    ["src/T.gy", "trait T {}", "class"],
    ["src/E.gvy", "enum E { X }", "class"],
    ["s.groovy", "println 'hi'\n// class Commented {}\n/* class Block {} */", "script"],
    ["s2.groovy", "def x = 'class Foo'", "script"],
  ])("%s is %s", (path, text, kind) => {
    expect(detectKind(path, text)).toBe(kind);
  });

  it("config overrides win, first match first", () => {
    const o = new KindOverrides([
      { glob: "pipelines/**/*.groovy", kind: "jenkins" },
      { glob: "**/*.groovy", kind: "script" },
    ]);
    expect(o.kindOf("pipelines/a/b.groovy")).toBe("jenkins");
    expect(o.kindOf("x/y.groovy")).toBe("script");
    expect(o.kindOf("x/y.gradle")).toBeUndefined();
  });
});

describe("source trees", () => {
  const never = (): boolean => false;
  it("puts main and test of one project together", () => {
    const a = sourceTreeOf(file(["", "r", "app", "src", "main", "groovy", "a", "A.groovy"].join(sep), "class", "a"), never);
    const b = sourceTreeOf(file(["", "r", "app", "src", "test", "groovy", "a", "ASpec.groovy"].join(sep), "class", "a"), never);
    expect(a).toBe(["", "r", "app"].join(sep));
    expect(b).toBe(a);
  });
  it("puts a shared library's src and vars together", () => {
    const lib = ["", "r", "lib"].join(sep);
    const probe = (p: string): boolean => p === join(lib, "vars");
    expect(sourceTreeOf(file(join(lib, "src", "org", "x", "U.groovy"), "class", "org.x"), probe)).toBe(lib);
    expect(sourceTreeOf(file(join(lib, "vars", "deploy.groovy"), "jenkins"), probe)).toBe(lib);
  });
  it("roots other class files at their package", () => {
    expect(sourceTreeOf(file(["", "r", "x", "a", "b", "C.groovy"].join(sep), "class", "a.b"), never)).toBe(["", "r", "x"].join(sep));
    expect(sourceTreeOf(file(["", "r", "x", "C.groovy"].join(sep), "class", "other.pkg"), never)).toBe(["", "r", "x"].join(sep));
  });
  it("compiles Jenkinsfiles, Gradle scripts and plain scripts alone", () => {
    expect(sourceTreeOf(file(["", "r", "Jenkinsfile"].join(sep), "jenkins"), never)).toBeUndefined();
    expect(sourceTreeOf(file(["", "r", "app", "src", "main", "groovy", "Jenkinsfile"].join(sep), "jenkins"), never)).toBeUndefined();
    expect(sourceTreeOf(file(["", "r", "build.gradle"].join(sep), "gradle"), never)).toBeUndefined();
    expect(sourceTreeOf(file(["", "r", "scripts", "run.groovy"].join(sep), "script"), never)).toBeUndefined();
  });
  it("groups, sorts and splits a tree over the cap", () => {
    const root = mkdtempSync(join(tmpdir(), "lint-units-"));
    const files: LintFile[] = [];
    for (let i = 0; i < MAX_UNIT_FILES + 5; i++) files.push(file(join(root, "p", `C${String(i).padStart(3, "0")}.groovy`), "class", "p"));
    files.push(file(join(root, "Jenkinsfile"), "jenkins"), file(join(root, "ci", "Jenkinsfile"), "jenkins"));
    const units = groupUnits(files.reverse());
    const split = units.filter((u) => u.split);
    expect(split).toHaveLength(2);
    expect(split[0]!.files).toHaveLength(MAX_UNIT_FILES);
    expect(split[1]!.files).toHaveLength(5);
    expect(units.filter((u) => !u.split).map((u) => u.files.length)).toEqual([1, 1]);
    expect(units.map((u) => u.key)).toEqual([...units.map((u) => u.key)].sort());
    expect(units.flatMap((u) => u.files)).toHaveLength(files.length);
  });
});

describe("shards", () => {
  it("partition the units exactly and deterministically", () => {
    const root = mkdtempSync(join(tmpdir(), "lint-shards-"));
    mkdirSync(join(root, "x"));
    writeFileSync(join(root, "x", "A.groovy"), "class A {}");
    const files: LintFile[] = [];
    for (let i = 0; i < 57; i++) files.push(file(join(root, `s${i}`, "Jenkinsfile"), "jenkins", null, 50 + ((i * 37) % 400)));
    for (let i = 0; i < 9; i++) files.push(file(join(root, "x", `C${i}.groovy`), "class", null, 300));
    const units = groupUnits(files);
    for (const n of [1, 2, 3, 7]) {
      const seen: string[] = [];
      for (let i = 1; i <= n; i++) {
        const mine = shardUnits(units, i, n);
        expect(shardUnits(units, i, n)).toEqual(mine);
        if (n > 1) expect(mine.length).toBeGreaterThan(0);
        seen.push(...mine.flatMap((u) => u.files.map((f) => f.path)));
      }
      expect(seen.sort()).toEqual(files.map((f) => f.path).sort());
    }
  });
});

describe("names from the engine's declarations answer", () => {
  it("keeps the package and every type, nested ones qualified by their outer type", () => {
    const answer: JsonObject = {
      language: "groovy",
      package: "a.b",
      imports: [{ name: "x.Y" }],
      types: [{ name: "Outer", kind: "class", types: [{ name: "Inner", kind: "enum" }] }, { name: "T", kind: "trait" }],
    };
    expect(declaredNames(answer)).toEqual({ packageName: "a.b", types: ["Outer", "a.b.Outer", "Inner", "a.b.Outer.Inner", "T", "a.b.T"] });
  });

  it("gives the default package and simple names for a file without a package, and nothing for an unread file", () => {
    expect(declaredNames({ language: "groovy", imports: [], types: [{ name: "A", kind: "class" }] })).toEqual({ packageName: null, types: ["A"] });
    expect(declaredNames(undefined)).toEqual({ packageName: null, types: [] });
    expect(declaredNames({ language: "groovy", package: 3, types: [{ kind: "class" }, "B"] })).toEqual({ packageName: null, types: [] });
  });
});

import { join, sep } from "node:path";
import { describe, expect, it } from "vitest";
import { discoverFiles, toPosix } from "../../src/lint/discovery.js";
import { detectKind } from "../../src/lint/file-kind.js";
import { groupUnits, javaSourceSets, type LintFile } from "../../src/lint/units.js";
import { tempRepo, writeTree } from "./support.js";

/**
 * Issue 28 item 2 and issue 32 item 3: discovery finds what builds compile and nothing else by default. In-process
 * on real temporary trees.
 */
async function discovered(dir: string, options: { include?: string[]; lintResources?: boolean } = {}): Promise<string[]> {
  const files = await discoverFiles(["."], { cwd: dir, include: options.include ?? [], exclude: [], baseDirectory: dir, lintResources: options.lintResources, warn: () => undefined });
  return files.map((f) => toPosix(f.slice(dir.length + 1)));
}

const CLASS = "package p\nclass C {}\n";

describe("discovery: source roots", () => {
  it("skips build outputs only at a module's root, and lints a source package named build", async () => {
    const dir = tempRepo("roots");
    writeTree(dir, {
      "settings.gradle": "",
      "build/Out.groovy": CLASS,
      "target/Out.groovy": CLASS,
      "out/Out.groovy": CLASS,
      "app/build.gradle": "",
      "app/build/generated/Gen.groovy": CLASS,
      "app/src/main/groovy/com/x/feature/build/Step.groovy": "package com.x.feature.build\nclass Step {}\n",
      "app/src/main/groovy/com/x/target/Aim.groovy": "package com.x.target\nclass Aim {}\n",
      "lib/pom.xml": "<project/>",
      "lib/target/classes/Stale.groovy": CLASS,
      "lib/src/main/groovy/p/out/Kept.groovy": CLASS,
      "node_modules/m/X.groovy": CLASS,
      "deep/a/.gradle/X.groovy": CLASS,
    });
    expect(await discovered(dir)).toEqual([
      "app/build.gradle",
      "app/src/main/groovy/com/x/feature/build/Step.groovy",
      "app/src/main/groovy/com/x/target/Aim.groovy",
      "lib/src/main/groovy/p/out/Kept.groovy",
      "settings.gradle",
    ]);
  });

  it("walking a folder inside a module, a build folder there is source", async () => {
    const dir = tempRepo("inside");
    writeTree(dir, { "build.gradle": "", "build/Out.groovy": CLASS, "src/main/groovy/com/x/build/Step.groovy": CLASS });
    const inner = join(dir, "src", "main", "groovy", "com", "x");
    const files = await discoverFiles(["."], { cwd: inner, include: [], exclude: [], baseDirectory: dir, warn: () => undefined });
    expect(files.map((f) => toPosix(f.slice(dir.length + 1)))).toEqual(["src/main/groovy/com/x/build/Step.groovy"]);
    expect(await discovered(dir)).toEqual(["build.gradle", "src/main/groovy/com/x/build/Step.groovy"]);
  });

  it("honours a .gitignore that ignores build/ and re-includes source packages of that name", async () => {
    const dir = tempRepo("reinclude");
    writeTree(dir, {
      ".gitignore": "build/\n!src/**/build/\n",
      "src/main/groovy/com/x/build/Step.groovy": CLASS,
      "docs/build/Old.groovy": CLASS,
    });
    expect(await discovered(dir)).toEqual(["src/main/groovy/com/x/build/Step.groovy"]);
  });

  it("does not lint resource folders unless lintResources is set", async () => {
    const dir = tempRepo("resources");
    writeTree(dir, {
      "src/main/groovy/p/A.groovy": CLASS,
      "src/test/resources/snapshots/Case.groovy": "class Broken {\n",
      "src/main/resources/scripts/run.groovy": "println 1\n",
      "lib/vars/step.groovy": "def call() {}\n",
      "lib/resources/org/x/template.groovy": "println 1\n",
      "lib/src/org/x/Util.groovy": "package org.x\nclass Util {}\n",
    });
    const sources = ["lib/src/org/x/Util.groovy", "lib/vars/step.groovy", "src/main/groovy/p/A.groovy"];
    const resources = ["lib/resources/org/x/template.groovy", "src/main/resources/scripts/run.groovy", "src/test/resources/snapshots/Case.groovy"];
    expect(await discovered(dir)).toEqual(sources);
    expect(await discovered(dir, { lintResources: true })).toEqual([...sources, ...resources].sort());
  });

  it("finds pipelines under the names Jenkins users give them, as kind jenkins", async () => {
    const dir = tempRepo("pipelines");
    const names = ["Jenkinsfile", "Jenkinsfile_updatecli", "Jenkinsfile.release", "Jenkinsfile-deploy", "jenkinsfile", "ci/build.jenkinsfile", "ci/Nightly.Jenkinsfile", "test/jobs/deploy.jenkins"];
    writeTree(dir, Object.fromEntries([...names, "JenkinsfileReader.txt", "notes.jenkins.txt"].map((n) => [n, "pipeline { agent any }\n"])));
    const found = await discovered(dir);
    expect(found).toEqual([...names].sort());
    for (const name of found) expect(detectKind(name, "pipeline { agent any }\n"), name).toBe("jenkins");
  });
});

describe("compile units: Grails and buildSrc", () => {
  const file = (dir: string, path: string, packageName: string | null): LintFile => ({ path: join(dir, ...path.split("/")), displayPath: path, kind: "class", packageName, size: 10 });

  it("compiles grails-app/* with its application's src/main/groovy, and buildSrc on its own", () => {
    const dir = tempRepo("grails");
    writeTree(dir, { "app/grails-app/controllers/a/AController.groovy": "", "app/grails-app/services/a/AService.groovy": "", "app/src/main/groovy/a/Helper.groovy": "", "buildSrc/src/main/groovy/B.groovy": "", "src/main/groovy/a/Main.groovy": "" });
    const units = groupUnits([
      file(dir, "app/grails-app/controllers/a/AController.groovy", "a"),
      file(dir, "app/grails-app/services/a/AService.groovy", "a"),
      file(dir, "app/src/main/groovy/a/Helper.groovy", "a"),
      file(dir, "buildSrc/src/main/groovy/B.groovy", null),
      file(dir, "src/main/groovy/a/Main.groovy", "a"),
    ]);
    expect(units.map((u) => [u.key.slice(dir.length).split(sep).join("/"), u.files.length])).toEqual([
      ["/", 1],
      ["/app/", 3],
      ["/buildSrc/", 1],
    ]);
  });

  it("tells each Java file's module and source set", () => {
    const dir = tempRepo("java");
    writeTree(dir, { "core/src/main/java/x/A.java": "", "core/src/test/java/x/ATest.java": "", "lib/vars/s.groovy": "", "lib/src/org/B.java": "", "lib/test/org/BTest.java": "", "loose/C.java": "" });
    const rel = (p: string): string => toPosix(p.slice(dir.length + 1));
    expect(javaSourceSets(["core/src/main/java/x/A.java", "core/src/test/java/x/ATest.java", "lib/src/org/B.java", "lib/test/org/BTest.java", "loose/C.java"].map((p) => join(dir, p))).map((j) => [rel(j.path), j.sourceSet === undefined ? undefined : [rel(j.sourceSet.module) || ".", j.sourceSet.sourceSet]])).toEqual([
      ["core/src/main/java/x/A.java", ["core", "main"]],
      ["core/src/test/java/x/ATest.java", ["core", "test"]],
      ["lib/src/org/B.java", ["lib", "main"]],
      ["lib/test/org/BTest.java", ["lib", "test"]],
      ["loose/C.java", undefined],
    ]);
  });
});

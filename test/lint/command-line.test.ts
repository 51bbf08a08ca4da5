import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { escapeData, escapeProperty } from "../../src/lint/report/github.js";
import { RULE_IDS } from "../../src/lint/rules.js";
import { CLI, lint, NODE, tempRepo, writeTree } from "./support.js";

describe("groovymcp lint --help", () => {
  it("documents every option, rule, file kind and exit code on stdout, exit 0", async () => {
    const run = await lint(["--help"], { cwd: tempRepo("help") });
    expect(run.status).toBe(0);
    expect(run.stderr).toBe("");
    for (const option of ["--format", "--output", "--fail-on", "--max-warnings", "--classpath", "--config", "--stdin-filename", "--quiet", "--no-color", "--jobs", "--shard"]) {
      expect(run.stdout, option).toContain(option);
    }
    for (const id of RULE_IDS) expect(run.stdout, id).toContain(id);
    for (const word of ["text", "json", "sarif", "github", "Exit codes:", ".groovymcp.json", "groovymcp-disable-next-line", "groovylint-disable", "Jenkinsfile", "node_modules", ".gitignore"]) {
      expect(run.stdout, word).toContain(word);
    }
  });

  it("leaves the bare command the MCP server's and points at the linter", () => {
    const r = spawnSync(NODE, [CLI, "--help"], { encoding: "utf8" });
    expect(r.status).toBe(0);
    expect(r.stdout).toContain("--root");
    expect(r.stdout).toContain("groovymcp lint --help");
  });
});

describe("usage errors exit 2 with one line naming the option, field or file", () => {
  const dir = tempRepo("usage");
  writeTree(dir, { "a.groovy": "println 1\n", "dir/b.groovy": "println 2\n", "empty.jar": "" });
  it.each([
    [["--format", "xml"], "--format"],
    [["--fail-on", "fatal"], "--fail-on"],
    [["--max-warnings", "-1"], "--max-warnings"],
    [["--max-warnings", "many"], "--max-warnings"],
    [["--jobs", "0"], "--jobs"],
    [["--shard", "3/2"], "--shard"],
    [["--shard", "0/2"], "--shard"],
    [["--shard", "half"], "--shard"],
    [["--bogus"], "--bogus"],
    [["--output"], "--output"],
    [["--stdin-filename", "x.groovy", "a.groovy"], "--stdin-filename"],
    [["-", "-"], "stdin"],
    [["missing.groovy"], "missing.groovy"],
    [["nomatch/**/*.groovy"], "nomatch/**/*.groovy"],
    [["--config", "nope.json", "a.groovy"], "nope.json"],
    [["--classpath", "absent.jar", "a.groovy"], "absent.jar"],
    [["--classpath", "dir", "a.groovy"], "dir"],
  ])("%j", async (args, named) => {
    const run = await lint(args, { cwd: dir });
    expect(run.status).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr.trimEnd().split("\n")).toHaveLength(1);
    expect(run.stderr).toMatch(/^groovymcp lint: /);
    expect(run.stderr).toContain(named);
  });

  it("says so when the engine's files are missing", async () => {
    const run = await lint(["a.groovy"], { cwd: dir, env: { ...process.env, GROOVYMCP_ENGINE_DIR: join(dir, "no-engine") } });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain("engine");
    expect(run.stderr).toContain("no-engine");
  });
});

describe("config errors exit 2 naming the file and the field", () => {
  it.each([
    ["{", "not valid JSON"],
    ['{"rules": {"groovy/unused-import": "loud"}}', 'rules["groovy/unused-import"]'],
    ['{"rules": {"groovy/nope": "off"}}', 'rules["groovy/nope"]'],
    ['{"rules": {"UnusedImport": "off"}}', "rules"],
    ['{"rules": {"groovy/empty-catch": {"level": "error"}}}', 'rules["groovy/empty-catch"]'],
    ['{"include": "**/*.groovy"}', "include"],
    ['{"exclude": [""]}', "exclude[0]"],
    ['{"classpath": [1]}', "classpath[0]"],
    ['{"kinds": {"**/*.groovy": "pipeline"}}', 'kinds["**/*.groovy"]'],
    ['{"extends": "recommended"}', "extends"],
    ["[]", "(top level)"],
  ])("%s", async (text, field) => {
    const dir = tempRepo("config");
    writeTree(dir, { ".groovymcp.json": text, "a.groovy": "println 1\n" });
    const run = await lint(["a.groovy"], { cwd: dir });
    expect(run.status).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr.trimEnd().split("\n")).toHaveLength(1);
    expect(run.stderr).toContain(".groovymcp.json");
    expect(run.stderr).toContain(field);
  });

  it("names a --config file that is a directory", async () => {
    const dir = tempRepo("config-dir");
    writeTree(dir, { "conf/x": "", "a.groovy": "println 1\n" });
    const run = await lint(["--config", "conf", "a.groovy"], { cwd: dir });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain("conf");
  });
});

describe("github workflow command escaping", () => {
  it("escapes %, CR and LF in messages and also : and , in properties", () => {
    expect(escapeData("50% done\r\nnext: a, b")).toBe("50%25 done%0D%0Anext: a, b");
    expect(escapeProperty("a:b,c%\n")).toBe("a%3Ab%2Cc%25%0A");
  });
});

import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { describe, expect, it } from "vitest";
import { CLI, ENGINE_MISSING, NODE, PROJECT_ROOT } from "./support/server-process.js";
import { itWith } from "../support/peers.js";
import { writeStandInEngine } from "./support/stand-in-engine.js";

/** `groovymcp check`: every exit code, the human report and the JSON report, on the real engine. */

interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

function check(args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(NODE, [CLI, "check", ...args], { cwd: PROJECT_ROOT, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (c: string) => (stdout += c));
    child.stderr.setEncoding("utf8").on("data", (c: string) => (stderr += c));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

interface JsonReport {
  healthy: boolean;
  failures: string[];
  nodeVersion: string;
  groovyVersion: string | null;
  engineLoadMs: number | null;
  firstCompileMs: number | null;
  sampleErrorFound: boolean;
  classpath: { entries: number; missing: number; notFiles: number } | null;
  root: { readableDirectory: boolean } | null;
}

function noStackTraces(run: Run): void {
  expect(run.stderr).not.toMatch(/\n\s+at /);
  expect(run.stdout).not.toMatch(/\n\s+at /);
}

const workDir = mkdtempSync(join(tmpdir(), "gm-check-"));
const aFile = join(workDir, "file.txt");
writeFileSync(aFile, "x");
const aDir = join(workDir, "dir");
mkdirSync(aDir);
const aJar = join(workDir, "empty.jar");
// an empty zip archive: a valid jar with no classes
writeFileSync(aJar, Buffer.from([0x50, 0x4b, 0x05, 0x06, ...new Array<number>(18).fill(0)]));

describe("groovymcp check", () => {
  itWith(ENGINE_MISSING)(`exits 0 on a healthy installation with a short report on stdout`, async () => {
    const run = await check([]);
    expect(run.code, run.stderr).toBe(0);
    const lines = run.stdout.trimEnd().split("\n");
    expect(lines[0]).toBe("groovymcp check: healthy");
    expect(run.stdout).toContain(`Node.js       ${process.versions.node}`);
    expect(run.stdout).toMatch(/Groovy\s+5\.0\.\d+/);
    expect(run.stdout).toMatch(/engine load\s+\d+ ms/);
    expect(run.stdout).toMatch(/first compile\s*\d+ ms/);
    expect(run.stdout).toContain("its one known error was found");
    expect(run.stdout).not.toContain("classpath");
    expect(run.stdout).not.toContain("root");
    expect(lines.length).toBeLessThanOrEqual(8);
    noStackTraces(run);
  });

  itWith(ENGINE_MISSING)(`prints JSON with --json: counts the classpath, never its paths, and checks the root`, async () => {
    const run = await check(["--json", "--classpath", [aJar, aJar].join(delimiter), "--root", aDir]);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const report = JSON.parse(run.stdout) as JsonReport;
    expect(report).toEqual({
      healthy: true,
      failures: [],
      nodeVersion: process.versions.node,
      groovyVersion: expect.stringMatching(/^5\.0\.\d+/),
      engineLoadMs: expect.any(Number),
      firstCompileMs: expect.any(Number),
      sampleErrorFound: true,
      classpath: { entries: 2, missing: 0, notFiles: 0 },
      root: { readableDirectory: true },
    });
    expect(run.stdout).not.toContain(workDir);
    expect(run.stderr).not.toContain(workDir);
  });

  itWith(ENGINE_MISSING)(`exits 1 naming each failed check: a missing root, a root that is a file, missing and non-jar entries`, async () => {
    const missingRoot = await check(["--root", join(workDir, "nope")]);
    expect(missingRoot.code).toBe(1);
    expect(missingRoot.stdout).toMatch(/^groovymcp check: FAILED \(1 problem\)\n/);
    expect(missingRoot.stdout).toContain("problem: --root does not exist");
    expect(missingRoot.stdout).toContain("root          NOT an existing readable directory");

    const fileRoot = JSON.parse((await check(["--json", "--root", aFile])).stdout) as JsonReport;
    expect(fileRoot.healthy).toBe(false);
    expect(fileRoot.failures).toEqual(["--root is not a directory"]);
    expect(fileRoot.sampleErrorFound).toBe(true);

    const badClasspath = await check(["--json", "--classpath", [join(workDir, "missing.jar"), aDir, aJar].join(delimiter)]);
    expect(badClasspath.code).toBe(1);
    const report = JSON.parse(badClasspath.stdout) as JsonReport;
    expect(report.classpath).toEqual({ entries: 3, missing: 1, notFiles: 1 });
    expect(report.failures).toEqual(["1 of 3 classpath entries does not exist", "1 of 3 classpath entries is not a jar file"]);
    expect(badClasspath.stdout).not.toContain(workDir);
    noStackTraces(badClasspath);
  });

  it("exits 1 when the engine cannot be loaded, with the reason", async () => {
    const emptyEngineDir = mkdtempSync(join(tmpdir(), "gm-no-engine-"));
    const run = await check([], { GROOVYMCP_ENGINE_DIR: emptyEngineDir });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain("groovymcp check: FAILED");
    expect(run.stdout).toMatch(/problem: the engine could not be loaded: .*missing/);
    expect(run.stdout).toMatch(/engine load\s+-/);
    noStackTraces(run);
  });

  it("exits 1 when the compiler does not find the sample's known error", async () => {
    const run = await check(["--json"], { GROOVYMCP_ENGINE_DIR: writeStandInEngine() });
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout) as JsonReport;
    expect(report.sampleErrorFound).toBe(false);
    expect(report.failures).toEqual(["the compiler found no error in the sample, which has one"]);
  });

  it.each([
    ["an unknown option", ["--bogus"]],
    ["an extra argument", ["extra"]],
    ["an option without its value", ["--root"]],
  ])("exits 2 on %s, with the usage on stderr and nothing on stdout", async (_label, args) => {
    const run = await check(args);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr).toContain("Usage: groovymcp check");
  });

  it("prints its help and exits 0 with --help", async () => {
    const run = await check(["--json", "--help"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("Usage: groovymcp check [--json] [--root DIR] [--classpath PATH] [--help]");
    expect(run.stdout.replace(/\s+/g, " ")).toContain("Exit 0 healthy, 1 a check failed, 2 usage error.");
  });
});

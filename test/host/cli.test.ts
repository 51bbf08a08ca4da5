import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { describe, expect, it } from "vitest";
import { CLI, NODE, PROJECT_ROOT, ServerProcess } from "./support/server-process.js";

function run(args: string[], input = ""): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(NODE, [CLI, ...args], { input, encoding: "utf8", cwd: PROJECT_ROOT, timeout: 60_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

const version = (JSON.parse(spawnSync(NODE, ["-p", "JSON.stringify(require('./package.json'))"], { cwd: PROJECT_ROOT, encoding: "utf8" }).stdout) as { version: string }).version;

describe("command line", () => {
  it("prints help and exits 0", () => {
    const r = run(["--help"]);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain("--root");
    expect(r.stdout).toContain("--classpath");
  });

  it("lets --help win over later arguments, even bad ones", () => {
    for (const args of [["--help", "--bogus"], ["--version", "--help"], ["--root", "/does/not/exist", "--help"], ["-h", "extra"]]) {
      const r = run(args);
      expect(r.status, args.join(" ")).toBe(0);
      expect(r.stdout).toContain("Usage:");
    }
  });

  it("prints the version", () => {
    const r = run(["--version"]);
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(`groovy-mcp ${version}\n`);
  });

  it("rejects an unknown flag with usage on stderr and exit 2", () => {
    for (const args of [["--bogus"], ["--stdio", "-x"], ["--root"], ["stray-argument"]]) {
      const r = run(args);
      expect(r.status, args.join(" ")).toBe(2);
      expect(r.stderr).toContain("Usage: groovymcp");
      expect(r.stdout).toBe("");
    }
  });

  it("requires --root to be an existing directory", () => {
    const dir = mkdtempSync(join(tmpdir(), "gm-cli-"));
    const file = join(dir, "f.txt");
    writeFileSync(file, "x");
    for (const root of [join(dir, "missing"), file, ""]) {
      const r = run(["--root", root]);
      expect(r.status).toBe(2);
      expect(r.stderr).toMatch(/--root must name an existing directory/);
    }
  });

  it("warns once, by count, about classpath entries that are not jar files", () => {
    const dir = mkdtempSync(join(tmpdir(), "gm-cp-dir-"));
    const r = run(["--classpath", [dir, dir].join(delimiter)], '{"jsonrpc":"2.0","id":1,"method":"ping"}\n');
    expect(r.status).toBe(0);
    const warnings = r.stderr.split("\n").filter((l) => l.includes("classpath"));
    expect(warnings).toEqual([expect.stringContaining("2 classpath entries are not a jar file")]);
    expect(r.stderr).not.toContain(dir);
  });

  it("accepts --stdio and serves a session", () => {
    const r = run(["--stdio"], '{"jsonrpc":"2.0","id":1,"method":"ping"}\n');
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout.trim())).toEqual({ jsonrpc: "2.0", id: 1, result: {} });
  });

  it("warns once about missing classpath entries, stating only the count", () => {
    const dir = mkdtempSync(join(tmpdir(), "gm-cp-"));
    const secretA = join(dir, "secret-a.jar");
    const secretB = join(dir, "secret-b.jar");
    const r = run(["--classpath", [secretA, secretB].join(delimiter)], '{"jsonrpc":"2.0","id":1,"method":"ping"}\n');
    expect(r.status).toBe(0);
    const warnings = r.stderr.split("\n").filter((l) => l.includes("classpath"));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain("2 classpath entries");
    expect(r.stderr).not.toContain("secret");
    expect(r.stdout).not.toContain("secret");
  });

  const oldNode = (process.env["PATH"] ?? "")
    .split(delimiter)
    .filter((dir) => dir.length > 0 && !dir.includes("node_modules"))
    .map((dir) => join(dir, "node"))
    .find((candidate) => {
      const v = spawnSync(candidate, ["-p", "process.versions.node"], { encoding: "utf8" });
      return v.status === 0 && Number(v.stdout.split(".")[0]) < 22;
    });
  it.skipIf(oldNode === undefined)(`refuses to start on Node older than 22 with one stderr line${oldNode === undefined ? " (skipped: no Node < 22 on PATH)" : ""}`, () => {
    const r = spawnSync(oldNode as string, [CLI, "--version"], { encoding: "utf8" });
    expect(r.status).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
    expect(r.stderr).toMatch(/requires Node\.js 22\.19 or newer/);
  });

  it("answers initialize while the engine is still loading", async () => {
    const s = new ServerProcess();
    const reply = await s.initialize();
    expect(reply.result?.["protocolVersion"]).toBe("2025-11-25");
    await s.close();
  });
});

import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CLI, NODE, PROJECT_ROOT } from "./support/server-process.js";

const INSPECTOR = join(PROJECT_ROOT, "node_modules", "@modelcontextprotocol", "inspector", "clients", "launcher", "build", "index.js");

describe("MCP Inspector CLI", () => {
  it("reports no schema findings for tools/list --strict", () => {
    const home = mkdtempSync(join(tmpdir(), "gm-inspector-"));
    const r = spawnSync(NODE, [INSPECTOR, "--cli", NODE, CLI, "--method", "tools/list", "--strict"], {
      cwd: PROJECT_ROOT,
      encoding: "utf8",
      timeout: 120_000,
      env: { ...process.env, HOME: home, MCP_CATALOG_PATH: join(home, "mcp.json") },
    });
    expect(r.status, `stdout: ${r.stdout.slice(0, 400)}\nstderr: ${r.stderr.slice(0, 2000)}`).toBe(0);
    const listed = JSON.parse(r.stdout) as { tools: { name: string }[] };
    expect(listed.tools).toHaveLength(13);
    // the only stderr lines allowed are the server's own (e.g. a note that the engine is not built)
    const inspectorStderr = r.stderr.split("\n").filter((l) => l.trim().length > 0 && !l.startsWith("groovymcp:"));
    expect(inspectorStderr).toEqual([]);
  });
});

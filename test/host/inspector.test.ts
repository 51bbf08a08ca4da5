import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CLI, ENGINE_MISSING, NODE, PROJECT_ROOT } from "./support/server-process.js";
import { itWith } from "../support/peers.js";

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

  itWith(ENGINE_MISSING)(`shows the message of a failed tool call`, () => {
    // With structuredContent {error} on a failed call, the Inspector reported an outputSchema mismatch instead.
    const home = mkdtempSync(join(tmpdir(), "gm-inspector-"));
    const r = spawnSync(
      NODE,
      [INSPECTOR, "--cli", NODE, CLI, "--method", "tools/call", "--tool-name", "groovy_rename",
        "--tool-arg", "text=def a = 1", "--tool-arg", "line=0", "--tool-arg", "character=4", "--tool-arg", "newName=1bad"],
      { cwd: PROJECT_ROOT, encoding: "utf8", timeout: 120_000, env: { ...process.env, HOME: home, MCP_CATALOG_PATH: join(home, "mcp.json") } },
    );
    // the CLI prints the result pretty-printed (ending in a "}" line), then its own one-line verdict
    const end = r.stdout.indexOf("\n}");
    const result = JSON.parse(r.stdout.slice(0, end + 2)) as { content?: { text: string }[]; isError?: boolean; structuredContent?: unknown };
    expect(result.isError, r.stdout + r.stderr).toBe(true);
    expect(result.structuredContent).toBeUndefined();
    expect(result.content?.[0]?.text).toMatch(/not a valid identifier: 1bad/);
    expect(r.stdout + r.stderr).not.toMatch(/output schema|outputSchema/i);
  });
});

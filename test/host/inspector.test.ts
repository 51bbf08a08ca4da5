import { spawnSync, type SpawnSyncReturns } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CLI, ENGINE_MISSING, NODE, PROJECT_ROOT } from "./support/server-process.js";
import { itWith } from "../support/peers.js";
import { type ColdAnswer, expectColdProjectAnswered, writeColdProject } from "./support/cold-project.js";

const INSPECTOR = join(PROJECT_ROOT, "node_modules", "@modelcontextprotocol", "inspector", "clients", "launcher", "build", "index.js");

/** Runs the Inspector CLI on the server (started with serverArgs), with a fresh HOME so no user catalog is read. */
function inspect(serverArgs: string[], inspectorArgs: string[]): SpawnSyncReturns<string> {
  const home = mkdtempSync(join(tmpdir(), "gm-inspector-"));
  return spawnSync(NODE, [INSPECTOR, "--cli", NODE, CLI, ...serverArgs, ...inspectorArgs], {
    cwd: PROJECT_ROOT,
    encoding: "utf8",
    timeout: 120_000,
    env: { ...process.env, HOME: home, MCP_CATALOG_PATH: join(home, "mcp.json") },
  });
}

/** A tools/call of the Inspector CLI, each argument passed as --tool-arg key=value. */
function callTool(serverArgs: string[], name: string, args: Record<string, unknown>): SpawnSyncReturns<string> {
  const toolArgs = Object.entries(args).flatMap(([key, value]) => ["--tool-arg", `${key}=${String(value)}`]);
  return inspect(serverArgs, ["--method", "tools/call", "--tool-name", name, ...toolArgs]);
}

interface ToolResult extends ColdAnswer {
  content?: { text: string }[];
  isError?: boolean;
  structuredContent?: unknown;
}

/** The CLI prints the result pretty-printed (ending in a "}" line), then its own one-line verdict. */
function toolResult(r: SpawnSyncReturns<string>): ToolResult {
  const end = r.stdout.indexOf("\n}");
  expect(end, `stdout: ${r.stdout.slice(0, 400)}\nstderr: ${r.stderr.slice(-2000)}`).toBeGreaterThan(0);
  return JSON.parse(r.stdout.slice(0, end + 2)) as ToolResult;
}

describe("MCP Inspector CLI", () => {
  it("reports no schema findings for tools/list --strict", () => {
    const r = inspect([], ["--method", "tools/list", "--strict"]);
    expect(r.status, `stdout: ${r.stdout.slice(0, 400)}\nstderr: ${r.stderr.slice(0, 2000)}`).toBe(0);
    const listed = JSON.parse(r.stdout) as { tools: { name: string }[] };
    expect(listed.tools).toHaveLength(13);
    // the only stderr lines allowed are the server's own (e.g. a note that the engine is not built)
    const inspectorStderr = r.stderr.split("\n").filter((l) => l.trim().length > 0 && !l.startsWith("groovymcp:"));
    expect(inspectorStderr).toEqual([]);
  });

  itWith(ENGINE_MISSING)(`shows the message of a failed tool call`, () => {
    // With structuredContent {error} on a failed call, the Inspector reported an outputSchema mismatch instead.
    const r = callTool([], "groovy_rename", { text: "def a = 1", line: 0, character: 4, newName: "1bad" });
    const result = toolResult(r);
    expect(result.isError, r.stdout + r.stderr).toBe(true);
    expect(result.structuredContent).toBeUndefined();
    expect(result.content?.[0]?.text).toMatch(/not a valid identifier: 1bad/);
    expect(r.stdout + r.stderr).not.toMatch(/output schema|outputSchema/i);
  });

  itWith(ENGINE_MISSING)(`gets answers on a cold file of a project under --root, its classes looked up by name`, async () => {
    const project = writeColdProject();
    await expectColdProjectAnswered(project, (name, args) => toolResult(callTool(["--root", project.root], name, args)));
  });
});

import { spawn } from "node:child_process";
import { join } from "node:path";
import { expect, it } from "vitest";
import { CLI, ENGINE_MISSING, NODE, PROJECT_ROOT } from "./support/server-process.js";
import { describeWith, firstMissing, PYTHON, pythonSdkMissing } from "../support/peers.js";
import { type ColdAnswer, coldCalls, expectColdAnswers, writeColdProject } from "./support/cold-project.js";

/**
 * The official Python SDK (`mcp` from PyPI, pinned in test/python/requirements.txt) as a peer, in its modern, auto
 * and legacy modes. It runs from the venv .tools/py (git-ignored; CI creates it), or from GROOVYMCP_PYTHON.
 */

const PEER = join(PROJECT_ROOT, "test", "python", "mcp_peer.py");

const PROBLEM = firstMissing(pythonSdkMissing(), ENGINE_MISSING);

const PROGRAM = "class Circle {\n    double r\n    double area() { Math.PI * r * r }\n}\ndef c = new Circle(r: 2)\nprintln c.area()\n";
const TOOL_ARGS: Record<string, Record<string, unknown>> = {
  groovy_diagnostics: { text: PROGRAM },
  groovy_describe: { text: PROGRAM, line: 4, character: 4 },
  groovy_definition: { text: PROGRAM, line: 5, character: 10 },
  groovy_implementations: { text: PROGRAM, line: 0, character: 7 },
  groovy_references: { text: PROGRAM, line: 0, character: 7 },
  groovy_symbols: { text: PROGRAM },
  groovy_complete: { text: PROGRAM, line: 5, character: 10 },
  groovy_signatures: { text: PROGRAM, line: 4, character: 19 },
  groovy_tokens: { text: PROGRAM },
  groovy_format: { text: PROGRAM },
  groovy_organize_imports: { text: PROGRAM },
  groovy_rename: { text: PROGRAM, line: 0, character: 7, newName: "Round" },
  groovy_close: { uri: "groovy-buffer:snippet" },
};

interface Seen {
  protocolVersion: string;
  toolNames: string[];
  tools: Record<string, { isError: boolean; structured: boolean }>;
  unknownTool: { isError: boolean; text: string };
  resources: Record<string, boolean>;
  prompts: Record<string, number>;
}

/** Runs the peer: "survey" with TOOL_ARGS, or "calls" with the given calls and server arguments. */
function runPeer(
  command: "survey" | "calls",
  mode: string,
  payload: unknown = TOOL_ARGS,
  serverArgs: string[] = [],
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const args = [PEER, command, mode, NODE, CLI, JSON.stringify(payload), ...serverArgs];
    const child = spawn(PYTHON, args, { cwd: PROJECT_ROOT, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (c: string) => (stdout += c));
    child.stderr.setEncoding("utf8").on("data", (c: string) => (stderr += c));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

describeWith(PROBLEM)("the Python MCP SDK as a peer", () => {
  it.each([
    ["modern (a pinned 2026-07-28)", "2026-07-28", "2026-07-28", "modern"],
    ["auto", "auto", "2026-07-28", "modern"],
    ["legacy", "legacy", "2025-11-25", "legacy"],
  ])("in %s mode lists and calls every tool, reads every resource and gets every prompt", async (_label, mode, version, era) => {
    const run = await runPeer("survey", mode);
    expect(run.code, run.stderr.slice(-2000)).toBe(0);
    const seen = JSON.parse(run.stdout) as Seen;
    expect(seen.protocolVersion).toBe(version);
    expect(seen.toolNames.sort()).toEqual(Object.keys(TOOL_ARGS).sort());
    for (const name of seen.toolNames) expect(seen.tools[name], name).toEqual({ isError: false, structured: true });
    expect(seen.unknownTool).toEqual({ isError: true, text: "unknown tool" });
    expect(seen.resources).toEqual({ "groovy://server/keywords": true, "groovy://server/default-imports": true, "groovy://server/limits": true });
    expect(seen.prompts).toEqual({ "explain-groovy": 1, "review-groovy": 1 });
    // one session, in the expected era: a modern connection never saw initialize
    const sessionLines = run.stderr.split("\n").filter((l) => l.includes("groovymcp: session:"));
    expect(sessionLines).toEqual([`groovymcp: session: protocol ${version} (${era} era), client "python-peer" version "1.0"`]);
  });

  it.each([["modern", "2026-07-28"], ["legacy", "legacy"]])(
    "in %s mode gets answers on a cold file of a project under --root, its classes looked up by name",
    async (_label, mode) => {
      const project = writeColdProject();
      const run = await runPeer("calls", mode, coldCalls(project), ["--root", project.root]);
      expect(run.code, run.stderr.slice(-2000)).toBe(0);
      expectColdAnswers(project, JSON.parse(run.stdout) as ColdAnswer[]);
    },
  );
});

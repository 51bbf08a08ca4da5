import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeWith } from "../support/peers.js";
import { ENGINE_MISSING, NODE, PROJECT_ROOT, ServerProcess, type JsonRpcReply } from "./support/server-process.js";

/**
 * Legacy answers are unchanged by the 2026-07-28 work (issue 12). The expected answers are not typed in: the test
 * builds the server as it was just before that work (the parent of the commit that added the dual-era session, taken
 * from git history) and sends both servers the same legacy conversation, then compares the replies one by one.
 *
 * Compared whole, except where another issue changes a legacy answer on purpose, and only that part is left out:
 * tools/list descriptions and schemas (issue 12 item 5 shrinks them; issue 7 fixes drifted numbers), a failed tool
 * call's structuredContent (issue 7 drops it), and fields that issue 7 adds to the limits resource.
 */

const MARKER = "src/mcp/session/dual-era-session.ts";

function baselineCommit(): { commit?: string; reason: string } {
  try {
    const added = execFileSync("git", ["-C", PROJECT_ROOT, "log", "--diff-filter=A", "--format=%H", "--", MARKER], { encoding: "utf8" })
      .trim().split("\n").filter((l) => l.length > 0);
    const first = added[added.length - 1];
    if (first === undefined) return { reason: `no commit in this history adds ${MARKER}` };
    const parent = execFileSync("git", ["-C", PROJECT_ROOT, "rev-parse", "--verify", "--quiet", `${first}^`], { encoding: "utf8" }).trim();
    return { commit: parent, reason: "" };
  } catch (error) {
    return { reason: `git history is not available (${error instanceof Error ? error.message.split("\n")[0] : String(error)})` };
  }
}

const baseline = baselineCommit();
const MISSING = ENGINE_MISSING ?? (baseline.commit === undefined ? baseline.reason : undefined);

type View = "whole" | "tool-names" | "tool-error" | "limits";
interface Step {
  readonly label: string;
  readonly line: string;
  readonly view: View;
}

const META = { "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {} };
let nextId = 1;
function req(label: string, method: string, params?: unknown, view: View = "whole"): Step {
  const message: Record<string, unknown> = { jsonrpc: "2.0", id: nextId++, method };
  if (params !== undefined) message["params"] = params;
  return { label, line: JSON.stringify(message), view };
}
function raw(label: string, line: string): Step {
  return { label, line, view: "whole" };
}
const notify = (method: string, params?: unknown): string => JSON.stringify({ jsonrpc: "2.0", method, ...(params === undefined ? {} : { params }) });

/** A legacy client's conversation: the handshake, its errors, every feature, and _meta that legacy must ignore. */
const STEPS: Step[] = [
  req("ping before initialize", "ping"),
  req("tools/list before initialize", "tools/list"),
  req("resources/read before initialize", "resources/read", { uri: "groovy://server/keywords" }),
  req("server/discover without _meta before initialize", "server/discover", {}),
  req("unknown method before initialize", "foo/bar"),
  raw("parse error", "{not json"),
  raw("batch", JSON.stringify([{ jsonrpc: "2.0", id: 900, method: "ping" }])),
  raw("not an object", "42"),
  raw("wrong jsonrpc", JSON.stringify({ jsonrpc: "1.0", id: 901, method: "ping" })),
  req("initialize without protocolVersion", "initialize", { capabilities: {} }),
  req("initialize with array params", "initialize", [1]),
  req("initialize asking for 2026-07-28", "initialize", { protocolVersion: "2026-07-28", capabilities: {}, clientInfo: { name: "legacy", version: "1" } }),
  req("tools/list while initializing", "tools/list"),
  raw("initialized", notify("notifications/initialized")),
  raw("cancelled", notify("notifications/cancelled", { requestId: 1 })),
  raw("a response from the client", JSON.stringify({ jsonrpc: "2.0", id: 77, result: {} })),
  req("second initialize", "initialize", { protocolVersion: "2025-11-25" }),
  req("ping", "ping"),
  req("ping with _meta", "ping", { _meta: META }),
  req("tools/list", "tools/list", undefined, "tool-names"),
  req("tools/list with _meta", "tools/list", { _meta: META }, "tool-names"),
  req("tools/call unknown tool", "tools/call", { name: "no_such_tool", arguments: {} }, "tool-error"),
  req("tools/call name not a string", "tools/call", { name: 5 }),
  req("tools/call arguments not an object", "tools/call", { name: "groovy_diagnostics", arguments: [1] }),
  req("tools/call params not an object", "tools/call", [1]),
  req("tools/call diagnostics", "tools/call", { name: "groovy_diagnostics", arguments: { text: "class A {\n  def f( {\n}\n" } }),
  req("tools/call diagnostics with _meta", "tools/call", { name: "groovy_diagnostics", arguments: { text: "int x = 'a'\n" }, _meta: META }),
  req("tools/unknown", "tools/unknown"),
  req("resources/list", "resources/list"),
  req("resources/templates/list", "resources/templates/list"),
  req("resources/read keywords", "resources/read", { uri: "groovy://server/keywords" }),
  req("resources/read default imports with _meta", "resources/read", { uri: "groovy://server/default-imports", _meta: META }),
  req("resources/read limits", "resources/read", { uri: "groovy://server/limits" }, "limits"),
  req("resources/read unknown", "resources/read", { uri: "groovy://server/nope" }),
  req("resources/read unknown with _meta", "resources/read", { uri: "groovy://server/nope", _meta: META }),
  req("resources/read without uri", "resources/read", {}),
  req("prompts/list", "prompts/list"),
  req("prompts/get explain", "prompts/get", { name: "explain-groovy", arguments: { code: "println 1" } }),
  req("prompts/get review by path", "prompts/get", { name: "review-groovy", arguments: { path: "src/A.groovy" } }),
  req("prompts/get unknown", "prompts/get", { name: "nope" }),
  req("prompts/get bad arguments", "prompts/get", { name: "explain-groovy", arguments: { code: 5 } }),
  req("server/discover after initialize", "server/discover", { _meta: META }),
  req("logging/setLevel", "logging/setLevel", { level: "info" }),
  req("completion/complete", "completion/complete", {}),
];

/** How many replies the conversation produces: one per line except notifications and the client's response. */
const EXPECTED_REPLIES = STEPS.filter((s) => !["initialized", "cancelled", "a response from the client"].includes(s.label)).length;

function view(step: Step, reply: JsonRpcReply): unknown {
  const result = reply.result;
  switch (step.view) {
    case "whole":
      return reply;
    case "tool-names": {
      const tools = (result?.["tools"] ?? []) as { name: string; title: string }[];
      return { keys: Object.keys(result ?? {}), tools: tools.map((t) => [t.name, t.title]), error: reply.error };
    }
    case "tool-error":
      return { keys: Object.keys(result ?? {}).filter((k) => k !== "structuredContent"), content: result?.["content"], isError: result?.["isError"] };
    case "limits": {
      const contents = (result?.["contents"] ?? []) as { uri: string; mimeType: string; text: string }[];
      return contents.map((c) => ({ uri: c.uri, mimeType: c.mimeType, fields: JSON.parse(c.text) as Record<string, unknown> }));
    }
  }
}

async function converse(server: ServerProcess): Promise<JsonRpcReply[]> {
  for (const step of STEPS) server.write(`${step.line}\n`);
  await server.waitForLines(EXPECTED_REPLIES, 90_000);
  await server.close();
  expect(server.partialStdout).toBe("");
  return server.replies();
}

describeWith(MISSING)("legacy answers are those of the server before 2026-07-28", () => {
  let oldBuild = "";
  let before: JsonRpcReply[] = [];
  let after: JsonRpcReply[] = [];

  beforeAll(async () => {
    oldBuild = mkdtempSync(join(tmpdir(), "gm-before-issue-12-"));
    const archive = execFileSync("git", ["-C", PROJECT_ROOT, "archive", "--format=tar", baseline.commit!, "src", "tsconfig.json", "package.json"], { maxBuffer: 64 * 1024 * 1024 });
    const untar = spawnSync("tar", ["-x", "-C", oldBuild], { input: archive });
    expect(untar.status, String(untar.stderr)).toBe(0);
    symlinkSync(join(PROJECT_ROOT, "node_modules"), join(oldBuild, "node_modules"));
    symlinkSync(join(PROJECT_ROOT, "engine-wasm"), join(oldBuild, "engine-wasm"));
    const tsc = spawnSync(NODE, [join(PROJECT_ROOT, "node_modules", "typescript", "bin", "tsc"), "-p", "tsconfig.json"], { cwd: oldBuild, encoding: "utf8" });
    expect(tsc.status, tsc.stdout + tsc.stderr).toBe(0);
    const env = { ...process.env, GROOVYMCP_TOOLS: "" };
    [before, after] = await Promise.all([
      converse(new ServerProcess([join(oldBuild, "dist", "cli.js")], { command: NODE, env })),
      converse(new ServerProcess([], { env })),
    ]);
  }, 180_000);

  afterAll(() => {
    if (oldBuild !== "") rmSync(oldBuild, { recursive: true, force: true });
  });

  it("gives the same number of replies", () => {
    expect(before).toHaveLength(EXPECTED_REPLIES);
    expect(after).toHaveLength(EXPECTED_REPLIES);
  });

  const replying = STEPS.filter((s) => !["initialized", "cancelled", "a response from the client"].includes(s.label));
  it.each(replying.map((step, index) => [step.label, index, step] as const))("%s", (_label, index, step) => {
    const old = before[index];
    const now = after[index];
    expect(old, "the old server replied").toBeDefined();
    expect(now, "the new server replied").toBeDefined();
    if (step.view === "limits") {
      // issue 7 may add fields to the limits resource; every field the old server gave is still there, unchanged
      const oldView = view(step, old!) as { fields: Record<string, unknown> }[];
      const newView = view(step, now!) as { fields: Record<string, unknown> }[];
      expect(newView.map((c) => ({ ...c, fields: Object.fromEntries(Object.keys(c.fields).filter((k) => k in (oldView[0]?.fields ?? {})).map((k) => [k, c.fields[k]])) }))).toEqual(oldView);
      return;
    }
    const oldInstructions = old!.result?.["instructions"];
    if (typeof oldInstructions === "string") {
      // issue 32 adds how classes are looked up under --root and how to ask about an unsaved edit; every sentence the
      // old server gave is still there, and the rest of the reply is unchanged
      const newInstructions = now!.result?.["instructions"];
      expect(typeof newInstructions).toBe("string");
      for (const sentence of oldInstructions.split(/(?<=\.) /)) expect(newInstructions).toContain(sentence);
      const without = (r: JsonRpcReply) => ({ ...r, result: { ...r.result, instructions: "" } });
      expect(view(step, without(now!))).toEqual(view(step, without(old!)));
      return;
    }
    expect(view(step, now!)).toEqual(view(step, old!));
  });
});

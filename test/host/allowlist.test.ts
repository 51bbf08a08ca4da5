import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterEach, describe, expect, it } from "vitest";
import { parseToolAllowlist } from "../../src/mcp/session/tool-allowlist.js";
import { CLI, NODE, PROJECT_ROOT, ServerProcess, type JsonRpcReply } from "./support/server-process.js";

/** GROOVYMCP_TOOLS registers only the named tools. */

const ALL = [
  "groovy_diagnostics", "groovy_describe", "groovy_definition", "groovy_implementations", "groovy_references", "groovy_symbols",
  "groovy_complete", "groovy_signatures", "groovy_tokens", "groovy_format", "groovy_organize_imports", "groovy_rename", "groovy_close",
];

const servers: ServerProcess[] = [];
function start(tools: string | undefined): ServerProcess {
  const env = { ...process.env };
  delete env["GROOVYMCP_TOOLS"];
  if (tools !== undefined) env["GROOVYMCP_TOOLS"] = tools;
  const s = new ServerProcess([], { env });
  servers.push(s);
  return s;
}
afterEach(async () => {
  for (const s of servers.splice(0)) {
    if (s.child.exitCode === null) await s.close();
  }
});

const META = { _meta: { "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {} } };
function names(reply: JsonRpcReply): string[] {
  return ((reply.result?.["tools"] ?? []) as { name: string }[]).map((t) => t.name);
}
function warnings(s: ServerProcess): string[] {
  return s.stderr.split("\n").filter((l) => l.includes("GROOVYMCP_TOOLS"));
}

describe("parseToolAllowlist", () => {
  it.each([
    [undefined, ALL],
    ["", ALL],
    ["  ,  , ", ALL],
    ["groovy_format", ["groovy_format"]],
    [" groovy_diagnostics ,\tgroovy_describe\n", ["groovy_diagnostics", "groovy_describe"]],
    ["groovy_close,groovy_close", ["groovy_close"]],
  ])("%j allows %j", (value, allowed) => {
    const parsed = parseToolAllowlist(value, ALL);
    expect(ALL.filter((n) => parsed.allowlist.allows(n))).toEqual(ALL.filter((n) => allowed.includes(n)));
    expect(parsed.warnings).toEqual([]);
  });

  it("warns once per unknown name, quoted safely, and keeps the known ones", () => {
    const parsed = parseToolAllowlist("groovy_format, nope,nope ,evil\u001b[2J", ALL);
    expect(ALL.filter((n) => parsed.allowlist.allows(n))).toEqual(["groovy_format"]);
    expect(parsed.warnings).toEqual([
      'warning: GROOVYMCP_TOOLS names an unknown tool "nope"; it is ignored',
      'warning: GROOVYMCP_TOOLS names an unknown tool "evil\uFFFD[2J"; it is ignored',
    ]);
  });

  it("registers no tool when no name is known, and says so", () => {
    const parsed = parseToolAllowlist("Groovy_Format", ALL);
    expect(ALL.filter((n) => parsed.allowlist.allows(n))).toEqual([]);
    expect(parsed.warnings).toHaveLength(2);
    expect(parsed.warnings[1]).toBe("warning: GROOVYMCP_TOOLS names no known tool, so no tool is registered");
  });
});

describe("GROOVYMCP_TOOLS on the wire", () => {
  it("lists only the known names, on both eras, and answers a left-out tool as an unknown tool", async () => {
    const s = start(" groovy_diagnostics , groovy_describe,no_such_tool ");
    await s.initialize();
    expect(names(await s.request(1, "tools/list"))).toEqual(["groovy_diagnostics", "groovy_describe"]);
    const leftOut = await s.callTool(2, "groovy_format", { text: "class A{}" });
    const unknown = await s.callTool(3, "no_such_tool", {});
    expect(leftOut.result?.["content"]).toEqual([{ type: "text", text: "unknown tool" }]);
    expect(leftOut.result?.["isError"]).toBe(true);
    expect(leftOut.result).toEqual(unknown.result);

    const modern = start("groovy_symbols");
    expect(names(await modern.request(1, "tools/list", META))).toEqual(["groovy_symbols"]);
    const modernLeftOut = await modern.request(2, "tools/call", { ...META, name: "groovy_diagnostics", arguments: { text: "x" } });
    expect(modernLeftOut.result?.["content"]).toEqual([{ type: "text", text: "unknown tool" }]);

    await s.close();
    expect(warnings(s)).toEqual(['groovymcp: warning: GROOVYMCP_TOOLS names an unknown tool "no_such_tool"; it is ignored']);
    expect(s.child.exitCode).toBe(0);
  });

  it.each([["unset", undefined], ["empty", ""], ["blank", "   "]])("registers every tool when %s, with no warning", async (_label, value) => {
    const s = start(value);
    await s.initialize();
    expect(names(await s.request(1, "tools/list"))).toEqual(ALL);
    await s.close();
    expect(warnings(s)).toEqual([]);
  });

  it("never fails startup on unknown names alone", async () => {
    const s = start("nope1,nope2");
    const init = await s.initialize();
    expect(init.result?.["protocolVersion"]).toBe("2025-11-25");
    expect(names(await s.request(1, "tools/list"))).toEqual([]);
    await s.close();
    expect(warnings(s)).toHaveLength(3);
  });

  it("gives an SDK client only the allowed tools", async () => {
    const transport = new StdioClientTransport({
      command: NODE,
      args: [CLI],
      cwd: PROJECT_ROOT,
      env: { ...(process.env as Record<string, string>), GROOVYMCP_TOOLS: "groovy_diagnostics,groovy_describe" },
      stderr: "pipe",
    });
    const client = new Client({ name: "allowlist-test", version: "1.0.0" });
    await client.connect(transport);
    try {
      expect((await client.listTools()).tools.map((t) => t.name)).toEqual(["groovy_diagnostics", "groovy_describe"]);
    } finally {
      await client.close();
    }
  });
});

import { afterEach, describe, expect, it } from "vitest";
import {
  LATEST_LEGACY_PROTOCOL_VERSION, LEGACY_PROTOCOL_VERSIONS, MODERN_PROTOCOL_VERSION, NEWEST_PROTOCOL_VERSION, SUPPORTED_PROTOCOL_VERSIONS,
} from "../../src/mcp/session/protocol-version.js";
import { ENGINE_MISSING, ServerProcess, type JsonRpcReply } from "./support/server-process.js";
import { itWith } from "../support/peers.js";

/** Raw pipes: the 2026-07-28 era and how the first message chooses the era. */

const servers: ServerProcess[] = [];
function start(env: NodeJS.ProcessEnv = {}): ServerProcess {
  const s = new ServerProcess([], { env: { ...process.env, ...env } });
  servers.push(s);
  return s;
}
afterEach(async () => {
  for (const s of servers.splice(0)) {
    if (s.child.exitCode === null) await s.close();
  }
});

const CLIENT_INFO = { name: "wire-test", version: "9.9.9" };
function envelope(version: string = MODERN_PROTOCOL_VERSION, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    "io.modelcontextprotocol/protocolVersion": version,
    "io.modelcontextprotocol/clientInfo": CLIENT_INFO,
    "io.modelcontextprotocol/clientCapabilities": {},
    ...extra,
  };
}
function modern(params: Record<string, unknown> = {}, version?: string): Record<string, unknown> {
  return { ...params, _meta: envelope(version) };
}
const SERVER_INFO_META = "io.modelcontextprotocol/serverInfo";

function result(reply: JsonRpcReply): Record<string, unknown> {
  if (reply.result === undefined) throw new Error(`expected a result, got ${JSON.stringify(reply.error)}`);
  return reply.result;
}
function errorOf(reply: JsonRpcReply): { code: number; message: string; data?: unknown } {
  if (reply.error === undefined) throw new Error(`expected an error, got ${JSON.stringify(reply.result)}`);
  return reply.error;
}

describe("the newest protocol version on the wire", () => {
  it("is 2026-07-28, the first supported version, and initialize never answers it", async () => {
    expect(NEWEST_PROTOCOL_VERSION).toBe("2026-07-28");
    expect(SUPPORTED_PROTOCOL_VERSIONS[0]).toBe(NEWEST_PROTOCOL_VERSION);
    const s = start();
    const discover = result(await s.request(1, "server/discover", modern()));
    expect(discover["supportedVersions"]).toEqual([NEWEST_PROTOCOL_VERSION, ...LEGACY_PROTOCOL_VERSIONS]);

    const legacy = start();
    const init = result(await legacy.request(1, "initialize", { protocolVersion: NEWEST_PROTOCOL_VERSION, capabilities: {}, clientInfo: CLIENT_INFO }));
    expect(init["protocolVersion"]).toBe(LATEST_LEGACY_PROTOCOL_VERSION);
    expect(LEGACY_PROTOCOL_VERSIONS).not.toContain(NEWEST_PROTOCOL_VERSION);
  });
});

describe("server/discover", () => {
  it("answers versions, capabilities, identity, instructions and cache hints, with no handshake", async () => {
    const s = start();
    const reply = await s.request("d", "server/discover", modern());
    const r = result(reply);
    expect(r).toEqual({
      resultType: "complete",
      supportedVersions: ["2026-07-28", "2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"],
      capabilities: { tools: {}, resources: {}, prompts: {} },
      instructions: expect.stringContaining("never runs the source"),
      _meta: { [SERVER_INFO_META]: { name: "groovy-mcp", title: expect.any(String), version: expect.stringMatching(/^\d+\.\d+\.\d+/) } },
      ttlMs: 3_600_000,
      cacheScope: "public",
    });
    // the session line: version, era and the client, on the first request
    await s.close();
    const lines = s.stderr.split("\n").filter((l) => l.includes("session:"));
    expect(lines).toEqual(['groovymcp: session: protocol 2026-07-28 (modern era), client "wire-test" version "9.9.9"']);
    expect(s.partialStdout).toBe("");
  });

  it("without _meta before any handshake is a legacy method-not-found, so dual-era clients fall back", async () => {
    const s = start();
    expect(errorOf(await s.request(1, "server/discover", {})).code).toBe(-32601);
    expect(errorOf(await s.request(2, "server/discover")).code).toBe(-32601);
    // nothing was decided: a legacy handshake still works
    expect(result(await s.initialize())["protocolVersion"]).toBe("2025-11-25");
  });
});


describe("modern requests", () => {
  itWith(ENGINE_MISSING)(`lists and calls tools, reads resources and gets prompts with resultType and cache hints`, async () => {
    const s = start();
    const tools = result(await s.request(1, "tools/list", modern()));
    expect(tools["resultType"]).toBe("complete");
    expect(tools["ttlMs"]).toBe(3_600_000);
    expect(tools["cacheScope"]).toBe("public");
    expect((tools["tools"] as unknown[]).length).toBe(13);
    expect((tools["_meta"] as Record<string, unknown>)[SERVER_INFO_META]).toMatchObject({ name: "groovy-mcp" });

    const call = result(await s.request(2, "tools/call", modern({ name: "groovy_diagnostics", arguments: { text: "def x = \nclass {" } })));
    expect(call["resultType"]).toBe("complete");
    expect(call["ttlMs"]).toBeUndefined(); // tools/call is not cacheable
    expect(call["isError"]).toBeUndefined();
    expect((call["structuredContent"] as { errorCount: number }).errorCount).toBeGreaterThan(0);

    for (const method of ["resources/list", "resources/templates/list", "prompts/list"]) {
      const r = result(await s.request(method, method, modern()));
      expect(r).toMatchObject({ resultType: "complete", ttlMs: 3_600_000, cacheScope: "public" });
    }
    const keywords = result(await s.request(3, "resources/read", modern({ uri: "groovy://server/keywords" })));
    expect(keywords).toMatchObject({ resultType: "complete", ttlMs: 3_600_000, cacheScope: "public" });
    expect((keywords["contents"] as { text: string }[])[0]?.text).toContain("trait");
    const limits = result(await s.request(4, "resources/read", modern({ uri: "groovy://server/limits" })));
    expect(limits).toMatchObject({ resultType: "complete", ttlMs: 0, cacheScope: "private" });

    const prompt = result(await s.request(5, "prompts/get", modern({ name: "explain-groovy", arguments: { code: "println 1" } })));
    expect(prompt["resultType"]).toBe("complete");
    expect(prompt["ttlMs"]).toBeUndefined();
    expect(prompt["messages"]).toBeInstanceOf(Array);
  });

  itWith(ENGINE_MISSING)(`keeps a buffer opened by one request for the next (buffers live for the process)`, async () => {
    const s = start();
    const open = result(await s.request(1, "tools/call", modern({ name: "groovy_diagnostics", arguments: { text: "class Kept { int n }", uri: "groovy-buffer:kept" } })));
    expect(open["isError"]).toBeUndefined();
    const symbols = result(await s.request(2, "tools/call", modern({ name: "groovy_symbols", arguments: { uri: "groovy-buffer:kept" } })));
    expect(symbols["isError"]).toBeUndefined();
    expect(JSON.stringify(symbols["structuredContent"])).toContain("Kept");
  });

  it("answers an unknown resource with -32602 Resource not found and the uri", async () => {
    const s = start();
    const e = errorOf(await s.request(1, "resources/read", modern({ uri: "groovy://server/nope\u0007" })));
    expect(e).toEqual({ code: -32602, message: "Resource not found", data: { uri: "groovy://server/nope\uFFFD" } });
  });

  it("answers an unknown tool with the unknown-tool result, and an unknown prompt with -32602", async () => {
    const s = start();
    const r = result(await s.request(1, "tools/call", modern({ name: "no_such_tool", arguments: {} })));
    expect(r["isError"]).toBe(true);
    expect(r["content"]).toEqual([{ type: "text", text: "unknown tool" }]);
    expect(r["resultType"]).toBe("complete");
    expect(errorOf(await s.request(2, "prompts/get", modern({ name: "nope" }))).code).toBe(-32602);
  });

  it("has no ping, no initialize and no logging once the connection is modern", async () => {
    const s = start();
    result(await s.request(1, "tools/list", modern()));
    expect(errorOf(await s.request(2, "ping"))).toEqual({ code: -32601, message: "Method not found: protocol 2026-07-28 has no ping" });
    expect(errorOf(await s.request(3, "ping", modern())).code).toBe(-32601);
    expect(errorOf(await s.request(4, "logging/setLevel", modern({ level: "info" }))).code).toBe(-32601);
    const init = errorOf(await s.request(5, "initialize", { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: CLIENT_INFO }));
    expect(init.code).toBe(-32022);
    expect(init.message).toContain("2026-07-28");
    expect(init.data).toEqual({ supported: SUPPORTED_PROTOCOL_VERSIONS, requested: "2025-11-25" });
    // still modern afterwards
    expect(result(await s.request(6, "prompts/list", modern()))["resultType"]).toBe("complete");
  });

  it("rejects a request without _meta (or with a malformed envelope) on a modern connection with -32602", async () => {
    const s = start();
    result(await s.request(1, "resources/list", modern()));
    const none = errorOf(await s.request(2, "tools/list", {}));
    expect(none.code).toBe(-32602);
    expect(none.message).toContain("io.modelcontextprotocol/protocolVersion");
    const noCaps = errorOf(await s.request(3, "tools/list", { _meta: { "io.modelcontextprotocol/protocolVersion": "2026-07-28" } }));
    expect(noCaps.code).toBe(-32602);
    expect(noCaps.message).toContain("io.modelcontextprotocol/clientCapabilities");
    const notString = errorOf(await s.request(4, "tools/list", { _meta: { ...envelope(), "io.modelcontextprotocol/protocolVersion": 20260728 } }));
    expect(notString.code).toBe(-32602);
    expect(errorOf(await s.request(5, "tools/list", [1, 2])).code).toBe(-32602);
  });

  it("answers an unsupported version with -32022 listing the supported versions, and decides nothing", async () => {
    const s = start();
    const e = errorOf(await s.request(1, "tools/list", { _meta: envelope("1900-01-01") }));
    expect(e).toEqual({
      code: -32022,
      message: 'Unsupported protocol version: "1900-01-01"',
      data: { supported: SUPPORTED_PROTOCOL_VERSIONS, requested: "1900-01-01" },
    });
    const legacyVersion = errorOf(await s.request(2, "server/discover", { _meta: envelope("2025-11-25") }));
    expect(legacyVersion.code).toBe(-32022);
    expect(legacyVersion.message).toContain("initialize");
    // the probe failed, so the client may still do either: here it falls back to initialize
    expect(result(await s.initialize())["protocolVersion"]).toBe("2025-11-25");
    await s.close();
    expect(s.stderr.split("\n").filter((l) => l.includes("session:"))).toEqual([
      'groovymcp: session: protocol 2025-11-25 (legacy era), client "test" version "1"',
    ]);
  });
});

describe("the first message decides the era", () => {
  it("a connection that starts with initialize is legacy: _meta is ignored and server/discover is unknown", async () => {
    const s = start();
    const init = result(await s.initialize("2025-06-18"));
    expect(init["protocolVersion"]).toBe("2025-06-18");
    expect(init["resultType"]).toBeUndefined();
    const discover = errorOf(await s.request(1, "server/discover", modern()));
    expect(discover).toEqual({ code: -32601, message: "Method not found" });
    const list = result(await s.request(2, "prompts/list", modern()));
    expect(list["resultType"]).toBeUndefined();
    expect(list["ttlMs"]).toBeUndefined();
    expect(list["_meta"]).toBeUndefined();
    expect(result(await s.request(3, "ping"))).toEqual({});
    expect(errorOf(await s.request(4, "initialize", { protocolVersion: "2025-11-25" })).code).toBe(-32600);
  });

  it("a connection whose first request carries a valid envelope is modern, even without server/discover", async () => {
    const s = start();
    expect(result(await s.request(1, "prompts/list", modern()))["cacheScope"]).toBe("public");
    expect(errorOf(await s.request(2, "initialize", { protocolVersion: "2025-11-25" })).code).toBe(-32022);
  });

  it("requests without _meta before initialize keep their legacy answers and decide nothing", async () => {
    const s = start();
    expect(result(await s.request(1, "ping"))).toEqual({});
    expect(errorOf(await s.request(2, "tools/list")).code).toBe(-32002);
    s.send({ jsonrpc: "2.0", method: "notifications/initialized" });
    expect(result(await s.request(3, "tools/list", modern()))["resultType"]).toBe("complete");
    await s.close();
    expect(s.stderr.split("\n").filter((l) => l.includes("session:"))).toHaveLength(1);
  });

  it("quotes the client's name and version safely in the session line", async () => {
    const s = start();
    const hostile = { name: "evil\n\u001b[31mred" + "x".repeat(300), version: "1\r\n2" };
    result(await s.request(1, "server/discover", { _meta: { ...envelope(), "io.modelcontextprotocol/clientInfo": hostile } }));
    await s.close();
    const lines = s.stderr.split("\n").filter((l) => l.includes("session:"));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^groovymcp: session: protocol 2026-07-28 \(modern era\), client "evil\uFFFD\uFFFD\[31mredx+…" version "1\uFFFD\uFFFD2"$/);
    expect(lines[0]!.length).toBeLessThan(200);
  });

  it("names a client that gives no clientInfo as unknown", async () => {
    const s = start();
    result(await s.request(1, "tools/list", { _meta: { "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {} } }));
    await s.close();
    expect(s.stderr).toContain("groovymcp: session: protocol 2026-07-28 (modern era), client unknown\n");
  });
});

describe("ping while the engine is busy (it overtakes only there, and the era still decides its answer)", () => {
  const call = (id: number, params: Record<string, unknown>): string =>
    JSON.stringify({ jsonrpc: "2.0", id, method: "tools/call", params: { name: "groovy_diagnostics", arguments: { text: "class A { int f() { 1 } }" }, ...params } });

  itWith(ENGINE_MISSING)(`is -32601 at once on a modern connection`, async () => {
    const s = start();
    // the first call waits for the engine to load, so the ping arrives while it runs
    s.write(`${call(1, { _meta: envelope() })}\n${JSON.stringify({ jsonrpc: "2.0", id: 2, method: "ping" })}\n`);
    await s.waitForId(1);
    const order = s.replies().map((r) => r.id);
    expect(order).toEqual([2, 1]);
    expect(errorOf(s.replies()[0]!)).toEqual({ code: -32601, message: "Method not found: protocol 2026-07-28 has no ping" });
    expect(result(s.replies()[1]!)["resultType"]).toBe("complete");
  });

  itWith(ENGINE_MISSING)(`is {} at once on a legacy connection`, async () => {
    const s = start();
    await s.initialize();
    // let notifications/initialized be handled first: a ping queued behind a call that has not started yet waits
    await new Promise((r) => setTimeout(r, 100));
    s.write(`${call(1, {})}\n${JSON.stringify({ jsonrpc: "2.0", id: 2, method: "ping" })}\n`);
    await s.waitForId(1);
    expect(s.replies().filter((r) => r.id !== "init").map((r) => r.id)).toEqual([2, 1]);
    expect(s.replies().find((r) => r.id === 2)).toEqual({ jsonrpc: "2.0", id: 2, result: {} });
  });
});

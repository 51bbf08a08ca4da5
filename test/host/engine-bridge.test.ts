import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { ServerProcess, toolResult } from "./support/server-process.js";
import { writeStandInEngine } from "./support/stand-in-engine.js";

let engineDir: string;
beforeAll(() => {
  engineDir = writeStandInEngine();
});
const servers: ServerProcess[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) if (s.child.exitCode === null) await s.close();
});

async function start(extraEnv: Record<string, string> = {}, args: string[] = []): Promise<ServerProcess> {
  const s = new ServerProcess(args, { env: { ...process.env, GROOVYMCP_ENGINE_DIR: engineDir, ...extraEnv } });
  servers.push(s);
  await s.initialize();
  return s;
}

describe("engine bridge (stand-in engine through GROOVYMCP_ENGINE_DIR)", () => {
  it("sends Java's System.out to stderr, never stdout", async () => {
    const s = await start();
    const result = toolResult(await s.callTool(1, "groovy_diagnostics", { text: "PRINT" }));
    expect(result.isError).toBeUndefined();
    await s.close();
    for (const line of s.lines) expect(() => JSON.parse(line)).not.toThrow();
    expect(s.stderr).toContain("class model loading (Java stdout)");
    expect(s.stderr).toContain("System.out from Java during diagnostics");
  });

  it("maps argument and state errors to tool errors", async () => {
    const s = await start();
    for (const [id, word] of [[1, "ARGUMENT"], [2, "STATE"]] as const) {
      const result = toolResult(await s.callTool(id, "groovy_diagnostics", { text: word }));
      expect(result.isError).toBe(true);
      expect(result.content[0]?.text).toMatch(/problem/);
      expect(result.structuredContent).toBeUndefined();
    }
  });

  it("sets aside a buffer the engine fails on (a tool error naming it), maps schema-breaking results to -32603, one stderr line each", async () => {
    const s = await start();
    // issue 13: an internal error about one buffer sets that buffer aside instead of answering -32603
    const internal = toolResult(await s.callTool(1, "groovy_diagnostics", { text: "INTERNAL", uri: "groovy-buffer:i" }));
    expect(internal.isError).toBe(true);
    expect(internal.content[0]?.text).toMatch(/buffer "groovy-buffer:i" was set aside: the engine failed on it/);
    expect((await s.callTool(2, "groovy_diagnostics", { text: "BADSHAPE", uri: "groovy-buffer:b" })).error?.code).toBe(-32603);
    // stderr and stdout are separate pipes: a line written before the reply may still arrive after it
    await expect.poll(() => s.stderr).toMatch(/a buffer was set aside after the engine failed on it during diagnostics/);
    await expect.poll(() => s.stderr).toMatch(/does not match its output schema/);
    expect(s.stderr).not.toContain("BADSHAPE");
  });

  it("recreates the instance after a trap, fails only that call, and re-opens known buffers", async () => {
    const s = await start();
    toolResult(await s.callTool(1, "groovy_diagnostics", { text: "class A {}", uri: "groovy-buffer:a" }));
    toolResult(await s.callTool(2, "groovy_diagnostics", { text: "class B {}", uri: "groovy-buffer:b" }));
    // issue 13: the trapping buffer is set aside (not re-opened), with a tool error naming it, until replaced or closed
    const trapped = toolResult(await s.callTool(3, "groovy_diagnostics", { text: "TRAP", uri: "groovy-buffer:t" }));
    expect(trapped.isError).toBe(true);
    expect(trapped.content[0]?.text).toMatch(/buffer "groovy-buffer:t" was set aside: the engine crashed on it/);
    const later = toolResult(await s.callTool(6, "groovy_symbols", { uri: "groovy-buffer:t" }));
    expect(later.content[0]?.text).toMatch(/buffer "groovy-buffer:t" is set aside/);
    // buffer a survived the restart
    const again = toolResult(await s.callTool(4, "groovy_diagnostics", { uri: "groovy-buffer:a" }));
    expect(again.structuredContent["uri"]).toBe("groovy-buffer:a");
    const limits = (await s.request(5, "resources/read", { uri: "groovy://server/limits" })).result as { contents: { text: string }[] };
    expect(JSON.parse(limits.contents[0]?.text ?? "{}")).toMatchObject({ groovyVersion: "stand-in", engine: "webassembly", execution: false });
  });

  it("caps open buffers at 64 and groovy_close frees one", async () => {
    const s = await start();
    for (let i = 0; i < 64; i++) expect(toolResult(await s.callTool(i, "groovy_diagnostics", { text: "x", uri: `groovy-buffer:b${i}` })).isError).toBeUndefined();
    const over = toolResult(await s.callTool(100, "groovy_diagnostics", { text: "x", uri: "groovy-buffer:b64" }));
    expect(over.isError).toBe(true);
    expect(over.content[0]?.text).toMatch(/too many open buffers \(the limit is 64\)/);
    // replacing an open buffer is still allowed
    expect(toolResult(await s.callTool(101, "groovy_diagnostics", { text: "y", uri: "groovy-buffer:b3" })).isError).toBeUndefined();
    expect(toolResult(await s.callTool(102, "groovy_close", { uri: "groovy-buffer:b3" })).structuredContent).toEqual({ closed: true });
    expect(toolResult(await s.callTool(103, "groovy_close", { uri: "groovy-buffer:b3" })).structuredContent).toEqual({ closed: false });
    expect(toolResult(await s.callTool(104, "groovy_diagnostics", { text: "x", uri: "groovy-buffer:b64" })).isError).toBeUndefined();
  });

  it("refers to a closed or never-opened buffer with a tool error", async () => {
    const s = await start();
    const result = toolResult(await s.callTool(1, "groovy_describe", { uri: "groovy-buffer:never", line: 0, character: 0 }));
    expect(result.isError).toBe(true);
    expect(result.content[0]?.text).toMatch(/no buffer "groovy-buffer:never" is open/);
  });

  it("accepts a source of exactly 524288 characters and rejects one more", async () => {
    const s = await start();
    const at = toolResult(await s.callTool(1, "groovy_diagnostics", { text: "x".repeat(524_288) }));
    expect(at.isError).toBeUndefined();
    const over = toolResult(await s.callTool(2, "groovy_diagnostics", { text: "x".repeat(524_289) }));
    expect(over.isError).toBe(true);
    expect(over.content[0]?.text).toMatch(/source limit of 524288 characters/);
  });

  it("accepts a result at the result limit and replaces one a character over with an error naming the limit", async () => {
    const probe = await start();
    const text = "a\nbb\nccc\n".repeat(50);
    const full = toolResult(await probe.callTool(1, "groovy_tokens", { text }));
    const size = JSON.stringify(full.structuredContent).length;
    const atLimit = await start({ GROOVYMCP_MAX_RESULT_CHARS: String(size) });
    const ok = toolResult(await atLimit.callTool(1, "groovy_tokens", { text }));
    expect(ok.isError).toBeUndefined();
    expect(ok.content[0]?.text.length).toBe(size);
    const overLimit = await start({ GROOVYMCP_MAX_RESULT_CHARS: String(size - 1) });
    const refused = toolResult(await overLimit.callTool(1, "groovy_tokens", { text }));
    expect(refused.isError).toBe(true);
    expect(refused.content[0]?.text).toMatch(new RegExp(`result limit of ${size - 1} characters`));
  });

  it("answers every tool with output that validates against its schema", async () => {
    const { Ajv2020 } = await import("ajv/dist/2020.js");
    const ajv = new Ajv2020({ strict: true });
    const s = await start();
    const tools = (await s.request("list", "tools/list")).result?.["tools"] as { name: string; outputSchema: object }[];
    const args: Record<string, Record<string, unknown>> = {
      groovy_describe: { line: 0, character: 0 },
      groovy_definition: { line: 0, character: 0 },
      groovy_implementations: { line: 0, character: 0 },
      groovy_references: { line: 0, character: 0 },
      groovy_complete: { line: 0, character: 0 },
      groovy_signatures: { line: 0, character: 0 },
      groovy_rename: { line: 0, character: 0, newName: "y" },
    };
    let id = 0;
    for (const tool of tools) {
      const input = tool.name === "groovy_close" ? { uri: "groovy-buffer:snippet" } : { text: "def x = 1", ...(args[tool.name] ?? {}) };
      const result = toolResult(await s.callTool(++id, tool.name, input));
      expect(result.isError, tool.name).toBeUndefined();
      expect(ajv.validate(tool.outputSchema, result.structuredContent), `${tool.name}: ${ajv.errorsText()}`).toBe(true);
      expect(JSON.parse(result.content[0]?.text ?? "")).toEqual(result.structuredContent);
    }
  });

  it("loads classpath jars and reports only their count", async () => {
    const dir = mkdtempSync(join(tmpdir(), "gm-cp-secret-"));
    const jar = join(dir, "lib-secret.jar");
    writeFileSync(jar, Buffer.from([0x50, 0x4b, 3, 4]));
    const s = await start({}, ["--classpath", [jar, join(dir, "missing-secret.jar")].join(delimiter)]);
    const limits = (await s.request(1, "resources/read", { uri: "groovy://server/limits" })).result as { contents: { text: string }[] };
    expect(JSON.parse(limits.contents[0]?.text ?? "{}")).toMatchObject({ classpathEntries: 2, rootSet: false });
    await s.callTool(2, "groovy_diagnostics", { text: "x" });
    await s.close();
    expect(s.lines.join("\n")).not.toContain("secret");
    expect(s.stderr).not.toContain("secret");
  });
});

describe("with the engine files missing", () => {
  it("answers resources/read like tools do (engine not available), and groovy://server/limits stays readable", async () => {
    const empty = mkdtempSync(join(tmpdir(), "gm-no-engine-"));
    const s = await start({ GROOVYMCP_ENGINE_DIR: empty });
    const tool = toolResult(await s.callTool(1, "groovy_diagnostics", { text: "x" }));
    expect(tool.isError).toBe(true);
    expect(tool.content[0]?.text).toMatch(/^the Groovy engine is not available: /);
    for (const uri of ["groovy://server/keywords", "groovy://server/default-imports"]) {
      const reply = await s.request(uri, "resources/read", { uri });
      expect(reply.error, uri).toBeUndefined();
      const contents = (reply.result as { contents: { uri: string; mimeType: string; text: string }[] }).contents;
      expect(contents).toEqual([{ uri, mimeType: "text/plain", text: tool.content[0]?.text }]);
    }
    const limits = await s.request("limits", "resources/read", { uri: "groovy://server/limits" });
    const body = JSON.parse((limits.result as { contents: { text: string }[] }).contents[0]?.text ?? "{}") as Record<string, unknown>;
    expect(body).toMatchObject({ groovyVersion: "unknown", maxOpenBuffers: 64, callTimeoutMs: 20000, execution: false });
  });
});

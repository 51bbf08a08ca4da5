import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ServerProcess, toolResult } from "./support/server-process.js";
import { writeStandInEngine } from "./support/stand-in-engine.js";

/**
 * The three limits at their exact boundaries: the message cap (bytes of one line), the source cap (characters of
 * text or of a file) and the result cap (characters of result JSON). Runs on the stand-in engine so it does not
 * depend on the compiler; the real-engine source check is in engine-tools.test.ts.
 */
const CAP = 524_288;
let engineDir: string;
let root: string;
const servers: ServerProcess[] = [];

beforeAll(() => {
  engineDir = writeStandInEngine();
  root = mkdtempSync(join(tmpdir(), "gm-limits-"));
  writeFileSync(join(root, "at.groovy"), "x".repeat(CAP));
  writeFileSync(join(root, "over.groovy"), "x".repeat(CAP + 1));
  writeFileSync(join(root, "at-multibyte.groovy"), "é".repeat(CAP)); // 2 bytes each: under the byte precheck
  writeFileSync(join(root, "over-multibyte.groovy"), "é".repeat(CAP + 1));
  writeFileSync(join(root, "at-astral.groovy"), "😀".repeat(CAP / 2)); // 2 UTF-16 units each
  writeFileSync(join(root, "over-astral.groovy"), "😀".repeat(CAP / 2) + "x");
});
afterAll(async () => {
  for (const s of servers) if (s.child.exitCode === null) await s.close();
});

async function start(env: Record<string, string> = {}): Promise<ServerProcess> {
  const s = new ServerProcess(["--root", root], { env: { ...process.env, GROOVYMCP_ENGINE_DIR: engineDir, ...env } });
  servers.push(s);
  await s.initialize();
  return s;
}

describe("limits", () => {
  it("message: a 2 MiB tools/call line is accepted, one byte more is rejected with -32600", async () => {
    const s = await start();
    const line = (id: number, bytes: number): string => {
      const base = JSON.stringify({ jsonrpc: "2.0", id, method: "tools/call", params: { name: "groovy_close", arguments: { uri: "groovy-buffer:x" } }, pad: "" });
      return base.replace('"pad":""', `"pad":"${"p".repeat(bytes - Buffer.byteLength(base))}"`);
    };
    s.write(line(1, 2 * 1024 * 1024) + "\n");
    expect(toolResult(await s.waitForId(1)).structuredContent).toEqual({ closed: false });
    s.write(line(2, 2 * 1024 * 1024 + 1) + "\n");
    expect((await s.request(3, "ping")).result).toEqual({});
    expect(s.replies().find((r) => r.id === null)?.error?.code).toBe(-32600);
    expect(s.replies().some((r) => r.id === 2)).toBe(false);
  });

  it("source text: 524288 characters accepted, 524289 rejected (UTF-16 units)", async () => {
    const s = await start();
    expect(toolResult(await s.callTool(1, "groovy_diagnostics", { text: "x".repeat(CAP) })).isError).toBeUndefined();
    expect(toolResult(await s.callTool(2, "groovy_diagnostics", { text: "😀".repeat(CAP / 2) })).isError).toBeUndefined();
    for (const [id, text] of [[3, "x".repeat(CAP + 1)], [4, "😀".repeat(CAP / 2) + "x"]] as const) {
      const over = toolResult(await s.callTool(id, "groovy_diagnostics", { text }));
      expect(over.isError).toBe(true);
      expect(over.content[0]?.text).toMatch(/source limit of 524288 characters/);
    }
  });

  it("source file: at the limit accepted, one character over rejected, for ASCII, 2-byte and 4-byte characters", async () => {
    const s = await start();
    let id = 0;
    for (const name of ["at", "at-multibyte", "at-astral"]) {
      const r = toolResult(await s.callTool(++id, "groovy_diagnostics", { path: `${name}.groovy` }));
      expect(r.isError, name).toBeUndefined();
    }
    for (const name of ["over", "over-multibyte", "over-astral"]) {
      const r = toolResult(await s.callTool(++id, "groovy_diagnostics", { path: `${name}.groovy` }));
      expect(r.isError, name).toBe(true);
      expect(r.content[0]?.text, name).toMatch(/larger than the source limit of 524288 characters/);
    }
  });

  it("result: at the cap accepted, one character over replaced by an error naming the limit", async () => {
    const text = "alpha\nbeta\ngamma\n".repeat(40);
    const probe = await start();
    const size = JSON.stringify(toolResult(await probe.callTool(1, "groovy_tokens", { text })).structuredContent).length;
    const at = await start({ GROOVYMCP_MAX_RESULT_CHARS: String(size) });
    expect(toolResult(await at.callTool(1, "groovy_tokens", { text })).isError).toBeUndefined();
    const over = await start({ GROOVYMCP_MAX_RESULT_CHARS: String(size - 1) });
    const refused = toolResult(await over.callTool(1, "groovy_tokens", { text }));
    expect(refused.isError).toBe(true);
    expect(refused.content[0]?.text).toMatch(new RegExp(`result limit of ${size - 1} characters`));
    expect(refused.structuredContent).toBeUndefined();
  });

  it("result: the default cap of 524288 characters applies without the knob", async () => {
    const s = await start({ GROOVYMCP_MAX_RESULT_CHARS: "99999999999" }); // ignored: the knob can only lower the cap
    // ~70 characters of token JSON per one-character line: far over 524288
    const refused = toolResult(await s.callTool(1, "groovy_tokens", { text: "x\n".repeat(20_000) }));
    expect(refused.isError).toBe(true);
    expect(refused.content[0]?.text).toMatch(/result limit of 524288 characters/);
    expect(refused.structuredContent).toBeUndefined();
    const limits = (await s.request(2, "resources/read", { uri: "groovy://server/limits" })).result as { contents: { text: string }[] };
    expect(JSON.parse(limits.contents[0]?.text ?? "{}")).toMatchObject({ maxMessageBytes: 2097152, maxSourceChars: CAP, maxResultChars: CAP, rootSet: true });
  });
});

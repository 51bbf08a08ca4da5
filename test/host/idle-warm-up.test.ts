import { describe, expect, it } from "vitest";
import { serverWarmUp, warmUpMode } from "../../src/engine/service/idle-warm-up.js";
import { WARM_UP_SOURCES } from "../../src/engine/service/warm-up-sources.js";
import { nodeEngine } from "../../src/engine/node/index.js";
import { ENGINE_MISSING, ENGINE_PRESENT, ENGINE_SKIP_REASON, ServerProcess, toolResult } from "./support/server-process.js";
import { describeWith } from "../support/peers.js";

/**
 * The idle warm-up (src/engine/service/idle-warm-up.ts) must never be observable by the client: a call that arrives
 * while it compiles gets exactly the answer a server without it gives, no warm-up buffer is ever visible (not in a
 * name search over all open buffers, not as a class another buffer could resolve), stdout carries only the replies.
 */
const CLIENT_SOURCE = [
  "package client",
  "// Account and Shape are classes of the warm-up's own sources: they must stay unknown here",
  "def a = new warmup.basics.Account('x')",
  "Shape s = null",
  "class Mine { int twice(int x) { x * 2 } }",
  "println new Mine().twice('no')",
  "",
].join("\n");

const skip = ENGINE_PRESENT ? "" : ` (skipped: ${ENGINE_SKIP_REASON})`;

async function waitForStderr(s: ServerProcess, pattern: RegExp, timeoutMs: number): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const line = s.stderr.split("\n").find((l) => pattern.test(l));
    if (line !== undefined) return line;
    if (s.child.exitCode !== null) throw new Error(`server exited; stderr: ${s.stderr.slice(0, 500)}`);
    if (Date.now() > deadline) throw new Error(`no stderr line matching ${String(pattern)}; stderr: ${s.stderr.slice(0, 500)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function clientCalls(s: ServerProcess): Promise<{ search: unknown; diagnostics: unknown }> {
  const search = toolResult(await s.callTool("search", "groovy_symbols", { query: "Account" }));
  expect(search.isError).toBeUndefined();
  const diagnostics = toolResult(await s.callTool("diag", "groovy_diagnostics", { text: CLIENT_SOURCE, uri: "groovy-buffer:client.groovy" }));
  expect(diagnostics.isError).toBeUndefined();
  return { search: search.structuredContent, diagnostics: diagnostics.structuredContent };
}

describe("idle warm-up: when it applies", () => {
  it("is on by default and with anything but GROOVYMCP_WARMUP=0 (and its spellings of no), verbose on request", () => {
    expect(warmUpMode({})).toBe("on");
    for (const on of ["1", "true", "on", "yes", " ON ", "", "maybe"]) expect(warmUpMode({ GROOVYMCP_WARMUP: on })).toBe("on");
    for (const off of ["0", "false", "off", "no", " NO "]) expect(warmUpMode({ GROOVYMCP_WARMUP: off })).toBe("off");
    expect(warmUpMode({ GROOVYMCP_WARMUP: "verbose" })).toBe("verbose");
  });

  it("is not created when turned off, nor when the call time limit is short (a watchdog test's engine stays cold)", () => {
    const engine = nodeEngine();
    const log = (): void => undefined;
    expect(serverWarmUp(engine, {}, 20_000, { log })).toBeDefined();
    expect(serverWarmUp(engine, { GROOVYMCP_WARMUP: "0" }, 20_000, { log })).toBeUndefined();
    expect(serverWarmUp(engine, { GROOVYMCP_WARMUP: "1" }, 500, { log })).toBeUndefined();
    expect(serverWarmUp(engine, { GROOVYMCP_WARMUP: "1" }, 20_000, { log })).toBeDefined();
    expect(serverWarmUp(engine, { GROOVYMCP_WARMUP: "1" }, 0, { log })).toBeDefined();
    engine.dispose();
  });
});

describeWith(ENGINE_MISSING)(`idle warm-up through the real server${skip}`, () => {
  it("its own sources compile without a single diagnostic (a failing slice would leave later stages cold)", async () => {
    const s = new ServerProcess([], { env: { ...process.env, GROOVYMCP_WARMUP: "0" } });
    await s.initialize();
    for (const [i, text] of WARM_UP_SOURCES.entries()) {
      const r = toolResult(await s.callTool(`w${i}`, "groovy_diagnostics", { text, uri: `groovy-buffer:warm-up-${i}.groovy` }));
      expect(r.isError).toBeUndefined();
      expect({ slice: i + 1, diagnostics: r.structuredContent["diagnostics"] }).toEqual({ slice: i + 1, diagnostics: [] });
    }
    await s.close();
  }, 60_000);

  it("a client call during the warm-up waits for one slice, then answers exactly as a server without it; nothing of it shows", async () => {
    const cold = new ServerProcess([], { env: { ...process.env, GROOVYMCP_WARMUP: "0" } });
    await cold.initialize();
    const expected = await clientCalls(cold);
    await cold.close();

    const s = new ServerProcess([], { env: { ...process.env, GROOVYMCP_WARMUP: "verbose" } });
    await s.initialize();
    await s.request("list", "tools/list", {});
    // the first slice is under way (the line is written just before it starts); the call arrives while it compiles
    await waitForStderr(s, /idle warm-up started/, 30_000);
    const got = await clientCalls(s);
    expect(got).toEqual(expected);
    expect((expected.search as { symbols: unknown[] }).symbols).toEqual([]);
    expect(JSON.stringify(expected.diagnostics)).toContain("unable to resolve class warmup.basics.Account");
    const ended = await waitForStderr(s, /idle warm-up (done|ended)/, 30_000);
    expect(ended).toMatch(/ended \(client\): [1-9]\d* slices/);
    // the buffer the client opened is the only one: a second search sees its class, and nothing of the warm-up's
    const mine = toolResult(await s.callTool("mine", "groovy_symbols", { query: "i" }));
    const names = (mine.structuredContent["symbols"] as { name: string; location?: { uri?: string } }[]).map((x) => x.name);
    expect(names).toContain("Mine");
    expect(JSON.stringify(mine.structuredContent)).not.toContain("warm-up");
    await s.close();
    expect(s.partialStdout).toBe("");
    expect(s.replies().map((r) => r.id)).toEqual(["init", "list", "search", "diag", "mine"]);
    expect(s.stderr.split("\n").filter((l) => l.length > 0 && !l.startsWith("groovymcp: "))).toEqual([]);
  }, 60_000);

  it("runs to its end when the client stays idle, and the calls after it answer as without it", async () => {
    const s = new ServerProcess([], { env: { ...process.env, GROOVYMCP_WARMUP: "verbose" } });
    await s.initialize();
    const ended = await waitForStderr(s, /idle warm-up (done|ended)/, 50_000);
    expect(ended).toMatch(new RegExp(`idle warm-up done: ${WARM_UP_SOURCES.length * 2} slices`));
    const cold = new ServerProcess([], { env: { ...process.env, GROOVYMCP_WARMUP: "0" } });
    await cold.initialize();
    expect(await clientCalls(s)).toEqual(await clientCalls(cold));
    await Promise.all([s.close(), cold.close()]);
    expect(s.replies().map((r) => r.id)).toEqual(["init", "search", "diag"]);
  }, 60_000);
});

import { afterAll, beforeAll, expect, it } from "vitest";
import { ENGINE_MISSING, HostileServer, text, type ToolAnswer } from "./support/hostile-server.js";
import { describeWith } from "../support/peers.js";

/**
 * Issue 13, hostile sources within the limits, generated here. Each case must leave the server alive, ping
 * answered, stdout clean and the canary buffer intact (checked once at the end, after all of them), and each call
 * must answer a result or a tool error, never -32603. A buffer that crashes the engine is set aside: its calls name
 * it and say why until it is replaced or closed.
 */
const SOURCE_LIMIT = 524_288;
const parens = (n: number): string => "def x = " + "(".repeat(n) + "1" + ")".repeat(n) + "\n";
const methods = (n: number): string => "class Many {\n" + Array.from({ length: n }, (_, i) => `void m${i}( ){ }\n`).join("") + "}\n";

describeWith(ENGINE_MISSING)(`hostile sources`, () => {
  let server: HostileServer;
  beforeAll(async () => {
    // a watchdog well above these compiles on a loaded machine: the cut, not the watchdog, is the point here
    server = await new HostileServer([], { GROOVYMCP_CALL_TIMEOUT_MS: "120000" }).start();
  });
  afterAll(() => {
    if (server.alive) server.child.kill("SIGKILL");
  });

  /** One tools/call that must come back as a result or a tool error, never a JSON-RPC error. */
  async function call(name: string, args: Record<string, unknown>): Promise<ToolAnswer> {
    const reply = await server.request("tools/call", { name, arguments: args }, 120_000);
    expect(reply.error, `${name}: ${JSON.stringify(reply.error)}`).toBeUndefined();
    return reply.result as unknown as ToolAnswer;
  }

  /** The stock compiler's own limits (Groovy 5.0.8, default 1 MiB JVM stack) and the depths the issue found. */
  const stockDepths: [string, string][] = [
    ["495 parentheses", parens(495)],
    ["250 nested calls", "def f(x){x}\n" + "f(".repeat(250) + "1" + ")".repeat(250) + "\n"],
    ["400 nested lists", "def l = " + "[".repeat(400) + "1" + "]".repeat(400) + "\n"],
    ["268 nested closures", "def c = " + "{ -> ".repeat(268) + "1" + " }".repeat(268) + "\n"],
    ["2,125 terms of 1+1+...", "def y = " + Array(2125).fill("1").join("+") + "\n"],
    ["64 nested while loops under @CompileStatic", "@groovy.transform.CompileStatic\nvoid m(){ int i = 0\n" + "while (i < 1) {\n".repeat(64) + "i++\n" + "}\n".repeat(64) + "}\n"],
  ];

  it("as deep as the stock compiler goes, the engine compiles: no errors, no trap", async () => {
    for (const [what, source] of stockDepths) {
      const answer = await call("groovy_diagnostics", { text: source, uri: "groovy-buffer:deep" });
      expect(answer.isError, `${what}: ${text(answer)}`).toBeUndefined();
      expect(answer.structuredContent, what).toMatchObject({ errorCount: 0 });
    }
    await call("groovy_close", { uri: "groovy-buffer:deep" });
  });

  /** Asserts the depth answer: a result whose one error says parsing failed, at the given position. */
  function expectDepthError(answer: ToolAnswer, at: { line: number; character: number } | undefined, what: string): void {
    expect(answer.isError, `${what}: ${text(answer)}`).toBeUndefined();
    const result = answer.structuredContent as { diagnostics: { severity: string; message: string; range: { start: unknown } }[]; errorCount: number };
    expect(result.errorCount, what).toBe(1);
    expect(result.diagnostics[0]?.severity).toBe("error");
    expect(result.diagnostics[0]?.message).toMatch(/^parsing failed: /);
    if (at !== undefined) expect(result.diagnostics[0]?.range.start, what).toEqual(at);
  }

  it("past the depth limit, each construct answers the compiler's parsing error at the bracket past it, never a set-aside buffer", async () => {
    const uri = "groovy-buffer:too-deep";
    // each with where its 1,001st opening bracket is (0-based line and character)
    const deep: [string, string, { line: number; character: number }][] = [
      ["5,000 parentheses", parens(5000), { line: 0, character: 8 + 1000 }],
      ["5,000 nested calls", "def f(x){x}\n" + "f(".repeat(5000) + "1" + ")".repeat(5000) + "\n", { line: 1, character: 2 * 1000 + 1 }],
      ["5,000 nested lists", "def l = " + "[".repeat(5000) + "1" + "]".repeat(5000) + "\n", { line: 0, character: 8 + 1000 }],
      ["5,000 nested closures", "def c = " + "{ -> ".repeat(5000) + "1" + " }".repeat(5000) + "\n", { line: 0, character: 8 + 5 * 1000 }],
      ["5,000 nested while loops", "void m(){ int i = 0\n" + "while (i < 1) {\n".repeat(5000) + "}\n".repeat(5000) + "}\n", { line: 1000, character: 6 }],
      ["262,139 parentheses (the whole source limit)", parens(262_139), { line: 0, character: 8 + 1000 }],
    ];
    for (const [what, source, at] of deep) {
      expect(source.length).toBeLessThanOrEqual(SOURCE_LIMIT);
      expectDepthError(await call("groovy_diagnostics", { text: source, uri }), at, what);
    }
    // the buffer is open, not set aside: its other calls say it does not parse, and replacing it recovers it
    const symbols = await call("groovy_symbols", { uri });
    expect(symbols.isError).toBe(true);
    expect(text(symbols)).toMatch(/does not parse.*parsing failed/);
    expect(text(symbols)).not.toMatch(/set aside/);
    const replaced = await call("groovy_diagnostics", { text: "def fine = 1\n", uri });
    expect(replaced.structuredContent).toMatchObject({ errorCount: 0 });
    expect(await call("groovy_close", { uri })).toMatchObject({ structuredContent: { closed: true } });
  });

  it("an operator chain that runs the engine out of stack answers the parsing error too, and the engine goes on", async () => {
    const uri = "groovy-buffer:long-chain";
    const source = "def y = " + Array(200_000).fill("1").join("+") + "\n"; // 400,007 characters, no brackets
    const answer = await call("groovy_diagnostics", { text: source, uri });
    expectDepthError(answer, { line: 0, character: 0 }, "200,000 terms");
    // answered again without compiling, and the fresh engine serves the other buffers
    expectDepthError(await call("groovy_diagnostics", { uri }), { line: 0, character: 0 }, "200,000 terms again");
    const other = await call("groovy_diagnostics", { text: "def z = 1 +\n", uri: "groovy-buffer:after-chain" });
    expect(other.structuredContent).toMatchObject({ errorCount: 1 });
    await call("groovy_close", { uri });
    await call("groovy_close", { uri: "groovy-buffer:after-chain" });
  });

  it("a restart after a crash keeps the open buffers in their order: a duplicate class is reported on the same buffer", async () => {
    const a = "groovy-buffer:dup-a";
    const b = "groovy-buffer:dup-b";
    await call("groovy_diagnostics", { text: "class Dup {}\n", uri: a });
    await call("groovy_diagnostics", { text: "class Dup {}\n", uri: b });
    // replaced after b was opened: it keeps its place, first, in the engine's table
    await call("groovy_diagnostics", { text: "class Dup { int x }\n", uri: a });
    const answers = async (): Promise<unknown[]> => [(await call("groovy_diagnostics", { uri: a })).structuredContent, (await call("groovy_diagnostics", { uri: b })).structuredContent];
    const before = await answers();
    expect(before.map((r) => (r as { errorCount: number }).errorCount).sort()).toEqual([0, 1]);
    expect(JSON.stringify(before[1])).toMatch(/duplicate class definition/i);
    // runs the engine out of stack: the worker is replaced and the other buffers re-opened into the fresh one
    const chain = "groovy-buffer:dup-crash";
    expectDepthError(await call("groovy_diagnostics", { text: "def y = " + Array(200_000).fill("1").join("+") + "\n", uri: chain }), { line: 0, character: 0 }, "the crash");
    expect(await answers()).toEqual(before);
    for (const uri of [a, b, chain]) await call("groovy_close", { uri });
  });

  it("20,000 lone surrogates: the buffer is set aside with a tool error naming it, then recovers when replaced", async () => {
    const uri = "groovy-buffer:surrogates";
    const first = await call("groovy_diagnostics", { text: "def s = '" + "\uD800".repeat(20_000) + "'\n", uri });
    if (first.isError === true) {
      expect(text(first)).toContain(uri);
      // later calls on it name it and say why, until it is replaced
      const again = await call("groovy_symbols", { uri });
      expect(again.isError).toBe(true);
      expect(text(again)).toMatch(/set aside/);
      expect(text(again)).toContain(uri);
    }
    const replaced = await call("groovy_diagnostics", { text: "def s = 'fine'\n", uri });
    expect(replaced.isError, text(replaced)).toBeUndefined();
    expect(await call("groovy_close", { uri })).toMatchObject({ structuredContent: { closed: true } });
  });

  it("20,000 lone surrogates are ordinary input: diagnostics, not a set-aside buffer", async () => {
    const answer = await call("groovy_diagnostics", { text: "def s = '" + "\uD800".repeat(20_000) + "'\n", uri: "groovy-buffer:surrogates-2" });
    expect(answer.isError, text(answer)).toBeUndefined();
    expect(answer.structuredContent).toMatchObject({ diagnostics: [], errorCount: 0 });
  });

  it("52k lines of `def x = 1`: diagnostics come back cut to maxResults and to the result limit, errors first", async () => {
    const source = "def x = 1\n".repeat(52_000);
    expect(source.length).toBeLessThanOrEqual(SOURCE_LIMIT);
    const uri = "groovy-buffer:defx";
    const answer = await call("groovy_diagnostics", { text: source, uri, maxResults: 100 });
    expect(answer.isError, text(answer)).toBeUndefined();
    const result = answer.structuredContent as { diagnostics: { severity: string }[]; truncated?: boolean; omitted?: number; errorCount: number };
    expect(result.diagnostics.length).toBeLessThanOrEqual(100);
    expect(result.diagnostics.length).toBeGreaterThan(0);
    expect(result.truncated).toBe(true);
    expect(result.omitted).toBeGreaterThan(0);
    const ranks = result.diagnostics.map((d) => ["error", "warning", "information", "hint"].indexOf(d.severity));
    expect([...ranks].sort((a, b) => a - b)).toEqual(ranks);
    // without maxResults: as many as fit under the result limit, never the bare limit error
    const all = await call("groovy_diagnostics", { uri });
    expect(all.isError, text(all)).toBeUndefined();
    expect(all.content[0]?.text.length).toBeLessThanOrEqual(SOURCE_LIMIT);
  });

  it("format and symbols on a 20,000-method file: cut to the result limit with truncated and omitted", async () => {
    const uri = "groovy-buffer:methods";
    const format = await call("groovy_format", { text: methods(20_000), uri });
    expect(format.isError, text(format)).toBeUndefined();
    expect(format.structuredContent).toMatchObject({ truncated: true });
    expect((format.structuredContent?.["omitted"] as number) > 0).toBe(true);
    expect(format.content[0]?.text.length).toBeLessThanOrEqual(SOURCE_LIMIT);
    const symbols = await call("groovy_symbols", { uri });
    expect(symbols.isError, text(symbols)).toBeUndefined();
    expect(symbols.structuredContent).toMatchObject({ truncated: true });
    const outline = symbols.structuredContent?.["symbols"] as { name: string; children?: unknown[] }[];
    expect(outline[0]?.name).toBe("Many");
    expect(outline[0]?.children?.length).toBeGreaterThan(100);
    await call("groovy_close", { uri });
  });

  it("keeps every invariant after all of the above (alive, ping, stdout, canary)", async () => {
    const problems = await server.finish();
    console.log(`hostile sources: ${server.pingMs.length} pings, worst ${Math.round(server.worstPingMs)} ms`);
    expect(problems).toEqual([]);
  });
});

import { afterAll, expect, it } from "vitest";
import { ENGINE_MISSING, HostileServer, text, type ToolAnswer } from "./support/hostile-server.js";
import { describeWith } from "../support/peers.js";

/**
 * Issue 13, memory: 63 buffers of 478 KB once grew the process past 4 GB and Node aborted; so did four buffers of
 * 524,288 characters of records compiled by one diagnostics call. Now the open buffers have a total budget
 * (refused past it with a clear tool error) and the engine a worker heap limit (running out of it ends only the
 * worker, and that call answers a tool error).
 */
const BUDGET = 8 * 524_288;

describeWith(ENGINE_MISSING)(`memory`, () => {
  const servers: HostileServer[] = [];
  afterAll(() => {
    for (const s of servers) if (s.alive) s.child.kill("SIGKILL");
  });

  async function call(server: HostileServer, name: string, args: Record<string, unknown>): Promise<ToolAnswer> {
    const reply = await server.request("tools/call", { name, arguments: args }, 240_000);
    expect(reply.error, `${name}: ${JSON.stringify(reply.error)}`).toBeUndefined();
    return reply.result as unknown as ToolAnswer;
  }

  it("reports the total budget next to the per-source limit", async () => {
    const server = await new HostileServer().start({ canary: false });
    servers.push(server);
    const read = await server.request("resources/read", { uri: "groovy://server/limits" });
    const limits = JSON.parse((read.result?.["contents"] as { text: string }[])[0]?.text ?? "{}") as Record<string, unknown>;
    expect(limits).toMatchObject({ maxSourceChars: 524_288, maxTotalBufferChars: BUDGET, workerHeapMb: 3072, workerStackMb: 16, maxNestingDepth: 1000 });
    expect((await server.finish()).filter((p) => !p.startsWith("no ping"))).toEqual([]);
  });

  it("63 buffers of 478 KB: refused past the budget with a tool error naming it, the open ones intact", async () => {
    const server = await new HostileServer().start();
    servers.push(server);
    const chunk = "// filler\n".repeat(47_800); // 478,000 characters, comments: cheap to compile
    let opened = 0;
    let refused = 0;
    for (let i = 0; i < 63; i++) {
      const answer = await server.request("tools/call", { name: "groovy_tokens", arguments: { text: chunk, uri: `groovy-buffer:big-${i}`, startLine: 47_799 } }, 240_000);
      expect(answer.error, JSON.stringify(answer.error)).toBeUndefined();
      const result = answer.result as unknown as ToolAnswer;
      if (result.isError === true) {
        refused++;
        expect(text(result)).toMatch(new RegExp(`total budget of ${BUDGET} characters`));
      } else {
        opened++;
      }
    }
    // the canary holds a few dozen characters; eight 478 KB buffers fit the 4,194,304 budget, the ninth does not
    expect(opened).toBe(8);
    expect(refused).toBe(55);
    const problems = await server.finish();
    expect(problems).toEqual([]);
  }, 600_000);

  it("four 524,288-character buffers of records in one call: the server never aborts, every call answers", async () => {
    // the default 20 s watchdog: on a loaded machine these compiles may pass it, which is one of the contained outcomes
    const server = await new HostileServer().start();
    servers.push(server);
    const records = (k: number): string => {
      let out = "";
      for (let i = 0; out.length < 524_200; i++) out += `record R${k}_${i}(int a, String b) {}\n`;
      return out;
    };
    const outcomes: string[] = [];
    for (let k = 0; k < 4; k++) {
      const uri = `groovy-buffer:rec-${k}`;
      const answer = await call(server, k < 3 ? "groovy_tokens" : "groovy_diagnostics", { text: records(k), uri, ...(k < 3 ? { startLine: 100_000 } : {}) });
      // a result, or a tool error that names this buffer or the limit that stopped it
      if (answer.isError === true) expect(text(answer)).toMatch(new RegExp(`${uri}|heap limit|call time limit|total budget`));
      outcomes.push(answer.isError === true ? text(answer).slice(0, 160) : "result");
    }
    console.log(`records: ${outcomes.join(" | ")}`);
    for (let k = 0; k < 4; k++) await call(server, "groovy_close", { uri: `groovy-buffer:rec-${k}` });
    expect(await server.finish()).toEqual([]);
  }, 600_000);

  it("the worker runs out of its heap: that call answers a tool error naming the limit, the other buffers come back, nothing aborts", async () => {
    // GROOVYMCP_WORKER_HEAP_MB lowers the heap limit (docs/server.md, "Command line and environment"), so a source well inside the limits reaches it
    const server = await new HostileServer([], { GROOVYMCP_WORKER_HEAP_MB: "256", GROOVYMCP_CALL_TIMEOUT_MS: "120000" }).start();
    servers.push(server);
    const read = await server.request("resources/read", { uri: "groovy://server/limits" });
    expect((read.result?.["contents"] as { text: string }[])[0]?.text).toContain('"workerHeapMb":256');
    const other = "groovy-buffer:oom-bystander";
    const before = await call(server, "groovy_diagnostics", { text: "def x = 1 +\n", uri: other });
    let records = "";
    for (let i = 0; records.length < 524_200; i++) records += `record R${i}(int a, String b) {}\n`;
    const uri = "groovy-buffer:oom";
    const answer = await call(server, "groovy_diagnostics", { text: records, uri });
    expect(answer.isError, JSON.stringify(answer.structuredContent)?.slice(0, 200)).toBe(true);
    expect(text(answer)).toContain(`"${uri}" was set aside: compiling it ran out of memory: it reached the engine heap limit of 256 MiB (workerHeapMb)`);
    expect(server.stderr).toMatch(/engine worker ended \(out of memory/);
    // the fresh worker has the other buffers back; the one that ran out is set aside until replaced
    expect((await call(server, "groovy_diagnostics", { uri: other })).structuredContent).toEqual(before.structuredContent);
    expect(text(await call(server, "groovy_symbols", { uri }))).toMatch(/is set aside: compiling it ran out of memory/);
    expect((await call(server, "groovy_diagnostics", { text: "class Small {}\n", uri })).structuredContent).toMatchObject({ errorCount: 0 });
    expect(server.alive).toBe(true);
    expect(await server.finish()).toEqual([]);
  }, 120_000);
});

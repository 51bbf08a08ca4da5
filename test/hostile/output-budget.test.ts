import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ENGINE_MISSING, ServerProcess, toolResult } from "../host/support/server-process.js";
import { describeWith } from "../support/peers.js";

/**
 * Issue 33 item 8: a client that floods pings while a call runs, and never reads stdout. Every reply the server
 * writes, pings answered out of turn included, counts against one output budget: while stdout is backed up the
 * server stops reading stdin, so what it holds stays bounded (the flood once grew it by ~90 MB/s, past the
 * documented bound of 3,372 MB in 40 s).
 */
// the documented bound: the worker heap limit plus about 300 MiB for the main thread and the wasm code
const RSS_BOUND_MB = 3372;
// what the server may still take in during the flood's second half, its stdout long backed up: less than one read
// chunk (an unbounded server takes in all it can parse, megabytes a second)
const LATE_BOUND_BYTES = 64 * 1024;
const FLOOD_MS = 8000;
// eight nested loops retyping a `def` under static compilation (test/host/watchdog.test.ts's runaway): flow typing
// revisits every enclosing loop, so the compile runs far past the call limit below
const loops = 8;
const RUNAWAY = `@groovy.transform.CompileStatic\nclass R {\n  void m() {\n    def x = 0\n${"    while (true) { x = 'a'\n x = 1\n".repeat(loops)}${"    }\n".repeat(loops)}  }\n}\n`;

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

describeWith(ENGINE_MISSING)("output budget", () => {
  it("stops reading a ping flood while stdout is backed up, and stays under the memory bound", async () => {
    const s = new ServerProcess([], { env: { ...process.env, GROOVYMCP_CALL_TIMEOUT_MS: String(FLOOD_MS + 6000), GROOVYMCP_WARMUP: "0" } });
    try {
      await s.initialize();
      expect(toolResult(await s.callTool("warm", "groovy_diagnostics", { text: "class W {}", uri: "groovy-buffer:warm" })).isError).toBeUndefined();
      const runaway = s.callTool("runaway", "groovy_diagnostics", { text: RUNAWAY, uri: "groovy-buffer:runaway" });
      await new Promise((r) => setTimeout(r, 300));
      s.child.stdout.pause();

      const ping = Buffer.from('{"jsonrpc":"2.0","id":1,"method":"ping"}\n'.repeat(2000));
      let written = 0;
      let peak = 0;
      const pid = s.child.pid!;
      // what the server (and the socket between us) has taken in: a write the pipe does not take waits for it
      const accepted = (): number => written - s.child.stdin.writableLength;
      const flood = async (ms: number): Promise<void> => {
        const until = Date.now() + ms;
        while (Date.now() < until) {
          peak = Math.max(peak, rssMb(pid));
          if (s.child.stdin.writableNeedDrain) {
            await new Promise((r) => setTimeout(r, 100));
            continue;
          }
          s.child.stdin.write(ping);
          written += ping.length;
          await new Promise((r) => setImmediate(r));
        }
      };
      await flood(FLOOD_MS / 2);
      const halfway = accepted();
      await flood(FLOOD_MS / 2);
      const taken = accepted() - halfway;
      peak = Math.max(peak, rssMb(pid));
      console.log(`ping flood: ${halfway} bytes taken in, then ${taken} more; peak RSS ${Math.round(peak)} MB`);
      // by then stdout is long backed up: the server reads no more of stdin, so it holds no more
      expect(taken).toBeLessThan(LATE_BOUND_BYTES);
      expect(peak).toBeLessThan(RSS_BOUND_MB);
      expect(s.child.exitCode).toBeNull();

      // reading again, the server answers the call
      s.child.stdout.resume();
      expect(toolResult(await runaway).isError).toBe(true);
    } finally {
      s.child.kill("SIGKILL");
    }
  }, 120_000);
});

import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ENGINE_MISSING, ServerProcess, toolResult } from "../host/support/server-process.js";
import { describeWith } from "../support/peers.js";

/**
 * Issue 33 item 9: a buffer that formats in an instant but whose compile runs away (a string of 100,000
 * interpolations), opened through groovy_format, was never set aside: every workspace-wide query then ran past the
 * call limit and restarted the worker, and a bystander was blamed. Containment now compiles each open buffer alone
 * when a workspace-wide call runs away, and sets aside only the one that runs away.
 */
const LIMIT_MS = 4000;
// the documented bound: the worker heap limit plus about 300 MiB for the main thread and the wasm code
const RSS_BOUND_MB = 3372;
const SLOW = `def a = 1\ndef s = "${"$a".repeat(100_000)}"\n`;

function rssMb(pid: number): number {
  return Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;
}

describeWith(ENGINE_MISSING)("runaway attribution", () => {
  it("sets aside the buffer whose compile runs away in a workspace-wide query, never a bystander", async () => {
    const s = new ServerProcess([], { env: { ...process.env, GROOVYMCP_CALL_TIMEOUT_MS: String(LIMIT_MS), GROOVYMCP_WARMUP: "0" } });
    let peak = 0;
    const sample = setInterval(() => {
      if (s.child.exitCode === null) peak = Math.max(peak, rssMb(s.child.pid!));
    }, 250);
    try {
      await s.initialize();
      const bystander = toolResult(await s.callTool("b", "groovy_diagnostics", { text: "class Bystander { int n }", uri: "groovy-buffer:bystander" }));
      expect(bystander.isError).toBeUndefined();
      const formatted = toolResult(await s.callTool("f", "groovy_format", { text: SLOW, uri: "groovy-buffer:slow" }));
      expect(formatted.isError, JSON.stringify(formatted).slice(0, 300)).toBeUndefined();

      const query = toolResult(await s.callTool("q", "groovy_symbols", { query: "Bystander" }));
      expect(query.isError).toBe(true);
      expect(query.content[0]?.text).toMatch(/call time limit of 4000 ms.*buffer "groovy-buffer:slow" was set aside: it ran past the call time limit/);
      expect(query.content[0]?.text).not.toMatch(/bystander/);

      // the bystander keeps working, the next workspace-wide query answers, and the slow one says why it is out
      expect(toolResult(await s.callTool("b2", "groovy_diagnostics", { uri: "groovy-buffer:bystander" })).isError).toBeUndefined();
      const again = toolResult(await s.callTool("q2", "groovy_symbols", { query: "Bystander" }));
      expect(again.isError, JSON.stringify(again).slice(0, 300)).toBeUndefined();
      const slow = toolResult(await s.callTool("s", "groovy_diagnostics", { uri: "groovy-buffer:slow" }));
      expect(slow.content[0]?.text).toMatch(/buffer "groovy-buffer:slow" is set aside/);
      expect((await s.request("p", "ping")).result).toEqual({});
      expect(peak).toBeLessThan(RSS_BOUND_MB);
    } finally {
      clearInterval(sample);
      s.child.kill("SIGKILL");
    }
  }, 180_000);
});

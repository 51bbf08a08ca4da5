import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ENGINE_PRESENT, ServerProcess } from "./support/server-process.js";

/**
 * Node 22 ran away from launch (V8's optimising tier on the WasmGC module: ~125 MiB/s with no request, 23 GB after
 * 21 minutes) and then ignored stdin EOF and SIGTERM. This idles a real server for 30 s on the Node that runs the
 * test, checks its RSS stays flat, then that stdin EOF and SIGTERM each end it with exit code 0 within 2 s.
 * scripts/test-node-versions.sh runs it on Node 22 and 26 (GROOVYMCP_IDLE_TEST=1); it costs 30 s, so the main
 * suite on 24 skips it.
 */
const ENABLED = process.env["GROOVYMCP_IDLE_TEST"] === "1" && process.platform === "linux" && ENGINE_PRESENT;
const REASON = ENABLED ? "" : " (skipped: set GROOVYMCP_IDLE_TEST=1 on Linux with the engine built; scripts/test-node-versions.sh does)";

function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
  return kb / 1024;
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

async function exitWithin(server: ServerProcess, ms: number): Promise<{ code: number | null; signal: string | null; ms: number }> {
  const start = Date.now();
  const timer = setTimeout(() => server.child.kill("SIGKILL"), ms + 3000);
  const result = await server.exited;
  clearTimeout(timer);
  return { ...result, ms: Date.now() - start };
}

describe.skipIf(!ENABLED)(`idle on Node ${process.versions.node}${REASON}`, () => {
  it("keeps RSS flat for 30 s with the engine loaded, then exits 0 on stdin EOF and on SIGTERM within 2 s", async () => {
    const idle = new ServerProcess();
    const term = new ServerProcess();
    for (const s of [idle, term]) {
      await s.initialize();
      // one real call, so the engine is loaded and has compiled once
      const r = await s.callTool(2, "groovy_diagnostics", { text: "class A { int x }" });
      expect(r.result?.["isError"]).toBeUndefined();
    }
    const pid = idle.child.pid as number;
    const samples: number[] = [];
    for (let t = 0; t <= 30; t += 5) {
      samples.push(rssMiB(pid));
      if (t < 30) await sleep(5000);
    }
    const growth = (samples.at(-1) as number) - (samples[0] as number);
    expect(growth, `RSS samples (MiB, every 5 s): ${samples.map((x) => x.toFixed(0)).join(", ")}`).toBeLessThan(64);

    idle.end();
    const eof = await exitWithin(idle, 2000);
    expect(eof.code, "exit code after stdin EOF").toBe(0);
    expect(eof.ms, "ms to exit after stdin EOF").toBeLessThan(2000);

    term.child.kill("SIGTERM");
    const sig = await exitWithin(term, 2000);
    expect(sig.code, "exit code after SIGTERM").toBe(0);
    expect(sig.ms, "ms to exit after SIGTERM").toBeLessThan(2000);
  }, 60_000);
});

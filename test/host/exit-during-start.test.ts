import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ServerProcess } from "./support/server-process.js";

/**
 * Node can deadlock inside process.exit() while a concurrent Sparkplug or Maglev job waits for a GC
 * (src/process/natural-exit.ts): a server whose stdin closed during its first seconds then never exited (5-6 of 25
 * starts under load before the fix; one CI run lost a test to it). Closes stdin at spread points of the start-up
 * window, when the host's JavaScript is being compiled and the engine is loading, and requires every start to exit
 * 0 within 2 s (a deadlock is SIGKILLed after 10 s). With process.exit it failed under load (one start of 12 SIGKILLed); on a quiet machine the race is
 * rarer. Then SIGTERM during start-up, the same way. Each start also records whether it called process.exit (a
 * preload wraps process.reallyExit): an ordinary shutdown must not, because that is the call that can deadlock.
 * (Until this test recorded it, a SIGTERM'd server went on to process.exit from its own stdin's close.)
 */
const STARTS = 12;

describe("stdin closed during start-up", () => {
  it.each([["stdin closes", (s: ServerProcess) => s.end()], ["SIGTERM comes", (s: ServerProcess) => void s.child.kill("SIGTERM")]])(`when %s: exits 0 within 2 s, without process.exit, in each of ${STARTS} starts`, async (_what, stop) => {
    const outcomes: { said: string; ok: boolean }[] = [];
    const dir = mkdtempSync(join(tmpdir(), "groovymcp-exit-"));
    const record = join(dir, "process-exit.txt");
    const preload = join(import.meta.dirname, "support", "record-process-exit.cjs");
    const env = { ...process.env, NODE_OPTIONS: `--require ${preload}`, GROOVYMCP_TEST_EXIT_RECORD: record };
    for (let i = 0; i < STARTS; i++) {
      const s = new ServerProcess([], { env });
      await s.initialize();
      // from at once to 2.2 s after the handshake: module compile, worker start, engine load, the idle warm-up's start
      await new Promise((r) => setTimeout(r, (i * 2200) / (STARTS - 1)));
      stop(s);
      const started = performance.now();
      const timer = setTimeout(() => s.child.kill("SIGKILL"), 10_000);
      const { code, signal } = await s.exited;
      clearTimeout(timer);
      const ms = Math.round(performance.now() - started);
      outcomes.push({ said: `${code ?? signal} in ${ms} ms`, ok: code === 0 && ms < 2000 });
    }
    // under 2 s: the loop ran empty; a handle left open would have waited for the 3 s fallback exit
    expect(outcomes.filter((o) => !o.ok), outcomes.map((o) => o.said).join("; ")).toEqual([]);
    const exits = existsSync(record) ? readFileSync(record, "utf8").trim().split("\n") : [];
    rmSync(dir, { recursive: true, force: true });
    expect(exits, "starts that ended in process.exit").toEqual([]);
  }, 200_000);
});

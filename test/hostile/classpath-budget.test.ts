import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { jar, zerosCrc, zerosDeflate } from "./support/class-files.js";
import { ENGINE_MISSING, HostileServer, text } from "./support/hostile-server.js";
import { describeWith } from "../support/peers.js";

/**
 * Issue 33: jars each within the per-jar bounds that add up past the engine's heap (33 entries of 8,000,000 bytes,
 * copied under six names and listed twice each). The server loads the first, skips the rest with a warning naming
 * each, and its peak memory stays under its documented bound (docs/architecture.md: 3,372 MB).
 */
const SERVER_RSS_BOUND_MB = 3372;
const dir = mkdtempSync(join(tmpdir(), "hostile-budget-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describeWith(ENGINE_MISSING)("the classpath bound in the server", () => {
  it("skips the jars past the classpath-wide inflated-bytes bound, naming each, and stays under its memory bound", async () => {
    const size = 8_000_000;
    const entry = { deflated: zerosDeflate(size), size, crc: zerosCrc(size) };
    const bytes = jar(Array.from({ length: 33 }, (_, i) => ({ name: `evil/Part${i}.class`, data: entry })));
    const paths = Array.from({ length: 6 }, (_, i) => join(dir, `copy${i}.jar`));
    for (const p of paths) writeFileSync(p, bytes);
    const server = await new HostileServer(["--classpath", [...paths, ...paths].join(delimiter)]).start();
    let peakMb = 0;
    const sampler = setInterval(() => {
      const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${server.child.pid}/status`, "utf8"));
      if (m !== null) peakMb = Math.max(peakMb, Number(m[1]) / 1024);
    }, 50);
    try {
      const answer = await server.tool("groovy_diagnostics", { text: "evil.Part0 p = null\nprintln p\n" });
      expect(answer.isError, text(answer)).toBeUndefined();
      // an answer, not a worker failure (the zero-filled "class files" themselves are not readable classes)
      expect(answer.structuredContent?.["diagnostics"]).toBeDefined();
    } finally {
      clearInterval(sampler);
    }
    expect(await server.finish()).toEqual([]);
    const skipped = server.stderr.split("\n").filter((l) => l.includes("the classpath bound"));
    expect(skipped.map((l) => /classpath jar (\S+) is skipped/.exec(l)?.[1])).toEqual(["copy1.jar", "copy2.jar", "copy3.jar", "copy4.jar", "copy5.jar"]);
    console.log(`server with 12 listings of 6 jars of 252 MiB of classes each: peak RSS ${Math.round(peakMb)} MB`);
    expect(peakMb).toBeLessThan(SERVER_RSS_BOUND_MB);
  }, 240_000);
});

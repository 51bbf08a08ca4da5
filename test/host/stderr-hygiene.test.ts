import { expect, it } from "vitest";
import { ENGINE_MISSING, ServerProcess, toolResult } from "./support/server-process.js";
import { describeWith } from "../support/peers.js";

/**
 * Whatever the engine prints (System.out/err, and java.util.logging records, which TeaVM prints with console.warn
 * in the engine's worker) reaches stderr only as single lines with the groovymcp: prefix: no raw Java stack trace.
 * test/engine/engine.test.ts holds the stricter engine-side repro (these compiles should log nothing at all).
 */
describeWith(ENGINE_MISSING)(`stderr hygiene`, () => {
  it("never prints an unprefixed line or a stack trace, whatever the engine logs", async () => {
    const s = new ServerProcess();
    await s.initialize();
    const repros = [
      "@groovy.transform.CompileStatic class A { int side; int area() { side } }",
      "import groovy.transform.*\n@AnnotationCollector([ToString])\n@interface Coll {}\n",
    ];
    for (const [i, text] of repros.entries()) {
      const r = toolResult(await s.callTool(i + 2, "groovy_diagnostics", { text, uri: `groovy-buffer:r${i}` }));
      expect(r.isError).toBeUndefined();
      expect(r.structuredContent["errorCount"]).toBe(0);
    }
    await s.close();
    const lines = s.stderr.split("\n").filter((l) => l.length > 0);
    expect(lines.filter((l) => !l.startsWith("groovymcp: "))).toEqual([]);
    expect(lines.filter((l) => /\bat .*\(.*\.java:\d+\)|FakeClass/.test(l))).toEqual([]);
  }, 60_000);
});

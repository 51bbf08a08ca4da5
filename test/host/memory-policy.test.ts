import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DeferredGrowthBound, DfaClearCollector, LEAN_MEMORY, memoryPolicy, SPEED_MEMORY, type MemoryPolicy, type WorkerMemorySettings } from "../../src/engine/node/memory-policy.js";
import { engineV8Flags } from "../../src/engine/node/v8-flags.js";
import { WARM_UP_SOURCES } from "../../src/engine/service/warm-up-sources.js";
import { DEFAULT_LIMITS } from "../../src/limits/limits.js";
import { ENGINE_MISSING, PROJECT_ROOT } from "./support/server-process.js";
import { describeWith } from "../support/peers.js";

/** A DfaClearCollector over a scripted engine: `sizes` are the DFA sizes its readings return, in order. */
function collectorFor(settings: WorkerMemorySettings, sizes: number[]): { collector: DfaClearCollector; gcs: () => number; budgets: number[] } {
  let collected = 0;
  const budgets: number[] = [];
  let reading = 0;
  const parserCache = (budget: number): string => {
    if (budget > 0) {
      budgets.push(budget);
      return JSON.stringify({ entries: 0 });
    }
    return JSON.stringify({ entries: sizes[reading++] });
  };
  const collector = new DfaClearCollector(parserCache, () => collected++, settings);
  return { collector, gcs: () => collected, budgets };
}

describe("memory policy: which one applies", () => {
  it("is the front end's default (lean unless given) unless GROOVYMCP_MEMORY says speed (or fast) or lean; verbose is lean, logged", () => {
    expect(memoryPolicy({})).toBe(LEAN_MEMORY);
    expect(memoryPolicy({}, SPEED_MEMORY)).toBe(SPEED_MEMORY);
    for (const other of ["", "1", "small"]) {
      expect(memoryPolicy({ GROOVYMCP_MEMORY: other })).toBe(LEAN_MEMORY);
      expect(memoryPolicy({ GROOVYMCP_MEMORY: other }, SPEED_MEMORY)).toBe(SPEED_MEMORY);
    }
    for (const lean of ["lean", " LEAN "]) expect(memoryPolicy({ GROOVYMCP_MEMORY: lean }, SPEED_MEMORY)).toBe(LEAN_MEMORY);
    for (const speed of ["speed", " Speed ", "fast"]) expect(memoryPolicy({ GROOVYMCP_MEMORY: speed })).toBe(SPEED_MEMORY);
    expect(memoryPolicy({ GROOVYMCP_MEMORY: "verbose" }, SPEED_MEMORY)).toEqual({ ...LEAN_MEMORY, verbose: true });
  });

  it("lean: a 48 MiB young generation, 25% old-generation growth once the heap passes 128 MiB, a 450,000-entry DFA, a GC after a clear; speed: V8's and the engine's defaults", () => {
    expect(LEAN_MEMORY).toEqual({ name: "lean", youngGenerationMb: 48, heapGrowingPercent: 25, heapGrowingFromMb: 128, parserDfaBudget: 450_000, gcAfterDfaClear: true, gcNearDfaBudget: 0.8 });
    expect(SPEED_MEMORY).toEqual({ name: "speed", gcAfterDfaClear: false });
  });

  it("adds --heap-growing-percent at start only for a growth that is not deferred (after Node 22's --liftoff-only), unless the command line gave one", () => {
    const fromStart: MemoryPolicy = { ...LEAN_MEMORY, heapGrowingFromMb: undefined };
    expect(engineV8Flags(24, [], LEAN_MEMORY)).toEqual([]);
    expect(engineV8Flags(22, [], LEAN_MEMORY)).toEqual(["--liftoff-only"]);
    expect(engineV8Flags(24, [], fromStart)).toEqual(["--heap-growing-percent=25"]);
    expect(engineV8Flags(22, [], fromStart)).toEqual(["--liftoff-only", "--heap-growing-percent=25"]);
    expect(engineV8Flags(24, [], SPEED_MEMORY)).toEqual([]);
    expect(engineV8Flags(24, ["--heap-growing-percent=50"], fromStart)).toEqual([]);
    expect(engineV8Flags(26, ["--heap_growing_percent=50"], fromStart)).toEqual([]);
    expect(engineV8Flags(24, [])).toEqual([]);
  });

  it("collects after each clear, and once per fill of the DFA when it passes the near-budget fraction", () => {
    // the engine's parserCache export as the worker sees it: the budget call, then one size reading per call
    const run = (settings: Parameters<typeof collectorFor>[0], sizes: number[]) => {
      const { collector, gcs, budgets } = collectorFor(settings, sizes);
      const afterEach = sizes.map(() => (collector.afterCall(), gcs()));
      // every GC is either after a clear or the once-per-fill one
      return { afterEach, clears: collector.clears(), near: gcs() - collector.clears(), budgets };
    };
    const lean = { name: "lean", parserDfaBudget: 1_000, gcAfterDfaClear: true, gcNearDfaBudget: 0.8 };
    //          sizes:  100  799  800  950  990 | 200 (a clear) 700  810  999 | 50 (a clear) 801
    expect(run(lean, [100, 799, 800, 950, 990, 200, 700, 810, 999, 50, 801])).toEqual({
      afterEach: [0, 0, 1, 1, 1, 2, 2, 3, 3, 4, 5], clears: 2, near: 3, budgets: [1_000],
    });
    // no fraction, or no budget to take it of: only the clears
    expect(run({ ...lean, gcNearDfaBudget: undefined }, [100, 900, 200]).afterEach).toEqual([0, 0, 1]);
    expect(run({ name: "x", gcAfterDfaClear: true, gcNearDfaBudget: 0.8 }, [100, 900_000, 200]).afterEach).toEqual([0, 0, 1]);
    // a fraction outside (0, 1) is none
    expect(run({ ...lean, gcNearDfaBudget: 1 }, [100, 1_000, 200]).near).toBe(0);
  });

  it("defers the growth bound: no flag below the size, the flag once at or past it, never again; nothing without both settings", () => {
    const mib = 2 ** 20;
    const bound = new DeferredGrowthBound({ name: "lean", gcAfterDfaClear: true, heapGrowingPercent: 25, heapGrowingFromMb: 128 });
    const seen = [0, 64 * mib, 128 * mib - 1, 128 * mib, 200 * mib, 300 * mib].map((used) => bound.afterCall(used));
    expect(seen).toEqual([undefined, undefined, undefined, "--heap-growing-percent=25", undefined, undefined]);
    for (const settings of [{ name: "x", gcAfterDfaClear: false }, { name: "x", gcAfterDfaClear: false, heapGrowingPercent: 25 }, { name: "x", gcAfterDfaClear: false, heapGrowingFromMb: 1 }]) {
      expect(new DeferredGrowthBound(settings).afterCall(10_000 * mib)).toBeUndefined();
    }
  });
});

/**
 * The policy in a real engine worker (the built worker host in dist/: a Worker needs compiled JavaScript): the young
 * generation limit reaches the worker's isolate, the DFA budget makes the engine clear its cache, the worker collects
 * after each clear, and no answer changes. A budget of 3,000 entries makes the parser clear every few files.
 */
describeWith(ENGINE_MISSING)(`memory policy in the engine worker`, () => {
  it("applies the young generation limit, clears the DFA at its budget with a GC after each clear, and answers exactly as without it", async () => {
    const { workerSpawn } = (await import(`${PROJECT_ROOT}/dist/engine/node/worker-host.js`)) as typeof import("../../src/engine/node/worker-host.js");
    const { locateEngineFiles } = (await import(`${PROJECT_ROOT}/dist/engine/node/engine-files.js`)) as typeof import("../../src/engine/node/engine-files.js");
    const { RecoveringEngine } = (await import(`${PROJECT_ROOT}/dist/engine/service/index.js`)) as typeof import("../../src/engine/service/index.js");
    const files = locateEngineFiles();
    const start = (memory: MemoryPolicy, logs: string[]): InstanceType<typeof RecoveringEngine> =>
      new RecoveringEngine({ spawn: workerSpawn({ files, classpathJars: [], log: (l) => logs.push(l), memory }) });
    const leanLogs: string[] = [];
    const speedLogs: string[] = [];
    // the growth bound from 1 MiB: the first call passes it, so the worker sets it then (once)
    const lean = start({ ...LEAN_MEMORY, parserDfaBudget: 3_000, heapGrowingFromMb: 1, verbose: true }, leanLogs);
    const speed = start({ ...SPEED_MEMORY, verbose: true }, speedLogs);
    try {
      const sources = [...WARM_UP_SOURCES, readFileSync(join(PROJECT_ROOT, "bench", "inputs", "large-1000.groovy"), "utf8")];
      const inputs = sources.map((text, i) => ({ uri: `file:///memory-policy/S${i}.groovy`, text }));
      for (const { uri, text } of inputs) {
        const answers = [];
        for (const engine of [lean, speed]) {
          await engine.open(uri, text);
          answers.push(await engine.request("diagnostics", { uri }));
          await engine.close(uri);
        }
        expect(answers[0]).toEqual(answers[1]);
      }
      const heapLimit = (logs: string[]): number => Number(/heap limit (\d+) MiB/.exec(logs.find((l) => l.includes("memory: policy")) ?? "")?.[1]);
      expect(leanLogs.find((l) => l.includes("memory: policy"))).toContain("memory: policy lean, parser DFA budget 3000,");
      // resourceLimits: the old generation's limit plus the young generation's; V8's default young generation is larger
      expect(heapLimit(leanLogs)).toBe(DEFAULT_LIMITS.workerHeapMb + 48);
      expect(heapLimit(speedLogs)).toBeGreaterThan(DEFAULT_LIMITS.workerHeapMb + 48);
      const clears = leanLogs.filter((l) => l.includes("the parser's DFA was cleared"));
      expect(clears.length).toBeGreaterThanOrEqual(2);
      for (const line of clears) expect(Number(/cleared at (\d+) entries/.exec(line)?.[1])).toBeGreaterThan(3_000);
      expect(leanLogs.filter((l) => l.includes("memory: --heap-growing-percent=25 from now on (heap past 1 MiB)"))).toHaveLength(1);
      expect(speedLogs.filter((l) => l.includes("heap-growing"))).toEqual([]);
      // the engine's own budget (1,000,000) is never reached by these few files
      expect(speedLogs.filter((l) => l.includes("the parser's DFA was cleared"))).toEqual([]);
    } finally {
      lean.dispose();
      speed.dispose();
    }
  }, 120_000);
});

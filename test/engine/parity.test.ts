import { readdirSync, readFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { locateEngineFiles } from "../../src/engine/node/engine-files.js";
import { loadRawEngine } from "./raw-engine.js";

/**
 * Differential fidelity: the JVM oracle (the same facade on HotSpot with the real Groovy jar) answered a request
 * plan built from the fixture corpus during the engine build; the wasm engine must answer every request with the
 * same bytes.
 */
const oracle = join(locateEngineFiles().directory, "oracle");
const corpus = join(import.meta.dirname, "..", "fixtures", "corpus");

/**
 * The size of the plan RequestPlan.build makes from test/fixtures/corpus (the oracle prints it: "oracle: N sources,
 * 5537 requests"). A shorter plan means a truncated or partial oracle run, so the whole plan is asserted, not a
 * minimum; change this number together with the corpus or the plan builder.
 */
const PLAN_SIZE = 7399;

describe("JVM/wasm parity on the fixture corpus", () => {
  it("answers every request of the oracle's plan byte for byte", async () => {
    expect(existsSync(join(oracle, "plan.jsonl")), "run the engine build first (npm run build:engine)").toBe(true);
    const plan = readFileSync(join(oracle, "plan.jsonl"), "utf8").split("\n").filter((l) => l.length > 0);
    const answers = readFileSync(join(oracle, "answers.jsonl"), "utf8").split("\n").filter((l) => l.length > 0);
    expect(plan.length).toBe(answers.length);
    expect(plan.length, `the oracle's plan has ${plan.length} requests; if the corpus or RequestPlan changed on purpose, set PLAN_SIZE to it`).toBe(PLAN_SIZE);
    // and it covers the whole corpus: every fixture is opened
    const opened = new Set(plan.map((l) => JSON.parse(l) as { op: string; uri?: string }).filter((r) => r.op === "open").map((r) => r.uri));
    for (const file of readdirSync(corpus).filter((f) => f.endsWith(".groovy"))) {
      expect(opened.has(`groovy-buffer:corpus/${file}`), file).toBe(true);
    }
    const engine = await loadRawEngine();
    const mismatches: string[] = [];
    for (let i = 0; i < plan.length; i++) {
      const got = engine.handle(plan[i]!);
      if (got !== answers[i]) {
        const req = JSON.parse(plan[i]!) as { op: string; uri?: string };
        mismatches.push(`${req.op} ${req.uri ?? ""}\n  jvm:  ${answers[i]!.slice(0, 400)}\n  wasm: ${got.slice(0, 400)}`);
      }
    }
    expect(mismatches, mismatches.slice(0, 10).join("\n")).toEqual([]);
  }, 600_000);
});

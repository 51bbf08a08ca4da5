import { readFileSync } from "node:fs";
import { join } from "node:path";
import { locateEngineFiles } from "../../src/engine/node/engine-files.js";

/**
 * The JVM oracle's request plan and its answers, written by the engine build into the engine's `oracle/` folder.
 * Every runtime's parity test (Node 22/24/26 in parity.test.ts, Chromium in test/browser/chromium-parity.test.ts)
 * replays the same plan and checks it against this one constant, so no runtime can pass on a shorter plan.
 */
export const oracleDirectory = join(locateEngineFiles().directory, "oracle");

/**
 * The size of the plan RequestPlan.build makes from test/fixtures/corpus (the oracle prints it: "oracle: N sources,
 * 5537 requests"). A shorter plan means a truncated or partial oracle run, so the whole plan is asserted, not a
 * minimum; change this number together with the corpus or the plan builder.
 */
export const PLAN_SIZE = 8145;

/** One JSON document a line, as the oracle wrote them (a trailing newline makes no empty entry). */
export function readOracleLines(name: "plan.jsonl" | "answers.jsonl"): string[] {
  return readFileSync(join(oracleDirectory, name), "utf8").split("\n").filter((l) => l.length > 0);
}

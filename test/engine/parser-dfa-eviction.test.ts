import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { loadRawEngine, type RawEngine } from "./raw-engine.js";

/**
 * The parser's DFA past its budget keeps its hot part (docs/performance.md "The parser's DFA"): a small budget makes
 * the engine evict many times over the corpus, and every answer stays what an engine that never reaches its budget
 * gives. `DfaEvictionTest` (parser-runtime, JVM) checks what an eviction keeps; this drives the wasm build, where
 * the marks come from the patched `DFAState.getTarget`.
 */
const CORPUS = join(import.meta.dirname, "..", "fixtures", "corpus");
const BUDGET = 40_000;

let small: RawEngine;
let roomy: RawEngine;

const entries = (e: RawEngine): number => (JSON.parse(e.parserCache!(0)) as { entries: number }).entries;

function call(e: RawEngine, request: Record<string, unknown>): string {
  return e.handle(JSON.stringify(request));
}

beforeAll(async () => {
  small = await loadRawEngine();
  roomy = await loadRawEngine();
  small.parserCache!(BUDGET);
}, 120_000);

describe("the parser's DFA past its budget", () => {
  it("evicts, keeps what predictions still reach, and answers as a DFA that never reached its budget", () => {
    const files = readdirSync(CORPUS).filter((f) => f.endsWith(".groovy")).sort();
    expect(files.length).toBeGreaterThan(250);
    const afterDrop: number[] = [];
    let last = entries(small);
    for (let pass = 0; pass < 2; pass++) {
      for (const f of files) {
        const text = readFileSync(join(CORPUS, f), "utf8");
        const uri = `file:///corpus/${f}`;
        const answers = [small, roomy].map((e) => {
          call(e, { op: "open", uri, text });
          const out = [call(e, { op: "diagnostics", uri }), call(e, { op: "ast", uri })];
          call(e, { op: "close", uri });
          return out;
        });
        expect(answers[0], f).toEqual(answers[1]);
        const now = entries(small);
        if (now < last) afterDrop.push(now);
        last = now;
      }
    }
    expect(entries(roomy)).toBeGreaterThan(BUDGET);
    expect(afterDrop.length).toBeGreaterThanOrEqual(2);
    // a clear would start the next file from nothing; an eviction keeps a share of the budget
    expect(Math.min(...afterDrop), `entries after each drop: ${afterDrop.join(", ")}`).toBeGreaterThan(BUDGET / 5);
  }, 600_000);
});

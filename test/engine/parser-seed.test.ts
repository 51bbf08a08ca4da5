import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { loadRawEngine, type RawEngine } from "./raw-engine.js";

/**
 * The parser's DFA seed (docs/engine.md "The parser's DFA, seeded"): the module starts its parser from the states the
 * build trained, and a seeded parser gives the same answers as an empty one. The build proves each seeded state
 * against ANTLR's simulator on the JVM (parser-seed's ParserSeedTest and the writer's own check); this test drives
 * the wasm reader, and the parity plan runs every request on the seeded engine against the JVM facade.
 */
const CORPUS = join(import.meta.dirname, "..", "fixtures", "corpus");

let seeded: RawEngine;
let empty: RawEngine;
let late: RawEngine;

const entries = (e: RawEngine): number => (JSON.parse(e.parserCache!(0)) as { entries: number }).entries;

function call(e: RawEngine, request: Record<string, unknown>): string {
  return e.handle(JSON.stringify(request));
}

beforeAll(async () => {
  seeded = await loadRawEngine();
  empty = await loadRawEngine({ parserSeed: false });
  late = await loadRawEngine({ parserSeed: false });
}, 120_000);

describe("the parser's DFA seed", () => {
  it("is in the module's parser before the first parse, and fills only empty decisions", () => {
    // an empty DFA holds nothing; the seed of the build holds about a thousand states and their contexts
    expect(entries(empty)).toBe(0);
    expect(entries(seeded)).toBeGreaterThan(5_000);
    const again = JSON.parse(seeded.seedParser!()) as { decisions: number; states: number };
    expect(again).toEqual({ decisions: 0, states: 0 });
    // the loader's switch off, then the export called by hand: the same seed, counted
    expect(entries(late)).toBe(0);
    const filled = JSON.parse(late.seedParser!()) as { decisions: number; states: number };
    expect(filled.decisions).toBeGreaterThan(100);
    expect(filled.states).toBeGreaterThan(500);
    expect(entries(late)).toBe(entries(seeded));
  });

  it("gives the same diagnostics, symbols and AST as an empty parser on every corpus file", () => {
    const files = readdirSync(CORPUS).filter((f) => f.endsWith(".groovy")).sort();
    expect(files.length).toBeGreaterThan(250);
    let differing = 0;
    for (const f of files) {
      const text = readFileSync(join(CORPUS, f), "utf8");
      const uri = `file:///corpus/${f}`;
      const answers = [seeded, empty].map((e) => {
        call(e, { op: "open", uri, text });
        const out = [call(e, { op: "diagnostics", uri }), call(e, { op: "symbols", uri }), call(e, { op: "ast", uri })];
        call(e, { op: "close", uri });
        return out;
      });
      if (JSON.stringify(answers[0]) !== JSON.stringify(answers[1])) differing++;
      expect(answers[0], f).toEqual(answers[1]);
    }
    expect(differing).toBe(0);
  }, 300_000);
});

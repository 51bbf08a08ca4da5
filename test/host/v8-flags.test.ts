import { describe, expect, it } from "vitest";
import { engineV8Flags } from "../../src/engine/node/v8-flags.js";

// Which V8 flags the host adds for the engine (why: src/engine/node/v8-flags.ts, docs/engine-performance.md).
describe("engineV8Flags", () => {
  it.each([
    [22, [], ["--liftoff-only"]],
    [22, ["--wasm-tiering-budget=180000"], []],
    [22, ["--liftoff-only"], []],
    [22, ["--max-old-space-size=4096"], ["--liftoff-only"]],
    [24, [], []],
    [24, ["--wasm-tiering-budget=180000"], []],
    [26, [], []],
  ] as const)("Node %i with %j adds %j", (major, execArgv, expected) => {
    expect(engineV8Flags(major, execArgv)).toEqual(expected);
  });
});

import { describe, expect, it } from "vitest";
import { engineV8Flags, node22RelaunchArgs } from "../../src/engine/node/v8-flags.js";

// Which V8 flags the host adds for the engine (why: src/engine/node/v8-flags.ts, docs/performance.md, "Start-up").
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

// Whether src/cli.ts re-execs itself with the faster Node 22 tier (docs/performance.md, "Start-up").
describe("node22RelaunchArgs", () => {
  const argv = ["/usr/bin/node", "/x/dist/cli.js", "lint", "src"];
  const on = { optIn: true };
  it.each([
    ["22.23.3", [], on, ["--wasm-tiering-budget=180000", "/x/dist/cli.js", "lint", "src"]],
    ["22.19.0", ["--max-old-space-size=4096"], on, ["--max-old-space-size=4096", "--wasm-tiering-budget=180000", "/x/dist/cli.js", "lint", "src"]],
    ["22.23.3", [], {}, null],
    ["22.23.3", ["--wasm-tiering-budget=180000"], on, null],
    ["22.23.3", ["--wasm-tiering-budget=90000"], on, null],
    ["22.23.3", ["--liftoff-only"], on, null],
    ["22.23.3", [], { optIn: true, relaunched: true }, null],
    ["24.11.0", [], on, null],
    ["26.0.0", [], on, null],
  ] as const)("Node %s with %j and %j -> %j", (version, execArgv, options, expected) => {
    expect(node22RelaunchArgs(version, execArgv, argv, options)).toEqual(expected);
  });
  it("keeps an argument-less invocation (the MCP server) argument-less", () => {
    expect(node22RelaunchArgs("22.23.3", [], ["/usr/bin/node", "/x/dist/cli.js"], on)).toEqual(["--wasm-tiering-budget=180000", "/x/dist/cli.js"]);
  });
});

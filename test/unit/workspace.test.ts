import { describe, expect, it } from "vitest";
import { EngineArgumentError, EngineStateError } from "../../src/engine/core/index.js";
import { RecoveringEngine } from "../../src/engine/service/index.js";
import { OPERATIONS, Workspace } from "../../src/workspace/index.js";
import { FakeEngines } from "./fake-engine.js";

function workspace(maxOpenBuffers = 3): { ws: Workspace; fake: FakeEngines } {
  const fake = new FakeEngines();
  const engine = new RecoveringEngine({ spawn: fake.spawn });
  return { ws: new Workspace({ engine, maxOpenBuffers, maxSourceChars: 100 }), fake };
}

const lastCall = (fake: FakeEngines) => fake.calls.at(-1);

describe("Workspace", () => {
  it("opens text, runs the op on it and returns the typed result", async () => {
    const { ws, fake } = workspace();
    const result = await ws.run("diagnostics", { text: "class A ERR", uri: "groovy-buffer:a" });
    expect(result.errorCount).toBe(1);
    expect(result.uri).toBe("groovy-buffer:a");
    expect(fake.calls.map((c) => c.op)).toEqual(["open", "diagnostics"]);
    expect(ws.isOpen("groovy-buffer:a")).toBe(true);
  });

  it("gives the same state error for every op on a buffer that is not open, diagnostics included", async () => {
    const { ws, fake } = workspace();
    for (const [op, extra] of [["diagnostics", {}], ["describe", { line: 0, character: 0 }], ["tokens", {}], ["format", {}]] as const) {
      const error = await ws.run(op, { uri: "groovy-buffer:never", ...extra } as never).catch((e: unknown) => e);
      expect(error, op).toBeInstanceOf(EngineStateError);
      expect((error as Error).message, op).toBe('no buffer "groovy-buffer:never" is open; pass its text first');
    }
    expect(fake.calls).toEqual([]);
  });

  it("enforces the buffer cap, but replacing an open buffer is always allowed", async () => {
    const { ws } = workspace(2);
    await ws.open("groovy-buffer:a", "1");
    await ws.open("groovy-buffer:b", "2");
    await expect(ws.open("groovy-buffer:c", "3")).rejects.toThrow(/too many open buffers \(the limit is 2\); close one first/);
    await ws.open("groovy-buffer:a", "1 again");
    expect(await ws.close("groovy-buffer:a")).toBe(true);
    expect(await ws.close("groovy-buffer:a")).toBe(false);
    await ws.open("groovy-buffer:c", "3");
    expect(ws.openUris()).toEqual(["groovy-buffer:b", "groovy-buffer:c"]);
  });

  it("clamps positions, fills in the table's defaults, and refuses out-of-range arguments", async () => {
    const { ws, fake } = workspace();
    await ws.run("references", { text: "x", line: -5, character: 1e12 });
    expect(lastCall(fake)?.params).toEqual({ uri: "groovy-buffer:snippet", line: 0, character: 2_147_483_647, maxResults: 500 });
    await ws.run("format", { uri: "groovy-buffer:snippet" });
    expect(lastCall(fake)?.params).toEqual({ uri: "groovy-buffer:snippet", tabSize: 4, insertSpaces: true });
    await expect(ws.run("format", { uri: "groovy-buffer:snippet", tabSize: 17 })).rejects.toThrow(/tabSize must be between 1 and 16/);
    await expect(ws.run("references", { uri: "groovy-buffer:snippet", line: 0, character: 0, maxResults: 0 })).rejects.toBeInstanceOf(EngineArgumentError);
    await ws.run("tokens", { uri: "groovy-buffer:snippet", startLine: 1000, endLine: 1999 });
    expect(lastCall(fake)?.params).toEqual({ uri: "groovy-buffer:snippet", startLine: 1000, endLine: 1999 });
  });

  it("searches symbols by query without a source, and refuses neither", async () => {
    const { ws, fake } = workspace();
    await ws.run("symbols", { query: "ASF" });
    expect(lastCall(fake)?.params).toEqual({ query: "ASF", maxResults: 200 });
    await expect(ws.run("symbols", {})).rejects.toThrow(/or a query/);
  });

  it("runs lint on open buffers only", async () => {
    const { ws, fake } = workspace();
    await ws.open("file:///p/A.groovy", "class A {}");
    await ws.run("lint", {});
    expect(lastCall(fake)?.op).toBe("lint");
    await ws.run("lint", { uris: ["file:///p/A.groovy"] });
    expect(lastCall(fake)?.params).toEqual({ uris: ["file:///p/A.groovy"] });
    await expect(ws.run("lint", { uris: ["file:///p/B.groovy"] })).rejects.toBeInstanceOf(EngineStateError);
    await ws.run("lint", { kinds: { "file:///p/A.groovy": "jenkins" } });
    expect(lastCall(fake)?.params).toEqual({ kinds: { "file:///p/A.groovy": "jenkins" } });
    await expect(ws.run("lint", { kinds: { "file:///p/A.groovy": "maven" } as never })).rejects.toThrow(/one of class, script, jenkins, gradle/);
  });

  it("refuses files without a reader, and URIs of other schemes", async () => {
    const { ws } = workspace();
    await expect(ws.run("diagnostics", { path: "A.groovy" })).rejects.toThrow(/cannot read files/);
    await expect(ws.open("http://x/A.groovy", "x")).rejects.toBeInstanceOf(EngineArgumentError);
    await expect(ws.open("groovy-buffer:a", "x".repeat(101))).rejects.toThrow(/source limit of 100 characters/);
  });

  it("has an operation table entry for every op the engine contract names, lint included", () => {
    expect(Object.keys(OPERATIONS).sort()).toEqual(
      ["ast", "complete", "defaultImports", "definition", "describe", "diagnostics", "format", "implementations", "info", "keywords", "lint", "organizeImports", "references", "rename", "signatures", "symbols", "tokens"],
    );
  });
});

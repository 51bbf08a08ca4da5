import { describe, expect, it } from "vitest";
import { ContainedEngine } from "../../src/engine/service/contained-engine.js";
import { EngineArgumentError, EngineStateError, EngineTimeoutError } from "../../src/engine/core/index.js";
import { RecoveringEngine } from "../../src/engine/service/index.js";
import { FakeEngines } from "./fake-engine.js";

/** Crash containment and the buffer budget over the real recovering engine and a fake spawn (no process). */
describe("ContainedEngine", () => {
  it("sets aside a buffer that trapped: named tool errors until replaced or closed, the others keep working", async () => {
    const fake = new FakeEngines();
    const lines: string[] = [];
    const engine = new ContainedEngine(new RecoveringEngine({ spawn: fake.spawn }), { log: (l) => lines.push(l) });
    await engine.open("groovy-buffer:ok", "fine");
    await engine.open("groovy-buffer:bad", "poison");
    fake.trapNext = true;
    const crash = await engine.request("diagnostics", { uri: "groovy-buffer:bad" }).catch((e: unknown) => e);
    expect(crash).toBeInstanceOf(EngineStateError);
    expect(String(crash)).toMatch(/buffer "groovy-buffer:bad" was set aside: the engine crashed on it/);
    // not re-opened into the fresh instance
    expect(fake.calls.filter((c) => c.instance === 2 && c.op === "open").map((c) => c.params["uri"])).toEqual(["groovy-buffer:ok"]);
    expect(engine.isOpen("groovy-buffer:bad")).toBe(true);
    await expect(engine.request("symbols", { uri: "groovy-buffer:bad" })).rejects.toThrow(/groovy-buffer:bad" is set aside: the engine crashed/);
    expect((await engine.request("diagnostics", { uri: "groovy-buffer:ok" }))["errorCount"]).toBe(0);
    // replacing it recovers it
    await engine.open("groovy-buffer:bad", "now fine");
    expect((await engine.request("diagnostics", { uri: "groovy-buffer:bad" }))["errorCount"]).toBe(0);
    // closing a set-aside buffer needs no engine
    fake.trapNext = true;
    await engine.request("diagnostics", { uri: "groovy-buffer:bad" }).catch(() => undefined);
    expect(await engine.close("groovy-buffer:bad")).toBe(true);
    expect(engine.isOpen("groovy-buffer:bad")).toBe(false);
    expect(lines.length).toBe(2);
  });

  it("keeps the watchdog's timeout error and sets the buffer aside", async () => {
    const fake = new FakeEngines();
    const engine = new ContainedEngine(new RecoveringEngine({ spawn: fake.spawn, callTimeoutMs: 50 }));
    await engine.open("groovy-buffer:slow", "x");
    fake.hangNext = true;
    await expect(engine.request("diagnostics", { uri: "groovy-buffer:slow" })).rejects.toBeInstanceOf(EngineTimeoutError);
    await expect(engine.request("diagnostics", { uri: "groovy-buffer:slow" })).rejects.toThrow(/set aside: it ran past the call time limit of 50 ms/);
  });

  it("refuses an open past the total budget, counting replacements and closes", async () => {
    const fake = new FakeEngines();
    const engine = new ContainedEngine(new RecoveringEngine({ spawn: fake.spawn }), { maxTotalChars: 10 });
    await engine.open("groovy-buffer:a", "12345");
    await engine.open("groovy-buffer:b", "12345");
    await expect(engine.open("groovy-buffer:c", "1")).rejects.toBeInstanceOf(EngineArgumentError);
    await expect(engine.open("groovy-buffer:c", "1")).rejects.toThrow(/total budget of 10 characters \(10 are open\); close a buffer/);
    await engine.open("groovy-buffer:a", "1234"); // a replacement counts once
    await engine.open("groovy-buffer:c", "1");
    expect(engine.totalChars()).toBe(10);
    await engine.close("groovy-buffer:b");
    expect(engine.totalChars()).toBe(5);
  });

  it("speaks the words of its front end when given them (lint, the playground), the server's by default", async () => {
    const fake = new FakeEngines();
    const words = { limitOwner: "groovymcp lint", diagnosticsHint: "its diagnostics report it", closeHint: "close its tab", replaceHint: "edit it", budgetHint: "close a tab first" };
    const engine = new ContainedEngine(new RecoveringEngine({ spawn: fake.spawn }), { maxTotalChars: 40, maxNestingDepth: 3, words });
    await engine.open("groovy-buffer:deep", "{{{{}}}}");
    const diagnostics = await engine.request("diagnostics", { uri: "groovy-buffer:deep" });
    expect(JSON.stringify(diagnostics)).toContain("brackets nest 4 levels deep here, past the 3 levels groovymcp lint compiles");
    await expect(engine.request("symbols", { uri: "groovy-buffer:deep" })).rejects.toThrow(/; its diagnostics report it$/);
    await expect(engine.open("groovy-buffer:big", "x".repeat(39))).rejects.toThrow(/are open\); close a tab first$/);
    await engine.open("groovy-buffer:bad", "poison");
    fake.trapNext = true;
    await expect(engine.request("diagnostics", { uri: "groovy-buffer:bad" })).rejects.toThrow(/The other buffers keep working; edit it or close its tab$/);
    const server = new ContainedEngine(new RecoveringEngine({ spawn: new FakeEngines().spawn }), { maxNestingDepth: 3 });
    await server.open("groovy-buffer:deep", "{{{{}}}}");
    expect(JSON.stringify(await server.request("diagnostics", { uri: "groovy-buffer:deep" }))).toContain("past the 3 levels this server compiles");
    await expect(server.request("symbols", { uri: "groovy-buffer:deep" })).rejects.toThrow(/; groovy_diagnostics reports it$/);
  });
});

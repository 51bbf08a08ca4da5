import { describe, expect, it } from "vitest";
import {
  EngineInternalError, EngineTimeoutError, EngineUnavailableError,
} from "../../src/engine/core/index.js";
import { RecoveringEngine } from "../../src/engine/service/index.js";
import { FakeEngines } from "./fake-engine.js";

describe("RecoveringEngine with a fake spawn", () => {
  it("spawns once, keeps the buffer map and runs calls in order", async () => {
    const fake = new FakeEngines();
    const engine = new RecoveringEngine({ spawn: fake.spawn });
    await Promise.all([engine.open("groovy-buffer:a", "x"), engine.open("groovy-buffer:b", "y"), engine.request("info", {})]);
    expect(fake.spawned).toBe(1);
    expect(fake.calls.map((c) => c.op)).toEqual(["open", "open", "info"]);
    expect(engine.openUris()).toEqual(["groovy-buffer:a", "groovy-buffer:b"]);
    expect(await engine.close("groovy-buffer:a")).toBe(true);
    expect(engine.isOpen("groovy-buffer:a")).toBe(false);
    expect(engine.openCount()).toBe(1);
  });

  it("fails the call that trapped, then answers the next on a fresh instance with every other buffer re-opened", async () => {
    const fake = new FakeEngines();
    const logs: string[] = [];
    const engine = new RecoveringEngine({ spawn: fake.spawn, log: (l) => logs.push(l) });
    await engine.open("groovy-buffer:a", "one");
    await engine.open("groovy-buffer:b", "two ERR");
    fake.trapNext = true;
    await expect(engine.request("diagnostics", { uri: "groovy-buffer:b" })).rejects.toBeInstanceOf(EngineInternalError);
    expect(fake.disposed).toEqual([1]);
    // issue 13: the trapping buffer is not re-opened into the fresh instance; the others are
    expect(engine.isOpen("groovy-buffer:b")).toBe(false);
    expect(engine.isOpen("groovy-buffer:a")).toBe(true);
    const after = await engine.request("diagnostics", { uri: "groovy-buffer:a" });
    expect(after["errorCount"]).toBe(0);
    expect(fake.spawned).toBe(2);
    const reopened = fake.calls.filter((c) => c.instance === 2 && c.op === "open").map((c) => [c.params["uri"], c.params["text"]]);
    expect(reopened).toEqual([["groovy-buffer:a", "one"]]);
    expect(logs.some((l) => l.includes("restarting the engine"))).toBe(true);
  });

  it("a shutdown during a start aborts that start at once, and a start that came up meanwhile is ended", async () => {
    const signals: AbortSignal[] = [];
    // a spawn that is still loading until it is aborted (as the worker host's is)
    const loading = new RecoveringEngine({
      spawn: (signal) =>
        new Promise((_, reject) => {
          if (signal !== undefined) signals.push(signal);
          signal?.addEventListener("abort", () => reject(new EngineInternalError("the engine worker ended (stopped while it was starting)", { instanceLost: true })));
        }),
    });
    loading.start();
    const ready = loading.ready();
    loading.shutdown();
    expect(signals).toHaveLength(1);
    expect(signals[0]?.aborted).toBe(true);
    await expect(ready).rejects.toBeInstanceOf(EngineInternalError);
    await expect(loading.request("info", {})).rejects.toBeInstanceOf(EngineUnavailableError);

    // a spawn that cannot stop early comes up after the shutdown, while its buffers are re-opened: it is disposed once
    const fake = new FakeEngines();
    const engine = new RecoveringEngine({ spawn: fake.spawn });
    await engine.open("groovy-buffer:a", "one");
    engine.dispose();
    engine.start();
    const second = engine.ready();
    engine.shutdown();
    await expect(second).rejects.toThrow("the engine instance was ended while it was starting");
    expect(fake.spawned).toBe(2);
    expect(fake.disposed).toEqual([1, 2]);
    // nothing was re-opened into the instance that was ended
    expect(fake.calls.filter((c) => c.instance === 2)).toEqual([]);
  });

  it("after shutdown spawns nothing more: a call that loses its instance starts no replacement, later calls fail", async () => {
    const fake = new FakeEngines();
    // the shutdown lands while a call is failing: the engine logs the loss just before it would start a replacement
    const engine: RecoveringEngine = new RecoveringEngine({ spawn: fake.spawn, log: () => engine.shutdown() });
    await engine.open("groovy-buffer:a", "one");
    expect(fake.spawned).toBe(1);
    fake.trapNext = true;
    await expect(engine.request("diagnostics", { uri: "groovy-buffer:a" })).rejects.toBeInstanceOf(EngineInternalError);
    await expect(engine.request("diagnostics", { uri: "groovy-buffer:a" })).rejects.toBeInstanceOf(EngineUnavailableError);
    await expect(engine.ready()).rejects.toThrow(/shut down/);
    engine.start();
    await new Promise((r) => setTimeout(r, 10));
    expect(fake.spawned).toBe(1);
  });

  it("re-opens the buffers of a fresh instance in the engine's own order: a replaced buffer keeps its place", async () => {
    const fake = new FakeEngines();
    const engine = new RecoveringEngine({ spawn: fake.spawn });
    await engine.open("groovy-buffer:a", "one");
    await engine.open("groovy-buffer:b", "two");
    await engine.open("groovy-buffer:c", "three");
    await engine.open("groovy-buffer:a", "one, edited");
    expect(engine.openUris()).toEqual(["groovy-buffer:a", "groovy-buffer:b", "groovy-buffer:c"]);
    fake.trapNext = true;
    await expect(engine.request("diagnostics", { uri: "groovy-buffer:c" })).rejects.toBeInstanceOf(EngineInternalError);
    await engine.request("diagnostics", { uri: "groovy-buffer:b" });
    const reopened = fake.calls.filter((c) => c.instance === 2 && c.op === "open").map((c) => [c.params["uri"], c.params["text"]]);
    expect(reopened).toEqual([["groovy-buffer:a", "one, edited"], ["groovy-buffer:b", "two"]]);
  });

  it("stops a call past the time limit with a timeout error naming the limit, and recovers", async () => {
    const fake = new FakeEngines();
    const engine = new RecoveringEngine({ spawn: fake.spawn, callTimeoutMs: 50 });
    await engine.open("groovy-buffer:b", "other");
    await engine.open("groovy-buffer:a", "text");
    fake.hangNext = true;
    const started = Date.now();
    const error = await engine.request("diagnostics", { uri: "groovy-buffer:a" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineTimeoutError);
    expect((error as EngineTimeoutError).message).toMatch(/call time limit of 50 ms/);
    expect((error as EngineTimeoutError).limitMs).toBe(50);
    expect(Date.now() - started).toBeLessThan(2000);
    expect((error as EngineTimeoutError).message).toMatch(/its buffer "groovy-buffer:a" was closed/);
    expect(fake.disposed).toEqual([1]);
    expect(engine.isOpen("groovy-buffer:a")).toBe(false);
    expect(engine.isOpen("groovy-buffer:b")).toBe(true);
    const next = await engine.request("diagnostics", { uri: "groovy-buffer:b" });
    expect(next["uri"]).toBe("groovy-buffer:b");
    expect(fake.spawned).toBe(2);
    expect(fake.calls.filter((c) => c.instance === 2 && c.op === "open").map((c) => c.params["uri"])).toEqual(["groovy-buffer:b"]);
  });

  it("reports an unavailable engine on every call without spawning again and again", async () => {
    const fake = new FakeEngines();
    fake.failSpawn = new EngineUnavailableError("the engine's WebAssembly files are missing");
    const engine = new RecoveringEngine({ spawn: fake.spawn });
    await expect(engine.request("info", {})).rejects.toBeInstanceOf(EngineUnavailableError);
    await expect(engine.request("info", {})).rejects.toThrow(/files are missing/);
    expect(fake.attempts).toBe(1);
  });

  it("keeps a caller mistake a caller mistake without restarting", async () => {
    const fake = new FakeEngines();
    const engine = new RecoveringEngine({ spawn: fake.spawn });
    await expect(engine.request("diagnostics", { uri: "groovy-buffer:none" })).rejects.toMatchObject({ kind: "state" });
    expect(fake.spawned).toBe(1);
    expect(fake.disposed).toEqual([]);
  });

  it("configures every new instance before re-opening its buffers, and tolerates an engine without configure", async () => {
    const fake = new FakeEngines();
    const logs: string[] = [];
    const engine = new RecoveringEngine({ spawn: fake.spawn, settings: { maxOpenBuffers: 7 }, log: (l) => logs.push(l) });
    await engine.open("groovy-buffer:a", "x");
    fake.trapNext = true;
    await engine.request("info", {}).catch(() => undefined);
    await engine.request("info", {});
    const second = fake.calls.filter((c) => c.instance === 2).map((c) => c.op);
    expect(second).toEqual(["configure", "open", "info"]);
    expect(fake.calls.find((c) => c.op === "configure")?.params).toEqual({ maxOpenBuffers: 7 });
    expect(logs.filter((l) => l.includes("settings"))).toEqual([]);

    const old = new FakeEngines();
    old.withoutConfigure = true;
    const quiet: string[] = [];
    const legacy = new RecoveringEngine({ spawn: old.spawn, settings: { maxOpenBuffers: 7 }, log: (l) => quiet.push(l) });
    expect((await legacy.request("info", {}))["op"]).toBe("info");
    expect(quiet).toEqual([]);
  });

  it("gives every new instance the project model it held, merged as the engine merges it, before the buffers", async () => {
    const fake = new FakeEngines();
    const engine = new RecoveringEngine({ spawn: fake.spawn, settings: { maxOpenBuffers: 7 } });
    await engine.open("groovy-buffer:a", "x");
    await engine.request("projectDeclarations", { files: [{ uri: "file:///p/A.groovy", v: 1 }, { uri: "file:///p/B.groovy" }] });
    await engine.request("projectDeclarations", { mode: "add", files: [{ uri: "file:///p/A.groovy", v: 2 }, { uri: "file:///p/C.java" }] });
    fake.trapNext = true;
    await engine.request("info", {}).catch(() => undefined);
    await engine.request("info", {});
    const second = fake.calls.filter((c) => c.instance === 2);
    expect(second.map((c) => c.op)).toEqual(["configure", "projectDeclarations", "open", "info"]);
    expect(second[1]!.params).toEqual({ files: [{ uri: "file:///p/A.groovy", v: 2 }, { uri: "file:///p/B.groovy" }, { uri: "file:///p/C.java" }] });

    // replaced by an empty model: a later instance gets none
    await engine.request("projectDeclarations", { files: [] });
    fake.trapNext = true;
    await engine.request("info", {}).catch(() => undefined);
    await engine.request("info", {});
    expect(fake.calls.filter((c) => c.instance === 3).map((c) => c.op)).toEqual(["configure", "open", "info"]);
  });
});

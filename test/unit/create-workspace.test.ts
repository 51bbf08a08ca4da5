import { describe, expect, it } from "vitest";
import { EngineStateError, EngineTimeoutError } from "../../src/engine/core/errors.js";
import { DEFAULT_LIMITS, type Limits } from "../../src/limits/limits.js";
import { createWorkspace, type WorkspaceProfile } from "../../src/workspace/index.js";
import { FakeEngines } from "./fake-engine.js";

/** createWorkspace's composition over a fake spawn (no wasm, no process): what each profile's stack does. */
function stack(profile: WorkspaceProfile, limits: Partial<Limits> = {}) {
  const fake = new FakeEngines();
  const logs: string[] = [];
  const workspace = createWorkspace({ profile, spawn: fake.spawn, limits: { ...DEFAULT_LIMITS, ...limits }, log: (l) => logs.push(l) });
  return { fake, workspace, logs };
}

describe("createWorkspace", () => {
  it("tells every instance the buffer cap and reports what it took", async () => {
    const { fake, workspace } = stack("lint", { maxOpenBuffers: 256 });
    await workspace.ready();
    expect(fake.calls[0]).toMatchObject({ op: "configure", params: { maxOpenBuffers: 256 } });
    expect(workspace.acceptedSettings()).toEqual({ maxOpenBuffers: 256 });
    const old = stack("lint");
    old.fake.withoutConfigure = true;
    await old.workspace.ready();
    expect(old.workspace.acceptedSettings()).toBeUndefined();
  });

  it("keeps a buffer nested past the depth limit out of the compiler, and says so", async () => {
    const { fake, workspace } = stack("page", { maxNestingDepth: 3 });
    await workspace.open("groovy-buffer:deep", "f((((1))))");
    await workspace.open("groovy-buffer:flat", "f(1)");
    expect(workspace.keptOut("groovy-buffer:deep")).toMatchObject({ reason: "too-deep", message: expect.stringMatching(/past the 3 levels the playground compiles/) });
    expect(workspace.keptOut("groovy-buffer:flat")).toBeUndefined();
    expect(fake.calls.filter((c) => c.op === "open").map((c) => c.params["uri"])).toEqual(["groovy-buffer:flat"]);
    const answer = await workspace.run("diagnostics", { uri: "groovy-buffer:deep" });
    expect(answer.errorCount).toBe(1);
    await workspace.open("groovy-buffer:deep", "f(1)");
    expect(workspace.keptOut("groovy-buffer:deep")).toBeUndefined();
  });

  it("keeps a buffer whose call timed out out of the compiler until it is replaced", async () => {
    const { fake, workspace } = stack("page", { callTimeoutMs: 50 });
    await workspace.open("groovy-buffer:slow", "x");
    fake.hangNext = true;
    await expect(workspace.run("diagnostics", { uri: "groovy-buffer:slow" })).rejects.toBeInstanceOf(EngineTimeoutError);
    expect(workspace.keptOut("groovy-buffer:slow")?.reason).toBe("timed-out");
    await expect(workspace.run("diagnostics", { uri: "groovy-buffer:slow" })).rejects.toBeInstanceOf(EngineStateError);
    await workspace.open("groovy-buffer:slow", "y");
    expect(workspace.keptOut("groovy-buffer:slow")).toBeUndefined();
    expect((await workspace.run("diagnostics", { uri: "groovy-buffer:slow" })).errorCount).toBe(0);
  });

  it("holds the server's buffers to the total budget, and lint's to none", async () => {
    const server = stack("server", { maxTotalBufferChars: 10 });
    await server.workspace.open("groovy-buffer:a", "x".repeat(8));
    await expect(server.workspace.open("groovy-buffer:b", "x".repeat(8))).rejects.toThrow(/total budget of 10 characters/);
    const lint = stack("lint", { maxTotalBufferChars: 10 });
    await lint.workspace.open("file:///p/A.groovy", "x".repeat(8));
    await lint.workspace.open("file:///p/B.groovy", "x".repeat(8));
    expect(lint.workspace.openCount()).toBe(2);
  });

  it("lets lint name its open file: buffers without a reader, and never re-reads them", async () => {
    const { fake, workspace } = stack("lint");
    await workspace.open("file:///p/A.groovy", "class A ERR");
    expect((await workspace.run("diagnostics", { uri: "file:///p/A.groovy" })).errorCount).toBe(1);
    expect(fake.calls.filter((c) => c.op === "open")).toHaveLength(1);
    await expect(workspace.run("diagnostics", { uri: "file:///p/B.groovy" })).rejects.toBeInstanceOf(EngineStateError);
    const server = stack("server");
    await server.workspace.open("file:///p/A.groovy", "class A");
    await expect(server.workspace.run("diagnostics", { uri: "file:///p/A.groovy" })).rejects.toThrow(/started without --root/);
  });

  it("checks arguments once: the server's were checked by the tool's schema, the others' by the table", async () => {
    const server = stack("server");
    await server.workspace.run("references", { text: "x", line: -5, character: 1e12 });
    expect(server.fake.calls.at(-1)?.params).toEqual({ uri: "groovy-buffer:snippet", line: 0, character: 2_147_483_647, maxResults: 500 });
    // a value the schema refuses is not checked again (the server never passes one)
    await server.workspace.run("format", { uri: "groovy-buffer:snippet", tabSize: 17 });
    expect(server.fake.calls.at(-1)?.params).toMatchObject({ tabSize: 17 });
    const page = stack("page");
    await page.workspace.open("groovy-buffer:snippet", "x");
    await expect(page.workspace.run("format", { uri: "groovy-buffer:snippet", tabSize: 17 })).rejects.toThrow(/tabSize must be between 1 and 16/);
  });

  it("blames the buffer whose compile runs away when a workspace-wide query times out, never a bystander", async () => {
    const { fake, workspace } = stack("server", { callTimeoutMs: 50 });
    await workspace.open("groovy-buffer:bystander", "class B {}");
    await workspace.open("groovy-buffer:slow", "def s = 1");
    fake.runaway = "groovy-buffer:slow";
    const error = await workspace.run("symbols", { query: "B" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineTimeoutError);
    expect((error as Error).message).toMatch(/buffer "groovy-buffer:slow" was set aside: it ran past the call time limit/);
    expect(workspace.keptOut("groovy-buffer:slow")?.reason).toBe("timed-out");
    expect(workspace.keptOut("groovy-buffer:bystander")).toBeUndefined();
    expect((await workspace.run("diagnostics", { uri: "groovy-buffer:bystander" })).errorCount).toBe(0);
    await workspace.run("symbols", { query: "B" });
    // the page names a buffer in every call: there the call's own buffer is the one set aside
    const page = stack("page", { callTimeoutMs: 50 });
    await page.workspace.open("groovy-buffer:a", "x");
    page.fake.runaway = "groovy-buffer:a";
    await expect(page.workspace.run("symbols", { query: "A" })).rejects.toBeInstanceOf(EngineTimeoutError);
    expect(page.workspace.keptOut("groovy-buffer:a")).toBeUndefined();
  });
});

import { readFile, writeFile, mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { describe, expect, it } from "vitest";
import { isTeaVmRuntime, loadEngine } from "../../src/engine/core/index.js";
import { locateEngineFiles } from "../../src/engine/node/engine-files.js";
import { readEngineImage } from "../../src/engine/node/engine-image.js";
import { compileEngineModule, modulePortFor } from "../../src/engine/node/module-precompile.js";
import { applyEngineV8Flags } from "../../src/engine/node/v8-flags.js";

/**
 * The host thread compiles the module and posts it to the engine's worker (src/engine/node/module-precompile.ts);
 * the build edits TeaVM's runtime so that `load` takes a compiled module and probes the js-string builtins without a
 * Response (engine-wasm/wasm/pom.xml). These run the real module.
 */
describe("the module compiled on the host thread", () => {
  const files = locateEngineFiles();
  // as the spawn factory does before it compiles: on Node 22 that is --liftoff-only, without which V8 12.4's
  // tier-up can run away while a second thread instantiates the same module (a CI run hung here once on 22)
  applyEngineV8Flags();

  it("is what TeaVM's edited runtime loads, and the engine it gives answers", async () => {
    const module = await compileEngineModule(files.wasm);
    expect(module).toBeInstanceOf(WebAssembly.Module);
    const image = await readEngineImage(files, [], module);
    expect(image.wasm).toBe(module);
    const loaded = await loadEngine(image, () => undefined);
    const reply = JSON.parse(loaded.exports.handle(JSON.stringify({ id: 1, op: "configure", params: {} }))) as { result?: unknown; error?: unknown };
    expect(reply.error).toBeUndefined();
  });

  it("is null for bytes that are not the module, so the worker compiles them itself and reports that error", async () => {
    const dir = await mkdtemp(join(tmpdir(), "groovymcp-precompile-"));
    const bad = join(dir, "groovy-engine.wasm");
    await writeFile(bad, "not wasm");
    expect(await compileEngineModule(bad)).toBeNull();
    expect(await compileEngineModule(join(dir, "missing.wasm"))).toBeNull();
  });

  it("reaches a worker through the port, and the worker instantiates it without its bytes", async () => {
    const port = modulePortFor(compileEngineModule(files.wasm));
    const runtimeUrl = pathToFileURL(files.runtime).href;
    // a worker that only receives the module and loads it through TeaVM's runtime, with no access to the .wasm file
    const source = `
      const { workerData, parentPort } = require("node:worker_threads");
      workerData.port.once("message", async ({ module }) => {
        workerData.port.close();
        const runtime = await import(workerData.runtimeUrl);
        const loaded = await runtime.load(module, {});
        parentPort.postMessage({ isModule: module instanceof WebAssembly.Module, exports: ["handle", "loadClassModel", "addClasspathJar", "addModelPacks"].filter((n) => typeof loaded.exports[n] === "function") });
      });`;
    const worker = new Worker(source, { eval: true, workerData: { port, runtimeUrl }, transferList: [port] });
    const answer = await new Promise<{ isModule: boolean; exports: string[] }>((resolve, reject) => {
      worker.once("message", resolve);
      worker.once("error", reject);
    });
    await worker.terminate();
    expect(answer.isModule).toBe(true);
    expect(answer.exports).toEqual(expect.arrayContaining(["handle", "loadClassModel", "addClasspathJar", "addModelPacks"]));
  });

  it("comes with TeaVM's runtime edited as the build says (a compiled module accepted, no Response in the probe)", async () => {
    const text = await readFile(files.runtime, "utf8");
    expect(text).toContain("if(e instanceof WebAssembly.Module){return e}");
    expect(text).not.toContain("new Response(e,");
    expect(isTeaVmRuntime(await import(pathToFileURL(files.runtime).href))).toBe(true);
  });
});

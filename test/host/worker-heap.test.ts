import { expect, it } from "vitest";
import { ENGINE_MISSING, PROJECT_ROOT } from "./support/server-process.js";
import { describeWith } from "../support/peers.js";

/**
 * The engine's worker has a V8 heap limit (resourceLimits): running out of it ends that worker, not the process.
 * Driven through the built worker host (dist/: a Worker needs compiled JavaScript) with a heap far too small for
 * the engine, so loading it runs out of memory (8 MiB: the worker's load fits in 16 since the host thread
 * compiles the module).
 */
describeWith(ENGINE_MISSING)(`worker heap limit`, () => {
  it("ends only the worker when the engine runs out of its heap, and the next spawn works", async () => {
    const { workerSpawn } = (await import(`${PROJECT_ROOT}/dist/engine/node/worker-host.js`)) as typeof import("../../src/engine/node/worker-host.js");
    const { locateEngineFiles } = (await import(`${PROJECT_ROOT}/dist/engine/node/engine-files.js`)) as typeof import("../../src/engine/node/engine-files.js");
    const { EngineInternalError } = (await import(`${PROJECT_ROOT}/dist/engine/core/index.js`)) as typeof import("../../src/engine/core/index.js");
    const { RecoveringEngine } = (await import(`${PROJECT_ROOT}/dist/engine/service/index.js`)) as typeof import("../../src/engine/service/index.js");
    const logs: string[] = [];
    const starved = new RecoveringEngine({ spawn: workerSpawn({ files: locateEngineFiles(), classpathJars: [], log: (l) => logs.push(l), heapMb: 8 }) });
    const error = await starved.request("info", {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineInternalError);
    expect((error as Error).message).toMatch(/the engine worker ended \(out of memory: the engine heap limit is 8 MiB\)/);
    starved.dispose();
    // this process is alive and a worker with the default heap answers
    const healthy = new RecoveringEngine({ spawn: workerSpawn({ files: locateEngineFiles(), classpathJars: [], log: (l) => logs.push(l) }) });
    expect((await healthy.request("info", {}))["groovyVersion"]).toBe("5.0.8");
    healthy.dispose();
  }, 60_000);
});

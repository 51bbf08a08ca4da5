import { describe, expect, it } from "vitest";
import {
  connectToWorker, EngineInternalError, EngineStateError, EngineUnavailableError, serveEngineInWorker,
  type EngineImage, type HostSideEndpoint, type TeaVmImports, type WorkerSideEndpoint,
} from "../../src/engine/core/index.js";

/** A fake TeaVM runtime: its module prints through putcharStdout and answers handle() by op. */
function fakeImage(options: { failLoad?: boolean } = {}): EngineImage {
  return {
    wasm: new Uint8Array(),
    classModel: new Uint8Array(),
    runtime: {
      async load(_bytes: Uint8Array, opts?: { installImports?: (i: TeaVmImports) => void }) {
        if (options.failLoad === true) throw Object.assign(new Error("bad opcode"), { name: "CompileError" });
        const imports: TeaVmImports = { teavmConsole: { putcharStdout: () => undefined, putcharStderr: () => undefined } };
        opts?.installImports?.(imports);
        const print = (s: string): void => {
          for (const ch of `${s}\n`) (imports["teavmConsole"]?.["putcharStdout"] as (c: number) => void)(ch.charCodeAt(0));
        };
        return {
          exports: {
            loadClassModel: () => '{"classes":1}',
            addModelPacks: () => '{"entries":0}',
            addClasspathJar: () => '{"classes":0}',
            handle: (request: string) => {
              const r = JSON.parse(request) as { op: string };
              if (r.op === "print") print("hello from Java");
              if (r.op === "trap") throw Object.assign(new Error("unreachable"), { name: "RuntimeError" });
              if (r.op === "state") return '{"error":{"kind":"state","message":"not open: x"}}';
              return JSON.stringify({ result: { op: r.op } });
            },
          },
        };
      },
    },
  };
}

/** Two in-memory ends, delivering asynchronously with structured cloning like postMessage. */
function channel(): { host: HostSideEndpoint; worker: WorkerSideEndpoint; exit: (reason: string) => void; terminated: () => boolean } {
  const toHost: ((m: unknown) => void)[] = [];
  const toWorker: ((m: unknown) => void)[] = [];
  const exits: ((r: string) => void)[] = [];
  let terminated = false;
  const deliver = (handlers: ((m: unknown) => void)[], m: unknown): void => {
    const copy = structuredClone(m);
    setTimeout(() => handlers.forEach((h) => h(copy)), 0);
  };
  return {
    host: {
      postMessage: (m) => deliver(toWorker, m),
      onMessage: (h) => void toHost.push(h),
      onExit: (h) => void exits.push(h),
      terminate: () => {
        terminated = true;
      },
    },
    worker: { postMessage: (m) => deliver(toHost, m), onMessage: (h) => void toWorker.push(h) },
    exit: (reason) => exits.forEach((h) => h(reason)),
    terminated: () => terminated,
  };
}

describe("worker protocol", () => {
  it("answers requests by id, carries Java output as log lines and errors by kind", async () => {
    const c = channel();
    const logs: string[] = [];
    serveEngineInWorker(c.worker, async () => fakeImage());
    const connection = await connectToWorker(c.host, { log: (l) => logs.push(l) });
    const [a, b] = await Promise.all([connection.request("info", {}), connection.request("print", {})]);
    expect(a).toEqual({ op: "info" });
    expect(b).toEqual({ op: "print" });
    expect(logs).toEqual(["groovymcp: engine: hello from Java"]);
    await expect(connection.request("state", {})).rejects.toBeInstanceOf(EngineStateError);
    const trap = await connection.request("trap", {}).catch((e: unknown) => e);
    expect(trap).toBeInstanceOf(EngineInternalError);
    expect((trap as EngineInternalError).instanceLost).toBe(true);
  });

  it("hands each request's cut to the worker's shape, so the one cut there serves the caller", async () => {
    const c = channel();
    const seen: unknown[] = [];
    serveEngineInWorker(c.worker, async () => fakeImage(), (op, result, cut) => {
      seen.push([op, cut]);
      return { ...result, shaped: cut.maxResults ?? null };
    });
    const connection = await connectToWorker(c.host, { log: () => undefined });
    expect(await connection.request("diagnostics", { uri: "u" }, { maxResults: 3 })).toEqual({ op: "diagnostics", shaped: 3 });
    expect(await connection.request("symbols", { uri: "u" })).toEqual({ op: "symbols", shaped: null });
    expect(seen).toEqual([
      ["diagnostics", { maxResults: 3 }],
      ["symbols", {}],
    ]);
  });

  it("reports a module that cannot load as unavailable", async () => {
    const c = channel();
    serveEngineInWorker(c.worker, async () => ({ ...fakeImage({ failLoad: true }), requirement: "Node.js 22.19 or newer" }));
    const error = await connectToWorker(c.host, { log: () => undefined }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineUnavailableError);
    expect((error as Error).message).toBe("the engine module could not be loaded (CompileError); it needs Node.js 22.19 or newer");
    expect(c.terminated()).toBe(true);
  });

  it("terminates a worker still loading when its start is aborted, and a ready after that is ignored", async () => {
    const c = channel();
    // a worker that is still loading the engine: it has said nothing yet
    c.worker.onMessage(() => undefined);
    const controller = new AbortController();
    const starting = connectToWorker(c.host, { log: () => undefined, signal: controller.signal });
    controller.abort();
    const error = await starting.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineInternalError);
    expect((error as EngineInternalError).instanceLost).toBe(true);
    expect((error as Error).message).toBe("the engine worker ended (stopped while it was starting)");
    expect(c.terminated()).toBe(true);
    // the load that was under way finishes anyway: nothing comes of it
    c.worker.postMessage({ type: "ready", refusedJars: 0 });
    await new Promise((r) => setTimeout(r, 5));
    // already aborted when given: the worker is terminated before it says anything
    const d = channel();
    const aborted = AbortSignal.abort();
    await expect(connectToWorker(d.host, { log: () => undefined, signal: aborted })).rejects.toBeInstanceOf(EngineInternalError);
    expect(d.terminated()).toBe(true);
  });

  it("ignores an abort once the worker is ready: the connection serves on", async () => {
    const c = channel();
    serveEngineInWorker(c.worker, async () => fakeImage());
    const controller = new AbortController();
    const connection = await connectToWorker(c.host, { log: () => undefined, signal: controller.signal });
    controller.abort();
    expect(await connection.request("info", {})).toEqual({ op: "info" });
    expect(c.terminated()).toBe(false);
  });

  it("rejects pending requests when the worker ends", async () => {
    const c = channel();
    // a worker that never answers requests: only ready
    c.worker.onMessage(() => undefined);
    c.worker.postMessage({ type: "ready", refusedJars: 0 });
    const connection = await connectToWorker(c.host, { log: () => undefined });
    const pending = connection.request("diagnostics", { uri: "groovy-buffer:a" });
    c.exit("exit code 1");
    const error = await pending.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineInternalError);
    expect((error as Error).message).toBe("the engine worker ended (exit code 1)");
    await expect(connection.request("info", {})).rejects.toThrow(/has ended/);
  });
});

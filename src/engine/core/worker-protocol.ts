import type { JsonObject } from "../../json/json.js";
import { EngineClient } from "./engine-client.js";
import type { EngineConnection, ResultCut, SpawnEngine } from "./engine-connection.js";
import {
  deserializeEngineError, EngineInternalError, serializeEngineError, type SerializedEngineError,
} from "./errors.js";
import { loadEngine, type EngineExports, type EngineImage } from "./teavm-loader.js";

/**
 * The message protocol for running the engine in a worker, the same for a Node worker_threads Worker and a browser
 * Web Worker. The host sends requests; the worker answers each in order. Ids are the host's.
 *
 *   host -> worker   { type: "request", id, op, params, cut? }
 *   worker -> host   { type: "ready" } once the class model and classpath are loaded, or { type: "failed", error }
 *                    { type: "reply", id, result } | { type: "reply", id, error }
 *                    { type: "log", line }  an operator line (Java output carries the "engine: " prefix)
 */
export interface WorkerRequest {
  readonly type: "request";
  readonly id: number;
  readonly op: string;
  readonly params: JsonObject;
  /** The caller's cut, for the worker's shape (absent: the shape's own limit only). */
  readonly cut?: ResultCut;
}

export type WorkerMessage =
  | { readonly type: "ready"; readonly refusedJars: number }
  | { readonly type: "failed"; readonly error: SerializedEngineError }
  | { readonly type: "reply"; readonly id: number; readonly result: JsonObject }
  | { readonly type: "reply"; readonly id: number; readonly error: SerializedEngineError }
  | { readonly type: "log"; readonly line: string };

/** The worker's end of a message channel (Node: parentPort; browser: the worker global scope). */
export interface WorkerSideEndpoint {
  postMessage(message: WorkerMessage): void;
  onMessage(handler: (message: unknown) => void): void;
}

/** The host's end (Node: a Worker; browser: a Worker object). */
export interface HostSideEndpoint {
  postMessage(message: WorkerRequest): void;
  onMessage(handler: (message: unknown) => void): void;
  /** Called when the worker ends for any reason (crash, out of memory, terminate). */
  onExit(handler: (reason: string) => void): void;
  terminate(): void;
}

/** What a front end may do in the worker around the engine (the Node server: its memory policy). */
export interface WorkerHooks {
  /** Once the engine is up, before the first request is answered. */
  loaded?(exports: EngineExports): void;
  /** After each request, once its reply is posted (so it never delays a reply). */
  afterCall?(): void;
}

function isWorkerRequest(value: unknown): value is WorkerRequest {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return v["type"] === "request" && typeof v["id"] === "number" && typeof v["op"] === "string" && typeof v["params"] === "object" && v["params"] !== null;
}

/**
 * Runs inside the worker: loads the engine from the image, reports ready (or failed), then answers requests one
 * at a time. A call that loses the instance (a trap) is answered with an instance-lost error; the host then
 * terminates this worker and spawns a fresh one.
 */
export function serveEngineInWorker(
  endpoint: WorkerSideEndpoint,
  image: () => Promise<EngineImage>,
  /**
   * Applied to each result in the worker before it is posted (the Node server cuts results to the result limit
   * here): the host thread, where ping is answered, then never receives, clones or measures a huge result.
   */
  shape: (op: string, result: JsonObject, cut: ResultCut) => JsonObject = (_op, result) => result,
  hooks: WorkerHooks = {},
): void {
  const early: WorkerRequest[] = [];
  let client: EngineClient | undefined;
  // Requests run one at a time in arrival order: one that waits for a class model pack holds the later ones back.
  let queue: Promise<void> = Promise.resolve();
  const answerNow = async (request: WorkerRequest): Promise<void> => {
    if (client === undefined) return;
    try {
      endpoint.postMessage({ type: "reply", id: request.id, result: shape(request.op, await client.call(request.op, request.params), request.cut ?? {}) });
    } catch (error) {
      endpoint.postMessage({ type: "reply", id: request.id, error: serializeEngineError(error) });
    }
    try {
      hooks.afterCall?.();
    } catch {
      // a hook is housekeeping: it never fails a call
    }
  };
  const answer = (request: WorkerRequest): void => {
    queue = queue.then(() => answerNow(request));
  };
  endpoint.onMessage((message) => {
    if (!isWorkerRequest(message)) return;
    if (client === undefined) early.push(message);
    else answer(message);
  });
  const javaOutput = (line: string): void => endpoint.postMessage({ type: "log", line: `groovymcp: engine: ${line}` });
  image()
    .then((img) => loadEngine(img, javaOutput))
    .then(
      (loaded) => {
        client = new EngineClient(loaded.exports, loaded.modelPacks);
        try {
          hooks.loaded?.(loaded.exports);
        } catch {
          // housekeeping as well: the engine serves without it
        }
        endpoint.postMessage({ type: "ready", refusedJars: loaded.refusedJars });
        for (const request of early.splice(0)) answer(request);
      },
      (error: unknown) => endpoint.postMessage({ type: "failed", error: serializeEngineError(error) }),
    );
}

function isWorkerMessage(value: unknown): value is WorkerMessage {
  return typeof value === "object" && value !== null && typeof (value as { type?: unknown }).type === "string";
}

export interface WorkerConnectionOptions {
  /** Operator lines from the worker (Java output, warnings). */
  readonly log: (line: string) => void;
  readonly onRefusedJars?: (count: number) => void;
  /** Aborted before the worker reports ready: the worker is terminated at once and the start rejects. */
  readonly signal?: AbortSignal;
}

/**
 * The host's side: resolves once the worker reports ready (rejects with its failure), then sends requests and
 * matches replies by id. If the worker dies, every pending request rejects with an instance-lost internal error.
 */
export function connectToWorker(endpoint: HostSideEndpoint, options: WorkerConnectionOptions): Promise<EngineConnection> {
  return new Promise((resolveReady, rejectReady) => {
    const pending = new Map<number, { resolve: (r: JsonObject) => void; reject: (e: Error) => void }>();
    let nextId = 1;
    let ended = false;
    let ready = false;
    const fail = (reason: string): void => {
      if (ended) return;
      ended = true;
      const error = new EngineInternalError(`the engine worker ended (${reason})`, { instanceLost: true });
      for (const p of pending.values()) p.reject(error);
      pending.clear();
      if (!ready) rejectReady(error);
    };
    const connection: EngineConnection = {
      request(op, params, cut) {
        if (ended) return Promise.reject(new EngineInternalError("the engine worker has ended", { instanceLost: true }));
        const id = nextId++;
        return new Promise((resolve, reject) => {
          pending.set(id, { resolve, reject });
          endpoint.postMessage(cut === undefined ? { type: "request", id, op, params } : { type: "request", id, op, params, cut });
        });
      },
      dispose() {
        fail("disposed");
        endpoint.terminate();
      },
    };
    endpoint.onExit((reason) => fail(reason));
    // A worker loading the engine answers nothing until it is ready (a second or more under load), so a host that
    // is exiting must not wait for that only to terminate it then.
    const stopStarting = (): void => {
      if (ready || ended) return;
      fail("stopped while it was starting");
      endpoint.terminate();
    };
    if (options.signal?.aborted === true) stopStarting();
    else options.signal?.addEventListener("abort", stopStarting, { once: true });
    endpoint.onMessage((message) => {
      if (!isWorkerMessage(message)) return;
      switch (message.type) {
        case "log":
          options.log(message.line);
          return;
        case "ready":
          if (ended) return;
          ready = true;
          options.signal?.removeEventListener("abort", stopStarting);
          if (message.refusedJars > 0) options.onRefusedJars?.(message.refusedJars);
          resolveReady(connection);
          return;
        case "failed":
          ended = true;
          endpoint.terminate();
          rejectReady(deserializeEngineError(message.error));
          return;
        case "reply": {
          const waiting = pending.get(message.id);
          if (waiting === undefined) return;
          pending.delete(message.id);
          if ("result" in message) waiting.resolve(message.result);
          else waiting.reject(deserializeEngineError(message.error));
          return;
        }
      }
    });
  });
}

/** The parts of a Web Worker (or its global scope) the browser adapters use; structural, so no DOM types leak. */
export interface MessageTargetLike {
  postMessage(message: unknown): void;
  addEventListener(type: "message", listener: (event: { data: unknown }) => void): void;
}

/** Inside a browser Web Worker: `serveEngineInWorker(webWorkerSide(self), image)`. */
export function webWorkerSide(scope: MessageTargetLike): WorkerSideEndpoint {
  return {
    postMessage: (message) => scope.postMessage(message),
    onMessage: (handler) => scope.addEventListener("message", (event) => handler(event.data)),
  };
}

/** In the page: `connectToWorker(webWorkerHost(new Worker(url, { type: "module" })), { log })`. */
export function webWorkerHost(
  worker: MessageTargetLike & { terminate(): void; addEventListener(type: "error", listener: (event: unknown) => void): void },
): HostSideEndpoint {
  const exitHandlers: ((reason: string) => void)[] = [];
  worker.addEventListener("error", () => {
    for (const h of exitHandlers) h("worker error");
  });
  return {
    postMessage: (message) => worker.postMessage(message),
    onMessage: (handler) => worker.addEventListener("message", (event) => handler(event.data)),
    onExit: (handler) => exitHandlers.push(handler),
    terminate: () => {
      worker.terminate();
      for (const h of exitHandlers) h("terminated");
    },
  };
}

/**
 * The spawn of a page's engine: each instance in a Web Worker that `newWorker` starts (the first after a page load,
 * each one after a watchdog restart). `started` is told how long each took to be ready (the page shows it).
 */
export function webWorkerSpawn(
  newWorker: () => MessageTargetLike & { terminate(): void; addEventListener(type: "error", listener: (event: unknown) => void): void },
  options: { readonly log: (line: string) => void; readonly started?: (loadMs: number) => void },
): SpawnEngine {
  return async (signal) => {
    const begun = performance.now();
    const connection = await connectToWorker(webWorkerHost(newWorker()), { log: options.log, signal });
    options.started?.(performance.now() - begun);
    return connection;
  };
}

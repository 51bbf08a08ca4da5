import { readFile } from "node:fs/promises";
import { MessageChannel, type MessagePort } from "node:worker_threads";
import { ENGINE_COMPILE_OPTIONS } from "../core/index.js";

/**
 * The engine's module, compiled on the host thread while a worker starts (a fresh Node environment, its imports and
 * the class model take ~80 ms there), then posted to the worker: V8 shares one compiled module between threads, so
 * the worker skips the compile, and every later worker (a restart, lint's pool) finds the code its predecessors
 * compiled lazily and tiered up. A failed compile posts nothing usable, and the worker compiles the bytes itself,
 * which reports the error as before.
 */
export type ModuleCompile = Promise<WebAssembly.Module | null>;

export function compileEngineModule(wasmPath: string): ModuleCompile {
  return readFile(wasmPath).then((bytes) => WebAssembly.compile(bytes, ENGINE_COMPILE_OPTIONS)).catch(() => null);
}

/** What the worker receives on its module port: the compiled module, or null when it must compile the bytes. */
export interface ModuleMessage {
  readonly module: WebAssembly.Module | null;
}

/** The host thread's end: posts the module once compiled. The worker's end goes in workerData (transferred). */
export function modulePortFor(compile: ModuleCompile): MessagePort {
  const { port1, port2 } = new MessageChannel();
  // the channel never keeps the process alive: a worker that exits first simply never reads it
  port1.unref();
  void compile.then((module) => {
    const message: ModuleMessage = { module };
    port1.postMessage(message);
  });
  return port2;
}

/** The worker's end: the module the host compiled, or null (no port, or the host's compile failed). */
export function receiveModule(port: MessagePort | undefined): Promise<WebAssembly.Module | null> {
  if (port === undefined) return Promise.resolve(null);
  return new Promise((resolve) => {
    port.once("message", (message: ModuleMessage) => {
      port.close();
      resolve(message.module instanceof WebAssembly.Module ? message.module : null);
    });
  });
}

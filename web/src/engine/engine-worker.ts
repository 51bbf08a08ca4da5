/**
 * Starts an engine Web Worker. main.ts imports this module before the editor's, so the first worker starts (and
 * begins fetching and compiling the engine) while the browser is still evaluating CodeMirror, not after.
 */
export function startEngineWorker(): Worker {
  // written out here so the bundler finds and builds the worker; it finds the engine files in ../engine/
  return new Worker(new URL("./worker-entry.ts", import.meta.url), { type: "module", name: "groovy-engine" });
}

let early: Worker | undefined = startEngineWorker();

/** The worker started at page load, once; later instances (after a watchdog restart) start their own. */
export function takeEngineWorker(): Worker {
  const worker = early ?? startEngineWorker();
  early = undefined;
  return worker;
}

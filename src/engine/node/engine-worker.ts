/**
 * The worker_threads entry: the engine runs here, off the main thread, so the session keeps answering (ping) while
 * a compile runs and a runaway call can be stopped by terminating this thread. Reading the classpath happens here
 * too, so it never delays `initialize` or blocks the main thread.
 */
import { parentPort, workerData } from "node:worker_threads";
import { serveEngineInWorker, type WorkerMessage } from "../core/index.js";
import { logLine, setLogSink } from "../../log/log.js";
import { readClasspathJars } from "./classpath-jars.js";
import type { EngineFiles } from "./engine-files.js";
import { readEngineImage } from "./engine-image.js";

export interface EngineWorkerData {
  readonly files: EngineFiles;
  readonly classpathJars: readonly string[];
}

const port = parentPort;
if (port === null) throw new Error("engine-worker.js must run as a worker thread");
const data = workerData as EngineWorkerData;
const post = (message: WorkerMessage): void => port.postMessage(message);
setLogSink((line) => post({ type: "log", line }));

/**
 * Nothing in this thread but the engine writes to the console: TeaVM's java.util.logging prints records (with
 * their stack traces) through console.warn/error. They are Java output, so they go where System.err goes, as one
 * prefixed line per record: the message's first line, never a stack trace.
 */
const engineConsole = (...args: unknown[]): void => {
  const first = args.map((a) => (typeof a === "string" ? a : a instanceof Error ? `${a.name}: ${a.message}` : String(a))).join(" ").split(/\r?\n/)[0] ?? "";
  post({ type: "log", line: `groovymcp: engine: ${first.slice(0, 300)}` });
};
console.log = engineConsole;
console.info = engineConsole;
console.debug = engineConsole;
console.warn = engineConsole;
console.error = engineConsole;

serveEngineInWorker(
  { postMessage: post, onMessage: (handler) => port.on("message", handler) },
  async () => readEngineImage(data.files, await readClasspathJars(data.classpathJars, logLine)),
);

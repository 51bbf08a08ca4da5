/**
 * The worker_threads entry: the engine runs here, off the main thread, so the session keeps answering (ping) while
 * a compile runs and a runaway call can be stopped by terminating this thread. Reading the classpath happens here
 * too, so it never delays `initialize` or blocks the main thread.
 */
import { getHeapStatistics, setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { parentPort, workerData, type MessagePort } from "node:worker_threads";
import { serveEngineInWorker, type ResultCut, type WorkerMessage } from "../core/index.js";
import type { JsonObject } from "../../json/json.js";
import { logLine, setLogSink } from "../../log/log.js";
import { readClasspathJars } from "./classpath-jars.js";
import type { EngineFiles } from "./engine-files.js";
import { readEngineImage } from "./engine-image.js";
import { receiveModule } from "./module-precompile.js";
import { fitResult } from "../service/result-fitting.js";
import { DeferredGrowthBound, DfaClearCollector, type WorkerMemorySettings } from "./memory-policy.js";

export interface EngineWorkerData {
  readonly files: EngineFiles;
  readonly classpathJars: readonly string[];
  /** Results are cut to this many characters of JSON here, off the host thread (Limits.maxResultChars); 0: not. */
  readonly maxResultChars?: number;
  /** Brings the module the host thread compiled (module-precompile.ts); absent, this thread compiles the bytes. */
  readonly modulePort?: MessagePort;
  /** The memory policy's worker half (memory-policy.ts); absent: the engine's defaults. */
  readonly memory?: WorkerMemorySettings;
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

/**
 * The one cut of a result, to the tools' result limit and to the request's maxResults, made before the result
 * crosses to the host thread, which then only measures it. A result that cannot be cut goes as it is, and the host
 * answers the result-limit error.
 */
const maxResultChars = data.maxResultChars ?? 0;
const cut = (op: string, result: JsonObject, request: ResultCut): JsonObject => {
  if (maxResultChars <= 0) return result;
  const fitted = fitResult(op, result, maxResultChars, request.maxResults);
  return fitted.ok ? fitted.result : result;
};

/** What V8's `gc` extension takes (its options object; Node 22-26 read `type`, `execution` and `flavor`). */
type GcFunction = (options?: { type: "major"; execution: "sync"; flavor?: "regular" | "last-resort" }) => void;

let exposedGc: GcFunction | undefined;
function makeGc(): GcFunction {
  setFlagsFromString("--expose-gc");
  return runInNewContext("gc") as GcFunction;
}

/**
 * Full GCs for the memory policy. `--expose-gc` is a V8 flag read when a context is made, so a fresh context of this
 * isolate has `gc`, collecting this isolate's heap (the flag is process-wide; no user code runs anywhere in the
 * process, so the extra global is no one's to misuse).
 */
function fullGc(flavor: "regular" | "last-resort"): () => void {
  // made on the first use, not at load: a new context costs tens of milliseconds, on the first answer's path
  return () => {
    exposedGc ??= makeGc();
    exposedGc({ type: "major", execution: "sync", flavor });
  };
}

const collectNow = fullGc("regular");
// After the parser's DFA is cleared: a memory-reducing GC. V8 keeps the heap pages a GC frees in a pool for reuse
// and returns them to the system only on a GC asked to reduce memory, as this flavor is; after a regular one the
// cleared DFA's ~100 MB of pages stayed resident (docs/performance.md, "Memory policies").
const reduceMemoryNow = fullGc("last-resort");
let collector: DfaClearCollector | undefined;
const memory = data.memory;
const growth = memory === undefined ? undefined : new DeferredGrowthBound(memory);

serveEngineInWorker(
  { postMessage: post, onMessage: (handler) => port.on("message", handler) },
  async () => {
    const [module, jars] = await Promise.all([receiveModule(data.modulePort), readClasspathJars(data.classpathJars, logLine)]);
    return readEngineImage(data.files, jars, module);
  },
  cut,
  {
    loaded: (exports) => {
      if (memory === undefined || exports.parserCache === undefined) return;
      const mb = (bytes: number): number => Math.round(bytes / 2 ** 20);
      const onClear = memory.verbose
        ? (before: number): void => logLine(`memory: the parser's DFA was cleared at ${before} entries; JS heap after GC ${mb(getHeapStatistics().used_heap_size)} MiB`)
        : undefined;
      collector = new DfaClearCollector(exports.parserCache.bind(exports), memory.gcAfterDfaClear ? reduceMemoryNow : undefined, memory, onClear);
      if (memory.verbose) {
        logLine(`memory: policy ${memory.name}, parser DFA budget ${memory.parserDfaBudget ?? "engine default"}, heap limit ${mb(getHeapStatistics().heap_size_limit)} MiB`);
      }
    },
    afterCall: () => {
      collector?.afterCall();
      const flag = growth?.afterCall(getHeapStatistics().used_heap_size);
      if (flag !== undefined) {
        setFlagsFromString(flag);
        // V8 sets the next limit at a major GC: one now, or the limit set before the bound (up to 4x) stands
        collectNow();
        if (memory?.verbose === true) logLine(`memory: ${flag} from now on (heap past ${memory.heapGrowingFromMb} MiB)`);
      }
    },
  },
);

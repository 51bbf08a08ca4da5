import { readFile } from "node:fs/promises";
import { pathToFileURL } from "node:url";
import { isJsonObject, type JsonObject } from "../protocol/json-rpc.js";
import { logFailure, logLine } from "../transport/stderr-log.js";
import { engineFilesPresent, type EngineFiles } from "./engine-files.js";
import { EngineInternalError, EngineRequestError, EngineUnavailableError, type GroovyEngine } from "./groovy-engine.js";

/** The exports of the TeaVM-compiled facade (docs/engine-contract.md). */
interface EngineExports {
  loadClassModel(bytes: Int8Array): string;
  addClasspathJar(bytes: Int8Array): string;
  handle(request: string): string;
}

type ImportObject = Record<string, Record<string, unknown>>;

interface TeaVmLoadOptions {
  installImports?: (imports: ImportObject) => void;
}

interface TeaVmRuntimeModule {
  load(source: string | Uint8Array, options?: TeaVmLoadOptions): Promise<{ exports: unknown }>;
}

function isRuntimeModule(value: unknown): value is TeaVmRuntimeModule {
  return typeof value === "object" && value !== null && typeof (value as { load?: unknown }).load === "function";
}

function isEngineExports(value: unknown): value is EngineExports {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v["loadClassModel"] === "function" && typeof v["addClasspathJar"] === "function" && typeof v["handle"] === "function";
}

function asInt8(bytes: Uint8Array): Int8Array {
  return new Int8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * Java's System.out and System.err arrive here one character (UTF-16 unit) at a time; they are collected into lines
 * and written to stderr, never stdout.
 */
class StderrLineSink {
  private line = "";
  put(code: number): void {
    if (code === 10) {
      process.stderr.write(`groovymcp: engine: ${this.line}\n`);
      this.line = "";
      return;
    }
    if (this.line.length < 2000) this.line += String.fromCharCode(code);
  }
}

/**
 * The bridge to the Groovy engine compiled to WebAssembly GC by TeaVM.
 *
 * The module is loaded once per process, in the background from launch, so `initialize` never waits for it; the
 * first engine call awaits it. If a call throws (a wasm trap or an escaped Java exception), that call fails and the
 * instance is recreated: reloaded, given the class model and classpath again, and every known buffer re-opened.
 */
export class WasmEngineBridge implements GroovyEngine {
  private exports: Promise<EngineExports> | undefined;
  private readonly buffers = new Map<string, string>();
  private readonly javaOut = new StderrLineSink();
  private classModel: Uint8Array | undefined;
  private jars: Uint8Array[] | undefined;

  constructor(
    private readonly files: EngineFiles,
    private readonly classpathJars: readonly string[],
  ) {}

  /** Starts loading in the background. Safe to call more than once. */
  start(): void {
    if (this.exports !== undefined) return;
    this.exports = this.instantiate();
    this.exports.catch((error: unknown) => {
      logFailure("the Groovy engine could not be loaded", error);
    });
  }

  private async instantiate(): Promise<EngineExports> {
    if (!engineFilesPresent(this.files)) {
      throw new EngineUnavailableError("the engine's WebAssembly files are missing (run `npm run build:engine`)");
    }
    this.classModel ??= await readFile(this.files.classModel);
    if (this.jars === undefined) {
      const read: (Uint8Array | undefined)[] = await Promise.all(
        this.classpathJars.map((jar) => readFile(jar).then((b): Uint8Array | undefined => b, () => undefined)),
      );
      const jars = read.filter((bytes): bytes is Uint8Array => bytes !== undefined);
      this.jars = jars;
      const unreadable = read.length - jars.length;
      if (unreadable > 0) logLine(`warning: ${unreadable} classpath ${unreadable === 1 ? "file" : "files"} could not be read and ${unreadable === 1 ? "is" : "are"} ignored`);
    }
    const runtime: unknown = await import(pathToFileURL(this.files.runtime).href);
    if (!isRuntimeModule(runtime)) throw new EngineUnavailableError("the engine runtime has no load function");
    const sink = this.javaOut;
    const instance = await runtime.load(this.files.wasm, {
      installImports(imports: ImportObject): void {
        for (const group of Object.values(imports)) {
          if (typeof group !== "object" || group === null) continue;
          if ("putcharStdout" in group) group["putcharStdout"] = (c: number): void => sink.put(c);
          if ("putcharStderr" in group) group["putcharStderr"] = (c: number): void => sink.put(c);
        }
      },
    });
    const exports = instance.exports;
    if (!isEngineExports(exports)) throw new EngineUnavailableError("the engine module lacks the expected exports");
    // The class model load is synchronous and takes a while: let pending protocol traffic (initialize) go first.
    await nextTurn();
    exports.loadClassModel(asInt8(this.classModel));
    let unreadable = 0;
    for (const jar of this.jars) {
      await nextTurn();
      try {
        exports.addClasspathJar(asInt8(jar));
      } catch {
        unreadable++;
      }
    }
    if (unreadable > 0) logLine(`warning: ${unreadable} classpath ${unreadable === 1 ? "jar" : "jars"} could not be read and ${unreadable === 1 ? "is" : "are"} ignored`);
    return exports;
  }

  private async ready(): Promise<EngineExports> {
    this.start();
    try {
      return await (this.exports as Promise<EngineExports>);
    } catch (error) {
      if (error instanceof EngineUnavailableError) throw error;
      const name = error instanceof Error ? error.name : typeof error;
      throw new EngineUnavailableError(`the engine module could not be loaded (${name}); it needs Node.js 22+ with WebAssembly GC`);
    }
  }

  private async recreate(): Promise<void> {
    this.exports = this.instantiate();
    this.exports.catch((error: unknown) => logFailure("the Groovy engine could not be reloaded", error));
    const exports = await this.exports;
    for (const [uri, text] of this.buffers) {
      const reply = this.parseReply(exports.handle(JSON.stringify({ op: "open", uri, text })));
      if ("error" in reply) logLine("a buffer could not be re-opened after an engine restart");
    }
  }

  private parseReply(raw: unknown): { result: JsonObject } | { error: { kind: string; message: string } } {
    if (typeof raw !== "string") throw new EngineInternalError("engine returned a non-string reply");
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      throw new EngineInternalError("engine returned invalid JSON");
    }
    if (isJsonObject(value)) {
      const result = value["result"];
      if (isJsonObject(result)) return { result };
      const error = value["error"];
      if (isJsonObject(error)) {
        const kind = typeof error["kind"] === "string" ? error["kind"] : "internal";
        const message = typeof error["message"] === "string" ? error["message"] : "engine error";
        return { error: { kind, message } };
      }
    }
    throw new EngineInternalError("engine reply has neither result nor error");
  }

  async request(op: string, params: JsonObject): Promise<JsonObject> {
    const exports = await this.ready();
    let raw: unknown;
    try {
      raw = exports.handle(JSON.stringify({ ...params, op }));
    } catch (error) {
      // A Java exception's message may quote source text, so only a trap's (fixed) message is logged.
      const kind = error instanceof Error && error.name === "RuntimeError" ? `trap: ${error.message.slice(0, 80)}` : `exception ${error instanceof Error ? error.constructor.name : typeof error}`;
      logLine(`engine call ${op} failed (${kind}); restarting the engine`);
      try {
        await this.recreate();
      } catch (reloadError) {
        logFailure("engine restart failed", reloadError);
      }
      throw new EngineInternalError(`engine call ${op} failed`);
    }
    const reply = this.parseReply(raw);
    if ("result" in reply) return reply.result;
    const { kind, message } = reply.error;
    if (kind === "argument" || kind === "state") throw new EngineRequestError(kind, message);
    // the engine's message may quote source text; it is not passed on
    void message;
    throw new EngineInternalError(`engine reported an internal error in ${op}`);
  }

  async openBuffer(uri: string, text: string): Promise<void> {
    await this.request("open", { uri, text });
    this.buffers.set(uri, text);
  }

  async closeBuffer(uri: string): Promise<boolean> {
    if (!this.buffers.has(uri)) {
      // still ask the engine, so its answer stays the source of truth
      const result = await this.request("close", { uri });
      return result["closed"] === true;
    }
    const result = await this.request("close", { uri });
    this.buffers.delete(uri);
    return result["closed"] === true;
  }

  isOpen(uri: string): boolean {
    return this.buffers.has(uri);
  }

  openBufferCount(): number {
    return this.buffers.size;
  }
}

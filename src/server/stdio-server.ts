import type { Root } from "../confinement/confined-file.js";
import { locateEngineFiles } from "../engine/engine-files.js";
import { WasmEngineBridge } from "../engine/wasm-engine-bridge.js";
import type { Limits } from "../limits/limits.js";
import { Dispatcher } from "../protocol/dispatcher.js";
import type { Response } from "../protocol/json-rpc.js";
import { DualEraSession } from "../session/dual-era-session.js";
import { knownToolNames } from "../session/server-features.js";
import { parseToolAllowlist, TOOLS_VARIABLE } from "../session/tool-allowlist.js";
import { LineReader } from "../transport/line-reader.js";
import { logFailure, logLine, redirectConsoleToStderr } from "../transport/stderr-log.js";
import { flushStdout, watchStdout, writeMessage } from "../transport/stdout-writer.js";

export interface ServeOptions {
  readonly root: Root | undefined;
  readonly classpathJars: readonly string[];
  readonly classpathEntryCount: number;
  readonly limits: Limits;
  readonly serverVersion: string;
}

type Work = { kind: "line"; line: string } | { kind: "oversized" };

/** Most framed lines kept waiting before stdin is paused (memory stays bounded under a flood). */
const MAX_QUEUED = 32;

/**
 * Runs the stdio MCP server until stdin ends, stdout closes (EPIPE), or SIGTERM/SIGINT; then exits 0.
 * Lines are handled strictly one at a time, in arrival order.
 */
export function serve(options: ServeOptions): void {
  redirectConsoleToStderr();
  const exit = (): void => {
    process.exit(0);
  };
  process.on("SIGTERM", exit);
  process.on("SIGINT", exit);
  watchStdout(exit);
  process.on("uncaughtException", (error) => logFailure("unexpected failure", error));
  process.on("unhandledRejection", (error) => logFailure("unexpected failure", error));

  const engine = new WasmEngineBridge(locateEngineFiles(), options.classpathJars);
  engine.start();
  const tools = parseToolAllowlist(process.env[TOOLS_VARIABLE], knownToolNames());
  for (const warning of tools.warnings) logLine(warning);
  const session = new DualEraSession({
    tools: tools.allowlist,
    engine,
    limits: options.limits,
    root: options.root,
    classpathEntryCount: options.classpathEntryCount,
    serverVersion: options.serverVersion,
  });
  const dispatcher = new Dispatcher(session);

  const queue: Work[] = [];
  let running = false;
  let inputEnded = false;
  const stdin = process.stdin;

  const finish = async (): Promise<void> => {
    await flushStdout();
    exit();
  };

  const drain = async (): Promise<void> => {
    if (running) return;
    running = true;
    try {
      for (let work = queue.shift(); work !== undefined; work = queue.shift()) {
        if (queue.length < MAX_QUEUED / 2 && stdin.isPaused() && !inputEnded) stdin.resume();
        let reply: Response | undefined;
        try {
          reply = work.kind === "line" ? await dispatcher.dispatchLine(work.line) : dispatcher.oversizedLine();
        } catch (error) {
          logFailure("dispatch failed", error);
          reply = undefined;
        }
        if (reply !== undefined) await writeMessage(reply);
      }
    } finally {
      running = false;
    }
    if (inputEnded) await finish();
  };

  const enqueue = (work: Work): void => {
    queue.push(work);
    if (queue.length >= MAX_QUEUED) stdin.pause();
    void drain();
  };

  const reader = new LineReader(options.limits.maxMessageBytes, {
    onLine: (line) => enqueue({ kind: "line", line }),
    onOversized: () => enqueue({ kind: "oversized" }),
  });

  stdin.on("data", (chunk: Buffer) => reader.push(chunk));
  const onEnd = (): void => {
    if (inputEnded) return;
    inputEnded = true;
    reader.end();
    if (!running) void drain();
  };
  stdin.on("end", onEnd);
  stdin.on("close", onEnd);
  stdin.on("error", onEnd);
}

import { confinedReader, type Root } from "../../root-guard/confined-file.js";
import { toolDefinitions } from "../tools/tool-definitions.js";
import { schemaPrecompiler } from "../tools/argument-validation.js";
import type { Limits } from "../../limits/limits.js";
import { logFailure, logLine } from "../../log/log.js";
import { logToStderr, redirectConsoleToStderr } from "../../log/stderr.js";
import { exitNaturally } from "../../process/natural-exit.js";
import { Dispatcher } from "../protocol/dispatcher.js";
import { parseMessage, type Response } from "../protocol/json-rpc.js";
import { DualEraSession } from "../session/dual-era-session.js";
import { knownToolNames } from "../session/server-features.js";
import { parseToolAllowlist, TOOLS_VARIABLE } from "../session/tool-allowlist.js";
import { LineReader } from "../transport/line-reader.js";
import { flushStdout, onStdoutDrain, stdoutBackedUp, watchStdout, writeMessage } from "../transport/stdout-writer.js";
import { createWorkspace } from "../../workspace/index.js";
import { nodeSpawn } from "../../workspace/node.js";

export interface ServeOptions {
  readonly root: Root | undefined;
  readonly classpathJars: readonly string[];
  readonly classpathEntryCount: number;
  readonly limits: Limits;
  readonly serverVersion: string;
}

type Work = { kind: "line"; line: string } | { kind: "oversized" };

/** A cheap pre-check before the full parse: only lines that may be a ping request are parsed out of turn. */
function isPing(line: string): boolean {
  return line.length < 512 && line.includes('"ping"');
}

/** Requests that may wait on the engine (a false positive only lets a ping overtake a quick request). */
function mayUseEngine(line: string): boolean {
  return line.includes('"tools/call"') || line.includes('"resources/read"');
}

/** Most framed lines kept waiting before stdin is paused (memory stays bounded under a flood). */
const MAX_QUEUED = 32;

/**
 * Runs the stdio MCP server until stdin ends, stdout closes (EPIPE), or SIGTERM/SIGINT; then exits 0.
 * Lines are handled strictly one at a time, in arrival order.
 */
export function serve(options: ServeOptions): void {
  logToStderr();
  redirectConsoleToStderr();
  process.on("uncaughtException", (error) => logFailure("unexpected failure", error));
  process.on("unhandledRejection", (error) => logFailure("unexpected failure", error));

  const tools = parseToolAllowlist(process.env[TOOLS_VARIABLE], knownToolNames(options.limits));
  for (const warning of tools.warnings) logLine(warning);
  // the idle warm-up (src/engine/service/idle-warm-up.ts) also compiles any tool schema the build did not compile
  // (src/mcp/tools/argument-validation.ts), until the client's first tools/call
  const schemas = toolDefinitions(options.limits)
    .filter((t) => tools.allowlist.allows(t.name))
    .flatMap((t) => [t.inputSchema, t.outputSchema]);
  const workspace = createWorkspace({
    profile: "server",
    spawn: nodeSpawn({ profile: "server", classpathJars: options.classpathJars, limits: options.limits }),
    limits: options.limits,
    reader: options.root === undefined ? undefined : confinedReader(options.root, options.limits),
    log: logLine,
    warmUp: { env: process.env, mainThreadSlice: schemaPrecompiler(schemas) },
  });
  workspace.start();
  const session = new DualEraSession({
    tools: tools.allowlist,
    workspace,
    limits: options.limits,
    root: options.root,
    classpathEntryCount: options.classpathEntryCount,
    serverVersion: options.serverVersion,
  });
  const dispatcher = new Dispatcher(session);

  const queue: Work[] = [];
  let stopping = false;
  // exit 0 by letting the loop run empty (src/process/natural-exit.ts: process.exit can deadlock): no more work, the
  // warm-up stopped, the engine's worker terminated, stdin closed. Called again while stopping (destroying stdin ends
  // the input, which finishes the queue and comes back here) it does nothing: only a second signal exits at once.
  const exit = (): void => {
    if (stopping) return;
    stopping = true;
    queue.length = 0;
    workspace.shutdown();
    stdin.removeAllListeners("data");
    stdin.destroy();
    exitNaturally(0);
  };
  // serve() runs to its end before any event is handled, so these cannot fire before what exit() stops exists
  const onSignal = (): void => {
    if (stopping) process.exit(0);
    else exit();
  };
  process.on("SIGTERM", onSignal);
  process.on("SIGINT", onSignal);
  watchStdout(exit);
  let running = false;
  /** True while a request that may wait on the engine is being answered: only then does a ping overtake it. */
  let engineBusy = false;
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
      for (let work = queue.shift(); work !== undefined && !stopping; work = queue.shift()) {
        resumeInput();
        let reply: Response | undefined;
        try {
          engineBusy = work.kind === "line" && mayUseEngine(work.line);
          reply = work.kind === "line" ? await dispatcher.dispatchLine(work.line) : dispatcher.oversizedLine();
        } catch (error) {
          logFailure("dispatch failed", error);
          reply = undefined;
        } finally {
          engineBusy = false;
        }
        if (reply !== undefined) await writeMessage(reply);
      }
    } finally {
      running = false;
    }
    // the last reply may have been what backed stdout up; it has drained now
    resumeInput();
    if (inputEnded) await finish();
  };

  /** Reads stdin again once the queue has room and stdout has drained (the one output budget). */
  const resumeInput = (): void => {
    if (queue.length < MAX_QUEUED / 2 && !stdoutBackedUp() && stdin.isPaused() && !inputEnded && !stopping) stdin.resume();
  };
  const pauseInput = (): void => {
    if (stdin.isPaused()) return;
    stdin.pause();
    // a queue too long is resumed by the drain loop; a backed-up stdout by its drain
    if (stdoutBackedUp()) onStdoutDrain(resumeInput);
  };

  const enqueue = (work: Work): void => {
    // the first request that may reach the engine ends the warm-up for good (it waits for one slice at most)
    if (work.kind === "line" && mayUseEngine(work.line)) void workspace.stopWarmUp();
    // MCP wants ping answered promptly: while a request waits on the engine, a ping is answered at once; every
    // other request (and a ping at any other time) stays strictly in order.
    // Not while stdout is backed up: the ping then waits its turn in the queue, which bounds what is held.
    if (engineBusy && work.kind === "line" && isPing(work.line) && !stdoutBackedUp()) {
      const message = parseMessage(work.line);
      if (message.kind === "request" && message.method === "ping") {
        // Through the session, so the era decides: legacy answers {}, while 2026-07-28 has no ping (-32601). Neither
        // touches the engine or changes the era, so it is safe next to the request in progress.
        void dispatcher.dispatchLine(work.line).then((reply) => (reply === undefined ? undefined : writeMessage(reply)));
        return;
      }
    }
    queue.push(work);
    if (queue.length >= MAX_QUEUED || stdoutBackedUp()) pauseInput();
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

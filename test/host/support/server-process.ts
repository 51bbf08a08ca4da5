import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { engineMissing } from "../../support/peers.js";

export const PROJECT_ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
export const CLI = join(PROJECT_ROOT, "dist", "cli.js");
export const ENGINE_WASM = join(PROJECT_ROOT, "engine-wasm", "target", "dist", "groovy-engine.wasm");
/** Why the built engine cannot be used (undefined when it can): for describeWith and itWith. */
export const ENGINE_MISSING = engineMissing();
export const ENGINE_PRESENT = ENGINE_MISSING === undefined;
export const ENGINE_SKIP_REASON = ENGINE_MISSING ?? "";

/** The Node >= 22 that runs the tests (the pinned `node` dev dependency when present). */
export const NODE = ((): string => {
  const pinned = join(PROJECT_ROOT, "node_modules", "node", "bin", "node");
  if (Number(process.versions.node.split(".")[0]) >= 22) return process.execPath;
  return pinned;
})();

export interface JsonRpcReply {
  jsonrpc: "2.0";
  id: string | number | null;
  result?: Record<string, unknown>;
  error?: { code: number; message: string };
}

/** A server child process on real pipes, with its stdout split into lines. */
export class ServerProcess {
  readonly child: ChildProcessWithoutNullStreams;
  readonly lines: string[] = [];
  stderr = "";
  private pendingStdout = "";
  private waiters: (() => void)[] = [];
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;

  constructor(args: string[] = [], options: { env?: NodeJS.ProcessEnv; cwd?: string; command?: string } = {}) {
    this.child = spawn(options.command ?? NODE, options.command === undefined ? [CLI, ...args] : args, {
      env: options.env ?? process.env,
      cwd: options.cwd ?? PROJECT_ROOT,
      stdio: ["pipe", "pipe", "pipe"],
    });
    this.child.stdout.setEncoding("utf8");
    this.child.stdout.on("data", (chunk: string) => {
      this.pendingStdout += chunk;
      let nl = this.pendingStdout.indexOf("\n");
      while (nl !== -1) {
        this.lines.push(this.pendingStdout.slice(0, nl));
        this.pendingStdout = this.pendingStdout.slice(nl + 1);
        nl = this.pendingStdout.indexOf("\n");
      }
      this.notify();
    });
    this.child.stderr.setEncoding("utf8");
    this.child.stderr.on("data", (chunk: string) => {
      this.stderr += chunk;
    });
    this.child.stdin.on("error", () => {});
    this.exited = new Promise((resolve) => {
      this.child.on("exit", (code, signal) => {
        this.notify();
        resolve({ code, signal });
      });
    });
  }

  private notify(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }

  /** Leftover stdout that did not end with a newline (must stay empty). */
  get partialStdout(): string {
    return this.pendingStdout;
  }

  write(data: string | Buffer): void {
    this.child.stdin.write(data);
  }

  send(message: unknown): void {
    this.write(JSON.stringify(message) + "\n");
  }

  end(): void {
    this.child.stdin.end();
  }

  /** Waits until at least `count` lines arrived (or the process exited). */
  async waitForLines(count: number, timeoutMs = 60_000): Promise<string[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.lines.length < count) {
      if (this.child.exitCode !== null || this.child.signalCode !== null) break;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${count} lines; got ${this.lines.length}; stderr: ${this.stderr.slice(0, 500)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 1000);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return this.lines.slice(0, count);
  }

  /** The parsed reply lines so far. */
  replies(): JsonRpcReply[] {
    return this.lines.map((l) => JSON.parse(l) as JsonRpcReply);
  }

  /** Sends a request and waits for the reply with its id. */
  async request(id: string | number, method: string, params?: unknown): Promise<JsonRpcReply> {
    const message: Record<string, unknown> = { jsonrpc: "2.0", id, method };
    if (params !== undefined) message["params"] = params;
    this.send(message);
    return this.waitForId(id);
  }

  async waitForId(id: string | number | null, timeoutMs = 120_000): Promise<JsonRpcReply> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.replies().find((r) => r.id === id);
      if (found !== undefined) return found;
      if (this.child.exitCode !== null) throw new Error(`server exited before replying to ${String(id)}; stderr: ${this.stderr.slice(0, 500)}`);
      if (Date.now() > deadline) throw new Error(`timed out waiting for reply ${String(id)}`);
      await this.waitForLines(this.lines.length + 1, Math.max(1, deadline - Date.now())).catch(() => undefined);
    }
  }

  async initialize(protocolVersion = "2025-11-25"): Promise<JsonRpcReply> {
    const reply = await this.request("init", "initialize", { protocolVersion, capabilities: {}, clientInfo: { name: "test", version: "1" } });
    this.send({ jsonrpc: "2.0", method: "notifications/initialized" });
    return reply;
  }

  async callTool(id: string | number, name: string, args: unknown): Promise<JsonRpcReply> {
    return this.request(id, "tools/call", { name, arguments: args });
  }

  async close(): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
    this.end();
    const timer = setTimeout(() => this.child.kill("SIGKILL"), 30_000);
    const result = await this.exited;
    clearTimeout(timer);
    return result;
  }
}

/** The tool result of a tools/call reply. */
export interface ToolCallResult {
  content: { type: string; text: string }[];
  structuredContent: Record<string, unknown>;
  isError?: boolean;
}

export function toolResult(reply: JsonRpcReply): ToolCallResult {
  if (reply.result === undefined) throw new Error(`expected a result, got ${JSON.stringify(reply.error)}`);
  return reply.result as unknown as ToolCallResult;
}

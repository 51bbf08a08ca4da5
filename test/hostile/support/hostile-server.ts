import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { CLI, NODE, PROJECT_ROOT } from "../../host/support/server-process.js";

export { ENGINE_MISSING, ENGINE_PRESENT, ENGINE_SKIP_REASON } from "../../host/support/server-process.js";

export interface Reply {
  jsonrpc: "2.0";
  id: string | number | null;
  result?: Record<string, unknown>;
  error?: { code: number; message: string; data?: unknown };
}

export interface ToolAnswer {
  content: { type: string; text: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

/** The canary: a buffer opened first whose diagnostics must be the same at the end (the other buffers are intact). */
const CANARY_URI = "groovy-buffer:hostile-canary";
const CANARY_TEXT = "class Canary {\n  int size\n}\nnew Canary().missing()\nnew NotThere()\n";

/**
 * A server on real pipes for hostile inputs. Each stdout line is parsed once; a pinger sends `ping` every 100 ms
 * while a case runs and records each round trip, so a case can prove the server answered every ping within
 * PING_LIMIT_MS throughout. `finish()` checks what every case must keep: the process alive, stdout nothing but JSON-RPC lines,
 * the canary buffer unchanged, and every ping answered.
 */
export class HostileServer {
  readonly child: ChildProcessWithoutNullStreams;
  readonly rawLines: string[] = [];
  stderr = "";
  private pending = "";
  private readonly replies = new Map<string, Reply>();
  private readonly waiters = new Map<string, (reply: Reply) => void>();
  private nextId = 0;
  private pinging = false;
  private pinger: Promise<void> | undefined;
  /** Each ping's round trip less the time this test process itself was late (see clientLagBetween). */
  readonly pingMs: number[] = [];
  /** Raw round trips, as measured. */
  readonly rawPingMs: number[] = [];
  /** Lateness samples of this process's own event loop: [when it fired, how late], from a 10 ms timer. */
  private readonly lag: [number, number][] = [];
  private lagTimer: ReturnType<typeof setInterval> | undefined;
  private canaryBefore: string | undefined;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  private exitInfo: { code: number | null; signal: NodeJS.Signals | null } | undefined;

  constructor(args: string[] = [], env: NodeJS.ProcessEnv = {}) {
    this.child = spawn(NODE, [CLI, ...args], { env: { ...process.env, ...env }, cwd: PROJECT_ROOT, stdio: ["pipe", "pipe", "pipe"] });
    this.child.stdout.setEncoding("utf8");
    this.child.stdout.on("data", (chunk: string) => {
      this.pending += chunk;
      for (let nl = this.pending.indexOf("\n"); nl !== -1; nl = this.pending.indexOf("\n")) {
        const line = this.pending.slice(0, nl);
        this.pending = this.pending.slice(nl + 1);
        this.rawLines.push(line.length > 300 ? line.slice(0, 300) : line);
        this.accept(line);
      }
    });
    this.child.stderr.setEncoding("utf8");
    this.child.stderr.on("data", (chunk: string) => {
      if (this.stderr.length < 1_000_000) this.stderr += chunk;
    });
    this.child.stdin.on("error", () => {});
    this.exited = new Promise((resolve) => {
      this.child.on("exit", (code, signal) => {
        this.exitInfo = { code, signal };
        resolve({ code, signal });
        for (const waiter of this.waiters.values()) waiter({ jsonrpc: "2.0", id: null, error: { code: 0, message: `server exited (${String(code)}/${String(signal)})` } });
        this.waiters.clear();
      });
    });
  }

  /** Lines that are not JSON-RPC replies: must stay empty. */
  readonly badLines: string[] = [];

  private accept(line: string): void {
    let reply: Reply;
    try {
      reply = JSON.parse(line) as Reply;
    } catch {
      this.badLines.push(line.slice(0, 200));
      return;
    }
    if (reply.jsonrpc !== "2.0" || (reply.result === undefined) === (reply.error === undefined)) {
      this.badLines.push(line.slice(0, 200));
      return;
    }
    const key = JSON.stringify(reply.id);
    const waiter = this.waiters.get(key);
    if (waiter !== undefined) {
      this.waiters.delete(key);
      waiter(reply);
    } else {
      this.replies.set(key, reply);
    }
  }

  get alive(): boolean {
    return this.exitInfo === undefined;
  }

  writeLine(line: string): void {
    this.child.stdin.write(line + "\n");
  }

  /** Waits for the reply with this id (as JSON.parse reads it back). */
  waitFor(id: string | number | null, timeoutMs = 120_000): Promise<Reply> {
    const key = JSON.stringify(id);
    const ready = this.replies.get(key);
    if (ready !== undefined) {
      this.replies.delete(key);
      return Promise.resolve(ready);
    }
    if (!this.alive) return Promise.reject(new Error(`server is dead; stderr: ${this.stderr.slice(-800)}`));
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters.delete(key);
        reject(new Error(`no reply to ${key} within ${timeoutMs} ms; stderr: ${this.stderr.slice(-800)}`));
      }, timeoutMs);
      this.waiters.set(key, (reply) => {
        clearTimeout(timer);
        resolve(reply);
      });
    });
  }

  request(method: string, params?: unknown, timeoutMs?: number): Promise<Reply> {
    const id = `r${this.nextId++}`;
    const message: Record<string, unknown> = { jsonrpc: "2.0", id, method };
    if (params !== undefined) message["params"] = params;
    this.writeLine(JSON.stringify(message));
    return this.waitFor(id, timeoutMs);
  }

  async tool(name: string, args: Record<string, unknown>, timeoutMs?: number): Promise<ToolAnswer> {
    const reply = await this.request("tools/call", { name, arguments: args }, timeoutMs);
    if (reply.result === undefined) throw new Error(`${name}: JSON-RPC error ${JSON.stringify(reply.error)}`);
    return reply.result as unknown as ToolAnswer;
  }

  /** Initializes, opens the canary buffer, records its diagnostics and starts the pinger. */
  async start(options: { canary?: boolean } = {}): Promise<this> {
    const init = await this.request("initialize", { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "hostile", version: "1" } });
    if (init.result === undefined) throw new Error(`initialize failed: ${JSON.stringify(init.error)}`);
    this.writeLine(JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }));
    if (options.canary !== false) {
      const answer = await this.tool("groovy_diagnostics", { text: CANARY_TEXT, uri: CANARY_URI });
      if (answer.isError === true) throw new Error(`canary failed: ${answer.content[0]?.text ?? ""}`);
      this.canaryBefore = JSON.stringify(answer.structuredContent);
    }
    this.startPinger();
    return this;
  }

  /**
   * How long this test process's own event loop was blocked between two instants (its 10 ms timer's lateness):
   * a control, so that time the client (building a half-megabyte source, parsing a 1 MB reply, or not being
   * scheduled) was late is not counted against the server. The server's own lateness is never subtracted.
   */
  private clientLagBetween(from: number, to: number): number {
    let late = 0;
    for (let i = this.lag.length - 1; i >= 0; i--) {
      const [at, ms] = this.lag[i]!;
      if (at < from) break;
      if (at <= to) late += ms;
    }
    return late;
  }

  startPinger(): void {
    if (this.pinging) return;
    this.pinging = true;
    let expected = performance.now() + 10;
    this.lagTimer = setInterval(() => {
      const now = performance.now();
      const late = Math.max(0, now - expected);
      if (late > 1) this.lag.push([now, late]);
      expected = now + 10;
    }, 10);
    this.pinger = (async () => {
      let n = 0;
      while (this.pinging && this.alive) {
        const id = `ping-${n++}`;
        const sent = performance.now();
        this.writeLine(JSON.stringify({ jsonrpc: "2.0", id, method: "ping" }));
        const reply: Reply = await this.waitFor(id, 30_000).catch((error: unknown) => ({ jsonrpc: "2.0" as const, id, error: { code: 0, message: String(error) } }));
        if (reply.result === undefined) throw new Error(`ping ${id} failed: ${JSON.stringify(reply.error)}`);
        const received = performance.now();
        this.rawPingMs.push(received - sent);
        this.pingMs.push(Math.max(0, received - sent - this.clientLagBetween(sent, received + 15)));
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
  }

  async stopPinger(): Promise<void> {
    this.pinging = false;
    await this.pinger;
    if (this.lagTimer !== undefined) clearInterval(this.lagTimer);
  }

  /** The worst ping round trip so far, in ms. */
  get worstPingMs(): number {
    return this.pingMs.length === 0 ? 0 : Math.max(...this.pingMs);
  }

  /**
   * The invariants of every hostile case; returns what failed (empty when all hold) so the test can assert it
   * with one readable message.
   */
  async finish(): Promise<string[]> {
    const problems: string[] = [];
    await this.stopPinger().catch((error: unknown) => problems.push(String(error)));
    if (!this.alive) problems.push(`server died: ${JSON.stringify(this.exitInfo)}; stderr: ${this.stderr.slice(-800)}`);
    if (this.alive && this.canaryBefore !== undefined) {
      const answer = await this.tool("groovy_diagnostics", { uri: CANARY_URI }).catch((error: unknown) => ({ content: [{ type: "text", text: String(error) }], isError: true }) as ToolAnswer);
      const now = JSON.stringify(answer.structuredContent);
      if (answer.isError === true || now !== this.canaryBefore) problems.push(`canary buffer changed: ${answer.content[0]?.text ?? now}`);
    }
    if (this.pingMs.length === 0) problems.push("no ping was answered");
    const all = `${this.pingMs.length} pings less client lag: ${this.pingMs.map(Math.round).join(",")}; raw: ${this.rawPingMs.map(Math.round).join(",")}`;
    const slow = this.pingMs.filter((ms) => ms > PING_LIMIT_MS).length;
    console.log(`ping: ${this.pingMs.length} answered, worst ${Math.round(this.worstPingMs)} ms (raw round trip: worst ${Math.round(Math.max(0, ...this.rawPingMs))} ms)`);
    if (slow > 0) problems.push(`${slow} pings took over ${PING_LIMIT_MS} ms, the worst ${Math.round(this.worstPingMs)} ms (${all})`);
    this.child.stdin.end();
    const timer = setTimeout(() => this.child.kill("SIGKILL"), 20_000);
    const exit = await this.exited;
    clearTimeout(timer);
    if (exit.code !== 0) problems.push(`exit ${JSON.stringify(exit)}`);
    if (this.pending.length > 0) problems.push(`stdout ended with a partial line: ${this.pending.slice(0, 100)}`);
    if (this.badLines.length > 0) problems.push(`stdout carried non-JSON-RPC lines: ${this.badLines.slice(0, 3).join(" | ")}`);
    return problems;
  }
}

/**
 * The acceptance bound on a ping round trip while a hostile call runs (issue 13): 200 ms, for every single ping.
 * The host thread never holds a huge result (the worker cuts results to the result limit before posting them), so
 * what is left between two pings is ordinary work, far below 200 ms. The bound leaves room for a 2-core machine
 * that other processes keep busy, while a server that blocked its thread on a huge result or a runaway call would
 * still miss it by seconds. What is asserted is each round trip less the time
 * the test process itself was late during it (a 10 ms timer-drift control, clientLagBetween): a client that is
 * busy or not scheduled is not the server's fault; the server's own lateness, and the OS not scheduling the
 * server, still count. Failures print both figures. HOSTILE_PING_LIMIT_MS only tightens the bound.
 */
export const PING_LIMIT_MS = Math.min(200, Number(process.env["HOSTILE_PING_LIMIT_MS"] ?? 200));

export function text(answer: ToolAnswer): string {
  return answer.content.map((c) => c.text).join("\n");
}

import type { JsonObject } from "../../json/json.js";
import type { EngineService } from "./engine-service.js";
import { EngineArgumentError, EngineInternalError, EngineStateError, EngineTimeoutError } from "../core/errors.js";
import type { ResultCut } from "../core/engine-connection.js";
import { quoteClientString } from "../../limits/quote-client-string.js";
import { deepestNesting, type NestingPoint } from "./nesting-depth.js";

export interface ContainedEngineOptions {
  /** Most characters all open buffers may hold together (Limits.maxTotalBufferChars); 0: no budget. */
  readonly maxTotalChars?: number;
  /** Deepest bracket nesting compiled (Limits.maxNestingDepth); a deeper buffer answers a depth error. 0: no check. */
  readonly maxNestingDepth?: number;
  /** Operator log: one line per buffer set aside (never source text). */
  readonly log?: (line: string) => void;
  /** How the messages name the front end and its remedies (lint and the playground use this layer too). */
  readonly words?: ContainmentWords;
  /**
   * When a call about no one buffer (a workspace-wide query: symbols by name) crashes or times out, compile each
   * open buffer alone to find the one whose compile runs away, and set that one aside, never a bystander. The MCP
   * server's clients run such queries; lint's unit call names its buffers, and the page runs none.
   */
  readonly attributeWorkspaceCrashes?: boolean;
}

export interface ContainmentWords {
  /** Who owns the depth limit: "past the 1000 levels <limitOwner> compiles". Default "this server". */
  readonly limitOwner?: string;
  /** Where a too-deep buffer's error is reported. Default "groovy_diagnostics reports it". */
  readonly diagnosticsHint?: string;
  /** How to drop a set-aside buffer. Default "close it with groovy_close". */
  readonly closeHint?: string;
  /** How to replace a set-aside buffer. Default "replace it (pass text with this uri)". */
  readonly replaceHint?: string;
  /** How to make room under the total budget. Default "close a buffer with groovy_close first". */
  readonly budgetHint?: string;
}

/**
 * A buffer containment keeps out of the compiler, and why: nested past the depth limit or out of the engine's stack
 * (`too-deep`: its diagnostics are one "parsing failed" error), stopped by the watchdog (`timed-out`), or set aside
 * after another crash on it (`crashed`). It stays kept out until it is replaced (opened with new text) or closed.
 */
export interface KeptOut {
  readonly reason: "too-deep" | "timed-out" | "crashed";
  /** The client-facing words: the depth error's message, or why the buffer was set aside. */
  readonly message: string;
}

/** The one diagnostic containment answers for a too-deep buffer (the diagnostics op's shape). */
interface DepthDiagnostic {
  readonly range: { readonly start: { readonly line: number; readonly character: number }; readonly end: { readonly line: number; readonly character: number } };
  readonly severity: "error";
  readonly message: string;
}

/** The MCP server's words (the default). */
const SERVER_WORDS: Required<ContainmentWords> = {
  limitOwner: "this server",
  diagnosticsHint: "groovy_diagnostics reports it",
  closeHint: "close it with groovy_close",
  replaceHint: "replace it (pass text with this uri)",
  budgetHint: "close a buffer with groovy_close first",
};

/**
 * Crash containment and the memory budget, as a layer over the recovering engine (runtime-neutral: no Node).
 *
 * Open buffers compile together, so a buffer that crashes the engine (a trap, running out of the worker's heap,
 * the watchdog, or an internal error the engine reports) would fail every later call on every buffer if it were
 * kept. So the buffer the failed call was about is SET ASIDE: closed in the engine (never re-opened into the fresh
 * instance), while the host remembers it and why. Until the client replaces it (opens it with new text) or closes
 * it, each call on it answers a caller error that names it and the reason; every other buffer keeps working.
 *
 * The budget: the characters of all open buffers together are bounded, so many large buffers cannot together
 * exhaust memory. An open past the budget is refused with an argument error that says how to make room.
 *
 * Depth: a buffer that nests brackets deeper than maxNestingDepth is never sent to the engine, and one that runs
 * the engine out of stack anyway (a long operator chain) is not sent again. Either way it stays open and its
 * diagnostics are one error, "parsing failed", at its deepest brackets, as the stock compiler answers "parsing
 * failed" when its own stack runs out; its other calls answer a tool error saying it does not parse.
 */
export class ContainedEngine implements EngineService {
  private readonly setAside = new Map<string, { readonly reason: "timed-out" | "crashed"; readonly why: string }>();
  private readonly tooDeep = new Map<string, DepthDiagnostic>();
  private readonly texts = new Map<string, string>();
  private readonly sizes = new Map<string, number>();
  private readonly maxNestingDepth: number;
  private total = 0;
  private readonly maxTotalChars: number;
  private readonly log: (line: string) => void;
  private readonly words: Required<ContainmentWords>;
  private readonly attribute: boolean;

  constructor(
    private readonly inner: EngineService,
    options: ContainedEngineOptions = {},
  ) {
    this.maxTotalChars = options.maxTotalChars ?? 0;
    this.maxNestingDepth = options.maxNestingDepth ?? 0;
    this.log = options.log ?? (() => undefined);
    this.words = { ...SERVER_WORDS, ...options.words };
    this.attribute = options.attributeWorkspaceCrashes ?? false;
  }

  /** Characters held by all open buffers together (reported against the budget). */
  totalChars(): number {
    return this.total;
  }

  /** Why a buffer was set aside, or undefined when it was not. */
  setAsideReason(uri: string): string | undefined {
    return this.setAside.get(uri)?.why;
  }

  /** What this layer keeps of `uri` out of the compiler, or undefined when the buffer compiles (or is not open). */
  keptOut(uri: string): KeptOut | undefined {
    const aside = this.setAside.get(uri);
    if (aside !== undefined) return { reason: aside.reason, message: aside.why };
    const deep = this.tooDeep.get(uri);
    return deep === undefined ? undefined : { reason: "too-deep", message: deep.message };
  }

  async request(op: string, params: JsonObject, cut?: ResultCut): Promise<JsonObject> {
    const text = params["text"];
    if (op === "declarations" && typeof text === "string" && this.maxNestingDepth > 0) {
      // read by the same parser as a compile, so the same depth keeps it out
      const deep = deepestNesting(text, this.maxNestingDepth);
      if (deep !== undefined && deep.depth > this.maxNestingDepth) {
        throw new EngineArgumentError(`the source nests brackets deeper than ${this.maxNestingDepth} levels, so its declarations are not read`);
      }
    }
    const uri = typeof params["uri"] === "string" ? params["uri"] : undefined;
    if (uri !== undefined) {
      const aside = this.setAside.get(uri);
      if (aside !== undefined) throw new EngineStateError(setAsideMessage(uri, aside.why, this.words));
      const deep = this.tooDeep.get(uri);
      if (deep !== undefined) return depthAnswer(uri, op, deep, this.words);
    }
    try {
      return await this.inner.request(op, params, cut);
    } catch (error) {
      if (uri !== undefined && error instanceof EngineInternalError && error.stackOverflow) {
        // the recovering engine has already dropped it from the fresh instance; it stays open here
        const deep = depthDiagnostic(deepestNesting(this.texts.get(uri) ?? ""), this.words);
        this.tooDeep.set(uri, deep);
        this.log(`a buffer ran the engine out of stack during ${op.slice(0, 40)}; it answers a depth error until replaced`);
        return depthAnswer(uri, op, deep, this.words);
      }
      if (uri === undefined && this.attribute && params["uris"] === undefined && crashReason(error) !== undefined) throw await this.attributed(error);
      throw await this.contain(error, uri, op);
    }
  }

  /**
   * A workspace-wide call crashed or ran past the limit: each open buffer's compile alone (its diagnostics) tells
   * which one runs away. Those are set aside; the call's error names them. No culprit: the error as it was.
   */
  private async attributed(error: unknown): Promise<unknown> {
    const culprits: string[] = [];
    for (const uri of this.inner.openUris()) {
      try {
        await this.inner.request("diagnostics", { uri });
      } catch (probeError) {
        if (crashReason(probeError) === undefined) {
          // an engine that cannot run any more (or a caller error on a buffer) ends the search
          if (!(probeError instanceof EngineStateError || probeError instanceof EngineArgumentError)) break;
          continue;
        }
        await this.contain(probeError, uri, "diagnostics");
        culprits.push(uri);
      }
    }
    if (culprits.length === 0) return error;
    const named = culprits.map((uri) => setAsideMessage(uri, this.setAside.get(uri)?.why ?? "", this.words, true)).join("; ");
    if (error instanceof EngineTimeoutError) return new EngineTimeoutError(`${error.message}; ${named}`, error.limitMs);
    return new EngineStateError(`${error instanceof Error ? error.message : "the engine failed"}; ${named}`);
  }

  async open(uri: string, text: string): Promise<void> {
    const previous = this.sizes.get(uri) ?? 0;
    const after = this.total - previous + text.length;
    if (this.maxTotalChars > 0 && after > this.maxTotalChars) {
      throw new EngineArgumentError(
        `opening ${quoteClientString(uri)} (${text.length} characters) would take the open buffers past their total budget of ${this.maxTotalChars} characters (${this.total - previous} are open); ${this.words.budgetHint}`,
      );
    }
    this.setAside.delete(uri); // replacing a set-aside buffer is how the client recovers it
    this.tooDeep.delete(uri);
    const deep = this.maxNestingDepth > 0 ? deepestNesting(text, this.maxNestingDepth) : undefined;
    if (deep !== undefined && deep.depth > this.maxNestingDepth) {
      if (this.inner.isOpen(uri)) await this.inner.close(uri);
      this.tooDeep.set(uri, depthDiagnostic(deep, this.words, this.maxNestingDepth));
      this.track(uri, text);
      return;
    }
    try {
      await this.inner.open(uri, text);
    } catch (error) {
      throw await this.contain(error, uri, "open");
    }
    this.track(uri, text);
  }

  async close(uri: string): Promise<boolean> {
    if (this.setAside.delete(uri) || this.tooDeep.delete(uri)) {
      if (this.inner.isOpen(uri)) await this.inner.close(uri);
      this.untrack(uri);
      return true;
    }
    const closed = await this.inner.close(uri);
    this.untrack(uri);
    return closed;
  }

  isOpen(uri: string): boolean {
    // a set-aside buffer is still the client's until it is replaced or closed, so calls on it reach request()
    return this.setAside.has(uri) || this.tooDeep.has(uri) || this.inner.isOpen(uri);
  }

  openCount(): number {
    return this.openUris().length;
  }

  openUris(): string[] {
    return [...new Set([...this.inner.openUris(), ...this.setAside.keys(), ...this.tooDeep.keys()])];
  }

  private track(uri: string, text: string): void {
    this.total += text.length - (this.sizes.get(uri) ?? 0);
    this.sizes.set(uri, text.length);
    this.texts.set(uri, text);
  }

  private untrack(uri: string): void {
    this.total -= this.sizes.get(uri) ?? 0;
    this.sizes.delete(uri);
    this.texts.delete(uri);
  }

  /** Turns a crash about one buffer into that buffer set aside and a caller error; other errors pass through. */
  private async contain(error: unknown, uri: string | undefined, op: string): Promise<unknown> {
    const why = crashReason(error);
    if (why === undefined || uri === undefined) return error;
    if (this.inner.isOpen(uri)) {
      try {
        await this.inner.close(uri);
      } catch {
        // the instance may be gone again; the recovering engine re-opens only what it still holds
      }
    }
    this.setAside.set(uri, { reason: error instanceof EngineTimeoutError ? "timed-out" : "crashed", why });
    this.log(`a buffer was set aside after the engine failed on it during ${op.slice(0, 40)} (${why.slice(0, 120)})`);
    if (error instanceof EngineTimeoutError) {
      // still the watchdog's error (a tool error naming the limit), now saying the buffer is set aside
      const stopped = error.message.replace(/; its buffer .*$/, "");
      return new EngineTimeoutError(`${stopped}; ${setAsideMessage(uri, why, this.words, true)}`, error.limitMs);
    }
    return new EngineStateError(setAsideMessage(uri, why, this.words, true));
  }
}

/** Why a failure is a crash worth setting the buffer aside for, in words for the client; undefined otherwise. */
function crashReason(error: unknown): string | undefined {
  if (error instanceof EngineTimeoutError) return `it ran past the call time limit of ${error.limitMs} ms`;
  if (error instanceof EngineInternalError) {
    if (/out of memory/i.test(error.message)) {
      const limit = /heap limit is (\d+) MiB/.exec(error.message)?.[1];
      return limit === undefined ? "compiling it ran out of memory" : `compiling it ran out of memory: it reached the engine heap limit of ${limit} MiB (workerHeapMb), and the engine was restarted`;
    }
    if (error.instanceLost) return `the engine crashed on it (${error.message}) and was restarted`;
    return `the engine failed on it (${error.message})`;
  }
  return undefined;
}

function setAsideMessage(uri: string, why: string, words: Required<ContainmentWords>, now = false): string {
  return `buffer ${quoteClientString(uri)} ${now ? "was set aside" : "is set aside"}: ${why}. The other buffers keep working; ${words.replaceHint} or ${words.closeHint}`;
}

/**
 * The depth error, at the opening bracket where the nesting goes past the limit (or, when the engine ran out of
 * stack below it, at the deepest brackets; at the start when there are none, e.g. a chain of 100,000 `+` terms).
 */
function depthDiagnostic(point: NestingPoint | undefined, words: Required<ContainmentWords>, limit?: number): DepthDiagnostic {
  const at = { line: point?.line ?? 0, character: point?.character ?? 0 };
  const why =
    limit !== undefined && point !== undefined
      ? `brackets nest ${point.depth} levels deep here, past the ${limit} levels ${words.limitOwner} compiles`
      : point !== undefined && point.depth > 1
        ? `this source nests deeper than the compiler's stack holds (its deepest brackets, ${point.depth} levels, start here)`
        : "this source nests deeper than the compiler's stack holds (a very long expression or chain of statements)";
  return {
    range: { start: at, end: { line: at.line, character: at.character + 1 } },
    severity: "error",
    message: `parsing failed: ${why}. Split the expression or reduce the nesting`,
  };
}

/** A too-deep buffer's answer: its diagnostics are the depth error; any other call is a tool error saying so. */
function depthAnswer(uri: string, op: string, deep: DepthDiagnostic, words: Required<ContainmentWords>): JsonObject {
  // the diagnostics op's answer (DiagnosticsResult in src/workspace/results.ts)
  if (op === "diagnostics") return { uri, diagnostics: [{ range: deep.range, severity: deep.severity, message: deep.message }], errorCount: 1, warningCount: 0 };
  throw new EngineStateError(`buffer ${quoteClientString(uri)} does not parse (${deep.message}; line ${deep.range.start.line + 1}); ${words.diagnosticsHint}`);
}

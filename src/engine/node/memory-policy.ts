/**
 * The engine worker's memory policy: how much resident memory a long session may take, traded against speed.
 *
 * After a long run over real code (2,000 files cycling through 947) the process peaked at 611-632 MB with V8's
 * defaults, of which only ~254 MB is live data (the parser's DFA 182, the rest of the engine 72). The rest: a
 * 128 MiB young generation (V8 doubles its new space when pointer compression is off, as in Node), an old generation
 * V8 grows to ~1.2-4x the live set, and ~150-180 MB outside the JS heap (the module's machine code ~33, malloc ~65-90,
 * Node's mapped binary ~56), which no flag here changes much. The lean policy (why: docs/performance.md,
 * "Memory policies"):
 * - a 48 MiB young generation (new space 32 MiB): about -100 MB;
 * - `--heap-growing-percent=25`: the old generation's limit is 1.25x the live set after each major GC instead of
 *   V8's dynamic 1.1-4x, which after a DFA clear (allocation-heavy re-warming) goes to the top. Applied by the worker
 *   once its heap after a call passes 128 MiB (with a full GC then, so the next limit is set with the bound), not
 *   from the start: while the heap grows from nothing to the
 *   engine's working set (load, the first compiles) the bound makes V8 collect at every 25% of growth, which cost
 *   ~150 ms of spawn -> first diagnostics (docs/performance.md, "Memory policies");
 * - the parser's DFA budget at 450,000 entries (~70 MB of wasm heap, ~160 bytes an entry; the engine's own default
 *   is 1,000,000 and the 947 real files reach 978,508): the bench's 300 warm files need 375,823, so that row never
 *   clears; a run over more distinct code than it holds clears and re-warms every few hundred files (2,000 real
 *   files: 5 clears). Sharing the DFA's int arrays made entries cheaper (docs/performance.md,
 *   "The parser's DFA"): 450,000 takes another ~13 MB off the 2,000-file peak for ~+10% of that run's CPU;
 * - a full GC right after the engine has cleared its DFA, so the old generation's next limit is set from the live
 *   set without the old cache instead of with it; a memory-reducing one, so that V8 also gives back the heap pages it
 *   freed, which it otherwise keeps in a pool for reuse (docs/performance.md, "Memory policies");
 * - one more such GC per fill of the DFA, once it passes 80% of its budget: the pages pooled while it grew go back
 *   before the highest part of the run (about -20 MB at the peak, +8% of a 2,000-file run's time).
 *
 * `GROOVYMCP_MEMORY=speed` restores V8's defaults and the engine's budget (faster on a long run over a large, varied
 * code base, at ~1.6x the peak); `verbose` is lean and logs one stderr line when the worker starts and one per DFA
 * clear (what the benches read). Answers never depend on the policy: the DFA is a cache of the parser's decisions.
 */
export const MEMORY_VARIABLE = "GROOVYMCP_MEMORY";

export interface MemoryPolicy {
  readonly name: "lean" | "speed";
  /** The worker's resourceLimits.maxYoungGenerationSizeMb; undefined: V8's default (a 128 MiB new space here). */
  readonly youngGenerationMb?: number;
  /** `--heap-growing-percent` (process-wide: V8 reads it at every limit computation, in every isolate). */
  readonly heapGrowingPercent?: number;
  /** The worker sets that flag once its used heap after a call passes this many MiB; undefined: before it starts. */
  readonly heapGrowingFromMb?: number;
  /** The parser's DFA budget in entries, set once the engine is up; undefined: the engine's default (1,000,000). */
  readonly parserDfaBudget?: number;
  /** A full GC in the worker after a call during which the engine cleared its DFA. */
  readonly gcAfterDfaClear: boolean;
  /**
   * A memory-reducing GC once per fill of the DFA, after the first call that leaves it past this fraction of its
   * budget (needs `parserDfaBudget`): it gives back the pages V8 pooled while the DFA grew, before the highest part
   * of a long run's resident memory. Undefined: none.
   */
  readonly gcNearDfaBudget?: number;
  /** One operator line when the worker is up (its heap limit) and one per DFA clear. */
  readonly verbose?: boolean;
}

export const LEAN_MEMORY: MemoryPolicy = { name: "lean", youngGenerationMb: 48, heapGrowingPercent: 25, heapGrowingFromMb: 128, parserDfaBudget: 450_000, gcAfterDfaClear: true, gcNearDfaBudget: 0.8 };
export const SPEED_MEMORY: MemoryPolicy = { name: "speed", gcAfterDfaClear: false };

/**
 * `GROOVYMCP_MEMORY=speed` (or `fast`): V8's defaults; `lean`: the lean policy; `verbose`: lean, logged; anything
 * else, unset included: the front end's default (the server and check: lean; lint, a batch job whose time counts
 * and whose process ends with it: speed).
 */
export function memoryPolicy(env: Readonly<Record<string, string | undefined>>, fallback: MemoryPolicy = LEAN_MEMORY): MemoryPolicy {
  const raw = env[MEMORY_VARIABLE]?.trim().toLowerCase();
  return raw !== undefined && Object.hasOwn(MEMORY_SETTINGS, raw) ? (MEMORY_SETTINGS[raw] as MemoryPolicy) : fallback;
}

/** The values GROOVYMCP_MEMORY takes, trimmed and lower-cased. */
const MEMORY_SETTINGS: Readonly<Record<string, MemoryPolicy>> = Object.freeze({
  speed: SPEED_MEMORY,
  fast: SPEED_MEMORY,
  lean: LEAN_MEMORY,
  verbose: Object.freeze({ ...LEAN_MEMORY, verbose: true }),
});

/** A stderr warning when GROOVYMCP_MEMORY is set to a value {@link memoryPolicy} does not know (blank counts as unset). */
export function memoryPolicyWarning(env: Readonly<Record<string, string | undefined>>, quote: (value: string) => string): string | undefined {
  const raw = env[MEMORY_VARIABLE];
  const value = raw?.trim().toLowerCase();
  if (raw === undefined || value === undefined || value.length === 0 || Object.hasOwn(MEMORY_SETTINGS, value)) return undefined;
  return `warning: ${MEMORY_VARIABLE} is ${quote(raw)}, not speed, lean or verbose; it is ignored and the default applies`;
}

/** What the worker needs of the policy (it crosses to the worker in workerData, so plain data). */
export interface WorkerMemorySettings {
  readonly name: string;
  /** Set by the worker once its heap passes `heapGrowingFromMb` (absent: nothing to set there). */
  readonly heapGrowingPercent?: number;
  readonly heapGrowingFromMb?: number;
  readonly parserDfaBudget?: number;
  readonly gcAfterDfaClear: boolean;
  readonly gcNearDfaBudget?: number;
  readonly verbose?: boolean;
}

/**
 * In the worker: the old generation's growth bound, set once the heap after a call has passed the policy's size.
 * Returns the flag to set, once; the caller sets it (process-wide, so a restarted worker keeps it).
 */
export class DeferredGrowthBound {
  private done = false;

  constructor(private readonly settings: WorkerMemorySettings) {
    this.done = settings.heapGrowingPercent === undefined || settings.heapGrowingFromMb === undefined;
  }

  afterCall(usedHeapBytes: number): string | undefined {
    if (this.done || usedHeapBytes < (this.settings.heapGrowingFromMb ?? 0) * 2 ** 20) return undefined;
    this.done = true;
    return `--heap-growing-percent=${this.settings.heapGrowingPercent}`;
  }
}

/** The engine export the policy drives (docs/engine-contract.md: `parserCache`). */
export type ParserCacheExport = (budget: number) => string;

/**
 * In the worker: sets the DFA budget once the engine is up, and after each call reads the DFA's size; when it went
 * down, the engine cleared the cache during that call, and a full GC then drops the old cache at once. Reading the
 * size walks the parser's decisions (a few hundred map sizes), microseconds against any compile.
 */
export class DfaClearCollector {
  private lastEntries = 0;
  private clearsSeen = 0;
  /** Entries past which the once-per-fill GC runs (Infinity: never), and whether this fill has had it. */
  private readonly nearBudget: number;
  private nearBudgetDone = false;

  constructor(
    private readonly parserCache: ParserCacheExport,
    private readonly gc: (() => void) | undefined,
    settings: WorkerMemorySettings,
    /** Called after each clear with the entries before it, when the policy is verbose. */
    private readonly onClear?: (entriesBefore: number) => void,
  ) {
    const budget = settings.parserDfaBudget;
    if (budget !== undefined && budget > 0) parserCache(budget);
    const fraction = settings.gcNearDfaBudget;
    this.nearBudget = budget !== undefined && budget > 0 && fraction !== undefined && fraction > 0 && fraction < 1 ? budget * fraction : Infinity;
  }

  /** The DFA's size now (DFA states plus cached prediction contexts). */
  entries(): number {
    const parsed = JSON.parse(this.parserCache(0)) as { entries?: unknown };
    return typeof parsed.entries === "number" ? parsed.entries : 0;
  }

  afterCall(): void {
    if (this.gc === undefined && this.onClear === undefined) return;
    const now = this.entries();
    if (now < this.lastEntries) {
      this.clearsSeen++;
      this.nearBudgetDone = false;
      this.gc?.();
      this.onClear?.(this.lastEntries);
    } else if (!this.nearBudgetDone && now >= this.nearBudget && this.gc !== undefined) {
      this.nearBudgetDone = true;
      this.gc();
    }
    this.lastEntries = now;
  }

  /** Clears seen (and collected) so far. */
  clears(): number {
    return this.clearsSeen;
  }
}

/**
 * `GROOVYMCP_LINT_PHASES=1`: one stderr line per phase of a run (discovery, the first engine's start, the
 * declarations pass, sending the project model, the units, the report) with its wall time and the process's resident
 * memory, so that where a run's time and memory go can be read on a real tree without a profiler (bench/README.md).
 * Off by default: an ordinary run prints nothing of it.
 */
export const PHASES_VARIABLE = "GROOVYMCP_LINT_PHASES";

export class PhaseLog {
  private last: number;

  constructor(
    private readonly started: number,
    private readonly write: ((line: string) => void) | undefined,
  ) {
    this.last = started;
  }

  static fromEnvironment(started: number, env: NodeJS.ProcessEnv = process.env): PhaseLog {
    return new PhaseLog(started, env[PHASES_VARIABLE] === "1" ? (line) => process.stderr.write(`groovymcp lint: ${line}\n`) : undefined);
  }

  get enabled(): boolean {
    return this.write !== undefined;
  }

  /** Ends a phase: its name, what it did (counts and sizes, never source text), its time and the RSS now. */
  end(phase: string, detail?: string): void {
    if (this.write === undefined) return;
    const now = performance.now();
    const rss = Math.round(process.memoryUsage().rss / (1024 * 1024));
    this.write(`phase ${phase}: ${((now - this.last) / 1000).toFixed(1)} s (at ${((now - this.started) / 1000).toFixed(1)} s), rss ${rss} MB${detail === undefined ? "" : `, ${detail}`}`);
    this.last = now;
  }
}

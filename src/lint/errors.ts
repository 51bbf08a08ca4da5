/**
 * A usage, configuration or I/O problem: `groovymcp lint` prints its one-line message (which names the option, field
 * or file) on stderr and exits 2.
 */
export class LintUsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "LintUsageError";
  }
}

import { neutralise } from "./report/neutralise.js";

/**
 * A usage, configuration or I/O problem: `groovymcp lint` prints its one-line message (which names the option, field
 * or file) on stderr and exits 2. The message is neutralised: it may quote a path from the repository under lint.
 */
export class LintUsageError extends Error {
  constructor(message: string) {
    super(neutralise(message));
    this.name = "LintUsageError";
  }
}

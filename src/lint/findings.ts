import type { FileKind } from "./file-kind.js";
import type { Severity } from "./rules.js";
import type { Range } from "../workspace/results.js";

/** Ranges are the engine's: 0-based line and UTF-16 character (one type for every front end). */
export type { Position, Range } from "../workspace/results.js";

/** One reported problem, after rule settings and suppressions. */
export interface Finding {
  readonly rule: string;
  readonly severity: Severity;
  readonly message: string;
  readonly range: Range;
  /**
   * Stable across runs and unrelated edits: a hash of the rule, the file, the trimmed text of the finding's line and
   * the message, plus a counter for identical ones. SARIF carries it as a partial fingerprint.
   */
  readonly fingerprint: string;
}

/** The findings of one file, sorted by position then rule. */
export interface FileReport {
  /** The absolute path, for reading the file again (SARIF fingerprints). */
  readonly path: string;
  /** Relative to the working directory, with `/`. */
  readonly displayPath: string;
  readonly kind: FileKind;
  readonly findings: readonly Finding[];
  /** Findings that a suppression comment silenced. */
  readonly suppressed: number;
}

export function compareFindings(a: Finding, b: Finding): number {
  return (
    a.range.start.line - b.range.start.line ||
    a.range.start.character - b.range.start.character ||
    (a.rule < b.rule ? -1 : a.rule > b.rule ? 1 : 0) ||
    (a.message < b.message ? -1 : a.message > b.message ? 1 : 0) ||
    a.range.end.line - b.range.end.line ||
    a.range.end.character - b.range.end.character
  );
}

// Types of fold-start-function.mjs for test/engine/start-fold.test.ts (the build step itself is plain ESM, run by Maven).
import type binaryen from "binaryen";
export interface FoldReport {
  /** Statements of the start function before the fold. */
  statements: number;
  /** The leading write-only statements, folded. */
  prefix: number;
  /** Statements the start function keeps: the links, then everything from the end of the prefix. */
  kept: number;
  /** Objects (immutable globals) whose initialiser now holds their fields. */
  objects: number;
  fields: number;
  /** Mutable globals whose initialiser now holds the value the prefix left in them. */
  globals: number;
  /** Fields that stay a struct.set, because two objects point at each other. */
  links: number;
}
export function foldStartFunction(B: typeof binaryen, bytes: Uint8Array): { bytes: Uint8Array; report: FoldReport };
/** Whether the module's bytes hold a "name" custom section (function names), read from the section headers. */
export function hasNameSection(bytes: Uint8Array): boolean;

import type { Range } from "./findings.js";

/** What the engine says about one file, in the shape of the engine's `lint` op (docs/engine-contract.md). */
export type DiagnosticCategory = "syntax" | "unresolved" | "type-check" | "duplicate" | "compiler";

export interface UnresolvedClass {
  /** The name as the compiler printed it: simple (`Foo`) or qualified (`org.x.Foo`). */
  readonly name: string;
  /** The explicit import that names the class, if any. */
  readonly import: string | null;
  /** Whether the package of that import exists in the class model, the classpath or an open buffer. */
  readonly packageKnown: boolean;
}

export interface EngineDiagnostic {
  readonly range: Range;
  readonly severity: "error" | "warning" | "information" | "hint";
  readonly message: string;
  readonly category: DiagnosticCategory;
  readonly unresolved?: UnresolvedClass;
}

export interface EngineRuleFinding {
  readonly rule: string;
  readonly range: Range;
  readonly message: string;
}

export interface EngineFileResult {
  readonly uri: string;
  readonly diagnostics: readonly EngineDiagnostic[];
  readonly findings: readonly EngineRuleFinding[];
  readonly unusedImports: readonly { range: Range; message: string }[];
}

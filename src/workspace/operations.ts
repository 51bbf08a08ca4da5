import type {
  AstResult, CompleteResult, DefaultImportsResult, DefinitionResult, DescribeResult, DiagnosticsResult, EditsResult,
  ImplementationsResult, InfoResult, KeywordsResult, LintResult, ReferencesResult, RenameResult, SignaturesResult,
  SymbolsResult, TokensResult,
} from "./results.js";

/**
 * The one operation table: every engine operation a front end may run, its arguments, their defaults and how
 * out-of-range values are treated. The MCP tools' input schemas and descriptions are generated from it, so no
 * number is written twice.
 */

/** How an operation takes its source: a buffer it needs, may take (symbols' query form), or none at all. */
export type SourceUse = "required" | "optional" | "none";

export interface ParamSpec {
  readonly type: "integer" | "string" | "boolean" | "string-array" | "string-map" | "string-array-map";
  /** For "string" and "string-map" values: the allowed strings. */
  readonly enum?: readonly string[];
  readonly description: string;
  readonly default?: number | boolean;
  readonly minimum?: number;
  readonly maximum?: number;
  /** Out-of-range values are clamped into [minimum, maximum] rather than refused (positions). */
  readonly clamp?: boolean;
}

export interface OperationSpec {
  readonly source: SourceUse;
  readonly params: Readonly<Record<string, ParamSpec>>;
  readonly required: readonly string[];
}

/** Where the source of a call comes from: text (plus an optional buffer uri), a path, or a uri alone. */
export interface SourceArguments {
  readonly text?: string;
  readonly path?: string;
  readonly uri?: string;
}
export interface PositionArguments {
  readonly line: number;
  readonly character: number;
}

export interface OperationArguments {
  diagnostics: SourceArguments & { readonly kind?: LintFileKind };
  describe: SourceArguments & PositionArguments;
  definition: SourceArguments & PositionArguments;
  implementations: SourceArguments & PositionArguments;
  references: SourceArguments & PositionArguments & { readonly maxResults?: number };
  symbols: SourceArguments & { readonly query?: string; readonly maxResults?: number };
  complete: SourceArguments & PositionArguments;
  signatures: SourceArguments & PositionArguments;
  tokens: SourceArguments & { readonly startLine?: number; readonly endLine?: number };
  format: SourceArguments & { readonly tabSize?: number; readonly insertSpaces?: boolean };
  organizeImports: SourceArguments;
  rename: SourceArguments & PositionArguments & { readonly newName: string };
  lint: {
    readonly uris?: readonly string[];
    readonly kinds?: Readonly<Record<string, LintFileKind>>;
    readonly jenkinsCatalog?: Readonly<Partial<Record<string, readonly string[]>>>;
  };
  keywords: Record<string, never>;
  defaultImports: Record<string, never>;
  info: Record<string, never>;
  ast: SourceArguments;
}

export interface OperationResults {
  diagnostics: DiagnosticsResult;
  describe: DescribeResult;
  definition: DefinitionResult;
  implementations: ImplementationsResult;
  references: ReferencesResult;
  symbols: SymbolsResult;
  complete: CompleteResult;
  signatures: SignaturesResult;
  tokens: TokensResult;
  format: EditsResult;
  organizeImports: EditsResult;
  rename: RenameResult;
  lint: LintResult;
  keywords: KeywordsResult;
  defaultImports: DefaultImportsResult;
  info: InfoResult;
  ast: AstResult;
}

export type OperationName = keyof OperationResults;

/** File kinds the lint op's AST rules know (the host decides; docs/engine-contract.md, "lint"). */
export type LintFileKind = "class" | "script" | "jenkins" | "gradle";
export const LINT_FILE_KINDS: readonly LintFileKind[] = ["class", "script", "jenkins", "gradle"];

/** Java's int range: positions beyond it are clamped before they reach the engine. */
export const MAX_POSITION = 2_147_483_647;

/** Most tokens one `tokens` call returns before it cuts the page on a whole line (the engine's MAX_TOKENS). */
export const TOKENS_PAGE_SIZE = 4000;
/** Lines of source a location's snippet carries: the start line and three on each side. */
export const SNIPPET_LINES = 7;
/** At most this many completion items, best first. */
export const MAX_COMPLETION_ITEMS = 100;

const position: Readonly<Record<string, ParamSpec>> = {
  line: { type: "integer", description: "0-based", minimum: 0, maximum: MAX_POSITION, clamp: true },
  character: {
    type: "integer",
    description: "0-based, UTF-16",
    minimum: 0,
    maximum: MAX_POSITION,
    clamp: true,
  },
};
const maxResults = (what: string, fallback: number): ParamSpec => ({
  type: "integer",
  description: `most ${what} (default ${fallback})`,
  default: fallback,
  minimum: 1,
  maximum: 10000,
});

export const OPERATIONS: { readonly [K in OperationName]: OperationSpec } = {
  diagnostics: {
    source: "required",
    params: {
      kind: {
        type: "string",
        enum: LINT_FILE_KINDS,
        description: "jenkins: Declarative checks (default: by name)",
      },
    },
    required: [],
  },
  describe: { source: "required", params: position, required: ["line", "character"] },
  definition: { source: "required", params: position, required: ["line", "character"] },
  implementations: { source: "required", params: position, required: ["line", "character"] },
  references: { source: "required", params: { ...position, maxResults: maxResults("locations", 500) }, required: ["line", "character"] },
  symbols: {
    source: "optional",
    params: { query: { type: "string", description: "name search in open buffers" }, maxResults: maxResults("symbols", 200) },
    required: [],
  },
  complete: { source: "required", params: position, required: ["line", "character"] },
  signatures: { source: "required", params: position, required: ["line", "character"] },
  tokens: {
    source: "required",
    params: {
      startLine: { type: "integer", description: "first 0-based line (page on: last returned + 1)", default: 0, minimum: 0, maximum: MAX_POSITION },
      endLine: { type: "integer", description: "last 0-based line, inclusive", minimum: 0, maximum: MAX_POSITION },
    },
    required: [],
  },
  format: {
    source: "required",
    params: {
      tabSize: { type: "integer", description: "spaces per indent (default 4)", default: 4, minimum: 1, maximum: 16 },
      insertSpaces: { type: "boolean", description: "spaces (default true) or tabs", default: true },
    },
    required: [],
  },
  organizeImports: { source: "required", params: {}, required: [] },
  rename: { source: "required", params: { ...position, newName: { type: "string", description: "new identifier" } }, required: ["line", "character", "newName"] },
  lint: {
    source: "none",
    params: {
      uris: { type: "string-array", description: "open buffers to lint, answered per file from one compile (default: every open buffer, in opening order)" },
      kinds: {
        type: "string-map",
        enum: LINT_FILE_KINDS,
        description: "uri -> file kind as the host decided it (jenkins turns on the CPS rules); default: what the AST shows",
      },
      jenkinsCatalog: {
        type: "string-array-map",
        description: "a Jenkins controller's installed names by kind (steps, options, ...), for the Declarative checks that need them",
      },
    },
    required: [],
  },
  keywords: { source: "none", params: {}, required: [] },
  defaultImports: { source: "none", params: {}, required: [] },
  info: { source: "none", params: {}, required: [] },
  // The playground's compiler view. Not an MCP tool (tools/tool-definitions.ts lists the tools, like lint it is
  // not there): an agent asks describe or diagnostics; a tree of up to 20,000 nodes is for people to browse.
  ast: { source: "required", params: {}, required: [] },
};

export const OPERATION_NAMES = Object.keys(OPERATIONS) as OperationName[];

export function isOperationName(name: string): name is OperationName {
  return Object.prototype.hasOwnProperty.call(OPERATIONS, name);
}

/**
 * Typed results of the engine operations (docs/engine-contract.md). They describe what the engine returns; the
 * MCP adapter validates every result against its tool's outputSchema, so a drift fails loudly in tests.
 */
export interface Position {
  readonly line: number;
  readonly character: number;
}
export interface Range {
  readonly start: Position;
  readonly end: Position;
}
export type Severity = "error" | "warning" | "information" | "hint";

export interface Diagnostic {
  readonly range: Range;
  readonly severity: Severity;
  readonly message: string;
  readonly code?: string;
}
export interface DiagnosticsResult {
  readonly uri: string;
  readonly diagnostics: Diagnostic[];
  readonly errorCount: number;
  readonly warningCount: number;
}

export interface DescribeResult {
  readonly markdown: string;
  readonly range?: Range;
}

export interface Location {
  readonly uri: string;
  readonly range: Range;
  /** The source lines around the start of the range (up to 7). */
  readonly snippet?: string;
}
export interface DefinitionResult {
  readonly locations: Location[];
  readonly external: { readonly fqn: string; readonly signature: string }[];
}
export interface ImplementationsResult {
  readonly locations: Location[];
}
/**
 * "proven": the compiler ties the site to the declaration (static types, declarations, lexical scope, the
 * implicit-this rule). "candidate": a same-named call the compiler left unbound (dynamic dispatch) whose receiver
 * could be the declaring type; it may or may not be a use.
 */
export type ReferenceProof = "proven" | "candidate";
export interface ReferenceLocation extends Location {
  readonly proof: ReferenceProof;
}
export interface ReferencesResult {
  readonly total: number;
  /** How many of total are proven; the proven locations come first. */
  readonly proven: number;
  readonly candidates: number;
  readonly truncated: boolean;
  readonly locations: ReferenceLocation[];
}

export interface DocumentSymbol {
  readonly name: string;
  readonly kind: string;
  readonly range: Range;
  readonly selectionRange: Range;
  readonly detail?: string;
  /** Set on query results: the buffer the symbol is in. */
  readonly uri?: string;
  readonly children?: DocumentSymbol[];
}
export interface SymbolsResult {
  readonly symbols: DocumentSymbol[];
}

export interface CompletionItem {
  readonly label: string;
  readonly kind: string;
  readonly detail: string;
  readonly insertText: string;
  readonly documentation?: string;
}
export interface CompleteResult {
  readonly items: CompletionItem[];
  readonly isIncomplete: boolean;
}

export interface SignatureInformation {
  readonly label: string;
  readonly parameters: { readonly label: string }[];
  readonly documentation?: string;
}
export interface SignaturesResult {
  readonly signatures: SignatureInformation[];
  readonly activeSignature: number;
  readonly activeParameter: number;
}

export interface SemanticToken {
  readonly line: number;
  readonly character: number;
  readonly length: number;
  readonly type: string;
  readonly modifiers: string[];
}
export interface TokensResult {
  readonly tokens: SemanticToken[];
  /** True when the page was cut (on a whole line); ask again with startLine = last token's line + 1. */
  readonly truncated?: boolean;
}

export interface TextEdit {
  readonly range: Range;
  readonly newText: string;
}
export interface EditsResult {
  readonly edits: TextEdit[];
}

export interface RenameResult {
  readonly changes: { readonly uri: string; readonly range: Range; readonly newText: string }[];
  readonly changeCount: number;
  readonly refused?: string;
}

export type LintCategory = "syntax" | "unresolved" | "type-check" | "duplicate" | "compiler";
export interface LintDiagnostic extends Diagnostic {
  readonly category: LintCategory;
  /** On unresolved-class diagnostics; `import` is absent when no explicit import names the class. */
  readonly unresolved?: { readonly name: string; readonly import?: string; readonly packageKnown: boolean };
}
export interface LintFinding {
  readonly rule: string;
  readonly range: Range;
  readonly message: string;
}
export interface LintFile {
  readonly uri: string;
  /** Absent for the default package (the engine omits nulls). */
  readonly package?: string;
  /** `class` when the file declares only classes, `script` otherwise; absent when it does not parse. */
  readonly kind?: "class" | "script";
  readonly diagnostics: LintDiagnostic[];
  readonly findings: LintFinding[];
  readonly unusedImports: { readonly range: Range; readonly message: string }[];
}
/** The `lint` op (docs/engine-contract.md): one compile of the open buffers, answered per requested file. */
export interface LintResult {
  readonly files: LintFile[];
}

export interface KeywordsResult {
  readonly keywords: string[];
}
export interface DefaultImportsResult {
  readonly packages: string[];
  readonly classes: string[];
}
export interface InfoResult {
  readonly groovyVersion: string;
  readonly openBuffers: number;
  readonly classModelClasses: number;
  readonly classpathClasses: number;
}
export interface OpenResult {
  readonly uri: string;
  readonly version: number;
}
export interface CloseResult {
  readonly closed: boolean;
}

/**
 * One node of the compiler's AST (the `ast` op, docs/engine-contract.md): Groovy's own
 * node class name, a short label (name, operator or constant) and, on expressions, the type the compiler gave it:
 * the static type checker's inferred type under @TypeChecked/@CompileStatic, else the declared type.
 */
export interface AstNode {
  readonly kind: string;
  readonly label: string;
  readonly type?: string;
  /** The node has no source position of its own (a transform's output, an implicit return): the range is its parent's. */
  readonly generated?: boolean;
  readonly range: Range;
  readonly children: AstNode[];
}
/** The `ast` op: one buffer's module after the last phase the compile reached, depth-first, bounded. */
export interface AstResult {
  readonly uri: string;
  /** The compile phase reached, e.g. "instruction selection" or "semantic analysis" when an error stopped it. */
  readonly phase: string;
  readonly nodes: AstNode[];
  /** True when the walk stopped at the node bound; `omitted` nodes were left out. */
  readonly truncated: boolean;
  readonly omitted: number;
}

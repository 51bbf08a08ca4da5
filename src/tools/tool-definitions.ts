import {
  arrayOf, bool, int, locations, maxResultsInput, objectSchema, positionInput, range, rootSchema, sourceInput, str, symbol,
  textEdits, TOKEN_MODIFIERS, TOKEN_TYPES, type Schema,
} from "./schema-parts.js";

/** How a tool's arguments map onto the engine. */
export type SourceUse = "required" | "optional" | "none";

export interface ToolDefinition {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly inputSchema: Schema;
  readonly outputSchema: Schema;
  /** Engine operation (docs/engine-contract.md). */
  readonly op: string;
  readonly source: SourceUse;
  /** Arguments passed on to the engine besides the buffer uri. */
  readonly passThrough: readonly string[];
}

const withSource = (extra: Record<string, Schema>, required: string[]): Schema =>
  rootSchema({ ...sourceInput, ...extra }, required, true);

const severity: Schema = { type: "string", enum: ["error", "warning", "information", "hint"], description: "severity" };

const annotations = { readOnlyHint: true, openWorldHint: false } as const;
export const TOOL_ANNOTATIONS = annotations;

export const TOOLS: readonly ToolDefinition[] = [
  {
    name: "groovy_diagnostics",
    title: "Groovy diagnostics",
    description:
      "Compile Groovy source (text, path or uri) and report compiler errors, warnings, static type-checking errors and unused-import hints. Use it first on any Groovy you write or review. Each diagnostic has a 0-based UTF-16 range, severity and message; errorCount and warningCount summarize. Never runs the code.",
    inputSchema: withSource({}, []),
    outputSchema: rootSchema(
      {
        uri: str("the buffer that was compiled"),
        diagnostics: arrayOf(
          objectSchema({ range, severity, message: str("compiler message"), code: str("diagnostic code") }, ["range", "severity", "message"], false),
          "compiler findings",
        ),
        errorCount: int("number of errors"),
        warningCount: int("number of warnings"),
      },
      ["uri", "diagnostics", "errorCount", "warningCount"],
      false,
    ),
    op: "diagnostics",
    source: "required",
    passThrough: [],
  },
  {
    name: "groovy_describe",
    title: "Describe Groovy symbol",
    description:
      "Hover information for the symbol at a 0-based line/character: a groovy-fenced signature (locals show their inferred type) followed by its Groovydoc as markdown. Use it to learn what a name is or its type. markdown is empty when nothing is there; range covers the symbol.",
    inputSchema: withSource(positionInput, ["line", "character"]),
    outputSchema: rootSchema({ markdown: str("signature and documentation, markdown"), range }, ["markdown"], false),
    op: "describe",
    source: "required",
    passThrough: ["line", "character"],
  },
  {
    name: "groovy_definition",
    title: "Go to Groovy definition",
    description:
      "Find where the symbol at a 0-based line/character is declared. locations lists declarations in open buffers (uri, range, snippet); a statically bound call gives one target, an unbound dynamic call every same-arity candidate. external lists JDK or classpath targets by fully qualified name and signature.",
    inputSchema: withSource(positionInput, ["line", "character"]),
    outputSchema: rootSchema(
      {
        locations,
        external: arrayOf(objectSchema({ fqn: str("fully qualified name"), signature: str("declaration signature") }, ["fqn", "signature"], false), "targets outside the open buffers"),
      },
      ["locations", "external"],
      false,
    ),
    op: "definition",
    source: "required",
    passThrough: ["line", "character"],
  },
  {
    name: "groovy_implementations",
    title: "Find Groovy implementations",
    description:
      "For the class, interface or method at a 0-based line/character, list its subtypes or overriding methods across all open buffers. Use it before changing an interface or base method. locations gives uri, range and snippet of each implementation.",
    inputSchema: withSource(positionInput, ["line", "character"]),
    outputSchema: rootSchema({ locations }, ["locations"], false),
    op: "implementations",
    source: "required",
    passThrough: ["line", "character"],
  },
  {
    name: "groovy_references",
    title: "Find Groovy references",
    description:
      "List every use of the symbol at a 0-based line/character across open buffers, matched by compiler identity (owner, name, descriptor), declaration included; same-named members of other types are excluded. total counts all matches, truncated says whether locations was cut to maxResults.",
    inputSchema: withSource({ ...positionInput, maxResults: maxResultsInput("most locations to return (default 1000)") }, ["line", "character"]),
    outputSchema: rootSchema({ total: int("number of references found"), truncated: bool("true when locations was cut"), locations }, ["total", "truncated", "locations"], false),
    op: "references",
    source: "required",
    passThrough: ["line", "character", "maxResults"],
  },
  {
    name: "groovy_symbols",
    title: "Groovy symbols",
    description:
      "With source: the outline of that buffer (classes, then fields, properties, methods, constructors, nested as children). With query instead: search all open buffers by case-insensitive substring or CamelHumps initials (ASF finds AbstractServerFactory). Each symbol has name, kind, range, selectionRange and detail.",
    inputSchema: withSource({ query: str("name search over all open buffers"), maxResults: maxResultsInput("most symbols to return") }, []),
    outputSchema: rootSchema({ symbols: arrayOf(symbol, "symbols, outline order") }, ["symbols"], false),
    op: "symbols",
    source: "optional",
    passThrough: ["query", "maxResults"],
  },
  {
    name: "groovy_complete",
    title: "Groovy completion",
    description:
      "Completion candidates at a 0-based line/character: keywords and snippets, locals and parameters in scope, members of the receiver's static type (JDK included), GDK methods after two typed characters, and types. At most 100 items, best first; insertText is what to type; isIncomplete means more exist.",
    inputSchema: withSource(positionInput, ["line", "character"]),
    outputSchema: rootSchema(
      {
        items: arrayOf(
          objectSchema(
            { label: str("shown text"), kind: str("keyword, method, field, variable, class, ..."), detail: str("type or signature; GDK for Groovy extension methods"), insertText: str("text to insert"), documentation: str("markdown docs") },
            ["label", "kind", "detail", "insertText"],
            false,
          ),
          "candidates, best first",
        ),
        isIncomplete: bool("true when more candidates exist"),
      },
      ["items", "isIncomplete"],
      false,
    ),
    op: "complete",
    source: "required",
    passThrough: ["line", "character"],
  },
  {
    name: "groovy_signatures",
    title: "Groovy signature help",
    description:
      "Overloads of the method or constructor call enclosing a 0-based line/character, JDK methods included (Math.max( lists int, long, float, double). Use it to pick arguments. activeSignature and activeParameter are 0-based indexes into signatures and its parameters.",
    inputSchema: withSource(positionInput, ["line", "character"]),
    outputSchema: rootSchema(
      {
        signatures: arrayOf(
          objectSchema({ label: str("full signature"), parameters: arrayOf(objectSchema({ label: str("parameter") }, ["label"], false), "parameters"), documentation: str("markdown docs") }, ["label", "parameters"], false),
          "overloads",
        ),
        activeSignature: int("index of the best-matching overload"),
        activeParameter: int("index of the parameter at the position"),
      },
      ["signatures", "activeSignature", "activeParameter"],
      false,
    ),
    op: "signatures",
    source: "required",
    passThrough: ["line", "character"],
  },
  {
    name: "groovy_tokens",
    title: "Groovy semantic tokens",
    description:
      "Classify every token of the source as the compiler sees it (class, method, property, variable, parameter, keyword, string, comment, ...), with modifiers such as declaration, static, readonly, deprecated. Each token has a 0-based line, UTF-16 character and length. Use it to understand what names refer to.",
    inputSchema: withSource({}, []),
    outputSchema: rootSchema(
      {
        tokens: arrayOf(
          objectSchema(
            {
              line: int("0-based line"),
              character: int("0-based UTF-16 column"),
              length: int("length in UTF-16 units"),
              type: { type: "string", enum: TOKEN_TYPES, description: "token type" },
              modifiers: arrayOf({ type: "string", enum: TOKEN_MODIFIERS }, "token modifiers"),
            },
            ["line", "character", "length", "type", "modifiers"],
            false,
          ),
          "tokens in document order",
        ),
      },
      ["tokens"],
      false,
    ),
    op: "tokens",
    source: "required",
    passThrough: [],
  },
  {
    name: "groovy_format",
    title: "Format Groovy",
    description:
      "Re-indent Groovy by its structure and trim trailing whitespace, leaving multi-line strings and comments untouched and the token stream unchanged. Returns edits (range, newText) to apply; it writes nothing. tabSize (default 4) and insertSpaces (default true) choose the indentation.",
    inputSchema: withSource(
      { tabSize: { type: "integer", minimum: 1, maximum: 16, description: "spaces per indent level (default 4)" }, insertSpaces: bool("indent with spaces (default true) or tabs") },
      [],
    ),
    outputSchema: rootSchema({ edits: textEdits }, ["edits"], false),
    op: "format",
    source: "required",
    passThrough: ["tabSize", "insertSpaces"],
  },
  {
    name: "groovy_organize_imports",
    title: "Organize Groovy imports",
    description:
      "Remove imports the compiler proves unused and sort the rest (plain before static, alphabetical), keeping star, alias and static imports. Returns edits (range, newText) to apply; it writes nothing and never removes a used import.",
    inputSchema: withSource({}, []),
    outputSchema: rootSchema({ edits: textEdits }, ["edits"], false),
    op: "organizeImports",
    source: "required",
    passThrough: [],
  },
  {
    name: "groovy_rename",
    title: "Rename Groovy symbol",
    description:
      "Compute a rename of the symbol at a 0-based line/character to newName across open buffers, only where the compiler proved the binding. changes lists each edit (uri, range, newText); changeCount counts them. No changes plus refused explains a refusal, e.g. a dynamic call. It never writes files.",
    inputSchema: withSource({ ...positionInput, newName: str("the new identifier") }, ["line", "character", "newName"]),
    outputSchema: rootSchema(
      {
        changes: arrayOf(objectSchema({ uri: str("buffer or file URI"), range, newText: str("replacement") }, ["uri", "range", "newText"], false), "edits"),
        changeCount: int("number of edits"),
        refused: str("why nothing was renamed"),
      },
      ["changes", "changeCount"],
      false,
    ),
    op: "rename",
    source: "required",
    passThrough: ["line", "character", "newName"],
  },
  {
    name: "groovy_close",
    title: "Close Groovy buffer",
    description:
      "Drop an open buffer (a groovy-buffer: or file: URI) from the session so it no longer compiles with the others or counts toward the 64-buffer limit. closed is false when no such buffer was open.",
    inputSchema: rootSchema({ uri: str("the buffer to close") }, ["uri"], true),
    outputSchema: rootSchema({ closed: bool("true when a buffer was dropped") }, ["closed"], false),
    op: "close",
    source: "none",
    passThrough: [],
  },
];

export function findTool(name: string): ToolDefinition | undefined {
  return TOOLS.find((tool) => tool.name === name);
}

/** The tools/list entries. */
export function listedTools(): object[] {
  return TOOLS.map((tool) => ({
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: tool.inputSchema,
    outputSchema: tool.outputSchema,
    annotations: { title: tool.title, ...annotations },
  }));
}

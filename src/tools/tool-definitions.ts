import type { Limits } from "../limits/limits.js";
import { MAX_COMPLETION_ITEMS, OPERATIONS, TOKENS_PAGE_SIZE, type OperationName } from "../workspace/operations.js";
import {
  arrayOf, bool, int, locations, objectSchema, paramSchema, range, rootSchema, sourceInput, str, symbol, textEdits,
  TOKEN_MODIFIERS, TOKEN_TYPES, type Schema,
} from "./schema-parts.js";

/**
 * The MCP tools. Each is one operation of the workspace's table (or groovy_close); its inputSchema is generated
 * from that table and the limits, and every number in a description comes from the same place.
 */
interface ToolSpec {
  readonly name: string;
  readonly title: string;
  readonly description: (limits: Limits) => string;
  readonly outputSchema: Schema;
  /** The workspace operation, or "close" for groovy_close. */
  readonly op: OperationName | "close";
}

export interface ToolDefinition {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly inputSchema: Schema;
  readonly outputSchema: Schema;
  readonly op: OperationName | "close";
}

const severity: Schema = { type: "string", enum: ["error", "warning", "information", "hint"], description: "severity" };

const ANNOTATIONS = { readOnlyHint: true, openWorldHint: false } as const;

const maxResultsDefault = (op: "references" | "symbols"): number => OPERATIONS[op].params["maxResults"]?.default as number;

const TOOL_SPECS: readonly ToolSpec[] = [
  {
    name: "groovy_diagnostics",
    title: "Groovy diagnostics",
    description: () =>
      "Compile Groovy source (text, path or uri) and report compiler errors, warnings, static type-checking errors and unused-import hints. Use it first on any Groovy you write or review. Each diagnostic has a 0-based UTF-16 range, severity and message; errorCount and warningCount summarize. Never runs the code.",
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
  },
  {
    name: "groovy_describe",
    title: "Describe Groovy symbol",
    description: () =>
      "Hover information for the symbol at a 0-based line/character: a groovy-fenced signature (locals show their inferred type) followed by its Groovydoc as markdown. Use it to learn what a name is or its type. markdown is empty when nothing is there; range covers the symbol.",
    outputSchema: rootSchema({ markdown: str("signature and documentation, markdown"), range }, ["markdown"], false),
    op: "describe",
  },
  {
    name: "groovy_definition",
    title: "Go to Groovy definition",
    description: () =>
      "Find where the symbol at a 0-based line/character is declared. locations lists declarations in open buffers (uri, range, snippet); a statically bound call gives one target, an unbound dynamic call every same-arity candidate. external lists JDK or classpath targets by fully qualified name and signature.",
    outputSchema: rootSchema(
      {
        locations,
        external: arrayOf(objectSchema({ fqn: str("fully qualified name"), signature: str("declaration signature") }, ["fqn", "signature"], false), "targets outside the open buffers"),
      },
      ["locations", "external"],
      false,
    ),
    op: "definition",
  },
  {
    name: "groovy_implementations",
    title: "Find Groovy implementations",
    description: () =>
      "For the class, interface or method at a 0-based line/character, list its subtypes or overriding methods across all open buffers. Use it before changing an interface or base method. locations gives uri, range and snippet of each implementation.",
    outputSchema: rootSchema({ locations }, ["locations"], false),
    op: "implementations",
  },
  {
    name: "groovy_references",
    title: "Find Groovy references",
    description: () =>
      `List every use of the symbol at a 0-based line/character across open buffers, matched by compiler identity (owner, name, descriptor), declaration included; same-named members of other types are excluded. total counts all matches, truncated says whether locations was cut to maxResults (default ${maxResultsDefault("references")}).`,
    outputSchema: rootSchema({ total: int("number of references found"), truncated: bool("true when locations was cut"), locations }, ["total", "truncated", "locations"], false),
    op: "references",
  },
  {
    name: "groovy_symbols",
    title: "Groovy symbols",
    description: () =>
      `With source: the outline of that buffer (classes, then fields, properties, methods, constructors, nested as children). With query instead: search all open buffers by case-insensitive substring or CamelHumps initials (ASF finds AbstractServerFactory); each hit names its uri. At most maxResults (default ${maxResultsDefault("symbols")}).`,
    outputSchema: rootSchema({ symbols: arrayOf(symbol, "symbols, outline order") }, ["symbols"], false),
    op: "symbols",
  },
  {
    name: "groovy_complete",
    title: "Groovy completion",
    description: () =>
      `Completion candidates at a 0-based line/character: keywords and snippets, locals and parameters in scope, members of the receiver's static type (JDK included), GDK methods after two typed characters, and types. At most ${MAX_COMPLETION_ITEMS} items, best first; insertText is what to type; isIncomplete means more exist.`,
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
  },
  {
    name: "groovy_signatures",
    title: "Groovy signature help",
    description: () =>
      "Overloads of the method or constructor call enclosing a 0-based line/character, JDK methods included (Math.max( lists int, long, float, double). Use it to pick arguments. activeSignature and activeParameter are 0-based indexes into signatures and its parameters.",
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
  },
  {
    name: "groovy_tokens",
    title: "Groovy semantic tokens",
    description: () =>
      `Classify the tokens of the source as the compiler sees it (class, method, variable, parameter, keyword, string, ...), with modifiers such as declaration, static, deprecated. Each has a 0-based line, UTF-16 character and length. At most ${TOKENS_PAGE_SIZE} per call, cut on a whole line with truncated: true; page on with startLine.`,
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
        truncated: bool("true when the page was cut on a whole line; call again with startLine = last line + 1"),
      },
      ["tokens"],
      false,
    ),
    op: "tokens",
  },
  {
    name: "groovy_format",
    title: "Format Groovy",
    description: () =>
      `Re-indent Groovy by its structure and trim trailing whitespace, leaving multi-line strings and comments untouched and the token stream unchanged. Returns edits (range, newText) to apply; it writes nothing. tabSize (default ${String(OPERATIONS.format.params["tabSize"]?.default)}) and insertSpaces (default ${String(OPERATIONS.format.params["insertSpaces"]?.default)}) choose the indentation.`,
    outputSchema: rootSchema({ edits: textEdits }, ["edits"], false),
    op: "format",
  },
  {
    name: "groovy_organize_imports",
    title: "Organize Groovy imports",
    description: () =>
      "Remove imports the compiler proves unused and sort the rest (plain before static, alphabetical), keeping star, alias and static imports. Returns edits (range, newText) to apply; it writes nothing and never removes a used import.",
    outputSchema: rootSchema({ edits: textEdits }, ["edits"], false),
    op: "organizeImports",
  },
  {
    name: "groovy_rename",
    title: "Rename Groovy symbol",
    description: () =>
      "Compute a rename of the symbol at a 0-based line/character to newName across open buffers, only where the compiler proved the binding. changes lists each edit (uri, range, newText); changeCount counts them. No changes plus refused explains a refusal, e.g. a dynamic call. It never writes files.",
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
  },
  {
    name: "groovy_close",
    title: "Close Groovy buffer",
    description: (limits) =>
      `Drop an open buffer (a groovy-buffer: or file: URI) from the session so it no longer compiles with the others or counts toward the ${limits.maxOpenBuffers}-buffer limit. closed is false when no such buffer was open.`,
    outputSchema: rootSchema({ closed: bool("true when a buffer was dropped") }, ["closed"], false),
    op: "close",
  },
];

/** The generated input schema: the source arguments (unless the op takes none) plus the op's parameters. */
function inputSchema(spec: ToolSpec, limits: Limits): Schema {
  if (spec.op === "close") return rootSchema({ uri: str("the buffer to close") }, ["uri"], true);
  const op = OPERATIONS[spec.op];
  const properties: Record<string, Schema> = op.source === "none" ? {} : { ...sourceInput(limits) };
  for (const [name, param] of Object.entries(op.params)) properties[name] = paramSchema(param);
  return rootSchema(properties, [...op.required], true);
}

const built = new WeakMap<Limits, readonly ToolDefinition[]>();

/** The tools for these limits (built once per limits object). */
export function toolDefinitions(limits: Limits): readonly ToolDefinition[] {
  let tools = built.get(limits);
  if (tools === undefined) {
    tools = TOOL_SPECS.map((spec) => ({
      name: spec.name,
      title: spec.title,
      description: spec.description(limits),
      inputSchema: inputSchema(spec, limits),
      outputSchema: spec.outputSchema,
      op: spec.op,
    }));
    built.set(limits, tools);
  }
  return tools;
}

export function findTool(name: string, limits: Limits): ToolDefinition | undefined {
  return toolDefinitions(limits).find((tool) => tool.name === name);
}

/** The tools/list entries. */
export function listedTools(limits: Limits): object[] {
  return toolDefinitions(limits).map((tool) => ({
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: tool.inputSchema,
    outputSchema: tool.outputSchema,
    annotations: { title: tool.title, ...ANNOTATIONS },
  }));
}

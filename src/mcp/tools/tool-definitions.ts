import type { Limits } from "../../limits/limits.js";
import { MAX_COMPLETION_ITEMS, OPERATIONS, TOKENS_PAGE_SIZE, type OperationName } from "../../workspace/operations.js";
import {
  arrayOf, bool, int, locations, objectSchema, paramSchema, range, referenceLocations, rootSchema, sourceInput, str, symbol, textEdits,
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

/** Declared by the results the host may cut to the result limit (src/engine/service/result-fitting.ts). */
const CUT_FIELDS: Record<string, Schema> = {
  truncated: bool("true when the list was cut to fit maxResults or the result limit"),
  omitted: int("items left out by the cut"),
};

/** groovy_diagnostics' own parameter, applied by the host after the compile (errors first). */
const DIAGNOSTICS_MAX_RESULTS: Schema = { type: "integer", minimum: 1, description: "cap, errors first" };

const ANNOTATIONS = { readOnlyHint: true, openWorldHint: false } as const;

const TOOL_SPECS: readonly ToolSpec[] = [
  {
    name: "groovy_diagnostics",
    title: "Groovy diagnostics",
    description: (limits) =>
      `Compile Groovy (text up to ${limits.maxSourceChars} chars, a path under --root, or an open uri) and report errors, warnings and unused imports with 0-based ranges. Use it first on Groovy you write or review; never runs it.`,
    outputSchema: rootSchema(
      {
        uri: str("the buffer that was compiled"),
        diagnostics: arrayOf(
          objectSchema({ range, severity, message: str("compiler message"), code: str("diagnostic code") }, ["range", "severity", "message"], false),
          "compiler findings",
        ),
        errorCount: int("number of errors"),
        warningCount: int("number of warnings"),
        ...CUT_FIELDS,
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
      "Signature (for a local, its inferred type) and Groovydoc of the symbol at line/character, as markdown; empty when nothing is there.",
    outputSchema: rootSchema({ markdown: str("signature and documentation, markdown"), range }, ["markdown"], false),
    op: "describe",
  },
  {
    name: "groovy_definition",
    title: "Go to Groovy definition",
    description: () =>
      "Where the symbol at line/character is declared: in open buffers (a dynamic call gives each same-arity candidate) or as a JDK or classpath target.",
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
      "Subtypes or overrides, across open buffers, of the class, interface or method at line/character. Use it before changing a base type or method.",
    outputSchema: rootSchema({ locations }, ["locations"], false),
    op: "implementations",
  },
  {
    name: "groovy_references",
    title: "Find Groovy references",
    description: () =>
      "Every use of the symbol at line/character in open buffers, by compiler identity, declaration included; proof: proven, or candidate (unbound dynamic call).",
    outputSchema: rootSchema(
      {
        total: int("number of references found"),
        proven: int("how many of total are proven"),
        candidates: int("how many of total are candidates"),
        truncated: bool("true when locations was cut"),
        locations: referenceLocations,
      },
      ["total", "truncated", "locations"],
      false,
    ),
    op: "references",
  },
  {
    name: "groovy_symbols",
    title: "Groovy symbols",
    description: () =>
      "With source: its outline. With query instead: search open buffers by substring or CamelHumps initials (ASF finds AbstractServerFactory), up to maxResults.",
    outputSchema: rootSchema({ symbols: arrayOf(symbol, "symbols, outline order"), ...CUT_FIELDS }, ["symbols"], false),
    op: "symbols",
  },
  {
    name: "groovy_complete",
    title: "Groovy completion",
    description: () =>
      `Completions at line/character: keywords, locals, members of the receiver's static type (JDK, and GDK after two typed characters) and types; at most ${MAX_COMPLETION_ITEMS}, best first.`,
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
      "Overloads of the method or constructor call around line/character, JDK included, with the active signature and parameter. Use it to pick arguments.",
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
      `Semantic tokens as the compiler sees them (type, modifiers, position, length), at most ${TOKENS_PAGE_SIZE} per call, cut at a whole line (truncated: true); page on with startLine.`,
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
      "Re-indent Groovy by its structure and trim trailing whitespace, leaving strings and comments as they are. Returns edits to apply; writes nothing.",
    outputSchema: rootSchema({ edits: textEdits, ...CUT_FIELDS }, ["edits"], false),
    op: "format",
  },
  {
    name: "groovy_organize_imports",
    title: "Organize Groovy imports",
    description: () =>
      "Remove imports the compiler proves unused and sort the rest, plain before static. Returns edits to apply; writes nothing, never drops a used import.",
    outputSchema: rootSchema({ edits: textEdits, ...CUT_FIELDS }, ["edits"], false),
    op: "organizeImports",
  },
  {
    name: "groovy_rename",
    title: "Rename Groovy symbol",
    description: () =>
      "Edits renaming the symbol at line/character to newName in open buffers, only where the compiler proved the binding; writes nothing. With no edits, refused says why.",
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
      `Close an open buffer (groovy-buffer: or file: URI) so it stops compiling with the others and counting toward the ${limits.maxOpenBuffers}-buffer limit.`,
    outputSchema: rootSchema({ closed: bool("true when a buffer was dropped") }, ["closed"], false),
    op: "close",
  },
];

/**
 * The generated input schema: the source arguments (unless the op takes none) plus the op's parameters. It carries
 * no $schema: input schemas are what an agent reads on every turn, and MCP (2025-11-25 on) defines 2020-12 as the
 * dialect of a schema without one; the output schemas keep it.
 */
function inputSchema(spec: ToolSpec): Schema {
  if (spec.op === "close") return objectSchema({ uri: str("the buffer to close") }, ["uri"], true);
  const op = OPERATIONS[spec.op];
  const properties: Record<string, Schema> = op.source === "none" ? {} : { ...sourceInput() };
  for (const [name, param] of Object.entries(op.params)) properties[name] = paramSchema(param);
  if (spec.op === "diagnostics") properties["maxResults"] = DIAGNOSTICS_MAX_RESULTS;
  return objectSchema(properties, [...op.required], true);
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
      inputSchema: inputSchema(spec),
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

/**
 * Building blocks for the tools' JSON Schemas (2020-12). The schemas are written out in full: no $ref/$defs and no
 * type unions, so that every major client accepts them.
 */
export type Schema = { [key: string]: SchemaValue };
type SchemaValue = string | number | boolean | Schema | SchemaValue[];

import { SNIPPET_LINES, type ParamSpec } from "../../workspace/operations.js";

export const SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema";

export function objectSchema(properties: Record<string, Schema>, required: string[], closed: boolean): Schema {
  const schema: Schema = { type: "object", properties };
  if (required.length > 0) schema["required"] = required;
  if (closed) schema["additionalProperties"] = false;
  return schema;
}

export function rootSchema(properties: Record<string, Schema>, required: string[], closed: boolean): Schema {
  return { $schema: SCHEMA_DIALECT, ...objectSchema(properties, required, closed) };
}

export const str = (description: string): Schema => ({ type: "string", description });
export const int = (description: string): Schema => ({ type: "integer", description });
export const bool = (description: string): Schema => ({ type: "boolean", description });
export const arrayOf = (items: Schema, description: string): Schema => ({ type: "array", items, description });

// ---- inputs (generated from the operation table and the limits) ----
export function sourceInput(): Record<string, Schema> {
  return {
    // Short on purpose: these three repeat in twelve tools, and every tools/list costs an agent tokens each turn.
    text: str("Groovy source"),
    path: str("file under --root"),
    uri: str("name for text, or an open buffer/file: URI"),
  };
}

/** A parameter of the operation table as JSON Schema: clamped values take any integer, others their range. */
export function paramSchema(spec: ParamSpec): Schema {
  switch (spec.type) {
    case "integer": {
      const schema: Schema = { type: "integer" };
      if (spec.clamp !== true) {
        if (spec.minimum !== undefined) schema["minimum"] = spec.minimum;
        if (spec.maximum !== undefined) schema["maximum"] = spec.maximum;
      }
      schema["description"] = spec.description;
      return schema;
    }
    case "string-array":
      return { type: "array", items: { type: "string" }, description: spec.description };
    case "string-map":
      return { type: "object", additionalProperties: spec.enum === undefined ? { type: "string" } : { type: "string", enum: [...spec.enum] }, description: spec.description };
    case "string-array-map":
      return { type: "object", additionalProperties: { type: "array", items: { type: "string" } }, description: spec.description };
    case "string":
      return spec.enum === undefined ? { type: "string", description: spec.description } : { type: "string", enum: [...spec.enum], description: spec.description };
    default:
      return { type: spec.type, description: spec.description };
  }
}

// ---- outputs ----
export const position: Schema = objectSchema({ line: int("0-based line"), character: int("0-based UTF-16 column") }, ["line", "character"], false);
export const range: Schema = objectSchema({ start: position, end: position }, ["start", "end"], false);

export const location: Schema = objectSchema(
  {
    uri: str("buffer or file URI"),
    range,
    snippet: str(`up to ${SNIPPET_LINES} source lines around the start of the range: its line and ${(SNIPPET_LINES - 1) / 2} on each side`),
  },
  ["uri", "range"],
  false,
);
export const locations: Schema = arrayOf(location, "source locations");

/** A reference's location and how it is known (facade References: proven first, then candidates). */
export const referenceLocations: Schema = arrayOf(
  objectSchema(
    {
      ...(location["properties"] as Record<string, Schema>),
      proof: {
        type: "string",
        enum: ["proven", "candidate"],
        description: "proven: the compiler ties the site to the declaration; candidate: a same-named call it left unbound (dynamic dispatch)",
      },
    },
    ["uri", "range", "proof"],
    false,
  ),
  "reference locations, proven first",
);

export const textEdit: Schema = objectSchema({ range, newText: str("replacement text") }, ["range", "newText"], false);
export const textEdits: Schema = arrayOf(textEdit, "edits to apply to the source, in document order; nothing is written");

/**
 * The kinds the engine's outline emits (facade Symbols.kind): declarations, plus a declarative Jenkinsfile's tree
 * (Module: pipeline, Namespace: stages/parallel/matrix, Function: stage) on engines that outline it.
 */
export const SYMBOL_KINDS = ["Class", "Interface", "Enum", "Constructor", "Method", "Property", "Field", "EnumMember", "Module", "Namespace", "Function"];

function symbolSchema(depth: number): Schema {
  const props: Record<string, Schema> = {
    name: str("symbol name"),
    kind: { type: "string", enum: SYMBOL_KINDS, description: "symbol kind" },
    range,
    selectionRange: range,
    detail: str("signature or type"),
    uri: str("with query: the buffer the symbol is in"),
  };
  props["children"] =
    depth > 0 ? arrayOf(symbolSchema(depth - 1), "members") : arrayOf({ type: "object" }, "members (same shape as a symbol)");
  return objectSchema(props, ["name", "kind", "range", "selectionRange"], false);
}
export const symbol: Schema = symbolSchema(2);

export const TOKEN_TYPES = [
  "namespace", "class", "enum", "interface", "typeParameter", "method", "property", "variable",
  "parameter", "keyword", "string", "number", "comment", "annotation", "operator",
];
export const TOKEN_MODIFIERS = ["declaration", "static", "readonly", "deprecated"];

import type { ErrorObject, ValidateFunction } from "ajv/dist/2020.js";
import { quoteClientString } from "../limits/quote-client-string.js";
import type { Schema } from "./schema-parts.js";

/**
 * ajv is loaded on first use (it costs tens of milliseconds), so that `initialize` is answered without paying
 * for it; `warmUpValidation` starts the load once the session is up.
 */
interface SchemaCompiler {
  compile(schema: Schema): ValidateFunction;
}
let compiler: Promise<SchemaCompiler> | undefined;

function loadCompiler(): Promise<SchemaCompiler> {
  compiler ??= import("ajv/dist/2020.js").then(({ Ajv2020 }) => new Ajv2020({ strict: true, allErrors: false }));
  return compiler;
}

export function warmUpValidation(): void {
  void loadCompiler();
}

const cache = new Map<Schema, ValidateFunction>();

async function compiledValidator(schema: Schema): Promise<ValidateFunction> {
  let validate = cache.get(schema);
  if (validate === undefined) {
    validate = (await loadCompiler()).compile(schema);
    cache.set(schema, validate);
  }
  return validate;
}

/**
 * Compiling a tool's two schemas costs ~100-300 ms on the main thread (ajv generates and evals code), which the
 * tool's first call used to pay. The idle warm-up calls the returned function between its engine slices: each call
 * compiles at most one schema that is not compiled yet (so a request arriving meanwhile waits for one schema at most)
 * and returns false once none is left. Before ajv has loaded it compiles nothing and returns true.
 */
export function schemaPrecompiler(schemas: readonly Schema[]): () => boolean {
  const pending = [...schemas];
  let loaded: SchemaCompiler | undefined;
  loadCompiler().then(
    (c) => (loaded = c),
    () => (pending.length = 0),
  );
  return () => {
    if (loaded === undefined) return pending.length > 0;
    for (let schema = pending.shift(); schema !== undefined; schema = pending.shift()) {
      if (cache.has(schema)) continue;
      try {
        cache.set(schema, loaded.compile(schema));
      } catch {
        // a schema ajv refuses is refused again, with its error, at the call that needs it
      }
      break;
    }
    return pending.length > 0;
  };
}

function describe(error: ErrorObject): string {
  const where = error.instancePath === "" ? "arguments" : `argument ${error.instancePath.slice(1).replace(/\//g, ".")}`;
  switch (error.keyword) {
    case "required":
      return `missing argument ${String((error.params as { missingProperty?: string }).missingProperty)}`;
    case "additionalProperties":
      return `unknown argument ${quoteClientString(String((error.params as { additionalProperty?: string }).additionalProperty))}`;
    default:
      return `${where} ${error.message ?? "is invalid"}`;
  }
}

/** Resolves undefined when valid, else a short message for a tool error. */
export async function validateArguments(schema: Schema, value: unknown): Promise<string | undefined> {
  const validate = await compiledValidator(schema);
  if (validate(value)) return undefined;
  const first = validate.errors?.[0];
  return first === undefined ? "invalid arguments" : `invalid arguments: ${describe(first)}`;
}

/** Resolves undefined when the value matches the schema, else the first problem (for the stderr log). */
export async function schemaMismatch(schema: Schema, value: unknown): Promise<string | undefined> {
  const validate = await compiledValidator(schema);
  if (validate(value)) return undefined;
  const first = validate.errors?.[0];
  return first === undefined ? "mismatch" : `${first.instancePath || "/"} ${first.message ?? ""}`;
}

import type { ErrorObject, ValidateFunction } from "ajv/dist/2020.js";
import { quoteClientString } from "../../limits/quote-client-string.js";
import { packageFile } from "../../package-file.js";
import type { Schema } from "./schema-parts.js";

/**
 * The build compiles every tool's two schemas to code ahead of time (scripts/compile-validators.mjs writes
 * dist/tool-validators.js with ajv's standalone code, from the same schemas and options as below), so a server
 * neither loads ajv nor compiles a schema at run time: both cost ~200 ms of main-thread CPU during the engine's
 * start, and the first call paid for its schema (docs/performance.md, "Start-up"). Validators are looked
 * up by the schema's JSON text, so one built from another schema is never used: a schema the file does not hold
 * (a tree where only tsc ran) is compiled here with ajv, loaded on first need.
 */
interface SchemaCompiler {
  compile(schema: Schema): ValidateFunction;
}
let compiler: Promise<SchemaCompiler> | undefined;

function loadCompiler(): Promise<SchemaCompiler> {
  compiler ??= import("ajv/dist/2020.js").then(({ Ajv2020 }) => new Ajv2020(AJV_OPTIONS));
  return compiler;
}

/** The options of both the build's compile and this one; the build reads them from here. */
export const AJV_OPTIONS = { strict: true, allErrors: false } as const;

/** The file the build writes: validators keyed by their schema's JSON text. */
export const PRECOMPILED_VALIDATORS = "dist/tool-validators.js";

interface PrecompiledModule {
  readonly bySchemaText: ReadonlyMap<string, ValidateFunction>;
}
let precompiled: Promise<ReadonlyMap<string, ValidateFunction>> | undefined;

function loadPrecompiled(): Promise<ReadonlyMap<string, ValidateFunction>> {
  // a URL the bundler leaves alone: the file is generated after the bundle's sources, and loads in ~2 ms
  precompiled ??= import(/* @vite-ignore */ packageFile(PRECOMPILED_VALIDATORS).href).then(
    (m: PrecompiledModule) => (m.bySchemaText instanceof Map ? m.bySchemaText : new Map()),
    () => new Map(),
  );
  return precompiled;
}

export function warmUpValidation(): void {
  void loadPrecompiled();
}

const cache = new Map<Schema, ValidateFunction>();

/** The built validator of this schema, else one compiled now. */
async function compiledValidator(schema: Schema): Promise<ValidateFunction> {
  let validate = cache.get(schema) ?? (await loadPrecompiled()).get(JSON.stringify(schema));
  if (validate === undefined) validate = (await loadCompiler()).compile(schema);
  cache.set(schema, validate);
  return validate;
}

/**
 * For a schema the build did not compile, compiling costs ~100-300 ms on the main thread (ajv generates and evals
 * code), which the tool's first call would pay. The idle warm-up calls the returned function between its engine
 * slices: each call compiles at most one schema that is not compiled yet (so a request arriving meanwhile waits for
 * one schema at most) and returns false once none is left. Until the built validators are read it compiles
 * nothing and returns true; it loads ajv only when one of the schemas is not among them.
 */
export function schemaPrecompiler(schemas: readonly Schema[]): () => boolean {
  const pending = [...schemas];
  let loaded: SchemaCompiler | undefined;
  let ready = false;
  loadPrecompiled().then((built) => {
    for (let i = pending.length - 1; i >= 0; i--) {
      const schema = pending[i];
      const validate = schema === undefined ? undefined : built.get(JSON.stringify(schema));
      if (schema !== undefined && validate !== undefined) {
        cache.set(schema, validate);
        pending.splice(i, 1);
      }
    }
    ready = true;
    if (pending.length === 0) return;
    loadCompiler().then(
      (c) => (loaded = c),
      () => (pending.length = 0),
    );
  });
  return () => {
    if (!ready) return true;
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

import { Ajv2020, type ErrorObject, type ValidateFunction } from "ajv/dist/2020.js";
import { quoteClientString } from "../limits/quote-client-string.js";
import type { Schema } from "./schema-parts.js";

const ajv = new Ajv2020({ strict: true, allErrors: false, validateSchema: true });

const cache = new Map<Schema, ValidateFunction>();

export function compiledValidator(schema: Schema): ValidateFunction {
  let validate = cache.get(schema);
  if (validate === undefined) {
    validate = ajv.compile(schema);
    cache.set(schema, validate);
  }
  return validate;
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

/** Returns undefined when valid, else a short message for a tool error. */
export function validateArguments(schema: Schema, value: unknown): string | undefined {
  const validate = compiledValidator(schema);
  if (validate(value)) return undefined;
  const first = validate.errors?.[0];
  return first === undefined ? "invalid arguments" : `invalid arguments: ${describe(first)}`;
}

/** Returns undefined when the value matches the schema, else the first problem (for logs and tests). */
export function schemaMismatch(schema: Schema, value: unknown): string | undefined {
  const validate = compiledValidator(schema);
  if (validate(value)) return undefined;
  const first = validate.errors?.[0];
  return first === undefined ? "mismatch" : `${first.instancePath || "/"} ${first.message ?? ""}`;
}

import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import { pathToFileURL } from "node:url";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DEFAULT_LIMITS, type Limits } from "../../src/limits/limits.js";
import { AJV_OPTIONS, PRECOMPILED_VALIDATORS } from "../../src/mcp/tools/argument-validation.js";
import { toolDefinitions } from "../../src/mcp/tools/tool-definitions.js";
import { PROJECT_ROOT } from "../host/support/server-process.js";

/**
 * The build's validators (scripts/compile-validators.mjs, run by `npm run build`, which `npm test` runs first) are
 * what the server validates with. They must cover every schema of every tool, under any limits, and judge exactly
 * as ajv compiling the same schema at run time does: same verdict, same first error.
 */
const built = (await import(pathToFileURL(join(PROJECT_ROOT, PRECOMPILED_VALIDATORS)).href)) as { bySchemaText: ReadonlyMap<string, ValidateFunction> };
const ajv = new Ajv2020(AJV_OPTIONS);

const otherLimits: Limits = { ...DEFAULT_LIMITS, maxSourceChars: 1234, maxOpenBuffers: 7 };

/** Arguments that each input schema must accept or refuse, the refusals of every kind the schemas use. */
const samples: readonly unknown[] = [
  {},
  { text: "class A {}" },
  { text: 5 },
  { uri: "groovy-buffer:a.groovy", text: "x", line: 0, character: 3 },
  { uri: "groovy-buffer:a.groovy", line: -1, character: 0 },
  { uri: "groovy-buffer:a.groovy", line: 1.5, character: 0 },
  { text: "x", maxResults: 0 },
  { text: "x", maxResults: 3 },
  { text: "x", bogus: true },
  { text: "x", tabSize: 99 },
  { text: "x", newName: "y", line: 0, character: 0 },
  [],
  "text",
  null,
];

function firstError(validate: ValidateFunction, value: unknown): [boolean, string] {
  const ok = validate(value);
  const e = validate.errors?.[0];
  return [ok, ok || e === undefined ? "" : `${e.keyword} ${e.instancePath} ${JSON.stringify(e.params)}`];
}

describe("the tools' validators compiled at build time", () => {
  it("cover every input and output schema, whatever the limits", () => {
    for (const limits of [DEFAULT_LIMITS, otherLimits]) {
      const tools = toolDefinitions(limits);
      expect(tools.length).toBe(13);
      for (const tool of tools) {
        expect(built.bySchemaText.has(JSON.stringify(tool.inputSchema)), `${tool.name} input`).toBe(true);
        expect(built.bySchemaText.has(JSON.stringify(tool.outputSchema)), `${tool.name} output`).toBe(true);
      }
    }
  });

  it("judge every sample as ajv does at run time, first error included", () => {
    let refused = 0;
    for (const tool of toolDefinitions(DEFAULT_LIMITS)) {
      const precompiled = built.bySchemaText.get(JSON.stringify(tool.inputSchema))!;
      const runtime = ajv.compile(tool.inputSchema);
      for (const value of samples) {
        const expected = firstError(runtime, value);
        expect(firstError(precompiled, value), `${tool.name} ${JSON.stringify(value)}`).toEqual(expected);
        if (!expected[0]) refused++;
      }
    }
    // the samples exercise refusals, not only acceptances
    expect(refused).toBeGreaterThan(13 * 5);
  });

  it("judge output samples as ajv does: a result of the wrong shape is refused", () => {
    for (const tool of toolDefinitions(DEFAULT_LIMITS)) {
      const precompiled = built.bySchemaText.get(JSON.stringify(tool.outputSchema))!;
      const runtime = ajv.compile(tool.outputSchema);
      for (const value of [{}, { bogus: 1 }, { diagnostics: [], errorCount: 0, warningCount: 0 }, { closed: true }, 3]) {
        expect(firstError(precompiled, value), `${tool.name} ${JSON.stringify(value)}`).toEqual(firstError(runtime, value));
      }
      expect(precompiled(3)).toBe(false);
    }
  });
});

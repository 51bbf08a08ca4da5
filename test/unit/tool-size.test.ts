import { describe, expect, it } from "vitest";
import { DEFAULT_LIMITS } from "../../src/limits/limits.js";
import { listedTools } from "../../src/mcp/tools/tool-definitions.js";

/**
 * The part of tools/list a model reads on every turn (names, descriptions, input schemas) stays under 8 KB, flat,
 * and still says what a call needs. Measured on the entries the server lists (test/host/tool-schemas.test.ts shows
 * that the wire carries exactly these), serialised as the wire does.
 */

const BUDGET_BYTES = 8000;

interface Listed {
  name: string;
  description: string;
  inputSchema: { properties: Record<string, { type: string; description?: string }>; required?: string[]; [key: string]: unknown };
}

function listed(): Listed[] {
  return JSON.parse(JSON.stringify(listedTools(DEFAULT_LIMITS))) as Listed[];
}

function walk(node: unknown, visit: (schema: Record<string, unknown>) => void): void {
  if (typeof node !== "object" || node === null) return;
  if (Array.isArray(node)) return node.forEach((n) => walk(n, visit));
  visit(node as Record<string, unknown>);
  for (const value of Object.values(node)) walk(value, visit);
}

describe("the model-visible tool definitions", () => {
  it(`are under ${BUDGET_BYTES} bytes of JSON, flat, and keep what a call needs`, () => {
    const tools = listed();
    expect(tools).toHaveLength(13);
    const visible = tools.map((t) => ({ name: t.name, description: t.description, inputSchema: t.inputSchema }));
    const bytes = Buffer.byteLength(JSON.stringify(visible), "utf8");
    const perTool = visible.map((t) => `${t.name} ${Buffer.byteLength(JSON.stringify(t), "utf8")}`).join(", ");
    console.log(`model-visible tools/list: ${bytes} bytes (names, descriptions, input schemas; budget ${BUDGET_BYTES}): ${perTool}`);
    expect(bytes).toBeLessThan(BUDGET_BYTES);

    for (const tool of visible) {
      walk(tool.inputSchema, (schema) => {
        for (const key of ["$ref", "$defs", "definitions", "oneOf", "anyOf", "allOf"]) expect(schema[key], `${tool.name} ${key}`).toBeUndefined();
        if ("type" in schema) expect(typeof schema["type"], tool.name).toBe("string");
      });
      expect(tool.inputSchema["additionalProperties"], tool.name).toBe(false);
      expect(tool.description.split(/\s+/).length, tool.name).toBeGreaterThan(15);
      const props = tool.inputSchema.properties;
      for (const [name, prop] of Object.entries(props)) expect(prop.description, `${tool.name}.${name}`).toBeTruthy();
      if (tool.name !== "groovy_close") {
        expect(Object.keys(props), tool.name).toEqual(expect.arrayContaining(["text", "path", "uri"]));
        expect(props["path"]?.description, tool.name).toContain("--root");
      }
      if ("line" in props) {
        expect(props["line"]?.description, tool.name).toContain("0-based");
        expect(props["character"]?.description, tool.name).toMatch(/0-based.*UTF-16/);
        expect(tool.inputSchema.required, tool.name).toEqual(expect.arrayContaining(["line", "character"]));
        expect(tool.description, tool.name).toContain("line/character");
      }
    }
    // said once rather than twelve times: where source comes from and its size limit
    const diagnostics = visible.find((t) => t.name === "groovy_diagnostics");
    expect(diagnostics?.description).toMatch(/text up to \d+ chars, a path under --root, or an open uri/);
  });
});

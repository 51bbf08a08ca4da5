import { Ajv2020 } from "ajv/dist/2020.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_LIMITS } from "../../src/limits/limits.js";
import { listedTools } from "../../src/mcp/tools/tool-definitions.js";
import { ServerProcess } from "./support/server-process.js";

interface ListedTool {
  name: string;
  title: string;
  description: string;
  inputSchema: Record<string, unknown>;
  outputSchema: Record<string, unknown>;
  annotations: Record<string, unknown>;
}

const EXPECTED = [
  "groovy_diagnostics", "groovy_describe", "groovy_definition", "groovy_implementations", "groovy_references", "groovy_symbols",
  "groovy_complete", "groovy_signatures", "groovy_tokens", "groovy_format", "groovy_organize_imports", "groovy_rename", "groovy_close",
];

let server: ServerProcess;
let tools: ListedTool[];
beforeAll(async () => {
  server = new ServerProcess();
  await server.initialize();
  tools = (await server.request(1, "tools/list")).result?.["tools"] as ListedTool[];
});
afterAll(async () => {
  await server.close();
});

/** Visits every subschema (not the `properties` maps themselves, whose keys are property names). */
function walk(schema: unknown, visit: (schema: Record<string, unknown>, path: string) => void, path = "#"): void {
  if (typeof schema !== "object" || schema === null || Array.isArray(schema)) return;
  const obj = schema as Record<string, unknown>;
  visit(obj, path);
  const props = obj["properties"];
  if (typeof props === "object" && props !== null) {
    for (const [name, sub] of Object.entries(props)) walk(sub, visit, `${path}/properties/${name}`);
  }
  if (obj["items"] !== undefined) walk(obj["items"], visit, `${path}/items`);
}

describe("tool definitions", () => {
  it("carries over the wire exactly the entries the tool table lists (the unit tests check those in-process)", () => {
    expect(tools).toEqual(JSON.parse(JSON.stringify(listedTools(DEFAULT_LIMITS))));
  });

  it("lists exactly the thirteen groovy_ tools", () => {
    expect(tools.map((t) => t.name)).toEqual(EXPECTED);
  });

  it("gives every tool a title, a description under 60 words, and the read-only annotations", () => {
    for (const tool of tools) {
      expect(tool.title.length, tool.name).toBeGreaterThan(3);
      const words = tool.description.trim().split(/\s+/).length;
      expect(words, `${tool.name} has ${words} words`).toBeLessThan(60);
      expect(words, tool.name).toBeGreaterThan(15);
      expect(tool.annotations).toMatchObject({ readOnlyHint: true, openWorldHint: false });
    }
  });

  it("declares portable JSON Schema 2020-12: object roots, no $ref/$defs, no type unions", () => {
    for (const tool of tools) {
      for (const [kind, schema] of [["input", tool.inputSchema], ["output", tool.outputSchema]] as const) {
        // input schemas rely on MCP's default dialect (2020-12) to stay small (issue 12); output schemas declare it
        expect(schema["$schema"], `${tool.name} ${kind}`).toBe(kind === "input" ? undefined : "https://json-schema.org/draft/2020-12/schema");
        expect(schema["type"], `${tool.name} ${kind}`).toBe("object");
        walk(schema, (node, path) => {
          const where = `${tool.name} ${kind} ${path}`;
          expect(node["$ref"], where).toBeUndefined();
          expect(node["$defs"], where).toBeUndefined();
          expect(node["definitions"], where).toBeUndefined();
          expect(node["oneOf"], where).toBeUndefined();
          expect(node["anyOf"], where).toBeUndefined();
          expect(node["allOf"], where).toBeUndefined();
          if ("type" in node) expect(typeof node["type"], where).toBe("string");
        });
      }
    }
  });

  it("compiles every schema with ajv in strict mode", () => {
    const ajv = new Ajv2020({ strict: true });
    for (const tool of tools) {
      expect(() => ajv.compile(tool.inputSchema), tool.name).not.toThrow();
      expect(() => ajv.compile(tool.outputSchema), tool.name).not.toThrow();
    }
  });

  it("uses the shared source arguments and 0-based positions", () => {
    for (const tool of tools) {
      const props = tool.inputSchema["properties"] as Record<string, unknown>;
      if (tool.name === "groovy_close") {
        expect(tool.inputSchema["required"]).toEqual(["uri"]);
        continue;
      }
      expect(Object.keys(props)).toEqual(expect.arrayContaining(["text", "path", "uri"]));
      expect(tool.inputSchema["additionalProperties"]).toBe(false);
      if ("line" in props) expect(tool.inputSchema["required"]).toEqual(expect.arrayContaining(["line", "character"]));
    }
  });
});

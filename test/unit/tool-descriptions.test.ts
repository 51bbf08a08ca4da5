import { describe, expect, it } from "vitest";
import { DEFAULT_LIMITS } from "../../src/limits/limits.js";
import { toolDefinitions } from "../../src/mcp/tools/tool-definitions.js";
import { MAX_COMPLETION_ITEMS, OPERATIONS, SNIPPET_LINES, TOKENS_PAGE_SIZE } from "../../src/workspace/index.js";

/** Descriptions and schemas are generated from the operation table and the limits, so they cannot drift. */
const tools = toolDefinitions(DEFAULT_LIMITS);
const tool = (name: string) => tools.find((t) => t.name === name)!;

describe("generated tool descriptions and schemas", () => {
  it("state the engine's defaults (docs/engine-contract.md) from the table", () => {
    expect(OPERATIONS.references.params["maxResults"]?.default).toBe(500);
    expect(OPERATIONS.symbols.params["maxResults"]?.default).toBe(200);
    const maxResults = (name: string) => JSON.stringify((tool(name).inputSchema["properties"] as Record<string, unknown>)["maxResults"]);
    expect(maxResults("groovy_references")).toContain("(default 500)");
    expect(maxResults("groovy_symbols")).toContain("(default 200)");
    expect(tool("groovy_complete").description).toContain(`at most ${MAX_COMPLETION_ITEMS}, best first`);
    expect(tool("groovy_tokens").description).toContain(`at most ${TOKENS_PAGE_SIZE} per call`);
    expect(tool("groovy_close").description).toContain(`${DEFAULT_LIMITS.maxOpenBuffers}-buffer limit`);
    expect(tool("groovy_diagnostics").description).toContain(`text up to ${DEFAULT_LIMITS.maxSourceChars} chars`);
    expect(JSON.stringify(tool("groovy_definition").outputSchema)).toContain(`up to ${SNIPPET_LINES} source lines`);
  });

  it("give every table parameter of a tool's op to its input schema, with the table's range", () => {
    for (const t of tools) {
      if (t.op === "close") continue;
      const props = t.inputSchema["properties"] as Record<string, Record<string, unknown>>;
      for (const [name, spec] of Object.entries(OPERATIONS[t.op].params)) {
        expect(props[name], `${t.name}.${name}`).toBeDefined();
        if (spec.type === "integer" && spec.clamp !== true) {
          expect(props[name]?.["minimum"], `${t.name}.${name}`).toBe(spec.minimum);
          expect(props[name]?.["maximum"], `${t.name}.${name}`).toBe(spec.maximum);
        }
      }
      expect(t.inputSchema["required"] ?? [], t.name).toEqual([...OPERATIONS[t.op].required]);
    }
  });

  it("declare tokens paging and the symbol-query uri in the output schemas", () => {
    expect(JSON.stringify(tool("groovy_tokens").outputSchema["properties"])).toContain('"truncated"');
    const symbol = JSON.stringify(tool("groovy_symbols").outputSchema);
    expect(symbol).toContain('"uri"');
    expect(symbol).toContain('"enum":["Class","Interface","Enum","Constructor","Method","Property","Field","EnumMember","Module","Namespace","Function"]');
  });
});

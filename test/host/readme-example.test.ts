import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENGINE_MISSING, PROJECT_ROOT, ServerProcess, toolResult } from "./support/server-process.js";
import { describeWith } from "../support/peers.js";

/**
 * The README's server example is the real server's answer: its Groovy text, sent as `groovy_diagnostics` does in the
 * example, must give exactly the JSON printed under it, so the example cannot drift from what the server says.
 */
const readme = readFileSync(join(PROJECT_ROOT, "README.md"), "utf8");
const section = readme.slice(readme.indexOf("### The MCP server"));

function fenced(language: string): string {
  const match = new RegExp("^```" + language + "\\n([\\s\\S]*?)^```", "m").exec(section);
  if (match?.[1] === undefined) throw new Error(`README.md: no ${language} block in "The MCP server"`);
  return match[1];
}

describeWith(ENGINE_MISSING)("README example", () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = new ServerProcess();
    await server.initialize();
  });
  afterAll(async () => {
    await server.close();
  });

  it("prints what groovy_diagnostics answers for its Groovy text", async () => {
    const expected = JSON.parse(fenced("json")) as Record<string, unknown>;
    const uri = expected["uri"];
    expect(uri).toBe("groovy-buffer:Order.groovy");
    const result = toolResult(await server.callTool(1, "groovy_diagnostics", { text: fenced("groovy"), uri }));
    expect(result.isError).toBeUndefined();
    expect(result.structuredContent).toEqual(expected);
    expect(JSON.parse(result.content[0]?.text ?? "null")).toEqual(expected);
  });
});

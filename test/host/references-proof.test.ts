import { Ajv2020 } from "ajv/dist/2020.js";
import { afterAll, beforeAll, expect, it } from "vitest";
import { ENGINE_MISSING, ServerProcess, toolResult } from "./support/server-process.js";
import { describeWith } from "../support/peers.js";

/**
 * Issue 11 item 6 through the real MCP server on the real engine: groovy_references marks each location proven or
 * candidate, puts proven ones first, and never lists a member of another type.
 */
const suite = describeWith(ENGINE_MISSING);
const title = "references proof over MCP";

interface RefLocation {
  uri: string;
  range: { start: { line: number; character: number } };
  proof: string;
}

suite(title, () => {
  let s: ServerProcess;
  let schema: object;
  let nextId = 0;
  const ajv = new Ajv2020({ strict: true });

  beforeAll(async () => {
    s = new ServerProcess([]);
    await s.initialize();
    const tools = (await s.request("list", "tools/list")).result?.["tools"] as { name: string; outputSchema: object }[];
    schema = tools.find((t) => t.name === "groovy_references")?.outputSchema as object;
  });
  afterAll(async () => {
    await s.close();
  });

  async function refs(args: Record<string, unknown>): Promise<{ total: number; proven: number; candidates: number; locations: RefLocation[] }> {
    const r = toolResult(await s.callTool(++nextId, "groovy_references", args));
    expect(r.isError, JSON.stringify(r.content)).not.toBe(true);
    expect(ajv.validate(schema, r.structuredContent), ajv.errorsText()).toBe(true);
    return r.structuredContent as unknown as { total: number; proven: number; candidates: number; locations: RefLocation[] };
  }
  const at = (l: RefLocation): string => `${l.range.start.line}:${l.range.start.character}:${l.proof}`;

  it("the reference's identity case: the declaration and the implicit-this call, both proven", async () => {
    const r = await refs({ text: "class Hello { def foo(String bar) { foo(bar) } }\n", uri: "groovy-buffer:hello", line: 0, character: 19 });
    expect(r.locations.map(at)).toEqual(["0:18:proven", "0:36:proven"]);
    expect(r).toMatchObject({ total: 2, proven: 2, candidates: 0 });
  });

  it("a dynamic call is a candidate; another type's same-named member never appears", async () => {
    const text = "class Calc { int add(int a, int b) { a + b } }\nclass Other { int add(int a, int b) { 0 } }\n"
      + "def calc = new Calc()\nprintln calc.add(1, 2)\ndef x = something()\nx.add(3, 4)\ndef o = new Other()\no.add(5, 6)\n";
    const r = await refs({ text, uri: "groovy-buffer:calc", line: 0, character: 18 });
    expect(r.locations.map(at)).toEqual(["0:17:proven", "3:13:proven", "5:2:candidate"]);
    expect(r).toMatchObject({ total: 3, proven: 2, candidates: 1 });
  });
});

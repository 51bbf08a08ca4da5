import { Ajv2020 } from "ajv/dist/2020.js";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { ENGINE_MISSING, ENGINE_PRESENT, ENGINE_SKIP_REASON, ServerProcess, toolResult, type ToolCallResult } from "./support/server-process.js";
import { describeWith } from "../support/peers.js";

/**
 * Host-level checks of the thirteen tools on the real WebAssembly engine. They skip, with the reason in their
 * title, only while engine-wasm/target/dist/groovy-engine.wasm does not exist.
 */
interface Edit {
  range: { start: { line: number; character: number }; end: { line: number; character: number } };
  newText: string;
}

/** Applies LSP-style edits (0-based lines, UTF-16 columns) to a text, last edit first. */
function applyEdits(text: string, edits: Edit[]): string {
  const lineStarts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === "\n") lineStarts.push(i + 1);
  const offset = (p: { line: number; character: number }): number =>
    p.line >= lineStarts.length ? text.length : Math.min((lineStarts[p.line] as number) + p.character, text.length);
  const sorted = [...edits].sort((a, b) => offset(b.range.start) - offset(a.range.start));
  let out = text;
  for (const e of sorted) out = out.slice(0, offset(e.range.start)) + e.newText + out.slice(offset(e.range.end));
  return out;
}

const suite = describeWith(ENGINE_MISSING);
const title = ENGINE_PRESENT ? "tools on the real engine" : `tools on the real engine (skipped: ${ENGINE_SKIP_REASON})`;

suite(title, () => {
  let s: ServerProcess;
  let root: string;
  let schemas: Map<string, object>;
  let nextId = 0;
  const ajv = new Ajv2020({ strict: true });

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), "gm-engine-"));
    writeFileSync(join(root, "Greeter.groovy"), "class Greeter {\n    String greet(String who) { \"Hello, $who\" }\n}\n");
    s = new ServerProcess(["--root", root]);
    await s.initialize();
    const tools = (await s.request("list", "tools/list")).result?.["tools"] as { name: string; outputSchema: object }[];
    schemas = new Map(tools.map((t) => [t.name, t.outputSchema]));
  });
  afterAll(async () => {
    await s.close();
  });

  async function call(name: string, args: Record<string, unknown>): Promise<ToolCallResult> {
    const result = toolResult(await s.callTool(++nextId, name, args));
    if (result.isError !== true) {
      expect(ajv.validate(schemas.get(name) as object, result.structuredContent), `${name}: ${ajv.errorsText()}`).toBe(true);
      expect(JSON.parse(result.content[0]?.text ?? "")).toEqual(result.structuredContent);
    }
    return result;
  }

  it("diagnostics reports a type error and counts it", async () => {
    const r = await call("groovy_diagnostics", { text: "@groovy.transform.CompileStatic\nvoid f() { int x = 'a'.foo() }\n", uri: "groovy-buffer:diag" });
    expect(r.isError).toBeUndefined();
    expect(r.structuredContent["errorCount"]).toBeGreaterThan(0);
    const diags = r.structuredContent["diagnostics"] as { severity: string }[];
    expect(diags.some((d) => d.severity === "error")).toBe(true);
  });

  it("diagnostics on empty input is clean", async () => {
    const r = await call("groovy_diagnostics", { text: "", uri: "groovy-buffer:empty" });
    expect(r.structuredContent).toMatchObject({ errorCount: 0, warningCount: 0, uri: "groovy-buffer:empty" });
  });

  it("diagnostics reads a file under --root", async () => {
    const r = await call("groovy_diagnostics", { path: "Greeter.groovy" });
    expect(r.isError).toBeUndefined();
    expect(String(r.structuredContent["uri"])).toMatch(/^file:.*Greeter\.groovy$/);
  });

  it("describe infers a local's type from its initializer", async () => {
    const r = await call("groovy_describe", { text: 'def n = "x"\n', uri: "groovy-buffer:desc", line: 0, character: 4 });
    expect(String(r.structuredContent["markdown"])).toContain("String n");
  });

  it("describe clamps an out-of-range position", async () => {
    const r = await call("groovy_describe", { text: "def n = 1\n", uri: "groovy-buffer:clamp", line: 999, character: 999 });
    expect(r.isError).toBeUndefined();
  });

  it("definition resolves across open buffers", async () => {
    await call("groovy_diagnostics", { text: "class Shared { static int twice(int x) { x * 2 } }\n", uri: "groovy-buffer:shared" });
    const r = await call("groovy_definition", { text: "int y = Shared.twice(3)\n", uri: "groovy-buffer:user", line: 0, character: 16 });
    const locations = r.structuredContent["locations"] as { uri: string }[];
    expect(locations.some((l) => l.uri === "groovy-buffer:shared")).toBe(true);
  });

  it("complete offers JDK members of the receiver's static type", async () => {
    const r = await call("groovy_complete", { text: '"abc".toUp', uri: "groovy-buffer:comp", line: 0, character: 10 });
    const items = r.structuredContent["items"] as { label: string }[];
    expect(items.length).toBeLessThanOrEqual(100);
    expect(items.some((i) => i.label.startsWith("toUpperCase"))).toBe(true);
  });

  it("signatures lists the Math.max overloads", async () => {
    const r = await call("groovy_signatures", { text: "Math.max(1, 2)", uri: "groovy-buffer:sig", line: 0, character: 9 });
    expect((r.structuredContent["signatures"] as unknown[]).length).toBeGreaterThanOrEqual(4);
  });

  it("tokens keep UTF-16 columns after an emoji", async () => {
    const r = await call("groovy_tokens", { text: 'def s = "😀"; def t = 1\n', uri: "groovy-buffer:tok" });
    const tokens = r.structuredContent["tokens"] as { character: number; length: number; type: string }[];
    const t = tokens.find((x) => x.character === 18);
    expect(t).toBeDefined();
  });

  it("format re-indents, trims, and is idempotent", async () => {
    const text = "class A {\nvoid f() {\nprintln 1   \n}\n}\n";
    const first = await call("groovy_format", { text, uri: "groovy-buffer:fmt" });
    const edits = first.structuredContent["edits"] as Edit[];
    expect(edits.length).toBeGreaterThan(0);
    const formatted = applyEdits(text, edits);
    expect(formatted).toBe("class A {\n    void f() {\n        println 1\n    }\n}\n");
    const second = await call("groovy_format", { text: formatted, uri: "groovy-buffer:fmt" });
    expect(applyEdits(formatted, second.structuredContent["edits"] as Edit[])).toBe(formatted);
  });

  it("organize imports removes an unused import", async () => {
    const r = await call("groovy_organize_imports", { text: "import java.util.concurrent.ConcurrentHashMap\nimport java.time.LocalDate\nLocalDate.now()\n", uri: "groovy-buffer:imp" });
    const text = "import java.util.concurrent.ConcurrentHashMap\nimport java.time.LocalDate\nLocalDate.now()\n";
    const organized = applyEdits(text, r.structuredContent["edits"] as Edit[]);
    expect(organized).not.toContain("ConcurrentHashMap");
    expect(organized).toContain("import java.time.LocalDate");
    const again = await call("groovy_organize_imports", { text: organized, uri: "groovy-buffer:imp" });
    expect(applyEdits(organized, again.structuredContent["edits"] as Edit[])).toBe(organized);
  });

  it("rename rejects an invalid identifier as a tool error", async () => {
    const r = await call("groovy_rename", { text: "def abc = 1\nprintln abc\n", uri: "groovy-buffer:ren", line: 0, character: 5, newName: "1bad name" });
    expect(r.isError).toBe(true);
  });

  it("rename renames a proven local", async () => {
    const r = await call("groovy_rename", { text: "def abc = 1\nprintln abc\n", uri: "groovy-buffer:ren2", line: 0, character: 5, newName: "xyz" });
    expect(r.structuredContent["changeCount"]).toBe(2);
  });

  it("symbols searches open buffers by CamelHumps", async () => {
    await call("groovy_diagnostics", { text: "class AbstractServerFactory {}\n", uri: "groovy-buffer:asf" });
    const r = await call("groovy_symbols", { query: "ASF" });
    const symbols = r.structuredContent["symbols"] as { name: string; kind: string; uri?: string }[];
    expect(symbols).toEqual([expect.objectContaining({ name: "AbstractServerFactory", kind: "Class", uri: "groovy-buffer:asf" })]);
  });

  it("symbols outline kinds are the ones the schema declares", async () => {
    const text = "enum E { A, B }\ninterface I { void i() }\ntrait T {}\nclass K { int f; private int g; K() {}; def m() {} }\n";
    const r = await call("groovy_symbols", { text, uri: "groovy-buffer:kinds" });
    const kinds = new Set<string>();
    const visit = (list: { kind: string; children?: unknown[] }[]): void => {
      for (const sym of list) {
        kinds.add(sym.kind);
        visit((sym.children ?? []) as { kind: string; children?: unknown[] }[]);
      }
    };
    visit(r.structuredContent["symbols"] as { kind: string }[]);
    expect([...kinds].sort()).toEqual(["Class", "Constructor", "Enum", "EnumMember", "Field", "Interface", "Method", "Property"]);
    await call("groovy_close", { uri: "groovy-buffer:kinds" });
  });

  it("tokens page through a large source with startLine and endLine", async () => {
    const lines = Array.from({ length: 1500 }, (_, i) => `def v${i} = foo(${i}, "s")`);
    const text = lines.join("\n") + "\n";
    const first = await call("groovy_tokens", { text, uri: "groovy-buffer:many" });
    expect(first.structuredContent["truncated"]).toBe(true);
    const seen = new Set<number>();
    let page = first.structuredContent as { tokens: { line: number }[]; truncated?: boolean };
    let pages = 1;
    for (;;) {
      for (const t of page.tokens) seen.add(t.line);
      if (page.truncated !== true) break;
      const next = (page.tokens.at(-1)?.line ?? 0) + 1;
      page = (await call("groovy_tokens", { uri: "groovy-buffer:many", startLine: next })).structuredContent as typeof page;
      pages++;
    }
    expect(pages).toBeGreaterThan(1);
    expect(seen.size).toBe(1500);
    const window = (await call("groovy_tokens", { uri: "groovy-buffer:many", startLine: 1000, endLine: 1001 })).structuredContent as typeof page;
    expect([...new Set(window.tokens.map((t) => t.line))]).toEqual([1000, 1001]);
    expect(window.truncated).toBeUndefined();
    await call("groovy_close", { uri: "groovy-buffer:many" });
  });

  it("a location's snippet is the start line and three lines on each side (7), as the schema says", async () => {
    const lines = Array.from({ length: 20 }, (_, i) => `// line ${i}`);
    lines[10] = "def target() { 1 }";
    lines[15] = "target()";
    const r = await call("groovy_definition", { text: lines.join("\n") + "\n", uri: "groovy-buffer:snip", line: 15, character: 1 });
    const locations = r.structuredContent["locations"] as { range: { start: { line: number } }; snippet?: string }[];
    expect(locations).toHaveLength(1);
    expect(locations[0]?.range.start.line).toBe(10);
    expect(locations[0]?.snippet?.split("\n")).toEqual(lines.slice(7, 14));
    await call("groovy_close", { uri: "groovy-buffer:snip" });
  });

  it("reads a file under --root whose name starts with two dots", async () => {
    writeFileSync(join(root, "..hidden.groovy"), "class Hidden {}\n");
    const r = await call("groovy_diagnostics", { path: "..hidden.groovy" });
    expect(r.isError, r.content[0]?.text).toBeUndefined();
    expect(r.structuredContent["uri"]).toMatch(/\/\.\.hidden\.groovy$/);
  });

  it("diagnostics on a buffer that is not open is the same state error as every other op", async () => {
    for (const [name, extra] of [["groovy_diagnostics", {}], ["groovy_tokens", {}], ["groovy_describe", { line: 0, character: 0 }]] as const) {
      const r = await call(name, { uri: "groovy-buffer:never-opened", ...extra });
      expect(r.isError, name).toBe(true);
      expect(r.content[0]?.text, name).toBe('no buffer "groovy-buffer:never-opened" is open; pass its text first');
    }
  });

  it("references, implementations and close answer", async () => {
    const text = "interface I { void m() }\nclass C implements I { void m() {} }\nnew C().m()\n";
    const refs = await call("groovy_references", { text, uri: "groovy-buffer:refs", line: 0, character: 19 });
    // I.m is declared once and never called through I (new C().m() binds to C.m): exactly its declaration
    expect(refs.structuredContent).toMatchObject({ total: 1, truncated: false });
    expect(refs.structuredContent["locations"]).toEqual([
      expect.objectContaining({ uri: "groovy-buffer:refs", range: { start: { line: 0, character: 19 }, end: { line: 0, character: 20 } } }),
    ]);
    const impl = await call("groovy_implementations", { uri: "groovy-buffer:refs", line: 0, character: 10 });
    expect((impl.structuredContent["locations"] as unknown[]).length).toBeGreaterThan(0);
    expect((await call("groovy_close", { uri: "groovy-buffer:refs" })).structuredContent).toEqual({ closed: true });
    expect((await call("groovy_close", { uri: "groovy-buffer:refs" })).structuredContent).toEqual({ closed: false });
  });

  it("accepts a source of exactly 524288 characters", async () => {
    const line = "// padding comment line\n";
    let text = line.repeat(Math.floor(524_288 / line.length));
    text += "/".repeat(524_288 - text.length);
    expect(text.length).toBe(524_288);
    const r = await call("groovy_diagnostics", { text, uri: "groovy-buffer:big" });
    expect(r.isError).toBeUndefined();
    await call("groovy_close", { uri: "groovy-buffer:big" });
  });

  it("reads every resource", async () => {
    for (const uri of ["groovy://server/keywords", "groovy://server/default-imports", "groovy://server/limits"]) {
      const reply = await s.request(++nextId, "resources/read", { uri });
      const contents = (reply.result as { contents: { text: string; mimeType: string }[] }).contents;
      expect(contents[0]?.mimeType).toBe("application/json");
      const body = JSON.parse(contents[0]?.text ?? "") as Record<string, unknown>;
      if (uri.endsWith("keywords")) expect(body["keywords"]).toEqual(expect.arrayContaining(["def", "class"]));
      if (uri.endsWith("limits")) expect(body).toMatchObject({ engine: "webassembly", execution: false, rootSet: true, classpathEntries: 0, maxSourceChars: 524288 });
    }
  });
});

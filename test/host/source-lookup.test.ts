import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENGINE_PRESENT, ENGINE_SKIP_REASON, ServerProcess, toolResult } from "./support/server-process.js";

/**
 * Source-path resolution under --root, through the real server and wasm engine: a cold file's classes in sibling
 * files and other source sets are found by name and resolved from their declarations, so the answers do not depend
 * on what the client has open.
 */
const PROJECT: Record<string, string> = {
  "src/main/groovy/shop/LineItem.groovy": "package shop\n\nclass LineItem {\n    String name\n    BigDecimal price\n}\n",
  "src/main/groovy/shop/Discount.groovy":
    "package shop\n\nclass Discount {\n    BigDecimal percent\n\n    BigDecimal applyTo(BigDecimal value) {\n        value * (100 - percent) / 100\n    }\n}\n",
  "src/main/groovy/shop/Order.groovy":
    "package shop\n\nclass Order {\n    List<LineItem> items = []\n    Discount discount\n\n    BigDecimal total() {\n        BigDecimal sum = items.sum { LineItem it -> it.price } as BigDecimal ?: 0\n        discount ? discount.applyTo(sum) : sum\n    }\n}\n",
  "src/main/java/shop/Tender.java": "package shop;\n\npublic enum Tender {\n    EUR, USD;\n\n    public String symbol() { return this == EUR ? \"E\" : \"$\"; }\n}\n",
  "src/main/groovy/shop/OrderService.groovy":
    "package shop\n\nimport groovy.transform.CompileStatic\n\n@CompileStatic\nclass OrderService {\n    Tender tender = Tender.EUR\n\n    Order place(List<LineItem> items) {\n        Order order = new Order(items: items)\n        order.discount = new Discount(percent: 10)\n        order\n    }\n}\n",
  "src/test/groovy/shop/OrderServiceTest.groovy":
    "package shop\n\nclass OrderServiceTest {\n    void places() {\n        OrderService service = new OrderService()\n        def order = service.place([new LineItem(name: 'a', price: 2)])\n        assert order.total() == 1.8\n        service.pl\n    }\n}\n",
};
const TEST_FILE = "src/test/groovy/shop/OrderServiceTest.groovy";
const SERVICE_FILE = "src/main/groovy/shop/OrderService.groovy";

const suite = ENGINE_PRESENT || process.env["CI"] === "true" ? describe : describe.skip;
const title = ENGINE_PRESENT ? "source lookups under --root" : `source lookups under --root (skipped: ${ENGINE_SKIP_REASON})`;

let root: string;
let outside: string;
const servers: ServerProcess[] = [];
let nextId = 1;

async function server(): Promise<ServerProcess> {
  const s = new ServerProcess(["--root", root]);
  servers.push(s);
  await s.initialize();
  return s;
}

async function call(s: ServerProcess, tool: string, args: Record<string, unknown>): Promise<Record<string, unknown>> {
  const result = toolResult(await s.callTool(nextId++, tool, args));
  if (result.isError === true) throw new Error(`${tool}: ${result.content[0]?.text ?? "?"}`);
  return result.structuredContent;
}

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "gm-lookup-"));
  for (const [path, text] of Object.entries(PROJECT)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  // a class name that maps, through a symbolic link, to a file outside the root
  outside = mkdtempSync(join(tmpdir(), "gm-lookup-outside-"));
  writeFileSync(join(outside, "Secret.groovy"), "package shop\n\nclass Secret {\n    String OUTSIDE_THE_ROOT\n}\n");
  symlinkSync(join(outside, "Secret.groovy"), join(root, "src/main/groovy/shop/Secret.groovy"));
});

afterAll(async () => {
  for (const s of servers) await s.close();
});

suite(title, () => {
  it("answers on a cold file as with every file open", async () => {
    const questions = async (s: ServerProcess): Promise<unknown[]> => [
      await call(s, "groovy_diagnostics", { path: TEST_FILE }),
      await call(s, "groovy_diagnostics", { path: SERVICE_FILE }),
      await call(s, "groovy_describe", { path: SERVICE_FILE, line: 9, character: 15 }),
      await call(s, "groovy_describe", { path: TEST_FILE, line: 5, character: 12 }),
      await call(s, "groovy_definition", { path: SERVICE_FILE, line: 10, character: 30 }),
      await call(s, "groovy_references", { path: SERVICE_FILE, line: 9, character: 15 }),
      await call(s, "groovy_complete", { path: TEST_FILE, line: 7, character: 18 }),
    ];
    const cold = await questions(await server());
    const warm = await server();
    for (const path of Object.keys(PROJECT).filter((p) => p.endsWith(".groovy"))) await call(warm, "groovy_diagnostics", { path });
    const open = await questions(warm);
    expect(cold).toEqual(open);
    // and the answers are the resolved ones: no unresolved class, the types and the file of the declaration
    expect(cold.slice(0, 2).map((d) => (d as { errorCount: number }).errorCount)).toEqual([0, 0]);
    expect(JSON.stringify(cold[2])).toContain("Order order");
    expect(JSON.stringify(cold[4])).toContain("src/main/groovy/shop/Discount.groovy");
    expect(JSON.stringify(cold[6])).toContain('"label":"place"');
  });

  it("never reads a class's file through a link that leads outside the root", async () => {
    const s = await server();
    const text = "package shop\n\nclass UsesSecret {\n    String peek() { new Secret().OUT }\n}\n";
    const uri = "groovy-buffer:uses-secret";
    const diagnostics = await call(s, "groovy_diagnostics", { text, uri });
    expect(JSON.stringify(diagnostics)).toContain("unable to resolve class Secret");
    const completion = await call(s, "groovy_complete", { uri, line: 3, character: 35 });
    expect(JSON.stringify(completion)).not.toContain("OUTSIDE_THE_ROOT");
    expect(s.stderr).not.toContain("OUTSIDE_THE_ROOT");
  });

  it("answers a lookup storm (thousands of unresolved names) within the call limit, then answers the next call", async () => {
    const s = await server();
    const names = Array.from({ length: 3000 }, (_, i) => `Missing${i}`);
    const text = `package shop\n\nclass Storm {\n${names.map((n, i) => `    ${n} f${i}`).join("\n")}\n}\n`;
    const reply = toolResult(await s.callTool(nextId++, "groovy_diagnostics", { text, uri: "groovy-buffer:storm" }));
    expect(reply.isError).not.toBe(true);
    expect((reply.structuredContent as { errorCount: number }).errorCount).toBeGreaterThan(0);
    expect(s.stderr).not.toMatch(/call time limit/);
    const after = await call(s, "groovy_diagnostics", { path: SERVICE_FILE });
    expect(after["errorCount"]).toBe(0);
  }, 120_000);

  it("takes text with a file: uri as the file's unsaved edit until it is closed", async () => {
    const s = await server();
    const discount = pathToFileURL(join(root, "src/main/groovy/shop/Discount.groovy")).href;
    // the edit renames a property OrderService uses (a static compile checks it) and adds a type error of its own
    const edit = "package shop\n\nimport groovy.transform.CompileStatic\n\n@CompileStatic\nclass Discount {\n    BigDecimal rate\n    int broken = 'x'\n\n    BigDecimal applyTo(BigDecimal value) {\n        value * (100 - rate) / 100\n    }\n}\n";
    const ofEdit = await call(s, "groovy_diagnostics", { text: edit, uri: discount });
    expect(ofEdit["uri"]).toBe(discount);
    const messages = (d: Record<string, unknown>): string[] => (d["diagnostics"] as { message: string }[]).map((x) => x.message);
    expect(messages(ofEdit)).toEqual([expect.stringMatching(/Cannot assign value of type java\.lang\.String to variable of type int/)]);
    // later calls see the edit: by the file's uri alone (not re-read), and from the file that uses it
    expect(messages(await call(s, "groovy_diagnostics", { uri: discount }))).toEqual(messages(ofEdit));
    const user = await call(s, "groovy_diagnostics", { path: SERVICE_FILE });
    expect(messages(user).join("\n")).toMatch(/percent/);
    expect(messages(user).join("\n")).not.toMatch(/duplicate class/i);
    // closed: the file as it is on disk again, for itself and for its user
    await call(s, "groovy_close", { uri: discount });
    expect((await call(s, "groovy_diagnostics", { uri: discount }))["errorCount"]).toBe(0);
    expect((await call(s, "groovy_diagnostics", { path: SERVICE_FILE }))["errorCount"]).toBe(0);
  });

  it("refuses text for a file: uri outside the root", async () => {
    const s = await server();
    const reply = toolResult(await s.callTool(nextId++, "groovy_diagnostics", { text: "class A {}", uri: pathToFileURL(join(outside, "Secret.groovy")).href }));
    expect(reply.isError).toBe(true);
    expect(reply.content[0]!.text).toMatch(/inside the root/);
  });

  it("re-reads a looked-up file's declarations when the client opens it again after it changed on disk", async () => {
    const s = await server();
    const coupon = join(root, "src/main/groovy/shop/Coupon.groovy");
    writeFileSync(coupon, "package shop\n\nclass Coupon {\n    String code\n}\n");
    const uri = "groovy-buffer:uses-coupon";
    const text = "package shop\n\nimport groovy.transform.CompileStatic\n\n@CompileStatic\nclass Till {\n    int size(Coupon c) { c.code.length() + c.uses }\n}\n";
    expect(JSON.stringify(await call(s, "groovy_diagnostics", { text, uri }))).toMatch(/No such property: uses/);
    writeFileSync(coupon, "package shop\n\nclass Coupon {\n    String code\n    int uses\n}\n");
    await call(s, "groovy_diagnostics", { path: "src/main/groovy/shop/Coupon.groovy" });
    await call(s, "groovy_close", { uri: pathToFileURL(coupon).href });
    expect((await call(s, "groovy_diagnostics", { uri }))["errorCount"]).toBe(0);
  });
});

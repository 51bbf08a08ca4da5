import { createServer, type Server } from "node:http";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromium, type Browser } from "playwright-core";
import { locateEngineFiles } from "../../src/engine/node/engine-files.js";

/**
 * The same module in headless Chromium (Debian's, through playwright-core): the browser playground stands on this.
 * The page loads TeaVM's ES-module runtime, the wasm and the class model from a loopback server and compiles.
 */
const CHROMIUM = "/usr/bin/chromium";
const dist = locateEngineFiles().directory;

const PAGE = `<!doctype html><meta charset="utf-8"><script type="module">
import { load } from "/groovy-engine.wasm-runtime.js";
window.result = (async () => {
  const teavm = await load("/groovy-engine.wasm");
  const model = new Int8Array(await (await fetch("/classmodel.bin")).arrayBuffer());
  teavm.exports.loadClassModel(model);
  const ask = (o) => JSON.parse(teavm.exports.handle(JSON.stringify(o)));
  const check = (text) => {
    ask({ op: "open", uri: "groovy-buffer:page", text });
    const r = ask({ op: "diagnostics", uri: "groovy-buffer:page" });
    ask({ op: "close", uri: "groovy-buffer:page" });
    return r.result.diagnostics;
  };
  return { result: { diagnostics: [
    ...check("@groovy.transform.TypeChecked void m() { undefinedVar.foo() }"),
    ...check("new Foo()"),
    ...check('@groovy.transform.CompileStatic\\nclass A { def m() { "abc".toUpperCase() } }'),
  ] } };
})().catch((e) => ({ failed: String(e) }));
</script>`;

const TYPES: Record<string, string> = { ".js": "text/javascript", ".wasm": "application/wasm", ".bin": "application/octet-stream" };

let server: Server;
let browser: Browser;
let base = "";

describe.skipIf(!existsSync(CHROMIUM))(`headless Chromium${existsSync(CHROMIUM) ? "" : " (skipped: no /usr/bin/chromium; .ci/run installs it)"}`, () => {
  beforeAll(async () => {
    server = createServer((req, res) => {
      const name = (req.url ?? "/").split("?")[0]!;
      if (name === "/") {
        res.writeHead(200, { "content-type": "text/html" }).end(PAGE);
        return;
      }
      const file = join(dist, name.slice(1));
      if (!/^\/[\w.-]+$/.test(name) || !existsSync(file)) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { "content-type": TYPES[name.slice(name.lastIndexOf("."))] ?? "application/octet-stream" })
        .end(readFileSync(file));
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
  });

  it("loads the engine and answers diagnostics like Node does", async () => {
    const page = await browser.newPage();
    await page.goto(base);
    const result = (await page.waitForFunction(() => (globalThis as unknown as { result?: Promise<unknown> }).result, undefined, { timeout: 120_000 })
      .then(() => page.evaluate(() => (globalThis as unknown as { result: Promise<unknown> }).result))) as {
      result?: { diagnostics: { message: string }[] };
      failed?: string;
    };
    expect(result.failed).toBeUndefined();
    const messages = result.result!.diagnostics.map((d) => d.message);
    expect(messages).toContain("unable to resolve class Foo");
    expect(messages).toHaveLength(2); // the @CompileStatic snippet is clean: JDK members resolve in the browser too
    expect(messages.some((m) => m.includes("The variable [undefinedVar] is undeclared"))).toBe(true);
  }, 180_000);
});

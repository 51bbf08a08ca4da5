import { createServer, type Server } from "node:http";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchChromium } from "./chromium-launch.js";
import { chromiumMissing, describeWith } from "../support/peers.js";
import { locateEngineFiles } from "../../src/engine/node/engine-files.js";
import { PROJECT_ROOT } from "../host/support/server-process.js";

/**
 * The same module in headless Chromium (Debian's, through playwright-core): the browser playground stands on this.
 * The page loads the engine exactly as a browser front end does: through the built, runtime-neutral core and
 * workspace (dist/engine/core, dist/workspace, served as ES modules), with the engine in a Web Worker speaking the
 * core's worker protocol. The loopback server serves dist/ and the engine's build outputs, nothing else.
 */
const dist = locateEngineFiles().directory;
const hostDist = join(PROJECT_ROOT, "dist");

const WORKER = `import { fetchEngineImage, serveEngineInWorker, webWorkerSide } from "/dist/engine/core/index.js";
serveEngineInWorker(webWorkerSide(self), () => fetchEngineImage(new URL("/engine/", self.location.href)));
`;

const PAGE = `<!doctype html><meta charset="utf-8"><script type="module">
import { connectToWorker, webWorkerHost } from "/dist/engine/core/index.js";
import { RecoveringEngine } from "/dist/engine/service/index.js";
import { Workspace } from "/dist/workspace/index.js";
window.result = (async () => {
  const logs = [];
  const spawn = () => connectToWorker(webWorkerHost(new Worker("/worker.js", { type: "module" })), { log: (l) => logs.push(l) });
  const engine = new RecoveringEngine({ spawn, callTimeoutMs: 60000 });
  const workspace = new Workspace({ engine, maxOpenBuffers: 64, maxSourceChars: 524288 });
  const check = async (text) => {
    const r = await workspace.run("diagnostics", { text, uri: "groovy-buffer:page" });
    await workspace.close("groovy-buffer:page");
    return r.diagnostics;
  };
  const notOpen = await workspace.run("diagnostics", { uri: "groovy-buffer:never" }).then(() => "answered", (e) => e.name + ": " + e.message);
  return { notOpen, result: { diagnostics: [
    ...(await check("@groovy.transform.TypeChecked void m() { undefinedVar.foo() }")),
    ...(await check("new Foo()")),
    ...(await check('@groovy.transform.CompileStatic\\nclass A { def m() { "abc".toUpperCase() } }')),
  ] } };
})().catch((e) => ({ failed: String(e && e.stack || e) }));
</script>`;

const TYPES: Record<string, string> = { ".js": "text/javascript", ".wasm": "application/wasm", ".bin": "application/octet-stream" };

let server: Server;
let browser: Browser;
let base = "";

describeWith(chromiumMissing())("headless Chromium", () => {
  beforeAll(async () => {
    server = createServer((req, res) => {
      const name = (req.url ?? "/").split("?")[0]!;
      if (name === "/") {
        res.writeHead(200, { "content-type": "text/html" }).end(PAGE);
        return;
      }
      if (name === "/worker.js") {
        res.writeHead(200, { "content-type": "text/javascript" }).end(WORKER);
        return;
      }
      const file = /^\/dist\/[\w/.-]+\.js$/.test(name) && !name.includes("..")
        ? join(hostDist, name.slice("/dist/".length))
        : /^\/engine\/[\w.-]+$/.test(name) ? join(dist, name.slice("/engine/".length)) : "";
      if (file === "" || !existsSync(file)) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { "content-type": TYPES[name.slice(name.lastIndexOf("."))] ?? "application/octet-stream" })
        .end(readFileSync(file));
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await launchChromium();
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
      notOpen?: string;
      failed?: string;
    };
    expect(result.failed).toBeUndefined();
    expect(result.notOpen).toBe('EngineStateError: no buffer "groovy-buffer:never" is open; pass its text first');
    const messages = result.result!.diagnostics.map((d) => d.message);
    expect(messages).toContain("unable to resolve class Foo");
    expect(messages).toHaveLength(2); // the @CompileStatic snippet is clean: JDK members resolve in the browser too
    expect(messages.some((m) => m.includes("The variable [undefinedVar] is undeclared"))).toBe(true);
  }, 180_000);
});

import { createServer, type IncomingMessage, type Server } from "node:http";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchChromium } from "./chromium-launch.js";
import { chromiumMissing, describeWith, firstMissing } from "../support/peers.js";
import { locateEngineFiles } from "../../src/engine/node/engine-files.js";
import { PROJECT_ROOT } from "../host/support/server-process.js";
import { oracleDirectory, PLAN_SIZE, readOracleLines } from "../engine/oracle-plan.js";

/**
 * JVM/wasm parity in headless Chromium: the oracle's whole plan replayed by the engine in a browser Web Worker,
 * every answer compared byte for byte with the JVM's (Node 22, 24 and 26 replay it in test/engine/parity.test.ts).
 * Chromium's V8, its wasm GC, its worker stack and its fetch/streaming compile path are what the playground runs on,
 * so a difference that only the browser shows would surface here.
 *
 * The worker loads the engine as any browser front end does (the built runtime-neutral core from dist/, the image
 * fetched from the same origin), fetches plan.jsonl and calls the facade's own `handle` for every request in one
 * synchronous run: a page-to-worker round trip per request would measure messaging, not the engine. Its answers
 * come back in one POST as UTF-8 bytes, so nothing between the browser and this file re-encodes them; they are
 * compared here, in Node, against answers.jsonl.
 */
const engineDir = locateEngineFiles().directory;
const hostDist = join(PROJECT_ROOT, "dist");
const planBuilt = existsSync(join(oracleDirectory, "plan.jsonl")) && existsSync(join(oracleDirectory, "answers.jsonl"));
const missing = firstMissing(chromiumMissing(), planBuilt ? undefined : "no oracle plan (run the engine build, npm run build:engine)");

const WORKER = `import { fetchEngineImage, loadEngine } from "/dist/engine/core/index.js";
const javaOutput = [];
try {
  const [image, planText] = await Promise.all([
    fetchEngineImage(new URL("/engine/", self.location.href)),
    fetch("/oracle/plan.jsonl").then((r) => { if (!r.ok) throw new Error("plan: HTTP " + r.status); return r.text(); }),
  ]);
  const loaded = await loadEngine(image, (line) => javaOutput.push(line));
  const plan = planText.split("\\n").filter((l) => l.length > 0);
  const started = performance.now();
  const answers = [];
  for (const request of plan) answers.push(loaded.exports.handle(request));
  const engineMs = performance.now() - started;
  const posted = await fetch("/answers", { method: "POST", headers: { "content-type": "text/plain; charset=utf-8" }, body: answers.join("\\n") });
  if (!posted.ok) throw new Error("posting the answers: HTTP " + posted.status);
  postMessage({ requests: plan.length, engineMs, javaOutput: javaOutput.slice(0, 20) });
} catch (e) {
  postMessage({ failed: String((e && e.stack) || e) });
}
`;

const PAGE = `<!doctype html><meta charset="utf-8"><script type="module">
window.result = new Promise((resolve) => {
  const worker = new Worker("/parity-worker.js", { type: "module" });
  worker.addEventListener("message", (event) => resolve(event.data));
  worker.addEventListener("error", (event) => resolve({ failed: "worker error: " + (event.message || "(no message; a trap or a load failure)") }));
});
</script>`;

const TYPES: Record<string, string> = { ".js": "text/javascript", ".wasm": "application/wasm", ".bin": "application/octet-stream", ".jsonl": "application/x-ndjson" };

interface WorkerReport {
  readonly requests?: number;
  readonly engineMs?: number;
  readonly javaOutput?: string[];
  readonly failed?: string;
}

let server: Server;
let browser: Browser;
let base = "";
/** What the worker POSTed: its answers, newline-joined (none of them holds a raw newline: each is one JSON line). */
let posted: Promise<Buffer>;
let resolvePosted: (body: Buffer) => void;
/** Every URL the page and its worker asked for, to check none left the loopback origin. */
const requested: string[] = [];

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

describeWith(missing)("JVM/wasm parity in headless Chromium", () => {
  beforeAll(async () => {
    posted = new Promise((r) => (resolvePosted = r));
    server = createServer((req, res) => {
      const name = (req.url ?? "/").split("?")[0]!;
      if (req.method === "POST" && name === "/answers") {
        readBody(req).then(
          (body) => {
            resolvePosted(body);
            res.writeHead(204).end();
          },
          // a browser closed mid-upload (the test already failed): nothing to answer
          () => undefined,
        );
        return;
      }
      const fixed: Record<string, [string, string]> = { "/": ["text/html", PAGE], "/parity-worker.js": ["text/javascript", WORKER] };
      const page = fixed[name];
      if (page !== undefined) {
        res.writeHead(200, { "content-type": page[0] }).end(page[1]);
        return;
      }
      const file = /^\/dist\/[\w/.-]+\.js$/.test(name) && !name.includes("..") ? join(hostDist, name.slice("/dist/".length))
        : /^\/engine\/[\w.-]+$/.test(name) ? join(engineDir, name.slice("/engine/".length))
        : name === "/oracle/plan.jsonl" ? join(oracleDirectory, "plan.jsonl") : "";
      if (file === "" || !existsSync(file)) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { "content-type": TYPES[name.slice(name.lastIndexOf("."))] ?? "application/octet-stream" }).end(readFileSync(file));
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
  });

  it("answers every request of the oracle's plan byte for byte, in a Web Worker", async () => {
    const plan = readOracleLines("plan.jsonl");
    const answers = readOracleLines("answers.jsonl");
    expect(plan.length).toBe(answers.length);
    expect(plan.length, `the oracle's plan has ${plan.length} requests; PLAN_SIZE (test/engine/oracle-plan.ts) says ${PLAN_SIZE}`).toBe(PLAN_SIZE);

    const context = await browser.newContext();
    context.on("request", (request) => requested.push(request.url()));
    const page = await context.newPage();
    const started = Date.now();
    await page.goto(base);
    // waitForFunction would await the promise itself under its own timeout; only its presence is waited for here,
    // and the run (a minute or more on a loaded machine) is bounded by the test's timeout
    await page.waitForFunction(() => "result" in globalThis, undefined, { timeout: 60_000 });
    const report = (await page.evaluate(() => (globalThis as unknown as { result: Promise<unknown> }).result)) as WorkerReport;
    expect(report.failed).toBeUndefined();
    const got = (await posted).toString("utf8").split("\n");
    const wallMs = Date.now() - started;
    process.stderr.write(`chromium parity: ${report.requests} requests, engine ${Math.round(report.engineMs ?? 0)} ms, page load to answers ${wallMs} ms\n`);
    await context.close();

    expect(report.requests).toBe(PLAN_SIZE);
    expect(got.length).toBe(PLAN_SIZE);
    const mismatches: string[] = [];
    for (let i = 0; i < plan.length; i++) {
      if (got[i] !== answers[i]) {
        const req = JSON.parse(plan[i]!) as { op: string; uri?: string };
        mismatches.push(`#${i} ${req.op} ${req.uri ?? ""}\n  jvm:    ${answers[i]!.slice(0, 400)}\n  chrome: ${(got[i] ?? "").slice(0, 400)}`);
      }
    }
    expect(mismatches, `${mismatches.length} of ${PLAN_SIZE} differ; the first:\n${mismatches.slice(0, 10).join("\n")}`).toEqual([]);
    // the engine, the core and the plan came from this loopback server only
    expect(requested.some((url) => url.endsWith("/engine/groovy-engine.wasm"))).toBe(true);
    expect(requested.filter((url) => new URL(url).origin !== base)).toEqual([]);
  }, 300_000);
});

#!/usr/bin/env node
// The playground in the real browser (Debian's headless Chromium through playwright-core), served by the
// playground's own loopback server from web/dist (run `npm run build:web` first; `npm run bench:playground` does).
// Measures: time to an interactive editor, time to the first diagnostics after load and its steps (the page's and
// the engine worker's User Timing marks) on a first visit (no cache), a second (answered by the service worker) and
// a third (which also finds the machine code Chromium cached), and keystroke -> updated diagnostics on a 300-line
// file.
// Prints a table. Not a test: the figures depend on the machine and its load.
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { startStaticServer } from "../web/server/static-server.mjs";

const CHROMIUM = "/usr/bin/chromium";
// BENCH_DIST measures another build of the page (e.g. an older commit's, for a before/after in one run)
const dist = process.env.BENCH_DIST ?? fileURLToPath(new URL("../web/dist", import.meta.url));
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const KEYSTROKES = Number(process.env.BENCH_KEYSTROKES ?? 20);

if (!existsSync(join(dist, "index.html"))) {
  process.stderr.write("bench/playground: web/dist is not built; run `npm run build:web`\n");
  process.exit(1);
}
if (!existsSync(CHROMIUM)) {
  process.stderr.write(`bench/playground: ${CHROMIUM} is missing (apt-get install chromium)\n`);
  process.exit(1);
}

/** A 300-line @CompileStatic file: a class with 30 methods of 10 lines each. */
function threeHundredLines() {
  const lines = ["import groovy.transform.CompileStatic", "", "@CompileStatic", "class Ledger {", "    List<BigDecimal> entries = []", ""];
  for (let i = 0; lines.length < 296; i++) {
    lines.push(
      `    BigDecimal total${i}(int factor) {`,
      `        BigDecimal sum = BigDecimal.ZERO`,
      `        for (BigDecimal e : entries) {`,
      `            sum = sum + e * factor`,
      `        }`,
      `        String label = "total ${i}: " + sum.toPlainString()`,
      `        assert label.startsWith('total')`,
      `        return sum`,
      `    }`,
      ``,
    );
  }
  lines.push("}", "", "new Ledger().total0(2)");
  return lines.slice(0, 299).join("\n") + "\n";
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? NaN : sorted[Math.floor((sorted.length - 1) / 2)];
};
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

/**
 * The page's marks (playground:*) and the engine worker's (engine:*, on the page's clock): where the time to the
 * first diagnostics goes.
 */
async function marks(page, worker) {
  await page.waitForFunction(() => performance.getEntriesByName("playground:first-diagnostics").length > 0, undefined, { timeout: 120_000 });
  const own = await page.evaluate(() => {
    const at = (name) => performance.getEntriesByName(name)[0]?.startTime ?? NaN;
    return { origin: performance.timeOrigin, editor: at("playground:editor-ready"), engine: at("playground:engine-ready"), diagnostics: at("playground:first-diagnostics") };
  });
  const inWorker = await (await worker).evaluate(() => {
    const at = (name) => performance.getEntriesByName(name)[0]?.startTime ?? NaN;
    return { origin: performance.timeOrigin, start: at("engine:worker-start"), model: at("engine:class-model-fetched"), module: at("engine:module-instantiated"), ready: at("engine:ready") };
  });
  const shift = inWorker.origin - own.origin;
  return { ...own, workerStart: inWorker.start + shift, modelFetched: inWorker.model + shift, moduleReady: inWorker.module + shift, workerReady: inWorker.ready + shift };
}

/** Opens the page and resolves the engine worker (the first one the page starts). */
async function visit(context) {
  const page = await context.newPage();
  const worker = new Promise((resolve) => page.once("worker", resolve));
  await page.goto(server.url);
  return { page, measured: await marks(page, worker) };
}

async function keystrokeLatencies(page) {
  // one tab holding the 300-line file
  const text = threeHundredLines();
  await page.getByRole("button", { name: "New buffer" }).click();
  await page.locator(".cm-content").focus();
  await page.locator(".cm-content").evaluate((element, pasted) => {
    const data = new DataTransfer();
    data.setData("text/plain", pasted);
    element.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
  await page.waitForFunction(() => !document.getElementById("problems").textContent.includes("undeclared"), undefined, { timeout: 60_000 });
  await page.waitForTimeout(1500);
  // measured in the page: from the keydown to the moment the Problems region shows the diagnostics of the text
  // after that key (the error is there after "x", gone after Backspace), so an earlier render of older results
  // never counts as an answer
  await page.evaluate(() => {
    const problems = document.getElementById("problems");
    const state = { start: 0, expectError: false, samples: [] };
    window.__latency = state;
    document.addEventListener("keydown", (event) => {
      state.start = performance.now();
      state.expectError = event.key === "x";
    }, true);
    new MutationObserver(() => {
      if (state.start === 0 || problems.textContent.includes("sumx") !== state.expectError) return;
      state.samples.push(performance.now() - state.start);
      state.start = 0;
    }).observe(problems, { attributes: true, childList: true, characterData: true, subtree: true });
  });
  await page.locator(".cm-line", { hasText: /^\s+return sum$/ }).first().click();
  await page.keyboard.press("End");
  for (let i = 0; i < KEYSTROKES; i++) {
    const before = await page.evaluate(() => window.__latency.samples.length);
    await page.keyboard.press(i % 2 === 0 ? "x" : "Backspace");
    await page.waitForFunction((n) => window.__latency.samples.length > n, before, { timeout: 60_000 });
    // a pause, as between a person's edits, so one refresh does not merge two keystrokes
    await page.waitForTimeout(150);
  }
  return page.evaluate(() => window.__latency.samples);
}

// The class model's extra packs (engine/classmodel-packs/) are not part of the first download: the engine fetches
// one only when a source needs it (docs/engine-classmodel.md). `extras` counts them apart.
function firstDownloadBytes(extras = false) {
  const files = [];
  const walk = (dir) => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (!/\.(br|gz)$/.test(name) && full.includes("/engine/classmodel-packs/") === extras) files.push(full);
    }
  };
  walk(dist);
  let raw = 0;
  let br = 0;
  let gz = 0;
  for (const file of files) {
    const size = statSync(file).size;
    raw += size;
    br += existsSync(`${file}.br`) ? statSync(`${file}.br`).size : size;
    gz += existsSync(`${file}.gz`) ? statSync(`${file}.gz`).size : size;
  }
  return { raw, br, gz };
}

const server = await startStaticServer(dist);
const cold = [];
const warm = [];
const third = [];
let latencies = [];
try {
  for (let round = 0; round < ROUNDS; round++) {
    // one browser per round with its own profile: the first visit is cold (no cache, no service worker yet), the
    // second is answered by the service worker, the third also finds the machine code Chromium cached on the second
    const profile = mkdtempSync(join(tmpdir(), "groovymcp-bench-"));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
      viewport: { width: 1280, height: 800 },
    });
    try {
      for (const [index, into] of [cold, warm, third].entries()) {
        const { page, measured } = await visit(context);
        into.push(measured);
        await page.waitForSelector("body[data-offline=ready]", { timeout: 60_000 });
        if (index === 2 && round === ROUNDS - 1) latencies = await keystrokeLatencies(page);
        // Chromium writes the module's code cache a moment after it tiers up
        await page.waitForTimeout(3000);
        await page.close();
      }
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  }
} finally {
  await server.close();
}

const size = firstDownloadBytes();
const extraSize = firstDownloadBytes(true);
const ms = (v) => `${Math.round(v)} ms`;
const mb = (v) => `${(v / 1024 / 1024).toFixed(2)} MiB`;
const med = (list, key) => ms(median(list.map((m) => m[key])));
const row = (label, key, target = "-") => [label, [cold, warm, third].map((list) => med(list, key)).join(" / "), target];
const rows = [
  row("interactive editor", "editor"),
  row("engine worker running", "workerStart"),
  row("class model fetched", "modelFetched"),
  row("module compiled and instantiated", "moduleReady"),
  row("engine ready (class model loaded)", "engine"),
  row("first diagnostics after load", "diagnostics", "≤ 1500 ms"),
  [`keystroke -> diagnostics, 300 lines (median of ${latencies.length})`, ms(median(latencies)), "≤ 300 ms"],
  ["keystroke -> diagnostics, 300 lines (p90)", ms(percentile(latencies, 90)), "-"],
  ["first download (brotli / gzip / raw)", `${mb(size.br)} / ${mb(size.gz)} / ${mb(size.raw)}`, "-"],
  ["class model extra packs, fetched on first use (brotli / gzip / raw)", `${mb(extraSize.br)} / ${mb(extraSize.gz)} / ${mb(extraSize.raw)}`, "-"],
];
// A figure names the commit it was measured on and the machine's core count (docs/performance.md).
function commit() {
  try {
    return execFileSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    return "unknown";
  }
}
const width = [Math.max(...rows.map((r) => r[0].length)), Math.max(...rows.map((r) => r[1].length)), 10];
const line = (cells) => `| ${cells.map((c, i) => c.padEnd(width[i])).join(" | ")} |`;
process.stdout.write(`\nPlayground in headless Chromium (${ROUNDS} rounds; medians, times from navigation start, first / second / third visit; commit ${commit()}, ${availableParallelism()} cores)\n\n`);
process.stdout.write(`${line(["measure", "value", "target"])}\n|${width.map((w) => "-".repeat(w + 2)).join("|")}|\n`);
for (const row of rows) process.stdout.write(`${line(row)}\n`);
process.stdout.write(`\nKeystroke latency includes the page's 75 ms debounce, by design: diagnostics follow a pause in typing.\n`);

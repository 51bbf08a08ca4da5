/// <reference lib="dom" />
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { CHROMIUM, launchChromium } from "./chromium-launch.js";
import { chromiumMissing, engineMissing, firstMissing } from "../support/peers.js";

export { CHROMIUM };
import { build } from "vite";
import { startStaticServer, type RunningStaticServer } from "../../web/server/static-server.mjs";
import { SHARED_BUILD_VARIABLE } from "./playground-build-dir.js";

/**
 * What the playground's browser tests share: the real page built by Vite into a temporary folder, served from a
 * loopback server, in Debian's headless Chromium, with the real engine in a Web Worker. Every request of every
 * page, worker and service worker is recorded, so a test file can check at its end that none left the origin.
 */
export const repo = fileURLToPath(new URL("../..", import.meta.url));
/** What the page tests need and may lack (for describeWith). */
export const missing = firstMissing(chromiumMissing(), engineMissing());
export const artifacts = join(repo, "test", "artifacts");

/**
 * The page as Vite builds it. Under the run's global setup every file shares one build: the first to ask builds
 * it (a directory made with mkdir is the lock), the others wait for its marker. Without that setup (a file run on
 * its own config), each harness builds its own and owns it.
 */
async function builtPage(): Promise<{ dir: string; owned: boolean }> {
  const viteBuild = (outDir: string) => build({ configFile: join(repo, "web", "vite.config.ts"), logLevel: "error", build: { outDir } });
  const shared = process.env[SHARED_BUILD_VARIABLE];
  if (shared === undefined) {
    const dir = mkdtempSync(join(tmpdir(), "groovymcp-playground-"));
    await viteBuild(dir);
    return { dir, owned: true };
  }
  const dir = join(shared, "site");
  const done = join(shared, "built");
  const failed = join(shared, "failed");
  try {
    mkdirSync(join(shared, "lock"));
  } catch {
    const deadline = performance.now() + 600_000;
    while (!existsSync(done)) {
      if (existsSync(failed)) throw new Error(`the shared playground build failed: ${readFileSync(failed, "utf8")}`);
      if (performance.now() > deadline) throw new Error("the shared playground build did not finish within 10 minutes");
      await new Promise((r) => setTimeout(r, 200));
    }
    return { dir, owned: false };
  }
  try {
    await viteBuild(dir);
  } catch (error) {
    writeFileSync(failed, error instanceof Error ? error.message : String(error));
    throw error;
  }
  writeFileSync(done, "");
  return { dir, owned: false };
}

export class PlaygroundHarness {
  readonly requests: string[] = [];
  readonly cspViolations: string[] = [];
  readonly pageErrors: string[] = [];
  private readonly contexts: BrowserContext[] = [];

  private constructor(
    readonly outDir: string,
    private readonly ownsOutDir: boolean,
    readonly server: RunningStaticServer,
    readonly browser: Browser,
  ) {}

  static async start(): Promise<PlaygroundHarness> {
    const page = await builtPage();
    const server = await startStaticServer(page.dir);
    const browser = await launchChromium();
    return new PlaygroundHarness(page.dir, page.owned, server, browser);
  }

  async newContext(options: Parameters<Browser["newContext"]>[0] = {}): Promise<BrowserContext> {
    const context = await this.browser.newContext({ viewport: { width: 1280, height: 800 }, ...options });
    context.on("request", (request) => this.requests.push(request.url()));
    context.on("console", (message) => {
      if (message.text().includes("Content Security Policy")) this.cspViolations.push(message.text());
    });
    context.on("weberror", (error) => this.pageErrors.push(String(error.error())));
    this.contexts.push(context);
    return context;
  }

  /** Opens the page and waits until the engine has loaded. */
  async open(context: BrowserContext, url = this.server.url): Promise<Page> {
    const page = await context.newPage();
    await page.goto(url);
    await page.waitForSelector("body[data-engine=ready]", { timeout: 60_000 });
    return page;
  }

  /**
   * The whole file's traffic went to `ownServers` only (the engine among it), no content-security rule was broken
   * and no page threw.
   */
  expectOwnOriginsOnly(ownServers: number): void {
    const origins = new Set(this.requests.map((url) => new URL(url).origin));
    expect(this.requests.some((url) => url.endsWith("/engine/groovy-engine.wasm"))).toBe(true);
    expect([...origins].filter((origin) => !/^http:\/\/127\.0\.0\.1:\d+$/.test(origin))).toEqual([]);
    expect(origins.has(new URL(this.server.url).origin)).toBe(true);
    expect(origins.size).toBe(ownServers);
    expect(this.cspViolations).toEqual([]);
    expect(this.pageErrors).toEqual([]);
  }

  async close(): Promise<void> {
    for (const context of this.contexts) await context.close().catch(() => undefined);
    await this.browser.close();
    await this.server.close();
    if (this.ownsOutDir) rmSync(this.outDir, { recursive: true, force: true });
  }
}

export const problems = (page: Page) => page.getByRole("region", { name: "Problems" });
export const editorLines = (page: Page) => page.locator(".cm-content .cm-line");
export const bufferTabs = (page: Page) => page.getByRole("tablist", { name: "Buffers" }).getByRole("tab");

/** Pastes text into the focused editor, as Ctrl-V does (CodeMirror reads the paste event's clipboard data). */
/** The longest gap between 10 ms timer ticks on the page's main thread over `forMs`: how long the page froze. */
export function longestMainThreadGap(page: Page, forMs: number): Promise<number> {
  return page.evaluate(
    (span) =>
      new Promise<number>((resolve) => {
        let last = performance.now();
        let longest = 0;
        const end = last + span;
        const tick = (): void => {
          const now = performance.now();
          longest = Math.max(longest, now - last);
          last = now;
          if (now < end) setTimeout(tick, 10);
          else resolve(longest);
        };
        setTimeout(tick, 10);
      }),
    forMs,
  );
}

export async function paste(page: Page, text: string): Promise<void> {
  await page.locator(".cm-content").evaluate((element, pasted) => {
    const data = new DataTransfer();
    data.setData("text/plain", pasted);
    element.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

/** Opens a new, empty tab and focuses its editor. */
export async function newTab(page: Page): Promise<void> {
  await page.getByRole("button", { name: "New buffer" }).click();
  await expect.poll(() => page.locator(".cm-content").textContent()).toBe("");
  await page.locator(".cm-content").focus();
}

/** What has the keyboard focus: its role, its accessible name (aria-label or text) and, in the editor, "editor". */
export function focused(page: Page): Promise<{ role: string; name: string; editor: boolean }> {
  return page.evaluate(() => {
    const element = document.activeElement;
    return {
      role: element?.getAttribute("role") ?? element?.tagName.toLowerCase() ?? "",
      name: (element?.getAttribute("aria-label") ?? element?.textContent ?? "").trim().slice(0, 200),
      editor: element?.classList.contains("cm-content") ?? false,
    };
  });
}

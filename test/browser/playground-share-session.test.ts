/// <reference lib="dom" />
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { decodeSession, encodeSession, type SharedSession } from "../../web/src/share.js";
import { bufferTabs, missing, newTab, PlaygroundHarness } from "./playground-harness.js";
import { describeWith } from "../support/peers.js";

/**
 * Issue 33: opening a share link used to replace the saved session in localStorage 400 ms later, silently. Now the
 * link's tabs open beside the saved ones, a reload keeps both, and Undo brings back exactly what was saved.
 */
const STORAGE_KEY = "groovymcp-playground-session";
let harness: PlaygroundHarness;

const LINK: SharedSession = { tabs: [{ name: "Shared.groovy", text: "def fromTheLink = 'shared'\n" }], active: 0 };

async function stored(page: Page): Promise<string[]> {
  const value = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEY);
  return value === null ? [] : decodeSession(value).tabs.map((t) => `${t.name}: ${t.text}`);
}

const names = async (page: Page): Promise<string[]> => (await bufferTabs(page).allTextContents()).map((t) => /[\w.~-]+\.groovy/.exec(t)?.[0] ?? t);

describeWith(missing)("a share link beside the saved session", () => {
  beforeAll(async () => {
    harness = await PlaygroundHarness.start();
  }, 120_000);

  afterAll(async () => {
    await harness?.close();
  });

  it("opens the link's tabs beside the saved ones, keeps both over a reload, and Undo restores the saved session", async () => {
    const context = await harness.newContext();
    const first = await harness.open(context);
    await newTab(first);
    await first.keyboard.type("def mine = 42");
    await expect.poll(() => stored(first)).toContainEqual(expect.stringMatching(/^Script\d+\.groovy: def mine = 42$/));
    const saved = await stored(first);
    const savedNames = await names(first);
    await first.close();

    const url = `${harness.server.url}#${encodeSession(LINK)}`;
    const page = await harness.open(context, url);
    await expect.poll(() => names(page)).toEqual([...savedNames, "Shared.groovy"]);
    await expect.poll(() => page.getByRole("tab", { selected: true }).first().textContent()).toContain("Shared.groovy");
    await expect.poll(() => page.locator(".cm-content").textContent()).toContain("fromTheLink");
    await expect.poll(() => page.locator("#message").textContent()).toContain("beside your saved tabs");
    // the autosave keeps the saved tabs and adds the link's
    await expect.poll(() => stored(page)).toEqual([...saved, "Shared.groovy: def fromTheLink = 'shared'\n"]);

    await page.getByRole("button", { name: "Undo" }).click();
    await expect.poll(() => names(page)).toEqual(savedNames);
    await expect.poll(() => stored(page)).toEqual(saved);
    await page.reload();
    await page.waitForSelector("body[data-engine=ready]", { timeout: 60_000 });
    await expect.poll(() => names(page)).toEqual(savedNames);

    // opened again and reloaded: both sets of tabs are still there
    const again = await harness.open(context, url);
    await expect.poll(() => stored(again)).toEqual([...saved, "Shared.groovy: def fromTheLink = 'shared'\n"]);
    await again.reload();
    await again.waitForSelector("body[data-engine=ready]", { timeout: 60_000 });
    await expect.poll(() => names(again)).toEqual([...savedNames, "Shared.groovy"]);
    await page.close();
    await again.close();
    expect(harness.pageErrors).toEqual([]);
  });
});

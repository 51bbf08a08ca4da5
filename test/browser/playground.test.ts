/// <reference lib="dom" />
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { startStaticServer } from "../../web/server/static-server.mjs";
import { artifacts, bufferTabs, editorLines, newTab, PlaygroundHarness, problems, missing } from "./playground-harness.js";
import { describeWith } from "../support/peers.js";

/**
 * The playground as a visitor uses it (the acceptance list of issue 9): the real page, the real engine in a Web
 * Worker, Debian's headless Chromium. Every request of every page is recorded and, at the end, checked to go to the
 * page's own origin only.
 */
let harness: PlaygroundHarness;
let shared: BrowserContext;
/** The first four tests work in one page, as a visitor would; later tests open their own. */
let main: Page;

describeWith(missing)(`the playground in headless Chromium`, () => {
  beforeAll(async () => {
    harness = await PlaygroundHarness.start();
    shared = await harness.newContext();
  }, 120_000);

  afterAll(async () => {
    await harness?.close();
  });

  it("shows the message of code with an error in the Problems region, with its line", async () => {
    main = await harness.open(shared);
    const page = main;
    await expect.poll(() => problems(page).textContent(), { timeout: 30_000 }).toContain("Cannot return value of type java.lang.String");
    await newTab(page);
    await page.keyboard.type("def ok = 1\ndef x = new Foo()");
    await expect.poll(() => problems(page).textContent(), { timeout: 30_000 }).toContain("unable to resolve class Foo");
    const item = problems(page).getByRole("button", { name: /unable to resolve class Foo/ });
    await expect.poll(() => item.getAttribute("aria-label")).toMatch(/line 2\b/);
    expect(await item.textContent()).toContain("Script3.groovy:2:");
    // the squiggle and the gutter marker are on line 2
    await expect.poll(() => page.locator(".cm-lintRange-error").count()).toBeGreaterThan(0);
    expect(await page.locator(".cm-gutter-lint .cm-lint-marker-error").count()).toBe(1);
    // fixing the code clears it
    await page.keyboard.press("Control+a");
    await page.keyboard.type("def x = new Object()");
    await expect.poll(() => problems(page).textContent(), { timeout: 30_000 }).not.toContain("unable to resolve class Foo");
    // a tab is renamed from the keyboard (F2 on the tab); its buffer follows
    page.once("dialog", (dialog) => void dialog.accept("Probe.groovy"));
    await bufferTabs(page).filter({ hasText: "Script3.groovy" }).press("F2");
    await expect.poll(() => bufferTabs(page).allTextContents()).toContain("Probe.groovy");
    await page.locator(".cm-content").focus();
    await page.keyboard.press("Control+a");
    await page.keyboard.type("new Probe2()");
    await expect.poll(() => problems(page).textContent(), { timeout: 30_000 }).toContain("Probe.groovy:1:1");
    // leave the unit clean: an unresolved class stops the compile before type checking, for every tab
    await page.keyboard.press("Control+a");
    await page.keyboard.type("def fine = 1");
    await expect.poll(() => problems(page).textContent(), { timeout: 30_000 }).not.toContain("Probe2");
  });

  it("shows the inferred type of a local on hover, and completes toUpperCase after \"abc\".toUp", async () => {
    const page = main;
    await newTab(page);
    await page.keyboard.insertText('@groovy.transform.CompileStatic\ndef shout() {\n    def msg = "Hello".toUpperCase()\n    msg.length()\n}\n');
    // wait for the engine's tokens (its own colouring) so the name is one span
    await expect.poll(() => editorLines(page).nth(3).locator(".tk-variable").count(), { timeout: 30_000 }).toBeGreaterThan(0);
    await editorLines(page).nth(3).locator(".tk-variable", { hasText: /^msg$/ }).hover();
    await expect.poll(() => page.locator(".cm-tooltip-hover").textContent(), { timeout: 15_000 }).toContain("String msg");

    await page.mouse.move(5, 5);
    await page.locator(".cm-content").focus();
    await page.keyboard.press("Control+End");
    await page.keyboard.type('def v = "abc".toUp');
    const popup = page.locator(".cm-tooltip-autocomplete");
    await expect.poll(() => popup.textContent(), { timeout: 15_000 }).toContain("toUpperCase");
    await page.keyboard.press("Escape");
    await expect.poll(() => popup.count()).toBe(0);
    await page.keyboard.press("Control+Space");
    await expect.poll(() => popup.textContent(), { timeout: 15_000 }).toContain("toUpperCase");
    // CodeMirror ignores Enter for 75 ms after the list opens (its interactionDelay), so a fast typist's Enter
    // is never taken as a choice; a person waits at least that long to read the list
    await page.waitForTimeout(150);
    await page.keyboard.press("Enter");
    await expect.poll(() => editorLines(page).allTextContents()).toContainEqual(expect.stringMatching(/^def v = "abc"\.toUpperCase\(/));
  });

  it("formats: Format changes the indentation", async () => {
    const page = main;
    await newTab(page);
    await page.keyboard.insertText("class Box {\nint size\ndef grow() {\nsize++\n}\n}\n");
    expect(await editorLines(page).nth(2).textContent()).toBe("def grow() {");
    await page.getByRole("button", { name: "Format" }).click();
    await expect.poll(() => editorLines(page).nth(2).textContent(), { timeout: 15_000 }).toBe("    def grow() {");
    expect(await editorLines(page).nth(3).textContent()).toBe("        size++");
    // organize imports drops the unused import and keeps the used one
    await page.locator(".cm-content").focus();
    await page.keyboard.press("Control+Home");
    await page.keyboard.insertText("import java.util.concurrent.TimeUnit\nimport groovy.transform.ToString\n@ToString\n");
    await page.getByRole("button", { name: "Organize imports" }).click();
    await expect.poll(() => editorLines(page).allTextContents(), { timeout: 15_000 }).not.toContain("import java.util.concurrent.TimeUnit");
    expect(await editorLines(page).first().textContent()).toBe("import groovy.transform.ToString");
  });

  let sharedUrl = "";

  it("renames a class in two tabs after a preview of the edits, and saves a screenshot", async () => {
    const page = main;
    await page.getByRole("combobox", { name: "Examples" }).selectOption("compile-static");
    await expect.poll(() => bufferTabs(page).allTextContents()).toEqual(expect.arrayContaining([expect.stringContaining("Invoice.groovy"), "Main.groovy"]));
    await page.getByRole("tab", { name: /Invoice\.groovy/ }).click();
    await expect.poll(() => editorLines(page).nth(4).locator(".tk-type").count(), { timeout: 30_000 }).toBeGreaterThan(0);
    await editorLines(page).nth(4).getByText("Invoice", { exact: true }).click();
    await page.keyboard.press("F2");
    const dialog = page.getByRole("dialog", { name: "Rename" });
    await dialog.getByLabel("New name").fill("Bill");
    await dialog.getByRole("button", { name: "Preview" }).click();
    await expect.poll(() => dialog.locator("#rename-preview").textContent(), { timeout: 15_000 }).toMatch(/in 2 tabs/);
    expect(await dialog.locator("#rename-preview h3").allTextContents()).toEqual(["Invoice.groovy", "Main.groovy"]);
    await dialog.getByRole("button", { name: "Apply" }).click();
    await expect.poll(() => editorLines(page).nth(4).textContent()).toBe("class Bill {");
    await page.getByRole("tab", { name: "Main.groovy" }).click();
    await expect.poll(() => page.locator(".cm-content").textContent()).toContain("new Bill(customer: 'ACME')");
    expect(await page.locator(".cm-content").textContent()).not.toContain("new Invoice(");
    // go to definition crosses tabs: F12 on Bill in Main.groovy lands on its class in Invoice.groovy
    await expect.poll(() => editorLines(page).nth(1).locator(".tk-type").count(), { timeout: 30_000 }).toBeGreaterThan(0);
    await editorLines(page).nth(1).getByText("Bill", { exact: true }).click();
    await page.keyboard.press("F12");
    await expect.poll(() => page.getByRole("tab", { selected: true }).first().textContent()).toContain("Invoice.groovy");
    await expect.poll(() => page.locator(".cm-activeLine").textContent()).toBe("class Bill {");
    // a problem in the Problems region moves the cursor to its line
    await problems(page).getByRole("button", { name: /Cannot return value/ }).click();
    await expect.poll(() => page.locator(".cm-activeLine").textContent()).toBe("        return t");
    // the rename compiles: only the deliberate type error of the example remains
    await expect.poll(() => problems(page).getByRole("button").allTextContents(), { timeout: 30_000 }).toEqual([expect.stringContaining("Cannot return value of type java.lang.String")]);

    await page.getByRole("button", { name: "Share link" }).click();
    sharedUrl = await page.locator("#share-url").inputValue();
    expect(sharedUrl).toMatch(new RegExp(`^${harness.server.url.replace(/[./]/g, "\\$&")}#v1\\.[\\w-]+$`));
    await page.keyboard.press("Escape");

    await editorLines(page).nth(9).click();
    mkdirSync(artifacts, { recursive: true });
    await page.screenshot({ path: join(artifacts, "playground.png") });
    await page.close();
  });

  it("reopens the same code from a shared URL", async () => {
    expect(sharedUrl).not.toBe("");
    const context = await harness.newContext(); // fresh storage: only the link can bring the code back
    const page = await harness.open(context, sharedUrl);
    await expect.poll(() => bufferTabs(page).allTextContents()).toEqual([expect.stringContaining("Invoice.groovy"), "Main.groovy"]);
    await expect.poll(() => page.locator(".cm-content").textContent()).toContain("class Bill {");
    await page.getByRole("tab", { name: "Main.groovy" }).click();
    await expect.poll(() => page.locator(".cm-content").textContent()).toContain("new Bill(customer: 'ACME')");
    await expect.poll(() => problems(page).textContent(), { timeout: 30_000 }).toContain("Cannot return value of type java.lang.String");
    // the fragment is dropped once read, so later edits are not mistaken for the shared code
    expect(new URL(page.url()).hash).toBe("");
    await page.close();
  });

  it("works offline on a second visit", async () => {
    const own = await startStaticServer(harness.outDir);
    const context = await harness.newContext();
    const first = await harness.open(context, own.url);
    await first.waitForSelector("body[data-offline=ready]", { timeout: 30_000 });
    // the service worker's own downloads are among the recorded requests (so the origin check covers them too):
    // the module is fetched once by the engine worker and once more by the service worker's install
    expect(harness.requests.filter((url) => url === `${own.url}engine/groovy-engine.wasm`).length).toBeGreaterThanOrEqual(2);
    await first.close();
    await context.setOffline(true);
    await own.close(); // nothing can answer now but the service worker's cache
    const page = await harness.open(context, own.url);
    await expect.poll(() => problems(page).textContent(), { timeout: 30_000 }).toContain("Cannot return value of type java.lang.String");
    await newTab(page);
    await page.keyboard.type("def y = new Bar()");
    await expect.poll(() => problems(page).textContent(), { timeout: 30_000 }).toContain("unable to resolve class Bar");
    await page.close();
  });

  it("is usable at 360 px width with the keyboard alone", async () => {
    const context = await harness.newContext({ viewport: { width: 360, height: 740 }, colorScheme: "dark" });
    const page = await harness.open(context);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    for (const name of ["Format", "Share link", "New buffer"]) {
      const box = await page.getByRole("button", { name }).boundingBox();
      expect(box, name).not.toBeNull();
      expect(box!.x + box!.width, name).toBeLessThanOrEqual(360);
    }
    // the skip link leads into the editor; typing there is analysed like anywhere else
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    expect(await page.evaluate(() => document.activeElement?.classList.contains("cm-content"))).toBe(true);
    await page.keyboard.press("Control+a");
    await page.keyboard.type("def list = [1, 2]\nnew Baz()");
    await expect.poll(() => problems(page).textContent(), { timeout: 30_000 }).toContain("unable to resolve class Baz");
    const problem = problems(page).getByRole("button", { name: /unable to resolve class Baz/ });
    await problem.scrollIntoViewIfNeeded();
    const problemBox = await problem.boundingBox();
    expect(problemBox!.height).toBeGreaterThan(10);
    expect(problemBox!.x + problemBox!.width).toBeLessThanOrEqual(360);
    expect(await page.getByRole("tab", { name: "Outline" }).isVisible()).toBe(true);
    // the compiler view's long rows scroll inside their panel; the page itself stays 360 px wide
    await page.getByRole("tab", { name: "Compiler view" }).click();
    await expect.poll(() => page.getByRole("tree").getByRole("treeitem").count(), { timeout: 30_000 }).toBeGreaterThan(3);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.locator(".cm-content").focus();
    // Tab leaves the editor (it does not indent), so keyboard users are never trapped
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.classList.contains("cm-content"))).toBe(false);
    // the page follows prefers-color-scheme
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).toBe("rgb(15, 20, 25)");
    await page.screenshot({ path: join(artifacts, "playground-360.png"), fullPage: true });
    await page.close();
  });

  it("made no request to any origin but its own, broke no content-security rule and threw no page error", () => {
    harness.expectOwnOriginsOnly(2); // this server and the offline test's own one
  });
});

/// <reference lib="dom" />
import { afterAll, beforeAll, expect, it } from "vitest";
import { longestMainThreadGap, newTab, paste, PlaygroundHarness, problems, missing } from "./playground-harness.js";
import { describeWith } from "../support/peers.js";

/**
 * The playground's depth containment, the MCP server's (src/engine/service, maxNestingDepth 1,000): a paste nested
 * 5,000 deep is never compiled (in the browser's worker, whose stack is far smaller than the server's 16 MiB, it
 * would run the compiler out of stack), and the Problems panel shows the server's one `parsing failed` error at
 * the first bracket past the limit, while the page and the other tabs keep working.
 */
let harness: PlaygroundHarness;

const DEPTH = 5000;
/** Nested closures: the construct that runs out of stack soonest per level (docs/engine.md, "Depth"). */
const DEEP = `def nested = ${"{ -> ".repeat(DEPTH)}1${" }".repeat(DEPTH)}\n`;
/** 1-based column of the 1,001st opening brace, where the error is reported. */
const COLUMN = DEEP.split("{", 1001).join("{").length + 1;

describeWith(missing)(`the playground's depth limit in headless Chromium`, () => {
  beforeAll(async () => {
    harness = await PlaygroundHarness.start();
  }, 120_000);

  afterAll(async () => {
    await harness?.close();
  });

  it("answers a 5,000-deep paste with one parsing-failed error in Problems, and stays responsive", async () => {
    const context = await harness.newContext();
    const page = await harness.open(context);
    await expect.poll(() => problems(page).textContent(), { timeout: 30_000 }).toContain("Cannot return value of type java.lang.String");
    await newTab(page);
    await paste(page, DEEP);
    const item = problems(page).getByRole("button", { name: /parsing failed: brackets nest 1001 levels deep here/ });
    await expect.poll(() => item.count(), { timeout: 30_000 }).toBe(1);
    expect(await item.textContent()).toMatch(new RegExp(`Script\\d+\\.groovy:1:${COLUMN}(?!\\d)`));
    expect(await item.textContent()).toContain("past the 1000 levels the playground compiles. Split the expression or reduce the nesting");
    // its tab has exactly that one problem; nothing says the compiler failed or restarted
    const tabProblems = await problems(page).getByRole("button").allTextContents();
    expect(tabProblems.filter((t) => t.includes("parsing failed"))).toHaveLength(1);
    expect(await page.locator("#message").textContent()).not.toMatch(/failed on this code|restart/i);
    // no view asked the engine for what it cannot have (a failed call would add a note under Problems): the
    // outline says why it is empty
    await expect.poll(() => page.locator("#view-outline").textContent(), { timeout: 15_000 }).toContain("is not compiled; Problems says why");
    expect(await problems(page).textContent()).not.toMatch(/did not take this code|compiler failed/);

    // the page's main thread stays free: the longest gap between 10 ms timer ticks over 2 s
    const longestGap = await longestMainThreadGap(page, 2000);
    expect(longestGap).toBeLessThan(1_000);

    // the engine still compiles: another tab's error appears, and the deep tab keeps its one error
    await newTab(page);
    await page.keyboard.type("def q = new Qux()");
    await expect.poll(() => problems(page).textContent(), { timeout: 30_000 }).toContain("unable to resolve class Qux");
    expect(await item.count()).toBe(1);
    // the example tab's own type error is still reported: no tab lost its answer to the deep one
    expect(await problems(page).textContent()).toContain("Cannot return value of type java.lang.String");
    await page.close();
  });

  it("answers 1,000 nested closures, below the limit but past the browser's worker stack, with the same error", async () => {
    // Chromium's worker stack (about 1 MiB; a page cannot raise it) holds only ~120 nested closures, 112 calls,
    // 216 parentheses or 192 lists, measured in this Chromium: the compile runs out of stack, the worker is
    // replaced, and the containment layer answers the tab with `parsing failed` from then on instead of
    // compiling it again on every refresh
    const context = await harness.newContext();
    const page = await harness.open(context);
    await expect.poll(() => problems(page).textContent(), { timeout: 30_000 }).toContain("Cannot return value of type java.lang.String");
    await newTab(page);
    await paste(page, `def nested = ${"{ -> ".repeat(1000)}1${" }".repeat(1000)}\n`);
    const item = problems(page).getByRole("button", { name: /parsing failed: this source nests deeper than the compiler's stack holds \(its deepest brackets, 1000 levels, start here\)/ });
    await expect.poll(() => item.count(), { timeout: 60_000 }).toBe(1);
    await expect.poll(() => page.locator("#view-outline").textContent(), { timeout: 15_000 }).toContain("is not compiled; Problems says why");
    expect(await problems(page).textContent()).not.toMatch(/did not take this code|compiler failed/);
    // the fresh worker has every other tab: the example's type error comes back, a new tab compiles
    await newTab(page);
    await page.keyboard.type("def q = new Quux()");
    await expect.poll(() => problems(page).textContent(), { timeout: 30_000 }).toContain("unable to resolve class Quux");
    expect(await problems(page).textContent()).toContain("Cannot return value of type java.lang.String");
    expect(await item.count()).toBe(1);
    await page.close();
  });

  it("made no request to any origin but its own, broke no content-security rule and threw no page error", () => {
    harness.expectOwnOriginsOnly(1);
  });
});

/// <reference lib="dom" />
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { artifacts, editorLines, focused, newTab, PlaygroundHarness, problems, missing } from "./playground-harness.js";
import { describeWith } from "../support/peers.js";

/**
 * The playground with the keyboard alone, its compiler view (the engine's AST after semantic analysis, with the
 * static type checker's inferred types) and both colour schemes. Real page, real engine, headless Chromium.
 */
let harness: PlaygroundHarness;

/** Presses Tab until `wanted` has the focus (at most `limit` times): a keyboard user's way to a control. */
async function tabTo(page: Page, wanted: (f: Awaited<ReturnType<typeof focused>>) => boolean, limit = 60): Promise<void> {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press("Tab");
    if (wanted(await focused(page))) return;
  }
  throw new Error(`Tab never reached the control; the focus is on ${JSON.stringify(await focused(page))}`);
}

const STATIC_SHAPE = [
  "@groovy.transform.CompileStatic",
  "class Shape {",
  "    int area(String side) {",
  "        def n = side.length()",
  "        return n * n",
  "    }",
  "}",
  "",
].join("\n");

describeWith(missing)(`the playground's keyboard use, compiler view and colour schemes`, () => {
  beforeAll(async () => {
    harness = await PlaygroundHarness.start();
  }, 120_000);

  afterAll(async () => {
    await harness?.close();
  });

  it("works with the keyboard alone: edit, problems, hover, format, rename, side views", async () => {
    const page = await harness.open(await harness.newContext());
    // the first Tab stop is the skip link, which leads into the editor
    await page.keyboard.press("Tab");
    expect((await focused(page)).name).toBe("Skip to the editor");
    await page.keyboard.press("Enter");
    expect((await focused(page)).editor).toBe(true);
    await page.keyboard.press("Control+a");
    await page.keyboard.type("def count = 1\n    count = count + 1\nnew Missing()");
    await expect.poll(() => problems(page).textContent(), { timeout: 30_000 }).toContain("unable to resolve class Missing");

    // Ctrl-I shows at the cursor what a mouse user sees on hover
    await page.keyboard.press("Control+Home");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("Control+i");
    await expect.poll(() => page.locator(".cm-tooltip").first().textContent(), { timeout: 15_000 }).toContain("count");
    await page.keyboard.press("Escape");

    // Shift-Alt-F formats: the stray indentation of line 2 goes
    expect(await editorLines(page).nth(1).textContent()).toBe("    count = count + 1");
    await page.keyboard.press("Shift+Alt+F");
    await expect.poll(() => editorLines(page).nth(1).textContent(), { timeout: 15_000 }).toBe("count = count + 1");

    // F2 renames: the dialog takes the focus, Enter previews, Enter again applies, and the focus comes back
    await page.keyboard.press("Control+Home");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("F2");
    expect((await focused(page)).role).toBe("input");
    await page.keyboard.press("Control+a");
    await page.keyboard.type("total");
    await page.keyboard.press("Enter");
    await expect.poll(() => page.locator("#rename-preview").textContent(), { timeout: 15_000 }).toMatch(/3 edits in 1 tab/);
    await page.keyboard.press("Enter");
    await expect.poll(() => editorLines(page).allTextContents()).toEqual(["def total = 1", "total = total + 1", "new Missing()"]);
    expect((await focused(page)).editor).toBe(true);

    // Tab leaves the editor and reaches the problem; Enter on it puts the cursor on its line
    await tabTo(page, (f) => /unable to resolve class Missing/.test(f.name));
    await page.keyboard.press("Enter");
    expect((await focused(page)).editor).toBe(true);
    await expect.poll(() => page.locator(".cm-activeLine").textContent()).toBe("new Missing()");

    // the side views are one Tab stop; the arrow keys move between them
    await tabTo(page, (f) => f.role === "tab" && f.name === "Outline");
    await page.keyboard.press("ArrowRight");
    expect(await focused(page)).toMatchObject({ role: "tab", name: "Compiler view" });
    expect(await page.locator("#view-compiler").isVisible()).toBe(true);
    expect(await page.locator("#view-outline").isVisible()).toBe(false);
    await page.close();
  });

  it("shows the AST after semantic analysis with the type checker's inferred types, and moves through it by keyboard", async () => {
    const page = await harness.open(await harness.newContext());
    await newTab(page);
    await page.keyboard.insertText(STATIC_SHAPE);
    await page.getByRole("tab", { name: "Compiler view" }).click();
    const tree = page.getByRole("tree", { name: /Syntax tree of Script\d+\.groovy/ });
    // under @CompileStatic, `def n = side.length()` gives n the inferred type int (a dynamic def would be Object)
    const local = tree.getByRole("treeitem", { name: /^VariableExpression n, type int, line 4$/ }).first();
    await expect.poll(() => local.count(), { timeout: 30_000 }).toBeGreaterThan(0);
    expect(await page.locator("#compiler-summary").textContent()).toMatch(/after every phase through canonicalization: [\d,]+ nodes/);
    // the same code without the annotation: the compiler keeps the declared type
    await page.locator(".cm-content").focus();
    await page.keyboard.press("Control+Home");
    await page.keyboard.press("Shift+End");
    await page.keyboard.type("// dynamic");
    await expect.poll(() => tree.getByRole("treeitem", { name: /^VariableExpression n, type java\.lang\.Object, line 4$/ }).count(), { timeout: 30_000 }).toBeGreaterThan(0);
    await page.keyboard.press("Control+Home");
    await page.keyboard.press("Shift+End");
    await page.keyboard.type("@groovy.transform.CompileStatic");
    await expect.poll(() => local.count(), { timeout: 30_000 }).toBeGreaterThan(0);

    // one Tab stop: the first row; Down/Up move, Right opens or enters, Left closes or climbs, Home/End the ends
    const first = tree.getByRole("treeitem").first();
    await first.focus();
    expect((await focused(page)).role).toBe("treeitem");
    expect(await tree.locator("[role=treeitem][tabindex='0']").count()).toBe(1);
    const start = (await focused(page)).name;
    await page.keyboard.press("ArrowDown");
    expect((await focused(page)).name).not.toBe(start);
    await page.keyboard.press("Home");
    expect((await focused(page)).name).toBe(start);
    await page.keyboard.press("ArrowLeft"); // closes the open first node
    expect(await first.getAttribute("aria-expanded")).toBe("false");
    await page.keyboard.press("End"); // the last visible row is a top-level one now
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-level"))).toBe("1");
    await page.keyboard.press("Home");
    await page.keyboard.press("ArrowRight");
    expect(await first.getAttribute("aria-expanded")).toBe("true");
    // walk down to the inferred local and press Enter: the editor's cursor goes to its declaration
    for (let i = 0; i < 200 && !/^VariableExpression n, type int/.test((await focused(page)).name); i++) await page.keyboard.press("ArrowDown");
    expect((await focused(page)).name).toMatch(/^VariableExpression n, type int, line 4$/);
    await page.keyboard.press("Enter");
    expect((await focused(page)).editor).toBe(true);
    await expect.poll(() => page.locator(".cm-activeLine").textContent()).toBe("        def n = side.length()");
    await page.screenshot({ path: join(artifacts, "playground-compiler-view.png") });
    // a syntax error leaves no tree, and the view says why instead of going blank
    await page.keyboard.press("Control+End");
    await page.keyboard.type("\nclass {");
    await expect.poll(() => page.locator("#view-compiler").textContent(), { timeout: 30_000 }).toContain("A syntax error stopped the compile before it built a tree");
    await page.close();
  });

  it("follows prefers-color-scheme: light and dark", async () => {
    const colours = async (scheme: "light" | "dark"): Promise<{ page: string; editor: string; text: string }> => {
      const page = await harness.open(await harness.newContext({ colorScheme: scheme }));
      const result = await page.evaluate(() => ({
        page: getComputedStyle(document.body).backgroundColor,
        editor: getComputedStyle(document.querySelector(".cm-editor")!).backgroundColor,
        text: getComputedStyle(document.querySelector(".cm-content")!).color,
      }));
      await page.screenshot({ path: join(artifacts, `playground-${scheme}.png`) });
      await page.close();
      return result;
    };
    const light = await colours("light");
    const dark = await colours("dark");
    expect(light.page).toBe("rgb(255, 255, 255)");
    expect(dark.page).toBe("rgb(15, 20, 25)");
    expect(dark.editor).not.toBe(light.editor);
    expect(dark.text).not.toBe(light.text);
  });

  it("made no request to any origin but its own, broke no content-security rule and threw no page error", () => {
    harness.expectOwnOriginsOnly(1);
  });
});

/// <reference lib="dom" />
import { afterAll, beforeAll, expect, it } from "vitest";
import type { BrowserContext } from "playwright-core";
import { loadEngine } from "../../src/engine/core/index.js";
import { locateEngineFiles } from "../../src/engine/node/engine-files.js";
import { readEngineImage } from "../../src/engine/node/engine-image.js";
import { newTab, paste, PlaygroundHarness, problems, missing } from "./playground-harness.js";
import { describeWith } from "../support/peers.js";

/**
 * The playground downloads the class model's core only; an extra pack is fetched the first time a source needs
 * one. Checked in the real page in headless Chromium, with every request counted, against the whole model loaded
 * in Node through the same core loader (the oracle of what the page must show).
 */
const ANT = "import org.apache.tools.ant.Project\n@groovy.transform.CompileStatic\nclass Build {\n    Date when(Project p) { p.getName() }\n}\n";

let harness: PlaygroundHarness;
let context: BrowserContext;
let expected: string[] = [];

/** Pack requests the engine's worker made (the service worker's own pass-through fetch of each is left out). */
const engineRequests: string[] = [];
/** Pack requests the service worker itself sent on (it saw the engine's fetch and went to the network). */
const serviceWorkerRequests: string[] = [];
const packRequests = (): string[] => engineRequests.filter((url) => url.includes("/engine/classmodel-packs/"));

describeWith(missing)(`class model packs in the playground`, () => {
  beforeAll(async () => {
    // the whole model's answer for ANT, computed in Node
    const whole = await loadEngine(await readEngineImage(locateEngineFiles({ ...process.env, GROOVYMCP_CLASS_MODEL: "whole" }), []), () => undefined);
    whole.exports.handle(JSON.stringify({ op: "open", uri: "file:///Build.groovy", text: ANT }));
    const reply = JSON.parse(whole.exports.handle(JSON.stringify({ op: "diagnostics", uri: "file:///Build.groovy" }))) as {
      result: { diagnostics: { message: string }[] };
    };
    expected = reply.result.diagnostics.map((d) => d.message.split("\n")[0]!);
    harness = await PlaygroundHarness.start();
    context = await harness.newContext();
    context.on("request", (request) => {
      if (request.serviceWorker() === null) engineRequests.push(request.url());
      else serviceWorkerRequests.push(request.url());
    });
  }, 120_000);

  afterAll(async () => {
    await harness?.close();
  });

  it("first load fetches the core, not the whole model, and no extra pack for the example", async () => {
    const page = await harness.open(context);
    await expect.poll(() => problems(page).textContent(), { timeout: 30_000 }).toContain("Cannot return value of type java.lang.String");
    expect(harness.requests.some((url) => url.endsWith("/engine/classmodel-core.bin"))).toBe(true);
    expect(harness.requests.some((url) => url.endsWith("/engine/classmodel.bin"))).toBe(false);
    expect(packRequests()).toEqual([]);
    expect(harness.requests.filter((url) => url.includes("/engine/classmodel-packs/"))).toEqual([]);

    // a source that needs Ant: the page fetches its packs and shows the whole model's diagnostics
    expect(expected.length).toBe(1);
    expect(expected[0]).toContain("Cannot return value of type java.lang.String");
    // on a first visit the service worker takes control once it has precached the build; wait for that, so the
    // pack fetches below go through it
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });
    await newTab(page);
    await paste(page, ANT);
    await expect.poll(() => problems(page).textContent(), { timeout: 60_000 }).toContain(expected[0]!);
    expect(await problems(page).textContent()).not.toContain("unable to resolve class");
    const fetched = packRequests();
    expect(fetched.some((url) => url.includes("org.apache.tools"))).toBe(true);
    // each pack once, and the service worker kept it for the next visit
    expect(new Set(fetched).size).toBe(fetched.length);
    const cached = await page.evaluate(async () => {
      const names: string[] = [];
      for (const key of await caches.keys()) for (const r of await (await caches.open(key)).keys()) names.push(r.url);
      return names.filter((url) => url.includes("/engine/classmodel-packs/"));
    });
    const throughServiceWorker = serviceWorkerRequests.filter((url) => url.includes("/engine/classmodel-packs/"));
    expect(throughServiceWorker.length).toBeGreaterThan(0);
    expect(cached.sort()).toEqual([...new Set(throughServiceWorker)].sort());
    harness.expectOwnOriginsOnly(1);
  });
});

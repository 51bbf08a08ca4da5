import { spawn } from "node:child_process";
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readConfinedFile } from "../../src/root-guard/confined-file.js";
import { DEFAULT_LIMITS } from "../../src/limits/limits.js";
import { NODE } from "../host/support/server-process.js";

/**
 * Issue 13: a file that is empty at fstat and then grows was read until EOF (1.1 GB before the refusal). Reads now
 * go by the bytes read() returns, capped at 3 x 524,288 + 1 bytes, so each read either returns at most the source
 * limit or refuses, quickly, however fast the file grows.
 */
describe("a growing file (empty at fstat, then huge)", () => {
  const base = realpathSync(mkdtempSync(join(tmpdir(), "hostile-grow-")));
  afterAll(() => rmSync(base, { recursive: true, force: true }));

  it("is read by bytes read, capped at the source limit, while another process appends to it", async () => {
    const file = join(base, "grow.groovy");
    writeFileSync(file, "");
    // flips the file between empty and a sparse 2 GiB (ftruncate costs nothing), so an fstat may see 0 bytes just
    // before the file is huge: a reader that trusts fstat reads until EOF (the old code read 1.1 GB)
    const writer = spawn(NODE, ["-e", `
      const fs = require("fs"); const fd = fs.openSync(${JSON.stringify(file)}, "r+");
      const until = performance.now() + 120000; let big = false;
      const step = () => { fs.ftruncateSync(fd, big ? 0 : 2 ** 31); big = !big; if (performance.now() < until) setTimeout(step, 1); else process.exit(0); };
      step(); process.stdout.write("flipping\\n");`], { stdio: ["ignore", "pipe", "ignore"] });
    const done = new Promise<void>((resolve) => writer.on("exit", () => resolve()));
    // the reads start once the writer flips the file: on a loaded machine Node takes longer to start than 200 reads of
    // an empty file (one CI run made all 200 before the first flip)
    await new Promise<void>((resolve, reject) => {
      writer.stdout.once("data", () => resolve());
      writer.once("exit", (code) => reject(new Error(`the writer exited (${String(code)}) before it flipped the file`)));
    });
    const root = { given: base, real: base };
    const outcomes = { text: 0, refused: 0 };
    let slowest = 0;
    const started = performance.now();
    try {
      // 200 reads at least, and on until one has met the huge file (or 30 s pass: then the check below fails)
      for (let i = 0; i < 200 || (outcomes.refused === 0 && performance.now() - started < 30_000); i++) {
        const began = performance.now();
        try {
          const source = await readConfinedFile(root, "grow.groovy", DEFAULT_LIMITS);
          expect(source.text.length).toBeLessThanOrEqual(DEFAULT_LIMITS.maxSourceChars);
          outcomes.text++;
        } catch (error) {
          expect(String(error)).toMatch(/larger than the source limit of 524288 characters/);
          outcomes.refused++;
        }
        slowest = Math.max(slowest, performance.now() - began);
      }
    } finally {
      writer.kill();
      await done;
    }
    console.log(`growing file: ${outcomes.text} reads under the limit, ${outcomes.refused} refused, slowest ${Math.round(slowest)} ms`);
    // the cap, not EOF, ends each read: at most 1.5 MiB each, so none takes long even while the file grows fast
    expect(slowest).toBeLessThan(5000);
    expect(outcomes.refused).toBeGreaterThan(0);
  }, 60_000);
});

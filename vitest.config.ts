import { defineConfig } from "vitest/config";

/**
 * Three layers. `unit`: pure modules in-process, no process, engine or browser; it runs first, in seconds, so a
 * broken function fails the run before any process starts. `process`: what only a real process, engine, pipe or
 * browser can show. `hostile`: the hostile-input suite on real pipes, last and one file at a time, so its 200 ms
 * ping bound (test/hostile/support/hostile-server.ts) measures the server rather than other test files competing
 * for the cores (run beside `process` on a loaded 2-core machine, single pings reached 230-490 ms).
 */
export default defineConfig({
  test: {
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: "forks",
    maxWorkers: 2,
    fileParallelism: true,
    // expect.poll's default 1 s is shorter than a busy 2-core machine may keep a browser page's main thread or a
    // server's reply from arriving (a CI run once missed an editor update by it); a poll still fails when its
    // condition never holds, and a call that needs longer passes its own timeout
    expect: { poll: { timeout: 10_000 } },
    projects: [
      { extends: true, test: { name: "unit", include: ["test/unit/**/*.test.ts"], sequence: { groupOrder: 0 } } },
      { extends: true, test: { name: "process", include: ["test/**/*.test.ts"], exclude: ["test/unit/**", "test/hostile/**"], globalSetup: ["test/browser/playground-build-dir.ts"], sequence: { groupOrder: 1 } } },
      { extends: true, test: { name: "hostile", include: ["test/hostile/**/*.test.ts"], fileParallelism: false, sequence: { groupOrder: 2 } } },
    ],
  },
});

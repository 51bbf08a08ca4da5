import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: "forks",
    maxWorkers: 2,
    fileParallelism: true,
    // expect.poll's default 1 s is shorter than a busy 2-core machine may keep a browser page's main thread or a
    // server's reply from arriving (a CI run once missed an editor update by it); a poll still fails when its
    // condition never holds, and a call that needs longer passes its own timeout
    expect: { poll: { timeout: 10_000 } },
  },
});

import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/unit/**/*.test.ts", "test/hostile/**/*.test.ts", "test/host/**/*.test.ts", "test/engine/**/*.test.ts", "test/browser/**/*.test.ts"],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: "forks",
    maxWorkers: 2,
    fileParallelism: true,
  },
});

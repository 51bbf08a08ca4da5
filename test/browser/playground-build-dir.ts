import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** Where the run's one playground build goes; PlaygroundHarness builds it on first use (playground-harness.ts). */
export const SHARED_BUILD_VARIABLE = "GROOVYMCP_TEST_PLAYGROUND_BUILD";

/**
 * Vitest global setup: a directory for the whole run, set before the test workers start (they inherit it), so the
 * browser test files build the page once between them instead of once each. Removed when the run ends.
 */
export default function setup(): () => void {
  const dir = mkdtempSync(join(tmpdir(), "groovymcp-playground-run-"));
  process.env[SHARED_BUILD_VARIABLE] = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}

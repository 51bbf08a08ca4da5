import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, it } from "vitest";

/**
 * The peers a suite needs (the built engine, Debian's Chromium, the Python MCP SDK, ...) and what happens when one
 * is missing. On a developer's machine the suite is skipped and its title says why; with CI=true it becomes one
 * failing test that names the missing peer, so CI can never pass with a suite silently skipped.
 */

/** Why a peer cannot be used; undefined when it is present. */
export type Missing = string | undefined;

export const PROJECT_ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

/** Whether this run is CI's: there a missing peer fails instead of skipping. */
export const STRICT = process.env["CI"] === "true";

const ENGINE_DIR = process.env["GROOVYMCP_ENGINE_DIR"] || join(PROJECT_ROOT, "engine-wasm", "target", "dist");

/** The engine files every front end loads (the host reads GROOVYMCP_ENGINE_DIR, as here). */
export function engineMissing(): Missing {
  const absent = ["groovy-engine.wasm", "groovy-engine.wasm-runtime.js", "classmodel.bin"].filter((f) => !existsSync(join(ENGINE_DIR, f)));
  return absent.length === 0 ? undefined : `the engine is not built: ${absent.join(", ")} missing from ${ENGINE_DIR} (run npm run build:engine)`;
}

/** Debian's Chromium, which .ci/run installs; every browser test drives this one. */
export const CHROMIUM = "/usr/bin/chromium";

export function chromiumMissing(): Missing {
  return existsSync(CHROMIUM) ? undefined : `no ${CHROMIUM} (.ci/run installs Debian's chromium)`;
}

/** The Python that has the official MCP SDK: the git-ignored venv .tools/py that .ci/run creates, or GROOVYMCP_PYTHON. */
export const PYTHON = process.env["GROOVYMCP_PYTHON"] ?? join(PROJECT_ROOT, ".tools", "py", "bin", "python");

export function pythonSdkMissing(): Missing {
  if (!existsSync(PYTHON)) return `no Python with the MCP SDK at ${PYTHON} (python3 -m venv .tools/py && .tools/py/bin/pip install -r test/python/requirements.txt)`;
  const probe = spawnSync(PYTHON, ["-c", "import mcp"], { encoding: "utf8", timeout: 60_000 });
  return probe.status === 0 ? undefined : `the Python at ${PYTHON} cannot import mcp`;
}

/** The first reason among several, so one gate can need the engine and Chromium together. */
export function firstMissing(...reasons: readonly Missing[]): Missing {
  return reasons.find((r) => r !== undefined);
}

type SuiteBody = () => void;
type TestBody = () => unknown;

function failure(missing: string): Error {
  return new Error(`CI=true, and a peer this suite needs is missing: ${missing}`);
}

/** `describe`, when the peer is present; see the file comment for what happens otherwise. */
export function describeWith(missing: Missing): (title: string, body: SuiteBody) => void {
  if (missing === undefined) return (title, body) => describe(title, body);
  if (STRICT) return (title) => describe(title, () => it("has the peers it needs", () => { throw failure(missing); }));
  return (title, body) => describe.skip(`${title} (skipped: ${missing})`, body);
}

/** `it`, when the peer is present; see the file comment for what happens otherwise. */
export function itWith(missing: Missing): (title: string, body: TestBody, timeout?: number) => void {
  if (missing === undefined) return (title, body, timeout) => it(title, async () => { await body(); }, timeout);
  if (STRICT) return (title) => it(title, () => { throw failure(missing); });
  return (title, body, timeout) => it.skip(`${title} (skipped: ${missing})`, async () => { await body(); }, timeout);
}

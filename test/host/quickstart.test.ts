import { spawn, spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ENGINE_PRESENT, ENGINE_SKIP_REASON, PROJECT_ROOT } from "./support/server-process.js";

/**
 * scripts/quickstart.sh as a person or a client starts it: in a copy of the checkout (so its host build never
 * touches the dist/ the other tests run), with the real npm dependencies and the real engine linked in.
 */

const BUILDING = "groovymcp: building the host";
const WAITING = "waits for an MCP client on stdin";

const copy = mkdtempSync(join(tmpdir(), "gm-quickstart-"));
afterAll(() => rmSync(copy, { recursive: true, force: true }));

function layOutCopy(): void {
  for (const path of ["src", "scripts", "package.json", "package-lock.json", "tsconfig.json"]) {
    cpSync(join(PROJECT_ROOT, path), join(copy, path), { recursive: true });
  }
  // every package linked one by one, not node_modules itself: the build stamp in node_modules/.cache must be the
  // copy's own, or this test would mark the checkout's host as built
  mkdirSync(join(copy, "node_modules"));
  for (const name of readdirSync(join(PROJECT_ROOT, "node_modules"))) {
    if (name !== ".cache") symlinkSync(join(PROJECT_ROOT, "node_modules", name), join(copy, "node_modules", name));
  }
  mkdirSync(join(copy, "engine-wasm", "target"), { recursive: true });
  symlinkSync(join(PROJECT_ROOT, "engine-wasm", "target", "dist"), join(copy, "engine-wasm", "target", "dist"));
  mkdirSync(join(copy, "project"));
}

interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Starts quickstart from the copy's project folder with a relative --root, as a client does: stdin a pipe. */
function quickstart(): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn("bash", [join(copy, "scripts", "quickstart.sh"), "--root", "."], { cwd: join(copy, "project"), stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (c: string) => {
      stdout += c;
      // one reply is enough to know the server runs; closing stdin ends it
      if (stdout.includes("\n")) child.stdin.end();
    });
    child.stderr.setEncoding("utf8").on("data", (c: string) => (stderr += c));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
    const initialize = { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "test", version: "1" } } };
    child.stdin.write(`${JSON.stringify(initialize)}\n`);
  });
}

function expectServed(run: Run): void {
  expect(run.code, run.stderr).toBe(0);
  const lines = run.stdout.trimEnd().split("\n");
  expect(lines).toHaveLength(1);
  const reply = JSON.parse(lines[0] ?? "") as { id: number; result?: { protocolVersion?: string; serverInfo?: { name?: string } } };
  expect(reply.id).toBe(1);
  expect(reply.result?.protocolVersion).toBe("2025-11-25");
  expect(reply.result?.serverInfo?.name).toMatch(/groovy/);
  expect(run.stderr).not.toContain(WAITING);
  expect(run.stderr).not.toMatch(/\n\s+at /);
}

const hasScript = spawnSync("script", ["--version"], { stdio: "ignore" }).status === 0;
if (process.env.CI === "true" && !hasScript) throw new Error("quickstart test: util-linux `script` (a pseudo-terminal) is missing under CI=true");
const ENGINE = ENGINE_PRESENT ? "" : ` (skipped: ${ENGINE_SKIP_REASON})`;

describe.skipIf(!ENGINE_PRESENT)(`scripts/quickstart.sh${ENGINE}`, () => {
  it("builds the host on the first launch, not on the second, and serves MCP on stdout both times", { timeout: 480_000 }, async () => {
    layOutCopy();
    const cli = join(copy, "dist", "cli.js");

    const first = await quickstart();
    expectServed(first);
    expect(first.stderr).toContain(BUILDING);
    const built = statSync(cli).mtimeMs;

    const second = await quickstart();
    expectServed(second);
    expect(second.stderr).not.toContain(BUILDING);
    expect(statSync(cli).mtimeMs).toBe(built);
  });

  it.skipIf(!hasScript)("tells a person on a terminal, on stderr, that it waits for a client and how to connect one", { timeout: 120_000 }, async () => {
    // after the first test, so the host is built and only the notice is left to see
    const output = await new Promise<string>((resolve, reject) => {
      const command = `bash ${join(copy, "scripts", "quickstart.sh")} --root . 2>&1 >/dev/null`;
      const child = spawn("script", ["-qec", command, "/dev/null"], { cwd: join(copy, "project"), stdio: ["pipe", "pipe", "ignore"] });
      let text = "";
      const timer = setTimeout(() => child.kill("SIGKILL"), 100_000);
      child.stdout.setEncoding("utf8").on("data", (c: string) => {
        text += c;
        // script(1) outlives a SIGHUP; once it is gone the terminal closes and the server behind it gets the hangup
        if (text.includes("Ctrl-C")) child.kill("SIGKILL");
      });
      child.on("error", reject);
      child.on("close", () => {
        clearTimeout(timer);
        resolve(text);
      });
    });
    expect(output).toContain(WAITING);
    // the command to give a client names --root as an absolute path, since a client starts it elsewhere
    expect(output).toContain(`quickstart.sh --root ${join(copy, "project")}`);
  });
});

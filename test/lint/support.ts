import { spawn } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { engineMissing } from "../support/peers.js";

export const PROJECT_ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
export const CLI = join(PROJECT_ROOT, "dist", "cli.js");
export const FIXTURES = join(PROJECT_ROOT, "test", "fixtures", "lint");
/** Why the engine the CLI will load is missing (GROOVYMCP_ENGINE_DIR when set, as the CLI reads it, else the build output). */
export const ENGINE_MISSING = engineMissing();
export const ENGINE_PRESENT = ENGINE_MISSING === undefined;

/** The Node >= 22 that runs the tests (the pinned `node` dev dependency when present). */
export const NODE = ((): string => {
  if (Number(process.versions.node.split(".")[0]) >= 22) return process.execPath;
  return join(PROJECT_ROOT, "node_modules", "node", "bin", "node");
})();

export interface LintRun {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * An environment with no Java anywhere: PATH holds only an empty directory and JAVA_HOME is unset. (The CLI is
 * started by absolute path, so it needs nothing from PATH.) scripts/without-java.sh does the same for the whole
 * suite but costs tens of seconds per process on a loaded machine.
 */
export function javaFreeEnvironment(): NodeJS.ProcessEnv {
  const empty = mkdtempSync(join(tmpdir(), "groovymcp-nopath-"));
  const env: NodeJS.ProcessEnv = { ...process.env, PATH: empty, GROOVYMCP_NO_JAVA: "1" };
  delete env["JAVA_HOME"];
  return env;
}

/** Runs the built CLI as a real process: `groovymcp lint ...args`. */
export function lint(args: readonly string[], options: { cwd: string; input?: string; env?: NodeJS.ProcessEnv }): Promise<LintRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(NODE, [CLI, "lint", ...args], { cwd: options.cwd, env: options.env ?? process.env, stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d));
    child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
    const timer = setTimeout(() => child.kill("SIGKILL"), 90_000);
    child.on("error", reject);
    child.on("close", (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr });
    });
    child.stdin.end(options.input ?? "");
  });
}

/** A fresh temporary directory marked as a repository root (so no config or .gitignore above it applies). */
export function tempRepo(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), `groovymcp-${prefix}-`));
  mkdirSync(join(dir, ".git"));
  return dir;
}

/** Writes files (path → text) under a directory. */
export function writeTree(root: string, files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
}

/** A copy of the end-to-end fixture tree, plus what git cannot hold (node_modules, build, ignored files). */
export function fixtureTree(): string {
  const dir = tempRepo("tree");
  cpSync(join(FIXTURES, "tree"), dir, { recursive: true });
  writeTree(dir, {
    "node_modules/left-pad/Broken.groovy": "class Broken {\n",
    "app/build/generated/Out.groovy": "class Out {\n",
    "target/Stale.groovy": "class Stale {\n",
    "generated/Generated.groovy": "// ignored by .gitignore\nclass Generated {\n",
  });
  return dir;
}

export interface JsonReport {
  version: number;
  tool: { name: string; version: string; astRules: boolean };
  summary: { files: number; errors: number; warnings: number; information: number; suppressed: number };
  files: { path: string; kind: string; suppressed: number; findings: { rule: string; severity: string; message: string; line: number; column: number; endLine: number; endColumn: number; fingerprint: string }[] }[];
}

import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, posix, relative } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * The host's layering (docs/architecture.md, "Host layering"), read from the sources' own imports: every front end
 * reaches the engine through the workspace (createWorkspace) and nothing else of the engine but the error
 * taxonomy, and no layer imports one above it.
 */
const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

type Layer = "base" | "engine/core" | "engine/service" | "engine/node" | "workspace" | "root-guard" | "front end" | "process" | "page worker";

const ERRORS = "src/engine/core/errors.ts";

function layerOf(file: string): Layer {
  if (/^src\/(json|log|limits)\//.test(file) || ["src/version.ts", "src/package-file.ts", "src/process/natural-exit.ts"].includes(file)) return "base";
  if (file.startsWith("src/engine/core/")) return "engine/core";
  if (file.startsWith("src/engine/service/")) return "engine/service";
  if (file.startsWith("src/engine/node/")) return "engine/node";
  if (file.startsWith("src/workspace/")) return "workspace";
  if (file.startsWith("src/root-guard/")) return "root-guard";
  if (/^src\/(mcp|lint|check|command-line)\//.test(file)) return "front end";
  if (/^src\/(main|cli|relaunch)\.ts$/.test(file) || file.startsWith("src/process/")) return "process";
  // the page's engine worker is the engine's side of the worker protocol (as src/engine/node/engine-worker.ts is)
  if (file === "web/src/engine/worker-entry.ts") return "page worker";
  if (file.startsWith("web/src/")) return "front end";
  throw new Error(`no layer for ${file}`);
}

/** Whether `from` may import `to`; undefined when it may, else why not. */
function refusal(from: string, to: string): string | undefined {
  const a = layerOf(from);
  const b = layerOf(to);
  const below: Readonly<Record<Layer, readonly Layer[]>> = {
    base: ["base"],
    "engine/core": ["base", "engine/core"],
    "engine/service": ["base", "engine/core", "engine/service"],
    "engine/node": ["base", "engine/core", "engine/service", "engine/node"],
    workspace: ["base", "engine/core", "engine/service", "engine/node", "workspace"],
    "root-guard": ["base", "engine/core", "workspace", "root-guard"],
    "front end": ["base", "engine/core", "workspace", "root-guard", "front end"],
    process: ["base", "engine/core", "workspace", "root-guard", "front end", "process"],
    "page worker": ["base", "engine/core", "page worker"],
  };
  if (!below[a].includes(b)) return `${a} may not import ${b}`;
  // beneath the workspace, a front end (and the path guard) sees only the error taxonomy
  if ((a === "front end" || a === "process" || a === "root-guard") && b === "engine/core" && to !== ERRORS) return `${a} may import only the error taxonomy of the engine core`;
  // the runtime-neutral workspace: only its Node entry reaches the Node engine
  if (a === "workspace" && b === "engine/node" && from !== "src/workspace/node.ts") return "only src/workspace/node.ts may import the Node engine";
  return undefined;
}

/** The process decides to relaunch Node before anything else loads: the one reach beneath the workspace it makes. */
const EXCEPTIONS: ReadonlySet<string> = new Set(["src/cli.ts -> src/engine/node/v8-flags.ts"]);

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith(".ts") && !e.name.endsWith(".d.ts"))
    .map((e) => relative(ROOT, join(e.parentPath, e.name)).split("\\").join("/"));
}

/** Each relative import of a source, resolved to the source file it names (dynamic imports included). */
function importsOf(file: string): string[] {
  const info = ts.preProcessFile(readFileSync(join(ROOT, file), "utf8"), true, true);
  return info.importedFiles
    .map((f) => f.fileName)
    .filter((name) => name.startsWith("."))
    .map((name) => posix.normalize(posix.join(posix.dirname(file), name)).replace(/\.js$/, ".ts"));
}

function violations(files: readonly string[]): string[] {
  const out: string[] = [];
  for (const file of files) {
    for (const target of importsOf(file)) {
      const edge = `${file} -> ${target}`;
      if (EXCEPTIONS.has(edge)) continue;
      const why = refusal(file, target);
      if (why !== undefined) out.push(`${edge}: ${why}`);
    }
  }
  return out;
}

describe("host layering", () => {
  const files = [...sources("src"), ...sources("web/src")];

  it("finds the sources and their imports", () => {
    expect(files).toContain("src/workspace/create-workspace.ts");
    expect(importsOf("src/mcp/server/stdio-server.ts")).toContain("src/workspace/index.ts");
  });

  it("lets front ends reach the engine only through the workspace, and no layer import upward", () => {
    expect(violations(files)).toEqual([]);
  });

  it("refuses a front end beneath the workspace and an upward import", () => {
    expect(refusal("src/lint/engine-pool.ts", "src/engine/service/contained-engine.ts")).toBeDefined();
    expect(refusal("web/src/engine/playground-engine.ts", "src/engine/core/index.ts")).toBeDefined();
    expect(refusal("src/mcp/server/stdio-server.ts", "src/engine/node/index.ts")).toBeDefined();
    expect(refusal("src/engine/node/engine-worker.ts", "src/workspace/results.ts")).toBeDefined();
    expect(refusal("src/engine/service/contained-engine.ts", "src/workspace/results.ts")).toBeDefined();
    expect(refusal("src/engine/core/index.ts", "src/engine/service/index.ts")).toBeDefined();
    expect(refusal("src/workspace/workspace.ts", "src/engine/node/index.ts")).toBeDefined();
    expect(refusal("src/lint/run.ts", ERRORS)).toBeUndefined();
  });

  it("has every front end make its workspace with one createWorkspace call", () => {
    const stacks = ["src/mcp/server/stdio-server.ts", "src/lint/engine-pool.ts", "src/check/engine-for-check.ts", "web/src/engine/playground-engine.ts"];
    for (const file of stacks) {
      const text = readFileSync(join(ROOT, file), "utf8");
      expect(text.match(/\bcreateWorkspace\(/g), file).toHaveLength(1);
      expect(text, file).not.toMatch(/new (Workspace|RecoveringEngine|ContainedEngine|IdleWarmUp)\b/);
    }
  });
});

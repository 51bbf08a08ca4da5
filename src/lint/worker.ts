import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { workerData } from "piscina";
import { locateEngineFiles } from "../engine/engine-files.js";
import { WasmEngineBridge } from "../engine/wasm-engine-bridge.js";
import { classify } from "./classify.js";
import type { RuleSetting } from "./config.js";
import type { FileKind } from "./file-kind.js";
import type { EngineFileResult } from "./engine-result.js";
import type { FileReport } from "./findings.js";
import { UnitCompiler } from "./unit-compiler.js";

/** Set once per pool: what every unit needs to know about the whole run. */
export interface WorkerSetup {
  readonly classpath: readonly string[];
  readonly treePackages: readonly string[];
  /** Type names the tree declares, only when some unit was split. */
  readonly treeTypes: readonly string[] | undefined;
  /** Type names declared by the tree's Java sources (never compiled, so never resolvable by the engine). */
  readonly javaTypes: readonly string[];
  readonly settings: readonly [string, RuleSetting][];
}

export interface UnitTask {
  readonly key: string;
  readonly split: boolean;
  readonly files: readonly { path: string; displayPath: string; kind: FileKind; text?: string }[];
}

export interface UnitOutcome {
  readonly reports: FileReport[];
  readonly usedLintOp: boolean;
}

const setup = workerData as WorkerSetup;
const treePackages = new Set(setup.treePackages);
const treeTypes = new Set([...(setup.treeTypes ?? []), ...setup.javaTypes]);
const javaTypes = new Set(setup.javaTypes);
const settings = new Map(setup.settings);

let compiler: UnitCompiler | undefined;

/** Compiler messages may quote a buffer's URI (an absolute path); reports show the relative path instead. */
function withDisplayPaths(result: EngineFileResult, sources: readonly { uri: string }[], files: UnitTask["files"]): EngineFileResult {
  const rewrite = (message: string): string => {
    if (!message.includes("file:")) return message;
    let out = message;
    sources.forEach((s, i) => {
      out = out.split(s.uri).join(files[i]!.displayPath);
    });
    return out;
  };
  return {
    uri: result.uri,
    diagnostics: result.diagnostics.map((d) => ({ ...d, message: rewrite(d.message) })),
    findings: result.findings.map((f) => ({ ...f, message: rewrite(f.message) })),
    unusedImports: result.unusedImports,
  };
}

/** Lints one compile unit in this worker's engine (created on the first unit and kept for the pool's life). */
export default async function lintUnit(task: UnitTask): Promise<UnitOutcome> {
  compiler ??= new UnitCompiler(new WasmEngineBridge(locateEngineFiles(), setup.classpath));
  const sources = task.files.map((f) => ({ uri: pathToFileURL(f.path).href, text: f.text ?? readFileSync(f.path, "utf8") }));
  const results = (await compiler.lintUnit(sources)).map((r) => withDisplayPaths(r, sources, task.files));
  const reports: FileReport[] = task.files.map((f, i) => {
    const { findings, suppressed } = classify(results[i]!, {
      kind: f.kind,
      text: sources[i]!.text,
      hasClasspath: setup.classpath.length > 0,
      treePackages,
      treeTypes: task.split ? treeTypes : javaTypes.size > 0 ? javaTypes : undefined,
      settings,
    }, f.displayPath);
    return { path: f.path, displayPath: f.displayPath, kind: f.kind, findings, suppressed };
  });
  return { reports, usedLintOp: compiler.usesLintOp === true };
}

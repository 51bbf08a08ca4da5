import { accessSync, constants, existsSync, statSync } from "node:fs";
import { delimiter } from "node:path";
import { performance } from "node:perf_hooks";

/** What the probe needs from an engine: loading it, its Groovy version, and one compile. */
export interface ProbeEngine {
  /** Loads the engine (module, class model, classpath); rejects with the reason when it cannot. */
  load(): Promise<void>;
  groovyVersion(): Promise<string>;
  /** Compiles one source and returns its diagnostics. */
  diagnostics(text: string): Promise<readonly ProbeDiagnostic[]>;
}

export interface ProbeDiagnostic {
  readonly severity: string;
  readonly line: number;
  readonly message: string;
}

export interface ProbeOptions {
  readonly root: string | undefined;
  readonly classpath: string | undefined;
}

/** The result of `groovymcp check`, printed as a report or as JSON. Paths are never part of it. */
export interface CheckReport {
  readonly healthy: boolean;
  /** Why the installation is not healthy, one reason per failed check. */
  readonly failures: readonly string[];
  readonly nodeVersion: string;
  readonly groovyVersion: string | null;
  readonly engineLoadMs: number | null;
  readonly firstCompileMs: number | null;
  /** Whether the built-in sample's one known error was found where it is. */
  readonly sampleErrorFound: boolean;
  readonly classpath: { readonly entries: number; readonly missing: number; readonly notFiles: number } | null;
  readonly root: { readonly readableDirectory: boolean } | null;
}

/**
 * The built-in sample: valid Groovy except for one class that cannot be resolved, on SAMPLE_ERROR_LINE. Finding that
 * error, and only it, shows that the compiler runs through resolution with its class model loaded.
 */
export const SAMPLE = [
  "class Greeter {",
  "    String greet(String name) { \"Hello, ${name}\" }",
  "}",
  "def greeter = new Greeter()",
  "println greeter.greet('check')",
  "def missing = new NoSuchClassAnywhere()",
  "",
].join("\n");
export const SAMPLE_ERROR_LINE = 5;
export const SAMPLE_ERROR_TEXT = "NoSuchClassAnywhere";

function checkRoot(dir: string): { readableDirectory: boolean; failure?: string } {
  try {
    if (!statSync(dir).isDirectory()) return { readableDirectory: false, failure: "--root is not a directory" };
  } catch {
    return { readableDirectory: false, failure: "--root does not exist" };
  }
  try {
    accessSync(dir, constants.R_OK | constants.X_OK);
  } catch {
    return { readableDirectory: false, failure: "--root is not readable" };
  }
  return { readableDirectory: true };
}

export function classpathEntries(classpath: string | undefined): string[] {
  return (classpath ?? "").split(delimiter).filter((e) => e.length > 0);
}

function checkClasspath(entries: readonly string[]): { entries: number; missing: number; notFiles: number } {
  const missing = entries.filter((e) => !existsSync(e)).length;
  const notFiles = entries.filter((e) => {
    try {
      return existsSync(e) && !statSync(e).isFile();
    } catch {
      return false;
    }
  }).length;
  return { entries: entries.length, missing, notFiles };
}

function reason(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.split(/\r?\n/)[0]?.slice(0, 200) ?? "unknown error";
}

/** Runs every check, even after one fails, so the report says everything at once. */
export async function probeInstallation(engine: ProbeEngine, options: ProbeOptions): Promise<CheckReport> {
  const failures: string[] = [];
  let root: CheckReport["root"] = null;
  if (options.root !== undefined) {
    const checked = checkRoot(options.root);
    root = { readableDirectory: checked.readableDirectory };
    if (checked.failure !== undefined) failures.push(checked.failure);
  }
  let classpath: CheckReport["classpath"] = null;
  if (options.classpath !== undefined) {
    classpath = checkClasspath(classpathEntries(options.classpath));
    if (classpath.entries === 0) failures.push("--classpath names no entry");
    const of = (n: number, what: string, one: string, many: string): string => `${n} of ${classpath?.entries ?? 0} classpath ${what} ${n === 1 ? one : many}`;
    if (classpath.missing > 0) failures.push(of(classpath.missing, "entries", "does not exist", "do not exist"));
    if (classpath.notFiles > 0) failures.push(of(classpath.notFiles, "entries", "is not a jar file", "are not jar files"));
  }

  let groovyVersion: string | null = null;
  let engineLoadMs: number | null = null;
  let firstCompileMs: number | null = null;
  let sampleErrorFound = false;
  const loadStart = performance.now();
  try {
    await engine.load();
    engineLoadMs = Math.round(performance.now() - loadStart);
    groovyVersion = await engine.groovyVersion();
    const compileStart = performance.now();
    const diagnostics = await engine.diagnostics(SAMPLE);
    firstCompileMs = Math.round(performance.now() - compileStart);
    const errors = diagnostics.filter((d) => d.severity === "error");
    const expected = errors.filter((d) => d.line === SAMPLE_ERROR_LINE && d.message.includes(SAMPLE_ERROR_TEXT));
    sampleErrorFound = errors.length === 1 && expected.length === 1;
    if (!sampleErrorFound) {
      failures.push(
        errors.length === 0
          ? "the compiler found no error in the sample, which has one"
          : `the compiler reported ${errors.length} errors in the sample, expected exactly one (line ${SAMPLE_ERROR_LINE + 1}: ${SAMPLE_ERROR_TEXT})`,
      );
    }
  } catch (error) {
    failures.push(`the engine ${engineLoadMs === null ? "could not be loaded" : "failed"}: ${reason(error)}`);
  }

  return {
    healthy: failures.length === 0,
    failures,
    nodeVersion: process.versions.node,
    groovyVersion,
    engineLoadMs,
    firstCompileMs,
    sampleErrorFound,
    classpath,
    root,
  };
}

import { readFileSync, statSync } from "node:fs";
import { relative, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { EngineTimeoutError, EngineUnavailableError } from "../engine/core/errors.js";
import { engineFilesPresent, locateEngineFiles } from "../workspace/node.js";
import type { JsonObject } from "../json/json.js";
import { MAX_SMALL_FILE_BYTES, readSmallRegularFile } from "./bounded-read.js";
import { classify } from "./classify.js";
import { EnginePool, LINT_CALL_TIMEOUT_MS, type DeclarationSource } from "./engine-pool.js";
import type { EngineFileResult } from "./engine-result.js";
import { loadJenkinsCatalog } from "./jenkins-catalog.js";
import type { UnitCompiler } from "./unit-compiler.js";
import { packageVersion } from "../version.js";
import { parseLintCommandLine, type LintOptions } from "./command.js";
import { findConfigFile, loadConfig, type LintConfig } from "./config.js";
import { compareStrings, discoverFiles, discoverJavaSources, toPosix } from "./discovery.js";
import { LintUsageError } from "./errors.js";
import { decideOutcome } from "./exit-status.js";
import { detectKind, KindOverrides, type FileKind } from "./file-kind.js";
import type { FileReport } from "./findings.js";
import { formatGithub } from "./report/github.js";
import { formatJson } from "./report/json.js";
import { formatSarif } from "./report/sarif.js";
import { summarize, type ReportInput } from "./report/summary.js";
import { formatText } from "./report/text.js";
import { neutralise } from "./report/neutralise.js";
import { checkOutputPath, endQuietlyOnClosedPipes, readSourceAgain, writeOutputFile } from "./report/output-file.js";
import { compilesAlone, ENGINE_DEFAULT_CAP, groupUnits, shardUnits, type CompileUnit, type LintFile } from "./units.js";
import { declaredNames } from "./tree-declarations.js";
import { PhaseLog } from "./phases.js";

function readStdin(): string {
  try {
    return readFileSync(0, "utf8");
  } catch {
    throw new LintUsageError("cannot read stdin");
  }
}

/** What the declarations pass learnt of the tree: the files to lint, and the names classification needs. */
interface TreeReading {
  readonly files: LintFile[];
  /** Packages that the tree's Groovy and Java files declare. */
  readonly packages: Set<string>;
  /** Type names of the files to lint, and of the Java sources. */
  readonly groovyTypes: Set<string>;
  readonly javaTypes: Set<string>;
  /** The engine's answers, for the project model. */
  readonly declarations: JsonObject[];
}

/**
 * The one pass over the tree: every file to lint (stdin's text included) is read once, for its kind and size, and
 * its declarations and those of the Java sources are read by the engines (not those of a file that compiles alone,
 * which no other file can use); each file's package (which decides its compile unit) is the engine's answer. Texts are not kept: workers read them again, one unit at a time.
 */
async function readTree(pool: EnginePool, paths: readonly string[], stdin: { name: string; text: string } | undefined, javaPaths: readonly string[], options: { cwd: string; config: LintConfig }): Promise<TreeReading> {
  const overrides = new KindOverrides(options.config.kinds);
  const seen: { kind: FileKind; size: number }[] = [];
  const sourceOf = (path: string, at: number, given: string | undefined): DeclarationSource => ({
    uri: pathToFileURL(path).href,
    language: "groovy",
    read: () => {
      let text = given;
      if (text === undefined) {
        try {
          text = readFileSync(path, "utf8");
        } catch {
          throw new LintUsageError(`cannot read ${toPosix(relative(options.cwd, path)) || path}`);
        }
      }
      const displayPath = toPosix(relative(options.cwd, path)) || path;
      const kind = overrides.kindOf(toPosix(relative(options.config.baseDirectory, path))) ?? detectKind(displayPath, text);
      seen[at] = { kind, size: text.length };
      // a file past the bound of a source the engine only reads is left out of the model; it is still linted
      return text.length > MAX_SMALL_FILE_BYTES || compilesAlone({ path, kind }) ? undefined : text;
    },
  });
  const lintPaths = stdin === undefined ? [...paths] : [...paths, resolve(options.cwd, stdin.name)];
  const sources: DeclarationSource[] = [
    ...lintPaths.map((path, i) => sourceOf(path, i, stdin !== undefined && i === paths.length ? stdin.text : undefined)),
    ...javaPaths.map((path): DeclarationSource => ({
      uri: pathToFileURL(path).href,
      language: "java",
      read: () => {
        const read = readSmallRegularFile(path);
        return read.ok ? read.text : undefined;
      },
    })),
  ];
  const answers = await pool.readDeclarations(sources);
  const packages = new Set<string>();
  const groovyTypes = new Set<string>();
  const javaTypes = new Set<string>();
  const files = lintPaths.map((path, i): LintFile => {
    const names = declaredNames(answers[i]);
    if (names.packageName !== null) packages.add(names.packageName);
    for (const t of names.types) groovyTypes.add(t);
    const { kind, size } = seen[i]!;
    const displayPath = toPosix(relative(options.cwd, path)) || path;
    const file = { path, displayPath, kind, packageName: names.packageName, size };
    return stdin !== undefined && i === paths.length ? { ...file, text: stdin.text } : file;
  });
  for (let i = lintPaths.length; i < answers.length; i++) {
    const names = declaredNames(answers[i]);
    if (names.packageName !== null) packages.add(names.packageName);
    for (const t of names.types) javaTypes.add(t);
  }
  return { files, packages, groovyTypes, javaTypes, declarations: answers.filter((a): a is JsonObject => a !== undefined) };
}

function checkClasspath(entries: readonly string[], cwd: string): string[] {
  return entries.map((entry) => {
    const abs = resolve(cwd, entry);
    let isFile = false;
    try {
      isFile = statSync(abs).isFile();
    } catch {
      throw new LintUsageError(`--classpath entry does not exist: ${entry}`);
    }
    if (!isFile) throw new LintUsageError(`--classpath entry is not a jar file: ${entry}`);
    return abs;
  });
}

class Progress {
  private done = 0;
  private readonly enabled: boolean;
  constructor(
    private readonly total: number,
    quiet: boolean,
  ) {
    this.enabled = !quiet && process.stderr.isTTY === true && total > 20;
  }
  advance(files: number): void {
    this.done += files;
    if (this.enabled) process.stderr.write(`\rgroovymcp lint: ${this.done}/${this.total} files`);
  }
  end(): void {
    if (this.enabled) process.stderr.write("\r\u001b[K");
  }
}

/** What classification needs to know about the whole run. */
interface RunKnowledge {
  readonly hasClasspath: boolean;
  readonly treePackages: ReadonlySet<string>;
  /** Type names of the tree's Groovy files (only when some unit was split) and its Java files. */
  readonly treeTypes: ReadonlySet<string>;
  readonly javaTypes: ReadonlySet<string>;
  readonly settings: LintConfig["rules"];
}

/** Compiler messages may quote a buffer's URI (an absolute path); reports show the relative path instead. */
function withDisplayPaths(result: EngineFileResult, uris: readonly string[], files: readonly LintFile[]): EngineFileResult {
  const rewrite = (message: string): string => {
    if (!message.includes("file:")) return message;
    let out = message;
    uris.forEach((uri, i) => {
      out = out.split(uri).join(files[i]!.displayPath);
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

async function lintOneUnit(unit: CompileUnit, compiler: UnitCompiler, known: RunKnowledge): Promise<FileReport[]> {
  const texts = await Promise.all(unit.files.map((f) => (f.text !== undefined ? Promise.resolve(f.text) : readSourceAgain(f))));
  const uris = unit.files.map((f) => pathToFileURL(f.path).href);
  const results = await compiler.lintUnit(uris.map((uri, i) => ({ uri, text: texts[i]!, kind: unit.files[i]!.kind })));
  return unit.files.map((f, i) => {
    const { findings, suppressed } = classify(
      withDisplayPaths(results[i]!, uris, unit.files),
      {
        kind: f.kind,
        text: texts[i]!,
        hasClasspath: known.hasClasspath,
        treePackages: known.treePackages,
        treeTypes: unit.split ? known.treeTypes : known.javaTypes.size > 0 ? known.javaTypes : undefined,
        settings: known.settings,
      },
      f.displayPath,
    );
    return { path: f.path, displayPath: f.displayPath, kind: f.kind, findings, suppressed };
  });
}

/** What a unit's failure says on stderr: the file, or how many files and the first. */
function unitName(u: CompileUnit): string {
  return u.files.length === 1 ? u.files[0]!.displayPath : `${u.files.length} files of ${u.files[0]!.displayPath} and others`;
}

/** An error that ends the run rather than one unit. */
function endsTheRun(error: unknown): boolean {
  return error instanceof EngineUnavailableError || error instanceof LintUsageError;
}

/**
 * Lints the units on `jobs` engines; results come back in unit order whatever finishes first. A unit the engine
 * fails with the tree's declarations is checked again after all the others, on engines that have dropped the model
 * (EnginePool.forEachWithoutDeclarations), and stderr says so; a unit past the time limit would only run past it again.
 */
async function lintUnits(pool: EnginePool, units: readonly CompileUnit[], known: RunKnowledge, progress: Progress): Promise<FileReport[]> {
  // Largest units first, so the last unit to finish is a small one.
  const order = units.map((u, i) => ({ u, i, w: u.files.reduce((s, f) => s + f.size, 0) })).sort((a, b) => b.w - a.w || a.i - b.i);
  const results = new Array<FileReport[]>(units.length);
  const again: { u: CompileUnit; i: number; first: unknown }[] = [];
  const failed = (u: CompileUnit, i: number, error: unknown): void => {
    process.stderr.write(`groovymcp lint: the engine failed on ${neutralise(unitName(u))}: ${error instanceof Error ? error.message.split("\n")[0] : "unknown error"}\n`);
    results[i] = u.files.map((f) => engineFailure(f, error));
    progress.advance(u.files.length);
  };
  await pool.forEach(order, async ({ u, i }, compiler) => {
    try {
      results[i] = await lintOneUnit(u, compiler, known);
      progress.advance(u.files.length);
    } catch (first) {
      if (endsTheRun(first)) throw first;
      if (first instanceof EngineTimeoutError || !pool.hasDeclarations()) failed(u, i, first);
      else again.push({ u, i, first });
    }
  });
  again.sort((a, b) => a.i - b.i);
  await pool.forEachWithoutDeclarations(again, async ({ u, i }, compiler) => {
    try {
      results[i] = await lintOneUnit(u, compiler, known);
      process.stderr.write(`groovymcp lint: the engine failed on ${neutralise(unitName(u))} with the rest of the tree's declarations; it was checked without them\n`);
      progress.advance(u.files.length);
    } catch (retry) {
      if (endsTheRun(retry)) throw retry;
      failed(u, i, retry);
    }
  });
  return results.flat();
}

/** A unit the engine could not finish: every file in it gets one error, so CI never passes it silently. */
function engineFailure(file: LintFile, error: unknown): FileReport {
  const reason =
    error instanceof EngineTimeoutError ? `ran past the ${LINT_CALL_TIMEOUT_MS / 1000} s call limit` : error instanceof Error && /heap|memory/i.test(error.message) ? "ran out of memory" : "failed";
  const message = `the Groovy engine ${reason} on this file's compile unit, so it was not checked`;
  return {
    path: file.path,
    displayPath: file.displayPath,
    kind: file.kind,
    suppressed: 0,
    findings: [{ rule: "groovy/compiler", severity: "error", message, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, fingerprint: "engine-failure" }],
  };
}

function render(options: LintOptions, input: ReportInput): string {
  switch (options.format) {
    case "json":
      return formatJson(input);
    case "sarif":
      return formatSarif(input);
    case "github":
      return formatGithub(input);
    case "text":
      return options.quiet && input.summary.errors === 0 ? "" : formatText(input);
  }
}

/** Runs `groovymcp lint` with the arguments after `lint`; returns the exit code. */
export async function runLint(argv: readonly string[], cwd: string = process.cwd()): Promise<number> {
  const started = performance.now();
  const invocation = parseLintCommandLine(argv);
  if (invocation.kind === "help") {
    process.stdout.write(invocation.text);
    return 0;
  }
  const options = invocation.options;
  const configFile = options.config !== undefined ? resolve(cwd, options.config) : findConfigFile(cwd);
  const config = loadConfig(configFile, cwd);
  const classpath = [...checkClasspath(options.classpath, cwd), ...checkClasspath(config.classpath, cwd)];
  const jenkinsCatalog = options.jenkinsCatalog !== undefined
    ? loadJenkinsCatalog(resolve(cwd, options.jenkinsCatalog), "--jenkins-catalog")
    : config.jenkinsCatalog !== undefined ? loadJenkinsCatalog(config.jenkinsCatalog, "jenkinsCatalog") : undefined;
  // fail before the (long) lint, not after it
  if (options.output !== undefined) checkOutputPath(cwd, options.output);
  const engine = locateEngineFiles();
  if (!engineFilesPresent(engine)) throw new LintUsageError(`the Groovy engine's files are missing from ${engine.directory} (run npm run build:engine)`);

  const diskPaths = options.paths.filter((p) => p !== "-");
  const readsStdin = options.paths.includes("-");
  const paths = diskPaths.length === 0 && !readsStdin ? ["."] : diskPaths;
  const files = paths.length > 0 ? await discoverFiles(paths, { cwd, include: config.include, exclude: config.exclude, baseDirectory: config.baseDirectory, lintResources: config.lintResources }) : [];
  const stdin = readsStdin ? { name: options.stdinFilename ?? "stdin.groovy", text: readStdin() } : undefined;
  const javaPaths = paths.length > 0 ? await discoverJavaSources(paths, cwd) : [];
  const phases = PhaseLog.fromEnvironment(started);
  phases.end("discovery", `${files.length} files to lint, ${javaPaths.length} Java sources`);
  const fileCount = files.length + (stdin === undefined ? 0 : 1);
  // The first engine starts now; its buffer cap decides how large a unit may be.
  const pool = new EnginePool(Math.max(1, Math.min(options.jobs, fileCount)), classpath, (line) => process.stderr.write(`groovymcp lint: ${line}\n`), jenkinsCatalog);
  try {
    const cap = fileCount === 0 ? ENGINE_DEFAULT_CAP : await pool.bufferCap();
    phases.end("engine start");
    const tree: TreeReading = fileCount === 0 ? { files: [], packages: new Set(), groovyTypes: new Set(), javaTypes: new Set(), declarations: [] } : await readTree(pool, files, stdin, javaPaths, { cwd, config });
    // the model's size as sent to each engine (one JSON request), measured only when asked for
    if (phases.enabled) phases.end("declarations", `${tree.declarations.length} files read, ${Buffer.byteLength(JSON.stringify(tree.declarations))} bytes of declarations`);
    await pool.shareDeclarations(tree.declarations);
    phases.end("project model sent to each engine");
    const { files: prepared, packages, javaTypes } = tree;
    let units = groupUnits(prepared, cap);
    if (options.shard !== undefined) units = shardUnits(units, options.shard.index, options.shard.count);
    const split = units.some((u) => u.split);
    const known: RunKnowledge = {
      hasClasspath: classpath.length > 0,
      treePackages: packages,
      treeTypes: new Set([...(split ? tree.groovyTypes : []), ...javaTypes]),
      javaTypes,
      settings: config.rules,
    };
    const progress = new Progress(units.reduce((s, u) => s + u.files.length, 0), options.quiet);
    const linted = units.length === 0 ? [] : await lintUnits(pool, units, known, progress);
    progress.end();
    phases.end("units", `${units.length} units`);
    const code = await report(options, started, cwd, linted, pool.usedLintOp());
    phases.end("report");
    return code;
  } catch (error) {
    if (error instanceof EngineUnavailableError) throw new LintUsageError(`the Groovy engine is not available: ${error.message}`);
    throw error;
  } finally {
    pool.dispose();
  }
}

/** Sorts, filters (--quiet), renders and writes the report; returns the exit code. */
async function report(options: LintOptions, started: number, cwd: string, linted: FileReport[], astRules: boolean): Promise<number> {
  linted.sort((a, b) => compareStrings(a.displayPath, b.displayPath) || compareStrings(a.path, b.path));
  const { exitCode, reports } = decideOutcome(linted, options);
  const input: ReportInput = {
    reports,
    summary: summarize(reports),
    toolVersion: packageVersion(),
    astRules,
    elapsedMs: performance.now() - started,
    color: options.format === "text" && options.color && options.output === undefined && process.stdout.isTTY === true && process.env["NO_COLOR"] === undefined,
  };
  const text = render(options, input);
  if (options.output !== undefined) {
    writeOutputFile(cwd, options.output, text);
  } else if (text.length > 0) {
    await new Promise<void>((done) => process.stdout.write(text, () => done()));
  }
  return exitCode;
}

/** The `groovymcp lint` entry: usage, config and I/O errors print one line on stderr and exit 2. */
export async function lintMain(argv: readonly string[]): Promise<number> {
  endQuietlyOnClosedPipes();
  try {
    return await runLint(argv);
  } catch (error) {
    if (error instanceof LintUsageError) {
      process.stderr.write(`groovymcp lint: ${error.message}\n`);
      return 2;
    }
    process.stderr.write(`groovymcp lint: internal error: ${error instanceof Error ? error.message : String(error)}\n`);
    return 2;
  }
}

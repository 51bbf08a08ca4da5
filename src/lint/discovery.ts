import { existsSync, statSync } from "node:fs";
import { dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import ignore, { type Ignore } from "ignore";
import picomatch from "picomatch";
import { glob, isDynamicPattern } from "tinyglobby";
import { LintUsageError } from "./errors.js";
import { readSmallRegularFile } from "./bounded-read.js";
import { CONFIG_GLOB_OPTIONS } from "./glob-limits.js";
import { neutralise } from "./report/neutralise.js";
import { isLintableName } from "./file-kind.js";

/** Directories never walked into (their contents can still be linted by naming a file explicitly). */
export const SKIPPED_DIRECTORIES: readonly string[] = [".git", "node_modules", "build", "target", ".gradle"];

/** What directory walks pick up unless the config's `include` says otherwise. */
export const DEFAULT_INCLUDE: readonly string[] = [
  "**/*.groovy",
  "**/*.gvy",
  "**/*.gy",
  "**/*.gsh",
  "**/*.gradle",
  "**/Jenkinsfile",
  "**/Jenkinsfile.*",
];

export interface DiscoveryOptions {
  readonly cwd: string;
  /** Config globs, relative to `baseDirectory`. */
  readonly include: readonly string[];
  readonly exclude: readonly string[];
  readonly baseDirectory: string;
  /** Where a skipped .gitignore is reported (default: a warning line on stderr). */
  readonly warn?: (message: string) => void;
}

function warnOnStderr(message: string): void {
  process.stderr.write(`groovymcp lint: warning: ${neutralise(message)}\n`);
}

/** Turns a path into the `/`-separated form that globs and reports use. */
export function toPosix(path: string): string {
  return sep === "/" ? path : path.split(sep).join("/");
}

/**
 * .gitignore files apply to the files below them. Loaded lazily per directory and kept for the run; the search stops
 * at the repository root (a directory with `.git`) or the filesystem root.
 */
class GitignoreStack {
  constructor(private readonly warn: (message: string) => void) {}

  private readonly perDirectory = new Map<string, Ignore | null>();
  private readonly repoRootOf = new Map<string, string | null>();

  private load(dir: string): Ignore | null {
    let ig = this.perDirectory.get(dir);
    if (ig !== undefined) return ig;
    ig = null;
    const file = join(dir, ".gitignore");
    if (existsSync(file)) {
      // a committed .gitignore may be a link to /dev/zero or a FIFO: read as a bounded regular file, else skipped
      const read = readSmallRegularFile(file);
      if (read.ok) ig = ignore().add(read.text);
      else this.warn(`${toPosix(file)} ${read.reason}, so it is not applied`);
    }
    this.perDirectory.set(dir, ig);
    return ig;
  }

  private repoRoot(dir: string): string | null {
    const known = this.repoRootOf.get(dir);
    if (known !== undefined) return known;
    let found: string | null;
    if (existsSync(join(dir, ".git"))) found = dir;
    else {
      const parent = dirname(dir);
      found = parent === dir ? null : this.repoRoot(parent);
    }
    this.repoRootOf.set(dir, found);
    return found;
  }

  ignores(absoluteFile: string): boolean {
    const start = dirname(absoluteFile);
    const stop = this.repoRoot(start);
    let dir = start;
    for (;;) {
      const ig = this.load(dir);
      if (ig !== null) {
        const rel = toPosix(relative(dir, absoluteFile));
        if (ig.ignores(rel)) return true;
      }
      if (stop === null || dir === stop) return false;
      const parent = dirname(dir);
      if (parent === dir) return false;
      dir = parent;
    }
  }
}

function skippedDirectoryGlobs(): string[] {
  return SKIPPED_DIRECTORIES.map((d) => `**/${d}/**`);
}

/**
 * Expands the command line's paths and globs into a sorted, de-duplicated list of absolute file paths.
 * - a directory is walked for DEFAULT_INCLUDE (or the config's include), skipping SKIPPED_DIRECTORIES, the
 *   config's exclude and what .gitignore files ignore;
 * - a file named explicitly is linted whatever its name, unless the config excludes it;
 * - anything else is a glob, matched from the working directory with the same skips.
 * A path that is neither a file, a directory nor a glob that matches is a usage error naming it.
 */
export async function discoverFiles(inputs: readonly string[], options: DiscoveryOptions): Promise<string[]> {
  const gitignore = new GitignoreStack(options.warn ?? warnOnStderr);
  const includeMatcher = options.include.length > 0 ? picomatch([...options.include], CONFIG_GLOB_OPTIONS) : undefined;
  const isIncluded = (abs: string): boolean =>
    includeMatcher === undefined ? isLintableName(abs.slice(abs.lastIndexOf(sep) + 1)) : includeMatcher(toPosix(relative(options.baseDirectory, abs)));
  const excluded = options.exclude.length > 0 ? picomatch([...options.exclude], CONFIG_GLOB_OPTIONS) : (): boolean => false;
  const isExcluded = (abs: string): boolean => {
    const rel = toPosix(relative(options.baseDirectory, abs));
    if (rel.startsWith("../") || isAbsolute(rel)) return false;
    return excluded(rel) || excluded(`${rel}/`);
  };
  const found = new Set<string>();
  for (const input of inputs) {
    const abs = resolve(options.cwd, input);
    let stat: ReturnType<typeof statSync> | undefined;
    try {
      stat = statSync(abs);
    } catch {
      stat = undefined;
    }
    if (stat?.isFile() === true) {
      if (!isExcluded(abs)) found.add(abs);
      continue;
    }
    if (stat?.isDirectory() === true) {
      // With config globs the walk lists every file and the globs (relative to the config) filter them.
      const patterns = options.include.length > 0 ? ["**/*"] : [...DEFAULT_INCLUDE];
      const files = await glob(patterns, {
        cwd: abs,
        absolute: true,
        dot: true,
        onlyFiles: true,
        followSymbolicLinks: false,
        ignore: skippedDirectoryGlobs(),
        expandDirectories: false,
      });
      for (const f of files) {
        const file = resolve(f);
        if (!isIncluded(file) || isExcluded(file) || gitignore.ignores(file)) continue;
        found.add(file);
      }
      continue;
    }
    if (!isDynamicPattern(input)) throw new LintUsageError(`no such file or directory: ${input}`);
    const files = await glob([input], {
      cwd: options.cwd,
      absolute: true,
      dot: true,
      onlyFiles: true,
      followSymbolicLinks: false,
      ignore: skippedDirectoryGlobs(),
      expandDirectories: false,
    });
    if (files.length === 0) throw new LintUsageError(`no files match the pattern: ${input}`);
    for (const f of files) {
      const file = resolve(f);
      if (isExcluded(file) || gitignore.ignores(file)) continue;
      found.add(file);
    }
  }
  return [...found].sort(compareStrings);
}

/**
 * Java sources under the walked directories (same skips). They are not linted, but the packages and types they
 * declare belong to the tree: a Groovy class that uses them is not missing a dependency.
 */
export async function discoverJavaSources(inputs: readonly string[], cwd: string): Promise<string[]> {
  // the Groovy walk has already warned about any .gitignore it skipped
  const gitignore = new GitignoreStack(() => undefined);
  const found = new Set<string>();
  for (const input of inputs) {
    const abs = resolve(cwd, input);
    let isDir = false;
    try {
      isDir = statSync(abs).isDirectory();
    } catch {
      isDir = false;
    }
    if (!isDir) continue;
    const files = await glob(["**/*.java"], { cwd: abs, absolute: true, dot: true, onlyFiles: true, followSymbolicLinks: false, ignore: skippedDirectoryGlobs(), expandDirectories: false });
    for (const f of files) {
      const file = resolve(f);
      if (!gitignore.ignores(file)) found.add(file);
    }
  }
  return [...found].sort(compareStrings);
}

/** Code-unit order, so output never depends on the locale. */
export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

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

/** Directories never walked into, wherever they are (their files can still be linted by naming them explicitly). */
export const SKIPPED_DIRECTORIES: readonly string[] = [".git", "node_modules", ".gradle"];

/**
 * Build output folders (Gradle's `build/`, Maven's `target/`, IntelliJ's `out/`): skipped only at a module's root,
 * that is next to a build file or at the walked directory itself. Deeper down a folder of that name is a source
 * package (`src/main/groovy/com/x/feature/build/`) and is linted.
 */
export const OUTPUT_DIRECTORIES: readonly string[] = ["build", "target", "out"];

/** Files that make their directory a module root (Gradle, Maven, Ant). */
export const BUILD_FILES: readonly string[] = ["build.gradle", "build.gradle.kts", "settings.gradle", "settings.gradle.kts", "pom.xml", "build.xml"];

/**
 * Folders inside a source tree that builds never compile: Gradle's and Maven's `src/<set>/resources/` (data read at
 * run time: fixtures, AST snapshots, scripts fed to a DSL) and a Jenkins shared library's `resources/` (read with
 * libraryResource). Not linted unless the config's `lintResources` is true.
 */
export function isResourcePath(relativePath: string, probeDirectory: (path: string) => boolean): boolean {
  const parts = relativePath.split("/");
  for (let i = 0; i + 1 < parts.length; i++) {
    if (parts[i] === "src" && i + 2 < parts.length - 1 && parts[i + 2] === "resources") return true;
    if (parts[i] === "resources" && probeDirectory(parts.slice(0, i).concat("vars").join("/"))) return true;
  }
  return false;
}


export interface DiscoveryOptions {
  readonly cwd: string;
  /** Config globs, relative to `baseDirectory`. */
  readonly include: readonly string[];
  readonly exclude: readonly string[];
  readonly baseDirectory: string;
  /** Also lint files under resource folders (isResourcePath), which builds do not compile. */
  readonly lintResources?: boolean;
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

const ALWAYS_SKIPPED = SKIPPED_DIRECTORIES.map((d) => `**/${d}/**`);

/**
 * The walk's skips under `root`: SKIPPED_DIRECTORIES anywhere, and OUTPUT_DIRECTORIES at each module root. Module
 * roots are found first by a walk for build files that prunes every folder named like an output (a build file inside
 * build output is not a module); the walked folder itself is one unless a folder above it holds a build file.
 */
async function walkSkips(root: string): Promise<string[]> {
  const buildFiles = await glob(
    BUILD_FILES.map((f) => `**/${f}`),
    { cwd: root, dot: true, onlyFiles: true, followSymbolicLinks: false, ignore: [...ALWAYS_SKIPPED, ...OUTPUT_DIRECTORIES.map((d) => `**/${d}/**`)], expandDirectories: false },
  );
  const moduleRoots = new Set(buildFiles.map((f) => dirname(f)));
  // the walked folder is a module root unless it lies inside one (`lint src/main/groovy/com/x` walks source)
  if (!insideModule(root)) moduleRoots.add(".");
  const skips = [...ALWAYS_SKIPPED];
  for (const module of [...moduleRoots].sort(compareStrings)) {
    for (const d of OUTPUT_DIRECTORIES) skips.push(module === "." ? `${d}/**` : `${escapeGlob(module)}/${d}/**`);
  }
  return skips;
}

/** Whether a folder above `dir`, up to its repository root, holds a build file. */
function insideModule(dir: string): boolean {
  for (let at = resolve(dir); ; ) {
    if (existsSync(join(at, ".git"))) return false;
    const parent = dirname(at);
    if (parent === at) return false;
    at = parent;
    if (BUILD_FILES.some((f) => existsSync(join(at, f)))) return true;
  }
}

/** A directory name as a literal glob (brackets, stars and the like in a name must not act as wildcards). */
function escapeGlob(path: string): string {
  return path.replace(/[*?[\]{}()!@+]/g, "\\$&");
}

/**
 * Expands the command line's paths and globs into a sorted, de-duplicated list of absolute file paths.
 * - a directory is walked for the names isLintableName accepts (or the config's include), skipping
 *   SKIPPED_DIRECTORIES, OUTPUT_DIRECTORIES at module roots, resource folders (isResourcePath) unless
 *   `lintResources`, the config's exclude and what .gitignore files ignore (re-includes with `!` honoured);
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
  const probe = cachedDirectoryProbe();
  const isResource = (root: string, abs: string): boolean => options.lintResources !== true && isResourcePath(toPosix(relative(root, abs)), (p) => probe(join(root, p)));
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
      // the walk lists every file; the config's include globs (relative to the config), else isLintableName, filter
      const files = await glob(["**/*"], {
        cwd: abs,
        absolute: true,
        dot: true,
        onlyFiles: true,
        followSymbolicLinks: false,
        ignore: await walkSkips(abs),
        expandDirectories: false,
      });
      for (const f of files) {
        const file = resolve(f);
        if (!isIncluded(file) || isExcluded(file) || isResource(abs, file) || gitignore.ignores(file)) continue;
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
      ignore: await walkSkips(options.cwd),
      expandDirectories: false,
    });
    if (files.length === 0) throw new LintUsageError(`no files match the pattern: ${input}`);
    for (const f of files) {
      const file = resolve(f);
      if (isExcluded(file) || isResource(options.cwd, file) || gitignore.ignores(file)) continue;
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
    const files = await glob(["**/*.java"], { cwd: abs, absolute: true, dot: true, onlyFiles: true, followSymbolicLinks: false, ignore: await walkSkips(abs), expandDirectories: false });
    const probe = cachedDirectoryProbe();
    for (const f of files) {
      const file = resolve(f);
      if (!isResourcePath(toPosix(relative(abs, file)), (p) => probe(join(abs, p))) && !gitignore.ignores(file)) found.add(file);
    }
  }
  return [...found].sort(compareStrings);
}

/** `statSync(...).isDirectory()`, remembered for the run. */
export function cachedDirectoryProbe(): (path: string) => boolean {
  const known = new Map<string, boolean>();
  return (path: string): boolean => {
    let v = known.get(path);
    if (v === undefined) {
      try {
        v = statSync(path).isDirectory();
      } catch {
        v = false;
      }
      known.set(path, v);
    }
    return v;
  };
}

/** Code-unit order, so output never depends on the locale. */
export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

import { existsSync, statSync } from "node:fs";
import { dirname, join, sep } from "node:path";
import { compareStrings } from "./discovery.js";
import type { FileKind } from "./file-kind.js";

/** One file to lint, as the main thread knows it before compiling. */
export interface LintFile {
  /** Absolute path (or the `--stdin-filename` resolved against the working directory). */
  readonly path: string;
  /** What reports show: relative to the working directory, with `/`. */
  readonly displayPath: string;
  readonly kind: FileKind;
  /** The package the file declares, from its `package` line. */
  readonly packageName: string | null;
  /** Source length in UTF-16 units (used to balance shards and cap units). */
  readonly size: number;
  /** The text when it did not come from disk (stdin). */
  readonly text?: string;
}

/** Files that compile together in one engine compile. */
export interface CompileUnit {
  /** Stable name: the source-tree directory, or the file for a file compiled alone. */
  readonly key: string;
  readonly files: readonly LintFile[];
  /** True when a source tree over the unit cap was split: names declared in its other chunks are not reported. */
  readonly split: boolean;
}

/**
 * A source tree larger than this compiles in chunks of at most this many files, so that one engine's memory stays
 * bounded whatever the tree's size (see docs/rules.md, "Large trees"). Lint asks the engine for this buffer cap
 * (the `configure` op); an engine build without that op keeps its own cap, ENGINE_DEFAULT_CAP, and units are then
 * cut to that.
 */
export const MAX_UNIT_FILES = 256;
export const ENGINE_DEFAULT_CAP = 64;
/**
 * ...and of at most this many characters of source: about 25,000 lines, which the engine holds in roughly 300 MB
 * while the unit is open (about 12 KB per line, docs/engine-contract.md "Memory per buffer").
 */
export const MAX_UNIT_CHARS = 1_000_000;

const SOURCE_SET_LANGUAGES = new Set(["groovy", "java"]);

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/**
 * Gradle scripts and pipelines (Jenkinsfiles, and any pipeline outside a shared library's `vars/`) always compile
 * alone, and no other file can use what they declare, so they add nothing to the project model either.
 */
export function compilesAlone(file: Pick<LintFile, "path" | "kind">): boolean {
  if (file.kind === "gradle") return true;
  if (file.kind !== "jenkins") return false;
  const parts = file.path.split(sep);
  return parts[parts.length - 2] !== "vars" || (parts[parts.length - 1] ?? "").startsWith("Jenkinsfile");
}

/**
 * The source tree a file compiles with, or undefined when it compiles alone. Decided in this order:
 * 1. Jenkinsfiles and Gradle scripts always compile alone.
 * 2. `<A>/grails-app/<folder>/**`: the Grails application `<A>`, with its `src/main/groovy`.
 *    `<P>/src/<set>/groovy/**` (and `.../java/**`): the project `<P>`, so `src/test/groovy` sees `src/main/groovy`;
 *    a `buildSrc/` is a project of its own this way.
 * 3. A Jenkins shared library, `<L>/vars/*.groovy` and `<L>/src/**` when `<L>/vars` exists: the library `<L>`.
 * 4. Any other class file: the directory its package is rooted at (`a/b/c/Foo.groovy` with `package b.c` → `a`),
 *    else its own directory.
 * 5. Any other script compiles alone.
 */
export function sourceTreeOf(file: Pick<LintFile, "path" | "kind" | "packageName">, probeDirectory: (path: string) => boolean = isDirectory): string | undefined {
  if (compilesAlone(file)) return undefined;
  const parts = file.path.split(sep);
  // Grails: grails-app/{controllers,services,domain,...} compile with the same application's src/main/groovy
  const grailsIndex = parts.lastIndexOf("grails-app");
  if (grailsIndex > 0 && grailsIndex + 2 < parts.length && file.kind !== "jenkins") return parts.slice(0, grailsIndex).join(sep) || sep;
  const srcIndex = parts.lastIndexOf("src");
  if (srcIndex > 0) {
    const project = parts.slice(0, srcIndex).join(sep) || sep;
    const language = parts[srcIndex + 2];
    if (language !== undefined && srcIndex + 3 < parts.length && SOURCE_SET_LANGUAGES.has(language)) return project;
    if (probeDirectory(join(project, "vars"))) return project;
  }
  if (parts[parts.length - 2] === "vars" && file.kind === "jenkins") {
    return parts.slice(0, parts.length - 2).join(sep) || sep;
  }
  if (file.kind !== "class") return undefined;
  const dir = dirname(file.path);
  if (file.packageName !== null) {
    const pkgPath = file.packageName.split(".").join(sep);
    if (dir.endsWith(sep + pkgPath)) return dir.slice(0, dir.length - pkgPath.length - 1) || sep;
  }
  return dir;
}

/** Groups files into compile units, sorted by key; files inside a unit are sorted by path. */
export function groupUnits(files: readonly LintFile[], maxFiles: number = MAX_UNIT_FILES): CompileUnit[] {
  const trees = new Map<string, LintFile[]>();
  const alone: CompileUnit[] = [];
  const probed = new Map<string, boolean>();
  const probe = (p: string): boolean => {
    let v = probed.get(p);
    if (v === undefined) {
      v = isDirectory(p);
      probed.set(p, v);
    }
    return v;
  };
  for (const file of files) {
    const tree = file.text !== undefined && !existsSync(file.path) ? undefined : sourceTreeOf(file, probe);
    if (tree === undefined) {
      alone.push({ key: file.path, files: [file], split: false });
      continue;
    }
    let list = trees.get(tree);
    if (list === undefined) trees.set(tree, (list = []));
    list.push(file);
  }
  const units: CompileUnit[] = [...alone];
  for (const [key, list] of trees) {
    list.sort((a, b) => compareStrings(a.path, b.path));
    const chunks = chunk(list, maxFiles);
    if (chunks.length === 1) units.push({ key: `${key}${sep}`, files: list, split: false });
    else chunks.forEach((c, i) => units.push({ key: `${key}${sep}#${String(i + 1).padStart(4, "0")}`, files: c, split: true }));
  }
  return units.sort((a, b) => compareStrings(a.key, b.key));
}

function chunk(files: readonly LintFile[], maxFiles: number): LintFile[][] {
  const out: LintFile[][] = [];
  let current: LintFile[] = [];
  let chars = 0;
  for (const f of files) {
    if (current.length > 0 && (current.length >= maxFiles || chars + f.size > MAX_UNIT_CHARS)) {
      out.push(current);
      current = [];
      chars = 0;
    }
    current.push(f);
    chars += f.size;
  }
  if (current.length > 0) out.push(current);
  return out;
}

/**
 * `--shard I/N`: units (never split across shards, so a source tree still compiles whole) are dealt to N shards,
 * largest first onto the lightest shard, ties broken by key. Every shard computes the same assignment from the same
 * file list, so the N shards partition the files exactly.
 */
export function shardUnits(units: readonly CompileUnit[], index: number, count: number): CompileUnit[] {
  if (count === 1) return [...units];
  const weight = (u: CompileUnit): number => u.files.reduce((s, f) => s + f.size + 200, 0);
  const order = [...units].sort((a, b) => weight(b) - weight(a) || compareStrings(a.key, b.key));
  const loads = new Array<number>(count).fill(0);
  const mine = new Set<CompileUnit>();
  for (const u of order) {
    let best = 0;
    for (let i = 1; i < count; i++) if ((loads[i] ?? 0) < (loads[best] ?? 0)) best = i;
    loads[best] = (loads[best] ?? 0) + weight(u);
    if (best === index - 1) mine.add(u);
  }
  return units.filter((u) => mine.has(u));
}

/** Where a source file belongs in its build: the module's directory and the source set (`main`, `test`, ...). */
export interface SourceSet {
  readonly module: string;
  readonly sourceSet: string;
}

/**
 * The module and source set of a Groovy or Java file, for a project model that hands each unit the declarations of
 * the others: `<M>/src/<set>/<language>/**` → (`<M>`, `<set>`); `<A>/grails-app/**` → (`<A>`, `main`); a Jenkins
 * shared library's `src/**` and `vars/*` → (`<L>`, `main`) and its `test/**` → (`<L>`, `test`). Undefined for a file
 * outside these conventions.
 */
export function sourceSetOf(path: string, probeDirectory: (path: string) => boolean = isDirectory): SourceSet | undefined {
  const parts = path.split(sep);
  const grailsIndex = parts.lastIndexOf("grails-app");
  if (grailsIndex > 0 && grailsIndex + 2 < parts.length) return { module: parts.slice(0, grailsIndex).join(sep) || sep, sourceSet: "main" };
  const srcIndex = parts.lastIndexOf("src");
  if (srcIndex > 0 && srcIndex + 3 < parts.length && ["groovy", "java"].includes(parts[srcIndex + 2]!)) {
    return { module: parts.slice(0, srcIndex).join(sep) || sep, sourceSet: parts[srcIndex + 1]! };
  }
  for (let i = parts.length - 2; i > 0; i--) {
    const library = parts.slice(0, i).join(sep) || sep;
    if (!["src", "vars", "test"].includes(parts[i]!) || !probeDirectory(join(library, "vars"))) continue;
    return { module: library, sourceSet: parts[i] === "test" ? "test" : "main" };
  }
  return undefined;
}

/** Each Java file with its module and source set (sourceSetOf), in path order, for the project model. */
export function javaSourceSets(paths: readonly string[]): { readonly path: string; readonly sourceSet: SourceSet | undefined }[] {
  const known = new Map<string, boolean>();
  const probe = (p: string): boolean => {
    let v = known.get(p);
    if (v === undefined) known.set(p, (v = isDirectory(p)));
    return v;
  };
  return [...paths].sort(compareStrings).map((path) => ({ path, sourceSet: sourceSetOf(path, probe) }));
}

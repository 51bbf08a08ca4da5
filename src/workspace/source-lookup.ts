import { EngineArgumentError } from "../engine/core/errors.js";
import { isJsonObject, type JsonObject } from "../json/json.js";
import type { SourceReader } from "./source.js";

/**
 * Source-path resolution under --root (the engine contract's `unresolvedCandidates` round trip): the stock compiler
 * finds `p.Q` as `p/Q.groovy` on its source path without walking any directory, and this does the same for the
 * engine, which cannot read files. After a compile, the engine names the classes it could not resolve with the
 * fully qualified names each may stand for; for each name not looked up before, this reads `p/Q.groovy` or
 * `p/Q.java` under the source roots the asking file's own path implies, through the confined reader (symlinks
 * resolved, never outside the root, the same byte limits), sends their declarations to the engine
 * (`projectDeclarations`, mode `add`) and asks again. Rounds and reads per call are bounded, so a file naming
 * thousands of missing classes costs a bounded number of lookups, and a name is never looked up twice.
 */

/** The part of the engine service this needs (EngineService has it). */
export interface DeclarationsEngine {
  request(op: string, params: JsonObject): Promise<JsonObject>;
}

export interface SourceLookupOptions {
  readonly reader: SourceReader;
  /** Rounds of ask/read/add per call (each round adds at least one file, or the call ends). */
  readonly maxRounds?: number;
  /** File reads attempted per call, found or not. */
  readonly maxReadsPerCall?: number;
  /**
   * Milliseconds the lookups of one call may take (0: no bound): past it no more files are read and the call runs
   * on what it has, so looking up never takes the call past its own time limit.
   */
  readonly maxMillisPerCall?: number;
}

export interface LookupOutcome {
  readonly rounds: number;
  /** Files whose declarations were added, as the reader named them. */
  readonly added: readonly string[];
  readonly reads: number;
  /** True when a bound stopped the lookups while names were still unresolved. */
  readonly bounded: boolean;
}

const DEFAULT_ROUNDS = 4;
const DEFAULT_READS = 256;
const EXTENSIONS = [".groovy", ".java"] as const;
/** Conventional source sets of a Gradle or Maven module, tried after the asking file's own source root. */
const SOURCE_SETS = ["src/main/groovy", "src/main/java", "src/test/groovy", "src/test/java"] as const;
/** A Jenkins shared library's roots: `src/` classes, seen from `vars/` and `test/` too. */
const LIBRARY_ROOTS = ["src", "vars", "test"] as const;

/**
 * The source roots to look under for a file at `path` (relative to the root, `/`-separated) declaring `packageName`:
 * its own package root first, then its module's conventional source sets, then the tree's top-level ones. Only
 * these paths are ever read; none is listed.
 */
export function sourceRootsFor(path: string, packageName: string): string[] {
  // the workspace core runs in browsers too, so no node:path: `/`-separated segments, `.` and `..` applied
  const segments: string[] = [];
  for (const s of path.split("/")) {
    if (s === "..") segments.pop();
    else if (s !== "" && s !== ".") segments.push(s);
  }
  segments.pop(); // the file's own name
  const packageDirs = packageName === "" ? [] : packageName.split(".");
  let own = segments.join("/");
  if (packageDirs.length > 0 && segments.slice(-packageDirs.length).join("/") === packageDirs.join("/")) {
    own = segments.slice(0, segments.length - packageDirs.length).join("/");
  }
  const roots = [own];
  const match = /^(.*?)(?:^|\/)src\/(?:main|test)\/(?:groovy|java)$/.exec(own);
  const module = match ? match[1]! : undefined;
  for (const base of module === undefined ? [""] : [module, ""]) {
    for (const set of SOURCE_SETS) roots.push(base === "" ? set : `${base}/${set}`);
  }
  for (const r of LIBRARY_ROOTS) roots.push(r);
  roots.push("");
  return [...new Set(roots)];
}

interface Candidate {
  readonly uri: string;
  readonly name: string;
  readonly candidates: readonly string[];
  /** Where to look instead of the file's source roots (a pipeline's globals live under `vars/` only). */
  readonly roots?: readonly string[];
}

function parseCandidates(result: JsonObject): { names: Candidate[]; truncated: boolean } {
  const names: Candidate[] = [];
  const raw = result["names"];
  if (Array.isArray(raw)) {
    for (const n of raw) {
      if (!isJsonObject(n) || typeof n["uri"] !== "string" || typeof n["name"] !== "string" || !Array.isArray(n["candidates"])) continue;
      const candidates = n["candidates"].filter((c): c is string => typeof c === "string" && /^[\p{L}\p{N}_$]+(\.[\p{L}\p{N}_$]+)*$/u.test(c));
      const roots = Array.isArray(n["roots"]) ? n["roots"].filter((r): r is string => typeof r === "string" && /^[\p{L}\p{N}_$-]+$/u.test(r)) : undefined;
      names.push(roots === undefined ? { uri: n["uri"], name: n["name"], candidates } : { uri: n["uri"], name: n["name"], candidates, roots });
    }
  }
  return { names, truncated: result["truncated"] === true };
}

export class SourceLookup {
  private readonly reader: SourceReader;
  private readonly maxRounds: number;
  private readonly maxReads: number;
  private readonly maxMillis: number;
  /** Every `root/p/Q` stem already looked for, found or not: never read twice. */
  private readonly looked = new Set<string>();
  /** The file each class found by name came from (its canonical file: URI). */
  private readonly sources = new Map<string, string>();
  private readonly found = new Set<string>();
  /** The declarations added so far, in order: a restarted engine must get them again (`declarationsToResend`). */
  private readonly files: JsonObject[] = [];

  constructor(options: SourceLookupOptions) {
    this.reader = options.reader;
    this.maxRounds = options.maxRounds ?? DEFAULT_ROUNDS;
    this.maxReads = options.maxReadsPerCall ?? DEFAULT_READS;
    this.maxMillis = options.maxMillisPerCall ?? 0;
  }

  /** The file a looked-up class (or the top-level class enclosing a nested one) was found in, or undefined. */
  sourceOf(fqn: string): string | undefined {
    const parts = fqn.split(".");
    for (let n = parts.length; n > 0; n--) {
      const uri = this.sources.get(parts.slice(0, n).join("."));
      if (uri !== undefined) return uri;
    }
    return undefined;
  }

  /**
   * A looked-up file the client has just read afresh (opened by path or uri): its declarations are replaced with
   * the ones of that text, so a later compile that does not have it open does not see the file as it was.
   */
  async refresh(engine: DeclarationsEngine, uri: string, text: string): Promise<void> {
    if (!this.found.has(uri)) return;
    const declarations = await engine.request("declarations", { uri, language: uri.endsWith(".java") ? "java" : "groovy", text });
    await engine.request("projectDeclarations", { mode: "add", files: [declarations] });
  }

  /** The declarations to send (`projectDeclarations`) to a new engine instance. */
  declarationsToResend(): readonly JsonObject[] {
    return this.files;
  }

  /**
   * Looks up the classes the buffer's compile could not resolve. `path` is the buffer's path relative to the root
   * and `packageName` its package (both decide the source roots).
   */
  async resolveFor(engine: DeclarationsEngine, uri: string, path: string, packageName: string): Promise<LookupOutcome> {
    const roots = sourceRootsFor(path, packageName);
    const deadline = this.maxMillis > 0 ? performance.now() + this.maxMillis : Infinity;
    const added: string[] = [];
    let reads = 0;
    let rounds = 0;
    let bounded = false;
    while (rounds < this.maxRounds) {
      rounds++;
      const { names, truncated } = parseCandidates(await engine.request("unresolvedCandidates", { uri }));
      const found: JsonObject[] = [];
      for (const n of names) {
        for (const fqn of n.candidates) {
          const hit = await this.find(engine, n.roots ?? roots, fqn, () => reads < this.maxReads && performance.now() < deadline && (reads++, true));
          if (hit !== undefined) {
            found.push(hit.declarations);
            added.push(hit.uri);
            break;
          }
        }
        if (reads >= this.maxReads || performance.now() >= deadline) break;
      }
      if (found.length === 0) {
        bounded = reads >= this.maxReads || performance.now() >= deadline || (truncated && names.length > 0);
        break;
      }
      await engine.request("projectDeclarations", { mode: "add", files: found });
      this.files.push(...found);
      if (rounds === this.maxRounds) bounded = true;
    }
    return { rounds, added, reads, bounded };
  }

  private async find(engine: DeclarationsEngine, roots: readonly string[], fqn: string, mayRead: () => boolean): Promise<{ uri: string; declarations: JsonObject } | undefined> {
    const relative = fqn.split(".").join("/");
    for (const root of roots) {
      const stem = root === "" ? relative : `${root}/${relative}`;
      if (this.looked.has(stem)) continue;
      for (const ext of EXTENSIONS) {
        // a stem a bound stopped is not marked looked up, so a later call may still find it
        if (!mayRead()) return undefined;
        if (ext === EXTENSIONS[EXTENSIONS.length - 1]) this.looked.add(stem);
        let file;
        try {
          file = await this.reader.readPath(stem + ext);
        } catch (e) {
          if (e instanceof EngineArgumentError) continue; // absent, outside the root, too large: not a source here
          throw e;
        }
        this.looked.add(stem);
        let declarations: JsonObject;
        try {
          declarations = await engine.request("declarations", { uri: file.uri, language: ext === ".java" ? "java" : "groovy", text: file.text });
        } catch (e) {
          if (e instanceof EngineArgumentError) return undefined; // found, but not readable as source (nested too deep)
          throw e;
        }
        this.sources.set(fqn, file.uri);
        this.found.add(file.uri);
        return { uri: file.uri, declarations };
      }
    }
    return undefined;
  }
}

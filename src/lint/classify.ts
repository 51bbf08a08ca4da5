import { createHash } from "node:crypto";
import type { EngineDiagnostic, EngineFileResult } from "./engine-result.js";
import type { FileKind } from "./file-kind.js";
import { compareFindings, type Finding, type Range } from "./findings.js";
import { isPlatformPackage, packageOfImport, parseImports, type ImportDeclaration } from "./imports.js";
import type { RuleSetting } from "./config.js";
import { RULES, type Severity } from "./rules.js";
import { Suppressions } from "./suppression.js";

/** What the classifier knows beyond the engine's answer for one file. */
export interface ClassifyContext {
  readonly kind: FileKind;
  readonly text: string;
  /** A classpath was given: every unresolved class is an error. */
  readonly hasClasspath: boolean;
  /** Packages that any linted file declares (the whole tree, not only this shard). */
  readonly treePackages: ReadonlySet<string>;
  /**
   * Type names (simple and qualified) that the engine could not see in this compile although the tree declares them:
   * those of the tree's Java sources, and, when the source tree was compiled in chunks, of its Groovy files.
   */
  readonly treeTypes: ReadonlySet<string> | undefined;
  readonly settings: ReadonlyMap<string, RuleSetting>;
}

export interface Classified {
  readonly findings: Finding[];
  readonly suppressed: number;
}

interface Candidate {
  readonly rule: string;
  readonly message: string;
  readonly range: Range;
  /** The engine's own severity for compiler messages (a compiler warning stays a warning). */
  readonly engineSeverity?: Severity;
}

/**
 * Whether a package is one whose unresolved classes are the code's fault: a package of the JDK's java.base or
 * Groovy's core runtime (which the class model covers whole), or one the linted tree declares. The engine's
 * `packageKnown` is not enough on its own: it is true for a package of which the class model holds only some
 * classes (org.codehaus.groovy.ast, java.sql), where a missing class is a gap of the model or a missing jar, not a
 * typo. With a classpath every unresolved class is an error anyway, so what the engine adds from jars never matters.
 */
function packageIsKnown(pkg: string, ctx: ClassifyContext): boolean {
  return isPlatformPackage(pkg) || ctx.treePackages.has(pkg);
}

function importRange(decl: ImportDeclaration): Range {
  return { start: { line: decl.line, character: decl.character }, end: { line: decl.line, character: decl.endCharacter } };
}

/** Which import explains an unresolved name, if any: an explicit one naming it, else a star import. */
function explainingImport(name: string, imports: readonly ImportDeclaration[], engineImport: string | null): ImportDeclaration | undefined {
  if (name.includes(".")) {
    const exact = imports.find((d) => !d.star && d.target === name);
    if (exact !== undefined) return exact;
    const head = name.slice(0, name.indexOf("."));
    return imports.find((d) => !d.star && d.localName === head);
  }
  if (engineImport !== null) {
    const named = imports.find((d) => !d.star && d.target === engineImport);
    if (named !== undefined) return named;
  }
  return imports.find((d) => !d.star && d.localName === name) ?? imports.find((d) => d.star && !d.isStatic);
}

/**
 * Turns the engine's answer for one file into findings: rule ids, missing dependencies, rule settings and
 * suppression comments. Pure: the same inputs give the same, sorted output.
 */
export function classify(result: EngineFileResult, ctx: ClassifyContext, displayPath: string): Classified {
  const candidates: Candidate[] = [];
  const imports = parseImports(ctx.text);
  /** Import → whether it was already reported as a missing dependency. */
  const missingReported = new Set<ImportDeclaration>();
  const missingNames = new Set<string>();
  const deferredTypeChecks: EngineDiagnostic[] = [];

  for (const d of result.diagnostics) {
    const engineSeverity: Severity = d.severity === "warning" ? "warning" : d.severity === "error" ? "error" : "information";
    if (d.category === "unresolved" && d.unresolved !== undefined) {
      const name = d.unresolved.name;
      const simple = name.slice(name.lastIndexOf(".") + 1);
      if (ctx.treeTypes !== undefined && (ctx.treeTypes.has(name) || ctx.treeTypes.has(simple))) continue;
      if (!ctx.hasClasspath) {
        const decl = explainingImport(name, imports, d.unresolved.import);
        const qualifiedPackage = name.includes(".") && decl === undefined ? name.slice(0, name.lastIndexOf(".")) : undefined;
        if (decl !== undefined && !packageIsKnown(packageOfImport(decl), ctx)) {
          missingNames.add(name);
          missingNames.add(simple);
          if (decl.localName !== null) missingNames.add(decl.localName);
          if (missingReported.has(decl)) continue;
          missingReported.add(decl);
          const pkg = packageOfImport(decl);
          candidates.push({
            rule: "groovy/missing-dependency",
            message: decl.star
              ? `${name} may come from ${pkg}.*, which is not on the classpath (missing dependency: package ${pkg})`
              : `${decl.target} is not on the classpath (missing dependency: package ${pkg})`,
            range: importRange(decl),
          });
          continue;
        }
        if (qualifiedPackage !== undefined && !packageIsKnown(qualifiedPackage, ctx) && /^[a-z]/.test(qualifiedPackage)) {
          missingNames.add(name);
          candidates.push({ rule: "groovy/missing-dependency", message: `${name} is not on the classpath (missing dependency: package ${qualifiedPackage})`, range: d.range });
          continue;
        }
        if (decl === undefined && ctx.kind === "jenkins" && !name.includes(".")) {
          // Jenkins's CPS shell star-imports hudson.model.* and jenkins.model.*, which live in Jenkins itself.
          missingNames.add(name);
          candidates.push({ rule: "groovy/missing-dependency", message: `${name} is not on the classpath (missing dependency: the pipeline shell's imports hudson.model.* and jenkins.model.*)`, range: d.range });
          continue;
        }
        if (decl === undefined && ctx.kind === "gradle" && !name.includes(".")) {
          // Gradle scripts see Gradle's default imports (org.gradle.api.* and dozens more) implicitly.
          missingNames.add(name);
          candidates.push({ rule: "groovy/missing-dependency", message: `${name} is not on the classpath (missing dependency: Gradle's default imports; give --classpath with the Gradle API)`, range: d.range });
          continue;
        }
      }
      candidates.push({ rule: "groovy/unresolved", message: d.message, range: d.range, engineSeverity });
      continue;
    }
    if (d.category === "type-check") {
      deferredTypeChecks.push(d);
      continue;
    }
    const rule = d.category === "syntax" ? "groovy/syntax" : d.category === "duplicate" ? "groovy/duplicate" : d.category === "unresolved" ? "groovy/unresolved" : "groovy/compiler";
    candidates.push({ rule, message: d.message, range: d.range, engineSeverity });
  }
  for (const d of deferredTypeChecks) {
    // A type-check error that names a class of a missing dependency exists only because that class is missing.
    if (missingNames.size > 0 && mentionsAny(d.message, missingNames)) continue;
    candidates.push({ rule: "groovy/type-check", message: d.message, range: d.range, engineSeverity: "error" });
  }
  // One import is one finding: an import whose class is missing or unresolved is reported as that, not also as
  // unused. The unused-import range is the import's line, which may start with an annotation (`@Library(...) import`).
  const explainedLines = new Set(
    candidates.filter((c) => (c.rule === "groovy/missing-dependency" || c.rule === "groovy/unresolved") && ctx.settings.get(c.rule) !== "off").map((c) => c.range.start.line),
  );
  for (const u of result.unusedImports) {
    if (explainedLines.has(u.range.start.line)) continue;
    candidates.push({ rule: "groovy/unused-import", message: u.message, range: u.range });
  }
  for (const f of result.findings) {
    const def = RULES.get(f.rule);
    if (def === undefined) continue;
    if (def.jenkinsOnly === true && ctx.kind !== "jenkins") continue;
    candidates.push({ rule: f.rule, message: f.message, range: f.range });
  }

  const suppressions = Suppressions.parse(ctx.text);
  const findings: Finding[] = [];
  const seen = new Set<string>();
  let suppressed = 0;
  for (const c of candidates) {
    const setting = ctx.settings.get(c.rule);
    const def = RULES.get(c.rule);
    if (setting === "off" || (setting === undefined && def?.offByDefault === true)) continue;
    const severity: Severity = setting ?? (def?.origin === "compiler" && c.engineSeverity !== undefined && c.engineSeverity !== "error" ? c.engineSeverity : (def?.severity ?? "error"));
    const key = `${c.rule}\u0000${c.range.start.line}:${c.range.start.character}\u0000${c.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (suppressions.suppresses(c.rule, c.range.start.line)) {
      suppressed++;
      continue;
    }
    findings.push({ rule: c.rule, severity, message: c.message, range: c.range, fingerprint: "" });
  }
  findings.sort(compareFindings);
  const lines = ctx.text.split(/\r\n|\r|\n/);
  const occurrences = new Map<string, number>();
  const fingerprinted = findings.map((f) => {
    const lineText = (lines[f.range.start.line] ?? "").trim();
    const base = `${f.rule}\u0000${displayPath}\u0000${lineText}\u0000${f.message}`;
    const n = occurrences.get(base) ?? 0;
    occurrences.set(base, n + 1);
    const fingerprint = createHash("sha256").update(`${base}\u0000${n}`).digest("hex").slice(0, 32);
    return { ...f, fingerprint };
  });
  return { findings: fingerprinted, suppressed };
}

function mentionsAny(message: string, names: ReadonlySet<string>): boolean {
  for (const n of names) {
    if (n.length === 0) continue;
    const re = new RegExp(`(^|[^\\w$.])${n.replace(/[.$]/g, (c) => `\\${c}`)}(?![\\w$])`);
    if (re.test(message)) return true;
  }
  return false;
}

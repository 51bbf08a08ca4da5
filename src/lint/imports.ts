/** The import declarations of a file, read from its text (the host's view; the engine's own is authoritative). */
export interface ImportDeclaration {
  /** `a.b.C` for a class import, `a.b` for a star import. */
  readonly target: string;
  readonly star: boolean;
  readonly isStatic: boolean;
  /** The name the file uses: the alias, the simple name, or null for a star import. */
  readonly localName: string | null;
  /** 0-based line. */
  readonly line: number;
  readonly character: number;
  readonly endCharacter: number;
}

const IMPORT = /^([ \t]*)import[ \t]+(static[ \t]+)?([A-Za-z_$][\w$]*(?:[ \t]*\.[ \t]*[A-Za-z_$][\w$]*)*)([ \t]*\.[ \t]*\*)?(?:[ \t]+as[ \t]+([A-Za-z_$][\w$]*))?/;

export function parseImports(text: string): ImportDeclaration[] {
  const out: ImportDeclaration[] = [];
  const lines = text.split(/\r\n|\r|\n/);
  let inBlockComment = false;
  for (let i = 0; i < lines.length; i++) {
    let line = lines[i] ?? "";
    if (inBlockComment) {
      const end = line.indexOf("*/");
      if (end < 0) continue;
      inBlockComment = false;
      line = " ".repeat(end + 2) + line.slice(end + 2);
    }
    const open = line.indexOf("/*");
    if (open >= 0 && line.indexOf("*/", open + 2) < 0) {
      inBlockComment = true;
      line = line.slice(0, open);
    }
    const m = IMPORT.exec(line);
    if (m === null) continue;
    const target = (m[3] ?? "").replace(/[ \t]/g, "");
    const star = m[4] !== undefined;
    const isStatic = m[2] !== undefined;
    const simple = target.slice(target.lastIndexOf(".") + 1);
    out.push({
      target,
      star,
      isStatic,
      localName: star ? null : (m[5] ?? simple),
      line: i,
      character: (m[1] ?? "").length,
      endCharacter: m[0].length,
    });
  }
  return out;
}

/** The package of a class name (`a.b.C` → `a.b`); for a static import, the class's package. */
export function packageOfImport(decl: ImportDeclaration): string {
  if (decl.star && !decl.isStatic) return decl.target;
  const cls = decl.isStatic && !decl.star ? decl.target.slice(0, decl.target.lastIndexOf(".")) : decl.target;
  return cls.slice(0, Math.max(0, cls.lastIndexOf(".")));
}

/**
 * Packages that the engine's class model covers: the JDK's java.base module and Groovy's core runtime API. An
 * unresolved import from one of them is a typo or a removed class, never a missing dependency. Everything else,
 * including other JDK modules (java.sql, java.desktop, java.net.http), Groovy's own modules (groovy-json, groovy-xml,
 * groovy-sql, ...) and Groovy's compiler API, is a dependency from the linter's point of view. Used until the
 * engine's `lint` op reports `packageKnown` from the class model itself.
 */
const MODEL_PACKAGES = /^(?:java\.(?:lang|util|io|nio|math|time|text|security|beans)(?:\..*)?|java\.net|groovy\.(?:lang|util|transform)(?:\..*)?|org\.codehaus\.groovy\.runtime(?:\..*)?|org\.apache\.groovy\.(?:lang|util)(?:\..*)?)$/;

export function isPlatformPackage(pkg: string): boolean {
  return MODEL_PACKAGES.test(pkg);
}

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
 * Packages that the JDK and Groovy own. An import from one of them that does not resolve is a typo or a removed
 * class, never a missing dependency. Used until the engine's `lint` op reports `packageKnown` from its class model.
 */
const PLATFORM_PREFIXES = [
  "java.",
  "javax.",
  "jdk.",
  "sun.",
  "com.sun.",
  "org.w3c.",
  "org.xml.",
  "org.ietf.",
  "groovy.",
  "org.codehaus.groovy.",
  "org.apache.groovy.",
];

export function isPlatformPackage(pkg: string): boolean {
  const p = `${pkg}.`;
  return PLATFORM_PREFIXES.some((prefix) => p.startsWith(prefix));
}

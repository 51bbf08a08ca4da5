import { basename, extname } from "node:path";
import picomatch from "picomatch";
import { CONFIG_GLOB_OPTIONS } from "./glob-limits.js";

/**
 * How a file is compiled and which rules apply:
 * - `class`: declares types; compiles together with the other class files of its source tree;
 * - `script`: statements at the top level; compiles alone;
 * - `jenkins`: a Jenkins pipeline (Jenkinsfile) or a shared-library global variable (`vars/*.groovy`);
 * - `gradle`: a Gradle build script (`*.gradle`); compiles alone.
 */
export type FileKind = "class" | "script" | "jenkins" | "gradle";

export const FILE_KINDS: readonly FileKind[] = ["class", "script", "jenkins", "gradle"];

export const GROOVY_EXTENSIONS: readonly string[] = [".groovy", ".gvy", ".gy", ".gsh", ".gradle"];

/** Whether a file name is one that directory walks pick up. */
export function isLintableName(name: string): boolean {
  return isJenkinsfileName(name) || GROOVY_EXTENSIONS.includes(extname(name));
}

/**
 * Pipeline names as Jenkins users write them: `Jenkinsfile`, `Jenkinsfile.release`, `Jenkinsfile_updatecli`,
 * `Jenkinsfile-deploy` (any case), `deploy.jenkinsfile`, and `*.jenkins`, the default extension of the pipeline
 * unit-test framework's scripts.
 */
export function isJenkinsfileName(name: string): boolean {
  return /^jenkinsfile(?:[._-].*)?$/i.test(name) || /\.(?:jenkinsfile|jenkins)$/i.test(name);
}

// A type declaration at the start of a line, after optional annotations and modifiers. Good enough to tell a class
// file from a script for grouping; the compiler decides everything else.
const TYPE_DECLARATION =
  /^[ \t]*(?:@[\w.]+(?:\([^)\n]*\))?[ \t]*)*(?:(?:public|protected|private|abstract|final|static|sealed|non-sealed|strictfp)[ \t]+)*(?:class|interface|enum|trait|record|@interface)[ \t]+[A-Za-z_$]/m;

/** The kind detected from the path (relative, with `/`) and the text. */
export function detectKind(relativePath: string, text: string): FileKind {
  const name = basename(relativePath);
  if (isJenkinsfileName(name)) return "jenkins";
  const ext = extname(name);
  if (ext === ".gradle") return "gradle";
  const parts = relativePath.split("/");
  if (parts.length >= 2 && parts[parts.length - 2] === "vars" && ext === ".groovy") return "jenkins";
  if (ext === ".gsh") return "script";
  return TYPE_DECLARATION.test(stripComments(text)) ? "class" : "script";
}

/** Blanks block and line comments (keeping newlines) so a commented-out class is not a declaration. */
function stripComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, (m) => m.replace(/[^\n]/g, " ")).replace(/\/\/[^\n]*/g, "");
}

/** Config `kinds` overrides: glob (relative to the config's directory) → kind, first match wins. */
export class KindOverrides {
  private readonly matchers: { match: (path: string) => boolean; kind: FileKind }[];

  constructor(entries: readonly { glob: string; kind: FileKind }[]) {
    this.matchers = entries.map(({ glob, kind }) => ({ match: picomatch(glob, CONFIG_GLOB_OPTIONS), kind }));
  }

  kindOf(pathFromConfigDir: string): FileKind | undefined {
    for (const m of this.matchers) if (m.match(pathFromConfigDir)) return m.kind;
    return undefined;
  }
}

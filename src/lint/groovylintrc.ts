import { LintUsageError } from "./errors.js";
import { checkGlobComplexity } from "./glob-limits.js";
import { rulesForGroovylintName, type Severity } from "./rules.js";

/**
 * npm-groovy-lint's configuration, `.groovylintrc.json` (its JSON form; the JS and YAML forms would need running or
 * a YAML parser and are not read). Its format, from npm-groovy-lint's README ("Configuration") and lib/config.js:
 * - `rules`: CodeNarc rule name (optionally `Section.Name`) to `"off" | "error" | "warning" | "info"`, or to an
 *   object with `severity`, `enabled` (false is off) and rule properties;
 * - any command-line option as a property, among them `ignorepattern`: comma-separated Ant-style patterns of
 *   files not linted;
 * - `extends` (a CodeNarc rule set preset) and `codenarcRulesets` (CodeNarc rule set files).
 * The rules that map to ours (rules.ts `groovylint`) take their severities and `ignorepattern` joins the excludes;
 * everything else has no counterpart and is listed once on stderr.
 */
export const GROOVYLINTRC_FILE_NAME = ".groovylintrc.json";

export interface GroovylintrcSettings {
  readonly rules: ReadonlyMap<string, "off" | Severity>;
  readonly exclude: readonly string[];
  /** Rule names and properties with no groovymcp counterpart, in file order. */
  readonly notApplicable: readonly string[];
}

const SEVERITY: Record<string, "off" | Severity> = { off: "off", error: "error", warning: "warning", info: "information" };

/** The rc's own compiler-error pseudo-rule maps to every compiler rule; a setting for it is not carried over. */
const NOT_CARRIED = new Set(["NglParseError"]);

function severityOf(value: unknown): "off" | Severity | undefined | null {
  if (typeof value === "string") return SEVERITY[value] ?? null;
  if (typeof value === "object" && value !== null && !Array.isArray(value)) {
    const v = value as Record<string, unknown>;
    if (v["enabled"] === false) return "off";
    if (v["severity"] === undefined) return undefined;
    return typeof v["severity"] === "string" ? (SEVERITY[v["severity"]] ?? null) : null;
  }
  return null;
}

/** Reads an rc file's parsed JSON; a malformed rule setting is a LintUsageError naming the field. */
export function readGroovylintrc(value: unknown, describeField: (field: string) => string): GroovylintrcSettings {
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new LintUsageError(describeField("(top level) must be an object"));
  const rc = value as Record<string, unknown>;
  const rules = new Map<string, "off" | Severity>();
  const notApplicable: string[] = [];
  const rcRules = rc["rules"];
  if (rcRules !== undefined && (typeof rcRules !== "object" || rcRules === null || Array.isArray(rcRules))) throw new LintUsageError(describeField("rules must be an object"));
  for (const [key, setting] of Object.entries((rcRules ?? {}) as Record<string, unknown>)) {
    const name = key.slice(key.lastIndexOf(".") + 1);
    const severity = severityOf(setting);
    if (severity === null) throw new LintUsageError(describeField(`rules[${JSON.stringify(key)}] must be "off", "error", "warning", "info" or an object with one of them as severity`));
    const ours = NOT_CARRIED.has(name) ? [] : rulesForGroovylintName(name);
    if (ours.length === 0) {
      notApplicable.push(`rules.${key}`);
      continue;
    }
    if (severity !== undefined) for (const id of ours) rules.set(id, severity);
  }
  const exclude: string[] = [];
  for (const field of ["ignorepattern", "ignorePattern"]) {
    const pattern = rc[field];
    if (pattern === undefined) continue;
    if (typeof pattern !== "string") throw new LintUsageError(describeField(`${field} must be a string of comma-separated patterns`));
    for (const glob of pattern.split(",").map((p) => p.trim()).filter((p) => p.length > 0)) {
      checkGlobComplexity(glob, describeField(field));
      // Ant: a pattern ending in / matches everything below it
      exclude.push(glob.endsWith("/") ? `${glob}**` : glob);
    }
  }
  for (const key of Object.keys(rc)) if (key !== "rules" && key !== "ignorepattern" && key !== "ignorePattern") notApplicable.push(key);
  return { rules, exclude, notApplicable };
}

/** The one stderr line that lists what has no counterpart (at most 20 names, then a count). */
export function notApplicableLine(file: string, names: readonly string[]): string | undefined {
  if (names.length === 0) return undefined;
  const shown = names.slice(0, 20).join(", ");
  const more = names.length > 20 ? ` and ${names.length - 20} more` : "";
  return `${file}: not applicable to groovymcp lint, ignored: ${shown}${more}`;
}

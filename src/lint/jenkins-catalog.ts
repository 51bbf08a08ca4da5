import { readFileSync, statSync } from "node:fs";
import { LintUsageError } from "./errors.js";

/**
 * A Jenkins controller's installed names (docs/rules.md, "Site catalogue"), as its script console exports them. The
 * engine's Declarative checks that depend on installed plugins run only for the kinds a catalogue lists.
 */
export const JENKINS_CATALOG_KINDS = ["steps", "options", "triggers", "parameters", "tools", "agents", "when"] as const;
export type JenkinsCatalogKind = (typeof JENKINS_CATALOG_KINDS)[number];
export type JenkinsCatalog = Readonly<Partial<Record<JenkinsCatalogKind, readonly string[]>>>;

/** A controller with every plugin there is still exports far less than this. */
const MAX_FILE_BYTES = 8 << 20;
const MAX_NAMES = 100_000;
const MAX_NAME_LENGTH = 200;

/** Reads and checks a catalogue file; `what` names where the path came from in the error. */
export function loadJenkinsCatalog(path: string, what: string): JenkinsCatalog {
  let text: string;
  try {
    const st = statSync(path);
    if (!st.isFile()) throw new LintUsageError(`${what} ${path} is not a file`);
    if (st.size > MAX_FILE_BYTES) throw new LintUsageError(`${what} ${path} is larger than ${MAX_FILE_BYTES} bytes`);
    text = readFileSync(path, "utf8");
  } catch (error) {
    if (error instanceof LintUsageError) throw error;
    throw new LintUsageError(`${what} ${path} cannot be read`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new LintUsageError(`${what} ${path} is not valid JSON`);
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new LintUsageError(`${what} ${path} must hold a JSON object`);
  const out: Partial<Record<JenkinsCatalogKind, readonly string[]>> = {};
  let total = 0;
  for (const [key, names] of Object.entries(value)) {
    if (!(JENKINS_CATALOG_KINDS as readonly string[]).includes(key)) {
      throw new LintUsageError(`${what} ${path}: unknown key ${JSON.stringify(key)} (allowed: ${JENKINS_CATALOG_KINDS.join(", ")})`);
    }
    if (!Array.isArray(names) || !names.every((n): n is string => typeof n === "string" && n.length > 0 && n.length <= MAX_NAME_LENGTH)) {
      throw new LintUsageError(`${what} ${path}: ${key} must be an array of names`);
    }
    total += names.length;
    if (total > MAX_NAMES) throw new LintUsageError(`${what} ${path} lists more than ${MAX_NAMES} names`);
    out[key as JenkinsCatalogKind] = names;
  }
  return out;
}

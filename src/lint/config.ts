import { existsSync, readFileSync } from "node:fs";
import { readSmallRegularFile } from "./bounded-read.js";
import { checkGlobComplexity } from "./glob-limits.js";
import { GROOVYLINTRC_FILE_NAME, notApplicableLine, readGroovylintrc } from "./groovylintrc.js";
import { neutralise } from "./report/neutralise.js";
import { basename, dirname, join, resolve } from "node:path";
import type { ErrorObject } from "ajv/dist/2020.js";
import { Ajv2020 } from "ajv/dist/2020.js";
import { RULES, type Severity } from "./rules.js";
import { LintUsageError } from "./errors.js";
import type { FileKind } from "./file-kind.js";
import { packageFile } from "../package-file.js";

export const CONFIG_FILE_NAME = ".groovymcp.json";

/** A rule's configured state: off, or on with a severity. */
export type RuleSetting = "off" | Severity;

/** The configuration after validation, with paths made absolute. */
export interface LintConfig {
  /** The file it came from, or undefined when none was found. */
  readonly file: string | undefined;
  /** The directory globs are relative to (the config file's, else the working directory). */
  readonly baseDirectory: string;
  readonly rules: ReadonlyMap<string, RuleSetting>;
  readonly include: readonly string[];
  readonly exclude: readonly string[];
  readonly classpath: readonly string[];
  /** Also lint files under resource folders, which builds do not compile (discovery.ts isResourcePath). */
  readonly lintResources: boolean;
  /** The Jenkins site catalogue file, made absolute, or undefined. */
  readonly jenkinsCatalog?: string | undefined;
  /** Glob (relative to baseDirectory) to file kind, in file order; the first match wins. */
  readonly kinds: readonly { glob: string; kind: FileKind }[];
}

interface RawConfig {
  rules?: Record<string, string | { severity: string }>;
  include?: string[];
  exclude?: string[];
  classpath?: string[];
  kinds?: Record<string, FileKind>;
  lintResources?: boolean;
  jenkinsCatalog?: string;
}

const SCHEMA_URL = packageFile("schemas/groovymcp-config.schema.json");

let validator: ((value: unknown) => boolean) & { errors?: ErrorObject[] | null } | undefined;

function validate(value: unknown): ErrorObject[] {
  if (validator === undefined) {
    const schema: unknown = JSON.parse(readFileSync(SCHEMA_URL, "utf8"));
    const ajv = new Ajv2020({ strict: true, allErrors: false });
    validator = ajv.compile(schema as object);
  }
  return validator(value) ? [] : (validator.errors ?? []);
}

/** A JSON pointer such as `/rules/groovy~1x` as the dotted field name people read: `rules["groovy/x"]`. */
function fieldName(pointer: string): string {
  if (pointer === "") return "(top level)";
  return pointer
    .split("/")
    .slice(1)
    .map((part) => part.replace(/~1/g, "/").replace(/~0/g, "~"))
    .map((part, i) => (/^[A-Za-z_$][\w$]*$/.test(part) ? (i === 0 ? part : `.${part}`) : /^\d+$/.test(part) ? `[${part}]` : `[${JSON.stringify(part)}]`))
    .join("");
}

function describe(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  if (error.keyword === "additionalProperties" && typeof params["additionalProperty"] === "string") {
    const where = error.instancePath === "" ? "" : `${fieldName(error.instancePath)}.`;
    const allowed = error.instancePath === "" ? " (allowed: rules, include, exclude, classpath, kinds, lintResources, jenkinsCatalog)" : "";
    return `field ${where}${params["additionalProperty"]} is not allowed${allowed}`;
  }
  if (error.keyword === "propertyNames" && typeof params["propertyName"] === "string") {
    return `field ${fieldName(error.instancePath)} has an invalid key ${JSON.stringify(params["propertyName"])} (rule ids look like groovy/name or jenkins/name)`;
  }
  if (error.keyword === "enum" && Array.isArray(params["allowedValues"])) {
    return `field ${fieldName(error.instancePath)} must be one of ${(params["allowedValues"] as unknown[]).map((v) => JSON.stringify(v)).join(", ")}`;
  }
  return `field ${fieldName(error.instancePath)} ${error.message ?? "is invalid"}`;
}

/**
 * The nearest .groovymcp.json from `start` upwards, stopping after the repository root (a directory with .git); in
 * a directory without one, an npm-groovy-lint `.groovylintrc.json` is taken instead (groovylintrc.ts).
 */
export function findConfigFile(start: string): string | undefined {
  let dir = resolve(start);
  for (;;) {
    const candidate = join(dir, CONFIG_FILE_NAME);
    if (existsSync(candidate)) return candidate;
    const rc = join(dir, GROOVYLINTRC_FILE_NAME);
    if (existsSync(rc)) return rc;
    if (existsSync(join(dir, ".git"))) return undefined;
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

function configError(file: string, detail: string): LintUsageError {
  return new LintUsageError(`config ${file}: ${detail}`);
}

/** Reads and validates a config file; any problem is a LintUsageError (exit 2) naming the file and field. */
export function loadConfig(file: string | undefined, cwd: string, warn: (line: string) => void = warnOnStderr): LintConfig {
  if (file === undefined) {
    return { file: undefined, baseDirectory: cwd, rules: new Map(), include: [], exclude: [], classpath: [], kinds: [], lintResources: false };
  }
  const read = readSmallRegularFile(file);
  if (!read.ok) throw configError(file, read.reason);
  const text = read.text;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw configError(file, `is not valid JSON (${error instanceof Error ? error.message : "parse error"})`);
  }
  if (basename(file) === GROOVYLINTRC_FILE_NAME) return fromGroovylintrc(file, value, warn);
  const errors = validate(value);
  const first = errors.find((e) => e.keyword === "propertyNames") ?? errors[0];
  if (first !== undefined) throw configError(file, describe(first));
  const raw = value as RawConfig;
  const rules = new Map<string, RuleSetting>();
  for (const [id, setting] of Object.entries(raw.rules ?? {})) {
    if (!RULES.has(id)) throw configError(file, `field rules[${JSON.stringify(id)}] names an unknown rule (groovymcp lint --help lists them)`);
    rules.set(id, (typeof setting === "string" ? setting : setting.severity) as RuleSetting);
  }
  (raw.include ?? []).forEach((glob, i) => checkGlobComplexity(glob, `config ${file}: field include[${i}]`));
  (raw.exclude ?? []).forEach((glob, i) => checkGlobComplexity(glob, `config ${file}: field exclude[${i}]`));
  for (const glob of Object.keys(raw.kinds ?? {})) checkGlobComplexity(glob, `config ${file}: field kinds[${JSON.stringify(glob)}]`);
  const baseDirectory = dirname(resolve(file));
  return {
    file: resolve(file),
    baseDirectory,
    rules,
    include: raw.include ?? [],
    exclude: raw.exclude ?? [],
    classpath: (raw.classpath ?? []).map((entry) => resolve(baseDirectory, entry)),
    kinds: Object.entries(raw.kinds ?? {}).map(([glob, kind]) => ({ glob, kind })),
    lintResources: raw.lintResources === true,
    jenkinsCatalog: raw.jenkinsCatalog === undefined ? undefined : resolve(baseDirectory, raw.jenkinsCatalog),
  };
}

function warnOnStderr(line: string): void {
  process.stderr.write(`groovymcp lint: ${neutralise(line)}\n`);
}

/** An npm-groovy-lint config read as ours: mapped severities and ignorepattern excludes, the rest listed once. */
function fromGroovylintrc(file: string, value: unknown, warn: (line: string) => void): LintConfig {
  const rc = readGroovylintrc(value, (detail) => `config ${file}: field ${detail}`);
  const line = notApplicableLine(file, rc.notApplicable);
  if (line !== undefined) warn(line);
  return { file: resolve(file), baseDirectory: dirname(resolve(file)), rules: rc.rules, include: [], exclude: rc.exclude, classpath: [], kinds: [], lintResources: false };
}

import { isJsonObject, type JsonObject, type JsonValue } from "../json/json.js";
import { EngineArgumentError, EngineStateError } from "../engine/core/errors.js";
import type { ResultCut } from "../engine/core/engine-connection.js";
import type { EngineService } from "../engine/service/index.js";
import { quoteClientString } from "../limits/quote-client-string.js";
import {
  OPERATIONS, type OperationArguments, type OperationName, type OperationResults, type OperationSpec, type ParamSpec,
  type SourceArguments,
} from "./operations.js";
import { checkBufferUri, hasSource, isBufferUri, resolveSource, type SourceReader } from "./source.js";
import type { SourceLookup } from "./source-lookup.js";

export interface WorkspaceOptions {
  readonly engine: EngineService;
  /** Most buffers open at once. */
  readonly maxOpenBuffers: number;
  /** Largest source, in UTF-16 code units. */
  readonly maxSourceChars: number;
  /** Reads `path` and `file:` sources; without one, such sources are refused with `noReaderMessage`. */
  readonly reader?: SourceReader;
  readonly noReaderMessage?: string;
  /** How the refusal at the buffer cap tells the caller to close one (the MCP server names groovy_close). */
  readonly closeHint?: string;
  /**
   * What a call naming an open `file:` buffer by its uri alone compiles: the file read afresh (`reread`, the
   * default: a client's file may have changed on disk), or the buffer as it was opened (`as-opened`: lint opens each
   * file with the text it read once, and it must not change under the unit's other files).
   */
  readonly openFiles?: "reread" | "as-opened";
  /**
   * Who checks a call's arguments against the operation table: the workspace (`table`, the default), or the front
   * end before the call (`schema`: the MCP server validates them with the tool's input schema, which is generated
   * from the same table). Either way the workspace fills in defaults and clamps positions; it checks only once.
   */
  readonly argumentCheck?: "table" | "schema";
  /**
   * Source-path resolution (the MCP server under --root): before a call on a buffer, the classes its compile could
   * not resolve are looked up by name under the root and their declarations added (src/workspace/source-lookup.ts).
   */
  readonly sourceLookup?: SourceLookup;
}

/** The operations whose answer depends on resolved classes: the ones a source lookup runs before. */
const LOOKUP_OPS: ReadonlySet<OperationName> = new Set<OperationName>([
  "diagnostics", "describe", "definition", "implementations", "references", "symbols", "complete", "signatures", "organizeImports", "rename",
]);

/** Most looked-up files a definition compiles with its buffer to locate the classes it names. */
const MAX_DEFINITION_SOURCES = 4;

/** The package a source declares (its first `package` statement after comments), "" for none. */
function packageOfText(text: string): string {
  // a package statement comes first, so its head is enough (and bounds the scan of an unterminated comment)
  const head = text.slice(0, 8192).replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, " ");
  const match = /^\s*(?:@[\w.]+(?:\([^)]*\))?\s*)*package\s+([\p{L}_$][\p{L}\p{N}_$]*(?:\s*\.\s*[\p{L}_$][\p{L}\p{N}_$]*)*)/u.exec(head);
  return match === null ? "" : match[1]!.replace(/\s+/g, "");
}

/**
 * The workspace every front end drives: it opens and closes buffers within the cap, resolves a call's source,
 * checks and clamps its arguments by the operation table, runs it on the engine, and returns the typed result.
 * Failures are the core's error taxonomy: EngineArgumentError / EngineStateError for the caller's mistakes,
 * EngineInternalError, EngineUnavailableError and EngineTimeoutError otherwise.
 */
export class Workspace {
  /** Each open buffer's package, where a source lookup for it starts. */
  private readonly packages = new Map<string, string>();
  /** file: buffers holding a client's unsaved edit: they shadow the file on disk until closed or replaced. */
  private readonly edits = new Set<string>();

  constructor(private readonly options: WorkspaceOptions) {}

  /** Opens or replaces a buffer (a groovy-buffer: or file: URI) within the cap and the source limit. */
  async open(uri: string, text: string): Promise<void> {
    if (isBufferUri(uri)) checkBufferUri(uri);
    else if (!uri.startsWith("file:")) throw new EngineArgumentError(`uri ${quoteClientString(uri)} must be a groovy-buffer: or file: URI`);
    if (text.length > this.options.maxSourceChars) {
      throw new EngineArgumentError(`the source of ${quoteClientString(uri)} is longer than the source limit of ${this.options.maxSourceChars} characters (${text.length})`);
    }
    const { engine, maxOpenBuffers } = this.options;
    if (!engine.isOpen(uri) && engine.openCount() >= maxOpenBuffers) {
      throw new EngineStateError(`too many open buffers (the limit is ${maxOpenBuffers}); ${this.options.closeHint ?? "close one first"}`);
    }
    await engine.open(uri, text);
    this.packages.set(uri, packageOfText(text));
  }

  /** A file's declarations (the engine's `declarations` op: read, never compiled, nothing opened). */
  async declarationsOf(language: "groovy" | "java", text: string, uri?: string): Promise<JsonObject> {
    return this.options.engine.request("declarations", uri === undefined ? { language, text } : { language, text, uri });
  }

  /**
   * Sets the tree's declarations every later compile resolves from (`projectDeclarations`). The engine stack keeps
   * them and gives them to every instance it starts after a restart, as it does its settings.
   */
  async setProjectDeclarations(files: readonly JsonObject[]): Promise<void> {
    await this.options.engine.request("projectDeclarations", { files: [...files] });
  }

  /** Drops a buffer; false when it was not open. A file: URI is matched by its canonical form. */
  async close(uri: string): Promise<boolean> {
    let target = uri;
    if (!isBufferUri(uri) && uri.startsWith("file:") && this.options.reader !== undefined) {
      target = (await this.options.reader.canonicalFileUri(uri)) ?? uri;
    }
    this.edits.delete(target);
    if (!this.options.engine.isOpen(target)) return false;
    const closed = await this.options.engine.close(target);
    this.packages.delete(target);
    return closed;
  }

  isOpen(uri: string): boolean {
    return this.options.engine.isOpen(uri);
  }

  openCount(): number {
    return this.options.engine.openCount();
  }

  openUris(): string[] {
    return this.options.engine.openUris();
  }

  /** Runs one operation of the table; `cut` goes with the request to where results are cut (EngineService.request). */
  async run<K extends OperationName>(op: K, args: OperationArguments[K], cut?: ResultCut): Promise<OperationResults[K]> {
    const spec: OperationSpec = OPERATIONS[op];
    const given = args as unknown as Readonly<Record<string, unknown>>;
    const params = engineParams(spec, given, this.options.argumentCheck === "schema");
    if (spec.source === "required" || (spec.source === "optional" && hasSource(args as SourceArguments))) {
      params["uri"] = await this.prepareBuffer(args as SourceArguments);
    } else if (spec.source === "optional" && typeof given["query"] !== "string") {
      throw new EngineArgumentError("give a source (text, path or uri) for its outline, or a query to search all open buffers");
    }
    const uris = params["uris"];
    if (Array.isArray(uris)) {
      for (const uri of uris) if (typeof uri === "string") this.requireOpen(uri);
    }
    const uri = params["uri"];
    if (typeof uri === "string" && LOOKUP_OPS.has(op)) await this.lookUpSources(uri);
    const result = await this.options.engine.request(op, params, cut);
    if (op === "definition" && typeof uri === "string") return (await this.definitionInSources(params, result)) as unknown as OperationResults[K];
    return result as unknown as OperationResults[K];
  }

  /**
   * A class resolved from a looked-up file's declarations has no location in the compile (the engine answers it
   * `external`). Its file is then compiled with the asking buffer for this one answer (opened, asked, closed: never
   * left open, its diagnostics never asked), so the answer is the one every file open gives.
   */
  private async definitionInSources(params: JsonObject, result: JsonObject): Promise<JsonObject> {
    const lookup = this.options.sourceLookup;
    const external = result["external"];
    if (lookup === undefined || this.options.reader === undefined || !Array.isArray(external) || external.length === 0) return result;
    const { engine, maxOpenBuffers } = this.options;
    const opened: string[] = [];
    try {
      for (const entry of external.slice(0, MAX_DEFINITION_SOURCES)) {
        const fqn = isJsonObject(entry) ? entry["fqn"] : undefined;
        const source = typeof fqn === "string" ? lookup.sourceOf(fqn) : undefined;
        if (source === undefined || engine.isOpen(source) || opened.includes(source) || engine.openCount() >= maxOpenBuffers) continue;
        const file = await this.options.reader.readFileUri(source).catch(() => undefined);
        if (file === undefined || file.uri !== source) continue;
        await engine.open(file.uri, file.text);
        opened.push(file.uri);
      }
      return opened.length === 0 ? result : await engine.request("definition", params);
    } finally {
      for (const uri of opened) await engine.close(uri).catch(() => false);
    }
  }

  /** Source-path resolution for the buffer's compile; an engine without the ops answers as it did before them. */
  private async lookUpSources(uri: string): Promise<void> {
    const lookup = this.options.sourceLookup;
    if (lookup === undefined) return;
    const path = uri.startsWith("file:") ? this.options.reader?.rootRelativePath?.(uri) : undefined;
    try {
      await lookup.resolveFor(this.options.engine, uri, path ?? "", this.packages.get(uri) ?? "");
    } catch (error) {
      if (!(error instanceof EngineArgumentError || error instanceof EngineStateError)) throw error;
    }
  }

  private requireOpen(uri: string): void {
    if (!this.options.engine.isOpen(uri)) throw new EngineStateError(`no buffer ${quoteClientString(uri)} is open; pass its text first`);
  }

  /** Opens the source's buffer (or checks that a named buffer is open) and returns its uri. */
  private async prepareBuffer(args: SourceArguments): Promise<string> {
    const { text, path, uri } = args;
    if (this.options.openFiles === "as-opened" && text === undefined && path === undefined && uri?.startsWith("file:") === true) {
      this.requireOpen(uri);
      return uri;
    }
    const source = await resolveSource(args, {
      maxSourceChars: this.options.maxSourceChars,
      reader: this.options.reader,
      noReaderMessage: this.options.noReaderMessage ?? "this workspace cannot read files; pass the source as text",
    });
    if (source.kind === "open-buffer") {
      this.requireOpen(source.uri);
      return source.uri;
    }
    if (source.edit !== true && this.edits.has(source.uri)) {
      // the file read afresh is not what the client asks about while its unsaved edit is open
      if (this.options.engine.isOpen(source.uri)) return source.uri;
      this.edits.delete(source.uri); // lost with an engine restart: the file as it is on disk, then
    }
    await this.open(source.uri, source.text);
    if (source.edit === true) this.edits.add(source.uri);
    else await this.options.sourceLookup?.refresh(this.options.engine, source.uri, source.text);
    return source.uri;
  }
}

function checkParam(name: string, spec: ParamSpec, value: unknown): JsonValue {
  switch (spec.type) {
    case "string":
      if (typeof value !== "string") throw new EngineArgumentError(`argument ${name} must be a string`);
      if (spec.enum !== undefined && !spec.enum.includes(value)) throw new EngineArgumentError(`argument ${name} must be one of ${spec.enum.join(", ")}`);
      return value;
    case "string-map": {
      if (typeof value !== "object" || value === null || Array.isArray(value)) throw new EngineArgumentError(`argument ${name} must be an object`);
      const map: JsonObject = {};
      for (const [key, v] of Object.entries(value)) {
        if (typeof v !== "string" || (spec.enum !== undefined && !spec.enum.includes(v))) {
          throw new EngineArgumentError(`argument ${name} values must be ${spec.enum === undefined ? "strings" : `one of ${spec.enum.join(", ")}`}`);
        }
        map[key] = v;
      }
      return map;
    }
    case "string-array-map": {
      if (typeof value !== "object" || value === null || Array.isArray(value)) throw new EngineArgumentError(`argument ${name} must be an object`);
      const map: JsonObject = {};
      for (const [key, v] of Object.entries(value)) {
        if (!Array.isArray(v) || !v.every((e) => typeof e === "string")) throw new EngineArgumentError(`argument ${name} values must be arrays of strings`);
        map[key] = [...(v as string[])];
      }
      return map;
    }
    case "boolean":
      if (typeof value !== "boolean") throw new EngineArgumentError(`argument ${name} must be a boolean`);
      return value;
    case "string-array":
      if (!Array.isArray(value) || !value.every((v) => typeof v === "string")) throw new EngineArgumentError(`argument ${name} must be an array of strings`);
      return [...(value as string[])];
    case "integer": {
      if (typeof value !== "number" || !Number.isFinite(value)) throw new EngineArgumentError(`argument ${name} must be an integer`);
      const min = spec.minimum ?? -MAX_SAFE;
      const max = spec.maximum ?? MAX_SAFE;
      if (spec.clamp === true) return Math.max(min, Math.min(max, Math.trunc(value)));
      if (!Number.isInteger(value)) throw new EngineArgumentError(`argument ${name} must be an integer`);
      if (value < min || value > max) throw new EngineArgumentError(`argument ${name} must be between ${min} and ${max}`);
      return value;
    }
  }
}
const MAX_SAFE = Number.MAX_SAFE_INTEGER;

/** A value the input schema has already checked: only a clamped integer changes (into its range). */
function checkedValue(spec: ParamSpec, value: unknown): JsonValue {
  if (spec.type === "integer" && spec.clamp === true) return Math.max(spec.minimum ?? -MAX_SAFE, Math.min(spec.maximum ?? MAX_SAFE, value as number));
  if (spec.type === "string-array") return [...(value as string[])];
  if (spec.type === "string-map") return { ...(value as Record<string, string>) };
  if (spec.type === "string-array-map") return Object.fromEntries(Object.entries(value as Record<string, string[]>).map(([k, v]) => [k, [...v]]));
  return value as JsonValue;
}

/** The engine's parameters: each argument of the table checked (or clamped), defaults filled in. */
function engineParams(spec: OperationSpec, args: Readonly<Record<string, unknown>>, checkedBySchema: boolean): JsonObject {
  const params: JsonObject = {};
  for (const [name, param] of Object.entries(spec.params)) {
    const value = args[name];
    if (value === undefined) {
      if (spec.required.includes(name)) throw new EngineArgumentError(`missing argument ${name}`);
      if (param.default !== undefined) params[name] = param.default;
      continue;
    }
    params[name] = checkedBySchema ? checkedValue(param, value) : checkParam(name, param, value);
  }
  return params;
}

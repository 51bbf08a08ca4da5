import { EngineArgumentError } from "../engine/core/errors.js";
import { quoteClientString } from "../limits/quote-client-string.js";
import type { SourceArguments } from "./operations.js";

/** A file the reader produced: its canonical URI (the buffer name) and text. */
export interface SourceFile {
  readonly uri: string;
  readonly text: string;
}

/**
 * Reads source files for the workspace. Injected: on Node, confined reads under --root (src/root-guard); in a
 * browser, none. Refusals throw EngineArgumentError (ConfinementError is one).
 */
export interface SourceReader {
  /** A path relative to the root, or absolute inside it. */
  readPath(path: string): Promise<SourceFile>;
  /** A file: URI inside the root. */
  readFileUri(uri: string): Promise<SourceFile>;
  /** The buffer URI a client's file: URI names (realpath inside the root), or undefined. */
  canonicalFileUri(uri: string): Promise<string | undefined>;
  /** The `/`-separated path of a canonical file: URI relative to the root (where source lookups start), or undefined. */
  rootRelativePath?(uri: string): string | undefined;
}

export const BUFFER_SCHEME = "groovy-buffer:";
export const DEFAULT_BUFFER_URI = "groovy-buffer:snippet";
const BUFFER_URI_PATTERN = /^groovy-buffer:[A-Za-z0-9._~\-/]{1,200}$/;

export function isBufferUri(uri: string): boolean {
  return uri.startsWith(BUFFER_SCHEME);
}

export function checkBufferUri(uri: string): void {
  if (!BUFFER_URI_PATTERN.test(uri)) {
    throw new EngineArgumentError(
      `uri ${quoteClientString(uri)} is not a valid buffer URI: use groovy-buffer: followed by 1-200 letters, digits or . _ ~ - /`,
    );
  }
}

export function hasSource(args: SourceArguments): boolean {
  return args.text !== undefined || args.path !== undefined || args.uri !== undefined;
}

/** Where a call's source comes from, once resolved. */
export type ResolvedSource =
  /** New content for a buffer: open (or replace) it first. `edit`: the client's unsaved text of the file `uri`. */
  | { readonly kind: "content"; readonly uri: string; readonly text: string; readonly edit?: boolean }
  /** A buffer that must already be open. */
  | { readonly kind: "open-buffer"; readonly uri: string };

export interface ResolveOptions {
  readonly maxSourceChars: number;
  readonly reader: SourceReader | undefined;
  /** The refusal when a file is named but there is no reader (the MCP server says to start it with --root). */
  readonly noReaderMessage: string;
}

/**
 * Resolves `text` (+ optional groovy-buffer `uri`, or a file: `uri` under the root whose unsaved edit it is),
 * `path`, or `uri` alone (an open buffer, or a file: URI the reader reads). Files are read fresh on every call.
 */
export async function resolveSource(args: SourceArguments, options: ResolveOptions): Promise<ResolvedSource> {
  const { text, path, uri } = args;
  if (text !== undefined && path !== undefined) throw new EngineArgumentError("give either text or path, not both");
  if (path !== undefined && uri !== undefined) throw new EngineArgumentError("give either path or uri, not both");

  if (text !== undefined) {
    if (text.length > options.maxSourceChars) {
      throw new EngineArgumentError(`text is longer than the source limit of ${options.maxSourceChars} characters (${text.length})`);
    }
    const bufferUri = uri ?? DEFAULT_BUFFER_URI;
    if (bufferUri.startsWith("file:")) {
      // an unsaved edit of a file under the root: the buffer takes the file's canonical name, so it shadows the file
      if (options.reader === undefined) throw new EngineArgumentError(options.noReaderMessage);
      const canonical = await options.reader.canonicalFileUri(bufferUri);
      if (canonical === undefined) {
        throw new EngineArgumentError(`with text, a file: uri must name an existing file inside the root (got ${quoteClientString(bufferUri)})`);
      }
      return { kind: "content", uri: canonical, text, edit: true };
    }
    if (!isBufferUri(bufferUri)) {
      throw new EngineArgumentError(`with text, uri must use the groovy-buffer: or file: scheme (got ${quoteClientString(bufferUri)})`);
    }
    checkBufferUri(bufferUri);
    return { kind: "content", uri: bufferUri, text };
  }
  if (path !== undefined) {
    if (options.reader === undefined) throw new EngineArgumentError(options.noReaderMessage);
    const file = await options.reader.readPath(path);
    return { kind: "content", uri: file.uri, text: file.text };
  }
  if (uri !== undefined) {
    if (isBufferUri(uri)) {
      checkBufferUri(uri);
      return { kind: "open-buffer", uri };
    }
    if (uri.startsWith("file:")) {
      if (options.reader === undefined) throw new EngineArgumentError(options.noReaderMessage);
      const file = await options.reader.readFileUri(uri);
      return { kind: "content", uri: file.uri, text: file.text };
    }
    throw new EngineArgumentError(`uri ${quoteClientString(uri)} must be a groovy-buffer: or file: URI`);
  }
  throw new EngineArgumentError("give the source as text, path or uri");
}

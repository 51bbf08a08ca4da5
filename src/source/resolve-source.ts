import type { Limits } from "../limits/limits.js";
import { quoteClientString } from "../limits/quote-client-string.js";
import { readConfinedFile, filePathFromUri, type Root } from "../confinement/confined-file.js";

/** A mistake in the source arguments; the message is shown to the client as a tool error. */
export class SourceArgumentError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SourceArgumentError";
  }
}

export const BUFFER_SCHEME = "groovy-buffer:";
export const DEFAULT_BUFFER_URI = "groovy-buffer:snippet";
const BUFFER_URI_PATTERN = /^groovy-buffer:[A-Za-z0-9._~\-/]{1,200}$/;

export interface SourceArguments {
  text?: string | undefined;
  path?: string | undefined;
  uri?: string | undefined;
}

/** Where a tool's source comes from, once resolved. */
export type ResolvedSource =
  /** New content for a buffer: open (or replace) it in the engine first. */
  | { kind: "content"; uri: string; text: string }
  /** A buffer that must already be open. */
  | { kind: "open-buffer"; uri: string };

export function isBufferUri(uri: string): boolean {
  return uri.startsWith(BUFFER_SCHEME);
}

function checkBufferUri(uri: string): void {
  if (!BUFFER_URI_PATTERN.test(uri)) {
    throw new SourceArgumentError(
      `uri ${quoteClientString(uri)} is not a valid buffer URI: use groovy-buffer: followed by 1-200 letters, digits or . _ ~ - /`,
    );
  }
}

export function hasSource(args: SourceArguments): boolean {
  return args.text !== undefined || args.path !== undefined || args.uri !== undefined;
}

const NO_ROOT = "the server was started without --root, so it cannot read files; pass the source as text instead";

/**
 * Resolves `text` (+ optional groovy-buffer `uri`), `path` (under --root) or `uri` (an open buffer, or a file: URI
 * under --root). Files are read fresh on every call.
 */
export async function resolveSource(args: SourceArguments, root: Root | undefined, limits: Limits): Promise<ResolvedSource> {
  const { text, path, uri } = args;
  if (text !== undefined && path !== undefined) throw new SourceArgumentError("give either text or path, not both");
  if (path !== undefined && uri !== undefined) throw new SourceArgumentError("give either path or uri, not both");

  if (text !== undefined) {
    if (text.length > limits.maxSourceChars) {
      throw new SourceArgumentError(`text is longer than the source limit of ${limits.maxSourceChars} characters (${text.length})`);
    }
    const bufferUri = uri ?? DEFAULT_BUFFER_URI;
    if (!isBufferUri(bufferUri)) {
      throw new SourceArgumentError(`with text, uri must use the groovy-buffer: scheme (got ${quoteClientString(bufferUri)})`);
    }
    checkBufferUri(bufferUri);
    return { kind: "content", uri: bufferUri, text };
  }
  if (path !== undefined) {
    if (root === undefined) throw new SourceArgumentError(NO_ROOT);
    const file = await readConfinedFile(root, path, limits);
    return { kind: "content", uri: file.uri, text: file.text };
  }
  if (uri !== undefined) {
    if (isBufferUri(uri)) {
      checkBufferUri(uri);
      return { kind: "open-buffer", uri };
    }
    if (uri.startsWith("file:")) {
      if (root === undefined) throw new SourceArgumentError(NO_ROOT);
      const filePath = filePathFromUri(uri, limits);
      const file = await readConfinedFile(root, filePath, limits, uri);
      return { kind: "content", uri: file.uri, text: file.text };
    }
    throw new SourceArgumentError(`uri ${quoteClientString(uri)} must be a groovy-buffer: or file: URI`);
  }
  throw new SourceArgumentError("give the source as text, path or uri");
}

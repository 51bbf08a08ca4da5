import { constants as fsConstants } from "node:fs";
import { open, realpath } from "node:fs/promises";
import { isAbsolute, resolve, sep } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { EngineArgumentError } from "../engine/core/errors.js";
import type { Limits } from "../limits/limits.js";
import { quoteClientString } from "../limits/quote-client-string.js";
import type { SourceReader } from "../workspace/source.js";
import { isInside } from "./path-guard.js";

/** A refusal to read a file: a caller mistake whose message is safe to show the client. */
export class ConfinementError extends EngineArgumentError {
  override readonly name: string = "ConfinementError";
}

/** The --root directory: both as given (made absolute) and after realpath. It is never scanned. */
export interface Root {
  readonly given: string;
  readonly real: string;
}

export interface ConfinedSource {
  /** The file: URI of the file's real path, used as the engine buffer name. */
  readonly uri: string;
  readonly text: string;
}

/** Pseudo file systems whose entries look like regular files but are not source. */
const PSEUDO_FILE_SYSTEMS = ["/proc", "/sys", "/dev"];

function checkPathString(value: string, limits: Limits, what: string): void {
  if (value.length === 0) throw new ConfinementError(`${what} is empty`);
  if (value.includes("\u0000")) throw new ConfinementError(`${what} contains a NUL character`);
  if (value.length > limits.maxPathChars) {
    throw new ConfinementError(`${what} is too long (the limit is ${limits.maxPathChars} characters)`);
  }
}

/** Turns a `file:` URI into a local path, refusing hosts, encoded separators and malformed URIs. */
export function filePathFromUri(uri: string, limits: Limits): string {
  checkPathString(uri, limits, "uri");
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    throw new ConfinementError(`uri ${quoteClientString(uri)} is not a valid URI`);
  }
  if (url.protocol !== "file:") throw new ConfinementError(`uri ${quoteClientString(uri)} is not a file: URI`);
  if (url.search !== "" || url.hash !== "") throw new ConfinementError(`file URI ${quoteClientString(uri)} must not have a query or fragment`);
  let path: string;
  try {
    path = fileURLToPath(url);
  } catch {
    throw new ConfinementError(`file URI ${quoteClientString(uri)} cannot name a local file (host part or encoded separator)`);
  }
  checkPathString(path, limits, "uri");
  return path;
}

function describeFsError(error: unknown, shown: string): ConfinementError {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  switch (code) {
    case "ENOENT":
      return new ConfinementError(`file ${shown} does not exist under the root`);
    case "ENOTDIR":
      return new ConfinementError(`path ${shown} does not name a file (a part of it is not a directory)`);
    case "ELOOP":
      return new ConfinementError(`path ${shown} has too many levels of symbolic links`);
    case "ENAMETOOLONG":
      return new ConfinementError(`path ${shown} is too long for the file system`);
    case "EACCES":
    case "EPERM":
      return new ConfinementError(`file ${shown} is not readable`);
    case "EAGAIN":
    case "ENXIO":
      return new ConfinementError(`path ${shown} is not a regular file`);
    default:
      return new ConfinementError(`file ${shown} cannot be read`);
  }
}

/**
 * Reads one source file, confined to the root:
 * the path is resolved against the root, checked lexically, resolved with realpath (symlinks, `..`, trailing
 * separators) and checked again, then opened without following a final symlink and without blocking, checked with
 * fstat to be a regular file within the source cap, and decoded as strict UTF-8.
 */
export async function readConfinedFile(root: Root, requested: string, limits: Limits, shownAs: string = requested): Promise<ConfinedSource> {
  checkPathString(requested, limits, "path");
  const shown = quoteClientString(shownAs);
  const absolute = isAbsolute(requested) ? resolve(requested) : resolve(root.real, requested);
  if (!isInside(root.real, absolute) && !isInside(root.given, absolute)) {
    throw new ConfinementError(`path ${shown} is outside the root`);
  }
  let real: string;
  try {
    // resolve() drops a trailing separator; keep it so "file.groovy/" fails like it does for the OS
    const trailing = /[\\/]$/.test(requested) && absolute !== sep;
    real = await realpath(trailing ? absolute + sep : absolute);
  } catch (error) {
    throw describeFsError(error, shown);
  }
  if (!isInside(root.real, real)) {
    throw new ConfinementError(`path ${shown} resolves outside the root (through a symbolic link)`);
  }
  if (process.platform !== "win32" && PSEUDO_FILE_SYSTEMS.some((p) => isInside(p, real))) {
    throw new ConfinementError(`path ${shown} is on a pseudo file system and is not a regular file`);
  }
  if (real === root.real) throw new ConfinementError(`path ${shown} is a directory, not a file`);

  const flags = fsConstants.O_RDONLY | (fsConstants.O_NOFOLLOW ?? 0) | (fsConstants.O_NONBLOCK ?? 0);
  let handle;
  try {
    handle = await open(real, flags);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EISDIR") throw new ConfinementError(`path ${shown} is a directory, not a file`);
    throw describeFsError(error, shown);
  }
  try {
    const stat = await handle.stat();
    if (stat.isDirectory()) throw new ConfinementError(`path ${shown} is a directory, not a file`);
    if (!stat.isFile()) throw new ConfinementError(`path ${shown} is not a regular file (FIFO, socket or device)`);
    // A character is at least one third of its UTF-8 bytes in UTF-16 code units, so this bound is exact enough to
    // refuse without reading.
    if (stat.size > limits.maxSourceChars * 3) {
      throw new ConfinementError(`file ${shown} is larger than the source limit of ${limits.maxSourceChars} characters`);
    }
    const bytes = await handle.readFile();
    let text: string;
    try {
      text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    } catch {
      throw new ConfinementError(`file ${shown} is not valid UTF-8`);
    }
    if (text.length > limits.maxSourceChars) {
      throw new ConfinementError(`file ${shown} is larger than the source limit of ${limits.maxSourceChars} characters`);
    }
    return { uri: pathToFileURL(real).href, text };
  } finally {
    await handle.close();
  }
}

/** Canonical buffer URI for a file: URI the client names (realpath when it resolves inside the root). */
export async function canonicalFileUri(root: Root, uri: string, limits: Limits): Promise<string | undefined> {
  try {
    const path = filePathFromUri(uri, limits);
    const real = await realpath(path);
    if (!isInside(root.real, real)) return undefined;
    return pathToFileURL(real).href;
  } catch {
    return undefined;
  }
}

/** The workspace's source reader on Node: every read confined to the root. */
export function confinedReader(root: Root, limits: Limits): SourceReader {
  return {
    readPath: (path) => readConfinedFile(root, path, limits),
    readFileUri: async (uri) => readConfinedFile(root, filePathFromUri(uri, limits), limits, uri),
    canonicalFileUri: (uri) => canonicalFileUri(root, uri, limits),
  };
}

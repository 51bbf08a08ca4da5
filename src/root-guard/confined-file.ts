import { constants as fsConstants } from "node:fs";
import { lstat, open, readlink, realpath, type FileHandle } from "node:fs/promises";
import { isAbsolute, relative, resolve, sep } from "node:path";
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

/** How much one read asks for; a file is read in these steps up to the cap, never in one fstat-sized gulp. */
const READ_CHUNK_BYTES = 64 * 1024;

/**
 * The real path of what an open descriptor refers to, as the kernel sees it now: Linux `/proc/self/fd/N`. Every
 * byte we return comes through this descriptor, so checking its path (not the name we opened) closes the race
 * in which a directory on the way is swapped for a symbolic link between the check and the open. `undefined`
 * where the platform has no such view (macOS, Windows, Linux without /proc).
 */
async function descriptorPath(fd: number): Promise<string | undefined> {
  if (process.platform !== "linux") return undefined;
  try {
    return await readlink(`/proc/self/fd/${fd}`);
  } catch {
    return undefined;
  }
}

/**
 * Where the descriptor cannot be asked, re-resolve the canonical path after the open and require that it still
 * names the same inode we hold. A racing writer inside the root can still win a narrow window on such platforms
 * (documented in docs/architecture.md).
 */
async function sameFileAfterOpen(real: string, stat: { dev: number; ino: number }): Promise<string | undefined> {
  try {
    const again = await realpath(real);
    const now = await lstat(again);
    return now.dev === stat.dev && now.ino === stat.ino ? again : undefined;
  } catch {
    return undefined;
  }
}

/** Reads at most `cap + 1` bytes by what read() returns, so a file that grows after fstat cannot push past the cap. */
async function readCapped(handle: FileHandle, cap: number): Promise<Uint8Array | undefined> {
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const want = Math.min(READ_CHUNK_BYTES, cap + 1 - total);
    const chunk = new Uint8Array(want);
    const { bytesRead } = await handle.read(chunk, 0, want, null);
    if (bytesRead === 0) break;
    chunks.push(bytesRead === want ? chunk : chunk.subarray(0, bytesRead));
    total += bytesRead;
    if (total > cap) return undefined;
  }
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  return bytes;
}

/**
 * Reads one source file, confined to the root:
 * - the path as given is checked lexically, then resolved by the OS (`realpath(3)`, not a lexical normalisation:
 *   `a.groovy/.` is ENOTDIR and `missing/../a.groovy` is ENOENT, as for any program), and that real path must be
 *   inside the root's real path;
 * - it is opened without following a final symlink and without blocking, and the DESCRIPTOR is then checked: on
 *   Linux its kernel path (`/proc/self/fd/N`) must be inside the root, elsewhere the real path is resolved again
 *   and must name the same inode. Only then is a byte read;
 * - it must be a regular file, and it is read by the bytes read() returns, capped at the source limit (3 bytes
 *   per UTF-16 unit at most), so a file that grows after fstat is refused once it passes the cap;
 * - it is decoded as strict UTF-8.
 */
export async function readConfinedFile(root: Root, requested: string, limits: Limits, shownAs: string = requested): Promise<ConfinedSource> {
  checkPathString(requested, limits, "path");
  const shown = quoteClientString(shownAs);
  const absolute = isAbsolute(requested) ? resolve(requested) : resolve(root.real, requested);
  if (!isInside(root.real, absolute) && !isInside(root.given, absolute)) {
    throw new ConfinementError(`path ${shown} is outside the root`);
  }
  // The path exactly as given (joined to the root, never normalised), so the OS decides what `.` and `..` mean.
  const asGiven = isAbsolute(requested) ? requested : root.real + sep + requested;
  let real: string;
  try {
    real = await realpath(asGiven);
  } catch (error) {
    throw describeFsError(error, shown);
  }
  checkReal(root, real, shown);

  const flags = fsConstants.O_RDONLY | (fsConstants.O_NOFOLLOW ?? 0) | (fsConstants.O_NONBLOCK ?? 0);
  let handle: FileHandle;
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
    const opened = (await descriptorPath(handle.fd)) ?? (await sameFileAfterOpen(real, stat));
    if (opened === undefined || !isAbsolute(opened)) {
      throw new ConfinementError(`file ${shown} changed while it was being opened; try again`);
    }
    checkReal(root, opened, shown);
    const cap = limits.maxSourceChars * 3;
    // fstat is only a shortcut for a file already too big; the read below enforces the cap by bytes read.
    if (stat.size > cap) throw new ConfinementError(`file ${shown} is larger than the source limit of ${limits.maxSourceChars} characters`);
    const bytes = await readCapped(handle, cap);
    if (bytes === undefined) throw new ConfinementError(`file ${shown} is larger than the source limit of ${limits.maxSourceChars} characters`);
    let text: string;
    try {
      text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    } catch {
      throw new ConfinementError(`file ${shown} is not valid UTF-8`);
    }
    if (text.length > limits.maxSourceChars) {
      throw new ConfinementError(`file ${shown} is larger than the source limit of ${limits.maxSourceChars} characters`);
    }
    return { uri: pathToFileURL(opened).href, text };
  } finally {
    await handle.close();
  }
}

/** A resolved path must be inside the root, not the root itself, and not on a pseudo file system. */
function checkReal(root: Root, real: string, shown: string): void {
  if (!isInside(root.real, real)) {
    throw new ConfinementError(`path ${shown} resolves outside the root (through a symbolic link)`);
  }
  if (process.platform !== "win32" && PSEUDO_FILE_SYSTEMS.some((p) => isInside(p, real))) {
    throw new ConfinementError(`path ${shown} is on a pseudo file system and is not a regular file`);
  }
  if (real === root.real) throw new ConfinementError(`path ${shown} is a directory, not a file`);
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
    rootRelativePath: (uri) => {
      try {
        const path = fileURLToPath(uri);
        return isInside(root.real, path) ? relative(root.real, path).split(sep).join("/") : undefined;
      } catch {
        return undefined;
      }
    },
  };
}

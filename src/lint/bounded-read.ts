import { closeSync, constants, fstatSync, openSync, readSync } from "node:fs";

/**
 * Reads a small file of the repository under lint (a .gitignore, a config file) without trusting it: a committed
 * symlink can point at /dev/zero, a FIFO or a device, which a plain read would read forever or block on. The file is
 * opened without blocking, checked to be a regular file on the opened descriptor (so a swap after a check cannot
 * change what is read), and read up to `maxBytes` and no further.
 */
export type BoundedRead = { readonly ok: true; readonly text: string } | { readonly ok: false; readonly reason: string };

/** A .gitignore or config file larger than this is refused: real ones are a few kilobytes. */
export const MAX_SMALL_FILE_BYTES = 1024 * 1024;

export function readSmallRegularFile(path: string, maxBytes: number = MAX_SMALL_FILE_BYTES): BoundedRead {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOCTTY ?? 0));
  } catch {
    return { ok: false, reason: "cannot be read" };
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) return { ok: false, reason: "is not a regular file" };
    if (stat.size > maxBytes) return { ok: false, reason: `is larger than ${maxBytes} bytes` };
    // the size can grow after fstat: read at most one byte past the bound to notice
    const buffer = Buffer.alloc(Math.min(maxBytes + 1, stat.size + 1));
    let length = 0;
    while (length < buffer.length) {
      const n = readSync(fd, buffer, length, buffer.length - length, null);
      if (n === 0) break;
      length += n;
    }
    if (length > maxBytes) return { ok: false, reason: `is larger than ${maxBytes} bytes` };
    if (length > stat.size) return { ok: false, reason: "grew while it was read" };
    return { ok: true, text: buffer.toString("utf8", 0, length) };
  } catch {
    return { ok: false, reason: "cannot be read" };
  } finally {
    closeSync(fd);
  }
}

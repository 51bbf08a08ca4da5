import { Inflate, zipSync } from "fflate";
import { DEFAULT_JAR_BOUNDS, MAX_CLASSPATH_CLASS_BYTES, type JarBounds } from "../../limits/limits.js";

/**
 * What one classpath jar may cost before any of it reaches the engine. A jar over a bound is skipped whole (one
 * warning naming the bound, never the path) and the rest of the classpath still loads.
 * - entries: the central directory is walked once; a jar with more entries is refused before anything inflates.
 * - one class file: its inflated size as the central directory declares it, at most maxClassBytes. It is
 *   inflated by fflate's streaming inflater in small steps, counting what comes out, and stopped the moment it
 *   passes the declared size: a header that lies (small declared size, an entry that inflates to gigabytes) costs
 *   one step past the declared size, never the whole inflation.
 * - the whole jar: the sum of the class files' declared sizes.
 * Entries that are not class files are skipped and never inflated, so a jar of large resources costs nothing.
 * - the whole classpath: a ClasspathBudget shared by one engine's jars caps the sum of every jar's class bytes, so
 *   many jars each under the jar bound (or one jar listed many times) cannot add up past the engine's heap.
 * The engine then gets a new jar of only the class files, stored (not compressed), so it inflates nothing itself.
 * The bounds themselves live with the other limits (src/limits/limits.ts) and are reported by groovy://server/limits.
 */
export type JarVerdict = { readonly ok: true; readonly jar: Uint8Array; readonly classes: number } | { readonly ok: false; readonly reason: string };

class OverBound extends Error {}
class NotAZip extends Error {}

/** Compressed bytes handed to the inflater per step: one step can inflate at most ~1,032 times this (8.3 MiB). */
const INFLATE_STEP = 8192;

const LYING = "a class file in it inflates to a size other than its header says (a lying header)";

interface Entry {
  readonly name: string;
  readonly method: number;
  readonly compressedSize: number;
  readonly size: number;
  readonly localHeader: number;
}

/** The inflated class bytes that one engine's classpath may still take. */
export class ClasspathBudget {
  private used = 0;
  constructor(readonly limit: number = MAX_CLASSPATH_CLASS_BYTES) {}

  /** Whether `bytes` more still fit. */
  fits(bytes: number): boolean {
    return this.used + bytes <= this.limit;
  }

  spend(bytes: number): void {
    this.used += bytes;
  }
}

/**
 * Checks one jar against the bounds and returns the engine's view of it (class files only, stored). With a budget,
 * the jar's class bytes must also fit what the classpath has left; they are taken from it only when the jar loads.
 */
export function boundJar(bytes: Uint8Array, bounds: JarBounds = DEFAULT_JAR_BOUNDS, budget?: ClasspathBudget): JarVerdict {
  const files: Record<string, Uint8Array> = {};
  try {
    let classBytes = 0;
    const classes: Entry[] = [];
    for (const entry of centralDirectory(bytes, bounds.maxEntries)) {
      if (!entry.name.endsWith(".class") || (entry.method !== 0 && entry.method !== 8)) continue;
      if (entry.size > bounds.maxClassBytes) {
        throw new OverBound(`a class file in it inflates to more than ${bounds.maxClassBytes} bytes (the class file bound)`);
      }
      // Deflate never makes data much larger (stored blocks cost 5 bytes per 65,535), so a compressed size well
      // over the declared one means the header lies, refused before inflating a byte (issue 13)
      if (entry.compressedSize > entry.size + Math.ceil(entry.size / 16_383) * 5 + 64) {
        throw new OverBound("a class file in it is larger compressed than its header says it is inflated (a lying header)");
      }
      classBytes += entry.size;
      if (classBytes > bounds.maxJarClassBytes) {
        throw new OverBound(`its class files inflate to more than ${bounds.maxJarClassBytes} bytes (the jar bound)`);
      }
      classes.push(entry);
    }
    if (budget !== undefined && !budget.fits(classBytes)) {
      throw new OverBound(`the classpath's class files together would inflate to more than ${budget.limit} bytes (the classpath bound)`);
    }
    for (const entry of classes) files[entry.name] = inflateEntry(bytes, entry);
    budget?.spend(classBytes);
  } catch (error) {
    if (error instanceof OverBound) return { ok: false, reason: error.message };
    return { ok: false, reason: "it is not a readable zip file" };
  }
  return { ok: true, jar: zipSync(files, { level: 0 }), classes: Object.keys(files).length };
}

/** The entry's bytes, inflated in steps and stopped as soon as they pass the declared size. */
function inflateEntry(bytes: Uint8Array, entry: Entry): Uint8Array {
  const data = entryData(bytes, entry);
  if (entry.method === 0) {
    if (data.length !== entry.size) throw new OverBound(LYING);
    return data.slice();
  }
  const out = new Uint8Array(entry.size);
  let written = 0;
  let ended = false;
  const inflater = new Inflate((chunk, final) => {
    if (written + chunk.length > entry.size) throw new OverBound(LYING);
    out.set(chunk, written);
    written += chunk.length;
    if (final) ended = true;
  });
  for (let at = 0; at < data.length; at += INFLATE_STEP) {
    const end = Math.min(data.length, at + INFLATE_STEP);
    inflater.push(data.subarray(at, end), end === data.length);
  }
  if (data.length === 0) inflater.push(new Uint8Array(0), true);
  if (!ended || written !== entry.size) throw new OverBound(LYING);
  return out;
}

function u16(b: Uint8Array, at: number): number {
  if (at < 0 || at + 2 > b.length) throw new NotAZip();
  return b[at]! | (b[at + 1]! << 8);
}

function u32(b: Uint8Array, at: number): number {
  if (at < 0 || at + 4 > b.length) throw new NotAZip();
  return (b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16) | (b[at + 3]! << 24)) >>> 0;
}

function u64(b: Uint8Array, at: number): number {
  return u32(b, at) + u32(b, at + 4) * 2 ** 32;
}

const latin1 = new TextDecoder("latin1");
const utf8 = new TextDecoder("utf-8");

/**
 * The central directory's entries (ZIP and ZIP64), in order. Only the fields the bounds need are read; the entry
 * count is checked against `maxEntries` before any entry is.
 */
function* centralDirectory(b: Uint8Array, maxEntries: number): Generator<Entry> {
  let eocd = -1;
  for (let at = b.length - 22; at >= Math.max(0, b.length - 22 - 65_535); at--) {
    if (u32(b, at) === 0x06054b50) {
      eocd = at;
      break;
    }
  }
  if (eocd < 0) throw new NotAZip();
  let count = u16(b, eocd + 10);
  let offset = u32(b, eocd + 16);
  if ((count === 0xffff || offset === 0xffffffff) && eocd >= 20 && u32(b, eocd - 20) === 0x07064b50) {
    const record = u64(b, eocd - 12);
    if (u32(b, record) !== 0x06064b50) throw new NotAZip();
    count = u64(b, record + 32);
    offset = u64(b, record + 48);
  }
  if (count > maxEntries) throw new OverBound(`it has more than ${maxEntries} entries (the entry bound)`);
  for (let i = 0; i < count; i++) {
    if (u32(b, offset) !== 0x02014b50) throw new NotAZip();
    const flags = u16(b, offset + 8);
    const method = u16(b, offset + 10);
    let compressedSize = u32(b, offset + 20);
    let size = u32(b, offset + 24);
    const nameLength = u16(b, offset + 28);
    const extraLength = u16(b, offset + 30);
    const commentLength = u16(b, offset + 32);
    let localHeader = u32(b, offset + 42);
    const nameBytes = b.subarray(offset + 46, offset + 46 + nameLength);
    if (nameBytes.length !== nameLength) throw new NotAZip();
    const name = (flags & 0x800 ? utf8 : latin1).decode(nameBytes);
    // ZIP64: the fields that overflowed come from the 0x0001 extra field, in this order
    for (let at = offset + 46 + nameLength, end = at + extraLength; at + 4 <= end; ) {
      const id = u16(b, at);
      const length = u16(b, at + 2);
      if (id === 0x0001) {
        let field = at + 4;
        if (size === 0xffffffff) (size = u64(b, field)), (field += 8);
        if (compressedSize === 0xffffffff) (compressedSize = u64(b, field)), (field += 8);
        if (localHeader === 0xffffffff) localHeader = u64(b, field);
      }
      at += 4 + length;
    }
    yield { name, method, compressedSize, size, localHeader };
    offset += 46 + nameLength + extraLength + commentLength;
  }
}

/** The entry's stored (compressed) bytes, found through its local header. */
function entryData(b: Uint8Array, entry: Entry): Uint8Array {
  if (u32(b, entry.localHeader) !== 0x04034b50) throw new NotAZip();
  const start = entry.localHeader + 30 + u16(b, entry.localHeader + 26) + u16(b, entry.localHeader + 28);
  const data = b.subarray(start, start + entry.compressedSize);
  if (data.length !== entry.compressedSize) throw new NotAZip();
  return data;
}

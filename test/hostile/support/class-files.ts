import { crc32 } from "node:zlib";

/**
 * Hand-assembled class files and jars for hostile classpath cases. The runtime tests run without a JDK, and the
 * point is class files no compiler would write (a cyclic superclass, a 12,000-deep signature), so we write the
 * bytes ourselves: just the parts of the class-file format (JVMS §4) these cases need.
 */
export interface ClassSpec {
  readonly name: string; // internal name, e.g. "evil/A"
  readonly superName?: string; // default java/lang/Object
  readonly interfaces?: readonly string[];
  readonly access?: number; // default ACC_PUBLIC | ACC_SUPER
  readonly signature?: string; // the class's Signature attribute
  readonly annotations?: readonly string[]; // RuntimeVisibleAnnotations, by descriptor, without elements
  readonly abstractMethods?: readonly { name: string; descriptor: string }[];
}

export const ACC_PUBLIC = 0x0001;
export const ACC_SUPER = 0x0020;
export const ACC_INTERFACE = 0x0200;
export const ACC_ABSTRACT = 0x0400;
export const ACC_ANNOTATION = 0x2000;

class ByteWriter {
  private buf = new Uint8Array(1024);
  length = 0;
  private ensure(n: number): void {
    if (this.length + n <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < this.length + n) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.buf.subarray(0, this.length));
    this.buf = next;
  }
  u1(v: number): void {
    this.ensure(1);
    this.buf[this.length++] = v & 0xff;
  }
  u2(v: number): void {
    this.u1(v >>> 8);
    this.u1(v);
  }
  u4(v: number): void {
    this.u2(v >>> 16);
    this.u2(v & 0xffff);
  }
  bytes(b: Uint8Array): void {
    this.ensure(b.length);
    this.buf.set(b, this.length);
    this.length += b.length;
  }
  result(): Uint8Array {
    return this.buf.slice(0, this.length);
  }
}

/** Modified UTF-8 is plain UTF-8 for the ASCII names used here. */
export function classFile(spec: ClassSpec): Uint8Array {
  const pool = new ByteWriter();
  let count = 0;
  const utf8Index = new Map<string, number>();
  const utf8 = (s: string): number => {
    const known = utf8Index.get(s);
    if (known !== undefined) return known;
    const bytes = new TextEncoder().encode(s);
    if (bytes.length > 0xffff) throw new Error("constant too long for one CONSTANT_Utf8");
    pool.u1(1);
    pool.u2(bytes.length);
    pool.bytes(bytes);
    utf8Index.set(s, ++count);
    return count;
  };
  const cls = (name: string): number => {
    const n = utf8(name);
    pool.u1(7);
    pool.u2(n);
    return ++count;
  };
  const thisClass = cls(spec.name);
  const superClass = cls(spec.superName ?? "java/lang/Object");
  const interfaces = (spec.interfaces ?? []).map(cls);
  const methods = (spec.abstractMethods ?? []).map((m) => [utf8(m.name), utf8(m.descriptor)] as const);
  const attributes: [number, Uint8Array][] = [];
  if (spec.signature !== undefined) {
    const body = new ByteWriter();
    body.u2(utf8(spec.signature));
    attributes.push([utf8("Signature"), body.result()]);
  }
  if (spec.annotations !== undefined && spec.annotations.length > 0) {
    const body = new ByteWriter();
    body.u2(spec.annotations.length);
    for (const descriptor of spec.annotations) {
      body.u2(utf8(descriptor));
      body.u2(0); // no element-value pairs
    }
    attributes.push([utf8("RuntimeVisibleAnnotations"), body.result()]);
  }
  const out = new ByteWriter();
  out.u4(0xcafebabe);
  out.u2(0);
  out.u2(52); // Java 8
  out.u2(count + 1);
  out.bytes(pool.result());
  out.u2(spec.access ?? ACC_PUBLIC | ACC_SUPER);
  out.u2(thisClass);
  out.u2(superClass);
  out.u2(interfaces.length);
  for (const i of interfaces) out.u2(i);
  out.u2(0); // fields
  out.u2(methods.length);
  for (const [name, descriptor] of methods) {
    out.u2(ACC_PUBLIC | ACC_ABSTRACT);
    out.u2(name);
    out.u2(descriptor);
    out.u2(0);
  }
  out.u2(attributes.length);
  for (const [name, body] of attributes) {
    out.u2(name);
    out.u4(body.length);
    out.bytes(body);
  }
  return out.result();
}

/**
 * A raw deflate stream of `size` zero bytes at the format's best ratio (about 1032:1), written directly rather
 * than compressed: one dynamic-Huffman block whose literal/length code has three symbols (literal 0, end of block
 * and length 258, the last one bit long) and whose distance code has two one-bit codes, so every 258 bytes after
 * the first cost two zero bits. Compressing 1 GiB with a library would take half a minute.
 */
export function zerosDeflate(size: number): Uint8Array {
  const pairs = Math.floor((size - 1) / 258);
  const tail = size - 1 - pairs * 258;
  const out = new Uint8Array(Math.ceil((pairs * 2 + tail * 2 + 200) / 8) + 16);
  let bit = 0;
  const bits = (value: number, n: number): void => {
    // LSB-first fields
    for (let i = 0; i < n; i++) {
      if ((value >>> i) & 1) out[bit >>> 3]! |= 1 << (bit & 7);
      bit++;
    }
  };
  const code = (value: number, n: number): void => {
    // Huffman codes go most significant bit first
    for (let i = n - 1; i >= 0; i--) bits((value >>> i) & 1, 1);
  };
  bits(1, 1); // BFINAL
  bits(2, 2); // dynamic Huffman
  bits(286 - 257, 5); // HLIT: lit/len codes up to 285
  bits(2 - 1, 5); // HDIST: two distance codes
  bits(18 - 4, 4); // HCLEN: code-length codes up to the one for length 1 (order position 17)
  // code-length code lengths in the format's order 16,17,18,0,8,7,9,6,10,5,11,4,12,3,13,2,14,1: 18 -> 1 bit, 2 -> 2, 1 -> 2
  const order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1];
  const clLen: Record<number, number> = { 18: 1, 2: 2, 1: 2 };
  for (const sym of order) bits(clLen[sym] ?? 0, 3);
  // canonical code-length codes: 18 -> 0, 1 -> 10, 2 -> 11
  const cl = (sym: 1 | 2 | 18): void => (sym === 18 ? code(0, 1) : code(sym === 1 ? 0b10 : 0b11, 2));
  // lengths: lit 0 = 2, 1..255 = 0, 256 = 2, 257..284 = 0, 285 = 1; dist 0 = 1, dist 1 = 1
  cl(2);
  cl(18);
  bits(138 - 11, 7);
  cl(18);
  bits(117 - 11, 7);
  cl(2);
  cl(18);
  bits(28 - 11, 7);
  cl(1);
  cl(1);
  cl(1);
  // canonical lit/len: 285 -> 0, 0 -> 10, 256 -> 11; distance 0 -> 0
  code(0b10, 2); // the first zero, as a literal
  bit += pairs * 2; // length 258 (code 0) at distance 1 (code 0): all zero bits
  for (let i = 0; i < tail; i++) code(0b10, 2);
  code(0b11, 2); // end of block
  return out.subarray(0, Math.ceil(bit / 8));
}

/** CRC-32 of `size` zero bytes, computed in 1 MiB steps (the bytes are never all in memory). */
export function zerosCrc(size: number): number {
  const step = new Uint8Array(1 << 20);
  let crc = 0;
  for (let left = size; left > 0; left -= step.length) crc = crc32(left >= step.length ? step : step.subarray(0, left), crc);
  return crc;
}

export interface JarEntry {
  readonly name: string;
  /** Stored bytes, or a deflate stream with its true size and CRC. */
  readonly data: Uint8Array | { readonly deflated: Uint8Array; readonly size: number; readonly crc: number };
  /** What the headers claim the inflated size is (default: the truth). A lying header is a hostile case. */
  readonly claimedSize?: number;
}

/** A zip (jar) written by hand, so entries can share one deflate stream and headers can lie. */
export function jar(entries: readonly JarEntry[]): Uint8Array {
  const parts: Uint8Array[] = [];
  const central: Uint8Array[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = new TextEncoder().encode(entry.name);
    const stored = entry.data instanceof Uint8Array;
    const body = entry.data instanceof Uint8Array ? entry.data : entry.data.deflated;
    const size = entry.data instanceof Uint8Array ? entry.data.length : entry.data.size;
    const crc = entry.data instanceof Uint8Array ? crc32(entry.data) : entry.data.crc;
    const claimed = entry.claimedSize ?? size;
    const local = new ByteWriter();
    const le2 = (w: ByteWriter, v: number): void => {
      w.u1(v);
      w.u1(v >>> 8);
    };
    const le4 = (w: ByteWriter, v: number): void => {
      le2(w, v & 0xffff);
      le2(w, v >>> 16);
    };
    le4(local, 0x04034b50);
    le2(local, 20);
    le2(local, 0);
    le2(local, stored ? 0 : 8);
    le2(local, 0);
    le2(local, 0x21);
    le4(local, crc >>> 0);
    le4(local, body.length);
    le4(local, claimed);
    le2(local, name.length);
    le2(local, 0);
    local.bytes(name);
    const head = local.result();
    parts.push(head, body);
    const dir = new ByteWriter();
    le4(dir, 0x02014b50);
    le2(dir, 20);
    le2(dir, 20);
    le2(dir, 0);
    le2(dir, stored ? 0 : 8);
    le2(dir, 0);
    le2(dir, 0x21);
    le4(dir, crc >>> 0);
    le4(dir, body.length);
    le4(dir, claimed);
    le2(dir, name.length);
    le2(dir, 0);
    le2(dir, 0);
    le2(dir, 0);
    le2(dir, 0);
    le4(dir, 0);
    le4(dir, offset);
    dir.bytes(name);
    central.push(dir.result());
    offset += head.length + body.length;
  }
  const centralSize = central.reduce((n, c) => n + c.length, 0);
  const end = new ByteWriter();
  const le2 = (v: number): void => {
    end.u1(v);
    end.u1(v >>> 8);
  };
  const le4 = (v: number): void => {
    le2(v & 0xffff);
    le2(v >>> 16);
  };
  le4(0x06054b50);
  le2(0);
  le2(0);
  le2(entries.length);
  le2(entries.length);
  le4(centralSize);
  le4(offset);
  le2(0);
  const all = [...parts, ...central, end.result()];
  const total = all.reduce((n, p) => n + p.length, 0);
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const p of all) {
    bytes.set(p, at);
    at += p.length;
  }
  return bytes;
}

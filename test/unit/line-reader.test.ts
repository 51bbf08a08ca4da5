import { describe, expect, it } from "vitest";
import { LineReader } from "../../src/mcp/transport/line-reader.js";

/** In-process checks of the framing layer, feeding exact chunk boundaries that pipes may not preserve. */
function collect(max: number, chunks: Buffer[], end = true): (string | "OVERSIZED")[] {
  const out: (string | "OVERSIZED")[] = [];
  const reader = new LineReader(max, { onLine: (l) => out.push(l), onOversized: () => out.push("OVERSIZED") });
  for (const c of chunks) reader.push(c);
  if (end) reader.end();
  return out;
}

describe("LineReader", () => {
  it("reassembles every split of a multi-byte line", () => {
    const line = Buffer.from("é€😀\r\n", "utf8");
    for (let a = 0; a <= line.length; a++) {
      for (let b = a; b <= line.length; b++) {
        expect(collect(100, [line.subarray(0, a), line.subarray(a, b), line.subarray(b)])).toEqual(["é€😀"]);
      }
    }
  });

  it("accepts exactly the cap, with or without CR, and rejects cap + 1", () => {
    const at = Buffer.from("a".repeat(10));
    expect(collect(10, [at, Buffer.from("\n")])).toEqual(["a".repeat(10)]);
    expect(collect(10, [at, Buffer.from("\r\n")])).toEqual(["a".repeat(10)]);
    expect(collect(10, [Buffer.from("a".repeat(11) + "\n")])).toEqual(["OVERSIZED"]);
    expect(collect(10, [Buffer.from("a".repeat(11) + "\r\n")])).toEqual(["OVERSIZED"]);
    expect(collect(10, [Buffer.from("a".repeat(10) + "\r\r\n")])).toEqual(["OVERSIZED"]);
  });

  it("discards an oversized line arriving in pieces and goes on", () => {
    const pieces = Array.from({ length: 50 }, () => Buffer.from("b".repeat(7)));
    expect(collect(10, [...pieces, Buffer.from("\nok\n")])).toEqual(["OVERSIZED", "ok"]);
  });

  it("ignores blank lines and delivers a last line without newline at end", () => {
    expect(collect(10, [Buffer.from("\n\r\n  \n\t\nlast")])).toEqual(["last"]);
    expect(collect(10, [Buffer.from("last")], false)).toEqual([]);
    expect(collect(10, [Buffer.from("x".repeat(20))])).toEqual(["OVERSIZED"]);
  });

  it("keeps a lone CR inside a line and drops only the one before LF", () => {
    expect(collect(20, [Buffer.from("a\rb\r\n")])).toEqual(["a\rb"]);
  });
});

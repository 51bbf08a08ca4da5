/**
 * Splits a byte stream into lines for newline-delimited JSON-RPC.
 *
 * - Lines end with LF; one CR right before the LF is dropped and not counted toward the cap.
 * - Splitting happens on bytes, and each complete line is decoded as UTF-8 at once, so a character split across
 *   reads decodes correctly (LF never occurs inside a multi-byte UTF-8 sequence).
 * - Blank lines (empty or only a CR) are ignored.
 * - A line longer than `maxLineBytes` is not buffered: its bytes are dropped as they arrive, and `onOversized` is
 *   called once the line ends.
 * - `end()` delivers a last line that has no newline.
 */
export interface LineSink {
  onLine(line: string): void;
  onOversized(): void;
}

const LF = 0x0a;
const CR = 0x0d;

export class LineReader {
  private chunks: Buffer[] = [];
  private buffered = 0;
  private discarding = false;
  private readonly decoder = new TextDecoder("utf-8", { fatal: false, ignoreBOM: true });

  constructor(
    private readonly maxLineBytes: number,
    private readonly sink: LineSink,
  ) {}

  push(chunk: Buffer): void {
    let start = 0;
    while (start < chunk.length) {
      const lf = chunk.indexOf(LF, start);
      const end = lf === -1 ? chunk.length : lf;
      this.append(chunk.subarray(start, end));
      if (lf === -1) return;
      this.finishLine();
      start = lf + 1;
    }
  }

  /** Call at end of input: a pending last line without a newline is still delivered. */
  end(): void {
    if (this.buffered > 0 || this.discarding) this.finishLine();
  }

  private append(part: Buffer): void {
    if (part.length === 0) return;
    if (this.discarding) return;
    // Allow one extra byte so a line of exactly the cap followed by CR is still accepted.
    if (this.buffered + part.length > this.maxLineBytes + 1) {
      this.discarding = true;
      this.chunks = [];
      this.buffered = 0;
      return;
    }
    this.chunks.push(Buffer.from(part));
    this.buffered += part.length;
  }

  private finishLine(): void {
    if (this.discarding) {
      this.discarding = false;
      this.sink.onOversized();
      return;
    }
    let bytes = this.chunks.length === 1 ? (this.chunks[0] as Buffer) : Buffer.concat(this.chunks, this.buffered);
    this.chunks = [];
    this.buffered = 0;
    if (bytes.length > 0 && bytes[bytes.length - 1] === CR) bytes = bytes.subarray(0, bytes.length - 1);
    if (bytes.length > this.maxLineBytes) {
      this.sink.onOversized();
      return;
    }
    if (bytes.length === 0) return;
    const line = this.decoder.decode(bytes);
    if (line.trim().length === 0) return;
    this.sink.onLine(line);
  }
}

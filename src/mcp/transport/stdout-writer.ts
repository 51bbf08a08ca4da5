/**
 * The only code in the server that writes to process.stdout. Protocol messages go out as one JSON line each;
 * the CLI's --help and --version text goes out through `writeStdoutText` before serving starts.
 */
let closed = false;

export function writeStdoutText(text: string): void {
  process.stdout.write(text);
}

/** Writes one JSON-RPC message as a single line. Resolves once the stream can take more (backpressure). */
export function writeMessage(message: object): Promise<void> {
  if (closed) return Promise.resolve();
  const line = JSON.stringify(message) + "\n";
  return new Promise((resolve) => {
    const ok = process.stdout.write(line);
    if (ok) resolve();
    else process.stdout.once("drain", () => resolve());
  });
}

/**
 * Whether stdout holds more than its buffer's worth the client has not read yet. Every reply counts toward it,
 * pings answered out of turn included, so while it is true the server stops reading stdin: a client that floods
 * requests and never reads the replies cannot grow the server's memory.
 */
export function stdoutBackedUp(): boolean {
  return !closed && process.stdout.writableNeedDrain;
}

/** Calls `then` once stdout has drained (at once when it is not backed up). */
export function onStdoutDrain(then: () => void): void {
  if (!stdoutBackedUp()) then();
  else process.stdout.once("drain", then);
}

/** Calls `onClosed` when stdout can no longer be written (EPIPE: the client went away). */
export function watchStdout(onClosed: () => void): void {
  // any write error (EPIPE, a destroyed stream) means the client is gone
  process.stdout.on("error", () => {
    closed = true;
    onClosed();
  });
}

/** Resolves when everything written so far has been handed to the OS. */
export function flushStdout(): Promise<void> {
  if (closed) return Promise.resolve();
  return new Promise((resolve) => {
    process.stdout.write("", () => resolve());
  });
}

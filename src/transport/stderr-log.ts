/** One-line diagnostics for the operator, always on stderr (stdout is the protocol stream). */
export function logLine(message: string): void {
  const oneLine = message.replace(/[\r\n]+/g, " ").slice(0, 500);
  process.stderr.write(`groovymcp: ${oneLine}\n`);
}

/** Logs an unexpected failure: the error class and a short message, never source text. */
export function logFailure(context: string, error: unknown): void {
  const name = error instanceof Error ? error.constructor.name || error.name : typeof error;
  const raw = error instanceof Error ? error.message : String(error);
  const short = raw.split(/\r?\n/)[0]?.slice(0, 160) ?? "";
  logLine(`${context}: ${name}: ${short}`);
}

/**
 * While the server runs, console.log/info/debug (which would write to stdout) go to stderr instead, so no stray
 * output can corrupt the protocol stream. Returns a function that restores the originals.
 */
export function redirectConsoleToStderr(): () => void {
  const original = { log: console.log, info: console.info, debug: console.debug };
  const toStderr = (...args: unknown[]): void => {
    console.error(...args);
  };
  console.log = toStderr;
  console.info = toStderr;
  console.debug = toStderr;
  return () => {
    console.log = original.log;
    console.info = original.info;
    console.debug = original.debug;
  };
}

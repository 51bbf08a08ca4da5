/**
 * One-line diagnostics for the operator. Runtime-neutral: the line goes to a sink that the front end installs
 * (stderr on Node, the console in a browser); the default is console.error, which is stderr on Node too.
 */
export type LogSink = (line: string) => void;

let sink: LogSink = (line) => console.error(line);

/** Installs where log lines go (Node: process.stderr; a worker: a message to its host). */
export function setLogSink(next: LogSink): void {
  sink = next;
}

export function logLine(message: string): void {
  const oneLine = message.replace(/[\r\n]+/g, " ").slice(0, 500);
  sink(`groovymcp: ${oneLine}`);
}

/** Logs an unexpected failure: the error class and a short message, never source text. */
export function logFailure(context: string, error: unknown): void {
  const name = error instanceof Error ? error.constructor.name || error.name : typeof error;
  const raw = error instanceof Error ? error.message : String(error);
  const short = raw.split(/\r?\n/)[0]?.slice(0, 160) ?? "";
  logLine(`${context}: ${name}: ${short}`);
}

/** The Node.js side of logging: log lines and stray console output go to stderr, never to stdout. */
import { setLogSink } from "./log.js";

export function logToStderr(): void {
  setLogSink((line) => {
    process.stderr.write(`${line}\n`);
  });
}

/** While the server runs, console.log/info/debug (which would write to stdout) go to stderr instead. */
export function redirectConsoleToStderr(): void {
  const toStderr = (...args: unknown[]): void => {
    console.error(...args);
  };
  console.log = toStderr;
  console.info = toStderr;
  console.debug = toStderr;
}

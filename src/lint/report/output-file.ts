import { closeSync, constants, fstatSync, ftruncateSync, lstatSync, openSync, realpathSync, writeSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { dirname, isAbsolute, relative, resolve, sep } from "node:path";
import { LintUsageError } from "../errors.js";

/**
 * `--output` in CI writes into a checkout of an untrusted pull request, which can commit `groovymcp.sarif` as a
 * symlink to any file the runner may write, or a directory link leading out of the tree. So the report file:
 * - is never reached through a symlink at its final component (refused; a dangling link does not create its target);
 * - given as a relative path, must lie inside the working directory once its directory's links are resolved (an
 *   absolute path is the user's explicit choice and may point anywhere);
 * - must be a regular file when it exists (a FIFO or device is refused, never blocked on).
 */
export function checkOutputPath(cwd: string, output: string): string {
  const target = resolve(cwd, output);
  let parent: string;
  try {
    parent = realpathSync(dirname(target));
  } catch {
    throw new LintUsageError(`cannot write --output file ${output}: its directory does not exist`);
  }
  if (!isAbsolute(output)) {
    let root: string;
    try {
      root = realpathSync(cwd);
    } catch {
      root = cwd;
    }
    const rel = relative(root, parent);
    if (rel === ".." || rel.startsWith(`..${sep}`) || isAbsolute(rel)) {
      throw new LintUsageError(`cannot write --output file ${output}: it is outside the working directory (give an absolute path to write there)`);
    }
  }
  let existing: ReturnType<typeof lstatSync> | undefined;
  try {
    existing = lstatSync(target);
  } catch {
    existing = undefined;
  }
  if (existing?.isSymbolicLink() === true) throw new LintUsageError(`cannot write --output file ${output}: it is a symbolic link, which is never followed`);
  if (existing !== undefined && !existing.isFile()) throw new LintUsageError(`cannot write --output file ${output}: it is not a regular file`);
  return target;
}

/** Writes the report; every check above is repeated on the opened file, so a link swapped in meanwhile is refused. */
export function writeOutputFile(cwd: string, output: string, text: string): void {
  const target = checkOutputPath(cwd, output);
  let fd: number;
  try {
    fd = openSync(target, constants.O_WRONLY | constants.O_CREAT | constants.O_NOFOLLOW | constants.O_NONBLOCK, 0o644);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ELOOP") throw new LintUsageError(`cannot write --output file ${output}: it is a symbolic link, which is never followed`);
    throw new LintUsageError(`cannot write --output file ${output}`);
  }
  try {
    if (!fstatSync(fd).isFile()) throw new LintUsageError(`cannot write --output file ${output}: it is not a regular file`);
    ftruncateSync(fd, 0);
    const bytes = Buffer.from(text, "utf8");
    for (let at = 0; at < bytes.length; ) at += writeSync(fd, bytes, at, bytes.length - at);
  } catch (error) {
    if (error instanceof LintUsageError) throw error;
    throw new LintUsageError(`cannot write --output file ${output}`);
  } finally {
    closeSync(fd);
  }
}

/**
 * A file is read once to classify it and again when its unit compiles; deleted or made unreadable in between (a
 * checkout changing under the run) it is an I/O error naming the file (exit 2), not an engine failure.
 */
export async function readSourceAgain(file: { readonly path: string; readonly displayPath: string }): Promise<string> {
  try {
    return await readFile(file.path, "utf8");
  } catch {
    throw new LintUsageError(`cannot read ${file.displayPath}: it was removed or became unreadable during the run`);
  }
}

/**
 * `groovymcp lint | head` closes stdout early: the report's remaining writes fail with EPIPE, which is the reader's
 * choice, not an error, so the run ends with its own exit code and no stack trace.
 */
export function endQuietlyOnClosedPipes(): void {
  for (const stream of [process.stdout, process.stderr]) {
    stream.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code !== "EPIPE") throw error;
    });
  }
}

import { isAbsolute, relative, sep } from "node:path";

/**
 * The lexical root guard, pure (no file system): is `candidate` the directory `dir` itself or inside it? Both must
 * be absolute and normalised (path.resolve). A name that merely starts with two dots (`..hidden.groovy`) is inside;
 * only a first segment that IS `..` leaves the directory.
 */
export function isInside(dir: string, candidate: string): boolean {
  if (candidate === dir) return true;
  const rel = relative(dir, candidate);
  if (rel.length === 0) return true;
  if (isAbsolute(rel)) return false; // another drive on Windows
  const first = rel.split(sep)[0];
  return first !== "..";
}

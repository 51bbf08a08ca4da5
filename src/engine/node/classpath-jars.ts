import { readFile, stat } from "node:fs/promises";
import { basename, resolve } from "node:path";
import { DEFAULT_JAR_BOUNDS, type JarBounds } from "../../limits/limits.js";

/**
 * Reads the --classpath jars for the engine, each checked against the jar bounds first (jar-bounds.ts). A jar
 * that cannot be read or is over a bound is skipped with one warning, which names the bound but never the path
 * (the log may be shared); the rest still load. This runs in the engine worker, so it never delays `initialize`
 * or blocks the main thread.
 */
export async function readClasspathJars(
  paths: readonly string[],
  log: (message: string) => void,
  bounds: JarBounds = DEFAULT_JAR_BOUNDS,
): Promise<Uint8Array[]> {
  const jars: Uint8Array[] = [];
  if (paths.length === 0) return jars;
  // loaded only when there are jars: the bounds check brings fflate, which costs the engine worker's start-up
  // ~10-15 ms before it can read the engine, on the path to a server's first answer
  const { boundJar, ClasspathBudget } = await import("./jar-bounds.js");
  const budget = new ClasspathBudget();
  let unreadable = 0;
  // the same jar listed again adds no classes, only cost
  for (const path of new Set(paths.map((p) => resolve(p)))) {
    let bytes: Uint8Array;
    try {
      // a jar file is a zip: its compressed size can never exceed what its inflated classes may be
      if ((await stat(path)).size > bounds.maxJarClassBytes) {
        log(`warning: a classpath jar is skipped: the file is larger than ${bounds.maxJarClassBytes} bytes (the jar bound)`);
        continue;
      }
      bytes = await readFile(path);
    } catch {
      unreadable++;
      continue;
    }
    const verdict = boundJar(bytes, bounds, budget);
    if (verdict.ok) jars.push(verdict.jar);
    else if (/classpath bound/.test(verdict.reason)) log(`warning: the classpath jar ${basename(path).replace(/[^\x20-\x7e]/g, "?")} is skipped: ${verdict.reason}`);
    else log(`warning: a classpath jar is skipped: ${verdict.reason}`);
  }
  if (unreadable > 0) log(`warning: ${unreadable} classpath ${unreadable === 1 ? "file" : "files"} could not be read and ${unreadable === 1 ? "is" : "are"} ignored`);
  return jars;
}

import { readFile } from "node:fs/promises";

/**
 * Reads the --classpath jars for the engine. A jar that cannot be read is skipped with one warning (never its path:
 * the log may be shared), and the rest still load.
 */
export async function readClasspathJars(paths: readonly string[], log: (message: string) => void): Promise<Uint8Array[]> {
  const read = await Promise.all(paths.map((jar) => readFile(jar).then((b): Uint8Array | undefined => b, () => undefined)));
  const jars = read.filter((bytes): bytes is Uint8Array => bytes !== undefined);
  const unreadable = read.length - jars.length;
  if (unreadable > 0) log(`warning: ${unreadable} classpath ${unreadable === 1 ? "file" : "files"} could not be read and ${unreadable === 1 ? "is" : "are"} ignored`);
  return jars;
}

export function warnRefusedJars(count: number, log: (message: string) => void): void {
  log(`warning: ${count} classpath ${count === 1 ? "jar" : "jars"} could not be read and ${count === 1 ? "is" : "are"} ignored`);
}

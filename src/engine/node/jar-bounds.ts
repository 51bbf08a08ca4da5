import { unzipSync, zipSync, type UnzipFileInfo } from "fflate";
import { DEFAULT_JAR_BOUNDS, type JarBounds } from "../../limits/limits.js";

/**
 * What one classpath jar may cost before any of it reaches the engine. A jar over a bound is skipped whole (one
 * warning naming the bound, never the path) and the rest of the classpath still loads.
 * - entries: the central directory is walked once; a jar with more entries is refused before anything inflates.
 * - one class file: its inflated size as the header declares it (the inflater writes into a buffer of exactly
 *   that size, so a header that lies cannot make it grow).
 * - the whole jar: the sum of the class files' inflated sizes. Entries that are not class files are skipped and
 *   never inflated, so a jar of large resources costs nothing.
 * The engine then gets a new jar of only the class files, stored (not compressed), so it inflates nothing itself.
 * The bounds themselves live with the other limits (src/limits/limits.ts) and are reported by groovy://server/limits.
 */
export type JarVerdict = { readonly ok: true; readonly jar: Uint8Array; readonly classes: number } | { readonly ok: false; readonly reason: string };

class OverBound extends Error {}

/** Checks one jar against the bounds and returns the engine's view of it (class files only, stored). */
export function boundJar(bytes: Uint8Array, bounds: JarBounds = DEFAULT_JAR_BOUNDS): JarVerdict {
  let entries = 0;
  let classBytes = 0;
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, {
      filter(file: UnzipFileInfo): boolean {
        entries++;
        if (entries > bounds.maxEntries) throw new OverBound(`it has more than ${bounds.maxEntries} entries (the entry bound)`);
        if (!file.name.endsWith(".class")) return false;
        if (file.originalSize > bounds.maxClassBytes) {
          throw new OverBound(`a class file in it inflates to more than ${bounds.maxClassBytes} bytes (the class file bound)`);
        }
        // Deflate never makes data much larger (stored blocks cost 5 bytes per 65,535), so a compressed size well
        // over the declared one means the header lies; the inflater would decode the whole stream to find out
        // (a 1 MB entry claiming 1,000 bytes but inflating to 1 GiB took seconds) (issue 13)
        if (file.compression === 8 && file.size > file.originalSize + Math.ceil(file.originalSize / 16_383) * 5 + 64) {
          throw new OverBound("a class file in it is larger compressed than its header says it is inflated (a lying header)");
        }
        classBytes += file.originalSize;
        if (classBytes > bounds.maxJarClassBytes) {
          throw new OverBound(`its class files inflate to more than ${bounds.maxJarClassBytes} bytes (the jar bound)`);
        }
        return file.compression === 0 || file.compression === 8;
      },
    });
  } catch (error) {
    if (error instanceof OverBound) return { ok: false, reason: error.message };
    return { ok: false, reason: "it is not a readable zip file" };
  }
  const names = Object.keys(files);
  return { ok: true, jar: zipSync(files, { level: 0 }), classes: names.length };
}

// Preloaded into a lint process (node --import) to arrange one race deterministically: the first time lint reads
// the file named by GROOVYMCP_TEST_REMOVE_ON_SECOND_READ asynchronously (when its unit compiles, after the
// synchronous read that classified it), the file is really deleted just before the read. Nothing else changes.
import { unlinkSync } from "node:fs";
import fsp from "node:fs/promises";
import { syncBuiltinESMExports } from "node:module";

const victim = process.env["GROOVYMCP_TEST_REMOVE_ON_SECOND_READ"];
const readFile = fsp.readFile;
fsp.readFile = async (path, ...rest) => {
  if (victim !== undefined && String(path) === victim) {
    try {
      unlinkSync(victim);
    } catch {
      // already gone
    }
  }
  return readFile(path, ...rest);
};
syncBuiltinESMExports();

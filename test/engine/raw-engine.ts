import { loadEngine, type EngineExports } from "../../src/engine/core/index.js";
import { locateEngineFiles } from "../../src/engine/node/engine-files.js";
import { readEngineImage } from "../../src/engine/node/engine-image.js";

/** The facade's exports, called directly: the parity test compares the engine's own JSON bytes. */
export type RawEngine = EngineExports;

/**
 * Loads a fresh instance of the built module with its class model through the one loader (src/engine/core),
 * Java output sent to stderr.
 */
export async function loadRawEngine(options: { parserSeed?: boolean } = {}): Promise<RawEngine> {
  const image = await readEngineImage(locateEngineFiles(), []);
  const loaded = await loadEngine({ ...image, ...options }, (line) => void process.stderr.write(`engine: ${line}\n`));
  return loaded.exports;
}

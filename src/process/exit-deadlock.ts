import { setFlagsFromString } from "node:v8";

/**
 * V8 flags that keep this process able to exit. Node.js can deadlock in `process.exit()` (nodejs/node#54918, still
 * open; #64274, #64560): the main thread joins V8's platform threads while one of them is in a concurrent Sparkplug
 * or Maglev compile job that ran out of heap and waits for a garbage collection only the main thread can run. On
 * this machine a server whose stdin was closed about a second after its start hung that way in 5-6 of 25 starts under
 * load (gdb: the main thread in `NodePlatform::Shutdown`, a V8Worker in `CollectionBarrier::AwaitCollectionBackground`
 * under `ConcurrentBaselineCompiler`), and 0 of 40 with these two flags. Both move code generation for JavaScript,
 * not its compilation, onto the main thread: the engine's wasm tiers are untouched, and the host's own JavaScript is
 * small.
 */
export const EXIT_SAFE_V8_FLAGS: readonly string[] = ["--no-concurrent-sparkplug", "--no-maglev-build-code-on-background"];

let applied = false;

/** Once per process, first thing: the flags are process-wide and reach every worker started later. */
export function applyExitSafeV8Flags(): void {
  if (applied) return;
  applied = true;
  for (const flag of EXIT_SAFE_V8_FLAGS) setFlagsFromString(flag);
}

/**
 * Ends the process by letting its event loop run empty, with `process.exit` only as a late fallback.
 *
 * Why not `process.exit` at once: Node can deadlock inside it (nodejs/node#54918, still open; #64274, #64560).
 * `process.exit` joins V8's platform threads without tearing down the isolate first, and a concurrent Sparkplug or
 * Maglev job that ran out of heap waits there for a garbage collection only the main thread can run. On this
 * machine a server whose stdin was closed during its first seconds hung that way in 5-6 of 25 starts under load
 * (gdb: the main thread in `NodePlatform::Shutdown`, a V8Worker in `CollectionBarrier::AwaitCollectionBackground`
 * under `ConcurrentBaselineCompiler`). When the loop runs empty instead, Node disposes the isolate before it stops
 * the platform, which wakes such a job: 0 hangs in 40 starts under the same load. Setting V8 flags at run time
 * (`--no-concurrent-sparkplug`) also stopped the hang, but Node documents run-time flag changes as unsafe, and the
 * suite saw one V8 fatal error with them; this needs no flag.
 *
 * The caller first closes what it holds open (the engine's worker, stdin). Anything it missed keeps the loop alive;
 * then the fallback exits after `fallbackMs` (unref'd, so it never delays an exit by itself).
 */
export function exitNaturally(code: number, fallbackMs = 3000): void {
  process.exitCode = code;
  setTimeout(() => process.exit(code), fallbackMs).unref();
}

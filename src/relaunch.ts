import { spawn } from "node:child_process";
import { constants } from "node:os";

/**
 * Runs `process.execPath args` with stdio inherited and the given marker set in its environment, then leaves with the
 * child's outcome: its exit code, or the same signal re-raised on this process. SIGTERM, SIGINT and SIGHUP sent to this
 * process are passed to the child (the child decides how to exit); nothing is written to stdout.
 */
export function relaunchNode(args: readonly string[], markerEnv: string): Promise<never> {
  return new Promise<never>(() => {
    const child = spawn(process.execPath, args, {
      stdio: "inherit",
      env: { ...process.env, [markerEnv]: "1" },
    });
    const signals = ["SIGTERM", "SIGINT", "SIGHUP"] as const;
    const forward = (signal: NodeJS.Signals): void => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    };
    for (const signal of signals) process.on(signal, forward);
    child.on("error", (error) => {
      process.stderr.write(`groovymcp: cannot relaunch Node.js: ${error.message}\n`);
      process.exit(1);
    });
    child.on("exit", (code, signal) => {
      for (const s of signals) process.off(s, forward);
      if (signal) {
        process.kill(process.pid, signal);
        // If the signal is ignored or handled elsewhere, still leave with the shell's convention.
        setTimeout(() => process.exit(128 + (constants.signals[signal] ?? 15)), 100).unref();
        return;
      }
      process.exit(code ?? 1);
    });
  });
}

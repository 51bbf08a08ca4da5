import { resolve } from "node:path";
import { limitsFromEnvironment } from "../limits/limits.js";
import { logLine } from "../log/log.js";
import { createWorkspace } from "../workspace/index.js";
import { nodeSpawn } from "../workspace/node.js";
import type { ProbeDiagnostic, ProbeEngine } from "./installation-probe.js";

const SAMPLE_URI = "groovy-buffer:groovymcp-check";

/**
 * The probe's engine: the server's own stack (createWorkspace's "check" profile: the worker thread with its heap
 * limit and the call time limit, the same files and classpath loading, containment and the workspace), so a
 * healthy check means a healthy server. It has no warm-up: the check measures a cold engine.
 */
export function engineForCheck(classpathJars: readonly string[]): ProbeEngine & { dispose(): void } {
  const limits = limitsFromEnvironment(process.env);
  const workspace = createWorkspace({
    profile: "check",
    spawn: nodeSpawn({ profile: "check", classpathJars: classpathJars.map((j) => resolve(j)), limits }),
    limits,
    log: logLine,
  });
  return {
    load: () => workspace.ready(),
    groovyVersion: async () => {
      const version: unknown = (await workspace.run("info", {})).groovyVersion;
      return typeof version === "string" ? version : "unknown";
    },
    diagnostics: async (text) => {
      const result = await workspace.run("diagnostics", { uri: SAMPLE_URI, text });
      return result.diagnostics.map((d): ProbeDiagnostic => ({ severity: d.severity, line: d.range.start.line, message: d.message }));
    },
    dispose: () => workspace.shutdown(),
  };
}

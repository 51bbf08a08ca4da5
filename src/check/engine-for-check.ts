import { resolve } from "node:path";
import { isJsonObject, type JsonValue } from "../engine/core/index.js";
import { RecoveringEngine } from "../engine/service/index.js";
import { locateEngineFiles } from "../engine/node/engine-files.js";
import { workerSpawn } from "../engine/node/worker-host.js";
import { limitsFromEnvironment } from "../limits/limits.js";
import { logLine } from "../log/log.js";
import type { ProbeDiagnostic, ProbeEngine } from "./installation-probe.js";

const SAMPLE_URI = "groovy-buffer:groovymcp-check";

/**
 * The probe's engine: the server's own, built the same way (a worker thread with its heap limit and the call time
 * limit, the same files and classpath loading), so a healthy check means a healthy server.
 */
export function engineForCheck(classpathJars: readonly string[]): ProbeEngine & { dispose(): void } {
  const limits = limitsFromEnvironment(process.env);
  const engine = new RecoveringEngine({
    spawn: workerSpawn({
      files: locateEngineFiles(),
      classpathJars: classpathJars.map((j) => resolve(j)),
      log: (line) => process.stderr.write(`${line}\n`),
      heapMb: limits.workerHeapMb,
    }),
    callTimeoutMs: limits.callTimeoutMs,
    log: logLine,
  });
  return {
    load: () => engine.ready(),
    groovyVersion: async () => {
      const info = await engine.request("info", {});
      return typeof info["groovyVersion"] === "string" ? info["groovyVersion"] : "unknown";
    },
    diagnostics: async (text) => {
      await engine.open(SAMPLE_URI, text);
      const result = await engine.request("diagnostics", { uri: SAMPLE_URI });
      const list = Array.isArray(result["diagnostics"]) ? result["diagnostics"] : [];
      return list.filter(isJsonObject).map((d): ProbeDiagnostic => ({
        severity: typeof d["severity"] === "string" ? d["severity"] : "",
        line: lineOf(d["range"]),
        message: typeof d["message"] === "string" ? d["message"] : "",
      }));
    },
    dispose: () => engine.dispose(),
  };
}

function lineOf(range: JsonValue | undefined): number {
  if (!isJsonObject(range) || !isJsonObject(range["start"])) return -1;
  const line = range["start"]["line"];
  return typeof line === "number" ? line : -1;
}

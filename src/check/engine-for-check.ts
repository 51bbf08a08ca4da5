import { resolve } from "node:path";
import { locateEngineFiles } from "../engine/engine-files.js";
import { WasmEngineBridge } from "../engine/wasm-engine-bridge.js";
import type { JsonValue } from "../protocol/json-rpc.js";
import { isJsonObject } from "../protocol/json-rpc.js";
import type { ProbeDiagnostic, ProbeEngine } from "./installation-probe.js";

const SAMPLE_URI = "groovy-buffer:groovymcp-check";

/** The probe's engine: the same engine, files and classpath loading the server uses. */
export function engineForCheck(classpathJars: readonly string[]): ProbeEngine {
  const engine = new WasmEngineBridge(locateEngineFiles(), classpathJars.map((j) => resolve(j)));
  return {
    load: async () => {
      await engine.request("info", {});
    },
    groovyVersion: async () => {
      const info = await engine.request("info", {});
      return typeof info["groovyVersion"] === "string" ? info["groovyVersion"] : "unknown";
    },
    diagnostics: async (text) => {
      await engine.openBuffer(SAMPLE_URI, text);
      const result = await engine.request("diagnostics", { uri: SAMPLE_URI });
      const list = Array.isArray(result["diagnostics"]) ? result["diagnostics"] : [];
      return list.filter(isJsonObject).map((d): ProbeDiagnostic => ({
        severity: typeof d["severity"] === "string" ? d["severity"] : "",
        line: lineOf(d["range"]),
        message: typeof d["message"] === "string" ? d["message"] : "",
      }));
    },
  };
}

function lineOf(range: JsonValue | undefined): number {
  if (!isJsonObject(range) || !isJsonObject(range["start"])) return -1;
  const line = range["start"]["line"];
  return typeof line === "number" ? line : -1;
}

import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * Writes a stand-in engine directory (for GROOVYMCP_ENGINE_DIR) whose runtime module follows TeaVM's `load`
 * contract and whose exports follow docs/engine-contract.md. It lets the bridge tests exercise what the host does
 * with the engine (Java output, traps and reloads, error kinds, result caps, buffer caps) without the real wasm.
 * It is test-only: src/ has no engine but the real WebAssembly bridge.
 *
 * Triggers inside buffer text: TRAP (handle throws), INTERNAL / STATE / ARGUMENT (error kinds), BADSHAPE (result
 * that breaks the output schema), PRINT (Java prints during the call).
 */
export function writeStandInEngine(): string {
  const dir = mkdtempSync(join(tmpdir(), "gm-stand-in-engine-"));
  writeFileSync(join(dir, "groovy-engine.wasm"), Buffer.from([0, 0x61, 0x73, 0x6d]));
  writeFileSync(join(dir, "classmodel.bin"), Buffer.from([1, 2, 3]));
  writeFileSync(
    join(dir, "groovy-engine.wasm-runtime.js"),
    `
let loads = 0;
export async function load(path, options = {}) {
  loads++;
  const imports = {
    teavmConsole: {
      putcharStdout: (c) => process.stdout.write(String.fromCharCode(c)),
      putcharStderr: (c) => process.stderr.write(String.fromCharCode(c)),
    },
    teavmDate: {},
  };
  if (options.installImports) options.installImports(imports);
  const print = (s) => { for (const ch of s + "\\n") imports.teavmConsole.putcharStdout(ch.charCodeAt(0)); };
  const buffers = new Map();
  let classes = 0;
  const pos = { line: 0, character: 0 };
  const range = { start: pos, end: pos };
  function run(req) {
    const text = req.uri !== undefined ? buffers.get(req.uri) : undefined;
    if (req.op !== "open" && req.op !== "close" && req.uri !== undefined && text === undefined) return { error: { kind: "state", message: "unknown buffer" } };
    if (text !== undefined) {
      if (text.includes("TRAP")) throw new Error("RuntimeError: unreachable");
      if (text.includes("INTERNAL")) return { error: { kind: "internal", message: "boom" } };
      if (text.includes("STATE")) return { error: { kind: "state", message: "state problem" } };
      if (text.includes("ARGUMENT")) return { error: { kind: "argument", message: "argument problem" } };
      if (text.includes("BADSHAPE")) return { result: { uri: 5 } };
      if (text.includes("PRINT")) print("System.out from Java during " + req.op);
    }
    switch (req.op) {
      case "open": buffers.set(req.uri, req.text); return { result: { uri: req.uri, version: 1 } };
      case "close": return { result: { closed: buffers.delete(req.uri) } };
      case "diagnostics": return { result: { uri: req.uri, diagnostics: [], errorCount: 0, warningCount: 0 } };
      case "describe": return { result: { markdown: "" } };
      case "definition": return { result: { locations: [], external: [] } };
      case "implementations": return { result: { locations: [] } };
      case "references": return { result: { total: 0, truncated: false, locations: [] } };
      case "symbols": return { result: { symbols: [] } };
      case "complete": return { result: { items: [], isIncomplete: false } };
      case "signatures": return { result: { signatures: [], activeSignature: 0, activeParameter: 0 } };
      case "tokens": {
        const tokens = [];
        const lines = text.split("\\n");
        lines.forEach((l, i) => { if (l.length > 0) tokens.push({ line: i, character: 0, length: l.length, type: "comment", modifiers: [] }); });
        return { result: { tokens } };
      }
      case "format": return { result: { edits: [] } };
      case "organizeImports": return { result: { edits: [] } };
      case "rename": return { result: { changes: [], changeCount: 0, refused: "stand-in" } };
      case "keywords": return { result: { keywords: ["def", "class"] } };
      case "defaultImports": return { result: { packages: ["java.lang."], classes: ["java.math.BigDecimal"] } };
      case "info": return { result: { groovyVersion: "stand-in", openBuffers: buffers.size, classModelClasses: classes, classpathClasses: 0, loads } };
      default: return { error: { kind: "argument", message: "unknown op" } };
    }
  }
  return {
    exports: {
      loadClassModel(bytes) { print("class model loading (Java stdout)"); classes = bytes.length; return JSON.stringify({ classes }); },
      addModelPacks(bytes) { return JSON.stringify({ entries: bytes.length }); },
      addClasspathJar(bytes) { return JSON.stringify({ classes: bytes.length }); },
      handle(json) { return JSON.stringify(run(JSON.parse(json))); },
    },
  };
}
`,
  );
  return dir;
}

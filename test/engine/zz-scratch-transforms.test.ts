import { readFileSync } from "node:fs";
import { it } from "vitest";
import { loadRawEngine } from "./raw-engine.js";

// scratch, not committed: wasm answers for hand-picked requests, printed for comparison with the JVM
it("prints", async () => {
  const e = await loadRawEngine();
  const reqs = readFileSync("/tmp/tx/scratch-requests.jsonl", "utf8").split("\n").filter((l) => l);
  const out: string[] = [];
  for (const r of reqs) out.push(e.handle(r));
  await import("node:fs").then((fs) => fs.writeFileSync("/tmp/tx/scratch-wasm.jsonl", out.join("\n") + "\n"));
}, 300_000);

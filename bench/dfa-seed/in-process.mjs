// bench/dfa-seed/in-process.mjs: the wasm side of "would a seeded parser DFA pay" (docs/engine-performance.md,
// session 10 helper seed). In one process: compile 150 real files twice (V8's code warm), then for each target and
// mode, clear the parser's cache (budget 1, eight tiny parses), optionally compile corpus A first ("seedA") or the
// target itself ("warmAll"), and time the target's diagnostics. "cold" is the cold-DFA cost with warm code.
//
//   CORPUS=test/fixtures,/path/to/held-out/sources R=3 node bench/dfa-seed/in-process.mjs
//
// Needs the engine built, `npm run build`, and one `bench:real` run (its file lists in bench/.cache/engine-real).
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const { openEngine, diagnoseAlone } = await import(join(root, "bench/real-code/engine.mjs"));
const e = await openEngine();
const ex = e.exports;
const list = (n) =>
  readFileSync(join(root, "bench/.cache/engine-real", n + ".tsv"), "utf8").split("\n").filter(Boolean).map((l) => {
    const [p, uri] = l.split("\t");
    return { uri, text: readFileSync(p, "utf8") };
  });
const dirs = (process.env.CORPUS || join(root, "test/fixtures/corpus")).split(",");
const corpusA = dirs
  .flatMap((d) => execFileSync("find", [d, "-name", "*.groovy"], { encoding: "utf8" }).split("\n").filter(Boolean).sort())
  .map((f) => ({ uri: "file:///A" + f, text: readFileSync(f, "utf8") }));
process.stderr.write(`corpus A: ${corpusA.length} files\n`);
const warm = list("warm");
const targets = [list("f1000")[0], list("f200")[0], ...warm.slice(200, 205)];
const time = async (it) => {
  const s = performance.now();
  await diagnoseAlone(e, it.uri, it.text);
  return Math.round(performance.now() - s);
};
const entries = () => JSON.parse(ex.parserCache(0)).entries;
const clear = async () => {
  ex.parserCache(1);
  for (let k = 0; k < 8; k++) await diagnoseAlone(e, "file:///T.groovy", "class T {}\n");
  ex.parserCache(1000000);
};
for (let r = 0; r < 2; r++) for (const it of warm.slice(0, 150)) await time(it);
for (let r = 0; r < (Number(process.env.R) || 2); r++) {
  const row = {};
  for (const mode of (process.env.MODES || "cold,seedA,warmAll").split(",")) {
    const ms = [];
    for (const target of targets) {
      await clear();
      if (mode === "seedA") for (const it of corpusA) await diagnoseAlone(e, it.uri, it.text);
      if (mode === "warmAll") await diagnoseAlone(e, target.uri, target.text);
      const before = entries();
      ms.push(await time(target));
      if (target === targets[0]) row[`${mode}_entries`] = [before, entries()];
    }
    row[mode] = ms;
  }
  console.log(JSON.stringify(row));
}

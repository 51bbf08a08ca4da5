import { describe, expect, it } from "vitest";
import { fitResult } from "../../src/engine/service/result-fitting.js";

/** Answers that never vanish, without a process: the cut keeps the most important items and fits exactly. */
describe("fitResult", () => {
  const diagnostics = Array.from({ length: 3000 }, (_, i) => ({ severity: i % 3 === 0 ? "error" : i % 3 === 1 ? "warning" : "hint", message: `m${i}`, range: { start: { line: i, character: 0 }, end: { line: i, character: 1 } } }));
  const result = { uri: "groovy-buffer:x", diagnostics, errorCount: 1000, warningCount: 1000 };

  it("returns a result that fits untouched", () => {
    const fitted = fitResult("diagnostics", result, 10_000_000);
    expect(fitted.ok && fitted.result).toBe(result);
  });

  it("cuts to the limit with the largest list that fits, errors first, saying truncated and omitted", () => {
    for (const limit of [1000, 20_000, 100_000]) {
      const fitted = fitResult("diagnostics", result, limit);
      if (!fitted.ok) return expect.unreachable();
      expect(fitted.text.length).toBeLessThanOrEqual(limit);
      expect(fitted.text).toBe(JSON.stringify(fitted.result));
      const kept = fitted.result["diagnostics"] as typeof diagnostics;
      expect(fitted.result).toMatchObject({ truncated: true, omitted: 3000 - kept.length });
      // one more item would not fit
      const more = JSON.stringify({ ...fitted.result, diagnostics: [...kept, diagnostics[kept.length]], omitted: 3000 - kept.length - 1 });
      expect(more.length).toBeGreaterThan(limit);
      const severities = kept.map((d) => d.severity);
      expect(severities.every((s) => s === "error") || severities.indexOf("warning") > severities.lastIndexOf("error")).toBe(true);
      expect(kept[0]?.message).toBe("m0");
    }
  });

  it("applies maxResults (errors first) even when the whole would fit", () => {
    const fitted = fitResult("diagnostics", result, 10_000_000, 5);
    if (!fitted.ok) return expect.unreachable();
    expect((fitted.result["diagnostics"] as typeof diagnostics).map((d) => d.message)).toEqual(["m0", "m3", "m6", "m9", "m12"]);
    expect(fitted.result).toMatchObject({ truncated: true, omitted: 2995 });
  });

  it("cuts an outline in preorder, keeping parents", () => {
    const symbols = [{ name: "Many", kind: "Class", children: Array.from({ length: 5000 }, (_, i) => ({ name: `m${i}`, kind: "Method" })) }];
    const fitted = fitResult("symbols", { symbols }, 5000);
    if (!fitted.ok) return expect.unreachable();
    const kept = fitted.result["symbols"] as typeof symbols;
    expect(kept[0]?.name).toBe("Many");
    expect(fitted.result["omitted"]).toBe(5001 - 1 - (kept[0]?.children.length ?? 0));
    expect(fitted.text.length).toBeLessThanOrEqual(5000);
  });

  it("a cut of a cut (the worker cuts to the limit, the host to maxResults) counts everything left out", () => {
    const first = fitResult("diagnostics", result, 20_000);
    if (!first.ok) return expect.unreachable();
    const firstKept = (first.result["diagnostics"] as typeof diagnostics).length;
    const second = fitResult("diagnostics", first.result, 20_000, 5);
    if (!second.ok) return expect.unreachable();
    expect((second.result["diagnostics"] as typeof diagnostics).map((d) => d.message)).toEqual(["m0", "m3", "m6", "m9", "m12"]);
    expect(second.result).toMatchObject({ truncated: true, omitted: 3000 - 5 });
    // a cut result that needs no further cut passes as it is, still saying what the first cut left out
    const again = fitResult("diagnostics", first.result, 20_000);
    expect(again.ok && again.result).toMatchObject({ truncated: true, omitted: 3000 - firstKept });
  });

  it("keeps the result-limit error as the last resort", () => {
    expect(fitResult("diagnostics", { uri: "x".repeat(100), diagnostics }, 50).ok).toBe(false);
    expect(fitResult("describe", { markdown: "x".repeat(100) }, 50).ok).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import { EngineInternalError, neededPacks } from "../../src/engine/core/index.js";

/** The host's reading of the engine's `needPacks` reply (docs/engine-contract.md): pack names become file names. */
describe("neededPacks", () => {
  it("reads the pack names of a needPacks reply", () => {
    expect(neededPacks('{"error":{"kind":"needPacks","message":"class model packs not loaded","packs":["org.apache.tools","javax.swing.2"]}}')).toEqual([
      "org.apache.tools",
      "javax.swing.2",
    ]);
  });
  it("leaves every other reply alone", () => {
    expect(neededPacks('{"result":{"diagnostics":[]}}')).toBeUndefined();
    expect(neededPacks('{"error":{"kind":"state","message":"not open: x"}}')).toBeUndefined();
    // a result that merely mentions the words is not a needPacks reply
    expect(neededPacks('{"result":{"message":"{\\"error\\":{\\"kind\\":\\"needPacks\\""}}')).toBeUndefined();
  });
  it("refuses names that are not plain pack names, so no path is ever built from them", () => {
    for (const bad of ['"../classmodel"', '"a/b"', '""', '".hidden"', '"a..b"', "1", '"x y"']) {
      expect(() => neededPacks(`{"error":{"kind":"needPacks","packs":[${bad}]}}`), bad).toThrow(EngineInternalError);
    }
    expect(() => neededPacks('{"error":{"kind":"needPacks","packs":[]}}')).toThrow(EngineInternalError);
  });
});

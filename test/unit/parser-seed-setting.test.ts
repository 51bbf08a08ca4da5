import { describe, expect, it } from "vitest";
import { parserSeedEnabled } from "../../src/engine/node/parser-seed.js";

/** GROOVYMCP_PARSER_SEED: on unless set to one of the off words; an unknown value leaves it on (and is warned about). */
describe("GROOVYMCP_PARSER_SEED", () => {
  it.each<[string | undefined, boolean]>([
    [undefined, true], ["", true], ["1", true], ["on", true], ["YES", true], ["true", true],
    ["0", false], ["off", false], [" No ", false], ["FALSE", false],
    ["sometimes", true],
  ])("%j -> %j", (value, enabled) => {
    expect(parserSeedEnabled(value === undefined ? {} : { GROOVYMCP_PARSER_SEED: value })).toBe(enabled);
  });
});

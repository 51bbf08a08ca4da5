/**
 * `GROOVYMCP_PARSER_SEED`: whether the engine starts its parser from the DFA the build trained (docs/engine.md "The
 * parser's DFA, seeded"). On by default; `0`, `false`, `off` or `no` start it empty, as before the seed existed: an A/B
 * switch for the benches and a way round a seed suspected of a fault. The seed changes how fast the parser predicts,
 * never what it answers. Anything else: on, with a warning at start-up ({@link parserSeedWarning}).
 */
export const PARSER_SEED_VARIABLE = "GROOVYMCP_PARSER_SEED";

/** The values the variable takes, trimmed and lower-cased. */
const PARSER_SEED_SETTINGS: Readonly<Record<string, boolean>> = Object.freeze({
  "0": false, false: false, off: false, no: false, "1": true, true: true, on: true, yes: true,
});

export function parserSeedEnabled(env: Readonly<Record<string, string | undefined>>): boolean {
  const value = env[PARSER_SEED_VARIABLE]?.trim().toLowerCase();
  return value === undefined || !Object.hasOwn(PARSER_SEED_SETTINGS, value) || PARSER_SEED_SETTINGS[value] === true;
}

/** A stderr warning when the variable holds a value {@link parserSeedEnabled} does not know (blank counts as unset). */
export function parserSeedWarning(env: Readonly<Record<string, string | undefined>>, quote: (value: string) => string): string | undefined {
  const raw = env[PARSER_SEED_VARIABLE];
  const value = raw?.trim().toLowerCase();
  if (raw === undefined || value === undefined || value.length === 0 || Object.hasOwn(PARSER_SEED_SETTINGS, value)) return undefined;
  return `warning: ${PARSER_SEED_VARIABLE} is ${quote(raw)}, not on or off; it is ignored and the parser seed stays on`;
}

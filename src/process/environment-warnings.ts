import { classModelWarning } from "../engine/node/engine-files.js";
import { warmUpWarning } from "../engine/service/idle-warm-up.js";
import { memoryPolicyWarning } from "../engine/node/memory-policy.js";
import { parserSeedWarning } from "../engine/node/parser-seed.js";
import { node22TieringWarning } from "../engine/node/v8-flags.js";
import { limitsWarnings, type Environment } from "../limits/limits.js";
import { quoteClientString } from "../limits/quote-client-string.js";

/**
 * One stderr line for each GROOVYMCP_* variable set to a value its reader ignores: a misspelt value would otherwise
 * silently fall back to the default. Each reader stays where it is; its check sits next to it. GROOVYMCP_TOOLS has
 * its own warnings (src/mcp/session/tool-allowlist.ts), logged by the server.
 */
export function environmentWarnings(env: Environment): string[] {
  return [
    ...limitsWarnings(env, quoteClientString),
    memoryPolicyWarning(env, quoteClientString),
    warmUpWarning(env, quoteClientString),
    classModelWarning(env, quoteClientString),
    parserSeedWarning(env, quoteClientString),
    node22TieringWarning(env, quoteClientString),
  ].filter((w): w is string => w !== undefined);
}

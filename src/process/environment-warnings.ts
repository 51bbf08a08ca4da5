import { engineEnvironmentWarnings } from "../workspace/node.js";
import { limitsWarnings, type Environment } from "../limits/limits.js";
import { quoteClientString } from "../limits/quote-client-string.js";

/**
 * One stderr line for each GROOVYMCP_* variable set to a value its reader ignores: a misspelt value would otherwise
 * silently fall back to the default. Each reader stays where it is; its check sits next to it. GROOVYMCP_TOOLS has
 * its own warnings (src/mcp/session/tool-allowlist.ts), logged by the server.
 */
export function environmentWarnings(env: Environment): string[] {
  return [...limitsWarnings(env, quoteClientString), ...engineEnvironmentWarnings(env, quoteClientString)];
}

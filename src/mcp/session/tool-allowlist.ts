import { quoteClientString } from "../../limits/quote-client-string.js";

/**
 * GROOVYMCP_TOOLS: a comma-separated list of the tools to register, for clients with a small tool budget.
 * Unset or empty (or only separators and blanks) means every tool.
 */
export interface ToolAllowlist {
  /** Whether the tool is registered: listed by tools/list and callable. */
  allows(name: string): boolean;
}

export const ALL_TOOLS: ToolAllowlist = { allows: () => true };

export interface ParsedAllowlist {
  readonly allowlist: ToolAllowlist;
  /** Stderr warnings to print once at startup (unknown names); parsing never fails. */
  readonly warnings: readonly string[];
}

export const TOOLS_VARIABLE = "GROOVYMCP_TOOLS";

export function parseToolAllowlist(value: string | undefined, knownTools: readonly string[]): ParsedAllowlist {
  const names = (value ?? "").split(",").map((n) => n.trim()).filter((n) => n.length > 0);
  if (names.length === 0) return { allowlist: ALL_TOOLS, warnings: [] };
  const known = new Set(knownTools);
  const allowed = new Set<string>();
  const warnings: string[] = [];
  const warned = new Set<string>();
  for (const name of names) {
    if (known.has(name)) {
      allowed.add(name);
    } else if (!warned.has(name)) {
      warned.add(name);
      warnings.push(`warning: ${TOOLS_VARIABLE} names an unknown tool ${quoteClientString(name)}; it is ignored`);
    }
  }
  if (allowed.size === 0) warnings.push(`warning: ${TOOLS_VARIABLE} names no known tool, so no tool is registered`);
  return { allowlist: { allows: (name) => allowed.has(name) }, warnings };
}

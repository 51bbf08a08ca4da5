import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { packageFile } from "../package-file.js";
import { RULES } from "./rules.js";

/**
 * A rule's documentation, taken from the docs that ship in the package: its section of docs/rules.md (`### id`)
 * and, for AST and Jenkins rules, its section of docs/rules-ast.md (`## id`). `groovymcp lint --explain` prints it and
 * the SARIF rule's `help` carries it, so neither depends on a web address.
 */
export const RULE_DOCS: readonly string[] = ["docs/rules.md", "docs/rules-ast.md"];

let cache: Map<string, string[]> | undefined;

/** Sections by rule id, each the heading line through the line before the next heading of the same or a higher level. */
function sections(): Map<string, string[]> {
  if (cache !== undefined) return cache;
  cache = new Map();
  for (const doc of RULE_DOCS) {
    let text: string;
    try {
      text = readFileSync(fileURLToPath(packageFile(doc)), "utf8");
    } catch {
      continue;
    }
    const lines = text.split("\n");
    for (let i = 0; i < lines.length; i++) {
      const m = /^(#{2,3}) ((?:groovy|jenkins)\/[a-z0-9-]+)\s*$/.exec(lines[i]!);
      if (m === null || !RULES.has(m[2]!)) continue;
      const level = m[1]!.length;
      let end = i + 1;
      while (end < lines.length && !new RegExp(`^#{1,${level}} `).test(lines[end]!)) end++;
      const body = lines.slice(i, end).join("\n").replace(/\n+(?:---\s*)?\n*$/, "");
      const list = cache.get(m[2]!) ?? [];
      list.push(`${body}\n\n(${doc})`);
      cache.set(m[2]!, list);
    }
  }
  return cache;
}

/** The rule's documentation as Markdown, or undefined when the package holds none for it. */
export function ruleDocumentation(id: string): string | undefined {
  const found = sections().get(id);
  return found === undefined ? undefined : found.join("\n\n");
}

/** What `--explain RULE` prints: the documentation, else the rule table's own line (docs not installed). */
export function explainRule(id: string): string {
  const def = RULES.get(id)!;
  const docs = ruleDocumentation(id);
  if (docs !== undefined) return `${docs}\n`;
  return `${id} (default severity: ${def.severity})\n\n${def.rationale}\n\n(${RULE_DOCS.join(" and ")} are not in this installation.)\n`;
}

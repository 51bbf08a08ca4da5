import { RULES, rulesForGroovylintName } from "./rules.js";

/**
 * Inline suppression comments, ours and npm-groovy-lint's:
 * - `// groovymcp-disable-next-line [rule, rule]` and `// groovymcp-disable-line [rule]`;
 * - `/* groovymcp-disable [rule, rule] *\/` disables from its line to the end of the file (at the top: the whole
 *   file), until a `/* groovymcp-enable [rule] *\/`;
 * - the same four with `groovylint-` and CodeNarc rule names; names that map to no rule of ours are ignored, so a
 *   comment that names only such rules suppresses nothing.
 * No rule list means every rule. Rule lists are separated by commas or spaces.
 */
export class Suppressions {
  /** 0-based line → rule ids (or "*") suppressed on it. */
  private readonly lines = new Map<number, Set<string>>();
  /** Region toggles in line order: from `line` on, `rules` are disabled (`on: false`) or enabled again. */
  private readonly regions: { line: number; rules: Set<string>; disable: boolean }[] = [];

  static parse(text: string): Suppressions {
    const s = new Suppressions();
    if (!text.includes("-disable")) return s;
    const lines = text.split(/\r\n|\r|\n/);
    lines.forEach((line, index) => {
      if (!line.includes("-disable") && !line.includes("-enable")) return;
      for (const m of line.matchAll(LINE_COMMENT)) {
        const rules = ruleSet(m[1] as "groovymcp" | "groovylint", m[3] ?? "");
        if (rules === undefined) continue;
        s.addLine(m[2] === "disable-next-line" ? index + 1 : index, rules);
      }
      for (const m of line.matchAll(BLOCK_COMMENT)) {
        const rules = ruleSet(m[1] as "groovymcp" | "groovylint", m[3] ?? "");
        if (rules === undefined) continue;
        if (m[2] === "disable-next-line") s.addLine(index + 1, rules);
        else if (m[2] === "disable-line") s.addLine(index, rules);
        else s.regions.push({ line: index, rules, disable: m[2] === "disable" });
      }
    });
    return s;
  }

  private addLine(line: number, rules: Set<string>): void {
    let set = this.lines.get(line);
    if (set === undefined) this.lines.set(line, (set = new Set()));
    for (const r of rules) set.add(r);
  }

  /** Whether a finding of `rule` starting on 0-based `line` is suppressed. */
  suppresses(rule: string, line: number): boolean {
    const set = this.lines.get(line);
    if (set !== undefined && (set.has("*") || set.has(rule))) return true;
    let disabled = false;
    for (const region of this.regions) {
      if (region.line > line) break;
      if (region.rules.has("*") || region.rules.has(rule)) disabled = region.disable;
    }
    return disabled;
  }
}

const LINE_COMMENT = /\/\/\s*(groovymcp|groovylint)-(disable-next-line|disable-line)\b([^\n]*)$/g;
const BLOCK_COMMENT = /\/\*\s*(groovymcp|groovylint)-(disable-next-line|disable-line|disable|enable)\b([\s\S]*?)\*\//g;

/** The rules a comment names; undefined when it names only rules we do not have (then it suppresses nothing). */
function ruleSet(source: "groovymcp" | "groovylint", list: string): Set<string> | undefined {
  // ESLint-style "-- reason" text after the list is a comment for people.
  const names = list.split("--")[0]!.split(/[\s,]+/).filter((n) => n.length > 0);
  if (names.length === 0) return new Set(["*"]);
  const out = new Set<string>();
  for (const name of names) {
    if (source === "groovymcp") {
      if (RULES.has(name)) out.add(name);
    } else {
      for (const id of rulesForGroovylintName(name)) out.add(id);
    }
  }
  return out.size === 0 ? undefined : out;
}

import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { RULE_DOCS, ruleDocumentation } from "../../src/lint/explain.js";
import { RULE_IDS, RULES } from "../../src/lint/rules.js";
import { CLI, NODE, PROJECT_ROOT } from "./support.js";

/** Issue 32 item 3: `groovymcp lint --explain RULE` prints the rule's section of the docs that ship in the package. */
describe("groovymcp lint --explain", () => {
  it("finds a docs/rules.md section for every rule, and a docs/rules-ast.md one for every AST and Jenkins rule", () => {
    for (const id of RULE_IDS) {
      const docs = ruleDocumentation(id);
      expect(docs, id).toMatch(new RegExp(`^### ${id}\\n[\\s\\S]*\\(docs/rules\\.md\\)`));
      if (RULES.get(id)!.origin === "ast") expect(docs, id).toMatch(new RegExp(`\\n## ${id}\\n[\\s\\S]*\\(docs/rules-ast\\.md\\)$`));
      // a section ends before the next one starts
      expect(docs!.split("\n").filter((l) => /^#{2,3} (groovy|jenkins)\//.test(l)), id).toHaveLength(RULES.get(id)!.origin === "ast" ? 2 : 1);
    }
  });

  it("prints it from the built CLI for every rule, and refuses an unknown rule with exit 2", () => {
    for (const id of RULE_IDS) {
      const run = spawnSync(NODE, [CLI, "lint", "--explain", id], { cwd: PROJECT_ROOT, encoding: "utf8" });
      expect(run.status, run.stderr).toBe(0);
      expect(run.stdout).toBe(`${ruleDocumentation(id)}\n`);
      expect(run.stderr).toBe("");
    }
    const unknown = spawnSync(NODE, [CLI, "lint", "--explain", "groovy/nope"], { cwd: PROJECT_ROOT, encoding: "utf8" });
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toBe('groovymcp lint: --explain: unknown rule "groovy/nope" (groovymcp lint --help lists them)\n');
  });

  it("reads docs that the package ships", () => {
    const npmCli = join(PROJECT_ROOT, "node_modules", "node", "node_modules", "npm", "bin", "npm-cli.js");
    const args = ["pack", "--dry-run", "--json", "--ignore-scripts"];
    // the pinned Node's own npm when it has one, else the npm on PATH (as test/host/package.test.ts does)
    const run = existsSync(npmCli) ? spawnSync(NODE, [npmCli, ...args], { cwd: PROJECT_ROOT, encoding: "utf8" }) : spawnSync("npm", args, { cwd: PROJECT_ROOT, encoding: "utf8" });
    expect(run.status, run.stderr).toBe(0);
    const files = (JSON.parse(run.stdout) as { files: { path: string }[] }[])[0]!.files.map((f) => f.path);
    for (const doc of RULE_DOCS) expect(files).toContain(doc);
  });
});

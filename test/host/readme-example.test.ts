import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENGINE_MISSING, PROJECT_ROOT, ServerProcess, toolResult } from "./support/server-process.js";
import { describeWith } from "../support/peers.js";

/**
 * The README's server example is the real server's answer: its Groovy text, sent as `groovy_diagnostics` does in the
 * example, must give exactly the JSON printed under it, so the example cannot drift from what the server says.
 */
const readme = readFileSync(join(PROJECT_ROOT, "README.md"), "utf8");
const section = readme.slice(readme.indexOf("### The MCP server"));

function fenced(language: string, from = section): string {
  const match = new RegExp("^```" + language + "\\n([\\s\\S]*?)^```", "m").exec(from);
  if (match?.[1] === undefined) throw new Error(`README.md: no ${language} block where expected`);
  return match[1];
}

describeWith(ENGINE_MISSING)("README example", () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = new ServerProcess();
    await server.initialize();
  });
  afterAll(async () => {
    await server.close();
  });

  it("prints what groovy_diagnostics answers for its Groovy text", async () => {
    const expected = JSON.parse(fenced("json")) as Record<string, unknown>;
    const uri = expected["uri"];
    expect(uri).toBe("groovy-buffer:Order.groovy");
    const result = toolResult(await server.callTool(1, "groovy_diagnostics", { text: fenced("groovy"), uri }));
    expect(result.isError).toBeUndefined();
    expect(result.structuredContent).toEqual(expected);
    expect(JSON.parse(result.content[0]?.text ?? "null")).toEqual(expected);
  });
});

/** The README's Jenkinsfile example is the real linter's report on its text (all but the timing). */
describeWith(ENGINE_MISSING)("README Jenkinsfile example", () => {
  it("prints what groovymcp lint reports for its Jenkinsfile", () => {
    const lint = readme.slice(readme.indexOf("### `groovymcp lint` in CI"), readme.indexOf("### The playground"));
    const dir = mkdtempSync(join(tmpdir(), "gm-readme-"));
    try {
      writeFileSync(join(dir, "Jenkinsfile"), fenced("groovy", lint));
      const printed = fenced("", lint.slice(lint.indexOf("```\n$ groovymcp lint --no-color Jenkinsfile"))).split("\n").slice(1);
      const run = spawnSync(process.execPath, [join(PROJECT_ROOT, "dist", "cli.js"), "lint", "--no-color", "Jenkinsfile"], { cwd: dir, encoding: "utf8" });
      expect(run.status, run.stderr).toBe(1);
      const untimed = (text: string) => text.replace(/ in [0-9.]+s$/m, "");
      expect(untimed(run.stdout).trimEnd()).toBe(untimed(printed.join("\n")).trimEnd());
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

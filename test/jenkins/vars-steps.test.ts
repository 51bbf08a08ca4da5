import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENGINE_PRESENT, ServerProcess, toolResult } from "../host/support/server-process.js";

/**
 * A shared library's global variables by name, through the real server under --root: in a Jenkinsfile of the same
 * repository, `deployApp(...)` leads to vars/deployApp.groovy's `call` and `deployApp.rollback()` to its method,
 * with nothing open but the Jenkinsfile.
 */

if (!ENGINE_PRESENT && process.env["CI"] === "true") throw new Error("the engine is not built: CI runs these tests on the real engine");

const TREE: Record<string, string> = {
  "Jenkinsfile": "pipeline {\n  agent any\n  stages {\n    stage('Deploy') {\n      steps {\n        deployApp(target: 'prod')\n        script { deployApp.rollback() }\n      }\n    }\n  }\n}\n",
  "vars/deployApp.groovy": "def call(Map args) {\n  echo \"deploying ${args.target}\"\n}\n\ndef rollback() {\n  echo 'back'\n}\n",
};

interface Location {
  readonly uri: string;
  readonly range: { start: { line: number; character: number } };
}

describe.skipIf(!ENGINE_PRESENT)("vars/NAME.groovy steps by name", () => {
  let root: string;
  let server: ServerProcess;
  let id = 0;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), "gm-vars-"));
    for (const [path, text] of Object.entries(TREE)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    }
    server = new ServerProcess(["--root", root], { env: { ...process.env, GROOVYMCP_WARMUP: "0" } });
    await server.initialize();
  }, 180_000);

  afterAll(async () => {
    await server?.close();
  });

  const definition = async (line: number, character: number): Promise<string[]> => {
    const result = toolResult(await server.callTool(++id, "groovy_definition", { path: "Jenkinsfile", line, character }));
    expect(result.isError ?? false).toBe(false);
    const locations = (result.structuredContent as { locations: Location[] }).locations;
    return locations.map((l) => `${l.uri.slice(pathToFileURL(root).href.length)}:${l.range.start.line}`);
  };

  it("a step call leads to the global's call method", async () => {
    expect(await definition(5, 10)).toEqual(["/vars/deployApp.groovy:0"]);
  });

  it("a member leads to the global's method of that name", async () => {
    expect(await definition(6, 28)).toEqual(["/vars/deployApp.groovy:4"]);
  });

  it("a built-in step leads nowhere", async () => {
    expect(await definition(1, 3)).toEqual([]);
  });
});

import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { CLI, ENGINE_MISSING, NODE, PROJECT_ROOT } from "./support/server-process.js";
import { itWith } from "../support/peers.js";
import { expectColdProjectAnswered, writeColdProject } from "./support/cold-project.js";
import { writeStandInEngine } from "./support/stand-in-engine.js";
import { PROGRAM, TOOL_ARGS } from "./support/tool-call-arguments.js";

/** Arguments that exercise each tool on a small Groovy program. */
async function connect(env: Record<string, string> = {}, args: string[] = []): Promise<Client> {
  const transport = new StdioClientTransport({
    command: NODE,
    args: [CLI, ...args],
    cwd: PROJECT_ROOT,
    env: { ...(process.env as Record<string, string>), ...env },
    stderr: "pipe",
  });
  const client = new Client({ name: "groovymcp-test", version: "1.0.0" });
  await client.connect(transport);
  return client;
}

async function exerciseEverything(client: Client): Promise<void> {
  const ajv = new Ajv2020({ strict: true });
  const { tools } = await client.listTools();
  expect(tools.map((t) => t.name).sort()).toEqual(Object.keys(TOOL_ARGS).sort());
  for (const tool of tools) {
    const result = await client.callTool({ name: tool.name, arguments: TOOL_ARGS[tool.name] ?? {} });
    expect(result.isError, `${tool.name}: ${JSON.stringify(result.content)}`).not.toBe(true);
    expect(ajv.validate(tool.outputSchema as object, result.structuredContent), `${tool.name}: ${ajv.errorsText()}`).toBe(true);
    const content = result.content as { type: string; text: string }[];
    expect(JSON.parse(content[0]?.text ?? "")).toEqual(result.structuredContent);
  }
  const { resources } = await client.listResources();
  expect(resources).toHaveLength(3);
  for (const resource of resources) {
    const read = await client.readResource({ uri: resource.uri });
    const first = read.contents[0] as { mimeType?: string; text?: string };
    expect(first.mimeType).toBe("application/json");
    expect(() => JSON.parse(first.text ?? "")).not.toThrow();
  }
  const { prompts } = await client.listPrompts();
  expect(prompts).toHaveLength(2);
  for (const prompt of prompts) {
    const got = await client.getPrompt({ name: prompt.name, arguments: { code: PROGRAM } });
    expect(got.messages.length).toBeGreaterThan(0);
  }
}

describe("official MCP SDK client over stdio", () => {
  itWith(ENGINE_MISSING)("gets answers on a cold file of a project under --root, its classes looked up by name", async () => {
    const project = writeColdProject();
    const client = await connect({}, ["--root", project.root]);
    try {
      await expectColdProjectAnswered(project, (name, args) => client.callTool({ name, arguments: args }));
    } finally {
      await client.close();
    }
  });

  itWith(ENGINE_MISSING)(`sees the message of every failed call (text content, isError, no structuredContent)`, async () => {
    // SDK v1 validates structuredContent against the outputSchema even when isError is set; an {error} object
    // made callTool throw -32602 and hid these messages from the agent.
    const client = await connect();
    try {
      const failures: [string, Record<string, unknown>, RegExp][] = [
        ["groovy_rename", { text: "def a = 1", line: 0, character: 4, newName: "1bad" }, /not a valid identifier/],
        ["groovy_diagnostics", { path: "../../etc/passwd" }, /without --root|outside the root/],
        ["groovy_describe", { uri: "groovy-buffer:never", line: 0, character: 0 }, /no buffer "groovy-buffer:never" is open/],
        ["groovy_diagnostics", { uri: "groovy-buffer:never" }, /no buffer "groovy-buffer:never" is open/],
        ["groovy_format", { text: "x", tabSize: 99 }, /invalid arguments/],
      ];
      for (const [name, args, message] of failures) {
        const result = await client.callTool({ name, arguments: args });
        expect(result.isError, name).toBe(true);
        expect(result.structuredContent, name).toBeUndefined();
        expect((result.content as { type: string; text: string }[])[0]?.text, name).toMatch(message);
      }
    } finally {
      await client.close();
    }
  });

  it("initializes, lists tools, resources and prompts, and gets a prompt", async () => {
    const client = await connect();
    try {
      expect(client.getServerVersion()).toMatchObject({ name: "groovy-mcp" });
      expect(client.getInstructions()).toMatch(/never runs the source/);
      expect((await client.listTools()).tools).toHaveLength(13);
      expect((await client.listResources()).resources).toHaveLength(3);
      expect((await client.listPrompts()).prompts).toHaveLength(2);
      const prompt = await client.getPrompt({ name: "review-groovy", arguments: { path: "src/A.groovy" } });
      expect(JSON.stringify(prompt.messages)).toContain("src/A.groovy");
      expect(await client.ping()).toEqual({});
    } finally {
      await client.close();
    }
  });

  it("calls every tool and reads every resource and prompt (stand-in engine)", async () => {
    const client = await connect({ GROOVYMCP_ENGINE_DIR: writeStandInEngine() });
    try {
      await exerciseEverything(client);
    } finally {
      await client.close();
    }
  });

  itWith(ENGINE_MISSING)(`calls every tool and reads every resource and prompt on the real engine`, async () => {
    const client = await connect();
    try {
      await exerciseEverything(client);
    } finally {
      await client.close();
    }
  });
});

import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { Ajv2020 } from "ajv/dist/2020.js";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CLI, ENGINE_MISSING, NODE, PROJECT_ROOT } from "./support/server-process.js";
import { itWith } from "../support/peers.js";
import { expectColdProjectAnswered, writeColdProject } from "./support/cold-project.js";
import { PROGRAM, TOOL_ARGS } from "./support/tool-call-arguments.js";

/**
 * The official v2 TypeScript client (@modelcontextprotocol/client) against the server on 2026-07-28. Between the
 * client and the server sits a recorder that copies every line the client writes to a file, so the test can prove
 * what crossed the pipe: no initialize, and the envelope on every request.
 */

/** A pass-through that records the client's lines; the server's stdout and stderr go straight to the client. */
const RECORDER = `
import { spawn } from "node:child_process";
import { appendFileSync } from "node:fs";
const [log, node, ...serverArgs] = process.argv.slice(2);
const child = spawn(node, serverArgs, { stdio: ["pipe", "inherit", "inherit"] });
process.stdin.on("data", (chunk) => { appendFileSync(log, chunk); child.stdin.write(chunk); });
process.stdin.on("end", () => child.stdin.end());
child.on("exit", (code) => process.exit(code ?? 1));
`;

interface Connection {
  readonly client: Client;
  readonly stderr: () => string;
  readonly sent: () => { method?: string; params?: { _meta?: Record<string, unknown> } }[];
}

async function connect(mode: "auto" | { pin: string }, env: Record<string, string> = {}, args: string[] = []): Promise<Connection> {
  const dir = mkdtempSync(join(tmpdir(), "gm-v2-client-"));
  const recorder = join(dir, "recorder.mjs");
  const log = join(dir, "client-to-server.jsonl");
  writeFileSync(recorder, RECORDER);
  writeFileSync(log, "");
  const transport = new StdioClientTransport({
    command: NODE,
    args: [recorder, log, NODE, CLI, ...args],
    cwd: PROJECT_ROOT,
    env: { ...(process.env as Record<string, string>), ...env },
    stderr: "pipe",
  });
  let stderr = "";
  transport.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString("utf8");
  });
  const client = new Client({ name: "groovymcp-v2-test", version: "2.0.0" }, { versionNegotiation: { mode } });
  await client.connect(transport);
  return {
    client,
    stderr: () => stderr,
    sent: () => readFileSync(log, "utf8").split("\n").filter((l) => l.trim().length > 0).map((l) => JSON.parse(l) as { method?: string }),
  };
}

function expectModernWire(connection: Connection): void {
  const sent = connection.sent();
  expect(sent.length).toBeGreaterThan(0);
  expect(sent.map((m) => m.method)).not.toContain("initialize");
  expect(sent.map((m) => m.method)).not.toContain("notifications/initialized");
  for (const message of sent.filter((m) => m.method !== undefined && "id" in m)) {
    expect(message.params?._meta?.["io.modelcontextprotocol/protocolVersion"], message.method).toBe("2026-07-28");
  }
  const sessionLines = connection.stderr().split("\n").filter((l) => l.includes("session:"));
  expect(sessionLines).toEqual(['groovymcp: session: protocol 2026-07-28 (modern era), client "groovymcp-v2-test" version "2.0.0"']);
}


describe("the v2 TypeScript client on 2026-07-28", () => {
  itWith(ENGINE_MISSING)(`in modern mode lists and calls every tool, reads every resource and gets every prompt, with no initialize`, async () => {
    const connection = await connect({ pin: "2026-07-28" });
    const { client } = connection;
    try {
      expect(client.getProtocolEra()).toBe("modern");
      expect(client.getNegotiatedProtocolVersion()).toBe("2026-07-28");
      expect(client.getServerVersion()).toMatchObject({ name: "groovy-mcp" });
      const ajv = new Ajv2020({ strict: true });
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name).sort()).toEqual(Object.keys(TOOL_ARGS).sort());
      for (const tool of tools) {
        const result = await client.callTool({ name: tool.name, arguments: TOOL_ARGS[tool.name] ?? {} });
        expect(result.isError, `${tool.name}: ${JSON.stringify(result.content)}`).not.toBe(true);
        expect(ajv.validate(tool.outputSchema as object, result.structuredContent), `${tool.name}: ${ajv.errorsText()}`).toBe(true);
      }
      const unknown = await client.callTool({ name: "no_such_tool", arguments: {} });
      expect(unknown.isError).toBe(true);
      expect(unknown.content).toEqual([{ type: "text", text: "unknown tool" }]);

      const { resources } = await client.listResources();
      expect(resources).toHaveLength(3);
      for (const resource of resources) {
        const read = await client.readResource({ uri: resource.uri });
        const first = read.contents[0] as { mimeType?: string; text?: string };
        expect(first.mimeType).toBe("application/json");
        expect(() => JSON.parse(first.text ?? "")).not.toThrow();
      }
      await expect(client.readResource({ uri: "groovy://server/none" })).rejects.toMatchObject({ code: -32602 });

      const { prompts } = await client.listPrompts();
      expect(prompts.map((p) => p.name).sort()).toEqual(["explain-groovy", "review-groovy"]);
      for (const prompt of prompts) {
        const got = await client.getPrompt({ name: prompt.name, arguments: { code: PROGRAM } });
        expect(got.messages.length).toBeGreaterThan(0);
      }
    } finally {
      await client.close();
    }
    expectModernWire(connection);
  });

  itWith(ENGINE_MISSING)(`in modern mode gets answers on a cold file of a project under --root, its classes looked up by name`, async () => {
    const project = writeColdProject();
    const connection = await connect({ pin: "2026-07-28" }, {}, ["--root", project.root]);
    const { client } = connection;
    try {
      await expectColdProjectAnswered(project, (name, args) => client.callTool({ name, arguments: args }));
    } finally {
      await client.close();
    }
    expectModernWire(connection);
  });

  it(`in auto mode picks the modern era`, async () => {
    const connection = await connect("auto");
    const { client } = connection;
    try {
      expect(client.getProtocolEra()).toBe("modern");
      expect(client.getNegotiatedProtocolVersion()).toBe("2026-07-28");
      expect(client.getDiscoverResult()?.supportedVersions).toContain("2026-07-28");
      expect(client.getInstructions()).toMatch(/never runs the source/);
      expect((await client.listPrompts()).prompts).toHaveLength(2);
    } finally {
      await client.close();
    }
    expectModernWire(connection);
  });

  it("in its default legacy mode still initializes", async () => {
    const transport = new StdioClientTransport({ command: NODE, args: [CLI], cwd: PROJECT_ROOT, stderr: "pipe" });
    const client = new Client({ name: "groovymcp-v2-legacy", version: "2.0.0" });
    await client.connect(transport);
    try {
      expect(client.getProtocolEra()).toBe("legacy");
      expect(client.getNegotiatedProtocolVersion()).toBe("2025-11-25");
      expect((await client.listPrompts()).prompts).toHaveLength(2);
      expect(await client.ping()).toEqual({});
    } finally {
      await client.close();
    }
  });
});

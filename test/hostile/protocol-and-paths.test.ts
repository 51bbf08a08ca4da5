import { mkdtempSync, rmSync, writeFileSync, mkdirSync, symlinkSync, realpathSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fence } from "../../src/mcp/prompts/server-prompts.js";
import { parseMessage } from "../../src/mcp/protocol/json-rpc.js";
import { ENGINE_MISSING, HostileServer, text } from "./support/hostile-server.js";
import { describeWith } from "../support/peers.js";

/** Issue 13: ids, the prompt fence and path quirks. Inputs are generated here. */

const BIG_IDS = ["9007199254740993", "-9007199254740993", "123456789012345678901234567890", "18446744073709551617", "1.0000000000000001", "1e2", "-0"];

describe("request ids (unit)", () => {
  it.each(BIG_IDS)("keeps %s exactly as sent", (digits) => {
    const message = parseMessage(`{"jsonrpc":"2.0","id": ${digits} ,"method":"ping","params":{"id":1}}`);
    expect(message.kind).toBe("request");
    if (message.kind !== "request") return expect.unreachable();
    expect(JSON.stringify({ id: message.id })).toBe(`{"id":${digits}}`);
  });
  it("leaves ordinary ids plain numbers and strings", () => {
    expect(parseMessage('{"jsonrpc":"2.0","id":42,"method":"ping"}')).toMatchObject({ id: 42 });
    expect(parseMessage('{"jsonrpc":"2.0","id":"9007199254740993","method":"ping"}')).toMatchObject({ id: "9007199254740993" });
    // a nested id never stands in for the top-level one
    const nested = parseMessage('{"jsonrpc":"2.0","method":"ping","params":{"id":9007199254740993},"id":9007199254740995}');
    expect(JSON.stringify(nested.kind === "request" ? nested.id : null)).toBe("9007199254740995");
  });
});

describe("prompt fence (unit)", () => {
  it("is linear: 524,288 backticks take milliseconds, and the code cannot close the fence", () => {
    const code = "`".repeat(524_288);
    const started = performance.now();
    const fenced = fence(code);
    const ms = performance.now() - started;
    // the quadratic builder took 262 s; linear is a few ms (generous for a loaded machine)
    expect(ms).toBeLessThan(1000);
    expect(fenced.startsWith("`".repeat(524_289) + "groovy\n")).toBe(true);
    expect(fence("a ``` b ```` c")).toBe("`````groovy\na ``` b ```` c\n`````");
    expect(fence("plain")).toBe("```groovy\nplain\n```");
  });
});

describeWith(ENGINE_MISSING)(`ids, prompts and paths over the wire`, () => {
  let root: string;
  let outside: string;
  let server: HostileServer;
  beforeAll(async () => {
    const base = realpathSync(mkdtempSync(join(tmpdir(), "hostile-paths-")));
    root = join(base, "root");
    outside = join(base, "outside");
    mkdirSync(root);
    mkdirSync(outside);
    writeFileSync(join(root, "a.groovy"), "class A {}\n");
    writeFileSync(join(outside, "secret.groovy"), "class OutsideSecret {}\n");
    mkdirSync(join(root, "sub"));
    symlinkSync(join(outside, "secret.groovy"), join(root, "sub", "link.groovy"));
    server = await new HostileServer(["--root", root]).start();
  });
  afterAll(() => {
    if (server.alive) server.child.kill("SIGKILL");
    rmSync(join(root, ".."), { recursive: true, force: true });
  });

  it("echoes ids above 2^53 digit for digit, on results and on errors", async () => {
    for (const digits of BIG_IDS) {
      server.writeLine(`{"jsonrpc":"2.0","id":${digits},"method":"ping"}`);
      server.writeLine(`{"jsonrpc":"2.0","id":${digits},"method":"no/such/method"}`);
    }
    // replies come in order; find the raw lines that carry each id's digits
    const deadline = Date.now() + 30_000;
    const wanted = BIG_IDS.flatMap((d) => [`{"jsonrpc":"2.0","id":${d},"result":{}}`, `{"jsonrpc":"2.0","id":${d},"error":{"code":-32601`]);
    while (Date.now() < deadline && !wanted.every((w) => server.rawLines.some((l) => l.startsWith(w)))) await new Promise((r) => setTimeout(r, 50));
    for (const w of wanted) expect(server.rawLines.some((l) => l.startsWith(w)), w).toBe(true);
  });

  it("answers prompts/get with 524,288 backticks at once", async () => {
    const started = Date.now();
    const reply = await server.request("prompts/get", { name: "review-groovy", arguments: { code: "`".repeat(524_288) } }, 60_000);
    expect(Date.now() - started).toBeLessThan(10_000);
    const body = ((reply.result?.["messages"] as { content: { text: string } }[])[0]?.content.text) ?? "";
    expect(body).toContain("`".repeat(524_289) + "groovy\n");
  });

  it.each([
    ["a.groovy/.", /not a directory|does not name a file/],
    ["nonexistent/../a.groovy", /does not exist/],
    ["a.groovy/", /not a directory|does not name a file/],
    ["a.groovy/..", /not a directory|does not name a file/],
    ["sub/link.groovy", /outside the root/],
    ["sub/../../outside/secret.groovy", /outside the root/],
  ])("refuses %s the way the OS would", async (path, message) => {
    const answer = await server.tool("groovy_diagnostics", { path });
    expect(answer.isError, text(answer)).toBe(true);
    expect(text(answer)).toMatch(message);
    expect(text(answer)).not.toContain("OutsideSecret");
  });

  it("still reads ./a.groovy and sub/../a.groovy (sub exists)", async () => {
    for (const path of ["./a.groovy", "sub/../a.groovy", "a.groovy"]) {
      const answer = await server.tool("groovy_diagnostics", { path });
      expect(answer.isError, `${path}: ${text(answer)}`).toBeUndefined();
      expect(answer.structuredContent).toMatchObject({ errorCount: 0 });
    }
  });

  it("keeps every invariant (alive, ping, stdout, canary)", async () => {
    expect(await server.finish()).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import { ServerProcess } from "./support/server-process.js";

/** Deterministic PRNG (mulberry32) so a failure can be replayed from its seed. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SEEDS: string[] = [
  '{"jsonrpc":"2.0","id":1,"method":"ping"}',
  '{"jsonrpc":"2.0","id":2,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{}}}',
  '{"jsonrpc":"2.0","method":"notifications/initialized"}',
  '{"jsonrpc":"2.0","id":3,"method":"tools/list"}',
  '{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"groovy_diagnostics","arguments":{"path":"../x"}}}',
  '{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"groovy_describe","arguments":{"text":"x","line":0,"character":0,"extra":1}}}',
  '{"jsonrpc":"2.0","id":6,"method":"resources/read","params":{"uri":"groovy://server/x"}}',
  '{"jsonrpc":"2.0","id":7,"method":"prompts/get","params":{"name":"review-groovy","arguments":{"code":"def x = 1"}}}',
  '{"jsonrpc":"2.0","id":"s","method":"server/discover"}',
  '[{"jsonrpc":"2.0","id":8,"method":"ping"}]',
  '{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"groovy_close","arguments":{"uri":"groovy-buffer:none"}}}',
];
const TOKENS = ["{", "}", "[", "]", ":", ",", '"', "\\", "\\u0000", "null", "true", "-1e999", "1.5", '"id"', '"method"', '"params"', "\u00e9", "\ud83d\ude00", "\u2028", "\t", " ", "\r", "__proto__", '"constructor"'];

function mutate(rand: () => number, line: string): string {
  let s = line;
  const ops = 1 + Math.floor(rand() * 4);
  for (let i = 0; i < ops; i++) {
    const pos = Math.floor(rand() * (s.length + 1));
    const kind = Math.floor(rand() * 5);
    const token = TOKENS[Math.floor(rand() * TOKENS.length)] as string;
    if (kind === 0) s = s.slice(0, pos) + token + s.slice(pos);
    else if (kind === 1) s = s.slice(0, pos) + s.slice(pos + 1 + Math.floor(rand() * 8));
    else if (kind === 2) s = s.slice(0, pos) + String.fromCharCode(Math.floor(rand() * 0x80)) + s.slice(pos);
    else if (kind === 3) s = s.slice(0, pos);
    else s = s.slice(0, pos) + s.slice(pos).replace(/"[a-z]+"/, token);
  }
  return s.replace(/\n/g, " ");
}

function randomLine(rand: () => number): string {
  const length = Math.floor(rand() * 120);
  let s = "";
  for (let i = 0; i < length; i++) {
    const r = rand();
    s += r < 0.6 ? String.fromCharCode(32 + Math.floor(rand() * 95)) : r < 0.8 ? TOKENS[Math.floor(rand() * TOKENS.length)] : String.fromCharCode(Math.floor(rand() * 0xd7ff));
  }
  return s.replace(/\n/g, " ");
}

describe("fuzz", () => {
  it("survives 12,000 seeded random and mutated lines; every reply is one JSON line; ping still answers", async () => {
    const seed = 0x6e0021;
    const rand = prng(seed);
    const lines: string[] = [];
    for (let i = 0; i < 12_000; i++) {
      const r = rand();
      lines.push(r < 0.7 ? mutate(rand, SEEDS[Math.floor(rand() * SEEDS.length)] as string) : r < 0.95 ? randomLine(rand) : (SEEDS[Math.floor(rand() * SEEDS.length)] as string));
    }
    const s = new ServerProcess();
    const payload = lines.join("\n") + "\n";
    for (let i = 0; i < payload.length; i += 65_536) s.write(payload.slice(i, i + 65_536));
    s.send({ jsonrpc: "2.0", id: "fuzz-final-ping", method: "ping" });
    // a ping may overtake requests that wait on the engine, so the barrier is an ordinary request, answered last
    s.send({ jsonrpc: "2.0", id: "fuzz-final-barrier", method: "initialize", params: { protocolVersion: "2025-11-25" } });
    const reply = await s.waitForId("fuzz-final-ping", 300_000);
    expect(reply.result).toEqual({});
    await s.waitForId("fuzz-final-barrier", 300_000);
    expect(s.child.exitCode).toBeNull();
    for (const line of s.lines) {
      const value = JSON.parse(line) as Record<string, unknown>;
      expect(value["jsonrpc"]).toBe("2.0");
      expect("result" in value !== "error" in value).toBe(true);
    }
    expect(s.partialStdout).toBe("");
    const { code } = await s.close();
    expect(code).toBe(0);
    expect(s.stderr).not.toMatch(/unexpected failure/);
  }, 600_000);
});

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { request } from "node:http";
import { gzipSync } from "node:zlib";
import { deflateSync, strToU8 } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeSession, encodeSession, MAX_SHARED_BYTES } from "../../web/src/share.js";
import { PLAYGROUND_CSP, startStaticServer, type RunningStaticServer } from "../../web/server/static-server.mjs";

/** The playground's pieces that need no browser: the share-link codec and the static server. */
const base64url = (bytes: Uint8Array): string => Buffer.from(bytes).toString("base64url");

describe("share links", () => {
  it("round-trips every tab, its text and the active tab", () => {
    const session = { tabs: [{ name: "Main.groovy", text: 'println "héllo ✓"\n' }, { name: "build.gradle", text: "" }], active: 1 };
    const fragment = encodeSession(session);
    expect(fragment).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
    expect(decodeSession(`#${fragment}`)).toEqual(session);
  });

  it("compresses: a long, repetitive buffer makes a short link", () => {
    const text = "def x = 1\n".repeat(5000);
    expect(encodeSession({ tabs: [{ name: "A.groovy", text }], active: 0 }).length).toBeLessThan(text.length / 50);
  });

  it.each([
    ["no format tag", "abc", /not a playground link/],
    ["not DEFLATE", "v1.AAAA", /damaged/],
    ["not JSON", `v1.${base64url(deflateSync(strToU8("nope")))}`, /damaged/],
    ["no tabs", `v1.${base64url(deflateSync(strToU8(JSON.stringify({ t: [], a: 0 }))))}`, /no tabs/],
    ["a name a buffer URI cannot carry", `v1.${base64url(deflateSync(strToU8(JSON.stringify({ t: [["a b.groovy", ""]], a: 0 }))))}`, /malformed/],
    ["two tabs with one name", `v1.${base64url(deflateSync(strToU8(JSON.stringify({ t: [["A.groovy", ""], ["A.groovy", ""]], a: 0 }))))}`, /two tabs/],
  ])("refuses a link with %s, with a reason", (_what, fragment, reason) => {
    expect(() => decodeSession(fragment)).toThrow(reason);
  });

  it("refuses a link that inflates past the bound instead of allocating without limit", () => {
    const bomb = `v1.${base64url(deflateSync(new Uint8Array(MAX_SHARED_BYTES + 1024), { level: 9 }))}`;
    expect(bomb.length).toBeLessThan(20_000);
    expect(() => decodeSession(bomb)).toThrow(/larger than/);
  });

  it("falls back to the first tab when the active index is out of range", () => {
    const fragment = `v1.${base64url(deflateSync(strToU8(JSON.stringify({ t: [["A.groovy", "1"]], a: 7 }))))}`;
    expect(decodeSession(fragment).active).toBe(0);
  });
});

describe("the playground's static server", () => {
  let root = "";
  let server: RunningStaticServer;

  const get = (path: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> =>
    new Promise((resolve, reject) => {
      const url = new URL(server.url);
      const req = request({ host: url.hostname, port: url.port, path, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.on("error", reject);
      req.end();
    });

  beforeAll(async () => {
    const parent = mkdtempSync(join(tmpdir(), "groovymcp-static-"));
    root = join(parent, "site");
    mkdirSync(join(root, "engine"), { recursive: true });
    writeFileSync(join(parent, "secret.txt"), "outside the root");
    writeFileSync(join(root, "index.html"), "<!doctype html><title>t</title>");
    writeFileSync(join(root, "engine", "groovy-engine.wasm"), Buffer.alloc(4096, 7));
    writeFileSync(join(root, "engine", "groovy-engine.wasm.gz"), gzipSync(Buffer.alloc(4096, 7)));
    server = await startStaticServer(root);
  });

  afterAll(async () => {
    await server?.close();
    if (root !== "") rmSync(join(root, ".."), { recursive: true, force: true });
  });

  it("listens on loopback only and serves the page with the CSP", async () => {
    expect(new URL(server.url).hostname).toBe("127.0.0.1");
    const page = await get("/");
    expect(page.status).toBe(200);
    expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(page.headers["content-security-policy"]).toBe(PLAYGROUND_CSP);
    expect(PLAYGROUND_CSP).toContain("'wasm-unsafe-eval'");
    expect(PLAYGROUND_CSP).toContain("connect-src 'self'");
  });

  it("sends the precompressed twin the client accepts, and the plain file otherwise", async () => {
    const compressed = await get("/engine/groovy-engine.wasm", { "accept-encoding": "gzip, deflate" });
    expect(compressed.headers["content-encoding"]).toBe("gzip");
    expect(compressed.headers["content-type"]).toBe("application/wasm");
    expect(compressed.body.length).toBeLessThan(4096);
    const plain = await get("/engine/groovy-engine.wasm");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.length).toBe(4096);
    const again = await get("/engine/groovy-engine.wasm", { "if-none-match": String(plain.headers["etag"]) });
    expect(again.status).toBe(304);
  });

  it.each(["/../secret.txt", "/%2e%2e/secret.txt", "/engine/..%2f..%2fsecret.txt", "/%00", "/missing.js"])("answers 404 for %s", async (path) => {
    const response = await get(path);
    expect(response.status).toBe(404);
    expect(response.body.toString()).not.toContain("outside the root");
  });
});

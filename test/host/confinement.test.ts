import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ServerProcess, toolResult } from "./support/server-process.js";

const SECRET = "TOP-SECRET-CONTENT";
let base: string;
let root: string;
let linkedRoot: string;
let hasDevice = false;
const servers: ServerProcess[] = [];

async function serverWith(rootDir: string): Promise<ServerProcess> {
  const s = new ServerProcess(["--root", rootDir]);
  servers.push(s);
  await s.initialize();
  return s;
}

beforeAll(() => {
  base = mkdtempSync(join(tmpdir(), "gm-confine-"));
  root = join(base, "root");
  mkdirSync(join(root, "sub"), { recursive: true });
  writeFileSync(join(root, "ok.groovy"), "class Ok { int x }\n");
  writeFileSync(join(base, "secret.groovy"), `// ${SECRET}\n`);
  symlinkSync("../secret.groovy", join(root, "link-out"));
  symlinkSync(base, join(root, "link-dir-out"));
  symlinkSync("/etc/passwd", join(root, "link-abs"));
  symlinkSync("/proc/self/environ", join(root, "link-proc"));
  symlinkSync("link-loop", join(root, "link-loop"));
  symlinkSync("..", join(root, "link-parent"));
  symlinkSync("/dev/null", join(root, "link-dev"));
  symlinkSync("ok.groovy", join(root, "link-ok"));
  execFileSync("mkfifo", [join(root, "pipe")]);
  try {
    execFileSync("mknod", [join(root, "null-device"), "c", "1", "3"], { stdio: "ignore" });
    hasDevice = true;
  } catch {
    hasDevice = false;
  }
  writeFileSync(join(root, "big.groovy"), "x".repeat(524_288 * 3 + 1));
  writeFileSync(join(root, "bad.groovy"), Buffer.from([0x63, 0x6c, 0x61, 0xff, 0xfe, 0x0a]));
  linkedRoot = join(base, "linked-root");
  symlinkSync(root, linkedRoot);
});

afterAll(async () => {
  for (const s of servers) await s.close();
});

const rootUri = (): string => pathToFileURL(root).href;

/** Every escape attempt: [label, arguments, expected message]. */
function attempts(): [string, Record<string, string>, RegExp][] {
  const list: [string, Record<string, string>, RegExp][] = [
    ["parent", { path: "../secret.groovy" }, /outside the root/],
    ["sub/.. chain", { path: "sub/../../secret.groovy" }, /outside the root/],
    ["deep .. chain", { path: "../../../../../../../../etc/passwd" }, /outside the root/],
    ["dot segments", { path: "./././../secret.groovy" }, /outside the root/],
    ["absolute outside", { path: join(base, "secret.groovy") }, /outside the root/],
    ["absolute /etc/passwd", { path: "/etc/passwd" }, /outside the root/],
    ["absolute /proc", { path: "/proc/self/environ" }, /outside the root/],
    ["absolute /dev/null", { path: "/dev/null" }, /outside the root/],
    ["symlink to outside file", { path: "link-out" }, /resolves outside the root/],
    ["symlink to outside dir", { path: "link-dir-out/secret.groovy" }, /resolves outside the root/],
    ["symlink to /etc/passwd", { path: "link-abs" }, /resolves outside the root/],
    ["symlink to /proc", { path: "link-proc" }, /resolves outside the root/],
    ["symlink to a device", { path: "link-dev" }, /resolves outside the root/],
    ["symlink to parent", { path: "link-parent/secret.groovy" }, /resolves outside the root/],
    ["symlink loop", { path: "link-loop" }, /symbolic links/],
    ["FIFO", { path: "pipe" }, /not a regular file/],
    ["directory", { path: "sub" }, /directory/],
    ["directory with trailing separator", { path: "sub/" }, /directory/],
    ["the root itself", { path: "." }, /directory/],
    ["file with trailing separator", { path: "ok.groovy/" }, /does not name a file/],
    ["NUL byte", { path: "ok.groovy\u0000.txt" }, /NUL/],
    ["very long path", { path: "a/".repeat(3000) + "x.groovy" }, /too long/],
    ["very long component", { path: "x".repeat(1000) }, /too long/],
    ["file over the source cap", { path: "big.groovy" }, /larger than the source limit of 524288/],
    ["invalid UTF-8", { path: "bad.groovy" }, /not valid UTF-8/],
    ["%2e%2e file URI", { uri: `${rootUri()}/%2e%2e/secret.groovy` }, /outside the root/],
    ["%2E%2E chain file URI", { uri: `${rootUri()}/sub/%2E%2E/%2e%2E/secret.groovy` }, /outside the root/],
    ["encoded slash file URI", { uri: `${rootUri()}/..%2fsecret.groovy` }, /encoded separator/],
    ["file URI with host", { uri: "file://evil.example/etc/passwd" }, /host part|outside the root/],
    ["file URI outside", { uri: "file:///etc/passwd" }, /outside the root/],
    ["file URI to symlink", { uri: `${rootUri()}/link-out` }, /resolves outside the root/],
    ["file URI to FIFO", { uri: `${rootUri()}/pipe` }, /not a regular file/],
    ["file URI with NUL", { uri: `${rootUri()}/ok.groovy%00` }, /NUL/],
    ["file URI with query", { uri: `${rootUri()}/ok.groovy?x=1` }, /query or fragment/],
    ["missing file", { path: "nope.groovy" }, /does not exist/],
  ];
  if (hasDevice) list.push(["device node", { path: "null-device" }, /not a regular file/]);
  return list;
}

describe("root confinement", () => {
  it("refuses every escape attempt with a clear message", async () => {
    const s = await serverWith(root);
    const list = attempts();
    expect(list.length).toBeGreaterThanOrEqual(25);
    let id = 0;
    for (const [label, args, message] of list) {
      const result = toolResult(await s.callTool(++id, "groovy_diagnostics", args));
      expect(result.isError, label).toBe(true);
      expect(result.content[0]?.text, label).toMatch(message);
      expect(JSON.stringify(result), label).not.toContain(SECRET);
      expect(result.content[0]?.text.length, label).toBeLessThan(400);
    }
  });

  it("refuses escapes through a symlinked root", async () => {
    const s = await serverWith(linkedRoot);
    const cases: [Record<string, string>, RegExp][] = [
      [{ path: "../secret.groovy" }, /outside the root/],
      [{ path: join(linkedRoot, "..", "secret.groovy") }, /outside the root/],
      [{ path: join(linkedRoot, "link-out") }, /resolves outside the root/],
      [{ uri: `${pathToFileURL(linkedRoot).href}/%2e%2e/secret.groovy` }, /outside the root/],
    ];
    let id = 0;
    for (const [args, message] of cases) {
      const result = toolResult(await s.callTool(++id, "groovy_tokens", args));
      expect(result.isError).toBe(true);
      expect(result.content[0]?.text).toMatch(message);
    }
  });

  it("refuses pseudo file systems even when the root is /", async () => {
    const s = await serverWith("/");
    const cases = ["/proc/self/environ", "/proc/self/cmdline", "/sys/kernel/hostname", "/dev/null", "/dev/zero", "proc/self/status"];
    let id = 0;
    for (const path of cases) {
      const result = toolResult(await s.callTool(++id, "groovy_diagnostics", { path }));
      expect(result.isError, path).toBe(true);
      expect(result.content[0]?.text, path).toMatch(/pseudo file system|not a regular file|does not exist/);
    }
  });

  it("lets files inside the root through confinement (relative, absolute, file URI, symlink inside, symlinked root)", async () => {
    const s = await serverWith(root);
    const inside: Record<string, string>[] = [
      { path: "ok.groovy" },
      { path: "sub/../ok.groovy" },
      { path: join(root, "ok.groovy") },
      { path: "link-ok" },
      { uri: `${rootUri()}/ok.groovy` },
      { uri: `${rootUri()}/sub/%2e%2e/ok.groovy` },
    ];
    let id = 0;
    for (const args of inside) {
      const result = toolResult(await s.callTool(++id, "groovy_diagnostics", args));
      if (result.isError === true) expect(result.content[0]?.text, JSON.stringify(args)).toMatch(/engine is not available/);
      else expect(result.structuredContent["uri"]).toBe(pathToFileURL(join(root, "ok.groovy")).href);
    }
    const s2 = await serverWith(linkedRoot);
    const viaLink = toolResult(await s2.callTool(1, "groovy_diagnostics", { path: join(linkedRoot, "ok.groovy") }));
    if (viaLink.isError === true) expect(viaLink.content[0]?.text).toMatch(/engine is not available/);
  });
});

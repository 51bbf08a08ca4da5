import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { isBuiltin } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { ENGINE_MISSING, NODE, PROJECT_ROOT, ServerProcess, toolResult } from "./support/server-process.js";
import { itWith } from "../support/peers.js";

/**
 * npm pack → install the tarball into an empty folder → run a session with only `node` on PATH (no java).
 */
let installDir: string;
let binDir: string;
let tarballFiles: string[];

function npm(args: string[], cwd: string): string {
  const npmCli = join(PROJECT_ROOT, "node_modules", "node", "node_modules", "npm", "bin", "npm-cli.js");
  const useBundled = spawnSync(NODE, [npmCli, "--version"], { encoding: "utf8" }).status === 0;
  return useBundled
    ? execFileSync(NODE, [npmCli, ...args], { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] })
    : execFileSync("npm", args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

beforeAll(() => {
  const packDir = mkdtempSync(join(tmpdir(), "gm-pack-"));
  const packed = JSON.parse(npm(["pack", "--json", "--ignore-scripts", "--pack-destination", packDir], PROJECT_ROOT)) as { filename: string; files: { path: string }[] }[];
  const first = packed[0];
  if (first === undefined) throw new Error("npm pack produced nothing");
  tarballFiles = first.files.map((f) => f.path);
  installDir = mkdtempSync(join(tmpdir(), "gm-install-"));
  writeFileSync(join(installDir, "package.json"), JSON.stringify({ name: "empty", version: "1.0.0", private: true }));
  npm(["install", "--no-audit", "--no-fund", "--omit=dev", join(packDir, first.filename)], installDir);
  binDir = join(installDir, "only-node-bin");
  mkdirSync(binDir);
  symlinkSync(NODE, join(binDir, "node"));
}, 300_000);

function isolatedServer(): ServerProcess {
  const entry = join(installDir, "node_modules", "groovymcp", "dist", "cli.js");
  return new ServerProcess([entry], { command: NODE, cwd: installDir, env: { PATH: binDir, HOME: installDir } });
}

describe("npm package", () => {
  it("ships dist/ and the README, not the sources or tests", () => {
    expect(tarballFiles).toContain("dist/cli.js");
    expect(tarballFiles).toContain("README.md");
    expect(tarballFiles.some((f) => f.startsWith("src/"))).toBe(false);
    expect(tarballFiles.some((f) => f.startsWith("test/"))).toBe(false);
    // no source maps: they would point at src/, which the package does not ship
    expect(tarballFiles.filter((f) => f.endsWith(".map"))).toEqual([]);
    // the engine's worker entry ships next to its host, the bundled one next to the bundled server
    expect(tarballFiles).toContain("dist/engine/node/engine-worker.js");
    expect(tarballFiles).toContain("dist/engine-worker.js");
    // the build's own outputs: the tools' validators and the licences of what the bundles inline
    expect(tarballFiles).toContain("dist/tool-validators.js");
    expect(tarballFiles).toContain("dist/THIRD-PARTY-LICENSES.txt");
  });

  it("ships every file the installed README and docs link to", () => {
    const pkg = join(installDir, "node_modules", "groovymcp");
    const docs = readdirSync(join(pkg, "docs")).filter((f) => f.endsWith(".md")).map((f) => join(pkg, "docs", f));
    const broken: string[] = [];
    let links = 0;
    for (const file of [join(pkg, "README.md"), ...docs]) {
      // links outside fenced code blocks; an address with a scheme is not the package's to ship
      const text = readFileSync(file, "utf8").replace(/^```[\s\S]*?^```/gm, "");
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        const path = target!.split("#")[0]!;
        if (path === "" || /^[a-z][a-z0-9+.-]*:/i.test(path)) continue;
        links++;
        if (!existsSync(join(dirname(file), path))) broken.push(`${relative(pkg, file)} -> ${target}`);
      }
    }
    expect(broken).toEqual([]);
    // the README's reference section alone links a dozen docs, so a parse that finds none is itself a failure
    expect(links).toBeGreaterThan(20);
  });

  it("starts from bundles: the bin and the worker import nothing of their own, only Node's modules", () => {
    for (const bundle of ["dist/cli.js", "dist/engine-worker.js"]) {
      const text = readFileSync(join(PROJECT_ROOT, bundle), "utf8");
      // `import x from "s"`, `export … from "s"`, `import "s"` and `import("s")`
      const specifiers = [...text.matchAll(/(?:^|[;\s])(?:import|export)\s[^"';]*?from\s*"([^"]+)"|(?:^|[;\s])import\s*"([^"]+)"|\bimport\(\s*"([^"]+)"\s*\)/gm)].map((m) => m[1] ?? m[2] ?? m[3]);
      expect(specifiers.length, bundle).toBeGreaterThan(0);
      expect(specifiers.filter((s) => s === undefined || !isBuiltin(s)), bundle).toEqual([]);
    }
    // what the bundles inline carries its licence (scripts/bundle-entries.mjs)
    const licences = readFileSync(join(PROJECT_ROOT, "dist", "THIRD-PARTY-LICENSES.txt"), "utf8");
    for (const name of ["ajv", "commander", "fflate", "ignore", "picomatch", "tinyglobby"]) expect(licences).toMatch(new RegExp(`^${name} \\d`, "m"));
  });

  it("installs into an empty folder and serves a session with no java on PATH", async () => {
    expect(spawnSync("java", ["-version"], { env: { PATH: binDir } }).error).toBeDefined();
    expect(readdirSync(join(installDir, "node_modules", ".bin"))).toContain("groovymcp");
    const s = isolatedServer();
    expect((await s.initialize()).result?.["serverInfo"]).toMatchObject({ name: "groovy-mcp" });
    expect((await s.request(2, "tools/list")).result?.["tools"]).toHaveLength(13);
    expect((await s.close()).code).toBe(0);
  });

  itWith(ENGINE_MISSING)(`ships the built engine and runs a full session on it`, async () => {
    for (const f of ["groovy-engine.wasm", "groovy-engine.wasm-runtime.js", "classmodel.bin"]) {
      expect(tarballFiles).toContain(`engine-wasm/target/dist/${f}`);
    }
    const s = isolatedServer();
    await s.initialize();
    const diag = toolResult(await s.callTool(2, "groovy_diagnostics", { text: "class A { void f() { int x = 1 } }\n" }));
    expect(diag.isError).toBeUndefined();
    expect(diag.structuredContent).toMatchObject({ uri: "groovy-buffer:snippet", errorCount: 0 });
    const limits = (await s.request(3, "resources/read", { uri: "groovy://server/limits" })).result as { contents: { text: string }[] };
    expect(JSON.parse(limits.contents[0]?.text ?? "{}")).toMatchObject({ engine: "webassembly", execution: false });
    expect((await s.close()).code).toBe(0);
  });
});

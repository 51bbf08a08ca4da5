import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { jar, zerosCrc, zerosDeflate } from "./support/class-files.js";
import { CLI, ENGINE_MISSING, NODE, javaFreeEnvironment, tempRepo, writeTree, type JsonReport } from "../lint/support.js";
import { describeWith } from "../support/peers.js";

/**
 * Issue 33: the repository under lint is a hostile pull request. Each case runs the real CLI on a tree shaped like
 * the attack and asserts the exit code, that nothing was written outside the tree, that no printed line can be read
 * as a workflow command or a terminal sequence, and the process's peak memory.
 */

/** Lint's documented memory: about 1 GiB per job (docs/rules.md, "Large trees"); these runs use one job. */
const PEAK_RSS_BOUND_MB = 2048;

interface Run {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
  /** VmHWM of the lint process (main thread and workers), in MB, read while it ran. */
  readonly peakMb: number;
}

function peakOf(pid: number | undefined): number {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return m === null ? 0 : Number(m[1]) / 1024;
  } catch {
    return 0;
  }
}

function run(args: readonly string[], cwd: string, options: { input?: string; env?: NodeJS.ProcessEnv; nodeArgs?: readonly string[]; closeStdoutAfter?: number } = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(NODE, [...(options.nodeArgs ?? []), CLI, "lint", "--jobs", "1", ...args], { cwd, env: options.env ?? javaFreeEnvironment(), stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    let peakMb = 0;
    const sampler = setInterval(() => (peakMb = Math.max(peakMb, peakOf(child.pid))), 50);
    child.stdout.setEncoding("utf8").on("data", (d: string) => {
      stdout += d;
      // like `lint | head -c N`: the reader goes away while the report is still being written
      if (options.closeStdoutAfter !== undefined && stdout.length >= options.closeStdoutAfter) child.stdout.destroy();
    });
    child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
    const timer = setTimeout(() => child.kill("SIGKILL"), 150_000);
    child.on("error", reject);
    child.on("close", (status) => {
      clearTimeout(timer);
      clearInterval(sampler);
      resolve({ status, stdout, stderr, peakMb });
    });
    child.stdin.end(options.input ?? "");
  });
}

/** Every line GitHub Actions could run as a workflow command, or that carries a control character. */
function dangerousLines(output: string, ownCommands: boolean): string[] {
  return output.split("\n").filter((line) => {
    if (/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/.test(line)) return true;
    if (!/^\s*::/.test(line)) return false;
    return !ownCommands || !/^::(error|warning|notice) file=[^\n]*::/.test(line);
  });
}

function snapshot(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" }).sort();
}

const GOOD = "class Good {\n  int twice(int x) { x * 2 }\n}\n";
/** A script with one finding (a repeated map key): scripts compile alone, so each file reports exactly one. */
const WARNING = "def m = [k: 1, k: 2]\nprintln m\n";

describeWith(ENGINE_MISSING)("lint against a hostile repository", () => {
  it("--output refuses a committed symlink (to a file or dangling), a path leading out of the tree, and writes an absolute path", async () => {
    const outside = mkdtempSync(join(tmpdir(), "groovymcp-outside-"));
    const victim = join(outside, "victim.txt");
    writeFileSync(victim, "precious\n");
    const dir = tempRepo("output");
    writeTree(dir, { "Good.groovy": GOOD });
    symlinkSync(victim, join(dir, "groovymcp.sarif"));
    symlinkSync(join(outside, "created-by-lint.sarif"), join(dir, "dangling.sarif"));
    symlinkSync(outside, join(dir, "reports"));
    const before = snapshot(outside);

    const toFile = await run(["--format", "sarif", "--output", "groovymcp.sarif"], dir);
    expect(toFile.status).toBe(2);
    expect(toFile.stderr).toMatch(/^groovymcp lint: cannot write --output file groovymcp\.sarif: it is a symbolic link/);
    const dangling = await run(["--format", "sarif", "-o", "dangling.sarif"], dir);
    expect(dangling.status).toBe(2);
    expect(dangling.stderr).toContain("dangling.sarif: it is a symbolic link");
    const throughDirectory = await run(["-o", "reports/r.sarif"], dir);
    expect(throughDirectory.status).toBe(2);
    expect(throughDirectory.stderr).toContain("reports/r.sarif: it is outside the working directory");
    const upwards = await run(["-o", "../up.txt"], join(dir));
    expect(upwards.status).toBe(2);
    expect(upwards.stderr).toContain("outside the working directory");

    expect(readFileSync(victim, "utf8")).toBe("precious\n");
    expect(snapshot(outside)).toEqual(before);
    for (const r of [toFile, dangling, throughDirectory, upwards]) expect(r.stdout).toBe("");

    // an absolute path is the user's own choice
    const absolute = join(outside, "chosen.json");
    const chosen = await run(["--format", "json", "-o", absolute], dir);
    expect(chosen.status, chosen.stderr).toBe(0);
    expect((JSON.parse(readFileSync(absolute, "utf8")) as JsonReport).summary.files).toBe(1);
  });

  it("a file name or --stdin-filename carrying newlines and ::error cannot start a line, in text and github formats", async () => {
    const dir = tempRepo("names");
    const injected = "a\n::error file=README.md,line=1::injected\nb.groovy";
    writeTree(dir, { [injected]: WARNING, "::warning title=x::y.groovy": WARNING, " ::notice::z.groovy": WARNING, "\u001b]0;title\u0007.groovy": WARNING });
    for (const format of ["text", "github"]) {
      const r = await run(["--format", format, "--no-color"], dir);
      expect(r.status, r.stderr).toBe(0);
      expect(dangerousLines(r.stdout, format === "github")).toEqual([]);
      // one line per finding: 4 files with one warning each
      expect(r.stdout.split("\n").filter((l) => l.includes("is already used"))).toHaveLength(4);
    }
    const json = await run(["--format", "json"], dir);
    const paths = (JSON.parse(json.stdout) as JsonReport).files.map((f) => f.path).sort();
    expect(paths).toEqual([" ::notice::z.groovy", "::warning title=x::y.groovy", injected, "\u001b]0;title\u0007.groovy"].sort());
    const sarif = await run(["--format", "sarif"], dir);
    expect(() => JSON.parse(sarif.stdout) as unknown).not.toThrow();

    const stdin = await run(["--format", "text", "--stdin-filename", "x\n::error::stdin\n.groovy", "-"], dir, { input: WARNING });
    expect(stdin.status).toBe(0);
    expect(dangerousLines(stdin.stdout, false)).toEqual([]);
    expect(stdin.stdout).toContain("x\\n::error::stdin\\n.groovy:1:");
  });

  it("escapes ESC, OSC and BEL quoted from source in messages, even with --no-color", async () => {
    const dir = tempRepo("controls");
    writeTree(dir, { "map.groovy": 'def m = ["\u001b]0;pwned\u0007\u001b[2J": 1, "\u001b]0;pwned\u0007\u001b[2J": 2]\nprintln m\n' });
    for (const format of ["text", "github"]) {
      const r = await run(["--format", format, "--no-color"], dir);
      expect(r.stdout).toContain("groovy/duplicate-map-key");
      expect(dangerousLines(r.stdout, format === "github")).toEqual([]);
      expect(r.stdout).toContain("\\x1b]0;pwned\\x07");
    }
    const json = await run(["--format", "json"], dir);
    expect((JSON.parse(json.stdout) as JsonReport).files[0]!.findings[0]!.message).toContain("\u001b]0;pwned\u0007");
  });

  it("skips a .gitignore that is a link to /dev/zero or a FIFO with a warning, and refuses such a config", async () => {
    const dir = tempRepo("gitignore");
    writeTree(dir, { "Good.groovy": GOOD, "sub/Other.groovy": GOOD });
    symlinkSync("/dev/zero", join(dir, ".gitignore"));
    expect(spawnSync("mkfifo", [join(dir, "sub", ".gitignore")]).status).toBe(0);
    const r = await run(["--format", "json"], dir);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toContain("warning: ");
    expect(r.stderr).toMatch(/\.gitignore is not a regular file, so it is not applied/);
    expect((JSON.parse(r.stdout) as JsonReport).summary.files).toBe(2);
    expect(r.peakMb).toBeLessThan(PEAK_RSS_BOUND_MB);

    symlinkSync("/dev/zero", join(dir, ".groovymcp.json"));
    const config = await run([], dir);
    expect(config.status).toBe(2);
    expect(config.stderr).toMatch(/^groovymcp lint: config .*\.groovymcp\.json: is not a regular file\n$/);
    writeFileSync(join(dir, "big.json"), `{"exclude": [${'"x",'.repeat(300_000)}"y"]}`);
    const big = await run(["--config", "big.json"], dir);
    expect(big.status).toBe(2);
    expect(big.stderr).toContain("is larger than 1048576 bytes");
  });

  it("refuses config globs that would backtrack exponentially, before matching any file", async () => {
    const dir = tempRepo("globs");
    writeTree(dir, { [`${"a".repeat(200)}.groovy`]: GOOD });
    for (const [field, config] of [
      ["exclude[0]", { exclude: [`${"a*".repeat(40)}x`] }],
      [`kinds["${"a*".repeat(8)}x"]`, { kinds: { [`${"a*".repeat(8)}x`]: "script" } }],
      ["include[0]", { include: ["**/a/**/a/**/a/**/x"] }],
      ["exclude[0]", { exclude: ["+(a*)*x"] }],
    ] as const) {
      writeFileSync(join(dir, ".groovymcp.json"), JSON.stringify(config));
      const r = await run([], dir);
      expect(r.status, r.stderr).toBe(2);
      expect(r.stderr).toContain(`field ${field}: `);
      expect(r.stderr.split("\n")).toHaveLength(2);
    }
  });

  it("caps the inflated bytes of all classpath jars together, naming the jar that is skipped", async () => {
    const dir = tempRepo("jars");
    writeTree(dir, { "Good.groovy": GOOD });
    // 33 entries of 8,000,000 bytes: each entry and the jar are within their own bounds, and one such jar within the
    // classpath bound
    const size = 8_000_000;
    const entry = { deflated: zerosDeflate(size), size, crc: zerosCrc(size) };
    const bytes = jar(Array.from({ length: 33 }, (_, i) => ({ name: `evil/Part${i}.class`, data: entry })));
    mkdirSync(join(dir, "libs"));
    const names = ["one.jar", "two.jar", "three.jar"];
    for (const n of names) writeFileSync(join(dir, "libs", n), bytes);
    // each listed many times: the same jar is read once, and the copies together pass the classpath bound
    writeFileSync(join(dir, ".groovymcp.json"), JSON.stringify({ classpath: Array.from({ length: 16 }, (_, i) => `libs/${names[i % 3]}`) }));
    const r = await run(["--format", "json"], dir);
    expect(r.status, r.stderr).toBe(0);
    const skipped = r.stderr.split("\n").filter((l) => l.includes("the classpath bound"));
    expect(skipped).toHaveLength(2);
    skipped.forEach((line, i) => expect(line).toMatch(new RegExp(`warning: the classpath jar ${["two", "three"][i]}\\.jar is skipped: the classpath's class files together would inflate to more than 268435456 bytes \\(the classpath bound\\)$`)));
    console.log(`16 listings of 3 jars of 252 MiB of classes each: peak RSS ${Math.round(r.peakMb)} MB`);
    expect(r.peakMb).toBeLessThan(PEAK_RSS_BOUND_MB);
  }, 200_000);

  it("a file deleted during the run is an I/O error naming it (exit 2); a closed stdout ends the run quietly", async () => {
    const dir = tempRepo("deleted");
    writeTree(dir, { "Good.groovy": GOOD, "Victim.groovy": GOOD });
    const victim = join(dir, "Victim.groovy");
    const env = { ...javaFreeEnvironment(), GROOVYMCP_TEST_REMOVE_ON_SECOND_READ: victim };
    const preload = join(import.meta.dirname, "support", "remove-on-second-read.mjs");
    const r = await run(["--format", "json"], dir, { env, nodeArgs: ["--import", preload] });
    expect(existsSync(victim)).toBe(false);
    expect(r.status).toBe(2);
    expect(r.stderr).toBe("groovymcp lint: cannot read Victim.groovy: it was removed or became unreadable during the run\n");
    expect(r.stdout).toBe("");

    const many = tempRepo("epipe");
    writeTree(many, { "many.groovy": Array.from({ length: 3000 }, () => WARNING).join("") });
    const whole = await run(["--format", "text", "--fail-on", "none"], many);
    // far more than a pipe holds, so the writer is still writing when the reader leaves
    expect(whole.stdout.length).toBeGreaterThan(200_000);
    const piped = await run(["--format", "text", "--fail-on", "none"], many, { closeStdoutAfter: 1 });
    expect(piped.stderr).toBe("");
    expect(piped.status).toBe(0);
  });
});

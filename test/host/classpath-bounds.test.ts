import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { zipSync } from "fflate";
import { expect, it } from "vitest";
import { interfaceClassFile } from "./support/class-file.js";
import { ENGINE_MISSING, ServerProcess, toolResult } from "./support/server-process.js";
import { describeWith } from "../support/peers.js";

/**
 * Classpath jars are bounded before they reach the engine: a jar over a bound is skipped with one stderr warning
 * naming the bound (never the path), and the rest of the classpath still works. Before the bounds, a 1 MB jar
 * inflating to ~1 GB kept the server busy for minutes at gigabytes of RSS.
 */
describeWith(ENGINE_MISSING)(`classpath jar bounds`, () => {
  it("skips a jar over a bound with one warning naming the bound, and still resolves classes from the others", async () => {
    const dir = mkdtempSync(join(tmpdir(), "gm-cp-bomb-secret-"));
    const good = join(dir, "good-secret.jar");
    const bomb = join(dir, "bomb-secret.jar");
    const greeter = interfaceClassFile("demo/Greeter", [{ name: "greet", descriptor: "(Ljava/lang/String;)Ljava/lang/String;" }]);
    writeFileSync(good, zipSync({ "demo/Greeter.class": greeter, "META-INF/MANIFEST.MF": new TextEncoder().encode("Manifest-Version: 1.0\n") }));
    // one "class" that inflates past the 8 MiB class-file bound; it deflates to a few KiB
    writeFileSync(bomb, zipSync({ "evil/Bomb.class": new Uint8Array(8 * 1024 * 1024 + 1) }, { level: 6 }));

    const s = new ServerProcess(["--classpath", [bomb, good].join(delimiter)]);
    const started = Date.now();
    await s.initialize();
    expect(Date.now() - started).toBeLessThan(5000);
    // the classpath is read and bounded in the engine's worker: the session answers meanwhile
    const pingSent = Date.now();
    expect((await s.request("ping", "ping")).result).toEqual({});
    expect(Date.now() - pingSent).toBeLessThan(200);
    const ok = toolResult(await s.callTool(2, "groovy_diagnostics", {
      text: "import demo.Greeter\n@groovy.transform.CompileStatic\nString hello(Greeter g) { g.greet('x').toUpperCase() }\n",
    }));
    expect(ok.isError).toBeUndefined();
    expect(ok.structuredContent["diagnostics"]).toEqual([]);
    const missing = toolResult(await s.callTool(3, "groovy_diagnostics", { text: "import evil.Bomb\nBomb b = null\n" }));
    expect(JSON.stringify(missing.structuredContent)).toContain("unable to resolve class evil.Bomb");
    await s.close();
    const warnings = s.stderr.split("\n").filter((l) => l.includes("classpath jar"));
    expect(warnings).toEqual(["groovymcp: warning: a classpath jar is skipped: a class file in it inflates to more than 8388608 bytes (the class file bound)"]);
    expect(s.stderr).not.toContain("secret");
  }, 60_000);
});

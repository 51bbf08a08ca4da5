import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { ENGINE_MISSING, PROJECT_ROOT, ServerProcess, toolResult } from "./support/server-process.js";
import { describeWith } from "../support/peers.js";

/**
 * The core class model with extra packs read on first use (GROOVYMCP_CLASS_MODEL=core, the playground's path)
 * against the whole model, both through the real MCP server on the real engine: the answers must be the same, and
 * a source that needs only the core must not load any extra pack. The server logs one stderr line per pack it
 * reads, which is what is counted.
 */
const dist = join(PROJECT_ROOT, "engine-wasm", "target", "dist");
const splitMissing = ENGINE_MISSING ?? (existsSync(join(dist, "classmodel-core.bin")) && existsSync(join(dist, "classmodel-packs")) ? undefined : `the split class model (classmodel-core.bin, classmodel-packs/) is not built in ${dist} (run npm run build:engine)`);

/** Needs Ant (an extra pack): the import resolves only once the pack is there, and the type checker uses it. */
const ANT = [
  "import org.apache.tools.ant.Project",
  "@groovy.transform.CompileStatic",
  "class Build {",
  "    int level(Project p) { p.getName() }",
  "    String name(Project p) { p.name }",
  "}",
  "",
].join("\n");
/** Needs Swing (several java.desktop packs) and groovy-swing. */
const SWING = "import javax.swing.JFrame\nimport groovy.swing.SwingBuilder\ndef f = new JFrame('x')\nnew SwingBuilder().frame(title: 'y')\nf.setVisible(true)\n";
/** Core only: java.base, Groovy's core and groovy-json. */
const CORE = "import groovy.json.JsonSlurper\n@groovy.transform.CompileStatic\nclass C {\n    Map parse(String s) { (Map) new JsonSlurper().parseText(s) }\n    int n() { 'a'.size() + [1, 2].size() }\n}\n";

const packLines = (stderr: string): string[] => stderr.split("\n").filter((l) => l.startsWith("groovymcp: class model pack "));
/**
 * The worker thread's stderr reaches the server's stderr asynchronously, so a reply can overtake the line of a pack
 * read for it: counts are taken after a pause that lets such lines arrive.
 */
const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 1000));

describeWith(splitMissing)("class model packs on first use", () => {
  let whole: ServerProcess;
  let core: ServerProcess;
  let id = 0;
  beforeAll(async () => {
    // no idle warm-up: it compiles the server's own Groovy until the first call (its @Immutable class reads a
    // java.desktop pack), and what is counted here is what the client's sources load; how far the warm-up gets
    // before the first call depends on the machine (a faster engine load got it there in one CI run)
    whole = new ServerProcess([], { env: { ...process.env, GROOVYMCP_CLASS_MODEL: "whole", GROOVYMCP_WARMUP: "0" } });
    core = new ServerProcess([], { env: { ...process.env, GROOVYMCP_CLASS_MODEL: "core", GROOVYMCP_WARMUP: "0" } });
    await Promise.all([whole.initialize(), core.initialize()]);
  });
  afterAll(async () => {
    await Promise.all([whole.close(), core.close()]);
  });

  const both = async (name: string, args: Record<string, unknown>): Promise<[unknown, unknown]> => {
    const a = toolResult(await whole.callTool(++id, name, args));
    const b = toolResult(await core.callTool(++id, name, args));
    return [a.structuredContent ?? a.content, b.structuredContent ?? b.content];
  };

  it("a source that needs only the core answers without loading any extra pack", async () => {
    const [a, b] = await both("groovy_diagnostics", { text: CORE, uri: "groovy-buffer:core" });
    expect(b).toEqual(a);
    expect((a as { errorCount: number }).errorCount).toBe(0);
    const [da, db] = await both("groovy_describe", { text: CORE, uri: "groovy-buffer:core", line: 3, character: 30 });
    expect(db).toEqual(da);
    const [ca, cb] = await both("groovy_complete", { text: "def s = 'x'\ns.toUpp", uri: "groovy-buffer:core2", line: 1, character: 7 });
    expect(cb).toEqual(ca);
    await settle();
    expect(packLines(core.stderr)).toEqual([]);
  });

  it("a source that needs Ant loads its pack once and answers as the whole model does", async () => {
    const [a, b] = await both("groovy_diagnostics", { text: ANT, uri: "groovy-buffer:ant" });
    expect(b).toEqual(a);
    // the Ant import resolved: the one error is the type checker's, about the String returned as int
    expect(JSON.stringify(a)).not.toContain("unable to resolve class");
    expect((a as { errorCount: number }).errorCount).toBe(1);
    await expect.poll(() => packLines(core.stderr).some((l) => l.includes("org.apache.tools"))).toBe(true);
    const [da, db] = await both("groovy_describe", { text: ANT, uri: "groovy-buffer:ant", line: 3, character: 14 });
    expect(db).toEqual(da);
    expect(JSON.stringify(da)).toContain("org.apache.tools.ant.Project");
    // asked again, nothing more is read: each pack is loaded once per engine
    await settle();
    const loaded = packLines(core.stderr);
    const [ra, rb] = await both("groovy_diagnostics", { text: ANT + "\n", uri: "groovy-buffer:ant" });
    expect(rb).toEqual(ra);
    await settle();
    expect(packLines(core.stderr)).toEqual(loaded);
    expect(new Set(loaded).size).toBe(loaded.length);
  });

  it("a Swing script needing several extra packs answers as the whole model does", async () => {
    const [a, b] = await both("groovy_diagnostics", { text: SWING, uri: "groovy-buffer:swing" });
    expect(b).toEqual(a);
    expect(JSON.stringify(a)).not.toContain("unable to resolve class");
    await expect.poll(() => packLines(core.stderr).some((l) => l.includes("javax.swing"))).toBe(true);
    const [da, db] = await both("groovy_describe", { text: SWING, uri: "groovy-buffer:swing", line: 2, character: 14 });
    expect(db).toEqual(da);
    expect(JSON.stringify(da)).toContain("javax.swing.JFrame");
  });
});

/**
 * Byte for byte: the facade's own JSON from a core engine that loads packs on demand (through the core loader's
 * withModelPacks, as every front end does) equals the whole model's, request by request, over sources that need
 * extra packs and a slice of the fixture corpus, in one session each, so caches carried across requests count.
 */
describeWith(splitMissing)("core + packs on demand answer byte for byte as the whole model", () => {
  it("the same bytes for every request", async () => {
    const { loadEngine, withModelPacks } = await import("../../src/engine/core/index.js");
    const { locateEngineFiles } = await import("../../src/engine/node/engine-files.js");
    const { readEngineImage } = await import("../../src/engine/node/engine-image.js");
    const { readdirSync, readFileSync } = await import("node:fs");
    const quiet = (): void => undefined;
    const whole = await loadEngine(await readEngineImage(locateEngineFiles({ ...process.env, GROOVYMCP_CLASS_MODEL: "whole" }), []), quiet);
    const coreImage = await readEngineImage(locateEngineFiles({ ...process.env, GROOVYMCP_CLASS_MODEL: "core" }), []);
    const asked: string[] = [];
    const source = coreImage.modelPacks!;
    const core = await loadEngine({ ...coreImage, modelPacks: (name) => (asked.push(name), source(name)) }, quiet);
    const corpus = join(PROJECT_ROOT, "test", "fixtures", "corpus");
    const fixtures = readdirSync(corpus).filter((f) => f.endsWith(".groovy")).sort().filter((_, i) => i % 10 === 0);
    const sources: [string, string][] = [
      ["Core.groovy", CORE],
      ["Build.groovy", ANT],
      ["Ui.groovy", SWING],
      ["T.groovy", "import org.junit.Test\nimport static org.junit.Assert.assertEquals\nclass T {\n    @Test void t() { assertEquals(1, 1) }\n}\n"],
      ["G.groovy", "class G extends groovy.test.GroovyTestCase {\n    void testIt() { assertEquals(2, 1 + 1) }\n}\n"],
      ...fixtures.map((f): [string, string] => [f, readFileSync(join(corpus, f), "utf8")]),
    ];
    const requests: string[] = [];
    for (const [name, text] of sources) {
      const uri = `file:///${name}`;
      requests.push(JSON.stringify({ op: "open", uri, text }));
      requests.push(JSON.stringify({ op: "diagnostics", uri }));
      requests.push(JSON.stringify({ op: "symbols", uri }));
      for (const line of [0, 1, 3]) requests.push(JSON.stringify({ op: "describe", uri, line, character: 12 }));
      requests.push(JSON.stringify({ op: "complete", uri, line: 1, character: 4 }));
      requests.push(JSON.stringify({ op: "close", uri }));
    }
    requests.push(JSON.stringify({ op: "info" }));
    let same = 0;
    for (const request of requests) {
      const a = whole.exports.handle(request);
      const b = await withModelPacks(core.exports, core.modelPacks, () => core.exports.handle(request));
      expect(b, request.slice(0, 120)).toBe(a);
      same++;
    }
    expect(same).toBe(requests.length);
    // the extra-pack sources really needed packs, and each was read once
    expect(asked.some((n) => n.startsWith("org.apache.tools"))).toBe(true);
    expect(asked.some((n) => n.startsWith("javax.swing"))).toBe(true);
    expect(asked.some((n) => n.startsWith("org.junit") || n.startsWith("junit"))).toBe(true);
    expect(new Set(asked).size).toBe(asked.length);
  }, 120_000);
});

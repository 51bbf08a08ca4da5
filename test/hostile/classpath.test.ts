import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { ACC_ABSTRACT, ACC_ANNOTATION, ACC_INTERFACE, ACC_PUBLIC, classFile, jar, zerosCrc, zerosDeflate } from "./support/class-files.js";
import { ENGINE_MISSING, HostileServer, text } from "./support/hostile-server.js";
import { describeWith } from "../support/peers.js";

/**
 * Issue 13, hostile classpath jars, generated here: inflation bombs (a 1 MB jar with a 1 GiB entry, the same with
 * a header that lies, 80 x 60 MiB entries) and bad class files (a cyclic superclass, a 12,000-deep generic
 * signature, an @AnnotationCollector compiled into a jar). The server must start, keep answering, and answer each
 * source that uses them with a result (diagnostics or an unresolved class), never -32603.
 */
const dir = mkdtempSync(join(tmpdir(), "hostile-jars-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function write(name: string, bytes: Uint8Array): string {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return path;
}

const GOOD = () => write("good.jar", jar([{ name: "demo/Greeter.class", data: classFile({ name: "demo/Greeter", access: ACC_PUBLIC | ACC_INTERFACE | ACC_ABSTRACT, abstractMethods: [{ name: "greet", descriptor: "()Ljava/lang/String;" }] }) }]));
const USES_GOOD = { text: "import demo.Greeter\n@groovy.transform.CompileStatic\nString hello(Greeter g) { g.greet().toUpperCase() }\n" };

describeWith(ENGINE_MISSING)(`hostile classpath jars`, () => {
  it("survives inflation bombs: 1 GiB in one entry (true and lying headers), 80 x 60 MiB entries", async () => {
    const gib = 1 << 30;
    const gibEntry = { deflated: zerosDeflate(gib), size: gib, crc: zerosCrc(gib) };
    const bomb = write("bomb-1gib.jar", jar([{ name: "evil/Huge.class", data: gibEntry }]));
    const liar = write("bomb-liar.jar", jar([{ name: "evil/Liar.class", data: gibEntry, claimedSize: 1000 }]));
    const mib60 = 60 * 1024 * 1024;
    const mibEntry = { deflated: zerosDeflate(mib60), size: mib60, crc: zerosCrc(mib60) };
    const many = write("bomb-80x60.jar", jar(Array.from({ length: 80 }, (_, i) => ({ name: `evil/Part${i}.class`, data: mibEntry }))));
    const started = Date.now();
    const server = await new HostileServer(["--classpath", [bomb, liar, many, GOOD()].join(delimiter)]).start();
    const startMs = Date.now() - started;
    const ok = await server.tool("groovy_diagnostics", USES_GOOD.text ? USES_GOOD : {});
    expect(ok.isError, text(ok)).toBeUndefined();
    expect(ok.structuredContent?.["diagnostics"]).toEqual([]);
    const huge = await server.tool("groovy_diagnostics", { text: "evil.Huge h = null\nevil.Liar l = null\nevil.Part0 p = null\n" });
    expect(huge.isError, text(huge)).toBeUndefined();
    expect(JSON.stringify(huge.structuredContent)).toContain("unable to resolve class evil.Huge");
    const problems = await server.finish();
    console.log(`bombs: server up and answering in ${startMs} ms; stderr: ${server.stderr.split("\n").filter((l) => l.includes("jar")).join(" | ")}`);
    expect(problems).toEqual([]);
    expect(server.stderr).not.toContain("bomb-");
    // each bomb is skipped with one warning naming its bound, the lying header included
    const warnings = server.stderr.split("\n").filter((l) => l.includes("classpath jar is skipped"));
    expect(warnings).toHaveLength(3);
    expect(warnings.some((w) => w.includes("lying header"))).toBe(true);
  }, 180_000);

  it("answers sources that use bad class files: cyclic superclass, 12,000-deep signature, collector in a jar", async () => {
    const cyclic = write("cyclic.jar", jar([
      { name: "evil/CycA.class", data: classFile({ name: "evil/CycA", superName: "evil/CycB" }) },
      { name: "evil/CycB.class", data: classFile({ name: "evil/CycB", superName: "evil/CycA" }) },
    ]));
    const depth = 12_000;
    // a one-letter class name keeps 12,000 levels inside one 65,535-byte constant
    const signature = "<T:Ljava/lang/Object;>Ljava/lang/Object;" + "LG<".repeat(depth) + "TT;" + ">;".repeat(depth);
    const deep = write("deep.jar", jar([
      { name: "G.class", data: classFile({ name: "G", access: ACC_PUBLIC | ACC_INTERFACE | ACC_ABSTRACT, signature: "<T:Ljava/lang/Object;>Ljava/lang/Object;" }) },
      { name: "evil/Deep.class", data: classFile({ name: "evil/Deep", interfaces: ["G"], access: ACC_PUBLIC | ACC_INTERFACE | ACC_ABSTRACT, signature }) },
    ]));
    const collector = write("collector.jar", jar([{ name: "evil/Coll.class", data: classFile({ name: "evil/Coll", access: ACC_PUBLIC | ACC_INTERFACE | ACC_ABSTRACT | ACC_ANNOTATION, interfaces: ["java/lang/annotation/Annotation"], annotations: ["Lgroovy/transform/AnnotationCollector;"] }) }]));
    const server = await new HostileServer(["--classpath", [cyclic, deep, collector, GOOD()].join(delimiter)]).start();
    const cases: [string, string][] = [
      ["cyclic superclass", "class Mine extends evil.CycA {}\nnew evil.CycB().toString()\n"],
      ["12,000-deep signature", "evil.Deep<String> d = null\nd?.toString()\nclass UsesDeep implements evil.Deep<Integer> {}\n"],
      ["annotation collector in a jar", "@evil.Coll\nclass Collected {}\n"],
    ];
    const failures: string[] = [];
    for (const [name, source] of cases) {
      const reply = await server.request("tools/call", { name: "groovy_diagnostics", arguments: { text: source } });
      if (reply.error !== undefined) failures.push(`${name}: JSON-RPC error ${JSON.stringify(reply.error)}`);
      const answer = reply.result as { isError?: boolean; content: { text: string }[] } | undefined;
      if (answer?.isError === true) failures.push(`${name}: tool error ${answer.content[0]?.text ?? ""}`);
      console.log(`${name}: ${JSON.stringify((reply.result as { structuredContent?: unknown } | undefined)?.structuredContent ?? reply.error).slice(0, 400)}`);
    }
    const good = await server.tool("groovy_diagnostics", USES_GOOD);
    expect(good.structuredContent?.["diagnostics"]).toEqual([]);
    const problems = await server.finish();
    expect(problems).toEqual([]);
    expect(failures).toEqual([]);
  }, 180_000);
});

import { unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { boundJar } from "../../src/engine/node/jar-bounds.js";
import { DEFAULT_JAR_BOUNDS } from "../../src/limits/limits.js";
import { ACC_INTERFACE, ACC_PUBLIC, classFile, jar, zerosDeflate } from "../hostile/support/class-files.js";

/**
 * The jar bounds on bytes generated here (no process): headers that lie within the bounds are caught by inflating
 * in steps and stopping at the declared size, never by inflating the whole entry (issue 13 item 1).
 */
describe("boundJar", () => {
  const greeter = classFile({ name: "demo/Greeter", access: ACC_PUBLIC | ACC_INTERFACE });

  it("passes an honest jar through as stored class files, byte for byte", () => {
    const verdict = boundJar(jar([{ name: "demo/Greeter.class", data: greeter }, { name: "README.txt", data: new Uint8Array(10) }]));
    if (!verdict.ok) return expect.unreachable(verdict.reason);
    expect(verdict.classes).toBe(1);
    expect(unzipSync(verdict.jar)).toEqual({ "demo/Greeter.class": greeter });
  });

  it("inflates an honest deflated entry", () => {
    const size = 100_000;
    const verdict = boundJar(jar([{ name: "z/Zeros.class", data: { deflated: zerosDeflate(size), size, crc: 0 } }]));
    if (!verdict.ok) return expect.unreachable(verdict.reason);
    expect(unzipSync(verdict.jar)["z/Zeros.class"]).toEqual(new Uint8Array(size));
  });

  it("refuses a header that declares 1,000 bytes for an entry of about 1 KB that inflates to 1 MiB", () => {
    const deflated = zerosDeflate(1 << 20);
    expect(deflated.length).toBeLessThan(1069); // within the compressed-size check: only inflating can tell
    expect(boundJar(jar([{ name: "evil/Liar.class", data: { deflated, size: 1 << 20, crc: 0 }, claimedSize: 1000 }]))).toEqual({
      ok: false,
      reason: "a class file in it inflates to a size other than its header says (a lying header)",
    });
  });

  it("stops an entry declared at the class bound (8 MiB) that inflates to 8 GiB at the declared size", () => {
    const gib8 = 8 * 2 ** 30;
    const deflated = zerosDeflate(gib8);
    expect(deflated.length).toBeLessThanOrEqual(DEFAULT_JAR_BOUNDS.maxClassBytes);
    const verdict = boundJar(jar([{ name: "evil/Big.class", data: { deflated, size: 0, crc: 0 }, claimedSize: DEFAULT_JAR_BOUNDS.maxClassBytes }]));
    expect(verdict).toMatchObject({ ok: false, reason: expect.stringMatching(/lying header/) });
  });

  it("refuses an entry that inflates to less than declared, a truncated stream, and bytes that are no zip", () => {
    const deflated = zerosDeflate(5000);
    expect(boundJar(jar([{ name: "a/Short.class", data: { deflated, size: 5000, crc: 0 }, claimedSize: 6000 }]))).toMatchObject({ ok: false, reason: expect.stringMatching(/lying header/) });
    expect(boundJar(jar([{ name: "a/Cut.class", data: { deflated: deflated.subarray(0, 20), size: 5000, crc: 0 } }])).ok).toBe(false);
    expect(boundJar(new TextEncoder().encode("not a zip at all"))).toEqual({ ok: false, reason: "it is not a readable zip file" });
  });

  it("checks the entry, class and jar bounds before inflating", () => {
    const three = jar([0, 1, 2].map((i) => ({ name: `a/C${i}.class`, data: greeter })));
    expect(boundJar(three, { ...DEFAULT_JAR_BOUNDS, maxEntries: 2 })).toMatchObject({ ok: false, reason: expect.stringMatching(/more than 2 entries/) });
    expect(boundJar(three, { ...DEFAULT_JAR_BOUNDS, maxClassBytes: 10 })).toMatchObject({ ok: false, reason: expect.stringMatching(/class file bound/) });
    expect(boundJar(three, { ...DEFAULT_JAR_BOUNDS, maxJarClassBytes: greeter.length * 2 })).toMatchObject({ ok: false, reason: expect.stringMatching(/jar bound/) });
  });
});

import { unzipSync, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { boundJar } from "../../src/engine/node/jar-bounds.js";
import { interfaceClassFile } from "../host/support/class-file.js";

const bounds = { maxEntries: 10, maxClassBytes: 1000, maxJarClassBytes: 3000 };
const greeter = interfaceClassFile("demo/Greeter", [{ name: "greet", descriptor: "(Ljava/lang/String;)Ljava/lang/String;" }]);

describe("boundJar", () => {
  it("keeps only the class files, stored, and their bytes unchanged", () => {
    const jar = zipSync({ "demo/Greeter.class": greeter, "META-INF/MANIFEST.MF": new Uint8Array(50), "big.txt": new Uint8Array(100_000) }, { level: 9 });
    const verdict = boundJar(jar, bounds);
    expect(verdict.ok).toBe(true);
    if (!verdict.ok) return;
    expect(verdict.classes).toBe(1);
    const files = unzipSync(verdict.jar);
    expect(Object.keys(files)).toEqual(["demo/Greeter.class"]);
    expect(files["demo/Greeter.class"]).toEqual(greeter);
  });

  it.each([
    ["too many entries", Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`r${i}.txt`, new Uint8Array(1)])), /more than 10 entries \(the entry bound\)/],
    ["one class file too large", { "A.class": new Uint8Array(1001) }, /more than 1000 bytes \(the class file bound\)/],
    ["all class files too large", { "A.class": new Uint8Array(900), "B.class": new Uint8Array(900), "C.class": new Uint8Array(900), "D.class": new Uint8Array(900) }, /more than 3000 bytes \(the jar bound\)/],
  ])("refuses a jar with %s, naming the bound", (_, files, reason) => {
    const verdict = boundJar(zipSync(files as Record<string, Uint8Array>, { level: 9 }), bounds);
    expect(verdict.ok).toBe(false);
    if (verdict.ok) return;
    expect(verdict.reason).toMatch(reason);
  });

  it("refuses what is not a zip", () => {
    expect(boundJar(Uint8Array.from([0x50, 0x4b, 3, 4]), bounds)).toEqual({ ok: false, reason: "it is not a readable zip file" });
  });

  it("refuses a zip bomb by its declared sizes before inflating it", () => {
    // 64 MiB of zeros deflates to ~64 KiB: the default bounds refuse it (8 MiB per class) without inflating
    const bomb = zipSync({ "Bomb.class": new Uint8Array(64 * 1024 * 1024) }, { level: 9 });
    expect(bomb.length).toBeLessThan(200_000);
    const started = performance.now();
    const verdict = boundJar(bomb);
    expect(verdict.ok).toBe(false);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

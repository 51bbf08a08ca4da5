import binaryen from "binaryen";
import { describe, expect, it } from "vitest";
import { foldStartFunction, hasNameSection } from "../../engine-wasm/wasm/src/postprocess/fold-start-function.mjs";

/**
 * The build step that folds the write-only prefix of TeaVM's start function into global initialisers
 * (engine-wasm/wasm/src/postprocess/fold-start-function.mjs). The real module is covered by every engine test, the parity
 * plan first; this one gives the step a module small enough to check field by field: the same values after the fold
 * as before it, read by exported functions of both instances, and the prefix ending where a read comes.
 */
const MODULE = `
(module
  (type $ft (func (result i32)))
  (rec
    (type $vt (sub (struct (field (mut (ref null $cls))) (field (mut (ref null $ft))) (field (mut i32)))))
    (type $cls (sub (struct (field (mut (ref null $vt))) (field (mut i32)) (field (mut (ref null $cls)))))))
  (type $sub (sub $vt (struct (field (mut (ref null $cls))) (field (mut (ref null $ft))) (field (mut i32)) (field (mut i64)))))
  (global $head (mut (ref null $cls)) (ref.null $cls))
  (global $c1 (ref $cls) (struct.new_default $cls))
  (global $alias (ref $cls) (global.get $c1))
  (global $v1 (ref $vt) (struct.new_default $vt))
  (global $c2 (ref $cls) (struct.new_default $cls))
  (global $v2 (ref $sub) (struct.new_default $sub))
  (global $seen (mut i32) (i32.const -1))
  (func $f1 (type $ft) (i32.const 11))
  (func $f2 (type $ft) (i32.const 22))
  ;; a setter: writes to its parameters and a global, nothing else (TeaVM's class and vtable set-up has this shape)
  (func $link (param $c (ref null $cls)) (param $v (ref null $vt))
    (struct.set $cls 0 (local.get $c) (local.get $v))
    (struct.set $vt 0 (local.get $v) (local.get $c))
    (struct.set $cls 2 (local.get $c) (global.get $head))
    (global.set $head (local.get $c)))
  ;; reads a field: the prefix must end before a call to it
  (func $observe (global.set $seen (struct.get $cls 1 (global.get $c2))))
  (func $start
    (call $link (global.get $c1) (global.get $v1))
    (struct.set $vt 1 (global.get $v1) (ref.func $f1))
    (struct.set $cls 1 (global.get $c1) (i32.const 5))
    (struct.set $cls 1 (global.get $c1) (i32.const 7))
    (call $link (global.get $c2) (global.get $v2))
    (struct.set $vt 1 (global.get $v2) (ref.func $f2))
    (struct.set $sub 3 (global.get $v2) (i64.const 99))
    (struct.set $cls 1 (global.get $c2) (i32.const 9))
    (call $observe)
    (struct.set $cls 1 (global.get $c2) (i32.const 10)))
  (start $start)
  (func (export "c1Value") (result i32) (struct.get $cls 1 (global.get $c1)))
  (func (export "c2Value") (result i32) (struct.get $cls 1 (global.get $c2)))
  (func (export "seen") (result i32) (global.get $seen))
  (func (export "headIsC2") (result i32) (ref.eq (global.get $head) (global.get $c2)))
  (func (export "c2NextIsC1") (result i32) (ref.eq (struct.get $cls 2 (global.get $c2)) (global.get $c1)))
  (func (export "c1NextIsNull") (result i32) (ref.is_null (struct.get $cls 2 (global.get $c1))))
  (func (export "c1VtIsV1") (result i32) (ref.eq (struct.get $cls 0 (global.get $c1)) (global.get $v1)))
  (func (export "v1ClsIsC1") (result i32) (ref.eq (struct.get $vt 0 (global.get $v1)) (global.get $c1)))
  (func (export "v2ClsIsC2") (result i32) (ref.eq (struct.get $vt 0 (global.get $v2)) (global.get $c2)))
  (func (export "aliasIsC1") (result i32) (ref.eq (global.get $alias) (global.get $c1)))
  (func (export "callV1") (result i32) (call_ref $ft (struct.get $vt 1 (global.get $v1))))
  (func (export "callV2") (result i32) (call_ref $ft (struct.get $vt 1 (global.get $v2))))
  (func (export "v2Long") (result i64) (struct.get $sub 3 (global.get $v2)))
  (func (export "v1Int") (result i32) (struct.get $vt 2 (global.get $v1))))
`;

function moduleBytes(): Uint8Array {
  const m = binaryen.parseText(MODULE);
  m.setFeatures(binaryen.Features.GC | binaryen.Features.ReferenceTypes);
  expect(m.validate()).toBeTruthy();
  const bytes = m.emitBinary();
  m.dispose();
  return bytes;
}

async function observe(bytes: Uint8Array): Promise<Record<string, number | bigint>> {
  const instance = await WebAssembly.instantiate(await WebAssembly.compile(new Uint8Array(bytes)));
  const out: Record<string, number | bigint> = {};
  for (const [name, fn] of Object.entries(instance.exports)) out[name] = (fn as () => number | bigint)();
  return out;
}

/** The start function's top-level statements, by kind, as binaryen reads them. */
function startStatements(bytes: Uint8Array): string[] {
  const m = binaryen.readBinary(bytes);
  const body = binaryen.getExpressionInfo(binaryen.getFunctionInfo(m.getStart()).body) as binaryen.BlockInfo;
  const kinds = body.children.map((c) => {
    const info = binaryen.getExpressionInfo(c);
    // the binary has no name section, so a call is only a call
    if (info.id === binaryen.CallId) return "call";
    return info.id === binaryen.StructSetId ? "struct.set" : String(info.id);
  });
  m.dispose();
  return kinds;
}

describe("folding the start function into global initialisers", () => {
  it("leaves every value as the start function left it, and keeps the start from the first read on", async () => {
    const before = moduleBytes();
    const { bytes, report } = foldStartFunction(binaryen, before);
    const expected = await observe(before);
    // the module's own semantics, to be sure the comparison means something
    expect(expected).toEqual({
      c1Value: 7, c2Value: 10, seen: 9, headIsC2: 1, c2NextIsC1: 1, c1NextIsNull: 1, c1VtIsV1: 1, v1ClsIsC1: 1,
      v2ClsIsC2: 1, aliasIsC1: 1, callV1: 11, callV2: 22, v2Long: 99n, v1Int: 0,
    });
    expect(await observe(bytes)).toEqual(expected);
    // 8 write-only statements folded; each class and its vtable point at each other, so one of each pair stays a set
    expect(report).toMatchObject({ statements: 10, prefix: 8, objects: 4, globals: 1, links: 2, kept: 4 });
    expect(startStatements(bytes)).toEqual(["struct.set", "struct.set", "call", "struct.set"]);
  });

  it("folds nothing when the first statement reads, and the module still validates", async () => {
    const m = binaryen.parseText(MODULE.replace("(func $start\n", "(func $start\n    (call $observe)\n"));
    m.setFeatures(binaryen.Features.GC | binaryen.Features.ReferenceTypes);
    const before = m.emitBinary();
    m.dispose();
    const { bytes, report } = foldStartFunction(binaryen, before);
    expect(report).toMatchObject({ statements: 11, prefix: 0, objects: 0, links: 0, kept: 11 });
    expect(startStatements(bytes)).toEqual(startStatements(before));
    expect(await observe(bytes)).toEqual(await observe(before));
  });

  it("refuses a module without a start function", () => {
    const m = binaryen.parseText("(module (func $f))");
    const bytes = m.emitBinary();
    m.dispose();
    expect(() => foldStartFunction(binaryen, bytes)).toThrow(/no start function/);
  });

  it("keeps the function names of a module that has them (an unminified build, for profiles), and adds none", () => {
    const names = (bytes: Uint8Array): number => WebAssembly.Module.customSections(new WebAssembly.Module(new Uint8Array(bytes)), "name").length;
    const plain = moduleBytes();
    expect(names(plain)).toBe(0);
    expect(hasNameSection(plain)).toBe(false);
    const folded = foldStartFunction(binaryen, plain).bytes;
    expect(names(folded)).toBe(0);
    const m = binaryen.parseText(MODULE);
    m.setFeatures(binaryen.Features.GC | binaryen.Features.ReferenceTypes);
    const debugInfo = binaryen.getDebugInfo();
    binaryen.setDebugInfo(true);
    const named = m.emitBinary();
    binaryen.setDebugInfo(debugInfo);
    m.dispose();
    expect(names(named)).toBe(1);
    expect(hasNameSection(named)).toBe(true);
    const foldedNamed = foldStartFunction(binaryen, named).bytes;
    expect(hasNameSection(foldedNamed)).toBe(true);
    const module = binaryen.readBinary(foldedNamed);
    expect(binaryen.getFunctionInfo(module.getFunction("observe")).name).toBe("observe");
    module.dispose();
    // and the setting is left as it was
    expect(binaryen.getDebugInfo()).toBe(debugInfo);
  });
});

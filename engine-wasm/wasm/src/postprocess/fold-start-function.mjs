// Folds the start function of TeaVM's WasmGC module into global initialisers, after TeaVM has written it.
//
// Why: TeaVM fills every class's metadata and virtual table at start-up with one straight line of code: ~31,000
// `struct.set`s and calls to small setter functions, 363 KB of bytecode in a single function. V8 compiles it with
// Liftoff at every instantiation (85-93 ms and 15.7 MB of machine code that is never freed, since the function runs
// once and never tiers up). The same values can be given as constant expressions in the globals that hold those
// objects (`struct.new` with `ref.func`, constants and other globals), which V8 evaluates at instantiation without
// generating code. docs/engine.md ("The start function, folded") has the measurements.
//
// What is folded, and why it cannot change behaviour: the start function's leading statements that only write,
// i.e. `struct.set` on an object held by an immutable global, `global.set`, and calls to functions that consist of
// such writes to their parameters alone. No code reads a struct field or calls anything else in that prefix, so the
// heap it leaves behind is determined by the last value written to each field and global, which this script computes
// and writes into the globals' initialisers instead. The prefix ends at the first statement of any other kind; it
// and everything after it stay in the start function. Two objects that point at each other (a class and its virtual
// table) cannot both be constant: one of the two fields is set by a `struct.set` that stays at the start of the
// start function. binaryen validates the result; the build fails on any error.
//
// Usage: node fold-start-function.mjs <module.wasm>   (rewrites the file in place; prints one line of figures)

import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** The features TeaVM's module uses. With `All`, binaryen writes exact heap types, which Node 24 refuses. */
function engineFeatures(B) {
  const F = B.Features;
  return F.MutableGlobals | F.NontrappingFPToInt | F.BulkMemory | F.SignExt | F.ExceptionHandling | F.ReferenceTypes |
    F.Multivalue | F.GC | F.BulkMemoryOpt | F.CallIndirectOverlong;
}

/**
 * Folds the write-only prefix of `bytes`' start function. Returns the new module's bytes and what was done.
 * @param {any} B the binaryen module (the npm package's default export)
 * @param {Uint8Array} bytes
 * @returns {{ bytes: Uint8Array, report: { statements: number, prefix: number, kept: number, objects: number, fields: number, globals: number, links: number } }}
 */
export function foldStartFunction(B, bytes) {
  // binaryen drops a module's function names unless asked to keep them (a global setting): an unminified build has
  // them, for the profiles that name Java methods (bench/README.md, "Profiling build"), and the shipped one has none
  const debugInfo = B.getDebugInfo();
  B.setDebugInfo(hasNameSection(bytes));
  const m = B.readBinary(bytes, engineFeatures(B));
  try {
    const startRef = m.getStart();
    if (!startRef) throw new Error("the module has no start function");
    const startInfo = B.getFunctionInfo(startRef);
    const id = (e) => B._BinaryenExpressionGetId(e);
    const bodyInfo = B.getExpressionInfo(startInfo.body);
    if (bodyInfo.id !== B.BlockId) throw new Error("the start function's body is not a block");
    const statements = bodyInfo.children;

    const globals = new Map();
    for (let i = 0; i < m.getNumGlobals(); i++) {
      const info = B.getGlobalInfo(m.getGlobalByIndex(i));
      globals.set(info.name, { index: i, ...info });
    }
    /** An immutable global whose initialiser makes a struct with default fields: an object this script may fill. */
    const isFillable = (g) => g !== undefined && !g.mutable && !g.module && id(g.init) === B.StructNewId &&
      B._BinaryenStructNewGetNumOperands(g.init) === 0;

    // ---- symbolic values: an expression to copy, plus the globals it reads
    // A constant expression of the module (a value a global's initialiser may hold), or null. Mutable globals read
    // inside the prefix stand for the value last written to them there (or their initialiser's).
    const mutableValue = new Map(); // mutable global -> value, for those written in the prefix
    // `params`: a setter's arguments, by index; `overlay`: globals written earlier in the statement being applied
    const constant = (e, params, overlay) => {
      switch (id(e)) {
        case B.ConstId: case B.RefFuncId: case B.RefNullId: return { expr: e, deps: [] };
        case B.LocalGetId: {
          const v = params?.[B.getExpressionInfo(e).index];
          return v === undefined ? null : v;
        }
        case B.GlobalGetId: {
          const name = B.getExpressionInfo(e).name;
          const g = globals.get(name);
          if (g === undefined) return null;
          if (!g.mutable) return { expr: e, deps: [name] };
          if (overlay?.has(name)) return overlay.get(name);
          if (mutableValue.has(name)) return mutableValue.get(name);
          return g.module ? null : constant(g.init);
        }
        case B.ArrayNewFixedId: {
          const deps = [];
          for (let k = 0; k < B._BinaryenArrayNewFixedGetNumValues(e); k++) {
            const element = B._BinaryenArrayNewFixedGetValueAt(e, k);
            const v = constant(element, params, overlay);
            // an element that stands for another expression (a parameter, a mutable global) is not folded
            if (v === null || v.expr !== element) return null;
            deps.push(...v.deps);
          }
          return { expr: e, deps };
        }
        default: return null;
      }
    };

    // ---- the writes a statement makes, or null when it is not a write-only statement
    const fields = new Map(); // object global -> Map(field -> value)
    const setterCache = new Map();
    /** A function whose body only writes struct fields of its parameters and globals: its writes, as templates. */
    const setter = (name) => {
      if (setterCache.has(name)) return setterCache.get(name);
      let result = null;
      const fn = m.getFunction(name);
      const info = fn ? B.getFunctionInfo(fn) : null;
      if (info && !info.module && info.vars.length === 0 && B._BinaryenTypeArity(info.results) === 0) {
        const body = B.getExpressionInfo(info.body);
        const list = body.id === B.BlockId && !body.name ? body.children : [info.body];
        const writes = [];
        let ok = true;
        for (const s of list) {
          if (id(s) === B.StructSetId && id(B._BinaryenStructSetGetRef(s)) === B.LocalGetId) {
            writes.push({ kind: "field", param: B.getExpressionInfo(B._BinaryenStructSetGetRef(s)).index, field: B._BinaryenStructSetGetIndex(s), value: B._BinaryenStructSetGetValue(s) });
          } else if (id(s) === B.GlobalSetId) {
            writes.push({ kind: "global", name: B.getExpressionInfo(s).name, value: B.getExpressionInfo(s).value });
          } else { ok = false; break; }
        }
        if (ok) result = writes;
      }
      setterCache.set(name, result);
      return result;
    };
    const objectOf = (v) => {
      if (v === null || id(v.expr) !== B.GlobalGetId) return null;
      const name = B.getExpressionInfo(v.expr).name;
      return isFillable(globals.get(name)) ? name : null;
    };
    /**
     * Applies one statement's writes to the model of the heap, in order, or nothing when the statement is not
     * write-only (then the prefix ends before it).
     */
    const apply = (s) => {
      const fieldWrites = [];
      const globalWrites = new Map();
      const field = (objectValue, index, value) => {
        const object = objectOf(objectValue);
        if (object === null || value === null) return false;
        fieldWrites.push([object, index, value]);
        return true;
      };
      const global = (name, value) => {
        const g = globals.get(name);
        if (!g || !g.mutable || g.module || value === null) return false;
        globalWrites.set(name, value);
        return true;
      };
      const value = (e, params) => constant(e, params, globalWrites);
      let ok = false;
      switch (id(s)) {
        case B.StructSetId:
          ok = field(value(B._BinaryenStructSetGetRef(s)), B._BinaryenStructSetGetIndex(s), value(B._BinaryenStructSetGetValue(s)));
          break;
        case B.GlobalSetId:
          ok = global(B.getExpressionInfo(s).name, value(B.getExpressionInfo(s).value));
          break;
        case B.CallId: {
          const call = B.getExpressionInfo(s);
          const writes = call.isReturn ? null : setter(call.target);
          if (writes === null) break;
          const params = call.operands.map((o) => value(o));
          if (params.some((p) => p === null)) break;
          ok = writes.every((w) => w.kind === "field" ? field(params[w.param] ?? null, w.field, value(w.value, params)) : global(w.name, value(w.value, params)));
          break;
        }
        default:
      }
      if (!ok) return false;
      for (const [object, index, v] of fieldWrites) {
        if (!fields.has(object)) fields.set(object, new Map());
        fields.get(object).set(index, v);
      }
      for (const [name, v] of globalWrites) mutableValue.set(name, v);
      return true;
    };
    let prefix = 0;
    while (prefix < statements.length && apply(statements[prefix])) prefix++;

    // ---- which globals get a new initialiser, and in which order they must be defined
    const depsOf = new Map();
    for (const [object, values] of fields) depsOf.set(object, new Set([...values.values()].flatMap((v) => v.deps)));
    for (const [name, v] of mutableValue) depsOf.set(name, new Set(v.deps));
    // globals whose own initialiser reads a moved global move with it
    const moved = new Set(depsOf.keys());
    const initDeps = new Map();
    for (const [name, g] of globals) {
      if (g.module || moved.has(name)) continue;
      const v = constant(g.init);
      initDeps.set(name, new Set(v ? v.deps : []));
    }
    for (let grew = true; grew;) {
      grew = false;
      for (const [name, d] of initDeps) {
        if (!moved.has(name) && [...d].some((x) => moved.has(x))) { moved.add(name); depsOf.set(name, d); grew = true; }
      }
    }
    // depth-first, in the module's order; a field whose value is an object still being visited is a cycle: that
    // field stays a struct.set at the start
    const links = [];
    const order = [];
    const state = new Map();
    // iterative: the classes form one list through their fields, thousands deep
    const visit = (root) => {
      const stack = [{ name: root, deps: [...(depsOf.get(root) ?? [])], next: 0 }];
      state.set(root, 1);
      while (stack.length > 0) {
        const top = stack[stack.length - 1];
        if (top.next === top.deps.length) {
          stack.pop();
          state.set(top.name, 2);
          order.push(top.name);
          continue;
        }
        const d = top.deps[top.next++];
        if (!moved.has(d) || state.get(d) === 2) continue;
        if (state.get(d) === 1) {
          const values = fields.get(top.name);
          if (!values) throw new Error(`global ${top.name}'s initialiser would read ${d}, which reads it back`);
          for (const [field, v] of values) {
            if (v.deps.includes(d)) { links.push({ object: top.name, field, value: v }); values.delete(field); }
          }
          continue;
        }
        state.set(d, 1);
        stack.push({ name: d, deps: [...(depsOf.get(d) ?? [])], next: 0 });
      }
    };
    for (const name of [...moved].sort((a, b) => globals.get(a).index - globals.get(b).index)) if (!state.has(name)) visit(name);

    // ---- rebuild: the moved globals at the end, in that order; the start keeps the links and the rest
    const copy = (v) => B._BinaryenExpressionCopy(v.expr, m.ptr);
    let fieldCount = 0;
    for (const name of order) {
      const g = globals.get(name);
      let init;
      if (fields.has(name)) {
        const heap = B.getHeapType(g.type);
        const values = fields.get(name);
        const operands = [];
        for (let k = 0; k < B._BinaryenStructTypeGetNumFields(heap); k++) {
          const v = values.get(k);
          if (v !== undefined) { operands.push(copy(v)); fieldCount++; continue; }
          const type = B._BinaryenStructTypeGetFieldType(heap, k);
          if (B._BinaryenStructTypeGetFieldPackedType(heap, k) !== B._BinaryenPackedTypeNotPacked() || type === B.i32) operands.push(m.i32.const(0));
          else if (type === B.i64) operands.push(m.i64.const(0, 0));
          else if (type === B.f32) operands.push(m.f32.const(0));
          else if (type === B.f64) operands.push(m.f64.const(0));
          else operands.push(m.ref.null(type));
        }
        init = m.struct.new(operands, heap);
      } else if (mutableValue.has(name)) {
        init = copy(mutableValue.get(name));
      } else {
        init = B._BinaryenExpressionCopy(g.init, m.ptr);
      }
      m.removeGlobal(name);
      m.addGlobal(name, g.type, g.mutable, init);
    }
    const kept = [
      ...links.map((l) => m.struct.set(l.field, m.global.get(l.object, globals.get(l.object).type), copy(l.value))),
      ...statements.slice(prefix),
    ];
    B._BinaryenFunctionSetBody(startRef, m.block(bodyInfo.name || null, kept, B.none));
    if (!m.validate()) throw new Error("binaryen found the folded module invalid (its messages are above)");
    const out = m.emitBinary();
    return {
      bytes: out,
      report: { statements: statements.length, prefix, kept: kept.length, objects: fields.size, fields: fieldCount, globals: mutableValue.size, links: links.length },
    };
  } finally {
    m.dispose();
    B.setDebugInfo(debugInfo);
  }
}

/**
 * Whether a module's bytes hold a custom section named "name" (function and local names), read from the section
 * headers alone.
 * @param {Uint8Array} bytes
 */
export function hasNameSection(bytes) {
  let at = 8; // magic and version
  const leb = () => {
    let v = 0;
    for (let shift = 0; at < bytes.length; shift += 7) {
      const x = bytes[at++];
      v += (x & 0x7f) * 2 ** shift;
      if (x < 0x80) return v;
    }
    return -1;
  };
  while (at < bytes.length) {
    const id = bytes[at++];
    const size = leb();
    if (size < 0) return false;
    const end = at + size;
    if (id === 0) {
      const nameLength = leb();
      const name = new TextDecoder().decode(bytes.subarray(at, at + nameLength));
      if (name === "name") return true;
    }
    at = end;
  }
  return false;
}

async function main(path) {
  let B;
  try {
    B = (await import("binaryen")).default;
  } catch {
    process.stderr.write("fold-start-function: binaryen is missing: run `npm ci` in the repository before building the engine\n");
    process.exit(1);
  }
  const started = performance.now();
  const before = readFileSync(path);
  const { bytes, report } = foldStartFunction(B, before);
  writeFileSync(path, bytes);
  console.log(`fold-start-function: ${report.prefix} of the start function's ${report.statements} statements folded into ` +
    `${report.objects} objects (${report.fields} fields) and ${report.globals} globals; ${report.kept} statements kept ` +
    `(${report.links} links between objects); ${before.length} -> ${bytes.length} bytes in ${Math.round(performance.now() - started)} ms`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.length !== 3) {
    process.stderr.write("usage: node fold-start-function.mjs <module.wasm>\n");
    process.exit(2);
  }
  await main(process.argv[2]);
}

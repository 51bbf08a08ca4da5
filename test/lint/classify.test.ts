import { describe, expect, it } from "vitest";
import { classify, type ClassifyContext } from "../../src/lint/classify.js";
import { categoryOf, fromDiagnostics } from "../../src/lint/diagnostics-fallback.js";
import type { EngineDiagnostic, EngineFileResult } from "../../src/lint/engine-result.js";
import { parseImports } from "../../src/lint/imports.js";

const at = (line: number, character = 0, end = character + 1) => ({ start: { line, character }, end: { line, character: end } });

function unresolved(name: string, line: number): EngineDiagnostic {
  return { range: at(line, 7, 20), severity: "error", message: `unable to resolve class ${name}`, category: "unresolved", unresolved: { name, import: name.includes(".") ? name : null, packageKnown: false } };
}

function result(diagnostics: EngineDiagnostic[], extra: Partial<EngineFileResult> = {}): EngineFileResult {
  return { uri: "file:///x.groovy", diagnostics, findings: [], unusedImports: [], ...extra };
}

function ctx(text: string, over: Partial<ClassifyContext> = {}): ClassifyContext {
  return { kind: "class", text, hasClasspath: false, treePackages: new Set(), treeTypes: undefined, settings: new Map(), ...over };
}

const rules = (r: ReturnType<typeof classify>): string[] => r.findings.map((f) => `${f.range.start.line}:${f.rule}:${f.severity}`);

describe("missing dependencies", () => {
  const text = "package a\nimport org.missing.Bar\nimport java.util.Nope\nimport org.star.*\nclass A { Bar b; Bar c; Baz z; Qux q }\n";

  it("reports an unresolved import from an unknown package once, as information", () => {
    const r = classify(result([unresolved("org.missing.Bar", 1), unresolved("Bar", 4), unresolved("Bar", 4)]), ctx(text), "x.groovy");
    expect(rules(r)).toEqual(["1:groovy/missing-dependency:information"]);
    expect(r.findings[0]!.message).toContain("org.missing.Bar");
  });

  it("keeps an unresolved import from a package of the class model an error", () => {
    expect(rules(classify(result([unresolved("java.util.Nope", 2)]), ctx(text), "x.groovy"))).toEqual(["2:groovy/unresolved:error"]);
  });

  it("treats a class missing from a package the class model holds only in part as a missing dependency", () => {
    const d: EngineDiagnostic = { ...unresolved("org.codehaus.groovy.ast.ClassNode", 0), unresolved: { name: "org.codehaus.groovy.ast.ClassNode", import: "org.codehaus.groovy.ast.ClassNode", packageKnown: true } };
    const r = classify(result([d]), ctx("import org.codehaus.groovy.ast.ClassNode\nclass A { ClassNode n }\n"), "x.groovy");
    expect(rules(r)).toEqual(["0:groovy/missing-dependency:information"]);
  });

  it("keeps an unresolved import from a package the tree declares an error", () => {
    const r = classify(result([unresolved("org.missing.Bar", 1)]), ctx(text, { treePackages: new Set(["org.missing"]) }), "x.groovy");
    expect(rules(r)).toEqual(["1:groovy/unresolved:error"]);
  });

  it("explains a simple name by a star import from an unknown package, once", () => {
    const r = classify(result([unresolved("Baz", 4), unresolved("Qux", 4)]), ctx(text), "x.groovy");
    expect(rules(r)).toEqual(["3:groovy/missing-dependency:information"]);
  });

  it("keeps a simple name that no import explains an error", () => {
    const r = classify(result([unresolved("Baz", 1)]), ctx("class A { Baz z }\n"), "x.groovy");
    expect(rules(r)).toEqual(["1:groovy/unresolved:error"]);
  });

  it("treats everything unresolved as an error with a classpath", () => {
    const r = classify(result([unresolved("org.missing.Bar", 1), unresolved("Baz", 4)]), ctx(text, { hasClasspath: true }), "x.groovy");
    expect(rules(r)).toEqual(["1:groovy/unresolved:error", "4:groovy/unresolved:error"]);
  });

  it("hides type-check errors caused only by a missing class", () => {
    const tc = (msg: string, line: number): EngineDiagnostic => ({ range: at(line), severity: "error", message: msg, category: "type-check" });
    const r = classify(
      result([unresolved("org.missing.Bar", 1), tc("[Static type checking] - Cannot find matching method org.missing.Bar#go()", 4), tc("[Static type checking] - Cannot return value of type java.lang.String for method returning int", 4)]),
      ctx(text),
      "x.groovy",
    );
    expect(rules(r)).toEqual(["1:groovy/missing-dependency:information", "4:groovy/type-check:error"]);
  });

  it("lets Gradle's default imports explain simple names in build scripts", () => {
    const r = classify(result([unresolved("DefaultTask", 1)]), ctx("plugins { id 'java' }\nclass T extends DefaultTask {}\n", { kind: "gradle" }), "build.gradle");
    expect(rules(r)).toEqual(["1:groovy/missing-dependency:information"]);
    const s = classify(result([unresolved("DefaultTask", 1)]), ctx("class T extends DefaultTask {}\n", { kind: "script" }), "s.groovy");
    expect(rules(s)).toEqual(["1:groovy/unresolved:error"]);
  });

  it("drops names declared by the tree but invisible to this compile", () => {
    const r = classify(result([unresolved("org.x.Other", 0), unresolved("Local", 1)]), ctx("import org.x.Other\nclass A { Local l }\n", { treeTypes: new Set(["org.x.Other", "Local"]) }), "x.groovy");
    expect(r.findings).toEqual([]);
  });
});

describe("compiler rules", () => {
  it.each([
    ["Unexpected input: '\\n'", undefined, "syntax"],
    ["Unexpected character: '#'", undefined, "syntax"],
    ["unable to resolve class Foo", undefined, "unresolved"],
    ["[Static type checking] - Cannot find matching method", "type-check", "type-check"],
    ["Invalid duplicate class definition of class C : The source x contains at least two definitions of the class C.", undefined, "duplicate"],
    ["The current scope already contains a variable of the name x", undefined, "duplicate"],
    ["Repetitive method name/signature for method 'void m()' in class 'A'.", undefined, "duplicate"],
    ["You cannot create an instance from the abstract class 'A'.", undefined, "compiler"],
  ])("%s is %s", (message, code, category) => {
    expect(categoryOf(message, code)).toBe(category);
  });

  it("maps every category to its rule and keeps a compiler warning a warning", () => {
    const d = (message: string, category: EngineDiagnostic["category"], line: number, severity: EngineDiagnostic["severity"] = "error"): EngineDiagnostic => ({ range: at(line), severity, message, category });
    const r = classify(
      result([d("Unexpected input", "syntax", 0), d("dup", "duplicate", 1), d("other", "compiler", 2), d("warn", "compiler", 3, "warning"), d("[Static type checking] - x", "type-check", 4)], { unusedImports: [{ range: at(5), message: "Unused import: a.B" }] }),
      ctx("a\nb\nc\nd\ne\nimport a.B\n"),
      "x.groovy",
    );
    expect(rules(r)).toEqual(["0:groovy/syntax:error", "1:groovy/duplicate:error", "2:groovy/compiler:error", "3:groovy/compiler:warning", "4:groovy/type-check:error", "5:groovy/unused-import:warning"]);
  });

  it("reads the diagnostics op's unused-import hints as groovy/unused-import", () => {
    const r = fromDiagnostics({ uri: "u", diagnostics: [{ range: at(0), severity: "hint", message: "Unused import: java.util.List", code: "unused-import" }, { range: at(1), severity: "error", message: "unable to resolve class a.B", code: "compile" }] });
    expect(r.unusedImports).toHaveLength(1);
    expect(r.diagnostics).toEqual([{ range: at(1), severity: "error", message: "unable to resolve class a.B", category: "unresolved", unresolved: { name: "a.B", import: "a.B", packageKnown: false } }]);
  });

  it("reports one import once: a missing or unresolved class wins over its unused import", () => {
    const text = "import org.missing.Gadget\nimport java.util.Nope\nimport java.util.List\nclass A {}\n";
    const unusedImports = [0, 1, 2].map((line) => ({ range: at(line), message: `Unused import ${line}` }));
    const r = classify(result([unresolved("org.missing.Gadget", 0), unresolved("java.util.Nope", 1)], { unusedImports }), ctx(text), "x.groovy");
    expect(rules(r)).toEqual(["0:groovy/missing-dependency:information", "1:groovy/unresolved:error", "2:groovy/unused-import:warning"]);
    // with the winner turned off, the import is still worth its one finding
    const off = classify(result([unresolved("org.missing.Gadget", 0)], { unusedImports }), ctx(text, { settings: new Map([["groovy/missing-dependency", "off"]]) }), "x.groovy");
    expect(rules(off)).toEqual(["0:groovy/unused-import:warning", "1:groovy/unused-import:warning", "2:groovy/unused-import:warning"]);
  });

  it("reports a rule that is off by default only when the configuration gives it a severity", () => {
    const findings = [{ rule: "groovy/unused-parameter", range: at(1), message: "The parameter 'b' of 'f' is never used." }];
    expect(rules(classify(result([], { findings }), ctx("x\ny\n"), "x.groovy"))).toEqual([]);
    const on = classify(result([], { findings }), ctx("x\ny\n", { settings: new Map([["groovy/unused-parameter", "warning"]]) }), "x.groovy");
    expect(rules(on)).toEqual(["1:groovy/unused-parameter:warning"]);
  });

  it("applies settings: off, severity overrides", () => {
    const r = classify(result([], { unusedImports: [{ range: at(0), message: "Unused import: a.B" }], findings: [{ rule: "groovy/empty-catch", range: at(1), message: "empty" }] }), ctx("import a.B\n", { settings: new Map([["groovy/unused-import", "off"], ["groovy/empty-catch", "error"]]) }), "x.groovy");
    expect(rules(r)).toEqual(["1:groovy/empty-catch:error"]);
  });

  it("reports Jenkins rules only in Jenkins files and drops unknown rule ids", () => {
    const findings = [{ rule: "jenkins/noncps-calls-step", range: at(0), message: "m" }, { rule: "groovy/no-such-rule", range: at(0), message: "m" }];
    expect(rules(classify(result([], { findings }), ctx("x", { kind: "jenkins" }), "Jenkinsfile"))).toEqual(["0:jenkins/noncps-calls-step:error"]);
    expect(rules(classify(result([], { findings }), ctx("x", { kind: "script" }), "a.groovy"))).toEqual([]);
  });

  it("gives identical findings distinct, stable fingerprints", () => {
    const u = { range: at(0), message: "Unused import: a.B" };
    const a = classify(result([], { unusedImports: [u, { range: at(1), message: "Unused import: a.B" }] }), ctx("import a.B\nimport a.B\n"), "x.groovy");
    const b = classify(result([], { unusedImports: [u, { range: at(1), message: "Unused import: a.B" }] }), ctx("\n\nimport a.B\nimport a.B\n".slice(2)), "x.groovy");
    expect(a.findings.map((f) => f.fingerprint)).toEqual(b.findings.map((f) => f.fingerprint));
    expect(new Set(a.findings.map((f) => f.fingerprint)).size).toBe(2);
  });
});

describe("imports", () => {
  it("reads class, star, static and aliased imports, skipping comments", () => {
    const decls = parseImports("import a.b.C\nimport a.b.*\nimport static a.b.C.m\nimport a.b.D as E\n/*\nimport no.Way\n*/\n// import no.Line\n");
    expect(decls.map((d) => [d.target, d.star, d.isStatic, d.localName, d.line])).toEqual([
      ["a.b.C", false, false, "C", 0],
      ["a.b", true, false, null, 1],
      ["a.b.C.m", false, true, "m", 2],
      ["a.b.D", false, false, "E", 3],
    ]);
  });
});

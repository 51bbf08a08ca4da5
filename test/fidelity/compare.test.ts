// The comparison logic of bench/fidelity (groovymcp vs the stock compiler on real code). The bench itself needs java
// and Maven Central, so it is not part of npm test; what decides its figure, the mapping of the stock compiler's
// positions onto the engine's and the verdict per file, is checked here on small inputs.
import { describe, expect, it } from "vitest";
import { annotateClasses, categorise, classGap, compareFile, compilerOffset, engineKeys, position, stockKeys } from "../../bench/fidelity/compare.mjs";

describe("stock positions in engine coordinates", () => {
  const text = "a\r\n\tb😀c\nlast";
  it("maps 1-based code-point columns to 0-based UTF-16 characters", () => {
    // line 2 is "\tb😀c": column 4 (1-based, code points) is 'c', which is UTF-16 character 4
    expect(position(text, compilerOffset(text, 2, 4))).toEqual({ line: 1, character: 4 });
  });
  it("clamps a column past the end of a CRLF line before the CR", () => {
    expect(position(text, compilerOffset(text, 1, 99))).toEqual({ line: 0, character: 1 });
  });
  it("clamps a line past the end to the last line", () => {
    expect(position(text, compilerOffset(text, 9, 1))).toEqual({ line: 2, character: 0 });
  });
  it("puts errors without a location at 0:0 on both sides", () => {
    expect(stockKeys(text, [{ line: 0, column: 0, message: "boom" }])).toEqual(["0:0 boom"]);
    const engine = { diagnostics: [
      { range: { start: { line: 0, character: 0 } }, severity: "error", message: "boom" },
      { range: { start: { line: 1, character: 0 } }, severity: "warning", message: "Unused import" },
    ] };
    expect(engineKeys(engine)).toEqual(["0:0 boom"]);
  });
});

describe("verdict per file", () => {
  it("identical lists agree", () => {
    expect(compareFile(["1:0 x", "2:0 y"], ["1:0 x", "2:0 y"]).verdict).toBe("identical");
  });
  it("an error the stock compiler repeats and the engine reports once is the documented de-duplication", () => {
    expect(compareFile(["1:0 x", "1:0 x"], ["1:0 x"]).verdict).toBe("dedup");
  });
  it("an error the engine repeats and the stock compiler does not is a difference", () => {
    expect(compareFile(["1:0 x"], ["1:0 x", "1:0 x"]).verdict).toBe("different");
  });
  it("a missing or extra error is a difference, with the keys each side alone has", () => {
    const d = compareFile(["1:0 x"], ["1:0 x", "3:4 unable to resolve class javax.swing.JFrame"]);
    expect(d).toEqual({ verdict: "different", onlyStock: [], onlyEngine: ["3:4 unable to resolve class javax.swing.JFrame"] });
  });
});

describe("causes", () => {
  it("names the module of a class that only the engine cannot resolve", () => {
    expect(classGap("javax.swing.JFrame")).toContain("java.desktop");
    expect(classGap("com.sun.net.httpserver.HttpServer")).toContain("jdk.httpserver");
    expect(classGap("org.codehaus.groovy.ast.ClassNode")).toContain("org.codehaus.groovy.ast");
    expect(classGap("groovy.json.JsonSlurper")).toContain("groovy-all modules");
    expect(classGap("com.example.Foo")).toBeUndefined();
  });
  it("takes the first unresolved class of the file as the cause", () => {
    const diff = compareFile(["9:0 [Static type checking] - boom"], ["1:7 unable to resolve class java.sql.Connection", "2:7 unable to resolve class javax.swing.JFrame"]);
    expect(categorise("import java.sql.Connection\n", diff)).toContain("java.sql");
  });
  it("resolves a simple name through the file's package", () => {
    const diff = compareFile([], ["4:2 unable to resolve class AntBuilder"]);
    expect(categorise("package groovy.ant\n", diff)).toContain("own package");
  });
  it("separates type-checker differences from the rest", () => {
    const diff = compareFile(["3:1 [Static type checking] - a"], ["3:1 [Static type checking] - b"]);
    expect(categorise("class A {}\n", diff)).toMatch(/type checker/);
    expect(categorise("class A {}\n", compareFile(["3:1 a"], ["4:1 a"]))).toMatch(/positions/);
  });
});

describe("annotating classes without moving lines", () => {
  it("inserts the annotation at each class start on the same line", () => {
    const text = "package p\nabstract class A {\n  static class B {}\n}\n";
    const out = annotateClasses(text, [[2, 1], [3, 3]], "@groovy.transform.TypeChecked");
    expect(out).toBe("package p\n@groovy.transform.TypeChecked abstract class A {\n  @groovy.transform.TypeChecked static class B {}\n}\n");
    expect(out.split("\n").length).toBe(text.split("\n").length);
  });
});

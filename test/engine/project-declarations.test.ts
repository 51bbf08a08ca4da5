import { beforeAll, describe, expect, it } from "vitest";
import { loadRawEngine, type RawEngine } from "./raw-engine.js";

/**
 * The project model on the WebAssembly module itself: classes of files that are not open (a Java class, a Groovy
 * class) are known by their declarations only, and the type checker holds calls of them to their signatures.
 */
interface Diagnostic {
  severity: string;
  message: string;
}

interface Candidates {
  names: { uri: string; name: string; candidates: string[] }[];
  truncated: boolean;
}

let engine: RawEngine;

function call<T>(request: Record<string, unknown>): T {
  const r = JSON.parse(engine.handle(JSON.stringify(request))) as { result?: T; error?: unknown };
  expect(r.error, JSON.stringify(r.error)).toBeUndefined();
  return r.result!;
}

function errors(uri: string, text: string): string[] {
  call({ op: "open", uri, text });
  const r = call<{ diagnostics: Diagnostic[] }>({ op: "diagnostics", uri });
  return r.diagnostics.filter((d) => d.severity === "error").map((d) => d.message);
}

const money = `package shop.money;

public final class Money {
    private static final int[] SCALES = {1, 10, 100};
    private final long cents;
    public Money(long cents) { this.cents = cents; }
    public static Money of(long cents) { return new Money(cents); }
    public Money plus(Money other) { return new Money(cents + other.cents); }
    public long cents() { return cents; }
}
`;
const discount = `package shop.order

import shop.money.Money

class Discount {
    int percent
    Money apply(Money m) { Money.of(m.cents() * (100 - percent) / 100 as long) }
}
`;
const serviceUri = "file:///tree/app/src/main/groovy/shop/order/OrderService.groovy";
const service = `package shop.order

import groovy.transform.CompileStatic
import shop.money.Money

@CompileStatic
class OrderService {
    Money total(List<Money> prices, Discount d) {
        Money t = Money.of(0)
        for (Money p : prices) { t = t.plus(p) }
        d.apply(t)
    }
}
`;

beforeAll(async () => {
  engine = await loadRawEngine();
}, 120_000);

describe("classes known by their declarations", () => {
  it("reads a Java file the Groovy parser refuses with the tolerant scanner, and a Groovy file from its AST", () => {
    const java = call<{ partial?: boolean; types: { name: string; methods: { name: string }[] }[] }>({
      op: "declarations", uri: "file:///tree/money/src/main/java/shop/money/Money.java", language: "java", text: money,
    });
    expect(java.partial).toBe(true); // the array initialiser
    expect(java.types.map((t) => t.name)).toEqual(["Money"]);
    expect(java.types[0]!.methods.map((m) => m.name)).toEqual(["of", "plus", "cents"]);
    const groovy = call<{ partial?: boolean; package: string }>({
      op: "declarations", uri: "file:///tree/app/src/main/groovy/shop/order/Discount.groovy", language: "groovy",
      text: discount,
    });
    expect(groovy.partial).toBeUndefined();
    expect(groovy.package).toBe("shop.order");
  });

  it("resolves and type-checks a Groovy file against a Java class and a Groovy class that are not open", () => {
    expect(errors(serviceUri, service)).toEqual(["unable to resolve class shop.money.Money"]);
    const before = call<Candidates>({ op: "unresolvedCandidates", uri: serviceUri });
    expect(before.names.map((n) => n.candidates)).toEqual([["shop.money.Money"]]);

    const files = [
      call({ op: "declarations", uri: "file:///tree/money/src/main/java/shop/money/Money.java", language: "java", text: money }),
      call({ op: "declarations", uri: "file:///tree/app/src/main/groovy/shop/order/Discount.groovy", language: "groovy", text: discount }),
    ];
    expect(call({ op: "projectDeclarations", files })).toEqual({ files: 2, types: 2, packages: 2 });
    expect(errors(serviceUri, service)).toEqual([]);
    expect(call<Candidates>({ op: "unresolvedCandidates", uri: serviceUri }).names).toEqual([]);

    // the wrong argument type, for the Groovy class's method and for the Java class's
    const wrongGroovy = errors(serviceUri, service.replace("d.apply(t)", "d.apply('ten')"));
    expect(wrongGroovy).toHaveLength(1);
    expect(wrongGroovy[0]).toContain("[Static type checking] - Cannot find matching method shop.order.Discount#apply(java.lang.String)");
    const wrongJava = errors(serviceUri, service.replace("t = t.plus(p)", "t = t.plus(1)"));
    expect(wrongJava).toHaveLength(1);
    expect(wrongJava[0]).toContain("Cannot find matching method shop.money.Money#plus(int)");

    // a class missing from a package the tree declares stays an error of the tree, not a missing dependency
    call({ op: "open", uri: serviceUri, text: "package shop.order\nimport shop.money.Coin\nclass X { Coin c }\n" });
    const lint = call<{ files: { diagnostics: { unresolved?: { packageKnown: boolean } }[] }[] }>({ op: "lint" });
    expect(lint.files[0]!.diagnostics[0]!.unresolved?.packageKnown).toBe(true);
    call({ op: "close", uri: serviceUri });
    call({ op: "projectDeclarations", files: [] });
  });
});

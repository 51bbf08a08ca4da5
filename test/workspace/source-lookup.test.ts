import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { confinedReader } from "../../src/root-guard/confined-file.js";
import { isJsonObject, type JsonObject } from "../../src/json/json.js";
import { DEFAULT_LIMITS } from "../../src/limits/limits.js";
import type { SourceReader } from "../../src/workspace/source.js";
import { SourceLookup, sourceRootsFor, type DeclarationsEngine } from "../../src/workspace/source-lookup.js";
import { loadRawEngine, type RawEngine } from "../engine/raw-engine.js";

/**
 * Source-path resolution under a root, on the real engine and the real confined reader: a cold file's classes in
 * sibling files and other source sets are found by name, a name that maps through a symbolic link out of the root is
 * never read, and a file naming thousands of missing classes costs a bounded number of reads.
 */
let raw: RawEngine;
let base: string;
let root: string;
let reader: SourceReader;
const reads: string[] = [];

const engine: DeclarationsEngine = {
  request(op: string, params: JsonObject): Promise<JsonObject> {
    const reply = JSON.parse(raw.handle(JSON.stringify({ op, ...params }))) as { result?: unknown; error?: unknown };
    if (!isJsonObject(reply.result)) return Promise.reject(new Error(JSON.stringify(reply.error)));
    return Promise.resolve(reply.result);
  },
};

function write(path: string, text: string): void {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
}

function errors(uri: string, text: string): string[] {
  raw.handle(JSON.stringify({ op: "open", uri, text }));
  const r = JSON.parse(raw.handle(JSON.stringify({ op: "diagnostics", uri }))) as {
    result: { diagnostics: { severity: string; message: string }[] };
  };
  return r.result.diagnostics.filter((d) => d.severity === "error").map((d) => d.message);
}

const service = `package shop.order

import groovy.transform.CompileStatic
import shop.money.Money

@CompileStatic
class OrderService {
    Money total(Discount d, Money m) { d.apply(m) }
    Secret leak() { null }
}
`;

beforeAll(async () => {
  raw = await loadRawEngine();
  base = realpathSync(mkdtempSync(join(tmpdir(), "gm-lookup-")));
  root = join(base, "root");
  write("app/src/main/groovy/shop/order/OrderService.groovy", service);
  write("app/src/main/groovy/shop/order/Discount.groovy",
    "package shop.order\nimport shop.money.Money\nclass Discount { Money apply(Money m) { m } }\n");
  // another source set at the tree's top level (a module elsewhere is found only by lint's whole-tree declarations)
  write("src/main/java/shop/money/Money.java", "package shop.money;\npublic class Money { public long cents() { return 0; } }\n");
  writeFileSync(join(base, "Secret.groovy"), "package shop.order\nclass Secret { String TOP_SECRET }\n");
  symlinkSync(join(base, "Secret.groovy"), join(root, "app/src/main/groovy/shop/order/Secret.groovy"));
  const inner = confinedReader({ given: root, real: root }, DEFAULT_LIMITS);
  reader = {
    readPath: (path) => { reads.push(path); return inner.readPath(path); },
    readFileUri: (uri) => inner.readFileUri(uri),
    canonicalFileUri: (uri) => inner.canonicalFileUri(uri),
  };
}, 120_000);

afterAll(() => {
  rmSync(base, { recursive: true, force: true });
});

describe("source lookups by name under a root", () => {
  it("derives the source roots from the file's own path and package", () => {
    expect(sourceRootsFor("app/src/test/groovy/shop/order/OrderSpec.groovy", "shop.order")).toEqual([
      "app/src/test/groovy", "app/src/main/groovy", "app/src/main/java", "app/src/test/java",
      "src/main/groovy", "src/main/java", "src/test/groovy", "src/test/java", "src", "vars", "test", "",
    ]);
    expect(sourceRootsFor("vars/build.groovy", "")).toEqual([
      "vars", "src/main/groovy", "src/main/java", "src/test/groovy", "src/test/java", "src", "test", "",
    ]);
  });

  it("finds a cold file's classes in sibling files and another source set, and never reads through a link out of the root", async () => {
    const uri = pathToFileURL(join(root, "app/src/main/groovy/shop/order/OrderService.groovy")).href;
    expect(errors(uri, service)).toEqual(["unable to resolve class shop.money.Money"]);
    const lookup = new SourceLookup({ reader });
    const outcome = await lookup.resolveFor(engine, uri, "app/src/main/groovy/shop/order/OrderService.groovy", "shop.order");
    expect(outcome.added).toEqual([
      pathToFileURL(join(root, "src/main/java/shop/money/Money.java")).href,
      pathToFileURL(join(root, "app/src/main/groovy/shop/order/Discount.groovy")).href,
    ]);
    // Secret.groovy was asked for and refused by the reader (its real path is outside the root): still unresolved
    expect(reads).toContain("app/src/main/groovy/shop/order/Secret.groovy");
    expect(errors(uri, service)).toEqual(["unable to resolve class Secret"]);
    expect(lookup.declarationsToResend()).toHaveLength(2);
    raw.handle(JSON.stringify({ op: "close", uri }));
    raw.handle(JSON.stringify({ op: "projectDeclarations", files: [] }));
  });

  it("bounds a lookup storm: thousands of missing names cost at most the reads and rounds allowed", async () => {
    const names = Array.from({ length: 3000 }, (_, i) => `  Missing${i} f${i}`).join("\n");
    const uri = pathToFileURL(join(root, "app/src/main/groovy/storm/S.groovy")).href;
    errors(uri, `package storm\nimport other.*\nclass S {\n${names}\n}\n`);
    const before = reads.length;
    const outcome = await new SourceLookup({ reader, maxReadsPerCall: 100 }).resolveFor(engine, uri, "app/src/main/groovy/storm/S.groovy", "storm");
    expect(outcome.reads).toBe(100);
    expect(reads.length - before).toBe(100);
    expect(outcome.added).toEqual([]);
    expect(outcome.bounded).toBe(true);
    raw.handle(JSON.stringify({ op: "close", uri }));
  });
});

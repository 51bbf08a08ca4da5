import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

/**
 * A small Gradle-layout project whose classes are spread over src/main/groovy and src/test/groovy, for the client
 * tests of the cold-file case: the test file is never opened, and the class it uses lives in another file, so the
 * server can only resolve it by looking the name up under --root.
 */
export interface ColdProject {
  /** The directory to pass as --root. */
  readonly root: string;
  /** The cold file, relative to the root. */
  readonly cold: string;
  /** A position (0-based) on the name of the looked-up class where the cold file uses it. */
  readonly use: { readonly line: number; readonly character: number };
  /**
   * What groovy_describe shows there once the class is found in the other file: its qualified name. Unresolved,
   * it would show the bare name as written ("class LineItem").
   */
  readonly described: string;
}

const FILES: Record<string, string> = {
  "src/main/groovy/shop/LineItem.groovy": "package shop\n\nclass LineItem {\n    BigDecimal price\n}\n",
  "src/test/groovy/shop/LineItemTest.groovy":
    "package shop\n\nimport groovy.transform.CompileStatic\n\n@CompileStatic\nclass LineItemTest {\n    BigDecimal twice(LineItem item) { item.price * 2 }\n}\n",
};

/** Writes the project into a fresh temporary directory. */
export function writeColdProject(): ColdProject {
  const root = mkdtempSync(join(tmpdir(), "gm-cold-project-"));
  for (const [path, text] of Object.entries(FILES)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return { root, cold: "src/test/groovy/shop/LineItemTest.groovy", use: { line: 6, character: 21 }, described: "class shop.LineItem" };
}

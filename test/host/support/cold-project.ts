import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { expect } from "vitest";

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

/** A tool call as every client makes it: the tool's name and its arguments. */
export type ColdCall = readonly [name: string, args: Record<string, unknown>];

/** A tool result, as far as the cold-project assertions read it (any client's result type fits). */
export interface ColdAnswer {
  readonly isError?: unknown;
  readonly structuredContent?: unknown;
  readonly [field: string]: unknown;
}

/** The calls every client makes on the cold file: its diagnostics, then a description of the looked-up class. */
export function coldCalls(project: ColdProject): ColdCall[] {
  return [
    ["groovy_diagnostics", { path: project.cold }],
    ["groovy_describe", { path: project.cold, ...project.use }],
  ];
}

/** What the answers to coldCalls must be: no errors on the cold file, and the class found in the other file. */
export function expectColdAnswers(project: ColdProject, answers: readonly ColdAnswer[]): void {
  const [diagnostics, description] = answers;
  expect(diagnostics?.isError, JSON.stringify(diagnostics)).not.toBe(true);
  expect((diagnostics?.structuredContent as { errorCount: number }).errorCount).toBe(0);
  expect(description?.isError, JSON.stringify(description)).not.toBe(true);
  expect((description?.structuredContent as { markdown: string }).markdown).toContain(project.described);
}

/** Makes coldCalls one after another through a client's call and checks the answers. */
export async function expectColdProjectAnswered(
  project: ColdProject,
  call: (name: string, args: Record<string, unknown>) => Promise<ColdAnswer> | ColdAnswer,
): Promise<void> {
  const answers: ColdAnswer[] = [];
  for (const [name, args] of coldCalls(project)) answers.push(await call(name, args));
  expectColdAnswers(project, answers);
}

/**
 * One program and one argument set per tool, shared by the SDK peer tests of both MCP eras, so both call every tool
 * the same way.
 */
export const PROGRAM = [
  "import java.util.concurrent.ConcurrentHashMap",
  "import java.util.List",
  "",
  "interface Shape { double area() }",
  "class Circle implements Shape {",
  "    double r",
  "    double area() { Math.PI * r * r }",
  "}",
  "def c = new Circle(r: 2)",
  "println c.area()",
  "def n = \"x\".toUpperCase()",
  "",
].join("\n");

export const TOOL_ARGS: Record<string, Record<string, unknown>> = {
  groovy_diagnostics: { text: PROGRAM },
  groovy_describe: { text: PROGRAM, line: 8, character: 4 },
  groovy_definition: { text: PROGRAM, line: 9, character: 10 },
  groovy_implementations: { text: PROGRAM, line: 3, character: 11 },
  groovy_references: { text: PROGRAM, line: 4, character: 7, maxResults: 50 },
  groovy_symbols: { text: PROGRAM },
  groovy_complete: { text: PROGRAM, line: 10, character: 16 },
  groovy_signatures: { text: PROGRAM, line: 9, character: 8 },
  groovy_tokens: { text: PROGRAM },
  groovy_format: { text: PROGRAM, tabSize: 4, insertSpaces: true },
  groovy_organize_imports: { text: PROGRAM },
  groovy_rename: { text: PROGRAM, line: 4, character: 7, newName: "Round" },
  groovy_close: { uri: "groovy-buffer:snippet" },
};

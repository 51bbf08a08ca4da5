// Compiles every tool's input and output schema to code at build time with ajv's standalone mode, into
// dist/tool-validators.js: the server then validates without loading ajv or compiling a schema at run time
// (src/mcp/tools/argument-validation.ts says why and how a validator is found). Runs after tsc, on its output, so the
// schemas and the ajv options are the very ones the server uses.
import { build } from "esbuild";
import { Ajv2020 } from "ajv/dist/2020.js";
import standaloneCode from "ajv/dist/standalone/index.js";
import { rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const dist = (path) => pathToFileURL(join(root, "dist", path)).href;
const { toolDefinitions } = await import(dist("mcp/tools/tool-definitions.js"));
const { DEFAULT_LIMITS } = await import(dist("limits/limits.js"));
const { AJV_OPTIONS, PRECOMPILED_VALIDATORS } = await import(dist("mcp/tools/argument-validation.js"));

// the schemas do not depend on the limits (only the descriptions do); one text per distinct schema
const texts = new Map();
for (const tool of toolDefinitions(DEFAULT_LIMITS)) {
  for (const schema of [tool.inputSchema, tool.outputSchema]) {
    const text = JSON.stringify(schema);
    if (!texts.has(text)) texts.set(text, { name: `v${texts.size}`, schema });
  }
}
const ajv = new Ajv2020({ ...AJV_OPTIONS, code: { source: true, esm: true } });
for (const { name, schema } of texts.values()) ajv.addSchema(schema, name);
const code = standaloneCode(ajv, Object.fromEntries([...texts.values()].map(({ name }) => [name, name])));
const entries = [...texts.entries()].map(([text, { name }]) => `[${JSON.stringify(text)}, ${name}]`).join(",\n");
const source = `${code}\nexport const bySchemaText = new Map([\n${entries}\n]);\n`;

// bundled, so any runtime helper the generated code imports from ajv (ucs2length, deep equality) comes along
const out = join(root, PRECOMPILED_VALIDATORS);
const staged = `${out}.source.mjs`;
writeFileSync(staged, source);
try {
  await build({ entryPoints: [staged], outfile: out, bundle: true, platform: "node", format: "esm", target: "es2022", minify: true, legalComments: "eof", logLevel: "warning" });
} finally {
  rmSync(staged, { force: true });
}

import type { GroovyEngine } from "../engine/groovy-engine.js";
import type { Limits } from "../limits/limits.js";
import type { JsonObject } from "../protocol/json-rpc.js";

export interface ResourceContext {
  readonly engine: GroovyEngine;
  readonly limits: Limits;
  readonly classpathEntryCount: number;
  readonly rootSet: boolean;
}

interface ServerResource {
  readonly uri: string;
  readonly name: string;
  readonly title: string;
  readonly description: string;
  read(context: ResourceContext): Promise<JsonObject>;
}

const WHY_NO_EXECUTION =
  "The engine is the Groovy compiler compiled to WebAssembly: it only parses, resolves and type-checks; classpath jars are read as class-file signatures and can never be loaded or run, and @Grab and @ASTTest are disabled.";

const RESOURCES: readonly ServerResource[] = [
  {
    uri: "groovy://server/keywords",
    name: "keywords",
    title: "Groovy keywords",
    description: "The keywords of the Groovy lexer, from the compiler.",
    read: async ({ engine }) => engine.request("keywords", {}),
  },
  {
    uri: "groovy://server/default-imports",
    name: "default-imports",
    title: "Groovy default imports",
    description: "The packages and classes every Groovy source imports implicitly, from the compiler.",
    read: async ({ engine }) => engine.request("defaultImports", {}),
  },
  {
    uri: "groovy://server/limits",
    name: "limits",
    title: "Server limits",
    description: "Size limits, classpath entry count, whether --root is set, the Groovy version, and why no source is ever executed.",
    read: async ({ engine, limits, classpathEntryCount, rootSet }) => {
      const info = await engine.request("info", {});
      const groovyVersion = typeof info["groovyVersion"] === "string" ? info["groovyVersion"] : "unknown";
      return {
        maxMessageBytes: limits.maxMessageBytes,
        maxSourceChars: limits.maxSourceChars,
        maxResultChars: limits.maxResultChars,
        maxOpenBuffers: limits.maxOpenBuffers,
        classpathEntries: classpathEntryCount,
        rootSet,
        groovyVersion,
        engine: "webassembly",
        execution: false,
        executionNote: WHY_NO_EXECUTION,
      };
    },
  },
];

export function listedResources(): object[] {
  return RESOURCES.map((r) => ({ uri: r.uri, name: r.name, title: r.title, description: r.description, mimeType: "application/json" }));
}

export function findResource(uri: string): ServerResource | undefined {
  return RESOURCES.find((r) => r.uri === uri);
}

export async function readResource(resource: ServerResource, context: ResourceContext): Promise<JsonObject> {
  const body = await resource.read(context);
  return { contents: [{ uri: resource.uri, mimeType: "application/json", text: JSON.stringify(body) }] };
}

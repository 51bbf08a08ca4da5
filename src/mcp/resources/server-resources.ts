import { EngineError, EngineUnavailableError } from "../../engine/core/errors.js";
import type { JsonObject } from "../../json/json.js";
import { DEFAULT_JAR_BOUNDS, type Limits } from "../../limits/limits.js";
import type { Workspace } from "../../workspace/workspace.js";

export interface ResourceContext {
  readonly workspace: Workspace;
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
    read: async ({ workspace }) => ({ ...(await workspace.run("keywords", {})) }),
  },
  {
    uri: "groovy://server/default-imports",
    name: "default-imports",
    title: "Groovy default imports",
    description: "The packages and classes every Groovy source imports implicitly, from the compiler.",
    read: async ({ workspace }) => ({ ...(await workspace.run("defaultImports", {})) }),
  },
  {
    uri: "groovy://server/limits",
    name: "limits",
    title: "Server limits",
    description: "Size limits, classpath entry count, whether --root is set, the Groovy version, and why no source is ever executed.",
    read: async ({ workspace, limits, classpathEntryCount, rootSet }) => {
      // the limits need no engine: with the engine unavailable (or failing) the version is reported as unknown
      let groovyVersion = "unknown";
      try {
        groovyVersion = (await workspace.run("info", {})).groovyVersion;
      } catch (error) {
        if (!(error instanceof EngineError)) throw error;
      }
      return {
        maxMessageBytes: limits.maxMessageBytes,
        maxSourceChars: limits.maxSourceChars,
        maxTotalBufferChars: limits.maxTotalBufferChars,
        maxResultChars: limits.maxResultChars,
        maxOpenBuffers: limits.maxOpenBuffers,
        callTimeoutMs: limits.callTimeoutMs,
        workerHeapMb: limits.workerHeapMb,
        workerStackMb: limits.workerStackMb,
        maxNestingDepth: limits.maxNestingDepth,
        classpathEntries: classpathEntryCount,
        classpathJarBounds: { ...DEFAULT_JAR_BOUNDS },
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

/**
 * The resources/read result. With the engine unavailable, an engine resource answers the way tools do: its one
 * content is the plain-text message "the Groovy engine is not available: …" (no JSON-RPC error).
 */
export async function readResource(resource: ServerResource, context: ResourceContext): Promise<JsonObject> {
  let body: JsonObject;
  try {
    body = await resource.read(context);
  } catch (error) {
    if (error instanceof EngineUnavailableError) {
      return { contents: [{ uri: resource.uri, mimeType: "text/plain", text: `the Groovy engine is not available: ${error.message}` }] };
    }
    throw error;
  }
  return { contents: [{ uri: resource.uri, mimeType: "application/json", text: JSON.stringify(body) }] };
}

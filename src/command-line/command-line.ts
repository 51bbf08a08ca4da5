import { Command, CommanderError, Option } from "commander";
import { withGroovymcpConventions } from "./commander-setup.js";

export const USAGE = "groovymcp [--stdio] [--root DIR] [--classpath PATH] [--version] [--help]";

/** What the command line asks for. */
export type Invocation =
  | { kind: "help" }
  | { kind: "version" }
  | { kind: "serve"; root: string | undefined; classpath: string | undefined }
  | { kind: "usage-error" };

function buildProgram(): Command {
  const program = new Command("groovymcp");
  program
    .usage("[--stdio] [--root DIR] [--classpath PATH] [--version] [--help]")
    .description(
      "Model Context Protocol server over stdio that answers questions about Groovy source with the Groovy compiler in WebAssembly. It never runs the source. `groovymcp check` verifies an installation; `groovymcp lint --help` describes the linter.",
    )
    .addOption(new Option("--stdio", "use stdio (the only transport; accepted for compatibility)"))
    .addOption(new Option("--root <DIR>", "directory that every path argument is confined to (never scanned)"))
    .addOption(new Option("--classpath <PATH>", "compile classpath of jar files, separated by the platform path separator"))
    .addOption(new Option("--version", "print the version and exit"));
  // `check` and `lint` are dispatched in main.ts before this parser sees the arguments
  return withGroovymcpConventions(program, USAGE);
}

export function helpText(): string {
  return buildProgram().helpInformation();
}

/** Parses argv (without node and script). `--help` anywhere before `--` wins. */
export function parseCommandLine(argv: readonly string[]): Invocation {
  const endOfOptions = argv.indexOf("--");
  const optionArgs = endOfOptions === -1 ? argv : argv.slice(0, endOfOptions);
  if (optionArgs.includes("--help") || optionArgs.includes("-h")) return { kind: "help" };
  const program = buildProgram();
  try {
    program.parse([...argv], { from: "user" });
  } catch (error) {
    if (error instanceof CommanderError) return { kind: "usage-error" };
    throw error;
  }
  const opts = program.opts<{ root?: string; classpath?: string; version?: boolean; stdio?: boolean }>();
  if (opts.version === true) return { kind: "version" };
  return { kind: "serve", root: opts.root, classpath: opts.classpath };
}

import { existsSync, realpathSync, statSync } from "node:fs";
import { delimiter, resolve } from "node:path";
import { helpText, parseCommandLine } from "./command-line/command-line.js";
import type { Root } from "./root-guard/confined-file.js";
import { limitsFromEnvironment } from "./limits/limits.js";
import { serve } from "./mcp/server/stdio-server.js";
import { logLine } from "./log/log.js";
import { logToStderr } from "./log/stderr.js";
import { environmentWarnings } from "./process/environment-warnings.js";
import { exitNaturally } from "./process/natural-exit.js";
import { writeStdoutText } from "./mcp/transport/stdout-writer.js";
import { packageVersion } from "./version.js";

function resolveRoot(dir: string): Root | undefined {
  if (dir.length === 0 || dir.includes("\u0000")) return undefined;
  try {
    const given = resolve(dir);
    if (!statSync(given).isDirectory()) return undefined;
    return { given, real: realpathSync(given) };
  } catch {
    return undefined;
  }
}

/** Runs the CLI. Exit codes: 0 ok (help, version, end of session), 2 usage error. */
export async function main(argv: readonly string[]): Promise<void> {
  logToStderr();
  const warnEnvironment = (): void => {
    for (const warning of environmentWarnings(process.env)) logLine(warning);
  };
  if (argv[0] === "lint") {
    warnEnvironment();
    // The linter is a subcommand of its own (src/lint/); it shares no state with the server.
    const { lintMain } = await import("./lint/run.js");
    // lintMain has flushed the report and disposed its engine workers: the loop runs empty (src/process/natural-exit.ts)
    exitNaturally(await lintMain(argv.slice(1)));
    return;
  }
  if (argv[0] === "check") {
    warnEnvironment();
    const { runCheckCommand } = await import("./check/check-command.js");
    process.exitCode = await runCheckCommand(argv.slice(1));
    return;
  }
  const invocation = parseCommandLine(argv);
  switch (invocation.kind) {
    case "help":
      writeStdoutText(helpText());
      process.exitCode = 0;
      return;
    case "version":
      writeStdoutText(`groovy-mcp ${packageVersion()}\n`);
      process.exitCode = 0;
      return;
    case "usage-error":
      process.exitCode = 2;
      return;
    case "serve":
      break;
  }
  warnEnvironment();
  let root: Root | undefined;
  if (invocation.root !== undefined) {
    root = resolveRoot(invocation.root);
    if (root === undefined) {
      logLine("--root must name an existing directory");
      process.exit(2);
    }
  }
  const entries = (invocation.classpath ?? "").split(delimiter).filter((e) => e.length > 0);
  const present = entries.filter((e) => existsSync(e));
  const missing = entries.length - present.length;
  if (missing > 0) logLine(`warning: ${missing} classpath ${missing === 1 ? "entry does" : "entries do"} not exist and ${missing === 1 ? "is" : "are"} ignored`);
  const jars = present.filter((e) => {
    try {
      return statSync(e).isFile();
    } catch {
      return false;
    }
  });
  const notJars = present.length - jars.length;
  if (notJars > 0) logLine(`warning: ${notJars} classpath ${notJars === 1 ? "entry is" : "entries are"} not a jar file and ${notJars === 1 ? "is" : "are"} ignored`);
  serve({
    root,
    classpathJars: jars.map((j) => resolve(j)),
    classpathEntryCount: entries.length,
    limits: limitsFromEnvironment(process.env),
    serverVersion: packageVersion(),
  });
}

import { Command, CommanderError, Option } from "commander";
import { existsSync, statSync } from "node:fs";
import { withGroovymcpConventions } from "../command-line/commander-setup.js";
import { flushStdout, writeStdoutText } from "../mcp/transport/stdout-writer.js";
import { formatJson, formatReport } from "./check-report.js";
import { engineForCheck } from "./engine-for-check.js";
import { classpathEntries, probeInstallation } from "./installation-probe.js";

export const CHECK_USAGE = "groovymcp check [--json] [--root DIR] [--classpath PATH] [--help]";

/** Exit codes of `groovymcp check`. */
export const CheckExit = { Healthy: 0, Failed: 1, Usage: 2 } as const;

type Parsed = { kind: "help" } | { kind: "usage-error" } | { kind: "run"; json: boolean; root: string | undefined; classpath: string | undefined };

function buildCommand(): Command {
  const command = new Command("groovymcp check")
    .usage("[--json] [--root DIR] [--classpath PATH] [--help]")
    .description(
      "Verify an installation: load the engine, compile a built-in sample with one known error and check that the compiler finds it. Exit 0 healthy, 1 a check failed, 2 usage error.",
    )
    .addOption(new Option("--json", "print the report as JSON"))
    .addOption(new Option("--root <DIR>", "also check that DIR is an existing readable directory"))
    .addOption(new Option("--classpath <PATH>", "also check the classpath entries (counted, never printed) and compile with them"));
  return withGroovymcpConventions(command, CHECK_USAGE);
}

function parse(argv: readonly string[]): Parsed {
  const endOfOptions = argv.indexOf("--");
  const optionArgs = endOfOptions === -1 ? argv : argv.slice(0, endOfOptions);
  if (optionArgs.includes("--help") || optionArgs.includes("-h")) return { kind: "help" };
  const command = buildCommand();
  try {
    command.parse([...argv], { from: "user" });
  } catch (error) {
    if (error instanceof CommanderError) return { kind: "usage-error" };
    throw error;
  }
  const opts = command.opts<{ json?: boolean; root?: string; classpath?: string }>();
  return { kind: "run", json: opts.json === true, root: opts.root, classpath: opts.classpath };
}

/** `groovymcp check …` (argv after "check"); returns the exit code. The report goes to stdout, logs to stderr. */
export async function runCheckCommand(argv: readonly string[]): Promise<number> {
  const parsed = parse(argv);
  if (parsed.kind === "help") {
    writeStdoutText(buildCommand().helpInformation());
    await flushStdout();
    return CheckExit.Healthy;
  }
  if (parsed.kind === "usage-error") return CheckExit.Usage;
  const jars = classpathEntries(parsed.classpath).filter((e) => {
    try {
      return existsSync(e) && statSync(e).isFile();
    } catch {
      return false;
    }
  });
  const engine = engineForCheck(jars);
  let report;
  try {
    report = await probeInstallation(engine, { root: parsed.root, classpath: parsed.classpath });
  } finally {
    engine.dispose();
  }
  writeStdoutText(parsed.json ? formatJson(report) : formatReport(report));
  await flushStdout();
  return report.healthy ? CheckExit.Healthy : CheckExit.Failed;
}

import type { Command } from "commander";
import { writeStdoutText } from "../mcp/transport/stdout-writer.js";

/**
 * What every groovymcp command shares with commander: `-h/--help`, no stray arguments, errors thrown instead of
 * exiting (the caller chooses the exit code), help on stdout through the one stdout writer, and usage errors on stderr
 * followed by the usage line.
 */
export function withGroovymcpConventions(command: Command, usage: string): Command {
  return command
    .helpOption("-h, --help", "print this help and exit")
    .allowExcessArguments(false)
    .exitOverride()
    .configureOutput({
      writeOut: (text) => writeStdoutText(text),
      writeErr: (text) => process.stderr.write(text),
      outputError: (text, write) => write(text),
    })
    .showHelpAfterError(`Usage: ${usage}`);
}

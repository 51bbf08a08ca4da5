import { availableParallelism } from "node:os";
import { delimiter } from "node:path";
import { Command, CommanderError, InvalidArgumentError, Option } from "commander";
import { LintUsageError } from "./errors.js";
import { explainRule } from "./explain.js";
import { RULE_IDS, RULES } from "./rules.js";

export type OutputFormat = "text" | "json" | "sarif" | "github";
export type FailOn = "error" | "warning" | "information" | "none";

/** The lint command line, parsed and checked. */
export interface LintOptions {
  readonly paths: readonly string[];
  readonly format: OutputFormat;
  readonly output: string | undefined;
  readonly failOn: FailOn;
  readonly maxWarnings: number | undefined;
  readonly classpath: readonly string[];
  /** --jenkins-catalog: a controller's export for the Declarative checks that need installed plugins. */
  readonly jenkinsCatalog?: string | undefined;
  readonly config: string | undefined;
  readonly stdinFilename: string | undefined;
  readonly quiet: boolean;
  /** false with --no-color; otherwise colour follows the terminal. */
  readonly color: boolean;
  readonly jobs: number;
  readonly shard: { index: number; count: number } | undefined;
}

export type LintInvocation = { kind: "help"; text: string } | { kind: "lint"; options: LintOptions };

function integer(min: number): (value: string) => number {
  return (value: string): number => {
    if (!/^[0-9]{1,9}$/.test(value) || Number(value) < min) throw new InvalidArgumentError(`must be an integer of at least ${min}`);
    return Number(value);
  };
}

function shard(value: string): { index: number; count: number } {
  const m = /^([0-9]{1,6})\/([0-9]{1,6})$/.exec(value);
  const index = Number(m?.[1]);
  const count = Number(m?.[2]);
  if (m === null || count < 1 || index < 1 || index > count) throw new InvalidArgumentError("must be I/N with 1 <= I <= N (for example 2/4)");
  return { index, count };
}

function collectClasspath(value: string, previous: string[]): string[] {
  return [...previous, ...value.split(delimiter).filter((e) => e.length > 0)];
}

const HELP_AFTER = (): string => `
Paths:
  A directory is walked for *.groovy *.gvy *.gy *.gsh *.gradle and pipelines: Jenkinsfile, Jenkinsfile.* _* -*
  (any case), *.jenkinsfile and *.jenkins. A file named explicitly is always linted. Anything else is a glob
  (quote it). "-" reads the source from stdin (name it with --stdin-filename). With no path, the current
  directory is linted.

What counts as source (what builds compile):
  Skipped anywhere: .git, node_modules, .gradle. Skipped only at a module's root (a folder with
  build.gradle[.kts], settings.gradle[.kts], pom.xml or build.xml, or the walked folder when no folder above it
  has one): build, target, out, the build outputs; deeper down a folder of that name is a source package and is
  linted. Skipped unless the config sets "lintResources": true: src/<set>/resources/ and a shared library's
  resources/, which builds never compile.
  Whatever .gitignore files ignore is skipped; their "!" re-includes are honoured.

How files compile:
  Class files of one source tree compile together, as groovyc compiles a source set: src/*/groovy of one project
  (main sees test and test sees main; buildSrc/ is a project of its own), grails-app/* with its application's
  src/main/groovy, src/ plus vars/ of a Jenkins shared library, else the directory the package is rooted at.
  Jenkinsfiles, *.gradle files and other scripts compile each on their own. Without a classpath, an unresolved
  import from a package that neither the JDK, Groovy nor the linted files declare is reported once as
  groovy/missing-dependency (information); with --classpath it is an error.

Configuration (.groovymcp.json, the nearest from the working directory up to the repository root, or --config):
  {"rules": {"groovy/unused-import": "off", "groovy/empty-catch": "error"},
   "include": ["**/*.groovy"], "exclude": ["legacy/**"], "classpath": ["libs/x.jar"],
   "kinds": {"pipelines/*.groovy": "jenkins"}, "lintResources": false}
  Schema: schemas/groovymcp-config.schema.json in the package. In a directory without one, npm-groovy-lint's
  .groovylintrc.json (JSON form) is read instead: its CodeNarc rules that map to ours set their severities, its
  ignorepattern joins exclude, and what has no counterpart is listed once on stderr.

Suppression comments:
  // groovymcp-disable-next-line groovy/empty-catch, groovy/unused-import
  // groovymcp-disable-line groovy/unused-import
  /* groovymcp-disable groovy/unused-import */   (to the end of the file, or a /* groovymcp-enable */)
  npm-groovy-lint's groovylint-disable* comments work too, for the CodeNarc rules that map to ours.

Rules (default severity):
${RULE_IDS.map((id) => `  ${id.padEnd(32)} ${(RULES.get(id)!.offByDefault === true ? "off" : RULES.get(id)!.severity).padEnd(12)} ${RULES.get(id)!.rationale}`).join("\n")}
  Each rule has a section in docs/rules.md (AST and Jenkins rules also in docs/rules-ast.md), shipped in the
  package: groovymcp lint --explain RULE prints it.

Exit codes:
  0  no finding at or above --fail-on (and no more warnings than --max-warnings)
  1  findings at or above --fail-on, or more warnings than --max-warnings
  2  a usage, configuration or I/O error (the one-line message names the option, field or file)
`;

function buildLintProgram(): Command {
  const program = new Command("groovymcp lint");
  program
    .usage("[options] [paths|globs...]")
    .description(
      "Lint Groovy sources, Jenkinsfiles and Gradle scripts with the Groovy compiler in WebAssembly (no Java needed). Nothing from the sources or the classpath is ever run.",
    )
    .argument("[paths...]", "files, directories or globs (default: the current directory); - reads stdin")
    .addOption(new Option("-f, --format <format>", "output format").choices(["text", "json", "sarif", "github"]).default("text"))
    .addOption(new Option("-o, --output <file>", "write the report to a file instead of stdout"))
    .addOption(new Option("--fail-on <level>", "lowest severity that makes the exit code 1").choices(["error", "warning", "information", "none"]).default("error"))
    .addOption(new Option("--max-warnings <n>", "exit 1 when there are more than n warnings").argParser(integer(0)))
    .addOption(new Option("--classpath <path>", `jar files to compile against, separated by "${delimiter}" (repeatable); unresolved imports are then errors`).argParser(collectClasspath).default([]))
    .addOption(new Option("--jenkins-catalog <file>", "a Jenkins controller's exported steps, options, triggers, parameters and tools (docs/rules.md)"))
    .addOption(new Option("-c, --config <file>", "configuration file (default: the nearest .groovymcp.json)"))
    .addOption(new Option("--stdin-filename <name>", "the path that stdin's source is reported as (its name decides the file kind)"))
    .addOption(new Option("-q, --quiet", "report errors only, and print no summary when there are none"))
    .addOption(new Option("--no-color", "no colour in the text format (colour is used only on a terminal)"))
    .addOption(new Option("-j, --jobs <n>", "worker threads, one engine each (default: the available cores)").argParser(integer(1)))
    .addOption(new Option("--shard <i/n>", "lint only the i-th of n deterministic shards of the files (for CI matrices)").argParser(shard))
    .addOption(new Option("--explain <rule>", "print a rule's documentation (from docs/rules.md and docs/rules-ast.md in the package) and exit"))
    .helpOption("-h, --help", "print this help and exit")
    .exitOverride()
    .configureOutput({ writeOut: () => undefined, writeErr: () => undefined, outputError: () => undefined })
    .addHelpText("after", HELP_AFTER());
  return program;
}

export function lintHelpText(): string {
  const program = buildLintProgram();
  let text = "";
  program.configureOutput({ writeOut: (s) => (text += s), writeErr: () => undefined, outputError: () => undefined });
  program.outputHelp();
  return text;
}

/** Parses the arguments after `lint`. A mistake is a LintUsageError with commander's one-line message. */
export function parseLintCommandLine(argv: readonly string[]): LintInvocation {
  const endOfOptions = argv.indexOf("--");
  const optionArgs = endOfOptions === -1 ? argv : argv.slice(0, endOfOptions);
  if (optionArgs.includes("--help") || optionArgs.includes("-h")) return { kind: "help", text: lintHelpText() };
  const program = buildLintProgram();
  try {
    program.parse([...argv], { from: "user" });
  } catch (error) {
    if (error instanceof CommanderError) throw new LintUsageError(error.message.replace(/^error: /, "").split("\n")[0] ?? "invalid arguments");
    throw error;
  }
  const o = program.opts<{
    format: OutputFormat;
    output?: string;
    failOn: FailOn;
    maxWarnings?: number;
    classpath: string[];
    jenkinsCatalog?: string;
    config?: string;
    stdinFilename?: string;
    quiet?: boolean;
    color: boolean;
    jobs?: number;
    shard?: { index: number; count: number };
    explain?: string;
  }>();
  if (o.explain !== undefined) {
    if (!RULES.has(o.explain)) throw new LintUsageError(`--explain: unknown rule ${JSON.stringify(o.explain)} (groovymcp lint --help lists them)`);
    return { kind: "help", text: explainRule(o.explain) };
  }
  const paths = program.args;
  if (o.stdinFilename !== undefined && !paths.includes("-")) throw new LintUsageError("--stdin-filename needs - among the paths");
  if (paths.filter((p) => p === "-").length > 1) throw new LintUsageError("- (stdin) can be given only once");
  return {
    kind: "lint",
    options: {
      paths,
      format: o.format,
      output: o.output,
      failOn: o.failOn,
      maxWarnings: o.maxWarnings,
      classpath: o.classpath,
      jenkinsCatalog: o.jenkinsCatalog,
      config: o.config,
      stdinFilename: o.stdinFilename,
      quiet: o.quiet === true,
      color: o.color,
      jobs: o.jobs ?? Math.max(1, availableParallelism()),
      shard: o.shard,
    },
  };
}

import { describe, expect, it } from "vitest";
import { environmentWarnings } from "../../src/process/environment-warnings.js";

/** Each GROOVYMCP_* knob set to a value its reader ignores gets one stderr warning; valid and blank values get none. */
describe("environment warnings", () => {
  it.each<[Record<string, string>, string[]]>([
    [{}, []],
    [{ GROOVYMCP_CALL_TIMEOUT_MS: "0", GROOVYMCP_MEMORY: "speed", GROOVYMCP_WARMUP: "off", GROOVYMCP_CLASS_MODEL: "core" }, []],
    [{ GROOVYMCP_CALL_TIMEOUT_MS: "", GROOVYMCP_MEMORY: "  ", GROOVYMCP_WARMUP: "", GROOVYMCP_NODE22_TIERING: "" }, []],
    [{ GROOVYMCP_MEMORY: " Lean ", GROOVYMCP_WARMUP: "VERBOSE", GROOVYMCP_NODE22_TIERING: "budget", GROOVYMCP_WORKER_HEAP_MB: "256" }, []],
    [{ GROOVYMCP_WARMUP: "1" }, []],
    [{ GROOVYMCP_PARSER_SEED: " OFF " }, []],
    [{ GROOVYMCP_PARSER_SEED: "1" }, []],
    [{ GROOVYMCP_PARSER_SEED: "sometimes" }, ['warning: GROOVYMCP_PARSER_SEED is "sometimes", not on or off; it is ignored and the parser seed stays on']],
    [{ GROOVYMCP_CALL_TIMEOUT_MS: "20s" }, ['warning: GROOVYMCP_CALL_TIMEOUT_MS is "20s", not 0 or a whole number of milliseconds from 100 to 3600000; it is ignored and the default (20000) applies']],
    [{ GROOVYMCP_CALL_TIMEOUT_MS: "99" }, ['warning: GROOVYMCP_CALL_TIMEOUT_MS is "99", not 0 or a whole number of milliseconds from 100 to 3600000; it is ignored and the default (20000) applies']],
    [{ GROOVYMCP_MAX_RESULT_CHARS: "99999999999" }, ['warning: GROOVYMCP_MAX_RESULT_CHARS is "99999999999", not a whole number from 2 to 524287; it is ignored and the default (524288) applies']],
    [{ GROOVYMCP_WORKER_HEAP_MB: "100" }, ['warning: GROOVYMCP_WORKER_HEAP_MB is "100", not a whole number of MiB from 256 to 3071; it is ignored and the default (3072) applies']],
    [{ GROOVYMCP_MEMORY: "tiny" }, ['warning: GROOVYMCP_MEMORY is "tiny", not speed, lean or verbose; it is ignored and the default applies']],
    [{ GROOVYMCP_WARMUP: "maybe" }, ['warning: GROOVYMCP_WARMUP is "maybe", not on, off or verbose; it is ignored and the warm-up stays on']],
    [{ GROOVYMCP_CLASS_MODEL: "Core" }, ['warning: GROOVYMCP_CLASS_MODEL is "Core", not core or whole; it is ignored and the whole model is loaded']],
    [{ GROOVYMCP_NODE22_TIERING: "yes" }, ['warning: GROOVYMCP_NODE22_TIERING is "yes", not budget; it is ignored']],
    // the value is quoted with control characters replaced, as client strings are
    [{ GROOVYMCP_MEMORY: "x\u001b[2J" }, ['warning: GROOVYMCP_MEMORY is "x\uFFFD[2J", not speed, lean or verbose; it is ignored and the default applies']],
    [{ GROOVYMCP_MEMORY: "tiny", GROOVYMCP_WARMUP: "maybe" }, [
      'warning: GROOVYMCP_MEMORY is "tiny", not speed, lean or verbose; it is ignored and the default applies',
      'warning: GROOVYMCP_WARMUP is "maybe", not on, off or verbose; it is ignored and the warm-up stays on',
    ]],
  ])("%j", (env, expected) => {
    expect(environmentWarnings(env)).toEqual(expected);
  });
});

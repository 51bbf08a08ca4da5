import { describe, expect, it } from "vitest";
import { PhaseLog, PHASES_VARIABLE } from "../../src/lint/phases.js";

describe("the phase log", () => {
  it("writes one line per phase with its name, detail and resident memory when asked for", () => {
    const lines: string[] = [];
    const log = new PhaseLog(performance.now(), (line) => lines.push(line));
    log.end("declarations", "3 files read");
    log.end("units");
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^phase declarations: \d+\.\d s \(at \d+\.\d s\), rss \d+ MB, 3 files read$/);
    expect(lines[1]).toMatch(/^phase units: \d+\.\d s \(at \d+\.\d s\), rss \d+ MB$/);
  });

  it("is off unless the variable is 1", () => {
    expect(PhaseLog.fromEnvironment(0, {}).enabled).toBe(false);
    expect(PhaseLog.fromEnvironment(0, { [PHASES_VARIABLE]: "yes" }).enabled).toBe(false);
    expect(PhaseLog.fromEnvironment(0, { [PHASES_VARIABLE]: "1" }).enabled).toBe(true);
  });
});

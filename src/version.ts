import { readFileSync } from "node:fs";

/** The package version, read from package.json next to dist/. */
export function packageVersion(): string {
  try {
    const raw: unknown = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
    if (typeof raw === "object" && raw !== null && typeof (raw as { version?: unknown }).version === "string") {
      return (raw as { version: string }).version;
    }
  } catch {
    // fall through
  }
  return "0.0.0";
}

import { readFileSync } from "node:fs";
import { packageFile } from "./package-file.js";

/** The package version, read from the package root's package.json. */
export function packageVersion(): string {
  try {
    const raw: unknown = JSON.parse(readFileSync(packageFile("package.json"), "utf8"));
    if (typeof raw === "object" && raw !== null && typeof (raw as { version?: unknown }).version === "string") {
      return (raw as { version: string }).version;
    }
  } catch {
    // fall through
  }
  return "0.0.0";
}

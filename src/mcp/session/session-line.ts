import { quoteClientString } from "../../limits/quote-client-string.js";
import { isJsonObject, type JsonValue } from "../protocol/json-rpc.js";
import { logLine } from "../../log/log.js";

export type Era = "legacy" | "modern";

/** The client's self-reported name and version, quoted safely (they are client strings). */
export function describeClient(clientInfo: JsonValue | undefined): string {
  if (!isJsonObject(clientInfo)) return "client unknown";
  const name = clientInfo["name"];
  const version = clientInfo["version"];
  const quote = (value: JsonValue | undefined): string => (typeof value === "string" ? quoteClientString(value, 80) : "unknown");
  return `client ${quote(name)} version ${quote(version)}`;
}

/** The one stderr line that says a session started: the protocol version, the era and who the client says it is. */
export function sessionLine(protocolVersion: string, era: Era, clientInfo: JsonValue | undefined): string {
  return `session: protocol ${protocolVersion} (${era} era), ${describeClient(clientInfo)}`;
}

export function logSessionStart(protocolVersion: string, era: Era, clientInfo: JsonValue | undefined): void {
  logLine(sessionLine(protocolVersion, era, clientInfo));
}

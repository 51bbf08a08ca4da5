/**
 * The protocol revisions this server speaks. The newest one is a constant of ours, not the SDK's: a wire test pins
 * what `initialize` and `server/discover` answer against it, so a dependency bump can never move the wire silently.
 */
export const MODERN_PROTOCOL_VERSION = "2026-07-28";
/** The newest revision the server speaks (on any era). */
export const NEWEST_PROTOCOL_VERSION = MODERN_PROTOCOL_VERSION;

/** Revisions served statelessly, with the version, client identity and capabilities in every request's `_meta`. */
export const MODERN_PROTOCOL_VERSIONS: readonly string[] = [MODERN_PROTOCOL_VERSION];
/** Revisions served after an `initialize` handshake, newest first. */
export const LEGACY_PROTOCOL_VERSIONS: readonly string[] = ["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"];
/** The newest legacy revision: what `initialize` answers for a version it does not know (2026-07-28 included). */
export const LATEST_LEGACY_PROTOCOL_VERSION = "2025-11-25";
/** Every revision, newest first: what `server/discover` and the unsupported-version error list. */
export const SUPPORTED_PROTOCOL_VERSIONS: readonly string[] = [...MODERN_PROTOCOL_VERSIONS, ...LEGACY_PROTOCOL_VERSIONS];

/**
 * The `initialize` negotiation: echoes a supported legacy version; any other non-empty version is answered with the
 * newest legacy one. It never negotiates a modern revision, which has no handshake.
 */
export function negotiateProtocolVersion(requested: string): string {
  return LEGACY_PROTOCOL_VERSIONS.includes(requested) ? requested : LATEST_LEGACY_PROTOCOL_VERSION;
}

import { deflateSync, Inflate, strFromU8, strToU8 } from "fflate";

/** One buffer of the playground as it is shared and saved. */
export interface SharedTab {
  readonly name: string;
  readonly text: string;
}
export interface SharedSession {
  readonly tabs: SharedTab[];
  readonly active: number;
}

/** Format tag of the fragment; a later format gets a new tag and old links keep working. */
const PREFIX = "v1.";
/** A link never inflates to more than this (the MCP server's per-source cap is 524,288 characters; 64 buffers). */
export const MAX_SHARED_BYTES = 4 * 1024 * 1024;
/** A tab's name is its buffer's name (groovy-buffer:<name>), so it uses the characters a buffer URI allows. */
export const TAB_NAME = /^[A-Za-z0-9_][A-Za-z0-9._~-]{0,80}$/;

function toBase64Url(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text: string): Uint8Array {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** The fragment (without `#`) that holds every tab: raw DEFLATE of a small JSON document, base64url. */
export function encodeSession(session: SharedSession, level: 1 | 6 | 9 = 9): string {
  const json = JSON.stringify({ t: session.tabs.map((tab) => [tab.name, tab.text]), a: session.active });
  return PREFIX + toBase64Url(deflateSync(strToU8(json), { level }));
}

/** Inflates with a bound, so a crafted link cannot make the page allocate without limit. */
function boundedInflate(bytes: Uint8Array): Uint8Array {
  const chunks: Uint8Array[] = [];
  let size = 0;
  const inflate = new Inflate((chunk) => {
    size += chunk.length;
    if (size > MAX_SHARED_BYTES) throw new Error(`the shared code is larger than ${MAX_SHARED_BYTES} bytes`);
    chunks.push(chunk);
  });
  inflate.push(bytes, true);
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

/** Reads a fragment written by encodeSession; throws an Error with a reason a person can read. */
export function decodeSession(fragment: string): SharedSession {
  const body = fragment.replace(/^#/, "");
  if (!body.startsWith(PREFIX)) throw new Error("the link is not a playground link (unknown format)");
  let json: string;
  try {
    json = strFromU8(boundedInflate(fromBase64Url(body.slice(PREFIX.length))));
  } catch (error) {
    throw new Error(`the link is damaged (${error instanceof Error ? error.message : "cannot be decompressed"})`);
  }
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw new Error("the link is damaged (its content is not valid)");
  }
  const document = value as { t?: unknown; a?: unknown };
  if (!Array.isArray(document.t) || document.t.length === 0 || document.t.length > 64) throw new Error("the link holds no tabs");
  const tabs: SharedTab[] = [];
  for (const entry of document.t) {
    if (!Array.isArray(entry) || typeof entry[0] !== "string" || typeof entry[1] !== "string" || !TAB_NAME.test(entry[0])) {
      throw new Error("the link is damaged (a tab is malformed)");
    }
    if (tabs.some((tab) => tab.name === entry[0])) throw new Error("the link is damaged (two tabs have one name)");
    tabs.push({ name: entry[0], text: entry[1] });
  }
  const active = typeof document.a === "number" && Number.isInteger(document.a) && document.a >= 0 && document.a < tabs.length ? document.a : 0;
  return { tabs, active };
}

/** A playground holds at most this many tabs, as the MCP server holds at most 64 buffers. */
export const MAX_TABS = 64;

/**
 * The saved tabs with a share link's tabs beside them, so opening a link never loses what the visitor had: the saved
 * tabs first, unchanged, then the link's, the first of them active. A link tab identical to a saved one (same name,
 * same text) is not repeated; one whose name is taken gets the first free `-2`, `-3`... before its extension.
 * Undefined when the two together would pass MAX_TABS (the page then asks before replacing anything).
 */
export function openBeside(saved: SharedSession, link: SharedSession): SharedSession | undefined {
  const tabs = [...saved.tabs];
  const taken = new Set(tabs.map((t) => t.name));
  let firstOfLink = -1;
  for (const tab of link.tabs) {
    const same = tabs.findIndex((t) => t.name === tab.name && t.text === tab.text);
    if (same >= 0) {
      if (firstOfLink < 0) firstOfLink = same;
      continue;
    }
    let name = tab.name;
    const dot = name.lastIndexOf(".");
    const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ""];
    for (let n = 2; taken.has(name); n++) name = `${stem.slice(0, 70)}-${n}${extension}`;
    taken.add(name);
    if (firstOfLink < 0) firstOfLink = tabs.length;
    tabs.push({ name, text: tab.text });
  }
  if (tabs.length > MAX_TABS) return undefined;
  return { tabs, active: Math.max(0, firstOfLink) };
}

import { DEFAULT_LIMITS } from "./limits.js";

/**
 * Makes a client-supplied string safe to quote in an error message: control characters (C0, DEL, C1, and the
 * line/paragraph separators) become U+FFFD, and the result is cut to 200 characters with an ellipsis.
 */
export function quoteClientString(value: string, max: number = DEFAULT_LIMITS.maxQuotedChars): string {
  let text = value;
  let cut = false;
  if (text.length > max) {
    text = text.slice(0, max);
    // do not leave half of a surrogate pair at the cut
    const last = text.charCodeAt(text.length - 1);
    if (last >= 0xd800 && last <= 0xdbff) text = text.slice(0, -1);
    cut = true;
  }
  // eslint-disable-next-line no-control-regex
  text = text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, "\uFFFD");
  return `"${text}${cut ? "…" : ""}"`;
}

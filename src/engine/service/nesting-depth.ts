/**
 * How deeply a Groovy source nests its brackets, found by a linear scan that skips comments and string literals
 * (runtime-neutral: no Node). The compiler's parser and AST visitors recurse once per level, so this is what runs
 * a compiler out of stack; the scan lets the host answer a depth error instead of letting the engine trap.
 *
 * The scan is deliberately simple: `(`, `[` and `{` open a level, `)`, `]` and `}` close one (never below zero).
 * `//` and `/* *\/` comments, `'…'`, `"…"`, `'''…'''` and `"""…"""` strings (with backslash escapes) are skipped;
 * a GString's `${…}` counts as string text, and slashy strings count as code. Any of these can only move the figure
 * by the brackets such a literal holds, which real code keeps far below the depth limit.
 */
export interface NestingPoint {
  /** The nesting depth reached at this point (1 for the outermost bracket). */
  readonly depth: number;
  /** 0-based line and UTF-16 character of the opening bracket. */
  readonly line: number;
  readonly character: number;
}

/**
 * The first opening bracket that goes past `limit` levels, or (with no limit given, or none past it) the first
 * bracket at the deepest level; undefined when the source has no brackets.
 */
export function deepestNesting(text: string, limit = Number.POSITIVE_INFINITY): NestingPoint | undefined {
  let depth = 0;
  let deepest: NestingPoint | undefined;
  let line = 0;
  let lineStart = 0;
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 10 /* \n */) {
      line++;
      lineStart = i + 1;
      i++;
      continue;
    }
    if (c === 40 || c === 91 || c === 123 /* ( [ { */) {
      depth++;
      if (deepest === undefined || depth > deepest.depth) {
        deepest = { depth, line, character: i - lineStart };
        if (depth > limit) return deepest;
      }
      i++;
      continue;
    }
    if (c === 41 || c === 93 || c === 125 /* ) ] } */) {
      if (depth > 0) depth--;
      i++;
      continue;
    }
    if (c === 47 /* / */ && i + 1 < n) {
      const next = text.charCodeAt(i + 1);
      if (next === 47) {
        const end = text.indexOf("\n", i + 2);
        i = end === -1 ? n : end;
        continue;
      }
      if (next === 42 /* * */) {
        const end = text.indexOf("*/", i + 2);
        const stop = end === -1 ? n : end + 2;
        ({ line, lineStart } = countLines(text, i, stop, line, lineStart));
        i = stop;
        continue;
      }
    }
    if (c === 39 || c === 34 /* ' " */) {
      const stop = stringEnd(text, i, c);
      ({ line, lineStart } = countLines(text, i, stop, line, lineStart));
      i = stop;
      continue;
    }
    i++;
  }
  return deepest;
}

/** Where the string literal opening at `start` ends (just past its closing quote, or the end of the text). */
function stringEnd(text: string, start: number, quote: number): number {
  const n = text.length;
  const triple = text.charCodeAt(start + 1) === quote && text.charCodeAt(start + 2) === quote;
  let i = start + (triple ? 3 : 1);
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 92 /* \ */) {
      i += 2;
      continue;
    }
    if (c === quote) {
      if (!triple) return i + 1;
      if (text.charCodeAt(i + 1) === quote && text.charCodeAt(i + 2) === quote) return i + 3;
    } else if (c === 10 && !triple) {
      return i; // an unterminated single-line string ends at the line's end, as the lexer reports it
    }
    i++;
  }
  return n;
}

function countLines(text: string, from: number, to: number, line: number, lineStart: number): { line: number; lineStart: number } {
  for (let nl = text.indexOf("\n", from); nl !== -1 && nl < to; nl = text.indexOf("\n", nl + 1)) {
    line++;
    lineStart = nl + 1;
  }
  return { line, lineStart };
}

/**
 * Text from the repository under lint (file names, source quoted in messages) is untrusted: printed raw, a newline
 * lets it start a line of its own, which GitHub Actions runs as a workflow command (`::error ...`, `::add-mask::`),
 * and ESC/OSC/BEL sequences drive the reader's terminal. Every such character becomes a visible escape, so one
 * finding is always one line and nothing in it talks to the terminal or the runner.
 */

// C0 controls (tab included: it can hide text), DEL, C1 controls, and the Unicode line and paragraph separators
// that some viewers break lines at.
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

function escapeOne(c: string): string {
  switch (c) {
    case "\n":
      return "\\n";
    case "\r":
      return "\\r";
    case "\t":
      return "\\t";
    default: {
      const code = c.charCodeAt(0);
      return code <= 0xff ? `\\x${code.toString(16).padStart(2, "0")}` : `\\u${code.toString(16).padStart(4, "0")}`;
    }
  }
}

/** The text with every control character escaped (`\n`, `\x1b`, `\u2028`, ...); printable text is unchanged. */
export function neutralise(text: string): string {
  return text.replace(UNSAFE, escapeOne);
}

/**
 * A path that starts a printed line: neutralised, and prefixed with `./` when it would begin with `:` or white space,
 * so a file named `::error ...` cannot be read as a workflow command. `./x` names the same file as `x`.
 */
export function neutraliseLineStart(path: string): string {
  const safe = neutralise(path);
  return /^[\s:]/.test(safe) ? `./${safe}` : safe;
}

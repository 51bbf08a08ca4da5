import { LintUsageError } from "./errors.js";

/**
 * picomatch compiles a glob to a backtracking regular expression, so a config glob such as `a*a*a*a*x` costs
 * O(n^k) steps against a long name (k wildcards, n characters), and `**` segments the same against a deep path:
 * measured on 2 cores, `a*a*a*a*x` took 360 ms per match on a 250-character name and `a*a*a*a*a*a*a*a*x` never
 * finished; `**` three times took 700 ms on a 200-deep path, and 2 `**` with 2 `*` each 950 ms on a 4,000-character
 * one. Config comes from the repository under lint, so globs
 * over these limits are refused with an exit-2 message before any file is matched. Real globs stay far inside them.
 */
export const MAX_STARS_PER_SEGMENT = 2;
export const MAX_GLOBSTARS = 2;
/** `*` runs and `**` segments together; at this limit the worst measured match was 130 ms on a 4,017-character path. */
export const MAX_WILDCARDS = 4;
export const MAX_GLOB_CHARS = 1024;

/** Throws a LintUsageError naming `field` when a glob is over a complexity limit. */
export function checkGlobComplexity(glob: string, field: string): void {
  if (glob.length > MAX_GLOB_CHARS) throw new LintUsageError(`${field}: the glob is longer than ${MAX_GLOB_CHARS} characters`);
  // extended globs nest quantifiers (`+(a*)*`), the classic catastrophic-backtracking shape; config globs need none
  if (/[@!+*?]\(/.test(glob)) throw new LintUsageError(`${field}: extended glob patterns such as +(...) are not supported`);
  let globstars = 0;
  let wildcards = 0;
  for (const segment of glob.split("/")) {
    if (segment === "**") {
      globstars++;
      wildcards++;
      continue;
    }
    const stars = segment.match(/\*+/g)?.length ?? 0;
    wildcards += stars;
    if (stars > MAX_STARS_PER_SEGMENT) {
      throw new LintUsageError(`${field}: the glob ${JSON.stringify(glob)} has more than ${MAX_STARS_PER_SEGMENT} wildcards in one path segment, which can take exponential time to match`);
    }
  }
  if (wildcards > MAX_WILDCARDS) {
    throw new LintUsageError(`${field}: the glob ${JSON.stringify(glob)} has more than ${MAX_WILDCARDS} wildcards, which can take exponential time to match`);
  }
  if (globstars > MAX_GLOBSTARS) {
    throw new LintUsageError(`${field}: the glob ${JSON.stringify(glob)} has more than ${MAX_GLOBSTARS} ** segments, which can take exponential time to match`);
  }
}

/** picomatch options for every config glob: no extended globs (refused above) and dot files matched. */
export const CONFIG_GLOB_OPTIONS = { dot: true, noextglob: true } as const;

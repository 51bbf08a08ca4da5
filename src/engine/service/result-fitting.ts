import type { JsonObject, JsonValue } from "../../json/json.js";

/**
 * Answers that never vanish (issue 13): a result too large for the result limit is cut to what fits rather than
 * replaced by an error. The cut keeps the most important items (for diagnostics: errors, then warnings, then the
 * rest, each in source order), says `truncated: true` and how many items were left out (`omitted`), and the
 * result-limit error stays only for the case where not even an empty list fits. Runtime-neutral (no Node).
 */
interface FitPlan {
  /** The result's list member that may be cut. */
  readonly list: string;
  /** Items nest under `children` (symbols): the cut keeps the first N nodes in outline order. */
  readonly tree?: boolean;
  /** Orders the items most important first before a cut (stable). */
  readonly rank?: (item: JsonValue) => number;
}

const SEVERITY_RANK: Record<string, number> = { error: 0, warning: 1, information: 2, hint: 3 };

const PLANS: Readonly<Record<string, FitPlan>> = {
  diagnostics: {
    list: "diagnostics",
    rank: (item) => {
      const severity = typeof item === "object" && item !== null && !Array.isArray(item) ? item["severity"] : undefined;
      return typeof severity === "string" ? (SEVERITY_RANK[severity] ?? 4) : 4;
    },
  },
  symbols: { list: "symbols", tree: true },
  // edits never overlap, so any prefix of them is a valid set to apply; run the tool again for the rest
  format: { list: "edits" },
  organizeImports: { list: "edits" },
};

/** The operations whose results can be cut (their output schemas declare `truncated` and `omitted`). */
export const CUTTABLE_OPERATIONS: readonly string[] = Object.keys(PLANS);

export type Fitted = { readonly ok: true; readonly result: JsonObject; readonly text: string } | { readonly ok: false };

function isObject(value: JsonValue | undefined): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function countNodes(items: readonly JsonValue[]): number {
  let n = 0;
  for (const item of items) {
    n++;
    const children = isObject(item) ? item["children"] : undefined;
    if (Array.isArray(children)) n += countNodes(children);
  }
  return n;
}

/** The first `k` nodes of a forest in preorder (parents before their children). */
function takeNodes(items: readonly JsonValue[], k: number): { taken: JsonValue[]; used: number } {
  const taken: JsonValue[] = [];
  let used = 0;
  for (const item of items) {
    if (used >= k) break;
    used++;
    const children = isObject(item) ? item["children"] : undefined;
    if (isObject(item) && Array.isArray(children)) {
      const inner = takeNodes(children, k - used);
      used += inner.used;
      taken.push({ ...item, children: inner.taken });
    } else {
      taken.push(item);
    }
  }
  return { taken, used };
}

/** The JSON length of the cut with k items, from prefix sums of the items' own lengths (commas included). */
function flatMeasure(result: JsonObject, list: string, items: readonly JsonValue[], total: number, earlier: number): (k: number) => number {
  const prefix = new Float64Array(items.length + 1);
  for (let i = 0; i < items.length; i++) prefix[i + 1] = prefix[i]! + JSON.stringify(items[i]).length;
  return (k) => {
    const shell = JSON.stringify({ ...result, [list]: [], truncated: k < total || earlier > 0, omitted: total - k + earlier }).length;
    return shell + prefix[k]! + Math.max(0, k - 1);
  };
}

/**
 * Fits one operation's result under `maxChars` characters of JSON, first cutting to `maxResults` items when given.
 * Results of other operations, and results that fit uncut, come back as they are.
 */
export function fitResult(op: string, result: JsonObject, maxChars: number, maxResults?: number): Fitted {
  const plan = PLANS[op];
  const whole = JSON.stringify(result);
  const list = plan === undefined ? undefined : result[plan.list];
  if (plan === undefined || !Array.isArray(list)) return whole.length <= maxChars ? { ok: true, result, text: whole } : { ok: false };
  const overCount = maxResults !== undefined && (plan.tree ? countNodes(list) : list.length) > maxResults;
  if (!overCount && whole.length <= maxChars) return { ok: true, result, text: whole };

  const ordered = plan.rank === undefined ? list : list.map((item, i) => ({ item, i, r: plan.rank!(item) })).sort((a, b) => a.r - b.r || a.i - b.i).map((e) => e.item);
  const total = plan.tree ? countNodes(ordered) : ordered.length;
  // a result cut before (in the engine's worker, to the result limit) keeps counting what that cut left out
  const earlier = typeof result["omitted"] === "number" ? result["omitted"] : 0;
  const candidate = (k: number): { result: JsonObject; text: string } => {
    const kept = plan.tree ? takeNodes(ordered, k).taken : ordered.slice(0, k);
    const cut: JsonObject = { ...result, [plan.list]: kept, truncated: k < total || earlier > 0, omitted: total - k + earlier };
    return { result: cut, text: JSON.stringify(cut) };
  };
  // The JSON length grows with k, so the largest k that fits is found by a binary search. This runs on the main
  // thread (ping waits for it), so a flat list is measured from each item's length, stringified once, rather than
  // by stringifying every candidate; a tree is measured whole.
  const measure = plan.tree ? (k: number) => candidate(k).text.length : flatMeasure(result, plan.list, ordered, total, earlier);
  let lo = 0;
  let hi = Math.min(total, maxResults ?? total);
  if (measure(hi) <= maxChars) return { ok: true, ...candidate(hi) };
  if (measure(0) > maxChars) return { ok: false };
  while (lo < hi - 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (measure(mid) <= maxChars) lo = mid;
    else hi = mid;
  }
  return { ok: true, ...candidate(lo) };
}

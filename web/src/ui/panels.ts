import type { DocumentSymbol, Location, Position, Severity } from "../../../src/workspace/results.js";
import { h } from "./dom.js";

export interface Problem {
  readonly tab: string;
  readonly line: number;
  readonly character: number;
  readonly severity: Severity;
  readonly message: string;
}

export type Jump = (tab: string, position: Position) => void;

/** A message longer than this is cut in the list (a syntax error may quote a whole line). */
const MAX_SHOWN = 400;
const cut = (text: string): string => (text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN)}…` : text);

const SEVERITY_WORD: Record<Severity, string> = { error: "Error", warning: "Warning", information: "Info", hint: "Hint" };

/** The Problems region: one button per message, with its tab and line, that moves the cursor there. */
export function renderProblems(list: HTMLElement, count: HTMLElement, problems: readonly Problem[], note: string | undefined, jump: Jump): void {
  const errors = problems.filter((p) => p.severity === "error").length;
  const warnings = problems.filter((p) => p.severity === "warning").length;
  count.textContent = problems.length === 0 ? "" : `(${errors} error${errors === 1 ? "" : "s"}, ${warnings} warning${warnings === 1 ? "" : "s"})`;
  const items = problems.map((problem) =>
    h(
      "li",
      {},
      h(
        "button",
        { type: "button", class: "problem", "aria-label": `${SEVERITY_WORD[problem.severity]} in ${problem.tab} line ${problem.line + 1}: ${cut(problem.message)}` },
        h("span", { class: `sev sev-${problem.severity}` }, SEVERITY_WORD[problem.severity]),
        h("span", { class: "where" }, `${problem.tab}:${problem.line + 1}:${problem.character + 1}`),
        h("span", { class: "text" }, cut(problem.message)),
      ),
    ),
  );
  items.forEach((item, index) => item.querySelector("button")!.addEventListener("click", () => jump(problems[index]!.tab, problems[index]!)));
  list.replaceChildren(...items);
  if (note !== undefined) list.append(h("li", { class: "empty" }, note));
  else if (problems.length === 0) list.append(h("li", { class: "empty" }, "No problems: the compiler accepts every tab."));
}

/** The outline: the symbols of the active tab as a tree of buttons. */
export function renderOutline(view: HTMLElement, tab: string, symbols: readonly DocumentSymbol[], jump: Jump): void {
  const tree = (nodes: readonly DocumentSymbol[]): HTMLUListElement =>
    h(
      "ul",
      {},
      ...nodes.map((symbol) => {
        const button = h("button", { type: "button", class: "link" }, h("span", { class: "kind" }, symbol.kind.toLowerCase()), symbol.name);
        button.addEventListener("click", () => jump(tab, symbol.selectionRange.start));
        return h(
          "li",
          {},
          button,
          symbol.detail !== undefined && symbol.detail !== symbol.name ? h("span", { class: "detail" }, ` ${symbol.detail}`) : null,
          symbol.children !== undefined && symbol.children.length > 0 ? tree(symbol.children) : null,
        );
      }),
    );
  view.replaceChildren(h("p", { class: "note" }, `Symbols of ${tab}`), symbols.length === 0 ? h("p", {}, "No declarations.") : tree(symbols));
}

/** Find-references results, grouped by tab. */
export function renderReferences(view: HTMLElement, title: string, tabOf: (uri: string) => string, locations: readonly Location[], total: number, jump: Jump): void {
  const groups = new Map<string, Location[]>();
  for (const location of locations) groups.set(location.uri, [...(groups.get(location.uri) ?? []), location]);
  const children: HTMLElement[] = [h("p", { class: "note" }, `${total} reference${total === 1 ? "" : "s"} to ${title}`)];
  for (const [uri, group] of groups) {
    const tab = tabOf(uri);
    children.push(
      h("h3", {}, tab),
      h(
        "ul",
        {},
        ...group.map((location) => {
          const line = location.range.start.line;
          const text = snippetLine(location);
          const button = h("button", { type: "button", class: "link" }, h("span", { class: "kind" }, `line ${line + 1}`), text);
          button.addEventListener("click", () => jump(tab, location.range.start));
          return h("li", {}, button);
        }),
      ),
    );
  }
  view.replaceChildren(...children);
}

/** The source line a location starts on, from the engine's snippet (which may start a few lines earlier). */
function snippetLine(location: Location): string {
  if (location.snippet === undefined) return "";
  const lines = location.snippet.split("\n");
  const first = Math.max(0, location.range.start.line - 3);
  return (lines[location.range.start.line - first] ?? lines[0] ?? "").trim();
}

import type { PlaygroundEngine } from "../engine/playground-engine.js";
import type { DocumentSymbol, Position } from "../../../src/workspace/results.js";
import { h } from "./dom.js";

/** At most this many describe calls per refresh of the view, so a large buffer stays responsive. */
const MAX_DESCRIBES = 150;

/**
 * The compiler view, built from the operations that exist today (the engine has no AST dump yet; see
 * /work/coord/requests/facade.md): every declaration as the compiler resolved it (symbols + describe), and the type
 * the compiler gives each local variable and parameter (tokens + describe). On @CompileStatic/@TypeChecked code
 * those are the inferred types.
 */
export async function renderCompilerView(
  view: HTMLElement,
  engine: PlaygroundEngine,
  tabName: string,
  uri: string,
  text: () => string,
  jump: (tab: string, position: Position) => void,
): Promise<void> {
  const before = text();
  if (!(await engine.sync(uri, before))) {
    view.replaceChildren(h("p", { class: "note" }, `The last compile of ${tabName} ran past the time limit, so it is left out until you edit it.`));
    return;
  }
  const [symbols, tokens] = await Promise.all([engine.symbols(uri), engine.tokens(uri)]);
  let budget = MAX_DESCRIBES;
  const describe = async (position: Position): Promise<string> => {
    if (budget-- <= 0) return "";
    const result = await engine.describe(uri, position);
    return result.markdown.replace(/^```[^\n]*\n?|```\s*$/gm, "").trim();
  };
  const declarations: HTMLElement[] = [];
  const walk = async (nodes: readonly DocumentSymbol[], depth: number): Promise<void> => {
    for (const symbol of nodes) {
      const resolved = await describe(symbol.selectionRange.start);
      const where = h("button", { type: "button", class: "link" }, h("span", { class: "kind" }, `${symbol.kind.toLowerCase()}`), `line ${symbol.selectionRange.start.line + 1}`);
      where.addEventListener("click", () => jump(tabName, symbol.selectionRange.start));
      declarations.push(h("div", { class: "compiler-entry" }, where, h("pre", {}, `${"  ".repeat(depth)}${resolved || symbol.name}`)));
      if (symbol.children !== undefined) await walk(symbol.children, depth + 1);
    }
  };
  await walk(symbols.symbols, 0);
  const locals: HTMLElement[] = [];
  for (const token of tokens.tokens) {
    if ((token.type !== "variable" && token.type !== "parameter") || !token.modifiers.includes("declaration")) continue;
    const position = { line: token.line, character: token.character };
    const resolved = await describe(position);
    if (resolved === "") continue;
    const where = h("button", { type: "button", class: "link" }, h("span", { class: "kind" }, token.type), `line ${token.line + 1}`);
    where.addEventListener("click", () => jump(tabName, position));
    locals.push(h("div", { class: "compiler-entry" }, where, h("pre", {}, resolved)));
  }
  if (text() !== before) return; // a newer refresh follows
  view.replaceChildren(
    h(
      "p",
      { class: "note" },
      `What the compiler resolved in ${tabName} after semantic analysis. A full AST view needs an engine operation that does not exist yet; until then this view shows each declaration and the type the compiler gives every local variable and parameter (inferred on @CompileStatic and @TypeChecked code).`,
    ),
    h("h3", {}, "Declarations"),
    ...(declarations.length > 0 ? declarations : [h("p", {}, "No declarations.")]),
    h("h3", {}, "Locals and parameters"),
    ...(locals.length > 0 ? locals : [h("p", {}, "No local variables or parameters.")]),
    budget < 0 ? h("p", { class: "note" }, `Only the first ${MAX_DESCRIBES} entries are shown.`) : "",
  );
}

import { EngineArgumentError } from "../../../src/engine/core/errors.js";
import type { PlaygroundEngine } from "../engine/playground-engine.js";
import type { AstNode, AstResult, Position } from "../../../src/workspace/results.js";
import { h } from "./dom.js";

/** A tree this small opens fully; a larger one opens its first levels, so the page never builds 20,000 rows at once. */
const OPEN_ALL_BELOW = 1500;
const OPEN_DEPTH = 3;

/** What a refresh keeps of the reader's place: open nodes and the focused one, by path, per tab. */
interface TreePlace {
  expanded: Set<string> | undefined;
  focused: string | undefined;
}
const places = new Map<string, TreePlace>();

/**
 * A node's path names it by kind and label (and which of its like-named siblings it is), not by position, so what
 * was open stays open when an edit adds or removes other nodes beside it: an annotation such as @CompileStatic adds
 * generated members to a class.
 */
function childPaths(nodes: readonly AstNode[], parent: string): string[] {
  const seen = new Map<string, number>();
  return nodes.map((node) => {
    const key = `${node.kind} ${node.label}`;
    const n = seen.get(key) ?? 0;
    seen.set(key, n + 1);
    return `${parent}/${key}#${n}`;
  });
}

const count = (nodes: readonly AstNode[]): number => nodes.reduce((n, node) => n + 1 + count(node.children), 0);

/** The accessible name of a row: a treeitem with children would otherwise be named by all its descendants. */
function describeNode(node: AstNode): string {
  const label = node.label === "" ? "" : ` ${node.label}`;
  const type = node.type === undefined ? "" : `, type ${node.type}`;
  return `${node.kind}${label}${type}, ${node.generated === true ? "generated at " : ""}line ${node.range.start.line + 1}`;
}

/**
 * The compiler view: the buffer's AST after the last phase the compile reached (the engine's `ast` op), as a
 * WAI-ARIA tree. Each row shows Groovy's node class, its label and the type the compiler gave it; under
 * @CompileStatic/@TypeChecked that is the static type checker's inferred type. Arrow keys move and open/close
 * (roving tabindex, one Tab stop), Home/End go to the ends, Enter (or a click) moves the editor's cursor there.
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
  let result: AstResult;
  try {
    result = await engine.ast(uri);
  } catch (error) {
    // an engine built before the `ast` op answers "unknown op": say so instead of showing an empty tree
    if (error instanceof EngineArgumentError && /unknown op/.test(error.message)) {
      view.replaceChildren(h("p", { class: "note" }, "The compiler view needs the engine's ast operation, which this build of the engine does not have."));
      return;
    }
    throw error;
  }
  if (text() !== before) return; // a newer refresh follows
  const place = places.get(tabName) ?? { expanded: undefined, focused: undefined };
  places.set(tabName, place);
  const total = count(result.nodes);
  if (place.expanded === undefined) {
    place.expanded = new Set();
    const open = (nodes: readonly AstNode[], parent: string, depth: number): void =>
      childPaths(nodes, parent).forEach((path, i) => {
        const node = nodes[i]!;
        if (node.children.length === 0 || (total >= OPEN_ALL_BELOW && depth >= OPEN_DEPTH)) return;
        place.expanded!.add(path);
        open(node.children, path, depth + 1);
      });
    open(result.nodes, "", 0);
  }
  // an empty first tree (a blank tab) decides nothing: the first real one opens as above
  if (total === 0) place.expanded = undefined;
  const tree = new AstTree(tabName, result.nodes, place, (position) => jump(tabName, position));
  const hadFocus = view.contains(document.activeElement) && document.activeElement?.getAttribute("role") === "treeitem";
  view.replaceChildren(
    h(
      "p",
      { class: "note", id: "compiler-summary" },
      // the engine names the phase that stopped the compile, or canonicalization when none did
      `${tabName} ${result.phase === "canonicalization" ? "after every phase through canonicalization" : `as the ${result.phase} phase left it`}: ${total.toLocaleString("en")} node${total === 1 ? "" : "s"}. Each node shows the type the compiler gave it; on @CompileStatic and @TypeChecked code that is the inferred type.`,
    ),
    result.truncated ? h("p", { class: "note" }, `The tree was cut: ${result.omitted.toLocaleString("en")} more nodes are not shown.`) : "",
    total === 0
      ? h("p", {}, result.phase === "conversion" ? "A syntax error stopped the compile before it built a tree; the Problems panel says where." : "The compiler produced no nodes for this tab.")
      : tree.element,
  );
  if (hadFocus) tree.restoreFocus();
}

class AstTree {
  readonly element: HTMLUListElement;
  private readonly rows = new Map<string, HTMLLIElement>();

  constructor(
    tabName: string,
    nodes: readonly AstNode[],
    private readonly place: TreePlace,
    private readonly jump: (position: Position) => void,
  ) {
    this.element = h("ul", { role: "tree", class: "ast", "aria-label": `Syntax tree of ${tabName}`, "aria-describedby": "compiler-summary" });
    this.fill(this.element, nodes, "", 1);
    const first = this.element.querySelector<HTMLLIElement>("[role=treeitem]");
    const focused = (place.focused !== undefined ? this.rows.get(place.focused) : undefined) ?? first;
    if (focused !== undefined && focused !== null) focused.tabIndex = 0;
    this.element.addEventListener("keydown", (event) => this.onKey(event));
    this.element.addEventListener("click", (event) => {
      const row = (event.target as Element).closest<HTMLLIElement>("[role=treeitem]");
      if (row === null) return;
      const toggle = (event.target as Element).closest(".twisty");
      this.focus(row);
      if (toggle !== null) this.toggle(row);
      else this.open(row);
    });
  }

  private nodeOf = new WeakMap<HTMLLIElement, AstNode>();

  /** Rows are made for open nodes only; a closed node's children are made the first time it opens. */
  private fill(group: HTMLUListElement, nodes: readonly AstNode[], path: string, level: number): void {
    const paths = childPaths(nodes, path);
    nodes.forEach((node, i) => {
      const id = paths[i]!;
      const parent = node.children.length > 0;
      const row = h(
        "li",
        { role: "treeitem", tabindex: "-1", "aria-level": String(level), "aria-label": describeNode(node), "data-path": id, "aria-selected": "false" },
        h(
          "div",
          { class: node.generated === true ? "row generated" : "row", title: node.generated === true ? "made by the compiler (no source position of its own)" : undefined },
          h("span", { class: "twisty", "aria-hidden": "true" }, parent ? "▸" : ""),
          h("span", { class: "kind" }, node.kind),
          node.label === "" ? "" : h("span", { class: "label" }, ` ${node.label}`),
          node.type === undefined ? "" : h("span", { class: "type" }, ` : ${node.type}`),
          h("span", { class: "line" }, ` ${node.range.start.line + 1}`),
        ),
      );
      this.nodeOf.set(row, node);
      this.rows.set(id, row);
      if (parent) {
        row.setAttribute("aria-expanded", "false");
        if (this.place.expanded!.has(id)) this.expand(row);
      }
      group.append(row);
    });
  }

  private expand(row: HTMLLIElement): void {
    const node = this.nodeOf.get(row)!;
    let group = row.querySelector<HTMLUListElement>(":scope > [role=group]");
    if (group === null) {
      group = h("ul", { role: "group" });
      this.fill(group, node.children, row.dataset["path"]!, Number(row.getAttribute("aria-level")) + 1);
      row.append(group);
    }
    group.hidden = false;
    row.setAttribute("aria-expanded", "true");
    row.querySelector(":scope > .row > .twisty")!.textContent = "▾";
    this.place.expanded!.add(row.dataset["path"]!);
  }

  private collapse(row: HTMLLIElement): void {
    const group = row.querySelector<HTMLUListElement>(":scope > [role=group]");
    if (group !== null) group.hidden = true;
    row.setAttribute("aria-expanded", "false");
    row.querySelector(":scope > .row > .twisty")!.textContent = "▸";
    this.place.expanded!.delete(row.dataset["path"]!);
  }

  private toggle(row: HTMLLIElement): void {
    if (row.getAttribute("aria-expanded") === "true") this.collapse(row);
    else if (row.hasAttribute("aria-expanded")) this.expand(row);
  }

  /** The rows a reader can see, in order: the ones under no closed node. */
  private visible(): HTMLLIElement[] {
    return [...this.element.querySelectorAll<HTMLLIElement>("[role=treeitem]")].filter((row) => row.closest("[role=group][hidden]") === null);
  }

  private focus(row: HTMLLIElement): void {
    for (const other of this.element.querySelectorAll<HTMLLIElement>("[role=treeitem][tabindex='0']")) {
      other.tabIndex = -1;
      other.setAttribute("aria-selected", "false");
    }
    row.tabIndex = 0;
    row.setAttribute("aria-selected", "true");
    row.focus();
    this.place.focused = row.dataset["path"];
  }

  restoreFocus(): void {
    const row = this.element.querySelector<HTMLLIElement>("[role=treeitem][tabindex='0']");
    if (row !== null) this.focus(row);
  }

  private open(row: HTMLLIElement): void {
    this.jump(this.nodeOf.get(row)!.range.start);
  }

  private onKey(event: KeyboardEvent): void {
    const row = (event.target as Element).closest<HTMLLIElement>("[role=treeitem]");
    if (row === null) return;
    const rows = this.visible();
    const at = rows.indexOf(row);
    const parentRow = row.parentElement?.closest<HTMLLIElement>("[role=treeitem]") ?? null;
    let handled = true;
    switch (event.key) {
      case "ArrowDown":
        if (at + 1 < rows.length) this.focus(rows[at + 1]!);
        break;
      case "ArrowUp":
        if (at > 0) this.focus(rows[at - 1]!);
        break;
      case "Home":
        this.focus(rows[0]!);
        break;
      case "End":
        this.focus(rows[rows.length - 1]!);
        break;
      case "ArrowRight":
        if (row.getAttribute("aria-expanded") === "false") this.expand(row);
        else if (row.getAttribute("aria-expanded") === "true") this.focus(this.visible()[at + 1]!);
        break;
      case "ArrowLeft":
        if (row.getAttribute("aria-expanded") === "true") this.collapse(row);
        else if (parentRow !== null) this.focus(parentRow);
        break;
      case "Enter":
        this.open(row);
        break;
      default:
        handled = false;
    }
    if (handled) event.preventDefault();
  }
}

import { autocompletion, snippet, type Completion, type CompletionContext, type CompletionResult } from "@codemirror/autocomplete";
import { Facet, Prec, StateEffect, StateField, type EditorState, type Extension } from "@codemirror/state";
import { EditorView, hoverTooltip, keymap, showTooltip, ViewPlugin, type Tooltip, type ViewUpdate } from "@codemirror/view";
import type { PlaygroundEngine } from "../engine/playground-engine.js";
import type { CompletionItem, Position, SignaturesResult } from "../../../src/workspace/results.js";
import { renderMarkdown } from "./markdown.js";
import { toPosition, toSpan } from "./positions.js";

/** The buffer URI an editor state belongs to (one state per tab). */
export const bufferUri = Facet.define<string, string>({ combine: (values) => values[0] ?? "groovy-buffer:Script.groovy" });

/** What the editor features need from the page. */
export interface FeatureHost {
  readonly engine: PlaygroundEngine;
  /** Jumps to a position, switching tabs when needed. */
  goToDefinition(uri: string, position: Position): Promise<void>;
  findReferences(uri: string, position: Position): Promise<void>;
  rename(): void;
  format(): void;
  organizeImports(): void;
  /** A short note in the status bar (errors of a call included). */
  say(text: string): void;
}

async function synced(host: FeatureHost, state: EditorState): Promise<string> {
  const uri = state.facet(bufferUri);
  if (!(await host.engine.sync(uri, state.doc.toString()))) throw new Error("this tab is left out until it is edited (its last compile ran past the time limit)");
  return uri;
}

// ---- hover (describe) and the keyboard's Ctrl-I ----

function describeDom(markdown: string): HTMLElement {
  const dom = document.createElement("div");
  dom.className = "cm-describe";
  dom.setAttribute("role", "tooltip");
  return renderMarkdown(markdown, dom);
}

function hover(host: FeatureHost): Extension {
  return hoverTooltip(
    async (view, pos): Promise<Tooltip | null> => {
      try {
        const state = view.state;
        const uri = await synced(host, state);
        const result = await host.engine.describe(uri, toPosition(state.doc, pos));
        if (result.markdown.trim() === "" || view.state.doc !== state.doc) return null;
        const span = result.range === undefined ? { from: pos, to: pos } : toSpan(state.doc, result.range);
        return { pos: span.from, end: span.to, above: true, create: () => ({ dom: describeDom(result.markdown) }) };
      } catch {
        return null;
      }
    },
    { hoverTime: 250 },
  );
}

// ---- a tooltip at the cursor: Ctrl-I describe and signature help ----

interface CursorTip {
  readonly pos: number;
  readonly kind: "describe" | "signatures";
  readonly dom: () => HTMLElement;
}
const setCursorTip = StateEffect.define<CursorTip | null>();
const cursorTip = StateField.define<CursorTip | null>({
  create: () => null,
  update(value, transaction) {
    for (const effect of transaction.effects) if (effect.is(setCursorTip)) return effect.value;
    if (value === null) return null;
    if (value.kind === "describe" && (transaction.docChanged || transaction.selection)) return null;
    return transaction.docChanged ? { ...value, pos: transaction.changes.mapPos(value.pos) } : value;
  },
  provide: (field) =>
    showTooltip.from(field, (tip): Tooltip | null => (tip === null ? null : { pos: tip.pos, above: true, create: () => ({ dom: tip.dom() }) })),
});

async function describeAtCursor(host: FeatureHost, view: EditorView): Promise<void> {
  const state = view.state;
  const pos = state.selection.main.head;
  try {
    const uri = await synced(host, state);
    const result = await host.engine.describe(uri, toPosition(state.doc, pos));
    if (view.state.doc !== state.doc) return;
    const markdown = result.markdown.trim() === "" ? "Nothing to describe here." : result.markdown;
    view.dispatch({ effects: setCursorTip.of({ pos, kind: "describe", dom: () => describeDom(markdown) }) });
  } catch (error) {
    host.say(`Describe failed: ${String(error instanceof Error ? error.message : error)}`);
  }
}

function signatureDom(result: SignaturesResult): HTMLElement {
  const dom = document.createElement("div");
  dom.className = "cm-signatures";
  dom.setAttribute("role", "tooltip");
  dom.setAttribute("aria-label", "Signatures");
  result.signatures.slice(0, 8).forEach((signature, index) => {
    const line = document.createElement("div");
    line.className = index === result.activeSignature ? "signature active" : "signature";
    const active = index === result.activeSignature ? signature.parameters[result.activeParameter]?.label : undefined;
    const at = active === undefined ? -1 : signature.label.indexOf(active);
    if (active !== undefined && at >= 0) {
      const strong = document.createElement("strong");
      strong.textContent = active;
      line.append(signature.label.slice(0, at), strong, signature.label.slice(at + active.length));
    } else {
      line.textContent = signature.label;
    }
    dom.append(line);
  });
  if (result.signatures.length > 8) dom.append(`… ${result.signatures.length - 8} more`);
  return dom;
}

async function signaturesAtCursor(host: FeatureHost, view: EditorView, explicit: boolean): Promise<void> {
  const state = view.state;
  const pos = state.selection.main.head;
  try {
    const uri = await synced(host, state);
    const result = await host.engine.signatures(uri, toPosition(state.doc, pos));
    if (view.state.doc !== state.doc || view.state.selection.main.head !== pos) return;
    if (result.signatures.length === 0) {
      if (view.state.field(cursorTip)?.kind === "signatures") view.dispatch({ effects: setCursorTip.of(null) });
      if (explicit) host.say("No signature at the cursor.");
      return;
    }
    view.dispatch({ effects: setCursorTip.of({ pos, kind: "signatures", dom: () => signatureDom(result) }) });
  } catch {
    // a failed signature lookup only means no tooltip
  }
}

function signatureTrigger(host: FeatureHost): Extension {
  return ViewPlugin.fromClass(
    class {
      private timer: ReturnType<typeof setTimeout> | undefined;
      constructor(private readonly view: EditorView) {}
      update(update: ViewUpdate): void {
        let typed = "";
        update.transactions.forEach((tr) => {
          if (tr.isUserEvent("input.type")) tr.changes.iterChanges((_a, _b, _c, _d, text) => (typed += text.toString()));
        });
        const showing = update.state.field(cursorTip)?.kind === "signatures";
        if (/[(,]$/.test(typed) || (showing && (update.docChanged || update.selectionSet))) {
          if (/\)$/.test(typed)) {
            queueMicrotask(() => this.view.dispatch({ effects: setCursorTip.of(null) }));
            return;
          }
          clearTimeout(this.timer);
          this.timer = setTimeout(() => void signaturesAtCursor(host, this.view, false), 80);
        }
      }
      destroy(): void {
        clearTimeout(this.timer);
      }
    },
  );
}

// ---- completion ----

const KIND_TYPE: Record<string, string> = {
  Method: "method",
  Function: "function",
  Property: "property",
  Field: "property",
  Variable: "variable",
  Class: "class",
  Interface: "interface",
  Enum: "enum",
  Keyword: "keyword",
  Module: "namespace",
  Constant: "constant",
};

function toCompletion(item: CompletionItem): Completion {
  const completion: Completion = {
    label: item.label,
    detail: item.detail,
    type: KIND_TYPE[item.kind] ?? item.kind.toLowerCase(),
    apply: item.insertText.includes("${") ? snippet(item.insertText) : item.insertText,
  };
  if (item.documentation !== undefined) {
    const documentation = item.documentation;
    completion.info = () => renderMarkdown(documentation, document.createElement("div"));
  }
  return completion;
}

function completion(host: FeatureHost): Extension {
  const source = async (context: CompletionContext): Promise<CompletionResult | null> => {
    const word = context.matchBefore(/[\w$]+/);
    const from = word?.from ?? context.pos;
    const afterDot = context.state.sliceDoc(Math.max(0, from - 1), from) === ".";
    if (!context.explicit && word === null && !afterDot) return null;
    try {
      const uri = await synced(host, context.state);
      const result = await host.engine.complete(uri, toPosition(context.state.doc, context.pos));
      if (context.aborted) return null;
      return { from, options: result.items.map(toCompletion), validFor: result.isIncomplete ? undefined : /^[\w$]*$/ };
    } catch {
      return null;
    }
  };
  return autocompletion({ override: [source], activateOnTyping: true, activateOnTypingDelay: 60, maxRenderedOptions: 80, icons: true });
}

// ---- navigation ----

function clickNavigation(host: FeatureHost): Extension {
  return EditorView.domEventHandlers({
    mousedown(event, view) {
      if (!(event.ctrlKey || event.metaKey) || event.button !== 0) return false;
      const pos = view.posAtCoords({ x: event.clientX, y: event.clientY });
      if (pos === null) return false;
      event.preventDefault();
      view.dispatch({ selection: { anchor: pos } });
      void host.goToDefinition(view.state.facet(bufferUri), toPosition(view.state.doc, pos));
      return true;
    },
  });
}

function featureKeys(host: FeatureHost): Extension {
  const at = (view: EditorView): [string, Position] => [view.state.facet(bufferUri), toPosition(view.state.doc, view.state.selection.main.head)];
  // above the default keymap, which binds Mod-i to selectParentSyntax and would swallow Ctrl-I (describe)
  return Prec.high(keymap.of([
    { key: "F12", run: (view) => (void host.goToDefinition(...at(view)), true) },
    { key: "Shift-F12", run: (view) => (void host.findReferences(...at(view)), true) },
    { key: "F2", run: () => (host.rename(), true) },
    { key: "Shift-Alt-f", run: () => (host.format(), true) },
    { key: "Shift-Alt-o", run: () => (host.organizeImports(), true) },
    { key: "Mod-i", run: (view) => (void describeAtCursor(host, view), true) },
    { key: "Mod-Shift-Space", run: (view) => (void signaturesAtCursor(host, view, true), true) },
    {
      key: "Escape",
      run: (view) => {
        if (view.state.field(cursorTip) === null) return false;
        view.dispatch({ effects: setCursorTip.of(null) });
        return true;
      },
    },
  ]));
}

/** Hover, Ctrl-I, signature help, completion and navigation, all answered by the engine's operations. */
export function languageFeatures(host: FeatureHost): Extension {
  return [cursorTip, hover(host), signatureTrigger(host), completion(host), clickNavigation(host), featureKeys(host)];
}

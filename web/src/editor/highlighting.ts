import { HighlightStyle, StreamLanguage, syntaxHighlighting } from "@codemirror/language";
import { groovy } from "@codemirror/legacy-modes/mode/groovy";
import { Compartment, StateEffect, StateField, type EditorState, type Extension, type Text } from "@codemirror/state";
import { Decoration, EditorView, type DecorationSet } from "@codemirror/view";
import { tags } from "@lezer/highlight";
import type { SemanticToken } from "../../../src/workspace/results.js";

/**
 * Highlighting is driven by the engine's `tokens` (semantic: a class, a parameter, a property, as the compiler
 * resolved them). Until the engine has answered for a buffer, a lexical Groovy mode colours it, with the same
 * CSS classes so nothing flickers when the engine's tokens take over.
 */
const lexicalStyle = HighlightStyle.define([
  { tag: [tags.keyword, tags.modifier, tags.controlKeyword, tags.definitionKeyword, tags.operatorKeyword], class: "tk-keyword" },
  { tag: [tags.string, tags.special(tags.string)], class: "tk-string" },
  { tag: [tags.number, tags.bool, tags.null, tags.atom], class: "tk-number" },
  { tag: [tags.comment, tags.lineComment, tags.blockComment], class: "tk-comment" },
  { tag: [tags.typeName, tags.className], class: "tk-type" },
  { tag: [tags.meta, tags.annotation], class: "tk-annotation" },
  { tag: tags.operator, class: "tk-operator" },
  { tag: tags.variableName, class: "tk-variable" },
]);

export const groovyLanguage = StreamLanguage.define(groovy);

const CLASS_OF_TYPE: Record<string, string> = {
  keyword: "tk-keyword",
  string: "tk-string",
  number: "tk-number",
  comment: "tk-comment",
  annotation: "tk-annotation",
  operator: "tk-operator",
  namespace: "tk-namespace",
  class: "tk-type",
  interface: "tk-type",
  enum: "tk-type",
  type: "tk-type",
  typeParameter: "tk-type",
  method: "tk-method",
  function: "tk-method",
  property: "tk-property",
  enumMember: "tk-property",
  variable: "tk-variable",
  parameter: "tk-parameter",
};

const marks = new Map<string, Decoration>();
function markFor(token: SemanticToken): Decoration | undefined {
  const base = CLASS_OF_TYPE[token.type];
  if (base === undefined) return undefined;
  const classes = [base, ...token.modifiers.filter((m) => m === "declaration" || m === "static" || m === "deprecated").map((m) => `tk-${m}`)].join(" ");
  let mark = marks.get(classes);
  if (mark === undefined) {
    mark = Decoration.mark({ class: classes });
    marks.set(classes, mark);
  }
  return mark;
}

export function tokenDecorations(doc: Text, tokens: readonly SemanticToken[]): DecorationSet {
  const ranges = [];
  for (const token of tokens) {
    if (token.line >= doc.lines || token.length <= 0) continue;
    const line = doc.line(token.line + 1);
    const from = line.from + token.character;
    const to = Math.min(from + token.length, line.to);
    const mark = markFor(token);
    if (mark !== undefined && from < to) ranges.push(mark.range(from, to));
  }
  return Decoration.set(ranges, true);
}

const setEngineTokens = StateEffect.define<DecorationSet>();

/** The engine's token marks, moved along with edits until fresh tokens arrive. */
const engineTokens = StateField.define<DecorationSet>({
  create: () => Decoration.none,
  update(value, transaction) {
    let next = value.map(transaction.changes);
    for (const effect of transaction.effects) if (effect.is(setEngineTokens)) next = effect.value;
    return next;
  },
  provide: (field) => EditorView.decorations.from(field),
});

const lexical = new Compartment();

export function highlighting(): Extension {
  return [groovyLanguage, lexical.of(syntaxHighlighting(lexicalStyle)), engineTokens];
}

/** True once the engine's tokens drive this editor state. */
export function engineDriven(state: EditorState): boolean {
  return lexical.get(state) !== undefined && (lexical.get(state) as Extension[] | undefined)?.length === 0;
}

/** The transaction spec that hands colouring to the engine's tokens. */
export function applyEngineTokens(state: EditorState, tokens: readonly SemanticToken[]): { effects: StateEffect<unknown>[] } {
  const effects: StateEffect<unknown>[] = [setEngineTokens.of(tokenDecorations(state.doc, tokens))];
  if (!engineDriven(state)) effects.push(lexical.reconfigure([]));
  return { effects };
}

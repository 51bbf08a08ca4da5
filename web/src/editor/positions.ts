import type { ChangeSpec, Text } from "@codemirror/state";
import type { Position, Range, TextEdit } from "../../../src/workspace/results.js";

/** Engine positions are 0-based lines and UTF-16 columns, as CodeMirror's offsets are; both are clamped. */
export function toOffset(doc: Text, position: Position): number {
  if (position.line >= doc.lines) return doc.length;
  const line = doc.line(Math.max(0, position.line) + 1);
  return Math.min(line.from + Math.max(0, position.character), line.to);
}

export function toPosition(doc: Text, offset: number): Position {
  const line = doc.lineAt(Math.max(0, Math.min(offset, doc.length)));
  return { line: line.number - 1, character: offset - line.from };
}

export function toSpan(doc: Text, range: Range): { from: number; to: number } {
  const from = toOffset(doc, range.start);
  return { from, to: Math.max(from, toOffset(doc, range.end)) };
}

export function toChanges(doc: Text, edits: readonly TextEdit[]): ChangeSpec[] {
  return edits.map((edit) => ({ ...toSpan(doc, edit.range), insert: edit.newText }));
}

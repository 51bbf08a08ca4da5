/**
 * Renders the engine's small markdown (describe, completion documentation): fenced code blocks and paragraphs with
 * inline `code`. Everything becomes text nodes; no HTML from the engine is ever parsed.
 */
export function renderMarkdown(markdown: string, into: HTMLElement): HTMLElement {
  const parts = markdown.split(/^```[^\n]*\n?/m);
  parts.forEach((part, index) => {
    const text = part.replace(/\n+$/, "");
    if (text.trim() === "") return;
    if (index % 2 === 1) {
      const pre = document.createElement("pre");
      const code = document.createElement("code");
      code.textContent = text;
      pre.append(code);
      into.append(pre);
      return;
    }
    for (const paragraph of text.split(/\n{2,}/)) {
      if (paragraph.trim() === "") continue;
      const p = document.createElement("p");
      paragraph.split(/(`[^`]+`)/).forEach((piece) => {
        if (piece.startsWith("`") && piece.endsWith("`") && piece.length > 1) {
          const code = document.createElement("code");
          code.textContent = piece.slice(1, -1);
          p.append(code);
        } else {
          p.append(piece);
        }
      });
      into.append(p);
    }
  });
  return into;
}

import { setDiagnostics, type Diagnostic as LintDiagnostic } from "@codemirror/lint";
import { EditorSelection, EditorState, type Extension } from "@codemirror/state";
import { EditorView } from "@codemirror/view";
import { EngineCallerError, EngineTimeoutError, EngineUnavailableError } from "../../src/engine/core/errors.js";
import type { Diagnostic, Position, RenameResult } from "../../src/workspace/results.js";
import { PlaygroundEngine, type EngineState } from "./engine/playground-engine.js";
import { bufferUri, languageFeatures, type FeatureHost } from "./editor/features.js";
import { applyEngineTokens, highlighting } from "./editor/highlighting.js";
import { toChanges, toOffset, toPosition } from "./editor/positions.js";
import { baseSetup } from "./editor/setup.js";
import { EXAMPLES } from "./examples.js";
import { decodeSession, encodeSession, MAX_TABS, openBeside, TAB_NAME, type SharedSession } from "./share.js";
import { renderCompilerView } from "./ui/compiler-view.js";
import { byId, h } from "./ui/dom.js";
import { renderOutline, renderProblems, renderReferences, type Problem } from "./ui/panels.js";

interface Tab {
  name: string;
  readonly uri: string;
  state: EditorState;
  diagnostics: Diagnostic[];
}

const STORAGE_KEY = "groovymcp-playground-session";
const DIAGNOSTICS_DEBOUNCE_MS = 75;
const SEVERITY: Record<Diagnostic["severity"], LintDiagnostic["severity"]> = { error: "error", warning: "warning", information: "info", hint: "hint" };

const uriOf = (name: string): string => `groovy-buffer:${name}`;
const message = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * The playground page: tabs of Groovy buffers in one CodeMirror view, every answer from the engine's workspace
 * operations (the same ones the MCP tools call), and the Problems, Outline, Compiler and References views.
 */
export class Playground implements FeatureHost {
  readonly engine: PlaygroundEngine;
  private readonly tabs: Tab[] = [];
  private active = 0;
  private readonly view: EditorView;
  private readonly extensions: Extension;
  private dirty = true;
  private refreshing = false;
  private debounce: ReturnType<typeof setTimeout> | undefined;
  private saveTimer: ReturnType<typeof setTimeout> | undefined;
  private engineNote: string | undefined = "Loading the compiler…";
  private generation = 0;
  private problemsKey = "";
  private sideView: "outline" | "compiler" | "references" = "outline";
  private undoSession: SharedSession | undefined;
  private settle: () => void = () => undefined;
  /**
   * Resolves once the first diagnostics are shown (or the engine could not start). main.ts registers the service
   * worker only then: its install downloads every file again, and on a first visit that competed with the
   * engine's own download and first compile for the network and the CPU.
   */
  readonly settled: Promise<void> = new Promise((resolve) => (this.settle = resolve));

  constructor(callTimeoutMs?: number) {
    this.engine = new PlaygroundEngine((state) => this.onEngineState(state), callTimeoutMs);
    this.extensions = [
      baseSetup(),
      highlighting(),
      languageFeatures(this),
      EditorView.updateListener.of((update) => {
        if (update.docChanged) this.onEdit();
      }),
    ];
    this.view = new EditorView({ parent: byId("editor-host") });
    // User Timing marks (visible in the browser's performance tools; bench/playground.mjs reads them)
    performance.mark("playground:editor-ready");
    this.wireToolbar();
    this.wireSideTabs();
    this.restore();
  }

  // ---- tabs ----

  private createState(name: string, text: string): EditorState {
    return EditorState.create({
      doc: text,
      extensions: [this.extensions, bufferUri.of(uriOf(name)), EditorView.contentAttributes.of({ "aria-label": `Groovy source: ${name}` })],
    });
  }

  private get current(): Tab {
    return this.tabs[this.active]!;
  }

  private loadSession(session: SharedSession): void {
    for (const tab of this.tabs) void this.engine.close(tab.uri).catch(() => undefined);
    this.tabs.length = 0;
    for (const tab of session.tabs) this.tabs.push({ name: tab.name, uri: uriOf(tab.name), state: this.createState(tab.name, tab.text), diagnostics: [] });
    this.active = Math.min(session.active, this.tabs.length - 1);
    this.view.setState(this.current.state);
    this.renderTabs();
    this.onEdit(0);
  }

  private session(): SharedSession {
    this.current.state = this.view.state;
    return { tabs: this.tabs.map((tab) => ({ name: tab.name, text: tab.state.doc.toString() })), active: this.active };
  }

  /**
   * The saved session, with a share link's tabs opened beside it (share.ts openBeside): the autosave then keeps
   * both, and Undo brings back exactly what was saved. Only when the two would pass 64 tabs does the page ask
   * before the link's tabs replace the saved ones, and Undo still restores them.
   */
  private restore(): void {
    let link: SharedSession | undefined;
    if (location.hash.length > 1) {
      try {
        link = decodeSession(location.hash);
      } catch (error) {
        this.say(`The shared link could not be opened: ${message(error)}.`);
      }
      history.replaceState(null, "", location.pathname + location.search);
    }
    let saved: SharedSession | undefined;
    try {
      const stored = localStorage.getItem(STORAGE_KEY);
      if (stored !== null) saved = decodeSession(stored);
    } catch {
      saved = undefined;
    }
    if (link === undefined) {
      this.loadSession(saved ?? EXAMPLES.find((e) => e.id === "compile-static")!.session);
      return;
    }
    const what = `the shared code (${link.tabs.length} tab${link.tabs.length === 1 ? "" : "s"})`;
    if (saved === undefined) {
      this.loadSession(link);
      this.say(`Opened ${what}.`);
      return;
    }
    const beside = openBeside(saved, link);
    if (beside === undefined && !confirm(`Your saved tabs and ${what} together pass ${MAX_TABS} tabs. Replace your saved tabs with the shared ones? (Undo brings them back.)`)) {
      this.loadSession(saved);
      this.say(`The shared link was not opened; your saved tabs are unchanged.`);
      return;
    }
    this.loadSession(beside ?? link);
    this.offerUndo(saved, beside === undefined ? `Opened ${what} in place of your saved tabs. ` : `Opened ${what} beside your saved tabs. `);
  }

  /** A message with an Undo button that brings `previous` back (after an example or a share link replaced it). */
  private offerUndo(previous: SharedSession, text: string): void {
    this.undoSession = previous;
    const undo = h("button", { type: "button" }, "Undo");
    undo.addEventListener("click", () => {
      if (this.undoSession !== undefined) this.loadSession(this.undoSession);
      this.undoSession = undefined;
      this.say("Your previous tabs are back.");
    });
    byId("message").replaceChildren(text, undo);
  }

  private select(index: number, focus = true): void {
    if (index === this.active || index < 0 || index >= this.tabs.length) {
      if (focus) this.view.focus();
      return;
    }
    this.current.state = this.view.state;
    this.active = index;
    this.view.setState(this.current.state);
    this.renderTabs();
    this.renderProblems();
    this.onEdit(0);
    if (focus) this.view.focus();
  }

  private tabIndex(name: string): number {
    return this.tabs.findIndex((tab) => tab.name === name);
  }

  private newTab(): void {
    let n = this.tabs.length + 1;
    while (this.tabIndex(`Script${n}.groovy`) >= 0) n++;
    const name = `Script${n}.groovy`;
    if (this.tabs.length >= MAX_TABS) {
      this.say("A playground holds at most 64 tabs, as the MCP server holds at most 64 buffers.");
      return;
    }
    this.current.state = this.view.state;
    this.tabs.push({ name, uri: uriOf(name), state: this.createState(name, ""), diagnostics: [] });
    this.select(this.tabs.length - 1);
  }

  private closeTab(index: number): void {
    const tab = this.tabs[index];
    if (tab === undefined) return;
    if (this.tabs.length === 1) {
      this.say("The last tab stays open; clear its text instead.");
      return;
    }
    this.current.state = this.view.state;
    this.tabs.splice(index, 1);
    void this.engine.close(tab.uri).catch(() => undefined);
    if (this.active >= this.tabs.length || index < this.active) this.active = Math.max(0, this.active - 1);
    this.view.setState(this.current.state);
    this.renderTabs();
    this.onEdit(0);
    this.say(`Closed ${tab.name}.`);
  }

  /**
   * Renames a tab, which renames its buffer: in Groovy a script's class is named after its file, so the name
   * matters (a script and a class of one name clash).
   */
  private renameTab(index: number): void {
    const tab = this.tabs[index];
    if (tab === undefined) return;
    const answer = prompt("Tab name (the buffer's file name, e.g. Person.groovy)", tab.name);
    if (answer === null || answer.trim() === tab.name) return;
    const name = answer.trim();
    if (!TAB_NAME.test(name)) {
      this.say(`“${name.slice(0, 80)}” cannot name a tab: use letters, digits and . _ ~ - (up to 81 characters).`);
      return;
    }
    if (this.tabIndex(name) >= 0) {
      this.say(`A tab named ${name} is already open.`);
      return;
    }
    this.current.state = this.view.state;
    void this.engine.close(tab.uri).catch(() => undefined);
    const text = tab.state.doc.toString();
    this.tabs[index] = { name, uri: uriOf(name), state: this.createState(name, text), diagnostics: [] };
    if (index === this.active) this.view.setState(this.current.state);
    this.renderTabs();
    this.onEdit(0);
    this.say(`Renamed the tab to ${name}.`);
  }

  private renderTabs(): void {
    const list = byId("tabs");
    const items = this.tabs.map((tab, index) => {
      const errors = tab.diagnostics.filter((d) => d.severity === "error").length;
      const selected = index === this.active;
      const button = h(
        "button",
        { type: "button", role: "tab", id: `tab-${index}`, "aria-selected": String(selected), "aria-controls": "editor-host", tabindex: selected ? "0" : "-1" },
        tab.name,
        errors > 0 ? h("span", { class: "badge", "aria-label": `${errors} error${errors === 1 ? "" : "s"}` }, String(errors)) : null,
      );
      button.addEventListener("click", () => this.select(index));
      button.addEventListener("keydown", (event) => {
        const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
        if (step !== 0) {
          event.preventDefault();
          const next = (index + step + this.tabs.length) % this.tabs.length;
          this.select(next, false);
          byId(`tab-${next}`).focus();
        } else if (event.key === "Delete") {
          this.closeTab(index);
        } else if (event.key === "F2") {
          event.preventDefault();
          this.renameTab(index);
        }
      });
      button.addEventListener("dblclick", () => this.renameTab(index));
      button.title = `${tab.name} (double-click or F2 to rename the tab)`;
      const close = h("button", { type: "button", class: "close", "aria-label": `Close ${tab.name}`, title: `Close ${tab.name}` }, "×");
      close.addEventListener("click", () => this.closeTab(index));
      return h("div", { class: "tab", role: "presentation" }, button, close);
    });
    list.replaceChildren(...items);
  }

  // ---- diagnostics and tokens after each edit ----

  private onEdit(delay = DIAGNOSTICS_DEBOUNCE_MS): void {
    this.dirty = true;
    clearTimeout(this.debounce);
    this.debounce = setTimeout(() => void this.refresh(), delay);
    clearTimeout(this.saveTimer);
    this.saveTimer = setTimeout(() => this.save(), 400);
  }

  private save(): void {
    try {
      // the autosave runs after every pause in typing, so it compresses fast; a share link compresses hard
      localStorage.setItem(STORAGE_KEY, encodeSession(this.session(), 1));
    } catch {
      // private mode or a full quota: the share link still works
    }
  }

  /** One refresh at a time; edits during a refresh make it run once more. */
  private async refresh(): Promise<void> {
    if (this.refreshing) return;
    this.refreshing = true;
    try {
      while (this.dirty) {
        this.dirty = false;
        await this.refreshOnce();
      }
    } finally {
      this.refreshing = false;
    }
  }

  private async refreshOnce(): Promise<void> {
    this.current.state = this.view.state;
    const active = this.current;
    const state = this.view.state;
    try {
      for (const tab of this.tabs) await this.engine.sync(tab.uri, tab === active ? state.doc.toString() : tab.state.doc.toString());
      if (this.engine.isStalled(active.uri)) {
        this.engineNote = `The last compile of ${active.name} ran past the time limit, so it is left out until you edit it.`;
        this.renderProblems();
        return;
      }
      const result = await this.engine.diagnostics(active.uri);
      this.engineNote = undefined;
      if (this.view.state.doc === state.doc && this.current === active) {
        active.diagnostics = result.diagnostics;
        this.view.dispatch(setDiagnostics(this.view.state, this.toLint(this.view.state, result.diagnostics)));
        this.renderProblems();
        if (performance.getEntriesByName("playground:first-diagnostics").length === 0) {
          performance.mark("playground:first-diagnostics");
          this.settle();
        }
        this.renderTabs();
      } else {
        this.dirty = true;
        return;
      }
      // a tab the containment layer keeps from the compiler (nested too deep) has only its diagnostics: it keeps its
      // lexical colours, as asking for the engine's would answer a failed call
      if (!this.engine.isKeptOut(active.uri)) await this.refreshTokens(state);
      for (const tab of this.tabs) {
        if (tab === active || this.dirty || this.engine.isStalled(tab.uri)) continue;
        const other = await this.engine.diagnostics(tab.uri);
        tab.diagnostics = other.diagnostics;
        tab.state = tab.state.update(setDiagnostics(tab.state, this.toLint(tab.state, other.diagnostics))).state;
      }
      this.renderProblems();
      this.renderTabs();
      if (!this.dirty) await this.refreshSideView();
    } catch (error) {
      this.onCallError(error);
    }
  }

  private async refreshTokens(state: EditorState): Promise<void> {
    const uri = state.facet(bufferUri);
    const result = await this.engine.tokens(uri);
    // a very long buffer comes in pages; beyond 5 pages the rest keeps its lexical colours
    let tokens = result.tokens;
    let truncated = result.truncated === true;
    for (let page = 1; truncated && page < 5 && tokens.length > 0; page++) {
      const more = await this.engine.tokens(uri, tokens[tokens.length - 1]!.line + 1);
      tokens = tokens.concat(more.tokens);
      truncated = more.truncated === true;
    }
    if (this.view.state.doc === state.doc && this.view.state.facet(bufferUri) === uri) this.view.dispatch(applyEngineTokens(this.view.state, tokens));
  }

  private toLint(state: EditorState, diagnostics: readonly Diagnostic[]): LintDiagnostic[] {
    return diagnostics.map((d) => {
      const from = toOffset(state.doc, d.range.start);
      let to = toOffset(state.doc, d.range.end);
      if (to <= from) to = Math.min(state.doc.length, from + 1);
      return { from, to, severity: SEVERITY[d.severity], message: d.message, source: d.code ?? "groovy" };
    });
  }

  private renderProblems(): void {
    const problems: Problem[] = [];
    const order = [this.current, ...this.tabs.filter((t) => t !== this.current)];
    for (const tab of order) {
      for (const d of tab.diagnostics) problems.push({ tab: tab.name, line: d.range.start.line, character: d.range.start.character, severity: d.severity, message: d.message });
    }
    // the list is rebuilt only when it changed, so the focus of a keyboard user on a problem is not lost
    const key = JSON.stringify([problems, this.engineNote]);
    if (key !== this.problemsKey) {
      this.problemsKey = key;
      renderProblems(byId("problem-list"), byId("problem-count"), problems, this.engineNote, (tab, position) => this.jump(tab, position));
    }
    byId("problems").dataset["generation"] = String(++this.generation);
  }

  private onEngineState(state: EngineState): void {
    const status = byId("engine-status");
    switch (state.kind) {
      case "loading":
        status.textContent = "Loading the compiler…";
        break;
      case "ready":
        if (performance.getEntriesByName("playground:engine-ready").length === 0) performance.mark("playground:engine-ready");
        status.textContent = `Compiler ready (loaded in ${(state.loadMs / 1000).toFixed(1)} s).`;
        document.body.dataset["engine"] = "ready";
        void this.engine.info().then(
          (info) => (status.textContent = `Groovy ${info.groovyVersion} compiler ready (loaded in ${(state.loadMs / 1000).toFixed(1)} s, ${info.classModelClasses} JDK and Groovy classes).`),
          () => undefined,
        );
        break;
      case "restarting":
        status.textContent = "The compiler is restarting with your tabs…";
        document.body.dataset["engine"] = "restarting";
        break;
      case "failed":
        status.textContent = `The compiler could not start: ${state.message}`;
        document.body.dataset["engine"] = "failed";
        this.settle();
        this.engineNote = `The compiler could not start in this browser: ${state.message}. The playground needs WebAssembly GC and exception handling (current Chrome, Edge, Firefox or Safari).`;
        this.renderProblems();
        break;
    }
  }

  private onCallError(error: unknown): void {
    this.settle();
    if (error instanceof EngineTimeoutError) {
      this.engineNote = `A compile ran past the ${error.limitMs / 1000} s limit and was stopped. The compiler restarted with your other tabs; this one is left out until you edit it.`;
      this.say(this.engineNote);
    } else if (error instanceof EngineCallerError) {
      this.engineNote = `The compiler did not take this code: ${error.message}.`;
    } else if (error instanceof EngineUnavailableError) {
      this.engineNote = `The compiler is not available: ${error.message}`;
    } else {
      this.engineNote = `The compiler failed on this code (${message(error)}); it restarts with your tabs on the next edit.`;
    }
    this.renderProblems();
  }

  // ---- navigation, shared by the views and the editor ----

  private jump(tabName: string, position: Position): void {
    const index = this.tabIndex(tabName);
    if (index < 0) return;
    this.select(index, false);
    const offset = toOffset(this.view.state.doc, position);
    this.view.dispatch({ selection: EditorSelection.cursor(offset), effects: EditorView.scrollIntoView(offset, { y: "center" }) });
    this.view.focus();
  }

  private tabOfUri(uri: string): string {
    return this.tabs.find((tab) => tab.uri === uri)?.name ?? uri.replace(/^groovy-buffer:/, "");
  }

  async goToDefinition(uri: string, position: Position): Promise<void> {
    try {
      await this.syncAll();
      const result = await this.engine.definition(uri, position);
      const target = result.locations[0];
      if (target !== undefined) {
        this.jump(this.tabOfUri(target.uri), target.range.start);
        this.say(`Definition in ${this.tabOfUri(target.uri)}, line ${target.range.start.line + 1}.`);
      } else if (result.external.length > 0) {
        this.say(`Defined outside the tabs: ${result.external.map((e) => e.signature || e.fqn).join("; ")}`);
      } else {
        this.say("No definition found at the cursor.");
      }
    } catch (error) {
      this.say(`Go to definition failed: ${message(error)}`);
    }
  }

  async findReferences(uri: string, position: Position): Promise<void> {
    try {
      await this.syncAll();
      const result = await this.engine.references(uri, position);
      const state = this.view.state;
      const word = state.wordAt(toOffset(state.doc, position));
      const title = word === null ? "the symbol" : state.sliceDoc(word.from, word.to);
      renderReferences(byId("view-references"), title, (u) => this.tabOfUri(u), result.locations, result.total, (tab, p) => this.jump(tab, p));
      this.showSideView("references", false);
      this.say(`${result.total} reference${result.total === 1 ? "" : "s"} found${result.truncated ? " (list cut)" : ""}.`);
    } catch (error) {
      this.say(`Find references failed: ${message(error)}`);
    }
  }

  private async syncAll(): Promise<void> {
    this.current.state = this.view.state;
    for (const tab of this.tabs) await this.engine.sync(tab.uri, tab.state.doc.toString());
  }

  say(text: string): void {
    byId("message").textContent = text;
  }

  // ---- edits: format, organize imports, rename ----

  private async applyEditsToActive(kind: "format" | "organize"): Promise<void> {
    const state = this.view.state;
    const uri = this.current.uri;
    try {
      await this.syncAll();
      const result = kind === "format" ? await this.engine.format(uri, 4) : await this.engine.organizeImports(uri);
      if (this.view.state.doc !== state.doc) return this.say("The text changed meanwhile; try again.");
      if (result.edits.length === 0) {
        this.say(kind === "format" ? "Already formatted (or the text cannot be lexed to its end)." : "The imports are already organized.");
        return;
      }
      this.view.dispatch({ changes: toChanges(state.doc, result.edits), userEvent: kind === "format" ? "format" : "organize-imports", scrollIntoView: true });
      this.say(kind === "format" ? `Formatted: ${result.edits.length} line${result.edits.length === 1 ? "" : "s"} changed.` : "Imports organized.");
    } catch (error) {
      this.say(`${kind === "format" ? "Format" : "Organize imports"} failed: ${message(error)}`);
    }
  }

  format(): void {
    void this.applyEditsToActive("format");
  }

  organizeImports(): void {
    void this.applyEditsToActive("organize");
  }

  private renamePreview: { name: string; result: RenameResult; texts: Map<string, string> } | undefined;

  rename(): void {
    const dialog = byId<HTMLDialogElement>("rename-dialog");
    const input = byId<HTMLInputElement>("rename-input");
    const state = this.view.state;
    const word = state.wordAt(state.selection.main.head);
    input.value = word === null ? "" : state.sliceDoc(word.from, word.to);
    this.renameOrigin = { uri: this.current.uri, position: toPosition(state.doc, word?.from ?? state.selection.main.head) };
    this.renamePreview = undefined;
    byId("rename-preview").replaceChildren(h("p", { class: "note" }, "Type the new name, then Preview to see every edit before it is applied."));
    byId<HTMLButtonElement>("rename-apply").disabled = true;
    dialog.showModal();
    input.select();
  }

  private renameOrigin: { uri: string; position: Position } | undefined;

  private async previewRename(): Promise<void> {
    const origin = this.renameOrigin;
    const name = byId<HTMLInputElement>("rename-input").value.trim();
    const preview = byId("rename-preview");
    const apply = byId<HTMLButtonElement>("rename-apply");
    apply.disabled = true;
    if (origin === undefined || name === "") return;
    try {
      await this.syncAll();
      const result = await this.engine.rename(origin.uri, origin.position, name);
      if (result.refused !== undefined || result.changeCount === 0) {
        preview.replaceChildren(h("p", {}, `Rename refused: ${result.refused ?? "nothing to rename at the cursor"}.`));
        return;
      }
      const texts = new Map(this.tabs.map((tab) => [tab.uri, tab.state.doc.toString()]));
      this.renamePreview = { name, result, texts };
      preview.replaceChildren(...this.previewNodes(result));
      apply.disabled = false;
    } catch (error) {
      preview.replaceChildren(h("p", {}, `Rename failed: ${message(error)}`));
    }
  }

  private previewNodes(result: RenameResult): HTMLElement[] {
    const files = [...new Set(result.changes.map((c) => c.uri))];
    const nodes: HTMLElement[] = [h("p", {}, `${result.changeCount} edit${result.changeCount === 1 ? "" : "s"} in ${files.length} tab${files.length === 1 ? "" : "s"}:`)];
    for (const uri of files) {
      const tab = this.tabs.find((t) => t.uri === uri);
      if (tab === undefined) continue;
      const doc = tab.state.doc;
      nodes.push(h("h3", {}, tab.name));
      for (const change of result.changes.filter((c) => c.uri === uri)) {
        const line = doc.line(Math.min(change.range.start.line + 1, doc.lines));
        const from = toOffset(doc, change.range.start) - line.from;
        const to = Math.min(toOffset(doc, change.range.end) - line.from, line.length);
        nodes.push(
          h(
            "div",
            { class: "edit" },
            `${change.range.start.line + 1}: `,
            line.text.slice(0, from).trimStart(),
            h("del", {}, line.text.slice(from, to)),
            h("ins", {}, change.newText),
            line.text.slice(to),
          ),
        );
      }
    }
    return nodes;
  }

  private applyRename(): void {
    const preview = this.renamePreview;
    if (preview === undefined) return;
    this.current.state = this.view.state;
    const stale = this.tabs.some((tab) => preview.texts.has(tab.uri) && preview.texts.get(tab.uri) !== tab.state.doc.toString());
    if (stale) {
      this.say("The text changed since the preview; preview again.");
      return;
    }
    for (const tab of this.tabs) {
      const edits = preview.result.changes.filter((c) => c.uri === tab.uri);
      if (edits.length === 0) continue;
      const spec = { changes: toChanges(tab.state.doc, edits), userEvent: "rename" };
      if (tab === this.current) this.view.dispatch(spec);
      else tab.state = tab.state.update(spec).state;
    }
    this.current.state = this.view.state;
    byId<HTMLDialogElement>("rename-dialog").close();
    this.say(`Renamed to ${preview.name}: ${preview.result.changeCount} edit${preview.result.changeCount === 1 ? "" : "s"}.`);
    this.renamePreview = undefined;
    this.onEdit(0);
    this.view.focus();
  }

  // ---- side views ----

  private wireSideTabs(): void {
    const names = ["outline", "compiler", "references"] as const;
    names.forEach((name, index) => {
      const tab = byId(`tab-${name}`);
      tab.addEventListener("click", () => this.showSideView(name, true));
      tab.addEventListener("keydown", (event) => {
        const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
        if (step === 0) return;
        event.preventDefault();
        const next = names[(index + step + names.length) % names.length]!;
        this.showSideView(next, true);
        byId(`tab-${next}`).focus();
      });
    });
  }

  private showSideView(name: "outline" | "compiler" | "references", refresh: boolean): void {
    this.sideView = name;
    for (const other of ["outline", "compiler", "references"] as const) {
      const tab = byId(`tab-${other}`);
      tab.setAttribute("aria-selected", String(other === name));
      tab.tabIndex = other === name ? 0 : -1;
      byId(`view-${other}`).hidden = other !== name;
    }
    if (refresh) void this.refreshSideView().catch((error: unknown) => this.onCallError(error));
  }

  private async refreshSideView(): Promise<void> {
    const tab = this.current;
    if (this.sideView !== "references" && this.engine.isKeptOut(tab.uri)) {
      // the outline and the compiler view need a compile, which such a tab never gets; Problems has the reason
      // (the one "parsing failed" error of a tab nested too deep, or why a crash set it aside)
      byId(`view-${this.sideView}`).replaceChildren(h("p", { class: "note" }, `${tab.name} is not compiled; Problems says why.`));
      return;
    }
    if (this.sideView === "outline") {
      const result = await this.engine.symbols(tab.uri);
      if (tab === this.current) renderOutline(byId("view-outline"), tab.name, result.symbols, (t, p) => this.jump(t, p));
    } else if (this.sideView === "compiler") {
      await renderCompilerView(byId("view-compiler"), this.engine, tab.name, tab.uri, () => this.view.state.doc.toString(), (t, p) => this.jump(t, p));
    }
  }

  // ---- toolbar ----

  private wireToolbar(): void {
    const examples = byId<HTMLSelectElement>("examples");
    for (const example of EXAMPLES) examples.append(h("option", { value: example.id }, example.title));
    examples.addEventListener("change", () => {
      const example = EXAMPLES.find((e) => e.id === examples.value);
      examples.value = "";
      if (example === undefined) return;
      const previous = this.session();
      this.loadSession(example.session);
      this.offerUndo(previous, `Opened the example “${example.title}”. `);
    });
    document.querySelector(".skip")?.addEventListener("click", (event) => {
      event.preventDefault();
      this.view.focus();
    });
    byId("format").addEventListener("click", () => this.format());
    byId("organize").addEventListener("click", () => this.organizeImports());
    byId("rename").addEventListener("click", () => this.rename());
    byId("new-tab").addEventListener("click", () => this.newTab());
    byId("share").addEventListener("click", () => void this.share());
    byId("help").addEventListener("click", () => byId<HTMLDialogElement>("help-dialog").showModal());
    byId("rename-preview-button").addEventListener("click", () => void this.previewRename());
    byId("rename-cancel").addEventListener("click", () => byId<HTMLDialogElement>("rename-dialog").close());
    byId("rename-input").addEventListener("input", () => {
      byId<HTMLButtonElement>("rename-apply").disabled = true;
      this.renamePreview = undefined;
    });
    const previewOrApply = (): void => {
      const name = byId<HTMLInputElement>("rename-input").value.trim();
      if (this.renamePreview !== undefined && this.renamePreview.name === name) this.applyRename();
      else void this.previewRename();
    };
    byId("rename-form").addEventListener("submit", (event) => {
      event.preventDefault();
      previewOrApply();
    });
    // Enter in the name field: a form whose default button (Apply) is disabled ignores Enter, so until the preview
    // exists a keyboard user would be stuck; Enter previews, and Enter again applies
    byId("rename-input").addEventListener("keydown", (event) => {
      if (event.key !== "Enter" || event.isComposing) return;
      event.preventDefault();
      previewOrApply();
    });
    byId("rename-dialog").addEventListener("close", () => this.view.focus());
  }

  private async share(): Promise<void> {
    const fragment = encodeSession(this.session());
    const url = `${location.origin}${location.pathname}${location.search}#${fragment}`;
    const input = byId<HTMLInputElement>("share-url");
    input.value = url;
    const note = byId("share-note");
    note.textContent = `${url.length.toLocaleString("en")} characters.`;
    byId<HTMLDialogElement>("share-dialog").showModal();
    input.select();
    try {
      await navigator.clipboard.writeText(url);
      note.textContent += " Copied to the clipboard.";
    } catch {
      note.textContent += " Select the link and copy it (Ctrl-C).";
    }
    if (url.length > 32_000) note.textContent += " Some chat apps and browsers cut links this long.";
  }
}

// The workspace being edited: tool files, hooks, loop settings and the selection, with undo/redo for
// workspace-level actions (add, rename, delete, duplicate, reorder, reset). Text edits inside a file are undone
// by the editor's own history, so they are not recorded here.
import { createJsonSchemaSource, createStarterWorkspace, createToolSource } from '../../content/examples/index.ts';
import { createFileId, type LoopSettings, type ToolExecution, type ToolFile, type ToolSourceKind, type Workspace } from '../../storage/workspace.ts';
import { renameToolInSource, TOOL_NAME_PATTERN, uniqueToolName } from './rename-tool.ts';
import { msg, type UiMessage } from '../shell/ui-message.ts';

/** Selection id of the hooks & loop settings page (tool ids are UUIDs or `example-*`). */
export const AGENT_PAGE_ID = 'agent';

/**
 * What a change touched: `content` (source text or settings), `structure` (files added, removed, renamed,
 * moved, replaced), `selection`, or `meta` (a name taken over from the evaluated source).
 */
export type ChangeKind = 'content' | 'structure' | 'selection' | 'meta';

interface Command {
  /** Names the action in the undo/redo buttons. */
  label: UiMessage;
  apply(): void;
  revert(): void;
}

export type ActionOutcome = { ok: true } | { ok: false; reason: UiMessage };

export class WorkspaceState {
  #tools = $state<ToolFile[]>([]);
  #hooks = $state('');
  #settings = $state<LoopSettings>({ toolExecution: 'parallel', systemPrompt: '' });
  #extensions = $state.raw<Record<string, unknown>>({});
  #selectedId = $state<string | null>(null);
  #undo = $state.raw<Command[]>([]);
  #redo = $state.raw<Command[]>([]);
  #listeners = new Set<(kind: ChangeKind) => void>();

  readonly selected = $derived(this.#tools.find((t) => t.id === this.#selectedId) ?? null);
  readonly canUndo = $derived(this.#undo.length > 0);
  readonly canRedo = $derived(this.#redo.length > 0);
  /** What undo would undo (null when nothing); the UI words it. */
  readonly undoLabel = $derived<UiMessage | null>(this.#undo.at(-1)?.label ?? null);
  readonly redoLabel = $derived<UiMessage | null>(this.#redo.at(-1)?.label ?? null);

  get tools(): readonly ToolFile[] { return this.#tools; }
  get hooks(): string { return this.#hooks; }
  get settings(): Readonly<LoopSettings> { return this.#settings; }
  get selectedId(): string | null { return this.#selectedId; }

  /** Listens for every change; returns the unsubscribe function. */
  onChange(listener: (kind: ChangeKind) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** A plain copy of the document, for saving and evaluation. */
  snapshot(): Workspace {
    return {
      ...this.#extensions,
      tools: this.#tools.map((t) => ({ ...t })),
      hooks: this.#hooks,
      settings: { ...this.#settings },
    };
  }

  /** Replaces everything without an undo entry (initial load, adopting another tab's save while clean). */
  load(workspace: Workspace, selectedId: string | null = this.#selectedId): void {
    this.#assign(workspace);
    this.#selectedId = this.#validSelection(selectedId);
    this.#emit('structure');
  }

  /** Replaces everything as one undoable action ("Reset to examples", "Use the other tab's version"). */
  replaceAll(workspace: Workspace, label: UiMessage): void {
    const before = this.snapshot();
    const beforeSelection = this.#selectedId;
    this.#run({
      label,
      apply: () => { this.#assign(workspace); this.#selectedId = this.#validSelection(this.#selectedId); },
      revert: () => { this.#assign(before); this.#selectedId = this.#validSelection(beforeSelection); },
    });
  }

  /** Puts the starter tools, hooks and settings back; undoable like any other workspace action. */
  resetToExamples(): void {
    this.replaceAll({ ...this.#extensions, ...createStarterWorkspace() }, msg('status.action.reset'));
  }

  /** A document another part of the app keeps in the workspace under `key` (saved and shared with it). */
  extension(key: string): unknown {
    return this.#extensions[key];
  }

  /** Sets such a document as one undoable workspace action. */
  setExtension(key: string, value: unknown, label: UiMessage): void {
    const had = Object.hasOwn(this.#extensions, key);
    const before = this.#extensions[key];
    const assign = (present: boolean, next: unknown) => {
      const { [key]: _dropped, ...rest } = this.#extensions;
      this.#extensions = present ? { ...rest, [key]: next } : rest;
    };
    this.#run({ label, apply: () => assign(true, value), revert: () => assign(had, before) }, 'content');
  }

  /** Replaces such a document without an undo entry: typing in it, whose history the editor keeps (as for sources). */
  updateExtension(key: string, value: unknown): void {
    if (this.#extensions[key] === value) return;
    this.#extensions = { ...this.#extensions, [key]: value };
    this.#emit('content');
  }

  select(id: string | null): void {
    const next = this.#validSelection(id);
    if (next === this.#selectedId) return;
    this.#selectedId = next;
    this.#emit('selection');
  }

  setSource(id: string, source: string): void {
    const file = this.#tools.find((t) => t.id === id);
    if (!file || file.source === source) return;
    file.source = source;
    this.#emit('content');
  }

  setHooks(source: string): void {
    if (source === this.#hooks) return;
    this.#hooks = source;
    this.#emit('content');
  }

  setSystemPrompt(text: string): void {
    if (text === this.#settings.systemPrompt) return;
    this.#settings.systemPrompt = text;
    this.#emit('content');
  }

  setToolExecution(mode: ToolExecution): void {
    const before = this.#settings.toolExecution;
    if (mode === before) return;
    this.#run({
      label: msg('status.action.toolExecution', { mode }),
      apply: () => { this.#settings.toolExecution = mode; },
      revert: () => { this.#settings.toolExecution = before; },
    }, 'content');
  }

  /** Adds a new tool from a template after the selection (or at the end) and selects it. Returns its id. */
  addTool(kind: ToolSourceKind): string {
    const name = uniqueToolName(kind === 'json-schema' ? 'mcp_tool' : 'new_tool', this.#tools.map((t) => t.name));
    const source = kind === 'json-schema' ? createJsonSchemaSource(name) : createToolSource(name);
    const file: ToolFile = { id: createFileId(), name, kind, source };
    this.#insert(file, msg('status.action.add', { name }));
    return file.id;
  }

  /** Copies a tool under a free name, right below it, and selects the copy. */
  duplicate(id: string): string | null {
    const original = this.#tools.find((t) => t.id === id);
    if (!original) return null;
    const name = uniqueToolName(`${original.name}_copy`, this.#tools.map((t) => t.name));
    const renamed = renameToolInSource(original.source, original.kind, original.name, name);
    const file: ToolFile = { id: createFileId(), name, kind: original.kind, source: renamed.ok ? renamed.source : original.source };
    this.#insert(file, msg('status.action.duplicate', { name: original.name }), this.#tools.indexOf(original) + 1);
    return file.id;
  }

  remove(id: string): void {
    const index = this.#tools.findIndex((t) => t.id === id);
    if (index < 0) return;
    const file = { ...this.#tools[index] };
    const wasSelected = this.#selectedId === id;
    this.#run({
      label: msg('status.action.delete', { name: file.name }),
      apply: () => {
        this.#tools.splice(index, 1);
        if (wasSelected) this.#selectedId = this.#tools[Math.min(index, this.#tools.length - 1)]?.id ?? null;
      },
      revert: () => {
        this.#tools.splice(index, 0, { ...file });
        this.#selectedId = file.id;
      },
    });
  }

  /** Renames a tool by rewriting the `name` in its source; refused with a reason when that is not possible. */
  rename(id: string, newName: string): ActionOutcome {
    const file = this.#tools.find((t) => t.id === id);
    if (!file) return { ok: false, reason: msg('tools.rename.gone') };
    if (newName === file.name) return { ok: true };
    if (!TOOL_NAME_PATTERN.test(newName)) {
      return { ok: false, reason: msg('tools.rename.invalid') };
    }
    if (this.#tools.some((t) => t !== file && t.name === newName)) return { ok: false, reason: msg('tools.rename.taken', { name: newName }) };
    const oldName = file.name;
    const first = renameToolInSource(file.source, file.kind, oldName, newName);
    if (!first.ok) return first;
    this.#run({
      label: msg('status.action.rename', { from: oldName, to: newName }),
      apply: () => this.#renameFile(id, oldName, newName),
      revert: () => this.#renameFile(id, newName, oldName),
    });
    return { ok: true };
  }

  /** Moves a tool to `toIndex` in the list. */
  move(id: string, toIndex: number): void {
    const from = this.#tools.findIndex((t) => t.id === id);
    const to = Math.max(0, Math.min(this.#tools.length - 1, toIndex));
    if (from < 0 || from === to) return;
    const name = this.#tools[from].name;
    const shift = (a: number, b: number) => {
      const [file] = this.#tools.splice(a, 1);
      this.#tools.splice(b, 0, file);
    };
    this.#run({ label: msg('status.action.move', { name }), apply: () => shift(from, to), revert: () => shift(to, from) });
  }

  /** Takes over the name the evaluated source declares, so the list shows what the model will see. */
  syncName(id: string, name: string): void {
    const file = this.#tools.find((t) => t.id === id);
    if (!file || file.name === name || name === '') return;
    file.name = name;
    this.#emit('meta');
  }

  undo(): void {
    const command = this.#undo.at(-1);
    if (!command) return;
    this.#undo = this.#undo.slice(0, -1);
    command.revert();
    this.#redo = [...this.#redo, command];
    this.#emit('structure');
  }

  redo(): void {
    const command = this.#redo.at(-1);
    if (!command) return;
    this.#redo = this.#redo.slice(0, -1);
    command.apply();
    this.#undo = [...this.#undo, command];
    this.#emit('structure');
  }

  #renameFile(id: string, from: string, to: string): void {
    const file = this.#tools.find((t) => t.id === id);
    if (!file) return;
    const outcome = renameToolInSource(file.source, file.kind, from, to);
    // If the name was edited by hand in between, the file label still follows; the source is the user's.
    if (outcome.ok) file.source = outcome.source;
    file.name = to;
  }

  #insert(file: ToolFile, label: UiMessage, at?: number): void {
    const previousSelection = this.#selectedId;
    this.#run({
      label,
      apply: () => {
        const selectedIndex = this.#tools.findIndex((t) => t.id === this.#selectedId);
        const index = at ?? (selectedIndex >= 0 ? selectedIndex + 1 : this.#tools.length);
        this.#tools.splice(index, 0, { ...file });
        this.#selectedId = file.id;
      },
      revert: () => {
        const index = this.#tools.findIndex((t) => t.id === file.id);
        if (index >= 0) this.#tools.splice(index, 1);
        this.#selectedId = this.#validSelection(previousSelection);
      },
    });
  }

  #run(command: Command, kind: ChangeKind = 'structure'): void {
    command.apply();
    this.#undo = [...this.#undo.slice(-99), command];
    this.#redo = [];
    this.#emit(kind);
  }

  #assign(workspace: Workspace): void {
    const { tools, hooks, settings, ...extensions } = workspace;
    this.#tools = tools.map((t) => ({ ...t }));
    this.#hooks = hooks;
    this.#settings = { ...settings };
    this.#extensions = extensions;
  }

  #validSelection(id: string | null): string | null {
    if (id === AGENT_PAGE_ID) return id;
    if (id && this.#tools.some((t) => t.id === id)) return id;
    return this.#tools[0]?.id ?? null;
  }

  #emit(kind: ChangeKind): void {
    for (const listener of this.#listeners) listener(kind);
  }
}

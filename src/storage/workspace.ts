// The persisted workspace document (its types are the portable package's): the tool files, the hooks file and the
// loop settings, plus the per-tab view state and the global preferences stored beside it. Parsing is forgiving: stored data from an older
// build, or damaged data, yields the usable parts instead of an exception.

import type { ToolFile, Workspace } from '../portable/index.ts';

/** The document types are the portable package's (links and files carry the same document); named here too. */
export type { LoopSettings, ToolExecution, ToolFile, ToolSourceKind, Workspace } from '../portable/index.ts';

/** Per-tab view state, restored on reload: what was selected and which views were open. */
export interface ViewState {
  selectedId: string | null;
  /** Id of the active view tab (see ui/shell/view-registry.ts). */
  view: string;
  /** Extra per-view choices (e.g. the schema view's JSON/TypeScript toggle), keyed by view. */
  options: Record<string, string>;
}

export type ThemeChoice = 'system' | 'light' | 'dark';

/** Global preferences, shared by all tabs. Pane sizes are in CSS pixels, by pane id. */
export interface Preferences {
  theme: ThemeChoice;
  panes: Record<string, number>;
  /** False: an out-of-date short run waits for Play instead of recording again by itself after an edit (default on). */
  autoRecord?: boolean;
  /** The first-run welcome was closed once; it is not offered again (the header reopens it). */
  welcomeSeen?: boolean;
}

export const DEFAULT_PREFERENCES: Preferences = { theme: 'system', panes: {} };
export const DEFAULT_VIEW_STATE: ViewState = { selectedId: null, view: 'schema', options: {} };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseToolFile(value: unknown): ToolFile | null {
  if (!isRecord(value) || typeof value.id !== 'string' || typeof value.source !== 'string') return null;
  return {
    id: value.id,
    name: typeof value.name === 'string' ? value.name : 'tool',
    kind: value.kind === 'json-schema' ? 'json-schema' : 'typescript',
    source: value.source,
  };
}

/** The stored workspace, or null when nothing usable is there. */
export function parseWorkspace(value: unknown): Workspace | null {
  if (!isRecord(value) || !Array.isArray(value.tools)) return null;
  const seen = new Set<string>();
  const tools: ToolFile[] = [];
  for (const entry of value.tools) {
    const file = parseToolFile(entry);
    if (file && !seen.has(file.id)) { seen.add(file.id); tools.push(file); }
  }
  const settings = isRecord(value.settings) ? value.settings : {};
  return {
    ...value,
    tools,
    hooks: typeof value.hooks === 'string' ? value.hooks : '',
    settings: {
      toolExecution: settings.toolExecution === 'sequential' ? 'sequential' : 'parallel',
      systemPrompt: typeof settings.systemPrompt === 'string' ? settings.systemPrompt : '',
    },
  };
}

export function parseViewState(value: unknown): ViewState {
  if (!isRecord(value)) return { ...DEFAULT_VIEW_STATE, options: {} };
  const options: Record<string, string> = {};
  if (isRecord(value.options)) for (const [k, v] of Object.entries(value.options)) if (typeof v === 'string') options[k] = v;
  return {
    selectedId: typeof value.selectedId === 'string' ? value.selectedId : null,
    view: typeof value.view === 'string' ? value.view : DEFAULT_VIEW_STATE.view,
    options,
  };
}

export function parsePreferences(value: unknown): Preferences {
  if (!isRecord(value)) return { ...DEFAULT_PREFERENCES, panes: {} };
  const panes: Record<string, number> = {};
  if (isRecord(value.panes)) {
    // Any stored number is kept: the shell draws it within the handle's range and reports what it clamped.
    for (const [k, v] of Object.entries(value.panes)) if (typeof v === 'number') panes[k] = v;
  }
  const theme = value.theme === 'light' || value.theme === 'dark' ? value.theme : 'system';
  return {
    theme, panes,
    ...(value.autoRecord === false ? { autoRecord: false } : {}),
    ...(value.welcomeSeen === true ? { welcomeSeen: true } : {}),
  };
}

/** A fresh id for a tool file; crypto.randomUUID needs a secure context, so fall back elsewhere. */
export function createFileId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `f-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

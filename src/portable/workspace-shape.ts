// The workspace document, declared here for every side that handles it (storage saves it, state edits it, links
// and files carry it), and checked field by field so a malformed import is refused with the path that is wrong.
import { refuse, type Refusal } from './errors.ts';

export type ToolSourceKind = 'typescript' | 'json-schema';
export type ToolExecution = 'parallel' | 'sequential';

/** One tool, as a source file. `name` is the tool name shown in the list (kept in sync with the source). */
export interface ToolFile {
  id: string;
  name: string;
  kind: ToolSourceKind;
  source: string;
}

export interface LoopSettings {
  toolExecution: ToolExecution;
  systemPrompt: string;
}

/**
 * The workspace document: what the app saves (storage/workspace-repository.ts) and what links and files carry.
 * Further top-level keys (scenarios, other panels' documents, further settings) are kept and travel unchanged,
 * so panels added later can keep their own documents here without older code dropping them.
 */
export interface Workspace {
  tools: ToolFile[];
  hooks: string;
  settings: LoopSettings;
  [extension: string]: unknown;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** What a field should have been, as a code the UI words (portable.expected.<code>). */
export type ExpectedShape = 'workspace' | 'tools' | 'tool' | 'string' | 'kind' | 'uniqueId' | 'settings' | 'execution';

function invalid(path: string, expected: ExpectedShape): Refusal {
  return refuse('workspace-invalid', { path, expected });
}

/**
 * Accepts exactly what the app would save and returns it unchanged (no defaults are filled in, so a round trip
 * is exact). The first problem found is reported with its path, e.g. `tools[2].source` / `a string`.
 */
export function checkWorkspace(value: unknown, at = 'workspace'): { ok: true; workspace: Workspace } | Refusal {
  if (!isRecord(value)) return invalid(at, 'workspace');
  if (!Array.isArray(value.tools)) return invalid(`${at}.tools`, 'tools');
  const ids = new Set<string>();
  for (const [i, tool] of value.tools.entries()) {
    const here = `${at}.tools[${i}]`;
    if (!isRecord(tool)) return invalid(here, 'tool');
    for (const key of ['id', 'name', 'source'] as const) {
      if (typeof tool[key] !== 'string') return invalid(`${here}.${key}`, 'string');
    }
    if (tool.kind !== 'typescript' && tool.kind !== 'json-schema') return invalid(`${here}.kind`, 'kind');
    if (ids.has(tool.id as string)) return invalid(`${here}.id`, 'uniqueId');
    ids.add(tool.id as string);
  }
  if (typeof value.hooks !== 'string') return invalid(`${at}.hooks`, 'string');
  const settings = value.settings;
  if (!isRecord(settings)) return invalid(`${at}.settings`, 'settings');
  if (settings.toolExecution !== 'parallel' && settings.toolExecution !== 'sequential') {
    return invalid(`${at}.settings.toolExecution`, 'execution');
  }
  if (typeof settings.systemPrompt !== 'string') return invalid(`${at}.settings.systemPrompt`, 'string');
  return { ok: true, workspace: value as Workspace };
}

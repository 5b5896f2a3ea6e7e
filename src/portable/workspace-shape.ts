// The workspace as links and files carry it: the same document the app saves (tools, hooks, loop settings, and
// any further keys other panels keep there, such as scenarios), checked field by field so a malformed import is
// refused with the path that is wrong. Core cannot import storage, so the shape is restated here structurally.
import { refuse, type Refusal } from './errors.ts';

export interface PortableToolFile {
  id: string;
  name: string;
  kind: 'typescript' | 'json-schema';
  source: string;
}

export interface PortableSettings {
  toolExecution: 'parallel' | 'sequential';
  systemPrompt: string;
}

/**
 * Structurally the app's `Workspace` (src/storage/workspace.ts). Any further keys (scenarios, other panels'
 * documents, further settings) travel unchanged; they are not declared so that any workspace-like type fits.
 */
export interface PortableWorkspace {
  tools: PortableToolFile[];
  hooks: string;
  settings: PortableSettings;
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
export function checkWorkspace(value: unknown, at = 'workspace'): { ok: true; workspace: PortableWorkspace } | Refusal {
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
  return { ok: true, workspace: value as unknown as PortableWorkspace };
}

// Checks a stored workspace record field by field and item by item, so a damaged record is reported (which field,
// what was expected, what was found) and repaired by keeping what is valid, instead of being replaced by the
// examples. Missing optional fields (from older builds) take their defaults without a word; wrong ones are named.
import { freeId } from '../portable/index.ts';
import { createFileId, type ToolFile, type Workspace } from './workspace.ts';

/** What a field should have been; the UI words it (storage.damaged.expected.<code>). */
export type ExpectedValue = 'record' | 'integer' | 'object' | 'list' | 'string' | 'kind' | 'execution' | 'uniqueId';

/** One problem, e.g. tool 3 ("calc"): `source` must be a string, found 42. */
export interface RecordIssue {
  /** Path in the stored record, e.g. `workspace.tools[2].source`. */
  path: string;
  expected: ExpectedValue;
  /** A short rendering of what is there (`"7"`, `{…}`, `missing`). */
  found: string;
  /** The list item the field belongs to, counted from 1 as the user sees the list. */
  item?: { list: 'tool' | 'scenario'; index: number; name: string; field: string };
  /** How repair treats it: the item is dropped, or the field is set to a fixed value. */
  repair: 'drop' | 'fix';
}

export interface RecordCheck<R> {
  issues: RecordIssue[];
  /** The record with every valid part kept and every named problem dropped or fixed; null when nothing is usable. */
  repaired: R | null;
}

export interface CheckedRecord {
  revision: number;
  writer: string;
  savedAt: number;
  workspace: Workspace;
  /** Record fields this build does not know (a newer build's), kept as they are. */
  extras: Record<string, unknown>;
}

const KNOWN_RECORD_KEYS = new Set(['revision', 'writer', 'savedAt', 'workspace']);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `"7"`, `42`, `{…}`, `[…]`, `null`, `missing`; long strings are cut. */
export function describeFound(value: unknown): string {
  if (value === undefined) return 'missing';
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (Array.isArray(value)) return '[…]';
  if (isRecord(value)) return '{…}';
  return String(value);
}

class Collector {
  readonly issues: RecordIssue[] = [];
  add(path: string, expected: ExpectedValue, value: unknown, repair: RecordIssue['repair'], item?: Omit<NonNullable<RecordIssue['item']>, 'field'>, field = ''): void {
    this.issues.push({ path, expected, found: describeFound(value), repair, ...(item ? { item: { ...item, field } } : {}) });
  }
}

function checkTools(value: unknown, at: string, out: Collector): ToolFile[] {
  // Tools kept as an object (by id or index) are still tools: repair lists them in their order.
  let entries: [string, unknown][];
  if (Array.isArray(value)) entries = value.map((entry, i) => [`[${i}]`, entry]);
  else {
    out.add(at, 'list', value, 'fix');
    entries = isRecord(value) ? Object.entries(value).map(([key, entry]) => [`.${key}`, entry]) : [];
  }
  const tools: ToolFile[] = [];
  const ids = new Set<string>();
  entries.forEach(([step, entry], i) => {
    const here = `${at}${step}`;
    const name = isRecord(entry) && typeof entry.name === 'string' ? entry.name : '';
    const item = { list: 'tool' as const, index: i + 1, name };
    if (!isRecord(entry)) return out.add(here, 'object', entry, 'drop', item);
    const before = out.issues.length;
    if (typeof entry.id !== 'string' || entry.id === '') out.add(`${here}.id`, 'string', entry.id, 'drop', item, 'id');
    if (typeof entry.source !== 'string') out.add(`${here}.source`, 'string', entry.source, 'drop', item, 'source');
    if (entry.name !== undefined && typeof entry.name !== 'string') out.add(`${here}.name`, 'string', entry.name, 'drop', item, 'name');
    if (entry.kind !== undefined && entry.kind !== 'typescript' && entry.kind !== 'json-schema') out.add(`${here}.kind`, 'kind', entry.kind, 'drop', item, 'kind');
    if (out.issues.length > before) return;
    let id = entry.id as string;
    if (ids.has(id)) {
      out.add(`${here}.id`, 'uniqueId', id, 'fix', item, 'id');
      id = createFileId();
    }
    ids.add(id);
    tools.push({ id, name: name || 'tool', kind: entry.kind === 'json-schema' ? 'json-schema' : 'typescript', source: entry.source as string });
  });
  return tools;
}

function checkScenarios(value: unknown, at: string, out: Collector): unknown {
  if (!isRecord(value) || !Array.isArray(value.items)) {
    out.add(isRecord(value) ? `${at}.items` : at, isRecord(value) ? 'list' : 'object', isRecord(value) ? value.items : value, 'fix');
    return { version: 1, items: [] };
  }
  const list: unknown[] = value.items;
  const taken = new Set(list.flatMap((e) => (isRecord(e) && typeof e.id === 'string' ? [e.id] : [])));
  const ids = new Set<string>();
  const items: Record<string, unknown>[] = [];
  list.forEach((entry, i) => {
    const here = `${at}.items[${i}]`;
    const item = { list: 'scenario' as const, index: i + 1, name: isRecord(entry) && typeof entry.name === 'string' ? entry.name : '' };
    if (!isRecord(entry)) return out.add(here, 'object', entry, 'drop', item);
    const before = out.issues.length;
    if (typeof entry.id !== 'string' || entry.id === '') out.add(`${here}.id`, 'string', entry.id, 'drop', item, 'id');
    if (typeof entry.text !== 'string') out.add(`${here}.text`, 'string', entry.text, 'drop', item, 'text');
    for (const key of ['name', 'exampleId', 'lastGoodText'] as const) {
      if (entry[key] !== undefined && typeof entry[key] !== 'string') out.add(`${here}.${key}`, 'string', entry[key], 'drop', item, key);
    }
    if (out.issues.length > before) return;
    let id = entry.id as string;
    if (ids.has(id)) {
      out.add(`${here}.id`, 'uniqueId', id, 'fix', item, 'id');
      id = freeId(taken, id);
      taken.add(id);
    }
    ids.add(id);
    items.push({ ...entry, id });
  });
  return { ...value, items };
}

/** Checks the workspace document; `repaired` keeps every valid tool, scenario and setting. */
export function checkStoredWorkspace(value: unknown, at = 'workspace'): RecordCheck<Workspace> {
  const out = new Collector();
  if (!isRecord(value)) {
    out.add(at, 'object', value, 'fix');
    return { issues: out.issues, repaired: null };
  }
  const tools = checkTools(value.tools, `${at}.tools`, out);
  let hooks = '';
  if (typeof value.hooks === 'string') hooks = value.hooks;
  else if (value.hooks !== undefined) out.add(`${at}.hooks`, 'string', value.hooks, 'fix');
  const settings = { toolExecution: 'parallel' as 'parallel' | 'sequential', systemPrompt: '' };
  const raw = value.settings;
  if (isRecord(raw)) {
    if (raw.toolExecution === 'parallel' || raw.toolExecution === 'sequential') settings.toolExecution = raw.toolExecution;
    else if (raw.toolExecution !== undefined) out.add(`${at}.settings.toolExecution`, 'execution', raw.toolExecution, 'fix');
    if (typeof raw.systemPrompt === 'string') settings.systemPrompt = raw.systemPrompt;
    else if (raw.systemPrompt !== undefined) out.add(`${at}.settings.systemPrompt`, 'string', raw.systemPrompt, 'fix');
  } else if (raw !== undefined) {
    out.add(`${at}.settings`, 'object', raw, 'fix');
  }
  const workspace: Workspace = { ...value, tools, hooks, settings: isRecord(raw) ? { ...raw, ...settings } as Workspace['settings'] : settings };
  if (value.scenarios !== undefined) workspace.scenarios = checkScenarios(value.scenarios, `${at}.scenarios`, out);
  return { issues: out.issues, repaired: workspace };
}

/** A record may be stored as its JSON text (exported, or written by an older tool): read it when it parses. */
function fromText(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

/** Checks a stored workspace record (revision, writer, time, document). */
export function checkWorkspaceRecord(stored: unknown): RecordCheck<CheckedRecord> {
  const out = new Collector();
  const value = fromText(stored);
  if (!isRecord(value)) {
    out.add('record', 'record', stored, 'fix');
    return { issues: out.issues, repaired: null };
  }
  let revision = 0;
  if (typeof value.revision === 'number' && Number.isInteger(value.revision) && value.revision >= 0) revision = value.revision;
  else {
    out.add('revision', 'integer', value.revision, 'fix');
    const parsed = typeof value.revision === 'string' ? Number.parseInt(value.revision, 10) : NaN;
    if (Number.isInteger(parsed) && parsed >= 0) revision = parsed;
  }
  if (value.writer !== undefined && typeof value.writer !== 'string') out.add('writer', 'string', value.writer, 'fix');
  if (value.savedAt !== undefined && typeof value.savedAt !== 'number') out.add('savedAt', 'integer', value.savedAt, 'fix');
  const workspace = checkStoredWorkspace(value.workspace);
  out.issues.push(...workspace.issues);
  const extras = Object.fromEntries(Object.entries(value).filter(([key]) => !KNOWN_RECORD_KEYS.has(key)));
  if (typeof stored === 'string') out.add('record', 'record', stored, 'fix');
  return {
    issues: out.issues,
    repaired: workspace.repaired && {
      revision,
      writer: typeof value.writer === 'string' ? value.writer : '',
      savedAt: typeof value.savedAt === 'number' ? value.savedAt : 0,
      workspace: workspace.repaired,
      extras,
    },
  };
}

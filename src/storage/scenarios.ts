// The scenarios of a workspace as stored beside its files (workspace key SCENARIOS_KEY, keys.ts): each scenario's JSON text as
// the user wrote it, plus the last text that parsed, so a run can still use it while the text has errors.
// Parsing is forgiving: a damaged entry is dropped, never the whole list.

export interface StoredScenario {
  id: string;
  /** The name in the picker; empty for an untouched built-in example, which the UI names in its language. */
  name: string;
  /** The built-in example it was made from, if any. */
  exampleId?: string;
  /** The JSON text, as typed (it may have errors). */
  text: string;
  /** The last text that parsed, when `text` itself does not. */
  lastGoodText?: string;
}

export interface ScenarioDocument {
  version: 1;
  items: StoredScenario[];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseItem(value: unknown): StoredScenario | null {
  if (!isRecord(value) || typeof value.id !== 'string' || value.id === '' || typeof value.text !== 'string') return null;
  const item: StoredScenario = { id: value.id, name: typeof value.name === 'string' ? value.name : '', text: value.text };
  if (typeof value.exampleId === 'string') item.exampleId = value.exampleId;
  if (typeof value.lastGoodText === 'string') item.lastGoodText = value.lastGoodText;
  return item;
}

/** The stored document, or null when there is none (a workspace saved before scenarios existed). */
export function parseScenarioDocument(value: unknown): ScenarioDocument | null {
  if (!isRecord(value) || !Array.isArray(value.items)) return null;
  const seen = new Set<string>();
  const items: StoredScenario[] = [];
  for (const entry of value.items) {
    const item = parseItem(entry);
    if (item && !seen.has(item.id)) { seen.add(item.id); items.push(item); }
  }
  return { version: 1, items };
}

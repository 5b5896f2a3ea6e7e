// Lists whose items are keyed by id (scenarios in a link or file, backups, snapshots) must not repeat an id: the
// views key their rows by it. These make the ids unique on load or import and say what they changed.
import { isRecord } from './workspace-shape.ts';

/** One repeated id: renamed to `to`, or dropped (`to` null) when the id names stored data of its own. */
export interface IdChange {
  from: string;
  to: string | null;
  /** The item's name, for the notice. */
  name: string;
}

/** `id-2`, `id-3`, …: the first of the form not in `taken`. */
export function freeId(taken: ReadonlySet<string>, id: string): string {
  for (let n = 2; ; n++) if (!taken.has(`${id}-${n}`)) return `${id}-${n}`;
}

/**
 * Gives every repeated id a fresh one (`rename`) or drops the later items (`drop`), keeping the first of each id
 * as it is and the order of the list.
 */
export function uniqueById<T extends { id: string }>(
  items: readonly T[],
  mode: 'rename' | 'drop',
  nameOf: (item: T) => string = (item) => item.id,
): { items: T[]; changes: IdChange[] } {
  const taken = new Set(items.map((item) => item.id));
  const seen = new Set<string>();
  const out: T[] = [];
  const changes: IdChange[] = [];
  for (const item of items) {
    if (!seen.has(item.id)) { seen.add(item.id); out.push(item); continue; }
    if (mode === 'drop') { changes.push({ from: item.id, to: null, name: nameOf(item) }); continue; }
    const to = freeId(taken, item.id);
    taken.add(to);
    seen.add(to);
    out.push({ ...item, id: to });
    changes.push({ from: item.id, to, name: nameOf(item) });
  }
  return { items: out, changes };
}

/** The workspace with its scenarios' repeated ids renamed (an incoming link or file); unchanged when none repeat. */
export function uniqueScenarioIds<W extends object>(workspace: W): { workspace: W; changes: IdChange[] } {
  const doc = (workspace as Record<string, unknown>).scenarios;
  if (!isRecord(doc) || !Array.isArray(doc.items)) return { workspace, changes: [] };
  const keyed = doc.items.filter((item): item is { id: string } & Record<string, unknown> => isRecord(item) && typeof item.id === 'string');
  if (keyed.length !== doc.items.length) return { workspace, changes: [] };
  const { items, changes } = uniqueById(keyed, 'rename', (item) => (typeof item.name === 'string' && item.name ? item.name : item.id));
  if (changes.length === 0) return { workspace, changes };
  return { workspace: { ...workspace, scenarios: { ...doc, items } }, changes };
}
